//! `--shrink` (with `--stress`): after a disagreement, make the input smaller while the same
//! kind of disagreement remains, so that the case a contestant reads is a handful of cells.
//!
//! The same kind: the same verdict and, for a WA on a problem with a checker, the same named
//! mistake (`wrong tie-break` stays a tie-break, it does not become an `illegal move`). Each
//! try runs ours and the contestant's program on the candidate, as the stress mode does.
//!
//! The reductions, greedy, each kept when the disagreement stays, repeated until a whole round
//! keeps none: drop whole cases of a multi-case input; sort swap-game's boards a swap at a
//! time (towards `1 2 3 / 4 5 6 / 7 8 9`, so the answers get smaller); drop rows, then columns
//! (never one that holds the start, the finish, the box or the target); put robot-maze's
//! start on its finish (valid there: a one-cell route), else move each marked cell one step
//! towards the next one (onto it in robot-maze, where the start may stand on the finish, so
//! a 1x1 maze is reachable); clear walls (a row's at once, then one by one). Every candidate
//! is valid for the problem: sizes follow the rows, marks stay distinct where the statement
//! says so, boards stay the numbers 1 to 9 once each. Only the formats our
//! generator writes are known (robot-maze's `R C r1 c1 r2 c2` header, the `R C` header of
//! chase, wave and pushing-boxes, swap-game's boards); another input is left as it is.
//! At most [`MAX_RUNS`] tries, so a slow program cannot make shrinking endless.

use std::fs;
use std::path::{Path, PathBuf};

use crate::args::Options;
use crate::judge::check::{Check, CheckError, Files};
use crate::judge::explain::Explain;
use crate::judge::input_validator::InputValidator;
use crate::judge::problem::Problem;
use crate::judge::verdict::{self, Verdict};
use crate::run::program::{shell_quote, Program};
use crate::run::sandbox::run_program;
use crate::run::sandbox::Limits;
use crate::say_text;
use crate::text::short;

/// The most tries (each two program runs) one shrink may take.
pub const MAX_RUNS: u32 = 3000;

/// One maze: its rows of cells, and for robot-maze the start and finish (0-based), which
/// live in the header rather than in the cells.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Maze {
    rows: Vec<Vec<u8>>,
    points: Vec<(usize, usize)>,
}

/// An input in a format we know.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Input {
    /// robot-maze: `0` free, `1` wall.
    Robot(Maze),
    /// chase, wave, pushing-boxes: `.` free, `#` wall, letters marked; `end` writes `0 0`.
    Chars { mazes: Vec<Maze>, end: bool },
    /// swap-game: boards of three lines.
    Boards(Vec<Vec<Vec<u8>>>),
}

fn numbers(line: &[u8]) -> Option<Vec<usize>> {
    std::str::from_utf8(line)
        .ok()?
        .split_whitespace()
        .map(|t| t.parse().ok())
        .collect()
}

fn parse(problem: &str, text: &[u8]) -> Option<Input> {
    let lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.is_empty())
        .collect();
    match problem {
        "robot-maze" => {
            let h = numbers(lines.first()?)?;
            let [r, c, r1, c1, r2, c2] = h[..] else {
                return None;
            };
            let rows: Vec<Vec<u8>> = lines[1..].iter().map(|l| l.to_vec()).collect();
            let fits = rows.len() == r && rows.iter().all(|row| row.len() == c);
            let inside = (1..=r).contains(&r1) && (1..=r).contains(&r2);
            let inside = inside && (1..=c).contains(&c1) && (1..=c).contains(&c2);
            (fits && inside).then(|| {
                Input::Robot(Maze {
                    rows,
                    points: vec![(r1 - 1, c1 - 1), (r2 - 1, c2 - 1)],
                })
            })
        }
        "chase" | "wave" | "pushing-boxes" => {
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
            (!mazes.is_empty()).then_some(Input::Chars { mazes, end })
        }
        "swap-game" => {
            let boards: Vec<Vec<Vec<u8>>> = lines
                .chunks(3)
                .map(|b| b.iter().map(|l| l.to_vec()).collect())
                .collect();
            (!boards.is_empty() && boards.iter().all(|b| b.len() == 3))
                .then_some(Input::Boards(boards))
        }
        _ => None,
    }
}

