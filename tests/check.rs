//! The checkers: they accept every expected output and valid alternatives (other tie
//! orders of the literal references), and reject wrong outputs with a reason.

use crate::reference;
use crate::stress::TestRng;
use crate::support::cases;
use bfs_judge::check;

type Checker = fn(&[u8], &[u8], &[u8]) -> Result<(), String>;

fn accepts(checker: Checker, input: &[u8], output: &[u8], answer: &[u8]) {
    if let Err(reason) = checker(input, output, answer) {
        panic!(
            "rejected a valid output: {reason}\n--- input\n{}--- output\n{}",
            String::from_utf8_lossy(input),
            String::from_utf8_lossy(output)
        );
    }
}

fn rejects(checker: Checker, input: &[u8], output: &[u8], answer: &[u8], fragment: &str) {
    match checker(input, output, answer) {
        Ok(()) => panic!(
            "accepted a wrong output\n--- input\n{}--- output\n{}",
            String::from_utf8_lossy(input),
            String::from_utf8_lossy(output)
        ),
        Err(reason) => assert!(
            reason.contains(fragment),
            "reason {reason:?} lacks {fragment:?}"
        ),
    }
}

#[test]
fn checkers_accept_every_expected_output() {
    for (problem, checker) in [
        ("robot-maze", check::robot_maze::check as Checker),
        ("chase", check::chase::check),
        ("wave", check::wave::check),
    ] {
        for case in cases(problem) {
            accepts(checker, &case.input, &case.expected, &case.expected);
            // Line-end tolerance: CRLF and trailing spaces are not content.
            let loose: Vec<u8> = String::from_utf8(case.expected.clone())
                .unwrap()
                .replace('\n', " \r\n")
                .into_bytes();
            accepts(checker, &case.input, &loose, &case.expected);
        }
    }
}

const CHASE: &[u8] = b"S . . #\n# # . #\n. . . .\n. # # E\n";
const CHASE_PATH: &[u8] = b"(0, 0) (0, 1) (0, 2) (1, 2) (2, 2) (2, 3) (3, 3)\n";

#[test]
fn chase_checker_rejects_wrong_paths_with_reasons() {
    let c = check::chase::check as Checker;
    let wrong: &[(&str, &str)] = &[
        ("(0, 0) (1, 0) (2, 0)", "illegal move: step 1 enters a wall: cell 2 (1, 0) is a wall"),
        (
            "(0, 0) (0, 1) (1, 2) (2, 2) (2, 3) (3, 3)",
            "illegal move: step 2 jumps: cell 3 (1, 2) is not next to cell 2 (0, 1)",
        ),
        (
            "(0, 1) (0, 2) (1, 2) (2, 2) (2, 3) (3, 3)",
            "illegal move: before step 1: cell 1 (0, 1) is not the start (0, 0); rows and columns count from 0",
        ),
        (
            "(0, 0) (0, 1) (0, 2) (1, 2) (2, 2) (2, 3)",
            "the path ends at (2, 3), not at the finish (3, 3)",
        ),
        (
            "(0, 0) (0, 1) (0, 2) (1, 2) (2, 2) (2, 1) (2, 2) (2, 3) (3, 3)",
            "not shortest: 2 moves longer than the optimum: the path has 8 moves, a shortest one has 6",
        ),
        (
            "(0, 0) (4, 0)",
            "illegal move: step 1 leaves the grid: cell 2 (4, 0) is outside the 4x4 grid",
        ),
        ("0 0 0 1", "cell 1: expected `(r, c)`"),
        ("(0, 0) (0, 1", "cell 2: expected `(r, c)`"),
        ("", "the path is empty, but the finish is reachable"),
    ];
    for (output, fragment) in wrong {
        rejects(
            c,
            CHASE,
            format!("{output}\n").as_bytes(),
            CHASE_PATH,
            fragment,
        );
    }
    rejects(c, CHASE, b"(0, 0)\n(0, 1)\n", CHASE_PATH, "on one line");
    let unreachable = b"S#E\n";
    rejects(c, unreachable, b"(0, 0)\n", b"\n", "but E is unreachable");
    accepts(c, unreachable, b"\n", b"\n");
    accepts(c, unreachable, b"", b"\n");
    // Distance mode, chosen by a numeric answer.
    accepts(c, CHASE, b"6\n", b"6\n");
    rejects(c, CHASE, b"5\n", b"6\n", "printed \"5\", the answer is 6");
    rejects(c, CHASE, CHASE_PATH, b"6\n", "the answer is 6");
    rejects(c, unreachable, b"2\n", b"-1\n", "the answer is -1");
    // A jury answer that disagrees with the input is not trusted.
    rejects(c, CHASE, b"7\n", b"7\n", "bad answer file");
    rejects(c, CHASE, CHASE_PATH, b"(0, 0)\n", "bad answer file");
}

const WAVE: &[u8] = b"4 6\n......\ns#.#..\n.#.#..\n...#f.\n";
const WAVE_ANSWER: &[u8] = b"8\n*****.\ns#.#*.\n.#.#*.\n...#f.\n";

