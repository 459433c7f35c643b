//! The replay viewer, written once for every module: a save opened as a
//! replay (`kassen replay FILE`, or *Replay* on the title screen and in the
//! save/load window) shows the game at any point of its journal.
//!
//! - Step one command back or forward (← →), jump to the previous or next
//!   phase (↑ ↓) or turn (Page Up / Page Down), to the start or the end
//!   (Home / End), or anywhere on the timeline, which marks every turn,
//!   phase and bookmark; play forward at a chosen speed (Space).
//! - The board, unit card, roll log and overlays are those of the game at
//!   that point ([`Replay::at`]: the nearest snapshot, then a few commands),
//!   seen through either side's `observation` or by a spectator who sees
//!   both.
//! - Bookmarks are saved in the file.
//! - *Play from here* starts a new game from that point, with the journal so
//!   far, hot-seat or against the computer.
//!
//! The replay never applies a command of its own: the player's actions and
//! the computer's play are off while it is open.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui;
use egui::{Color32, RichText};

use bevy::ecs::system::SystemState;

use super::camera::place_board_camera;
use super::play::{
    ActiveGame, AppAutosave, ViewModel, app_autosave, clear_game, install, install_as_is,
};
use super::sets::AppSystems;
use super::state::{
    AppMode, BriefingOpen, FileRequest, FixedViewer, GameCleared, Mode, Notes, Screen, Selection,
};
use super::widgets::{DIM, RED, mode_picker, shown};
use crate::engine::core::{Module, ToAct};
use crate::engine::game::Game;
use crate::engine::replay::{
    Bookmark, Mark, Replay, phase_starts, start_after, start_before, turn_starts,
};
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;
use crate::t;

/// Whose eyes a replay shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Viewpoint {
    /// What this side saw (its `observation`).
    Side(u8),
    /// Both sides: everything, hidden units, orders and hands included.
    #[default]
    Spectator,
}

impl Viewpoint {
    /// The side whose observation is shown (`None`: the spectator's open
    /// view).
    pub fn viewer(self) -> Option<u8> {
        match self {
            Viewpoint::Side(s) => Some(s),
            Viewpoint::Spectator => None,
        }
    }
}

/// What the replay controls asked for; done by [`replay_requests`] of the
/// module being replayed.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayRequest {
    /// Show the game after this many commands (clamped to the journal).
    Seek(usize),
    /// Bookmark the current point with this label (renames one already
    /// there).
    Bookmark(String),
    /// Remove the bookmark at this point.
    Unbookmark(usize),
    /// Write the bookmarks into the replayed file.
    SaveBookmarks,
    /// Start a new game from the current point, played as `mode` says.
    PlayFromHere(Mode),
}

/// The replay being viewed (present only while one is open): where it
/// stands, its marks and the controls' settings. Not saved, but the
/// bookmarks, which [`ReplayRequest::SaveBookmarks`] writes into the file.
#[derive(Resource, Clone, Debug)]
pub struct ReplayView {
    /// Commands applied at the point shown (0: the start).
    pub at: usize,
    /// Commands in the journal.
    pub len: usize,
    /// Turn, phase and decider after each number of commands (`len + 1`).
    pub marks: Vec<Mark>,
    /// Points where a phase begins.
    pub phase_starts: Vec<usize>,
    /// Points where a turn begins.
    pub turn_starts: Vec<usize>,
    /// The bookmarks, as in the file once saved.
    pub bookmarks: Vec<Bookmark>,
    /// Whose eyes the replay shows.
    pub viewpoint: Viewpoint,
    /// Playing forward on its own.
    pub playing: bool,
    /// Commands a second while playing (0.5 to 20).
    pub speed: f32,
    /// When the last command was stepped while playing.
    pub last_step: Option<Instant>,
    /// The file replayed (bookmarks are saved into it).
    pub file: PathBuf,
    /// The request waiting for the module's system.
    pub request: Option<ReplayRequest>,
    /// How long the last jump took to build the game shown, in µs.
    pub jump_micros: Option<u128>,
    /// The label field for a new bookmark.
    pub label: String,
    /// What the last request did (saved, played from), or why not.
    pub note: String,
    /// The note says why a request failed (drawn in red).
    pub note_failed: bool,
    /// How *Play from here* is played.
    pub mode: Mode,
}

impl ReplayView {
    /// The turn and phase after `at` commands.
    pub fn mark(&self, at: usize) -> Option<&Mark> {
        self.marks.get(at.min(self.len))
    }

