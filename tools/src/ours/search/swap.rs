//! The traced reference search of swap-game: a plain BFS over boards from the board given
//! to the sorted one, each board trying the twelve swaps in the order of
//! `bfs_judge::swap_game::SWAPS` and keeping its first parent; the answer is the sorted
//! board's layer. Recorded: the start's twelve neighbours (with each one's distance to the
//! sorted board, from a second BFS from it), the size of every layer up to the sorted
//! board's, and the boards of one shortest sequence of swaps.
//!
//! Boards are `[u8; 9]` of the values 1 to 9 and are numbered by their Lehmer rank
//! (`Board::rank`), so the visited marks are one byte per board of 9!. Cost: up to 9!
//! boards x 12 swaps per search, about 5 MB.

use bfs_judge::swap_game::{Board, BOARDS, SWAPS};

use crate::ours::OursError;

pub type Cells = [u8; 9];

/// The sorted board.
pub const SORTED: Cells = [1, 2, 3, 4, 5, 6, 7, 8, 9];

fn rank(cells: &Cells) -> usize {
    Board::from_cells(&cells.map(|v| v - 1)).rank() as usize
}

fn swapped(cells: &Cells, (i, j): (usize, usize)) -> Cells {
    let mut next = *cells;
    next.swap(i, j);
    next
}

/// One of the start's twelve neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Neighbour {
    /// The two cells swapped, `i < j`, 0-based in reading order.
    pub pair: (usize, usize),
    pub board: Cells,
    /// Its fewest swaps to the sorted board.
    pub distance: u32,
}

#[derive(Clone, Debug)]
pub struct Trace {
    /// Which board of the input (from 1) and how many there are.
    pub case: usize,
    pub cases: usize,
    pub start: Cells,
    pub neighbours: Vec<Neighbour>,
    /// `layers[d]`: how many boards are `d` swaps from the start, up to the sorted board's
    /// layer.
    pub layers: Vec<u32>,
    /// The boards of the answer, the start first and the sorted board last, with the pair
    /// swapped to reach each (none for the start).
    pub path: Vec<(Cells, Option<(usize, usize)>)>,
}

impl Trace {
    /// The answer: the fewest swaps.
    pub fn answer(&self) -> u32 {
        self.path.len() as u32 - 1
    }
}

/// The search from `from` until `to` leaves the queue (`None`: the whole space): each
/// board's distance (`u8::MAX` unreached), its first parent and the swap that reached it,
/// by rank.
///
/// Inside, boards hold `value - 1`, as the solver's `Board` packs them, and the queue is a
/// plain vector read from the front: the search stays a few plain loops, quick even in the
/// unoptimised build the tests use.
fn bfs(from: Cells, to: Option<Cells>) -> (Vec<u8>, Vec<(u32, u8)>) {
    let less_one = |cells: Cells| cells.map(|v| v - 1);
    let rank = |cells: &Cells| Board::from_cells(cells).rank() as usize;
    let goal = to.map(less_one);
    let mut dist = vec![u8::MAX; BOARDS];
    let mut parent = vec![(u32::MAX, 0u8); BOARDS];
    let mut queue = vec![less_one(from)];
    dist[rank(&queue[0])] = 0;
    let mut head = 0;
    while head < queue.len() {
        let board = queue[head];
        head += 1;
        if Some(board) == goal {
            break;
        }
        let here = rank(&board);
        let next_distance = dist[here] + 1;
        for (k, &(i, j)) in SWAPS.iter().enumerate() {
            // By hand: `slice::swap`'s pointer checks were half the time without optimisation.
            let mut next = board;
            (next[i], next[j]) = (board[j], board[i]);
            let r = rank(&next);
            if dist[r] == u8::MAX {
                dist[r] = next_distance;
                parent[r] = (here as u32, k as u8);
                queue.push(next);
            }
        }
    }
    (dist, parent)
}

/// The boards of the input, with the solver's parser.
pub fn parse(input: &[u8]) -> Result<Vec<Cells>, OursError> {
    let mut buf = input.to_vec();
    let parsed = bfs_judge::swap_game::parse(&mut buf);
    if let Some(e) = parsed.error {
        return Err(OursError::Input {
            problem: "swap-game",
            why: e.to_string(),
        });
    }
    Ok(parsed
        .boards
        .iter()
        .map(|b| b.cells().map(|v| v as u8 + 1))
        .collect())
}

/// The traced search of board `case` (from 1) of `boards`.
pub fn search(boards: &[Cells], case: usize) -> Result<Trace, OursError> {
    let start = *case
        .checked_sub(1)
        .and_then(|k| boards.get(k))
        .ok_or(OursError::NoCase {
            case,
            cases: boards.len(),
            what: "board",
        })?;
    let (dist, parent) = bfs(start, Some(SORTED));
    let length = dist[rank(&SORTED)];
    let mut layers = vec![0u32; usize::from(length) + 1];
    for &d in &dist {
        if d <= length {
            layers[usize::from(d)] += 1;
        }
    }
    // The first parents walked back from the sorted board.
    let mut path = Vec::new();
    let mut board = SORTED;
    while board != start {
        let (from, k) = parent[rank(&board)];
        let pair = SWAPS[usize::from(k)];
        path.push((board, Some(pair)));
        board = swapped(&board, pair);
        debug_assert_eq!(rank(&board), from as usize);
    }
    path.push((start, None));
    path.reverse();
    // Distances to the sorted board: a swap undone is the same swap, so one BFS from it,
    // made once.
    static TO_SORTED: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let to_sorted = TO_SORTED.get_or_init(|| bfs(SORTED, None).0);
    let neighbours = SWAPS
        .iter()
        .map(|&pair| {
            let board = swapped(&start, pair);
            Neighbour {
                pair,
                board,
                distance: u32::from(to_sorted[rank(&board)]),
            }
        })
        .collect();
    Ok(Trace {
        case,
        cases: boards.len(),
        start,
        neighbours,
        layers,
        path,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trace_shows_twelve_neighbours_and_the_layers() {
        let boards = parse(b"2 1 3\n7 5 9\n8 4 6\n").unwrap();
        let t = search(&boards, 1).unwrap();
        assert_eq!(t.layers, [1, 12, 88, 470, 1978]);
        assert_eq!(t.neighbours.len(), 12);
        assert_eq!(t.answer(), 4);
        // Each board of the answer is one swap from the one before.
        for w in t.path.windows(2) {
            let (i, j) = w[1].1.unwrap();
            let mut b = w[0].0;
            b.swap(i, j);
            assert_eq!(b, w[1].0);
        }
        let closer: Vec<_> = t.neighbours.iter().filter(|n| n.distance == 3).collect();
        assert!(closer.iter().any(|n| n.pair == (0, 1)), "{closer:?}");
    }
}
