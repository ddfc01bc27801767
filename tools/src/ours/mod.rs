//! What is particular to our five problems.

pub mod explain;
pub mod grid;
pub mod search;