#[test]
fn wave_checker_accepts_another_shortest_path_and_rejects_wrong_ones() {
    let c = check::wave::check as Checker;
    // Down then right instead of right then down: as short.
    let open = b"3 3\ns..\n...\n..f\n";
    let open_answer = b"4\ns**\n..*\n..f\n";
    accepts(c, open, b"4\ns..\n*..\n**f\n", open_answer);
    accepts(c, open, b"4\ns*.\n.**\n..f\n", open_answer);
    rejects(
        c,
        open,
        b"4\ns*.\n**.\n..f\n",
        open_answer,
        "do not connect",
    );
    let wrong: &[(&[u8], &str)] = &[
        (
            b"9\n*****.\ns#.#*.\n.#.#*.\n...#f.\n",
            "line 1 gives 9 moves, the optimum is 8",
        ),
        (b"-1\n", "line 1 gives -1 moves, the optimum is 8"),
        (b"eight\n", "line 1 is \"eight\", expected the number 8"),
        (
            b"8\n*****.\ns#.#*.\n.#.#*.\n",
            "expected 4 rows of the maze after line 1, found 3",
        ),
        (
            b"8\n*****.\ns#*#*.\n.#.#*.\n...#f.\n",
            "8 `*` cells, but a shortest path has 7 cells",
        ),
        (
            b"8\n****..\ns#.#*.\n.#.#*.\n...#f.\n",
            "illegal move: step 5 jumps: the `*` cells do not connect s to f; from s they lead no further than row 1, column 4",
        ),
        (
            b"8\n****.*\ns#.#*.\n.#.#*.\n...#f.\n",
            "do not connect s to f",
        ),
        (
            b"8\n*****.\ns*.#*.\n.#.#*.\n...#f.\n",
            "illegal move: the path enters a wall: row 2, column 2: `*` on \"#\"",
        ),
        (
            b"8\n*****.\ns#.#*.\n.#.#*.\n...#f#\n",
            "row 4, column 6: found \"#\" where the maze has \".\"",
        ),
        (
            b"8\n*****.\ns#.#*.\n.#.#*.\n...#f\n",
            "row 4 (line 5) has 5 characters",
        ),
    ];
    for (output, fragment) in wrong {
        rejects(c, WAVE, output, WAVE_ANSWER, fragment);
    }
    // Legal but longer: the count line is right, the `*` path goes round by column 6.
    rejects(
        c,
        WAVE,
        b"8\n******\ns#.#.*\n.#.#.*\n...#f*\n",
        WAVE_ANSWER,
        "not shortest: 2 moves longer than the optimum: the `*` cells make a path of 10 moves",
    );
    let unreachable = b"1 3\ns#f\n";
    accepts(c, unreachable, b"-1\n", b"-1\n");
    rejects(
        c,
        unreachable,
        b"-1\ns#f\n",
        b"-1\n",
        "nothing may follow -1",
    );
    rejects(
        c,
        unreachable,
        b"2\ns*f\n",
        b"-1\n",
        "line 1 gives 2 moves, the optimum is -1",
    );
    rejects(c, WAVE, WAVE_ANSWER, b"7\n", "bad answer file");
}

const ROBOT: &[u8] = b"3 3 1 1 3 3\n000\n010\n000\n";

#[test]
fn robot_maze_checker_accepts_another_shortest_path_and_rejects_wrong_ones() {
    let c = check::robot_maze::check as Checker;
    let answer = b"1 1\n2 1\n3 1\n3 2\n3 3\n";
    accepts(c, ROBOT, answer, answer);
    accepts(c, ROBOT, b"1 1\n1 2\n1 3\n2 3\n3 3\n", answer);
    let wrong: &[(&[u8], &str)] = &[
        (
            b"1 1\n1 2\n2 2\n2 3\n3 3\n",
            "illegal move: step 2 enters a wall: cell 3 (2 2) is a wall",
        ),
        (
            b"1 1\n2 1\n3 1\n3 3\n",
            "cell 4 (3 3) is not next to cell 3 (3 1)",
        ),
        (
            b"2 1\n3 1\n3 2\n3 3\n",
            "cell 1 (2 1) is not the start (1 1); rows and columns count from 1",
        ),
        (
            b"1 1\n2 1\n3 1\n3 2\n",
            "the path ends at (3 2), not at the finish (3 3)",
        ),
        (
            b"1 1\n2 1\n1 1\n2 1\n3 1\n3 2\n3 3\n",
            "the path has 6 moves, a shortest one has 4",
        ),
        (
            b"1 1\n2 1\n3 1\n4 1\n",
            "cell 4 (4 1) is outside the 3x3 grid",
        ),
        (
            b"-1\n",
            "printed -1, but the finish is reachable in 4 moves",
        ),
        (b"1 1\n0 1\n", "line 2 is \"0 1\", expected a cell `r c`"),
        (b"", "the path is empty"),
    ];
    for (output, fragment) in wrong {
        rejects(c, ROBOT, output, answer, fragment);
    }
    // The start may be a wall; a walled finish is unreachable.
    let walled_start = b"1 3 1 1 1 3\n100\n";
    accepts(c, walled_start, b"1 1\n1 2\n1 3\n", b"1 1\n1 2\n1 3\n");
    let walled_finish = b"1 3 1 1 1 3\n001\n";
    accepts(c, walled_finish, b"-1\n", b"-1\n");
    rejects(
        c,
        walled_finish,
        b"1 1\n1 2\n1 3\n",
        b"-1\n",
        "line 1 is \"1 1\", expected -1",
    );
    rejects(c, ROBOT, answer, b"-1\n", "bad answer file");
}

