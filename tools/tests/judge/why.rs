//! Why a path is wrong (issue 12): planted wrong programs get their named mistake in the
//! exact mode, `--draw` draws the window, every failing grid case gets an HTML page (checked
//! in a real headless browser when one is installed), and `--shrink` reduces a stress case.
//!
//! The wrong programs are one real BFS in awk (so a machine with Rust alone runs them), with
//! a planted bug chosen by a variable: another order of moves, a detour, walls ignored.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::kept;
use crate::support::browser::{self, chromium};
use crate::support::{bin_dir, judge_in, root, scratch, Judge, Judged};

/// robot-maze by BFS from the finish, then a walk from the start taking the first move in
/// `order` that gets one step closer. `-v order=RLDU` breaks ties otherwise, `-v detour=1`
/// steps aside and back first, `-v walls=0` walks through walls.
const MAZE_AWK: &str = r#"
NR == 1 { R = $1; C = $2; sr = $3; sc = $4; fr = $5; fc = $6; next }
NF > 0 { row++; s = $0; gsub(/[ \r]/, "", s); for (c = 1; c <= C; c++) g[row, c] = substr(s, c, 1) }
END {
    if (order == "") order = "UDLR"
    if (walls == "") walls = 1
    DR["U"] = -1; DC["U"] = 0; DR["D"] = 1; DC["D"] = 0; DR["L"] = 0; DC["L"] = -1; DR["R"] = 0; DC["R"] = 1
    free[sr, sc] = 1
    for (r = 1; r <= R; r++) for (c = 1; c <= C; c++) if (g[r, c] == "0" || !walls) free[r, c] = 1
    if (!((fr, fc) in free)) { print -1; exit }
    head = 0; tail = 0; qr[tail] = fr; qc[tail] = fc; tail++; d[fr, fc] = 0
    while (head < tail) {
        r = qr[head]; c = qc[head]; head++
        for (k = 1; k <= 4; k++) {
            m = substr("UDLR", k, 1); nr = r + DR[m]; nc = c + DC[m]
            if ((nr, nc) in free && !((nr, nc) in d)) { d[nr, nc] = d[r, c] + 1; qr[tail] = nr; qc[tail] = nc; tail++ }
        }
    }
    if (!((sr, sc) in d)) { print -1; exit }
    r = sr; c = sc; print r, c
    if (detour) for (k = 1; k <= 4; k++) {
        m = substr(order, k, 1); nr = r + DR[m]; nc = c + DC[m]
        if ((nr, nc) in free && (nr != fr || nc != fc)) { print nr, nc; print r, c; break }
    }
    while (r != fr || c != fc) {
        for (k = 1; k <= 4; k++) {
            m = substr(order, k, 1); nr = r + DR[m]; nc = c + DC[m]
            if ((nr, nc) in d && d[nr, nc] == d[r, c] - 1) break
        }
        r = nr; c = nc; print r, c
    }
}
"#;

/// Writes the awk program into `dir`; the command that runs it with `vars`.
fn awk(dir: &Path, vars: &str) -> String {
    let script = dir.join("maze.awk");
    std::fs::write(&script, MAZE_AWK).unwrap();
    format!("awk {vars} -f {}", script.display())
}

/// Our answer for `input`, from our binary.
fn ours(problem: &str, input: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut child = Command::new(bin_dir().join(problem))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    out.stdout
}

/// A folder `dir/problems/<problem>` with our info.toml and the cases `(name, input)`, each
/// answered by our binary; returns the problems folder.
fn problem_with(dir: &Path, problem: &str, cases: &[(&str, &[u8])]) -> PathBuf {
    let problems = dir.join("problems");
    let tests = problems.join(problem).join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    let info = root().join("problems").join(problem).join("info.toml");
    std::fs::copy(info, problems.join(problem).join("info.toml")).unwrap();
    for (name, input) in cases {
        std::fs::write(tests.join(format!("{name}.in")), input).unwrap();
        std::fs::write(tests.join(format!("{name}.out")), ours(problem, input)).unwrap();
    }
    problems
}

