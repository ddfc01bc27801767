//! The grid as bitboards, and a bit-parallel breadth-first search over it.
//!
//! Free cells are bits, one `u64` per 8x8 tile (bit `8 * row + col` within the tile),
//! with a border of all-wall tiles around the grid so that no move needs a bounds
//! check. A 4000x4000 grid is 2 MB of free bits instead of 16 MB of bytes, and the
//! search's marks take 4 MB more: all of it stays in cache, where the byte grid's
//! searches stalled on memory.
//!
//! [`BitGrid::search`] runs layer by layer from a source over a list of the tiles
//! whose frontier is not empty: a tile's next cells are a few shifts and masks of its
//! frontier, and the bits that leave it over an edge are carried to the neighbouring
//! tile. Each reached cell is marked with its distance modulo 3 (plus one, so that 0
//! means "not reached") in two bitplanes, when it is reached. That is all
//! [`BitGrid::walk`] needs to recover the lexicographically smallest shortest path
//! under a problem's order of moves (see its docs), so the search may visit a layer in
//! any order, here a whole tile at once; and a tile's frontier need not be kept, it is
//! the tile's cells with the layer's mark (see `expand`).
//!
//! Where the time goes, and what each part of the search is for:
//! - Random mazes: each tile is active for a dozen layers or so, and whether a frontier
//!   reaches a tile's edge, or finds new cells over it, is a coin toss. A layer's
//!   expansion (`expand`) has no data-dependent branch: each tile enters its cells into
//!   itself and its four neighbours unconditionally, and a byte per tile says whether
//!   it is listed in the next layer already. The mark is a constant of each copy of the
//!   loop (one per mark), so a layer writes one bitplane or two.
//! - Corridors (a serpentine's 8 million one-cell layers): a layer within one tile is
//!   followed in registers (`BitGrid::corridor`) from tile to tile, and a lone cell
//!   moving along its row is followed to the tile's edge in one step (`row_run`).
//! - The walk takes a horizontal stretch of the path eight cells at a time from the
//!   mark bits (`BitGrid::run`) and hands it on as one piece
//!   ([`BitGrid::walk_rows`]), for writers that count a column up or down.
//!
//! Complexity: O(cells / 64 + tiles reached x layers they are active in) time,
//! 24 bytes per 64 cells plus 2 bytes per tile; a walk is O(path length).

use super::dir::Dir;
use super::grid::Grid;

/// One 8x8 tile: its free cells and the two bitplanes of its marks.
#[derive(Clone, Copy, Default)]
struct Tile {
    free: u64,
    /// Bit 0 of each reached cell's mark, `distance % 3 + 1`.
    lo: u64,
    /// Bit 1 of that mark.
    hi: u64,
}

/// The top row of a tile, its bottom row, its left column and its right column.
const ROW0: u64 = 0xff;
const ROW7: u64 = 0xff << 56;
const COL0: u64 = 0x0101_0101_0101_0101;
const COL7: u64 = COL0 << 7;
/// The cells of a tile on its edges: some of their neighbours are in the next tile.
const EDGE: u64 = ROW0 | ROW7 | COL0 | COL7;

/// Cells sit 8 rows and 8 columns in from the tiles' corner: the border tiles.
const PAD: usize = 8;

/// The free cells of a `rows x cols` grid as 8x8 tiles, and the marks of a search.
pub struct BitGrid {
    rows: u32,
    cols: u32,
    /// Tiles per row of tiles, the two border columns included.
    stride: usize,
    tiles: Vec<Tile>,
}

/// The tile and bit of a cell.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Spot {
    tile: usize,
    bit: u32,
}

impl BitGrid {
    /// A grid of `rows x cols` walls; [`BitGrid::pack_row`] and [`BitGrid::set_free`]
    /// open cells. Memory is taken as rows are packed, not by the size claimed here.
    pub fn new(rows: u32, cols: u32) -> BitGrid {
        BitGrid {
            rows,
            cols,
            stride: (cols as usize + 7) / 8 + 2,
            tiles: Vec::new(),
        }
    }

    /// Whether the bitboards of a `rows x cols` grid (24 bytes a tile, 2 more during a
    /// search, border tiles included) take no more memory than its bytes (`cols + 1` a
    /// row) and 1 MiB. Grids a few cells wide or high do not: they are mostly border.
    pub fn fits(rows: u32, cols: u32) -> bool {
        let tiles = (u64::from(rows) + 7) / 8 + 2;
        let tiles = tiles * ((u64::from(cols) + 7) / 8 + 2);
        tiles * 26 <= u64::from(rows) * (u64::from(cols) + 1) + (1 << 20)
    }

    /// Makes room for row `row` and the border below it.
    fn grow(&mut self, row: u32) {
        let need = ((row as usize + PAD) / 8 + 2) * self.stride;
        if self.tiles.len() < need {
            self.tiles.resize(need, Tile::default());
        }
    }

    /// Opens the cells of row `row` whose byte in `cells` (one byte per column) is `free`.
    pub fn pack_row(&mut self, row: u32, cells: &[u8], free: u8) {
        // Any byte but `free` is a wall here; `!free` pads the last word.
        let wall = !free;
        self.pack(row, 0, cells, free, wall, false);
    }

    /// Opens the cells `col..` of row `row` (`col` a multiple of 8) whose byte in
    /// `cells` is `free`, if every byte is `free` or `wall`; returns whether they were.
    /// Eight bytes become eight bits with one multiply.
    pub fn pack_plain(&mut self, row: u32, col: usize, cells: &[u8], free: u8, wall: u8) -> bool {
        self.pack(row, col, cells, free, wall, true)
    }

    fn pack(
        &mut self,
        row: u32,
        col: usize,
        cells: &[u8],
        free: u8,
        wall: u8,
        check: bool,
    ) -> bool {
        self.grow(row);
        let r = row as usize + PAD;
        let mut tile = (r / 8) * self.stride + (col + PAD) / 8;
        let shift = (r % 8) * 8;
        let (free8, wall8) = (broadcast(free), broadcast(wall));
        let mut stray = 0;
        let mut chunks = cells.chunks_exact(8);
        let mut word = [wall; 8];
        for chunk in &mut chunks {
            word.copy_from_slice(chunk);
            let word = u64::from_le_bytes(word);
            let open = differs(word ^ free8);
            stray |= open & differs(word ^ wall8);
            self.tiles[tile].free |= gather(!open) << shift;
            tile += 1;
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            word = [wall; 8];
            word[..rest.len()].copy_from_slice(rest);
            let word = u64::from_le_bytes(word);
            let open = differs(word ^ free8);
            stray |= open & differs(word ^ wall8);
            self.tiles[tile].free |= gather(!open) << shift;
        }
        !check || stray == 0
    }

