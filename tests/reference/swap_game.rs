//! swap-game as seed 003 writes it: a board is a base-9 number (cell 0 the most
//! significant digit, each digit `value - 1`), a BFS from the input board over a
//! `VecDeque` of (code, distance) pairs with a visited set, six side-by-side swaps then
//! six one-above-the-other swaps, stopping when the sorted board is taken from the
//! queue. The seed's visited array has 9^9 entries; a `HashSet` of the codes seen is
//! the same set at a size a test can afford.

use std::collections::{HashMap, HashSet, VecDeque};

/// 9^i for i in 0..10, as the seed's `powers`.
fn powers() -> [u32; 10] {
    let mut powers = [1u32; 10];
    for i in 1..10 {
        powers[i] = 9 * powers[i - 1];
    }
    powers
}

/// The seed's `move`: swaps base-9 digits `i` and `j` of `grid`.
fn swap_digits(powers: &[u32; 10], grid: u32, i: usize, j: usize) -> u32 {
    let a = grid % powers[i + 1] / powers[i];
    let b = grid % powers[j + 1] / powers[j];
    grid - a * powers[i] - b * powers[j] + b * powers[i] + a * powers[j]
}

/// The twelve boards one swap from `grid`, in the seed's order.
fn neighbours(powers: &[u32; 10], grid: u32) -> Vec<u32> {
    let mut result = Vec::new();
    for i in 0..8 {
        if i % 3 == 2 {
            continue;
        }
        result.push(swap_digits(powers, grid, 8 - i, 8 - (i + 1)));
    }
    for i in 0..6 {
        result.push(swap_digits(powers, grid, 8 - i, 8 - (i + 3)));
    }
    result
}

/// The seed's code of a board given as its nine numbers in reading order.
pub fn code(numbers: &[u32]) -> u32 {
    let powers = powers();
    let mut grid = 0;
    for (k, &num) in numbers.iter().enumerate() {
        grid += (num - 1) * powers[8 - k];
    }
    grid
}

/// The seed's code of the sorted board.
pub fn target() -> u32 {
    code(&[1, 2, 3, 4, 5, 6, 7, 8, 9])
}

/// The seed's BFS for one board.
pub fn swaps(numbers: &[u32]) -> u32 {
    let powers = powers();
    let target = target();
    let grid = code(numbers);
    let mut visited = HashSet::new();
    let mut queue = VecDeque::new();
    queue.push_back((grid, 0));
    visited.insert(grid);
    while let Some((g, dist)) = queue.pop_front() {
        if g == target {
            return dist;
        }
        for g2 in neighbours(&powers, g) {
            if visited.insert(g2) {
                queue.push_back((g2, dist + 1));
            }
        }
    }
    unreachable!("every board can be sorted")
}

/// All the boards' numbers of a valid input, nine at a time, each board answered by
/// the seed's BFS.
pub fn reference(input: &[u8]) -> Vec<u8> {
    let numbers: Vec<u32> = String::from_utf8_lossy(input)
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut out = String::new();
    for board in numbers.chunks(9) {
        out.push_str(&format!("{}\n", swaps(board)));
    }
    out.into_bytes()
}

/// One plain BFS from the sorted board over the same graph: the distance of every
/// board, by the seed's code.
pub fn full_bfs() -> HashMap<u32, u32> {
    let powers = powers();
    let mut dist = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert(target(), 0);
    queue.push_back(target());
    while let Some(g) = queue.pop_front() {
        let d = dist[&g];
        for g2 in neighbours(&powers, g) {
            dist.entry(g2).or_insert_with(|| {
                queue.push_back(g2);
                d + 1
            });
        }
    }
    dist
}

/// The nine numbers of a board from its seed code.
pub fn numbers(code: u32) -> Vec<u32> {
    let powers = powers();
    (0..9).map(|k| code / powers[8 - k] % 9 + 1).collect()
}
