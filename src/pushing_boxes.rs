//! pushing-boxes: a person pushes one box to a target, fewest pushes then fewest walks
//! (seed 002: AcWing 174 / POJ 1475 / UVa 589, SWERC 1997).
//!
//! Input: any number of cases, each `N M` then `N` rows of `M` cells (`#` wall, `.` floor,
//! `S` person, `B` box, `T` target, one of each), ending at `0 0` or at the end of the
//! input. Output per case: `Maze #k`, the moves (`N S W E` pushes, `n s w e` walks) or
//! `Impossible.`, then a blank line.
//!
//! Which answer: exactly the seed's. Its box search is a first-in first-out search over
//! states (box cell, direction of the last push), trying pushes N, S, W, E; a state's cost
//! is (pushes, walks) and an already-queued state takes a new predecessor only on a
//! strictly smaller cost, keeping its place. The answer ends in the box-on-T state of
//! smallest cost, the one dequeued first among equals; each walk is the seed's
//! first-parent person BFS trying n, s, w, e (the lexicographically smallest shortest walk).
//!
//! Approach (the same states, costs, order and predecessors as the seed, less work):
//! - The queue holds states in layers of equal pushes, so a state's cost is final once the
//!   previous layer is done. One pass per dequeued state, over direction codes, decides
//!   which pushes are worth trying: not those leading to a state of an earlier layer or to
//!   one whose cost the push could not strictly lower (the seed's relaxation would change
//!   nothing there), nor those whose side the box cuts off from the person. Walks as short
//!   as the geometry allows (2 round a corner, 4 round the box along a free flank, 6 the
//!   long way round when the corner is a wall) are recognised from a per-cell mask of
//!   free neighbours; only the other sides take a person search, one per state, from the
//!   cell the box just left with the box fixed, stopped once every such side is found.
//! - The person search: on maps of at most 64 rows and 64 columns (`Rows`), bitboards, a
//!   row per `u64`: a BFS layer is a few word operations per row, and the layer at which
//!   a side's bit appears is its walking distance. Larger maps use the core kernel,
//!   marking cells in the grid bytes (restored after each search).
//! - Cut-off sides: a depth-first search for cut cells (`Blocks`) tells them all, run at
//!   most once per case, when searches that had to exhaust a region to find a side
//!   unreachable have done enough work: on bitboard maps 16 row updates per grid byte
//!   (a few times the analysis's own cost; random 20x20 maps mostly never get there), on
//!   larger maps the first such search.
//! - Once a box-on-T state is dequeued, the rest of its layer is only scanned for a
//!   cheaper box-on-T state: later layers cannot win, and nothing they do changes the
//!   predecessors of the answer's chain.
//! - Walk strings are built only for the pushes of the answer, re-running the core
//!   kernel's person BFS with first parents in the seed's order.
//! - Everything is flat: the grid is the input buffer (S, B, T become floor), and
//!   per-state arrays are indexed by `cell * 4 + direction`.
//!
//! Complexity: O(C) states for C grid bytes, each with at most one person search: O(C)
//! for the kernel, O(R x L) for bitboards (R <= 64 rows per layer, L <= C layers); so
//! O(C^2) time in the worst case, far less in practice; memory O(C) (about 16 bytes per
//! state).

use crate::core::bfs::Bfs;
use crate::core::dir::Dir;
use crate::core::error::InputError;
use crate::core::grid::Grid;
use crate::core::out::Output;
use crate::core::scan::{CellSet, Scanner, Shape};

/// The seed's order of pushes (N, S, W, E) and of walks (n, s, w, e).
pub const ORDER: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];
/// The walk letter of each direction of [`ORDER`].
pub const WALKS: [u8; 4] = *b"nswe";
/// The push letter of each direction of [`ORDER`].
pub const PUSHES: [u8; 4] = *b"NSWE";

// The search indexes directions by their place in ORDER and by their code (`open` bits,
// `Blocks` groups) alike, and takes `k ^ 1` for the opposite of `k`.
const _: () = {
    let mut k = 0;
    while k < 4 {
        assert!(ORDER[k] as usize == k && ORDER[k].opposite() as usize == k ^ 1);
        k += 1;
    }
};

const CELLS: CellSet = CellSet::new(b"#.SBT", "`#`, `.`, `S`, `B` or `T`", b"SBT");
/// Every free cell after parsing (`S`, `B` and `T` are floor too).
pub const FLOOR: u8 = b'.';
/// A wall; the grid's sentinel column is a wall as well (anything but [`FLOOR`] is).
pub const WALL: u8 = b'#';
/// The box's cell during a person search.
const BOX: u8 = b'B';
/// A cell the person search has entered (cost searches) or started from (walk searches,
/// which mark entered cells with the direction code 0..4 instead).
const SEEN: u8 = b'v';