    /// Writes cells `..cols` of row `row` as `free` and `wall` bytes: what
    /// [`BitGrid::pack_plain`] read, for a caller that must hand the input on.
    pub fn unpack(&self, row: u32, cols: usize, free: u8, wall: u8, to: &mut Vec<u8>) {
        to.extend((0..cols as u32).map(|col| if self.is_free(row, col) { free } else { wall }));
    }

    /// The free cells of row `row`, eight columns a byte (bit `i` of byte `g` for column
    /// `8 * g + i`; columns past the grid are walls): a row's bytes are rebuilt eight at
    /// a time from these. The row must have been packed.
    pub fn free_bytes(&self, row: u32) -> impl Iterator<Item = u8> + '_ {
        let spot = self.spot(row, 0);
        let groups = (self.cols as usize + 7) / 8;
        self.tiles[spot.tile..spot.tile + groups]
            .iter()
            .map(move |tile| (tile.free >> spot.bit) as u8)
    }

    /// Opens cell (row, col), 0-based and in range.
    pub fn set_free(&mut self, row: u32, col: u32) {
        self.grow(row);
        let spot = self.spot(row, col);
        self.tiles[spot.tile].free |= 1 << spot.bit;
    }

    /// Whether cell (row, col) is free; `false` outside the grid.
    pub fn is_free(&self, row: u32, col: u32) -> bool {
        let spot = self.spot(row, col);
        // Not `is_some_and`: the bundles compile on rustc 1.63.
        matches!(self.tiles.get(spot.tile), Some(tile) if tile.free >> spot.bit & 1 != 0)
    }

    /// The tile and bit of (row, col). A row or column of -1 (`u32::MAX`) or one past
    /// the last lands in a border tile or the unused part of an edge tile: never free,
    /// never marked.
    #[inline]
    fn spot(&self, row: u32, col: u32) -> Spot {
        let r = (row as usize).wrapping_add(PAD) & (u32::MAX as usize);
        let c = (col as usize).wrapping_add(PAD) & (u32::MAX as usize);
        Spot {
            tile: (r / 8) * self.stride + c / 8,
            bit: ((r % 8) * 8 + c % 8) as u32,
        }
    }

    /// The mark of a cell: its distance from the last search's source modulo 3,
    /// plus one; 0 if the search did not reach it (or it is outside the grid).
    #[inline(always)]
    fn mark(&self, spot: Spot) -> u32 {
        let tile = &self.tiles[spot.tile];
        ((tile.lo >> spot.bit) & 1 | ((tile.hi >> spot.bit) & 1) << 1) as u32
    }

    /// Breadth-first search from `source` through free cells (the source itself need
    /// not be free), layer by layer, until the layer that reaches `target` is complete.
    /// Returns the distance of `target`, or `None` if it cannot be reached. Both cells
    /// are 0-based (row, col) in range.
    ///
    /// When it returns the distance `D`, every cell on a shortest path from `source` to
    /// `target` is marked with its distance (mod 3, plus one), and any other marked
    /// cell with its distance or its distance plus 2: [`BitGrid::walk`] from `target`
    /// needs no more (see `Prune`). Cells of other paths may be left unmarked.
    ///
    /// First the search is tried with a bound on each cell's distance plus its
    /// Manhattan distance to `target` (`Prune`): cells beyond it are not expanded. On
    /// a random maze the shortest path is rarely much longer than the Manhattan
    /// distance, and such a search expands a third of the cells a plain one does
    /// (corner to corner of a 4000x4000 maze with 25% walls: 1.55M tiles instead of
    /// 3.58M, and a 10000x10000 one between random cells a tenth). If the bound is too
    /// low the search fails, its marks are cleared, and it is tried again with the
    /// bound's excess over the Manhattan distance doubled, unless that excess would
    /// pass a quarter of the Manhattan distance (a serpentine's path is many times
    /// longer) or the failed tries have cost two layers of every tile (a plain search
    /// of a random maze costs about 14); then a plain search runs. A try is also
    /// given up once all tries have cost ten layers a tile. So a target that cannot
    /// be reached costs at most about that much more than a plain search, and when the
    /// target is walled into a pocket (the usual way a test makes it unreachable), a
    /// small search from it after the first try says so, and no plain search runs.
    /// The source is made free (it is where the search stands).
    pub fn search(&mut self, source: (u32, u32), target: (u32, u32)) -> Option<u32> {
        self.grow(self.rows.saturating_sub(1));
        let from = self.spot(source.0, source.1);
        let goal = self.spot(target.0, target.1);
        if from == goal {
            self.tiles[from.tile].lo |= 1 << from.bit;
            return Some(0);
        }
        self.tiles[from.tile].free |= 1 << from.bit;
        let mut queued = vec![0u8; 2 * self.tiles.len()];
        let mut prune = Prune::new(self.tiles.len(), self.stride, target);
        let manhattan = source.0.abs_diff(target.0) + source.1.abs_diff(target.1);
        let tiles = self.tiles.len() as i64;
        let mut budget = 10 * tiles;
        let mut excess = 0;
        while excess <= manhattan / 4 && budget > 8 * tiles {
            prune.limit = i64::from(manhattan + excess);
            let tried = self.layers(from, goal, &prune, true, &mut queued, &mut budget);
            if let Ok(Some(distance)) = tried {
                return Some(distance);
            }
            self.clear_marks(from.tile / self.stride);
            if tried.is_err() {
                queued.fill(0);
                break;
            }
            if excess == 0 && self.pocket(from, goal, &mut prune, &mut queued) {
                return None;
            }
            excess = (2 * excess).max(2);
        }
        self.layers(from, goal, &prune, false, &mut queued, &mut budget)
            .unwrap_or(None)
    }

    /// Whether a search from `goal` runs out of cells within a 16th of a layer of
    /// tiles without reaching `from`: then `goal` is in a pocket `from` is not in.
    /// Nothing is cut (`prune`'s limit is past any distance); the marks are cleared.
    fn pocket(&mut self, from: Spot, goal: Spot, prune: &mut Prune, queued: &mut [u8]) -> bool {
        prune.limit = 1 << 40;
        let mut budget = (self.tiles.len() / 16) as i64;
        let searched = self.layers(goal, from, prune, true, queued, &mut budget);
        self.clear_marks(goal.tile / self.stride);
        queued.fill(0);
        searched == Ok(None)
    }

    /// Clears the marks of a search from a source in row of tiles `row`. Its marked
    /// cells are connected, so the rows of tiles with marks are too: those from `row`
    /// up and down to the first row without any.
    fn clear_marks(&mut self, row: usize) {
        let stride = self.stride;
        let rows = self.tiles.len() / stride;
        // Clears a row of tiles; whether it had marks.
        let mut clear = |row: usize| {
            let mut marked = 0;
            for tile in &mut self.tiles[row * stride..(row + 1) * stride] {
                marked |= tile.lo | tile.hi;
                (tile.lo, tile.hi) = (0, 0);
            }
            marked != 0
        };
        (row..rows).take_while(|&row| clear(row)).for_each(drop);
        (0..row).rev().take_while(|&row| clear(row)).for_each(drop);
    }

    /// One search from `from` until `goal` is reached (`Ok(Some(distance))`) or the
    /// frontier is empty (`Ok(None)`); if `bounded`, expanding only the cells `prune`
    /// allows, and `Err` once the search has cost more than `budget` (tiles expanded
    /// and corridor layers). `queued` is all zeros before, and after unless it fails so.
    fn layers(
        &mut self,
        from: Spot,
        goal: Spot,
        prune: &Prune,
        bounded: bool,
        queued: &mut [u8],
        budget: &mut i64,
    ) -> Result<Option<u32>, ()> {
        let stride = self.stride;
        self.tiles[from.tile].lo |= 1 << from.bit;
        // The tiles of the current layer and of the next: `layer[..len]`, `next[..]`.
        let mut layer: Vec<u32> = vec![from.tile as u32];
        let mut len = 1;
        let mut next: Vec<u32> = Vec::new();
        let mut distance = 0u32;
        while len != 0 {
            if len == 1 {
                let tile = layer[0] as usize;
                queued[(distance as usize & 1) * self.tiles.len() + tile] = 0;
                let mut entry = (layer[0], code_cells(&self.tiles[tile], distance % 3 + 1));
                let before = distance;
                let end = if bounded {
                    // A corridor within the budget: past it the layer goes on as if it
                    // split, and the budget stops the search below.
                    let cap = (*budget).clamp(0, i64::from(u32::MAX)) as u32;
                    let cap = before.saturating_add(cap);
                    self.corridor::<true>(&mut entry, &mut distance, goal, prune, cap)
                } else {
                    self.corridor::<false>(&mut entry, &mut distance, goal, prune, u32::MAX)
                };
                *budget -= i64::from(distance - before);
                if let Some(end) = end {
                    return Ok(end);
                }
                layer[0] = entry.0;
            }
            distance += 1;
            if next.len() < 5 * len {
                next.resize(10 * len, 0);
            }
            let from = &layer[..len];
            let kernel = [EXPAND, BOUNDED][usize::from(bounded)][distance as usize % 3];
            let tiles = &mut self.tiles;
            len = kernel(tiles, stride, from, &mut next, queued, distance, prune);
            let goal_tile = &self.tiles[goal.tile];
            if (goal_tile.lo | goal_tile.hi) >> goal.bit & 1 != 0 {
                return Ok(Some(distance));
            }
            *budget -= from.len() as i64;
            if bounded && *budget < 0 {
                return Err(());
            }
            std::mem::swap(&mut layer, &mut next);
        }
        Ok(None)
    }

    /// Runs the search while its frontier is `entry`, one tile, and follows it from tile
    /// to tile while each layer stays within one: the tile and its neighbours' open
    /// cells in registers, a few word operations a layer. Corridors (a serpentine's
    /// millions of one-cell layers) spend most layers here. Returns the search's result
    /// if it ended, else `None` with `entry` and `distance` the layer to continue from
    /// (when `BOUNDED`, also once the distance reaches `cap` on entering a tile).
    fn corridor<const BOUNDED: bool>(
        &mut self,
        entry: &mut (u32, u64),
        distance: &mut u32,
        goal: Spot,
        prune: &Prune,
        cap: u32,
    ) -> Option<Option<u32>> {
        let (mut tile, mut cells) = (entry.0 as usize, entry.1);
        let mut d = *distance;
        let mut mark = d % 3 + 1;
        let end = loop {
            let open = |tile: &Tile| tile.free & !(tile.lo | tile.hi);
            let up = open(&self.tiles[tile - self.stride]);
            let down = open(&self.tiles[tile + self.stride]);
            let left = open(&self.tiles[tile - 1]);
            let right = open(&self.tiles[tile + 1]);
            let Tile {
                free,
                mut lo,
                mut hi,
            } = self.tiles[tile];
            let goal_bit = if goal.tile == tile { 1 << goal.bit } else { 0 };
            // Where the layer goes when it leaves the tile: over each edge, and within.
            let (mut leaving, mut staying) = ([0; 4], 0);
            let end = loop {
                if BOUNDED {
                    cells &= prune.allowed(tile, prune.limit - i64::from(d));
                }
                let new = spread(cells) & free & !(lo | hi);
                let outs = [
                    (cells & ROW0) << 56 & up,
                    (cells & ROW7) >> 56 & down,
                    (cells & COL0) << 7 & left,
                    (cells & COL7) >> 7 & right,
                ];
                if outs != [0; 4] {
                    (leaving, staying) = (outs, new);
                    break None;
                }
                if new == 0 {
                    break Some(None);
                }
                d += 1;
                mark = if mark == 3 { 1 } else { mark + 1 };
                lo |= new & 0u64.wrapping_sub(u64::from(mark & 1));
                hi |= new & 0u64.wrapping_sub(u64::from(mark >> 1));
                if new & goal_bit != 0 {
                    break Some(Some(d));
                }
                let single = cells & cells.wrapping_sub(1) == 0;
                let rightwards = new == (cells & !COL7) << 1;
                let leftwards = new == (cells & !COL0) >> 1;
                cells = new;
                if single && (rightwards || leftwards) && !BOUNDED {
                    // One cell moving along a row: it may go on alone for a while.
                    let open = free & !(lo | hi);
                    let run = row_run(cells, rightwards, open, up, down, goal_bit);
                    if run != 0 {
                        let at = cells.trailing_zeros();
                        let shift = at / 8 * 8;
                        let x = at % 8;
                        // The cells of the run `i` steps on have mark `mark + i`: those
                        // whose mark is `v`, by their column modulo 3.
                        let with_mark = |v: u32| {
                            let third = if rightwards {
                                (x + v + 3 - mark) % 3
                            } else {
                                (x + mark + 3 - v) % 3
                            };
                            run & u64::from(THIRDS[third as usize]) << shift
                        };
                        lo |= with_mark(1) | with_mark(3);
                        hi |= with_mark(2) | with_mark(3);
                        let k = run.count_ones();
                        d += k;
                        mark = (mark - 1 + k) % 3 + 1;
                        cells = if rightwards {
                            1 << (63 - run.leading_zeros())
                        } else {
                            run & run.wrapping_neg()
                        };
                        if cells & goal_bit != 0 {
                            break Some(Some(d));
                        }
                    }
                }
            };
            self.tiles[tile].lo = lo;
            self.tiles[tile].hi = hi;
            if end.is_some() {
                break end;
            }
            // The layer leaves the tile. When all of the next layer is in one
            // neighbour, the corridor goes on there.
            let neighbours = [tile - self.stride, tile + self.stride, tile - 1, tile + 1];
            let mut over = leaving.into_iter().zip(neighbours).filter(|out| out.0 != 0);
            let (new, next) = match (staying, over.next(), over.next()) {
                (0, Some(only), None) => only,
                _ => break None,
            };
            d += 1;
            mark = if mark == 3 { 1 } else { mark + 1 };
            let t = &mut self.tiles[next];
            t.lo |= new & 0u64.wrapping_sub(u64::from(mark & 1));
            t.hi |= new & 0u64.wrapping_sub(u64::from(mark >> 1));
            tile = next;
            cells = new;
            if goal.tile == tile && new >> goal.bit & 1 != 0 {
                break Some(Some(d));
            }
            if BOUNDED && d >= cap {
                break None;
            }
        };
        *entry = (tile as u32, cells);
        *distance = d;
        end
    }

    /// Walks a shortest path down the marks [`BitGrid::search`] left, from `from` to
    /// the source `to`, each time taking the first move in `order` to a cell one step
    /// closer; `visit(row, col)` is called for every cell of the path, `from` first and
    /// `to` last, 0-based.
    ///
    /// The moves form the lexicographically smallest shortest move sequence from `from`
    /// to `to` under `order`, which is exactly the path a BFS from `from` trying moves
    /// in `order` and keeping first parents prints (its queue holds each layer in that
    /// lexicographic order). So a problem that prints such a path from its start
    /// searches from its finish and walks from its start, and the path streams out
    /// start first.
    ///
    /// `from` must be marked. Complexity: O(path length).
    pub fn walk(
        &self,
        from: (u32, u32),
        to: (u32, u32),
        order: &[Dir; 4],
        mut visit: impl FnMut(u32, u32),
    ) {
        self.walk_rows(from, to, order, |row, col, cells, right| {
            for i in 0..cells {
                visit(row, if right { col + i } else { col - i });
            }
        });
    }

    /// [`BitGrid::walk`], with the path in pieces along rows: `visit(row, col, cells,
    /// right)` stands for the `cells` cells from (row, col) on to the right (or left).
    /// Long horizontal stretches come as one piece (see `BitGrid::run`).
    pub fn walk_rows(
        &self,
        from: (u32, u32),
        to: (u32, u32),
        order: &[Dir; 4],
        mut visit: impl FnMut(u32, u32, u32, bool),
    ) {
        let (mut row, mut col) = from;
        let mut spot = self.spot(row, col);
        let goal = self.spot(to.0, to.1);
        let mut mark = self.mark(spot);
        // The first move in `order` among a set of moves (bit `Dir as u8`), for each set.
        let mut first = [Dir::Up; 16];
        for (set, slot) in first.iter_mut().enumerate() {
            if let Some(&dir) = order.iter().find(|&&dir| set >> dir as u8 & 1 != 0) {
                *slot = dir;
            }
        }
        // After the first move the cell behind is higher, so a cell whose vertical
        // neighbours are not lower has one lower neighbour only, the one ahead, and every
        // order takes it: a horizontal move runs on until a vertical neighbour is lower
        // (then `first` decides again), whatever the order.
        visit(row, col, 1, true);
        while spot != goal {
            // Marks cycle 1, 2, 3: the one before `mark`, as masks that turn the
            // cells with that mark into ones.
            mark = if mark == 1 { 3 } else { mark - 1 };
            let flip_lo = u64::from(mark & 1).wrapping_sub(1);
            let flip_hi = u64::from(mark >> 1).wrapping_sub(1);
            // All four neighbours are looked at and the first lower one in `order` is
            // taken. Those in this tile are among its lower cells: one rotation brings
            // their four bits together.
            let here = &self.tiles[spot.tile];
            let lower_here = (here.lo ^ flip_lo) & (here.hi ^ flip_hi);
            // Bit 9 is the cell: up is bit 1, down 17, left 8, right 10.
            let near = lower_here.rotate_right(spot.bit.wrapping_sub(9) & 63);
            let mut set = (near >> 1 & 1) | (near >> 16 & 2) | (near >> 6 & 4) | (near >> 7 & 8);
            if EDGE >> spot.bit & 1 != 0 {
                // On an edge the rotation wrapped: those neighbours are in the next tile.
                let lower = |dir: Dir| {
                    let next = self.step(spot, dir);
                    let tile = &self.tiles[next.tile];
                    ((tile.lo ^ flip_lo) & (tile.hi ^ flip_hi)) >> next.bit & 1
                };
                let (row, col) = (spot.bit / 8, spot.bit % 8);
                if row == 0 {
                    set = (set & !1) | lower(Dir::Up);
                } else if row == 7 {
                    set = (set & !2) | lower(Dir::Down) << 1;
                }
                if col == 0 {
                    set = (set & !4) | lower(Dir::Left) << 2;
                } else if col == 7 {
                    set = (set & !8) | lower(Dir::Right) << 3;
                }
            }
            let set = set as usize;
            assert!(
                set != 0,
                "a marked cell other than the source has a lower neighbour"
            );
            let dir = first[set];
            spot = self.step(spot, dir);
            let (dr, dc) = dir.delta();
            row = row.wrapping_add(dr as u32);
            col = col.wrapping_add(dc as u32);
            visit(row, col, 1, true);
            if matches!(dir, Dir::Left | Dir::Right) {
                let right = dir == Dir::Right;
                let cells;
                (spot, mark, cells) = self.run(spot, mark, right, goal);
                if cells != 0 {
                    let next = if right { col + 1 } else { col - 1 };
                    visit(row, next, cells, right);
                    col = if right { col + cells } else { col - cells };
                }
            }
        }
    }

    /// Goes on from `spot` (marked `mark`) along its row, right (or left), for as long
    /// as neither vertical neighbour of a cell is one step closer to the source and the
    /// cell is not the source; returns the last cell, its mark and the number of cells
    /// entered. Eight cells at a time: the cells whose neighbour above
    /// or below has the mark one lower than their own are found with a few operations
    /// on the rows' mark bits, since along a run the marks count down by one a cell.
    fn run(&self, mut spot: Spot, mut mark: u32, right: bool, goal: Spot) -> (Spot, u32, u32) {
        let y = spot.bit / 8;
        let mut entered = 0;
        let above = |tile: usize| {
            if y == 0 {
                self.row_marks(tile - self.stride, 7)
            } else {
                self.row_marks(tile, y - 1)
            }
        };
        let below = |tile: usize| {
            if y == 7 {
                self.row_marks(tile + self.stride, 0)
            } else {
                self.row_marks(tile, y + 1)
            }
        };
        loop {
            let x = spot.bit % 8;
            // The mark one lower than column j's along the run, minus one, is
            // `(mark - 2 -/+ (j - x)) mod 3`: `wanted[v]` holds the columns where it is v.
            let lower0 = (mark + 1 + if right { x } else { 3 - x % 3 }) % 3;
            let mut wanted = [0u32; 3];
            for (v, w) in wanted.iter_mut().enumerate() {
                let third = if right {
                    (lower0 + 3 - v as u32) % 3
                } else {
                    (v as u32 + 3 - lower0) % 3
                };
                *w = u32::from(THIRDS[third as usize]);
            }
            let matching = |[one, two, three]: [u32; 3]| {
                (wanted[0] & one) | (wanted[1] & two) | (wanted[2] & three)
            };
            let mut stop = matching(above(spot.tile)) | matching(below(spot.tile));
            if goal.tile == spot.tile && goal.bit / 8 == y {
                stop |= 1 << (goal.bit % 8);
            }
            // The columns from x on, in the run's direction.
            let ahead = if right { 0xff << x } else { 0xff >> (7 - x) };
            let stop = stop & ahead;
            let last = match (stop != 0, right) {
                (true, true) => stop.trailing_zeros(),
                (true, false) => 31 - stop.leading_zeros(),
                (false, true) => 7,
                (false, false) => 0,
            };
            let cells = if right { last - x } else { x - last };
            entered += cells;
            spot.bit = y * 8 + last;
            mark = (mark + 2 - cells % 3) % 3 + 1;
            if stop != 0 {
                return (spot, mark, entered);
            }
            // On into the next tile.
            spot = self.step(spot, if right { Dir::Right } else { Dir::Left });
            mark = if mark == 1 { 3 } else { mark - 1 };
            entered += 1;
        }
    }

    /// The cells of row `y` of `tile` with marks 1, 2 and 3, as three 8-bit masks.
    #[inline(always)]
    fn row_marks(&self, tile: usize, y: u32) -> [u32; 3] {
        let tile = &self.tiles[tile];
        let lo = (tile.lo >> (8 * y)) as u32 & 0xff;
        let hi = (tile.hi >> (8 * y)) as u32 & 0xff;
        [lo & !hi, hi & !lo, lo & hi]
    }

    /// The cell next to `spot` in direction `dir` (in a border tile past the edge).
    #[inline(always)]
    fn step(&self, spot: Spot, dir: Dir) -> Spot {
        let Spot { tile, bit } = spot;
        let (row, col) = (bit & 56, bit & 7);
        match dir {
            Dir::Up => Spot {
                tile: tile - self.stride * usize::from(row == 0),
                bit: bit.wrapping_sub(8) & 63,
            },
            Dir::Down => Spot {
                tile: tile + self.stride * usize::from(row == 56),
                bit: (bit + 8) & 63,
            },
            Dir::Left => Spot {
                tile: tile - usize::from(col == 0),
                bit: row | (col.wrapping_sub(1) & 7),
            },
            Dir::Right => Spot {
                tile: tile + usize::from(col == 7),
                bit: row | ((col + 1) & 7),
            },
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }
}

