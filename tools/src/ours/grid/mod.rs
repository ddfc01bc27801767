//! What our maze problems share: the picture of a failing case drawn in the terminal
//! (`draw`) and as a page (`html`), the reductions of their inputs (`shrink`), and the
//! shapes `stress` and `--scale` give their generators.

pub mod draw;
pub mod html;
pub mod shrink;

use super::{Pick, Scale};

/// `--scale` on a grid problem: the generator's hardest shapes first (serpentine: the
/// longest shortest path; a perfect maze; rooms; an open field), one maze of rows x columns.
pub const SCALE: Scale = Scale {
    kinds: &["serpentine", "maze", "rooms", "open"],
    sizes: rows_cols,
};

fn rows_cols(rows: u64, cols: u64) -> Vec<u64> {
    vec![rows, cols]
}

/// The stress sizes of a grid kind for case `seed`: one number drawn from each range of
/// `ranges`, and for the `random` layout a density of 0 to 45% walls.
pub fn stress_sizes(kind: &str, seed: u64, ranges: &[(u64, u64)]) -> Vec<u64> {
    let mut pick = Pick::new(seed);
    let mut sizes: Vec<u64> = ranges.iter().map(|&(lo, hi)| pick.from(lo, hi)).collect();
    if kind == "random" {
        sizes.push(pick.from(0, 45));
    }
    sizes
}
