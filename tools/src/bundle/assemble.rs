//! One bundle: follows the paths from the problem's `main` through the library, renders
//! the modules it reaches in the library's own structure with the stand-ins as `mod ext`,
//! and refuses code that would reach a crate.

use super::code::{Code, PathRef};
use super::lex::{lex, Kind};
use super::project::{narrow_indent, Project, Standin};
use super::prune::prune;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// The largest bundle made: 52 KiB, so that 12 KiB of Codeforces' 64 KiB source limit
/// stay free for the code to grow before a change could break a submission.
pub const MAX_BYTES: usize = 52 * 1024;

/// One bundled problem.
pub struct Bundle {
    pub source: String,
}

impl Project {
    /// Bundles the problem whose `[[bin]]` is `problem`.
    pub fn bundle(&self, problem: &str) -> Result<Bundle, String> {
        let main_file = self.bins.get(problem).ok_or_else(|| {
            format!(
                "no binary `{problem}` in Cargo.toml (there are: {})",
                self.bins.keys().cloned().collect::<Vec<_>>().join(", ")
            )
        })?;
        let standins = self.standins()?;
        // Which modules are used, transitively from main.
        let mut used: BTreeSet<Vec<String>> = BTreeSet::new();
        let mut api = BTreeSet::new();
        let mut todo: Vec<(PathBuf, Vec<String>, bool)> = vec![(main_file.clone(), vec![], true)];
        let mut seen_files = BTreeSet::new();
        while let Some((file, module, is_main)) = todo.pop() {
            if !seen_files.insert(file.clone()) {
                continue;
            }
            let cleaned = self.clean(&file, is_main, &mut |_, _| Ok(None))?;
            let name = self.relative(&file);
            let all = lex(&cleaned.text).map_err(|e| format!("{name}: {e}"))?;
            let code = Code::new(&cleaned.text, &all);
            let paths = code.paths().map_err(|e| format!("{name}: {e}"))?;
            let children: BTreeSet<String> = if is_main {
                BTreeSet::new()
            } else {
                cleaned.children.iter().cloned().collect()
            };
            let mut aliases: BTreeMap<String, Vec<String>> = BTreeMap::new();
            // Two passes: aliases first (a `use` may come after its use), then everything.
            for pass in 0..2 {
                for p in &paths {
                    if pass == 0 && p.binding.is_none() {
                        continue;
                    }
                    let resolved = self
                        .resolve(p, &module, &children, &aliases)
                        .map_err(|e| format!("{name}: line {}: {e}", p.line))?;
                    if pass == 0 {
                        if let Some(binding) = &p.binding {
                            // A name from outside the crate (std) resolves to "std".
                            let target = resolved.unwrap_or_else(|| vec!["std".to_string()]);
                            aliases.insert(binding.clone(), target);
                        }
                        continue;
                    }
                    let Some(resolved) = resolved else { continue };
                    if resolved.first().map(String::as_str) == Some("ext") {
                        let used_api = check_standin(&resolved, &standins)
                            .map_err(|e| format!("{name}: line {}: {e}", p.line))?;
                        if let Some(used_api) = used_api {
                            api.insert(used_api);
                        }
                        continue;
                    }
                    // The longest prefix naming a module file pulls it and its parents in.
                    for len in (1..=resolved.len()).rev() {
                        let prefix = &resolved[..len];
                        if let Some(file) = self.module_file(prefix) {
                            for k in 1..=len {
                                let parent = resolved[..k].to_vec();
                                if used.insert(parent.clone()) {
                                    let f = self.module_file(&parent).ok_or_else(|| {
                                        format!("no file for module {}", parent.join("::"))
                                    })?;
                                    todo.push((f, parent, false));
                                }
                            }
                            let _ = file;
                            break;
                        }
                    }
                }
            }
        }
        let stand_in_crates: BTreeSet<String> = api
            .iter()
            .filter_map(|a| a.split("::").next().map(str::to_string))
            .collect();

        // Emit: main, then the used modules in the library's declaration order.
        let main = self.clean(main_file, true, &mut |_, _| Ok(None))?;
        let lib = self.render(&[], &used, &standins, &stand_in_crates)?;
        let mut body = main.text;
        body.push('\n');
        body.push_str(&lib);
        let body = prune(&body).map_err(|e| format!("{problem}: leaving out unused items: {e}"))?;
        let body = narrow_indent(&body).map_err(|e| format!("{problem}: {e}"))?;
        let source = header(problem, &self.relative(main_file)) + &body;
        check_no_crates(&source, &self.crates)?;
        if source.len() > MAX_BYTES {
            return Err(format!(
                "{problem}: the bundle is {} bytes, more than the {MAX_BYTES} allowed (52 KiB, \
                 12 KiB below Codeforces' 64 KiB limit): make the code it holds smaller",
                source.len()
            ));
        }
        Ok(Bundle { source })
    }