/// The most grid bytes, `N * (M + 1)`, a maze may have: four states per byte must fit
/// `u32` state numbers.
pub const MAX_MAZE_BYTES: u64 = (u32::MAX / 4) as u64;

/// The largest grid restored after each person search by copying it whole. Measured on
/// 2,000 20x20 maps: logging every entered cell and restoring those was about a tenth
/// of all instructions; a 420-byte copy costs a few dozen.
const COPY_RESTORE_BYTES: usize = 4096;

/// "No state": the predecessor of a first push, the answer of an impossible case.
const NONE: u32 = u32::MAX;
/// The walk length to a pushing side that is not needed or not reachable.
const UNREACHED: u32 = u32::MAX;
/// On bitboard maps, the cut-cell analysis is built once searches that exhausted a region
/// without reaching every side wanted have done this many row updates per grid byte. A
/// row update is about 20 instructions and the analysis about 120 per grid byte, so this
/// bounds the waste at a few analyses' worth. On 2,000 20x20 maps, instructions in all:
/// 490M at 1 row update per grid byte, 380M at 16, 377M never building it.
const WASTE_FACTOR: usize = 16;

/// One case: its number, the grid (with `S`, `B`, `T` turned into floor) and the three
/// marked cells as grid indices.
pub struct Maze<'a> {
    pub case: usize,
    /// The line of the map's last row, for errors about the map as a whole.
    pub line: usize,
    pub grid: Grid<'a>,
    pub person: u32,
    pub box_cell: u32,
    pub target: u32,
}

/// Reads the cases one at a time; each case's grid is compacted to the front of the
/// input buffer, overwriting bytes already consumed.
pub struct Reader<'a> {
    scanner: Scanner<'a>,
    case: usize,
    finished: bool,
}

impl<'a> Reader<'a> {
    pub fn new(input: &'a mut Vec<u8>) -> Self {
        Reader {
            scanner: Scanner::new(input),
            case: 0,
            finished: false,
        }
    }

    /// The next case, or `None` after `0 0` or at the end of the input. Errors name the
    /// case (counting from 1) and the line.
    pub fn next_maze(&mut self) -> Result<Option<Maze<'_>>, InputError> {
        if self.finished || self.scanner.at_end() {
            self.finished = true;
            return Ok(None);
        }
        let case = self.case + 1;
        let in_case = |e: InputError| e.in_case(case);
        let header_line = self.scanner.line();
        let rows = self.scanner.uint("the number of rows N").map_err(in_case)?;
        let cols = self
            .scanner
            .uint("the number of columns M")
            .map_err(in_case)?;
        if rows == 0 && cols == 0 {
            self.finished = true;
            // Not a case: the error names no case number.
            self.scanner.expect_end("`0 0`")?;
            return Ok(None);
        }
        if rows == 0 || cols == 0 {
            return Err(InputError::new(
                header_line,
                "N and M both at least 1, or `0 0` to end the input",
                format!("N = {rows}, M = {cols}"),
            )
            .in_case(case));
        }
        // Checked before any row is read: the arrays sized by the grid come later.
        if rows.saturating_mul(cols.saturating_add(1)) > MAX_MAZE_BYTES {
            return Err(InputError::new(
                header_line,
                format!("N x (M + 1) of at most {MAX_MAZE_BYTES}"),
                format!("N = {rows}, M = {cols}"),
            )
            .in_case(case));
        }
        let shape = Shape {
            // In range: checked against MAX_MAZE_BYTES above.
            rows: Some(rows as u32),
            cols: Some(cols as u32),
        };
        let dims = self.scanner.read_grid(shape, &CELLS).map_err(in_case)?;
        let line = self.scanner.line().saturating_sub(1).max(1);
        self.case = case;
        let [person, box_cell, target, _] = dims.markers;
        let mut grid = self.scanner.grid(dims);
        for cell in [person, box_cell, target] {
            grid.cells_mut()[cell as usize] = FLOOR;
        }
        Ok(Some(Maze {
            case,
            line,
            grid,
            person,
            box_cell,
            target,
        }))
    }
}

/// An optimal plan: its numbers of pushes and walks, and the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub pushes: u64,
    pub walks: u64,
    pub moves: Vec<u8>,
}

