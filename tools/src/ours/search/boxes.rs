//! The traced reference search of pushing-boxes: the statement's rules 1 to 4 written out
//! literally (the plain solution's algorithm). A BFS over box states (box cell, direction
//! of the last push), pushes tried N, S, W, E, a state found again taking a strictly smaller
//! cost and keeping its place in the queue; for each state the keeper's BFS (n, s, w, e,
//! first parents kept, the box a wall) gives the walks to the pushing sides.
//!
//! Recorded for the page: the box states in the order they left the queue, with the cost
//! each had then; and for the answer, one segment per push: the keeper's BFS from where he
//! stood (the cells in the order it reached them, with their distances, until the pushing
//! side), the walk it gives, the push, and the box state it makes. Cost: O((N x M)^2) per
//! maze, as the plain solution.

use std::collections::{HashMap, VecDeque};

use bfs_judge::core::dir::Dir;
use bfs_judge::pushing_boxes::{ORDER, PUSHES, WALKS};

use crate::ours::OursError;

/// The keeper's BFS of one walk.
#[derive(Clone, Debug)]
pub struct Walk {
    pub from: u32,
    pub to: u32,
    /// The cells in the order the BFS reached them (`from` first), each with its distance.
    pub reached: Vec<(u32, u32)>,
    /// The walk it gives, `n s w e` letters.
    pub moves: Vec<u8>,
}

/// One push of the answer and the walk before it.
#[derive(Clone, Debug)]
pub struct Segment {
    pub walk: Walk,
    /// Where the box stands before the push.
    pub box_at: u32,
    /// `N S W E`.
    pub push: u8,
    /// The state the push makes: its place among the states taken from the queue, and its
    /// cost (pushes, walks).
    pub state: usize,
    pub cost: (u32, u64),
}

/// A box state as it left the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub box_at: u32,
    /// Index into `ORDER`: the direction of the last push.
    pub last: u8,
    pub cost: (u32, u64),
}

#[derive(Clone, Debug)]
pub struct Trace {
    pub case: usize,
    pub cases: usize,
    pub rows: u32,
    pub cols: u32,
    pub walls: Vec<bool>,
    pub keeper: u32,
    pub box_start: u32,
    pub target: u32,
    /// Box states in the order they were taken from the queue.
    pub taken: Vec<State>,
    /// The answer's segments; empty when impossible.
    pub segments: Vec<Segment>,
    pub possible: bool,
}

impl Trace {
    /// The plan's moves, walks and pushes.
    pub fn moves(&self) -> Vec<u8> {
        let mut moves = Vec::new();
        for s in &self.segments {
            moves.extend_from_slice(&s.walk.moves);
            moves.push(s.push);
        }
        moves
    }

    /// The lines the problem prints for this case.
    pub fn answer(&self) -> Vec<u8> {
        let mut out = format!("Maze #{}\n", self.case).into_bytes();
        if self.possible {
            out.extend(self.moves());
        } else {
            out.extend_from_slice(b"Impossible.");
        }
        out.extend_from_slice(b"\n\n");
        out
    }

    /// The neighbour of `cell` in direction `d`, if inside the maze.
    pub fn step(&self, cell: u32, d: Dir) -> Option<u32> {
        super::neighbour((self.rows, self.cols), cell, d)
    }

    fn floor(&self, cell: Option<u32>) -> Option<u32> {
        cell.filter(|&c| !self.walls[c as usize])
    }

    /// The keeper's BFS from `from` with the box at `box_at`, until every cell of `wanted`
    /// is reached: per cell the distance and the last move (`u8::MAX`: not reached), and
    /// the cells in the order reached.
    fn walks(&self, from: u32, box_at: u32, wanted: &[u32]) -> (Vec<u32>, Vec<u8>, Vec<u32>) {
        let n = self.walls.len();
        let mut dist = vec![u32::MAX; n];
        let mut how = vec![u8::MAX; n];
        let mut order = vec![from];
        dist[from as usize] = 0;
        let mut left = wanted.iter().filter(|&&w| w != from).count();
        let mut queue = VecDeque::from([from]);
        while left > 0 {
            let Some(v) = queue.pop_front() else { break };
            for (k, &d) in ORDER.iter().enumerate() {
                let Some(w) = self.floor(self.step(v, d)) else {
                    continue;
                };
                if w == box_at || dist[w as usize] != u32::MAX {
                    continue;
                }
                dist[w as usize] = dist[v as usize] + 1;
                how[w as usize] = k as u8;
                order.push(w);
                queue.push_back(w);
                left -= usize::from(wanted.contains(&w));
            }
        }
        (dist, how, order)
    }

    /// The walk from `from` to `to` as the keeper's BFS chooses it.
    fn walk(&self, from: u32, to: u32, box_at: u32) -> Walk {
        let (dist, how, order) = self.walks(from, box_at, &[to]);
        let mut moves = Vec::new();
        let mut cell = to;
        while cell != from {
            let k = how[cell as usize];
            moves.push(WALKS[usize::from(k)]);
            cell = self.step(cell, ORDER[usize::from(k)].opposite()).unwrap();
        }
        moves.reverse();
        Walk {
            from,
            to,
            reached: order.iter().map(|&c| (c, dist[c as usize])).collect(),
            moves,
        }
    }

