//! The traced reference search of the grid problems (robot-maze, chase, wave): the plain
//! BFS of each statement's Solution section, written out literally, recording what the page
//! replays. Nothing here is fast on purpose: one `Vec` per fact, one loop per rule.
//!
//! - robot-maze: from the start, moves tried U, D, L, R, the first parent kept; the route
//!   is the parents walked back from the finish.
//! - chase: the same from `S`, moves tried D, U, R, L.
//! - wave: the wave from `s` (neighbours tried up, right, down, left); the route is the walk
//!   back from `f`, each time to the first neighbour in that order numbered one less.
//!
//! The search stops when the target leaves the queue (its layer is complete by then, and
//! every cell the walk back can need is numbered). Cost: O(R x C) time, about 14 bytes per
//! cell.

use std::collections::VecDeque;

use bfs_judge::core::dir::Dir;

/// Which of the three grid problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    RobotMaze,
    Chase,
    Wave,
}

impl Kind {
    /// The order the search tries moves, as the statement gives it.
    pub fn order(self) -> [Dir; 4] {
        match self {
            Kind::RobotMaze => bfs_judge::robot_maze::ORDER,
            Kind::Chase => bfs_judge::chase::ORDER,
            Kind::Wave => bfs_judge::wave::ORDER,
        }
    }

    /// The statement's name of a move.
    pub fn name(self, d: Dir) -> &'static str {
        match (self, d) {
            (Kind::Wave, Dir::Up) => "up",
            (Kind::Wave, Dir::Down) => "down",
            (Kind::Wave, Dir::Left) => "left",
            (Kind::Wave, Dir::Right) => "right",
            (_, Dir::Up) => "U",
            (_, Dir::Down) => "D",
            (_, Dir::Left) => "L",
            (_, Dir::Right) => "R",
        }
    }

    /// `U < D < L < R`, in the statement's words.
    pub fn order_text(self) -> String {
        let names: Vec<&str> = self.order().iter().map(|&d| self.name(d)).collect();
        names.join(" < ")
    }

    /// A cell as the problem's output writes it: robot-maze `r c` 1-based, chase
    /// `(r, c)` 0-based, wave `row r, column c` 1-based (as its checker says).
    pub fn cell_name(self, (r, c): (u32, u32)) -> String {
        match self {
            Kind::RobotMaze => format!("({}, {})", r + 1, c + 1),
            Kind::Chase => format!("({r}, {c})"),
            Kind::Wave => format!("row {}, column {}", r + 1, c + 1),
        }
    }
}

/// No move: the start, reached by none.
pub const NO_MOVE: u8 = 4;

/// One step of the route and the rule that picked it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieBreak {
    /// The cell the rule is applied at: robot-maze and chase the route's cell before the
    /// move (the route is the smallest move sequence from the start), wave the cell the
    /// walk back stands on.
    pub at: u32,
    /// The move taken from `at` (wave: the direction of the neighbour stepped to).
    pub chosen: Dir,
    /// Every move from `at` that keeps the route shortest, in the problem's order; the
    /// rule is that `chosen` is the first of them.
    pub candidates: Vec<Dir>,
}

/// The search, as the page replays it. Cells are `r * cols + c`, 0-based.
#[derive(Clone, Debug)]
pub struct Trace {
    pub kind: Kind,
    pub rows: u32,
    pub cols: u32,
    /// The input's cell characters, row by row.
    pub cells: Vec<u8>,
    pub walls: Vec<bool>,
    pub start: u32,
    pub target: u32,
    /// The cells in the order they entered the queue (the order they leave it too).
    pub entered: Vec<u32>,
    /// For each cell of `entered`, the move it was first reached by ([`NO_MOVE`] for the
    /// start).
    pub via: Vec<u8>,
    /// How many cells were taken from the queue before the search stopped.
    pub taken: usize,
    /// `tail[k]`: after the `k`-th cell taken has tried its moves, the queue holds
    /// `entered[k + 1 .. tail[k]]`.
    pub tail: Vec<u32>,
    /// `layers[d]`: the index in `entered` where the cells at distance `d` begin; one more
    /// entry closes the last.
    pub layers: Vec<u32>,
    /// The target's distance, `None` when it was never reached.
    pub distance: Option<u32>,
    /// The route from the start to the target, both included (empty when unreachable).
    pub route: Vec<u32>,
    /// One entry per move of the route, in route order from the start (wave: in the walk
    /// back's order, from the target).
    pub ties: Vec<TieBreak>,
}