    /// A seek request to `at` (clamped), unless already there.
    pub fn seek(&mut self, at: usize) {
        let at = at.min(self.len);
        if at != self.at {
            self.request = Some(ReplayRequest::Seek(at));
        }
    }
}

/// The replay of module `R` being viewed.
#[derive(Resource)]
pub struct ReplayGame<R: Module>(pub Replay<R>);

/// Where a replay opens: after `at` commands (default: the start), through
/// `viewpoint` (default: the player's own side of a solo game, else the
/// spectator's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayStart {
    /// Commands applied at the point first shown (clamped to the journal).
    pub at: Option<usize>,
    /// Whose eyes.
    pub viewpoint: Option<Viewpoint>,
}

/// Opens a save's text as a replay, for its module (found through the
/// registry); the game shown before is taken out only once the save
/// replays.
///
/// # Errors
/// A scenario (it has no journal) or an invalid save, as a sentence with
/// its position; the game loaded before stays.
pub fn open_replay_text(
    world: &mut World,
    file: &str,
    text: &str,
    start: ReplayStart,
) -> Result<(), String> {
    struct Open<'a> {
        world: &'a mut World,
        file: &'a str,
        text: &'a str,
        start: ReplayStart,
        ruleset: String,
        result: Option<Result<(), String>>,
    }
    impl ModuleVisitor for Open<'_> {
        fn visit<R: Module>(&mut self) {
            if self.ruleset != R::RULESET || self.result.is_some() {
                return;
            }
            self.result = Some(install_replay::<R>(
                self.world, self.file, self.text, self.start,
            ));
        }
    }
    let h = session::require_save(file, text).map_err(|e| e.to_string())?;
    let mut v = Open {
        world,
        file,
        text,
        start,
        ruleset: h.ruleset.clone(),
        result: None,
    };
    visit_all(&mut v);
    v.result.unwrap_or_else(|| {
        Err(t!(
            "play-replay-no-module",
            file = file,
            ruleset = h.ruleset
        ))
    })?;
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    Ok(())
}

/// Replays the save, then puts the replay into the world at its start
/// point.
fn install_replay<R: Module>(
    world: &mut World,
    file: &str,
    text: &str,
    start: ReplayStart,
) -> Result<(), String> {
    let full = session::open_text::<R>(file, text, true, None, &[]).map_err(|e| e.to_string())?;
    replay_game(world, full, PathBuf::from(file), start)
}

/// Opens `full` (a game in the world, or loaded) as a replay at `start`;
/// `file` is where *Save bookmarks* writes (the save it came from, or the
/// game's autosave).
///
/// # Errors
/// A journal that does not replay, as a sentence; the game shown before
/// stays.
pub fn replay_game<R: Module>(
    world: &mut World,
    full: Game<R>,
    file: PathBuf,
    start: ReplayStart,
) -> Result<(), String> {
    let seats = full.seats;
    let replay = Replay::new(full).map_err(|e| format!("{}: {e}", file.display()))?;
    let at = start.at.unwrap_or(0).min(replay.len());
    let shown = replay
        .at(at)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    clear_game(world);
    install_as_is::<R>(world, shown);
    // A replay writes no autosave: it changes no game.
    world.resource_mut::<AppAutosave>().0 = None;
    let viewpoint = start.viewpoint.unwrap_or_else(|| {
        seats
            .solo_side()
            .map_or(Viewpoint::Spectator, Viewpoint::Side)
    });
    let marks = replay.marks().to_vec();
    let view = ReplayView {
        at,
        len: replay.len(),
        phase_starts: phase_starts(&marks),
        turn_starts: turn_starts(&marks),
        marks,
        bookmarks: replay.bookmarks().to_vec(),
        viewpoint,
        playing: false,
        speed: 4.0,
        last_step: None,
        file,
        request: None,
        jump_micros: None,
        label: String::new(),
        note: String::new(),
        note_failed: false,
        mode: Mode::HotSeat,
    };
    world.insert_resource(FixedViewer(view.viewpoint.viewer()));
    world.insert_resource(ReplayGame::<R>(replay));
    world.insert_resource(view);
    world.resource_mut::<BriefingOpen>().0 = false;
    world.resource_mut::<Notes>().status.clear();
    place_board_camera(world);
    Ok(())
}

