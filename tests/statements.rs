//! Every test case follows its statement: each non-`lenient-*` case under
//! `problems/<problem>/tests` is read by a deliberately naive reader of the format the
//! statement's Input section gives, written as a contestant's solution reads it: line by
//! line, the header split at single spaces, rows of exactly the stated length, nothing
//! the statement does not promise (no CR, no tabs, no blank lines, no spaces at either
//! end of a line, a newline after the last line). A case that needs our binaries'
//! leniency must be named `lenient-*`, and then the naive reader must reject it (else the
//! name lies). Each statement must have its **Leniency** paragraph.
//!
//! Every statement also has the same sections in the same order ([`SECTIONS`]); its
//! Examples list each full-size test with the command that made it (`NAME.gen`); its
//! Solution links the plain solutions (`solutions/solution.cpp` and `.py`) and our source;
//! its Common mistakes link every diff of `solutions/mistakes/` and quote, for each
//! `# expect: CASE VERDICT [DETAIL]` line of a diff (what `scripts/check-solutions` checks
//! against the judge), the verdict line and the detail.

use crate::support::{self, cases, PROBLEMS};

/// The lines of `input` as the statements promise them.
fn lines(input: &[u8]) -> Result<Vec<&str>, String> {
    let text = std::str::from_utf8(input).map_err(|_| "not UTF-8".to_string())?;
    if text.is_empty() {
        return Err("empty input".to_string());
    }
    let body = text
        .strip_suffix('\n')
        .ok_or("no newline after the last line")?;
    let lines: Vec<&str> = body.split('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        if line.contains('\r') {
            return Err(format!("line {n}: a CR (CRLF line ending)"));
        }
        if line.contains('\t') {
            return Err(format!("line {n}: a tab"));
        }
        if line.is_empty() {
            return Err(format!("line {n}: a blank line"));
        }
        if line.starts_with(' ') || line.ends_with(' ') {
            return Err(format!("line {n}: a space at the start or end: {line:?}"));
        }
    }
    Ok(lines)
}

/// The `count` numbers of line `n`, separated by single spaces, as `split(' ')` and
/// `parse` read them.
fn numbers(line: &str, n: usize, count: usize) -> Result<Vec<u64>, String> {
    let parts: Vec<&str> = line.split(' ').collect();
    if parts.len() != count {
        return Err(format!(
            "line {n}: expected {count} numbers separated by single spaces, found {line:?}"
        ));
    }
    parts
        .iter()
        .map(|p| {
            if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!("line {n}: {p:?} is not a number"));
            }
            p.parse()
                .map_err(|_| format!("line {n}: {p:?} does not fit 64 bits"))
        })
        .collect()
}

/// Checks that `row` (line `n`) is `cols` cells from `cells` written together.
fn row_together(row: &str, n: usize, cols: u64, cells: &str) -> Result<(), String> {
    if row.len() as u64 != cols {
        return Err(format!(
            "line {n}: expected a row of {cols} cells written together, found {} characters",
            row.len()
        ));
    }
    match row.chars().find(|&c| !cells.contains(c)) {
        Some(c) => Err(format!("line {n}: {c:?} is not one of {cells:?}")),
        None => Ok(()),
    }
}

/// Checks that each of `markers` occurs exactly once in `rows`.
fn markers_once(rows: &[&str], markers: &str) -> Result<(), String> {
    for m in markers.chars() {
        let count: usize = rows.iter().map(|r| r.matches(m).count()).sum();
        if count != 1 {
            return Err(format!("{count} times {m:?} in the grid, expected once"));
        }
    }
    Ok(())
}

/// Checks that a header's row and column counts are both at least 1.
fn positive(rows: u64, cols: u64) -> Result<(), String> {
    if rows == 0 || cols == 0 {
        return Err(format!("line 1: a size of 0 ({rows} x {cols})"));
    }
    Ok(())
}

/// robot-maze: `R C r1 c1 r2 c2`, then `R` lines of `C` cells `0`/`1` written together.
fn robot_maze(input: &[u8]) -> Result<(), String> {
    let lines = lines(input)?;
    let h = numbers(lines[0], 1, 6)?;
    let (rows, cols) = (h[0], h[1]);
    positive(rows, cols)?;
    for (r, c) in [(h[2], h[3]), (h[4], h[5])] {
        if !(1..=rows).contains(&r) || !(1..=cols).contains(&c) {
            return Err(format!("line 1: cell ({r}, {c}) is outside the grid"));
        }
    }
    if lines.len() as u64 != 1 + rows {
        return Err(format!("expected 1 + {rows} lines, found {}", lines.len()));
    }
    for (i, row) in lines[1..].iter().enumerate() {
        row_together(row, i + 2, cols, "01")?;
    }
    Ok(())
}