/// The detail lines under case `name`.
fn details<'a>(j: &'a Judged, name: &str) -> Vec<&'a str> {
    let mut lines = j
        .stdout
        .lines()
        .skip_while(|l| !l.ends_with(&format!("  {name}")));
    lines.next();
    lines
        .take_while(|l| l.starts_with("    "))
        .map(str::trim)
        .collect()
}

const OPEN: &[u8] = b"3 3 1 1 3 3\n000\n000\n000\n";
/// A wall between the start and the finish: ignoring it saves two moves.
const WALLED: &[u8] = b"3 3 1 1 1 3\n010\n000\n000\n";

#[test]
fn planted_wrong_programs_get_their_named_mistake_in_the_exact_mode() {
    let dir = scratch("named");
    let problems = problem_with(&dir, "robot-maze", &[("open", OPEN), ("walled", WALLED)]);
    let out = dir.join("out");
    let run = |vars: &str, extra: &[&str]| {
        let cmd = awk(&dir, vars);
        let mut args = vec!["robot-maze", "--cmd", &cmd];
        args.extend_from_slice(extra);
        judge_in(&out, &args, Some(&problems))
    };
    // The statement's order: the awk BFS is right.
    let j = run("-v order=UDLR", &[]);
    assert_eq!(j.tally(), (2, 0), "{j}");

    // A wrong move order: a shortest path, but not ours. The first detail line names it.
    let j = run("-v order=RLDU", &[]);
    let open = details(&j, "robot-maze/open");
    // Whole on one line in a pipe, never cut (on a terminal it is wrapped to its width).
    assert_eq!(
        open[0],
        "wrong tie-break: step 1: you moved R; D also gets one step closer and comes first in \
         U < D < L < R (at (1 1))",
        "{j}"
    );
    assert!(
        open.contains(&"first difference at line 2 (- expected, + got):"),
        "{j}"
    );
    // ... and with --checker it is AC.
    let j = run("-v order=RLDU", &["--checker"]);
    assert_eq!(j.tally(), (2, 0), "{j}");

    // A detour: legal, two moves longer.
    let j = run("-v detour=1", &[]);
    let first = details(&j, "robot-maze/open")[0];
    assert!(
        first.starts_with("not shortest: 2 moves longer than the optimum"),
        "{j}"
    );
    let j = run("-v detour=1", &["--checker"]);
    assert!(
        details(&j, "robot-maze/open")[0].starts_with("not shortest: "),
        "{j}"
    );

    // Through a wall: step 1 enters the wall at (1 2).
    let j = run("-v walls=0", &[]);
    assert_eq!(
        details(&j, "robot-maze/walled")[0],
        "illegal move: step 1 enters a wall: cell 2 (1 2) is a wall; rows and columns count \
         from 1",
        "{j}"
    );
    // A malformed output keeps its own reason, not a named one.
    let j = judge_in(
        &out,
        &["robot-maze", "--cmd", "printf '1 1\\nx\\n'"],
        Some(&problems),
    );
    let first = details(&j, "robot-maze/open")[0];
    assert!(first.starts_with("checker: line 2 is \"x\""), "{j}");
}

#[test]
fn a_box_pushed_into_a_wall_is_an_illegal_move() {
    let dir = scratch("boxes");
    let input = b"4 5\nS....\n.....\n..B.T\n#####\n0 0\n";
    let problems = problem_with(&dir, "pushing-boxes", &[("wall", input)]);
    let out = dir.join("out");
    let j = judge_in(
        &out,
        &["pushing-boxes", "--cmd", "printf 'Maze #1\\neesS\\n\\n'"],
        Some(&problems),
    );
    assert_eq!(
        details(&j, "pushing-boxes/wall")[0],
        "illegal move: case 1, move 4 `S`: pushes the box at (3, 3) into a wall",
        "{j}"
    );
    // Another optimal plan: the walks in another order.
    let j = judge_in(
        &out,
        &["pushing-boxes", "--cmd", "printf 'Maze #1\\nsesEE\\n\\n'"],
        Some(&problems),
    );
    assert!(
        details(&j, "pushing-boxes/wall")[0].starts_with(
            "wrong tie-break: case 1, move 2: at (2, 1) you did `e`, the judge's plan does `s`"
        ),
        "{j}"
    );
    // The page shows the plans step by step: both move strings are in it.
    let page = std::fs::read_to_string(kept(&out, "pushing-boxes").join("wall.html")).unwrap();
    assert!(
        page.contains("moves:\"sseEE\"") && page.contains("moves:\"sesEE\""),
        "{page}"
    );
}

