//! The literal pushing-boxes baseline: the test suite's re-implementation of seed 002
//! (`tests/reference/pushing_boxes.rs`: a fresh person BFS for every push tried, nested
//! vectors, `VecDeque`) as a program reading stdin and writing stdout, for benchmarks:
//!
//!     cargo build --release --example literal_boxes
//!     target/release/examples/literal_boxes < maps.in
//!
//! It trusts its input (a valid one, headers on their own lines).

#![allow(clippy::needless_range_loop)]

#[path = "../tests/reference/pushing_boxes.rs"]
mod reference;

use std::io::{Read, Write};

fn main() {
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut input)
        .expect("cannot read stdin");
    std::io::stdout()
        .lock()
        .write_all(&reference::reference(&input))
        .expect("cannot write stdout");
}
