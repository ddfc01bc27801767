//! The headless browser the page tests drive (`show.rs`, `judge/why.rs`, `panel.rs`): one
//! finder, one driver of a tab over the DevTools protocol on a pipe ([`Browser`]:
//! `--remote-debugging-pipe`, NUL-terminated JSON commands written to its fd 3, replies read
//! from its fd 4), and a reader of its screenshots.
//!
//! No timed assertions: every wait is for a state of the page, seen by the page itself and
//! bounded generously (a backstop that only fails when nothing happens at all).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

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

/// With `WRITE_DOCS=1`, a page test's screenshot `shot` becomes `docs/NAME.png`: the
/// docs' pictures are the tests' own views of the real pages.
pub fn keep_for_docs(shot: &Path, name: &str) {
    if std::env::var_os("WRITE_DOCS").is_some_and(|v| v == "1") {
        let to = crate::support::root()
            .join("docs")
            .join(format!("{name}.png"));
        std::fs::copy(shot, to).unwrap();
    }
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

/// A headless Chromium tab driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: NUL-terminated JSON commands on its fd 3, replies on its fd
/// 4). Pages are opened by address ([`Browser::open`], the panel) or as files written by the
/// judge ([`Browser::open_file`], `show` and the case pages); [`Browser::wait`] waits for a
/// condition on the page's DOM by a `MutationObserver` in the page, not by polling, bounded
/// only by [`Browser::BACKSTOP`].
pub struct Browser {
    child: Child,
    to: ChildStdin,
    from: Receiver<Value>,
    next_id: u64,
    session: String,
}

impl Browser {
    /// How long one command may take before the test fails: far beyond any wait that
    /// something will end, so that only a page that never gets there fails.
    pub const BACKSTOP: Duration = Duration::from_secs(300);

    /// The browser for the page test `test`, its profile in `profile`; `None`, with a
    /// NOTICE, where no browser is installed.
    pub fn for_test(test: &str, profile: &Path) -> Option<Browser> {
        let Some(exe) = chromium() else {
            eprintln!(
                "NOTICE: skipping {test}: no chromium (.ci/run installs it with apt-get; \
                 CHROMIUM=/path/to/chrome names another)"
            );
            return None;
        };
        Some(Browser::start(&exe, profile))
    }

    /// A tab of a new headless browser `exe`, its profile in `profile`.
    pub fn start(exe: &Path, profile: &Path) -> Browser {
        // The pipe is the browser's fds 3 (commands in) and 4 (replies out): the shell
        // moves our stdin and stdout there, so no unsafe fd juggling is needed here.
        let script = format!(
            "exec '{}' --headless --no-sandbox --disable-gpu --no-first-run \
             --disable-background-networking --disable-component-update --disable-sync \
             --hide-scrollbars --force-device-scale-factor=1 --remote-debugging-pipe \
             --user-data-dir='{}' about:blank 3<&0 4>&1 0</dev/null 1>/dev/null 2>/dev/null",
            exe.display(),
            profile.display()
        );
        let mut child = Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("cannot start chromium");
        let to = child.stdin.take().unwrap();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let (tx, from) = channel();
        std::thread::spawn(move || loop {
            let mut buf = Vec::new();
            match reader.read_until(0, &mut buf) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    buf.pop();
                    if let Ok(v) = serde_json::from_slice::<Value>(&buf) {
                        if tx.send(v).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let mut b = Browser {
            child,
            to,
            from,
            next_id: 0,
            session: String::new(),
        };
        let target = b.call_in(None, "Target.createTarget", json!({"url": "about:blank"}));
        let id = target["targetId"].as_str().unwrap().to_string();
        let attached = b.call_in(
            None,
            "Target.attachToTarget",
            json!({"targetId": id, "flatten": true}),
        );
        b.session = attached["sessionId"].as_str().unwrap().to_string();
        b.call("Page.enable", json!({}));
        b
    }

    /// The reply to one command (its `result`), or the protocol's error.
    fn reply(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, Value> {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&msg).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).unwrap();
        self.to.flush().unwrap();
        let deadline = Instant::now() + Browser::BACKSTOP;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let v = self
                .from
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no reply from chromium to {method} {msg}"));
            // A dialog (`alert`) blocks the page's script, so nothing asked of it would
            // ever be answered: the test fails at once, with what the page said.
            if v["method"] == json!("Page.javascriptDialogOpening") {
                panic!("the page opened a dialog: {}", v["params"]["message"]);
            }
            if v["id"] == json!(id) {
                return match v.get("error") {
                    Some(e) => Err(e.clone()),
                    None => Ok(v["result"].clone()),
                };
            }
        }
    }

    fn call_in(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.reply(session, method, params)
            .unwrap_or_else(|e| panic!("{method}: {e}"))
    }

    /// A command to the tab (`Page.navigate`, `Emulation.setEmulatedMedia`...): its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.call_in(Some(&session), method, params)
    }

    /// The viewport's size from now on, in CSS pixels at a scale of 1.
    pub fn resize(&mut self, (width, height): (u32, u32)) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
    }

    /// Opens `url` and waits until `ready` holds on it.
    pub fn open(&mut self, url: &str, ready: &str) {
        self.call("Page.navigate", json!({"url": url}));
        self.wait(ready);
    }

    /// Opens the page file `page` (and `fragment`, "" or "#...") at `size` and waits for its
    /// script to have run (`data-ready`, which the judge's pages set).
    pub fn open_file(&mut self, page: &Path, fragment: &str, size: (u32, u32)) {
        self.resize(size);
        // From a blank page, so that a fragment is a fresh load, not a same-page jump.
        self.open("about:blank", "location.href === 'about:blank'");
        self.open(
            &format!("file://{}{fragment}", page.display()),
            "document.body && document.body.dataset.ready === '1'",
        );
    }

    /// The value of a JavaScript expression (a promise's, once it settles).
    pub fn eval(&mut self, expr: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expr, "returnByValue": true, "awaitPromise": true}),
        );
        assert!(r.get("exceptionDetails").is_none(), "{expr}: {r}");
        r["result"]["value"].clone()
    }

    /// The text of a JavaScript expression's value.
    pub fn text(&mut self, expr: &str) -> String {
        match self.eval(expr) {
            Value::String(s) => s,
            other => other.to_string(),
        }
    }

    /// Waits until `condition` (a JavaScript expression) holds: checked now and at every
    /// change of the DOM, by the page itself. A navigation that replaces the document while
    /// it waits ends that wait unanswered (Chromium says so in one of three ways): it is
    /// asked again of the new document.
    pub fn wait(&mut self, condition: &str) {
        self.wait_then(condition, "");
    }

    /// Waits until `condition` holds, as [`Browser::wait`], and runs `statement` (a click)
    /// in the same turn of the page's script: nothing the page does can come between, as it
    /// could between a wait and a later click (a button hidden again by a new round).
    pub fn wait_then(&mut self, condition: &str, statement: &str) {
        // Short of the backstop, the page answers with what it shows instead, so that a
        // wait that fails says where the page stood.
        let tell_ms = (Browser::BACKSTOP - Duration::from_secs(30)).as_millis();
        let js = format!(
            "new Promise((done) => {{
               const holds = () => {{ try {{ return !!({condition}); }} catch (e) {{ return false; }} }};
               const then = () => {{ {statement}; done(true); }};
               if (holds()) return then();
               const o = new MutationObserver(() => {{ if (holds()) {{ o.disconnect(); then(); }} }});
               o.observe(document, {{subtree: true, childList: true, attributes: true, characterData: true}});
               setTimeout(() => {{ o.disconnect(); done(document.body ? document.body.innerText.slice(0, 4000) : '(no body)'); }}, {tell_ms});
             }})"
        );
        let session = self.session.clone();
        let params = json!({"expression": js, "returnByValue": true, "awaitPromise": true});
        let deadline = Instant::now() + Browser::BACKSTOP;
        loop {
            let r = self.reply(Some(&session), "Runtime.evaluate", params.clone());
            if let Ok(v) = &r {
                match &v["result"]["value"] {
                    Value::Bool(true) => return,
                    Value::String(shown) => {
                        panic!("never true: {condition}; the page showed:\n{shown}")
                    }
                    _ => {}
                }
            }
            // A navigation ends the evaluation one of three ways, as the page was replaced
            // before, during or after the promise was made: each is asked again.
            let said = format!("{r:?}");
            let navigated = [
                "context was destroyed",
                "navigated or closed",
                "Cannot find context",
            ]
            .iter()
            .any(|m| said.contains(m));
            assert!(
                navigated && Instant::now() < deadline,
                "never true: {condition}: {said}"
            );
        }
    }

    /// Runs a statement on the page (a click, a value set).
    pub fn run(&mut self, statement: &str) {
        self.eval(&format!("(() => {{ {statement}; return true; }})()"));
    }

    /// A real key press, as the keyboard sends it.
    pub fn key(&mut self, key: &str) {
        for kind in ["keyDown", "keyUp"] {
            let mut p = json!({"type": kind, "key": key});
            if kind == "keyDown" && key.chars().count() == 1 {
                p["text"] = json!(key);
            }
            self.call("Input.dispatchKeyEvent", p);
        }
    }

    /// A real mouse click (or, `hover`, a move) at the centre of the element `selector`.
    pub fn mouse(&mut self, selector: &str, hover: bool) {
        let at = self.eval(&format!(
            "(()=>{{const r=document.querySelector({selector:?}).getBoundingClientRect();return [r.x+r.width/2,r.y+r.height/2];}})()"
        ));
        let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": "mouseMoved", "x": x, "y": y}),
        );
        if !hover {
            for kind in ["mousePressed", "mouseReleased"] {
                self.call(
                    "Input.dispatchMouseEvent",
                    json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
                );
            }
        }
    }

    /// The step a search page shows (`data-step`).
    pub fn step(&mut self) -> u64 {
        self.text("document.body.dataset.step").parse().unwrap()
    }

    /// Clicks a search page's Next until the step stops moving; the number of clicks that
    /// moved it.
    pub fn next_to_the_end(&mut self) -> u64 {
        let mut clicks = 0;
        loop {
            let before = self.step();
            // The click's handler has run when the dispatch returns.
            self.mouse("#next", false);
            if self.step() == before {
                return clicks;
            }
            clicks += 1;
        }
    }

    /// A screenshot of the viewport, as PNG.
    pub fn screenshot(&mut self, to: &Path) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        std::fs::write(to, base64_decode(shot["data"].as_str().unwrap())).unwrap();
    }
}

