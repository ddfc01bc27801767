//! Input writers for the grid problems: robot-maze, chase, wave, pushing-boxes.
//!
//! Each writer reserves the whole text once, prefills the rows with the layout's background byte,
//! lets [`Layout::draw`] draw on a [`Canvas`] over those bytes, places the markers, and returns.
//! Time O(cells); memory: the text itself (plus, for robot-maze, one in-place shift of the text to
//! put the header, whose length depends on the chosen coordinates, in front of it).

use super::layout::{check, pick, place, Area, Canvas, Cell, Layout};
use super::Rng;

/// Options of [`robot_maze`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RobotMazeOptions {
    /// Cells separated by single spaces (`0 1 0`) instead of written together (`010`).
    pub spaced: bool,
    /// Put the start on a wall (allowed by the problem: the robot can leave it).
    pub wall_start: bool,
    /// Make the finish the start.
    pub same: bool,
}

/// Options of [`chase`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChaseOptions {
    /// Write the optional `R C` header line.
    pub header: bool,
    /// Cells separated by single spaces (`S . #`, as the seed draws it).
    pub spaced: bool,
}

impl Default for ChaseOptions {
    fn default() -> Self {
        ChaseOptions {
            header: true,
            spaced: false,
        }
    }
}

/// Options of [`pushing_boxes`] and [`pushing_boxes_corridor`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxOptions {
    /// End the input with `0 0` (else it ends at the end of the input, which is also valid).
    pub end_marker: bool,
    /// Draw each case's size at random up to the given size, instead of exactly that size.
    pub vary: bool,
}

impl Default for BoxOptions {
    fn default() -> Self {
        BoxOptions {
            end_marker: true,
            vary: false,
        }
    }
}

/// A generated layout as plain flags, for tests and tools that want the grid, not an input text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    /// Row-major, `rows * cols` bytes: 0 open, 1 wall.
    pub cells: Vec<u8>,
    /// The start robot-maze would get (0-indexed); open.
    pub start: Cell,
    /// The finish robot-maze would get (0-indexed); open; equals `start` only on a 1-cell grid
    /// or when the layout leaves no other cell (`walled` on tiny grids).
    pub finish: Cell,
}

/// Appends `rows` rows of `cols` cells of `fill` (one `\n` per row) to `out`; returns the offset
/// of cell (0, 0). Fails instead of aborting when the text would not fit in memory.
fn append_rows(
    out: &mut Vec<u8>,
    rows: usize,
    cols: usize,
    spaced: bool,
    fill: u8,
) -> Result<usize, String> {
    let row: Vec<u8> = if spaced {
        let mut row: Vec<u8> = (0..cols).flat_map(|_| [fill, b' ']).collect();
        *row.last_mut().expect("cols >= 1") = b'\n';
        row
    } else {
        let mut row = vec![fill; cols];
        row.push(b'\n');
        row
    };
    let total = row
        .len()
        .checked_mul(rows)
        .ok_or_else(|| format!("{rows}x{cols} text does not fit in memory"))?;
    out.try_reserve_exact(total)
        .map_err(|_| format!("cannot allocate {total} bytes for a {rows}x{cols} grid"))?;
    let base = out.len();
    for _ in 0..rows {
        out.extend_from_slice(&row);
    }
    Ok(base)
}

/// An empty text with room for `cases` maps of at most `rows` x `cols`: fails at once, instead of
/// after generating for minutes, when a request (10^12 small cases) cannot fit in memory.
/// Reserving the upper bound of `vary` costs only address space: untouched pages are never
/// made resident.
fn multi_case_text(cases: usize, rows: usize, cols: usize) -> Result<Vec<u8>, String> {
    let per_case = cols
        .checked_add(1)
        .and_then(|w| w.checked_mul(rows))
        .and_then(|b| b.checked_add(42)); // two numbers of 20 digits, a space, a newline
    let total = per_case
        .and_then(|b| b.checked_mul(cases))
        .and_then(|b| b.checked_add(4))
        .ok_or_else(|| format!("{cases} cases of {rows}x{cols} do not fit in memory"))?;
    let mut out = Vec::new();
    out.try_reserve_exact(total)
        .map_err(|_| format!("cannot allocate {total} bytes for {cases} cases of {rows}x{cols}"))?;
    Ok(out)
}

/// Draws `layout` on `rows` x `cols` cells appended to `out`, and places the markers.
#[allow(clippy::too_many_arguments)]
fn draw_grid(
    out: &mut Vec<u8>,
    rows: usize,
    cols: usize,
    spaced: bool,
    chars: [u8; 2],
    layout: Layout,
    rng: &mut Rng,
    extra: usize,
    finish_may_be_start: bool,
) -> Result<(usize, super::layout::Points), String> {
    let [open, wall] = chars;
    let fill = if layout.starts_walled() { wall } else { open };
    let base = append_rows(out, rows, cols, spaced, fill)?;
    let mut cv = Canvas::new(&mut out[base..], rows, cols, spaced, open, wall);
    let plan = layout.draw(&mut cv, rng);
    let points = place(&mut cv, &plan, rng, extra, finish_may_be_start)?;
    Ok((base, points))
}

