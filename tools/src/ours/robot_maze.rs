//! robot-maze: the robot's shortest route from its start to its finish on a grid of `0`
//! (free) and `1` (wall), the smallest under the order of moves U < D < L < R, printed cell
//! by cell (1-based), or `-1`. The start may be a wall (the robot stands there and leaves
//! it); both points are in the header, `R C r1 c1 r2 c2`.

use bfs_judge::core::error::InputError;

use super::grid::shrink::Mazes;
use super::grid::GridProblem;
use super::search::grid::{Cells, Maze, Route, Rules, LETTERS};

pub static ROBOT_MAZE: GridProblem = GridProblem {
    // The statement's Solution: from the start, moves tried U, D, L, R, the first parent
    // kept; the route is the parents walked back from the finish.
    rules: Rules {
        name: "robot-maze",
        order: bfs_judge::robot_maze::ORDER,
        moves: LETTERS,
        cells: Cells::OneBased,
        route: Route::FirstParents,
        read,
    },
    checker: bfs_judge::check::robot_maze::check,
    stress: [(1, 12), (1, 12)],
    mazes: Mazes::robot,
};

fn read(input: &[u8]) -> Result<Maze, InputError> {
    let mut buf = input.to_vec();
    let i = bfs_judge::robot_maze::parse(&mut buf)?;
    Ok(Maze::of(&i.grid, i.start, i.finish, b'1'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ours::search::against_the_solvers::{agree, grid_trace, solve, LAYOUTS};

    /// What the problem prints, from the trace: the route's cells, or `-1`.
    fn answer(input: &[u8]) -> Vec<u8> {
        let t = grid_trace(&ROBOT_MAZE.rules, input);
        if t.distance.is_none() {
            return b"-1\n".to_vec();
        }
        let cells = t.route.iter().map(|&cell| {
            let (r, c) = t.coords(cell);
            format!("{} {}\n", r + 1, c + 1)
        });
        cells.collect::<String>().into_bytes()
    }

    #[test]
    fn the_trace_gives_the_solvers_answer() {
        let random: &[(&[&str], &[u64])] = &[
            (LAYOUTS, &[17, 23]),
            (&["random,wallstart", "open,same"], &[9, 12]),
        ];
        agree(
            "robot-maze",
            random,
            false,
            |input, _| answer(input),
            |input, _| solve(bfs_judge::robot_maze::run, input),
        );
    }
}