impl Drop for Browser {
    /// Closes the browser as it asks to be closed (its helpers end with it), killing it only
    /// if it has not ended in a while. The close is not waited for: a drop must not panic.
    fn drop(&mut self) {
        let close = b"{\"id\":0,\"method\":\"Browser.close\",\"params\":{}}\0";
        let _ = self.to.write_all(close).and_then(|()| self.to.flush());
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let bytes: Vec<u8> = s.bytes().filter(|&c| c != b'=').collect();
    let mut out = Vec::new();
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (k, &c) in chunk.iter().enumerate() {
            n |= u32::from(val(c)) << (18 - 6 * k);
        }
        for k in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * k)) as u8);
        }
    }
    out
}

/// A screenshot's pixels.
pub struct Shot {
    pub path: PathBuf,
    pub w: usize,
    pub h: usize,
    pub px: Vec<[u8; 3]>,
}

impl Shot {
    pub fn take(b: &mut Browser, path: PathBuf) -> Shot {
        b.screenshot(&path);
        let (w, h, px) = screenshot_pixels(&path);
        Shot { path, w, h, px }
    }

    pub fn at(&self, (x, y): (f64, f64)) -> [u8; 3] {
        let (x, y) = (x.round() as usize, y.round() as usize);
        assert!(
            x < self.w && y < self.h,
            "({x}, {y}) is off {}",
            self.path.display()
        );
        self.px[y * self.w + x]
    }

