//! swap-game: the fewest swaps of side-by-side cells that sort a 3x3 board (seed 003,
//! CSES 1670).
//!
//! Input: any number of boards, nine numbers each (the numbers 1 to 9 once each), in
//! any whitespace. Output: for each board, in order, the fewest swaps of two cells
//! that share a side turning it into `1 2 3 / 4 5 6 / 7 8 9`, one per line. One board
//! gives exactly the CSES output. On a bad board the answers to the boards before it
//! are still printed.
//!
//! Approach. Measured (see `problems/swap-game/README.md`):
//! - fewer than [`FULL_TABLE_FROM`] boards: A* per board ([`AStar`]). The bound is half
//!   the sum of the Manhattan distances, rounded up to the parity of the board's
//!   permutation (each swap is a transposition, so the answer has that parity); with
//!   the parity every `f` has the start's parity and the search steps `f` by 2. The
//!   hardest board (16 swaps) expands 1,315 boards (19,666 without the parity), the
//!   worst of all 9! 1,364, the mean 30. Boards stay packed as nine 4-bit cells in a
//!   `u64`; neighbours are queued without any lookup on one stack per `f`, and only a
//!   board taken from a stack is looked up, in a small hash set of expanded boards.
//!   A bidirectional BFS was measured too (before the parity): 3x slower than A* on
//!   the hardest board (it meets only after 132,000 expansions: a third of all boards
//!   lie within 8 swaps of sorted) and 14x slower on random ones.
//! - from that many boards: one BFS from the sorted board over all 9! boards gives a
//!   distance table, then each answer is one lookup. A board is numbered by its Lehmer
//!   rank in `0..9!`, so the table is 9! = 362,880 bytes (the seed's base-9 array is
//!   9^9 = 387 million); the BFS keeps boards as eight 4-bit cells in a `u32` (the
//!   ninth is implied) and gets each neighbour's rank from its own by updating the
//!   Lehmer digits the swap changes (two for a horizontal swap, four for a vertical
//!   one) instead of ranking from scratch.
//!
//! All boards are parsed before any is solved so the method can depend on their number;
//! answers are still written only for the boards before the first bad one.
//!
//! Complexity: parse O(input); few boards O(expanded) each (at most 1,364 expansions,
//! a 32 KiB hash set and two stacks reused from board to board); many boards
//! O(9! * 12) once plus O(1) per board, 9! bytes of table and 9! `u32`s of queue.

use crate::core::error::{quote, InputError};
use crate::core::out::Output;
use crate::core::scan::Scanner;

/// The number of boards, 9!.
pub const BOARDS: usize = 362_880;

/// From this many boards on, one full BFS from the sorted board answers them all.
/// Measured: the full BFS costs 208 M instructions, A* about 10.4 K per random board
/// (parsing included); whole processes on 15,000 random boards take the same median
/// wall time either way (A* is cheaper below, the BFS above).
pub const FULL_TABLE_FROM: usize = 15_000;

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

/// `SWAP_DELTA[s][a | b << 4]`: the change of the Manhattan sum when swap `s` (cells
/// `i < j` of [`SWAPS`]) exchanges value `a` in cell `i` with value `b` in cell `j`.
/// (Indexed by the two cells' nibbles: for a side-by-side swap that is one byte of the
/// packed board.)
const SWAP_DELTA: [[i8; 256]; 12] = {
    let mut t = [[0i8; 256]; 12];
    let mut s = 0;
    while s < 12 {
        let (i, j) = SWAPS[s];
        let mut a = 0;
        while a < 9 {
            let mut b = 0;
            while b < 9 {
                let after = MANHATTAN[i][b] + MANHATTAN[j][a];
                let before = MANHATTAN[i][a] + MANHATTAN[j][b];
                t[s][a | b << 4] = after as i8 - before as i8;
                b += 1;
            }
            a += 1;
        }
        s += 1;
    }
    t
};

/// An open A* entry: the board as nine 4-bit cells (bits 0..36, cell 8 explicit), its
/// Manhattan sum (bits 40..48) and its distance `g` from the start (bits 48..56).
type Entry = u64;

const SUM_SHIFT: u32 = 40;
const G_SHIFT: u32 = 48;
const CELLS_MASK: u64 = (1 << 36) - 1;

/// The boards expanded by one search: an open-addressing hash set of their cells (a
/// Lehmer rank costs about 100 instructions, a hash a few). Each slot holds the cells
/// and the number of the search that put them there, so a new search starts empty
/// without clearing the table.
struct Closed {
    /// `cells | search << 36`; 0 is empty (searches are numbered from 1).
    slots: Vec<u64>,
    /// 64 minus the log2 of the number of slots: the hash is the product's top bits.
    shift: u32,
    /// Entries of this search.
    len: usize,
    /// This search's number.
    search: u64,
}

impl Closed {
    const SEARCH_SHIFT: u32 = 36;

    fn new() -> Closed {
        Closed {
            slots: vec![0; 1 << 12],
            shift: 64 - 12,
            len: 0,
            search: 1,
        }
    }

    /// Empties the set for the next search.
    fn next_search(&mut self) {
        self.len = 0;
        self.search += 1;
        if self.search == 1 << (64 - Self::SEARCH_SHIFT) {
            self.slots.fill(0);
            self.search = 1;
        }
    }

    /// Adds `cells`; false if they were there already.
    #[inline(always)]
    fn insert(&mut self, cells: u64) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let key = cells | self.search << Self::SEARCH_SHIFT;
        let mask = self.slots.len() - 1;
        let mut h = (cells.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            let slot = self.slots[h];
            if slot == key {
                return false;
            }
            if slot >> Self::SEARCH_SHIFT != self.search {
                self.slots[h] = key;
                self.len += 1;
                return true;
            }
            h = (h + 1) & mask;
        }
    }

    /// Doubles the table, keeping this search's entries.
    #[cold]
    fn grow(&mut self) {
        let doubled = vec![0; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.shift -= 1;
        self.len = 0;
        for slot in old {
            if slot >> Self::SEARCH_SHIFT == self.search {
                self.insert(slot & CELLS_MASK);
            }
        }
    }
}