/// The search's buffers, reused from case to case.
#[derive(Default)]
pub struct Solver {
    bfs: Bfs,
    /// Cells a person search entered, to restore them to floor (large maps only).
    touched: Vec<u32>,
    /// The case's grid before any search, on maps of at most [`COPY_RESTORE_BYTES`]:
    /// copying it back is cheaper than logging every entered cell.
    pristine: Vec<u8>,
    /// Per state `cell * 4 + k` (box in `cell`, last pushed in `ORDER[k]`): its layer, walks,
    /// and predecessor state ([`NONE`] for a first push). The layer is `base` plus the
    /// number of pushes, so a state is unseen in this case when its layer is at most
    /// `base`: raising `base` past every layer of the last case forgets them all without
    /// touching the arrays.
    layer: Vec<u32>,
    base: u32,
    walks: Vec<u64>,
    pre: Vec<u32>,
    /// The first-in first-out queue of states; each state enters it at most once.
    queue: Vec<u32>,
    /// Which sides of a box cell are connected around it.
    blocks: Blocks,
    /// Per cell, bit `d` set when it and its neighbour in direction `Dir::ALL[d]` are floor.
    open: Vec<u8>,
    /// The cost searches on maps of at most [`ROW_BITS`] x [`ROW_BITS`] cells.
    rows: Rows,
}

#[inline]
fn free(cells: &[u8], cell: Option<u32>) -> Option<u32> {
    cell.filter(|&c| cells.get(c as usize) == Some(&FLOOR))
}

impl Solver {
    /// Roughly what the search arrays take per grid byte: four states, each with a
    /// layer (4 bytes), walks (8), predecessor (4) and a queue slot (4); and the
    /// cut-cell analysis's five arrays.
    const BYTES_PER_GRID_BYTE: u64 = 4 * (4 + 8 + 4 + 4) + 4 * 4 + 2;

    pub fn new() -> Self {
        Solver::default()
    }

    /// Makes room for the search of a grid of `bytes` bytes up front, so that running
    /// out of memory is an error to report rather than an abort mid-search.
    pub fn reserve(&mut self, bytes: usize) -> Result<(), std::collections::TryReserveError> {
        fn room<T>(v: &mut Vec<T>, n: usize) -> Result<(), std::collections::TryReserveError> {
            v.try_reserve(n.saturating_sub(v.len()))
        }
        let states = bytes.saturating_mul(4);
        room(&mut self.layer, states)?;
        room(&mut self.walks, states)?;
        room(&mut self.pre, states)?;
        room(&mut self.queue, states)?;
        room(&mut self.open, bytes)?;
        let blocks = &mut self.blocks;
        for v in [
            &mut blocks.disc,
            &mut blocks.low,
            &mut blocks.last,
            &mut blocks.parent,
        ] {
            room(v, bytes)?;
        }
        room(&mut blocks.groups, bytes)
    }

