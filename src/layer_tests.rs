//! The layering of `src/`: engine (with the languages) at the bottom, the
//! rule modules above it, session and opponent above them, then the
//! campaigns, the editor's model and remote play, and `cli/` and `gui/` on top
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
    ("campaign", 3),
    ("editor", 3),
    ("net", 3),
    ("report", 3),
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

/// A file of `src/` by its module path: `["rules", "ran", "state"]` for
/// `rules/ran/state.rs`, `["rules", "ran"]` for `rules/ran/mod.rs`.
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .components()
        .filter_map(|c| c.as_os_str().to_str())
        .map(|s| s.trim_end_matches(".rs").to_string())
        .collect();
    if parts
        .last()
        .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
    {
        parts.pop();
    }
    parts
}

/// Every path written after `prefix` in `text`, as its names, with `use`
/// groups spread out at any depth: `prefix a::{b, c::{d, e as f}}` gives
/// `a::b`, `a::c::d` and `a::c::e`. A group's stem alone is no path.
fn paths_after(text: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, m) in text.match_indices(prefix) {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        read_path(text.as_bytes(), i + m.len(), &[], &mut out);
    }
    out
}

/// Reads one path (`name::name…`, then a group if one follows) from
/// `s[at..]` after `stem`, pushes each full path onto `out`, and returns
/// where it stopped.
fn read_path(s: &[u8], mut at: usize, stem: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let is_name = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'*';
    let skip_space = |mut k: usize| {
        while k < s.len() && s[k].is_ascii_whitespace() {
            k += 1;
        }
        k
    };
    let mut path = stem.to_vec();
    loop {
        if s.get(at) == Some(&b'{') {
            at += 1;
            loop {
                at = skip_space(at);
                if at >= s.len() || s[at] == b'}' {
                    return at + 1;
                }
                at = skip_space(read_path(s, at, &path, out));
                if s[at.min(s.len())..].starts_with(b"as ") {
                    at = skip_space(at + 2);
                    while at < s.len() && is_name(s[at]) {
                        at += 1;
                    }
                    at = skip_space(at);
                }
                match s.get(at) {
                    Some(b',') => at += 1,
                    Some(b'}') => return at + 1,
                    _ => return at,
                }
            }
        }
        let end = s[at..]
            .iter()
            .position(|c| !is_name(*c))
            .unwrap_or(s.len() - at);
        if end == 0 {
            break;
        }
        path.push(String::from_utf8_lossy(&s[at..at + end]).into_owned());
        at += end;
        if s[at..].starts_with(b"::") && !s[at..].starts_with(b"::<") {
            at += 2;
        } else {
            break;
        }
    }
    if !path.is_empty() {
        out.push(path);
    }
    at
}

