//! The page of a traced search: one HTML file, its data (from the trace, compact) and its
//! script and style inline, no network. The script decodes the data and draws it; every
//! fact it shows (which cell leaves the queue, what the queue holds, distances, first moves,
//! the route and each step's rule) comes from the trace.
//!
//! Grid problems step cell by cell up to [`CELL_STEPS`] cells taken, beyond that layer by
//! layer (a 1000 x 1000 grid has about 2,000 layers, not 10^6 steps), and the walk back in
//! at most [`ROUTE_STEPS`] steps (one more for the move where a failing case's routes part,
//! so that `#cell=r,c` there opens at that move's rule: where the tie is decided, as the
//! statement's rule words it). The grid is a canvas: one pixel per cell drawn scaled, the
//! numbers and arrows only where cells are large enough to read them.

use serde_json::{json, Value};

use crate::ours::template::{escape, fill};

use super::grid::{self, Route};
use super::{bits, boxes, deltas, swap, Search};
use bfs_judge::core::dir::Dir;
use bfs_judge::pushing_boxes::{ORDER, PUSHES, WALKS};

/// Up to this many cells taken, one step per cell; beyond, one step per layer.
pub const CELL_STEPS: usize = 4096;
/// The walk back in at most this many steps (each showing the rule of its last move).
pub const ROUTE_STEPS: usize = 400;

fn arrow(d: Dir) -> u8 {
    d as u8
}

/// The rule that picked the route's move `i` (route order), in words.
fn rule(t: &grid::Trace, i: usize) -> String {
    let k = t.rules;
    let name = |cell| t.cell_name(cell);
    let order = k.order_text();
    match k.route {
        Route::FirstParents => {
            let tie = &t.ties[i];
            let (from, to) = (t.route[i], t.route[i + 1]);
            let head = format!(
                "{} was first reached from {} by {}.",
                name(to),
                name(from),
                k.name(tie.chosen)
            );
            if tie.candidates.len() > 1 {
                let others: Vec<&str> = tie
                    .candidates
                    .iter()
                    .filter(|&&d| d != tie.chosen)
                    .map(|&d| k.name(d))
                    .collect();
                format!(
                    "{head} At {}, {} also keeps the route shortest; {} comes first in {order}.",
                    name(from),
                    others.join(" and "),
                    k.name(tie.chosen)
                )
            } else {
                format!(
                    "{head} At {}, no other move keeps the route shortest.",
                    name(from)
                )
            }
        }
        Route::WalkBack => {
            // ties are in the walk back's order: tie j stands on route[len - 1 - j].
            let j = t.ties.len() - 1 - i;
            let tie = &t.ties[j];
            let d = t.ties.len() - j;
            let names: Vec<&str> = tie.candidates.iter().map(|&d| k.name(d)).collect();
            let to = name(t.route[i]);
            if names.len() > 1 {
                format!(
                    "At {} (wave number {d}), the neighbours numbered {} are {}; {} comes first in {order}: the walk steps to {to}.",
                    name(tie.at),
                    d - 1,
                    names.join(" and "),
                    k.name(tie.chosen)
                )
            } else {
                format!(
                    "At {} (wave number {d}), only the neighbour {} ({to}) is numbered {}.",
                    name(tie.at),
                    k.name(tie.chosen),
                    d - 1
                )
            }
        }
    }
}

