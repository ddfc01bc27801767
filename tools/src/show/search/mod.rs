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
        return Err(format!("{problem} has one maze per input; --case {case} names none"));
    }
    Ok(Search::Grid(grid::search(kind, grid::parse(kind, input)?)))
}

/// Base64 (RFC 4648, with padding) of `bytes`.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
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
