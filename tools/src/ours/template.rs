//! What the two pages of ours (a failing case's maze, `grid::html`; the traced search,
//! `search::page`) share: each is one HTML file kept beside its code, filled in one pass.

/// `text` escaped for HTML text and attribute values.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `template` with each marker of `values` (`("{title}", "robot-maze/sample")`) replaced by
/// its value, in one pass: a value is never searched for markers itself.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let extra: usize = values.iter().map(|(_, v)| v.len()).sum();
    let mut out = String::with_capacity(template.len() + extra);
    let mut rest = template;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let (text, len) = match values.iter().find(|(marker, _)| rest.starts_with(marker)) {
            Some((marker, value)) => (*value, marker.len()),
            None => ("{", 1),
        };
        out.push_str(text);
        rest = &rest[len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_filled_once_and_braces_kept() {
        let page = fill(
            "<b>{title}</b>{x}{data}",
            &[("{title}", "a {data} & b"), ("{data}", "D")],
        );
        assert_eq!(page, "<b>a {data} & b</b>{x}D");
        assert_eq!(escape("<\"a\" & b>"), "&lt;&quot;a&quot; &amp; b&gt;");
    }
}
