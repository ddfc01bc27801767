//! A BFS parent chain turned into a path that can be written from its start.
//!
//! After a [`Bfs`](super::bfs::Bfs) search whose marks are the [`Dir`] codes (0..4) of
//! the move each cell was entered by, the chain from the finish leads back to the
//! start, the wrong way round for printing. [`thread`] reverses it in place, leaving in
//! each path cell the code of the move out of it (and [`END`] in the finish), so
//! [`walk`] can stream the path from the start with no memory beyond the grid: a
//! serpentine path of millions of cells needs no `Vec` of cells.
//!
//! Complexity: O(path length) time, no extra memory.

use super::dir::Dir;
use super::grid::Grid;

/// The byte [`thread`] leaves in the finish cell. It differs from every [`Dir`] code;
/// grids whose own bytes (cells or the wall column) could equal it must not use this.
pub const END: u8 = 5;

/// Reverses the parent chain from `finish` back to `start` in place: afterwards each
/// cell of the path holds the [`Dir`] code of the move to the next one, and `finish`
/// holds [`END`]. Every cell of the chain but `start` must hold the code of the move
/// it was entered by; `start`'s own byte is overwritten whatever it was.
pub fn thread(grid: &mut Grid<'_>, start: u32, finish: u32) {
    let width = grid.width();
    let cells = grid.cells_mut();
    let mut cell = finish;
    let mut onward = END;
    loop {
        let entered_by = cells[cell as usize];
        cells[cell as usize] = onward;
        if cell == start {
            break;
        }
        onward = entered_by;
        cell = cell.wrapping_add(Dir::from_code(entered_by).opposite().step(width));
    }
}

/// Calls `visit(row, col)` (0-based) for every cell of the path [`thread`] left,
/// from `start` to the finish.
pub fn walk(grid: &Grid<'_>, start: u32, mut visit: impl FnMut(u32, u32)) {
    let cells = grid.cells();
    let width = grid.width();
    let (mut row, mut col) = grid.coords(start);
    let mut cell = start;
    loop {
        visit(row, col);
        let onward = cells[cell as usize];
        if onward == END {
            break;
        }
        let dir = Dir::from_code(onward);
        let (dr, dc) = dir.delta();
        row = row.wrapping_add(dr as u32);
        col = col.wrapping_add(dc as u32);
        cell = cell.wrapping_add(dir.step(width));
    }
}
