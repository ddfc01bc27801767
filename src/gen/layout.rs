//! Grid layouts shared by the grid problems (robot-maze, chase, wave, pushing-boxes).
//!
//! A layout is drawn straight into the final input text through a [`Canvas`]: a strided view of
//! the bytes where the cells live (`cols` cells per row, either written together or separated by
//! single spaces, each row ending in `\n`). So a 10^8-cell input costs its own 10^8 (or 2*10^8)
//! bytes of text and nothing else: no `Vec<Vec<_>>`, no second flag array, no DFS stack.
//!
//! Kinds (all O(cells) time; extra memory O(1) unless stated):
//! - `open`: no walls.
//! - `random`: each cell a wall with probability `density`%.
//! - `maze`: a perfect maze (a spanning tree: exactly one path between two free cells). Rooms sit
//!   on even (row, col); a randomized depth-first search knocks out the wall between a room and a
//!   random unvisited neighbour room. The search is iterative and keeps its stack *in the grid*:
//!   a visited room temporarily holds the direction back to its parent (a control byte that can
//!   never be an open or wall character), so backtracking follows those bytes and no stack is
//!   allocated. With an even number of rows (cols), the last row (col) would be dead wall; its
//!   cells next to a room are opened at random as one-cell dead ends, which keeps the tree.
//! - `braid`: a maze with `percent`% of its room-separating walls knocked out: loops, hence many
//!   equal shortest paths (exercises tie-breaking).
//! - `serpentine`: a boustrophedon corridor: even rows open, odd rows wall except one connector
//!   alternately at the right and left end. The path from the first to the last corridor cell
//!   visits every free cell: ceil(R/2)*C + floor(R/2) cells, e.g. 8,006,000 for 4001x4000.
//! - `spiral`: a one-cell-wide corridor winding clockwise inwards (uses all four directions, unlike
//!   the serpentine whose corridor never goes up); about half of the cells are on the path.
//! - `rooms`: recursive division: a chamber larger than `room` on a side is cut by a wall line
//!   (on an odd coordinate) with a door (on an even coordinate, so later perpendicular walls,
//!   which lie on odd coordinates, can never block it), sometimes a second door. Rooms are joined
//!   by one-cell doors. Extra memory: a stack of chambers, O(rows + cols).
//! - `walled`: `random`, and the start is boxed in by walls on all its sides.
//! - `split`: `random`, cut in two by a full wall line; start and finish on opposite sides
//!   (unreachable by construction).
//! - `htree`: an H-tree of corridors from the centre (the start): the grid is halved across its
//!   longer side, each half across the other side, and so on, a corridor on the line between
//!   two halves joining their centres, down to rooms a few cells a side (inside open,
//!   rim wall). Every room is about the same distance from the start, so a BFS meets tens of
//!   thousands of cells in each of a few layers: a queue of about 73,000 cells at 1000 x 1000,
//!   against about 2,000 for `open`. The case that exposes a queue whose pop costs its length
//!   (Python's `list.pop(0)`). Recursion depth O(log(rows x cols)).

use super::Rng;

/// A cell as (row, col), 0-indexed.
pub type Cell = (usize, usize);

/// Upper bound on the number of cells the generators accept (the solvers index cells by `u32`).
pub const MAX_CELLS: u64 = 1 << 32;

/// The layout of a grid. See the module documentation for what each kind draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// No walls.
    Open,
    /// Each cell a wall with probability `density` percent (0..=100).
    Random { density: u32 },
    /// A perfect maze; start and finish at opposite corners.
    Maze,
    /// A maze with `percent` (0..=100) of its inner walls removed.
    Braid { percent: u32 },
    /// A boustrophedon corridor; start and finish at its ends (the longest shortest path).
    Serpentine,
    /// A clockwise inward spiral corridor; start and finish at its ends.
    Spiral,
    /// Rooms of at most `room` cells a side (>= 1), joined by doors.
    Rooms { room: u32 },
    /// `Random { density }` with the start walled in.
    Walled { density: u32 },
    /// `Random { density }` cut in two by a wall line, start and finish on opposite sides.
    Split { density: u32 },
    /// An H-tree of corridors from the centre to small rooms; the start at the centre, the
    /// finish in the room corner farthest along the tree.
    HTree,
}