    /// The seed's answer for `maze`, or `None` when the box cannot reach the target.
    /// The grid is left as it was given.
    pub fn solve(&mut self, maze: &mut Maze<'_>) -> Option<Plan> {
        let grid = &mut maze.grid;
        let states = grid.cells().len() * 4;
        if self.layer.len() < states {
            self.layer.resize(states, 0);
            self.walks.resize(states, 0);
            self.pre.resize(states, NONE);
        }
        // A case has fewer layers than states; start afresh when they might not fit.
        if u64::from(self.base) + states as u64 + 1 >= u64::from(u32::MAX) {
            self.layer.fill(0);
            self.base = 0;
        }
        let base = self.base;
        self.queue.clear();
        self.pristine.clear();
        if grid.cells().len() <= COPY_RESTORE_BYTES {
            self.pristine.extend_from_slice(grid.cells());
        }
        self.rows.build(grid);
        // Built once searches that found a side unreachable have wasted enough: see
        // WASTE_FACTOR.
        let mut blocks_built = false;
        let mut wasted = 0usize;
        let waste_limit = grid.cells().len().saturating_mul(WASTE_FACTOR);
        self.open.clear();
        let cells = grid.cells();
        self.open.extend((0..cells.len() as u32).map(|c| {
            let mut bits = 0;
            if cells[c as usize] == FLOOR {
                for dir in Dir::ALL {
                    if free(cells, grid.neighbour(c, dir)).is_some() {
                        bits |= 1 << dir as u8;
                    }
                }
            }
            bits
        }));

        // By direction code `k` (see the assertion after ORDER).
        let steps = ORDER.map(|dir| dir.step(grid.width()));
        let side_of = |cell: u32, k: usize| cell.wrapping_sub(steps[k]);

        // The first pushes: the person walks from S, the box at B.
        let start = maze.box_cell;
        let mut sides = [NONE; 4];
        for (k, side) in sides.iter_mut().enumerate() {
            if pushes(self.open[start as usize]) >> k & 1 == 1 {
                *side = side_of(start, k);
            }
        }
        let dist = self.distances(grid, maze.person, start, &sides);
        for (k, &d) in dist.iter().enumerate() {
            if d != UNREACHED {
                let state = start.wrapping_add(steps[k]) * 4 + k as u32;
                self.layer[state as usize] = base + 1;
                self.pre[state as usize] = NONE;
                self.walks[state as usize] = u64::from(d);
                self.queue.push(state);
            }
        }

        let mut best = NONE;
        let mut head = 0;
        while head < self.queue.len() {
            let state = self.queue[head];
            head += 1;
            let s = state as usize;
            let layer = self.layer[s];
            let cell = state / 4;
            if best != NONE {
                // Only this layer can hold the answer; its costs are final.
                if layer > self.layer[best as usize] {
                    break;
                }
                if cell == maze.target && self.walks[s] < self.walks[best as usize] {
                    best = state;
                }
                continue;
            }
            if cell == maze.target {
                best = state;
                continue;
            }
            let walks = self.walks[s];
            // The person stands where the box was before this push.
            let at = (state % 4) as usize ^ 1;
            let open = self.open[cell as usize];
            // Bit `k`: a push in direction `k` whose side is floor and not cut off from
            // the person by the box.
            let mut candidates = pushes(open);
            if blocks_built {
                let groups = self.blocks.groups(grid, cell);
                let here = groups >> (2 * at) & 3;
                for k in 0..4 {
                    if groups >> (2 * (k ^ 1)) & 3 != here {
                        candidates &= !(1 << k);
                    }
                }
            }
            // For each push worth trying, its walk length when no search is needed
            // (most walks round the box are as short as they can be), else its side
            // to search for.
            let mut dist = [UNREACHED; 4];
            let mut sides = [NONE; 4];
            let mut search = false;
            while candidates != 0 {
                let k = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                // A push not worth trying: its state is in an earlier layer, or already
                // costs at most `walks` (the seed's relaxation would change nothing).
                let next = (cell.wrapping_add(steps[k]) * 4) as usize + k;
                let seen = self.layer[next];
                if seen > base && (seen != layer + 1 || self.walks[next] <= walks) {
                    continue;
                }
                match shortest_round(&self.open, &steps, cell, at, k ^ 1) {
                    Some(d) => dist[k] = d,
                    None => {
                        sides[k] = side_of(cell, k);
                        search = true;
                    }
                }
            }
            if search {
                let person = side_of(cell, at ^ 1);
                let far = self.distances(grid, person, cell, &sides);
                let mut cut_off = false;
                for k in 0..4 {
                    if sides[k] != NONE {
                        dist[k] = far[k];
                        cut_off |= far[k] == UNREACHED;
                    }
                }
                if cut_off && !blocks_built {
                    // The kernel's searches on large maps are not counted: the first
                    // such search builds the analysis.
                    wasted = wasted.saturating_add(if self.rows.built() {
                        self.rows.work
                    } else {
                        usize::MAX
                    });
                    if wasted >= waste_limit {
                        self.blocks.build(grid, maze.box_cell);
                        blocks_built = true;
                    }
                }
            }
            for (k, &d) in dist.iter().enumerate() {
                if d == UNREACHED {
                    continue;
                }
                let next = cell.wrapping_add(steps[k]) * 4 + k as u32;
                let n = next as usize;
                let cost = walks + u64::from(d);
                if self.layer[n] <= base {
                    self.layer[n] = layer + 1;
                    self.walks[n] = cost;
                    self.pre[n] = state;
                    self.queue.push(next);
                } else if cost < self.walks[n] {
                    // Same layer (earlier ones were skipped): strictly cheaper wins.
                    self.walks[n] = cost;
                    self.pre[n] = state;
                }
            }
        }
        if let Some(&last) = self.queue.last() {
            // The queue is in layer order: its last state has the highest layer.
            self.base = self.layer[last as usize];
        }
        if best == NONE {
            return None;
        }
        Some(self.plan(grid, maze.person, maze.box_cell, best))
    }

