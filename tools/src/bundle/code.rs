//! A file's significant tokens and what the bundler reads from them: every path (`use`
//! leaves and `a::b::c` chains), `#[cfg(test)]` items, `mod x;` declarations, and main's
//! imports of the library's top modules; and the byte arithmetic of editing a text
//! ([`Edit`], [`apply`], whole lines). Each reading is one pass over the tokens.

use super::error::{CodeError, Fault};
use super::lex::{line_at, Kind, Token};

/// A path as written, with the line it is on; `binding` is the name a `use` leaf brings
/// into scope (None for globs and for chains outside `use`).
#[derive(Clone, Debug)]
pub(crate) struct PathRef {
    pub(crate) segments: Vec<String>,
    pub(crate) line: usize,
    pub(crate) in_use: bool,
    pub(crate) binding: Option<String>,
}

/// A file's significant tokens (no spaces or comments) and its text.
pub(crate) struct Code<'a> {
    pub(crate) src: &'a str,
    pub(crate) tokens: Vec<Token>,
}

impl<'a> Code<'a> {
    pub(crate) fn new(src: &'a str, all: &[Token]) -> Self {
        let tokens = all
            .iter()
            .copied()
            .filter(|t| !matches!(t.kind, Kind::Space | Kind::Comment | Kind::DocComment))
            .collect();
        Code { src, tokens }
    }