impl Trace {
    pub fn coords(&self, cell: u32) -> (u32, u32) {
        (cell / self.cols, cell % self.cols)
    }

    /// The neighbour of `cell` in direction `d`, if inside the grid.
    pub fn step(&self, cell: u32, d: Dir) -> Option<u32> {
        let (r, c) = self.coords(cell);
        let (dr, dc) = d.delta();
        let (nr, nc) = (i64::from(r) + i64::from(dr), i64::from(c) + i64::from(dc));
        (nr >= 0 && nc >= 0 && nr < i64::from(self.rows) && nc < i64::from(self.cols))
            .then(|| nr as u32 * self.cols + nc as u32)
    }

    /// The layer of the last cell taken: the target's when it was reached.
    pub fn last_layer(&self) -> u32 {
        let last = self.taken as u32 - 1;
        self.layers.iter().rposition(|&l| l <= last).unwrap_or(0) as u32
    }

    /// Each cell's distance from the start among those that entered the queue
    /// (`u32::MAX` for the others).
    pub fn distances(&self) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.walls.len()];
        for d in 0..self.layers.len() - 1 {
            for &cell in &self.entered[self.layers[d] as usize..self.layers[d + 1] as usize] {
                dist[cell as usize] = d as u32;
            }
        }
        dist
    }

    /// The answer the problem prints, computed from the trace (`path`: chase's `--path`).
    pub fn answer(&self, path: bool) -> Vec<u8> {
        let mut out = String::new();
        let reached = self.distance.is_some();
        match self.kind {
            Kind::RobotMaze if !reached => out.push_str("-1\n"),
            Kind::RobotMaze => {
                for &cell in &self.route {
                    let (r, c) = self.coords(cell);
                    out.push_str(&format!("{} {}\n", r + 1, c + 1));
                }
            }
            Kind::Chase if path => {
                let cells: Vec<String> = self
                    .route
                    .iter()
                    .map(|&cell| Kind::Chase.cell_name(self.coords(cell)))
                    .collect();
                out.push_str(&cells.join(" "));
                out.push('\n');
            }
            Kind::Chase | Kind::Wave => match self.distance {
                None => out.push_str("-1\n"),
                Some(d) => out.push_str(&format!("{d}\n")),
            },
        }
        if self.kind == Kind::Wave && reached {
            let mut drawn = self.cells.clone();
            for &cell in &self.route[1..self.route.len() - 1] {
                drawn[cell as usize] = b'*';
            }
            for row in drawn.chunks(self.cols as usize) {
                out.push_str(&String::from_utf8_lossy(row));
                out.push('\n');
            }
        }
        out.into_bytes()
    }
}

/// The maze the parser gave, as the trace takes it: cell characters row by row, walls,
/// start and target (0-based `r * cols + c`).
pub struct Maze {
    pub rows: u32,
    pub cols: u32,
    pub cells: Vec<u8>,
    pub walls: Vec<bool>,
    pub start: u32,
    pub target: u32,
}

/// Reads `input` with the solver's own parser.
pub fn parse(kind: Kind, input: &[u8]) -> Result<Maze, String> {
    let mut buf = input.to_vec();
    let name = |k| match k {
        Kind::RobotMaze => "robot-maze",
        Kind::Chase => "chase",
        Kind::Wave => "wave",
    };
    let bad = |e: bfs_judge::core::error::InputError| format!("{}: {e}", name(kind));
    let (grid, start, target, wall) = match kind {
        Kind::RobotMaze => {
            let i = bfs_judge::robot_maze::parse(&mut buf).map_err(bad)?;
            (i.grid, i.start, i.finish, b'1')
        }
        Kind::Chase => {
            let i = bfs_judge::chase::parse(&mut buf).map_err(bad)?;
            (i.grid, i.monster, i.player, b'#')
        }
        Kind::Wave => {
            let i = bfs_judge::wave::parse(&mut buf).map_err(bad)?;
            (i.grid, i.start, i.finish, b'#')
        }
    };
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut cells = Vec::with_capacity(rows as usize * cols as usize);
    for r in 0..rows {
        cells.extend_from_slice(grid.row(r));
    }
    let flat = |index: u32| {
        let (r, c) = grid.coords(index);
        r * cols + c
    };
    Ok(Maze {
        rows,
        cols,
        walls: cells.iter().map(|&b| b == wall).collect(),
        cells,
        start: flat(start),
        target: flat(target),
    })
}

