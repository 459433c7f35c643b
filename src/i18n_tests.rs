//! The catalogues are complete in both languages, every key the code uses is
//! in them, and the GUI holds no UI text outside them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::*;

/// The message IDs of every `.ftl` file of a language's folder.
fn keys(lang: Lang) -> BTreeSet<String> {
    messages(lang).into_keys().collect()
}

/// The messages of a language's folder: ID and its first line of text.
fn messages(lang: Lang) -> std::collections::BTreeMap<String, String> {
    messages_in(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(lang.tag()),
    )
}

/// The messages of the `.ftl` files of one folder: ID and its first line of
/// text (its later lines joined on).
fn messages_in(dir: &Path) -> std::collections::BTreeMap<String, String> {
    let mut out = std::collections::BTreeMap::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("locale folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("ftl");
        let mut last: Option<String> = None;
        for line in text.lines() {
            // An indented line continues the message above it.
            if line.starts_with(' ')
                && let Some(v) = last.as_ref().and_then(|k| out.get_mut(k))
            {
                let v: &mut String = v;
                v.push('\n');
                v.push_str(line.trim());
                continue;
            }
            last = None;
            let Some((id, value)) = line.split_once('=') else {
                continue;
            };
            let id = id.trim_end();
            if !id.is_empty()
                && id.starts_with(|c: char| c.is_ascii_lowercase())
                && id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                assert!(
                    out.insert(id.to_string(), value.to_string()).is_none(),
                    "{}: key {id} defined twice",
                    f.display()
                );
                last = Some(id.to_string());
            }
        }
    }
    out
}

/// Every `.rs` file under `src/`, sorted.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("src")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The keys named by `t!("…")` in a source text (the macro's name standing
/// alone, its key on the same line or the next).
fn used_keys(text: &str) -> Vec<String> {
    text.match_indices("t!(")
        .filter(|(i, _)| {
            !text[..*i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
        .filter_map(|(i, m)| {
            let rest = text[i + m.len()..].trim_start().strip_prefix('"')?;
            rest.find('"').map(|end| rest[..end].to_string())
        })
        .filter(|k| k.starts_with(|c: char| c.is_ascii_lowercase()) && !k.contains(' '))
        .collect()
}

/// Every `{ $name }` a message's text uses, with a value for it.
fn sample_args(text: &str) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    for part in text.split('$').skip(1) {
        let name: String = part
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
            .collect();
        if !name.is_empty() && !out.iter().any(|(n, _)| *n == name) {
            out.push((Box::leak(name.into_boxed_str()), "2".to_string()));
        }
    }
    out
}

#[test]
fn both_languages_have_the_same_keys() {
    let en = keys(Lang::English);
    let es = keys(Lang::Spanish);
    assert!(en.len() > 20, "the English catalogue has {} keys", en.len());
    let only_en: Vec<_> = en.difference(&es).collect();
    let only_es: Vec<_> = es.difference(&en).collect();
    assert!(only_en.is_empty(), "missing in Spanish: {only_en:?}");
    assert!(only_es.is_empty(), "missing in English: {only_es:?}");
}

#[test]
fn every_key_the_code_uses_is_in_both_catalogues() {
    let en = keys(Lang::English);
    let es = keys(Lang::Spanish);
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut missing = Vec::new();
    let mut used = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).expect("source");
        for k in used_keys(&text) {
            used += 1;
            if !en.contains(&k) || !es.contains(&k) {
                missing.push(format!("{}: {k}", f.display()));
            }
        }
    }
    assert!(used > 20, "only {used} keys used");
    assert!(
        missing.is_empty(),
        "keys not in the catalogues: {missing:#?}"
    );
}

#[test]
fn every_message_resolves_in_both_languages_and_spanish_is_translated() {
    let en = messages(Lang::English);
    let es = messages(Lang::Spanish);
    let mut same = Vec::new();
    for (k, text) in &en {
        // Arguments from both texts (a plural's variants are on later lines,
        // so the first line of each may name only some).
        let mut args = sample_args(text);
        args.extend(sample_args(es.get(k).map_or("", String::as_str)));
        let e = tr_args_in(Lang::English, k, &args);
        let s = tr_args_in(Lang::Spanish, k, &args);
        assert_ne!(&e, k, "{k} does not resolve in English");
        assert_ne!(&s, k, "{k} does not resolve in Spanish");
        assert!(!e.contains('\u{2068}'), "{k}: isolation marks");
        assert!(!e.contains("{$") && !e.contains("{ $"), "{k}: {e}");
        if e == s {
            same.push(k.clone());
        }
    }
    // A few words are the same in both ("Kassen", "OK", "%"); most are not.
    assert!(
        same.len() * 10 <= en.len(),
        "{} of {} messages read the same in Spanish: {same:?}",
        same.len(),
        en.len()
    );
}

