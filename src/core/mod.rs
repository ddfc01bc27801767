//! The shared core: what every problem of the family needs, written once.
//!
//! - [`error`]: [`InputError`](error::InputError), a line number with what was expected and found.
//! - [`scan`]: [`Scanner`](scan::Scanner), tokens and grid rows over the whole input.
//! - [`out`]: [`Output`](out::Output), a large buffer flushed in chunks, integers by `itoa`.
//! - [`grid`]: [`Grid`](grid::Grid), the flat row-major grid with a wall column.
//! - [`dir`]: [`Dir`](dir::Dir), the four moves as data.
//! - [`bfs`]: [`Bfs`](bfs::Bfs) and [`Distances`](bfs::Distances), breadth-first search over grid bytes.
//! - [`bits`]: [`BitGrid`](bits::BitGrid), the grid as 8x8 bitboards and its bit-parallel search.
//! - [`stream`]: [`read_plain`](stream::read_plain), a plain grid (with marker cells) streamed
//!   into bitboards.
//! - [`run`]: stdin to solver to stdout, exit codes and the one-line error.

pub mod bfs;
pub mod bits;
pub mod dir;
pub mod error;
pub mod grid;
pub mod out;
pub mod run;
pub mod scan;
pub mod stream;
