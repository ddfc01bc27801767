//! swap-game: for each 3 x 3 board of the numbers 1 to 9, the fewest swaps of two
//! neighbouring cells that sort it, one number a line. Its boards are all 3 x 3: it has no
//! maze to draw and nothing to scale, and a number needs no checker.

use bfs_judge::check::tie::Check;

use super::search::{swap, Search};
use super::{Ours, OursError, Pick, Scale};

pub struct SwapGame;

impl Ours for SwapGame {
    fn name(&self) -> &'static str {
        "swap-game"
    }

    fn checker(&self) -> Option<Check> {
        None
    }

    fn trace(&self, input: &[u8], case: usize) -> Result<Search, OursError> {
        swap::search(&swap::parse(input)?, case).map(Search::Swap)
    }

    /// Up to 20 boards (`all`: every board, no sizes), those of `distance` up to 16 swaps
    /// from sorted.
    fn stress_sizes(&self, kind: &str, seed: u64) -> Vec<u64> {
        let mut pick = Pick::new(seed);
        match kind {
            "all" => vec![],
            "distance" => vec![pick.from(1, 20), pick.from(0, 16)],
            _ => vec![pick.from(1, 20)],
        }
    }

    fn scale(&self) -> Result<Scale, OursError> {
        Err(OursError::NoScale("swap-game's boards are all 3 x 3"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ours::search::against_the_solvers::{agree, solve};

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
