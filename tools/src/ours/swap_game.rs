//! swap-game: for each 3 x 3 board of the numbers 1 to 9, the fewest swaps of two
//! neighbouring cells that sort it, one number a line. Its boards are all 3 x 3: it has no
//! maze to draw and nothing to scale, and a number needs no checker.

use bfs_judge::check::tie::Check;

use super::search::{swap, Search};
use super::shrink::{greedy, lines, numbers, Keeps, Reducible, Shrunk};
use super::{picker, Ours, OursError, Scale};

pub struct SwapGame;

impl Ours for SwapGame {
    fn name(&self) -> &'static str {
        "swap-game"
    }

    fn checker(&self) -> Option<Check> {
        None
    }

    fn trace(&'static self, input: &[u8], case: usize) -> Result<Search, OursError> {
        swap::search(&swap::parse(input)?, case).map(Search::Swap)
    }

    /// Up to 20 boards (`all`: every board, no sizes), those of `distance` up to 16 swaps
    /// from sorted.
    fn stress_sizes(&self, kind: &str, seed: u64) -> Vec<u64> {
        let mut pick = picker(seed);
        match kind {
            "all" => vec![],
            "distance" => vec![pick(1, 20), pick(0, 16)],
            _ => vec![pick(1, 20)],
        }
    }

    fn scale(&self) -> Result<Scale, OursError> {
        Err(OursError::NoScale("swap-game's boards are all 3 x 3"))
    }

    fn shrink(&self, input: &[u8], keeps: Keeps<'_>) -> Option<Shrunk> {
        let lines = lines(input);
        let boards: Vec<Vec<Vec<u8>>> = lines
            .chunks(3)
            .map(|b| b.iter().map(|l| l.to_vec()).collect())
            .collect();
        let whole = !boards.is_empty() && boards.iter().all(|b| b.len() == 3);
        Some(greedy(whole.then_some(Boards(boards))?, keeps))
    }
}

/// The boards of an input, three lines each, as they are written.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Boards(Vec<Vec<Vec<u8>>>);

impl Reducible for Boards {
    fn write(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for line in self.0.iter().flatten() {
            out.extend_from_slice(line);
            out.push(b'\n');
        }
        out
    }

    fn size(&self) -> String {
        format!("{} boards", self.0.len())
    }

    fn cases(&self) -> usize {
        self.0.len()
    }

    fn without_case(&self, k: usize) -> Option<Boards> {
        if self.0.len() < 2 {
            return None;
        }
        let mut i = self.clone();
        i.0.remove(k);
        Some(i)
    }

    /// Each board towards sorted, a swap at a time.
    fn reduce(&mut self, keeps: &mut dyn FnMut(&Boards) -> bool) {
        for k in 0..self.0.len() {
            'board: loop {
                for c in self.swaps(k) {
                    if keeps(&c) {
                        *self = c;
                        continue 'board;
                    }
                }
                break;
            }
        }
    }
}