/// Writes `byte` at `cell` of a grid whose cell (0, 0) is `out[base]`.
fn mark(out: &mut [u8], base: usize, cols: usize, spaced: bool, cell: Cell, byte: u8) {
    let mut cv = Canvas::new(&mut out[base..], cell.0 + 1, cols, spaced, 0, 0);
    cv.set(cell, byte);
}

fn header(out: &mut Vec<u8>, numbers: &[usize]) {
    for (i, n) in numbers.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(n.to_string().as_bytes());
    }
    out.push(b'\n');
}

/// The layout as flags with robot-maze's start and finish (`sizes`: rows, cols).
pub fn layout_grid(layout: Layout, rows: usize, cols: usize, seed: u64) -> Result<Grid, String> {
    check(layout, rows, cols, 1)?;
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let (_, points) = draw_grid(
        &mut out,
        rows,
        cols,
        false,
        // Printable bytes: the maze search parks control bytes 1..=5 in cells while it runs.
        [b'0', b'1'],
        layout,
        &mut rng,
        0,
        true,
    )?;
    // Drop the row terminators (the `\n` byte after each row) to get plain flags.
    let cells = out
        .chunks_exact(cols + 1)
        .flat_map(|row| row[..cols].iter().map(|&b| b - b'0'))
        .collect();
    Ok(Grid {
        rows,
        cols,
        cells,
        start: points.start,
        finish: points.finish,
    })
}

/// A robot-maze input: `R C r1 c1 r2 c2` (1-indexed), then `R` rows of `C` cells `0`/`1`.
///
/// Start and finish: the corridor ends for `maze`, `braid`, `serpentine` and `spiral`, random
/// free cells otherwise (distinct unless the grid has a single usable cell). Sizes: `rows`,
/// `cols` >= 1; every layout works on 1x1, 1xN and Nx1 except `split` (needs a side of 3).
pub fn robot_maze(
    rows: usize,
    cols: usize,
    layout: Layout,
    opts: RobotMazeOptions,
    seed: u64,
) -> Result<Vec<u8>, String> {
    check(layout, rows, cols, 1)?;
    let mut rng = Rng::new(seed);
    // The header's length depends on the coordinates, known only after drawing: leave room for
    // the longest possible one (6 numbers of at most 20 digits) and shift once at the end.
    const ROOM: usize = 6 * 21;
    let mut out = Vec::new();
    out.try_reserve_exact(ROOM)
        .map_err(|_| "cannot allocate".to_string())?;
    out.resize(ROOM, b' ');
    let (base, points) = draw_grid(
        &mut out,
        rows,
        cols,
        opts.spaced,
        [b'0', b'1'],
        layout,
        &mut rng,
        0,
        true,
    )?;
    let start = points.start;
    let finish = if opts.same { start } else { points.finish };
    if opts.wall_start {
        mark(&mut out, base, cols, opts.spaced, start, b'1');
    }
    let mut head = Vec::with_capacity(ROOM);
    header(
        &mut head,
        &[
            rows,
            cols,
            start.0 + 1,
            start.1 + 1,
            finish.0 + 1,
            finish.1 + 1,
        ],
    );
    let skip = ROOM - head.len();
    out[skip..ROOM].copy_from_slice(&head);
    out.drain(..skip);
    Ok(out)
}

/// A chase input: optional `R C` header, then `R` rows of `. # S E`.
///
/// `S` at the layout's start, `E` at its finish (always distinct cells). Sizes: `rows`, `cols`
/// with at least 2 cells (3 for `walled` 1xN).
pub fn chase(
    rows: usize,
    cols: usize,
    layout: Layout,
    opts: ChaseOptions,
    seed: u64,
) -> Result<Vec<u8>, String> {
    check(layout, rows, cols, 2)?;
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    if opts.header {
        header(&mut out, &[rows, cols]);
    }
    let (base, p) = draw_grid(
        &mut out,
        rows,
        cols,
        opts.spaced,
        [b'.', b'#'],
        layout,
        &mut rng,
        0,
        false,
    )?;
    mark(&mut out, base, cols, opts.spaced, p.start, b'S');
    mark(&mut out, base, cols, opts.spaced, p.finish, b'E');
    Ok(out)
}

