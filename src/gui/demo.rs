//! The convention demo, `kassen --demo`: a screen left running all day.
//!
//! - **Attract loop:** the computer plays both sides of every shipped
//!   scenario in turn, at a watchable pace, with the roll log and odds on
//!   screen and the banner "Touch or click to play".
//! - **Any input** opens a short menu: *Play the first battle* starts a
//!   guided game against the computer on a small scenario, with hints that
//!   lead through the first turn. The hints are data
//!   (`assets/demo/demo.ron`); each advances when the player does its
//!   [`Step`].
//! - **Idle timeout:** after `idle_seconds` without input the demo goes back
//!   to the attract loop with a fresh game; nothing of the previous visitor
//!   stays.
//! - **Kiosk:** no title screen, no save or load, no autosave, the window's
//!   close button does nothing. The operator leaves with
//!   [`OPERATOR_EXIT`] (Ctrl+Alt+Q).

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use serde::Deserialize;

use super::catalog::Catalog;
use super::computer::{ComputerPace, IdleWinit};
use super::net::NetStatus;
use super::panels::DismissedOutcome;
use super::play::{ViewModel, clear_game, install_text};
use super::sets::AppSystems;
use super::state::{
    BoardArea, BoardShield, BriefingOpen, Mode, Notes, PassCover, PlayerTally, RulesOpen, Selection,
};
use super::windows::{ClosedTables, FilesWindow};
use crate::engine::scenario::{LoadError, parse_ron};
use crate::engine::seats::Level;
use crate::session;
use crate::t;

/// The demo's settings as shipped (`assets/demo/demo.ron`).
pub const DEMO_FILE: &str = "assets/demo/demo.ron";
const DEMO: &str = include_str!("../../assets/demo/demo.ron");

/// The operator's way out of demo mode, in words.
pub const OPERATOR_EXIT: &str = "Ctrl+Alt+Q";

/// What the demo does, read from [`DEMO_FILE`] or `--demo-config`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoConfig {
    /// Seconds without input before the demo resets to the attract loop
    /// (at least 5).
    pub idle_seconds: u64,
    /// The computer's level on side 0 and on side 1 in the attract loop.
    pub attract: [Level; 2],
    /// Pause between the computer's moves in the attract loop, ms.
    pub pace_ms: u64,
    /// Seconds a finished battle stays on screen before the next one.
    pub result_seconds: u64,
    /// Minutes an attract battle may last before the next one begins
    /// (at least 1), whatever happens in it.
    pub attract_minutes: u64,
    /// The guided game.
    pub first_battle: FirstBattle,
    /// The hints of the guided game, in order (at least one).
    pub hints: Vec<Hint>,
}

/// The guided game: a small scenario against the computer.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstBattle {
    /// The scenario's file name in `scenarios/`.
    pub scenario: String,
    /// The visitor's side (0 or 1).
    pub side: u8,
    /// The computer's level.
    pub level: Level,
}

/// One hint of the guided game.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hint {
    /// What the player does to move on.
    pub step: Step,
    /// Its heading.
    pub title: String,
    /// What to do, in words.
    pub text: String,
}

/// What the player does to finish a hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Step {
    /// Selects one of their own units.
    SelectUnit,
    /// Reads the unit card: opens a rule from it, or presses *Got it*.
    ReadCard,
    /// Arms a choice (or applies one that needs nothing more).
    PickChoice,
    /// Commits a command (after seeing its odds).
    Commit,
    /// Ends their decision (*Orders done*, *End phase*).
    EndDecision,
    /// Reads the roll log: presses *Got it*.
    ReadLog,
}

impl Step {
    /// Whether the step is finished by pressing *Got it*.
    pub fn needs_got_it(self) -> bool {
        matches!(self, Step::ReadCard | Step::ReadLog)
    }
}

/// Reads and checks the demo's settings: `path`, or the shipped ones.
///
/// # Errors
/// A parse error with file, line and column, or a value out of range.
pub fn load_config(path: Option<&Path>) -> Result<DemoConfig, LoadError> {
    let (file, text) = match path {
        Some(p) => session::read(p)?,
        None => (DEMO_FILE.to_string(), DEMO.to_string()),
    };
    let c: DemoConfig = parse_ron(&file, &text)?;
    let bad = |anchor: &str, msg: &str| Err(LoadError::at(&file, &text, &[anchor], msg));
    if c.idle_seconds < 5 {
        return bad("idle_seconds", "idle_seconds must be at least 5");
    }
    if c.attract_minutes < 1 {
        return bad("attract_minutes", "attract_minutes must be at least 1");
    }
    if c.first_battle.side > 1 {
        return bad("side", "the visitor's side is 0 or 1");
    }
    if c.hints.is_empty() {
        return bad("hints", "the guided game needs at least one hint");
    }
    Ok(c)
}