/// The bound of a bounded search (see [`BitGrid::search`]): a cell is expanded only
/// if its distance from the source plus `h`, its Manhattan distance to the target, is
/// at most `limit`.
///
/// Why a walk from the target still takes the lexicographically smallest shortest
/// path. A step changes `h` by one, so along a shortest path from the source
/// `distance + h` never falls: a cell within the bound is reached through cells
/// within it, at its true distance, and expanded. With `limit` at least the target's
/// distance `D`, that includes every cell on a shortest path to the target (`h` is at
/// most its distance to the target). Any other marked cell was marked from an
/// expanded neighbour, whose distance is true: with its mark at most 2 above its
/// distance, and of the same parity (the grid is bipartite), it is its distance or
/// that plus 2. From a path cell at distance `k` the walk takes a neighbour marked
/// `k - 1` (mod 3); a neighbour at distance `k + 1` is marked `k + 1` or `k + 3`,
/// neither of them, so the walk sees exactly its neighbours at `k - 1`, which are on
/// shortest paths. A bound below `D` never reaches the target.
struct Prune {
    limit: i64,
    /// `tile / stride` is `tile * reciprocal >> 64` (exact for `tile < 2^32`): a
    /// division took 5% of a bounded search.
    reciprocal: u64,
    stride: usize,
    /// For each row of tiles: the least `h` of its rows, ignoring columns, times
    /// 2^32, plus 128 times its row nearest the target's (0 to 7). `cols` the same
    /// for columns, with 16 times the column, so that a row's and a column's sum
    /// holds the least `h` of a tile and where its shape is in `shapes`.
    rows: Vec<u64>,
    cols: Vec<u64>,
    /// For the nearest row `p` and column `q` of a tile, and `m` from -1 to 14, at
    /// `(8p + q) * 16 + m + 1`: the tile's cells (i, j) with `|i - p| + |j - q| <= m`.
    shapes: Box<[u64; 1024]>,
}

