//! pushing-boxes beyond the byte-for-byte tests: bad input through the real binary, and
//! the checker (accepts every optimal plan, rejects wrong ones with a clear reason).

use crate::reference::pushing_boxes::reference;
use crate::stress::pushing_boxes::{place_markers, random_map, write_input};
use crate::stress::TestRng;
use crate::support::invalid_cases;
use bfs_judge::check::pushing_boxes::check;
use std::collections::{BinaryHeap, HashSet};

/// The answers a bad input keeps on stdout (`invalid/NAME.out`, which
/// `samples::pushing_boxes_invalid_inputs_fail_cleanly` holds the binary to) are the
/// reference's answers to the cases before the bad one.
#[test]
fn pushing_boxes_kept_answers_are_the_references() {
    for case in invalid_cases("pushing-boxes") {
        let valid_prefix = reference_prefix(&case.input, &case.stdout);
        assert_eq!(
            String::from_utf8_lossy(&valid_prefix),
            String::from_utf8_lossy(&case.stdout),
            "{}: kept answers differ from the reference's",
            case.name
        );
    }
}

/// The reference's output for the cases of `input` answered in `out` (counted by its
/// `Maze #` lines), taking those cases' lines from the front of the input.
fn reference_prefix(input: &[u8], out: &[u8]) -> Vec<u8> {
    let cases = String::from_utf8_lossy(out).matches("Maze #").count();
    let text = String::from_utf8_lossy(input);
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let mut prefix = String::new();
    for _ in 0..cases {
        let header = lines.next().unwrap();
        let rows: usize = header.split_whitespace().next().unwrap().parse().unwrap();
        prefix.push_str(header);
        prefix.push('\n');
        for _ in 0..rows {
            prefix.push_str(lines.next().unwrap());
            prefix.push('\n');
        }
    }
    reference(prefix.as_bytes())
}

/// A map's optimal plans found without the seed's procedure: Dijkstra over (person, box)
/// with cost (pushes, walks), then every path of tight edges to a best box-on-T state,
/// at most `cap` of them. Returns the optimum and the plans (all of them when fewer than
/// `cap`), or `None` when the box cannot reach T.
fn optimal_plans(map: &[Vec<u8>], cap: usize) -> Option<((u64, u64), Vec<String>, bool)> {
    let (rows, cols) = (map.len() as i32, map[0].len() as i32);
    let find = |m: u8| {
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .find(|&(r, c)| map[r as usize][c as usize] == m)
            .unwrap()
    };
    let (person, box_, target) = (find(b'S'), find(b'B'), find(b'T'));
    let free = |(r, c): (i32, i32)| {
        r >= 0 && c >= 0 && r < rows && c < cols && map[r as usize][c as usize] != b'#'
    };
    const MOVES: [(i32, i32, char); 4] = [(-1, 0, 'n'), (1, 0, 's'), (0, -1, 'w'), (0, 1, 'e')];
    type State = ((i32, i32), (i32, i32));
    // The moves from a state: (next state, is a push, letter).
    let moves = |(p, b): State| {
        let mut out = Vec::new();
        for (dr, dc, letter) in MOVES {
            let next = (p.0 + dr, p.1 + dc);
            if !free(next) {
                continue;
            }
            if next == b {
                let landing = (b.0 + dr, b.1 + dc);
                if free(landing) {
                    out.push(((next, landing), true, letter.to_ascii_uppercase()));
                }
            } else {
                out.push(((next, b), false, letter));
            }
        }
        out
    };
    let start: State = (person, box_);
    let mut dist = std::collections::HashMap::new();
    let mut heap = BinaryHeap::new();
    dist.insert(start, (0u64, 0u64));
    heap.push(std::cmp::Reverse(((0u64, 0u64), start)));
    while let Some(std::cmp::Reverse((d, s))) = heap.pop() {
        if dist[&s] < d {
            continue;
        }
        for (next, push, _) in moves(s) {
            let nd = if push { (d.0 + 1, d.1) } else { (d.0, d.1 + 1) };
            if dist.get(&next).map_or(true, |&old| nd < old) {
                dist.insert(next, nd);
                heap.push(std::cmp::Reverse((nd, next)));
            }
        }
    }
    let optimum = dist
        .iter()
        .filter(|(s, _)| s.1 == target)
        .map(|(_, &d)| d)
        .min()?;
    // Paths of tight edges from the start to a box-on-T state of optimal cost.
    let mut plans = Vec::new();
    let mut complete = true;
    let mut stack = vec![(start, String::new())];
    while let Some((s, path)) = stack.pop() {
        if s.1 == target && dist[&s] == optimum {
            if plans.len() == cap {
                complete = false;
                break;
            }
            plans.push(path.clone());
            continue;
        }
        let d = dist[&s];
        for (next, push, letter) in moves(s) {
            let nd = if push { (d.0 + 1, d.1) } else { (d.0, d.1 + 1) };
            if dist.get(&next) == Some(&nd) && nd <= optimum {
                let mut longer = path.clone();
                longer.push(letter);
                stack.push((next, longer));
            }
        }
    }
    Some((optimum, plans, complete))
}

