//! pushing-boxes: for each maze, the plan of the keeper `S` that brings the box `B` to the
//! target `T` with the fewest pushes, then the fewest walks, ties broken by the
//! statement's first-in first-out box search: `n s w e` walks, `N S W E` pushes.

use bfs_judge::check::tie::Check;

use super::grid::shrink::Mazes;
use super::grid::{self, SCALE};
use super::search::{boxes, Search};
use super::shrink::{greedy, Keeps, Shrunk};
use super::{picker, Ours, OursError, Scale};

pub struct PushingBoxes;

impl Ours for PushingBoxes {
    fn name(&self) -> &'static str {
        "pushing-boxes"
    }

    fn checker(&self) -> Option<Check> {
        Some(bfs_judge::check::pushing_boxes::check)
    }

    fn trace(&'static self, input: &[u8], case: usize) -> Result<Search, OursError> {
        boxes::search(boxes::parse(input)?, case).map(Search::Boxes)
    }

    fn shrink(&self, input: &[u8], keeps: Keeps<'_>) -> Option<Shrunk> {
        Some(greedy(Mazes::marked(input)?, keeps))
    }

    /// Up to 3 mazes of up to 8 x 8 (a `corridor` of length 3 to 12).
    fn stress_sizes(&self, kind: &str, seed: u64) -> Vec<u64> {
        if kind == "corridor" {
            let mut pick = picker(seed);
            return vec![pick(1, 3), pick(3, 12)];
        }
        grid::stress_sizes(kind, seed, &[(1, 3), (1, 8), (3, 8)])
    }

    /// One maze a probe.
    fn scale(&self) -> Result<Scale, OursError> {
        let sizes = |rows, cols| vec![1, rows, cols];
        Ok(Scale { sizes, ..SCALE })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ours::search::against_the_solvers::{agree, solve};

    /// What the problem prints, from the traces of every maze.
    fn answer(input: &[u8]) -> Vec<u8> {
        let count = boxes::parse(input).unwrap().len();
        let traced = (1..=count).map(|case| {
            let t = boxes::search(boxes::parse(input).unwrap(), case).unwrap();
            t.answer()
        });
        traced.collect::<Vec<_>>().concat()
    }

    #[test]
    fn the_trace_gives_the_solvers_answer() {
        agree(
            "pushing-boxes",
            &[(&["random", "maze", "open"], &[3, 7, 8])],
            false,
            |input, _| answer(input),
            |input, _| solve(bfs_judge::pushing_boxes::run, input),
        );
    }
}
