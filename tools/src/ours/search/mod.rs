//! `bfs-judge show`: the reference search of our five problems, traced, and the page that
//! replays it (`page`). The traces (`grid`, `swap`, `boxes`) are the statements' plain
//! searches written out literally in Rust, reading the input with the solvers' own parsers;
//! the page only plays back what they recorded, so it cannot disagree with them.
//!
//! Data reaches the page compactly: integer sequences as base64 of zigzag-delta varints
//! (a BFS order moves a few cells at a time, so most take one or two bytes), walls as base64
//! bits. A 1000 x 1000 open grid is about 3 MB of page.

pub mod boxes;
pub mod grid;
pub mod page;
pub mod swap;

use bfs_judge::check::trace::Picture;
use bfs_judge::core::dir::Dir;
use bfs_judge::core::grid::Grid;

use crate::ours::{Ours, OursError};

/// A traced search of one of our problems: the three shapes of search they have.
#[derive(Debug)]
pub enum Search {
    Grid(grid::Trace),
    Swap(swap::Trace),
    Boxes(boxes::Trace),
}

impl Search {
    /// Whether the input holds several cases, one of which was traced (swap-game's boards,
    /// pushing-boxes' mazes).
    pub fn multi_case(&self) -> bool {
        !matches!(self, Search::Grid(_))
    }
}

/// The traced search of our problem `problem` on `input`: case `case` (from 1) of
/// multi-case inputs.
pub fn trace(problem: &str, input: &[u8], case: usize) -> Result<Search, OursError> {
    crate::ours::find(problem)
        .ok_or_else(|| OursError::NoSearch(problem.to_string()))?
        .trace(input, case)
}

/// The search page for a failing case's picture, and the fragment that opens it where the
/// routes part: `#cell=r,c` (0-based) on a grid (at the walk back's step that gives the rule
/// of the move from there), `#step=N` (the move) for pushing-boxes.
/// `None` when the input is not one the trace reads.
pub fn for_picture(
    ours: &'static dyn Ours,
    input: &[u8],
    picture: &Picture,
) -> Option<(String, String)> {
    let search = ours.trace(input, picture.case).ok()?;
    let at = picture.divergence().filter(|&d| d > 0).map(|d| d - 1);
    let cell = at.and_then(|i| picture.expected.cells.get(i).or(picture.got.cells.get(i)));
    let fragment = match &search {
        Search::Boxes(_) => format!("#step={}", at.unwrap_or(0)),
        _ => cell.map_or(String::new(), |(r, c)| format!("#cell={r},{c}")),
    };
    let title = format!("{}: the search", ours.name());
    Some((page::page_at(&search, &title, cell.copied()), fragment))
}

/// A solver's `grid` as the traces take it: its cells row by row (the solver's buffer pads
/// each row with a wall byte), and its own cell indices turned into `r * cols + c`.
fn flat_cells<'g>(grid: &'g Grid<'_>) -> (Vec<u8>, impl Fn(u32) -> u32 + 'g) {
    let cols = grid.cols();
    let mut cells = Vec::with_capacity(grid.rows() as usize * cols as usize);
    for r in 0..grid.rows() {
        cells.extend_from_slice(grid.row(r));
    }
    let flat = move |index: u32| {
        let (r, c) = grid.coords(index);
        r * cols + c
    };
    (cells, flat)
}

/// The neighbour of `cell` (`r * cols + c`) in direction `d` on a grid of `rows x cols`,
/// if inside it.
fn neighbour((rows, cols): (u32, u32), cell: u32, d: Dir) -> Option<u32> {
    let (dr, dc) = d.delta();
    let (r, c) = (i64::from(cell / cols), i64::from(cell % cols));
    let (nr, nc) = (r + i64::from(dr), c + i64::from(dc));
    (nr >= 0 && nc >= 0 && nr < i64::from(rows) && nc < i64::from(cols))
        .then(|| nr as u32 * cols + nc as u32)
}

/// Base64 (RFC 4648, with padding) of `bytes`.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `values` as zigzag varints of their differences (the first from 0), base64.
pub fn deltas(values: impl IntoIterator<Item = u64>) -> String {
    let mut bytes = Vec::new();
    let mut last = 0i64;
    for v in values {
        let d = v as i64 - last;
        last = v as i64;
        let mut z = ((d << 1) ^ (d >> 63)) as u64;
        while z >= 0x80 {
            bytes.push((z as u8 & 0x7f) | 0x80);
            z >>= 7;
        }
        bytes.push(z as u8);
    }
    base64(&bytes)
}

