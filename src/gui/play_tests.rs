//! The app's game systems without a window: solo play, where the computer
//! thinks on a background task and the screen stays the player's side, and
//! computer-vs-computer play, which must apply exactly the commands the
//! headless driver plays. Two shipped scenarios of every module (the
//! conformance suite plays every one).

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::RequestRedraw;

use crate::conformance::{scenarios_of, spread_scenarios_of};
use crate::engine::core::{Module, ToAct};
use crate::engine::seats::{Level, Player, Seats};
use crate::opponent::driver::{Seat, play_out};
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;

use super::catalog::{Catalog, read_catalog, scenario_dir};
use super::computer::{ComputerPace, Thinking};
use super::demo::{Demo, DemoMode, add_demo_logic, load_config};
use super::play::{ActiveGame, ViewModel};
use super::resolution::Resolution;
use super::settings::{Motion, Settings};
use super::state::{AppMode, Notes, RulesOpen, Selection, UiAction};
use super::{add_game_state, install_text};

/// The app as the window has it, minus rendering: no autosave is written
/// (`screenshot_mode`), and the computer plays on fast-forward.
fn headless_app() -> App {
    let mut app = super::headless_app();
    app.world_mut().resource_mut::<ComputerPace>().fast = true;
    app
}

/// Runs frames until `done` holds (or about 60 s pass), sleeping a little
/// while the computer thinks on its task. Returns whether `done` held.
fn run_until(app: &mut App, mut done: impl FnMut(&mut World) -> bool) -> bool {
    for _ in 0..60_000 {
        app.update();
        if done(app.world_mut()) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    false
}

struct Solo {
    checked: u32,
}

impl ModuleVisitor for Solo {
    fn visit<R: Module>(&mut self) {
        // Two scenarios a module keep CI bounded; the conformance suite
        // plays every one.
        for (file, text) in spread_scenarios_of::<R>(2) {
            // The person plays side 1; the computer (easy) side 0, which
            // decides first in every shipped scenario.
            let seats = Seats {
                players: [Player::Computer(Level::Easy), Player::Human],
                ai_seed: 3,
            };
            let mut app = headless_app();
            install_text(app.world_mut(), &file, &text, Some(5), Some(seats)).expect("installs");
            let mut saw_thinking = false;
            let mut tried_to_meddle = false;
            let reached = run_until(&mut app, |w| {
                saw_thinking |= w.get_resource::<Thinking<R>>().is_some();
                let view = w.resource::<ViewModel>();
                if view.loaded {
                    // Solo: the screen is always the player's side, and
                    // the panels offer nothing while the computer decides.
                    assert_eq!(view.viewer, Some(1), "{file}");
                    if view.to_act == Some(ToAct::Side(0)) {
                        assert_eq!(view.actor, None, "{file}");
                        assert!(view.choices.is_empty(), "{file}");
                        assert!(view.side_choices.is_empty(), "{file}");
                    }
                }
                let g = &w.resource::<ActiveGame<R>>().0;
                let (to_act, before) = (g.to_act(), g.journal.entries.len());
                let can_pass = R::pass_command(&g.ctx, &g.state, 1).is_some();
                if to_act == ToAct::Side(0) && !tried_to_meddle {
                    // A pass clicked while the computer decides is ignored.
                    tried_to_meddle = true;
                    w.write_message(UiAction::Pass);
                    super::play::act::<R>(w);
                    let after = w.resource::<ActiveGame<R>>().0.journal.entries.len();
                    assert_eq!(after, before, "{file}");
                }
                if to_act == ToAct::Side(1) && !saw_thinking {
                    // The person decides first here: they pass, as a
                    // player pressing the pass button, or, in a decision
                    // with no pass (a Command card must be played), press
                    // "Computer plays this decision".
                    w.write_message(if can_pass {
                        UiAction::Pass
                    } else {
                        UiAction::Computer
                    });
                }
                saw_thinking && matches!(to_act, ToAct::Side(1) | ToAct::Over)
            });
            assert!(reached, "{file}: the computer never handed over");
            assert!(saw_thinking, "{file}: no background search was seen");
            app.update();
            let w = app.world();
            let g = &w.resource::<ActiveGame<R>>().0;
            assert!(
                !g.journal.entries.is_empty(),
                "{file}: the computer applied nothing"
            );
            assert_eq!(g.seats, seats, "{file}: the game keeps its seats");
            let view = w.resource::<ViewModel>();
            if g.to_act() == ToAct::Side(1) {
                assert_eq!((view.viewer, view.actor), (Some(1), Some(1)), "{file}");
            }
            assert!(
                w.get_resource::<Thinking<R>>().is_none(),
                "{file}: a search outlived its decision"
            );
            // The save records who plays which side.
            let text = g.save_text().expect("save");
            let back = session::open_text::<R>(&file, &text, true, None, &[]).expect("loads");
            assert_eq!(back.seats, seats, "{file}");
            self.checked += 1;
        }
    }
}

#[test]
fn solo_play_hands_over_after_the_computer_thinks_in_the_background() {
    let mut s = Solo { checked: 0 };
    visit_all(&mut s);
    assert!(s.checked >= 3, "only {} scenarios", s.checked);
}

/// Computer against computer in the app on each module's first shipped
/// scenario: the app's journal is what headless play gives.
struct Watch {
    checked: u32,
}

impl ModuleVisitor for Watch {
    fn visit<R: Module>(&mut self) {
        for (file, text) in spread_scenarios_of::<R>(1) {
            let seats = Seats {
                players: [Player::Computer(Level::Easy), Player::Default],
                ai_seed: 11,
            };
            let want = 24;
            let mut app = headless_app();
            install_text(app.world_mut(), &file, &text, Some(2), Some(seats)).expect("installs");
            let reached = run_until(&mut app, |w| {
                let g = &w.resource::<ActiveGame<R>>().0;
                // The open view: nobody's eyes, nobody acts.
                let view = w.resource::<ViewModel>();
                if view.loaded {
                    assert_eq!((view.viewer, view.actor), (None, None), "{file}");
                }
                g.journal.entries.len() >= want || g.to_act() == ToAct::Over
            });
            assert!(reached, "{file}: the computers stopped playing");
            let app_journal: Vec<R::Command> = app
                .world()
                .resource::<ActiveGame<R>>()
                .0
                .journal
                .entries
                .iter()
                .map(|e| e.command.clone())
                .collect();
            // The same game played headless by the driver.
            let mut g = session::open_text::<R>(&file, &text, false, Some(2), &[]).expect("opens");
            let mut pair = Seat::pair(&seats);
            play_out(&mut g, &mut pair, app_journal.len() as u32 + 64);
            let headless: Vec<R::Command> = g
                .journal
                .entries
                .iter()
                .take(app_journal.len())
                .map(|e| e.command.clone())
                .collect();
            assert_eq!(
                app_journal, headless,
                "{file}: the app's computer played other commands than the driver"
            );
            self.checked += 1;
        }
    }
}

#[test]
fn the_apps_computer_plays_exactly_as_headless_play() {
    let mut w = Watch { checked: 0 };
    visit_all(&mut w);
    assert!(w.checked >= 3, "only {} scenarios", w.checked);
}

/// Who plays each side of the game on the board now, whatever its module.
fn seats_on_board(w: &mut World) -> Option<Seats> {
    struct Find<'a>(&'a World, Option<Seats>);
    impl ModuleVisitor for Find<'_> {
        fn visit<R: Module>(&mut self) {
            if let Some(g) = self.0.get_resource::<ActiveGame<R>>() {
                self.1 = Some(g.0.seats);
            }
        }
    }
    let mut f = Find(w, None);
    visit_all(&mut f);
    f.1
}