impl Prune {
    /// The bound towards `target` (0-based) for tiles of a grid with `stride` tiles a row.
    fn new(tiles: usize, stride: usize, target: (u32, u32)) -> Prune {
        // For tiles from padded row (column) `start` and the target at `at`.
        let nearest = |start: usize, at: usize, scale: u64| {
            let within = at.clamp(start, start + 7) - start;
            ((at.abs_diff(start + within) as u64) << 32) + within as u64 * scale
        };
        let mut shapes = Box::new([0; 1024]);
        for (at, shape) in shapes.iter_mut().enumerate() {
            let (p, q, m_plus_1) = (at / 128, at / 16 % 8, at % 16);
            for bit in 0..64usize {
                let h = (bit / 8).abs_diff(p) + (bit % 8).abs_diff(q);
                *shape |= u64::from(h < m_plus_1) << bit;
            }
        }
        let (row, col) = (target.0 as usize + PAD, target.1 as usize + PAD);
        Prune {
            limit: 0,
            reciprocal: ((1u128 << 64) / stride as u128 + 1) as u64,
            stride,
            rows: (0..tiles / stride)
                .map(|r| nearest(8 * r, row, 128))
                .collect(),
            cols: (0..stride).map(|c| nearest(8 * c, col, 16)).collect(),
            shapes,
        }
    }

