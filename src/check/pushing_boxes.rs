//! The pushing-boxes checker: accepts any legal plan with the optimal numbers of pushes and
//! walks, as the original statement (UVa 589, POJ 1475) allows, not only the seed's.
//!
//! Testlib's convention: `check(input, output, answer)` with the contestant's output and
//! the jury's answer. For each case it simulates the output's moves on the input's maze:
//! a walk (`n s w e`) must stay on the map and off walls and the box; a push (`N S W E`)
//! must have the box right ahead and move it onto a free cell of the map; at the end the
//! box must be on `T`. The numbers of pushes and walks must then equal the optimum, which
//! the fast solver computes; `Impossible.` is right exactly when the solver finds no plan.
//! The jury's answer, when given, is checked the same way, so a wrong answer file is
//! reported rather than trusted.
//!
//! Format: for case k, a line `Maze #k`, a line with the moves or `Impossible.`, and a
//! blank line. Line endings CRLF or LF and trailing spaces are ignored (like `oj test`'s
//! comparison), and so the final blank line may be missing.
//!
//! Positions in messages are 1-based `(row, column)`.

use super::Mistake;
use crate::core::dir::Dir;
use crate::pushing_boxes::{Plan, Reader, Solver, ORDER, PUSHES, WALKS};

/// What the simulation needs of one case.
struct Case {
    number: usize,
    cells: Vec<u8>,
    width: u32,
    person: u32,
    box_cell: u32,
    target: u32,
    optimum: Option<Plan>,
}

impl Case {
    fn at(&self, cell: u32) -> String {
        format!("({}, {})", cell / self.width + 1, cell % self.width + 1)
    }

    /// The cell next to `cell` in `dir`, if it is on the map (walls included).
    fn next(&self, cell: u32, dir: Dir) -> Option<u32> {
        let next = cell.wrapping_add(dir.step(self.width));
        let on_map = (next as usize) < self.cells.len() && next % self.width != self.width - 1;
        on_map.then_some(next)
    }

    fn is_wall(&self, cell: u32) -> bool {
        self.cells[cell as usize] == crate::pushing_boxes::WALL
    }

    /// Simulates `moves`; the numbers of pushes and walks, or why the plan is illegal.
    fn simulate(&self, moves: &[u8]) -> Result<(u64, u64), String> {
        let number = self.number;
        let (mut person, mut box_cell) = (self.person, self.box_cell);
        let (mut pushes, mut walks) = (0u64, 0u64);
        for (i, &m) in moves.iter().enumerate() {
            let fail = |why: String| {
                Err(Mistake::IllegalMove.say(&format!(
                    "case {number}, move {} `{}`: {why}",
                    i + 1,
                    char::from(m)
                )))
            };
            if let Some(k) = WALKS.iter().position(|&w| w == m) {
                let Some(next) = self.next(person, ORDER[k]) else {
                    return fail(format!("walks off the map from {}", self.at(person)));
                };
                if self.is_wall(next) {
                    return fail(format!("walks into a wall at {}", self.at(next)));
                }
                if next == box_cell {
                    return fail(format!("walks into the box at {}", self.at(next)));
                }
                person = next;
                walks += 1;
            } else if let Some(k) = PUSHES.iter().position(|&p| p == m) {
                let ahead = self.next(person, ORDER[k]);
                if ahead != Some(box_cell) {
                    return fail(format!(
                        "no box to push: the person is at {}, the box at {}",
                        self.at(person),
                        self.at(box_cell)
                    ));
                }
                let Some(landing) = self.next(box_cell, ORDER[k]) else {
                    return fail(format!(
                        "pushes the box at {} off the map",
                        self.at(box_cell)
                    ));
                };
                if self.is_wall(landing) {
                    return fail(format!(
                        "pushes the box at {} into a wall",
                        self.at(box_cell)
                    ));
                }
                person = box_cell;
                box_cell = landing;
                pushes += 1;
            } else {
                return Err(format!(
                    "case {number}, move {} `{}`: not a move (expected one of n s w e N S W E)",
                    i + 1,
                    char::from(m)
                ));
            }
        }
        if box_cell != self.target {
            return Err(format!(
                "case {number}: after all {} moves the box is at {}, not on the target at {}",
                moves.len(),
                self.at(box_cell),
                self.at(self.target)
            ));
        }
        Ok((pushes, walks))
    }

