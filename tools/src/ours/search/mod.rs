//! `bfs-judge show`: the reference search of our five problems, traced, and the page that
//! replays it (`page`). The traces (`grid`, `swap`, `boxes`) are the statements' plain
//! searches written out literally in Rust, reading the input with the solvers' own parsers;
//! the page only plays back what they recorded, so it cannot disagree with them.
//!
//! Data reaches the page compactly: integer sequences as base64 of zigzag-delta varints
//! (a BFS order moves a few cells at a time, so most take one or two bytes), walls as base64
//! bits. A 1000 x 1000 open grid is about 3 MB of page.

pub mod boxes;
pub mod grid;
pub mod page;
pub mod swap;

/// A traced search of one of our problems.
#[derive(Debug)]
pub enum Search {
    Grid(grid::Trace),
    Swap(swap::Trace),
    Boxes(boxes::Trace),
}

/// The traced search of `problem` on `input`: case `case` (from 1) of multi-case inputs.
pub fn trace(problem: &str, input: &[u8], case: usize) -> Result<Search, String> {
    let kind = match problem {
        "robot-maze" => grid::Kind::RobotMaze,
        "chase" => grid::Kind::Chase,
        "wave" => grid::Kind::Wave,
        "swap-game" => return swap::search(&swap::parse(input)?, case).map(Search::Swap),
        "pushing-boxes" => return boxes::search(boxes::parse(input)?, case).map(Search::Boxes),
        other => {
            return Err(format!(
                "no search to show for `{other}`: show knows {}",
                bfs_judge::gen::PROBLEMS.join(", ")
            ))
        }
    };
    if case != 1 {
        return Err(format!(
            "{problem} has one maze per input; --case {case} names none"
        ));
    }
    Ok(Search::Grid(grid::search(kind, grid::parse(kind, input)?)))
}

/// The search page for a failing case's picture, and the fragment that opens it where the
/// routes part: `#cell=r,c` (0-based) on a grid, `#step=N` (the move) for pushing-boxes.
/// `None` when the input is not one the trace reads.
pub fn for_picture(
    problem: &str,
    input: &[u8],
    picture: &bfs_judge::check::trace::Picture,
) -> Option<(String, String)> {
    let search = trace(problem, input, picture.case).ok()?;
    let at = picture.divergence().filter(|&d| d > 0).map(|d| d - 1);
    let fragment = match &search {
        Search::Boxes(_) => format!("#step={}", at.unwrap_or(0)),
        _ => {
            let cell = at.and_then(|i| picture.expected.cells.get(i).or(picture.got.cells.get(i)));
            cell.map_or(String::new(), |(r, c)| format!("#cell={r},{c}"))
        }
    };
    let title = format!("{problem}: the search");
    Some((page::page(&search, &title), fragment))
}

/// Base64 (RFC 4648, with padding) of `bytes`.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `values` as zigzag varints of their differences (the first from 0), base64.
pub fn deltas(values: impl IntoIterator<Item = u64>) -> String {
    let mut bytes = Vec::new();
    let mut last = 0i64;
    for v in values {
        let d = v as i64 - last;
        last = v as i64;
        let mut z = ((d << 1) ^ (d >> 63)) as u64;
        while z >= 0x80 {
            bytes.push((z as u8 & 0x7f) | 0x80);
            z >>= 7;
        }
        bytes.push(z as u8);
    }
    base64(&bytes)
}