    /// The cells of `tile` that may be expanded at distance `limit - room`.
    #[inline(always)]
    fn allowed(&self, tile: usize, room: i64) -> u64 {
        let row = ((tile as u128 * u128::from(self.reciprocal)) >> 64) as usize;
        let key = self.rows[row] + self.cols[tile - row * self.stride];
        // `m + 1` within 0..=15, without branches (they would be coin tosses):
        // a tile's shape is cut by the bound about as often as not.
        let m = room + 1 - (key >> 32) as i64;
        let m = m & !(m >> 63);
        let over = (m - 15) & !((m - 15) >> 63);
        self.shapes[(key as u32 as usize + (m - over) as usize) % 1024]
    }
}

/// A grid searched with the kernel that suits its shape: bitboards when they
/// [fit](BitGrid::fits), else marks in the grid's own bytes, so that a grid a few cells
/// wide costs no more memory than its input.
pub enum Searched {
    Bits(BitGrid),
    /// Each reached cell's byte is its distance modulo 3 (input bytes are never below 3).
    Bytes,
}

impl Searched {
    /// Searches `grid` (cells enterable while their byte is `free`) from `source` until
    /// the layer that reaches `target` (entered whatever its byte) is complete; returns
    /// the distance, if it was reached. Both are grid indices, distinct. Afterwards
    /// [`Searched::walk`] can walk back from `target`.
    pub fn run(grid: &mut Grid<'_>, free: u8, source: u32, target: u32) -> (Self, Option<u32>) {
        let (rows, cols) = (grid.rows(), grid.cols());
        if BitGrid::fits(rows, cols) {
            let mut bits = BitGrid::new(rows, cols);
            for row in 0..rows {
                bits.pack_row(row, grid.row(row), free);
            }
            let target = grid.coords(target);
            bits.set_free(target.0, target.1);
            let distance = bits.search(grid.coords(source), target);
            return (Searched::Bits(bits), distance);
        }
        // A plain first-in first-out search: such grids are small or narrow.
        grid.cells_mut()[target as usize] = free;
        grid.cells_mut()[source as usize] = 0;
        let (mut layer, mut next) = (vec![source], Vec::new());
        let mut distance = 0;
        while !layer.is_empty() {
            distance += 1;
            for &cell in &layer {
                for dir in Dir::ALL {
                    if let Some(to) = grid.neighbour(cell, dir) {
                        let byte = &mut grid.cells_mut()[to as usize];
                        if *byte == free {
                            *byte = (distance % 3) as u8;
                            next.push(to);
                        }
                    }
                }
            }
            if grid.cells()[target as usize] != free {
                return (Searched::Bytes, Some(distance));
            }
            std::mem::swap(&mut layer, &mut next);
            next.clear();
        }
        (Searched::Bytes, None)
    }

