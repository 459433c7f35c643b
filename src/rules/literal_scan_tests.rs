//! The numeric-literal scan: rule values live in each module's RON under
//! `assets/rules/<module>/`, not in its resolution code.
//!
//! What it reads: every `.rs` file under `src/rules/<module>/`, without
//! comments, strings, characters and attributes, and without tests (test
//! files by name or `#![cfg(test)]`, and everything from a `#[cfg(test)]`
//! module on).
//!
//! What it skips, as not resolution code: the data loaders (`data.rs`, which
//! bound-checks the tables it reads, and `text.rs`), display code
//! (`view.rs`, `table_view.rs`, `editor.rs`) and the computer's scripted
//! play (`policy.rs`, `default_play.rs`, `default_orders.rs`, `focus.rs`,
//! `dragon_play.rs`).
//!
//! What it allows (structural, never a rule value):
//! - `0` and `1` in any type (`0.0`, `1u32`…): empty, first, one more, the
//!   other side (`1 - side`), certainty;
//! - array lengths in types and repeats (`[i32; 2]` for two sides,
//!   `[&str; 27]` for a list of rule IDs);
//! - neighbouring pairs, `.windows(2)` (a road's links, a sorted list);
//! - named display colours, `const …_COLOR: … = …;` on one line;
//! - the named constants of [`STRUCTURAL`], each with why.
//!
//! Everything else is a rule value written in Rust, and the scan fails on
//! it. [`DEBT`], the list of values still to move into RON, is empty: a
//! value may be listed there only for a while, with its file and count, and
//! the scan fails on a listed one that is gone, so the list only shrinks.

use std::collections::BTreeMap;
use std::path::Path;

use crate::layer_tests::{is_test_file, non_test_text, rust_files};