/// The text without `//` comments (doc links are not imports).
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each file of `src/` outside the tests, with the files it names: the
/// file that holds the longest module prefix of each `crate::`, `super::`
/// and `self::` path, and of `child::` paths to its own child modules.
/// An item re-exported by a `mod.rs` names that `mod.rs`.
fn src_arrows(src: &Path) -> Vec<(String, Vec<String>)> {
    let files: Vec<(Vec<String>, String, PathBuf)> = rust_files(src)
        .into_iter()
        .filter(|p| !is_test_file(p))
        .filter_map(|p| {
            let rel = p.strip_prefix(src).ok()?.to_path_buf();
            let name = rel.to_str()?.to_string();
            Some((module_path(&rel), name, p))
        })
        .collect();
    let file_of = |path: &[String]| {
        (1..=path.len()).rev().find_map(|k| {
            files
                .iter()
                .find(|(m, _, _)| m.as_slice() == &path[..k])
                .map(|(_, n, _)| n.clone())
        })
    };
    let mut out = Vec::new();
    for (me, name, path) in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        if text.contains("#![cfg(test)]") {
            continue;
        }
        let text = without_comments(without_test_modules(&text));
        let mut targets: Vec<Vec<String>> = Vec::new();
        targets.extend(paths_after(&text, "crate::"));
        for p in paths_after(&text, "self::") {
            targets.push(me.iter().cloned().chain(p).collect());
        }
        for p in paths_after(&text, "super::") {
            let mut base = me.clone();
            base.pop();
            let mut rest = p.as_slice();
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
            let mut t = base;
            t.extend(rest.iter().cloned());
            targets.push(t);
        }
        for line in text.lines() {
            let l = line.trim_start();
            let l = l.strip_prefix("pub ").unwrap_or(l);
            let l = l.strip_prefix("pub(crate) ").unwrap_or(l);
            if let Some(child) = l.strip_prefix("mod ").and_then(|c| c.strip_suffix(';')) {
                for p in paths_after(&text, &format!("{child}::")) {
                    let mut t = me.clone();
                    t.push(child.to_string());
                    t.extend(p);
                    targets.push(t);
                }
            }
        }
        let mut to: Vec<String> = targets
            .iter()
            .map(|t| {
                t.iter()
                    .filter(|n| *n != "*" && *n != "self")
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .filter_map(|t| file_of(&t))
            .filter(|t| t != name)
            .collect();
        to.sort();
        to.dedup();
        out.push((name.clone(), to));
    }
    out
}

/// The files caught in a circle: each file from which a chain of arrows
/// leads back to itself, with its arrows into the circle.
fn circles(arrows: &[(String, Vec<String>)]) -> Vec<String> {
    use std::collections::{BTreeMap, BTreeSet};
    let map: BTreeMap<&str, Vec<&str>> = arrows
        .iter()
        .map(|(f, to)| (f.as_str(), to.iter().map(String::as_str).collect()))
        .collect();
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(f) = stack.pop() {
            for t in map.get(f).into_iter().flatten() {
                if seen.insert(*t) {
                    stack.push(t);
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&str, BTreeSet<&str>> = map.keys().map(|f| (*f, reach(f))).collect();
    map.iter()
        .filter(|(f, _)| reached[*f].contains(*f))
        .map(|(f, to)| {
            let back: Vec<&str> = to
                .iter()
                .copied()
                .filter(|t| reached.get(t).is_some_and(|r| r.contains(*f)))
                .collect();
            format!("{f} -> {}", back.join(", "))
        })
        .collect()
}

#[test]
fn no_files_of_src_name_each_other_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let arrows = src_arrows(&src);
    let count: usize = arrows.iter().map(|(_, to)| to.len()).sum();
    assert!(arrows.len() > 150, "only {} files read", arrows.len());
    assert!(count > 500, "only {count} arrows found");
    let circle = circles(&arrows);
    assert!(
        circle.is_empty(),
        "{} files of src/ name each other in circles (each with its arrows back into one):\n{}",
        circle.len(),
        circle.join("\n")
    );
}

#[test]
fn the_tree_scan_spreads_groups_and_follows_super_and_children() {
    let paths = paths_after("use crate::a::{b, c::{d, e as f}, g::*};", "crate::");
    let shown: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(shown, ["a::b", "a::c::d", "a::c::e", "a::g::*"]);
    assert_eq!(module_path(Path::new("rules/ran/mod.rs")), ["rules", "ran"]);
    let dir = std::env::temp_dir().join(format!("kassen-layers-{}", std::process::id()));
    let m = dir.join("m");
    std::fs::create_dir_all(&m).expect("temp dir");
    std::fs::write(dir.join("lib.rs"), "mod m;\n").expect("write");
    std::fs::write(
        m.join("mod.rs"),
        "mod a;\nmod b;\npub use a::A;\npub struct T;\n",
    )
    .expect("write");
    std::fs::write(
        m.join("a.rs"),
        "use super::T; // super::b::B\npub struct A;\n",
    )
    .expect("write");
    std::fs::write(
        m.join("b.rs"),
        "use super::super::m::a::A;\n#[cfg(test)]\nmod tests { use super::super::T; }\n",
    )
    .expect("write");
    let arrows = src_arrows(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    let of = |f: &str| arrows.iter().find(|(n, _)| n == f).map(|(_, t)| t.clone());
    assert_eq!(of("m/a.rs"), Some(vec!["m/mod.rs".to_string()]));
    assert_eq!(of("m/b.rs"), Some(vec!["m/a.rs".to_string()]));
    assert_eq!(of("m/mod.rs"), Some(vec!["m/a.rs".to_string()]));
    assert_eq!(
        circles(&arrows),
        ["m/a.rs -> m/mod.rs", "m/mod.rs -> m/a.rs"]
    );
}