/// A wave input: `n m`, then `n` rows of `# . s f` written together.
///
/// `s` at the layout's start, `f` at its finish (distinct). Sizes as for [`chase`].
pub fn wave(rows: usize, cols: usize, layout: Layout, seed: u64) -> Result<Vec<u8>, String> {
    check(layout, rows, cols, 2)?;
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    header(&mut out, &[rows, cols]);
    let (base, p) = draw_grid(
        &mut out,
        rows,
        cols,
        false,
        [b'.', b'#'],
        layout,
        &mut rng,
        0,
        false,
    )?;
    mark(&mut out, base, cols, false, p.start, b's');
    mark(&mut out, base, cols, false, p.finish, b'f');
    Ok(out)
}

/// The size of one pushing-boxes case: exactly `rows` x `cols`, or with `vary` a random size up
/// to it that the layout accepts with three markers.
fn case_size(
    rows: usize,
    cols: usize,
    layout: Layout,
    vary: bool,
    rng: &mut Rng,
) -> Result<(usize, usize), String> {
    if vary {
        // Bounded retries keep this deterministic and terminating; the full size is the fallback
        // (already checked by the caller).
        for _ in 0..100 {
            let r = rng.range(1, rows as u64) as usize;
            let c = rng.range(1, cols as u64) as usize;
            if check(layout, r, c, 3).is_ok() {
                return Ok((r, c));
            }
        }
    }
    Ok((rows, cols))
}

/// A pushing-boxes input: `cases` maps of `rows` x `cols` (`# . S B T`), then `0 0`.
///
/// `S` at the layout's start, `T` at its finish, `B` on a random free cell; all distinct.
/// Sizes: `cases` >= 0, `rows`, `cols` with at least 3 cells (5 for `walled`).
pub fn pushing_boxes(
    cases: usize,
    rows: usize,
    cols: usize,
    layout: Layout,
    opts: BoxOptions,
    seed: u64,
) -> Result<Vec<u8>, String> {
    check(layout, rows, cols, 3)?;
    let mut rng = Rng::new(seed);
    let mut out = multi_case_text(cases, rows, cols)?;
    for _ in 0..cases {
        let (r, c) = case_size(rows, cols, layout, opts.vary, &mut rng)?;
        header(&mut out, &[r, c]);
        let (base, p) = draw_grid(
            &mut out,
            r,
            c,
            false,
            [b'.', b'#'],
            layout,
            &mut rng,
            1,
            false,
        )?;
        mark(&mut out, base, c, false, p.start, b'S');
        mark(&mut out, base, c, false, p.finish, b'T');
        mark(&mut out, base, c, false, p.extra[0], b'B');
    }
    if opts.end_marker {
        out.extend_from_slice(b"0 0\n");
    }
    Ok(out)
}

/// A pushing-boxes input of `cases` corridors of length `length` (>= 3): each is at random
/// 1 x L, L x 1, 2 x L or L x 2; in the two-wide ones each cell of the second line is a wall with
/// probability 1/2 (so the box sometimes can, sometimes cannot, be walked around). `S`, `B`, `T`
/// on distinct cells. With `vary`, each length is random in 3..=length.
pub fn pushing_boxes_corridor(
    cases: usize,
    length: usize,
    opts: BoxOptions,
    seed: u64,
) -> Result<Vec<u8>, String> {
    if length < 3 {
        return Err(format!("corridor length must be at least 3, got {length}"));
    }
    check(Layout::Open, 2, length, 3)?;
    let mut rng = Rng::new(seed);
    let mut out = multi_case_text(cases, length, 2)?;
    for _ in 0..cases {
        let len = if opts.vary {
            rng.range(3, length as u64) as usize
        } else {
            length
        };
        let width = rng.range(1, 2) as usize;
        let vertical = rng.chance(50);
        let (r, c) = if vertical { (len, width) } else { (width, len) };
        header(&mut out, &[r, c]);
        let base = append_rows(&mut out, r, c, false, b'.')?;
        let mut cv = Canvas::new(&mut out[base..], r, c, false, b'.', b'#');
        if width == 2 {
            for k in 0..len {
                if rng.chance(50) {
                    cv.set(if vertical { (k, 1) } else { (1, k) }, b'#');
                }
            }
        }
        let whole = Area {
            r0: 0,
            r1: r,
            c0: 0,
            c1: c,
        };
        let none = |_: Cell| false;
        let mut taken = Vec::with_capacity(3);
        for byte in [b'S', b'B', b'T'] {
            let cell = pick(&mut cv, &mut rng, whole, &taken, &none)
                .ok_or_else(|| format!("{r}x{c} corridor has no room for the markers"))?;
            taken.push(cell);
            cv.set(cell, byte);
        }
    }
    if opts.end_marker {
        out.extend_from_slice(b"0 0\n");
    }
    Ok(out)
}