    /// [`BitGrid::walk`] over the marks of [`Searched::run`] on `grid`.
    pub fn walk(
        &self,
        grid: &mut Grid<'_>,
        from: (u32, u32),
        to: (u32, u32),
        order: &[Dir; 4],
        mut visit: impl FnMut(u32, u32),
    ) {
        match self {
            Searched::Bits(bits) => bits.walk(from, to, order, visit),
            Searched::Bytes => walk_bytes(grid, from, to, order, |_, row, col| visit(row, col)),
        }
    }
}

/// [`BitGrid::walk`] over marks in the grid's bytes. `visit` gets the cells too: it may
/// rewrite a cell of the path once it is visited (the walk reads only neighbours, and
/// the mark it steps to was never a visited cell's).
pub fn walk_bytes(
    grid: &mut Grid<'_>,
    from: (u32, u32),
    to: (u32, u32),
    order: &[Dir; 4],
    mut visit: impl FnMut(&mut [u8], u32, u32),
) {
    let (mut row, mut col) = from;
    let mut cell = grid.index(row, col);
    let mut mark = grid.cells()[cell as usize];
    visit(grid.cells_mut(), row, col);
    while (row, col) != to {
        mark = (mark + 2) % 3;
        let (next, dir) = order
            .iter()
            .find_map(|&dir| {
                let next = grid.neighbour(cell, dir)?;
                (grid.cells()[next as usize] == mark).then_some((next, dir))
            })
            .expect("a marked cell other than the source has a lower neighbour");
        let (dr, dc) = dir.delta();
        row = row.wrapping_add(dr as u32);
        col = col.wrapping_add(dc as u32);
        cell = next;
        visit(grid.cells_mut(), row, col);
    }
}

