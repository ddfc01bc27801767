//! Two routes on one maze: the judge's answer and a contestant's, cell by cell, for
//! explaining a tie-break ([`super::tie`]) and for drawing (the judge's `--draw` window and
//! HTML page).
//!
//! Why here and not in the judge: the checkers already know how each problem's input and
//! output are written; a picture is the same reading, kept instead of judged. The
//! contestant's output is read leniently (numbers in order, `*` cells, move letters), as
//! far as it goes, so that even a malformed answer shows what it tried.
//!
//! Both routes are in the order the problem's tie rule walks them: robot-maze and chase
//! from the start, wave back from f, pushing-boxes move by move (the person's cell, with
//! the box's cell beside it). Complexity: linear in the grid and the outputs.

use super::lines;
use crate::core::dir::Dir;

/// How a problem breaks ties, in words: the order of moves and which way it walks.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    /// The moves in the order they are tried.
    pub order: [Dir; 4],
    /// A move's name, indexed by `Dir as usize`.
    pub names: [&'static str; 4],
    /// What the walk is, for messages: "" or " of the walk back from f".
    pub walk: &'static str,
    /// Whom a step gets closer to: "" or " to s".
    pub towards: &'static str,
    /// How the problem writes a cell (0-based row, column in).
    pub cell: fn(u32, u32) -> String,
}

impl Rule {
    /// `U < D < L < R`.
    pub fn order_text(&self) -> String {
        let names: Vec<&str> = self.order.iter().map(|&d| self.names[d as usize]).collect();
        names.join(" < ")
    }
}

fn one_based(r: u32, c: u32) -> String {
    format!("({} {})", r + 1, c + 1)
}
fn zero_based(r: u32, c: u32) -> String {
    format!("({r}, {c})")
}
fn row_column(r: u32, c: u32) -> String {
    format!("row {}, column {}", r + 1, c + 1)
}
fn one_based_comma(r: u32, c: u32) -> String {
    format!("({}, {})", r + 1, c + 1)
}

/// One route: a cell per position (the start first), possibly off the grid (an illegal
/// move), and for pushing-boxes the box's cell and the move letter that led there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Route {
    pub cells: Vec<(i64, i64)>,
    /// pushing-boxes: the box's cell at each position (else empty).
    pub boxes: Vec<(i64, i64)>,
    /// pushing-boxes: the move letter before each position after the first (else empty).
    pub moves: Vec<u8>,
}

/// A maze with both routes.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The case shown (1 for single-case problems).
    pub case: usize,
    pub rows: u32,
    pub cols: u32,
    /// `rows * cols` flags, row by row.
    pub walls: Vec<bool>,
    /// Labelled cells: start, finish, box, target.
    pub labels: Vec<(u32, u32, char)>,
    pub expected: Route,
    pub got: Route,
    pub rule: Rule,
}

impl Picture {
    /// The first position where the routes differ (`None` when they are the same).
    pub fn divergence(&self) -> Option<usize> {
        let (e, g) = (&self.expected, &self.got);
        let longest = e.cells.len().max(g.cells.len());
        (0..longest).find(|&i| {
            e.cells.get(i) != g.cells.get(i)
                || e.boxes.get(i) != g.boxes.get(i)
                || e.moves.get(i) != g.moves.get(i)
        })
    }

    /// Whether (r, c) is a wall; outside the grid counts as one.
    pub fn is_wall(&self, r: i64, c: i64) -> bool {
        if r < 0 || c < 0 || r >= i64::from(self.rows) || c >= i64::from(self.cols) {
            return true;
        }
        self.walls[(r * i64::from(self.cols) + c) as usize]
    }
}

/// The picture of `output` against `answer` for `input`, for the problems with a maze;
/// `None` for others, for an input that does not parse, or for chase's distance mode.
pub fn picture(problem: &str, input: &[u8], output: &[u8], answer: &[u8]) -> Option<Picture> {
    match problem {
        "robot-maze" => robot_maze(input, output, answer),
        "chase" => chase(input, output, answer),
        "wave" => wave(input, output, answer),
        "pushing-boxes" => pushing_boxes(input, output, answer),
        _ => None,
    }
}

/// The grid's walls as flags, given the byte that is a wall (or that is free).
fn walls_of(grid: &crate::core::grid::Grid<'_>, is_wall: impl Fn(u8) -> bool) -> Vec<bool> {
    let mut walls = Vec::with_capacity(grid.rows() as usize * grid.cols() as usize);
    for r in 0..grid.rows() {
        walls.extend(grid.row(r).iter().map(|&b| is_wall(b)));
    }
    walls
}