#[test]
fn arguments_fill_in_and_plurals_select() {
    assert_eq!(
        tr_args_in(Lang::Spanish, "settings-language", &[]),
        "Idioma"
    );
    assert_eq!(Lang::parse("es_ES.UTF-8"), Some(Lang::Spanish));
    assert_eq!(Lang::parse("es-MX"), Some(Lang::Spanish));
    assert_eq!(Lang::parse("en"), Some(Lang::English));
    assert_eq!(Lang::parse("fr"), None);
    assert_eq!(tr_in(Lang::Spanish, "no-such-key"), "no-such-key");
}

/// egui calls whose string arguments a player reads.
const UI_CALLS: [&str; 18] = [
    ".label(",
    ".button(",
    ".heading(",
    ".on_hover_text(",
    "Window::new(",
    "RichText::new(",
    ".selectable_label(",
    ".checkbox(",
    ".radio_value(",
    ".radio(",
    ".link(",
    ".small_button(",
    ".colored_label(",
    ".selected_text(",
    "Button::new(",
    "Label::new(",
    ".hint_text(",
    ".on_disabled_hover_text(",
];

/// The text of a call's arguments: from `open` (just after the call's `(`)
/// to its closing bracket.
fn call_args(text: &str, open: usize) -> &str {
    let mut depth = 0;
    let mut in_str = false;
    let mut prev = ' ';
    for (i, c) in text[open..].char_indices() {
        match c {
            '"' if prev != '\\' => in_str = !in_str,
            '(' | '[' | '{' if !in_str => depth += 1,
            ')' | ']' | '}' if !in_str => {
                if depth == 0 {
                    return &text[open..open + i];
                }
                depth -= 1;
            }
            _ => {}
        }
        prev = if prev == '\\' && c == '\\' { ' ' } else { c };
    }
    &text[open..]
}

/// String literals in `args` holding a word (two letters in a row) that are
/// not a `t!` key.
fn worded_literals(args: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = args;
    while let Some(start) = rest.find('"') {
        let before = rest[..start].trim_end();
        let body = &rest[start + 1..];
        let mut end = None;
        let mut esc = false;
        for (i, c) in body.char_indices() {
            if esc {
                esc = false;
            } else if c == '\\' {
                esc = true;
            } else if c == '"' {
                end = Some(i);
                break;
            }
        }
        let Some(end) = end else { break };
        let lit = &body[..end];
        let is_key = before.ends_with("t!(");
        let chars: Vec<char> = lit.chars().collect();
        let worded = chars
            .windows(2)
            .any(|w| w[0].is_alphabetic() && w[1].is_alphabetic());
        // `{name}` placeholders in a format string are not words.
        let words_outside_braces = {
            let mut depth = 0;
            let mut run = 0;
            let mut found = false;
            for c in lit.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    c if depth == 0 && c.is_alphabetic() => {
                        run += 1;
                        if run >= 2 {
                            found = true;
                        }
                    }
                    _ => run = 0,
                }
                if !c.is_alphabetic() {
                    run = 0;
                }
            }
            found
        };
        // A comparison with the module's data (`c.deck == "Dragon"`) and the
        // game's own name are not UI text.
        let compared = before.ends_with("==") || before.ends_with("!=");
        if !is_key && worded && words_outside_braces && !compared && lit != "Kassen" {
            out.push(lit.to_string());
        }
        rest = &body[end + 1..];
    }
    out
}

