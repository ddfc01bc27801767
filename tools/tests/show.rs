//! `bfs-judge show` as a user meets it: the real binary writes the page, and real headless
//! Chromium, driven over the DevTools protocol ([`Browser`]), clicks through it. On each problem's sample: Next until the end, then the layer counter, the
//! distance at the target and the route's length against the solver's answer; the queue
//! and visited counts at a chosen step against the Rust trace's; a swap-game neighbour
//! hovered; pushing-boxes' highlighted letter; the grids' letters legible on their badges;
//! a screenshot of each. And the 1000 x 1000
//! case renders and steps. Skipped with a NOTICE when no Chromium is installed.
//!
//! `WRITE_DOCS=1` also writes the screenshots into docs/ (`docs/search-PROBLEM.png`).
//! No timed assertions: every wait is bounded generously and only fails when nothing
//! happens at all.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bfs_judge_tools::ours::search::{self, Search};

use crate::support::browser::{self, Browser};
use crate::support::{make_executable, root, scratch, Judge};

/// `bfs-judge show ARGS`: the page it wrote.
fn show(args: &[&str], out: &Path) -> PathBuf {
    let j = Judge::new(["show"]).args(args).arg("--out").arg(out).run();
    assert_eq!(j.code, Some(0), "{j}");
    assert_eq!(j.stdout.trim_end(), out.display().to_string());
    out.to_path_buf()
}

fn keep_screenshot(shot: &Path, problem: &str) {
    browser::keep_for_docs(shot, &format!("search-{problem}"));
}

fn input_of(problem: &str, case: &str) -> Vec<u8> {
    std::fs::read(
        root()
            .join("problems")
            .join(problem)
            .join("tests")
            .join(format!("{case}.in")),
    )
    .unwrap()
}

fn answer_of(problem: &str, case: &str) -> String {
    std::fs::read_to_string(
        root()
            .join("problems")
            .join(problem)
            .join("tests")
            .join(format!("{case}.out")),
    )
    .unwrap()
}

fn grid_trace(problem: &str, input: &[u8]) -> search::grid::Trace {
    match search::trace(problem, input, 1).unwrap() {
        Search::Grid(t) => t,
        _ => unreachable!(),
    }
}

/// The answer's number of moves, as the problem's sample output gives it.
fn moves_in_answer(problem: &str) -> u64 {
    let out = answer_of(problem, "sample");
    match problem {
        // One line per route cell.
        "robot-maze" => out.lines().count() as u64 - 1,
        _ => out.lines().next().unwrap().parse().unwrap(),
    }
}

fn grid_sample(b: &mut Browser, dir: &Path, problem: &str) {
    let page = show(&[problem], &dir.join(format!("{problem}.html")));
    b.open_file(&page, "", (1000, 560));
    assert_eq!(b.step(), 0);
    let trace = grid_trace(problem, &input_of(problem, "sample"));
    // A chosen step of the search: what the page shows is what the trace recorded.
    let k = trace.taken / 2;
    for _ in 0..k {
        b.mouse("#next", false);
    }
    b.wait(&format!("document.body.dataset.step === '{k}'"));
    let queue: usize = b
        .text("document.getElementById('queue').dataset.count")
        .parse()
        .unwrap();
    let visited: usize = b
        .text("document.getElementById('visited').dataset.count")
        .parse()
        .unwrap();
    let tail = trace.tail[k] as usize;
    assert_eq!(
        (queue, visited),
        (tail - k - 1, tail),
        "{problem} at step {k}"
    );
    let front = b.text("document.querySelector('#queue .front') ? document.querySelector('#queue .front').textContent : ''");
    if tail > k + 1 {
        let cell = trace.entered[k + 1];
        assert_eq!(front, trace.cell_name(cell), "{problem}: the queue's front");
    }
    // Back steps back.
    b.mouse("#back", false);
    b.wait(&format!("document.body.dataset.step === '{}'", k - 1));
    let clicks = b.next_to_the_end();
    let last = b.step();
    assert!(
        clicks > 0 && last as usize >= trace.taken,
        "{problem}: {clicks} clicks to step {last}"
    );
    let answer = moves_in_answer(problem);
    let layer: u64 = b
        .text("document.getElementById('layer').dataset.layer")
        .parse()
        .unwrap();
    let at_target: u64 = b
        .text("document.getElementById('target').dataset.distance")
        .parse()
        .unwrap();
    let walked: u64 = b
        .text("document.getElementById('route').dataset.moves")
        .parse()
        .unwrap();
    assert_eq!(
        (layer, at_target, walked),
        (answer, answer, answer),
        "{problem}"
    );
    let rule = b.text("document.getElementById('rule').textContent");
    assert!(
        rule.contains(&trace.cell_name(trace.start)),
        "{problem}: the last step back reaches the start: {rule}"
    );
    // The letters (S and F...) are badges over the route, legible.
    let letters: Vec<String> = serde_json::from_value(b.eval("D.labels.map(l => l[2])")).unwrap();
    let letters: Vec<&str> = letters.iter().map(String::as_str).collect();
    let badges = dir.join(format!("{problem}-badges.png"));
    browser::badges_are_clean(b, &badges, &letters, [0x6a, 0x3d, 0x9a]);
    let shot = dir.join(format!("{problem}.png"));
    b.screenshot(&shot);
    let (w, h, px) = browser::screenshot_pixels(&shot);
    assert_eq!((w, h), (1000, 560));
    let route = px.iter().filter(|p| **p == [0x1a, 0x98, 0x50]).count();
    assert!(
        route > 1000,
        "{problem}: the route is drawn ({route} pixels)"
    );
    keep_screenshot(&shot, problem);
}