/// Where the demo is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DemoMode {
    /// The computer plays both sides; the banner invites a visitor.
    Attract,
    /// A visitor touched the screen: the short menu, over the attract game.
    Menu,
    /// The visitor plays the first battle with hints.
    Guided,
}

/// The demo's state (GUI only; nothing of it is saved).
#[derive(Resource, Debug)]
pub struct Demo {
    /// The settings.
    pub config: DemoConfig,
    /// Where the demo is.
    pub mode: DemoMode,
    /// The last input (key, button, pointer movement, wheel, touch).
    pub last_input: Instant,
    /// The next attract scenario, an index into the catalog.
    pub next: usize,
    /// When the battle on screen ended.
    pub over_since: Option<Instant>,
    /// The hint shown in the guided game (past the last: none).
    pub hint: usize,
    /// The player's choices and ended decisions counted when the hint
    /// appeared.
    pub counts_at_hint: (u64, u64),
    /// *Got it* was pressed on the current hint.
    pub got_it: bool,
    /// Battles started since the demo began (also the computer's seed).
    pub battles: u64,
    /// Times the idle timeout reset the demo.
    pub resets: u64,
    /// A new game is to be started (`Some(true)`: the guided one).
    pub start: Option<bool>,
    /// When the battle on screen began.
    pub battle_started: Instant,
    /// Games that failed to start in a row (each is logged and skipped).
    pub failures: usize,
    /// Frames the menu has been on screen (0 when it is not): Enter and
    /// Space press its first button from the second frame on, so the key
    /// that opened it does not also choose.
    pub menu_frames: u32,
}

impl Demo {
    /// A demo about to start its attract loop.
    pub fn new(config: DemoConfig) -> Self {
        Self {
            config,
            mode: DemoMode::Attract,
            last_input: Instant::now(),
            next: 0,
            over_since: None,
            hint: 0,
            counts_at_hint: (0, 0),
            got_it: false,
            battles: 0,
            resets: 0,
            start: Some(false),
            battle_started: Instant::now(),
            failures: 0,
            menu_frames: 0,
        }
    }

    /// The hint on screen, if any.
    pub fn current_hint(&self) -> Option<&Hint> {
        (self.mode == DemoMode::Guided)
            .then(|| self.config.hints.get(self.hint))
            .flatten()
    }
}

/// Whether the hint's step is done, from what the screen shows and what the
/// player did since the hint appeared: `choices` applied and `passes`
/// (decisions ended). Pure; the demo calls it every frame.
pub fn step_done(
    step: Step,
    side: u8,
    view: &ViewModel,
    (sel, rules): (&Selection, &RulesOpen),
    (choices, passes): (u64, u64),
    got_it: bool,
) -> bool {
    let own_selected = sel
        .selected
        .and_then(|id| view.unit(id))
        .is_some_and(|u| u.side == side);
    match step {
        Step::SelectUnit => own_selected,
        Step::ReadCard => got_it || rules.0.is_some(),
        Step::PickChoice => sel.armed.is_some() || choices > 0,
        Step::Commit => choices > 0,
        Step::EndDecision => passes > 0,
        Step::ReadLog => got_it,
    }
}

/// Adds the demo to the app (with `--demo`); the app must have its
/// [`Catalog`]. The app wakes at least once a second, so that the idle
/// timeout and the result pause keep time.
///
/// # Errors
/// The first battle's scenario is not among the shipped scenarios.
pub fn add_demo(app: &mut App, config: DemoConfig) -> Result<(), String> {
    add_demo_logic(app, config)?;
    app.add_plugins(DemoScreenPlugin);
    Ok(())
}

/// The demo's screen: the banner, the menu and the hints, and the app
/// waking once a second.
struct DemoScreenPlugin;

impl Plugin for DemoScreenPlugin {
    fn build(&self, app: &mut App) {
        let tick = bevy::winit::WinitSettings {
            focused_mode: bevy::winit::UpdateMode::reactive(Duration::from_secs(1)),
            unfocused_mode: bevy::winit::UpdateMode::reactive_low_power(Duration::from_secs(1)),
        };
        if app.world().contains_resource::<IdleWinit>() {
            app.insert_resource(IdleWinit(tick.clone()))
                .insert_resource(tick);
        }
        app.add_systems(EguiPrimaryContextPass, demo_ui.in_set(AppSystems::Draw));
    }
}