#[test]
fn the_gui_shows_no_text_outside_the_catalogues() {
    let gui = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("gui");
    let mut files = Vec::new();
    sources(&gui, &mut files);
    let mut found = Vec::new();
    let mut calls = 0;
    for f in files {
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if name.ends_with("_tests.rs") {
            continue;
        }
        let full = std::fs::read_to_string(&f).expect("source");
        // Unit tests at the end of a file run in English on purpose.
        let text = full.split("#[cfg(test)]").next().unwrap_or_default();
        for call in UI_CALLS {
            for (i, _) in text.match_indices(call) {
                calls += 1;
                for lit in worded_literals(call_args(text, i + call.len())) {
                    let line = text[..i].lines().count();
                    found.push(format!("{}:{line}: {lit:?}", f.display()));
                }
            }
        }
    }
    assert!(calls > 100, "only {calls} egui calls found");
    assert!(
        found.is_empty(),
        "UI text outside the catalogues: {found:#?}"
    );
}

/// The rule IDs of a rules-reference file, in order.
fn rule_ids(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("rules text");
    text.match_indices("(id: \"")
        .filter_map(|(i, m)| {
            let rest = &text[i + m.len()..];
            rest.find('"').map(|end| rest[..end].to_string())
        })
        .collect()
}

#[test]
fn every_rules_reference_is_in_spanish_entry_for_entry() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join("rules");
    // Every registered module, and every module folder under assets/rules/
    // (so that neither a module nor a stray folder is left out).
    let mut folders: Vec<String> = std::fs::read_dir(&rules)
        .expect("assets/rules")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let mut modules: Vec<String> = crate::rules::rulesets()
        .into_iter()
        .map(String::from)
        .collect();
    modules.sort();
    assert_eq!(
        folders, modules,
        "assets/rules/ holds one folder per module"
    );
    for module in &modules {
        let en = rule_ids(&rules.join(module).join("rules_text.ron"));
        let es = rule_ids(&rules.join(module).join("rules_text.es.ron"));
        assert!(en.len() > 20, "{module}: {} rules", en.len());
        assert_eq!(
            en, es,
            "{module}: the Spanish reference differs in its rule IDs"
        );
    }
}

/// Every rule module's folder that has its own catalogue
/// (`src/rules/<module>/locales`), sorted.
fn module_folders() -> Vec<PathBuf> {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("rules");
    let mut out: Vec<PathBuf> = std::fs::read_dir(rules)
        .expect("src/rules")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("locales").is_dir())
        .collect();
    out.sort();
    out
}

/// The keys named by `say!("…")` in a source text.
fn said_keys(text: &str) -> Vec<String> {
    text.match_indices("say!(")
        .filter_map(|(i, m)| {
            let rest = text[i + m.len()..].trim_start().strip_prefix('"')?;
            rest.find('"').map(|end| rest[..end].to_string())
        })
        .collect()
}

/// A Fluent bundle of a module's catalogue in one language, read from its
/// files, for formatting each message on its own and seeing its errors.
fn module_bundle(
    folder: &Path,
    lang: Lang,
) -> fluent_templates::fluent_bundle::FluentBundle<fluent_templates::fluent_bundle::FluentResource>
{
    use fluent_templates::fluent_bundle::{FluentBundle, FluentResource};
    let dir = folder.join("locales").join(lang.tag());
    let mut bundle = FluentBundle::new(vec![lang.id().clone()]);
    bundle.set_use_isolating(false);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("module locale folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("ftl");
        let res =
            FluentResource::try_new(text).unwrap_or_else(|(_, e)| panic!("{}: {e:?}", f.display()));
        bundle
            .add_resource(res)
            .unwrap_or_else(|e| panic!("{}: {e:?}", f.display()));
    }
    bundle
}

