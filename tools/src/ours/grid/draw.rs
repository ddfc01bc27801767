//! `--draw`: the maze around the first divergence, as text under a failing case, with the
//! judge's route and the contestant's in two colours.
//!
//! Why text: the window sits in the terminal next to the verdict, where the contestant is
//! already looking; the HTML page (`html`) has the whole maze. Every mark is a distinct ASCII
//! character, so the window reads the same with colour off (a pipe, `NO_COLOR`); colour only
//! helps the eye. The colour helper is this module's own and tiny, so a colour crate can
//! replace it in one place.

use std::io::IsTerminal;

use bfs_judge::check::trace::Picture;

use crate::ours::OursError;

/// The marks, one character per cell.
pub const EXPECTED: char = 'o';
pub const GOT: char = 'x';
pub const BOTH: char = '=';
pub const DIVERGENCE: char = '@';
/// A cell of the contestant's route that is a wall (or a box it walked into).
pub const ILLEGAL: char = '!';
pub const WALL: char = '#';
pub const FREE: char = '.';

/// ANSI colours: the judge's route green, the contestant's red, shared yellow, the divergence
/// magenta, walls dim.
fn paint(c: char, colour: bool) -> String {
    if !colour {
        return c.to_string();
    }
    let code = match c {
        EXPECTED => "32;1",
        GOT | ILLEGAL => "31;1",
        BOTH => "33",
        DIVERGENCE => "35;1;7",
        WALL => "2",
        FREE => "2",
        _ => "1",
    };
    format!("\x1b[{code}m{c}\x1b[0m")
}

/// Colour when stdout is a terminal and `NO_COLOR` is unset or empty (no-color.org).
pub fn colour_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}

/// `RxC` (rows by columns), each at least 1: `--draw-window`, `--scale-to`.
pub fn parse_window(text: &str) -> Result<(u32, u32), OursError> {
    let n = |s: &str| s.trim().parse::<u32>().ok().filter(|&v| v > 0);
    match text.split_once(['x', 'X']).map(|(r, c)| (n(r), n(c))) {
        Some((Some(r), Some(c))) => Ok((r, c)),
        _ => Err(OursError::Window(text.to_string())),
    }
}

/// The cell the window centres on: where the routes part (the last cell they share), else
/// the contestant's last cell, else the first label.
fn focus(p: &Picture) -> (i64, i64) {
    let at = |route: &[(i64, i64)], i: usize| route.get(i).copied();
    match p.divergence() {
        Some(i) if i > 0 => at(&p.expected.cells, i - 1).or(at(&p.got.cells, i - 1)),
        _ => p.got.cells.last().copied(),
    }
    .or_else(|| {
        p.labels
            .first()
            .map(|&(r, c, _)| (i64::from(r), i64::from(c)))
    })
    .unwrap_or((0, 0))
}

/// The first index of a `size`-long window on `0..total` that centres `at` as far as
/// the edges allow.
fn window_start(at: i64, size: u32, total: u32) -> u32 {
    let last = i64::from(total.saturating_sub(size));
    (at - i64::from(size / 2)).clamp(0, last) as u32
}

