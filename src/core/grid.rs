//! The flat grid: one byte per cell, row-major, `u32` indices.
//!
//! Row `r` occupies bytes `r * width .. (r + 1) * width` with `width = cols + 1`: the
//! extra byte after each row is a wall ([`SENTINEL`](super::scan::SENTINEL)), so
//! moving left from column 0 or right from the last column lands on a wall, and
//! moving up from row 0 or down from the last row leaves the slice. Neighbours need no
//! bounds arithmetic beyond "index < len". The bytes are whatever the problem stores:
//! the input characters after parsing, BFS marks during and after a search.

use super::dir::Dir;

/// The largest number of grid bytes, `rows * (cols + 1)`, a grid may have.
///
/// Not `u32::MAX`: moving up from row 0 wraps to `2^32 - width + col`, which must lie
/// past the grid (`>= rows * width`), so `(rows + 1) * width <= 2^32` is needed. A bound
/// on `rows * width` alone guarantees that only when it is at most `2^31` (then
/// `width <= 2^31` too). With `u32::MAX` a 1431655765 x 2 grid stepped from its first
/// row into its last.
pub const MAX_GRID_BYTES: u64 = 1 << 31;

/// A grid of `rows x cols` cells over a borrowed byte buffer of `rows * (cols + 1)` bytes.
pub struct Grid<'a> {
    cells: &'a mut [u8],
    rows: u32,
    cols: u32,
}

impl<'a> Grid<'a> {
    /// Wraps `cells`, which must hold `rows * (cols + 1)` bytes laid out as above.
    ///
    /// Panics if the length is wrong or does not fit `u32` indices (an internal fact:
    /// the scanner checks both against the input before building a grid).
    pub fn new(cells: &'a mut [u8], rows: u32, cols: u32) -> Self {
        assert_eq!(cells.len() as u64, u64::from(rows) * (u64::from(cols) + 1));
        assert!(cells.len() as u64 <= MAX_GRID_BYTES);
        Grid { cells, rows, cols }
    }

    pub fn rows(&self) -> u32 {
        self.rows
    }

    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Bytes per row: the columns and the wall after them.
    pub fn width(&self) -> u32 {
        self.cols + 1
    }

    /// All bytes, walls after each row included.
    pub fn cells(&self) -> &[u8] {
        self.cells
    }

    pub fn cells_mut(&mut self) -> &mut [u8] {
        self.cells
    }

    /// The index of (row, col), both 0-based and in range.
    #[inline]
    pub fn index(&self, row: u32, col: u32) -> u32 {
        row * self.width() + col
    }

    /// The (row, col) of an index, both 0-based.
    #[inline]
    pub fn coords(&self, index: u32) -> (u32, u32) {
        (index / self.width(), index % self.width())
    }

    /// The cells of row `row`, without its wall byte.
    pub fn row(&self, row: u32) -> &[u8] {
        let start = (row * self.width()) as usize;
        &self.cells[start..start + self.cols as usize]
    }

    /// The neighbour of `index` in direction `dir`, if it is inside the buffer (it may
    /// still be a wall byte).
    #[inline]
    pub fn neighbour(&self, index: u32, dir: Dir) -> Option<u32> {
        let next = index.wrapping_add(dir.step(self.width()));
        (next < self.cells.len() as u32).then_some(next)
    }
}
