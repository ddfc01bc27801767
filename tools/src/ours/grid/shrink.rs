//! The maze problems' inputs, shrunk (`stress --shrink`): drop rows, then columns (never one
//! that holds the start, the finish, the box or the target); put robot-maze's start on its
//! finish (valid there: a one-cell route), else move each marked cell one step towards the
//! next one (onto it in robot-maze, where the start may stand on the finish, so a 1x1 maze
//! is reachable); clear walls (a row's at once, then one by one). Every candidate is valid
//! for the problem: sizes follow the rows, marks stay distinct where the statement says so.
//!
//! Two formats, those our generator writes: robot-maze's (`R C r1 c1 r2 c2`, then rows of
//! `0` free and `1` wall) and the `R C` header of chase, wave and pushing-boxes (rows of `.`
//! free, `#` wall, letters marked; several mazes, ended by `0 0` or not). Another input is
//! not read, and is left to the caller.

use crate::ours::shrink::{lines, numbers, Reducible};

/// One maze: its rows of cells, and for robot-maze the start and finish (0-based), which
/// live in the header rather than in the cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    rows: Vec<Vec<u8>>,
    points: Vec<(usize, usize)>,
}

/// The mazes of an input, in a format we know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mazes {
    mazes: Vec<Maze>,
    /// robot-maze's format: one maze, `0` free, `1` wall, the marks in the header.
    robot: bool,
    /// The `0 0` line after the last maze (not robot-maze's).
    end: bool,
}

impl Mazes {
    /// robot-maze's input: `R C r1 c1 r2 c2`, then the rows.
    pub fn robot(text: &[u8]) -> Option<Mazes> {
        let lines = lines(text);
        let h = numbers(lines.first()?)?;
        let [r, c, r1, c1, r2, c2] = h[..] else {
            return None;
        };
        let rows: Vec<Vec<u8>> = lines[1..].iter().map(|l| l.to_vec()).collect();
        let fits = rows.len() == r && rows.iter().all(|row| row.len() == c);
        let inside = (1..=r).contains(&r1) && (1..=r).contains(&r2);
        let inside = inside && (1..=c).contains(&c1) && (1..=c).contains(&c2);
        (fits && inside).then(|| Mazes {
            mazes: vec![Maze {
                rows,
                points: vec![(r1 - 1, c1 - 1), (r2 - 1, c2 - 1)],
            }],
            robot: true,
            end: false,
        })
    }

    /// chase's, wave's and pushing-boxes' input: mazes of an `R C` header and their rows,
    /// then `0 0` or the end.
    pub fn marked(text: &[u8]) -> Option<Mazes> {
        let lines = lines(text);
        let mut mazes = Vec::new();
        let mut at = 0;
        let mut end = false;
        while at < lines.len() {
            let h = numbers(lines[at])?;
            let [r, c] = h[..] else { return None };
            if r == 0 && c == 0 {
                end = true;
                break;
            }
            let rows: Vec<Vec<u8>> = lines
                .get(at + 1..at + 1 + r)?
                .iter()
                .map(|l| l.to_vec())
                .collect();
            if rows.iter().any(|row| row.len() != c) {
                return None;
            }
            mazes.push(Maze {
                rows,
                points: Vec::new(),
            });
            at += 1 + r;
        }
        (!mazes.is_empty()).then_some(Mazes {
            mazes,
            robot: false,
            end,
        })
    }

    /// This input with maze `k` replaced by what `f` makes of it.
    fn with_maze(&self, k: usize, f: impl Fn(&Maze, bool) -> Option<Maze>) -> Option<Mazes> {
        let mut i = self.clone();
        i.mazes[k] = f(&self.mazes[k], self.robot)?;
        Some(i)
    }

    /// The reductions of maze `m` in phase `phase` at index `i` (a row, a column, a mark).
    fn candidates(&self, m: usize, phase: usize, i: usize) -> Vec<Option<Mazes>> {
        match phase {
            0 => vec![self.with_maze(m, |z, robot| z.without_row(i, robot))],
            1 => vec![self.with_maze(m, |z, robot| z.without_column(i, robot))],
            2 => vec![
                self.with_maze(m, |z, robot| z.start_on_finish(robot)),
                self.with_maze(m, |z, robot| z.mark_closer(i, robot)),
            ],
            _ => {
                let mut v = vec![self.with_maze(m, |z, robot| z.cleared(i, None, robot))];
                let cols = self.mazes[m].size().1;
                v.extend(
                    (0..cols).map(|c| self.with_maze(m, |z, robot| z.cleared(i, Some(c), robot))),
                );
                v
            }
        }
    }