    /// The person's walk lengths from `from` to each of `sides` ([`NONE`] entries are not
    /// wanted) with the box in `box_cell`; [`UNREACHED`] where there is no walk.
    /// One BFS, stopped when every wanted side is found.
    fn distances(
        &mut self,
        grid: &mut Grid<'_>,
        from: u32,
        box_cell: u32,
        sides: &[u32; 4],
    ) -> [u32; 4] {
        let mut dist = [UNREACHED; 4];
        let mut wanted = 0;
        for k in 0..4 {
            if sides[k] == from {
                dist[k] = 0;
            } else if sides[k] != NONE {
                wanted += 1;
            }
        }
        if wanted == 0 {
            return dist;
        }
        if self.rows.built() {
            self.rows
                .distances(grid.width(), from, box_cell, sides, &mut dist);
            return dist;
        }
        let touched = &mut self.touched;
        touched.clear();
        let log = self.pristine.is_empty();
        grid.cells_mut()[box_cell as usize] = BOX;
        grid.cells_mut()[from as usize] = SEEN;
        // Sides lie within one row of the box: one comparison rules out most cells.
        let width = grid.width();
        let first = box_cell.wrapping_sub(width);
        self.bfs.search(
            grid,
            FLOOR,
            from,
            &ORDER,
            |_, _| SEEN,
            |cell, layer| {
                if log {
                    touched.push(cell);
                }
                if cell.wrapping_sub(first) > 2 * width {
                    return false;
                }
                for k in 0..4 {
                    if sides[k] == cell {
                        dist[k] = layer;
                        wanted -= 1;
                    }
                }
                wanted == 0
            },
        );
        self.restore(grid, from, box_cell);
        dist
    }

    /// Puts floor back in every cell the last person search changed.
    fn restore(&self, grid: &mut Grid<'_>, from: u32, box_cell: u32) {
        let cells = grid.cells_mut();
        if !self.pristine.is_empty() {
            cells.copy_from_slice(&self.pristine);
            return;
        }
        for &cell in &self.touched {
            cells[cell as usize] = FLOOR;
        }
        cells[from as usize] = FLOOR;
        cells[box_cell as usize] = FLOOR;
    }

    /// Appends the seed's walk from `from` to `to` with the box in `box_cell`: BFS trying
    /// n, s, w, e, first parent kept, which is the lexicographically smallest shortest
    /// walk. `to` is known to be reachable.
    fn walk(
        &mut self,
        grid: &mut Grid<'_>,
        from: u32,
        to: u32,
        box_cell: u32,
        moves: &mut Vec<u8>,
    ) {
        if from == to {
            return;
        }
        let touched = &mut self.touched;
        touched.clear();
        let log = self.pristine.is_empty();
        grid.cells_mut()[box_cell as usize] = BOX;
        grid.cells_mut()[from as usize] = SEEN;
        let reached = self.bfs.search(
            grid,
            FLOOR,
            from,
            &ORDER,
            |k, _| k as u8,
            |cell, _| {
                if log {
                    touched.push(cell);
                }
                cell == to
            },
        );
        debug_assert!(reached.is_some(), "the cost search reached this side");
        let start = moves.len();
        let mut cell = to;
        while cell != from {
            let k = grid.cells()[cell as usize];
            moves.push(WALKS[k as usize]);
            cell = grid
                .neighbour(cell, ORDER[k as usize].opposite())
                .expect("a parent inside the grid");
        }
        moves[start..].reverse();
        self.restore(grid, from, box_cell);
    }

    /// The moves of the chain of states ending in `best`.
    fn plan(&mut self, grid: &mut Grid<'_>, person: u32, box_cell: u32, best: u32) -> Plan {
        let mut chain = Vec::new();
        let mut state = best;
        while state != NONE {
            chain.push(state);
            state = self.pre[state as usize];
        }
        chain.reverse();
        let mut moves = Vec::new();
        let (mut person, mut box_cell) = (person, box_cell);
        for &state in &chain {
            let dir = ORDER[(state % 4) as usize];
            let side = grid
                .neighbour(box_cell, dir.opposite())
                .expect("a pushing side inside the grid");
            self.walk(grid, person, side, box_cell, &mut moves);
            moves.push(PUSHES[(state % 4) as usize]);
            person = box_cell;
            box_cell = state / 4;
        }
        let pushes = chain.len() as u64;
        let walks = moves.len() as u64 - pushes;
        debug_assert_eq!(walks, self.walks[best as usize]);
        Plan {
            pushes,
            walks,
            moves,
        }
    }
}

/// Writes case `case`'s answer: `Maze #k`, the moves or `Impossible.`, a blank line.
pub fn write(case: usize, plan: Option<&Plan>, out: &mut Output) {
    out.bytes(b"Maze #");
    out.uint(case as u64);
    out.byte(b'\n');
    match plan {
        Some(plan) => out.bytes(&plan.moves),
        None => out.bytes(b"Impossible."),
    }
    out.bytes(b"\n\n");
}

/// Parses, solves and writes every case; a bad case stops the run after the answers to
/// the cases before it have been written.
pub fn run(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    let mut reader = Reader::new(input);
    let mut solver = Solver::new();
    while let Some(mut maze) = reader.next_maze()? {
        let bytes = maze.grid.cells().len();
        if solver.reserve(bytes).is_err() {
            // A map the input proved (its rows are all there) but whose search would
            // need more memory than there is: a clear error, not an abort.
            return Err(InputError::new(
                maze.line,
                "a map whose search fits in memory",
                format!(
                    "{} x {} cells needing about {} MiB",
                    maze.grid.rows(),
                    maze.grid.cols(),
                    (bytes as u64 * Solver::BYTES_PER_GRID_BYTE) >> 20
                ),
            )
            .in_case(maze.case));
        }
        let plan = solver.solve(&mut maze);
        write(maze.case, plan.as_ref(), out);
    }
    Ok(())
}

