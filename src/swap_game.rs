//! swap-game: the fewest swaps of side-by-side cells that sort a 3x3 board (seed 003,
//! CSES 1670).
//!
//! Input: any number of boards, nine numbers each (the numbers 1 to 9 once each), in
//! any whitespace. Output: for each board, in order, the fewest swaps of two cells
//! that share a side turning it into `1 2 3 / 4 5 6 / 7 8 9`, one per line. One board
//! gives exactly the CSES output. On a bad board the answers to the boards before it
//! are still printed.
//!
//! Approach. A board is a permutation of 9 values; its number in `0..9!` is its Lehmer
//! rank, so a visited or distance table is 9! = 362,880 bytes (the seed's base-9 array
//! is 9^9 = 387 million). A search keeps boards packed as eight 4-bit cells in a `u32`
//! (the ninth is implied) and gets each neighbour's rank from its own by updating the
//! Lehmer digits the swap changes (two for a horizontal swap, four for a vertical one)
//! instead of ranking from scratch. Measured (see `problems/swap-game/README.md`):
//! - up to [`FULL_TABLE_FROM`] boards: one bidirectional BFS per board, the smaller
//!   frontier grown one whole layer at a time, stopping at the first meeting.
//!   The hardest board (16 swaps) visits about 13,000 boards; a random one far fewer.
//! - more boards: one BFS from the sorted board over all 9! boards gives a distance
//!   table, then each answer is one lookup.
//!
//! All boards are parsed before any is solved so the method can depend on their number;
//! answers are still written only for the boards before the first bad one.
//!
//! Complexity: parse O(input); few boards O(visited) each with a 9!-byte table touched
//! only where visited; many boards O(9! * 12) once plus O(1) per board, 9! bytes of
//! table and 9! `u32`s of queue.

use crate::core::error::{quote, InputError};
use crate::core::out::Output;
use crate::core::scan::Scanner;

/// The number of boards, 9!.
pub const BOARDS: usize = 362_880;

/// From this many boards on, one full BFS from the sorted board answers them all
/// (measured: the full BFS costs about as much as this many bidirectional searches of
/// random boards).
pub const FULL_TABLE_FROM: usize = 64;

/// (8 - k)!: the weight of Lehmer digit `k` in a rank.
const WEIGHT: [i32; 9] = [40320, 5040, 720, 120, 24, 6, 2, 1, 1];

/// The twelve swaps as cell pairs `(i, j)`, `i < j`: six side-by-side, six one above
/// the other (`j = i + 3`).
pub const SWAPS: [(usize, usize); 12] = [
    (0, 1),
    (1, 2),
    (3, 4),
    (4, 5),
    (6, 7),
    (7, 8),
    (0, 3),
    (1, 4),
    (2, 5),
    (3, 6),
    (4, 7),
    (5, 8),
];

/// A board packed as cells 0..8 holding `value - 1` in bits `4k..4k+4`; cell 8 holds
/// what is left (the values 0..8 sum to 36).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board(pub u32);

/// The sorted board `1 2 3 / 4 5 6 / 7 8 9`.
pub const SORTED: Board = Board(0x7654_3210);

impl Board {
    /// Packs cells holding `value - 1` (a permutation of 0..8, unchecked here).
    pub fn from_cells(cells: &[u8; 9]) -> Board {
        let mut packed = 0u32;
        for (k, &v) in cells[..8].iter().enumerate() {
            packed |= u32::from(v) << (4 * k);
        }
        Board(packed)
    }

    /// The cells, each `value - 1`.
    #[inline]
    pub fn cells(self) -> [u32; 9] {
        let mut p = [0u32; 9];
        let mut sum = 0;
        for (k, cell) in p[..8].iter_mut().enumerate() {
            *cell = (self.0 >> (4 * k)) & 15;
            sum += *cell;
        }
        p[8] = 36 - sum;
        p
    }

    /// The Lehmer rank in `0..9!` (the sorted board is 0).
    pub fn rank(self) -> u32 {
        let (_, rank) = lehmer(&self.cells());
        rank
    }
}

/// The Lehmer digits of `p` (digit `k`: how many later cells hold smaller values) and
/// the rank they make.
#[inline]
fn lehmer(p: &[u32; 9]) -> ([i32; 9], u32) {
    let mut digits = [0i32; 9];
    let mut later = 0u32;
    let mut rank = 0i32;
    for k in (0..9).rev() {
        digits[k] = (later & ((1 << p[k]) - 1)).count_ones() as i32;
        later |= 1 << p[k];
        rank += digits[k] * WEIGHT[k];
    }
    (digits, rank as u32)
}