    /// How many indices phase `phase` tries on maze `m`: rows (0: dropped, 3: cleared),
    /// columns, marks.
    fn count(&self, m: usize, phase: usize) -> usize {
        let maze = &self.mazes[m];
        match phase {
            0 | 3 => maze.size().0,
            1 => maze.size().1,
            _ => maze.marks(self.robot).len(),
        }
    }
}

impl Reducible for Mazes {
    fn write(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for m in &self.mazes {
            let header = match self.robot {
                true => {
                    let (s, f) = (m.points[0], m.points[1]);
                    let (rows, cols) = m.size();
                    let (s, f) = ((s.0 + 1, s.1 + 1), (f.0 + 1, f.1 + 1));
                    format!("{rows} {cols} {} {} {} {}\n", s.0, s.1, f.0, f.1)
                }
                false => format!("{} {}\n", m.rows.len(), m.rows[0].len()),
            };
            out.extend_from_slice(header.as_bytes());
            for row in &m.rows {
                out.extend_from_slice(row);
                out.push(b'\n');
            }
        }
        if self.end {
            out.extend_from_slice(b"0 0\n");
        }
        out
    }

    /// The largest maze's rows x columns.
    fn size(&self) -> String {
        let sizes = self.mazes.iter().map(Maze::size);
        let (r, c) = sizes.max_by_key(|&(r, c)| (r * c, r)).unwrap_or((0, 0));
        format!("{r}x{c}")
    }

    fn cases(&self) -> usize {
        self.mazes.len()
    }

    fn without_case(&self, k: usize) -> Option<Mazes> {
        if self.mazes.len() < 2 {
            return None;
        }
        let mut i = self.clone();
        i.mazes.remove(k);
        Some(i)
    }

    /// Each maze in turn: rows dropped, then columns, then marks moved, then walls
    /// cleared, each index from the last.
    fn reduce(&mut self, keeps: &mut dyn FnMut(&Mazes) -> bool) {
        for m in 0..self.mazes.len() {
            for phase in 0..4 {
                let mut i = self.count(m, phase);
                while i > 0 {
                    i -= 1;
                    for c in self.candidates(m, phase, i).into_iter().flatten() {
                        if keeps(&c) {
                            *self = c;
                            // A moved mark may move again; a cleared row needs no single walls.
                            if phase == 2 {
                                i += 1;
                            }
                            break;
                        }
                    }
                    i = i.min(self.count(m, phase));
                }
            }
        }
    }
}

impl Maze {
    fn size(&self) -> (usize, usize) {
        (self.rows.len(), self.rows.first().map_or(0, Vec::len))
    }

    /// The wall and free bytes of this format.
    fn bytes(robot: bool) -> (u8, u8) {
        if robot {
            (b'1', b'0')
        } else {
            (b'#', b'.')
        }
    }

