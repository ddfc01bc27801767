use super::{compare_checked, two_marker_grid, write_rows, TestRng};
use crate::reference::chase::{reference, reference_path};
use bfs_judge::check::chase::check;

/// A random map: header present or absent, rows together or spaced, LF or CRLF.
pub fn make(seed: u64) -> Vec<u8> {
    let mut rng = TestRng::new(seed);
    // One case in fifty is larger, for the bounded search (see `BitGrid::search`).
    let max_side = match seed % 50 {
        49 => 120,
        _ if seed % 5 == 0 => 30,
        _ => 8,
    };
    let rows = two_marker_grid(&mut rng, max_side, (b'.', b'#', b'S', b'E'));
    let mut text = Vec::new();
    if rng.chance(50) {
        let newline = if rng.chance(10) { "\r\n" } else { "\n" };
        text.extend(format!("{} {}{newline}", rows.len(), rows[0].len()).bytes());
    }
    write_rows(&mut rng, &rows, &mut text);
    text
}

#[test]
fn chase_matches_reference() {
    compare_checked(
        "chase",
        10_000,
        make,
        bfs_judge::chase::run,
        reference,
        check,
    );
}

#[test]
fn chase_path_matches_reference() {
    // Other seeds than the distance mode's, so the two together see 20,000 maps.
    compare_checked(
        "chase --path",
        10_000,
        |seed| make(seed + (1 << 32)),
        bfs_judge::chase::run_path,
        reference_path,
        check,
    );
}