#[test]
fn the_demo_loops_starts_the_guided_game_and_resets_when_idle() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin))
        .add_message::<RequestRedraw>()
        .add_message::<AppExit>()
        .insert_resource(AppMode {
            kiosk: true,
            ..default()
        })
        .insert_resource(read_catalog(&scenario_dir()));
    add_game_state(&mut app);
    let config = load_config(None).expect("demo.ron");
    let idle = config.idle_seconds;
    let first = config.first_battle.clone();
    add_demo_logic(&mut app, config).expect("the first battle is shipped");
    let entries = app.world().resource::<Catalog>().entries.len();
    assert!(entries >= 3);
    // The attract loop: the computer on both sides, nobody's eyes.
    app.update();
    app.update();
    let w = app.world_mut();
    let seats = seats_on_board(w).expect("an attract game");
    assert!(seats.watching(), "{seats:?}");
    assert_eq!(w.resource::<Demo>().mode, DemoMode::Attract);
    assert!(w.resource::<AppMode>().kiosk);
    // A visitor: the menu, then the first battle.
    w.resource_mut::<Demo>().mode = DemoMode::Menu;
    w.resource_mut::<Demo>().start = Some(true);
    app.update();
    app.update();
    let w = app.world_mut();
    let seats = seats_on_board(w).expect("the guided game");
    assert_eq!(seats.solo_side(), Some(first.side));
    assert_eq!(seats.player(1 - first.side), Player::Computer(first.level));
    assert_eq!(w.resource::<Demo>().mode, DemoMode::Guided);
    assert!(w.resource::<Demo>().current_hint().is_some());
    let name = w.resource::<ViewModel>().name.clone();
    w.resource_mut::<Selection>().selected = Some(1);
    w.resource_mut::<RulesOpen>().0 = Some("SBA-GS-1".into());
    // Nobody touches the screen for longer than the idle timeout.
    let long_ago = std::time::Instant::now()
        .checked_sub(Duration::from_secs(idle + 1))
        .expect("an instant in the past");
    w.resource_mut::<Demo>().last_input = long_ago;
    app.update();
    app.update();
    let w = app.world_mut();
    let demo = w.resource::<Demo>();
    assert_eq!(demo.mode, DemoMode::Attract);
    assert_eq!(demo.resets, 1);
    assert_eq!(demo.battles, 3);
    assert!(
        w.resource::<Selection>().selected.is_none()
            && w.resource::<RulesOpen>().0.is_none()
            && w.resource::<AppMode>().kiosk,
        "the last visitor's selection and windows are gone"
    );
    assert!(seats_on_board(w).expect("attract again").watching());
    // The attract loop moved on to the next scenario, not the guided one.
    assert_ne!(w.resource::<ViewModel>().name, name);
    // No autosave in the kiosk.
    assert!(w.resource::<super::play::AppAutosave>().0.is_none());
}