    /// The pushes possible with the box at `box_at`: (direction index, the side to stand
    /// on, the cell ahead), in the order N, S, W, E.
    fn sides(&self, box_at: u32) -> Vec<(usize, u32, u32)> {
        ORDER
            .iter()
            .enumerate()
            .filter_map(|(k, &d)| {
                let behind = self.floor(self.step(box_at, d.opposite()))?;
                let ahead = self.floor(self.step(box_at, d))?;
                Some((k, behind, ahead))
            })
            .collect()
    }
}

/// A maze of the input as the solver's parser reads it.
pub struct Maze {
    pub rows: u32,
    pub cols: u32,
    pub walls: Vec<bool>,
    pub keeper: u32,
    pub box_start: u32,
    pub target: u32,
}

/// Every maze of the input, with the solver's reader.
pub fn parse(input: &[u8]) -> Result<Vec<Maze>, OursError> {
    let mut buf = input.to_vec();
    let mut reader = bfs_judge::pushing_boxes::Reader::new(&mut buf);
    let mut mazes = Vec::new();
    while let Some(maze) = reader.next_maze().map_err(|e| OursError::Input {
        problem: "pushing-boxes",
        why: e.to_string(),
    })? {
        let (cells, flat) = super::flat_cells(&maze.grid);
        mazes.push(Maze {
            rows: maze.grid.rows(),
            cols: maze.grid.cols(),
            walls: cells
                .iter()
                .map(|&b| b == bfs_judge::pushing_boxes::WALL)
                .collect(),
            keeper: flat(maze.person),
            box_start: flat(maze.box_cell),
            target: flat(maze.target),
        });
    }
    Ok(mazes)
}

/// The traced search of maze `case` (from 1) of `mazes`.
pub fn search(mazes: Vec<Maze>, case: usize) -> Result<Trace, OursError> {
    let cases = mazes.len();
    let maze = case
        .checked_sub(1)
        .and_then(|k| mazes.into_iter().nth(k))
        .ok_or(OursError::NoCase {
            case,
            cases,
            what: "maze",
        })?;
    let mut t = Trace {
        case,
        cases,
        rows: maze.rows,
        cols: maze.cols,
        walls: maze.walls,
        keeper: maze.keeper,
        box_start: maze.box_start,
        target: maze.target,
        taken: Vec::new(),
        segments: Vec::new(),
        possible: false,
    };
    // State (cell, k) -> cost and where it came from (the previous state, the keeper's
    // cell before the walk).
    type Key = (u32, u8);
    let mut cost: HashMap<Key, (u32, u64)> = HashMap::new();
    let mut came: HashMap<Key, (Option<Key>, u32)> = HashMap::new();
    let mut queue: VecDeque<Key> = VecDeque::new();
    let ways = t.sides(t.box_start);
    let wanted: Vec<u32> = ways.iter().map(|w| w.1).collect();
    let (dist, _, _) = t.walks(t.keeper, t.box_start, &wanted);
    for &(k, side, ahead) in &ways {
        if dist[side as usize] == u32::MAX {
            continue;
        }
        let state = (ahead, k as u8);
        cost.insert(state, (1, u64::from(dist[side as usize])));
        came.insert(state, (None, t.keeper));
        queue.push_back(state);
    }
    let mut best: Option<((u32, u64), Key)> = None;
    let mut place: HashMap<Key, usize> = HashMap::new();
    while let Some(state) = queue.pop_front() {
        let (here, last) = state;
        let (pushes, walked) = cost[&state];
        place.insert(state, t.taken.len());
        t.taken.push(State {
            box_at: here,
            last,
            cost: (pushes, walked),
        });
        if here == t.target && best.is_none_or(|(b, _)| (pushes, walked) < b) {
            best = Some(((pushes, walked), state));
        }
        let stand = t
            .step(here, ORDER[usize::from(last)].opposite())
            .expect("the keeper stands where the box was");
        let ways = t.sides(here);
        let wanted: Vec<u32> = ways.iter().map(|w| w.1).collect();
        let (dist, _, _) = t.walks(stand, here, &wanted);
        for &(k, side, ahead) in &ways {
            if dist[side as usize] == u32::MAX {
                continue;
            }
            let new = (pushes + 1, walked + u64::from(dist[side as usize]));
            let next = (ahead, k as u8);
            match cost.get(&next) {
                None => {
                    cost.insert(next, new);
                    came.insert(next, (Some(state), stand));
                    queue.push_back(next);
                }
                Some(&old) if new < old => {
                    cost.insert(next, new);
                    came.insert(next, (Some(state), stand));
                }
                Some(_) => {}
            }
        }
    }
    let Some((_, end)) = best else {
        return Ok(t);
    };
    t.possible = true;
    // Walk back from the answer's state; each push after the walk before it.
    let mut segments = Vec::new();
    let mut state = Some(end);
    while let Some(s) = state {
        let (here, k) = s;
        let (previous, stand) = came[&s];
        let d = ORDER[usize::from(k)];
        let box_before = t.step(here, d.opposite()).unwrap();
        let side = t.step(box_before, d.opposite()).unwrap();
        segments.push(Segment {
            walk: t.walk(stand, side, box_before),
            box_at: box_before,
            push: PUSHES[usize::from(k)],
            state: place[&s],
            cost: cost[&s],
        });
        state = previous;
    }
    segments.reverse();
    t.segments = segments;
    Ok(t)
}