fn write(input: &Input) -> Vec<u8> {
    let mut out = Vec::new();
    let rows = |out: &mut Vec<u8>, m: &Maze| {
        for row in &m.rows {
            out.extend_from_slice(row);
            out.push(b'\n');
        }
    };
    match input {
        Input::Robot(m) => {
            let (s, f) = (m.points[0], m.points[1]);
            out.extend_from_slice(
                format!(
                    "{} {} {} {} {} {}\n",
                    m.rows.len(),
                    m.rows[0].len(),
                    s.0 + 1,
                    s.1 + 1,
                    f.0 + 1,
                    f.1 + 1
                )
                .as_bytes(),
            );
            rows(&mut out, m);
        }
        Input::Chars { mazes, end } => {
            for m in mazes {
                out.extend_from_slice(format!("{} {}\n", m.rows.len(), m.rows[0].len()).as_bytes());
                rows(&mut out, m);
            }
            if *end {
                out.extend_from_slice(b"0 0\n");
            }
        }
        Input::Boards(boards) => {
            for line in boards.iter().flatten() {
                out.extend_from_slice(line);
                out.push(b'\n');
            }
        }
    }
    out
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

impl Input {
    fn mazes(&self) -> Vec<&Maze> {
        match self {
            Input::Robot(m) => vec![m],
            Input::Chars { mazes, .. } => mazes.iter().collect(),
            Input::Boards(_) => Vec::new(),
        }
    }

    /// The largest maze's rows x columns (swap-game: boards x 1).
    pub fn size(&self) -> (usize, usize) {
        match self {
            Input::Boards(b) => (b.len(), 1),
            _ => self
                .mazes()
                .iter()
                .map(|m| m.size())
                .max_by_key(|&(r, c)| (r * c, r))
                .unwrap_or((0, 0)),
        }
    }

    fn cases(&self) -> usize {
        match self {
            Input::Robot(_) => 1,
            Input::Chars { mazes, .. } => mazes.len(),
            Input::Boards(b) => b.len(),
        }
    }

    fn without_case(&self, k: usize) -> Option<Input> {
        if self.cases() < 2 {
            return None;
        }
        let mut i = self.clone();
        match &mut i {
            Input::Robot(_) => return None,
            Input::Chars { mazes, .. } => {
                mazes.remove(k);
            }
            Input::Boards(b) => {
                b.remove(k);
            }
        }
        Some(i)
    }

    /// swap-game: board `k` one or more swaps closer to sorted, each candidate two cells
    /// swapped that held the larger number first (reading order), so it has fewer
    /// inversions and every chain of kept swaps ends. First the swaps that put the number
    /// `p + 1` on cell `p`, then those of two cells side by side in reading order (one of
    /// which exists on every unsorted board). Empty when the board is not nine numbers.
    fn board_swaps(&self, k: usize) -> Vec<Input> {
        let Input::Boards(boards) = self else {
            return Vec::new();
        };
        let cells: Option<Vec<usize>> =
            boards[k]
                .iter()
                .map(|l| numbers(l))
                .try_fold(Vec::new(), |mut v, row| {
                    v.extend(row?);
                    Some(v)
                });
        let Some(cells) = cells.filter(|c| c.len() == 9) else {
            return Vec::new();
        };
        let placing = (0..9).filter_map(|p| Some((p, cells.iter().position(|&v| v == p + 1)?)));
        let neighbours = (0..8).map(|p| (p, p + 1));
        let mut out = Vec::new();
        for (a, b) in placing.chain(neighbours) {
            let (a, b) = (a.min(b), a.max(b));
            if cells[a] <= cells[b] {
                continue;
            }
            let mut swapped = cells.clone();
            swapped.swap(a, b);
            let lines = swapped
                .chunks(3)
                .map(|row| {
                    let row: Vec<String> = row.iter().map(usize::to_string).collect();
                    row.join(" ").into_bytes()
                })
                .collect();
            let mut i = self.clone();
            if let Input::Boards(b) = &mut i {
                b[k] = lines;
            }
            if !out.contains(&i) {
                out.push(i);
            }
        }
        out
    }

    /// This input with maze `k` replaced by what `f` makes of it.
    fn with_maze(&self, k: usize, f: impl Fn(&Maze, bool) -> Option<Maze>) -> Option<Input> {
        let robot = matches!(self, Input::Robot(_));
        let mut i = self.clone();
        match &mut i {
            Input::Robot(m) => *m = f(m, robot)?,
            Input::Chars { mazes, .. } => mazes[k] = f(&mazes[k], robot)?,
            Input::Boards(_) => return None,
        }
        Some(i)
    }
}

/// What a disagreement is, for "the same kind": the verdict and the named mistake's kind.
pub type Kind = (Verdict, Option<&'static str>);

/// Runs both programs on one input and judges the contestant's output.
pub struct Trial<'a> {
    pub problem: &'a str,
    pub ours: &'a Program,
    pub candidate: &'a Program,
    /// How answers are judged.
    pub check: &'a Check,
    /// Only inputs these accept are tried (the problem's rules).
    pub validators: &'a [InputValidator],
    /// What names a wrong answer's mistake, so that a candidate keeps the same one.
    pub explain: Option<&'a dyn Explain>,
    pub args: &'a [String],
    pub limits: Limits,
    /// Where tries are written (`try.in`, `try.expected`, `try.got`...).
    pub dir: &'a Path,
}

impl Trial<'_> {
    /// The kind of disagreement on `input` (written to `path`), `None` when there is none
    /// or when ours refuses the input (a reduction made it invalid).
    pub fn kind(&self, input: &Path, stem: &str) -> Result<Option<Kind>, String> {
        let file = |ext: &str| self.dir.join(format!("{stem}.{ext}"));
        if crate::judge::input_validator::all_accept(self.validators, input, &self.dir.join(stem))?
            .is_some()
        {
            return Ok(None);
        }
        let (expected, got) = (file("expected"), file("got"));
        let (expected_err, got_err) = (file("expected.stderr"), file("stderr"));
        let reference = run_program(
            self.ours,
            self.args,
            Some(input),
            &expected,
            &expected_err,
            self.limits,
        )?;
        if verdict::of_run(&reference, &self.limits, 0)?.is_some() {
            return Ok(None);
        }
        let r = run_program(
            self.candidate,
            self.args,
            Some(input),
            &got,
            &got_err,
            self.limits,
        )?;
        if let Some((v, _)) = verdict::of_run(&r, &self.limits, 0)? {
            return Ok(Some((v, None)));
        }
        let scratch = self.dir.join(stem);
        let files = Files {
            input,
            output: &got,
            answer: &expected,
            scratch: &scratch,
            keep: &crate::run::files::sibling(&scratch, "checker"),
        };
        let wrong = match self.check.judge(&files, &[]) {
            Ok(judgement) => judgement.verdict != Verdict::Ac,
            // A checker that fails on a candidate says the candidate is not a valid input
            // (testlib's `FAIL Unexpected end of file`), not that the setup is broken; one
            // that cannot run at all still is.
            Err(CheckError::Failed(_)) => return Ok(None),
            Err(e) => return Err(e.to_string()),
        };
        if !wrong {
            return Ok(None);
        }
        let mistake = self.explain.and_then(|e| e.kind(input, &got, &expected));
        Ok(Some((Verdict::Wa, mistake)))
    }
}