/// Named constants that may hold a literal, with why they are structure and
/// not a rule.
const STRUCTURAL: &[(&str, &str)] = &[
    (
        "CLEARANCE_TOLERANCE",
        "float rounding of a measured gap (Clan War forced landing)",
    ),
    (
        "REROLL_GUARD",
        "a bound on a loop of rerolls, so that a broken table cannot hang the game",
    ),
    (
        "PAIR_WINDOW",
        "the length of a window over consecutive items: a path's step from hex to hex, \
         two neighbouring units in id order (Samurai Battles)",
    ),
    (
        "LOS_HEXSIDE_NUDGE",
        "float offset that reads a line of sight along a hexside on each side of it \
         (Samurai Battles)",
    ),
    (
        "MODELS_SANITY_MULTIPLE",
        "the invariant check's ceiling on a unit's models; the rules set no cap on Join Up \
         (Samurai Battles)",
    ),
    (
        "OFF_BOARD_HEX",
        "a sentinel destination off any board for the illegal-command examples (Samurai Battles)",
    ),
    (
        "FALLBACK_SIDE_COLOR",
        "display colour of a side whose scenario names none (Samurai Battles, Genpei)",
    ),
    (
        "REPLACEMENT_ID_STEP",
        "numbering: the step above a dead RAN Busho's id where his replacement's id is sought",
    ),
    (
        "SAMURAI_ROW",
        "a row's position in RAN's leader_movement.ron (normal, wounded, Samurai)",
    ),
    (
        "UNKNOWN_TYPE_FACTOR",
        "RAN's TQ and MA for a unit type the scenario check already refuses: never used in play",
    ),
    (
        "SCORE_HITS_WEIGHT",
        "a weight of the computer opponent's score (RAN), a heuristic of its play",
    ),
    (
        "UNKNOWN_ID",
        "a sentinel: a unit id no scenario gives (illegal examples; RAN, Genpei)",
    ),
    (
        "OTHER_UNKNOWN_ID",
        "a sentinel: a second unit id no scenario gives (illegal examples; RAN, Genpei)",
    ),
    (
        "OFF_BOARD",
        "a sentinel: a hex coordinate off any board (illegal examples; RAN, Genpei)",
    ),
    (
        "MAX_BOARD_SIDE",
        "a bound on the board a scenario file may ask for (RAN, Genpei), not a rule",
    ),
    (
        "NO_SLOPE_LIMIT",
        "a sentinel slope height no board reaches: RAN and Genpei bar no move by a slope's height",
    ),
    (
        "DEAL_SEED_SALT",
        "a seed salt: the opening deal's dice stream apart from the game's (Genpei)",
    ),
    (
        "SCORE_BANNERS_WEIGHT",
        "a weight of the computer opponent's score (Genpei), a heuristic of its play",
    ),
    (
        "SCORE_STRENGTH_WEIGHT",
        "a weight of the computer opponent's score (Genpei), a heuristic of its play",
    ),
    (
        "SCORE_HF_WEIGHT",
        "a weight of the computer opponent's score (Genpei), a heuristic of its play",
    ),
    (
        "SIDE_TURNS_A_TURN",
        "a count of sides: one side turn for each of the two sides in a turn (Genpei)",
    ),
    (
        "PERCENT",
        "a unit of measure: the whole in per cent, for losses given as percentages (Clan War)",
    ),
    (
        "SIGHT_CORNER_INSET",
        "where a line of sight samples a target's corners, just inside its base: a sampling of \
         \"any part of the target\" (Clan War)",
    ),
    (
        "PATH_STEP",
        "the step at which a move's path is sampled: the resolution of a check along a \
         continuous move (Clan War)",
    ),
    (
        "PATH_END_SLACK",
        "half a path step, so that the sampling of a path reaches its end despite float \
         rounding (Clan War)",
    ),
    (
        "CUT_TOLERANCE",
        "float rounding when a path is cut at a distance (Clan War)",
    ),
    (
        "CONTACT_SPOT_GAP",
        "the gap left between two bases placed in contact, inside the engine's contact \
         distance, so that they touch without overlapping (Clan War)",
    ),
    (
        "LAND_SHORT_STEP",
        "the step of the search for a spot short of an engaged target (Clan War)",
    ),
    (
        "LAND_SHORT_SEARCH",
        "a bound on the search for a spot short of an engaged target (Clan War)",
    ),
    (
        "LAST_HOSTAGE_RULE",
        "the numbering of the CW-HOS rule IDs (the last one, CW-HOS-11), not a rule value",
    ),
    (
        "OBJECTIVE_MARKER_SIZE",
        "an objective marker measured as a tiny base, a point on the table (WarStrike)",
    ),
    (
        "FALL_BACK_SEARCH_STEP",
        "the step of the search for a legal fall-back spot (WarStrike)",
    ),
    (
        "FALL_BACK_SHORTEST",
        "a bound on the search for a fall-back spot: below it the unit cannot move (WarStrike)",
    ),
    (
        "UNKNOWN_CARD_TL",
        "the Training Level of a unit whose card is missing, which the scenario check \
         already refuses: never used in play (Clan War)",
    ),
];

/// Files that are not resolution code (see the module doc).
const SKIPPED: &[&str] = &[
    "data.rs",
    "text.rs",
    "view.rs",
    "table_view.rs",
    "editor.rs",
    "policy.rs",
    "default_play.rs",
    "default_orders.rs",
    "focus.rs",
    "dragon_play.rs",
];

/// Rule values still written in Rust: file (under `src/rules/`), literal,
/// and how many times it occurs there. Each is to move into the module's
/// RON; the list only shrinks.
const DEBT: &[(&str, &str, usize)] = &[];