/// Default wall density for `random`, `walled` and `split`.
pub const DEFAULT_DENSITY: u32 = 25;
/// Default share of maze walls removed by `braid`.
pub const DEFAULT_BRAID: u32 = 10;
/// Default largest room side for `rooms`.
pub const DEFAULT_ROOM: u32 = 6;

impl Layout {
    /// Every layout name with the meaning of its optional parameter (for `--help`).
    pub const HELP: &'static [(&'static str, &'static str)] = &[
        ("open", "no walls"),
        ("random", "[density%=25] random walls"),
        ("maze", "perfect maze, corners"),
        (
            "braid",
            "[percent=10] maze with that share of walls removed (loops)",
        ),
        (
            "serpentine",
            "boustrophedon corridor, the longest shortest path",
        ),
        ("spiral", "inward spiral corridor"),
        (
            "rooms",
            "[room=6] rooms of at most that side joined by doors",
        ),
        ("walled", "[density%=25] random walls, start boxed in"),
        (
            "split",
            "[density%=25] random walls, a wall line between start and finish",
        ),
        (
            "htree",
            "H-tree corridors from the centre to small rooms: the widest BFS layers",
        ),
    ];

    /// The layout called `name`, with its optional parameter (density, percent or room side).
    pub fn parse(name: &str, param: Option<u64>) -> Result<Layout, String> {
        let percent = |default: u32| -> Result<u32, String> {
            match param {
                None => Ok(default),
                Some(p) if p <= 100 => Ok(p as u32),
                Some(p) => Err(format!("{name}: percentage must be 0..=100, got {p}")),
            }
        };
        let none = || -> Result<(), String> {
            match param {
                None => Ok(()),
                Some(p) => Err(format!("{name} takes no parameter, got {p}")),
            }
        };
        Ok(match name {
            "open" => none().map(|_| Layout::Open)?,
            "random" => Layout::Random {
                density: percent(DEFAULT_DENSITY)?,
            },
            "maze" => none().map(|_| Layout::Maze)?,
            "braid" => Layout::Braid {
                percent: percent(DEFAULT_BRAID)?,
            },
            "serpentine" => none().map(|_| Layout::Serpentine)?,
            "spiral" => none().map(|_| Layout::Spiral)?,
            "rooms" => match param {
                None => Layout::Rooms { room: DEFAULT_ROOM },
                Some(r) if (1..=u64::from(u32::MAX)).contains(&r) => {
                    Layout::Rooms { room: r as u32 }
                }
                Some(r) => return Err(format!("rooms: room side must be at least 1, got {r}")),
            },
            "walled" => Layout::Walled {
                density: percent(DEFAULT_DENSITY)?,
            },
            "split" => Layout::Split {
                density: percent(DEFAULT_DENSITY)?,
            },
            "htree" => none().map(|_| Layout::HTree)?,
            _ => return Err(format!("unknown layout kind `{name}`")),
        })
    }

    /// Whether a `rows` x `cols` grid can hold this layout with `points` distinct marked cells.
    fn check(self, rows: usize, cols: usize, points: usize) -> Result<(), String> {
        if rows == 0 || cols == 0 {
            return Err(format!("grid must be at least 1x1, got {rows}x{cols}"));
        }
        let cells = (rows as u64).saturating_mul(cols as u64);
        if cells > MAX_CELLS {
            return Err(format!("{rows}x{cols} grid exceeds {MAX_CELLS} cells"));
        }
        if let Layout::Split { .. } = self {
            if rows < 3 && cols < 3 {
                return Err(format!(
                    "split needs 3 rows or 3 columns, got {rows}x{cols}"
                ));
            }
            // The cut line (see `draw`) is no one's to take.
            let cut = if split_columns(rows, cols) {
                rows
            } else {
                cols
            };
            if cells - (cut as u64) < points as u64 {
                return Err(format!(
                    "split: {rows}x{cols} is too small for {points} markers"
                ));
            }
        }
        if let Layout::Walled { .. } = self {
            // The start and its up-to-four neighbours are taken; the others need cells too.
            if points > 1 && cells < 2 + points as u64 {
                return Err(format!(
                    "walled: {rows}x{cols} is too small for {points} markers"
                ));
            }
        }
        if cells < points as u64 {
            return Err(format!(
                "{rows}x{cols} grid cannot hold {points} distinct markers"
            ));
        }
        Ok(())
    }
}

