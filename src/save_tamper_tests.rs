//! Saves that cannot be changed unseen, for every module: a save of a
//! game with loaded dice, then changed in its scenario (every kind of
//! field: numbers, strings, flags, the board's among them), its seed, a
//! loaded face, its snapshot, or given an unknown field in the snapshot,
//! a journal entry or a command. Each change fails loading (which is
//! what `kassen replay --verify` does) with a sentence naming what.

use serde_json::Value;

use crate::conformance::scenarios_of;
use crate::engine::core::Module;
use crate::engine::game::{Game, Save};
use crate::engine::scenario::ron_options;
use crate::engine::seats::Player;
use crate::opponent::driver::{Seat, play_out};
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;

/// Every leaf of `v` (numbers, strings, booleans), as JSON pointers.
fn leaves(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => m
            .iter()
            .for_each(|(k, x)| leaves(x, format!("{at}/{k}"), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| leaves(x, format!("{at}/{i}"), out)),
        Value::Number(_) | Value::String(_) | Value::Bool(_) => out.push(at),
        Value::Null => {}
    }
}

/// `v` with the leaf at `pointer` changed: a number moved by one, a
/// string lengthened, a flag flipped.
fn changed(v: &Value, pointer: &str) -> Option<Value> {
    let mut v = v.clone();
    let leaf = v.pointer_mut(pointer)?;
    *leaf = match leaf {
        Value::Number(n) if n.is_u64() => Value::from(n.as_u64()? ^ 1),
        Value::Number(n) if n.is_i64() => Value::from(n.as_i64()? ^ 1),
        Value::Number(n) => Value::from(n.as_f64()? + 0.5),
        Value::String(s) => Value::from(format!("{s}x")),
        Value::Bool(b) => Value::from(!*b),
        _ => return None,
    };
    Some(v)
}

/// The text of `save`.
fn text_of<R: Module>(save: &Save<R>) -> String {
    ron_options().to_string(save).expect("writes")
}

/// Loading `text` fails; returns why.
fn refused<R: Module>(what: &str, text: &str) -> String {
    match Game::<R>::load_save("tampered.ron", text) {
        Ok(_) => panic!("{}: {what}: the changed save loads", R::RULESET),
        Err(e) => e.to_string(),
    }
}

struct Tamper {
    modules: usize,
}

impl ModuleVisitor for Tamper {
    fn visit<R: Module>(&mut self) {
        let (file, text) = scenarios_of::<R>().into_iter().next().expect("a scenario");
        let die = {
            let g = session::open_text::<R>(&file, &text, false, Some(5), &[]).expect("opens");
            R::die(&g.ctx)
        };
        let loaded = vec![die.min(), die.max(), die.min()];
        let mut game =
            session::open_text::<R>(&file, &text, false, Some(5), &loaded).expect("opens");
        let mut seats = [Seat::new(Player::Default, 1), Seat::new(Player::Default, 2)];
        play_out(&mut game, &mut seats, 40);
        assert!(!game.journal.entries.is_empty(), "{}", R::RULESET);
        let good = game.save_text().expect("writes");
        Game::<R>::load_save("good.ron", &good).expect("the untouched save loads");
        let save: Save<R> = crate::engine::scenario::parse_ron("good.ron", &good).expect("parses");

        // The seed, and each loaded face.
        let mut s = save.clone();
        s.journal.seed ^= 1;
        let e = refused::<R>("the seed", &text_of::<R>(&s));
        assert!(e.contains("seed or the loaded faces"), "{e}");
        for (i, face) in loaded.iter().enumerate() {
            let mut s = save.clone();
            s.journal.loaded[i] = if *face == die.min() {
                die.max()
            } else {
                die.min()
            };
            let e = refused::<R>("a loaded face", &text_of::<R>(&s));
            assert!(e.contains("seed or the loaded faces"), "{e}");
        }

        // Every leaf of the scenario that still reads as a scenario.
        let scenario = serde_json::to_value(&save.scenario).expect("a value");
        let mut at = Vec::new();
        leaves(&scenario, String::new(), &mut at);
        let mut tried = 0;
        for p in &at {
            let Some(v) = changed(&scenario, p) else {
                continue;
            };
            let Ok(sc) = serde_json::from_value::<R::Scenario>(v) else {
                continue;
            };
            let mut s = save.clone();
            s.scenario = sc;
            let e = refused::<R>(&format!("the scenario at {p}"), &text_of::<R>(&s));
            tried += 1;
            assert!(!e.is_empty());
        }
        assert!(
            tried > 20,
            "{}: {tried} scenario fields changed",
            R::RULESET
        );

        // An entry's checksum, and the snapshot.
        let mut s = save.clone();
        if let Some(e) = s.journal.entries.first_mut() {
            e.checksum ^= 1;
        }
        let e = refused::<R>("a checksum", &text_of::<R>(&s));
        assert!(e.contains("command 1"), "{e}");
        let mut s = save.clone();
        s.journal.scenario_sum ^= 1;
        let e = refused::<R>("the scenario's checksum", &text_of::<R>(&s));
        assert!(e.contains("the scenario was changed"), "{e}");

        // Unknown fields: in the snapshot, in a journal entry, and in a
        // command with named fields where the module has one.
        // The save written compactly: one line, fields as `name:(`.
        let good = text_of::<R>(&save);
        Game::<R>::load_save("good.ron", &good).expect("the compact save loads");
        let state_at = good.find("]),state:(").expect("a snapshot") + "]),state:(".len();
        let mut t = good.clone();
        t.insert_str(state_at, "kassen_bogus:1,");
        let e = refused::<R>("a field in the snapshot", &t);
        assert!(e.contains("kassen_bogus"), "{e}");
        let t = good.replacen("(command:", "(kassen_bogus:1,command:", 1);
        let e = refused::<R>("a field in an entry", &t);
        assert!(e.contains("kassen_bogus"), "{e}");
        let named = save.journal.entries.iter().find_map(|en| {
            let c = ron_options().to_string(&en.command).ok()?;
            let open = c.find('(')?;
            let field = c[open + 1..].split([':', ',', ')']).next()?;
            (field
                .chars()
                .all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
                && c[open + 1..].starts_with(&format!("{field}:")))
            .then(|| (c.clone(), open))
        });
        if let Some((c, open)) = named {
            let mut bad = c.clone();
            bad.insert_str(open + 1, "kassen_bogus:1,");
            let t = good.replacen(&c, &bad, 1);
            let e = refused::<R>("a field in a command", &t);
            assert!(e.contains("kassen_bogus"), "{e}");
        }
        // A save of the format before the seal is refused as such.
        let old = good.replacen("save_format:3", "save_format:2", 1);
        let e = refused::<R>("an older format", &old);
        assert!(
            e.contains("save format 2") && e.contains("older Kassen"),
            "{e}"
        );
        self.modules += 1;
    }
}