#[test]
fn the_search_pages_replay_the_samples_in_a_real_browser() {
    let dir = scratch("samples");
    let Some(mut b) = Browser::for_test(
        "the_search_pages_replay_the_samples_in_a_real_browser",
        &dir.join("profile"),
    ) else {
        return;
    };
    for problem in ["robot-maze", "chase", "wave"] {
        grid_sample(&mut b, &dir, problem);
    }

    // robot-maze's rule at a tie: on an open 3 x 3 field the first move may be D or R,
    // and the page names the one that comes first.
    let open = dir.join("open.in");
    std::fs::write(&open, "3 3 1 1 3 3\n000\n000\n000\n").unwrap();
    let page = show(
        &["robot-maze", open.to_str().unwrap()],
        &dir.join("open.html"),
    );
    b.open_file(&page, "", (1000, 560));
    b.next_to_the_end();
    let mut rules = Vec::new();
    loop {
        rules.push(b.text("document.getElementById('rule').textContent"));
        let before = b.step();
        b.mouse("#back", false);
        if b.step() == before
            || b.text("document.getElementById('rule').textContent")
                .is_empty()
        {
            break;
        }
    }
    assert!(
        rules.iter().any(|r| r.contains(
            "At (1, 1), R also keeps the route shortest; D comes first in U < D < L < R"
        )),
        "{rules:#?}"
    );

    // An unreachable target: the search ends with the queue empty, and the page says -1.
    let page = show(&["chase", "unreachable"], &dir.join("unreachable.html"));
    b.open_file(&page, "", (1000, 560));
    b.next_to_the_end();
    let target = b.text("document.getElementById('target').textContent");
    assert_eq!(target, "unreachable: the queue ran empty (-1)");
    assert_eq!(answer_of("chase", "unreachable").trim(), "-1");

    // swap-game: hovering a neighbour shows its pair; Next runs through the layers and the
    // answer's swaps.
    let page = show(&["swap-game"], &dir.join("swap-game.html"));
    b.open_file(&page, "", (1000, 720));
    let boards = search::swap::parse(&input_of("swap-game", "sample")).unwrap();
    let trace = search::swap::search(&boards, 1).unwrap();
    for i in [0usize, 7, 11] {
        b.mouse(&format!(".nb[data-i='{i}']"), true);
        b.wait(&format!(
            "document.getElementById('pair').dataset.pair === '{},{}'",
            trace.neighbours[i].pair.0, trace.neighbours[i].pair.1
        ));
        let text = b.text("document.getElementById('pair').textContent");
        let (p, q) = trace.neighbours[i].pair;
        assert!(
            text.contains(&format!("{} \u{2194} {}", trace.start[p], trace.start[q])),
            "{text}"
        );
    }
    b.next_to_the_end();
    let answer: u64 = answer_of("swap-game", "sample")
        .lines()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let layer: u64 = b
        .text("document.getElementById('layer').dataset.layer")
        .parse()
        .unwrap();
    let swaps: u64 = b
        .text("document.getElementById('playboard').dataset.swaps")
        .parse()
        .unwrap();
    assert_eq!((layer, swaps), (answer, answer));
    let sizes = b.text("document.getElementById('layers').textContent");
    assert!(sizes.starts_with("d=0: 1d=1: 12d=2: 88"), "{sizes}");
    b.mouse(".nb[data-i='0']", true);
    let shot = dir.join("swap-game.png");
    b.screenshot(&shot);
    keep_screenshot(&shot, "swap-game");

    // pushing-boxes: maze 3 of the sample; the highlighted letter follows the plan.
    let page = show(
        &["pushing-boxes", "--case", "3"],
        &dir.join("pushing-boxes.html"),
    );
    b.open_file(&page, "", (1000, 560));
    let plan = answer_of("pushing-boxes", "sample");
    let plan = plan.lines().nth(7).unwrap().to_string();
    assert_eq!(plan, "eennwwWWWWeeeeeesswwwwwwwnNN");
    for k in 0..plan.len() {
        let current = b.text("document.getElementById('moves').dataset.current");
        assert_eq!(current, plan[k..k + 1], "move {k}");
        if k == 12 {
            let shot = dir.join("pushing-boxes.png");
            b.screenshot(&shot);
            keep_screenshot(&shot, "pushing-boxes");
        }
        b.mouse("#next", false);
        b.wait(&format!("document.body.dataset.step === '{}'", k + 1));
    }
    let done = b.text("document.getElementById('segment').textContent");
    assert!(done.contains("the box is on the target"), "{done}");
}

