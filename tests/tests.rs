//! The one integration-test root: every file under `tests/` is a module of this crate.

// The MSRV (Cargo.toml's rust-version) holds the code bundles are made of; the tests
// run on the current stable only and may use any std API.
#![allow(clippy::incompatible_msrv)]

mod bench;
mod bundle;
mod check;
mod fuzz;
mod gen;
mod pushing_boxes;
mod reference;
mod samples;
mod statements;
mod stress;
mod support;
mod tolerance;
