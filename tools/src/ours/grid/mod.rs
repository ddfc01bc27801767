//! What the maze problems share.

pub mod draw;
pub mod html;
