//! chase: the fewest steps of the monster `S` to the player `E` on a `. # S E` grid, or
//! with `--path` the cells of the shortest path that is smallest under D < U < R < L,
//! 0-based `(r, c)` on one line.

use bfs_judge::check::tie::Check;
use bfs_judge::core::error::InputError;

use super::grid::shrink::Mazes;
use super::grid::{self, SCALE};
use super::search::grid::{Cells, Maze, Route, Rules, LETTERS};
use super::search::Search;
use super::shrink::{greedy, Keeps, Shrunk};
use super::{Ours, OursError, Scale};

pub struct Chase;

/// The search of the statement's Solution: from `S`, moves tried D, U, R, L, the first
/// parent kept; the route is the parents walked back from `E`.
static RULES: Rules = Rules {
    name: "chase",
    order: bfs_judge::chase::ORDER,
    moves: LETTERS,
    cells: Cells::ZeroBased,
    route: Route::FirstParents,
    read,
};

fn read(input: &[u8]) -> Result<Maze, InputError> {
    let mut buf = input.to_vec();
    let i = bfs_judge::chase::parse(&mut buf)?;
    Ok(Maze::of(&i.grid, i.monster, i.player, b'#'))
}

impl Ours for Chase {
    fn name(&self) -> &'static str {
        RULES.name
    }

    fn checker(&self) -> Option<Check> {
        Some(bfs_judge::check::chase::check)
    }

    fn trace(&self, input: &[u8], case: usize) -> Result<Search, OursError> {
        super::search::grid::trace(&RULES, input, case)
    }

    fn shrink(&self, input: &[u8], keeps: Keeps<'_>) -> Option<Shrunk> {
        Some(greedy(Mazes::marked(input)?, keeps))
    }

    fn stress_sizes(&self, kind: &str, seed: u64) -> Vec<u64> {
        grid::stress_sizes(kind, seed, &[(1, 12), (2, 12)])
    }

    fn scale(&self) -> Result<Scale, OursError> {
        Ok(SCALE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ours::search::against_the_solvers::{agree, grid_trace, solve, LAYOUTS};

    /// What the problem prints, from the trace: the distance or `-1`; with `--path` the
    /// route's cells.
    fn answer(input: &[u8], path: bool) -> Vec<u8> {
        let t = grid_trace(&RULES, input);
        if path {
            let cells: Vec<String> = t.route.iter().map(|&cell| t.cell_name(cell)).collect();
            return format!("{}\n", cells.join(" ")).into_bytes();
        }
        match t.distance {
            None => b"-1\n".to_vec(),
            Some(d) => format!("{d}\n").into_bytes(),
        }
    }

    #[test]
    fn the_trace_gives_the_solvers_answer() {
        agree(
            "chase",
            &[(LAYOUTS, &[19, 21])],
            true,
            answer,
            |input, path| {
                let run = match path {
                    true => bfs_judge::chase::run_path,
                    false => bfs_judge::chase::run,
                };
                solve(run, input)
            },
        );
    }
}