/// `part`: the cell where a contestant's route parts from the judge's, whose move of the
/// route gets a step of the walk back of its own (the page opens there, at its rule).
fn grid_data(t: &grid::Trace, part: Option<u32>) -> Value {
    let by_layer = t.taken > CELL_STEPS;
    // Search steps: the index of the last cell taken in each step, and the queue's end.
    let last = t.taken.saturating_sub(1);
    let ends: Vec<usize> = if by_layer {
        let mut ends: Vec<usize> = t.layers[1..]
            .iter()
            .map(|&l| (l as usize).saturating_sub(1))
            .filter(|&k| k < last)
            .collect();
        ends.push(last);
        ends
    } else {
        (0..t.taken).collect()
    };
    let tails: Vec<u64> = ends.iter().map(|&k| u64::from(t.tail[k])).collect();
    let mut via = vec![0u8; t.via.len().div_ceil(4)];
    for (i, &m) in t.via.iter().enumerate() {
        via[i / 4] |= (m & 3) << (2 * (i % 4));
    }
    // The walk back from the target: step j shows the route's last j moves.
    let moves = t.route.len().saturating_sub(1);
    let per = moves.div_ceil(ROUTE_STEPS).max(1);
    let tie = part
        .and_then(|cell| t.route.iter().position(|&c| c == cell))
        .map(|o| moves.saturating_sub(o));
    let route_steps: Vec<Value> = (1..=moves)
        .filter(|&j| j % per == 0 || j == moves || Some(j) == tie)
        .map(|j| json!([j, rule(t, moves - j)]))
        .collect();
    let labels: Vec<Value> = t
        .cells
        .iter()
        .enumerate()
        .filter(|(i, &b)| b.is_ascii_alphabetic() || *i as u32 == t.start || *i as u32 == t.target)
        .map(|(i, &b)| {
            let (r, c) = t.coords(i as u32);
            // A letter of the input, else the start or target robot-maze's header gives.
            let text = match b {
                _ if b.is_ascii_alphabetic() => b as char,
                _ if i as u32 == t.start => 'S',
                _ => 'F',
            };
            json!([r, c, text.to_string()])
        })
        .collect();
    let k = t.rules;
    let name = |cell: u32| t.cell_name(cell);
    json!({
        "kind": "grid",
        "cellName": k.cells.page_key(),
        "rows": t.rows,
        "cols": t.cols,
        "walls": bits(&t.walls),
        "labels": labels,
        "start": t.start,
        "target": t.target,
        "startName": name(t.start),
        "targetName": name(t.target),
        "moveNames": Dir::ALL.map(|d| k.name(d)),
        "order": k.order_text(),
        "entered": deltas(t.entered.iter().map(|&c| u64::from(c))),
        "count": t.entered.len(),
        "via": super::base64(&via),
        "taken": t.taken,
        "byLayer": by_layer,
        "ends": deltas(ends.iter().map(|&k| k as u64)),
        "tails": deltas(tails),
        "steps": ends.len(),
        "layers": deltas(t.layers.iter().map(|&l| u64::from(l))),
        "layerCount": t.last_layer() + 1,
        "distance": t.distance,
        "route": deltas(t.route.iter().map(|&c| u64::from(c))),
        "routeSteps": route_steps,
        "arrows": [arrow(Dir::Up), arrow(Dir::Down), arrow(Dir::Left), arrow(Dir::Right)],
    })
}

fn swap_data(t: &swap::Trace) -> Value {
    json!({
        "kind": "swap",
        "case": t.case,
        "cases": t.cases,
        "start": t.start,
        "neighbours": t.neighbours.iter().map(|n| json!({"pair": [n.pair.0, n.pair.1], "board": n.board, "distance": n.distance})).collect::<Vec<_>>(),
        "layers": t.layers,
        "path": t.path.iter().map(|(b, p)| json!({"board": b, "pair": p.map(|(i, j)| [i, j])})).collect::<Vec<_>>(),
        "answer": t.answer(),
    })
}

