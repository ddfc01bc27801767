//! The one integration-test root: every file under `tests/` is a module of this crate.

mod bench;
mod bundle;
mod check;
mod fuzz;
mod gen;
mod pushing_boxes;
mod reference;
mod samples;
mod stress;
mod support;
mod tolerance;