/// `bits` packed eight to a byte, low bit first, base64.
pub fn bits(bits: &[bool]) -> String {
    let mut bytes = vec![0u8; bits.len().div_ceil(8)];
    for (i, _) in bits.iter().enumerate().filter(|(_, &b)| b) {
        bytes[i / 8] |= 1 << (i % 8);
    }
    base64(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn deltas_are_zigzag_varints() {
        // 0 -> 0, +1 -> 2, -1 -> 1, +200 -> 400 = 0x190 -> 0x90 0x03.
        assert_eq!(deltas([0, 1, 0, 200]), base64(&[0, 2, 1, 0x90, 0x03]));
    }
}

/// The traces against the real solvers: on every test case of each problem and on seeded
/// random cases from our generators, the answer the trace gives is byte for byte what the
/// solver prints.
#[cfg(test)]
mod against_the_solvers {
    use super::*;
    use std::path::PathBuf;

    fn solver(problem: &str, input: &[u8], path: bool) -> Vec<u8> {
        let mut sink = Vec::new();
        let mut buf = input.to_vec();
        {
            let mut out = bfs_judge::core::out::Output::new(&mut sink);
            let run = match problem {
                "robot-maze" => bfs_judge::robot_maze::run,
                "chase" if path => bfs_judge::chase::run_path,
                "chase" => bfs_judge::chase::run,
                "wave" => bfs_judge::wave::run,
                "swap-game" => bfs_judge::swap_game::run,
                _ => bfs_judge::pushing_boxes::run,
            };
            run(&mut buf, &mut out).expect("a valid input");
            out.finish().unwrap();
        }
        sink
    }

    /// The answer the trace gives for the whole input (every maze; the first `boards`
    /// boards of swap-game).
    fn traced(problem: &str, input: &[u8], path: bool, boards: usize) -> Vec<u8> {
        match problem {
            "swap-game" => {
                let all = swap::parse(input).unwrap();
                let mut out = Vec::new();
                for case in 1..=all.len().min(boards) {
                    let t = swap::search(&all, case).unwrap();
                    out.extend(format!("{}\n", t.answer()).into_bytes());
                }
                out
            }
            "pushing-boxes" => {
                let count = boxes::parse(input).unwrap().len();
                let mut out = Vec::new();
                for case in 1..=count {
                    let t = boxes::search(boxes::parse(input).unwrap(), case).unwrap();
                    out.extend(t.answer());
                }
                out
            }
            _ => match trace(problem, input, 1).unwrap() {
                Search::Grid(t) => {
                    check_rules(&t);
                    t.answer(path)
                }
                _ => unreachable!(),
            },
        }
    }

    /// Each step's rule: the move taken is the first of the moves that keep the route
    /// shortest, and the layers close at the target's distance.
    fn check_rules(t: &grid::Trace) {
        for tie in &t.ties {
            assert_eq!(Some(&tie.chosen), tie.candidates.first(), "{tie:?}");
        }
        if let Some(d) = t.distance {
            // The search stops with the target, the last cell taken, in layer d.
            assert_eq!(t.entered[t.taken - 1], t.target);
            assert_eq!(t.last_layer(), d);
            assert_eq!(t.route.len(), d as usize + 1);
        }
    }

    fn compare(problem: &str, name: &str, input: &[u8], path: bool) {
        let want = solver(problem, input, path);
        // swap-game: 2 boards of each input (a traced search costs up to 9! boards).
        let got = traced(problem, input, path, 2);
        let want = if problem == "swap-game" {
            let lines: Vec<&[u8]> = want.split_inclusive(|&b| b == b'\n').take(2).collect();
            lines.concat()
        } else {
            want
        };
        assert!(
            got == want,
            "{problem}/{name}: the trace gives\n{}\nthe solver\n{}",
            String::from_utf8_lossy(&got[..got.len().min(400)]),
            String::from_utf8_lossy(&want[..want.len().min(400)])
        );
    }

    fn cases(problem: &str) -> Vec<(String, Vec<u8>, bool)> {
        let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../problems"))
            .join(problem)
            .join("tests");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "in") {
                let args = std::fs::read_to_string(path.with_extension("args")).unwrap_or_default();
                let name = path.file_stem().unwrap().to_string_lossy().into_owned();
                out.push((name, std::fs::read(&path).unwrap(), args.contains("--path")));
            }
        }
        assert!(out.len() >= 5, "{problem}: only {} cases", out.len());
        out
    }

    fn every_test_case(problem: &str) {
        for (name, input, path) in cases(problem) {
            compare(problem, &name, &input, path);
        }
    }

    fn random_cases(problem: &str, kinds: &[&str], sizes: &[u64]) {
        for kind in kinds {
            for seed in 1..=12 {
                let input = bfs_judge::gen::generate(problem, kind, sizes, seed).unwrap();
                compare(problem, &format!("gen {kind} seed {seed}"), &input, false);
                if problem == "chase" {
                    compare(
                        problem,
                        &format!("gen {kind} seed {seed} --path"),
                        &input,
                        true,
                    );
                }
            }
        }
    }

    const LAYOUTS: &[&str] = &[
        "open", "random", "maze", "braid", "rooms", "split", "walled",
    ];

    #[test]
    fn robot_maze() {
        every_test_case("robot-maze");
        random_cases("robot-maze", LAYOUTS, &[17, 23]);
        random_cases("robot-maze", &["random,wallstart", "open,same"], &[9, 12]);
    }

    #[test]
    fn chase() {
        every_test_case("chase");
        random_cases("chase", LAYOUTS, &[19, 21]);
    }

    #[test]
    fn wave() {
        every_test_case("wave");
        random_cases("wave", LAYOUTS, &[21, 18]);
    }

    #[test]
    fn pushing_boxes() {
        every_test_case("pushing-boxes");
        random_cases("pushing-boxes", &["random", "maze", "open"], &[3, 7, 8]);
    }

    #[test]
    fn swap_game() {
        every_test_case("swap-game");
        random_cases("swap-game", &["random"], &[2]);
    }

    #[test]
    fn the_swap_trace_shows_twelve_neighbours_and_the_layers() {
        let boards = swap::parse(b"2 1 3\n7 5 9\n8 4 6\n").unwrap();
        let t = swap::search(&boards, 1).unwrap();
        assert_eq!(t.layers, [1, 12, 88, 470, 1978]);
        assert_eq!(t.neighbours.len(), 12);
        assert_eq!(t.answer(), 4);
        // Each board of the answer is one swap from the one before.
        for w in t.path.windows(2) {
            let (i, j) = w[1].1.unwrap();
            let mut b = w[0].0;
            b.swap(i, j);
            assert_eq!(b, w[1].0);
        }
        let closer: Vec<_> = t.neighbours.iter().filter(|n| n.distance == 3).collect();
        assert!(closer.iter().any(|n| n.pair == (0, 1)), "{closer:?}");
    }
}
