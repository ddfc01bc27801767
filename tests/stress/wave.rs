use super::{compare_checked, two_marker_grid, write_rows, TestRng};
use crate::reference::wave::reference;
use bfs_judge::check::wave::check;

/// A random maze with its `n m` header; rows together or spaced, LF or CRLF.
pub fn make(seed: u64) -> Vec<u8> {
    let mut rng = TestRng::new(seed);
    // One case in fifty is larger, for the bounded search (see `BitGrid::search`).
    let max_side = match seed % 50 {
        49 => 120,
        _ if seed % 5 == 0 => 30,
        _ => 8,
    };
    let rows = two_marker_grid(&mut rng, max_side, (b'.', b'#', b's', b'f'));
    let mut text = format!("{} {}\n", rows.len(), rows[0].len()).into_bytes();
    write_rows(&mut rng, &rows, &mut text);
    text
}

#[test]
fn wave_matches_reference() {
    compare_checked("wave", 10_000, make, bfs_judge::wave::run, reference, check);
}