fn one_case(map: &[Vec<u8>]) -> Vec<u8> {
    let mut text = format!("{} {}\n", map.len(), map[0].len()).into_bytes();
    for row in map {
        text.extend_from_slice(row);
        text.push(b'\n');
    }
    text.extend_from_slice(b"0 0\n");
    text
}

fn answer(moves: &str) -> Vec<u8> {
    format!("Maze #1\n{moves}\n\n").into_bytes()
}

/// On random small maps: the brute force agrees with the solver on the optimum, the
/// checker accepts every optimal plan (not just the seed's) and rejects every one-letter
/// change of a plan that is not itself optimal.
#[test]
fn pushing_boxes_checker_accepts_every_optimal_plan() {
    let mut alternatives = 0;
    for seed in 0..crate::support::stress_count(1500) {
        let mut rng = TestRng::new(seed ^ 0xb0c5);
        let map = random_map(&mut rng, 7);
        let input = one_case(&map);
        let jury = reference(&input);
        let found = optimal_plans(&map, 50);
        let Some((optimum, plans, complete)) = found else {
            assert_eq!(
                jury,
                answer("Impossible."),
                "seed {seed}: brute force finds no plan"
            );
            assert_eq!(check(&input, &jury, &jury), Ok(()));
            continue;
        };
        let seed_plan = String::from_utf8(jury.clone()).unwrap();
        let seed_plan = seed_plan.lines().nth(1).unwrap().to_string();
        let pushes = seed_plan.chars().filter(char::is_ascii_uppercase).count() as u64;
        let walks = seed_plan.len() as u64 - pushes;
        assert_eq!((pushes, walks), optimum, "seed {seed}: {seed_plan}");
        if complete {
            assert!(
                plans.contains(&seed_plan),
                "seed {seed}: {seed_plan} not optimal"
            );
        }
        let set: HashSet<&String> = plans.iter().collect();
        for plan in &plans {
            alternatives += 1;
            let out = answer(plan);
            assert_eq!(check(&input, &out, &jury), Ok(()), "seed {seed}: {plan}");
            // One-letter changes: rejected unless they are optimal plans themselves.
            let mut letters: Vec<char> = plan.chars().collect();
            for i in 0..letters.len() {
                let original = letters[i];
                for replacement in "nsweNSWE".chars().filter(|&c| c != original) {
                    letters[i] = replacement;
                    let changed: String = letters.iter().collect();
                    let verdict = check(&input, &answer(&changed), &jury);
                    if !complete || !set.contains(&changed) {
                        assert!(verdict.is_err(), "seed {seed}: accepted {changed}");
                    }
                }
                letters[i] = original;
            }
        }
        assert_eq!(
            check(&input, b"Maze #1\nImpossible.\n\n", &jury).map_err(|e| e.contains("exists")),
            Err(true)
        );
    }
    assert!(alternatives > 300, "only {alternatives} alternative plans");
}