/// chase: an optional line `R C`, then the rows, each `R`... cells of `. # S E` written
/// together or separated by single spaces; exactly one `S` and one `E`.
fn chase(input: &[u8]) -> Result<(), String> {
    let lines = lines(input)?;
    let header = numbers(lines[0], 1, 2).ok();
    let (first, shape) = match header {
        Some(h) => {
            positive(h[0], h[1])?;
            (1, Some((h[0], h[1])))
        }
        None => (0, None),
    };
    let rows = &lines[first..];
    if rows.is_empty() {
        return Err("no rows".to_string());
    }
    let mut cells_of_rows = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let n = first + i + 1;
        // A spaced row: cells at even positions, single spaces between them.
        let spaced = row.len() % 2 == 1
            && row
                .bytes()
                .enumerate()
                .all(|(k, b)| (k % 2 == 1) == (b == b' '));
        let cells: String = if spaced {
            row.split(' ').collect()
        } else {
            row.to_string()
        };
        cells_of_rows.push((n, cells));
    }
    let cols = match shape {
        Some((r, c)) => {
            if rows.len() as u64 != r {
                return Err(format!(
                    "expected {r} rows after the header, found {}",
                    rows.len()
                ));
            }
            c
        }
        None => cells_of_rows[0].1.len() as u64,
    };
    for (n, cells) in &cells_of_rows {
        row_together(cells, *n, cols, ".#SE")?;
    }
    let rows: Vec<&str> = cells_of_rows.iter().map(|(_, c)| c.as_str()).collect();
    markers_once(&rows, "SE")
}

/// wave: `n m`, then `n` lines of `m` cells of `# . s f` written together; one `s`, one `f`.
fn wave(input: &[u8]) -> Result<(), String> {
    let lines = lines(input)?;
    let h = numbers(lines[0], 1, 2)?;
    let (rows, cols) = (h[0], h[1]);
    positive(rows, cols)?;
    if lines.len() as u64 != 1 + rows {
        return Err(format!("expected 1 + {rows} lines, found {}", lines.len()));
    }
    for (i, row) in lines[1..].iter().enumerate() {
        row_together(row, i + 2, cols, "#.sf")?;
    }
    markers_once(&lines[1..], "sf")
}

/// swap-game: one or more boards, each three lines of three numbers (CSES's format),
/// each board a permutation of 1..9.
fn swap_game(input: &[u8]) -> Result<(), String> {
    let lines = lines(input)?;
    if lines.len() % 3 != 0 {
        return Err(format!(
            "{} lines: boards are three lines each",
            lines.len()
        ));
    }
    for (b, board) in lines.chunks(3).enumerate() {
        let mut seen = [false; 10];
        for (i, line) in board.iter().enumerate() {
            for x in numbers(line, 3 * b + i + 1, 3)? {
                if !(1..=9).contains(&x) || std::mem::replace(&mut seen[x as usize], true) {
                    return Err(format!("board {}: not a permutation of 1..9", b + 1));
                }
            }
        }
    }
    Ok(())
}

/// pushing-boxes: cases `N M` then `N` lines of `M` cells of `# . S B T` written together,
/// one `S`, `B` and `T` each; the last line is `0 0`.
fn pushing_boxes(input: &[u8]) -> Result<(), String> {
    let lines = lines(input)?;
    let mut at = 0;
    loop {
        let line = lines
            .get(at)
            .ok_or("the input ends without the line `0 0`")?;
        let h = numbers(line, at + 1, 2)?;
        let (rows, cols) = (h[0], h[1]);
        if rows == 0 && cols == 0 {
            if at + 1 != lines.len() {
                return Err(format!("line {}: more lines after `0 0`", at + 2));
            }
            return Ok(());
        }
        if rows == 0 || cols == 0 {
            return Err(format!("line {}: a size of 0", at + 1));
        }
        let end = at + 1 + rows as usize;
        let grid = lines
            .get(at + 1..end)
            .ok_or(format!("line {}: fewer than {rows} rows follow", at + 1))?;
        for (i, row) in grid.iter().enumerate() {
            row_together(row, at + 2 + i, cols, "#.SBT")?;
        }
        markers_once(grid, "SBT").map_err(|e| format!("case at line {}: {e}", at + 1))?;
        at = end;
    }
}