    /// The text of module `path` with its used children inlined (for `[]`, only those).
    fn render(
        &self,
        path: &[String],
        used: &BTreeSet<Vec<String>>,
        standins: &BTreeMap<String, Standin>,
        stand_in_crates: &BTreeSet<String>,
    ) -> Result<String, String> {
        let file = self
            .module_file(path)
            .ok_or_else(|| format!("no file for module {}", path.join("::")))?;
        let mut blocks = Vec::new();
        let module = self.clean(&file, false, &mut |vis, child| {
            let mut child_path = path.to_vec();
            child_path.push(child.to_string());
            let inner = if path.is_empty() && child == "ext" {
                if stand_in_crates.is_empty() {
                    return Ok(None);
                }
                let mut inner = String::new();
                for krate in stand_in_crates {
                    let standin = &standins[krate];
                    let text = format!(
                        "// {}\n{}",
                        self.relative(&standin.module.file),
                        standin.module.text
                    );
                    inner.push_str(&format!("pub mod {krate} {{\n{text}}} // mod {krate}\n\n"));
                }
                inner.truncate(inner.trim_end().len());
                inner.push('\n');
                inner
            } else if used.contains(&child_path) {
                let child_file = self
                    .module_file(&child_path)
                    .ok_or_else(|| format!("no file for module {}", child_path.join("::")))?;
                let text = self.render(&child_path, used, standins, stand_in_crates)?;
                format!("// {}\n{}", self.relative(&child_file), text)
            } else {
                return Ok(None);
            };
            let block = format!("{vis} mod {child} {{\n{inner}}} // mod {child}");
            if path.is_empty() {
                blocks.push(block);
                Ok(None)
            } else {
                Ok(Some(block + "\n"))
            }
        })?;
        if path.is_empty() {
            // The library root contributes its module tree only.
            return Ok(blocks.join("\n\n") + "\n");
        }
        Ok(module.text)
    }

