// The panel's page: the board as the server's events say it (no polling, no reload), the
// case opened, and the forms. Everything a program or a test wrote is put in the page as
// text (textContent), never as markup.
"use strict";

const token = document.body.dataset.token;
const $ = (id) => document.getElementById(id);
const at = (path) => path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token);

// Verdicts by word and by shape; colour only adds to them.
const SHAPES = { AC: "\u2713", WA: "\u2717", TLE: "\u29D7", MLE: "\u25B2", OLE: "\u25BC", RE: "!", CE: "\u25A0", OK: "\u2713", RAN: "\u25B7" };
// Verdicts that are not failures: accepted, and an input alone that ran within the limits.
const passing = (v) => v === "AC" || v === "RAN";
const shape = (v) => (v ? SHAPES[v] || "\u25C6" : "\u25CB");

let board = null;
let opened = null;
let openedVersion = "";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function verdictInto(node, v, stale) {
  node.textContent = shape(v) + " " + (v || "\u2026");
  node.className = "verdict " + (v || "pending");
  node.dataset.verdict = v || "";
  if (stale && v) node.title = "from an earlier round";
}

async function api(path, body) {
  const r = await fetch(at(path), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body || {}),
  });
  const v = await r.json().catch(() => ({ error: "no answer" }));
  if (!r.ok && !v.error) v.error = "HTTP " + r.status;
  return v;
}

function kib(k) {
  return k >= 10240 ? Math.round(k / 1024) + " MiB" : k + " KiB";
}

// --- the list --------------------------------------------------------------------------

function rowNode(r) {
  const tr = el("tr");
  tr.dataset.name = r.name;
  tr.tabIndex = -1;
  tr.append(el("td", "name", r.name), el("td"), el("td", "num"), el("td", "num"), el("td", "num"));
  tr.addEventListener("click", () => open(r.name));
  fillRow(tr, r);
  return tr;
}

function fillRow(tr, r) {
  const c = tr.children;
  verdictInto(c[1], r.verdict, r.stale);
  tr.dataset.verdict = r.verdict || "";
  tr.classList.toggle("stale", r.stale);
  c[2].textContent = r.verdict ? r.cpu_ms : "";
  c[3].textContent = r.verdict ? r.wall_ms : "";
  c[4].textContent = r.verdict ? kib(r.peak_kib) : "";
  tr.setAttribute("aria-selected", String(r.name === opened));
}

function renderList() {
  const body = $("cases").tBodies[0];
  body.replaceChildren(...board.rows.map(rowNode));
}

function renderSummary() {
  const counts = {};
  for (const r of board.rows) if (r.verdict && !r.stale) counts[r.verdict] = (counts[r.verdict] || 0) + 1;
  const ac = counts.AC || 0;
  const parts = [`${shape("AC")} ${ac}/${board.rows.length} AC`];
  for (const [v, n] of Object.entries(counts)) if (v !== "AC") parts.push(`${shape(v)} ${n} ${v}`);
  if (board.compile) parts.unshift(`${shape("CE")} CE`);
  parts.push(board.busy ? `running ${board.busy}\u2026` : `round ${board.round}`);
  $("summary").textContent = parts.join(" \u00B7 ");
  document.body.dataset.round = board.round;
  document.body.dataset.busy = board.busy || "";
}

function renderCompile() {
  const ce = board.compile;
  $("compile").hidden = !ce;
  if (!ce) return;
  $("ce-source").textContent = ce.source;
  $("ce-command").textContent = ce.command;
  const lines = $("ce-lines");
  lines.replaceChildren();
  for (const l of ce.lines) {
    const span = el("span", "", l + "\n");
    if (ce.line !== null && (l.includes(":" + ce.line + ":") || l.includes("line " + ce.line))) span.className = "hl";
    lines.append(span);
  }
  const ex = $("ce-excerpt");
  ex.replaceChildren();
  ex.hidden = ce.excerpt.length === 0;
  for (const [n, text] of ce.excerpt) {
    ex.append(el("span", n === ce.line ? "hl" : "", String(n).padStart(4) + "  " + text + "\n"));
  }
}

function renderTrash() {
  $("trash").hidden = board.trash.length === 0;
  const ul = $("trash-list");
  ul.replaceChildren(
    ...board.trash.map((name) => {
      const li = el("li", "", name + " ");
      const b = el("button", "", "Restore");
      b.dataset.restore = name;
      b.addEventListener("click", async () => say(await api("/api/restore", { name })));
      li.append(b);
      return li;
    }),
  );
}