/// The most rows and columns of a map whose cost searches run on [`Rows`].
const ROW_BITS: u32 = u64::BITS;

/// Rows of [`Rows`]' arrays: up to [`ROW_BITS`] rows and an empty row before and after.
const PADDED_ROWS: usize = ROW_BITS as usize + 2;

/// The person's cost searches on bitboards, for maps of at most [`ROW_BITS`] rows and
/// columns: a row of cells is a `u64` (bit `c` for column `c`), so one BFS layer is a few
/// word operations per row, and the layer at which a side's bit first appears is its
/// walking distance, all the box search needs. Only rows next to a row that grew in the
/// last layer can grow in the next: a layer updates the rows from the first that grew,
/// less one, to the last, plus one (at most [`ROW_BITS`]). The cell-by-cell kernel
/// instead marks, queues and restores every cell it enters. On 2,000 20x20 maps: about
/// 3,050 instructions per search there (84K searches), about 2,300 here (62K searches,
/// the longer ones: walks of 6 the long way round need none now, and exhausting searches
/// are more frequent since the cut-cell analysis comes later, see [`WASTE_FACTOR`]).
#[derive(Default)]
struct Rows {
    /// The map's rows; 0 when it is too large (the cell-by-cell kernel searches it).
    rows: usize,
    /// Floor bits of row `r` at index `r + 1`, with empty rows around, so that the rows
    /// above and below need no bounds check; [`PADDED_ROWS`] long.
    floor: Vec<u64>,
    /// The cells reached so far, laid out like `floor`, in two copies: a layer reads one
    /// and writes the other (see [`Rows::distances`]). All zero between searches.
    seen: [Vec<u64>; 2],
    /// The row updates of the last search: what it cost, for deciding when to build
    /// the cut-cell analysis.
    work: usize,
}

impl Rows {
    /// Takes the floor of `grid` if it fits, else leaves [`Rows::built`] false.
    fn build(&mut self, grid: &Grid<'_>) {
        self.rows = 0;
        if grid.rows() > ROW_BITS || grid.cols() > ROW_BITS {
            return;
        }
        self.rows = grid.rows() as usize;
        self.floor.clear();
        self.floor.resize(PADDED_ROWS, 0);
        for r in 0..grid.rows() {
            let row = grid.row(r).iter().enumerate();
            let bits = row.fold(0, |bits, (c, &b)| bits | u64::from(b == FLOOR) << c);
            self.floor[r as usize + 1] = bits;
        }
        for seen in &mut self.seen {
            seen.clear();
            seen.resize(PADDED_ROWS, 0);
        }
    }

    fn built(&self) -> bool {
        self.rows != 0
    }