/// `bits` packed eight to a byte, low bit first, base64.
pub fn bits(bits: &[bool]) -> String {
    let mut bytes = vec![0u8; bits.len().div_ceil(8)];
    for (i, _) in bits.iter().enumerate().filter(|(_, &b)| b) {
        bytes[i / 8] |= 1 << (i % 8);
    }
    base64(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn deltas_are_zigzag_varints() {
        // 0 -> 0, +1 -> 2, -1 -> 1, +200 -> 400 = 0x190 -> 0x90 0x03.
        assert_eq!(deltas([0, 1, 0, 200]), base64(&[0, 2, 1, 0x90, 0x03]));
    }
}

/// The traces against the real solvers, for each problem's own tests: on every test case
/// of the problem and on seeded random cases from our generators, the answer the trace
/// gives is byte for byte what the solver prints.
#[cfg(test)]
pub(crate) mod against_the_solvers {
    use std::path::PathBuf;

    use bfs_judge::core::error::InputError;
    use bfs_judge::core::out::Output;

    use super::grid::{Rules, Trace};
    use super::Search;

    /// A solver's `run`.
    pub type Solver = fn(&mut Vec<u8>, &mut Output) -> Result<(), InputError>;

    /// What `solver` prints for `input`.
    pub fn solve(solver: Solver, input: &[u8]) -> Vec<u8> {
        let mut sink = Vec::new();
        let mut buf = input.to_vec();
        {
            let mut out = Output::new(&mut sink);
            solver(&mut buf, &mut out).expect("a valid input");
            out.finish().unwrap();
        }
        sink
    }

    /// `problem`'s test cases: name, input, and whether its arguments hold `--path`.
    fn cases(problem: &str) -> Vec<(String, Vec<u8>, bool)> {
        let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../problems"))
            .join(problem)
            .join("tests");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "in") {
                let args = std::fs::read_to_string(path.with_extension("args")).unwrap_or_default();
                let name = path.file_stem().unwrap().to_string_lossy().into_owned();
                out.push((name, std::fs::read(&path).unwrap(), args.contains("--path")));
            }
        }
        assert!(out.len() >= 5, "{problem}: only {} cases", out.len());
        out
    }

    /// `traced(input, path)` and `solved(input, path)` agree on every test case of
    /// `problem`, and on 12 seeds of each generator kind of each group `(kinds, sizes)` of
    /// `random`, in both modes where `both_modes` (chase's `--path`).
    pub fn agree(
        problem: &str,
        random: &[(&[&str], &[u64])],
        both_modes: bool,
        traced: impl Fn(&[u8], bool) -> Vec<u8>,
        solved: impl Fn(&[u8], bool) -> Vec<u8>,
    ) {
        let compare = |name: &str, input: &[u8], path: bool| {
            let (got, want) = (traced(input, path), solved(input, path));
            assert!(
                got == want,
                "{problem}/{name}: the trace gives\n{}\nthe solver\n{}",
                String::from_utf8_lossy(&got[..got.len().min(400)]),
                String::from_utf8_lossy(&want[..want.len().min(400)])
            );
        };
        for (name, input, path) in cases(problem) {
            compare(&name, &input, path);
        }
        for &(kinds, sizes) in random {
            for kind in kinds {
                for seed in 1..=12 {
                    let input = bfs_judge::gen::generate(problem, kind, sizes, seed).unwrap();
                    compare(&format!("gen {kind} seed {seed}"), &input, false);
                    if both_modes {
                        compare(&format!("gen {kind} seed {seed} --path"), &input, true);
                    }
                }
            }
        }
    }

    /// The grid trace of `input` under `rules`, whose every step keeps its rule: the move
    /// taken is the first of the moves that keep the route shortest, and the layers close
    /// at the target's distance.
    pub fn grid_trace(rules: &'static Rules, input: &[u8]) -> Trace {
        let Ok(Search::Grid(t)) = super::grid::trace(rules, input, 1) else {
            panic!("{}: not a grid input", rules.name)
        };
        for tie in &t.ties {
            assert_eq!(Some(&tie.chosen), tie.candidates.first(), "{tie:?}");
        }
        if let Some(d) = t.distance {
            // The search stops with the target, the last cell taken, in layer d.
            assert_eq!(t.entered[t.taken - 1], t.target);
            assert_eq!(t.last_layer(), d);
            assert_eq!(t.route.len(), d as usize + 1);
        }
        t
    }

    /// The grid layouts of our generators.
    pub const LAYOUTS: &[&str] = &[
        "open", "random", "maze", "braid", "rooms", "split", "walled",
    ];
}