    /// Checks one answer line against the optimum.
    fn judge(&self, line: &[u8]) -> Result<(), String> {
        let number = self.number;
        if line == b"Impossible." {
            return match &self.optimum {
                None => Ok(()),
                Some(plan) => Err(format!(
                    "case {number}: answered `Impossible.`, but a plan with {} pushes and {} walks exists",
                    plan.pushes, plan.walks
                )),
            };
        }
        let (pushes, walks) = self.simulate(line)?;
        match &self.optimum {
            Some(plan) if (pushes, walks) == (plan.pushes, plan.walks) => Ok(()),
            Some(plan) => {
                let what = format!(
                    "case {number}: {pushes} pushes and {walks} walks, the optimum is {} pushes and {} walks",
                    plan.pushes, plan.walks
                );
                // Fewer than the optimum is impossible for a legal plan; say it plainly.
                Err(if (pushes, walks) > (plan.pushes, plan.walks) {
                    Mistake::NotShortest.say(&what)
                } else {
                    what
                })
            }
            // Unreachable unless the solver is wrong: say so rather than accept.
            None => Err(format!(
                "case {number}: a legal plan ({pushes} pushes, {walks} walks) where the solver found none"
            )),
        }
    }
}

/// The lines of an output, each without trailing spaces, tabs and `\r`.
fn lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .map(crate::core::scan::trim_end)
        .collect();
    while lines.last().map_or(false, |l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Checks `text` (an output) case by case: `Ok` or the first reason it is wrong.
fn check_text(cases: &[Case], text: &[u8]) -> Result<(), String> {
    let lines = lines(text);
    let show = |l: &[u8]| crate::core::error::quote(l);
    let mut at = 0;
    for case in cases {
        let k = case.number;
        let heading = format!("Maze #{k}");
        match lines.get(at) {
            Some(l) if *l == heading.as_bytes() => {}
            Some(l) => {
                return Err(format!(
                    "case {k}: line {}: expected `{heading}`, found {}",
                    at + 1,
                    show(l)
                ))
            }
            None => {
                return Err(format!(
                    "case {k}: expected `{heading}`, found end of output"
                ))
            }
        }
        let Some(answer) = lines.get(at + 1) else {
            return Err(format!(
                "case {k}: expected the moves or `Impossible.`, found end of output"
            ));
        };
        case.judge(answer)?;
        at += 2;
        if at < lines.len() {
            if !lines[at].is_empty() {
                return Err(format!(
                    "case {k}: line {}: expected a blank line, found {}",
                    at + 1,
                    show(lines[at])
                ));
            }
            at += 1;
        }
    }
    if let Some(extra) = lines.get(at) {
        return Err(format!(
            "line {}: expected the end of the output after {} cases, found {}",
            at + 1,
            cases.len(),
            show(extra)
        ));
    }
    Ok(())
}

/// Checks a contestant's `output` for `input`; `answer` is the jury's output (may be
/// empty, then only the solver's optimum is used). `Ok` when accepted, else the reason.
pub fn check(input: &[u8], output: &[u8], answer: &[u8]) -> Result<(), String> {
    let mut buffer = input.to_vec();
    let mut reader = Reader::new(&mut buffer);
    let mut solver = Solver::new();
    let mut cases = Vec::new();
    loop {
        let maze = reader.next_maze().map_err(|e| format!("bad input: {e}"))?;
        let Some(mut maze) = maze else { break };
        let optimum = solver.solve(&mut maze);
        cases.push(Case {
            number: maze.case,
            cells: maze.grid.cells().to_vec(),
            width: maze.grid.width(),
            person: maze.person,
            box_cell: maze.box_cell,
            target: maze.target,
            optimum,
        });
    }
    if !lines(answer).is_empty() {
        check_text(&cases, answer).map_err(|why| format!("the jury's answer is wrong: {why}"))?;
    }
    check_text(&cases, output)
}
