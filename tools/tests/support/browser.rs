//! The headless browser the page tests drive (`show.rs`, `judge/why.rs`): one finder for
//! both, and a reader of its screenshots.

use std::path::PathBuf;

/// The headless browser, if one is installed (`CHROMIUM` names another).
pub fn chromium() -> Option<PathBuf> {
    let names = std::env::var("CHROMIUM")
        .into_iter()
        .chain(["chromium", "chromium-browser", "google-chrome"].map(String::from));
    for name in names {
        let path = PathBuf::from(&name);
        if path.is_absolute() && path.is_file() {
            return Some(path);
        }
        for dir in std::env::split_paths(&std::env::var_os("PATH")?) {
            if dir.join(&name).is_file() {
                return Some(dir.join(&name));
            }
        }
    }
    None
}

/// The pixels of a browser's PNG screenshot: width, height and the RGB of each pixel, row by
/// row. A reader of just what a screenshot is (8-bit RGB or RGBA, not interlaced: what
/// Chromium writes), so that the tests need no PNG crate: png's own inflate backend set
/// flate2's features apart from the product's, and every nested build of the tools then
/// compiled them a second time.
pub fn screenshot_pixels(path: &std::path::Path) -> (usize, usize, Vec<[u8; 3]>) {
    use std::io::Read;
    let bytes = std::fs::read(path).expect("cannot read the screenshot");
    assert!(
        bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "not a PNG: {}",
        path.display()
    );
    let (mut header, mut compressed) = (None, Vec::new());
    let mut at = 8;
    while at + 8 <= bytes.len() {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let kind = &bytes[at + 4..at + 8];
        let data = &bytes[at + 8..at + 8 + len];
        match kind {
            b"IHDR" => header = Some(data.to_vec()),
            b"IDAT" => compressed.extend_from_slice(data),
            b"IEND" => break,
            _ => {}
        }
        at += 12 + len; // length, kind, data, CRC
    }
    let header = header.expect("a PNG without IHDR");
    let be = |i: usize| u32::from_be_bytes(header[i..i + 4].try_into().unwrap()) as usize;
    let (width, height) = (be(0), be(4));
    let (depth, colour, interlace) = (header[8], header[9], header[12]);
    let channels = match colour {
        2 => 3,
        6 => 4,
        _ => panic!("colour type {colour}: a screenshot is RGB or RGBA"),
    };
    assert!(
        depth == 8 && interlace == 0,
        "depth {depth}, interlace {interlace}"
    );
    let mut raw = Vec::new();
    flate2::read::ZlibDecoder::new(&compressed[..])
        .read_to_end(&mut raw)
        .expect("a screenshot's pixels inflate");
    let stride = width * channels;
    assert_eq!(
        raw.len(),
        height * (stride + 1),
        "a screenshot's pixel data"
    );
    // Undo each row's filter (PNG spec, section 9), against the row above as decoded.
    let mut rows = vec![0u8; height * stride];
    for y in 0..height {
        let filter = raw[y * (stride + 1)];
        let line = &raw[y * (stride + 1) + 1..(y + 1) * (stride + 1)];
        let (done, rest) = rows.split_at_mut(y * stride);
        let up = (y > 0).then(|| &done[(y - 1) * stride..]);
        let row = &mut rest[..stride];
        for x in 0..stride {
            let a = if x >= channels { row[x - channels] } else { 0 };
            let b = up.map_or(0, |u| u[x]);
            let c = match up {
                Some(u) if x >= channels => u[x - channels],
                _ => 0,
            };
            let predicted = match filter {
                0 => 0,
                1 => a,
                2 => b,
                3 => ((a as u16 + b as u16) / 2) as u8,
                4 => {
                    let p = a as i16 + b as i16 - c as i16;
                    let (pa, pb, pc) = (
                        (p - a as i16).abs(),
                        (p - b as i16).abs(),
                        (p - c as i16).abs(),
                    );
                    if pa <= pb && pa <= pc {
                        a
                    } else if pb <= pc {
                        b
                    } else {
                        c
                    }
                }
                f => panic!("filter type {f} in row {y}"),
            };
            row[x] = line[x].wrapping_add(predicted);
        }
    }
    let pixels = rows.chunks(channels).map(|p| [p[0], p[1], p[2]]).collect();
    (width, height, pixels)
}
