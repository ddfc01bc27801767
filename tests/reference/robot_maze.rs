//! robot-maze as seed 001 writes it: a `trace` grid of 'N'/'S'/'U'/'D'/'L'/'R',
//! BFS over (row, col) pairs trying up, down, left, right, stop when the finish is
//! taken from the queue, then walk the trace back to the start. 1-indexed throughout.

use std::collections::VecDeque;

pub fn reference(input: &[u8]) -> Vec<u8> {
    let lines = super::lines(input);
    let mut header = Vec::new();
    let mut next_line = 0;
    while header.len() < 6 {
        header.extend(
            lines[next_line]
                .split_whitespace()
                .map(|t| t.parse::<usize>().unwrap()),
        );
        next_line += 1;
    }
    let (rows, cols) = (header[0], header[1]);
    let start = (header[2], header[3]);
    let finish = (header[4], header[5]);
    // maze[r][c] for r in 1..=rows, c in 1..=cols.
    let mut maze = vec![vec![1u8; cols + 1]; rows + 1];
    for r in 1..=rows {
        let cells = super::row_cells(&lines[next_line]);
        next_line += 1;
        for c in 1..=cols {
            maze[r][c] = if cells[c - 1] == '0' { 0 } else { 1 };
        }
    }
    let mut trace = vec![vec!['N'; cols + 1]; rows + 1];
    trace[start.0][start.1] = 'S';
    let mut queue = VecDeque::new();
    queue.push_back(start);
    while let Some(current) = queue.pop_front() {
        if current == finish {
            break;
        }
        let (r, c) = current;
        if r > 1 && maze[r - 1][c] == 0 && trace[r - 1][c] == 'N' {
            trace[r - 1][c] = 'U';
            queue.push_back((r - 1, c));
        }
        if r < rows && maze[r + 1][c] == 0 && trace[r + 1][c] == 'N' {
            trace[r + 1][c] = 'D';
            queue.push_back((r + 1, c));
        }
        if c > 1 && maze[r][c - 1] == 0 && trace[r][c - 1] == 'N' {
            trace[r][c - 1] = 'L';
            queue.push_back((r, c - 1));
        }
        if c < cols && maze[r][c + 1] == 0 && trace[r][c + 1] == 'N' {
            trace[r][c + 1] = 'R';
            queue.push_back((r, c + 1));
        }
    }
    if trace[finish.0][finish.1] == 'N' {
        return b"-1\n".to_vec();
    }
    let mut path = Vec::new();
    let mut cell = finish;
    while trace[cell.0][cell.1] != 'S' {
        path.push(cell);
        match trace[cell.0][cell.1] {
            'U' => cell.0 += 1,
            'D' => cell.0 -= 1,
            'L' => cell.1 += 1,
            'R' => cell.1 -= 1,
            other => unreachable!("trace holds {other}"),
        }
    }
    path.push(start);
    path.reverse();
    path.iter()
        .map(|(r, c)| format!("{r} {c}\n"))
        .collect::<String>()
        .into_bytes()
}