    /// The pixels near `colour` in the box `x0..x1`, `y0..y1` (clipped to the shot).
    pub fn count(&self, colour: [u8; 3], (x0, y0, x1, y1): (f64, f64, f64, f64)) -> usize {
        let (x0, y0) = (x0.max(0.0) as usize, y0.max(0.0) as usize);
        let (x1, y1) = (
            (x1.max(0.0) as usize).min(self.w),
            (y1.max(0.0) as usize).min(self.h),
        );
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| near(self.px[y * self.w + x], colour))
            .count()
    }
}

/// Whether a pixel is `want`, give or take the rounding of a renderer.
pub fn near(got: [u8; 3], want: [u8; 3]) -> bool {
    got.iter().zip(want).all(|(&g, w)| g.abs_diff(w) <= 8)
}

/// How far a pixel is from white to `ink` (0 white, 1 the ink), if it is a blend of the two
/// (an antialiased letter on its white ground): every channel the same share of the way.
fn ink_share(p: [u8; 3], ink: [u8; 3]) -> Option<f64> {
    let k = (0..3).max_by_key(|&i| 255 - ink[i]).unwrap();
    let t = f64::from(255 - p[k]) / f64::from(255 - ink[k]);
    (0..3)
        .all(|i| {
            let want = 255.0 - t * f64::from(255 - ink[i]);
            (f64::from(p[i]) - want).abs() <= 14.0
        })
        .then_some(t)
}

