//! YAML configuration files (Kattis' `problem.yaml` and `testdata.yaml`, DMOJ's `init.yml`,
//! italy_yaml's `task.yaml`), loaded with the guards a hostile package needs: read as any
//! configuration file is (`info::read_config`: regular, at most 1 MiB), and its events
//! counted as they come, before a node is built from them, so that aliases cannot make a
//! small file huge. The document is built here from the parser's events rather than by
//! yaml-rust2's loader, which refuses a mapping that repeats a key: the packages' own tools
//! read YAML with PyYAML (problemtools, CMS's loaders), which keeps the key's last value, so
//! a repeated key keeps its last value here too, with a warning that names the key and both
//! lines. Cost: one pass over the text.

use std::collections::HashMap;
use std::path::Path;

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};
use yaml_rust2::yaml::Hash;
use yaml_rust2::Yaml;

use crate::judge::format::error::FormatError;
use crate::judge::format::info::read_required;

/// The most nodes a YAML file may stand for once its aliases are expanded, and the deepest
/// it may nest: far above any real package's, and what keeps a "billion laughs" (nested
/// aliases, a few hundred bytes that expand to billions of nodes) or a file of ten thousand
/// `[` from growing the judge's memory or stack.
const YAML_NODES_CAP: u64 = 100_000;
const YAML_DEPTH_CAP: usize = 100;

/// A YAML file's first document (`Null` for an empty file); the error names the line. The
/// file is read by `info::read_config` (regular, at most 1 MiB), and its events are counted
/// before any node is built from them: a document that would stand for more than
/// [`YAML_NODES_CAP`] nodes once its aliases are expanded, or nest deeper than
/// [`YAML_DEPTH_CAP`], is refused with the line where it went over. A key a mapping repeats
/// keeps its last value (PyYAML's rule), and `warnings` gets a line naming it and both
/// lines.
pub fn load(path: &Path, warnings: &mut Vec<String>) -> Result<Yaml, FormatError> {
    let text = read_required(path)?;
    let at = |mark: &Marker, why: String| {
        FormatError::said(why)
            .at(mark.line(), Some(mark.col() + 1))
            .in_file(path)
    };
    let mut loader = Loader::default();
    Parser::new_from_str(&text)
        .load(&mut loader, true)
        .map_err(|e| at(e.marker(), e.info().to_string()))?;
    if let Some((mark, why)) = &loader.size.refused {
        return Err(at(
            mark,
            format!("{why}: refused (aliases nested to make a small file huge?)"),
        ));
    }
    for (key, first, last) in loader.built.repeated {
        warnings.push(format!(
            "{}: key `{key}` is given twice (lines {first} and {last}): the last is kept, as \
             PyYAML (the format's own tools) keeps it",
            path.display()
        ));
    }
    Ok(loader.built.first.unwrap_or(Yaml::Null))
}

/// The size guard and the builder, fed the same events: the builder only while the guard
/// has not refused the document (so an alias is never copied past the caps).
#[derive(Default)]
struct Loader {
    size: YamlSize,
    built: Build,
}

impl MarkedEventReceiver for Loader {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        self.size.on_event(ev.clone(), mark);
        if self.size.refused.is_none() {
            self.built.on_event(ev, mark);
        }
    }
}

/// A collection being built: its node, its anchor (0: none), and for a mapping the key
/// waiting for its value and the line each key was first given on.
struct Open {
    node: Yaml,
    anchor: usize,
    key: Option<(Yaml, usize)>,
    lines: HashMap<Yaml, usize>,
}

/// The first document built from the events, as yaml-rust2's loader builds it but for a
/// repeated key, whose last value is kept and which is noted in `repeated`.
#[derive(Default)]
struct Build {
    open: Vec<Open>,
    anchors: HashMap<usize, Yaml>,
    first: Option<Yaml>,
    /// Each repeated key as written (a scalar's text), the line it was first given on and
    /// the line that repeats it.
    repeated: Vec<(String, usize, usize)>,
    /// Where the node being finished started (its first event's line).
    starts: Vec<usize>,
}