/// The demo without its drawing: input, the course of games and the hints.
///
/// # Errors
/// The first battle's scenario is not in the app's [`Catalog`].
pub(crate) fn add_demo_logic(app: &mut App, config: DemoConfig) -> Result<(), String> {
    let known = app.world().get_resource::<Catalog>().is_some_and(|c| {
        c.entries.iter().any(|e| {
            e.path
                .file_name()
                .is_some_and(|n| *n == *config.first_battle.scenario)
        })
    });
    if !known {
        return Err(format!(
            "{DEMO_FILE}: the first battle's scenario \"{}\" is not among the scenarios",
            config.first_battle.scenario
        ));
    }
    app.add_plugins(DemoPlugin { config });
    Ok(())
}

/// The demo's course: its input, its games and its hints.
pub struct DemoPlugin {
    /// The demo's settings.
    pub config: DemoConfig,
}

impl Plugin for DemoPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Demo::new(self.config.clone()))
            .add_systems(Update, demo_input.in_set(AppSystems::Input))
            .add_systems(Update, demo_loop.in_set(AppSystems::Actions));
    }
}

/// Any input keeps the demo awake and opens the menu from the attract
/// loop; the operator's keys leave demo mode.
#[allow(clippy::too_many_arguments)] // a Bevy system: one parameter per input
fn demo_input(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    touches: Res<Touches>,
    mut demo: ResMut<Demo>,
    mut sel: ResMut<Selection>,
    mut exit: MessageWriter<AppExit>,
    mut shield: ResMut<BoardShield>,
) {
    // The attract loop and the menu take the board's clicks: the press
    // that opens the menu, or one on it, never selects a unit.
    let up = demo.mode != DemoMode::Guided;
    if shield.0 != up {
        shield.0 = up;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let alt = keys.any_pressed([KeyCode::AltLeft, KeyCode::AltRight]);
    if ctrl && alt && keys.just_pressed(KeyCode::KeyQ) {
        info!("demo: the operator left demo mode ({OPERATOR_EXIT})");
        exit.write(AppExit::Success);
        return;
    }
    let any = keys.get_just_pressed().next().is_some()
        || buttons.get_just_pressed().next().is_some()
        || motion.delta != Vec2::ZERO
        || scroll.delta != Vec2::ZERO
        || touches.any_just_pressed();
    if !any {
        return;
    }
    demo.last_input = Instant::now();
    let pressed = keys.get_just_pressed().next().is_some()
        || buttons.get_just_pressed().next().is_some()
        || touches.any_just_pressed();
    if demo.mode == DemoMode::Attract && pressed {
        demo.mode = DemoMode::Menu;
        sel.armed = None;
    }
}

/// The demo's course: starts games, rotates the attract scenarios, resets
/// after the idle timeout, and moves the hints on.
fn demo_loop(world: &mut World) {
    let now = Instant::now();
    let (mode, idle) = {
        let demo = world.resource::<Demo>();
        (
            demo.mode,
            demo.last_input.elapsed() > Duration::from_secs(demo.config.idle_seconds),
        )
    };
    if mode != DemoMode::Attract && idle {
        let mut demo = world.resource_mut::<Demo>();
        demo.resets += 1;
        demo.start = Some(false);
        info!(
            "demo: idle for {} s, back to the attract loop",
            demo.config.idle_seconds
        );
    }
    if let Some(guided) = world.resource_mut::<Demo>().start.take() {
        start_game(world, guided);
        return;
    }
    let over = world.resource::<ViewModel>().outcome.is_some();
    let result_for = Duration::from_secs(world.resource::<Demo>().config.result_seconds);
    {
        let mut demo = world.resource_mut::<Demo>();
        let longest = Duration::from_secs(60 * demo.config.attract_minutes);
        if demo.mode != DemoMode::Guided && demo.battle_started.elapsed() > longest {
            info!("demo: the attract battle ran {longest:?}; the next one begins");
            demo.start = Some(false);
        }
        match (over, demo.over_since) {
            (true, None) => demo.over_since = Some(now),
            (true, Some(t)) if t.elapsed() >= result_for => {
                // The next battle: the attract loop goes on (a guided game
                // that ended goes back to it).
                demo.start = Some(false);
                demo.over_since = None;
            }
            _ => {}
        }
    }
    if mode == DemoMode::Guided {
        advance_hint(world);
    }
}

/// The player's choices and ended decisions so far.
fn counts(tally: &PlayerTally) -> (u64, u64) {
    (tally.choices, tally.passes)
}

/// Moves the guided game's hint on when its step is done.
fn advance_hint(world: &mut World) {
    let Some(step) = world.resource::<Demo>().current_hint().map(|h| h.step) else {
        return;
    };
    let demo = world.resource::<Demo>();
    let side = demo.config.first_battle.side;
    let counts = counts(world.resource::<PlayerTally>());
    let since = (
        counts.0.saturating_sub(demo.counts_at_hint.0),
        counts.1.saturating_sub(demo.counts_at_hint.1),
    );
    let done = step_done(
        step,
        side,
        world.resource::<ViewModel>(),
        (world.resource::<Selection>(), world.resource::<RulesOpen>()),
        since,
        demo.got_it,
    );
    if done {
        let mut demo = world.resource_mut::<Demo>();
        demo.hint += 1;
        demo.got_it = false;
        demo.counts_at_hint = counts;
        world.write_message(RequestRedraw);
    }
}

/// Clears whatever game is on the board and starts the next one: the next
/// attract scenario (the computer on both sides), or the guided game.
fn start_game(world: &mut World, guided: bool) {
    let entries = world.resource::<Catalog>().entries.clone();
    if entries.is_empty() {
        error!("demo: no scenario to show");
        world.write_message(AppExit::error());
        return;
    }
    let (path, mode, pace) = {
        let demo = world.resource::<Demo>();
        let c = &demo.config;
        if guided {
            let found = entries.iter().find(|e| {
                e.path
                    .file_name()
                    .is_some_and(|n| *n == *c.first_battle.scenario)
            });
            let Some(e) = found else {
                // Checked at start; the attract loop goes on regardless.
                error!(
                    "demo: the first battle's scenario \"{}\" is not in scenarios/",
                    c.first_battle.scenario
                );
                world.resource_mut::<Demo>().start = Some(false);
                return;
            };
            let mode = Mode::Solo {
                side: c.first_battle.side,
                level: c.first_battle.level,
            };
            (e.path.clone(), mode, ComputerPace::default().delay)
        } else {
            let e = &entries[demo.next % entries.len()];
            (
                e.path.clone(),
                Mode::Watch { levels: c.attract },
                Duration::from_millis(c.pace_ms),
            )
        }
    };
    clear_game(world);
    forget_the_visitor(world);
    let battles = world.resource::<Demo>().battles;
    let seats = mode.seats(battles);
    let result = session::read(&path)
        .map_err(|e| e.to_string())
        .and_then(|(file, text)| install_text(world, &file, &text, None, Some(seats)));
    if let Err(e) = result {
        // A file that broke since the start: logged and skipped; the demo
        // stops only when no scenario starts at all.
        error!("demo: {e}");
        let mut demo = world.resource_mut::<Demo>();
        demo.failures += 1;
        demo.next += 1;
        if demo.failures > entries.len() {
            world.write_message(AppExit::error());
        } else {
            demo.start = Some(false);
        }
        return;
    }
    *world.resource_mut::<ComputerPace>() = ComputerPace {
        delay: pace,
        ..ComputerPace::default()
    };
    let counted = counts(world.resource::<PlayerTally>());
    let mut demo = world.resource_mut::<Demo>();
    demo.battles += 1;
    demo.failures = 0;
    demo.battle_started = Instant::now();
    demo.over_since = None;
    demo.hint = 0;
    demo.got_it = false;
    demo.counts_at_hint = counted;
    if guided {
        demo.mode = DemoMode::Guided;
    } else {
        // A visitor reading the menu keeps it while the next battle starts.
        if demo.mode != DemoMode::Menu {
            demo.mode = DemoMode::Attract;
        }
        demo.next += 1;
    }
    info!(
        "demo: battle {} ({}), {}",
        demo.battles,
        if guided { "guided" } else { "attract" },
        path.display()
    );
    world.write_message(RequestRedraw);
}

/// Nothing of the previous visitor stays: selection, open windows,
/// messages (the pace is set with the next game).
fn forget_the_visitor(world: &mut World) {
    *world.resource_mut::<Selection>() = Selection::default();
    *world.resource_mut::<PassCover>() = PassCover::default();
    *world.resource_mut::<Notes>() = Notes::default();
    *world.resource_mut::<RulesOpen>() = RulesOpen::default();
    *world.resource_mut::<BriefingOpen>() = BriefingOpen::default();
    *world.resource_mut::<BoardArea>() = BoardArea::default();
    *world.resource_mut::<NetStatus>() = NetStatus::default();
    if let Some(mut files) = world.get_resource_mut::<FilesWindow>() {
        *files = FilesWindow::default();
    }
    if let Some(mut closed) = world.get_resource_mut::<ClosedTables>() {
        *closed = ClosedTables::default();
    }
    if let Some(mut dismissed) = world.get_resource_mut::<DismissedOutcome>() {
        *dismissed = DismissedOutcome::default();
    }
}

/// Where the banner and the hints go: under the board, over the roll log
/// (the top-left corner of that strip, in egui points, and its width), so
/// they never cover a unit. `None` before the panels are laid out.
fn below_board(ctx: &egui::Context, area: &BoardArea) -> Option<(egui::Pos2, f32)> {
    let z = ctx.zoom_factor();
    let [x0, _, x1, y1] = area.0?;
    Some((egui::pos2(x0 / z + 8.0, y1 / z + 6.0), (x1 - x0) / z - 16.0))
}

/// An area for the banner or a hint: under the board when the panels are
/// laid out ([`below_board`]), else at the top centre.
fn demo_area(id: &'static str, ctx: &egui::Context, area: &BoardArea) -> (egui::Area, f32) {
    let a = egui::Area::new(id.into()).order(egui::Order::Foreground);
    match below_board(ctx, area) {
        Some((at, width)) => (a.fixed_pos(at), width.clamp(240.0, 640.0)),
        None => (
            a.anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 64.0)),
            520.0,
        ),
    }
}