/// The cells of `tile` marked `mark` (1, 2 or 3).
#[inline(always)]
fn code_cells(tile: &Tile, mark: u32) -> u64 {
    match mark {
        1 => tile.lo & !tile.hi,
        2 => tile.hi & !tile.lo,
        _ => tile.lo & tile.hi,
    }
}

/// The kernels of a plain search and of a bounded one, by `distance % 3`.
type Expand = fn(&mut [Tile], usize, &[u32], &mut [u32], &mut [u8], u32, &Prune) -> usize;
const EXPAND: [Expand; 3] = [expand::<1, false>, expand::<2, false>, expand::<3, false>];
const BOUNDED: [Expand; 3] = [expand::<1, true>, expand::<2, true>, expand::<3, true>];

/// Expands the layer at `distance - 1`, whose tiles `layer` lists: marks the free
/// unmarked neighbours of its cells `MARK` (`distance % 3 + 1`) and lists their tiles
/// in `next`, each once; returns how many. `queued` holds a byte per tile for each
/// parity of the distance: whether the tile is in that layer's list.
///
/// A tile's cells of the layer are not kept: they are its cells marked `MARK - 1`
/// (cyclically), which also holds the cells three, six, ... layers back, whose
/// neighbours are all marked already, so they add nothing. Every step is branch-free:
/// on a random maze whether a frontier reaches an edge, or finds new cells over it, is
/// a coin toss, and mispredicted branches were half the search's time.
///
/// If `PRUNE`, only the cells `prune` allows at `distance - 1` are expanded.
#[inline(never)]
fn expand<const MARK: u32, const PRUNE: bool>(
    tiles: &mut [Tile],
    stride: usize,
    layer: &[u32],
    next: &mut [u32],
    queued: &mut [u8],
    distance: u32,
    prune: &Prune,
) -> usize {
    let before = if MARK == 1 { 3 } else { MARK - 1 };
    let (even, odd) = queued.split_at_mut(queued.len() / 2);
    let (this, into) = if distance % 2 == 0 {
        (odd, even)
    } else {
        (even, odd)
    };
    assert!(
        tiles.len() == into.len() && tiles.len() == this.len() && next.len() >= 5 * layer.len()
    );
    let mut n = 0;
    // How far the bound is from the distance expanded.
    let room = prune.limit - i64::from(distance - 1);
    // Marks the new cells among `cells` in `tile` and lists the tile if it was not.
    let mut enter = |tiles: &mut [Tile], tile: usize, cells: u64| {
        debug_assert!(tile < tiles.len() && n < next.len());
        // SAFETY: `tile` is a tile of the grid or one of its four neighbours, which the
        // border tiles (never free, so never in a layer) make valid indices of `tiles`,
        // and of `into`, as long as `tiles` (asserted above); `n` counts the tiles
        // listed so far, fewer than the five entries per tile of `layer` that `next`
        // holds (asserted above). Unchecked, the corners-4000 search ran 619M -> 538M
        // instructions (callgrind) and the whole run 0.93x the time of the checked one
        // (medians of 31 and 41 runs in turns).
        let (t, listed, slot) = unsafe {
            (
                tiles.get_unchecked_mut(tile),
                into.get_unchecked_mut(tile),
                next.get_unchecked_mut(n),
            )
        };
        let new = cells & t.free & !(t.lo | t.hi);
        if MARK & 1 != 0 {
            t.lo |= new;
        }
        if MARK & 2 != 0 {
            t.hi |= new;
        }
        let was = *listed;
        *listed = was | u8::from(new != 0);
        *slot = tile as u32;
        n += usize::from(*listed - was);
    };
    for &tile in layer {
        let tile = tile as usize;
        this[tile] = 0;
        let mut cells = code_cells(&tiles[tile], before);
        if PRUNE {
            cells &= prune.allowed(tile, room);
        }
        enter(tiles, tile, spread(cells));
        enter(tiles, tile - stride, (cells & ROW0) << 56);
        enter(tiles, tile + stride, (cells & ROW7) >> 56);
        enter(tiles, tile - 1, (cells & COL0) << 7);
        enter(tiles, tile + 1, (cells & COL7) >> 7);
    }
    n
}

/// Columns of a row by their remainder modulo 3.
const THIRDS: [u8; 3] = [0b0100_1001, 0b1001_0010, 0b0010_0100];

/// The cells a lone frontier cell `cell` enters next, one a layer, moving along its row
/// to the right (or left) within its tile, for as long as each layer is one cell: the
/// cell it is in has no open neighbour above or below and is not the goal, and the
/// next cell along is open. `open` holds the tile's open cells, `up` and `down` those
/// of the tiles above and below, `goal` the goal's bit if it is in this tile.
#[inline]
fn row_run(cell: u64, right: bool, open: u64, up: u64, down: u64, goal: u64) -> u64 {
    let at = cell.trailing_zeros();
    let (y, x) = (at / 8, at % 8);
    let row = |word: u64, y: u32| (word >> (8 * y)) as u32 & 0xff;
    let above = if y == 0 { row(up, 7) } else { row(open, y - 1) };
    let below = if y == 7 {
        row(down, 0)
    } else {
        row(open, y + 1)
    };
    let here = row(open, y);
    // Bit j: the cell after column j along the run is open. Column 7 (0) has none in
    // this tile, so every run stops by the tile's edge.
    let onward = if right { here >> 1 } else { (here << 1) & 0xff };
    let stops = (above | below | !onward | row(goal, y)) & 0xff;
    let run = if right {
        let last = (stops & (0xff << x)).trailing_zeros();
        ((2u32 << last) - 1) & !((2u32 << x) - 1)
    } else {
        let last = 31 - (stops & ((2 << x) - 1)).leading_zeros();
        ((1u32 << x) - 1) & !((1u32 << last) - 1)
    };
    u64::from(run) << (8 * y)
}

/// The cells of a tile next to `cells` inside it (and `cells` themselves, or not).
#[inline(always)]
fn spread(cells: u64) -> u64 {
    (cells >> 8) | (cells << 8) | ((cells >> 1) & !COL7) | ((cells << 1) & !COL0)
}

