//! The top layer: one module per subcommand of `bfs-judge`, each built from the layers
//! below, never a sibling's own (but `stress`'s `shrink`, and `clean`'s cache policy that
//! `test` keeps). `shrink` follows a stress disagreement; `listen` receives problems from
//! the browser; `panel` serves a page that judges a folder beside the editor (through the
//! session layer's watch and stress); `gen` and `check` are the generators and checkers of
//! our problems as commands; `verify` is the problem setter's check of a package's
//! submissions; `answer` writes the answers a reference solution gives.

pub mod answer;
pub mod bundle;
pub mod check;
pub mod clean;
pub mod gen;
pub mod listen;
pub mod panel;
pub mod scale;
pub mod show;
pub mod stress;
pub mod test;
pub mod verify;
pub mod watch;
