//! The showing layer: what the judge prints and keeps for a person. `report` (case lines,
//! summaries, JSON), `diff` (a WA's hunk), `explain` (the named mistake of a grid answer),
//! `draw` and `html` (the maze in the terminal and as a page), `style` (colour). It uses
//! `judge` and `run`, never the modes.

pub mod diff;
pub mod draw;
pub mod explain;
pub mod html;
pub mod report;
pub mod search;
pub mod style;