/// Reusable memory for [`AStar::solve`].
pub struct AStar {
    /// The boards expanded (each with its shortest distance from the start).
    closed: Closed,
    /// Open entries of the `f` being searched, a stack.
    now: Vec<Entry>,
    /// Open entries of the next `f` (`f + 2`).
    later: Vec<Entry>,
}

impl Default for AStar {
    fn default() -> Self {
        AStar {
            closed: Closed::new(),
            now: Vec::with_capacity(1 << 12),
            later: Vec::with_capacity(1 << 12),
        }
    }
}

/// Queues the neighbour of `entry` by swap `S`: on `now` if its `f` is the one being
/// searched, else on `later` (its `f` is then 2 more: the bound is consistent and
/// every `f` has the start's parity). `base` is `entry` with `g` one more; the
/// neighbour stays at this `f` exactly when its Manhattan sum changes by at most
/// `room`.
#[inline(always)]
fn queue<const S: usize>(base: Entry, room: i64, now: &mut Vec<Entry>, later: &mut Vec<Entry>) {
    let (i, j) = SWAPS[S];
    // The two cells' values a | b << 4 (one byte for a side-by-side swap).
    let pair = ((base >> (4 * i)) & 0x0F) | ((base >> (4 * j - 4)) & 0xF0);
    let x = (pair ^ (pair >> 4)) & 15;
    let delta = SWAP_DELTA[S][pair as usize];
    let next = (base ^ (x << (4 * i)) ^ (x << (4 * j)))
        .wrapping_add((i64::from(delta) as u64) << SUM_SHIFT);
    if i64::from(delta) <= room {
        now.push(next);
    } else {
        later.push(next);
    }
}

impl AStar {
    /// The fewest swaps sorting `board`, by A*.
    ///
    /// The bound is half the sum of the Manhattan distances of the values from their
    /// cells (a swap moves two values one step each), rounded up to the parity of the
    /// board's permutation: every swap is a transposition, so a board needs an even
    /// number of swaps exactly when its permutation is even. The bound stays
    /// consistent (a neighbour's bound has the other parity), and every `f = g + h`
    /// now has the start's parity, so the search moves from `f` to `f + 2`: the
    /// hardest board expands 1,315 boards (19,666 without the parity).
    ///
    /// The open boards of one `f` are a stack, so they are taken depth first and the
    /// sorted board soon after an optimal path reaches it. With a consistent bound a
    /// board taken from the open list has its shortest distance, so a closed set is all
    /// the bookkeeping: neighbours are queued without looking them up (duplicates,
    /// the parent among them, are dropped when taken). Nothing is ranked.
    pub fn solve(&mut self, board: Board) -> u32 {
        let cells = board.cells();
        let mut packed = 0u64;
        let mut sum = 0u64;
        for (k, &v) in cells.iter().enumerate() {
            packed |= u64::from(v) << (4 * k);
            sum += u64::from(MANHATTAN[k][v as usize]);
        }
        let (digits, _) = lehmer(&cells);
        let parity = digits.iter().sum::<i32>() as u64 & 1;
        let h0 = sum / 2;
        let mut f = h0 + ((h0 ^ parity) & 1);
        let (now, later) = (&mut self.now, &mut self.later);
        now.push(packed | sum << SUM_SHIFT);
        let answer = 'search: loop {
            while let Some(entry) = now.pop() {
                let sum = (entry >> SUM_SHIFT) & 255;
                let g = entry >> G_SHIFT;
                if sum == 0 {
                    break 'search g as u32;
                }
                if !self.closed.insert(entry & CELLS_MASK) {
                    continue;
                }
                // A neighbour stays at f when g + 1 + (sum + delta) / 2 <= f (here
                // f > g, as sum > 0 makes the bound at least 1).
                let room = (2 * (f - g) - 1) as i64 - sum as i64;
                let base = entry + (1 << G_SHIFT);
                queue::<0>(base, room, now, later);
                queue::<1>(base, room, now, later);
                queue::<2>(base, room, now, later);
                queue::<3>(base, room, now, later);
                queue::<4>(base, room, now, later);
                queue::<5>(base, room, now, later);
                queue::<6>(base, room, now, later);
                queue::<7>(base, room, now, later);
                queue::<8>(base, room, now, later);
                queue::<9>(base, room, now, later);
                queue::<10>(base, room, now, later);
                queue::<11>(base, room, now, later);
            }
            assert!(
                f < u64::from(MAX_SWAPS),
                "no board needs more than MAX_SWAPS swaps"
            );
            f += 2;
            std::mem::swap(now, later);
        };
        now.clear();
        later.clear();
        self.closed.next_search();
        answer
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
    fn closed_set_grows_and_empties_per_search() {
        // No board expands more than 1,364 boards, so searches never grow the table:
        // grow it here, with distinct packed boards (the cells need not be boards).
        let mut closed = Closed::new();
        let keys: Vec<u64> = (1..=10_000u64).map(|k| k * 0x1_0000_0001).collect();
        for _ in 0..2 {
            assert!(keys.iter().all(|&k| closed.insert(k & CELLS_MASK)));
            assert!(keys.iter().all(|&k| !closed.insert(k & CELLS_MASK)));
            assert_eq!(closed.len, keys.len());
            closed.next_search();
        }
        assert!(closed.slots.len() >= 2 * keys.len());
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
    }
}