    /// As [`Solver::distances`]: fills in `dist[k]` for each side of `sides` that is
    /// neither [`NONE`] nor already at distance 0, or leaves it [`UNREACHED`].
    ///
    /// Layers alternate between the two copies of the reached rows: each reads one and
    /// writes the rows it updates to the other, whose rows outside the update did not
    /// change in the layer before (every row that did is next to one that grew), so both
    /// copies agree on them.
    fn distances(
        &mut self,
        width: u32,
        from: u32,
        box_cell: u32,
        sides: &[u32; 4],
        dist: &mut [u32; 4],
    ) {
        // Fixed lengths: indices clamped below PADDED_ROWS need no bounds checks.
        fn fixed(v: &mut [u64]) -> &mut [u64; PADDED_ROWS] {
            v.try_into().expect("built with PADDED_ROWS rows")
        }
        let floor = fixed(&mut self.floor);
        let [even, odd] = &mut self.seen;
        let (even, odd) = (fixed(even), fixed(odd));
        // (padded row, bit) of a cell.
        let at = |cell: u32| ((cell / width + 1) as usize, 1u64 << (cell % width));
        let (box_row, box_bit) = at(box_cell);
        // Every side is in the box's row or next to it: the wanted ones as bits of the
        // three rows from `box_row - 1`.
        let near = box_row - 1;
        let mut wanted = [0u64; 3];
        for k in 0..4 {
            if sides[k] != NONE && dist[k] == UNREACHED {
                let (row, bit) = at(sides[k]);
                wanted[row - near] |= bit;
            }
        }
        floor[box_row] &= !box_bit;
        let (from_row, from_bit) = at(from);
        even[from_row] = from_bit;
        odd[from_row] = from_bit;
        // The rows that grew in the last layer, and every row reached (to clear).
        let (mut low, mut high) = (from_row, from_row);
        let (mut top, mut bottom) = (from_row, from_row);
        let last_row = self.rows.min(PADDED_ROWS - 2);
        let near = near.min(PADDED_ROWS - 3);
        let mut layer = 0;
        let mut work = 0;
        while wanted != [0; 3] {
            layer += 1;
            let (old, new) = if layer % 2 == 1 {
                (&*even, &mut *odd)
            } else {
                (&*odd, &mut *even)
            };
            // Only rows next to one that grew can grow.
            let (first, last) = (low.max(2) - 1, (high + 1).min(last_row));
            work += last + 1 - first;
            grow(
                &old[first - 1..last + 2],
                &floor[first..last + 1],
                &mut new[first..last + 1],
            );
            let grew = |r: &usize| new[*r] != old[*r];
            match (first..=last).find(grew) {
                Some(r) => low = r,
                None => break,
            }
            high = (first..=last).rev().find(grew).unwrap_or(low);
            top = top.min(low);
            bottom = bottom.max(high);
            let reached = [new[near], new[near + 1], new[near + 2]];
            if (0..3).any(|i| reached[i] & wanted[i] != 0) {
                for k in 0..4 {
                    if sides[k] != NONE && dist[k] == UNREACHED {
                        let (row, bit) = at(sides[k]);
                        if new[row] & bit != 0 {
                            dist[k] = layer;
                            wanted[row - near] &= !bit;
                        }
                    }
                }
            }
        }
        even[top..=bottom].fill(0);
        odd[top..=bottom].fill(0);
        self.work = work;
        floor[box_row] |= box_bit;
    }
}

/// One bitboard BFS layer: `new[i]` becomes the reached bits of row `i` of `floor` after
/// one more step from `old`, whose row `i + 1` is that row (`old` has one more row on
/// each side). Apart, so that the compiler knows the three do not overlap.
#[inline]
fn grow(old: &[u64], floor: &[u64], new: &mut [u64]) {
    for ((new, rows), &floor) in new.iter_mut().zip(old.windows(3)).zip(floor) {
        let row = rows[1];
        *new = (row | row << 1 | row >> 1 | rows[0] | rows[2]) & floor;
    }
}

/// Which sides of each cell can reach each other around a box standing there.
///
/// With the box in cell `c`, the person can walk between two free neighbours of `c`
/// exactly when they are connected in the floor graph without `c`. One depth-first
/// search (Hopcroft-Tarjan low points) answers that for every cell at once: a neighbour
/// reached through a child subtree whose low point does not climb above `c` (or any child
/// subtree of the root) is cut off from the rest; every other neighbour is on the parent's
/// side. Each cell gets a byte of four 2-bit group labels, one per direction (a cell has
/// at most four groups); equal labels mean "connected around the box".
#[derive(Default)]
struct Blocks {
    disc: Vec<u32>,
    low: Vec<u32>,
    /// The largest discovery time in the cell's subtree.
    last: Vec<u32>,
    parent: Vec<u32>,
    stack: Vec<(u32, u8)>,
    /// Per cell, bits `2k..2k+2`: the group of the neighbour in direction `Dir::ALL[k]`.
    groups: Vec<u8>,
    root: u32,
}

/// A cell whose labels are not worked out yet; not a possible labelling, since at most
/// one neighbour of a cell is in group 3.
const UNLABELLED: u8 = 0xFF;

impl Blocks {
    /// Labels every cell of `root`'s floor component. Complexity O(grid bytes).
    fn build(&mut self, grid: &Grid<'_>, root: u32) {
        let cells = grid.cells();
        let n = cells.len();
        for v in [&mut self.disc, &mut self.low, &mut self.last] {
            v.clear();
            v.resize(n, 0);
        }
        self.parent.clear();
        self.parent.resize(n, NONE);
        self.groups.clear();
        self.groups.resize(n, UNLABELLED);
        let (disc, low, last, parent) = (
            &mut self.disc,
            &mut self.low,
            &mut self.last,
            &mut self.parent,
        );
        // Iterative, so a 10^6-cell serpentine does not overflow the call stack.
        let mut time = 1;
        disc[root as usize] = time;
        low[root as usize] = time;
        self.stack.clear();
        self.stack.push((root, 0));
        while let Some(top) = self.stack.last_mut() {
            let (c, next) = *top;
            if next < 4 {
                top.1 += 1;
                let u = match free(cells, grid.neighbour(c, Dir::ALL[next as usize])) {
                    Some(u) => u,
                    None => continue,
                };
                if disc[u as usize] == 0 {
                    time += 1;
                    parent[u as usize] = c;
                    disc[u as usize] = time;
                    low[u as usize] = time;
                    self.stack.push((u, 0));
                } else if u != parent[c as usize] {
                    low[c as usize] = low[c as usize].min(disc[u as usize]);
                }
            } else {
                self.stack.pop();
                last[c as usize] = time;
                if let Some(&(p, _)) = self.stack.last() {
                    low[p as usize] = low[p as usize].min(low[c as usize]);
                }
            }
        }
        self.root = root;
    }