/// Takes the replay of module `R` out of the world (the game shown goes
/// with it: the replay follows [`GameCleared`]).
pub fn clear_replay<R: Module>(world: &mut World) {
    if world.remove_resource::<ReplayGame<R>>().is_some() {
        world.remove_resource::<ReplayView>();
        world.remove_resource::<FixedViewer>();
    }
}

/// Steps the replay while it plays, and carries out the controls' request:
/// a seek builds the game at the new point and shows it; *Play from here*
/// turns it into a new game.
pub fn replay_requests<R: Module>(world: &mut World) {
    let Some(mut view) = world.get_resource_mut::<ReplayView>() else {
        return;
    };
    if view.playing && view.request.is_none() {
        if view.at >= view.len {
            view.playing = false;
        } else {
            let due = Duration::from_secs_f32(1.0 / view.speed.clamp(0.5, 20.0));
            if view.last_step.is_none_or(|t| t.elapsed() >= due) {
                view.last_step = Some(Instant::now());
                let next = view.at + 1;
                view.request = Some(ReplayRequest::Seek(next));
            }
        }
    }
    let playing = view.playing;
    let Some(request) = view.request.take() else {
        if playing {
            // Frames keep coming while it plays (the app sleeps otherwise).
            world.write_message(RequestRedraw);
        }
        return;
    };
    match request {
        ReplayRequest::Seek(at) => seek::<R>(world, at),
        ReplayRequest::Bookmark(label) => {
            let label = label.trim();
            let at = world.resource::<ReplayView>().at;
            let label = if label.is_empty() {
                default_label(world.resource::<ReplayView>(), at)
            } else {
                label.to_string()
            };
            if let Some(mut r) = world.get_resource_mut::<ReplayGame<R>>() {
                r.0.bookmark(at, &label);
                let marks = r.0.bookmarks().to_vec();
                let mut view = world.resource_mut::<ReplayView>();
                view.bookmarks = marks;
                view.label.clear();
                view.note = t!("play-replay-bookmarked");
                view.note_failed = false;
            }
        }
        ReplayRequest::Unbookmark(at) => {
            if let Some(mut r) = world.get_resource_mut::<ReplayGame<R>>() {
                r.0.unbookmark(at);
                let marks = r.0.bookmarks().to_vec();
                world.resource_mut::<ReplayView>().bookmarks = marks;
            }
        }
        ReplayRequest::SaveBookmarks => {
            let file = world.resource::<ReplayView>().file.clone();
            let (note, failed) = match world.get_resource::<ReplayGame<R>>() {
                Some(r) => match r.0.full().save_atomically(&file) {
                    Ok(()) => (
                        t!(
                            "play-replay-bookmarks-saved",
                            n = r.0.bookmarks().len(),
                            path = file.display()
                        ),
                        false,
                    ),
                    Err(e) => (t!("play-not-saved", error = e), true),
                },
                None => return,
            };
            let mut view = world.resource_mut::<ReplayView>();
            view.note = note;
            view.note_failed = failed;
        }
        ReplayRequest::PlayFromHere(mode) => play_from_here::<R>(world, mode),
    }
    world.write_message(RequestRedraw);
}

/// "Turn 3, Melee Step" for a bookmark with no label.
fn default_label(view: &ReplayView, at: usize) -> String {
    view.mark(at).map_or_else(
        || t!("play-replay-command-n", at = at),
        |m| t!("play-replay-turn-phase", turn = m.turn, phase = m.phase),
    )
}

/// Shows the game after `at` commands; how long building it took goes to
/// the controls.
fn seek<R: Module>(world: &mut World, at: usize) {
    let Some(r) = world.get_resource::<ReplayGame<R>>() else {
        return;
    };
    let t = Instant::now();
    let at = at.min(r.0.len());
    match r.0.at(at) {
        Ok(g) => {
            let micros = t.elapsed().as_micros();
            world.resource_mut::<ActiveGame<R>>().0 = g;
            let mut view = world.resource_mut::<ReplayView>();
            view.at = at;
            view.jump_micros = Some(micros);
            // A selection of a unit not on the board then drops by itself;
            // an armed choice belongs to no replay.
            world.resource_mut::<Selection>().armed = None;
            world.resource_mut::<Notes>().refusal = None;
        }
        Err(e) => {
            let mut view = world.resource_mut::<ReplayView>();
            view.playing = false;
            view.note = t!("play-replay-cannot-show", error = e);
            view.note_failed = true;
        }
    }
}