/// The banner, the menu and the hints.
fn demo_ui(
    mut contexts: EguiContexts,
    mut demo: ResMut<Demo>,
    view: Res<ViewModel>,
    area: Res<BoardArea>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if demo.mode != DemoMode::Menu {
        demo.menu_frames = 0;
    }
    match demo.mode {
        DemoMode::Attract => {
            let (banner, width) = demo_area("demo_banner", &ctx, &area);
            banner.show(&ctx, |ui| {
                egui::Frame::new()
                    .fill(Color32::from_black_alpha(200))
                    .corner_radius(8.0)
                    .inner_margin(14.0)
                    .show(ui, |ui| {
                        ui.set_max_width(width);
                        ui.vertical_centered(|ui| {
                            ui.label(
                                RichText::new(t!("play-demo-touch-to-play"))
                                    .size(34.0)
                                    .strong()
                                    .color(Color32::GOLD),
                            );
                            ui.label(
                                RichText::new(t!(
                                    "play-demo-attract-caption",
                                    name = view.name,
                                    system = view.system
                                ))
                                .size(16.0)
                                .color(Color32::LIGHT_GRAY),
                            );
                        });
                    });
            });
        }
        DemoMode::Menu => {
            let mut choice = None;
            egui::Window::new(t!("play-demo-welcome"))
                .id(egui::Id::new("demo_welcome"))
                .collapsible(false)
                .resizable(false)
                .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -60.0))
                .show(&ctx, |ui| {
                    ui.label(t!("play-demo-pitch"));
                    ui.add_space(10.0);
                    let b = egui::Button::new(
                        RichText::new(t!("play-demo-play-first-battle"))
                            .size(20.0)
                            .strong(),
                    );
                    if ui.add(b).clicked() {
                        choice = Some(true);
                    }
                    ui.add_space(6.0);
                    if ui
                        .button(RichText::new(t!("play-demo-keep-watching")).size(16.0))
                        .clicked()
                    {
                        choice = Some(false);
                    }
                    ui.add_space(4.0);
                    ui.label(RichText::new(t!("play-demo-enter")).small().weak());
                });
            demo.menu_frames = demo.menu_frames.saturating_add(1);
            let keyed =
                ctx.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space));
            if keyed && demo.menu_frames > 1 {
                choice = Some(true);
            }
            match choice {
                Some(true) => demo.start = Some(true),
                Some(false) => demo.mode = DemoMode::Attract,
                None => {}
            }
        }
        DemoMode::Guided => {
            let total = demo.config.hints.len();
            let Some(hint) = demo.current_hint().cloned() else {
                return Ok(());
            };
            let mut got_it = false;
            let (hint_area, width) = demo_area("demo_hint", &ctx, &area);
            hint_area.show(&ctx, |ui| {
                egui::Frame::new()
                    .fill(Color32::from_rgb(40, 36, 16))
                    .stroke(egui::Stroke::new(2.0, Color32::GOLD))
                    .corner_radius(8.0)
                    .inner_margin(12.0)
                    .show(ui, |ui| {
                        ui.set_max_width(width);
                        ui.label(
                            RichText::new(&hint.title)
                                .size(20.0)
                                .strong()
                                .color(Color32::GOLD),
                        );
                        ui.label(RichText::new(&hint.text).size(16.0));
                        ui.horizontal(|ui| {
                            ui.label(
                                RichText::new(t!(
                                    "play-demo-hint-n-of",
                                    n = demo.hint + 1,
                                    total = total
                                ))
                                .color(Color32::GRAY),
                            );
                            if hint.step.needs_got_it()
                                && ui.button(t!("play-demo-got-it")).clicked()
                            {
                                got_it = true;
                            }
                        });
                    });
            });
            if got_it {
                demo.got_it = true;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::view::{Scene, UnitView};

    #[test]
    fn the_shipped_demo_settings_read_and_bad_ones_name_their_place() {
        let c = load_config(None).expect("the shipped demo.ron");
        assert!(c.idle_seconds >= 5 && !c.hints.is_empty());
        let dir = std::env::temp_dir().join(format!("kassen-demo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let p = dir.join("demo.ron");
        std::fs::write(&p, DEMO.replace("idle_seconds: 90", "idle_seconds: 2")).expect("write");
        let e = load_config(Some(&p)).expect_err("too short");
        assert!(e.to_string().contains("at least 5"), "{e}");
        assert!(e.line.is_some(), "{e}");
        std::fs::write(&p, DEMO.replace("step: ReadLog", "step: Dance")).expect("write");
        let e = load_config(Some(&p)).expect_err("unknown step");
        assert!(e.line.is_some() && e.col.is_some(), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn each_hint_step_is_done_by_what_the_player_does() {
        let unit = |id: u32, side: u8| UnitView::on_hex(id, side, hexx::Hex::ZERO);
        let mut view = ViewModel {
            loaded: true,
            actor: Some(0),
            scene: Scene {
                units: vec![unit(1, 0), unit(9, 1)],
                ..Scene::default()
            },
            ..ViewModel::default()
        };
        let mut gui = Selection::default();
        let mut rules = RulesOpen::default();
        assert!(!step_done(
            Step::SelectUnit,
            0,
            &view,
            (&gui, &rules),
            (0, 0),
            false
        ));
        gui.selected = Some(9);
        assert!(
            !step_done(Step::SelectUnit, 0, &view, (&gui, &rules), (0, 0), false),
            "an enemy unit is not the player's"
        );
        gui.selected = Some(1);
        assert!(step_done(
            Step::SelectUnit,
            0,
            &view,
            (&gui, &rules),
            (0, 0),
            false
        ));
        assert!(!step_done(
            Step::ReadCard,
            0,
            &view,
            (&gui, &rules),
            (0, 0),
            false
        ));
        assert!(step_done(
            Step::ReadCard,
            0,
            &view,
            (&gui, &rules),
            (0, 0),
            true
        ));
        rules.0 = Some("SBA-FORT-2".into());
        assert!(step_done(
            Step::ReadCard,
            0,
            &view,
            (&gui, &rules),
            (0, 0),
            false
        ));
        assert!(!step_done(
            Step::PickChoice,
            0,
            &view,
            (&gui, &rules),
            (0, 0),
            false
        ));
        assert!(step_done(
            Step::PickChoice,
            0,
            &view,
            (&gui, &rules),
            (1, 0),
            false
        ));
        assert!(!step_done(
            Step::Commit,
            0,
            &view,
            (&gui, &rules),
            (0, 0),
            false
        ));
        assert!(step_done(
            Step::Commit,
            0,
            &view,
            (&gui, &rules),
            (2, 0),
            false
        ));
        assert!(
            !step_done(Step::EndDecision, 0, &view, (&gui, &rules), (2, 0), false),
            "a choice does not end the decision"
        );
        view.actor = None;
        assert!(step_done(
            Step::EndDecision,
            0,
            &view,
            (&gui, &rules),
            (2, 1),
            false
        ));
        assert!(!step_done(
            Step::ReadLog,
            0,
            &view,
            (&gui, &rules),
            (2, 1),
            false
        ));
        assert!(step_done(
            Step::ReadLog,
            0,
            &view,
            (&gui, &rules),
            (2, 1),
            true
        ));
    }
}