#[test]
fn draw_shows_the_window_around_the_divergence_in_plain_marks_in_a_pipe() {
    let dir = scratch("draw");
    let problems = problem_with(&dir, "robot-maze", &[("open", OPEN)]);
    let out = dir.join("out");
    let cmd = awk(&dir, "-v order=RLDU");
    let j = judge_in(
        &out,
        &[
            "robot-maze",
            "--cmd",
            &cmd,
            "--draw",
            "--draw-window",
            "2x3",
        ],
        Some(&problems),
    );
    let lines = details(&j, "robot-maze/open");
    let at = lines
        .iter()
        .position(|l| l.starts_with("drawn:"))
        .expect("a window");
    assert_eq!(
        lines[at], "drawn: rows 1-2, columns 1-3 of 3x3 (1-based)",
        "{j}"
    );
    // The judge's route goes down (o), the contestant's right (x), parting at the start (@).
    assert_eq!(&lines[at + 1..at + 3], ["@xx", "o.x"], "{j}");
    assert!(!j.stdout.contains('\x1b'), "colour in a pipe: {j}");
    assert!(lines.iter().any(|l| l.starts_with("picture: ")), "{j}");
    // The reference search beside it, opened where the routes part (the start, 0-based).
    assert!(lines.iter().any(|l| l.starts_with("search: ")), "{j}");
    let kept = kept(&dir.join("out"), "robot-maze");
    let page = std::fs::read_to_string(kept.join("open.html")).unwrap();
    assert!(page.contains(r##"href="open.search.html#cell=0,0">show the search</a>"##));
    assert!(kept.join("open.search.html").is_file());
}

#[test]
fn shrink_reduces_a_30x30_stress_case_to_at_most_5x5_that_still_fails() {
    let dir = scratch("shrink");
    let out = dir.join("out");
    let cmd = awk(&dir, "-v order=RLDU");
    let args = [
        "stress",
        "robot-maze",
        "--cmd",
        &cmd,
        "--seed",
        "1",
        "--count",
        "5",
        "--size",
        "30",
        "30",
        "--shrink",
    ];
    let j = judge_in(&out, &args, None);
    let line = j
        .stdout
        .lines()
        .find(|l| l.starts_with("shrunk from 30x30 to "))
        .unwrap_or_else(|| panic!("no shrink line\n{j}"));
    let to: Vec<usize> = line["shrunk from 30x30 to ".len()..]
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    assert!(to[0] <= 5 && to[1] <= 5, "{line}\n{j}");
    let shrunk = std::fs::read_to_string(out.join("stress/robot-maze/shrunk.in")).unwrap();
    assert!(shrunk.lines().count() <= 6, "{shrunk}");
    assert!(j.stdout.contains("    wrong tie-break: "), "{j}");
    // The reproduce command judges the shrunk case, which still fails the same way.
    let reproduce = j
        .stdout
        .lines()
        .find_map(|l| {
            l.strip_prefix("  reproduce:  ")?
                .split_once("/bfs-judge test ")
        })
        .map(|(_, rest)| rest)
        .unwrap_or_else(|| panic!("{j}"));
    assert!(reproduce.starts_with("--problems-dir "), "{reproduce}");
    let problems = out.join("stress");
    let again = judge_in(
        &dir.join("again"),
        &["robot-maze", "--cmd", &cmd],
        Some(&problems),
    );
    assert_eq!(
        again.verdicts(),
        [("WA".into(), "robot-maze/shrunk".into())],
        "{again}"
    );
    assert!(
        details(&again, "robot-maze/shrunk")[0].starts_with("wrong tie-break: "),
        "{again}"
    );
}

/// Stress with `--shrink` on `problem` (`args` after the command); the `shrunk from ...`
/// line and the shrunk input.
fn shrunk(dir: &Path, problem: &str, cmd: &str, args: &[&str]) -> (String, String) {
    let out = dir.join("out");
    let mut all = vec!["stress", problem, "--cmd", cmd, "--seed", "1", "--shrink"];
    all.extend_from_slice(args);
    let j = judge_in(&out, &all, None);
    let line = j
        .stdout
        .lines()
        .find(|l| l.starts_with("shrunk from "))
        .unwrap_or_else(|| panic!("no shrink line\n{j}"))
        .to_string();
    let input = out.join("stress").join(problem).join("shrunk.in");
    (line, std::fs::read_to_string(input).unwrap())
}

/// robot-maze's start may stand on its finish, so a disagreement that needs no route at all
/// (a program that fails on every input) ends at one cell, and a detour (which needs one
/// free cell beside the start) at two: before, the start and finish stayed apart (1x2, 2x2).
#[test]
fn shrink_puts_the_start_on_the_finish_down_to_one_cell() {
    let dir = scratch("shrink-one-cell");
    let fails = dir.join("fails.sh");
    std::fs::write(&fails, "cat >/dev/null\nexit 3\n").unwrap();
    let cmd = format!("sh {}", fails.display());
    let size = ["--count", "5", "--size", "30", "30"];
    let (line, input) = shrunk(&dir.join("re"), "robot-maze", &cmd, &size);
    assert!(line.starts_with("shrunk from 30x30 to 1x1 in "), "{line}");
    assert_eq!(input, "1 1 1 1 1 1\n0\n");
    let cmd = awk(&dir, "-v detour=1");
    let (line, input) = shrunk(&dir.join("detour"), "robot-maze", &cmd, &size);
    assert!(line.starts_with("shrunk from 30x30 to 1x2 in "), "{line}");
    let header: Vec<&str> = input.lines().next().unwrap().split(' ').collect();
    assert_eq!(
        header[2..4],
        header[4..6],
        "the start on the finish: {input}"
    );
}

/// swap-game's boards are sorted a swap at a time while the disagreement stays: a program
/// wrong on every answer of 3 or more ends at a board whose answer is 3 (before: the first
/// failing generated board as it was, answer 4).
#[test]
fn shrink_sorts_a_swap_game_board_down_to_the_answer_the_bug_needs() {
    let dir = scratch("shrink-board");
    let wrong = dir.join("wrong.sh");
    // The solver is named on the command line, so that an isolated run sees it wherever
    // the build is (a path under /tmp is shown only where the command line names it).
    let script = "\"$1\" | awk '{ print ($1 >= 3 ? $1 + 1 : $1) }'\n";
    std::fs::write(&wrong, script).unwrap();
    let cmd = format!(
        "sh {} {}",
        wrong.display(),
        bin_dir().join("swap-game").display()
    );
    let (line, input) = shrunk(&dir, "swap-game", &cmd, &["--count", "20"]);
    assert!(line.contains(" to 1 boards in "), "{line}");
    let expected = dir.join("out/stress/swap-game/shrunk.expected");
    assert_eq!(std::fs::read_to_string(expected).unwrap(), "3\n", "{input}");
    let mut cells: Vec<u32> = input
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    cells.sort_unstable();
    assert_eq!(cells, (1..=9).collect::<Vec<_>>(), "{input}");
}

/// The page of a failing case, opened in headless Chromium: at the centres of known cells the
/// screenshot has the wall's, the free cell's, the judge's route's and the contestant's
/// colours, and the divergence ring's colour is near the start.
#[test]
fn the_html_page_shows_both_routes_in_a_real_browser() {
    let Some(browser) = chromium() else {
        eprintln!(
            "NOTICE: skipping the_html_page_shows_both_routes_in_a_real_browser: no chromium \
             (.ci/run installs it with apt-get; CHROMIUM=/path/to/chrome names another)"
        );
        return;
    };
    let dir = scratch("html");
    // 5x5, a wall in the middle column with a gap in row 4: ours goes down first (D before
    // R), RLDU right first; both pass the gap; row 5 is on neither route.
    let input: &[u8] = b"5 5 1 1 1 5\n00100\n00100\n00100\n00000\n00000\n";
    let problems = problem_with(&dir, "robot-maze", &[("gap", input)]);
    let out = dir.join("out");
    let cmd = awk(&dir, "-v order=RLDU");
    let j = judge_in(&out, &["robot-maze", "--cmd", &cmd], Some(&problems));
    assert_eq!(j.tally(), (0, 1), "{j}");
    let page = kept(&out, "robot-maze").join("gap.html");
    let expected = std::fs::read_to_string(kept(&out, "robot-maze").join("gap.expected")).unwrap();
    let got = std::fs::read_to_string(kept(&out, "robot-maze").join("gap.got")).unwrap();
    let cells = |text: &str| -> Vec<(usize, usize)> {
        text.lines()
            .map(|l| {
                let v: Vec<usize> = l
                    .split(' ')
                    .map(|n| n.parse::<usize>().unwrap() - 1)
                    .collect();
                (v[0], v[1])
            })
            .collect()
    };
    let (expected, got) = (cells(&expected), cells(&got));
    let only = |a: &[(usize, usize)], b: &[(usize, usize)]| {
        *a.iter()
            .find(|c| !b.contains(c))
            .expect("the routes differ")
    };
    let (judge_only, contestant_only) = (only(&expected, &got), only(&got, &expected));

    let png = dir.join("shot.png");
    let profile = dir.join("profile");
    let (width, height) = (600u32, 500u32);
    let status = Command::new(&browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("file://{}", page.display()))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("cannot run chromium");
    assert!(
        status.success() && png.is_file(),
        "chromium made no screenshot"
    );

    let (w, h, px) = browser::screenshot_pixels(&png);
    let pixel = |x: usize, y: usize| -> [u8; 3] { px[y * w + x] };
    // The maze: the box of the free (white) and wall (#333333) pixels below the 40-pixel
    // bar (the divergence ring reaches past the maze's edge; it is neither).
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for y in 41..h {
        for x in 0..w {
            if matches!(pixel(x, y), [0xff, 0xff, 0xff] | [0x33, 0x33, 0x33]) {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    assert!(
        x1 > x0 && y1 > y0,
        "no maze in the screenshot {}",
        png.display()
    );
    let (cw, ch) = ((x1 + 1 - x0) as f64 / 5.0, (y1 + 1 - y0) as f64 / 5.0);
    assert!((cw - ch).abs() < 2.0, "cells not square: {cw} x {ch}");
    let centre = |(r, c): (usize, usize)| {
        pixel(
            x0 + ((c as f64 + 0.5) * cw) as usize,
            y0 + ((r as f64 + 0.5) * ch) as usize,
        )
    };
    let near = |got: [u8; 3], want: [u8; 3]| got.iter().zip(want).all(|(&g, w)| g.abs_diff(w) <= 8);
    let checks = [
        ("wall (1, 3)", (0, 2), [0x33, 0x33, 0x33]),
        ("judge's route only", judge_only, [0x1a, 0x98, 0x50]),
        (
            "contestant's route only",
            contestant_only,
            [0xd7, 0x30, 0x27],
        ),
    ];
    for (what, cell, want) in checks {
        let seen = centre(cell);
        assert!(
            near(seen, want),
            "{what} {cell:?}: {seen:02x?}, want {want:02x?} ({})",
            png.display()
        );
    }
    // The bottom row is free and on neither route: white.
    assert!(!expected.contains(&(4, 0)) && !got.contains(&(4, 0)));
    let seen = centre((4, 0));
    assert!(near(seen, [0xff, 0xff, 0xff]), "free (5, 1): {seen:02x?}");
    // The divergence ring (magenta) crosses the start cell's edge region.
    let (sx, sy) = (x0 as f64, y0 as f64);
    let ring = (0..(3.0 * cw) as usize).any(|dx| {
        (0..(3.0 * ch) as usize).any(|dy| {
            let (x, y) = ((sx + dx as f64) as usize, (sy + dy as f64) as usize);
            x < w && y < h && near(pixel(x, y), [0xff, 0x00, 0xff])
        })
    });
    assert!(
        ring,
        "no divergence ring near the start ({})",
        png.display()
    );
}

/// Runs the browser on `url` and returns the DOM after its scripts ran.
fn dump_dom(browser: &Path, profile: &Path, url: &str) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1200,900",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(url)
        .stderr(std::process::Stdio::null())
        .output()
        .expect("cannot run chromium");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A 1000 x 1000 serpentine (a route of half a million cells): the page's `#bench` draws 35
/// frames over zoom levels from the whole maze to 64x and pans. A frame takes well under the
/// 16 ms of a 60 Hz screen here, a figure printed, not asserted (a busy machine without a
/// GPU is no measure of the page): the bound is a backstop, ten times that budget, against a
/// page that redraws the whole route per frame (seconds).
#[test]
fn the_html_page_stays_fast_at_1000x1000() {
    let Some(browser) = chromium() else {
        eprintln!("NOTICE: skipping the_html_page_stays_fast_at_1000x1000: no chromium");
        return;
    };
    let dir = scratch("html-big");
    let gen = Judge::new([
        "gen",
        "robot-maze",
        "serpentine",
        "1000",
        "1000",
        "--seed",
        "1",
    ])
    .run();
    assert_eq!(gen.code, Some(0), "{gen}");
    let problems = problem_with(&dir, "robot-maze", &[("big", gen.stdout.as_bytes())]);
    let out = dir.join("out");
    let j = judge_in(&out, &["robot-maze", "--cmd", "echo 1 1"], Some(&problems));
    assert_eq!(j.tally(), (0, 1), "{j}");
    let page = kept(&out, "robot-maze").join("big.html");
    let dom = dump_dom(
        &browser,
        &dir.join("profile"),
        &format!("file://{}#bench", page.display()),
    );
    let ms: f64 = dom
        .split("data-frame-ms=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no frame time in the page's DOM"));
    eprintln!("NOTICE: 1000x1000 page: {ms} ms per frame");
    assert!(ms < 160.0, "{ms} ms per frame");
}

/// `checker --explain` is the checker with ties explained: exit 1 and `wrong tie-break: ...`
/// for another shortest path, which the plain checker accepts; our answer is `ok` either way.
#[test]
fn the_checker_tool_explains_ties_on_request() {
    let dir = scratch("checker-explain");
    let file = |name: &str, text: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let input = file("in", OPEN);
    let answer = file("ans", &ours("robot-maze", OPEN));
    let other = file("out", b"1 1\n1 2\n1 3\n2 3\n3 3\n");
    let check = |explain: bool, output: &Path| {
        let explain = if explain { &["--explain"][..] } else { &[] };
        let j = Judge::new(["check"])
            .args(explain)
            .arg("robot-maze")
            .args([&input, output, &answer])
            .run();
        (j.code, j.stdout)
    };
    assert_eq!(check(false, &other), (Some(0), "ok\n".to_string()));
    let (code, text) = check(true, &other);
    assert_eq!(code, Some(1));
    assert!(
        text.starts_with("wrong tie-break: step 1: you moved R; D also gets"),
        "{text}"
    );
    assert_eq!(check(true, &answer), (Some(0), "ok\n".to_string()));
}

/// `--scale`: our binary is predicted to pass at robot-maze's 1000 x 1000; the awk BFS (an
/// associative array per cell, several times slower per cell) is predicted to exceed a
/// 1-second limit there, from runs of at most a quarter of that.
#[test]
fn the_scaling_probe_tells_a_fast_program_from_a_slow_one() {
    let dir = scratch("scale");
    let out = dir.join("out");
    let j = judge_in(
        &out,
        &["scale", "robot-maze", "--time-limit-ms", "1000"],
        None,
    );
    assert_eq!(j.code, Some(0), "{j}");
    assert!(j.stdout.contains("serpentine: OK: predicted "), "{j}");
    assert!(
        j.stdout
            .ends_with("scale: every kind is predicted to pass\n"),
        "{j}"
    );
    let cmd = awk(&dir, "");
    let j = judge_in(
        &out,
        &[
            "scale",
            "robot-maze",
            "--cmd",
            &cmd,
            "--time-limit-ms",
            "1000",
        ],
        None,
    );
    assert_eq!(j.code, Some(1), "{j}");
    assert!(j.stdout.contains("serpentine: TLE"), "{j}");
    assert!(j.stdout.contains("at 1000x1000"), "{j}");
}