/// A strided view of the cell bytes inside an input text (see the module documentation).
pub(crate) struct Canvas<'a> {
    buf: &'a mut [u8],
    row_stride: usize,
    cell_stride: usize,
    pub rows: usize,
    pub cols: usize,
    pub open: u8,
    pub wall: u8,
}

impl<'a> Canvas<'a> {
    /// A view of `buf`, whose first byte is cell (0, 0).
    pub fn new(
        buf: &'a mut [u8],
        rows: usize,
        cols: usize,
        spaced: bool,
        open: u8,
        wall: u8,
    ) -> Self {
        let cell_stride = if spaced { 2 } else { 1 };
        Canvas {
            buf,
            row_stride: cols * cell_stride + usize::from(!spaced),
            cell_stride,
            rows,
            cols,
            open,
            wall,
        }
    }

    #[inline]
    fn at(&self, (r, c): Cell) -> usize {
        r * self.row_stride + c * self.cell_stride
    }

    #[inline]
    pub fn get(&self, cell: Cell) -> u8 {
        self.buf[self.at(cell)]
    }

    #[inline]
    pub fn set(&mut self, cell: Cell, byte: u8) {
        let i = self.at(cell);
        self.buf[i] = byte;
    }

    #[inline]
    pub fn is_open(&self, cell: Cell) -> bool {
        self.get(cell) == self.open
    }

    /// Walls at random with probability `density`%, row by row (cache-friendly on huge grids).
    fn scatter_walls(&mut self, density: u32, rng: &mut Rng) {
        if density == 0 {
            return;
        }
        for r in 0..self.rows {
            for c in 0..self.cols {
                if rng.chance(density) {
                    self.set((r, c), self.wall);
                }
            }
        }
    }
}

/// How a drawn layout wants its markers placed.
pub(crate) struct Plan {
    /// Fixed start (path ends of maze-like layouts), else a random free cell.
    pub start: Option<Cell>,
    /// Fixed finish, else a random free cell.
    pub finish: Option<Cell>,
    /// Where a random start may go.
    pub start_area: Area,
    /// Where a random finish may go.
    pub finish_area: Area,
    /// Wall in the start's neighbours after placing it.
    pub box_in_start: bool,
    /// A wall line that no marker may take (it would open the cut of `split`).
    pub cut: Option<Area>,
}

/// A rectangle of cells: rows `r0..r1`, cols `c0..c1`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Area {
    pub r0: usize,
    pub r1: usize,
    pub c0: usize,
    pub c1: usize,
}

impl Layout {
    /// Whether every cell must hold the wall byte before [`Layout::draw`] (carved layouts);
    /// else the open byte.
    pub(crate) fn starts_walled(self) -> bool {
        matches!(
            self,
            Layout::Maze | Layout::Braid { .. } | Layout::Spiral | Layout::HTree
        )
    }

