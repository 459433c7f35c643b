//! The replay viewer without a window: a finished game of every module
//! opened as a replay, stepped to its end and back into an earlier turn,
//! its viewpoints, bookmarks saved in the file, and *Play from here*.

use bevy::prelude::*;

use crate::cli::bench::finished_game;
use crate::conformance::scenarios_of;
use crate::engine::core::{Module, ToAct};
use crate::engine::game::Game;
use crate::engine::replay::{start_before, turn_starts};
use crate::rules::{ModuleVisitor, visit_all};

use super::play::{ActiveGame, ViewModel};
use super::replay::{ReplayRequest, ReplayStart, ReplayView, Viewpoint, open_replay_text};
use super::state::{Mode, UiAction};

/// Asks the replay for `req` and runs a frame for it (and one for the
/// view to follow).
fn request(app: &mut App, req: ReplayRequest) {
    app.world_mut().resource_mut::<ReplayView>().request = Some(req);
    app.update();
    app.update();
}

/// The journal's checksum and dice count after `at` commands of `full`
/// (the scenario's for 0).
fn expected<R: Module>(full: &Game<R>, at: usize) -> Option<(u64, u64)> {
    at.checked_sub(1)
        .and_then(|i| full.journal.entries.get(i))
        .map(|e| (e.checksum, e.dice))
}

struct Steps {
    modules: u32,
}

impl ModuleVisitor for Steps {
    fn visit<R: Module>(&mut self) {
        let Some((file, text)) = scenarios_of::<R>().into_iter().next() else {
            return;
        };
        let full = finished_game::<R>(&file, &text, 11).expect("plays to the end");
        assert_eq!(full.to_act(), ToAct::Over, "{file}: the game ends");
        let save = full.save_text().expect("saves");
        let mut app = super::headless_app();
        open_replay_text(
            app.world_mut(),
            "finished.ron",
            &save,
            ReplayStart::default(),
        )
        .expect("opens as a replay");
        app.update();
        app.update();
        let len = full.journal.entries.len();
        {
            let w = app.world();
            let view = w.resource::<ReplayView>();
            assert_eq!((view.at, view.len), (0, len), "{file}: opens at the start");
            let g = &w.resource::<ActiveGame<R>>().0;
            assert!(g.journal.entries.is_empty(), "{file}: nothing applied");
            assert_eq!(w.resource::<ViewModel>().turn, 1, "{file}");
            assert_eq!(w.resource::<ViewModel>().actor, None, "{file}: nobody acts");
        }
        // To the end, as the players left it.
        request(&mut app, ReplayRequest::Seek(len));
        {
            let g = &app.world().resource::<ActiveGame<R>>().0;
            assert_eq!(g.state, full.state, "{file}: the end is the game's end");
            assert!(app.world().resource::<ViewModel>().outcome.is_some());
        }
        // Back into the previous turn, then one command at a time, each
        // point the journal's own.
        let view = app.world().resource::<ReplayView>().clone();
        let last_turn = view.marks[len].turn;
        let turns = turn_starts(&view.marks);
        let back = start_before(&turns, start_before(&turns, len));
        assert!(
            view.marks[back].turn < last_turn,
            "{file}: turn {} before turn {last_turn}",
            view.marks[back].turn
        );
        request(&mut app, ReplayRequest::Seek(back));
        for at in [back, back.saturating_sub(1), back + 1, len / 2, 0, len] {
            request(&mut app, ReplayRequest::Seek(at));
            let w = app.world();
            let g = &w.resource::<ActiveGame<R>>().0;
            assert_eq!(g.journal.entries.len(), at, "{file}: at {at}");
            if let Some((sum, dice)) = expected(&full, at) {
                assert_eq!(g.state_sum(), sum, "{file}: state at {at}");
                assert_eq!(g.dice.rolled(), dice, "{file}: dice at {at}");
            }
            assert_eq!(w.resource::<ViewModel>().turn, view.marks[at].turn);
            assert_eq!(w.resource::<ReplayView>().at, at);
        }
        // The player's actions are off in a replay: nothing is applied.
        request(&mut app, ReplayRequest::Seek(back));
        app.world_mut().write_message(UiAction::Pass);
        app.world_mut().write_message(UiAction::Computer);
        app.update();
        assert_eq!(
            app.world()
                .resource::<ActiveGame<R>>()
                .0
                .journal
                .entries
                .len(),
            back,
            "{file}: a replay applies nothing"
        );
        // Each side's eyes: its own observation.
        for s in [0u8, 1] {
            app.world_mut().resource_mut::<ReplayView>().viewpoint = Viewpoint::Side(s);
            app.update();
            let w = app.world();
            let g = &w.resource::<ActiveGame<R>>().0;
            let obs = R::observation(&g.ctx, &g.state, s);
            let scene = R::scene(&g.ctx, &obs, Some(s));
            let vm = w.resource::<ViewModel>();
            assert_eq!(vm.viewer, Some(s), "{file}");
            assert_eq!(vm.scene.units.len(), scene.units.len(), "{file}");
        }
        // Play from here: a new game with the journal so far.
        request(&mut app, ReplayRequest::PlayFromHere(Mode::HotSeat));
        let w = app.world();
        assert!(w.get_resource::<ReplayView>().is_none(), "{file}: closed");
        let g = &w.resource::<ActiveGame<R>>().0;
        assert!(g.journal.entries.len() >= back, "{file}");
        assert_eq!(
            g.journal.entries[..back],
            full.journal.entries[..back],
            "{file}: the journal so far"
        );
        assert!(g.seats.hot_seat());
        self.modules += 1;
    }
}

