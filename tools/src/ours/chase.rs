//! chase: the fewest steps of the monster `S` to the player `E` on a `. # S E` grid, or
//! with `--path` the cells of the shortest path that is smallest under D < U < R < L,
//! 0-based `(r, c)` on one line.

use bfs_judge::core::error::InputError;

use super::grid::shrink::Mazes;
use super::grid::GridProblem;
use super::search::grid::{Cells, Maze, Route, Rules, LETTERS};

pub static CHASE: GridProblem = GridProblem {
    // The statement's Solution: from `S`, moves tried D, U, R, L, the first parent kept;
    // the route is the parents walked back from `E`.
    rules: Rules {
        name: "chase",
        order: bfs_judge::chase::ORDER,
        moves: LETTERS,
        cells: Cells::ZeroBased,
        route: Route::FirstParents,
        read,
    },
    checker: bfs_judge::check::chase::check,
    stress: [(1, 12), (2, 12)],
    mazes: Mazes::marked,
};

fn read(input: &[u8]) -> Result<Maze, InputError> {
    let mut buf = input.to_vec();
    let i = bfs_judge::chase::parse(&mut buf)?;
    Ok(Maze::of(&i.grid, i.monster, i.player, b'#'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ours::search::against_the_solvers::{agree, grid_trace, solve, LAYOUTS};

    /// What the problem prints, from the trace: the distance or `-1`; with `--path` the
    /// route's cells.
    fn answer(input: &[u8], path: bool) -> Vec<u8> {
        let t = grid_trace(&CHASE.rules, input);
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
        let run = |path| match path {
            true => bfs_judge::chase::run_path,
            false => bfs_judge::chase::run,
        };
        let random: &[(&[&str], &[u64])] = &[(LAYOUTS, &[19, 21])];
        agree("chase", random, true, answer, |input, path| {
            solve(run(path), input)
        });
    }
}