/// A shrunk case.
pub struct Shrunk {
    pub from: (usize, usize),
    pub to: (usize, usize),
    pub runs: u32,
    /// `shrunk.in`, with `shrunk.expected` and `shrunk.got` beside it.
    pub input: PathBuf,
    /// Shrunk as plain text (lines, tokens) rather than as a maze (rows, columns).
    pub text: bool,
}

/// Shrinks `original` while `trial` finds the disagreement `kind`; `None` when the format is
/// not one we know. The result is saved as `shrunk.in` (with both outputs) in the trial's
/// folder.
pub fn shrink(trial: &Trial<'_>, original: &Path, kind: Kind) -> Result<Option<Shrunk>, String> {
    let text = fs::read(original).map_err(|e| format!("{}: {e}", original.display()))?;
    let Some(mut best) = parse(trial.problem, &text) else {
        return Ok(None);
    };
    let from = best.size();
    let attempt = trial.dir.join("try.in");
    let mut runs = 0u32;
    let keeps = |candidate: &Input, runs: &mut u32| -> Result<bool, String> {
        if *runs >= MAX_RUNS {
            return Ok(false);
        }
        *runs += 1;
        fs::write(&attempt, write(candidate)).map_err(|e| format!("{}: {e}", attempt.display()))?;
        Ok(trial.kind(&attempt, "try")? == Some(kind))
    };
    loop {
        let before = best.clone();
        // Whole cases, last first (the indices before stay valid).
        for k in (0..best.cases()).rev() {
            if let Some(c) = best.without_case(k) {
                if keeps(&c, &mut runs)? {
                    best = c;
                }
            }
        }
        // Boards towards sorted, a swap at a time (swap-game).
        for k in 0..best.cases() {
            'board: loop {
                for c in best.board_swaps(k) {
                    if keeps(&c, &mut runs)? {
                        best = c;
                        continue 'board;
                    }
                }
                break;
            }
        }
        for m in 0..best.mazes().len() {
            for phase in 0..4 {
                let count = |b: &Input| {
                    let maze = b.mazes()[m];
                    let robot = matches!(b, Input::Robot(_));
                    match phase {
                        0 | 3 => maze.size().0,
                        1 => maze.size().1,
                        _ => maze.marks(robot).len(),
                    }
                };
                let mut i = count(&best);
                while i > 0 {
                    i -= 1;
                    let candidates: Vec<Option<Input>> = match phase {
                        0 => vec![best.with_maze(m, |z, robot| z.without_row(i, robot))],
                        1 => vec![best.with_maze(m, |z, robot| z.without_column(i, robot))],
                        2 => vec![
                            best.with_maze(m, |z, robot| z.start_on_finish(robot)),
                            best.with_maze(m, |z, robot| z.mark_closer(i, robot)),
                        ],
                        _ => {
                            let mut v =
                                vec![best.with_maze(m, |z, robot| z.cleared(i, None, robot))];
                            let cols = best.mazes()[m].size().1;
                            v.extend((0..cols).map(|c| {
                                best.with_maze(m, |z, robot| z.cleared(i, Some(c), robot))
                            }));
                            v
                        }
                    };
                    for c in candidates.into_iter().flatten() {
                        if keeps(&c, &mut runs)? {
                            best = c;
                            // A moved mark may move again; a cleared row needs no single walls.
                            if phase == 2 {
                                i += 1;
                            }
                            break;
                        }
                    }
                    i = i.min(count(&best));
                }
            }
        }
        if best == before || runs >= MAX_RUNS {
            break;
        }
    }
    let input = trial.dir.join("shrunk.in");
    fs::write(&input, write(&best)).map_err(|e| format!("{}: {e}", input.display()))?;
    // Both outputs beside it, from one more run of each.
    trial.kind(&input, "shrunk")?;
    let _ = fs::remove_file(&attempt);
    for ext in ["expected", "got", "expected.stderr", "stderr"] {
        let _ = fs::remove_file(trial.dir.join(format!("try.{ext}")));
    }
    Ok(Some(Shrunk {
        from,
        to: best.size(),
        runs,
        input,
        text: false,
    }))
}

