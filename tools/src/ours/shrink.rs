//! `stress --shrink` on our inputs: the input read in the format our generator writes, made
//! smaller by reductions that keep it valid for the problem, each kept while the
//! disagreement stays. Greedy, in rounds, until a whole round keeps none: first whole cases
//! of a multi-case input (last first), then the format's own reductions (`Reducible::reduce`:
//! a maze's rows, columns, marks and walls in `grid::shrink`, a board's swaps in
//! `swap_game`). The caller runs the programs ([`Keeps`]) and bounds the tries: this module
//! only proposes candidates, so it costs what the caller's runs cost.

/// Whether the disagreement stays on a candidate input (its text). It also says `false`
/// once the caller wants no more tries (its budget spent, a run that failed): a round
/// that keeps nothing ends the shrinking.
pub type Keeps<'a> = &'a mut dyn FnMut(&[u8]) -> bool;

/// A shrunk input, and its size before and after as the report says it (`30x30`, `6
/// boards`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    pub input: Vec<u8>,
    pub from: String,
    pub to: String,
}

/// An input held in the form its reductions work on.
pub trait Reducible: Clone + PartialEq {
    /// The input's text, as the generator would write it.
    fn write(&self) -> Vec<u8>;
    /// Its size, as the report says it.
    fn size(&self) -> String;
    /// How many cases it holds.
    fn cases(&self) -> usize;
    /// Case `k` left out, when another remains.
    fn without_case(&self, k: usize) -> Option<Self>;
    /// One round of the format's own reductions, each kept when `keeps` says so.
    fn reduce(&mut self, keeps: &mut dyn FnMut(&Self) -> bool);
}

/// `input` shrunk while `keeps` says the disagreement stays.
pub fn greedy<T: Reducible>(input: T, keeps: Keeps<'_>) -> Shrunk {
    let from = input.size();
    let mut best = input;
    let mut keeps = |candidate: &T| keeps(&candidate.write());
    loop {
        let before = best.clone();
        // Whole cases, last first (the indices before stay valid).
        for k in (0..best.cases()).rev() {
            if let Some(c) = best.without_case(k) {
                if keeps(&c) {
                    best = c;
                }
            }
        }
        best.reduce(&mut keeps);
        if best == before {
            break;
        }
    }
    Shrunk {
        input: best.write(),
        from,
        to: best.size(),
    }
}

/// The non-empty lines of `text`, without their `\r`.
pub fn lines(text: &[u8]) -> Vec<&[u8]> {
    text.split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.is_empty())
        .collect()
}

/// The numbers of `line`, when it holds nothing else.
pub fn numbers(line: &[u8]) -> Option<Vec<usize>> {
    std::str::from_utf8(line)
        .ok()?
        .split_whitespace()
        .map(|t| t.parse().ok())
        .collect()
}
