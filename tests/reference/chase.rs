//! chase as seed 000 writes it: a `dist` grid of -1, a `VecDeque` of (row, col), moves
//! tried down, up, right, left (`dr = {1, -1, 0, 0}`, `dc = {0, 0, 1, -1}`), return
//! when the goal is taken from the queue; and for the exercise (`--path`) a parent map,
//! first parent kept, the path read back from the goal and reversed.

use std::collections::{HashMap, VecDeque};

/// The seed's move order.
pub const SEED_ORDER: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// A map's rows, the monster and the player, (row, col) from 0.
pub type Map = (Vec<Vec<char>>, (usize, usize), (usize, usize));

/// The map's rows (header dropped), the monster and the player.
pub fn parse(input: &[u8]) -> Map {
    let lines = super::lines(input);
    let first: Vec<&str> = lines[0].split_whitespace().collect();
    let has_header = first.len() == 2 && first.iter().all(|t| t.parse::<u64>().is_ok());
    let rows: Vec<&String> = if has_header {
        let count: usize = first[0].parse().unwrap();
        lines[1..=count].iter().collect()
    } else {
        lines.iter().collect()
    };
    let grid: Vec<Vec<char>> = rows.iter().map(|l| super::row_cells(l)).collect();
    let mut start = (0, 0);
    let mut goal = (0, 0);
    for (r, row) in grid.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            if cell == 'S' {
                start = (r, c);
            }
            if cell == 'E' {
                goal = (r, c);
            }
        }
    }
    (grid, start, goal)
}

/// The seed's `ShortestPath`.
pub fn shortest_path(grid: &[Vec<char>], start: (usize, usize), goal: (usize, usize)) -> i64 {
    let rows = grid.len() as i32;
    let cols = grid[0].len() as i32;
    let mut dist = vec![vec![-1i64; cols as usize]; rows as usize];
    let mut queue = VecDeque::new();
    queue.push_back(start);
    dist[start.0][start.1] = 0;
    while let Some((r, c)) = queue.pop_front() {
        if (r, c) == goal {
            return dist[r][c];
        }
        for (dr, dc) in SEED_ORDER {
            let nr = r as i32 + dr;
            let nc = c as i32 + dc;
            if nr < 0 || nr >= rows || nc < 0 || nc >= cols {
                continue;
            }
            let (nr, nc) = (nr as usize, nc as usize);
            if grid[nr][nc] == '#' || dist[nr][nc] != -1 {
                continue;
            }
            dist[nr][nc] = dist[r][c] + 1;
            queue.push_back((nr, nc));
        }
    }
    -1
}

/// The seed's `FindPath`, trying moves in `order` (the seed's is [`SEED_ORDER`]).
pub fn find_path(
    grid: &[Vec<char>],
    start: (usize, usize),
    goal: (usize, usize),
    order: &[(i32, i32); 4],
) -> Vec<(usize, usize)> {
    let rows = grid.len() as i32;
    let cols = grid[0].len() as i32;
    let mut parent = HashMap::new();
    parent.insert(start, start);
    let mut queue = VecDeque::new();
    queue.push_back(start);
    while let Some(cur) = queue.pop_front() {
        if cur == goal {
            break;
        }
        for &(dr, dc) in order {
            let nr = cur.0 as i32 + dr;
            let nc = cur.1 as i32 + dc;
            if nr < 0 || nr >= rows || nc < 0 || nc >= cols {
                continue;
            }
            let next = (nr as usize, nc as usize);
            if grid[next.0][next.1] == '#' || parent.contains_key(&next) {
                continue;
            }
            parent.insert(next, cur);
            queue.push_back(next);
        }
    }
    if !parent.contains_key(&goal) {
        return Vec::new();
    }
    let mut path = vec![goal];
    while *path.last().unwrap() != start {
        path.push(parent[path.last().unwrap()]);
    }
    path.reverse();
    path
}

/// The `--path` output line for a path.
pub fn format_path(path: &[(usize, usize)]) -> Vec<u8> {
    let cells: Vec<String> = path.iter().map(|(r, c)| format!("({r}, {c})")).collect();
    format!("{}\n", cells.join(" ")).into_bytes()
}

/// The expected output of `chase` (distance mode).
pub fn reference(input: &[u8]) -> Vec<u8> {
    let (grid, start, goal) = parse(input);
    format!("{}\n", shortest_path(&grid, start, goal)).into_bytes()
}

/// The expected output of `chase --path`.
pub fn reference_path(input: &[u8]) -> Vec<u8> {
    let (grid, start, goal) = parse(input);
    format_path(&find_path(&grid, start, goal, &SEED_ORDER))
}
