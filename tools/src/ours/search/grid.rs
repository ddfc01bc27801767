//! The traced reference search of the grid problems (robot-maze, chase, wave): the plain
//! BFS of each statement's Solution section, written out literally, recording what the page
//! replays. What differs between the problems is data, their [`Rules`] (each problem's file
//! in `ours` holds its own, in its `GridProblem`; a trace points to them): the order moves
//! are tried in, their names, how a cell is written, and how the route is read off:
//!
//! - [`Route::FirstParents`] (robot-maze from the start, moves tried U, D, L, R; chase from
//!   `S`, D, U, R, L): the first parent of each cell kept, the route the parents walked back
//!   from the target;
//! - [`Route::WalkBack`] (wave, from `s`, neighbours tried up, right, down, left): the route
//!   the walk back from `f`, each time to the first neighbour in the order numbered one less.
//!
//! Nothing here is fast on purpose: one `Vec` per fact, one loop per rule. The search stops
//! when the target leaves the queue (its layer is complete by then, and every cell the walk
//! back can need is numbered). Cost: O(R x C) time, about 14 bytes per cell.

use std::collections::VecDeque;

use bfs_judge::core::dir::Dir;
use bfs_judge::core::error::InputError;
use bfs_judge::core::grid::Grid;

use super::Search;
use crate::ours::OursError;

/// One grid problem's search, as its statement gives it.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The problem's name, leading its reader's errors.
    pub name: &'static str,
    /// The order the search tries moves (`bfs_judge::<problem>::ORDER`).
    pub order: [Dir; 4],
    /// The statement's names of the moves up, down, left and right (the order of `Dir::ALL`).
    pub moves: [&'static str; 4],
    /// How the problem writes a cell.
    pub cells: Cells,
    /// How the route is read off the search.
    pub route: Route,
    /// The solver's own reader, giving the maze as the trace takes it.
    pub read: fn(&[u8]) -> Result<Maze, InputError>,
}

/// The moves' names of robot-maze and chase.
pub const LETTERS: [&str; 4] = ["U", "D", "L", "R"];

/// How a problem writes a cell `(r, c)` (0-based), as its output or its checker does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cells {
    /// `(r, c)`, 1-based (robot-maze).
    OneBased,
    /// `(r, c)`, 0-based (chase).
    ZeroBased,
    /// `row r, column c`, 1-based (wave).
    RowColumn,
}

impl Cells {
    pub fn name(self, (r, c): (u32, u32)) -> String {
        match self {
            Cells::OneBased => format!("({}, {})", r + 1, c + 1),
            Cells::ZeroBased => format!("({r}, {c})"),
            Cells::RowColumn => format!("row {}, column {}", r + 1, c + 1),
        }
    }

    /// The page's name for this way of writing cells (its script writes them too).
    pub fn page_key(self) -> &'static str {
        match self {
            Cells::OneBased => "rm",
            Cells::ZeroBased => "chase",
            Cells::RowColumn => "wave",
        }
    }
}

/// How the route is read off the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The first parents walked back from the target: the smallest move sequence from the
    /// start.
    FirstParents,
    /// The walk back from the target, each time to the first neighbour in the order whose
    /// distance is one less.
    WalkBack,
}

impl Rules {
    /// The statement's name of a move.
    pub fn name(&self, d: Dir) -> &'static str {
        self.moves[d as usize]
    }

    /// `U < D < L < R`, in the statement's words.
    pub fn order_text(&self) -> String {
        let names: Vec<&str> = self.order.iter().map(|&d| self.name(d)).collect();
        names.join(" < ")
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
    pub rules: &'static Rules,
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
        super::neighbour((self.rows, self.cols), cell, d)
    }

    /// The layer of the last cell taken: the target's when it was reached.
    pub fn last_layer(&self) -> u32 {
        let last = self.taken as u32 - 1;
        self.layers.iter().rposition(|&l| l <= last).unwrap_or(0) as u32
    }

    /// `cell` as the problem writes it.
    pub fn cell_name(&self, cell: u32) -> String {
        self.rules.cells.name(self.coords(cell))
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

impl Maze {
    /// The maze of a solver's `grid` (whose cell indices `start` and `target` are its own),
    /// `wall` its wall byte.
    pub fn of(grid: &Grid<'_>, start: u32, target: u32, wall: u8) -> Maze {
        let (cells, flat) = super::flat_cells(grid);
        Maze {
            rows: grid.rows(),
            cols: grid.cols(),
            walls: cells.iter().map(|&b| b == wall).collect(),
            cells,
            start: flat(start),
            target: flat(target),
        }
    }
}

/// The traced search of `input` under `rules`, whose input is one maze (`case` 1).
pub fn trace(rules: &'static Rules, input: &[u8], case: usize) -> Result<Search, OursError> {
    if case != 1 {
        return Err(OursError::OneMaze {
            problem: rules.name,
            case,
        });
    }
    let maze = (rules.read)(input).map_err(|e| OursError::Input {
        problem: rules.name,
        why: e.to_string(),
    })?;
    Ok(Search::Grid(search(rules, maze)))
}

/// The traced search of `maze` under `rules`.
pub fn search(rules: &'static Rules, maze: Maze) -> Trace {
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
        rules,
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
        for d in rules.order {
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
    match (t.distance, rules.route) {
        (None, _) => {}
        (Some(_), Route::FirstParents) => first_parents(&mut t, &parent),
        (Some(length), Route::WalkBack) => walk_back(&mut t, &dist, length),
    }
    t
}

/// The route of the first parents walked back from the target, and the rule at each step
/// from the distances to the target (a BFS from it): the moves that keep the route
/// shortest.
fn first_parents(t: &mut Trace, parent: &[u32]) {
    let mut cell = t.target;
    t.route.push(cell);
    while cell != t.start {
        cell = parent[cell as usize];
        t.route.push(cell);
    }
    t.route.reverse();
    let to_target = from_target(t);
    let order = t.rules.order;
    let ties = t
        .route
        .windows(2)
        .map(|pair| {
            let (at, next) = (pair[0], pair[1]);
            let chosen = order
                .into_iter()
                .find(|&d| t.step(at, d) == Some(next))
                .expect("route cells are neighbours");
            let candidates = order
                .into_iter()
                .filter(|&d| {
                    t.step(at, d).is_some_and(|q| {
                        to_target[q as usize] != u32::MAX
                            && to_target[q as usize] + 1 == to_target[at as usize]
                    })
                })
                .collect();
            TieBreak {
                at,
                chosen,
                candidates,
            }
        })
        .collect();
    t.ties = ties;
}

/// The walk back from the target, `length` steps of the search's distances `dist`: from
/// each cell to the first neighbour in the order numbered one less.
fn walk_back(t: &mut Trace, dist: &[u32], length: u32) {
    let mut cell = t.target;
    t.route.push(cell);
    for _ in 0..length {
        let d_here = dist[cell as usize];
        let candidates: Vec<Dir> = t
            .rules
            .order
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