/// The unsigned numbers of `text` in order, paired as cells, minus `base`.
fn number_pairs(text: &[u8], base: i64) -> Vec<(i64, i64)> {
    let mut numbers = Vec::new();
    let mut value: Option<i64> = None;
    for &b in text.iter().chain(std::iter::once(&b' ')) {
        if b.is_ascii_digit() {
            let v = value.unwrap_or(0);
            value = Some(v.saturating_mul(10).saturating_add(i64::from(b - b'0')));
        } else if let Some(v) = value.take() {
            numbers.push(v - base);
        }
    }
    numbers.chunks_exact(2).map(|p| (p[0], p[1])).collect()
}

fn coords(width: u32, cell: u32) -> (u32, u32) {
    (cell / width, cell % width)
}

fn robot_maze(input: &[u8], output: &[u8], answer: &[u8]) -> Option<Picture> {
    let mut buffer = input.to_vec();
    let instance = crate::robot_maze::parse(&mut buffer).ok()?;
    let grid = &instance.grid;
    let route = |text: &[u8]| {
        let first = lines(text).first().copied().unwrap_or(b"");
        Route {
            cells: if first == b"-1" {
                Vec::new()
            } else {
                number_pairs(text, 1)
            },
            ..Route::default()
        }
    };
    let (sr, sc) = coords(grid.width(), instance.start);
    let (fr, fc) = coords(grid.width(), instance.finish);
    Some(Picture {
        case: 1,
        rows: grid.rows(),
        cols: grid.cols(),
        walls: walls_of(grid, |b| b != b'0'),
        labels: vec![(sr, sc, 'S'), (fr, fc, 'F')],
        expected: route(answer),
        got: route(output),
        rule: Rule {
            order: crate::robot_maze::ORDER,
            names: ["U", "D", "L", "R"],
            walk: "",
            towards: "",
            cell: one_based,
        },
    })
}

fn chase(input: &[u8], output: &[u8], answer: &[u8]) -> Option<Picture> {
    // Distance mode answers a number: no route to draw.
    if !answer.contains(&b'(') && !lines(answer).is_empty() {
        return None;
    }
    let mut buffer = input.to_vec();
    let instance = crate::chase::parse(&mut buffer).ok()?;
    let grid = &instance.grid;
    let route = |text: &[u8]| Route {
        cells: number_pairs(text, 0),
        ..Route::default()
    };
    let (sr, sc) = coords(grid.width(), instance.monster);
    let (er, ec) = coords(grid.width(), instance.player);
    Some(Picture {
        case: 1,
        rows: grid.rows(),
        cols: grid.cols(),
        walls: walls_of(grid, |b| b == b'#'),
        labels: vec![(sr, sc, 'S'), (er, ec, 'E')],
        expected: route(answer),
        got: route(output),
        rule: Rule {
            order: crate::chase::ORDER,
            names: ["U", "D", "L", "R"],
            walk: "",
            towards: "",
            cell: zero_based,
        },
    })
}

fn wave(input: &[u8], output: &[u8], answer: &[u8]) -> Option<Picture> {
    let mut buffer = input.to_vec();
    let instance = crate::wave::parse(&mut buffer).ok()?;
    let grid = &instance.grid;
    let (rows, cols) = (grid.rows(), grid.cols());
    let (s, f) = (
        coords(grid.width(), instance.start),
        coords(grid.width(), instance.finish),
    );
    // The route drawn in `*`, walked back from f: at each cell the first neighbour, in
    // the problem's order, that is `*` (or s) and not yet on the route; `*` cells it
    // never reaches follow, in reading order, so that a broken path still shows.
    let route = |text: &[u8]| {
        let drawn = lines(text);
        let rows_text = drawn.get(1..).unwrap_or(&[]);
        let star = |r: i64, c: i64| -> bool {
            r >= 0
                && c >= 0
                && rows_text
                    .get(r as usize)
                    .and_then(|row| row.get(c as usize))
                    == Some(&b'*')
        };
        let mut cells = vec![(i64::from(f.0), i64::from(f.1))];
        if drawn.first().map_or(true, |l| *l == b"-1") {
            return Route::default();
        }
        let mut on_route = std::collections::HashSet::new();
        on_route.insert(cells[0]);
        loop {
            let (r, c) = cells[cells.len() - 1];
            if (r, c) == (i64::from(s.0), i64::from(s.1)) {
                break;
            }
            let next = crate::wave::ORDER.iter().map(|d| {
                let (dr, dc) = d.delta();
                (r + i64::from(dr), c + i64::from(dc))
            });
            let next = next
                .clone()
                .find(|&p| p == (i64::from(s.0), i64::from(s.1)))
                .or_else(|| {
                    next.clone()
                        .find(|&(nr, nc)| star(nr, nc) && !on_route.contains(&(nr, nc)))
                });
            match next {
                Some(p) => {
                    on_route.insert(p);
                    cells.push(p);
                }
                None => break,
            }
        }
        for (r, row) in rows_text.iter().enumerate() {
            for (c, &b) in row.iter().enumerate() {
                let p = (r as i64, c as i64);
                if b == b'*' && !on_route.contains(&p) {
                    cells.push(p);
                }
            }
        }
        Route {
            cells,
            ..Route::default()
        }
    };
    Some(Picture {
        case: 1,
        rows,
        cols,
        walls: walls_of(grid, |b| b == b'#'),
        labels: vec![(s.0, s.1, 's'), (f.0, f.1, 'f')],
        expected: route(answer),
        got: route(output),
        rule: Rule {
            order: crate::wave::ORDER,
            names: ["up", "down", "left", "right"],
            walk: " of the walk back from f",
            towards: " to s",
            cell: row_column,
        },
    })
}

