//! The showing layer: what the judge prints for a person. `report` (case lines, summaries,
//! JSON), `diff` (a WA's hunk), `mistake` (a checker's reason, a named mistake whole),
//! `style` (colour). It uses `judge` and `run`, never the modes; the pictures of our own
//! problems' cases are `ours`'.

pub mod diff;
pub mod mistake;
pub mod report;
pub mod style;
