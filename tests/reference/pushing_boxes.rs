//! pushing-boxes as seed 002 writes it (AcWing 174 accepted solution), step by step:
//! `bfs_box` is a first-in first-out search over (box row, box column, last push
//! direction) with `dist` = (pushes, walks), `pre` and `path` per state; every push it
//! tries runs a fresh `bfs_man`, the person's BFS from scratch with new visited and
//! parent arrays, trying n, s, w, e (the seed iterates `x - dx[i]`) and keeping first
//! parents. A seen state takes a new cost only when it is strictly smaller; the answer
//! ends in the box-on-T state with the smallest cost when dequeued, the first among
//! equals. Nested vectors, a `VecDeque`, no tricks.
//!
//! Self-contained (no `super::`), so `examples/literal.rs` can include it as the
//! literal benchmark baseline. It takes a valid input: headers on their own lines.

use std::collections::VecDeque;

/// The person's offset from the box for push direction i (N, S, W, E): the box moves by
/// the opposite offset. Walk direction i moves the person by minus this offset, so
/// n, s, w, e come out in the seed's order.
const DX: [i32; 4] = [1, -1, 0, 0];
const DY: [i32; 4] = [0, 0, 1, -1];
const OPS: [char; 4] = ['n', 's', 'w', 'e'];

/// One box state: the box cell and the direction it was last pushed in (-1: none).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Point {
    x: i32,
    y: i32,
    dir: i32,
}

struct Seed {
    n: i32,
    m: i32,
    g: Vec<Vec<char>>,
    dist: Vec<Vec<Vec<(u64, u64)>>>,
    pre: Vec<Vec<Vec<Point>>>,
    path: Vec<Vec<Vec<Vec<usize>>>>,
    st: Vec<Vec<Vec<bool>>>,
}

impl Seed {
    fn check(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.n && y < self.m && self.g[x as usize][y as usize] != '#'
    }

    /// The person's BFS from `start` to `end`, never through `box_`: the walk (last move
    /// first, as the seed collects it) or `None`.
    fn bfs_man(&self, start: (i32, i32), end: (i32, i32), box_: (i32, i32)) -> Option<Vec<usize>> {
        let (n, m) = (self.n as usize, self.m as usize);
        let mut vis = vec![vec![false; m]; n];
        let mut pre_man = vec![vec![-1i32; m]; n];
        vis[start.0 as usize][start.1 as usize] = true;
        vis[box_.0 as usize][box_.1 as usize] = true;
        let mut q = VecDeque::new();
        q.push_back(start);
        while let Some(t) = q.pop_front() {
            let (mut x, mut y) = t;
            if t == end {
                let mut seq = Vec::new();
                while pre_man[x as usize][y as usize] != -1 {
                    let dir = pre_man[x as usize][y as usize] as usize;
                    seq.push(dir);
                    x += DX[dir];
                    y += DY[dir];
                }
                return Some(seq);
            }
            for i in 0..4 {
                let (a, b) = (x - DX[i], y - DY[i]);
                if !self.check(a, b) || vis[a as usize][b as usize] {
                    continue;
                }
                vis[a as usize][b as usize] = true;
                pre_man[a as usize][b as usize] = i as i32;
                q.push_back((a, b));
            }
        }
        None
    }