/// The naive reader of `problem`'s stated format.
fn reader(problem: &str) -> fn(&[u8]) -> Result<(), String> {
    match problem {
        "robot-maze" => robot_maze,
        "chase" => chase,
        "wave" => wave,
        "swap-game" => swap_game,
        "pushing-boxes" => pushing_boxes,
        other => panic!("no naive reader for {other}: add one to tests/statements.rs"),
    }
}

/// Whether a case exercises what the Leniency paragraph lists rather than the format.
fn is_lenient(name: &str) -> bool {
    name.starts_with("lenient-")
}

/// Every failure of `problem`'s cases against its stated format, naming the case.
fn format_failures(problem: &str) -> Vec<String> {
    let read = reader(problem);
    let mut failures = Vec::new();
    for case in cases(problem) {
        let outcome = read(&case.input);
        let name = format!("problems/{problem}/tests/{}.in", case.name);
        match (is_lenient(&case.name), outcome) {
            (false, Err(e)) => failures.push(format!(
                "{name} is not in the statement's format ({e}): make it so, or name it \
                 lenient-{} if it exercises what the Leniency paragraph lists",
                case.name
            )),
            (true, Ok(())) => failures.push(format!(
                "{name} is named lenient-* but follows the statement's format: drop the prefix"
            )),
            _ => {}
        }
    }
    failures
}

/// The `## ` sections of every statement, in this order and no others.
const SECTIONS: &[&str] = &[
    "Input",
    "Output",
    "Which answer",
    "Limits",
    "Examples",
    "Bad input",
    "What differs from the origin",
    "Checker",
    "Solution",
    "Common mistakes",
];

/// The text of section `name` of a statement (up to the next `## `), or "" when absent.
fn section<'a>(text: &'a str, name: &str) -> &'a str {
    let heading = format!("\n## {name}\n");
    let Some(start) = text.find(&heading) else {
        return "";
    };
    let body = &text[start + heading.len()..];
    &body[..body.find("\n## ").map_or(body.len(), |end| end + 1)]
}

/// What is wrong with `problem`'s statement `text` against its sections, full-size tests,
/// plain solutions and mistakes.
fn statement_failures(problem: &str, text: &str) -> Vec<String> {
    let dir = support::problem_dir(problem);
    let mut failures = Vec::new();
    let headings: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("## ")).collect();
    if headings != SECTIONS {
        failures.push(format!(
            "sections {headings:?}, expected exactly {SECTIONS:?} in that order"
        ));
    }
    let examples = section(text, "Examples");
    for case in cases(problem) {
        if let Some(command) = &case.generated {
            if !examples.contains(&format!("`{}`", case.name)) || !examples.contains(command) {
                failures.push(format!(
                    "Examples does not list the full-size test {} with `{command}`",
                    case.name
                ));
            }
        }
    }
    let solution = section(text, "Solution");
    for link in [
        "(solutions/solution.cpp)",
        "(solutions/solution.py)",
        "(../../src/",
    ] {
        if !solution.contains(link) {
            failures.push(format!("Solution has no link {link}"));
        }
    }
    for file in ["solution.cpp", "solution.py"] {
        if !dir.join("solutions").join(file).is_file() {
            failures.push(format!("no solutions/{file}"));
        }
    }
    let mistakes = section(text, "Common mistakes");
    let diffs = std::fs::read_dir(dir.join("solutions/mistakes"))
        .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_else(|_| Vec::new());
    if diffs.is_empty() {
        failures.push("no solutions/mistakes/*.diff".to_string());
    }
    for path in diffs {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !mistakes.contains(&format!("(solutions/mistakes/{name})")) {
            failures.push(format!("Common mistakes does not link {name}"));
        }
        let diff = std::fs::read_to_string(&path).unwrap();
        for expect in diff.lines().filter_map(|l| l.strip_prefix("# expect: ")) {
            let mut words = expect.splitn(3, ' ');
            let (case, verdict) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
            let detail = words.next().unwrap_or("");
            if verdict == "AC" {
                continue; // where a test misses the mistake: said in prose, no verdict line
            }
            let quoted = mistakes.lines().any(|l| {
                let l = l.trim();
                l.starts_with(&format!("{verdict} ")) && l.ends_with(&format!(" {case}"))
            });
            if !quoted || !mistakes.contains(detail) {
                failures.push(format!(
                    "Common mistakes does not quote {name}'s `{verdict} ... {case}` with {detail:?}"
                ));
            }
        }
    }
    failures
}