    /// Resolves a path written in `module` to a path from the crate root; `None` for paths
    /// outside the crate that are fine (std, primitive types, local items). Errors for
    /// paths that reach a crate.
    fn resolve(
        &self,
        p: &PathRef,
        module: &[String],
        children: &BTreeSet<String>,
        aliases: &BTreeMap<String, Vec<String>>,
    ) -> Result<Option<Vec<String>>, String> {
        let segs = &p.segments;
        let Some(first) = segs.first() else {
            return Ok(None);
        };
        let shown = segs.join("::").replace("::::", "::");
        let reaches_crate = |krate: &str| {
            format!(
                "`{shown}` reaches the crate `{krate}`: bundles are std-only; call it through \
                 `crate::ext::{krate}` with a stand-in in src/standin/{krate}.rs"
            )
        };
        let mut base: Vec<String>;
        let mut rest = &segs[1..];
        match first.as_str() {
            "crate" => base = Vec::new(),
            "self" => base = module.to_vec(),
            "super" => {
                base = module.to_vec();
                base.pop();
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            "::" => {
                let krate = segs.get(1).map_or("", String::as_str);
                if krate == "std" || krate == "core" {
                    return Ok(None);
                }
                return Err(reaches_crate(krate));
            }
            name if aliases.contains_key(name) => base = aliases[name].clone(),
            name if children.contains(name) => {
                base = module.to_vec();
                base.push(name.to_string());
            }
            name if self.crates.contains(name) => return Err(reaches_crate(name)),
            "std" | "core" => return Ok(None),
            name if p.in_use
                && name.starts_with(|c: char| c.is_ascii_lowercase())
                && !aliases.contains_key(name) =>
            {
                return Err(format!(
                    "`use {shown}` names `{name}`, which is neither a module of this crate nor \
                     std: bundles cannot use crates"
                ));
            }
            _ => return Ok(None),
        }
        if base.first().map(String::as_str) == Some("std") {
            return Ok(None);
        }
        base.extend(rest.iter().cloned());
        Ok(Some(base))
    }
}

/// Checks that a path into `ext` is covered by a stand-in; returns the API it uses.
pub(crate) fn check_standin(
    resolved: &[String],
    standins: &BTreeMap<String, Standin>,
) -> Result<Option<String>, String> {
    let Some(krate) = resolved.get(1) else {
        return Ok(None);
    };
    let standin = standins.get(krate).ok_or_else(|| {
        format!("`crate::ext::{krate}` has no std-only stand-in (src/standin/{krate}.rs)")
    })?;
    let Some(item) = resolved.get(2) else {
        return Ok(Some(krate.clone()));
    };
    let shown = resolved[1..].join("::");
    if !standin.items.contains(item) {
        return Err(format!(
            "`{shown}`: the stand-in src/standin/{krate}.rs has no public `{item}`; \
             extend it (and its test in tests/bundle.rs) first"
        ));
    }
    for name in &resolved[3..] {
        if !standin.names.contains(name) {
            return Err(format!(
                "`{shown}`: the stand-in src/standin/{krate}.rs has no `{name}`; extend it first"
            ));
        }
    }
    Ok(Some(shown))
}

/// Fails if the finished bundle still names a crate: `extern crate`, `::krate`, `bfs_judge`.
pub(crate) fn check_no_crates(source: &str, crates: &BTreeSet<String>) -> Result<(), String> {
    let all = lex(source)?;
    let code = Code::new(source, &all);
    for i in 0..code.tokens.len() {
        let text = code.text(i);
        let problem = if text == "extern" && code.text(i + 1) == "crate" {
            "`extern crate`".to_string()
        } else if text == "bfs_judge" {
            "`bfs_judge` is left".to_string()
        } else if code.kind(i) == Some(Kind::Ident)
            && crates.contains(text)
            && code.text(i + 1) == "::"
            && code.text(i.wrapping_sub(1)) != "::"
        {
            // Stand-ins are reached as `crate::ext::<crate>::...`, never by the bare name.
            format!("`{text}::` names a crate")
        } else if code.kind(i) == Some(Kind::PathSep)
            && crates.contains(code.text(i + 1))
            && code.kind(i.wrapping_sub(1)) != Some(Kind::Ident)
        {
            format!("`::{}` names a crate", code.text(i + 1))
        } else {
            continue;
        };
        return Err(format!("bundle line {}: {problem}", code.line(i)));
    }
    Ok(())
}

/// The header: what the file is, for which compilers, where its parts come from.
pub(crate) fn header(problem: &str, main_file: &str) -> String {
    format!(
        "// {problem}: bfs-judge's `{problem}` binary as one std-only file for online judges\n\
         // (Rust 2021, rustc 1.63 or later). `main` is {main_file}; each module is the file named\n\
         // at its start, less what this problem never calls. Made by `scripts/bundle {problem}`:\n\
         // do not edit it; edit src/ and bundle again.\n\n"
    )
}
