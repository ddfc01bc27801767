//! Stress tests: each fast solver against its literal reference on thousands of seeded
//! random cases (tiny sizes first). `BFS_JUDGE_STRESS=N` runs N cases instead.
//! A failure prints the seed and the input so the case can be replayed.

pub mod chase;
pub mod pushing_boxes;
pub mod robot_maze;
pub mod swap_game;
pub mod wave;

/// The random-input maker of each problem's stress test (`make(seed)`), for the tests that
/// run random inputs through other programs (the single-file bundles). A problem missing
/// here fails `bundle::bundles_compile_and_match_the_binaries` with a pointer to this table.
pub fn maker(problem: &str) -> Option<fn(u64) -> Vec<u8>> {
    match problem {
        "robot-maze" => Some(robot_maze::make),
        "chase" => Some(chase::make),
        "wave" => Some(wave::make),
        "swap-game" => Some(swap_game::make),
        "pushing-boxes" => Some(pushing_boxes::make),
        _ => None,
    }
}

/// The project's generator RNG (SplitMix64: the same numbers on every platform).
pub type TestRng = bfs_judge::gen::Rng;

/// Runs `cases` seeded cases: `make(seed)` builds an input, and the solver's output must
/// equal the reference's byte for byte.
pub fn compare(
    problem: &str,
    cases: u64,
    make: impl Fn(u64) -> Vec<u8> + Sync,
    solver: bfs_judge::core::run::Solver,
    reference: impl Fn(&[u8]) -> Vec<u8> + Sync,
) {
    compare_checked(problem, cases, make, solver, reference, |_, _, _| Ok(()));
}

/// [`compare`], and `check(input, output, expected)` (a checker) must accept every output.
/// The seeds are shared out to two threads (even and odd): a stress test is one of the
/// longest of the suite, and alone at its end it would leave a core idle.
pub fn compare_checked(
    problem: &str,
    cases: u64,
    make: impl Fn(u64) -> Vec<u8> + Sync,
    solver: bfs_judge::core::run::Solver,
    reference: impl Fn(&[u8]) -> Vec<u8> + Sync,
    check: impl Fn(&[u8], &[u8], &[u8]) -> Result<(), String> + Sync,
) {
    const THREADS: u64 = 2;
    let cases = crate::support::stress_count(cases);
    let (make, reference, check) = (&make, &reference, &check);
    std::thread::scope(|scope| {
        for first in 0..THREADS {
            scope.spawn(move || {
                for seed in (first..cases).step_by(THREADS as usize) {
                    compare_one(problem, seed, make(seed), solver, reference, check);
                }
            });
        }
    });
}

/// One case of [`compare_checked`]; panics with the seed and the input on a difference.
fn compare_one(
    problem: &str,
    seed: u64,
    input: Vec<u8>,
    solver: bfs_judge::core::run::Solver,
    reference: impl Fn(&[u8]) -> Vec<u8>,
    check: impl Fn(&[u8], &[u8], &[u8]) -> Result<(), String>,
) {
    let (got, result) = bfs_judge::core::run::run_bytes(solver, &input);
    if let Err(e) = result {
        panic!(
            "{problem} seed {seed}: rejected a valid input: {e}\n{}",
            crate::support::show(&input)
        );
    }
    let expected = reference(&input);
    if got != expected {
        panic!(
            "{problem} seed {seed}: output differs from the reference\n--- input\n{}--- expected\n{}--- got\n{}",
            crate::support::show(&input),
            crate::support::show(&expected),
            crate::support::show(&got)
        );
    }
    if let Err(reason) = check(&input, &got, &expected) {
        panic!(
            "{problem} seed {seed}: the checker rejects the reference answer: {reason}\n--- input\n{}--- output\n{}",
            crate::support::show(&input),
            crate::support::show(&got)
        );
    }
}

/// A random grid of `rows x cols` cells drawn from `open`/`wall` with the shapes the
/// stress tests need: mostly tiny, some 1xN and Nx1, open, dense and in-between.
pub struct RandomGrid {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Vec<bool>>, // true = wall
}

impl RandomGrid {
    pub fn new(rng: &mut TestRng, max_side: u64) -> Self {
        let shape = rng.below(10);
        let side = |rng: &mut TestRng| 1 + rng.below(max_side) as usize;
        let (rows, cols) = match shape {
            0 => (1, side(rng)),
            1 => (side(rng), 1),
            2 => (1 + rng.below(3) as usize, 1 + rng.below(3) as usize),
            _ => (side(rng), side(rng)),
        };
        let density = match rng.below(5) {
            0 => 0,
            1 => 10,
            2 => 25,
            3 => 40,
            _ => 60,
        };
        let cells = (0..rows)
            .map(|_| (0..cols).map(|_| rng.chance(density)).collect())
            .collect();
        RandomGrid { rows, cols, cells }
    }

