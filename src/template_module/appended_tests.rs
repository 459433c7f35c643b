//! The engine's appended save ([`crate::engine::appended`]) on the template
//! module, whose hider may move the pebble as often as it likes (CUP-1):
//! the one game here that can be made 100,000 commands long.

use std::path::{Path, PathBuf};

use super::{Cups, CupsCommand};
use crate::engine::appended::{SNAPSHOT_EVERY, Written};
use crate::engine::game::Game;
use crate::session;

const SCENARIO: (&str, &str) = ("three_cups.ron", include_str!("three_cups.ron"));

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kassen-appended-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

fn new_game() -> Game<Cups> {
    session::open_text::<Cups>(SCENARIO.0, SCENARIO.1, false, Some(3), &[]).expect("scenario")
}

/// Moves the pebble `n` times (CUP-1), from cup to cup.
fn hide(game: &mut Game<Cups>, n: usize) {
    for i in 0..n {
        let cup = u8::try_from(game.journal.entries.len() % 3).expect("a cup");
        game.apply(&CupsCommand::Hide { cup })
            .unwrap_or_else(|r| panic!("move {i}: {r:?}"));
    }
}

/// A scratch folder, its autosave's path, and a game of `moves` moves
/// autosaved there.
fn autosaved(name: &str, moves: usize) -> (PathBuf, PathBuf, Game<Cups>) {
    let d = scratch(name);
    let path = d.join("autosave.ron");
    let mut game = new_game();
    hide(&mut game, moves);
    game.autosave(&path).expect("first autosave");
    (d, path, game)
}

fn load(path: &Path) -> Game<Cups> {
    let (f, t) = session::read(path).expect("reads");
    Game::<Cups>::load_save(&f, &t).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_game_of_100000_commands_autosaves_by_appending_in_constant_size_and_loads_back() {
    let d = scratch("long");
    let path = d.join("autosave.ron");
    let mut game = new_game();
    assert!(matches!(game.autosave(&path), Ok(Written::Rewritten(_))));
    // A "phase" of 100 commands between autosaves, 1,000 autosaves in all.
    let mut appended = Vec::new();
    for _ in 0..1_000 {
        hide(&mut game, 100);
        match game.autosave(&path) {
            Ok(Written::Appended(b)) => appended.push(b),
            other => panic!("an autosave of a longer game appends: {other:?}"),
        }
    }
    assert_eq!(game.journal.entries.len(), 100_000);
    // The cost of an autosave is that of its phase, not of the game: the
    // last append is no larger than the first ones (a snapshot included).
    let first = appended[..10].iter().max().copied().expect("appends");
    let last = appended[appended.len() - 10..]
        .iter()
        .max()
        .copied()
        .expect("appends");
    assert!(
        last <= first + first / 10,
        "first appends {first} bytes, last {last}"
    );
    let text = std::fs::read_to_string(&path).expect("the autosave");
    let snapshots = text.lines().filter(|l| l.starts_with("Snapshot(")).count();
    // One with the file's first writing, then one per 1,000 commands.
    assert_eq!(snapshots, 1 + 100_000 / SNAPSHOT_EVERY);
    // Nothing new: nothing written.
    assert_eq!(game.autosave(&path), Ok(Written::Nothing));
    let back = load(&path);
    assert_eq!(back.journal, game.journal);
    assert_eq!(back.state, game.state);
    assert_eq!(back.log, game.log);
    // And the game goes on from the loaded copy, appending to the same file.
    let mut back = back;
    hide(&mut back, 5);
    assert!(matches!(back.autosave(&path), Ok(Written::Appended(_))));
    assert_eq!(load(&path).journal.entries.len(), 100_005);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_torn_last_line_is_ignored_and_the_next_autosave_writes_the_file_afresh() {
    let (d, path, mut game) = autosaved("torn", 3);
    hide(&mut game, 2);
    game.autosave(&path).expect("appended");
    let whole = std::fs::read_to_string(&path).expect("the autosave");
    // A kill in the middle of the next append: half a record, no newline.
    let torn = format!("{whole}Entry((command:Hide(cu");
    std::fs::write(&path, &torn).expect("torn");
    assert_eq!(
        load(&path).journal.entries.len(),
        5,
        "the torn line is ignored"
    );
    hide(&mut game, 1);
    assert!(matches!(game.autosave(&path), Ok(Written::Rewritten(_))));
    assert_eq!(load(&path).journal, game.journal);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_undo_or_another_game_rewrites_the_autosave_and_a_changed_line_is_refused_at_its_line() {
    let (d, path, mut game) = autosaved("undo", 4);
    game.undo(0).expect("the hider takes back a move");
    assert!(matches!(game.autosave(&path), Ok(Written::Rewritten(_))));
    assert_eq!(load(&path).journal, game.journal);
    // Another game (another seed) is never appended to this one's file.
    let mut other =
        session::open_text::<Cups>(SCENARIO.0, SCENARIO.1, false, Some(4), &[]).expect("scenario");
    hide(&mut other, 6);
    assert!(matches!(other.autosave(&path), Ok(Written::Rewritten(_))));
    assert_eq!(load(&path).journal, other.journal);
    // A changed command is refused, naming its line; so is an unknown field.
    let text = std::fs::read_to_string(&path).expect("the autosave");
    let lines: Vec<&str> = text.lines().collect();
    let third = lines
        .iter()
        .position(|l| l.starts_with("Entry((command:Hide(cup:2)"))
        .expect("a move to cup 2");
    for (changed, what) in [
        (
            lines[third].replace("Hide(cup:2)", "Hide(cup:0)"),
            "of the journal",
        ),
        (
            lines[third].replace("checksum:", "extra:1,checksum:"),
            "extra",
        ),
    ] {
        let mut edited = lines.clone();
        edited[third] = &changed;
        let t = format!("{}\n", edited.join("\n"));
        let e = Game::<Cups>::load_save("autosave.ron", &t).expect_err("tampered");
        assert!(e.to_string().contains(what), "{e}");
        if what == "extra" {
            assert_eq!(e.line, Some(third + 1), "{e}");
        }
    }
    // The seed in the header is sealed like a plain save's.
    let t = text.replacen("seed:4", "seed:5", 1);
    let e = Game::<Cups>::load_save("autosave.ron", &t).expect_err("another seed");
    assert!(e.to_string().contains("seed"), "{e}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_appended_saves_text_loads_and_a_stray_line_is_refused_at_its_line() {
    let mut game = new_game();
    hide(&mut game, 2);
    let text = game.appended_text().expect("text");
    let back = Game::<Cups>::load_save("auto.ron", &text).expect("loads");
    assert_eq!(back.journal, game.journal);
    // A stray line in the middle is an error at its line, not a torn end.
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(3, "Nonsense");
    let t = format!("{}\n", lines.join("\n"));
    let e = Game::<Cups>::load_save("auto.ron", &t).expect_err("stray line");
    assert_eq!(e.line, Some(4), "{e}");
}
