//! The breadth-first search shared by every grid problem, in two forms.
//!
//! Every problem of the family prints a distance, or the lexicographically smallest
//! shortest path under its own order of moves (which is what the seeds' BFS, trying
//! moves in that order and keeping first parents, prints). Visited cells are marked in
//! the grid bytes themselves: a cell is enterable while its byte equals `free`.
//!
//! - [`Distances`], for one search over a large byte grid (the wave checker; the solvers of
//!   robot-maze, chase and wave now search bitboards, [`bits`](super::bits)): marks
//!   each reached cell with its distance modulo 3; [`walk`] and [`descend`] then recover
//!   the path greedily, taking at each cell the first move in the problem's order that
//!   gets one step closer. The order in which a layer is visited no longer matters, so
//!   it takes the cheapest: four queues by entry direction (three neighbour checks per
//!   cell, not four), a branch-free inner loop, no bounds checks off the first and last
//!   rows.
//! - [`Bfs::search`], for many small searches that stop early and must undo their marks
//!   (pushing-boxes' person searches, thousands per map): plain first-in first-out
//!   layers, tries moves in the problem's order, and tells a callback about every cell
//!   it enters. Moving those searches onto `Distances` was measured: 853M -> 1141M
//!   instructions on 2,000 20x20 maps, its per-layer set-up dominating searches of a
//!   hundred cells; so both stay, each where it is measured to be faster.
//!
//! Complexity: O(cells reached) time, O(widest layer) extra memory; a walk is
//! O(path length).

use super::dir::Dir;
use super::grid::Grid;

/// First-in first-out search with a callback per entered cell: see the module docs
/// for when to use it rather than [`Distances`].
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

/// The byte [`Distances`] leaves in a cell whose distance from the source is `d`:
/// `d % 3`. Bytes 0, 1, 2 never occur in parsed input (control bytes are rejected), and
/// two adjacent cells' distances differ by at most one, so `d % 3` tells a neighbour's
/// distance apart: `d - 1`, `d` or `d + 1`.
pub const fn distance_mark(distance: u32) -> u8 {
    (distance % 3) as u8
}

/// Order-free breadth-first search: marks every cell reachable from a source with its
/// distance modulo 3 (see [`distance_mark`]).
///
/// Every problem of the family prints either a distance or the lexicographically
/// smallest shortest path under its own order of moves, and that path is recovered
/// greedily from distances alone ([`walk`]): the order in which a layer is visited does
/// not matter, so this kernel chooses the cheapest one. It keeps the next layer in four
/// queues by the direction each cell was entered from, so a cell never looks back at
/// the neighbour it came from (three checks, not four); and its inner loop has no
/// data-dependent branch, since on random walls "is this neighbour free?" is a coin
/// toss that a branch predictor loses.
///
/// Complexity: O(cells reached) time; memory: four queues of the widest layer.
#[derive(Default)]
pub struct Distances {
    /// Two sets of four queues, one queue per direction of entry: the layer being
    /// expanded and the next one. Layers alternate between the sets by index, so that
    /// nothing is moved per layer: a serpentine corridor has millions of one-cell
    /// layers (4001x4000: 3.47G -> 2.54G instructions with the `Vec` swaps gone).
    queues: [[Vec<u32>; 4]; 2],
    /// Every one of the eight queues holds at least this many entries.
    room: usize,
}

/// Layers of at most this many cells are expanded inline (see [`expand_large`]).
const SMALL_LAYER: usize = 16;

impl Distances {
    pub fn new() -> Self {
        Distances::default()
    }

