//! Literal reference implementations: each follows its seed's algorithm in the plainest
//! way (nested vectors, a `VecDeque`, no tricks) so that it is obviously correct. They
//! take a valid input and return the exact expected output.

// Index loops are kept as the seeds write them: literal is the point here.
#![allow(clippy::needless_range_loop)]
pub mod chase;
pub mod pushing_boxes;
pub mod robot_maze;
pub mod swap_game;
pub mod wave;

/// The whitespace-separated tokens of the header lines and the remaining lines, for
/// the simple parsers below: lines are trimmed, empty lines dropped.
pub fn lines(input: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(input)
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// A grid row written together or separated by spaces/tabs, as its cells.
pub fn row_cells(line: &str) -> Vec<char> {
    line.chars().filter(|c| !c.is_whitespace()).collect()
}
