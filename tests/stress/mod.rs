//! Stress tests: each fast solver against its literal reference on thousands of seeded
//! random cases (tiny sizes first). `BFS_JUDGE_STRESS=N` runs N cases instead.
//! A failure prints the seed and the input so the case can be replayed.

pub mod pushing_boxes;
pub mod robot_maze;

/// SplitMix64, enough randomness for tests and identical on every platform.
pub struct TestRng(u64);

impl TestRng {
    pub fn new(seed: u64) -> Self {
        TestRng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0); the tiny modulo bias does not matter here.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Runs `cases` seeded cases: `make(seed)` builds an input, and the solver's output must
/// equal the reference's byte for byte.
pub fn compare(
    problem: &str,
    cases: u64,
    make: impl Fn(u64) -> Vec<u8>,
    solver: bfs_judge::core::run::Solver,
    reference: impl Fn(&[u8]) -> Vec<u8>,
) {
    let cases = crate::support::stress_count(cases);
    for seed in 0..cases {
        let input = make(seed);
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
