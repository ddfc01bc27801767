//! pushing-boxes: the fast solver against the literal seed re-implementation, byte for
//! byte, on at least 10,000 random maps (sizes 1 to 20, walls 0 to 40%, random fields,
//! mazes, rooms and corridors, one to four cases per input, assorted formatting), and the
//! checker on every output. `BFS_JUDGE_STRESS=N` runs N maps per test instead.

use super::TestRng;
use crate::reference::pushing_boxes::reference;
use bfs_judge::check::pushing_boxes::check;

/// One random map as rows of `# . S B T`.
pub fn random_map(rng: &mut TestRng, max_side: u64) -> Vec<Vec<u8>> {
    let side = |rng: &mut TestRng| 1 + rng.below(max_side) as usize;
    let (mut rows, mut cols) = match rng.below(10) {
        0 => (1, side(rng)),
        1 => (side(rng), 1),
        _ => (side(rng), side(rng)),
    };
    while rows * cols < 3 {
        if rng.chance(50) {
            rows += 1;
        } else {
            cols += 1;
        }
    }
    let mut grid = match rng.below(4) {
        0 => maze(rng, rows, cols),
        1 => rooms(rng, rows, cols),
        _ => {
            let density = [0, 10, 20, 30, 40][rng.below(5) as usize];
            (0..rows)
                .map(|_| (0..cols).map(|_| wall_if(rng.chance(density))).collect())
                .collect()
        }
    };
    place_markers(rng, &mut grid);
    grid
}

/// Puts `S`, `B` and `T` on distinct cells of `grid`, on floor when there are three
/// floor cells or more.
pub fn place_markers(rng: &mut TestRng, grid: &mut [Vec<u8>]) {
    let (rows, cols) = (grid.len(), grid[0].len());
    let floor: Vec<(usize, usize)> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .filter(|&(r, c)| grid[r][c] == b'.')
        .collect();
    let mut used: Vec<(usize, usize)> = Vec::new();
    for marker in *b"SBT" {
        let cell = loop {
            let cell = if floor.len() >= 3 {
                floor[rng.below(floor.len() as u64) as usize]
            } else {
                (
                    rng.below(rows as u64) as usize,
                    rng.below(cols as u64) as usize,
                )
            };
            if !used.contains(&cell) {
                break cell;
            }
        };
        used.push(cell);
        grid[cell.0][cell.1] = marker;
    }
}

fn wall_if(wall: bool) -> u8 {
    if wall {
        b'#'
    } else {
        b'.'
    }
}

/// A braided maze: corridors carved by a random depth-first search between the cells of
/// even row and column, then a few walls knocked out so that there are loops.
fn maze(rng: &mut TestRng, rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let mut g = vec![vec![b'#'; cols]; rows];
    let mut stack = vec![(0usize, 0usize)];
    g[0][0] = b'.';
    while let Some(&(r, c)) = stack.last() {
        let mut options = Vec::new();
        for (dr, dc) in [(-2i32, 0i32), (2, 0), (0, -2), (0, 2)] {
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            if nr >= 0
                && nc >= 0
                && (nr as usize) < rows
                && (nc as usize) < cols
                && g[nr as usize][nc as usize] == b'#'
            {
                options.push((nr as usize, nc as usize));
            }
        }
        if options.is_empty() {
            stack.pop();
            continue;
        }
        let (nr, nc) = options[rng.below(options.len() as u64) as usize];
        g[(r + nr) / 2][(c + nc) / 2] = b'.';
        g[nr][nc] = b'.';
        stack.push((nr, nc));
    }
    let braid = rng.below(30) as u32;
    for row in g.iter_mut() {
        for cell in row.iter_mut() {
            if *cell == b'#' && rng.chance(braid) {
                *cell = b'.';
            }
        }
    }
    g
}