/// The checker accepts the reference's output on multi-case inputs in every formatting.
#[test]
fn pushing_boxes_checker_accepts_reference_outputs() {
    for seed in 0..200 {
        let mut rng = TestRng::new(seed);
        let maps: Vec<_> = (0..3).map(|_| random_map(&mut rng, 12)).collect();
        let input = write_input(&mut rng, &maps);
        let jury = reference(&input);
        assert_eq!(check(&input, &jury, &jury), Ok(()), "seed {seed}");
        assert_eq!(
            check(&input, &jury, b""),
            Ok(()),
            "seed {seed}, no jury answer"
        );
        // CRLF and a missing final blank line are formatting the checker ignores.
        let crlf: Vec<u8> = String::from_utf8(jury.clone())
            .unwrap()
            .replace('\n', "\r\n")
            .into_bytes();
        assert_eq!(check(&input, &crlf, &jury), Ok(()), "seed {seed}, CRLF");
        assert_eq!(check(&input, &jury[..jury.len() - 1], &jury), Ok(()));
    }
}

/// Deliberately wrong outputs, each rejected with the reason that names the fault.
#[test]
fn pushing_boxes_checker_rejects_wrong_outputs_with_reasons() {
    // Case 1: the sample's third maze (answer eennwwWWWWeeeeeesswwwwwwwnNN);
    // case 2: `2 5 / TSB.. / ##...` (answer EseenWWW); case 3: impossible.
    let input = b"7 11\n###########\n#T##......#\n#.#.#..####\n#....B....#\n#.######..#\n#.....S...#\n###########\n2 5\nTSB..\n##...\n1 7\nSB..#.T\n0 0\n";
    let jury = reference(input);
    assert_eq!(
        String::from_utf8_lossy(&jury),
        "Maze #1\neennwwWWWWeeeeeesswwwwwwwnNN\n\nMaze #2\nEseenWWW\n\nMaze #3\nImpossible.\n\n"
    );
    let with = |one: &str, two: &str, three: &str| {
        format!("Maze #1\n{one}\n\nMaze #2\n{two}\n\nMaze #3\n{three}\n\n").into_bytes()
    };
    let good1 = "eennwwWWWWeeeeeesswwwwwwwnNN";
    let cases: &[(Vec<u8>, &str)] = &[
        (
            with("s", "EseenWWW", "Impossible."),
            "illegal move: case 1, move 1 `s`: walks into a wall at (7, 7)",
        ),
        (
            with(good1, "s", "Impossible."),
            "case 2, move 1 `s`: walks into a wall at (2, 2)",
        ),
        (
            with(good1, "n", "Impossible."),
            "case 2, move 1 `n`: walks off the map from (1, 2)",
        ),
        (
            with(good1, "EseenWWWW", "Impossible."),
            "illegal move: case 2, move 9 `W`: pushes the box at (1, 1) off the map",
        ),
        (
            with(good1, "e", "Impossible."),
            "illegal move: case 2, move 1 `e`: walks into the box at (1, 3)",
        ),
        (
            with("eennwwWWWWW", "EseenWWW", "Impossible."),
            "illegal move: case 1, move 11 `W`: pushes the box at (4, 2) into a wall",
        ),
        (
            with(good1, "S", "Impossible."),
            "case 2, move 1 `S`: no box to push",
        ),
        (
            with(good1, "E", "Impossible."),
            "case 2: after all 1 moves the box is at (1, 4), not on the target at (1, 1)",
        ),
        (
            with("eennwwWWWWeeeeeesswwwwwwwnNN", "Eseen WWW", "Impossible."),
            "case 2, move 6 ` `: not a move",
        ),
        (
            // Legal and on target, but two walks too many.
            with(good1, "EseewenWWW", "Impossible."),
            "case 2: 4 pushes and 6 walks, the optimum is 4 pushes and 4 walks",
        ),
        (
            with(good1, "Impossible.", "Impossible."),
            "case 2: answered `Impossible.`, but a plan with 4 pushes and 4 walks exists",
        ),
        (
            with(good1, "EseenWWW", "EEEEE"),
            "illegal move: case 3, move 3 `E`: pushes the box at (1, 4) into a wall",
        ),
        (
            b"Maze #1\neennwwWWWWeeeeeesswwwwwwwnNN\n\nMaze #3\nEseenWWW\n\n".to_vec(),
            "case 2: line 4: expected `Maze #2`, found \"Maze #3\"",
        ),
        (
            b"Maze #1\neennwwWWWWeeeeeesswwwwwwwnNN\nMaze #2\nEseenWWW\n\nMaze #3\nImpossible.\n"
                .to_vec(),
            "case 1: line 3: expected a blank line, found \"Maze #2\"",
        ),
        (
            b"Maze #1\neennwwWWWWeeeeeesswwwwwwwnNN\n\nMaze #2\nEseenWWW\n\n".to_vec(),
            "case 3: expected `Maze #3`, found end of output",
        ),
        (
            [jury.clone(), b"Maze #4\nE\n".to_vec()].concat(),
            "line 10: expected the end of the output after 3 cases, found \"Maze #4\"",
        ),
    ];
    for (output, reason) in cases {
        let verdict = check(input, output, &jury);
        match verdict {
            Err(why) => assert!(why.contains(reason), "got {why:?}, wanted {reason:?}"),
            Ok(()) => panic!("accepted a wrong output; wanted {reason:?}"),
        }
    }
    // A worse but legal plan: the counts against the optimum.
    let worse = b"4 5\n.....\n..BS.\n.#.#.\nT....\n0 0\n";
    let worse_jury = reference(worse);
    assert_eq!(worse_jury, answer("WWnwSS"));
    assert_eq!(
        check(worse, &answer("WWneswnwSS"), &worse_jury),
        Err(
            "not shortest: case 1: 4 pushes and 6 walks, the optimum is 4 pushes and 2 walks"
                .to_string()
        )
    );
    assert_eq!(check(worse, &worse_jury, &worse_jury), Ok(()));
    // A wrong jury answer is reported as such, not held against the contestant.
    let verdict = check(worse, &worse_jury, &answer("WW"));
    assert!(verdict
        .unwrap_err()
        .starts_with("the jury's answer is wrong"));
}

