//! The tools' integration tests, one crate (STYLE.md, section 7: every file of `tests/` that
//! is a root is a crate of its own to build and link): each module below is what was once a
//! test binary of its own, and `support` is what they share, defined once.
//!
//! - `judge`: the judge judged as a user meets it, on our problems and on other people's
//!   formats (its modules: why, hostile, formats, answers, dmoj, cms, polygon, kernel);
//! - `own_problem`, `day`, `contest_folder`: the judge on a contestant's own problem and folder;
//! - `listen`: `bfs-judge listen` as Competitive Companion meets it;
//! - `show`: `bfs-judge show` in a real headless browser;
//! - `panel`: `bfs-judge panel`, its page driven in a real headless browser;
//! - `verdicts`: what the judge says of a run, as a contestant's first hour meets it;
//! - `docs`: the docs' transcripts, run;
//! - `first_hour`: a contestant's first hour: the install command and the scripts' builds,
//!   locked and never silent, and a header that fits one line.
//!
//! `cargo test -p bfs-judge-tools --test tests MODULE::` runs one of them.

mod support;

mod contest_folder;
mod day;
mod docs;
mod first_hour;
mod judge;
mod listen;
mod own_problem;
mod panel;
mod show;
mod verdicts;
