//! The HTML page of a failing grid case (`target/judge/<problem>/<case>.html`): the whole
//! maze, the judge's route and the contestant's, where they part ringed, zoom and pan;
//! for pushing-boxes a step slider that moves the person and the box of both plans.
//!
//! Why a canvas: an SVG of a 1000 x 1000 maze is a million elements, and every zoom lays
//! them out again. Here the walls are painted once into an off-screen bitmap of one pixel
//! per cell, drawn scaled (no smoothing) on each frame; zoomed out (cells under 8 pixels)
//! the routes are such bitmaps too, zoomed in they and the grid lines are drawn only for the
//! cells in view. A 1000 x 1000 serpentine (a route of 500,000 cells) draws in a few ms per
//! frame without a GPU (the `#bench` page fragment measures it). The page is one file with
//! no network access: data, style and script inline, its template `page.html` beside this
//! file.
//!
//! What a reader needs at first sight: the named mistake whole, on a line of its own under the
//! bar (wrapped, never cut); a maze whose fitted cells are under 12 pixels opens zoomed in,
//! centred on where the routes part (else on the contestant's last cell) as far as the
//! maze's edges allow; the view keeps a margin that holds the ring around any cell, and the
//! canvas starts under the bar whatever its height.
//!
//! Colours (the screenshot tests read them): free `#ffffff`, wall `#333333`, outside the
//! maze `#e8e8e8`, the judge's route `#1a9850`, the contestant's `#d73027`, the divergence a
//! `#ff00ff` ring, letters (S, F...) `#1f4fbf` on a white badge drawn over the routes. The two
//! routes differ in shape too, for readers who cannot tell red from green (the legend shows
//! both): zoomed in, the judge's is a solid band half a cell wide through the cells' centres,
//! the contestant's a thin dashed line with a diamond on each cell, on top, so a shared cell
//! shows both; zoomed out (cells under 8 pixels), the judge's cells are grown by one cell
//! around and the contestant's drawn ungrown on top: a thin line in a wide band.
//!
//! What each frame drew is published on `<body>` for the tests: `data-view` (cell size,
//! offsets, the canvas' top and size), `data-ring` (its centre and outer radius, page
//! pixels), `data-labels`, `data-frames`; `data-ready` once the first frame is drawn.

use std::fmt::Write as _;

use bfs_judge::check::trace::{Picture, Route};

use crate::ours::template::{escape, fill};

/// `[r0,c0,r1,c1,...]`.
fn flat(cells: &[(i64, i64)]) -> String {
    let mut s = String::with_capacity(cells.len() * 8 + 2);
    s.push('[');
    for (i, (r, c)) in cells.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{r},{c}");
    }
    s.push(']');
    s
}

fn route_js(route: &Route) -> String {
    format!(
        "{{cells:{},boxes:{},moves:{:?}}}",
        flat(&route.cells),
        flat(&route.boxes),
        // The first entry stands for the start, where no move led.
        String::from_utf8_lossy(route.moves.get(1..).unwrap_or(&[]))
    )
}

/// The page for `picture`, titled `title` (`problem/case`), with `reason` (the named
/// mistake) in its bar, and a "show the search" link to `search` (the `ours::search` page
/// at the cell where the routes part) when there is one.
pub fn page(p: &Picture, title: &str, reason: &str, search: Option<&str>) -> String {
    let search = search.map_or(String::new(), |href| {
        format!(
            "<a id=\"search\" href=\"{}\">show the search</a>",
            escape(href)
        )
    });
    let mut walls = String::with_capacity(p.walls.len());
    walls.extend(p.walls.iter().map(|&w| if w { '1' } else { '0' }));
    let labels: Vec<String> = p
        .labels
        .iter()
        .map(|&(r, c, ch)| format!("[{r},{c},{:?}]", ch.to_string()))
        .collect();
    let divergence = p.divergence().map_or("-1".to_string(), |d| d.to_string());
    let boxes = !p.expected.boxes.is_empty();
    let data = format!(
        "const D={{rows:{},cols:{},walls:\"{walls}\",labels:[{}],expected:{},got:{},divergence:{divergence},boxes:{boxes},case:{}}};",
        p.rows,
        p.cols,
        labels.join(","),
        route_js(&p.expected),
        route_js(&p.got),
        p.case
    );
    let (title, reason) = (escape(title), escape(reason));
    fill(
        TEMPLATE,
        &[
            ("{title}", &title),
            ("{search}", &search),
            ("{reason}", &reason),
            ("{data}", &data),
        ],
    )
}

const TEMPLATE: &str = include_str!("page.html");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_self_contained_and_carries_both_routes() {
        let input = b"3 3 1 1 3 3\n000\n000\n000\n";
        let answer = b"1 1\n2 1\n3 1\n3 2\n3 3\n";
        let output = b"1 1\n1 2\n1 3\n2 3\n3 3\n";
        let p = bfs_judge::check::trace::picture("robot-maze", input, output, answer).unwrap();
        let page = page(&p, "robot-maze/<x>", "wrong tie-break: step 1", None);
        assert!(page.contains("cells:[0,0,1,0,2,0,2,1,2,2]"), "{page}");
        assert!(page.contains("cells:[0,0,0,1,0,2,1,2,2,2]"));
        assert!(page.contains("divergence:1"));
        assert!(page.contains("robot-maze/&lt;x&gt;"));
        assert!(page.contains("<div id=\"why\">wrong tie-break: step 1</div>"));
        // No network: nothing is fetched.
        for fetch in ["http:", "https:", "src=", "@import", "url("] {
            assert!(!page.contains(fetch), "{fetch}");
        }
    }
}
