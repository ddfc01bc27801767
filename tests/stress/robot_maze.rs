use super::{compare, maze, write_rows, RandomGrid, TestRng};
use crate::reference::robot_maze::reference;

pub(crate) fn make(seed: u64) -> Vec<u8> {
    let mut rng = TestRng::new(seed);
    // One case in fifty is larger: tiles away from the grid's edges, and searches
    // that a bound (see `BitGrid::search`) must try more than once.
    let big = seed >= 2000 && seed % 50 == 49;
    let side = if big {
        150
    } else if seed < 2000 {
        6
    } else {
        30
    };
    let mut grid = RandomGrid::new(&mut rng, side);
    if seed >= 2000 && rng.chance(25) {
        // Corridors, long and a cell wide across several 8x8 tiles: the search follows
        // them a tile and a row at a time, the walk a row at a time.
        let long = if big { 150 } else { 40 };
        let (rows, cols) = (1 + rng.below(long) as usize, 1 + rng.below(long) as usize);
        let holes = rng.below(1 + (rows * cols / 8) as u64) as usize;
        grid = RandomGrid {
            rows,
            cols,
            cells: maze(&mut rng, rows, cols, holes),
        };
    }
    let (r1, c1) = grid.cell(&mut rng);
    // The finish is sometimes the start, so start = finish is covered.
    let (r2, c2) = if rng.chance(5) {
        (r1, c1)
    } else {
        grid.cell(&mut rng)
    };
    let mut text = format!(
        "{} {} {} {} {} {}\n",
        grid.rows,
        grid.cols,
        r1 + 1,
        c1 + 1,
        r2 + 1,
        c2 + 1
    )
    .into_bytes();
    let rows: Vec<Vec<u8>> = grid
        .cells
        .iter()
        .map(|row| {
            row.iter()
                .map(|&wall| if wall { b'1' } else { b'0' })
                .collect()
        })
        .collect();
    write_rows(&mut rng, &rows, &mut text);
    text
}

#[test]
fn robot_maze_matches_reference() {
    compare(
        "robot-maze",
        10_000,
        make,
        bfs_judge::robot_maze::run,
        reference,
    );
}