    /// A random cell, (row, col) 0-based.
    pub fn cell(&self, rng: &mut TestRng) -> (usize, usize) {
        (
            rng.below(self.rows as u64) as usize,
            rng.below(self.cols as u64) as usize,
        )
    }
}

/// Joins rows into input text: together or space-separated, LF or CRLF, with or without
/// a final newline, chosen by `rng`.
pub fn write_rows(rng: &mut TestRng, rows: &[Vec<u8>], text: &mut Vec<u8>) {
    let spaced = rng.chance(20);
    let crlf = rng.chance(10);
    for (i, row) in rows.iter().enumerate() {
        for (j, &b) in row.iter().enumerate() {
            if spaced && j > 0 {
                text.push(b' ');
            }
            text.push(b);
        }
        let last = i + 1 == rows.len();
        if !last || !rng.chance(10) {
            text.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
        }
    }
}

/// A perfect maze of `rows x cols` cells (true = wall) carved by a randomized depth-first
/// search from (0, 0) over the cells with even coordinates, then `holes` walls knocked
/// out at random so that some pairs of cells have several shortest paths.
pub fn maze(rng: &mut TestRng, rows: usize, cols: usize, holes: usize) -> Vec<Vec<bool>> {
    let mut wall = vec![vec![true; cols]; rows];
    wall[0][0] = false;
    let mut stack = vec![(0usize, 0usize)];
    while let Some(&(r, c)) = stack.last() {
        let mut options = Vec::new();
        for (dr, dc) in [(-2i64, 0i64), (2, 0), (0, -2), (0, 2)] {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
                let (nr, nc) = (nr as usize, nc as usize);
                if wall[nr][nc] {
                    options.push((nr, nc));
                }
            }
        }
        if options.is_empty() {
            stack.pop();
            continue;
        }
        let (nr, nc) = options[rng.below(options.len() as u64) as usize];
        wall[(r + nr) / 2][(c + nc) / 2] = false;
        wall[nr][nc] = false;
        stack.push((nr, nc));
    }
    for _ in 0..holes {
        let (r, c) = (
            rng.below(rows as u64) as usize,
            rng.below(cols as u64) as usize,
        );
        wall[r][c] = false;
    }
    wall
}

/// A grid of `free`/`wall` bytes with the two markers `a` and `b` on distinct cells, of
/// many shapes: random density (via [`RandomGrid`]), mazes, open fields, 1xN and Nx1,
/// sometimes with `a` walled in. Never 1x1 (two markers need two cells).
pub fn two_marker_grid(
    rng: &mut TestRng,
    max_side: u64,
    (free, wall, a, b): (u8, u8, u8, u8),
) -> Vec<Vec<u8>> {
    let cells = if rng.chance(25) {
        let rows = 1 + rng.below(max_side) as usize;
        let cols = 1 + rng.below(max_side) as usize;
        let holes = rng.below(1 + (rows * cols / 8) as u64) as usize;
        maze(rng, rows, cols, holes)
    } else {
        RandomGrid::new(rng, max_side).cells
    };
    let mut grid: Vec<Vec<u8>> = cells
        .iter()
        .map(|row| row.iter().map(|&w| if w { wall } else { free }).collect())
        .collect();
    if grid.len() * grid[0].len() < 2 {
        grid[0].push(if rng.chance(50) { free } else { wall });
    }
    let (rows, cols) = (grid.len(), grid[0].len());
    let pick = |rng: &mut TestRng| {
        (
            rng.below(rows as u64) as usize,
            rng.below(cols as u64) as usize,
        )
    };
    let first = pick(rng);
    let mut second = pick(rng);
    while second == first {
        second = pick(rng);
    }
    grid[first.0][first.1] = a;
    grid[second.0][second.1] = b;
    if rng.chance(5) {
        // Wall the first marker in (the second may be one of its neighbours: then it
        // stays, and is reached in one step).
        for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
            let (r, c) = (first.0 as i64 + dr, first.1 as i64 + dc);
            if r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols {
                let cell = &mut grid[r as usize][c as usize];
                if *cell == free {
                    *cell = wall;
                }
            }
        }
    }
    grid
}
