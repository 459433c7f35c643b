//! The layering of `src/`: engine (with the languages) at the bottom, the
//! rule modules above it, session and opponent above them, then the editor's
//! model and remote play, and `cli/` and `gui/` on top
//! (`docs/architecture.md`). Outside tests, no file names a module of a
//! higher layer. Tests may reach up: they exercise the whole stack.

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
fn rust_files(dir: &Path) -> Vec<PathBuf> {
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
fn is_test_file(path: &Path) -> bool {
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
fn non_test_text(text: &str) -> &str {
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
