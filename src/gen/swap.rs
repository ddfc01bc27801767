//! Input writer for swap-game: 3x3 boards holding 1..9 once each.
//!
//! The kinds that need distances (`hardest`, `distance`) use one breadth-first search over all
//! 9! = 362,880 boards from the sorted board, computed once per process ([`OnceLock`]) into a
//! table indexed by the board's rank in lexicographic order (Lehmer code). Cost: 9! * 12 swaps,
//! a few tens of milliseconds in release; memory 9! bytes plus a 9!-entry queue of 10-byte
//! entries (about 3.6 MB) while it runs. The answer of a swap is symmetric, so the distance *from* the
//! sorted board is the distance *to* it.

use super::Rng;
use std::sync::OnceLock;

/// Which boards [`swap_game`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapKind {
    /// `boards` uniformly random boards.
    Random { boards: usize },
    /// `boards` boards at distance 15 or 16 (the maximum); the first is `9 8 7 / 6 5 4 / 3 2 1`,
    /// the only board at 16.
    Hardest { boards: usize },
    /// `boards` random boards at exactly `distance` swaps (0..=16).
    Distance { boards: usize, distance: u8 },
    /// All 9! boards once, in lexicographic order.
    All,
}

/// Options of [`swap_game`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SwapOptions {
    /// One board per line (nine numbers) instead of three lines of three.
    pub one_line: bool,
}

/// A board as the numbers 1..=9 in row-major order.
pub type Board = [u8; 9];

const FACT: [u32; 9] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];
/// Number of boards.
pub const BOARDS: usize = 362_880;
/// The rank of `b` among all boards in lexicographic order (0 = sorted, 9!-1 = `987654321`).
pub fn rank(b: &Board) -> usize {
    // Lehmer code: the count of smaller numbers after position i is (b[i] - 1) minus the count
    // of smaller numbers before it, read off a bit set of the numbers seen so far. Plain loops
    // and no allocation: the distance table calls this 4 million times.
    let mut seen = 0u32;
    let mut r = 0u32;
    for i in 0..9 {
        let x = u32::from(b[i]);
        let below = (1u32 << x) - 1;
        let smaller_after = x - 1 - (seen & below).count_ones();
        r += smaller_after * FACT[8 - i];
        seen |= 1 << x;
    }
    r as usize
}

/// The board of rank `r` (inverse of [`rank`]).
pub fn unrank(mut r: usize) -> Board {
    // The numbers not yet used, in increasing order; digit i of the factorial-base `r` picks one.
    let mut pool: Board = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let mut b = [0u8; 9];
    for i in 0..9 {
        let f = FACT[8 - i] as usize;
        let k = r / f;
        r %= f;
        b[i] = pool[k];
        pool.copy_within(k + 1..9 - i, k);
    }
    b
}

/// The fewest swaps that sort each board, indexed by [`rank`]; computed once per process.
// `OnceLock` is 1.70: allowed because the generators serve the tools and tests and are
// never bundled; bundles are what must build on rustc 1.63.
#[allow(clippy::incompatible_msrv)]
pub fn distances() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    // The solver's own full BFS; its ranks are this module's (lexicographic order).
    TABLE.get_or_init(crate::swap_game::distance_table)
}

fn write_board(out: &mut Vec<u8>, b: &Board, one_line: bool) {
    for (i, &x) in b.iter().enumerate() {
        out.push(b'0' + x);
        out.push(if i % 3 == 2 && (!one_line || i == 8) {
            b'\n'
        } else {
            b' '
        });
    }
}

/// A swap-game input: boards of nine numbers, three per line (or nine with `one_line`).
///
/// Sizes: `Random`/`Hardest` take the board count, `Distance` the count and the distance
/// (0..=16), `All` nothing. Output size is 18 bytes per board.
pub fn swap_game(kind: SwapKind, opts: SwapOptions, seed: u64) -> Result<Vec<u8>, String> {
    let mut rng = Rng::new(seed);
    let count = match kind {
        SwapKind::Random { boards }
        | SwapKind::Hardest { boards }
        | SwapKind::Distance { boards, .. } => boards,
        SwapKind::All => BOARDS,
    };
    let bytes = count
        .checked_mul(18)
        .ok_or_else(|| format!("{count} boards do not fit in memory"))?;
    let mut out = Vec::new();
    out.try_reserve_exact(bytes)
        .map_err(|_| format!("cannot allocate {bytes} bytes for {count} boards"))?;
    match kind {
        SwapKind::Random { boards } => {
            for _ in 0..boards {
                let mut b = [1, 2, 3, 4, 5, 6, 7, 8, 9];
                rng.shuffle(&mut b);
                write_board(&mut out, &b, opts.one_line);
            }
        }
        SwapKind::Hardest { boards } => {
            let pool: Vec<usize> = (0..BOARDS).filter(|&r| distances()[r] >= 15).collect();
            for k in 0..boards {
                let r = if k == 0 {
                    BOARDS - 1
                } else {
                    pool[rng.below(pool.len() as u64) as usize]
                };
                write_board(&mut out, &unrank(r), opts.one_line);
            }
        }
        SwapKind::Distance { boards, distance } => {
            let pool: Vec<usize> = (0..BOARDS)
                .filter(|&r| distances()[r] == distance)
                .collect();
            if pool.is_empty() {
                return Err(format!(
                    "no board is at distance {distance} (the maximum is 16)"
                ));
            }
            for _ in 0..boards {
                let r = pool[rng.below(pool.len() as u64) as usize];
                write_board(&mut out, &unrank(r), opts.one_line);
            }
        }
        SwapKind::All => {
            for r in 0..BOARDS {
                write_board(&mut out, &unrank(r), opts.one_line);
            }
        }
    }
    Ok(out)
}
