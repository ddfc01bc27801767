//! In-process micro-benchmarks of the hot kernels, for decisions inside one process
//! (`scripts/bench` measures whole processes against the baselines):
//!
//! - `scan`: robot-maze's `parse` (tokens, then `read_grid`'s in-place compaction and
//!   row validation) on a 1000x1000 grid, written together and space-separated;
//! - `bfs`: `Distances::run` over the compacted grid, random walls and serpentine;
//! - `output`: a path's lines, `pair_line` against four `uint`/`byte` calls.
//!
//! `cargo bench --bench kernels` (divan; `-- --help` for its options).

// The MSRV (Cargo.toml's rust-version) holds the code bundles are made of; the
// benchmarks run on the current stable only.
#![allow(clippy::incompatible_msrv)]

use bfs_judge::core::bfs::Distances;
use bfs_judge::core::grid::Grid;
use bfs_judge::core::out::Output;
use bfs_judge::robot_maze;
use divan::Bencher;

fn main() {
    divan::main();
}

/// A generated robot-maze input (fixed seed).
fn input(kind: &str, rows: u64, cols: u64) -> Vec<u8> {
    bfs_judge::gen::generate("robot-maze", kind, &[rows, cols], 1).expect("generator input")
}

#[divan::bench(args = ["random", "random,spaced", "serpentine"])]
fn scan(bencher: Bencher, kind: &str) {
    let text = input(kind, 1000, 1000);
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .with_inputs(|| text.clone())
        .bench_local_values(|mut buf| {
            let instance = robot_maze::parse(&mut buf).expect("valid input");
            divan::black_box(instance.start);
        });
}

/// The compacted grid of a robot-maze input, owned, with its size and the finish.
struct Compacted {
    bytes: Vec<u8>,
    rows: u32,
    cols: u32,
    finish: u32,
}

fn compacted(kind: &str, rows: u64, cols: u64) -> Compacted {
    let mut text = input(kind, rows, cols);
    let instance = robot_maze::parse(&mut text).expect("valid input");
    Compacted {
        bytes: instance.grid.cells().to_vec(),
        rows: instance.grid.rows(),
        cols: instance.grid.cols(),
        finish: instance.finish,
    }
}

#[divan::bench(args = ["random", "serpentine"])]
fn bfs(bencher: Bencher, kind: &str) {
    let (rows, cols) = if kind == "serpentine" {
        (1001, 1000)
    } else {
        (1000, 1000)
    };
    let c = compacted(kind, rows, cols);
    let mut distances = Distances::new();
    bencher
        .counter(divan::counter::ItemsCount::new(c.bytes.len()))
        .with_inputs(|| c.bytes.clone())
        .bench_local_values(|mut bytes| {
            let mut grid = Grid::new(&mut bytes, c.rows, c.cols);
            let last = distances.run(&mut grid, b'0', c.finish, |_, _| false);
            divan::black_box(last);
        });
}

/// The lines of a serpentine path through a 1000x1000 grid: (row, col), 1-based.
fn path_lines() -> Vec<(u64, u64)> {
    let mut lines = Vec::new();
    for row in 1..=1000u64 {
        for i in 1..=1000u64 {
            lines.push((row, if row % 2 == 1 { i } else { 1001 - i }));
        }
    }
    lines
}

#[divan::bench]
fn output_pair_line(bencher: Bencher) {
    let lines = path_lines();
    let mut sink = Vec::with_capacity(10 << 20);
    bencher
        .counter(divan::counter::ItemsCount::new(lines.len()))
        .bench_local(|| {
            sink.clear();
            let mut out = Output::new(&mut sink);
            for &(row, col) in &lines {
                out.pair_line(row, col);
            }
            out.finish().expect("a Vec takes everything");
        });
}

#[divan::bench]
fn output_uint_byte(bencher: Bencher) {
    let lines = path_lines();
    let mut sink = Vec::with_capacity(10 << 20);
    bencher
        .counter(divan::counter::ItemsCount::new(lines.len()))
        .bench_local(|| {
            sink.clear();
            let mut out = Output::new(&mut sink);
            for &(row, col) in &lines {
                out.uint(row);
                out.byte(b' ');
                out.uint(col);
                out.byte(b'\n');
            }
            out.finish().expect("a Vec takes everything");
        });
}
