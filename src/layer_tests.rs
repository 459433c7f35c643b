//! The layering of `src/`: engine (with the languages) at the bottom, the
//! rule modules above it, session and opponent above them, then the editor's
//! model and remote play, and `cli/` and `gui/` on top
//! (`docs/architecture.md`). Outside tests, no file names a module of a
//! higher layer. Tests may reach up: they exercise the whole stack. Inside
//! `gui/`, the files form layers too: none names a file that names it back,
//! however far round.

use std::path::{Path, PathBuf};

/// The layer of each top-level module of the crate (0 is the bottom).
const LAYERS: &[(&str, u8)] = &[
    ("engine", 0),
    ("i18n", 0),
    ("rules", 1),
    ("session", 2),
    ("opponent", 2),
    ("editor", 3),
    ("net", 3),
    ("cli", 4),
    ("gui", 4),
];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, l)| *l)
}

/// Every `.rs` file under `dir`, sorted.
pub(crate) fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("src").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A file that holds tests only, by the project's naming.
pub(crate) fn is_test_file(path: &Path) -> bool {
    let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    name == "tests"
        || name.ends_with("_tests")
        || name.contains("_tests_")
        || name.starts_with("tests_")
        || name.starts_with("fidelity_tests")
        || name == "properties"
        || name == "conformance"
}

/// The text of a source file before its first `#[cfg(test)] mod … {`.
pub(crate) fn non_test_text(text: &str) -> &str {
    let mut from = 0;
    while let Some(i) = text[from..].find("#[cfg(test)]") {
        let at = from + i;
        let rest = text[at + "#[cfg(test)]".len()..].trim_start();
        if rest.starts_with("mod ") || rest.starts_with("pub(crate) mod ") {
            return &text[..at];
        }
        from = at + 1;
    }
    text
}

/// The top-level modules named by `crate::…` paths in `text`.
fn named_modules(text: &str) -> Vec<&str> {
    text.match_indices("crate::")
        .filter_map(|(i, m)| {
            let rest = &text[i + m.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            (end > 0).then(|| &rest[..end])
        })
        .collect()
}

#[test]
fn no_file_outside_the_tests_names_a_higher_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = Vec::new();
    let mut checked = 0;
    for path in rust_files(&src) {
        let rel = path.strip_prefix(&src).expect("under src");
        let top = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .map(|s| s.trim_end_matches(".rs"))
            .unwrap_or("");
        let Some(mine) = layer(top) else {
            continue;
        };
        if is_test_file(&path) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        checked += 1;
        for m in named_modules(non_test_text(&text)) {
            if let Some(theirs) = layer(m)
                && theirs > mine
            {
                wrong.push(format!(
                    "{} (layer {mine}) names crate::{m} (layer {theirs})",
                    rel.display()
                ));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(checked > 100, "only {checked} files read");
    assert!(
        wrong.is_empty(),
        "arrows up the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_scan_sees_an_arrow_up_and_skips_tests() {
    let text = "use crate::engine::x;\nfn f() { crate::gui::g(); }\n#[cfg(test)]\nmod tests { use crate::cli::y; }\n";
    let named = named_modules(non_test_text(text));
    assert_eq!(named, vec!["engine", "gui"]);
    assert!(is_test_file(Path::new("src/gui/play_tests.rs")));
    assert!(!is_test_file(Path::new("src/gui/play.rs")));
}

/// The text of a source file without its inline test modules
/// (`#[cfg(test)] mod tests { … }` runs to the end of the file by the
/// project's layout); a `#[cfg(test)] mod name;` declaration stays.
fn without_test_modules(text: &str) -> &str {
    let mut from = 0;
    while let Some(i) = text[from..].find("#[cfg(test)]") {
        let at = from + i;
        let rest = text[at + "#[cfg(test)]".len()..].trim_start();
        let inline = rest
            .find('{')
            .is_some_and(|b| rest.find(';').is_none_or(|s| b < s));
        if (rest.starts_with("mod ") || rest.starts_with("pub(crate) mod ")) && inline {
            return &text[..at];
        }
        from = at + 1;
    }
    text
}

/// The first names of the paths after each `prefix` in `text`: `a` for
/// `prefix a::b`, and each item's first name in `prefix {a, b::c}`.
fn names_after<'t>(text: &'t str, prefix: &str) -> Vec<&'t str> {
    let word = |s: &'t str| {
        let end = s
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(s.len());
        &s[..end]
    };
    let mut out = Vec::new();
    for (i, m) in text.match_indices(prefix) {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &text[i + m.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The items of the group, at its own depth.
            let (mut depth, mut start) = (0usize, 0usize);
            for (k, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.push(word(group[start..k].trim_start()));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(word(group[start..k].trim_start()));
                        start = k + 1;
                    }
                    _ => {}
                }
            }
        } else {
            out.push(word(rest));
        }
    }
    out.retain(|n| !n.is_empty());
    out
}