impl Build {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        match ev {
            Event::SequenceStart(anchor, _) => self.start(Yaml::Array(Vec::new()), anchor, mark),
            Event::MappingStart(anchor, _) => self.start(Yaml::Hash(Hash::new()), anchor, mark),
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some(open) = self.open.pop() {
                    let line = self.starts.pop().unwrap_or(mark.line());
                    self.finish(open.node, open.anchor, line);
                }
            }
            Event::Scalar(text, style, anchor, tag) => {
                let node = scalar(text, style, tag.as_ref());
                self.finish(node, anchor, mark.line());
            }
            Event::Alias(id) => {
                let node = self.anchors.get(&id).cloned().unwrap_or(Yaml::BadValue);
                self.finish(node, 0, mark.line());
            }
            _ => {}
        }
    }

    fn start(&mut self, node: Yaml, anchor: usize, mark: Marker) {
        self.open.push(Open {
            node,
            anchor,
            key: None,
            lines: HashMap::new(),
        });
        self.starts.push(mark.line());
    }

    /// A node done, which began on `line`: into its parent (as a key, or as the value of
    /// the key waiting), or the document.
    fn finish(&mut self, node: Yaml, anchor: usize, line: usize) {
        if anchor > 0 {
            self.anchors.insert(anchor, node.clone());
        }
        let Some(parent) = self.open.last_mut() else {
            if self.first.is_none() {
                self.first = Some(node);
            }
            return;
        };
        match &mut parent.node {
            Yaml::Array(items) => items.push(node),
            Yaml::Hash(map) => match parent.key.take() {
                None => parent.key = Some((node, line)),
                Some((key, key_line)) => {
                    if let Some(first) = parent.lines.get(&key) {
                        self.repeated.push((shown(&key), *first, key_line));
                        // PyYAML's dict keeps the key where it was first given.
                        if let Some(v) = map.get_mut(&key) {
                            *v = node;
                        }
                    } else {
                        parent.lines.insert(key.clone(), key_line);
                        map.insert(key, node);
                    }
                }
            },
            _ => {}
        }
    }
}

/// A key as a warning names it: a scalar's text, else its debug form.
fn shown(key: &Yaml) -> String {
    match key {
        Yaml::String(s) | Yaml::Real(s) => s.clone(),
        Yaml::Integer(i) => i.to_string(),
        Yaml::Boolean(b) => b.to_string(),
        other => format!("{other:?}"),
    }
}

/// A scalar's value by YAML 1.2's core schema: a quoted one is a string, a plain one is
/// resolved by its text (`Yaml::from_str`), an explicit `!!bool`, `!!int`, `!!float` or
/// `!!null` tag is obeyed (`BadValue` where the text is not of that type).
fn scalar(text: String, style: TScalarStyle, tag: Option<&Tag>) -> Yaml {
    if style != TScalarStyle::Plain {
        return Yaml::String(text);
    }
    let Some(tag) = tag else {
        return Yaml::from_str(&text);
    };
    if tag.handle != "tag:yaml.org,2002:" {
        return Yaml::String(text);
    }
    let typed = Yaml::from_str(&text);
    let fits = match tag.suffix.as_str() {
        "bool" => matches!(typed, Yaml::Boolean(_)),
        "int" => matches!(typed, Yaml::Integer(_)),
        "float" => matches!(typed, Yaml::Real(_) | Yaml::Integer(_)),
        "null" => matches!(typed, Yaml::Null),
        _ => return Yaml::String(text),
    };
    match (fits, tag.suffix.as_str(), typed) {
        (true, "float", Yaml::Integer(_)) => Yaml::Real(text),
        (true, _, typed) => typed,
        _ => Yaml::BadValue,
    }
}

/// Counts the nodes a YAML event stream stands for with its aliases expanded, as the events
/// come (no node is built); notes where it first passes the caps.
#[derive(Default)]
struct YamlSize {
    /// Each open collection's nodes so far (itself included).
    open: Vec<(usize, u64)>,
    /// The expanded size of each anchor, by its id.
    anchors: HashMap<usize, u64>,
    total: u64,
    refused: Option<(Marker, String)>,
}

