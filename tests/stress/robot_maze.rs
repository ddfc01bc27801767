use super::{compare, write_rows, RandomGrid, TestRng};
use crate::reference::robot_maze::reference;

pub(crate) fn make(seed: u64) -> Vec<u8> {
    let mut rng = TestRng::new(seed);
    let grid = RandomGrid::new(&mut rng, if seed < 2000 { 6 } else { 30 });
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