function render() {
  $("problem").textContent = board.problem;
  $("source").textContent = board.source;
  $("limits").textContent = board.limits;
  $("error").hidden = !board.error;
  $("error").textContent = board.error ? "\u25A0 " + board.error : "";
  for (const id of ["add", "case-edit", "case-delete"]) $(id).disabled = !board.editable;
  renderList();
  renderSummary();
  renderCompile();
  renderTrash();
  renderStress();
  if (opened) refreshOpened();
}

// What the panel said to an action: a refusal on a line of its own until the next action
// (not an alert, which would hold the page's events back until it was closed).
function say(v) {
  $("said").hidden = !v.error;
  $("said").textContent = v.error ? "\u2717 " + v.error : "";
}

// --- the case opened -------------------------------------------------------------------

// A file's lines, numbered; line `mark` marked as the first difference, the character
// ranges `tokens` of it (the server's, as the terminal's diff marks them) emphasised.
function lineNodes(pre, file, mark, tokens) {
  pre.replaceChildren();
  if (!file) {
    pre.append(el("span", "cut", "(none)"));
    return;
  }
  const lines = file.text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  lines.forEach((text, i) => {
    const n = i + 1;
    const line = el("span", n === mark ? "first" : "");
    line.append(el("span", "ln", String(n)));
    if (n === mark && tokens) {
      const chars = Array.from(text);
      let at = 0;
      for (const [start, end] of tokens) {
        line.append(document.createTextNode(chars.slice(at, start).join("")));
        line.append(el("span", "tok", chars.slice(start, end).join("")));
        at = end;
      }
      line.append(document.createTextNode(chars.slice(at).join("")));
    } else line.append(document.createTextNode(text));
    pre.append(line, "\n");
  });
  if (lines.length === 0) pre.append(el("span", "cut", "(empty)"));
  if (file.cut) pre.append(el("span", "cut", "\u2026 (cut: the page shows the first 256 KiB)"));
}

async function open(name) {
  opened = name;
  for (const f of ["editor", "runner", "stresser"]) $(f).hidden = true;
  $("empty").hidden = true;
  $("case").hidden = false;
  for (const tr of $("cases").tBodies[0].rows) tr.setAttribute("aria-selected", String(tr.dataset.name === name));
  const tr = document.querySelector(`tr[data-name="${CSS.escape(name)}"]`);
  if (tr) tr.scrollIntoView({ block: "nearest" });
  await refreshOpened(true);
}

async function refreshOpened(force) {
  const row = board && board.rows.find((r) => r.name === opened);
  if (!row) {
    $("case").hidden = true;
    $("empty").hidden = false;
    return;
  }
  const version = JSON.stringify(row);
  if (!force && version === openedVersion) return;
  openedVersion = version;
  const r = await fetch(at("/api/case?name=" + encodeURIComponent(opened)));
  if (!r.ok) return;
  const c = await r.json();
  if (c.row.name !== opened) return;
  $("case-name").textContent = c.row.name;
  verdictInto($("case-verdict"), c.row.verdict, c.row.stale);
  $("case").dataset.verdict = c.row.verdict || "";
  $("case").dataset.name = c.row.name;
  $("case-figures").textContent = c.row.verdict
    ? `${c.row.cpu_ms} ms CPU \u00B7 ${c.row.wall_ms} ms wall \u00B7 ${kib(c.row.peak_kib)}${c.row.stale ? " \u00B7 from an earlier round" : ""}`
    : "not judged yet";
  $("case-detail").textContent = c.row.detail.join("\n");
  $("case-detail").hidden = c.row.detail.length === 0;
  const mark = c.row.diff_line;
  lineNodes($("col-input"), c.input, null);
  const marks = c.marks || {};
  lineNodes($("col-expected"), c.expected, mark, marks.expected);
  if (c.got) lineNodes($("col-got"), c.got, mark, marks.got);
  else {
    $("col-got").replaceChildren(el("span", "cut", c.row.verdict === "AC" ? "(accepted: it matched the expected answer)" : "(nothing kept)"));
  }
  $("case-keep").hidden = !(c.row.verdict === "RAN" && c.got && !c.got.cut && board.editable);
  keepable = c.row.verdict === "RAN" && c.got ? { name: c.row.name, input: c.input.text, expected: c.got.text } : null;
  $("stderr-box").hidden = !(c.stderr && c.stderr.text);
  $("col-stderr").textContent = c.stderr ? c.stderr.text : "";
  const links = $("case-links");
  links.replaceChildren();
  const frame = $("drawn");
  frame.hidden = !c.picture;
  if (c.picture) {
    const src = at("/drawn?file=" + encodeURIComponent(c.picture));
    if (frame.getAttribute("src") !== src) {
      frame.dataset.loaded = "";
      frame.src = src;
    }
    links.append(el("span", "muted", "the drawn routes are below"));
  } else frame.removeAttribute("src");
  if (c.search) {
    const a = el("a", "", "replay the search \u2197");
    a.href = at("/drawn?file=" + encodeURIComponent(c.search));
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    a.id = "search-link";
    links.append(" ", a);
  }
}

