//! Every `problems/<problem>/tests` case through the real binary, byte for byte.

use crate::support::{binary, cases, invalid_cases, run_program, PROBLEMS};
use std::path::Path;

fn check_problem(problem: &str) {
    let cases = cases(problem);
    assert!(
        cases.len() >= 8,
        "{problem}: only {} test cases",
        cases.len()
    );
    let mut failures = Vec::new();
    for case in &cases {
        let outcome = run_program(Path::new(binary(problem)), &case.args, &case.input);
        if outcome.code != Some(0) || outcome.stdout != case.expected {
            failures.push(format!(
                "{problem}/{}: exit {:?}, stderr {:?}\n--- expected\n{}--- got\n{}",
                case.name,
                outcome.code,
                outcome.stderr,
                String::from_utf8_lossy(&case.expected),
                String::from_utf8_lossy(&outcome.stdout)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_problem_has_tests() {
    for problem in PROBLEMS {
        assert!(!cases(problem).is_empty(), "{problem} has no tests");
    }
}

#[test]
fn robot_maze_samples() {
    check_problem("robot-maze");
}

/// Every `problems/<problem>/invalid` case: exit code 1, stdout exactly the answers
/// before the bad case, and one stderr line naming the binary and holding the fragment.
fn check_invalid(problem: &str) {
    let cases = invalid_cases(problem);
    assert!(!cases.is_empty(), "{problem}: no invalid cases");
    let mut failures = Vec::new();
    for case in &cases {
        let outcome = run_program(Path::new(binary(problem)), &[], &case.input);
        let lines: Vec<&str> = outcome.stderr.lines().collect();
        let ok = outcome.code == Some(1)
            && outcome.stdout == case.stdout
            && lines.len() == 1
            && outcome.stderr.ends_with('\n')
            && lines[0].starts_with(&format!("{problem}: line "))
            && lines[0].contains(&case.fragment);
        if !ok {
            failures.push(format!(
                "{problem}/invalid/{}: exit {:?}, stderr {:?} (want a line containing {:?}), stdout {:?} (want {:?})",
                case.name,
                outcome.code,
                outcome.stderr,
                case.fragment,
                String::from_utf8_lossy(&outcome.stdout),
                String::from_utf8_lossy(&case.stdout)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn swap_game_samples() {
    check_problem("swap-game");
}

#[test]
fn swap_game_invalid() {
    check_invalid("swap-game");
}
