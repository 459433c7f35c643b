//! Checks that every rule ID of a module is cited in the code that
//! implements it and in at least one test (used by each module's
//! `rule_coverage` test).

/// Whether `text` cites `id` (not as the prefix of a longer ID).
fn cites(text: &str, id: &str) -> bool {
    text.match_indices(id)
        .any(|(i, _)| !text[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

/// The code and test parts of a source file. The `RULE_IDS` list itself and
/// module docs (`//!` lines, such as stand-in lists) do not count as citing.
fn split(src: &str) -> (String, String) {
    let (code, tests) = match src.find("#[cfg(test)]") {
        Some(i) => (&src[..i], &src[i..]),
        None => (src, ""),
    };
    let code = match code.find("pub const RULE_IDS") {
        Some(i) => {
            let end = code[i..].find("];").map_or(code.len(), |j| i + j);
            format!("{}{}", &code[..i], &code[end..])
        }
        None => code.to_string(),
    };
    let code = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//!"))
        .collect::<Vec<_>>()
        .join("\n");
    (code, tests.to_string())
}

/// The IDs of `ids` that no non-test code or no test in `sources` cites, each
/// with where it is missing.
pub fn uncited(ids: &[&str], sources: &[&str]) -> Vec<String> {
    let parts: Vec<(String, String)> = sources.iter().map(|s| split(s)).collect();
    ids.iter()
        .filter_map(|id| {
            let code = parts.iter().any(|(c, _)| cites(c, id));
            let test = parts.iter().any(|(_, t)| cites(t, id));
            (!code || !test).then(|| format!("{id} (code: {code}, test: {test})"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_count_in_code_and_tests_but_not_in_lists_or_docs() {
        let src = "//! X-1 in the doc\npub const RULE_IDS: [&str; 2] = [\"X-1\", \"X-2\"];\n\
                   /// X-2 here\nfn f() {}\n#[cfg(test)]\nmod t { // X-2, X-10\n}";
        assert_eq!(
            uncited(&["X-1", "X-2"], &[src]),
            vec!["X-1 (code: false, test: false)".to_string()]
        );
    }
}
