//! Every `problems/<problem>/tests` case through the real binary, byte for byte.

use crate::support::{binary, cases, run_program, PROBLEMS};
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

#[test]
fn pushing_boxes_samples() {
    check_problem("pushing-boxes");
}
