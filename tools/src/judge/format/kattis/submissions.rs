//! The submissions of a Kattis package and what each must get: the places of
//! `submissions/` (`accepted`, `wrong_answer`...) with the format's default promise for each
//! (legacy where it differs), and `submissions.yaml` (2025-09) replacing a place's promise
//! or adding rules to the submissions its globs cover, as BAPCtools reads it. Cost: a
//! listing a place and one small YAML file; each rule's glob is matched per submission.

use std::path::Path;

use yaml_rust2::Yaml;

use super::{as_f64, beside_a_program, hash_keys, layout, words, Version};
use crate::judge::format::files::glob_covers;
use crate::judge::format::yaml::load;
use crate::judge::format::{Expectation, FormatError, Names, Rule, ScoreRule, Submission};

/// The package's submissions with submissions.yaml applied, and the warnings reading it
/// gave (places no rule knows, keys it does not define).
pub fn read(root: &Path, version: Version) -> Result<(Vec<Submission>, Vec<String>), FormatError> {
    let (rules, mut warnings) = expectations(root)?;
    let subs = kattis_submissions_with_yaml(root, version, &rules);
    warnings.extend(unknown_places(root, version, &rules));
    Ok((subs, warnings))
}

/// What a place in `submissions/` promises, in `legacy` or a later version.
fn rule(dir: &str, legacy: bool) -> Option<Rule> {
    let r = Rule::new;
    let all = ["AC", "WA", "TLE", "RTE"];
    Some(match dir {
        // A scoring package's accepted submission must also get the full score.
        "accepted" => Rule {
            score: ScoreRule::Full,
            ..r("AC", &["AC"], &[])
        },
        "wrong_answer" => r("WA", &["AC", "WA"], &["WA"]),
        "time_limit_exceeded" if legacy => r("TLE", &["AC", "WA", "TLE"], &["TLE"]),
        "time_limit_exceeded" => r("TLE", &["AC", "TLE"], &["TLE"]),
        "run_time_error" if legacy => r("RTE", &all, &["RTE"]),
        "run_time_error" => r("RTE", &["AC", "RTE"], &["RTE"]),
        "rejected" if !legacy => r("rejected (WA, TLE or RTE)", &all, &["WA", "TLE", "RTE"]),
        "brute_force" if !legacy => r(
            "brute force (TLE or RTE, never WA)",
            &["AC", "TLE", "RTE"],
            &["TLE", "RTE"],
        ),
        // Legacy's place for scoring problems; kept for later versions too, where
        // problemtools' own 2023-07 example (oddecho) still uses it.
        "partially_accepted" => Rule {
            score: ScoreRule::Partial,
            ..r("AC with a partial score", &all, &[])
        },
        _ => return None,
    })
}

/// Whether `name` in a submissions place is a submission: not a hidden file (`.gitkeep`),
/// nor a header or a note beside the programs.
pub fn is_submission(name: &str) -> bool {
    !name.starts_with('.') && !beside_a_program(name)
}

/// The places under `submissions/` that promise nothing known (`slow_accepted`), with why
/// they are not run.
fn unknown_places(root: &Path, version: Version, rules: &[Expectation]) -> Vec<String> {
    let legacy = version == Version::Legacy;
    layout::file_names(&root.join("submissions"))
        .unwrap_or_default()
        .into_iter()
        .filter(|d| root.join("submissions").join(d).is_dir())
        .filter(|d| rule(d, legacy).is_none())
        .filter(|d| {
            !rules
                .iter()
                .any(|r| r.key.starts_with(&format!("{d}/")) || glob_covers(&r.key, d))
        })
        .map(|d| {
            format!(
                "submissions/{d}/: not a place the {} format defines, nor one submissions.yaml \
                 names: not run",
                version.name()
            )
        })
        .collect()
}

/// The submissions of a Kattis package: each file or folder in a known `submissions/` place.
fn kattis_submissions(root: &Path, version: Version) -> Vec<Submission> {
    let legacy = version == Version::Legacy;
    let dirs = [
        "accepted",
        "partially_accepted",
        "wrong_answer",
        "time_limit_exceeded",
        "run_time_error",
        "rejected",
        "brute_force",
    ];
    let mut v = Vec::new();
    for d in dirs {
        let Some(rule) = rule(d, legacy) else {
            continue;
        };
        let folder = root.join("submissions").join(d);
        for name in layout::file_names(&folder).unwrap_or_default() {
            if !is_submission(&name) {
                continue;
            }
            v.push(Submission::new(
                format!("{d}/{name}"),
                folder.join(&name),
                rule.clone(),
                Names::Kattis,
            ));
        }
    }
    v
}

