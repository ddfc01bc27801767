//! wave: the wave (Lee) algorithm on a `# . s f` maze: the moves of a shortest path from
//! `s` to `f`, or `-1`, then the maze with that path's cells drawn as `*`, the path walked
//! back from `f` to the first neighbour (up, right, down, left) numbered one less.

use bfs_judge::check::tie::Check;
use bfs_judge::core::error::InputError;

use super::grid::shrink::Mazes;
use super::grid::{self, SCALE};
use super::search::grid::{Cells, Maze, Route, Rules};
use super::search::Search;
use super::shrink::{greedy, Keeps, Shrunk};
use super::{Ours, OursError, Scale};

pub struct Wave;

/// The search of the statement's Solution: the wave from `s`, neighbours tried up, right,
/// down, left; the route is the walk back from `f`.
static RULES: Rules = Rules {
    name: "wave",
    order: bfs_judge::wave::ORDER,
    moves: ["up", "down", "left", "right"],
    cells: Cells::RowColumn,
    route: Route::WalkBack,
    read,
};

fn read(input: &[u8]) -> Result<Maze, InputError> {
    let mut buf = input.to_vec();
    let i = bfs_judge::wave::parse(&mut buf)?;
    Ok(Maze::of(&i.grid, i.start, i.finish, b'#'))
}

impl Ours for Wave {
    fn name(&self) -> &'static str {
        RULES.name
    }

    fn checker(&self) -> Option<Check> {
        Some(bfs_judge::check::wave::check)
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

    /// What the problem prints, from the trace: the distance, and the maze with the
    /// route's inner cells drawn; or `-1`.
    fn answer(input: &[u8]) -> Vec<u8> {
        let t = grid_trace(&RULES, input);
        let Some(d) = t.distance else {
            return b"-1\n".to_vec();
        };
        let mut drawn = t.cells.clone();
        for &cell in &t.route[1..t.route.len() - 1] {
            drawn[cell as usize] = b'*';
        }
        let mut out = format!("{d}\n").into_bytes();
        for row in drawn.chunks(t.cols as usize) {
            out.extend_from_slice(row);
            out.push(b'\n');
        }
        out
    }

    #[test]
    fn the_trace_gives_the_solvers_answer() {
        agree(
            "wave",
            &[(LAYOUTS, &[21, 18])],
            false,
            |input, _| answer(input),
            |input, _| solve(bfs_judge::wave::run, input),
        );
    }
}
