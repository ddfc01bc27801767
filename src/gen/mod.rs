//! Deterministic input generators for every problem (`bfs_judge::gen`).
//!
//! Everything here is driven by [`Rng`] (SplitMix64), so a `(problem, kind, sizes, seed)`
//! tuple names one input, byte for byte, on every platform.

mod rng;

pub use rng::Rng;