/// Ends the replay and goes on playing from the point shown: a new game
/// with the journal so far, played as `mode` says; it autosaves as any
/// game does.
fn play_from_here<R: Module>(world: &mut World, mode: Mode) {
    let Some(r) = world.remove_resource::<ReplayGame<R>>() else {
        return;
    };
    let Some(view) = world.remove_resource::<ReplayView>() else {
        return;
    };
    world.remove_resource::<FixedViewer>();
    let game = match r.0.at(view.at) {
        Ok(mut g) => {
            g.seats = mode.seats(crate::engine::dice::fresh_seed());
            g
        }
        Err(e) => {
            world.resource_mut::<Notes>().status =
                t!("play-replay-cannot-play-from-here", error = e);
            return;
        }
    };
    let at = view.at;
    install::<R>(world, game);
    let mode = *world.resource::<AppMode>();
    if !mode.screenshot && !mode.kiosk {
        world.resource_mut::<AppAutosave>().0 = Some(app_autosave());
    }
    world.resource_mut::<Notes>().status = t!("play-replay-new-game-from", at = at);
}

/// The replay's viewpoint, as the view model takes it: nobody acts, and
/// the eyes are those picked in its controls.
fn follow_viewpoint(view: Res<ReplayView>, mut fixed: ResMut<FixedViewer>) {
    let viewer = view.viewpoint.viewer();
    if fixed.0 != viewer {
        fixed.0 = viewer;
    }
}