/// Shrinks an input of a format we do not know (the user's `--gen`) as text: drop whole
/// lines, then single tokens, then halve the numbers, while `trial` finds the disagreement
/// `kind`. A reduction that makes the input invalid is refused by the reference (the brute
/// force fails on it, or agrees), so it is simply not kept.
/// Lines of tokens, as the text shrinker holds an input.
type Tokens = Vec<Vec<String>>;

/// Shortens the string token `best[i][j]` one character at a time while `keeps` says the
/// disagreement stays: first the same character off every token of its length together
/// (a grid's column) with a number of the first line that equals that length one less (the
/// width in its header), then off this token alone.
fn shorter_strings(
    mut best: Tokens,
    i: usize,
    j: usize,
    keeps: &mut dyn FnMut(&Tokens) -> Result<bool, String>,
) -> Result<Tokens, String> {
    let mut k = 0;
    while k < best[i][j].chars().count() && best[i][j].chars().count() > 1 {
        let len = best[i][j].chars().count();
        let cut = |t: &str| -> String {
            t.chars()
                .enumerate()
                .filter(|&(n, _)| n != k)
                .map(|(_, c)| c)
                .collect()
        };
        let mut column = best.clone();
        for (li, line) in column.iter_mut().enumerate() {
            for t in line.iter_mut() {
                let header = li == 0 && t.parse::<usize>() == Ok(len);
                if header {
                    *t = (len - 1).to_string();
                } else if t.chars().count() == len && t.parse::<f64>().is_err() {
                    *t = cut(t);
                }
            }
        }
        let mut alone = best.clone();
        alone[i][j] = cut(&best[i][j]);
        if keeps(&column)? {
            best = column;
        } else if keeps(&alone)? {
            best = alone;
        } else {
            k += 1;
        }
    }
    Ok(best)
}