#[test]
fn every_statement_has_the_same_sections_and_quotes_what_is_checked() {
    let mut failures = Vec::new();
    for problem in PROBLEMS {
        let text =
            std::fs::read_to_string(support::problem_dir(problem).join("README.md")).unwrap();
        for failure in statement_failures(problem, &text) {
            failures.push(format!("problems/{problem}/README.md: {failure}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_statement_check_notices_what_is_missing() {
    // The control: a statement with a section out of place, a full-size test and a
    // mistake left out fails on each.
    let text =
        std::fs::read_to_string(support::problem_dir("robot-maze").join("README.md")).unwrap();
    let found = |t: &str, what: &str| {
        statement_failures("robot-maze", t)
            .iter()
            .any(|f| f.contains(what))
    };
    assert!(!found(&text, ""), "robot-maze's statement fails already");
    let swapped = text.replace("## Checker\n", "## Checkers\n");
    assert!(found(&swapped, "sections"));
    let untested = text.replace("bfs-judge gen robot-maze htree 1000 1000", "");
    assert!(found(&untested, "htree-1000x1000"));
    let unlinked = text.replace("(solutions/mistakes/pop-front.py.diff)", "");
    assert!(found(&unlinked, "pop-front.py.diff"));
    let unquoted = text.replace("robot-maze/htree-1000x1000\n", "robot-maze/htree\n");
    assert!(found(&unquoted, "TLE ... robot-maze/htree-1000x1000"));
    assert!(found(&text.replace("(../../src/", "(src/"), "../../src/"));
}

#[test]
fn every_case_follows_its_statement_or_is_named_lenient() {
    let mut failures = Vec::new();
    for problem in PROBLEMS {
        let statement = support::problem_dir(problem).join("README.md");
        let text = std::fs::read_to_string(&statement).unwrap();
        if !text.contains("**Leniency.**") {
            failures.push(format!(
                "{}: no **Leniency** paragraph",
                statement.display()
            ));
        }
        failures.extend(format_failures(problem));
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_naive_readers_reject_what_the_statements_do_not_promise() {
    // The control: each reader must tell a case in the format from ones that are not,
    // or the test above could pass whatever the cases hold.
    let bad: &[(&str, &[u8], &[u8])] = &[
        (
            "robot-maze",
            b"2 3 1 1 2 3\n000\n010\n",
            b"2 3\n1 1 2 3\n000\n010\n",
        ),
        ("robot-maze", b"1 2 1 1 1 2\n00\n", b"1 2 1 1 1 2\n0 0\n"),
        ("robot-maze", b"1 2 1 1 1 2\n00\n", b"1 2 1 1 1 2\r\n00\r\n"),
        ("robot-maze", b"1 2 1 1 1 2\n00\n", b"1 2 1 1 1 2\n00"),
        ("robot-maze", b"1 2 1 1 1 2\n00\n", b"1 2 1 1 1 2\n00\n\n"),
        ("chase", b"S.E\n", b"S.E \n"),
        ("chase", b"S . E\n", b"S  . E\n"),
        ("chase", b"1 3\nS.E\n", b"1 3\n\nS.E\n"),
        ("wave", b"1 2\nsf\n", b"\n1 2\nsf\n"),
        ("wave", b"1 2\nsf\n", b"1 2\ns f\n"),
        ("wave", b"1 2\nsf\n", b"1  2\nsf\n"),
        (
            "swap-game",
            b"1 2 3\n4 5 6\n7 8 9\n",
            b"1 2 3 4 5 6 7 8 9\n",
        ),
        (
            "swap-game",
            b"1 2 3\n4 5 6\n7 8 9\n",
            b"1 2 3\n4\t5 6\n7 8 9\n",
        ),
        ("pushing-boxes", b"1 3\nSBT\n0 0\n", b"1 3\nSBT\n"),
        ("pushing-boxes", b"1 3\nSBT\n0 0\n", b"1 3\nSBT\n\n0 0\n"),
        ("pushing-boxes", b"1 3\nSBT\n0 0\n", b"1 3\nS B T\n0 0\n"),
    ];
    for &(problem, good, bad) in bad {
        let read = reader(problem);
        if let Err(e) = read(good) {
            panic!(
                "{problem}: {:?} rejected: {e}",
                String::from_utf8_lossy(good)
            );
        }
        assert!(
            read(bad).is_err(),
            "{problem}: {:?} accepted",
            String::from_utf8_lossy(bad)
        );
    }
}
