//! Every `problems/<problem>/tests` case through the real binary, byte for byte; every
//! `problems/<problem>/invalid` case must fail cleanly; and every expected output must
//! agree with the literal reference, so no `.out` file is merely the fast solver's word.

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

fn check_invalid(problem: &str) {
    let cases = invalid_cases(problem);
    assert!(
        cases.len() >= 15,
        "{problem}: only {} invalid cases",
        cases.len()
    );
    let mut failures = Vec::new();
    for case in &cases {
        let outcome = run_program(Path::new(binary(problem)), &[], &case.input);
        let lines: Vec<&str> = outcome.stderr.lines().collect();
        let prefix = format!("{problem}: line ");
        let ok = outcome.code == Some(1)
            && outcome.stdout == case.stdout
            && lines.len() == 1
            && lines[0].starts_with(&prefix)
            && lines[0].contains(&case.fragment);
        if !ok {
            failures.push(format!(
                "{problem}/invalid/{}: exit {:?}, stdout {:?}, stderr {:?}, wanted fragment {:?}",
                case.name,
                outcome.code,
                String::from_utf8_lossy(&outcome.stdout),
                outcome.stderr,
                case.fragment
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_reference(problem: &str, reference: impl Fn(&[u8], &[String]) -> Vec<u8>) {
    for case in cases(problem) {
        let expected = reference(&case.input, &case.args);
        assert!(
            expected == case.expected,
            "{problem}/{}.out disagrees with the reference:\n{}",
            case.name,
            String::from_utf8_lossy(&expected)
        );
    }
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
fn robot_maze_invalid_inputs_fail_cleanly() {
    check_invalid("robot-maze");
}

#[test]
fn robot_maze_expected_outputs_match_the_reference() {
    check_reference("robot-maze", |input, _| {
        crate::reference::robot_maze::reference(input)
    });
}

#[test]
fn chase_samples() {
    check_problem("chase");
}

#[test]
fn chase_invalid_inputs_fail_cleanly() {
    check_invalid("chase");
}

#[test]
fn chase_expected_outputs_match_the_reference() {
    check_reference("chase", |input, args| match args {
        [] => crate::reference::chase::reference(input),
        [path] if path == "--path" => crate::reference::chase::reference_path(input),
        other => panic!("chase test with arguments {other:?}"),
    });
}

#[test]
fn chase_usage_errors_exit_with_2() {
    for args in [&["--bogus"][..], &["--path", "extra"], &["-p"]] {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let outcome = run_program(Path::new(binary("chase")), &args, b"SE\n");
        let lines: Vec<&str> = outcome.stderr.lines().collect();
        assert_eq!(outcome.code, Some(2), "{args:?}");
        assert!(outcome.stdout.is_empty(), "{args:?}");
        assert!(
            lines.len() == 1
                && lines[0].starts_with("chase: unknown argument")
                && lines[0].contains("usage: chase [--path]"),
            "{args:?}: {:?}",
            outcome.stderr
        );
    }
}

#[test]
fn wave_samples() {
    check_problem("wave");
}

#[test]
fn wave_invalid_inputs_fail_cleanly() {
    check_invalid("wave");
}

#[test]
fn wave_expected_outputs_match_the_reference() {
    check_reference("wave", |input, _| crate::reference::wave::reference(input));
}

#[test]
fn swap_game_samples() {
    check_problem("swap-game");
}

#[test]
fn swap_game_invalid_inputs_fail_cleanly() {
    check_invalid("swap-game");
}

#[test]
fn swap_game_expected_outputs_match_the_reference() {
    // The literal search costs ~0.2 s a board; the full BFS answers every board at once.
    let distances = crate::reference::swap_game::full_bfs();
    check_reference("swap-game", |input, _| {
        let numbers: Vec<u32> = String::from_utf8_lossy(input)
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        numbers
            .chunks(9)
            .map(|board| format!("{}\n", distances[&crate::reference::swap_game::code(board)]))
            .collect::<String>()
            .into_bytes()
    });
}

#[test]
fn pushing_boxes_samples() {
    check_problem("pushing-boxes");
}

#[test]
fn pushing_boxes_invalid_inputs_fail_cleanly() {
    check_invalid("pushing-boxes");
}

#[test]
fn pushing_boxes_expected_outputs_match_the_reference() {
    check_reference("pushing-boxes", |input, _| {
        crate::reference::pushing_boxes::reference(input)
    });
}