    /// Draws the layout on a canvas prefilled per [`Layout::starts_walled`].
    pub(crate) fn draw(self, cv: &mut Canvas<'_>, rng: &mut Rng) -> Plan {
        let (rows, cols) = (cv.rows, cv.cols);
        let whole = Area {
            r0: 0,
            r1: rows,
            c0: 0,
            c1: cols,
        };
        let mut plan = Plan {
            start: None,
            finish: None,
            start_area: whole,
            finish_area: whole,
            box_in_start: false,
            cut: None,
        };
        match self {
            Layout::Open => {}
            Layout::Random { density } => cv.scatter_walls(density, rng),
            Layout::Maze => {
                let last = carve_maze(cv, rng);
                plan.start = Some((0, 0));
                plan.finish = Some(last);
            }
            Layout::Braid { percent } => {
                let last = carve_maze(cv, rng);
                braid(cv, percent, rng);
                plan.start = Some((0, 0));
                plan.finish = Some(last);
            }
            Layout::Serpentine => {
                let last = serpentine(cv);
                plan.start = Some((0, 0));
                plan.finish = Some(last);
            }
            Layout::Spiral => {
                let last = spiral(cv);
                plan.start = Some((0, 0));
                plan.finish = Some(last);
            }
            Layout::Rooms { room } => divide(cv, room as usize, rng),
            Layout::HTree => {
                let (start, finish) = htree(cv);
                plan.start = Some(start);
                plan.finish = Some(finish);
            }
            Layout::Walled { density } => {
                cv.scatter_walls(density, rng);
                plan.box_in_start = true;
            }
            Layout::Split { density } => {
                cv.scatter_walls(density, rng);
                if split_columns(rows, cols) {
                    let cut = cols / 2;
                    for r in 0..rows {
                        cv.set((r, cut), cv.wall);
                    }
                    plan.start_area.c1 = cut;
                    plan.finish_area.c0 = cut + 1;
                    plan.cut = Some(Area {
                        c0: cut,
                        c1: cut + 1,
                        ..whole
                    });
                } else {
                    let cut = rows / 2;
                    for c in 0..cols {
                        cv.set((cut, c), cv.wall);
                    }
                    plan.start_area.r1 = cut;
                    plan.finish_area.r0 = cut + 1;
                    plan.cut = Some(Area {
                        r0: cut,
                        r1: cut + 1,
                        ..whole
                    });
                }
            }
        }
        plan
    }
}

/// Whether `split` cuts with a column (across the longer side, so both halves are as large as
/// possible) rather than a row.
fn split_columns(rows: usize, cols: usize) -> bool {
    cols >= 3 && (cols >= rows || rows < 3)
}

// Temporary cell bytes of the maze search: the direction from a visited room back to its parent.
// Control bytes, so they can never equal an open or wall character.
const BACK_UP: u8 = 1;
const BACK_DOWN: u8 = 2;
const BACK_LEFT: u8 = 3;
const BACK_RIGHT: u8 = 4;
const ROOT: u8 = 5;