/// Opens the save the save / load window asked to replay; a failure goes
/// to the status line.
fn replay_file_requests(world: &mut World, requests: &mut SystemState<MessageReader<FileRequest>>) {
    let asked: Vec<PathBuf> = requests
        .get_mut(world)
        .map(|mut r| {
            r.read()
                .filter_map(|r| match r {
                    FileRequest::Replay(p) => Some(p.clone()),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    for p in asked {
        let result = session::read(&p)
            .map_err(|e| e.to_string())
            .and_then(|(file, text)| open_replay_text(world, &file, &text, Default::default()));
        if let Err(e) = result {
            world.resource_mut::<Notes>().status = t!("play-not-opened-as-replay", error = e);
        }
    }
}

/// The replay goes with the game it shows.
fn clear_with_the_game<R: Module>(_: On<GameCleared>, mut commands: Commands) {
    commands.queue(clear_replay::<R>);
}

/// The replay viewer: saves opened as replays, each module's seeks and
/// requests, and nobody playing while one is open (its [`FixedViewer`]
/// marks it).
pub struct ReplayPlugin;

impl Plugin for ReplayPlugin {
    fn build(&self, app: &mut App) {
        let replaying = resource_exists::<ReplayView>;
        app.add_systems(
            Update,
            (
                follow_viewpoint
                    .in_set(AppSystems::Actions)
                    .run_if(replaying)
                    .run_if(resource_exists::<FixedViewer>),
                replay_file_requests.in_set(AppSystems::Game),
            ),
        );
        struct AddModules<'a>(&'a mut App);
        impl ModuleVisitor for AddModules<'_> {
            fn visit<R: Module>(&mut self) {
                self.0.add_observer(clear_with_the_game::<R>).add_systems(
                    Update,
                    replay_requests::<R>
                        .in_set(AppSystems::Game)
                        .run_if(resource_exists::<ActiveGame<R>>)
                        .run_if(resource_exists::<ReplayView>),
                );
            }
        }
        visit_all(&mut AddModules(app));
    }
}

/// The replay's controls in the right panel: where it stands, the step and
/// jump buttons, play and speed, the viewpoint, bookmarks and *Play from
/// here*.
pub(crate) fn replay_panel(ui: &mut egui::Ui, vm: &ViewModel, view: &mut ReplayView) {
    where_it_stands(ui, vm, view);
    ui.add_space(4.0);
    step_buttons(ui, view);
    ui.separator();
    viewpoint_picker(ui, vm, view);
    ui.separator();
    bookmarks(ui, view);
    ui.separator();
    play_from_here_block(ui, vm, view);
    if !view.note.is_empty() {
        let color = if view.note_failed { RED } else { DIM };
        ui.label(RichText::new(shown(&view.note)).color(color));
    }
}

/// The point shown: commands, turn and phase, who decides next, the
/// result, and how long the jump took.
fn where_it_stands(ui: &mut egui::Ui, vm: &ViewModel, view: &ReplayView) {
    ui.heading(t!("play-replay-heading"));
    ui.label(
        RichText::new(t!(
            "play-replay-where",
            at = view.at,
            len = view.len,
            turn = vm.turn,
            phase = shown(&vm.phase)
        ))
        .strong(),
    );
    if let Some(m) = view.mark(view.at) {
        let who = match m.to_act {
            ToAct::Side(s) => t!(
                "play-replay-decides-next",
                side = vm.sides[usize::from(s.min(1))]
            ),
            ToAct::Rules => t!("play-replay-rules-next"),
            ToAct::Over => t!("play-replay-game-over"),
        };
        ui.label(RichText::new(who).color(DIM));
    }
    if let Some(o) = &vm.outcome {
        ui.label(RichText::new(shown(&o.text)).strong());
    }
    if let Some(us) = view.jump_micros {
        let ms = format!("{:.1}", us as f64 / 1000.0);
        ui.label(RichText::new(t!("play-replay-shown-in", ms = ms)).color(DIM));
    }
}

/// The step and jump buttons, play or pause, and the speed.
fn step_buttons(ui: &mut egui::Ui, view: &mut ReplayView) {
    let (at, len) = (view.at, view.len);
    ui.horizontal_wrapped(|ui| {
        let steps: [(&str, String, usize); 8] = [
            ("|<", t!("play-replay-step-start"), 0),
            (
                "<<",
                t!("play-replay-step-previous-turn"),
                start_before(&view.turn_starts, at),
            ),
            (
                "<",
                t!("play-replay-step-previous-phase"),
                start_before(&view.phase_starts, at),
            ),
            ("-1", t!("play-replay-step-back"), at.saturating_sub(1)),
            ("+1", t!("play-replay-step-forward"), (at + 1).min(len)),
            (
                ">",
                t!("play-replay-step-next-phase"),
                start_after(&view.phase_starts, at, len),
            ),
            (
                ">>",
                t!("play-replay-step-next-turn"),
                start_after(&view.turn_starts, at, len),
            ),
            (">|", t!("play-replay-step-end"), len),
        ];
        for (label, hint, to) in steps {
            if ui
                .add_enabled(to != at, egui::Button::new(label))
                .on_hover_text(hint)
                .clicked()
            {
                view.playing = false;
                view.seek(to);
            }
        }
    });
    ui.horizontal(|ui| {
        let label = if view.playing {
            t!("play-replay-pause")
        } else {
            t!("play-replay-play")
        };
        if ui
            .add_enabled(view.playing || at < len, egui::Button::new(label))
            .clicked()
        {
            view.playing = !view.playing;
            view.last_step = None;
        }
        ui.add(
            egui::Slider::new(&mut view.speed, 0.5..=20.0)
                .logarithmic(true)
                .suffix(" /s"),
        );
    });
}

/// Whose eyes: either side's, or the spectator's.
fn viewpoint_picker(ui: &mut egui::Ui, vm: &ViewModel, view: &mut ReplayView) {
    ui.label(RichText::new(t!("play-replay-viewpoint")).strong());
    ui.horizontal_wrapped(|ui| {
        for s in [0u8, 1] {
            let name = vm.sides[usize::from(s)].clone();
            ui.radio_value(&mut view.viewpoint, Viewpoint::Side(s), name)
                .on_hover_text(t!("play-replay-viewpoint-side-hint"));
        }
        ui.radio_value(
            &mut view.viewpoint,
            Viewpoint::Spectator,
            t!("play-replay-viewpoint-spectator"),
        )
        .on_hover_text(t!("play-replay-viewpoint-spectator-hint"));
    });
}

/// The bookmarks: a new one here, each to jump to or remove, and saving
/// them into the file.
fn bookmarks(ui: &mut egui::Ui, view: &mut ReplayView) {
    let at = view.at;
    ui.label(RichText::new(t!("play-replay-bookmarks")).strong());
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut view.label)
                .hint_text(t!("play-replay-bookmark-label"))
                .desired_width(150.0),
        );
        if ui.button(t!("play-replay-bookmark-here")).clicked() {
            view.request = Some(ReplayRequest::Bookmark(view.label.clone()));
        }
    });
    let mut marks = view.bookmarks.clone();
    marks.sort_by_key(|b| b.at);
    for b in &marks {
        ui.horizontal(|ui| {
            let text = format!("{}: {}", b.at, b.label);
            if ui
                .selectable_label(b.at == at, shown(&text))
                .on_hover_text(t!("play-replay-jump-here"))
                .clicked()
            {
                view.playing = false;
                view.seek(b.at);
            }
            if ui
                .small_button("x")
                .on_hover_text(t!("play-replay-remove"))
                .clicked()
            {
                view.request = Some(ReplayRequest::Unbookmark(b.at));
            }
        });
    }
    if ui
        .button(t!("play-replay-save-bookmarks"))
        .on_hover_text(t!("play-replay-save-into", path = view.file.display()))
        .clicked()
    {
        view.request = Some(ReplayRequest::SaveBookmarks);
    }
}