$("drawn").addEventListener("load", () => ($("drawn").dataset.loaded = "yes"));

// --- forms -----------------------------------------------------------------------------

function show(form) {
  for (const f of ["editor", "runner", "stresser"]) $(f).hidden = f !== form;
  $("case").hidden = true;
  $("empty").hidden = true;
}

function closeForms() {
  for (const f of ["editor", "runner", "stresser"]) $(f).hidden = true;
  if (opened) open(opened);
  else $("empty").hidden = false;
}

let editing = null;
// The case opened when it is an input alone that ran: what "Keep as expected" saves.
let keepable = null;

async function edit(name) {
  editing = name;
  show("editor");
  $("editor-title").textContent = name ? "Edit " + name : "Add a case";
  $("ed-name").value = name || nextName();
  $("ed-input").value = "";
  $("ed-expected").value = "";
  $("ed-said").textContent = "";
  if (name) {
    const c = await (await fetch(at("/api/case?name=" + encodeURIComponent(name)))).json();
    $("ed-input").value = c.input.text;
    $("ed-expected").value = c.expected ? c.expected.text : "";
  }
  $("ed-input").focus();
}

function nextName() {
  const names = new Set(board.rows.map((r) => r.name));
  for (let i = 1; ; i++) if (!names.has("custom-" + i)) return "custom-" + i;
}

async function saveCase(expected) {
  const body = { name: $("ed-name").value.trim(), input: $("ed-input").value, expected };
  if (editing) body.was = editing;
  const v = await api("/api/save", body);
  if (v.error) {
    $("ed-said").textContent = "\u2717 " + v.error;
    return;
  }
  editing = null;
  opened = body.name;
  closeForms();
}

async function runCustom(input, into) {
  into.verdict.textContent = "\u2026";
  const v = await api("/api/custom", { input });
  if (v.error) {
    verdictInto(into.verdict, "FAIL");
    into.verdict.textContent = "\u25C6 " + v.error;
    return v;
  }
  if (v.compile) {
    verdictInto(into.verdict, "CE");
    into.stdout.textContent = v.compile.lines.join("\n");
    return v;
  }
  verdictInto(into.verdict, v.verdict);
  into.figures.textContent = `${v.why} \u00B7 ${v.cpu_ms} ms CPU \u00B7 ${v.wall_ms} ms wall \u00B7 ${kib(v.peak_kib)}`;
  into.stdout.textContent = v.stdout.text;
  into.stderr.textContent = v.stderr.text;
  return v;
}

function renderStress() {
  const s = board.stress;
  if (!s) return;
  $("stresser").dataset.running = String(s.running);
  $("st-progress").textContent = s.error
    ? "\u25C6 " + s.error
    : `${s.running ? "running: " : ""}${s.tried}/${s.count} tried${s.verdict ? ", a counterexample found" : s.running ? "" : ", none differ"}`;
  $("st-found").hidden = !s.verdict;
  if (!s.verdict) return;
  verdictInto($("st-verdict"), s.verdict);
  $("st-seed").textContent = "seed " + s.seed;
  $("st-detail").textContent = s.detail.join("\n");
  $("st-input").textContent = s.input;
  $("st-expected").textContent = s.expected;
  $("st-got").textContent = s.got;
  $("st-added").textContent = s.added ? "added as " + s.added : "";
  $("st-add").disabled = !!s.added;
}

// --- moving --------------------------------------------------------------------------