#[test]
fn every_module_speaks_both_languages_through_its_own_catalogue() {
    use fluent_templates::fluent_bundle::{FluentArgs, FluentValue};
    let folders = module_folders();
    assert_eq!(folders.len(), crate::rules::rulesets().len(), "{folders:?}");
    for folder in folders {
        let name = folder.display().to_string();
        let en = messages_in(&folder.join("locales").join(Lang::English.tag()));
        let es = messages_in(&folder.join("locales").join(Lang::Spanish.tag()));
        let en_keys: BTreeSet<&String> = en.keys().collect();
        let es_keys: BTreeSet<&String> = es.keys().collect();
        let only_en: Vec<_> = en_keys.difference(&es_keys).collect();
        let only_es: Vec<_> = es_keys.difference(&en_keys).collect();
        assert!(
            only_en.is_empty(),
            "{name}: missing in Spanish: {only_en:?}"
        );
        assert!(
            only_es.is_empty(),
            "{name}: missing in English: {only_es:?}"
        );
        // Every key the module's code says is in its catalogue.
        let mut files = Vec::new();
        sources(&folder, &mut files);
        let mut used = BTreeSet::new();
        for f in &files {
            let text = std::fs::read_to_string(f).expect("source");
            for k in said_keys(&text) {
                assert!(
                    en.contains_key(&k),
                    "{}: {k} is not in its catalogue",
                    f.display()
                );
                used.insert(k);
            }
        }
        assert!(used.len() >= 10, "{name}: only {} keys said", used.len());
        // Every message formats without error in both languages, with its
        // arguments filled in, and most read differently in Spanish.
        let bundles = [Lang::English, Lang::Spanish].map(|l| (l, module_bundle(&folder, l)));
        let mut same = Vec::new();
        for (k, text) in &en {
            let mut names = sample_args(text);
            names.extend(sample_args(es.get(k).map_or("", String::as_str)));
            let mut args = FluentArgs::new();
            for (n, _) in &names {
                args.set(*n, FluentValue::from(2));
            }
            let mut out = Vec::new();
            for (l, b) in &bundles {
                let msg = b
                    .get_message(k)
                    .unwrap_or_else(|| panic!("{name}: {k} in {l:?}"));
                let pattern = msg
                    .value()
                    .unwrap_or_else(|| panic!("{name}: {k} has no value"));
                let mut errors = Vec::new();
                let s = b.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{name}: {k} in {l:?}: {errors:?}");
                out.push(s.to_string());
            }
            if out[0] == out[1] {
                same.push(k.clone());
            }
        }
        assert!(
            same.len() * 5 <= en.len(),
            "{name}: {} of {} messages read the same in Spanish: {same:?}",
            same.len(),
            en.len()
        );
    }
}

/// A module's raw key left in its text: `ran-shock-result` and the like.
fn looks_like_a_key(s: &str) -> bool {
    s.split_whitespace().any(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
        w.matches('-').count() >= 2
            && w.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && w.starts_with(|c: char| c.is_ascii_lowercase())
    })
}

#[test]
fn every_module_plays_in_spanish() {
    use crate::engine::core::Module;
    use crate::engine::game::Game;
    use crate::rules::ModuleVisitor;
    struct Play(Vec<String>);
    impl ModuleVisitor for Play {
        fn visit<R: Module>(&mut self) {
            let Some((file, text)) = crate::session::scenarios_of::<R>().into_iter().next() else {
                self.0.push(format!("{}: no scenario", R::RULESET));
                return;
            };
            // The same game in both languages: the same commands, the same
            // dice, the text in each language.
            let play = |lang: Lang| {
                with_lang(lang, || {
                    let scenario = R::parse_scenario(&file, &text).expect("scenario");
                    let mut g = Game::<R>::new(scenario, 7, Vec::new()).expect("game");
                    let mut phases = Vec::new();
                    let mut choices = Vec::new();
                    for _ in 0..40 {
                        phases.push(R::phase_name(&g.ctx, &g.state));
                        let cmd = match R::to_act(&g.ctx, &g.state) {
                            crate::engine::core::ToAct::Side(side) => {
                                let units: Vec<u32> = R::scene(&g.ctx, &g.state, None)
                                    .units
                                    .iter()
                                    .map(|u| u.id)
                                    .collect();
                                for u in units {
                                    choices.extend(
                                        R::choices(&g.ctx, &g.state, side, u)
                                            .into_iter()
                                            .map(|c| c.label),
                                    );
                                }
                                choices.extend(
                                    R::side_choices(&g.ctx, &g.state, side)
                                        .into_iter()
                                        .map(|c| c.label),
                                );
                                R::default_commands(&g.ctx, &g.state, side)
                                    .into_iter()
                                    .next()
                                    .or_else(|| {
                                        R::legal_commands(&g.ctx, &g.state, side).into_iter().next()
                                    })
                            }
                            crate::engine::core::ToAct::Rules => R::step_command(&g.ctx, &g.state),
                            crate::engine::core::ToAct::Over => None,
                        };
                        let Some(cmd) = cmd else {
                            break;
                        };
                        if g.apply(&cmd).is_err() {
                            break;
                        }
                    }
                    let log: Vec<String> = g
                        .log
                        .entries
                        .iter()
                        .flat_map(|e| [e.what.clone(), e.outcome.clone()])
                        .collect();
                    (phases, choices, log, g)
                })
            };
            let (en_phases, en_choices, en_log, mut en_game) = play(Lang::English);
            let (es_phases, es_choices, es_log, es_game) = play(Lang::Spanish);
            let m = R::RULESET;
            if en_game.state != es_game.state {
                self.0.push(format!("{m}: the game differs by language"));
            }
            // A game played in English, its log written anew in Spanish,
            // reads as the game played in Spanish.
            if let Err(e) = with_lang(Lang::Spanish, || en_game.relog()) {
                self.0.push(format!("{m}: relog: {e}"));
            }
            if en_game.log != es_game.log {
                self.0.push(format!(
                    "{m}: the log written anew differs from the Spanish game's"
                ));
            }
            for (what, en, es) in [
                ("phase", &en_phases, &es_phases),
                ("choice", &en_choices, &es_choices),
                ("log", &en_log, &es_log),
            ] {
                if en.is_empty() {
                    self.0.push(format!("{m}: no {what} text to compare"));
                    continue;
                }
                if en.len() != es.len() {
                    self.0
                        .push(format!("{m}: {what}: {} vs {} texts", en.len(), es.len()));
                }
                let same = en
                    .iter()
                    .zip(es)
                    .filter(|(a, b)| a == b && !a.is_empty())
                    .count();
                let worded = en.iter().filter(|a| !a.is_empty()).count();
                if same * 5 > worded {
                    self.0.push(format!(
                        "{m}: {same} of {worded} {what} texts read the same in Spanish"
                    ));
                }
                if let Some(k) = es.iter().chain(en).find(|s| looks_like_a_key(s)) {
                    self.0.push(format!("{m}: {what} shows a raw key: {k}"));
                }
            }
        }
    }
    let mut p = Play(Vec::new());
    crate::rules::visit_all(&mut p);
    assert!(p.0.is_empty(), "{:#?}", p.0);
}

