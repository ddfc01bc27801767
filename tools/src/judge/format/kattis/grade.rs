//! How a Kattis package adds up a score, by the version's rules: the legacy grader (the
//! default grader's modes and flags over each group's verdicts, `on_reject`,
//! `accept_score`, `reject_score`, `range`) or 2025-09's (`max_score` shared among a
//! group's cases, `score_aggregation`, `require_pass`). Cost: one pass over the tree.

use std::collections::HashMap;

use super::data::{Config, Group, Item};
use super::Version;
use crate::judge::format::{Grades, Names, Score};
use crate::judge::verdict::Outcome;

/// Kattis' grading of a package: the group tree of `data/` and the version whose rules add
/// it up, kept as the model's [`crate::judge::format::Grading::Own`].
#[derive(Clone, Debug)]
pub struct Grader {
    pub version: Version,
    /// Whether the problem is scored (`type: scoring`), not only pass-fail.
    pub scoring: bool,
    /// `data/` as a tree: `sample` and `secret` below it.
    pub data: Group,
}

impl Grades for Grader {
    fn scored(&self) -> bool {
        self.scoring
    }

    fn grade(&self, outcomes: &[(String, Outcome)]) -> Option<Score> {
        self.scoring.then(|| score(self, outcomes))
    }

    /// problemtools walks the tree in order and, in a group whose `on_reject` is `break`
    /// (the legacy grader's default), judges nothing after a case or subgroup that was
    /// rejected (`judge/submission_judge.py`); 2025-09 has no `on_reject`.
    /// The legacy grader's `ignore_sample` (on `data/`) leaves the sample out of the
    /// verdict and the score.
    fn counts(&self, case: &str) -> bool {
        let ignored = self.version.legacy_grading()
            && self
                .data
                .config
                .grader_flags
                .iter()
                .any(|f| f == "ignore_sample");
        !(ignored
            && self
                .data
                .find("sample")
                .is_some_and(|s| s.cases().contains(&case)))
    }

    fn reached(&self, case: &str, judged: &[(String, Outcome)]) -> bool {
        if !self.version.legacy_grading() {
            return true;
        }
        walk(&self.data, case, &results_of(judged)) == Walk::Reached
    }
}

/// How far a walk in judging order gets towards a case.
#[derive(Debug, PartialEq, Eq)]
enum Walk {
    /// The case is reached.
    Reached,
    /// A rejection stopped a group on the way.
    Broke,
}

/// Walks `g`, a group that holds `case`, as problemtools judges it, towards `case`.
fn walk(g: &Group, case: &str, results: &HashMap<String, CaseResult>) -> Walk {
    for item in &g.items {
        let rejected = match item {
            Item::Case(c) if c == case => return Walk::Reached,
            Item::Case(c) => results.get(c).is_some_and(|r| r.verdict != "AC"),
            Item::Group(sub) => {
                let cases = sub.cases();
                if cases.contains(&case) {
                    return walk(sub, case, results);
                }
                let judged = cases.iter().any(|c| results.contains_key(*c));
                judged && grade_legacy(sub, results).verdict != "AC"
            }
        };
        if rejected && !g.config.on_reject_continue {
            return Walk::Broke;
        }
    }
    // Not in the tree (a case the format added beside it): judged.
    Walk::Reached
}

/// Each judged case's verdict in Kattis' words and its validator's score.
fn results_of(outcomes: &[(String, Outcome)]) -> HashMap<String, CaseResult> {
    outcomes
        .iter()
        .map(|(c, o)| {
            let verdict = Names::Kattis.of(o.verdict);
            (
                c.clone(),
                CaseResult {
                    verdict,
                    score: o.score,
                },
            )
        })
        .collect()
}

/// The score of `outcomes` by the package's rules (legacy, or 2025-09's), with each of
/// `secret`'s groups' part.
fn score(k: &Grader, outcomes: &[(String, Outcome)]) -> Score {
    let results = results_of(outcomes);
    let grade = |g: &Group| {
        if k.version.legacy_grading() {
            grade_legacy(g, &results)
        } else {
            grade_2025(g, &results)
        }
    };
    let total = grade(&k.data);
    let mut parts = Vec::new();
    if let Some(secret) = k.data.find("secret") {
        for item in &secret.items {
            if let Item::Group(g) = item {
                let s = if k.version.legacy_grading() {
                    grade_legacy(g, &results).score
                } else {
                    // A group alone, summed under a `secret` of its own maximum.
                    let sub = Group {
                        name: String::new(),
                        config: Config::default(),
                        declared: false,
                        items: vec![Item::Group(Box::new(Group {
                            name: "secret".into(),
                            config: Config {
                                max_score: g.config.max_score,
                                aggregation: Some("sum".into()),
                                ..Config::default()
                            },
                            declared: false,
                            items: vec![Item::Group(g.clone())],
                        }))],
                    };
                    grade_2025(&sub, &results).score
                };
                parts.push((g.name.clone(), s));
            }
        }
    }
    let full = if k.version.legacy_grading() {
        k.data.config.range.1
    } else {
        k.data
            .find("secret")
            .and_then(|s| s.config.max_score)
            .unwrap_or(100.0)
    };
    Score {
        score: total.score,
        full: full.is_finite().then_some(full),
        verdict: total.verdict,
        parts,
    }
}

