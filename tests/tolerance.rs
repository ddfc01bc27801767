//! Tolerance: every valid test input still gives its expected output, in-process, when
//! rewritten the ways the I/O contract allows: CRLF line endings, trailing spaces and
//! tabs, tabs instead of spaces between tokens and cells, no final newline, extra blank
//! lines at the end, and all of these at once.

use crate::fuzz::TARGETS;
use crate::support::cases;
use bfs_judge::core::run::run_bytes;

/// The input with `\n` endings only.
fn lf(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    for (i, &b) in input.iter().enumerate() {
        if !(b == b'\r' && input.get(i + 1) == Some(&b'\n')) {
            out.push(b);
        }
    }
    out
}

fn crlf(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &b in &lf(input) {
        if b == b'\n' {
            out.push(b'\r');
        }
        out.push(b);
    }
    out
}

/// Appends spaces and a tab to every line, the last one too.
fn trailing_blanks(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lf(input).split_inclusive(|&b| b == b'\n') {
        let (text, newline) = match line.strip_suffix(b"\n") {
            Some(text) => (text, true),
            None => (line, false),
        };
        out.extend_from_slice(text);
        out.extend_from_slice(b"  \t ");
        if newline {
            out.push(b'\n');
        }
    }
    out
}

/// Every space becomes a tab: between header tokens and between spaced cells.
fn tabs(input: &[u8]) -> Vec<u8> {
    input
        .iter()
        .map(|&b| if b == b' ' { b'\t' } else { b })
        .collect()
}

fn no_final_newline(input: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    while out.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        out.pop();
    }
    out
}

fn blank_lines_at_end(input: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    if out.last().is_some_and(|&b| b != b'\n') {
        out.push(b'\n');
    }
    out.extend_from_slice(b"\n\r\n \n\t\n\n");
    out
}

fn everything(input: &[u8]) -> Vec<u8> {
    blank_lines_at_end(&crlf(&trailing_blanks(&tabs(input))))
}

type Rewrite = (&'static str, fn(&[u8]) -> Vec<u8>);

const REWRITES: &[Rewrite] = &[
    ("crlf", crlf),
    ("trailing blanks", trailing_blanks),
    ("tabs", tabs),
    ("no final newline", no_final_newline),
    ("blank lines at the end", blank_lines_at_end),
    ("all at once", everything),
];

#[test]
fn rewrites_do_what_they_say() {
    let input = b"2 2\r\n0 1\n";
    assert_eq!(crlf(input), b"2 2\r\n0 1\r\n");
    assert_eq!(trailing_blanks(input), b"2 2  \t \n0 1  \t \n");
    assert_eq!(tabs(input), b"2\t2\r\n0\t1\n");
    assert_eq!(no_final_newline(input), b"2 2\r\n0 1");
    assert_eq!(blank_lines_at_end(b"1"), b"1\n\n\r\n \n\t\n\n");
}

#[test]
fn valid_inputs_pass_in_every_tolerated_form() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for target in TARGETS {
        for case in cases(target.problem) {
            let solver = target.solver(&case.args).unwrap_or_else(|| {
                panic!(
                    "{}/{}: no variant for {:?}",
                    target.problem, case.name, case.args
                )
            });
            for (how, rewrite) in REWRITES {
                let input = rewrite(&case.input);
                let (out, result) = run_bytes(solver, &input);
                checked += 1;
                if result.is_err() || out != case.expected {
                    failures.push(format!(
                        "{}/{} ({how}): {:?}\n--- input\n{:?}\n--- got\n{}",
                        target.problem,
                        case.name,
                        result.err().map(|e| e.to_string()),
                        String::from_utf8_lossy(&input),
                        String::from_utf8_lossy(&out)
                    ));
                }
            }
        }
    }
    assert!(checked > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