/// The Kattis submissions with submissions.yaml applied: a key naming a default place
/// replaces that place's `permitted`/`required`; any other key adds its rule to the
/// submissions it covers, and brings in the places it names beyond the defaults.
fn kattis_submissions_with_yaml(
    root: &Path,
    version: Version,
    rules: &[Expectation],
) -> Vec<Submission> {
    let legacy = version == Version::Legacy;
    let mut v = kattis_submissions(root, version);
    let root = root.join("submissions");
    for d in layout::file_names(&root).unwrap_or_default() {
        if !root.join(&d).is_dir() || rule(&d, legacy).is_some() {
            continue;
        }
        for name in layout::file_names(&root.join(&d)).unwrap_or_default() {
            if !is_submission(&name) {
                continue;
            }
            let shown = format!("{d}/{name}");
            if rules.iter().any(|r| glob_covers(&r.key, &shown)) {
                let rule = Rule::new("as submissions.yaml says", &["AC", "WA", "TLE", "RTE"], &[]);
                v.push(Submission::new(
                    shown,
                    root.join(&d).join(&name),
                    rule,
                    Names::Kattis,
                ));
            }
        }
    }
    let verdict = |x: &str| -> &'static str {
        match x {
            "WA" => "WA",
            "TLE" => "TLE",
            "RTE" => "RTE",
            _ => "AC",
        }
    };
    for s in &mut v {
        let place = s.shown.split('/').next().unwrap_or("").to_string();
        for r in rules {
            if r.entrypoint.is_some() && r.cases.is_none() && glob_covers(&r.key, &s.shown) {
                s.entrypoint.clone_from(&r.entrypoint);
            }
            if r.key == place && r.cases.is_none() && rule(&place, legacy).is_some() {
                if let Some(p) = &r.permitted {
                    s.rule.permitted = p.iter().map(|x| verdict(x)).collect();
                    s.promised_by = Some(r.key.clone());
                }
                if let Some(q) = &r.required {
                    s.rule.required = q.iter().map(|x| verdict(x)).collect();
                    s.promised_by = Some(r.key.clone());
                }
                if r.score.is_some() || r.message.is_some() {
                    s.extra.push(Expectation {
                        permitted: None,
                        required: None,
                        ..r.clone()
                    });
                }
            } else if glob_covers(&r.key, &s.shown) {
                s.extra.push(r.clone());
            }
        }
    }
    v
}

/// `submissions/submissions.yaml` as rules (empty when there is none), and warnings for
/// what is read but not used.
fn expectations(root: &Path) -> Result<(Vec<Expectation>, Vec<String>), FormatError> {
    let path = root.join("submissions/submissions.yaml");
    if !path.is_file() {
        return Ok((vec![], vec![]));
    }
    let mut warnings = Vec::new();
    let y = load(&path, &mut warnings)?;
    let shown = path.display().to_string();
    let bad = |what: String| FormatError::said(what).in_file(&path);
    let mut rules = Vec::new();
    let Some(top) = y.as_hash() else {
        return match y {
            Yaml::Null => Ok((vec![], vec![])),
            _ => Err(bad("expected a map of submission globs".into())),
        };
    };
    let verdicts = |key: &str, v: &Yaml| -> Result<Vec<String>, FormatError> {
        let w = words(v).ok_or_else(|| bad(format!("{key}: expected a list of verdicts")))?;
        for x in &w {
            if !["AC", "WA", "TLE", "RTE"].contains(&x.as_str()) {
                return Err(bad(format!("{key}: `{x}` is not one of AC, WA, TLE, RTE")));
            }
        }
        Ok(w)
    };
    let rule = |key: &str,
                cases: Option<String>,
                m: &Yaml,
                warnings: &mut Vec<String>|
     -> Result<Option<Expectation>, FormatError> {
        let mut e = Expectation {
            key: key.to_string(),
            cases,
            ..Expectation::default()
        };
        let mut any = false;
        for k in hash_keys(m) {
            let v = &m[k.as_str()];
            match k.as_str() {
                "permitted" => {
                    e.permitted = Some(verdicts(&k, v)?);
                    any = true;
                }
                "required" => {
                    e.required = Some(verdicts(&k, v)?);
                    any = true;
                }
                "score" => {
                    e.score = Some(match v {
                        Yaml::Array(a) if a.len() == 2 => (
                            as_f64(&a[0])
                                .ok_or_else(|| bad(format!("{key}: score: not a number")))?,
                            as_f64(&a[1])
                                .ok_or_else(|| bad(format!("{key}: score: not a number")))?,
                        ),
                        v => {
                            let x = as_f64(v)
                                .ok_or_else(|| bad(format!("{key}: score: not a number")))?;
                            (x, x)
                        }
                    });
                    any = true;
                }
                "message" => {
                    e.message = v.as_str().map(String::from);
                    any = true;
                }
                "entrypoint" if e.cases.is_none() => {
                    let Some(file) = v.as_str() else {
                        return Err(bad(format!("{key}: entrypoint: expected a file name")));
                    };
                    e.entrypoint = Some(file.to_string());
                    any = true;
                }
                "language" | "entrypoint" | "authors" | "model_solution" | "use_for_time_limit" => {
                    warnings.push(format!("{shown}: {key}: `{k}` is not used here"));
                    // Still a rule: its key names submissions to run (a place such as
                    // `tle:` given only `use_for_time_limit` is run, as BAPCtools runs it).
                    any = true;
                }
                _ => {}
            }
        }
        Ok(any.then_some(e))
    };
    for (k, m) in top {
        let Some(key) = k.as_str() else {
            return Err(bad(format!("a key that is not a glob: {k:?}")));
        };
        if let Some(e) = rule(key, None, m, &mut warnings)? {
            rules.push(e);
        }
        let fields = [
            "permitted",
            "required",
            "score",
            "message",
            "language",
            "entrypoint",
            "authors",
            "model_solution",
            "use_for_time_limit",
        ];
        for g in hash_keys(m) {
            if fields.contains(&g.as_str()) {
                continue;
            }
            if let Some(e) = rule(key, Some(g.clone()), &m[g.as_str()], &mut warnings)? {
                if e.score.is_some() {
                    warnings.push(format!(
                        "{shown}: {key}: {g}: a group's score is not checked here"
                    ));
                }
                rules.push(e);
            }
        }
    }
    Ok((rules, warnings))
}