impl Boards {
    /// Board `k` one swap closer to sorted (`1 2 3 / 4 5 6 / 7 8 9`, so the answers get
    /// smaller), each candidate two cells swapped that held the larger number first (reading
    /// order), so it has fewer inversions and every chain of kept swaps ends. First the
    /// swaps that put the number `p + 1` on cell `p`, then those of two cells side by side
    /// in reading order (one of which exists on every unsorted board). Every candidate holds
    /// the numbers 1 to 9 once each; none when the board is not nine numbers.
    fn swaps(&self, k: usize) -> Vec<Boards> {
        let cells: Option<Vec<usize>> =
            self.0[k]
                .iter()
                .map(|l| numbers(l))
                .try_fold(Vec::new(), |mut v, row| {
                    v.extend(row?);
                    Some(v)
                });
        let Some(cells) = cells.filter(|c| c.len() == 9) else {
            return Vec::new();
        };
        let placing = (0..9).filter_map(|p| Some((p, cells.iter().position(|&v| v == p + 1)?)));
        let neighbours = (0..8).map(|p| (p, p + 1));
        let mut out = Vec::new();
        for (a, b) in placing.chain(neighbours) {
            let (a, b) = (a.min(b), a.max(b));
            if cells[a] <= cells[b] {
                continue;
            }
            let mut swapped = cells.clone();
            swapped.swap(a, b);
            let lines = swapped
                .chunks(3)
                .map(|row| {
                    let row: Vec<String> = row.iter().map(usize::to_string).collect();
                    row.join(" ").into_bytes()
                })
                .collect();
            let mut i = self.clone();
            i.0[k] = lines;
            if !out.contains(&i) {
                out.push(i);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ours::search::against_the_solvers::{agree, solve};

    fn boards(text: &[u8]) -> Boards {
        let lines = lines(text);
        Boards(
            lines
                .chunks(3)
                .map(|b| b.iter().map(|l| l.to_vec()).collect())
                .collect(),
        )
    }

    /// The first board's inversions (pairs in reading order with the larger number first).
    fn inversions(input: &Boards) -> usize {
        let cells: Vec<usize> = input.0[0]
            .iter()
            .flat_map(|l| numbers(l).unwrap())
            .collect();
        (0..9)
            .flat_map(|i| (i + 1..9).map(move |j| (i, j)))
            .filter(|&(i, j)| cells[i] > cells[j])
            .count()
    }

    #[test]
    fn boards_sort_a_swap_at_a_time_and_stay_permutations() {
        let start = boards(b"9 8 7\n6 5 4\n3 2 1\n");
        let mut best = start.clone();
        let mut steps = 0;
        // The disagreement of a wrong program that is right only on sorted boards: every
        // candidate keeps it but the sorted one.
        while let Some(next) = best
            .swaps(0)
            .into_iter()
            .find(|c| c.write() != b"1 2 3\n4 5 6\n7 8 9\n")
        {
            assert!(inversions(&next) < inversions(&best));
            let mut cells: Vec<usize> =
                next.0[0].iter().flat_map(|l| numbers(l).unwrap()).collect();
            cells.sort_unstable();
            assert_eq!(cells, (1..=9).collect::<Vec<_>>());
            best = next;
            steps += 1;
        }
        assert_eq!(
            inversions(&best),
            1,
            "{:?}",
            String::from_utf8_lossy(&best.write())
        );
        assert!(steps <= 36, "{steps} steps");
        assert!(boards(b"1 2 3\n4 5 6\n7 8 9\n").swaps(0).is_empty());
        // The selection swap first: 9 and 1 trade places in one step.
        assert_eq!(start.swaps(0)[0].write(), b"1 8 7\n6 5 4\n3 2 9\n");
        assert!(boards(b"a b c\n1 2 3\n4 5 6\n").swaps(0).is_empty());
    }

    #[test]
    fn boards_read_back_byte_for_byte_and_shrink_to_what_keeps() {
        let text = b"1 2 3\n4 5 6\n7 8 9\n2 1 3\n4 5 6\n7 8 9\n";
        assert_eq!(boards(text).write(), text);
        let wrong_on_the_second = |c: &[u8]| c.windows(5).any(|w| w == b"2 1 3");
        let shrunk = SwapGame
            .shrink(text, &mut |c| wrong_on_the_second(c))
            .unwrap();
        assert_eq!(
            (shrunk.from.as_str(), shrunk.to.as_str()),
            ("2 boards", "1 boards")
        );
        assert_eq!(shrunk.input, b"2 1 3\n4 5 6\n7 8 9\n");
        assert!(SwapGame.shrink(b"1 2 3\n4 5 6\n", &mut |_| true).is_none());
    }

    /// The first two boards of `input` (a traced search costs up to 9! boards).
    const BOARDS: usize = 2;

    /// What the problem prints for the first boards, from the traces.
    fn answer(input: &[u8]) -> Vec<u8> {
        let all = swap::parse(input).unwrap();
        let traced = (1..=all.len().min(BOARDS)).map(|case| {
            let t = swap::search(&all, case).unwrap();
            format!("{}\n", t.answer())
        });
        traced.collect::<String>().into_bytes()
    }

    #[test]
    fn the_trace_gives_the_solvers_answer() {
        agree(
            "swap-game",
            &[(&["random"], &[2])],
            false,
            |input, _| answer(input),
            |input, _| {
                let all = solve(bfs_judge::swap_game::run, input);
                let lines: Vec<&[u8]> = all.split_inclusive(|&b| b == b'\n').collect();
                lines[..lines.len().min(BOARDS)].concat()
            },
        );
    }
}
