//! The breadth-first search kernel shared by every grid problem.
//!
//! It searches layer by layer with two `u32` queues (the current layer and the next),
//! so its memory is proportional to the widest layer, not to the grid. Visited cells
//! are marked in the grid bytes themselves: a cell is enterable while its byte equals
//! `free`, and entering it overwrites the byte with a mark chosen by the problem (the
//! direction it was entered by, or the layer number modulo 3). Trying neighbours in a
//! problem's fixed order and keeping the first mark reproduces the "first parent"
//! rule by which the reference solutions break ties.
//!
//! Complexity: O(cells visited) time, O(widest layer) extra memory.

use super::dir::Dir;
use super::grid::Grid;

/// Reusable queues for [`Bfs::search`].
#[derive(Default)]
pub struct Bfs {
    layer: Vec<u32>,
    next: Vec<u32>,
}

impl Bfs {
    pub fn new() -> Self {
        Bfs::default()
    }

    /// Searches `grid` from `start`, whose own byte the caller has already marked.
    ///
    /// Layer by layer, for each cell in queue order and each `k` in `0..4`, the
    /// neighbour in direction `order[k]` is entered if its byte is `free`: the byte
    /// becomes `mark(k, layer)` (which must differ from `free`), and `found(cell, layer)`
    /// decides whether to stop there. Returns the cell and layer where it stopped, or
    /// `None` once every reachable cell has been entered.
    ///
    /// `mark` is called four times per layer, not per cell.
    pub fn search(
        &mut self,
        grid: &mut Grid<'_>,
        free: u8,
        start: u32,
        order: &[Dir; 4],
        mut mark: impl FnMut(usize, u32) -> u8,
        mut found: impl FnMut(u32, u32) -> bool,
    ) -> Option<(u32, u32)> {
        let steps = order.map(|dir| dir.step(grid.width()));
        let cells = grid.cells_mut();
        self.layer.clear();
        self.layer.push(start);
        let mut layer_number = 0u32;
        while !self.layer.is_empty() {
            layer_number += 1;
            let marks = [
                mark(0, layer_number),
                mark(1, layer_number),
                mark(2, layer_number),
                mark(3, layer_number),
            ];
            self.next.clear();
            for &cell in &self.layer {
                for k in 0..4 {
                    let next = cell.wrapping_add(steps[k]);
                    if let Some(byte) = cells.get_mut(next as usize) {
                        if *byte == free {
                            *byte = marks[k];
                            if found(next, layer_number) {
                                return Some((next, layer_number));
                            }
                            self.next.push(next);
                        }
                    }
                }
            }
            std::mem::swap(&mut self.layer, &mut self.next);
        }
        None
    }
}