/// Undo in the app, in hot-seat on every module's first shipped scenario:
/// the Undo action (Ctrl+Z) takes back the side's last command when it
/// drew no dice and revealed nothing, Redo (Ctrl+Shift+Z) plays it again,
/// and an undo after a roll is refused with its reason in the status line,
/// changing nothing.
#[test]
fn the_app_undoes_and_redoes_and_refuses_an_undo_after_a_roll() {
    struct U(Vec<String>);
    impl ModuleVisitor for U {
        fn visit<R: Module>(&mut self) {
            let Some((file, text)) = scenarios_of::<R>().into_iter().next() else {
                return;
            };
            let mut app = headless_app();
            install_text(app.world_mut(), &file, &text, Some(5), None).expect("installs");
            app.update();
            let (mut undone, mut refused) = (0, 0);
            for i in 0..300usize {
                let w = app.world_mut();
                let g = &mut w.resource_mut::<ActiveGame<R>>().0;
                g.advance();
                let ToAct::Side(side) = g.to_act() else {
                    break;
                };
                let cmd = crate::engine::undo::command_to_try(g, side, i);
                let Some(cmd) = cmd else { break };
                let rolled = g.dice.rolled();
                if g.apply(&cmd).is_err() || g.to_act() != ToAct::Side(side) {
                    continue;
                }
                let drew = g.dice.rolled() != rolled;
                let allowed = g.can_undo(side).is_ok();
                let n = g.journal.entries.len();
                if !(allowed || drew) {
                    continue;
                }
                w.write_message(UiAction::Undo);
                app.update();
                let w = app.world_mut();
                let status = w.resource::<Notes>().undo_note.clone();
                let len = w.resource::<ActiveGame<R>>().0.journal.entries.len();
                if allowed {
                    assert_eq!(len, n - 1, "{}: undone: {status}", R::RULESET);
                    assert!(status.starts_with("Undone"), "{status}");
                    w.write_message(UiAction::Redo);
                    app.update();
                    let w = app.world_mut();
                    let len = w.resource::<ActiveGame<R>>().0.journal.entries.len();
                    assert_eq!(len, n, "{}: redone", R::RULESET);
                    undone += 1;
                } else {
                    assert_eq!(len, n, "{}: a refused undo changes nothing", R::RULESET);
                    assert!(status.contains("the roll has been seen"), "{status}");
                    refused += 1;
                }
            }
            self.0.push(format!(
                "{}: {undone} undone and redone, {refused} refused after a roll",
                R::RULESET
            ));
            assert!(undone > 0, "{}: nothing undone in the app", R::RULESET);
        }
    }
    let mut u = U(Vec::new());
    visit_all(&mut u);
    eprintln!("{}", u.0.join("; "));
    assert_eq!(u.0.len(), crate::rules::rulesets().len());
}

