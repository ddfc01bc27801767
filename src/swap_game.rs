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
//! - fewer than [`FULL_TABLE_FROM`] boards: A* per board with half the Manhattan sum as
//!   the bound, equal `f` deepest first. The hardest board (16 swaps) expands 19,666
//!   boards (every board with `f < 16`, and no more), a random one about 1,000.
//!   A bidirectional BFS was measured too: 3x slower on the hardest board (it meets
//!   only after 132,000 expansions: a third of all boards lie within 8 swaps of sorted)
//!   and 14x slower on random ones.
//! - from that many boards: one BFS from the sorted board over all 9! boards gives a distance
//!   table, then each answer is one lookup.
//!
//! All boards are parsed before any is solved so the method can depend on their number;
//! answers are still written only for the boards before the first bad one.
//!
//! Complexity: parse O(input); few boards O(expanded) each with a 9!-byte table touched
//! only where marked; many boards O(9! * 12) once plus O(1) per board, 9! bytes of
//! table and 9! `u32`s of queue.

use crate::core::error::{quote, InputError};
use crate::core::out::Output;
use crate::core::scan::Scanner;

/// The number of boards, 9!.
pub const BOARDS: usize = 362_880;

/// From this many boards on, one full BFS from the sorted board answers them all.
/// Measured: the full BFS costs 211 M instructions (about 21 ms of user time), an A*
/// search of a random board about 145 K (18 ms of user time per 1,000 boards).
pub const FULL_TABLE_FROM: usize = 1200;

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

/// The number of set bits of every 9-bit mask (`count_ones` is a long bit-twiddling
/// sequence on baseline x86-64, which has no `popcnt`).
const POPCOUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        t[m] = t[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    t
};

/// The Lehmer digits of `p` (digit `k`: how many later cells hold smaller values) and
/// the rank they make.
#[inline(always)]
fn lehmer(p: &[u32; 9]) -> ([i32; 9], u32) {
    let mut digits = [0i32; 9];
    let mut later = 0usize;
    let mut rank = 0i32;
    for k in (0..9).rev() {
        digits[k] = i32::from(POPCOUNT[later & ((1 << p[k]) - 1)]);
        later |= 1 << p[k];
        rank += digits[k] * WEIGHT[k];
    }
    (digits, rank as u32)
}

/// The twelve boards one swap from `board` (whose cells are `p`) with their ranks, in the
/// order of [`SWAPS`].
///
/// Swapping cells `i < j` (values `a`, `b`) changes Lehmer digits `i`, `j` and those in
/// between: with `m` the cells strictly between them,
/// `d'[i] = d[j] + [a < b] + #{m : p[m] < b}`, `d'[j] = d[i] - [b < a] - #{m : p[m] < a}`,
/// `d'[m] = d[m] + [a < p[m]] - [b < p[m]]`. The swaps are spelled out with constant
/// cells (a loop over [`SWAPS`] measured 3x the instructions).
#[inline(always)]
fn neighbours(board: Board, p: &[u32; 9]) -> [(Board, u32); 12] {
    let (d, rank) = lehmer(p);
    [
        swap_cells::<0, 1>(board, p, &d, rank),
        swap_cells::<1, 2>(board, p, &d, rank),
        swap_cells::<3, 4>(board, p, &d, rank),
        swap_cells::<4, 5>(board, p, &d, rank),
        swap_cells::<6, 7>(board, p, &d, rank),
        swap_cells::<7, 8>(board, p, &d, rank),
        swap_cells::<0, 3>(board, p, &d, rank),
        swap_cells::<1, 4>(board, p, &d, rank),
        swap_cells::<2, 5>(board, p, &d, rank),
        swap_cells::<3, 6>(board, p, &d, rank),
        swap_cells::<4, 7>(board, p, &d, rank),
        swap_cells::<5, 8>(board, p, &d, rank),
    ]
}

/// The board with cells `I < J` swapped and its rank (see [`neighbours`]).
#[inline(always)]
fn swap_cells<const I: usize, const J: usize>(
    board: Board,
    p: &[u32; 9],
    d: &[i32; 9],
    rank: u32,
) -> (Board, u32) {
    let lt = |x: u32, y: u32| i32::from(x < y);
    let (a, b) = (p[I], p[J]);
    let mut di = d[J] + lt(a, b);
    let mut dj = d[I] - lt(b, a);
    let mut delta = 0i32;
    for m in I + 1..J {
        di += lt(p[m], b);
        dj -= lt(p[m], a);
        delta += (lt(a, p[m]) - lt(b, p[m])) * WEIGHT[m];
    }
    delta += (di - d[I]) * WEIGHT[I] + (dj - d[J]) * WEIGHT[J];
    let x = u64::from(a ^ b);
    // Cell 8 is implied: the shift by 32 falls off the u32, as it should.
    let packed = board.0 ^ ((x << (4 * I)) ^ (x << (4 * J))) as u32;
    (Board(packed), (rank as i32 + delta) as u32)
}

/// The Manhattan distance between cells `x` and `y` of the board.
const fn manhattan_table() -> [[u8; 9]; 9] {
    let mut t = [[0u8; 9]; 9];
    let mut x = 0usize;
    while x < 9 {
        let mut y = 0usize;
        while y < 9 {
            let dr = (x / 3).abs_diff(y / 3);
            let dc = (x % 3).abs_diff(y % 3);
            t[x][y] = (dr + dc) as u8;
            y += 1;
        }
        x += 1;
    }
    t
}

const MANHATTAN: [[u8; 9]; 9] = manhattan_table();

/// The most swaps any board needs (only `9 8 7 / 6 5 4 / 3 2 1`; the tests check it
/// over all 9! boards). A* drops paths that cannot be shorter.
pub const MAX_SWAPS: u32 = 16;