#[test]
fn a_finished_game_of_every_module_replays_both_ways_and_can_be_played_from_any_point() {
    let mut v = Steps { modules: 0 };
    visit_all(&mut v);
    assert_eq!(v.modules, 5);
}

/// Runs on the first module only.
struct Bookmarks {
    done: bool,
}

impl ModuleVisitor for Bookmarks {
    fn visit<R: Module>(&mut self) {
        if std::mem::replace(&mut self.done, true) {
            return;
        }
        let (file, text) = scenarios_of::<R>().into_iter().next().expect("scenario");
        let full = finished_game::<R>(&file, &text, 3).expect("plays");
        let dir = std::env::temp_dir().join(format!("kassen-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("bookmarked.ron");
        full.save_atomically(&path).expect("saves");
        let (f, t) = crate::session::read(&path).expect("reads");
        let mut app = super::headless_app();
        open_replay_text(app.world_mut(), &f, &t, ReplayStart::default()).expect("opens");
        app.update();
        request(&mut app, ReplayRequest::Seek(7));
        request(&mut app, ReplayRequest::Bookmark("the first charge".into()));
        request(&mut app, ReplayRequest::Seek(3));
        request(&mut app, ReplayRequest::Bookmark(String::new()));
        request(&mut app, ReplayRequest::SaveBookmarks);
        let note = app.world().resource::<ReplayView>().note.clone();
        assert!(note.contains("2 bookmarks saved"), "{note}");
        // The file keeps them, replays as before, and opens at a bookmark.
        let (f, t) = crate::session::read(&path).expect("reads");
        let again = Game::<R>::load_save(&f, &t).expect("loads");
        let labels: Vec<(usize, String)> = again
            .bookmarks
            .iter()
            .map(|b| (b.at, b.label.clone()))
            .collect();
        assert_eq!(labels[0], (7, "the first charge".to_string()));
        assert_eq!(labels[1].0, 3);
        assert!(labels[1].1.starts_with("Turn 1"), "{labels:?}");
        assert_eq!(again.state, full.state);
        let mut app = super::headless_app();
        open_replay_text(
            app.world_mut(),
            &f,
            &t,
            ReplayStart {
                at: Some(7),
                viewpoint: Some(Viewpoint::Side(1)),
            },
        )
        .expect("opens");
        app.update();
        let view = app.world().resource::<ReplayView>();
        assert_eq!((view.at, view.bookmarks.len()), (7, 2));
        assert_eq!(app.world().resource::<ViewModel>().viewer, Some(1));
        // A bookmark past the journal is refused with its place.
        let bad = t.replacen("at: 7,", "at: 99999,", 1);
        let e = Game::<R>::load_save(&f, &bad).expect_err("refused");
        assert!(e.to_string().contains("bookmark"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn bookmarks_are_saved_in_the_file_and_a_replay_opens_at_a_point_and_viewpoint() {
    let mut v = Bookmarks { done: false };
    visit_all(&mut v);
    assert!(v.done);
}

#[test]
fn a_scenario_is_not_a_replay() {
    let mut app = super::headless_app();
    let e = open_replay_text(
        app.world_mut(),
        "akagawa_ford.ron",
        crate::session::DEFAULT_SCENARIO,
        ReplayStart::default(),
    )
    .expect_err("refused");
    assert!(e.contains("needs a save"), "{e}");
    assert!(app.world().get_resource::<ReplayView>().is_none());
}