/// A case's result for grading: its verdict (AC, WA, TLE, RTE...) and the score its
/// validator gave (`score.txt`), if any.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseResult {
    pub verdict: &'static str,
    pub score: Option<f64>,
}

/// A graded node: its verdict and score.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    pub verdict: &'static str,
    pub score: f64,
}

const WORST_FIRST: [&str; 8] = ["JE", "IF", "RTE", "MLE", "TLE", "OLE", "WA", "PE"];

/// The legacy grader (the default grader's modes and flags, `on_reject`, `accept_score`,
/// `reject_score`) over a group; cases not judged (after a `break`) are not there. A case
/// missing from `results` is how a `break` leaves it: the group stops at the first
/// rejection.
pub fn grade_legacy(g: &Group, results: &HashMap<String, CaseResult>) -> Graded {
    let mut subs: Vec<Graded> = Vec::new();
    for item in &g.items {
        let sub = match item {
            Item::Case(c) => {
                let Some(r) = results.get(c) else { continue };
                let score = if r.verdict == "AC" {
                    r.score.unwrap_or(g.config.accept_score)
                } else {
                    g.config.reject_score
                };
                Graded {
                    verdict: r.verdict,
                    score,
                }
            }
            Item::Group(sub) => {
                if sub.cases().iter().all(|c| !results.contains_key(*c)) {
                    continue;
                }
                grade_legacy(sub, results)
            }
        };
        let rejected = sub.verdict != "AC";
        subs.push(sub);
        if rejected && !g.config.on_reject_continue {
            break;
        }
    }
    let flags = &g.config.grader_flags;
    if flags.iter().any(|f| f == "ignore_sample") && subs.len() == 2 {
        subs.remove(0);
    }
    let mode = flags
        .iter()
        .rev()
        .find(|f| {
            ["worst_error", "no_errors", "first_error", "always_accept"].contains(&f.as_str())
        })
        .map_or("worst_error", String::as_str);
    let verdicts: Vec<&'static str> = subs.iter().map(|s| s.verdict).collect();
    let mut verdict = match mode {
        "always_accept" => "AC",
        "first_error" => verdicts
            .iter()
            .copied()
            .find(|v| *v != "AC")
            .unwrap_or("AC"),
        _ => WORST_FIRST
            .iter()
            .copied()
            .find(|w| verdicts.contains(w))
            .or_else(|| verdicts.iter().copied().find(|v| *v != "AC"))
            .unwrap_or("AC"),
    };
    if flags.iter().any(|f| f == "accept_if_any_accepted") && verdicts.contains(&"AC") {
        verdict = "AC";
    }
    let scores: Vec<f64> = subs.iter().map(|s| s.score).collect();
    let agg = flags
        .iter()
        .rev()
        .find(|f| ["sum", "avg", "min", "max"].contains(&f.as_str()))
        .map_or("sum", String::as_str);
    let score = match (agg, scores.is_empty()) {
        (_, true) => 0.0,
        ("avg", _) => scores.iter().sum::<f64>() / scores.len() as f64,
        ("min", _) => scores.iter().copied().fold(f64::INFINITY, f64::min),
        ("max", _) => scores.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        _ => scores.iter().sum(),
    };
    // A rejected group's score is ignored by the format: it counts as nothing.
    Graded {
        verdict,
        score: if verdict == "AC" { score } else { 0.0 },
    }
}