/// The traced search of `maze` for `kind`.
pub fn search(kind: Kind, maze: Maze) -> Trace {
    let Maze {
        rows,
        cols,
        cells,
        walls,
        start,
        target,
    } = maze;
    let n = walls.len();
    let mut t = Trace {
        kind,
        rows,
        cols,
        cells,
        walls,
        start,
        target,
        entered: vec![start],
        via: vec![NO_MOVE],
        taken: 0,
        tail: Vec::new(),
        layers: vec![0],
        distance: None,
        route: Vec::new(),
        ties: Vec::new(),
    };
    // The search: the start is reached before it begins (robot-maze's start may be a
    // wall: the robot stands there and leaves it); a wall is never entered.
    let mut dist = vec![u32::MAX; n];
    let mut parent = vec![u32::MAX; n];
    dist[start as usize] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(cell) = queue.pop_front() {
        t.taken += 1;
        if cell == target {
            t.distance = Some(dist[cell as usize]);
            t.tail.push(t.entered.len() as u32);
            break;
        }
        for d in kind.order() {
            let Some(next) = t.step(cell, d) else {
                continue;
            };
            if t.walls[next as usize] || dist[next as usize] != u32::MAX {
                continue;
            }
            dist[next as usize] = dist[cell as usize] + 1;
            parent[next as usize] = cell;
            t.entered.push(next);
            t.via.push(d as u8);
            queue.push_back(next);
        }
        t.tail.push(t.entered.len() as u32);
    }
    // The layers of the cells that entered the queue.
    for (i, &cell) in t.entered.iter().enumerate() {
        if dist[cell as usize] as usize == t.layers.len() {
            t.layers.push(i as u32);
        }
    }
    t.layers.push(t.entered.len() as u32);
    let Some(length) = t.distance else {
        return t;
    };
    match kind {
        Kind::RobotMaze | Kind::Chase => {
            // The first parents, walked back from the target.
            let mut cell = target;
            t.route.push(cell);
            while cell != start {
                cell = parent[cell as usize];
                t.route.push(cell);
            }
            t.route.reverse();
            // The rule at each step, from the distances to the target (a BFS from it):
            // the moves that keep the route shortest.
            let to_target = from_target(&t);
            for pair in t.route.windows(2) {
                let (at, next) = (pair[0], pair[1]);
                let chosen = kind
                    .order()
                    .into_iter()
                    .find(|&d| t.step(at, d) == Some(next))
                    .expect("route cells are neighbours");
                let candidates = kind
                    .order()
                    .into_iter()
                    .filter(|&d| {
                        t.step(at, d).is_some_and(|q| {
                            to_target[q as usize] != u32::MAX
                                && to_target[q as usize] + 1 == to_target[at as usize]
                        })
                    })
                    .collect();
                t.ties.push(TieBreak {
                    at,
                    chosen,
                    candidates,
                });
            }
        }
        Kind::Wave => {
            // The walk back: from f, the first neighbour in the order numbered one less.
            let mut cell = target;
            t.route.push(cell);
            for _ in 0..length {
                let d_here = dist[cell as usize];
                let candidates: Vec<Dir> = kind
                    .order()
                    .into_iter()
                    .filter(|&d| {
                        t.step(cell, d)
                            .is_some_and(|q| dist[q as usize].wrapping_add(1) == d_here)
                    })
                    .collect();
                let chosen = candidates[0];
                t.ties.push(TieBreak {
                    at: cell,
                    chosen,
                    candidates,
                });
                cell = t.step(cell, chosen).expect("a numbered neighbour");
                t.route.push(cell);
            }
            t.route.reverse();
        }
    }
    t
}

/// Distances to the target over the cells a route may use (robot-maze's start counts as
/// one: the robot stands there).
fn from_target(t: &Trace) -> Vec<u32> {
    let mut dist = vec![u32::MAX; t.walls.len()];
    dist[t.target as usize] = 0;
    let mut queue = VecDeque::from([t.target]);
    while let Some(cell) = queue.pop_front() {
        for d in Dir::ALL {
            let Some(next) = t.step(cell, d) else {
                continue;
            };
            let usable = !t.walls[next as usize] || next == t.start;
            if usable && dist[next as usize] == u32::MAX {
                dist[next as usize] = dist[cell as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}