/// Calls `visit(neighbour, its rank)` for the twelve boards one swap from `board`.
///
/// Swapping cells `i < j` (values `a`, `b`) changes Lehmer digits `i`, `j` and those in
/// between: with `m` the cells strictly between them,
/// `d'[i] = d[j] + [a < b] + #{m : p[m] < b}`, `d'[j] = d[i] - [b < a] - #{m : p[m] < a}`,
/// `d'[m] = d[m] + [a < p[m]] - [b < p[m]]`.
#[inline(always)]
fn neighbours(board: Board, mut visit: impl FnMut(Board, u32)) {
    let p = board.cells();
    let (d, rank) = lehmer(&p);
    let lt = |x: u32, y: u32| i32::from(x < y);
    for &(i, j) in &SWAPS {
        let (a, b) = (p[i], p[j]);
        let mut di = d[j] + lt(a, b);
        let mut dj = d[i] - lt(b, a);
        let mut delta = 0i32;
        for m in i + 1..j {
            di += lt(p[m], b);
            dj -= lt(p[m], a);
            delta += (lt(a, p[m]) - lt(b, p[m])) * WEIGHT[m];
        }
        delta += (di - d[i]) * WEIGHT[i] + (dj - d[j]) * WEIGHT[j];
        let x = u64::from(a ^ b);
        // Cell 8 is implied: the shift by 32 falls off the u32, as it should.
        let packed = board.0 ^ ((x << (4 * i)) ^ (x << (4 * j))) as u32;
        visit(Board(packed), (rank as i32 + delta) as u32);
    }
}

/// The fewest swaps sorting `board`, by a bidirectional BFS.
///
/// `marks` (9! bytes, all zero) is the visited table of both searches: 0 unseen, else
/// `side << 7 | (distance + 1)`; it is all zero again on return. Each round grows the
/// side with the smaller frontier by one whole layer and stops at the first board the
/// other side has seen: with layers `0..=k` and `0..=e` of the two sides disjoint, the
/// distance is more than `k + e`, so the first meeting at `k + 1` gives `k + 1 + e`.
pub fn bidirectional(board: Board, marks: &mut [u8], sides: &mut [Vec<(Board, u32)>; 2]) -> u32 {
    if board == SORTED {
        return 0;
    }
    let starts = [board, SORTED];
    let mut layer_start = [0usize; 2];
    let mut depth = [0u32; 2];
    for s in 0..2 {
        let rank = starts[s].rank();
        sides[s].clear();
        sides[s].push((starts[s], rank));
        marks[rank as usize] = (s as u8) << 7 | 1;
    }
    let answer = 'search: loop {
        let s = if sides[0].len() - layer_start[0] <= sides[1].len() - layer_start[1] {
            0
        } else {
            1
        };
        let side_bit = (s as u8) << 7;
        let mark = side_bit | (depth[s] + 2) as u8;
        let (end, mut found) = (sides[s].len(), None);
        for q in layer_start[s]..end {
            let board = sides[s][q].0;
            let list = &mut sides[s];
            neighbours(board, |next, rank| {
                let m = marks[rank as usize];
                if m == 0 {
                    marks[rank as usize] = mark;
                    list.push((next, rank));
                } else if m & 0x80 != side_bit && found.is_none() {
                    found = Some(u32::from(m & 0x7f) - 1);
                }
            });
            if let Some(other) = found {
                break 'search depth[s] + 1 + other;
            }
        }
        layer_start[s] = end;
        depth[s] += 1;
        // Every board is connected to the sorted one: a side never runs dry first.
        debug_assert!(sides[s].len() > end);
    };
    for side in sides.iter() {
        for &(_, rank) in side {
            marks[rank as usize] = 0;
        }
    }
    answer
}

/// The distance of every board from the sorted one, indexed by rank: one BFS over all
/// 9! boards, layer by layer.
pub fn distance_table() -> Vec<u8> {
    let mut dist = vec![u8::MAX; BOARDS];
    let mut queue = Vec::with_capacity(BOARDS);
    dist[0] = 0;
    queue.push(SORTED);
    let (mut start, mut depth) = (0, 0u8);
    while start < queue.len() {
        let end = queue.len();
        depth += 1;
        for q in start..end {
            neighbours(queue[q], |next, rank| {
                let d = &mut dist[rank as usize];
                if *d == u8::MAX {
                    *d = depth;
                    queue.push(next);
                }
            });
        }
        start = end;
    }
    dist
}

/// Parsed boards; `error` is the first bad board, after the good ones before it.
pub struct Parsed {
    pub boards: Vec<Board>,
    pub error: Option<InputError>,
}