    /// Marks the cells of `grid` reachable from `source` through cells whose byte is
    /// `free` with [`distance_mark`] of their distance; the source itself (whatever its
    /// byte was) gets mark 0. After each complete layer `done(cells, distance)` is asked
    /// whether to stop. Returns the distance of the last layer marked.
    pub fn run(
        &mut self,
        grid: &mut Grid<'_>,
        free: u8,
        source: u32,
        mut done: impl FnMut(&[u8], u32) -> bool,
    ) -> u32 {
        let width = grid.width();
        let cells = grid.cells_mut();
        cells[source as usize] = distance_mark(0);
        if done(cells, 0) {
            return 0;
        }
        // The source's first layer: all four neighbours, into set 0.
        self.make_room(1);
        let mut lens = [0usize; 4];
        let first = Layer {
            width,
            free,
            mark: distance_mark(1),
        };
        for dir in Dir::ALL {
            let d = dir as usize;
            enter::<false>(
                cells,
                source,
                dir,
                first,
                &mut self.queues[0][d],
                &mut lens[d],
            );
        }
        let mut distance = 1;
        let mut current = 0;
        loop {
            let total: usize = lens.iter().sum();
            if total == 0 {
                return distance - 1;
            }
            if done(cells, distance) {
                return distance;
            }
            distance += 1;
            let layer = Layer {
                width,
                free,
                mark: distance_mark(distance),
            };
            if total > self.room {
                self.make_room(total);
            }
            let [set0, set1] = &mut self.queues;
            let (this, next) = if current == 0 {
                (&*set0, set1)
            } else {
                (&*set1, set0)
            };
            let mut next_lens = [0usize; 4];
            // A cell entered moving up came from below: it checks up, left and right.
            // One copy of the loop per direction, so that the skipped side and the
            // three queues it appends to are constants. Small layers (a corridor's,
            // millions of them) are expanded inline, large ones by a call (see
            // `expand_large`).
            let n = &mut next_lens;
            if total <= SMALL_LAYER {
                if lens[0] > 0 {
                    expand::<0>(cells, &this[0][..lens[0]], next, n, layer);
                }
                if lens[1] > 0 {
                    expand::<1>(cells, &this[1][..lens[1]], next, n, layer);
                }
                if lens[2] > 0 {
                    expand::<2>(cells, &this[2][..lens[2]], next, n, layer);
                }
                if lens[3] > 0 {
                    expand::<3>(cells, &this[3][..lens[3]], next, n, layer);
                }
            } else {
                expand_large::<0>(cells, &this[0][..lens[0]], next, n, layer);
                expand_large::<1>(cells, &this[1][..lens[1]], next, n, layer);
                expand_large::<2>(cells, &this[2][..lens[2]], next, n, layer);
                expand_large::<3>(cells, &this[3][..lens[3]], next, n, layer);
            }
            lens = next_lens;
            current ^= 1;
        }
    }

    /// Makes all eight queues long enough for one entry per cell of a layer of `cells`
    /// cells, so that [`enter`] writes without growing anything.
    #[cold]
    fn make_room(&mut self, cells: usize) {
        let room = cells.next_power_of_two().max(self.room);
        for queue in self.queues.iter_mut().flatten() {
            queue.resize(room, 0);
        }
        self.room = room;
    }
}

/// [`expand`] as a function of its own, for large layers: inlined into the layer loop,
/// its registers would be shared with that loop's and spill (random 4000x4000 grid:
/// 495M -> 467M instructions), while one call per layer costs nothing.
#[inline(never)]
fn expand_large<const CAME: u8>(
    cells: &mut [u8],
    this: &[u32],
    next: &mut [Vec<u32>; 4],
    lens: &mut [usize; 4],
    layer: Layer,
) {
    expand::<CAME>(cells, this, next, lens, layer);
}

/// Expands the cells of `this` layer entered moving in direction `CAME` (a `Dir`
/// code): each enters its three other neighbours, appending them to the queues of
/// `next` at `lens`.
///
/// Each queue of `next` must have room for one entry per cell of the whole layer (the
/// four directions' cells together), as [`Distances::make_room`] ensures: a queue's
/// length grows by at most one per cell expanded.
#[inline(always)]
fn expand<const CAME: u8>(
    cells: &mut [u8],
    this: &[u32],
    next: &mut [Vec<u32>; 4],
    lens: &mut [usize; 4],
    layer: Layer,
) {
    let back = Dir::from_code(CAME).opposite();
    let width = layer.width;
    // Lengths in locals, so they stay in registers across the loop.
    let [mut up_len, mut down_len, mut left_len, mut right_len] = *lens;
    // Slices, not `&mut Vec`s: their pointers and lengths stay in registers too.
    let [up, down, left, right] = next;
    let (up, down) = (up.as_mut_slice(), down.as_mut_slice());
    let (left, right) = (left.as_mut_slice(), right.as_mut_slice());
    // Cells with `width <= cell < len - width`: off the first and last rows, all
    // four neighbours inside the slice (one check here instead of one per neighbour).
    let interior = (cells.len() as u32).saturating_sub(2 * width);
    // `back` is a constant: each of the calls below either vanishes or compiles to
    // straight-line code. Written out rather than as a loop over `Dir::ALL`, which
    // measured 5% to 2.4x more instructions.
    for &cell in this {
        if cell.wrapping_sub(width) < interior {
            if back != Dir::Up {
                enter::<true>(cells, cell, Dir::Up, layer, up, &mut up_len);
            }
            if back != Dir::Down {
                enter::<true>(cells, cell, Dir::Down, layer, down, &mut down_len);
            }
            if back != Dir::Left {
                enter::<true>(cells, cell, Dir::Left, layer, left, &mut left_len);
            }
            if back != Dir::Right {
                enter::<true>(cells, cell, Dir::Right, layer, right, &mut right_len);
            }
        } else {
            if back != Dir::Up {
                enter::<false>(cells, cell, Dir::Up, layer, up, &mut up_len);
            }
            if back != Dir::Down {
                enter::<false>(cells, cell, Dir::Down, layer, down, &mut down_len);
            }
            if back != Dir::Left {
                enter::<false>(cells, cell, Dir::Left, layer, left, &mut left_len);
            }
            if back != Dir::Right {
                enter::<false>(cells, cell, Dir::Right, layer, right, &mut right_len);
            }
        }
    }
    *lens = [up_len, down_len, left_len, right_len];
}

