//! wave: the wave (Lee) algorithm on a `# . s f` maze: the moves of a shortest path from
//! `s` to `f`, or `-1`, then the maze with that path's cells drawn as `*`, the path walked
//! back from `f` to the first neighbour (up, right, down, left) numbered one less.

use bfs_judge::core::error::InputError;

use super::grid::shrink::Mazes;
use super::grid::GridProblem;
use super::search::grid::{Cells, Maze, Route, Rules};

pub static WAVE: GridProblem = GridProblem {
    // The statement's Solution: the wave from `s`, neighbours tried up, right, down, left;
    // the route is the walk back from `f`.
    rules: Rules {
        name: "wave",
        order: bfs_judge::wave::ORDER,
        moves: ["up", "down", "left", "right"],
        cells: Cells::RowColumn,
        route: Route::WalkBack,
        read,
    },
    checker: bfs_judge::check::wave::check,
    stress: [(1, 12), (2, 12)],
    mazes: Mazes::marked,
};

fn read(input: &[u8]) -> Result<Maze, InputError> {
    let mut buf = input.to_vec();
    let i = bfs_judge::wave::parse(&mut buf)?;
    Ok(Maze::of(&i.grid, i.start, i.finish, b'#'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ours::search::against_the_solvers::{agree, grid_trace, solve, LAYOUTS};

    /// What the problem prints, from the trace: the distance, and the maze with the
    /// route's inner cells drawn; or `-1`.
    fn answer(input: &[u8]) -> Vec<u8> {
        let t = grid_trace(&WAVE.rules, input);
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
        let random: &[(&[&str], &[u64])] = &[(LAYOUTS, &[21, 18])];
        agree(
            "wave",
            random,
            false,
            |input, _| answer(input),
            |input, _| solve(bfs_judge::wave::run, input),
        );
    }
}
