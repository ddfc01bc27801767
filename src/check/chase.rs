//! Checker for chase, in either mode. The jury's answer tells which: a number is the
//! distance mode (the output must be that number); otherwise `--path` mode, where the
//! output must be one line of 0-indexed `(r, c)` cells forming a shortest path of free
//! adjacent cells from S to E, or an empty line when E is unreachable.

use super::{agree, as_printed, check_path, int, lines, show, Base};
use crate::chase::{self, Mode};

/// Accepts `output` if it is a right answer for `input` (see the module documentation).
pub fn check(input: &[u8], output: &[u8], answer: &[u8]) -> Result<(), String> {
    let mut solved = input.to_vec();
    let instance = chase::parse(&mut solved).map_err(|e| format!("bad input: {e}"))?;
    let steps = chase::solve(instance, Mode::Distance).steps();
    let optimum = as_printed(steps);
    let answer_lines = lines(answer);
    let output_lines = lines(output);
    if let [only] = answer_lines.as_slice() {
        if let Some(number) = int(only) {
            agree(Some(number), optimum)?;
            return match output_lines.as_slice() {
                [line] if int(line) == Some(optimum) => Ok(()),
                [line] => Err(format!("printed {}, the answer is {optimum}", show(line))),
                _ => Err(format!(
                    "expected one line with the number {optimum}, found {} lines",
                    output_lines.len()
                )),
            };
        }
    }
    // Path mode: an empty answer is "unreachable".
    let claimed = match answer_lines.first() {
        None => Some(-1),
        Some(line) => parse_path(line).ok().map(|cells| cells.len() as i64 - 1),
    };
    agree(claimed, optimum)?;
    if output_lines.len() > 1 {
        return Err(format!(
            "expected the path on one line, found {} lines",
            output_lines.len()
        ));
    }
    let line: &[u8] = output_lines.first().copied().unwrap_or(b"");
    let path = parse_path(line)?;
    let Some(steps) = steps else {
        return if path.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "printed a path of {} cells, but E is unreachable",
                path.len()
            ))
        };
    };
    let mut pristine = input.to_vec();
    let instance = chase::parse(&mut pristine).map_err(|e| format!("bad input: {e}"))?;
    check_path(
        &instance.grid,
        &path,
        (instance.monster, instance.player),
        steps,
        |byte| byte != b'#',
        |r, c| format!("({r}, {c})"),
        Base::Zero,
    )
}

/// The cells of a `--path` line: `(r, c)` groups, whitespace around the parts allowed.
fn parse_path(line: &[u8]) -> Result<Vec<(u64, u64)>, String> {
    let mut cells = Vec::new();
    let mut rest = line;
    let skip = |s: &[u8]| -> usize { s.iter().take_while(|b| b.is_ascii_whitespace()).count() };
    loop {
        rest = &rest[skip(rest)..];
        if rest.is_empty() {
            return Ok(cells);
        }
        let number = cells.len() + 1;
        let bad = |rest: &[u8]| {
            let cut = &rest[..rest.len().min(12)];
            format!(
                "cell {number}: expected `(r, c)`, found {}",
                crate::core::error::quote(cut)
            )
        };
        let part = |rest: &mut &[u8], prefix: u8| -> Option<u64> {
            *rest = &rest[skip(rest)..];
            *rest = rest.strip_prefix(&[prefix])?;
            *rest = &rest[skip(rest)..];
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            let value = crate::core::scan::parse_uint(&rest[..digits])?;
            *rest = &rest[digits..];
            Some(value)
        };
        let start = rest;
        let r = part(&mut rest, b'(').ok_or_else(|| bad(start))?;
        let c = part(&mut rest, b',').ok_or_else(|| bad(start))?;
        rest = &rest[skip(rest)..];
        rest = rest.strip_prefix(b")").ok_or_else(|| bad(start))?;
        cells.push((r, c));
    }
}