/// The window's lines, indented as detail lines: a heading, the rows, a legend.
pub fn window(p: &Picture, (rows, cols): (u32, u32), colour: bool) -> Vec<String> {
    let (rows, cols) = (rows.min(p.rows), cols.min(p.cols));
    let (fr, fc) = focus(p);
    let (top, left) = (
        window_start(fr, rows, p.rows),
        window_start(fc, cols, p.cols),
    );
    let width = p.cols as usize;
    let mut marks = vec![None; p.rows as usize * width];
    let inside = |(r, c): (i64, i64)| {
        (r >= 0 && c >= 0 && r < i64::from(p.rows) && c < i64::from(p.cols))
            .then(|| r as usize * width + c as usize)
    };
    for &cell in &p.expected.cells {
        if let Some(i) = inside(cell) {
            marks[i] = Some(EXPECTED);
        }
    }
    for (k, &cell) in p.got.cells.iter().enumerate() {
        if let Some(i) = inside(cell) {
            let blocked = p.walls[i]
                || p.got.boxes.get(k.saturating_sub(1)) == Some(&cell) && {
                    // A walk into the box (not a push, which moves the box on).
                    p.got.moves.get(k).is_some_and(u8::is_ascii_lowercase)
                };
            marks[i] = Some(match marks[i] {
                _ if blocked => ILLEGAL,
                Some(EXPECTED) | Some(BOTH) => BOTH,
                _ => GOT,
            });
        }
    }
    if let Some(i) = p
        .divergence()
        .filter(|&d| d > 0)
        .and_then(|_| inside(focus(p)))
    {
        marks[i] = Some(DIVERGENCE);
    }
    let mut lines = vec![crate::text::detail(&format!(
        "drawn: rows {}-{}, columns {}-{} of {}x{}{} (1-based)",
        top + 1,
        top + rows,
        left + 1,
        left + cols,
        p.rows,
        p.cols,
        if p.case > 1 || !p.got.moves.is_empty() {
            format!(", case {}", p.case)
        } else {
            String::new()
        }
    ))];
    for r in top..top + rows {
        let mut line = String::from("      ");
        for c in left..left + cols {
            let i = r as usize * width + c as usize;
            let label = p
                .labels
                .iter()
                .find(|&&(lr, lc, _)| (lr, lc) == (r, c))
                .map(|&(_, _, ch)| ch);
            let ch = match (marks[i], label) {
                (Some(DIVERGENCE), _) => DIVERGENCE,
                (_, Some(ch)) => ch,
                (Some(m), None) => m,
                (None, None) if p.walls[i] => WALL,
                (None, None) => FREE,
            };
            line.push_str(&paint(ch, colour));
        }
        lines.push(line);
    }
    lines.push(format!(
        "      {} judge's route  {} yours  {} both  {} where they part  {} illegal  {} wall",
        paint(EXPECTED, colour),
        paint(GOT, colour),
        paint(BOTH, colour),
        paint(DIVERGENCE, colour),
        paint(ILLEGAL, colour),
        paint(WALL, colour)
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_centres_on_where_the_routes_part_with_distinct_marks() {
        // 3x3 open, judge goes down first, the contestant right first.
        let input = b"3 3 1 1 3 3\n000\n000\n000\n";
        let answer = b"1 1\n2 1\n3 1\n3 2\n3 3\n";
        let output = b"1 1\n1 2\n1 3\n2 3\n3 3\n";
        let p = bfs_judge::check::trace::picture("robot-maze", input, output, answer).unwrap();
        let lines = window(&p, (20, 60), false);
        let rows: Vec<&str> = lines[1..4].iter().map(|l| l.trim()).collect();
        assert_eq!(rows, ["@xx", "o.x", "ooF"], "{lines:#?}");
        assert!(
            lines[0].contains("rows 1-3, columns 1-3 of 3x3"),
            "{}",
            lines[0]
        );
        let coloured = window(&p, (20, 60), true);
        assert!(coloured[1].contains("\x1b[31;1mx"), "{coloured:?}");
        assert_eq!(parse_window("20x60"), Ok((20, 60)));
        assert!(parse_window("0x3").is_err() && parse_window("20").is_err());
    }

    #[test]
    fn a_large_maze_is_cut_to_the_window_around_the_divergence() {
        let rows = 50;
        let mut input = format!("{rows} {rows} 1 1 {rows} {rows}\n");
        for _ in 0..rows {
            input.push_str(&"0".repeat(rows));
            input.push('\n');
        }
        let p = bfs_judge::check::trace::picture("robot-maze", input.as_bytes(), b"", b"").unwrap();
        let lines = window(&p, (5, 7), false);
        assert_eq!(lines.len(), 1 + 5 + 1);
        assert!(
            lines[1..6].iter().all(|l| l.trim().len() == 7),
            "{lines:#?}"
        );
    }
}