    pub(crate) fn text(&self, i: usize) -> &'a str {
        self.tokens.get(i).map_or("", |t| &self.src[t.start..t.end])
    }

    pub(crate) fn kind(&self, i: usize) -> Option<Kind> {
        self.tokens.get(i).map(|t| t.kind)
    }

    /// The line token `i` is on (past the last token: the last line).
    pub(crate) fn line(&self, i: usize) -> usize {
        line_at(
            self.src,
            self.tokens.get(i).map_or(self.src.len(), |t| t.start),
        )
    }

    /// `fault` at token `i`'s line.
    pub(crate) fn error(&self, i: usize, fault: Fault) -> CodeError {
        CodeError::new(self.line(i), fault)
    }

    /// Every path the code writes: the leaves of its `use` trees and its `a::b::c` chains.
    pub(crate) fn paths(&self) -> Result<Vec<PathRef>, CodeError> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < self.tokens.len() {
            let text = self.text(i);
            if self.kind(i) == Some(Kind::Ident)
                && text == "use"
                && !matches!(self.text(i.wrapping_sub(1)), "::" | ".")
            {
                let line = self.line(i);
                i = self.use_tree(i + 1, Vec::new(), line, &mut out)?;
                continue;
            }
            if self.kind(i) == Some(Kind::Ident) && text == "extern" && self.text(i + 1) == "crate"
            {
                return Err(self.error(i, Fault::ExternCrate));
            }
            let leading = self.kind(i) == Some(Kind::PathSep)
                && self.kind(i + 1) == Some(Kind::Ident)
                && !matches!(
                    self.kind(i.wrapping_sub(1)),
                    Some(Kind::Ident) | Some(Kind::Literal)
                )
                && !matches!(self.text(i.wrapping_sub(1)), ">" | ")" | "]");
            let chain_start = self.kind(i) == Some(Kind::Ident)
                && self.text(i + 1) == "::"
                && self.text(i.wrapping_sub(1)) != ".";
            if leading || chain_start {
                let line = self.line(i);
                let mut segments = Vec::new();
                if leading {
                    segments.push("::".to_string());
                    i += 1;
                }
                while self.kind(i) == Some(Kind::Ident) {
                    segments.push(self.text(i).to_string());
                    if self.text(i + 1) == "::" && self.kind(i + 2) == Some(Kind::Ident) {
                        i += 2;
                    } else {
                        break;
                    }
                }
                i += 1;
                out.push(PathRef {
                    segments,
                    line,
                    in_use: false,
                    binding: None,
                });
                continue;
            }
            i += 1;
        }
        Ok(out)
    }

    /// Parses a use tree at `i` under `prefix`; returns the index after it.
    pub(crate) fn use_tree(
        &self,
        mut i: usize,
        mut prefix: Vec<String>,
        line: usize,
        out: &mut Vec<PathRef>,
    ) -> Result<usize, CodeError> {
        let bad = |i: usize| self.error(i, Fault::BadUse(self.text(i).to_string()));
        loop {
            match (self.kind(i), self.text(i)) {
                (Some(Kind::PathSep), _) if prefix.is_empty() => {
                    prefix.push("::".to_string());
                    i += 1;
                }
                (Some(Kind::Punct), "{") => {
                    i += 1;
                    loop {
                        if self.text(i) == "}" {
                            i += 1;
                            break;
                        }
                        i = self.use_tree(i, prefix.clone(), line, out)?;
                        match self.text(i) {
                            "," => i += 1,
                            "}" => {}
                            _ => return Err(bad(i)),
                        }
                    }
                    return Ok(self.skip_semicolon(i));
                }
                (Some(Kind::Punct), "*") => {
                    out.push(PathRef {
                        segments: prefix,
                        line,
                        in_use: true,
                        binding: None,
                    });
                    return Ok(self.skip_semicolon(i + 1));
                }
                (Some(Kind::Ident), name) => {
                    prefix.push(name.to_string());
                    i += 1;
                    if self.text(i) == "::" {
                        i += 1;
                        continue;
                    }
                    let mut binding = name.to_string();
                    if self.text(i) == "as" {
                        binding = self.text(i + 1).to_string();
                        i += 2;
                    }
                    if name == "self" {
                        prefix.pop();
                        if binding == "self" {
                            binding = prefix.last().cloned().unwrap_or_default();
                        }
                    }
                    out.push(PathRef {
                        segments: prefix,
                        line,
                        in_use: true,
                        binding: Some(binding),
                    });
                    return Ok(self.skip_semicolon(i));
                }
                _ => return Err(bad(i)),
            }
        }
    }

    pub(crate) fn skip_semicolon(&self, i: usize) -> usize {
        if self.text(i) == ";" {
            i + 1
        } else {
            i
        }
    }

    /// Edits for `main`'s imports of the library's top modules, which in the bundle are
    /// the root's own modules (importing them again would define them twice):
    /// `use bfs_judge::chase;` goes, `use bfs_judge::chase::{self, Mode};` becomes
    /// `use crate::chase::Mode;`, `use bfs_judge::{chase, core::run};` becomes
    /// `use crate::core::run;`.
    pub(crate) fn root_self_imports(&self, is_top_module: &dyn Fn(&str) -> bool) -> Vec<Edit> {
        let mut edits = Vec::new();
        let mut depth = 0i32;
        let mut i = 0;
        while i < self.tokens.len() {
            match self.text(i) {
                "{" => depth += 1,
                "}" => depth -= 1,
                _ => {}
            }
            if depth != 0 || self.text(i) != "use" {
                i += 1;
                continue;
            }
            let Some(end) = (i..self.tokens.len()).find(|&k| self.text(k) == ";") else {
                break;
            };
            let words: Vec<&str> = (i + 1..end).map(|k| self.text(k)).collect();
            let root = |w: &str| w == "bfs_judge" || w == "crate";
            let (start, stop) = (self.tokens[i].start, self.tokens[end].end);
            let group = words.iter().position(|&w| w == "{");
            let replacement = match group {
                // `use bfs_judge::chase;`
                None if words.len() == 3 && root(words[0]) && is_top_module(words[2]) => {
                    Some(String::new())
                }
                Some(open) if words.last() == Some(&"}") && root(words[0]) => {
                    let prefix: String = words[..open].concat();
                    let drop_self = open == 4 && is_top_module(words[2]);
                    // The group's elements, split at its own commas.
                    let mut elements: Vec<(usize, usize)> = Vec::new();
                    let (mut nest, mut from) = (0, i + 2 + open);
                    for k in i + 2 + open..end - 1 {
                        match self.text(k) {
                            "{" => nest += 1,
                            "}" => nest -= 1,
                            "," if nest == 0 => {
                                elements.push((from, k));
                                from = k + 1;
                            }
                            _ => {}
                        }
                    }
                    if from < end - 1 {
                        elements.push((from, end - 1));
                    }
                    let kept: Vec<&str> = elements
                        .iter()
                        .filter(|&&(a, b)| {
                            let single = b == a + 1;
                            let redundant = single
                                && ((drop_self && self.text(a) == "self")
                                    || (open == 2 && is_top_module(self.text(a))));
                            !redundant
                        })
                        .map(|&(a, b)| {
                            self.src[self.tokens[a].start..self.tokens[b - 1].end].trim()
                        })
                        .collect();
                    if kept.len() == elements.len() {
                        None
                    } else if kept.is_empty() {
                        Some(String::new())
                    } else if kept.len() == 1 {
                        Some(format!("use {prefix}{};", kept[0]))
                    } else {
                        Some(format!("use {prefix}{{{}}};", kept.join(", ")))
                    }
                }
                _ => None,
            };
            if let Some(text) = replacement {
                let text = text.replace("bfs_judge::", "crate::");
                let (start, stop) = if text.is_empty() {
                    whole_line(self.src, start, stop)
                } else {
                    (start, stop)
                };
                edits.push((start, stop, text));
            }
            i = end + 1;
        }
        edits
    }

    /// Byte ranges of `#[cfg(test)]` items, from the attribute to the item's end.
    pub(crate) fn test_items(&self) -> Vec<(usize, usize)> {
        let mut ranges = Vec::new();
        let mut i = 0;
        while i < self.tokens.len() {
            let is_cfg_test = self.text(i) == "#"
                && self.text(i + 1) == "["
                && self.text(i + 2) == "cfg"
                && self.text(i + 3) == "("
                && self.text(i + 4) == "test"
                && self.text(i + 5) == ")"
                && self.text(i + 6) == "]";
            if !is_cfg_test {
                i += 1;
                continue;
            }
            let start = self.tokens[i].start;
            let mut j = i + 7;
            let mut depth = 0i32;
            while j < self.tokens.len() {
                match self.text(j) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" => depth -= 1,
                    "}" => {
                        depth -= 1;
                        if depth == 0 {
                            if self.text(j + 1) == ";" {
                                j += 1;
                            }
                            break;
                        }
                    }
                    ";" if depth == 0 => break,
                    _ => {}
                }
                j += 1;
            }
            let end = self.tokens.get(j).map_or(self.src.len(), |t| t.end);
            ranges.push((start, end));
            i = j + 1;
        }
        ranges
    }

    /// `mod name;` declarations: (byte range from the visibility, visibility text, name).
    pub(crate) fn mod_declarations(&self) -> Vec<(usize, usize, String, String)> {
        let mut found = Vec::new();
        for i in 0..self.tokens.len() {
            if !(self.text(i) == "mod"
                && self.kind(i + 1) == Some(Kind::Ident)
                && self.text(i + 2) == ";")
            {
                continue;
            }
            // Back over `pub`, `pub(crate)`, `pub(super)`, `pub(in path)`.
            let mut first = i;
            if self.text(i.wrapping_sub(1)) == ")" {
                if let Some(open) = (0..i).rev().find(|&k| self.text(k) == "(") {
                    if self.text(open.wrapping_sub(1)) == "pub" {
                        first = open - 1;
                    }
                }
            } else if self.text(i.wrapping_sub(1)) == "pub" {
                first = i - 1;
            }
            let start = self.tokens[first].start;
            let vis = self.src[start..self.tokens[i].start].trim_end().to_string();
            found.push((
                start,
                self.tokens[i + 2].end,
                vis,
                self.text(i + 1).to_string(),
            ));
        }
        found
    }
}