/// Carves a perfect maze on a walled canvas; returns the room farthest down-right.
fn carve_maze(cv: &mut Canvas<'_>, rng: &mut Rng) -> Cell {
    let (rows, cols) = (cv.rows, cv.cols);
    let wall = cv.wall;
    let open = cv.open;
    let (mut r, mut c) = (0usize, 0usize);
    cv.set((0, 0), ROOT);
    loop {
        // Unvisited neighbour rooms still hold the wall byte.
        let mut cand = [0u8; 4];
        let mut n = 0;
        if r >= 2 && cv.get((r - 2, c)) == wall {
            cand[n] = BACK_DOWN;
            n += 1;
        }
        if r + 2 < rows && cv.get((r + 2, c)) == wall {
            cand[n] = BACK_UP;
            n += 1;
        }
        if c >= 2 && cv.get((r, c - 2)) == wall {
            cand[n] = BACK_RIGHT;
            n += 1;
        }
        if c + 2 < cols && cv.get((r, c + 2)) == wall {
            cand[n] = BACK_LEFT;
            n += 1;
        }
        if n > 0 {
            // Step forward: open the wall between, and leave the way back in the new room.
            let back = cand[rng.below(n as u64) as usize];
            let (nr, nc) = match back {
                BACK_DOWN => (r - 2, c),
                BACK_UP => (r + 2, c),
                BACK_RIGHT => (r, c - 2),
                _ => (r, c + 2),
            };
            cv.set(((r + nr) / 2, (c + nc) / 2), open);
            cv.set((nr, nc), back);
            r = nr;
            c = nc;
        } else {
            // Dead end: this room is finished for good, so it can take its final byte now.
            let back = cv.get((r, c));
            cv.set((r, c), open);
            match back {
                BACK_UP => r -= 2,
                BACK_DOWN => r += 2,
                BACK_LEFT => c -= 2,
                BACK_RIGHT => c += 2,
                _ => break,
            }
        }
    }
    // An even count leaves a last line with no rooms; open some of its cells next to a room as
    // one-cell dead ends (a leaf added to a tree keeps it a tree).
    if rows % 2 == 0 {
        for c in (0..cols).step_by(2) {
            if rng.chance(50) {
                cv.set((rows - 1, c), open);
            }
        }
    }
    if cols % 2 == 0 {
        for r in (0..rows).step_by(2) {
            if rng.chance(50) {
                cv.set((r, cols - 1), open);
            }
        }
    }
    let last = ((rows - 1) / 2 * 2, (cols - 1) / 2 * 2);
    if last == (0, 0) && rows * cols > 1 {
        // A single room (2x2, 1x2, 2x1): end at a spur so the finish is not the start.
        let spur = if cols == 2 { (0, 1) } else { (1, 0) };
        cv.set(spur, open);
        return spur;
    }
    last
}

/// Knocks out `percent`% of the walls that separate two rooms of a carved maze.
fn braid(cv: &mut Canvas<'_>, percent: u32, rng: &mut Rng) {
    let (rows, cols) = (cv.rows, cv.cols);
    for r in 0..rows {
        for c in 0..cols {
            // Between two rooms: odd in exactly one coordinate, with both rooms inside the grid.
            let between = match (r % 2, c % 2) {
                (1, 0) => r + 1 < rows,
                (0, 1) => c + 1 < cols,
                _ => false,
            };
            if between && cv.get((r, c)) == cv.wall && rng.chance(percent) {
                cv.set((r, c), cv.open);
            }
        }
    }
}

/// Walls the odd rows of an open canvas but for alternating end connectors; returns the far end.
fn serpentine(cv: &mut Canvas<'_>) -> Cell {
    let (rows, cols) = (cv.rows, cv.cols);
    // Row 1 connects at the right (row 0 runs left to right), row 3 at the left, and so on.
    let connector = |r: usize| if r % 4 == 1 { cols - 1 } else { 0 };
    for r in (1..rows).step_by(2) {
        for c in 0..cols {
            if c != connector(r) {
                cv.set((r, c), cv.wall);
            }
        }
    }
    let last = rows - 1;
    if last % 2 == 1 {
        (last, connector(last))
    } else if (last / 2) % 2 == 0 {
        (last, cols - 1)
    } else {
        (last, 0)
    }
}

/// Carves a clockwise inward spiral corridor from (0, 0) on a walled canvas; returns its end.
///
/// A turtle walks right, down, left, up, ...; after each leg the bound on that side moves in by
/// two, leaving one wall line between neighbouring legs. A leg is walked only if the line it runs
/// on still lies inside the bounds (else it would touch an earlier leg) and it makes progress.
fn spiral(cv: &mut Canvas<'_>) -> Cell {
    let (rows, cols) = (cv.rows as i64, cv.cols as i64);
    let open = cv.open;
    cv.set((0, 0), open);
    if cols == 1 {
        for r in 0..cv.rows {
            cv.set((r, 0), open);
        }
        return (cv.rows - 1, 0);
    }
    let (mut top, mut bottom, mut left, mut right) = (0i64, rows - 1, 0i64, cols - 1);
    let (mut r, mut c) = (0i64, 0i64);
    for leg in 0usize.. {
        let (dr, dc, steps) = match leg % 4 {
            0 if (top..=bottom).contains(&r) => (0, 1, right - c),
            1 if (left..=right).contains(&c) => (1, 0, bottom - r),
            2 if (top..=bottom).contains(&r) => (0, -1, c - left),
            3 if (left..=right).contains(&c) => (-1, 0, r - top),
            _ => break,
        };
        if steps <= 0 {
            break;
        }
        for _ in 0..steps {
            r += dr;
            c += dc;
            cv.set((r as usize, c as usize), open);
        }
        match leg % 4 {
            0 => top += 2,
            1 => right -= 2,
            2 => bottom -= 2,
            _ => left += 2,
        }
    }
    (r as usize, c as usize)
}