/// `byte` in all eight bytes of a word.
#[inline]
fn broadcast(byte: u8) -> u64 {
    0x0101_0101_0101_0101 * u64::from(byte)
}

/// The top bit of each byte of `word` that is not zero (exact: no carry between bytes).
#[inline]
fn differs(word: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    (((word & LOW7) + LOW7) | word) & !LOW7
}

/// The top bits of the bytes of `word` as eight bits, byte `i` to bit `i`.
#[inline]
fn gather(word: u64) -> u64 {
    // Bit 8i + 7 times 2^(7(7 - i)) lands on bit 56 + i; no two products overlap.
    (word & 0x8080_8080_8080_8080).wrapping_mul(0x0002_0408_1020_4081) >> 56
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_allows_exactly_the_cells_within_it() {
        for (rows, cols, target) in [(40, 37, (17, 9)), (5, 70, (0, 69)), (64, 8, (63, 0))] {
            let grid = BitGrid::new(rows, cols);
            let tiles = ((rows as usize + 7) / 8 + 2) * grid.stride;
            let prune = Prune::new(tiles, grid.stride, target);
            for room in -3..60 {
                // Every cell of every tile, border included (padded coordinates).
                for tile in 0..tiles {
                    let allowed = prune.allowed(tile, room);
                    for bit in 0..64 {
                        let r = tile / grid.stride * 8 + bit / 8;
                        let c = tile % grid.stride * 8 + bit % 8;
                        let h = r.abs_diff(target.0 as usize + PAD)
                            + c.abs_diff(target.1 as usize + PAD);
                        let within = (h as i64) <= room;
                        assert_eq!(allowed >> bit & 1 != 0, within, "{tile} {bit} {room}");
                    }
                }
            }
        }
        // The reciprocal divides exactly up to 2^32 whatever the stride.
        for stride in [3, 7, 502, 1252, 131_074, 1 << 20] {
            let reciprocal = u128::from(Prune::new(stride, stride, (0, 0)).reciprocal);
            let last = (1 << 32) - 1;
            for tile in [0, stride - 1, stride, last, last / stride * stride] {
                let row = ((tile as u128 * reciprocal) >> 64) as usize;
                assert_eq!(row, tile / stride, "{tile} / {stride}");
            }
        }
    }

    /// Distances by a plain queue over `open` (row-major), from `source`.
    fn plain_distance(open: &[Vec<bool>], source: (u32, u32), target: (u32, u32)) -> Option<u32> {
        let (rows, cols) = (open.len(), open[0].len());
        let mut seen = vec![vec![false; cols]; rows];
        let mut layer = vec![(source.0 as usize, source.1 as usize)];
        seen[layer[0].0][layer[0].1] = true;
        for distance in 0.. {
            if layer.is_empty() {
                return None;
            }
            if layer.contains(&(target.0 as usize, target.1 as usize)) {
                return Some(distance);
            }
            let mut next = Vec::new();
            for (r, c) in layer {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (r, c) = (r as i64 + dr, c as i64 + dc);
                    if r < 0 || c < 0 || r >= rows as i64 || c >= cols as i64 {
                        continue;
                    }
                    let (r, c) = (r as usize, c as usize);
                    if open[r][c] && !seen[r][c] {
                        seen[r][c] = true;
                        next.push((r, c));
                    }
                }
            }
            layer = next;
        }
        unreachable!()
    }

    #[test]
    fn pockets_and_walls_between_give_the_plain_distance() {
        // Open 200x200 grids with a few walls, and the target (or the source) walled
        // into a pocket, or the two on either side of a wall with a long way round:
        // the bounded tries, the pocket search from the target and the plain search
        // all have their turn.
        let mut rng = crate::gen::Rng::new(0x853c_49e6_748f_ea9b);
        let mut next = move |below: u64| rng.below(below) as u32;
        for case in 0..60 {
            let (rows, cols) = (200, 200);
            let mut open = vec![vec![true; cols]; rows];
            for _ in 0..next(4000) {
                open[next(200) as usize][next(200) as usize] = false;
            }
            let source = (next(200), next(200));
            let target = (next(200), next(200));
            match case % 4 {
                // A ring of walls round the target, or round the source.
                0 | 1 => {
                    let (r, c) = if case % 4 == 0 { target } else { source };
                    let side = 1 + next(6) as i64;
                    for dr in -side..=side {
                        for dc in -side..=side {
                            let (y, x) = (r as i64 + dr, c as i64 + dc);
                            let ring = dr.abs() == side || dc.abs() == side;
                            if ring && (0..200).contains(&y) && (0..200).contains(&x) {
                                open[y as usize][x as usize] = false;
                            }
                        }
                    }
                }
                // A wall across the grid between them with one gap, far or near.
                2 => {
                    let wall = 1 + next(198) as usize;
                    open[wall] = vec![false; cols];
                    open[wall][next(200) as usize] = true;
                }
                _ => {}
            }
            open[source.0 as usize][source.1 as usize] = true;
            open[target.0 as usize][target.1 as usize] = true;
            let mut grid = BitGrid::new(rows as u32, cols as u32);
            for (row, cells) in open.iter().enumerate() {
                let bytes: Vec<u8> = cells.iter().map(|&o| if o { b'0' } else { b'1' }).collect();
                grid.pack_row(row as u32, &bytes, b'0');
            }
            let expected = plain_distance(&open, source, target);
            assert_eq!(grid.search(source, target), expected, "case {case}");
        }
    }

    #[test]
    fn packing_takes_each_byte_to_its_bit_and_finds_strays() {
        for mask in 0..=255u64 {
            let row: Vec<u8> = (0..11)
                .map(|i| if mask >> (i % 8) & 1 != 0 { b'0' } else { b'1' })
                .collect();
            let mut grid = BitGrid::new(2, 11);
            assert!(grid.pack_plain(1, 0, &row, b'0', b'1'));
            let mut back = Vec::new();
            grid.unpack(1, 11, b'0', b'1', &mut back);
            assert_eq!(back, row);
            for stray in 0..11 {
                let mut bad = row.clone();
                bad[stray] = if mask & 1 != 0 { b'2' } else { b'\0' };
                assert!(!BitGrid::new(1, 11).pack_plain(0, 0, &bad, b'0', b'1'));
            }
        }
    }
}
