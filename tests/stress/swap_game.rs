//! swap-game against the seed's literal BFS, and every one of the 9! boards against one
//! plain full BFS from the sorted board.
//!
//! The literal BFS explores up to all 9! boards per board (a few hundred ms each in the
//! test profile), so it checks the first [`LITERAL_CASES`] inputs; the 10,000 inputs of
//! the main run are checked against the distances of the plain full BFS, built once.

use super::{compare, TestRng};
use crate::reference::swap_game::{self as literal, full_bfs, numbers};
use bfs_judge::core::run::run_bytes;
use bfs_judge::swap_game::{run, FULL_TABLE_FROM};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Inputs checked against the literal per-board BFS (about 0.1 s a board in release
/// on a quiet machine); `BFS_JUDGE_LONG=1` checks [`LITERAL_CASES_LONG`].
const LITERAL_CASES: u64 = 40;
const LITERAL_CASES_LONG: u64 = 400;

/// The plain full BFS, shared by the tests of this module.
fn distances() -> &'static HashMap<u32, u32> {
    static TABLE: OnceLock<HashMap<u32, u32>> = OnceLock::new();
    TABLE.get_or_init(full_bfs)
}

/// A random board: mostly uniform, sometimes sorted, the hardest, or one swap away.
fn board(rng: &mut TestRng) -> [u32; 9] {
    let mut cells = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    match rng.below(20) {
        0 => {}
        1 => cells.reverse(),
        2 => {
            let (i, j) = bfs_judge::swap_game::SWAPS[rng.below(12) as usize];
            cells.swap(i, j);
        }
        _ => {
            for i in (1..9).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                cells.swap(i, j);
            }
        }
    }
    cells
}

/// 1 to 5 boards in one of several layouts: three rows per board, one line per board,
/// everything on one line, tabs or runs of spaces, CRLF, blank lines, trailing blanks,
/// no final newline.
pub(crate) fn make(seed: u64) -> Vec<u8> {
    let mut rng = TestRng::new(seed);
    let boards = 1 + rng.below(5);
    let layout = rng.below(4);
    let crlf = rng.chance(20);
    let newline: &str = if crlf { "\r\n" } else { "\n" };
    let mut text = String::new();
    let gap = |rng: &mut TestRng| match rng.below(6) {
        0 => "\t",
        1 => "  ",
        2 => " \t ",
        _ => " ",
    };
    for b in 0..boards {
        let cells = board(&mut rng);
        for (k, value) in cells.iter().enumerate() {
            text.push_str(&value.to_string());
            let end_of_row = k % 3 == 2;
            let sep = match layout {
                0 if end_of_row => newline.to_string(),
                1 if k == 8 => newline.to_string(),
                _ => gap(&mut rng).to_string(),
            };
            if k < 8 || b + 1 < boards {
                text.push_str(&sep);
            }
        }
        if layout != 2 && b + 1 < boards && rng.chance(10) {
            text.push_str(newline);
        }
    }
    match rng.below(5) {
        0 => {} // no final newline
        1 => text.push_str(&format!(" \t{newline}{newline}")),
        _ => text.push_str(newline),
    }
    text.into_bytes()
}

/// The expected output from the plain full BFS's distances.
fn from_table(input: &[u8]) -> Vec<u8> {
    let numbers: Vec<u32> = String::from_utf8_lossy(input)
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    numbers
        .chunks(9)
        .map(|b| format!("{}\n", distances()[&literal::code(b)]))
        .collect::<String>()
        .into_bytes()
}

#[test]
fn swap_game_matches_literal_reference() {
    let cases = if std::env::var_os("BFS_JUDGE_LONG").is_some() {
        LITERAL_CASES_LONG
    } else {
        LITERAL_CASES
    };
    compare("swap-game", cases, make, run, literal::reference);
}

#[test]
fn swap_game_matches_full_bfs() {
    compare("swap-game", 10_000, make, run, from_table);
}

/// Every board, solved by both of the solver's methods (the full table for one input
/// of all 9! boards, A* for inputs below the threshold), against the plain full BFS;
/// and 16 swaps is the maximum, reached by `9 8 7 6 5 4 3 2 1` alone.
#[test]
fn swap_game_all_boards() {
    let distances = distances();
    assert_eq!(distances.len(), 362_880);
    let mut codes: Vec<u32> = distances.keys().copied().collect();
    codes.sort_unstable();
    let hardest: Vec<u32> = codes
        .iter()
        .filter(|c| distances[c] == 16)
        .copied()
        .collect();
    assert_eq!(hardest, vec![literal::code(&[9, 8, 7, 6, 5, 4, 3, 2, 1])]);
    assert!(distances.values().all(|&d| d <= 16));

    let text = |codes: &[u32]| -> Vec<u8> {
        let mut text = String::new();
        for &c in codes {
            let n = numbers(c);
            text.push_str(&format!(
                "{} {} {}\n{} {} {}\n{} {} {}\n",
                n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7], n[8]
            ));
        }
        text.into_bytes()
    };
    let expected = |codes: &[u32]| -> String {
        codes
            .iter()
            .map(|c| format!("{}\n", distances[c]))
            .collect()
    };
    let check = |codes: &[u32], what: &str| {
        let (got, result) = run_bytes(run, &text(codes));
        assert!(result.is_ok(), "{what}: {result:?}");
        let got = String::from_utf8(got).unwrap();
        let want = expected(codes);
        if got != want {
            let (line, (g, w)) = got
                .lines()
                .zip(want.lines())
                .enumerate()
                .find(|(_, (g, w))| g != w)
                .expect("outputs differ in length");
            panic!(
                "{what}: board {:?} (line {}): expected {w}, got {g}",
                numbers(codes[line]),
                line + 1
            );
        }
    };
    // One input of all boards: the full-table method.
    check(&codes, "all boards in one input");
    // A* on every board under BFS_JUDGE_LONG=1, every 16th otherwise, in inputs
    // smaller than the full-table threshold.
    let step = if std::env::var_os("BFS_JUDGE_LONG").is_some() {
        1
    } else {
        16
    };
    let sample: Vec<u32> = codes.iter().step_by(step).copied().collect();
    for chunk in sample.chunks(FULL_TABLE_FROM - 1) {
        check(chunk, "A* chunk");
    }
}