/// A region of [`htree`] in signed coordinates (the outermost one lies a cell beyond the grid
/// on every side): rows `r0..r1`, cols `c0..c1`.
#[derive(Clone, Copy)]
struct Span {
    r0: i64,
    r1: i64,
    c0: i64,
    c1: i64,
}

/// [`htree`] halves a region while its side across the cut is at least this: the halves then
/// have sides of 5 or more, so each room's inside (its rim taken off) holds its centre.
const HTREE_CUT: i64 = 11;

/// The middle of `a..b`: a region's centre and, when it is cut, the line that parts its halves.
fn middle(a: i64, b: i64) -> i64 {
    a + (b - a) / 2
}

/// Carves an H-tree on a walled canvas; returns its start (the centre) and its finish.
///
/// A region is cut by its middle line (a column when `by_cols`, else a row) into two halves,
/// and a corridor on the region's centre line joins the centres of the halves through the
/// region's centre; each half is then cut the other way, so the corridor that reaches a half's
/// centre runs on the line that will part that half's own halves. A region too small to cut is
/// a room: its inside is opened, its rim stays wall. A region's corridors and rooms never touch
/// its rim except where the corridor from its parent comes in, so the corridors form a tree
/// whose branches to all rooms have about the same length (siblings' exactly the same). The
/// outermost region is the grid with a virtual rim of wall around it, so small grids are one
/// open room. The finish is the room corner farthest from the start along the tree.
fn htree(cv: &mut Canvas<'_>) -> (Cell, Cell) {
    let (rows, cols) = (cv.rows as i64, cv.cols as i64);
    let whole = Span {
        r0: -1,
        r1: rows + 1,
        c0: -1,
        c1: cols + 1,
    };
    let centre = (middle(whole.r0, whole.r1), middle(whole.c0, whole.c1));
    let mut far = (0, centre);
    htree_region(cv, whole, cols >= rows, (0, false), &mut far);
    let cell = |(r, c): (i64, i64)| (r as usize, c as usize);
    (cell(centre), cell(far.1))
}