/// An editor play-test is no game to resume: it installs the scenario as
/// it stands (hot-seat) and keeps the app's autosave off, so *Resume* on the
/// title screen still offers the player's last real game. Every module's
/// first shipped scenario.
#[test]
fn an_editor_play_test_writes_no_autosave() {
    struct PlayTest {
        checked: u32,
    }
    impl ModuleVisitor for PlayTest {
        fn visit<R: Module>(&mut self) {
            let Some((file, text)) = scenarios_of::<R>().into_iter().next() else {
                return;
            };
            let mut app = headless_app();
            let w = app.world_mut();
            // As the window: a game installed there autosaves.
            w.resource_mut::<AppMode>().screenshot = false;
            let path = std::env::temp_dir().join("kassen-play-test-no-autosave.ron");
            let mut ed = super::editor::EditorView::open(&file, &text, path)
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            ed.request = Some(super::editor::EditorRequest::PlayTest);
            w.insert_resource(ed);
            super::editor::editor_world(w);
            assert!(
                w.get_resource::<super::editor::PlayTestOf>().is_some(),
                "{file}: the play-test began"
            );
            assert!(
                w.get_resource::<ActiveGame<R>>().is_some(),
                "{file}: its game is installed"
            );
            assert!(
                w.resource::<super::play::AppAutosave>().0.is_none(),
                "{file}: a play-test writes no autosave"
            );
            self.checked += 1;
        }
    }
    let mut v = PlayTest { checked: 0 };
    visit_all(&mut v);
    assert_eq!(
        v.checked as usize,
        crate::rules::rulesets().len(),
        "every module"
    );
}

/// The computer on both sides, one app showing each change entry by entry
/// (paused, stepped by hand) and one taking every change at once: at every
/// frame of the first, the game waits while paused, each step brings up
/// one entry, and with nothing waiting the log is the game's whole; and
/// both apps play the same game.
struct Shows;

impl ModuleVisitor for Shows {
    fn visit<R: Module>(&mut self) {
        let Some((file, text)) = scenarios_of::<R>().into_iter().next() else {
            return;
        };
        let seats = Seats {
            players: [Player::Computer(Level::Easy); 2],
            ai_seed: 3,
        };
        let mut shown = headless_app();
        shown.insert_resource(Settings {
            motion: Motion::Normal,
            ..Settings::default()
        });
        shown.world_mut().resource_mut::<Resolution>().paused = true;
        install_text(shown.world_mut(), &file, &text, Some(5), Some(seats)).expect("installs");
        let facts = |w: &mut World| {
            let g = &w.resource::<ActiveGame<R>>().0;
            let whole = g
                .log
                .entries
                .iter()
                .filter(|e| R::log_visible(&g.ctx, &g.state, None, e))
                .count();
            let (journal, to_act) = (g.journal.entries.len(), g.to_act());
            let view = w.resource::<ViewModel>().log.len();
            (
                journal,
                to_act,
                whole,
                view,
                w.resource::<Resolution>().waiting(),
            )
        };
        let (mut entries_shown, mut frames) = (0, 0);
        loop {
            shown.update();
            frames += 1;
            let (journal, to_act, whole, view, waiting) = facts(shown.world_mut());
            if waiting > 0 {
                // Paused: the next frame brings nothing up, nor plays on.
                shown.update();
                let again = facts(shown.world_mut());
                assert_eq!(
                    (again.0, again.3, again.4),
                    (journal, view, waiting),
                    "{file}"
                );
                assert!(view < whole, "{file}: entries wait, the log shows fewer");
                shown.world_mut().resource_mut::<Resolution>().step = true;
                shown.update();
                let (_, _, _, after, _) = facts(shown.world_mut());
                assert_eq!(after, view + 1, "{file}: a step brings up one entry");
                entries_shown += 1;
                continue;
            }
            assert_eq!(view, whole, "{file}: nothing waits, the log is whole");
            if (entries_shown >= 3 && journal >= 8) || to_act == ToAct::Over || frames > 20_000 {
                break;
            }
            if to_act == ToAct::Rules {
                shown.world_mut().resource_mut::<Resolution>().step = true;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(
            entries_shown > 0,
            "{file}: no change was shown entry by entry"
        );
        let journal = facts(shown.world_mut()).0;
        let mut at_once = headless_app();
        install_text(at_once.world_mut(), &file, &text, Some(5), Some(seats)).expect("installs");
        assert!(
            run_until(&mut at_once, |w| {
                w.resource::<ActiveGame<R>>().0.journal.entries.len() >= journal
            }),
            "{file}"
        );
        let sums = |app: &App| -> Vec<u64> {
            let g = &app.world().resource::<ActiveGame<R>>().0;
            g.journal.entries[..journal]
                .iter()
                .map(|e| e.checksum)
                .collect()
        };
        assert_eq!(
            sums(&shown),
            sums(&at_once),
            "{file}: the show changed the game"
        );
        println!(
            "{}: {entries_shown} entries shown one by one in {journal} commands",
            R::RULESET
        );
    }
}

#[test]
fn each_change_is_shown_entry_by_entry_and_the_game_is_the_same() {
    visit_all(&mut Shows);
}