    /// The marked cells: robot-maze's points, else the cells that are neither wall nor free.
    fn marks(&self, robot: bool) -> Vec<(usize, usize)> {
        if robot {
            return self.points.clone();
        }
        let mut v = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            for (c, &b) in row.iter().enumerate() {
                if b != b'#' && b != b'.' {
                    v.push((r, c));
                }
            }
        }
        v
    }

    fn without_row(&self, r: usize, robot: bool) -> Option<Maze> {
        if self.rows.len() < 2 || self.marks(robot).iter().any(|p| p.0 == r) {
            return None;
        }
        let mut m = self.clone();
        m.rows.remove(r);
        for p in &mut m.points {
            if p.0 > r {
                p.0 -= 1;
            }
        }
        Some(m)
    }

    fn without_column(&self, c: usize, robot: bool) -> Option<Maze> {
        if self.size().1 < 2 || self.marks(robot).iter().any(|p| p.1 == c) {
            return None;
        }
        let mut m = self.clone();
        for row in &mut m.rows {
            row.remove(c);
        }
        for p in &mut m.points {
            if p.1 > c {
                p.1 -= 1;
            }
        }
        Some(m)
    }

    /// Mark `k` one step towards the next mark (by rows first, then columns).
    fn mark_closer(&self, k: usize, robot: bool) -> Option<Maze> {
        let marks = self.marks(robot);
        let (from, to) = (marks[k], marks[(k + 1) % marks.len()]);
        let step = |a: usize, b: usize| match a.cmp(&b) {
            std::cmp::Ordering::Less => a + 1,
            std::cmp::Ordering::Greater => a - 1,
            std::cmp::Ordering::Equal => a,
        };
        let next = if from.0 != to.0 {
            (step(from.0, to.0), from.1)
        } else {
            (from.0, step(from.1, to.1))
        };
        // robot-maze's start may stand on its finish (a one-cell route); marked cells may not.
        if next == from || (next == to && !robot) {
            return None;
        }
        let mut m = self.clone();
        if robot {
            m.points[k] = next;
        } else {
            if marks.contains(&next) {
                return None;
            }
            m.rows[next.0][next.1] = m.rows[from.0][from.1];
            m.rows[from.0][from.1] = b'.';
        }
        Some(m)
    }

    /// robot-maze: the start put on the finish at once, the smallest route there is.
    fn start_on_finish(&self, robot: bool) -> Option<Maze> {
        if !robot || self.points[0] == self.points[1] {
            return None;
        }
        let mut m = self.clone();
        m.points[0] = m.points[1];
        Some(m)
    }

    /// Walls cleared: a whole row's when `c` is `None`, else the one at (r, c).
    fn cleared(&self, r: usize, c: Option<usize>, robot: bool) -> Option<Maze> {
        let (wall, free) = Maze::bytes(robot);
        let mut m = self.clone();
        let mut changed = false;
        for (j, b) in m.rows[r].iter_mut().enumerate() {
            if *b == wall && c.is_none_or(|c| c == j) {
                *b = free;
                changed = true;
            }
        }
        changed.then_some(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_formats_read_back_byte_for_byte() {
        let robot = b"2 3 1 1 2 3\n010\n000\n";
        assert_eq!(Mazes::robot(robot).unwrap().write(), robot);
        for text in [&b"2 3\nS.#\n..E\n"[..], b"2 3\nSB#\n..T\n1 3\nSBT\n0 0\n"] {
            assert_eq!(Mazes::marked(text).unwrap().write(), text);
        }
        assert!(Mazes::robot(b"2 3 1 1 3 3\n010\n000\n").is_none());
        assert!(Mazes::robot(b"2 3 0 1 2 3\n010\n000\n").is_none());
        assert!(Mazes::marked(b"S.#\n..E\n").is_none());
    }

    #[test]
    fn reductions_keep_the_marks() {
        let m = &Mazes::robot(b"3 3 1 1 3 3\n010\n010\n000\n").unwrap().mazes[0];
        assert!(m.without_row(0, true).is_none());
        let m2 = m.without_row(1, true).unwrap();
        assert_eq!(m2.points, [(0, 0), (1, 2)]);
        assert_eq!(m.mark_closer(0, true).unwrap().points[0], (1, 0));
        assert_eq!(m.cleared(1, None, true).unwrap().rows[1], b"000");
        let m = &Mazes::marked(b"1 4\nS..E\n").unwrap().mazes[0];
        assert_eq!(m.mark_closer(0, false).unwrap().rows[0], b".S.E");
        assert!(m.without_column(0, false).is_none());
        assert_eq!(m.without_column(1, false).unwrap().rows[0], b"S.E");
    }

    #[test]
    fn robot_maze_start_may_land_on_the_finish_down_to_one_cell() {
        let m = &Mazes::robot(b"1 3 1 1 1 3\n101\n").unwrap().mazes[0];
        let merged = m.start_on_finish(true).unwrap();
        assert_eq!(merged.points, [(0, 2), (0, 2)]);
        assert!(merged.start_on_finish(true).is_none());
        assert!(merged.mark_closer(0, true).is_none());
        // One step at a time lands on the finish too.
        let step = m
            .mark_closer(0, true)
            .unwrap()
            .mark_closer(0, true)
            .unwrap();
        assert_eq!(step.points, merged.points);
        let one = merged.without_column(0, true).unwrap();
        let one = one.without_column(0, true).unwrap();
        let input = Mazes {
            mazes: vec![one],
            robot: true,
            end: false,
        };
        assert_eq!(
            input.write(),
            b"1 1 1 1 1 1\n1\n",
            "the start on a walled finish, 1x1"
        );
        // Marked cells of the other problems never merge.
        let m = &Mazes::marked(b"1 2\nsf\n").unwrap().mazes[0];
        assert!(m.mark_closer(0, false).is_none());
        assert!(m.start_on_finish(false).is_none());
    }
}