/// Reversed and rotated tie orders give other shortest paths, which must pass; a path
/// with one middle cell dropped never can. (And robot-maze's reference answers pass.)
#[test]
fn checkers_accept_other_tie_orders_on_random_maps() {
    let orders = [
        [(0, -1), (0, 1), (-1, 0), (1, 0)],
        [(0, 1), (1, 0), (0, -1), (-1, 0)],
    ];
    for seed in 0..crate::support::stress_count(2_000) {
        let input = crate::stress::robot_maze::make(seed);
        let answer = reference::robot_maze::reference(&input);
        accepts(check::robot_maze::check, &input, &answer, &answer);
        let input = crate::stress::chase::make(seed);
        let (grid, start, goal) = reference::chase::parse(&input);
        let answer = reference::chase::reference_path(&input);
        for order in &orders {
            let path = reference::chase::find_path(&grid, start, goal, order);
            let output = reference::chase::format_path(&path);
            accepts(check::chase::check, &input, &output, &answer);
            if path.len() >= 3 {
                let mut rng = TestRng::new(seed);
                let mut shorter = path.clone();
                shorter.remove(1 + rng.below(path.len() as u64 - 2) as usize);
                let output = reference::chase::format_path(&shorter);
                rejects(
                    check::chase::check,
                    &input,
                    &output,
                    &answer,
                    "is not next to",
                );
            }
        }
        let input = crate::stress::wave::make(seed);
        let answer = reference::wave::reference(&input);
        for order in &orders {
            let output = reference::wave::reference_with_order(&input, order);
            accepts(check::wave::check, &input, &output, &answer);
            if let Some(star) = output.iter().position(|&b| b == b'*') {
                let mut fewer = output.clone();
                fewer[star] = b'.';
                rejects(check::wave::check, &input, &fewer, &answer, "`*` cells");
            }
        }
    }
}

/// `explain` rejects a valid answer that is not the judge's, naming the step where the two
/// part and the move that comes first; the judge's own answer passes.
#[test]
fn a_valid_answer_that_breaks_a_tie_otherwise_is_a_wrong_tie_break() {
    use check::tie::explain;
    let robot_answer = b"1 1\n2 1\n3 1\n3 2\n3 3\n";
    assert_eq!(
        explain("robot-maze", ROBOT, robot_answer, robot_answer),
        Ok(())
    );
    assert_eq!(
        explain(
            "robot-maze",
            ROBOT,
            b"1 1\n1 2\n1 3\n2 3\n3 3\n",
            robot_answer
        ),
        Err(
            "wrong tie-break: step 1: you moved R; D also gets one step closer and comes \
             first in U < D < L < R (at (1 1))"
                .to_string()
        )
    );
    // A checker's rejection passes through, named.
    let wall = explain(
        "robot-maze",
        ROBOT,
        b"1 1\n1 2\n2 2\n2 3\n3 3\n",
        robot_answer,
    );
    assert!(wall.unwrap_err().starts_with("illegal move: step 2"));
    // Spacing is not a tie-break.
    let spaced = explain(
        "robot-maze",
        ROBOT,
        b"1  1\n2 1\n3 1\n3 2\n3 3\n",
        robot_answer,
    );
    assert!(spaced.unwrap_err().contains("written differently"));

    let open = b"3 3\ns..\n...\n..f\n";
    assert_eq!(
        explain("wave", open, b"4\ns..\n*..\n**f\n", b"4\ns**\n..*\n..f\n"),
        Err(
            "wrong tie-break: step 1 of the walk back from f: you moved left; up also gets \
             one step closer to s and comes first in up < right < down < left (at row 3, \
             column 3)"
                .to_string()
        )
    );

    let chase = b"S..\n...\n..E\n";
    let chase_answer = b"(0, 0) (1, 0) (2, 0) (2, 1) (2, 2)\n";
    assert_eq!(
        explain(
            "chase",
            chase,
            b"(0, 0) (0, 1) (1, 1) (2, 1) (2, 2)\n",
            chase_answer
        ),
        Err(
            "wrong tie-break: step 1: you moved R; D also gets one step closer and comes \
             first in D < U < R < L (at (0, 0))"
                .to_string()
        )
    );

    let boxes = b"3 5\nS....\n.....\n..B.T\n0 0\n";
    let reason = explain(
        "pushing-boxes",
        boxes,
        b"Maze #1\nessEE\n\n",
        b"Maze #1\nsseEE\n\n",
    )
    .unwrap_err();
    assert!(
        reason.starts_with(
            "wrong tie-break: case 1, move 1: at (1, 1) you did `e`, the judge's plan does `s`"
        ),
        "{reason}"
    );
}