#[test]
fn a_changed_scenario_seed_loaded_face_checksum_or_unknown_field_fails_loading_in_every_module() {
    let mut v = Tamper { modules: 0 };
    visit_all(&mut v);
    assert_eq!(v.modules, crate::rules::rulesets().len());
}

struct Bounds {
    done: bool,
}

impl ModuleVisitor for Bounds {
    fn visit<R: Module>(&mut self) {
        let (file, text) = (session::DEFAULT_SCENARIO_PATH, session::DEFAULT_SCENARIO);
        if session::read_header(file, text).map_or(true, |h| h.ruleset != R::RULESET) {
            return;
        }
        self.done = true;
        // Names and texts past their bounds are refused with a sentence.
        let name = text
            .split("name: \"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("the scenario's name");
        let long = "N".repeat(crate::engine::scenario::MAX_NAME_CHARS + 1);
        let t = text.replacen(
            &format!("name: \"{name}\""),
            &format!("name: \"{long}\""),
            1,
        );
        let e = session::open_text::<R>(file, &t, false, Some(1), &[])
            .err()
            .map(|e| e.to_string())
            .expect("a long name is refused");
        assert!(
            e.contains("characters long") && e.contains("at most 100"),
            "{e}"
        );
        let huge = "N".repeat(4 * 1024 * 1024);
        let t = text.replacen(
            &format!("name: \"{name}\""),
            &format!("name: \"{huge}\""),
            1,
        );
        let e = session::open_text::<R>(file, &t, false, Some(1), &[])
            .err()
            .map(|e| e.to_string())
            .expect("a 4 MB name is refused");
        assert!(e.contains("4194304 characters long"), "{e}");
        // A save that would be larger than what is read back is not
        // written, and the file already there stays.
        let mut game = session::open_text::<R>(file, text, false, Some(1), &[]).expect("opens");
        let dir = std::env::temp_dir().join(format!("kassen-bound-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("save.ron");
        game.save_atomically(&path)
            .expect("a small save is written");
        let before = std::fs::read(&path).expect("reads");
        game.bookmarks = (0..9_000)
            .map(|i| crate::engine::game::Bookmark {
                at: 0,
                label: format!("{i}{}", "x".repeat(1_000)),
            })
            .collect();
        let e = game
            .save_atomically(&path)
            .expect_err("too big to read back");
        assert!(e.contains("not saved") && e.contains("8 MiB"), "{e}");
        assert_eq!(
            std::fs::read(&path).expect("reads"),
            before,
            "the old save stays"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn names_texts_and_saves_past_their_bounds_are_refused_with_a_sentence() {
    let mut v = Bounds { done: false };
    visit_all(&mut v);
    assert!(v.done);
}