/// A change to a text: bytes `start..end` replaced by the string.
pub(crate) type Edit = (usize, usize, String);

/// `src` with `edits` made, in order of their starts; an edit that starts inside a range
/// an earlier one replaced is left out (a comment inside a removed item).
pub(crate) fn apply(src: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|&(start, _, _)| start);
    let mut text = String::with_capacity(src.len());
    let mut at = 0;
    for (start, end, replacement) in edits {
        if start < at {
            continue;
        }
        text.push_str(&src[at..start]);
        text.push_str(&replacement);
        at = end;
    }
    text.push_str(&src[at..]);
    text
}

/// The start of the line of byte `start` and the end of the line of byte `end`, its
/// newline included.
pub(crate) fn line_bounds(src: &str, start: usize, end: usize) -> (usize, usize) {
    let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[end..].find('\n').map_or(src.len(), |i| end + i + 1);
    (line_start, line_end)
}

/// `start..end` widened to its whole line(s), newline included, when nothing else is on them.
pub(crate) fn whole_line(src: &str, start: usize, end: usize) -> (usize, usize) {
    let (line_start, line_end) = line_bounds(src, start, end);
    if src[line_start..start].trim().is_empty() && src[end..line_end].trim().is_empty() {
        (line_start, line_end)
    } else {
        (start, end)
    }
}