pub fn shrink_text(trial: &Trial<'_>, original: &Path, kind: Kind) -> Result<Shrunk, String> {
    let text = fs::read(original).map_err(|e| format!("{}: {e}", original.display()))?;
    let mut best: Vec<Vec<String>> = String::from_utf8_lossy(&text)
        .lines()
        .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
        .filter(|l| !l.is_empty())
        .collect();
    let size = |lines: &Vec<Vec<String>>| (lines.len(), lines.iter().map(Vec::len).sum());
    let render = |lines: &Vec<Vec<String>>| {
        let mut out = String::new();
        for l in lines {
            out.push_str(&l.join(" "));
            out.push('\n');
        }
        out
    };
    let from = size(&best);
    let attempt = trial.dir.join("try.in");
    let mut runs = 0u32;
    let keeps = |candidate: &Vec<Vec<String>>, runs: &mut u32| -> Result<bool, String> {
        if *runs >= MAX_RUNS {
            return Ok(false);
        }
        *runs += 1;
        fs::write(&attempt, render(candidate))
            .map_err(|e| format!("{}: {e}", attempt.display()))?;
        Ok(trial.kind(&attempt, "try")? == Some(kind))
    };
    loop {
        let before = best.clone();
        for i in (0..best.len()).rev() {
            if i >= best.len() {
                continue;
            }
            let mut c = best.clone();
            c.remove(i);
            if !c.is_empty() && keeps(&c, &mut runs)? {
                best = c;
                continue;
            }
            // A count in the header (`N M` before M edges) must shrink with its lines: the
            // same removal with one number of the first line one less, which a validator
            // would otherwise refuse every time.
            if i == 0 || c.is_empty() {
                continue;
            }
            for j in 0..c[0].len() {
                let Ok(v) = c[0][j].parse::<i64>() else {
                    continue;
                };
                if v <= 0 {
                    continue;
                }
                let mut d = c.clone();
                d[0][j] = (v - 1).to_string();
                if keeps(&d, &mut runs)? {
                    best = d;
                    break;
                }
            }
        }
        for i in (0..best.len()).rev() {
            for j in (0..best[i].len()).rev() {
                if best[i].len() > 1 {
                    let mut c = best.clone();
                    c[i].remove(j);
                    if keeps(&c, &mut runs)? {
                        best = c;
                    }
                }
            }
        }
        for i in 0..best.len() {
            for j in 0..best[i].len() {
                // Numbers toward zero: halved while that keeps it, then one step.
                while let Ok(v) = best[i][j].parse::<i64>() {
                    let smaller = [v / 2, v - v.signum()];
                    let mut kept = false;
                    for w in smaller.into_iter().filter(|&w| w != v) {
                        let mut c = best.clone();
                        c[i][j] = w.to_string();
                        if keeps(&c, &mut runs)? {
                            best = c;
                            kept = true;
                            break;
                        }
                    }
                    if !kept {
                        break;
                    }
                }
                if j < best[i].len() && best[i][j].parse::<f64>().is_err() {
                    best = shorter_strings(best, i, j, &mut |c| keeps(c, &mut runs))?;
                }
            }
        }
        if best == before || runs >= MAX_RUNS {
            break;
        }
    }
    let input = trial.dir.join("shrunk.in");
    fs::write(&input, render(&best)).map_err(|e| format!("{}: {e}", input.display()))?;
    trial.kind(&input, "shrunk")?;
    let _ = fs::remove_file(&attempt);
    for ext in ["expected", "got", "expected.stderr", "stderr"] {
        let _ = fs::remove_file(trial.dir.join(format!("try.{ext}")));
    }
    Ok(Shrunk {
        from,
        to: size(&best),
        runs,
        input,
        text: true,
    })
}