/// A map too large to search is refused up front (the binary turns this into a
/// one-line error naming the case) instead of aborting when an allocation fails.
#[test]
fn pushing_boxes_solver_refuses_a_search_that_cannot_fit() {
    let mut solver = bfs_judge::pushing_boxes::Solver::new();
    assert!(solver.reserve(usize::MAX / 8).is_err());
    assert!(
        solver.reserve(1 << 40).is_err(),
        "about 100 TiB of search arrays"
    );
    assert!(solver.reserve(20 * 21).is_ok());
}

/// The solver searches maps of at most 64 rows and 64 columns on bitboards and larger
/// ones cell by cell: thin maps on both sides of that edge (1 to 4 rows or columns,
/// 60 to 70 the other way), against the reference.
#[test]
fn pushing_boxes_maps_around_64_wide_or_tall_match_reference() {
    let mut rng = TestRng::new(64);
    for case in 0..crate::support::stress_count(400) {
        let (thin, long) = (1 + rng.below(4) as usize, 60 + rng.below(11) as usize);
        let density = [0, 10, 20, 30][rng.below(4) as usize];
        let (rows, cols) = if case % 2 == 0 {
            (thin, long)
        } else {
            (long, thin)
        };
        let mut map: Vec<Vec<u8>> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| if rng.chance(density) { b'#' } else { b'.' })
                    .collect()
            })
            .collect();
        place_markers(&mut rng, &mut map);
        let input = write_input(&mut rng, &[map]);
        let (got, result) = bfs_judge::core::run::run_bytes(bfs_judge::pushing_boxes::run, &input);
        assert!(result.is_ok(), "case {case}: {result:?}");
        assert!(
            got == reference(&input),
            "case {case}: output differs from the reference\n{}",
            crate::support::show(&input)
        );
    }
}