/// `text` with comments, strings and character literals blanked (newlines
/// kept), so that only code is left.
fn code_only(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |out: &mut String, s: &[char]| {
        for c in s {
            out.push(if *c == '\n' { '\n' } else { ' ' });
        }
    };
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(&['/', '/']) {
            let end = rest.iter().position(|c| *c == '\n').unwrap_or(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest.starts_with(&['/', '*']) {
            let end = (2..rest.len())
                .find(|k| rest[*k - 1] == '*' && rest[*k] == '/')
                .map_or(rest.len(), |k| k + 1);
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest[0] == 'r'
            && (i == 0 || !(b[i - 1].is_alphanumeric() || b[i - 1] == '_'))
            && rest.iter().skip(1).take_while(|c| **c == '#').count() + 1 < rest.len()
            && rest[1 + rest.iter().skip(1).take_while(|c| **c == '#').count()] == '"'
        {
            let hashes = rest.iter().skip(1).take_while(|c| **c == '#').count();
            let start = 2 + hashes;
            let end = (start..rest.len())
                .find(|k| rest[*k] == '"' && rest[k + 1..].iter().take(hashes).all(|c| *c == '#'))
                .map_or(rest.len(), |k| k + 1 + hashes);
            blank(&mut out, &rest[..end.min(rest.len())]);
            i += end.min(rest.len());
        } else if rest[0] == '"' {
            let mut k = 1;
            while k < rest.len() && rest[k] != '"' {
                k += if rest[k] == '\\' { 2 } else { 1 };
            }
            let end = (k + 1).min(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest[0] == '\''
            && rest.len() > 2
            && (rest[2] == '\'' || (rest[1] == '\\' && rest.len() > 3 && rest[3] == '\''))
        {
            let end = if rest[1] == '\\' { 4 } else { 3 };
            blank(&mut out, &rest[..end]);
            i += end;
        } else {
            out.push(rest[0]);
            i += 1;
        }
    }
    out
}

/// The numeric literals of one line of code that the scan does not allow,
/// suffixes and `_` separators dropped.
fn disallowed(line: &str) -> Vec<String> {
    let t = line.trim_start();
    if t.starts_with("#[") || t.starts_with("#![") {
        return Vec::new();
    }
    if STRUCTURAL
        .iter()
        .any(|(name, _)| t.contains(&format!("const {name}:")))
    {
        return Vec::new();
    }
    // A named display colour: `const WATER_COLOR: (f32, f32, f32) = (…);`.
    if t.split_once("const ")
        .and_then(|(_, rest)| rest.split_once(':'))
        .is_some_and(|(name, _)| name.ends_with("_COLOR"))
    {
        return Vec::new();
    }
    let c: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let starts = c[i].is_ascii_digit()
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_' || c[i - 1] == '.'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < c.len() && (c[j].is_ascii_alphanumeric() || c[j] == '_') {
            j += 1;
        }
        // An exponent (`1e-4`).
        if c[j - 1] == 'e'
            && j + 1 < c.len()
            && (c[j] == '-' || c[j] == '+')
            && c[j + 1].is_ascii_digit()
        {
            j += 1;
            while j < c.len() && c[j].is_ascii_digit() {
                j += 1;
            }
        }
        // A fraction, unless it is a range (`0..n`) or a method call (`1.max`).
        if j + 1 < c.len() && c[j] == '.' && c[j + 1].is_ascii_digit() {
            j += 1;
            while j < c.len() && (c[j].is_ascii_alphanumeric() || c[j] == '_') {
                j += 1;
            }
        }
        let raw: String = c[i..j].iter().collect();
        let before: String = c[..i].iter().collect();
        let after: String = c[j..].iter().collect();
        let array_length = before.trim_end().ends_with(';') && after.trim_start().starts_with(']');
        let pairs = raw == "2" && before.ends_with(".windows(") && after.starts_with(')');
        let value = strip_suffix(&raw.replace('_', ""));
        let structural = matches!(value.as_str(), "0" | "1" | "0.0" | "1.0");
        if !(array_length || pairs || structural) {
            out.push(value);
        }
        i = j;
    }
    out
}

/// `raw` without a type suffix (`3u32` → `3`, `0.5f32` → `0.5`).
fn strip_suffix(raw: &str) -> String {
    for s in [
        "usize", "isize", "u128", "i128", "u64", "i64", "u32", "i32", "u16", "i16", "u8", "i8",
        "f64", "f32",
    ] {
        if let Some(v) = raw.strip_suffix(s) {
            return v.to_string();
        }
    }
    raw.to_string()
}

/// (file under `src/rules/`, literal) → count, over the module folders.
fn found() -> BTreeMap<(String, String), usize> {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut out = BTreeMap::new();
    for p in rust_files(&rules) {
        let rel = p
            .strip_prefix(&rules)
            .map(|r| r.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        // The registry and the scan itself are not a module's code.
        if !rel.contains('/') || SKIPPED.contains(&name) {
            continue;
        }
        let text = std::fs::read_to_string(&p).expect("source");
        if is_test_file(&p) || text.contains("#![cfg(test)]") {
            continue;
        }
        let code = code_only(&text);
        for line in non_test_text(&code).lines() {
            for lit in disallowed(line) {
                *out.entry((rel.clone(), lit)).or_insert(0) += 1;
            }
        }
    }
    out
}

#[test]
fn no_rule_value_is_written_in_a_modules_resolution_code() {
    let now = found();
    let debt: BTreeMap<(String, String), usize> = DEBT
        .iter()
        .map(|(f, l, n)| (((*f).to_string(), (*l).to_string()), *n))
        .collect();
    let new: Vec<String> = now
        .iter()
        .filter(|(k, n)| debt.get(*k).is_none_or(|d| *n > d))
        .map(|((f, l), n)| format!("{f}: {l} ×{n}"))
        .collect();
    let gone: Vec<String> = debt
        .iter()
        .filter(|(k, n)| now.get(*k).is_none_or(|f| f < *n))
        .map(|((f, l), n)| format!("{f}: {l} ×{n}"))
        .collect();
    let table: String = now
        .iter()
        .map(|((f, l), n)| format!("    (\"{f}\", \"{l}\", {n}),\n"))
        .collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "rule values in Rust not on the debt list (move them into the module's RON): {new:?}\n\
         listed but gone (shrink DEBT): {gone:?}\nthe scan now finds:\n{table}"
    );
}

#[test]
fn the_scan_sees_values_and_allows_structure() {
    // A rule value is found; structure is not.
    assert_eq!(disallowed("if roll >= 6 { hits += 2; }"), ["6", "2"]);
    assert_eq!(disallowed("let v = 0.5f32 * x;"), ["0.5"]);
    assert_eq!(disallowed("d <= r + 1e-4"), ["1e-4"]);
    assert!(disallowed("let s = 1 - side; for i in 0..n {}").is_empty());
    assert!(disallowed("pub armies: [CwArmy; 2],").is_empty());
    assert!(disallowed("const CLEARANCE_TOLERANCE: f32 = 1e-4;").is_empty());
    assert!(disallowed("#[serde(default = 3)]").is_empty());
    assert!(disallowed("for w in road.windows(2) {").is_empty());
    assert_eq!(disallowed("for w in road.windows(3) {"), ["3"]);
    assert!(disallowed("const WATER_COLOR: (f32, f32, f32) = (0.25, 0.45, 0.80);").is_empty());
    assert!(disallowed("pub const NO_SIDE_COLOR: [f32; 3] = [0.5; 3];").is_empty());
    assert_eq!(disallowed("const WATER_DEPTH: u32 = 3;"), ["3"]);
    assert_eq!(disallowed("let c = water_color(0.5);"), ["0.5"]);
    // Comments and strings are not code.
    let code = code_only("let a = 7; // 9\nlet b = \"12\"; /* 13 */ let c = 'x';");
    let lits: Vec<String> = code.lines().flat_map(disallowed).collect();
    assert_eq!(lits, ["7"]);
}