/// *Play from here*: how the new game is played, and its button.
fn play_from_here_block(ui: &mut egui::Ui, vm: &ViewModel, view: &mut ReplayView) {
    ui.label(RichText::new(t!("play-replay-play-from-here")).strong());
    ui.label(RichText::new(t!("play-replay-play-from-here-note")).color(DIM));
    let label = mode_picker(
        ui,
        &mut view.mode,
        &vm.sides,
        crate::engine::seats::Level::Normal,
    );
    let start: String = if view.at < view.len || vm.outcome.is_none() {
        label.to_string()
    } else {
        t!("play-replay-over-here")
    };
    if ui
        .add_enabled(
            vm.outcome.is_none(),
            egui::Button::new(RichText::new(start).strong()),
        )
        .clicked()
    {
        view.request = Some(ReplayRequest::PlayFromHere(view.mode));
    }
}

/// The timeline: a bar over the whole journal with a tick at every phase
/// start (taller at a turn), the turn numbers, the bookmarks in gold and
/// the point shown; a click or drag jumps there.
pub(crate) fn timeline(ui: &mut egui::Ui, view: &mut ReplayView) {
    let width = ui.available_width().max(100.0);
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(width, 34.0), egui::Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    let len = view.len.max(1) as f32;
    let x_of = |at: usize| rect.left() + 8.0 + (rect.width() - 16.0) * at as f32 / len;
    let bar = egui::Rect::from_min_max(
        egui::pos2(rect.left() + 8.0, rect.top() + 14.0),
        egui::pos2(rect.right() - 8.0, rect.top() + 20.0),
    );
    painter.rect_filled(bar, 3.0, Color32::from_gray(70));
    let done = egui::Rect::from_min_max(bar.min, egui::pos2(x_of(view.at), bar.max.y));
    painter.rect_filled(done, 3.0, Color32::from_rgb(90, 130, 190));
    for &p in &view.phase_starts {
        let x = x_of(p);
        painter.line_segment(
            [
                egui::pos2(x, bar.top() - 3.0),
                egui::pos2(x, bar.bottom() + 3.0),
            ],
            egui::Stroke::new(1.0, Color32::from_gray(150)),
        );
    }
    let mut last_label = f32::MIN;
    for &t in &view.turn_starts {
        let x = x_of(t);
        painter.line_segment(
            [
                egui::pos2(x, bar.top() - 8.0),
                egui::pos2(x, bar.bottom() + 8.0),
            ],
            egui::Stroke::new(2.0, Color32::from_gray(220)),
        );
        if x - last_label > 28.0
            && let Some(m) = view.marks.get(t)
        {
            painter.text(
                egui::pos2(x + 2.0, rect.top()),
                egui::Align2::LEFT_TOP,
                format!("T{}", m.turn),
                egui::FontId::proportional(11.0),
                Color32::from_gray(220),
            );
            last_label = x;
        }
    }
    for b in &view.bookmarks {
        let x = x_of(b.at);
        painter.circle_filled(
            egui::pos2(x, bar.bottom() + 8.0),
            4.0,
            Color32::from_rgb(230, 190, 60),
        );
    }
    let x = x_of(view.at);
    painter.circle_filled(
        egui::pos2(x, bar.center().y),
        7.0,
        Color32::from_rgb(240, 240, 250),
    );
    let at_pointer = |p: egui::Pos2| {
        let f = ((p.x - rect.left() - 8.0) / (rect.width() - 16.0)).clamp(0.0, 1.0);
        (f * len).round() as usize
    };
    if let Some(p) = response.hover_pos() {
        let k = at_pointer(p).min(view.len);
        if let Some(m) = view.mark(k) {
            let text = t!(
                "play-replay-timeline-hover",
                at = k,
                turn = m.turn,
                phase = m.phase
            );
            response.clone().on_hover_text(shown(&text));
        }
    }
    if (response.clicked() || response.dragged())
        && let Some(p) = response.interact_pointer_pos()
    {
        view.playing = false;
        let k = at_pointer(p);
        view.seek(k);
    }
}