/// The letters a page says it drew as badges (`data-labels`: label, centre and radius in
/// page pixels), `want` in order, checked on a screenshot written to `png`: each at least 11
/// pixels in radius, and inside its outline only its white ground and its `ink` letter
/// (and their blend): no colour of what lies under it; some ground, some ink.
pub fn badges_are_clean(b: &mut Browser, png: &Path, want: &[&str], ink: [u8; 3]) {
    let labels: Value = serde_json::from_str(&b.text("document.body.dataset.labels")).unwrap();
    let shot = Shot::take(b, png.to_path_buf());
    let labels = labels.as_array().expect("data-labels is a list");
    let drawn: Vec<&str> = labels
        .iter()
        .map(|l| l["label"].as_str().unwrap())
        .collect();
    assert_eq!(drawn, want, "({})", shot.path.display());
    for l in labels {
        let f = |k: &str| l[k].as_f64().unwrap();
        let (x, y, r) = (f("x"), f("y"), f("r"));
        assert!(r >= 11.0, "{l}");
        let inner = r - 2.5;
        let (mut ground, mut letter) = (0, 0);
        for yy in (y - inner) as usize..=(y + inner) as usize {
            for xx in (x - inner) as usize..=(x + inner) as usize {
                let (dx, dy) = (xx as f64 - x, yy as f64 - y);
                if dx * dx + dy * dy > inner * inner {
                    continue;
                }
                let p = shot.at((xx as f64, yy as f64));
                let t = ink_share(p, ink).unwrap_or_else(|| {
                    panic!(
                        "badge {l} at ({xx}, {yy}) shows {p:02x?} ({})",
                        shot.path.display()
                    )
                });
                ground += usize::from(t < 0.05);
                letter += usize::from(t > 0.5);
            }
        }
        assert!(
            ground > 50 && letter > 10,
            "{l}: {ground} white, {letter} ink ({})",
            shot.path.display()
        );
    }
}
