//! Checks that every rule ID of a module is cited in the code that
//! implements it and in at least one test (used by each module's
//! `rule_coverage` test). A citation is a string literal in code (a log
//! entry, a refusal, a data key) or a value in a data file; comments and
//! doc comments never count.

/// Whether `text` cites `id` (not as the prefix of a longer ID).
fn cites(text: &str, id: &str) -> bool {
    text.match_indices(id)
        .any(|(i, _)| !text[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

/// The contents of the string literals of Rust or RON `src`, outside
/// comments (`//…` and `/*…*/`), one per line. Raw strings (`r"…"`,
/// `r#"…"#`) count; character literals and lifetimes are skipped.
pub fn literals(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#'))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while b.get(j) == Some(&b'#') {
                    hashes += 1;
                    j += 1;
                }
                if b.get(j) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let start = j + 1;
                let end = src[start..].find(&close).map_or(b.len(), |k| start + k);
                out.push_str(&src[start..end]);
                out.push('\n');
                i = end + close.len();
            }
            b'"' => {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                out.push_str(&src[start..j.min(b.len())]);
                out.push('\n');
                i = j + 1;
            }
            b'\'' => {
                // A char literal ('x', '\n', '"') or a lifetime ('a).
                if b.get(i + 2) == Some(&b'\'') {
                    i += 3;
                } else if b.get(i + 1) == Some(&b'\\') {
                    i += 2;
                    while i < b.len() && b[i] != b'\'' {
                        i += 1;
                    }
                    i += 1;
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// The code part of a source file (all before its first `#[cfg(test)]`, or
/// nothing in a file marked `#![cfg(test)]`) as its string literals (the `RULE_IDS`
/// and `NO_CODE_CITATION` lists themselves and every comment do not count as citing), and its test part
/// whole (a test names the rule it checks, in its comment or its asserts).
fn split(src: &str) -> (String, String) {
    let test_start = ["#[cfg(test)]", "#![cfg(test)]"]
        .iter()
        .filter_map(|m| src.find(m))
        .min();
    let (code, tests) = match test_start {
        Some(i) => (&src[..i], &src[i..]),
        None => (src, ""),
    };
    let mut code = code.to_string();
    for list in ["pub const RULE_IDS", "pub const NO_CODE_CITATION"] {
        if let Some(i) = code.find(list) {
            let end = code[i..].find("];").map_or(code.len(), |j| i + j);
            code = format!("{}{}", &code[..i], &code[end..]);
        }
    }
    (literals(&code), tests.to_string())
}

/// The IDs of `ids` that no non-test code or no test in `sources` cites, each
/// with where it is missing.
pub fn uncited(ids: &[&str], sources: &[&str]) -> Vec<String> {
    uncited_but(ids, &[], sources)
}

/// As [`uncited`], but the IDs of `no_code` (worked examples, rules the
/// source leaves out, table-side conventions: each listed with its reason by
/// the module) need only a test; an ID listed there that code does cite is
/// reported too, so the list cannot go stale.
pub fn uncited_but(ids: &[&str], no_code: &[(&str, &str)], sources: &[&str]) -> Vec<String> {
    let parts: Vec<(String, String)> = sources.iter().map(|s| split(s)).collect();
    ids.iter()
        .filter_map(|id| {
            let code = parts.iter().any(|(c, _)| cites(c, id));
            let test = parts.iter().any(|(_, t)| cites(t, id));
            let excused = no_code.iter().any(|(x, _)| x == id);
            if excused && code {
                return Some(format!(
                    "{id} is cited in code: take it off the no-code list"
                ));
            }
            ((!code && !excused) || !test).then(|| format!("{id} (code: {code}, test: {test})"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_count_in_code_and_tests_but_not_in_lists_or_docs() {
        let src = "//! X-1 in the doc\npub const RULE_IDS: [&str; 2] = [\"X-1\", \"X-2\"];\n\
                   /// X-2 here\nfn f() { g(\"X-2\") }\n#[cfg(test)]\nmod t { // X-2, X-10\n}";
        assert_eq!(
            uncited(&["X-1", "X-2"], &[src]),
            vec!["X-1 (code: false, test: false)".to_string()]
        );
    }

    #[test]
    fn a_file_marked_cfg_test_is_all_tests() {
        let code = "fn f() { g(\"X-6\") }";
        let tests = "//! tests\n#![cfg(test)]\nfn t() { h(\"X-6\") } // X-7";
        assert_eq!(
            uncited(&["X-6", "X-7"], &[code, tests]),
            vec!["X-7 (code: false, test: true)".to_string()]
        );
    }

    #[test]
    fn comments_never_cite() {
        // The defect: an ID in a comment counted as a citation.
        let src = "// X-3 in a comment\nfn f() { /* X-3 */ let c = '\"'; h(r#\"X-4\"#, \"a \\\" X-5\") }\n\
                   #[cfg(test)]\nmod t { fn t() { assert_eq!(r, \"X-3\"); } // X-4\n}";
        let t = "#[cfg(test)]\nmod t { // X-4, X-5\n}";
        assert_eq!(
            uncited(&["X-3", "X-4", "X-5"], &[src, t]),
            vec!["X-3 (code: false, test: true)".to_string()]
        );
    }
}
