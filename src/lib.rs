//! bfs-judge: judge-grade solvers for the shortest-path-by-BFS family of problems.
//!
//! The [`core`] holds everything the problems share: input scanning with line numbers,
//! typed input errors, buffered output, the flat grid with its directions, and one BFS
//! kernel. Each problem module holds only what is particular to it and offers
//! `parse` -> `solve` -> `write`, wired to stdin and stdout by `src/bin/<problem>.rs`.

pub mod chase;
pub mod check;
pub mod core;
pub mod ext;
pub mod gen;
pub mod pushing_boxes;
pub mod robot_maze;
pub mod standin;
pub mod swap_game;
pub mod wave;