const GS: usize = MAX_SWAPS as usize + 1;

/// Reusable memory for [`AStar::solve`].
pub struct AStar {
    /// Best distance from the board found so far plus one, by rank; 0 unseen.
    marks: Vec<u8>,
    /// Open boards with their ranks, bucket `f * GS + g`.
    open: Vec<Vec<(Board, u32)>>,
    /// The ranks marked, to clear them for the next board.
    touched: Vec<u32>,
}

impl Default for AStar {
    fn default() -> Self {
        AStar {
            marks: vec![0; BOARDS],
            open: vec![Vec::new(); GS * GS],
            touched: Vec::new(),
        }
    }
}

impl AStar {
    /// The fewest swaps sorting `board`, by A* with the bound "half the sum of the
    /// Manhattan distances of the values from their cells" (a swap moves two values
    /// one step each, so the sum falls by at most 2; the bound is consistent).
    /// Boards of equal `f = g + h` are taken deepest first, so the sorted board is
    /// taken as soon as it is generated on an optimal path.
    pub fn solve(&mut self, board: Board) -> u32 {
        let cells = board.cells();
        let h0: u32 = (0..9)
            .map(|k| u32::from(MANHATTAN[k][cells[k] as usize]))
            .sum::<u32>()
            / 2;
        let (digits, rank) = lehmer(&cells);
        let parity = (digits.iter().sum::<i32>() & 1) as usize;
        let h0 = h0 as usize + ((h0 as usize ^ parity) & 1);
        self.marks[rank as usize] = 1;
        self.touched.push(rank);
        self.open[h0 * GS].push((board, rank));
        let mut answer = None;
        'f: for f in (h0..GS).step_by(2) {
            loop {
                let Some(g) = (0..=f).rev().find(|&g| !self.open[f * GS + g].is_empty()) else {
                    continue 'f;
                };
                let (board, rank) = self.open[f * GS + g].pop().unwrap();
                if rank == 0 {
                    answer = Some(g as u32);
                    break 'f;
                }
                if usize::from(self.marks[rank as usize]) < g + 1 {
                    continue; // a shorter way here was found after this entry was queued
                }
                let p = board.cells();
                let man = |k: usize| i32::from(MANHATTAN[k][p[k] as usize]);
                let sum: i32 = (0..9).map(man).sum();
                let g2 = g + 1;
                let next = neighbours(board, &p);
                for (&(next, rank), &(i, j)) in next.iter().zip(&SWAPS) {
                    let m = self.marks[rank as usize];
                    if m != 0 && usize::from(m) <= g2 + 1 {
                        continue;
                    }
                    let moved = i32::from(MANHATTAN[i][p[j] as usize])
                        + i32::from(MANHATTAN[j][p[i] as usize])
                        - man(i)
                        - man(j);
                    let f2 = g2 + ((sum + moved) / 2) as usize;
                    let f2 = f2 + ((f2 ^ parity) & 1);
                    if f2 >= GS {
                        continue;
                    }
                    if m == 0 {
                        self.touched.push(rank);
                    }
                    self.marks[rank as usize] = (g2 + 1) as u8;
                    self.open[f2 * GS + g2].push((next, rank));
                }
            }
        }
        for &rank in &self.touched {
            self.marks[rank as usize] = 0;
        }
        self.touched.clear();
        for bucket in &mut self.open {
            bucket.clear();
        }
        answer.expect("every board is at most MAX_SWAPS swaps from sorted")
    }
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
            let board = queue[q];
            for (next, rank) in neighbours(board, &board.cells()) {
                let d = &mut dist[rank as usize];
                if *d == u8::MAX {
                    *d = depth;
                    queue.push(next);
                }
            }
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

/// The answer for every board: by A* for few boards, from one full
/// distance table for many.
pub fn solve(boards: &[Board]) -> Vec<u8> {
    if boards.len() >= FULL_TABLE_FROM {
        let table = distance_table();
        boards.iter().map(|b| table[b.rank() as usize]).collect()
    } else {
        let mut search = AStar::default();
        boards.iter().map(|&b| search.solve(b) as u8).collect()
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
        // Every board, reached by a search that ranks each neighbour afresh: the
        // incremental rank of each of its neighbours must agree.
        let mut seen = vec![false; BOARDS];
        let mut queue = vec![SORTED];
        seen[0] = true;
        let mut q = 0;
        while q < queue.len() {
            let b = queue[q];
            q += 1;
            for ((n, r), &(i, j)) in neighbours(b, &b.cells()).into_iter().zip(&SWAPS) {
                let mut cells = b.cells();
                cells.swap(i, j);
                let direct = Board::from_cells(&cells.map(|c| c as u8));
                assert_eq!((n, r), (direct, direct.rank()), "{:x} swap {i} {j}", b.0);
                if !seen[r as usize] {
                    seen[r as usize] = true;
                    queue.push(n);
                }
            }
        }
        assert_eq!(queue.len(), BOARDS);
    }

    #[test]
    fn known_answers() {
        let sample = from_values([2, 1, 3, 7, 5, 9, 8, 4, 6]);
        let hardest = from_values([9, 8, 7, 6, 5, 4, 3, 2, 1]);
        let table = distance_table();
        assert_eq!(table[sample.rank() as usize], 4);
        assert_eq!(table[hardest.rank() as usize], 16);
        let mut search = AStar::default();
        assert_eq!(search.solve(sample), 4);
        assert_eq!(search.solve(hardest), 16);
        assert_eq!(search.solve(SORTED), 0);
        assert_eq!(search.solve(sample), 4);
        assert!(search.marks.iter().all(|&m| m == 0));
    }
}