    /// The four 2-bit labels of `c`, a cell of the searched component.
    fn labels(&self, grid: &Grid<'_>, c: u32) -> u8 {
        let (cells, disc, low, last, parent) = (
            grid.cells(),
            &self.disc,
            &self.low,
            &self.last,
            &self.parent,
        );
        let root = self.root;
        let dc = disc[c as usize];
        let neighbours = Dir::ALL.map(|dir| free(cells, grid.neighbour(c, dir)));
        // Children of c that are cut off from the rest when c is taken away, with
        // their labels: the root's children are all cut off from each other.
        let mut label = [0u8; 4];
        let mut next_label = if c == root { 0 } else { 1 };
        for (k, &u) in neighbours.iter().enumerate() {
            if let Some(u) = u {
                if parent[u as usize] == c && (c == root || low[u as usize] >= dc) {
                    label[k] = next_label;
                    next_label += 1;
                }
            }
        }
        let mut byte = 0u8;
        for (k, &u) in neighbours.iter().enumerate() {
            let u = match u {
                Some(u) => u,
                None => continue,
            };
            let du = disc[u as usize];
            let group = if du < dc {
                0 // the parent, or an ancestor by a back edge
            } else {
                // A descendant: in the subtree of exactly one child w of c.
                neighbours
                    .iter()
                    .enumerate()
                    .find_map(|(j, &w)| {
                        let w = w?;
                        (parent[w as usize] == c
                            && disc[w as usize] <= du
                            && du <= last[w as usize])
                            .then_some(label[j])
                    })
                    .expect("a descendant lies under a child")
            };
            byte |= group << (2 * k);
        }
        byte
    }

    /// The four 2-bit groups of `cell`'s neighbours (bits `2d..2d+2` for direction code
    /// `d`); a cell's labels are worked out the first time they are asked for (most cells
    /// never hold the box).
    #[inline(always)]
    fn groups(&mut self, grid: &Grid<'_>, cell: u32) -> u8 {
        if self.groups[cell as usize] == UNLABELLED {
            self.groups[cell as usize] = self.labels(grid, cell);
        }
        self.groups[cell as usize]
    }
}

/// The directions (bit `k` for code `k`) in which the box in a cell whose free neighbours
/// are `open` can be pushed: the person's side and the cell it lands in are both floor,
/// bits `k` and `k ^ 1` of `open`.
#[inline]
fn pushes(open: u8) -> u8 {
    open & (open >> 1 & 0b0101 | open << 1 & 0b1010)
}

/// With the box in `cell` and the person beside it in direction code `at`, the walk
/// length to the free side in direction code `to` when it is the least any walk can be,
/// else `None` (then only a search can tell). The least: 0 to the person's own side; 4
/// to the opposite side (the straight way is shut and a grid walk between cells two
/// apart has even length), when the three cells along one flank of the box are free. To
/// a side at right angles (two steps apart, the way through the box shut): 2 when the
/// corner cell between them is free; else no walk of 4 avoids both that corner and the
/// box (checked exhaustively), so 6 the other way round the box, when its three other
/// corners and its two other sides are free.
#[inline]
fn shortest_round(open: &[u8], steps: &[u32; 4], cell: u32, at: usize, to: usize) -> Option<u32> {
    let has = |c: u32, d: usize| open[c as usize] >> d & 1 == 1;
    let beside = |d: usize| cell.wrapping_add(steps[d]);
    if to == at {
        Some(0)
    } else if to == at ^ 1 {
        // The flanks: the two directions at right angles to `at`.
        let first = (at & 2) ^ 2;
        (first..first + 2)
            .any(|flank| has(beside(at), flank) && has(cell, flank) && has(beside(to), flank))
            .then_some(4)
    } else if has(beside(to), at) {
        Some(2)
    } else {
        // Each step of the long way: a side and the corner next to it, both free.
        let (back, away) = (at ^ 1, to ^ 1);
        (has(beside(at), away)
            && has(beside(away), at)
            && has(beside(away), back)
            && has(beside(back), away)
            && has(beside(back), to)
            && has(beside(to), back))
        .then_some(6)
    }
}