impl YamlSize {
    /// A finished node of `n` nodes, anchored as `anchor` (0: none).
    fn node(&mut self, anchor: usize, n: u64) {
        if anchor > 0 {
            self.anchors.insert(anchor, n);
        }
        match self.open.last_mut() {
            Some((_, size)) => *size = size.saturating_add(n),
            None => self.total = self.total.saturating_add(n),
        }
    }
}

impl MarkedEventReceiver for YamlSize {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        if self.refused.is_some() {
            return;
        }
        match ev {
            Event::Scalar(_, _, anchor, _) => self.node(anchor, 1),
            Event::Alias(id) => {
                let n = self.anchors.get(&id).copied().unwrap_or(1);
                self.node(0, n);
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                self.open.push((anchor, 1));
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((anchor, n)) = self.open.pop() {
                    self.node(anchor, n);
                }
            }
            _ => {}
        }
        let open: u64 = self
            .open
            .iter()
            .map(|(_, n)| *n)
            .fold(0, u64::saturating_add);
        if self.total.saturating_add(open) > YAML_NODES_CAP {
            self.refused = Some((
                mark,
                format!("more than {YAML_NODES_CAP} nodes once its aliases are expanded"),
            ));
        } else if self.open.len() > YAML_DEPTH_CAP {
            self.refused = Some((mark, format!("nested more than {YAML_DEPTH_CAP} deep")));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loaded(text: &str) -> (Result<Yaml, FormatError>, Vec<String>) {
        let dir = std::env::temp_dir().join(format!("judge-yaml-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!(
            "{:x}.yaml",
            crate::run::hash::Fnv1a::new()
                .bytes(text.as_bytes())
                .value()
        ));
        std::fs::write(&path, text).unwrap();
        let mut warnings = Vec::new();
        let y = load(&path, &mut warnings);
        let _ = std::fs::remove_file(&path);
        (y, warnings)
    }

    #[test]
    fn a_repeated_key_keeps_its_last_value_where_it_was_first_given() {
        let (y, w) = loaded("a: 1\nb:\n  c: x\n  c: y\na: 2\nd: [1, 2.5, '3', ~, true]\n");
        let y = y.unwrap();
        assert_eq!(y["a"].as_i64(), Some(2));
        assert_eq!(y["b"]["c"].as_str(), Some("y"));
        let keys: Vec<&str> = y
            .as_hash()
            .unwrap()
            .keys()
            .filter_map(Yaml::as_str)
            .collect();
        assert_eq!(
            keys,
            ["a", "b", "d"],
            "PyYAML's order: where the key was first given"
        );
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(
            w[0].contains("key `c` is given twice (lines 3 and 4)"),
            "{w:?}"
        );
        assert!(
            w[1].contains("key `a` is given twice (lines 1 and 5)"),
            "{w:?}"
        );
        let d = y["d"].as_vec().unwrap();
        assert_eq!(
            d,
            &[
                Yaml::Integer(1),
                Yaml::Real("2.5".into()),
                Yaml::String("3".into()),
                Yaml::Null,
                Yaml::Boolean(true)
            ]
        );
    }

    #[test]
    fn aliases_tags_and_the_caps_hold() {
        let (y, w) = loaded("base: &b {x: 1}\nuse: *b\nn: !!float 3\ns: !!str 4\n");
        let y = y.unwrap();
        assert!(w.is_empty());
        assert_eq!(y["use"]["x"].as_i64(), Some(1));
        assert_eq!(y["n"], Yaml::Real("3".into()));
        assert_eq!(y["s"].as_str(), Some("4"));
        let mut laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n".to_string();
        for i in 0..8 {
            laughs.push_str(&format!(
                "l{i}: &l{i} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n",
                p = if i == 0 {
                    "a".to_string()
                } else {
                    format!("l{}", i - 1)
                }
            ));
        }
        let err = loaded(&laughs).0.unwrap_err().to_string();
        assert!(err.contains("more than 100000 nodes"), "{err}");
        let (empty, _) = loaded("");
        assert_eq!(empty.unwrap(), Yaml::Null);
    }
}