/// pushing-boxes: the first case whose answer lines differ (else case 1), both plans
/// played out move by move until the first move the rules refuse, which is kept (its
/// cell may be a wall or off the map) so that the picture shows where it went.
fn pushing_boxes(input: &[u8], output: &[u8], answer: &[u8]) -> Option<Picture> {
    use crate::pushing_boxes::{Reader, PUSHES, WALKS};
    let (got_lines, answer_lines) = (lines(output), lines(answer));
    let plan_of = |text: &[Vec<u8>], case: usize| -> Vec<u8> {
        // The line after `Maze #k`.
        let heading = format!("Maze #{case}");
        text.iter()
            .position(|l| l.as_slice() == heading.as_bytes())
            .and_then(|i| text.get(i + 1))
            .filter(|l| l.as_slice() != b"Impossible.")
            .cloned()
            .unwrap_or_default()
    };
    let owned = |v: Vec<&[u8]>| -> Vec<Vec<u8>> { v.into_iter().map(|l| l.to_vec()).collect() };
    let (got_lines, answer_lines) = (owned(got_lines), owned(answer_lines));
    let mut buffer = input.to_vec();
    let mut reader = Reader::new(&mut buffer);
    let mut first = None;
    while let Ok(Some(maze)) = reader.next_maze() {
        let case = maze.case;
        let (expected, got) = (plan_of(&answer_lines, case), plan_of(&got_lines, case));
        let differs = expected != got;
        if first.is_none() || differs {
            let grid = &maze.grid;
            let width = grid.width();
            let at = |cell: u32| {
                let (r, c) = coords(width, cell);
                (i64::from(r), i64::from(c))
            };
            let walls = walls_of(grid, |b| b == crate::pushing_boxes::WALL);
            let (rows, cols) = (grid.rows(), grid.cols());
            let play = |plan: &[u8]| {
                let mut route = Route {
                    cells: vec![at(maze.person)],
                    boxes: vec![at(maze.box_cell)],
                    moves: vec![0],
                };
                let free = |(r, c): (i64, i64)| {
                    r >= 0
                        && c >= 0
                        && r < i64::from(rows)
                        && c < i64::from(cols)
                        && !walls[(r * i64::from(cols) + c) as usize]
                };
                for &m in plan {
                    let k = WALKS
                        .iter()
                        .position(|&w| w == m)
                        .or_else(|| PUSHES.iter().position(|&p| p == m));
                    let k = match k {
                        Some(k) => k,
                        None => break,
                    };
                    let (dr, dc) = crate::pushing_boxes::ORDER[k].delta();
                    let (pr, pc) = route.cells[route.cells.len() - 1];
                    let b = route.boxes[route.boxes.len() - 1];
                    let next = (pr + i64::from(dr), pc + i64::from(dc));
                    let push = PUSHES.contains(&m);
                    let new_box = if push {
                        (b.0 + i64::from(dr), b.1 + i64::from(dc))
                    } else {
                        b
                    };
                    route.cells.push(next);
                    route.boxes.push(new_box);
                    route.moves.push(m);
                    let legal = if push {
                        next == b && free(new_box)
                    } else {
                        next != b && free(next)
                    };
                    if !legal {
                        break;
                    }
                }
                route
            };
            let (pr, pc) = coords(width, maze.person);
            let (br, bc) = coords(width, maze.box_cell);
            let (tr, tc) = coords(width, maze.target);
            let picture = Picture {
                case,
                rows,
                cols,
                labels: vec![(pr, pc, 'S'), (br, bc, 'B'), (tr, tc, 'T')],
                expected: play(&expected),
                got: play(&got),
                walls,
                rule: Rule {
                    order: crate::pushing_boxes::ORDER,
                    names: ["n", "s", "w", "e"],
                    walk: "",
                    towards: "",
                    cell: one_based_comma,
                },
            };
            if differs {
                return Some(picture);
            }
            first = Some(picture);
        }
    }
    first
}