function step(by, failingOnly) {
  const rows = board.rows.filter((r) => !failingOnly || (r.verdict && !passing(r.verdict)));
  if (rows.length === 0) return;
  const i = rows.findIndex((r) => r.name === opened);
  let j = i < 0 ? (by > 0 ? 0 : rows.length - 1) : (i + by + rows.length) % rows.length;
  if (failingOnly && i < 0 && opened) {
    // From a passing case, the next failing one below it.
    const all = board.rows.map((r) => r.name);
    const here = all.indexOf(opened);
    const after = rows.findIndex((r) => all.indexOf(r.name) > here);
    j = by > 0 ? (after < 0 ? 0 : after) : (after <= 0 ? rows.length - 1 : after - 1);
  }
  open(rows[j].name);
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") return closeForms();
  const t = e.target;
  if (t.closest && t.closest("input, textarea, select")) {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && t.id === "cu-input") $("runner").requestSubmit();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const keys = {
    r: () => api("/api/run"),
    n: () => step(1, true),
    p: () => step(-1, true),
    j: () => step(1, false),
    k: () => step(-1, false),
    a: () => board.editable && edit(null),
    c: () => openRunner(),
    s: () => openStress(),
    e: () => opened && board.editable && edit(opened),
    Enter: () => opened && api("/api/run", { name: opened }),
    "?": () => $("help").showModal(),
  };
  if (keys[e.key]) {
    e.preventDefault();
    keys[e.key]();
  }
});

function openRunner() {
  show("runner");
  $("cu-input").focus();
}

function openStress() {
  show("stresser");
  $("st-gen").focus();
}

$("run-all").addEventListener("click", () => api("/api/run"));
$("next-fail").addEventListener("click", () => step(1, true));
$("add").addEventListener("click", () => edit(null));
$("custom").addEventListener("click", openRunner);
$("stress").addEventListener("click", openStress);
$("keys").addEventListener("click", () => $("help").showModal());
$("case-run").addEventListener("click", () => api("/api/run", { name: opened }));
$("case-edit").addEventListener("click", () => edit(opened));
$("case-delete").addEventListener("click", async () => {
  const name = opened;
  const v = await api("/api/delete", { name });
  say(v);
  if (!v.error) {
    opened = null;
    closeForms();
  }
});
$("editor").addEventListener("submit", async (e) => {
  e.preventDefault();
  // An empty expected answer: an input alone, run and its output shown.
  const expected = $("ed-expected").value;
  await saveCase(expected === "" ? null : expected);
});
$("case-keep").addEventListener("click", async () => {
  if (keepable) say(await api("/api/save", { ...keepable, was: keepable.name }));
});
$("ed-cancel").addEventListener("click", closeForms);
$("runner").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("cu-result").hidden = false;
  const into = { verdict: $("cu-verdict"), figures: $("cu-figures"), stdout: $("cu-stdout"), stderr: $("cu-stderr") };
  $("runner").dataset.done = "";
  await runCustom($("cu-input").value, into);
  $("runner").dataset.done = "yes";
});
$("cu-cancel").addEventListener("click", closeForms);
$("stresser").addEventListener("submit", async (e) => {
  e.preventDefault();
  const count = Number($("st-count").value) || 200;
  say(await api("/api/stress", { gen: $("st-gen").value.trim(), brute: $("st-brute").value.trim(), count }));
});
$("st-add").addEventListener("click", async () => say(await api("/api/stress/add")));
$("st-cancel").addEventListener("click", closeForms);

// --- the events ------------------------------------------------------------------------

const events = new EventSource(at("/events"));
events.addEventListener("state", (e) => {
  board = JSON.parse(e.data);
  render();
});
events.addEventListener("row", (e) => {
  const r = JSON.parse(e.data);
  if (!board) return;
  const i = board.rows.findIndex((x) => x.name === r.name);
  if (i < 0) return;
  board.rows[i] = r;
  const tr = document.querySelector(`tr[data-name="${CSS.escape(r.name)}"]`);
  if (tr) fillRow(tr, r);
  renderSummary();
  if (r.name === opened) refreshOpened();
});
events.addEventListener("stress", (e) => {
  if (!board) return;
  board.stress = JSON.parse(e.data);
  renderStress();
});
events.addEventListener("open", () => document.body.dataset.live = "yes");
events.addEventListener("error", () => {
  document.body.dataset.live = "";
  $("summary").textContent = "disconnected: is the panel still running?";
});