/// Parses every board, stopping at the first bad one.
pub fn parse(input: &mut Vec<u8>) -> Parsed {
    let mut scanner = Scanner::new(input);
    let mut boards = Vec::new();
    let error = loop {
        if scanner.at_end() {
            if boards.is_empty() {
                // The line after the final newline is not a line of the input.
                let line = scanner.line().saturating_sub(1).max(1);
                break Some(InputError::new(
                    line,
                    "a board of 9 numbers from 1 to 9",
                    "end of input",
                ));
            }
            break None;
        }
        match parse_board(&mut scanner) {
            Ok(board) => boards.push(board),
            Err(e) => break Some(e.in_case(boards.len() + 1)),
        }
    };
    Parsed { boards, error }
}

/// Reads the nine numbers of one board (the scanner is at its first number).
fn parse_board(scanner: &mut Scanner<'_>) -> Result<Board, InputError> {
    let mut cells = [0u8; 9];
    let mut seen = [false; 9];
    let mut last_line = scanner.line();
    for (k, cell) in cells.iter_mut().enumerate() {
        let (line, token) = scanner.token();
        if token.is_empty() {
            return Err(InputError::new(
                last_line,
                "9 numbers for the board",
                format!("end of input after {k}"),
            ));
        }
        last_line = line;
        let value = match crate::core::scan::parse_uint(token) {
            Some(v @ 1..=9) => v as usize,
            Some(_) => {
                return Err(InputError::new(
                    line,
                    "a number from 1 to 9",
                    String::from_utf8_lossy(token),
                ))
            }
            None if token.iter().all(u8::is_ascii_digit) => {
                return Err(InputError::new(
                    line,
                    "a number from 1 to 9",
                    format!("{} (beyond 64 bits)", quote(token)),
                ))
            }
            None => return Err(InputError::new(line, "a number from 1 to 9", quote(token))),
        };
        if seen[value - 1] {
            return Err(InputError::new(
                line,
                "the numbers 1 to 9 once each",
                format!("{value} twice"),
            ));
        }
        seen[value - 1] = true;
        *cell = (value - 1) as u8;
    }
    Ok(Board::from_cells(&cells))
}

/// The answer for every board: by bidirectional search for few boards, from one full
/// distance table for many.
pub fn solve(boards: &[Board]) -> Vec<u8> {
    if boards.len() >= FULL_TABLE_FROM {
        let table = distance_table();
        boards.iter().map(|b| table[b.rank() as usize]).collect()
    } else {
        let mut marks = vec![0u8; BOARDS];
        let mut sides = [Vec::new(), Vec::new()];
        boards
            .iter()
            .map(|&b| bidirectional(b, &mut marks, &mut sides) as u8)
            .collect()
    }
}

/// Writes one answer per line.
pub fn write(answers: &[u8], out: &mut Output) {
    for &a in answers {
        out.uint(u64::from(a));
        out.byte(b'\n');
    }
}

/// Parses every board, answers the good ones, then reports the first bad one.
pub fn run(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    let Parsed { boards, error } = parse(input);
    write(&solve(&boards), out);
    match error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from_values(values: [u8; 9]) -> Board {
        Board::from_cells(&values.map(|v| v - 1))
    }

    #[test]
    fn neighbour_ranks_match_direct_ranks() {
        let table = distance_table();
        assert_eq!(table.iter().filter(|&&d| d == u8::MAX).count(), 0);
        // A spread of boards: every 97th rank's board is reached through the table
        // search; check each neighbour's incremental rank against ranking it afresh.
        let mut checked = 0;
        let mut frontier = vec![SORTED];
        for _ in 0..4 {
            let mut next = Vec::new();
            for &b in &frontier {
                neighbours(b, |n, r| {
                    assert_eq!(n.rank(), r, "{:x} -> {:x}", b.0, n.0);
                    checked += 1;
                    next.push(n);
                });
            }
            frontier = next;
        }
        assert!(checked > 10_000);
    }

    #[test]
    fn known_answers() {
        let sample = from_values([2, 1, 3, 7, 5, 9, 8, 4, 6]);
        let hardest = from_values([9, 8, 7, 6, 5, 4, 3, 2, 1]);
        let table = distance_table();
        assert_eq!(table[sample.rank() as usize], 4);
        assert_eq!(table[hardest.rank() as usize], 16);
        let mut marks = vec![0u8; BOARDS];
        let mut sides = [Vec::new(), Vec::new()];
        assert_eq!(bidirectional(sample, &mut marks, &mut sides), 4);
        assert_eq!(bidirectional(hardest, &mut marks, &mut sides), 16);
        assert_eq!(bidirectional(SORTED, &mut marks, &mut sides), 0);
        assert!(marks.iter().all(|&m| m == 0));
    }
}