/// The 2025-09 score of `secret`: groups by `max_score` and `score_aggregation` (`sum` in
/// secret, `pass-fail` in groups by default), a case's share of its group's maximum,
/// `score.txt` (an absolute score), and `require_pass`.
pub fn grade_2025(data: &Group, results: &HashMap<String, CaseResult>) -> Graded {
    let Some(secret) = data.find("secret") else {
        return Graded {
            verdict: "AC",
            score: 0.0,
        };
    };
    let all_ac = |g: &Group| {
        g.cases()
            .iter()
            .all(|c| results.get(*c).is_some_and(|r| r.verdict == "AC"))
    };
    fn node(
        g: &Group,
        is_secret: bool,
        data: &Group,
        results: &HashMap<String, CaseResult>,
        all_ac: &dyn Fn(&Group) -> bool,
    ) -> f64 {
        let max = g
            .config
            .max_score
            .unwrap_or(if is_secret { 100.0 } else { f64::INFINITY });
        let agg = g.config.aggregation.clone().unwrap_or_else(|| {
            if is_secret {
                "sum".into()
            } else {
                "pass-fail".into()
            }
        });
        for req in &g.config.require_pass {
            if data.find(req).is_none_or(|r| !all_ac(r)) {
                return 0.0;
            }
        }
        if agg == "pass-fail" {
            return if all_ac(g) { max } else { 0.0 };
        }
        let groups: Vec<&Group> = g
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Group(sub) if sub.declared => Some(&**sub),
                _ => None,
            })
            .collect();
        let parts: Vec<f64> = if !groups.is_empty() {
            groups
                .iter()
                .map(|s| node(s, false, data, results, all_ac))
                .collect()
        } else {
            let cases = g.cases();
            let n = cases.len().max(1) as f64;
            let case_max = if agg == "min" { max } else { max / n };
            cases
                .iter()
                .map(|c| match results.get(*c) {
                    Some(r) if r.verdict == "AC" => r.score.unwrap_or(case_max),
                    _ => 0.0,
                })
                .collect()
        };
        if parts.is_empty() {
            return 0.0;
        }
        if agg == "min" {
            parts.iter().copied().fold(f64::INFINITY, f64::min)
        } else {
            parts.iter().sum()
        }
    }
    let score = node(secret, true, data, results, &all_ac);
    let verdict = data
        .cases()
        .iter()
        .filter_map(|c| results.get(*c))
        .map(|r| r.verdict)
        .find(|v| *v != "AC")
        .unwrap_or("AC");
    Graded { verdict, score }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(n: &str) -> Item {
        Item::Case(n.to_string())
    }

    fn r(v: &'static str) -> CaseResult {
        CaseResult {
            verdict: v,
            score: None,
        }
    }

    #[test]
    fn the_legacy_grader_follows_its_flags() {
        // Two subtasks worth 50 by `min`, secret accepted if any is: one solved gives 50.
        let sub = |name: &str| Group {
            name: name.into(),
            config: Config {
                accept_score: 50.0,
                grader_flags: vec!["min".into()],
                ..Config::default()
            },
            declared: false,
            items: vec![case(&format!("{name}/1")), case(&format!("{name}/2"))],
        };
        let secret = Group {
            name: "secret".into(),
            config: Config {
                on_reject_continue: true,
                grader_flags: vec!["first_error".into(), "accept_if_any_accepted".into()],
                ..Config::default()
            },
            declared: false,
            items: vec![
                Item::Group(Box::new(sub("secret/a"))),
                Item::Group(Box::new(sub("secret/b"))),
            ],
        };
        let results: HashMap<String, CaseResult> = [
            ("secret/a/1", r("AC")),
            ("secret/a/2", r("AC")),
            ("secret/b/1", r("WA")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        assert_eq!(
            grade_legacy(&secret, &results),
            Graded {
                verdict: "AC",
                score: 50.0
            }
        );
        // The default: worst error, and the sum.
        let plain = Group {
            config: Config::default(),
            ..secret.clone()
        };
        assert_eq!(grade_legacy(&plain, &results).verdict, "WA");
    }

    #[test]
    fn the_2025_grader_shares_max_score_among_cases() {
        let g = |name: &str, agg: &str, max: f64| Group {
            name: name.into(),
            config: Config {
                max_score: Some(max),
                aggregation: Some(agg.into()),
                ..Config::default()
            },
            declared: true,
            items: vec![case(&format!("{name}/1")), case(&format!("{name}/2"))],
        };
        let data = Group {
            name: String::new(),
            config: Config::default(),
            declared: false,
            items: vec![Item::Group(Box::new(Group {
                name: "secret".into(),
                config: Config::default(),
                declared: false,
                items: vec![
                    Item::Group(Box::new(g("secret/a", "pass-fail", 30.0))),
                    Item::Group(Box::new(g("secret/b", "sum", 70.0))),
                ],
            }))],
        };
        let results: HashMap<String, CaseResult> = [
            ("secret/a/1", r("AC")),
            ("secret/a/2", r("AC")),
            ("secret/b/1", r("AC")),
            ("secret/b/2", r("WA")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        assert_eq!(
            grade_2025(&data, &results),
            Graded {
                verdict: "WA",
                score: 65.0
            }
        );
    }
}