#[test]
fn quietly_writes_no_text_except_what_with_lang_asks_for() {
    let spoken = crate::say_with!(super::LOCALES, "settings-language");
    assert_eq!(spoken, tr_in(lang(), "settings-language"));
    let (quiet, kept) = quietly(|| {
        (
            crate::say_with!(super::LOCALES, "loading-steps", done = 1, total = 2),
            with_lang(Lang::Spanish, || {
                crate::say_with!(super::LOCALES, "settings-language")
            }),
        )
    });
    assert_eq!(quiet, "");
    assert_eq!(kept, "Idioma");
    assert!(!is_quiet());
}

/// Every terrain and hexside of every shipped hex board has a Spanish name
/// in its module's data, and the board shows it when the UI speaks Spanish.
#[test]
fn every_board_terrain_reads_in_spanish() {
    use crate::engine::core::Module;
    struct Boards(usize);
    impl crate::rules::ModuleVisitor for Boards {
        fn visit<R: Module>(&mut self) {
            for (file, text) in crate::conformance::scenarios_of::<R>() {
                let g = crate::session::open_text::<R>(&file, &text, false, Some(1), &[])
                    .expect("opens");
                let Some(board) = R::hex_board(&g.ctx) else {
                    continue;
                };
                let terrain = board
                    .table
                    .terrain
                    .iter()
                    .map(|t| (&t.name, t.spanish.as_ref()));
                let sides = board
                    .table
                    .hexsides
                    .iter()
                    .map(|t| (&t.name, t.spanish.as_ref()));
                for (name, es) in terrain.chain(sides) {
                    assert!(
                        es.is_some_and(|e| !e.trim().is_empty()),
                        "{file}: {name} has no Spanish name"
                    );
                    self.0 += 1;
                }
                if let Some(t) = board.table.terrain.first() {
                    let es = with_lang(Lang::Spanish, || t.shown_name().to_string());
                    let en = with_lang(Lang::English, || t.shown_name().to_string());
                    assert_eq!(Some(&es), t.spanish.as_ref(), "{file}");
                    assert_eq!(en, t.name, "{file}");
                }
            }
        }
    }
    let mut b = Boards(0);
    crate::rules::visit_all(&mut b);
    assert!(b.0 > 10, "only {} terrains checked", b.0);
}