fn boxes_data(t: &boxes::Trace) -> Value {
    let moves = t.moves();
    // Where the keeper and the box stand after each move (before the first: the start).
    let (mut keeper, mut box_at) = (t.keeper, t.box_start);
    let mut at = vec![json!([keeper, box_at, -1])];
    // A move's direction: the place of its letter in `letters` (walks or pushes).
    let dir = |letters: &[u8; 4], m: u8| ORDER[letters.iter().position(|&l| l == m).unwrap()];
    for (s, seg) in t.segments.iter().enumerate() {
        for &m in &seg.walk.moves {
            keeper = t.step(keeper, dir(&WALKS, m)).unwrap();
            at.push(json!([keeper, box_at, s]));
        }
        keeper = seg.box_at;
        box_at = t.step(seg.box_at, dir(&PUSHES, seg.push)).unwrap();
        at.push(json!([keeper, box_at, s]));
    }
    let segments: Vec<Value> = t
        .segments
        .iter()
        .map(|s| {
            json!({
                "from": s.walk.from,
                "to": s.walk.to,
                "reached": s.walk.reached.iter().map(|&(c, d)| [c, d]).collect::<Vec<_>>(),
                "walk": String::from_utf8_lossy(&s.walk.moves),
                "push": (s.push as char).to_string(),
                "state": s.state,
                "cost": [s.cost.0, s.cost.1],
            })
        })
        .collect();
    json!({
        "kind": "boxes",
        "case": t.case,
        "cases": t.cases,
        "rows": t.rows,
        "cols": t.cols,
        "walls": bits(&t.walls),
        "keeper": t.keeper,
        "box": t.box_start,
        "target": t.target,
        "possible": t.possible,
        "moves": String::from_utf8_lossy(&moves),
        "at": at,
        "segments": segments,
        "states": t.taken.len(),
        "answer": String::from_utf8_lossy(&t.answer()),
    })
}

/// The page for `search`, titled `title` (`problem/case`).
pub fn page(search: &Search, title: &str) -> String {
    page_at(search, title, None)
}

/// The page for `search`, whose walk back has a step of its own at `part` (`(r, c)`,
/// 0-based): the cell where a failing case's routes part, which its `#cell=r,c` opens at.
pub fn page_at(search: &Search, title: &str, part: Option<(i64, i64)>) -> String {
    let mut data = match search {
        Search::Grid(t) => {
            let inside = |(r, c): (i64, i64)| {
                let (r, c) = (u32::try_from(r).ok()?, u32::try_from(c).ok()?);
                (r < t.rows && c < t.cols).then(|| r * t.cols + c)
            };
            grid_data(t, part.and_then(inside))
        }
        Search::Swap(t) => swap_data(t),
        Search::Boxes(t) => boxes_data(t),
    };
    data["title"] = json!(title);
    // `</` inside a script would end it; JSON allows `<\/`.
    let data = serde_json::to_string(&data)
        .expect("plain data")
        .replace("</", "<\\/");
    let data = format!("const D={data};");
    fill(TEMPLATE, &[("{title}", &escape(title)), ("{data}", &data)])
}

const TEMPLATE: &str = include_str!("page.html");

#[cfg(test)]
mod tests {
    use super::*;

    /// A route of 901 moves is walked back 3 moves a step; the move from where a failing
    /// case's routes part gets a step of its own all the same, with its rule.
    #[test]
    fn the_move_where_the_routes_part_has_its_own_step_of_the_walk_back() {
        let mut input = String::from("3 900 1 1 3 900\n");
        for _ in 0..3 {
            input.push_str(&"0".repeat(900));
            input.push('\n');
        }
        let search = super::super::trace("robot-maze", input.as_bytes(), 1).unwrap();
        // The route goes down twice, then right: route[2] is (2, 0), 899 moves from the end,
        // not a multiple of 3.
        let own = "[899,\"(3, 2) was first reached from (3, 1) by R.";
        assert!(!page(&search, "t").contains(own));
        let at = page_at(&search, "t", Some((2, 0)));
        assert!(at.contains(own), "no step of its own");
        // A cell off the grid or off the route adds nothing.
        assert_eq!(page_at(&search, "t", Some((-1, 5))), page(&search, "t"));
        assert_eq!(page_at(&search, "t", Some((0, 5))), page(&search, "t"));
    }
}