/// Draws the H-tree of region `s` (see [`htree`]). `reach.0` is how many steps from the start
/// its centre is; `reach.1` whether the corridor comes in from the high end of the axis across
/// `by_cols` (rows when cutting by columns), where a room's farthest cells lie at the low end.
/// Keeps in `far` the farthest room corner seen, with its distance.
fn htree_region(
    cv: &mut Canvas<'_>,
    s: Span,
    by_cols: bool,
    reach: (i64, bool),
    far: &mut (i64, (i64, i64)),
) {
    let (rc, cc) = (middle(s.r0, s.r1), middle(s.c0, s.c1));
    let (dist, from_high) = reach;
    let across = if by_cols { s.c1 - s.c0 } else { s.r1 - s.r0 };
    if across < HTREE_CUT {
        // A room: the inside of its rim, all inside the grid (the virtual rim lies outside it).
        for r in s.r0 + 1..s.r1 - 1 {
            for c in s.c0 + 1..s.c1 - 1 {
                cv.set((r as usize, c as usize), cv.open);
            }
        }
        // Its farthest cell: the corner away from where the corridor comes in, one straight
        // walk across the open inside from the centre.
        let (low, high) = ((s.r0 + 1, s.c0 + 1), (s.r1 - 2, s.c1 - 2));
        let corner = match (by_cols, from_high) {
            (true, true) => (low.0, high.1),
            (false, true) => (high.0, low.1),
            _ => high,
        };
        let d = dist + (corner.0 - rc).abs() + (corner.1 - cc).abs();
        if d > far.0 {
            *far = (d, corner);
        }
        return;
    }
    let (a, b, ends) = if by_cols {
        let (a, b) = (Span { c1: cc, ..s }, Span { c0: cc + 1, ..s });
        (a, b, (middle(a.c0, a.c1), middle(b.c0, b.c1)))
    } else {
        let (a, b) = (Span { r1: rc, ..s }, Span { r0: rc + 1, ..s });
        (a, b, (middle(a.r0, a.r1), middle(b.r0, b.r1)))
    };
    for k in ends.0..=ends.1 {
        let cell = if by_cols { (rc, k) } else { (k, cc) };
        cv.set((cell.0 as usize, cell.1 as usize), cv.open);
    }
    // The lower half is reached from its high end, the upper from its low end.
    let here = if by_cols { cc } else { rc };
    htree_region(cv, a, !by_cols, (dist + here - ends.0, true), far);
    htree_region(cv, b, !by_cols, (dist + ends.1 - here, false), far);
}

/// Recursive division (iterative, with an explicit stack of chambers) on an open canvas.
fn divide(cv: &mut Canvas<'_>, room: usize, rng: &mut Rng) {
    let mut stack = vec![Area {
        r0: 0,
        r1: cv.rows,
        c0: 0,
        c1: cv.cols,
    }];
    while let Some(a) = stack.pop() {
        let (h, w) = (a.r1 - a.r0, a.c1 - a.c0);
        // A cut needs an odd line strictly inside with a cell on each side: a side of 3 or more.
        let can_h = h > room && h >= 3;
        let can_v = w > room && w >= 3;
        let horizontal = match (can_h, can_v) {
            (false, false) => continue,
            (true, false) => true,
            (false, true) => false,
            (true, true) => h > w || (h == w && rng.chance(50)),
        };
        // Chambers start on even coordinates, so odd lines are r0+1, r0+3, ..., <= r1-2.
        let (lo, len, door_lo, door_len) = if horizontal {
            (a.r0, h, a.c0, w)
        } else {
            (a.c0, w, a.r0, h)
        };
        // Cut in the middle half of the possible lines: uniform cuts give many one-cell-wide
        // slivers, which are corridors rather than rooms.
        let lines = (len - 3) / 2 + 1;
        let first = lines / 4;
        let line = lo + 1 + 2 * (first + rng.below((lines - 2 * first) as u64) as usize);
        let doors = (door_len - 1) / 2 + 1;
        let door = door_lo + 2 * rng.below(doors as u64) as usize;
        let second = if rng.chance(30) {
            door_lo + 2 * rng.below(doors as u64) as usize
        } else {
            door
        };
        for k in door_lo..door_lo + door_len {
            if k != door && k != second {
                let cell = if horizontal { (line, k) } else { (k, line) };
                cv.set(cell, cv.wall);
            }
        }
        if horizontal {
            stack.push(Area { r1: line, ..a });
            stack.push(Area { r0: line + 1, ..a });
        } else {
            stack.push(Area { c1: line, ..a });
            stack.push(Area { c0: line + 1, ..a });
        }
    }
}