/// The stress mode's hook: shrinks the disagreement on `input` (if `--shrink`), prints
/// `shrunk from RxC to rxc in N runs` with the shrunk case's named mistake and pictures, makes
/// the shrunk case a one-case problem folder beside it, and returns the command that judges
/// that case (the reproduce command), or `None` when nothing was shrunk.
pub fn after_stress(
    o: &Options,
    p: &Problem,
    trial: &Trial<'_>,
    input: &Path,
) -> Result<Option<String>, String> {
    if !o.stress_args.shrink {
        return Ok(None);
    }
    let Some(kind) = trial.kind(input, "try")? else {
        say_text!("  (not shrunk: the disagreement did not happen again)");
        return Ok(None);
    };
    // Our problems' formats are shrunk as mazes; anything else (the user's --gen) as text.
    let ours = p.invalid_dir.is_some();
    let shrunk = match ours {
        true => match shrink(trial, input, kind)? {
            Some(shrunk) => shrunk,
            None => shrink_text(trial, input, kind)?,
        },
        false => shrink_text(trial, input, kind)?,
    };
    let size = |(r, c): (usize, usize)| {
        if shrunk.text {
            format!("{r} lines, {c} tokens")
        } else if p.name == "swap-game" {
            format!("{r} boards")
        } else {
            format!("{r}x{c}")
        }
    };
    let same_size = shrunk.from == shrunk.to;
    let changed = fs::read(input).ok() != fs::read(&shrunk.input).ok();
    say_text!(
        "shrunk from {} to {} in {} runs{}",
        size(shrunk.from),
        size(shrunk.to),
        shrunk.runs,
        if same_size && changed {
            " (numbers made smaller)"
        } else {
            ""
        }
    );
    let (expected, got) = (
        trial.dir.join("shrunk.expected"),
        trial.dir.join("shrunk.got"),
    );
    if let Some(explain) = trial.explain {
        let mut lines = explain.mistake(&shrunk.input, &got, &expected);
        let base = trial.dir.join("shrunk");
        lines.extend(explain.pictures("shrunk", &base, &shrunk.input, &got, &expected));
        for line in lines {
            say_text!("{line}");
        }
    }
    crate::say_json!({
        "mode": "shrink", "from": size(shrunk.from), "to": size(shrunk.to), "runs": shrunk.runs,
        "input": shrunk.input.display().to_string(),
        "expected": expected.display().to_string(), "got": got.display().to_string(),
    });
    let shown = |p: &Path| short(&p.display().to_string());
    say_text!("  shrunk:     {}", shown(&shrunk.input));
    say_text!("  expected:   {}", shown(&expected));
    say_text!("  got:        {}", shown(&got));
    // The shrunk case as a one-case problem folder, `DIR/<problem>/tests/shrunk.in|.out`,
    // so that the ordinary judge replays it with every explanation.
    let tests = trial.dir.join("tests");
    fs::create_dir_all(&tests).map_err(|e| format!("{}: {e}", tests.display()))?;
    let copy = |from: &Path, to: &Path| {
        fs::copy(from, to)
            .map(|_| ())
            .map_err(|e| format!("{}: {e}", to.display()))
    };
    match &p.info_path {
        Some(info) => copy(info, &trial.dir.join("info.toml"))?,
        None => fs::write(trial.dir.join("info.toml"), "")
            .map_err(|e| format!("{}: {e}", trial.dir.display()))?,
    }
    copy(&shrunk.input, &tests.join("shrunk.in"))?;
    copy(&expected, &tests.join("shrunk.out"))?;
    fs::write(tests.join("shrunk.args"), trial.args.join(" "))
        .map_err(|e| format!("{}: {e}", tests.display()))?;
    // Absolute paths, and a `cd` for a shell line, so that it runs from any folder.
    let problems_dir = trial.dir.parent().unwrap_or(trial.dir);
    let absolute = |p: &Path| {
        std::path::absolute(p)
            .unwrap_or(p.to_path_buf())
            .display()
            .to_string()
    };
    let judge = o.command_for("test");
    let mut again = if ours {
        format!(
            "{judge} --problems-dir {} {}",
            shell_quote(&absolute(problems_dir)),
            p.name
        )
    } else {
        let mut line = format!("{judge} --tests {}", shell_quote(&absolute(&tests)));
        if let Some(c) = trial
            .check
            .external()
            .filter(|_| o.verdicts.checker_cmd.is_some())
        {
            line.push_str(&format!(
                " --checker-cmd {}",
                shell_quote(&c.program().absolutized().command_line())
            ));
        }
        line
    };
    match &o.run.cmd {
        Some(_) => again.push_str(&format!(
            " --cmd {}",
            shell_quote(&trial.candidate.command_line())
        )),
        None => again.push_str(" --bundle"),
    }
    for (on, flag) in [
        (o.verdicts.checker, " --checker"),
        (o.verdicts.draw, " --draw"),
        (o.run.wall_time, " --wall-time"),
    ] {
        if on {
            again.push_str(flag);
        }
    }
    Ok(Some(crate::run::program::with_cd(
        &[trial.candidate],
        again,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_formats_read_back_byte_for_byte() {
        let robot = b"2 3 1 1 2 3\n010\n000\n";
        let chase = b"2 3\nS.#\n..E\n";
        let boxes = b"2 3\nSB#\n..T\n1 3\nSBT\n0 0\n";
        let swap = b"1 2 3\n4 5 6\n7 8 9\n";
        for (p, text) in [
            ("robot-maze", &robot[..]),
            ("chase", chase),
            ("pushing-boxes", boxes),
            ("swap-game", swap),
        ] {
            assert_eq!(write(&parse(p, text).unwrap()), text, "{p}");
        }
        assert!(parse("robot-maze", b"2 3 1 1 3 3\n010\n000\n").is_none());
        assert!(parse("chase", b"S.#\n..E\n").is_none());
    }

    #[test]
    fn strings_shrink_by_columns_with_their_width_in_the_header() {
        let lines = |t: &[&[&str]]| -> Vec<Vec<String>> {
            t.iter()
                .map(|l| l.iter().map(|w| w.to_string()).collect())
                .collect()
        };
        let start = lines(&[&["2", "5"], &["#..##"], &[".##.#"]]);
        // The disagreement: some row still holds `##`.
        let mut runs = 0;
        let mut keeps = |c: &Vec<Vec<String>>| {
            runs += 1;
            Ok(c.iter().flatten().any(|t| t.contains("##")))
        };
        let shrunk = shorter_strings(start, 1, 0, &mut keeps).unwrap();
        assert_eq!(shrunk, lines(&[&["2", "2"], &["##"], &[".#"]]));
        assert!(runs < 20, "{runs} runs");
    }

    #[test]
    fn reductions_keep_the_marks() {
        let Some(Input::Robot(m)) = parse("robot-maze", b"3 3 1 1 3 3\n010\n010\n000\n") else {
            panic!()
        };
        assert!(m.without_row(0, true).is_none());
        let m2 = m.without_row(1, true).unwrap();
        assert_eq!(m2.points, [(0, 0), (1, 2)]);
        assert_eq!(m.mark_closer(0, true).unwrap().points[0], (1, 0));
        assert_eq!(m.cleared(1, None, true).unwrap().rows[1], b"000");
        let Some(Input::Chars { mazes, .. }) = parse("chase", b"1 4\nS..E\n") else {
            panic!()
        };
        assert_eq!(mazes[0].mark_closer(0, false).unwrap().rows[0], b".S.E");
        assert!(mazes[0].without_column(0, false).is_none());
        assert_eq!(mazes[0].without_column(1, false).unwrap().rows[0], b"S.E");
    }

    #[test]
    fn robot_maze_start_may_land_on_the_finish_down_to_one_cell() {
        let Some(Input::Robot(m)) = parse("robot-maze", b"1 3 1 1 1 3\n101\n") else {
            panic!()
        };
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
        assert_eq!(
            write(&Input::Robot(one)),
            b"1 1 1 1 1 1\n1\n",
            "the start on a walled finish, 1x1"
        );
        // Marked cells of the other problems never merge.
        let Some(Input::Chars { mazes, .. }) = parse("wave", b"1 2\nsf\n") else {
            panic!()
        };
        assert!(mazes[0].mark_closer(0, false).is_none());
        assert!(mazes[0].start_on_finish(false).is_none());
    }

    /// The board's inversions (pairs in reading order with the larger number first).
    fn inversions(input: &Input) -> usize {
        let Input::Boards(b) = input else { panic!() };
        let cells: Vec<usize> = b[0].iter().flat_map(|l| numbers(l).unwrap()).collect();
        (0..9)
            .flat_map(|i| (i + 1..9).map(move |j| (i, j)))
            .filter(|&(i, j)| cells[i] > cells[j])
            .count()
    }

    #[test]
    fn boards_sort_a_swap_at_a_time_and_stay_permutations() {
        let start = parse("swap-game", b"9 8 7\n6 5 4\n3 2 1\n").unwrap();
        let mut best = start.clone();
        let mut steps = 0;
        // The disagreement of a wrong program that is right only on sorted boards: every
        // candidate keeps it but the sorted one.
        while let Some(next) = best
            .board_swaps(0)
            .into_iter()
            .find(|c| write(c) != b"1 2 3\n4 5 6\n7 8 9\n")
        {
            assert!(inversions(&next) < inversions(&best));
            let mut cells: Vec<usize> = match &next {
                Input::Boards(b) => b[0].iter().flat_map(|l| numbers(l).unwrap()).collect(),
                _ => panic!(),
            };
            cells.sort_unstable();
            assert_eq!(cells, (1..=9).collect::<Vec<_>>());
            best = next;
            steps += 1;
        }
        assert_eq!(
            inversions(&best),
            1,
            "{:?}",
            String::from_utf8_lossy(&write(&best))
        );
        assert!(steps <= 36, "{steps} steps");
        let sorted = parse("swap-game", b"1 2 3\n4 5 6\n7 8 9\n").unwrap();
        assert!(sorted.board_swaps(0).is_empty());
        // The selection swap first: 9 and 1 trade places in one step.
        assert_eq!(write(&start.board_swaps(0)[0]), b"1 8 7\n6 5 4\n3 2 9\n");
        let words = parse("swap-game", b"a b c\n1 2 3\n4 5 6\n").unwrap();
        assert!(words.board_swaps(0).is_empty());
    }
}