#[test]
fn a_1000x1000_search_renders_and_steps_by_layer() {
    let dir = scratch("big");
    let Some(mut b) = Browser::for_test(
        "a_1000x1000_search_renders_and_steps_by_layer",
        &dir.join("profile"),
    ) else {
        return;
    };
    let page = show(&["chase", "open-1000x1000"], &dir.join("big.html"));
    let size = std::fs::metadata(&page).unwrap().len();
    let t0 = Instant::now();
    b.open_file(&page, "", (1000, 700));
    let load = t0.elapsed();
    let trace = grid_trace("chase", &input_of("chase", "open-1000x1000"));
    for layer in 1..=3u64 {
        b.mouse("#next", false);
        b.wait(&format!(
            "document.getElementById('layer').dataset.layer === '{layer}'"
        ));
    }
    // After three layers, the queue holds the fourth (one step per layer).
    let queue: usize = b
        .text("document.getElementById('queue').dataset.count")
        .parse()
        .unwrap();
    assert_eq!(queue as u32, trace.layers[5] - trace.layers[4]);
    // The layer slider jumps to the target's layer.
    let answer: u64 = answer_of("chase", "open-1000x1000").trim().parse().unwrap();
    b.eval(&format!("(()=>{{const s=document.getElementById('slider');s.value={answer};s.dispatchEvent(new Event('input'));}})()"));
    b.wait(&format!(
        "document.getElementById('layer').dataset.layer === '{answer}'"
    ));
    let shot = dir.join("big.png");
    b.screenshot(&shot);
    let (_, _, px) = browser::screenshot_pixels(&shot);
    let taken = px.iter().filter(|p| **p == [0xa6, 0xce, 0xe3]).count();
    assert!(
        taken > 10_000,
        "the visited cells are drawn ({taken} pixels)"
    );
    // What a step costs there (a figure for the notes, not an assertion).
    let per_step = b.eval(
        "(()=>{const t=performance.now();for(let i=0;i<10;i++)document.getElementById('back').click();return (performance.now()-t)/10;})()",
    )
    .as_f64()
    .unwrap();
    let ready = b.text("document.body.dataset.readyMs");
    eprintln!(
        "NOTICE: chase/open-1000x1000: page {size} bytes, ready {ready} ms after navigation \
         ({} ms with the wait), {per_step:.1} ms a step",
        load.as_millis()
    );
}

/// `--open` hands the page to `$BROWSER`; without one, it says where the page is. Bad
/// arguments are setup errors: one line, exit code 2.
#[test]
fn open_uses_browser_and_errors_exit_2() {
    let dir = scratch("open");
    let seen = dir.join("seen");
    let browser = dir.join("browser.sh");
    std::fs::write(
        &browser,
        format!("#!/bin/sh\necho \"$1\" > '{}'\n", seen.display()),
    )
    .unwrap();
    make_executable(&browser);
    let page = dir.join("wave.html");
    let run = |browser: Option<&Path>, args: &[&str]| {
        let judge = Judge::new(["show"]).args(args);
        match browser {
            Some(b) => judge.env("BROWSER", b),
            None => judge.env_remove("BROWSER"),
        }
        .run()
    };
    let o = run(
        Some(&browser),
        &["wave", "--out", page.to_str().unwrap(), "--open"],
    );
    assert_eq!(o.code, Some(0), "{o}");
    // The browser runs in the background: waited for until it has written its whole line
    // (a minute at most, a backstop).
    let deadline = Instant::now() + Duration::from_secs(60);
    let said = loop {
        match std::fs::read_to_string(&seen) {
            Ok(text) if text.ends_with('\n') => break text,
            _ => {
                assert!(Instant::now() < deadline, "$BROWSER never ran");
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    };
    assert_eq!(said.trim(), page.display().to_string());
    let o = run(None, &["wave", "--out", page.to_str().unwrap(), "--open"]);
    let err = &o.stderr;
    assert!(
        o.code == Some(0) && err.contains("$BROWSER is not set"),
        "{err}"
    );
    for (args, says) in [
        (&["maze"][..], "no search to show for `maze`"),
        (
            &["wave", "no-such-case"][..],
            "`no-such-case` is neither a case of wave",
        ),
        (
            &["swap-game", "--case", "9"][..],
            "there is no board 9: the input has 1",
        ),
        (
            &["pushing-boxes", "--case", "5"][..],
            "there is no maze 5: the input has 4",
        ),
        (
            &["chase", "--case", "2"][..],
            "chase has one maze per input",
        ),
    ] {
        let o = run(None, args);
        let err = &o.stderr;
        assert_eq!(o.code, Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("show: ") && err.contains(says),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