    fn bfs_box(&mut self, start: (i32, i32), box_: (i32, i32)) -> Option<Point> {
        let mut q = VecDeque::new();
        for i in 0..4 {
            let (a, b) = (box_.0 + DX[i], box_.1 + DY[i]);
            let (c, d) = (box_.0 - DX[i], box_.1 - DY[i]);
            if !self.check(a, b) || !self.check(c, d) {
                continue;
            }
            let Some(seq) = self.bfs_man(start, (a, b), box_) else {
                continue;
            };
            let (cu, du) = (c as usize, d as usize);
            q.push_back(Point {
                x: c,
                y: d,
                dir: i as i32,
            });
            self.st[cu][du][i] = true;
            self.dist[cu][du][i] = (1, seq.len() as u64);
            self.path[cu][du][i] = seq;
            self.pre[cu][du][i] = Point {
                x: box_.0,
                y: box_.1,
                dir: -1,
            };
        }
        let mut maxd = (u64::MAX, u64::MAX);
        let mut end = None;
        while let Some(t) = q.pop_front() {
            let v = self.dist[t.x as usize][t.y as usize][t.dir as usize];
            if self.g[t.x as usize][t.y as usize] == 'T' && v < maxd {
                end = Some(t);
                maxd = v;
            }
            for i in 0..4 {
                let (a, b) = (t.x + DX[i], t.y + DY[i]);
                let (c, d) = (t.x - DX[i], t.y - DY[i]);
                if !self.check(a, b) || !self.check(c, d) {
                    continue;
                }
                let from = (t.x + DX[t.dir as usize], t.y + DY[t.dir as usize]);
                let Some(seq) = self.bfs_man(from, (a, b), (t.x, t.y)) else {
                    continue;
                };
                let distance = (v.0 + 1, v.1 + seq.len() as u64);
                let (cu, du) = (c as usize, d as usize);
                if !self.st[cu][du][i] {
                    q.push_back(Point {
                        x: c,
                        y: d,
                        dir: i as i32,
                    });
                    self.st[cu][du][i] = true;
                    self.path[cu][du][i] = seq;
                    self.dist[cu][du][i] = distance;
                    self.pre[cu][du][i] = t;
                } else if self.dist[cu][du][i] > distance {
                    self.dist[cu][du][i] = distance;
                    self.path[cu][du][i] = seq;
                    self.pre[cu][du][i] = t;
                }
            }
        }
        end
    }
}

/// One maze's answer line: the moves, or `Impossible.`.
fn solve(g: Vec<Vec<char>>) -> String {
    let (n, m) = (g.len(), g[0].len());
    let mut start = (0, 0);
    let mut box_ = (0, 0);
    for i in 0..n {
        for j in 0..m {
            if g[i][j] == 'S' {
                start = (i as i32, j as i32);
            } else if g[i][j] == 'B' {
                box_ = (i as i32, j as i32);
            }
        }
    }
    let mut seed = Seed {
        n: n as i32,
        m: m as i32,
        g,
        dist: vec![vec![vec![(0, 0); 4]; m]; n],
        pre: vec![
            vec![
                vec![
                    Point {
                        x: 0,
                        y: 0,
                        dir: -1
                    };
                    4
                ];
                m
            ];
            n
        ],
        path: vec![vec![vec![Vec::new(); 4]; m]; n],
        st: vec![vec![vec![false; 4]; m]; n],
    };
    let Some(mut end) = seed.bfs_box(start, box_) else {
        return "Impossible.".to_string();
    };
    let mut res = Vec::new();
    while end.dir != -1 {
        let (x, y, d) = (end.x as usize, end.y as usize, end.dir as usize);
        res.push(OPS[d].to_ascii_uppercase());
        for &step in &seed.path[x][y][d] {
            res.push(OPS[step]);
        }
        end = seed.pre[x][y][d];
    }
    res.reverse();
    res.into_iter().collect()
}

/// The expected output for a valid input: every case up to `0 0` or the end.
pub fn reference(input: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(input);
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut out = String::new();
    let mut case = 0;
    while let Some(header) = lines.next() {
        let numbers: Vec<usize> = header
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let (n, m) = (numbers[0], numbers[1]);
        if n == 0 && m == 0 {
            break;
        }
        let g: Vec<Vec<char>> = (0..n)
            .map(|_| {
                let row: Vec<char> = lines
                    .next()
                    .unwrap()
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect();
                assert_eq!(row.len(), m);
                row
            })
            .collect();
        case += 1;
        out.push_str(&format!("Maze #{case}\n{}\n\n", solve(g)));
    }
    out.into_bytes()
}