/// Open rooms separated by straight walls, each wall with one or two doorways, and a few
/// scattered pillars.
fn rooms(rng: &mut TestRng, rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let mut g = vec![vec![b'.'; cols]; rows];
    for _ in 0..rng.below(4) {
        if rng.chance(50) && rows > 2 {
            let r = 1 + rng.below(rows as u64 - 2) as usize;
            g[r].fill(b'#');
            for _ in 0..1 + rng.below(2) {
                let c = rng.below(cols as u64) as usize;
                g[r][c] = b'.';
            }
        } else if cols > 2 {
            let c = 1 + rng.below(cols as u64 - 2) as usize;
            for row in g.iter_mut() {
                row[c] = b'#';
            }
            for _ in 0..1 + rng.below(2) {
                let r = rng.below(rows as u64) as usize;
                g[r][c] = b'.';
            }
        }
    }
    let pillars = rng.below(10) as u32;
    for row in g.iter_mut() {
        for cell in row.iter_mut() {
            if rng.chance(pillars) {
                *cell = b'#';
            }
        }
    }
    g
}

/// An input of `maps.len()` cases in assorted formatting: LF or CRLF, rows together or
/// single-spaced, blank lines between cases, `0 0` at the end or not, final newline or not.
pub fn write_input(rng: &mut TestRng, maps: &[Vec<Vec<u8>>]) -> Vec<u8> {
    let eol: &[u8] = if rng.chance(10) { b"\r\n" } else { b"\n" };
    let spaced = rng.chance(10);
    let blank_between = rng.chance(15);
    let mut text = Vec::new();
    for map in maps {
        text.extend_from_slice(format!("{} {}", map.len(), map[0].len()).as_bytes());
        text.extend_from_slice(eol);
        for row in map {
            for (j, &b) in row.iter().enumerate() {
                if spaced && j > 0 {
                    text.push(b' ');
                }
                text.push(b);
            }
            text.extend_from_slice(eol);
        }
        if blank_between {
            text.extend_from_slice(eol);
        }
    }
    if !rng.chance(20) {
        text.extend_from_slice(b"0 0");
        text.extend_from_slice(eol);
    }
    if rng.chance(10) {
        while text.last().is_some_and(|b| b.is_ascii_whitespace()) {
            text.pop();
        }
    }
    text
}

/// One to four random maps of sides up to `max_side` in one input, and their count.
fn make_maps(seed: u64, max_side: u64) -> (Vec<u8>, u64) {
    let mut rng = TestRng::new(seed);
    let count = 1 + rng.below(4);
    let cases: Vec<_> = (0..count).map(|_| random_map(&mut rng, max_side)).collect();
    (write_input(&mut rng, &cases), count)
}

/// The stress input for `seed`, for the tests that run other programs (`stress::maker`).
pub(crate) fn make(seed: u64) -> Vec<u8> {
    make_maps(seed, if seed % 2 == 0 { 8 } else { 20 }).0
}

/// Runs inputs from `first_seed` on until `maps` maps have been compared.
fn run(first_seed: u64, maps: u64, max_side: u64) {
    let maps = crate::support::stress_count(maps);
    let mut done = 0;
    let mut seed = first_seed;
    while done < maps {
        let (input, count) = make_maps(seed, max_side);
        let (got, result) = bfs_judge::core::run::run_bytes(bfs_judge::pushing_boxes::run, &input);
        let show = crate::support::show;
        if let Err(e) = result {
            panic!(
                "pushing-boxes seed {seed}: rejected a valid input: {e}\n{}",
                show(&input)
            );
        }
        let expected = reference(&input);
        assert!(
            got == expected,
            "pushing-boxes seed {seed}: output differs from the reference\n--- input\n{}--- expected\n{}--- got\n{}",
            show(&input),
            show(&expected),
            show(&got)
        );
        if let Err(why) = check(&input, &got, &expected) {
            panic!(
                "pushing-boxes seed {seed}: the checker rejects the reference's output: {why}\n{}",
                show(&input)
            );
        }
        done += count;
        seed += 1;
    }
}

// Two tests so the two halves run in parallel.

#[test]
fn pushing_boxes_small_maps_match_reference() {
    run(0, 5_000, 8);
}

#[test]
fn pushing_boxes_maps_up_to_20_match_reference() {
    run(1 << 32, 5_000, 20);
}
