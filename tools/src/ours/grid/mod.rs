//! What our maze problems share: one implementation of `Ours` for the grid problems
//! ([`GridProblem`]: robot-maze, chase and wave are data), the picture of a failing case
//! drawn in the terminal (`draw`) and as a page (`html`), the reductions of their inputs
//! (`shrink`), and the shapes `stress` and `--scale` give their generators.

pub mod draw;
pub mod html;
pub mod shrink;

use bfs_judge::check::tie::Check;

use super::search::grid::{trace, Rules};
use super::search::Search;
use super::shrink::{greedy, Keeps, Shrunk};
use super::{picker, Ours, OursError, Scale};
use shrink::Mazes;

/// One grid problem of ours: one maze from a start to a target, one route printed.
pub struct GridProblem {
    /// Its reference search, as its statement gives it.
    pub rules: Rules,
    pub checker: Check,
    /// The ranges of rows and columns `stress` draws sizes from.
    pub stress: [(u64, u64); 2],
    /// Reads its input in the format our generator writes, to shrink it.
    pub mazes: fn(&[u8]) -> Option<Mazes>,
}

impl Ours for GridProblem {
    fn name(&self) -> &'static str {
        self.rules.name
    }

    fn checker(&self) -> Option<Check> {
        Some(self.checker)
    }

    fn trace(&'static self, input: &[u8], case: usize) -> Result<Search, OursError> {
        trace(&self.rules, input, case)
    }

    fn shrink(&self, input: &[u8], keeps: Keeps<'_>) -> Option<Shrunk> {
        Some(greedy((self.mazes)(input)?, keeps))
    }

    fn stress_sizes(&self, kind: &str, seed: u64) -> Vec<u64> {
        stress_sizes(kind, seed, &self.stress)
    }

    fn scale(&self) -> Result<Scale, OursError> {
        Ok(SCALE)
    }
}

/// `--scale` on a grid problem: the generator's hardest shapes first (serpentine: the
/// longest shortest path; a perfect maze; rooms; an open field), one maze of rows x columns.
pub const SCALE: Scale = Scale {
    kinds: &["serpentine", "maze", "rooms", "open"],
    sizes: |rows, cols| vec![rows, cols],
};

/// The stress sizes of a grid kind for case `seed`: one number drawn from each range of
/// `ranges`, and for the `random` layout a density of 0 to 45% walls.
pub fn stress_sizes(kind: &str, seed: u64, ranges: &[(u64, u64)]) -> Vec<u64> {
    let mut pick = picker(seed);
    let mut sizes: Vec<u64> = ranges.iter().map(|&(lo, hi)| pick(lo, hi)).collect();
    if kind == "random" {
        sizes.push(pick(0, 45));
    }
    sizes
}
