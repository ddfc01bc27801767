//! wave as seed 004 writes it: a distance array `d` with 0 = unknown and the start = 1,
//! a queue, neighbours in the order up, right, down, left (`di = {-1, 0, 1, 0}`,
//! `dj = {0, 1, 0, -1}`), the whole wave; then the path read back from f, each time to
//! the first neighbour in that order with `d` one less. Prints moves, `d[f] - 1`.

use std::collections::VecDeque;

/// The seed's neighbour order.
pub const SEED_ORDER: [(i32, i32); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

/// The expected output of `wave`.
pub fn reference(input: &[u8]) -> Vec<u8> {
    reference_with_order(input, &SEED_ORDER)
}

/// The output with the walk back trying neighbours in `order`: another valid answer
/// when `order` is not the seed's.
pub fn reference_with_order(input: &[u8], order: &[(i32, i32); 4]) -> Vec<u8> {
    let lines = super::lines(input);
    let header: Vec<usize> = lines[0]
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let (n, m) = (header[0], header[1]);
    let mut lab: Vec<Vec<char>> = (0..n).map(|i| super::row_cells(&lines[1 + i])).collect();
    let (mut si, mut sj, mut fi, mut fj) = (0, 0, 0, 0);
    for i in 0..n {
        for j in 0..m {
            if lab[i][j] == 's' {
                (si, sj) = (i, j);
            }
            if lab[i][j] == 'f' {
                (fi, fj) = (i, j);
            }
        }
    }
    let mut d = vec![vec![0usize; m]; n];
    d[si][sj] = 1;
    let mut queue = VecDeque::new();
    queue.push_back((si, sj));
    while let Some((pi, pj)) = queue.pop_front() {
        for (di, dj) in SEED_ORDER {
            let ni = pi as i32 + di;
            let nj = pj as i32 + dj;
            if 0 <= ni && ni < n as i32 && 0 <= nj && nj < m as i32 {
                let (ni, nj) = (ni as usize, nj as usize);
                if lab[ni][nj] != '#' && d[ni][nj] == 0 {
                    d[ni][nj] = d[pi][pj] + 1;
                    queue.push_back((ni, nj));
                }
            }
        }
    }
    if d[fi][fj] == 0 {
        return b"-1\n".to_vec();
    }
    let (mut i, mut j) = (fi, fj);
    while d[i][j] > 2 {
        let mut stepped = false;
        for &(di, dj) in order {
            let ni = i as i32 + di;
            let nj = j as i32 + dj;
            if 0 <= ni && ni < n as i32 && 0 <= nj && nj < m as i32 {
                let (ni, nj) = (ni as usize, nj as usize);
                if d[ni][nj] == d[i][j] - 1 {
                    (i, j) = (ni, nj);
                    stepped = true;
                    break;
                }
            }
        }
        assert!(stepped);
        lab[i][j] = '*';
    }
    let mut text = format!("{}\n", d[fi][fj] - 1);
    for row in &lab {
        text.extend(row.iter());
        text.push('\n');
    }
    text.into_bytes()
}