/// What every cell of a layer enters its neighbours with.
#[derive(Clone, Copy)]
struct Layer {
    width: u32,
    free: u8,
    mark: u8,
}

/// Enters the neighbour of `cell` in direction `dir` if its byte is `free`, appending
/// it to `queue` at `len`. Branch-free: the neighbour is written (its own byte or the
/// mark) and appended whether entered or not, and only counted when entered.
///
/// `INTERIOR` is for cells with `width <= cell < cells.len() - width`, whose four
/// neighbours are all in bounds: they skip the bounds checks (see [`enter_unchecked`]).
#[inline(always)]
fn enter<const INTERIOR: bool>(
    cells: &mut [u8],
    cell: u32,
    dir: Dir,
    layer: Layer,
    queue: &mut [u32],
    len: &mut usize,
) {
    let neighbour = cell.wrapping_add(dir.step(layer.width)) as usize;
    if INTERIOR {
        enter_unchecked(cells, neighbour, layer, queue, len);
    } else if let Some(byte) = cells.get_mut(neighbour) {
        // Outside the slice only above the first row or below the last.
        let entered = *byte == layer.free;
        *byte = if entered { layer.mark } else { *byte };
        // The queue has room for one entry per cell of the layer (see `make_room`).
        if let Some(slot) = queue.get_mut(*len) {
            *slot = neighbour as u32;
        }
        *len += usize::from(entered);
    }
}

/// [`enter`] without bounds checks, for a cell off the first and last rows.
///
/// The only `unsafe` in the solvers. Measured on a 4000x4000 grid with 25% random
/// walls: 675M -> 472M instructions (callgrind) and 112 -> 92 ms user time (hyperfine,
/// 10 runs): the checks per neighbour were a third of the kernel's instructions.
///
/// Callers guarantee that `neighbour` is `cell - width`, `cell - 1`, `cell + 1` or
/// `cell + width` for some `width <= cell < cells.len() - width`, and that `*len` is
/// below the number of layer cells expanded so far, which [`Distances::make_room`] made
/// at most `queue.len()`.
#[inline(always)]
fn enter_unchecked(
    cells: &mut [u8],
    neighbour: usize,
    layer: Layer,
    queue: &mut [u32],
    len: &mut usize,
) {
    debug_assert!(neighbour < cells.len() && *len < queue.len());
    // SAFETY: `width <= cell < cells.len() - width` puts each of the four neighbours
    // in bounds; `*len < queue.len()` as documented above.
    unsafe {
        let byte = cells.get_unchecked_mut(neighbour);
        let entered = *byte == layer.free;
        *byte = if entered { layer.mark } else { *byte };
        *queue.get_unchecked_mut(*len) = neighbour as u32;
        *len += usize::from(entered);
    }
}

/// Walks a shortest path down the distance marks [`Distances::run`] left, from `from`
/// to the source `to`, each time stepping to the first neighbour in `order` whose
/// distance is one less (see [`descend`]); `visit(row, col)` is called for every cell
/// of the path, `from` first and `to` last, with 0-based coordinates (tracked move by
/// move, not divided out of indices).
///
/// The moves form the lexicographically smallest shortest move sequence from `from` to
/// `to` under `order`, which is exactly the path a BFS from `from` trying moves in
/// `order` and keeping first parents prints (its queue holds each layer in that
/// lexicographic order). So a problem that prints such a path from its start searches
/// from its finish and walks from its start, and the path streams out start first.
///
/// `from` must be marked. Complexity: O(path length).
pub fn walk(
    grid: &Grid<'_>,
    from: u32,
    to: u32,
    order: &[Dir; 4],
    mut visit: impl FnMut(u32, u32),
) {
    let (mut row, mut col) = grid.coords(from);
    visit(row, col);
    let mut cell = from;
    while cell != to {
        let (next, dir) = descend(grid, cell, order);
        let (dr, dc) = dir.delta();
        row = row.wrapping_add(dr as u32);
        col = col.wrapping_add(dc as u32);
        visit(row, col);
        cell = next;
    }
}

/// One step of [`walk`]: the first neighbour of `cell` in `order` whose distance mark
/// is one less, and the move to it. For callers that rewrite the path as they walk it:
/// a cell may be rewritten once it has been stepped off (it reads as neither `cell`'s
/// mark nor a lower one unless rewritten with a mark), not before, since its own mark
/// is what this reads.
///
/// `cell` must be marked and not the source.
#[inline]
pub fn descend(grid: &Grid<'_>, cell: u32, order: &[Dir; 4]) -> (u32, Dir) {
    let cells = grid.cells();
    let lower = (cells[cell as usize] + 2) % 3;
    order
        .iter()
        .find_map(|&dir| {
            let next = grid.neighbour(cell, dir)?;
            (cells[next as usize] == lower).then_some((next, dir))
        })
        .expect("a marked cell other than the source has a lower neighbour")
}
