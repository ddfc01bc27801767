//! The one integration-test root: every file under `tests/` is a module of this crate.

mod check;
mod gen;
mod reference;
mod samples;
mod stress;
mod support;
