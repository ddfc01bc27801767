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

/// The arguments of `bfs-judge gen PROBLEM KIND SIZES... [--seed S]` (the seed defaults
/// to 1, as the tool's).
fn gen_arguments(command: &str) -> Result<(String, String, Vec<u64>, u64), String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let ["bfs-judge", "gen", problem, kind, rest @ ..] = words.as_slice() else {
        return Err("expected `bfs-judge gen PROBLEM KIND SIZES... [--seed S]`".to_string());
    };
    let (sizes, seed) = match rest {
        [sizes @ .., "--seed", seed] => (sizes, seed.parse().map_err(|_| "bad seed")?),
        sizes => (sizes, 1),
    };
    let sizes = sizes
        .iter()
        .map(|s| s.parse().map_err(|_| format!("bad size {s:?}")))
        .collect::<Result<Vec<u64>, String>>()?;
    Ok((problem.to_string(), kind.to_string(), sizes, seed))
}

#[test]
fn every_generated_test_is_what_its_command_makes() {
    // The full-size tests record the command that made them (`NAME.gen`, quoted in the
    // statement): it must still make exactly that input.
    let mut generated = 0;
    for problem in PROBLEMS {
        for case in cases(problem) {
            let Some(command) = &case.generated else {
                continue;
            };
            generated += 1;
            let name = format!("problems/{problem}/tests/{}.gen", case.name);
            let (for_problem, kind, sizes, seed) =
                gen_arguments(command).unwrap_or_else(|e| panic!("{name}: {e}: {command:?}"));
            assert_eq!(
                &for_problem, problem,
                "{name}: a command for another problem"
            );
            let input = bfs_judge::gen::generate(&for_problem, &kind, &sizes, seed)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                input == case.input,
                "{name}: `{command}` no longer makes {}.in",
                case.name
            );
        }
    }
    assert!(
        generated >= PROBLEMS.len(),
        "only {generated} generated tests"
    );
    assert!(gen_arguments("gen robot-maze open 2 2").is_err());
    assert_eq!(
        gen_arguments("bfs-judge gen wave open 3 4 --seed 7"),
        Ok(("wave".into(), "open".into(), vec![3, 4], 7))
    );
}