/// Picks a cell in `area`, not in `taken`, not rejected by `forbid`; prefers open cells and
/// opens the one it returns. Random probes first (O(1) on sensible grids), then a scan from a
/// random offset, so it terminates and finds a cell whenever one exists.
pub(crate) fn pick(
    cv: &mut Canvas<'_>,
    rng: &mut Rng,
    area: Area,
    taken: &[Cell],
    forbid: &dyn Fn(Cell) -> bool,
) -> Option<Cell> {
    let (h, w) = (area.r1 - area.r0, area.c1 - area.c0);
    let n = (h * w) as u64;
    if n == 0 {
        return None;
    }
    let cell_of = |k: u64| {
        (
            area.r0 + (k / w as u64) as usize,
            area.c0 + (k % w as u64) as usize,
        )
    };
    let ok = |cv: &Canvas<'_>, cell: Cell, need_open: bool| {
        (!need_open || cv.is_open(cell)) && !taken.contains(&cell) && !forbid(cell)
    };
    for _ in 0..64 {
        let cell = cell_of(rng.below(n));
        if ok(cv, cell, true) {
            return Some(cell);
        }
    }
    let offset = rng.below(n);
    for need_open in [true, false] {
        for k in 0..n {
            let cell = cell_of((offset + k) % n);
            if ok(cv, cell, need_open) {
                cv.set(cell, cv.open);
                return Some(cell);
            }
        }
    }
    None
}

/// Markers placed on a drawn layout.
pub(crate) struct Points {
    pub start: Cell,
    pub finish: Cell,
    /// Further distinct cells (the box of pushing-boxes).
    pub extra: Vec<Cell>,
}

/// Places start, finish and `extra` more cells, all distinct, on open cells (opening them if the
/// layout left no open cell to take) and applies the plan's walling. When no cell is left for
/// the finish and `finish_may_be_start`, the finish is the start (robot-maze on a 1x1 grid).
pub(crate) fn place(
    cv: &mut Canvas<'_>,
    plan: &Plan,
    rng: &mut Rng,
    extra: usize,
    finish_may_be_start: bool,
) -> Result<Points, String> {
    let (rows, cols) = (cv.rows, cv.cols);
    let whole = Area {
        r0: 0,
        r1: rows,
        c0: 0,
        c1: cols,
    };
    let on_cut = |(r, c): Cell| {
        plan.cut.map_or(false, |a| {
            (a.r0..a.r1).contains(&r) && (a.c0..a.c1).contains(&c)
        })
    };
    let no_room = || format!("{rows}x{cols} grid has no room for the markers");
    let neighbours = |(r, c): Cell| {
        [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ]
        .into_iter()
        .filter(move |&(nr, nc)| nr < rows && nc < cols)
    };
    let mut start = match plan.start {
        Some(s) => s,
        None => pick(cv, rng, plan.start_area, &[], &on_cut).ok_or_else(no_room)?,
    };
    if plan.box_in_start {
        // Keep room for the other markers outside the box: a corner walls in at most 2 cells.
        let left = rows * cols - 1 - neighbours(start).count();
        if left < 1 + extra {
            start = (0, 0);
        }
        for cell in neighbours(start) {
            cv.set(cell, cv.wall);
        }
    }
    cv.set(start, cv.open);
    let near = |(r, c): Cell| r.abs_diff(start.0) + c.abs_diff(start.1) == 1;
    let forbid = |cell: Cell| on_cut(cell) || (plan.box_in_start && near(cell));
    let mut taken = vec![start];
    let finish = match plan.finish {
        Some(f) if f != start => f,
        _ => match pick(cv, rng, plan.finish_area, &taken, &forbid) {
            Some(f) => f,
            None if finish_may_be_start => start,
            None => return Err(no_room()),
        },
    };
    cv.set(finish, cv.open);
    if finish != start {
        taken.push(finish);
    }
    let mut more = Vec::with_capacity(extra);
    for _ in 0..extra {
        let cell = pick(cv, rng, whole, &taken, &forbid).ok_or_else(no_room)?;
        taken.push(cell);
        more.push(cell);
    }
    Ok(Points {
        start,
        finish,
        extra: more,
    })
}

/// Checks the grid and the marker count; see [`Layout::check`].
pub(crate) fn check(layout: Layout, rows: usize, cols: usize, points: usize) -> Result<(), String> {
    layout.check(rows, cols, points)
}
