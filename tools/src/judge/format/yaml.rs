//! YAML configuration files (Kattis' `problem.yaml`, DMOJ's `init.yml`), loaded with the
//! guards a hostile package needs: read as any configuration file is (`info::read_config`:
//! regular, at most 1 MiB), and its events counted before a node is built, so that aliases
//! cannot make a small file huge. Cost: two passes over the text.

use std::collections::HashMap;
use std::path::Path;

use yaml_rust2::{Yaml, YamlLoader};

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
/// before any node is built: aliases are expanded by the loader, so a document that would
/// stand for more than [`YAML_NODES_CAP`] nodes, or nest deeper than [`YAML_DEPTH_CAP`], is
/// refused with the line where it went over.
pub fn load(path: &Path) -> Result<Yaml, FormatError> {
    let text = read_required(path)?;
    let at = |mark: &yaml_rust2::scanner::Marker, why: String| {
        FormatError::said(why)
            .at(mark.line(), Some(mark.col() + 1))
            .in_file(path)
    };
    let mut size = YamlSize::default();
    let counted = yaml_rust2::parser::Parser::new_from_str(&text).load(&mut size, true);
    if let Some((mark, why)) = &size.refused {
        return Err(at(
            mark,
            format!("{why}: refused (aliases nested to make a small file huge?)"),
        ));
    }
    let docs = counted
        .and_then(|()| YamlLoader::load_from_str(&text))
        .map_err(|e| at(e.marker(), e.info().to_string()))?;
    Ok(docs.into_iter().next().unwrap_or(Yaml::Null))
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
    refused: Option<(yaml_rust2::scanner::Marker, String)>,
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

impl yaml_rust2::parser::MarkedEventReceiver for YamlSize {
    fn on_event(&mut self, ev: yaml_rust2::Event, mark: yaml_rust2::scanner::Marker) {
        use yaml_rust2::Event;
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