/// The gui files outside the tests (by stem, `mod` for `gui/mod.rs`), each
/// with the gui files it names: `super::x` and `crate::gui::x` (an item of
/// `gui/mod.rs` when `x` is no file), and in `gui/mod.rs` a file's own
/// name (`x::`). Doc comments count: a link is a name too.
fn gui_arrows(gui: &Path) -> Vec<(String, Vec<String>)> {
    let files: Vec<PathBuf> = std::fs::read_dir(gui)
        .expect("src/gui")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs") && !is_test_file(p))
        .collect();
    let stem = |p: &Path| {
        p.file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string()
    };
    let mut names: Vec<String> = files.iter().map(|p| stem(p)).collect();
    names.sort();
    let mut out = Vec::new();
    for p in &files {
        let me = stem(p);
        let text = std::fs::read_to_string(p).expect("readable");
        let text = without_test_modules(&text);
        let mut named = names_after(text, "crate::gui::");
        if me == "mod" {
            named.extend(
                names
                    .iter()
                    .filter(|n| {
                        !names_after(text, &format!("{n}::")).is_empty() || {
                            text.contains(&format!("self::{n}::"))
                        }
                    })
                    .map(String::as_str),
            );
        } else {
            named.extend(names_after(text, "super::"));
        }
        let mut to: Vec<String> = named
            .into_iter()
            .map(|n| {
                if names.iter().any(|m| m == n) {
                    n.to_string()
                } else {
                    "mod".to_string()
                }
            })
            .filter(|n| *n != me)
            .collect();
        to.sort();
        to.dedup();
        out.push((me, to));
    }
    out.sort();
    out
}

/// The files in an order where each names only files before it (Kahn's,
/// alphabetical among the ready ones), and the files left in a circle.
fn layered(arrows: &[(String, Vec<String>)]) -> (Vec<String>, Vec<String>) {
    let mut order: Vec<String> = Vec::new();
    loop {
        let ready = arrows
            .iter()
            .find(|(f, to)| !order.contains(f) && to.iter().all(|t| order.contains(t) || *t == *f));
        match ready {
            Some((f, _)) => order.push(f.clone()),
            None => break,
        }
    }
    let left = arrows
        .iter()
        .filter(|(f, _)| !order.contains(f))
        .map(|(f, to)| format!("{f} -> {}", to.join(", ")))
        .collect();
    (order, left)
}

#[test]
fn the_gui_files_name_no_file_above_them() {
    let gui = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("gui");
    let arrows = gui_arrows(&gui);
    assert!(arrows.len() > 20, "only {} gui files read", arrows.len());
    let (order, circle) = layered(&arrows);
    eprintln!("gui files, lowest first: {}", order.join(" < "));
    assert!(
        circle.is_empty(),
        "the gui files name each other in a circle:\n{}",
        circle.join("\n")
    );
    assert_eq!(order.last().map(String::as_str), Some("mod"), "{order:?}");
}

#[test]
fn the_gui_scan_reads_groups_and_docs_and_skips_tests() {
    let text = "use super::{a, b::{c, d}, e};\n/// See [`super::f`].\nfn g() { crate::gui::h::i(); }\n#[cfg(test)]\nmod tests { use super::j; }\n";
    let body = without_test_modules(text);
    let mut named = names_after(body, "super::");
    named.extend(names_after(body, "crate::gui::"));
    assert_eq!(named, vec!["a", "b", "e", "f", "h"]);
    let decl = "#[cfg(test)]\nmod x_tests;\nuse super::k;\n";
    assert_eq!(
        names_after(without_test_modules(decl), "super::"),
        vec!["k"]
    );
    let arrows = vec![
        ("a".to_string(), vec!["b".to_string()]),
        ("b".to_string(), vec!["a".to_string()]),
        ("c".to_string(), vec![]),
    ];
    let (order, circle) = layered(&arrows);
    assert_eq!(order, vec!["c"]);
    assert_eq!(circle.len(), 2);
}
