//! Deterministic random pushing-boxes inputs for the benchmark:
//!
//!     cargo run --release --example boxes_maps -- COUNT ROWS COLS WALL_PERCENT SEED > maps.in
//!
//! COUNT maps of ROWS x COLS, each cell a wall with probability WALL_PERCENT / 100, then
//! `S`, `B` and `T` on three distinct cells drawn at random (made floor if they were
//! walls), ending with `0 0`. SplitMix64, so the same arguments give the same bytes on
//! every platform. (The project's generator library will absorb this.)

use std::io::Write;

struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numeric arguments"))
        .collect();
    let [count, rows, cols, percent, seed] = args[..] else {
        eprintln!("usage: boxes_maps COUNT ROWS COLS WALL_PERCENT SEED");
        std::process::exit(2);
    };
    assert!(rows * cols >= 3, "a map needs room for S, B and T");
    let mut rng = SplitMix(seed);
    let mut text = Vec::new();
    for _ in 0..count {
        let (r, c) = (rows as usize, cols as usize);
        let mut grid: Vec<u8> = (0..r * c)
            .map(|_| if rng.below(100) < percent { b'#' } else { b'.' })
            .collect();
        let mut placed = Vec::new();
        for marker in *b"SBT" {
            let cell = loop {
                let cell = rng.below((r * c) as u64) as usize;
                if !placed.contains(&cell) {
                    break cell;
                }
            };
            placed.push(cell);
            grid[cell] = marker;
        }
        writeln!(text, "{rows} {cols}").unwrap();
        for row in grid.chunks(c) {
            text.extend_from_slice(row);
            text.push(b'\n');
        }
    }
    text.extend_from_slice(b"0 0\n");
    std::io::stdout().lock().write_all(&text).unwrap();
}
