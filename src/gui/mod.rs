//! The desktop app: a Bevy window with the hex board and counters, camera pan
//! and zoom, click to select, and egui panels for the unit card, orders with
//! odds, the roll log, the rules reference, saving and loading, and the
//! hot-seat "pass to the other player" screen.
//!
//! The GUI changes the game only by sending [`SbaCommand`]s (and, for save and
//! load, through [`crate::session`]). It reads the world through [`BattleView`],
//! a per-frame snapshot of the units.

pub mod board_view;
pub mod panels;
pub mod table_app;
pub mod table_view;
pub mod title;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::{RequestRedraw, WindowResolution};
use bevy::winit::WinitSettings;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

use std::path::Path;

use crate::engine::command::Refusal;
use crate::engine::game::{Game, autosave_path, data_dir};
use crate::engine::table_module::TableModule;
use crate::rules::clan_war::ClanWar;
use crate::rules::samurai_battles::battle::SbaUnit;
use crate::rules::samurai_battles::orders::OrderSpec;
use crate::rules::samurai_battles::{self as sba, ActiveSba, SamuraiBattles, SbaGame, SbaPhase};
use crate::rules::warstrike::WarStrike;
use crate::session;

/// What the player is doing in the app (GUI state only; not saved).
#[derive(Resource, Default)]
pub struct GuiState {
    /// The selected unit.
    pub selected: Option<u32>,
    /// The order being written for the selected unit.
    pub draft: Option<OrderSpec>,
    /// Waiting for a board click to pick the draft's target or destination.
    pub picking: bool,
    /// The hot-seat cover is up: shows whose turn it is, hides the board.
    pub pass_screen: Option<u8>,
    /// The side whose orders the cover was last lifted for, per turn.
    pub revealed_for: Option<(u32, u8)>,
    /// The last refusal, shown in red.
    pub refusal: Option<Refusal>,
    /// A status line (saved, loaded, errors).
    pub status: String,
    /// The rules-reference window is open, at this rule ID.
    pub rules_open: Option<String>,
    /// Save/load path field.
    pub path: String,
    /// Save requested.
    pub save_request: Option<PathBuf>,
    /// Load requested.
    pub load_request: Option<PathBuf>,
    /// The save/load window is open.
    pub files_open: bool,
    /// The briefing window (scenario description and victory condition) is open.
    pub briefing_open: bool,
    /// Rendering for `--screenshot`: no pass cover, the first unit of the side
    /// to plan is selected.
    pub screenshot_mode: bool,
}

/// Per-frame snapshot of the battle for the views.
#[derive(Resource, Default, Clone)]
pub struct BattleView {
    /// Units sorted by id.
    pub units: Vec<SbaUnit>,
    /// Phase.
    pub phase: SbaPhase,
    /// Module state (None before a battle is loaded).
    pub game: Option<SbaGame>,
}

impl BattleView {
    /// The side whose eyes the board is drawn for: the side writing orders in
    /// the Planning Phase, else nobody (hidden units of both sides stay hidden).
    pub fn viewer(&self) -> Option<u8> {
        match (self.phase, &self.game) {
            (SbaPhase::Planning, Some(g)) => g.side_to_plan(),
            _ => None,
        }
    }

    /// Whether the current viewer may see this unit (SBA-ORD-10).
    pub fn shows(&self, u: &SbaUnit) -> bool {
        !u.hidden || self.viewer() == Some(u.side)
    }
}

/// Screenshot request: capture after `frame` frames, save to `path`, exit.
#[derive(Resource)]
pub(crate) struct ScreenshotPlan {
    pub(crate) path: PathBuf,
    pub(crate) frame: u32,
    pub(crate) taken: bool,
}

fn refresh_view(
    active: Option<Res<ActiveSba>>,
    mut view: ResMut<BattleView>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(active) = active else { return };
    if !active.is_changed() && view.game.is_some() {
        return;
    }
    // The phase state changes on the next frame: draw it.
    redraw.write(RequestRedraw);
    let s = &active.0.state;
    *view = BattleView {
        units: s.units.clone(),
        phase: s.phase,
        game: Some(s.game.clone()),
    };
}

fn collect_refusals(mut reader: MessageReader<Refusal>, mut gui: ResMut<GuiState>) {
    for r in reader.read() {
        gui.refusal = Some(r.clone());
    }
}

fn file_requests(world: &mut World) {
    let (save, load) = {
        let mut gui = world.resource_mut::<GuiState>();
        (gui.save_request.take(), gui.load_request.take())
    };
    if let Some(p) = save {
        let msg = match world.get_resource::<ActiveSba>().map(|g| g.0.save_to(&p)) {
            Some(Ok(())) => format!("Saved to {}", p.display()),
            Some(Err(e)) => format!("Not saved: {e}"),
            None => "Not saved: no battle".to_string(),
        };
        world.resource_mut::<GuiState>().status = msg;
    }
    if let Some(p) = load {
        load_any(world, &p, |w, msg| {
            w.resource_mut::<GuiState>().status = msg
        });
    }
}

/// Opens a scenario or save of any rule system from inside a game; a
/// failure leaves the game as it was and reports through `status`.
pub(crate) fn load_any(world: &mut World, p: &Path, status: impl Fn(&mut World, String)) {
    let result = session::read(p)
        .map_err(|e| e.to_string())
        .and_then(|(file, text)| install_text(world, &file, &text, None));
    match result {
        Ok(()) => {}
        Err(e) => status(world, format!("Not loaded: {e}")),
    }
}

/// The app's autosave file (`~/.local/share/kassen/autosave.ron` on Linux).
pub fn app_autosave() -> std::path::PathBuf {
    autosave_path(&data_dir())
}

pub(crate) fn take_screenshot(
    mut commands: Commands,
    frames: Res<bevy::diagnostic::FrameCount>,
    plan: Option<ResMut<ScreenshotPlan>>,
) {
    let Some(mut plan) = plan else { return };
    if plan.taken {
        if frames.0 > plan.frame + 600 {
            error!("screenshot was not captured in time");
            commands.write_message(AppExit::error());
        }
        return;
    }
    if frames.0 >= plan.frame {
        plan.taken = true;
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(plan.path.clone()))
            .observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                },
            );
    }
}

/// A new app with the window (1400 × 900), rendering and egui; pipelines are
/// compiled before the first frame when taking a screenshot.
pub(crate) fn window_app(screenshot: bool) -> App {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Kassen".into(),
                    resolution: WindowResolution::new(1400, 900),
                    ..default()
                }),
                ..default()
            })
            .set(RenderPlugin {
                render_creation: WgpuSettings::default().into(),
                synchronous_pipeline_compilation: screenshot,
                ..default()
            }),
    )
    .add_plugins(EguiPlugin::default())
    .insert_resource(ClearColor(Color::srgb(0.13, 0.14, 0.16)));
    if !screenshot {
        // Redraw only on input, a command applied or an egui repaint: idle
        // costs next to nothing (a screenshot needs frames to count).
        app.insert_resource(WinitSettings::desktop_app());
    }
    app
}

/// The app's screens.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The title screen: scenarios, New game, Load game, Resume.
    #[default]
    Title,
    /// A game is on the board.
    Playing,
}

/// The hex app's systems, run while a Samurai Battles game is loaded.
fn add_hex_views(app: &mut App, screenshot: bool) {
    let playing = resource_exists::<ActiveSba>;
    let default_path = session::save_dir().join("quicksave.ron");
    app.add_plugins(sba::SamuraiBattlesPlugin)
        .insert_resource(GuiState {
            path: default_path.display().to_string(),
            screenshot_mode: screenshot,
            briefing_open: !screenshot,
            ..default()
        })
        .init_resource::<BattleView>()
        .add_systems(
            Update,
            (
                collect_refusals,
                file_requests,
                refresh_view,
                board_view::click_board,
                board_view::spawn_tiles,
                board_view::spawn_counters,
                board_view::update_counters,
                board_view::draw_overlays,
            )
                .chain()
                .run_if(playing)
                .after(sba::CommandSet)
                .after(board_view::camera_controls),
        )
        .add_systems(EguiPrimaryContextPass, panels::ui.run_if(playing));
}

/// Puts a Samurai Battles game into the app.
pub fn install_sba(world: &mut World, game: Game<SamuraiBattles>) {
    sba::install(world, game);
    let screenshot = world.resource::<GuiState>().screenshot_mode;
    {
        let mut gui = world.resource_mut::<GuiState>();
        gui.selected = None;
        gui.draft = None;
        gui.picking = false;
        gui.pass_screen = None;
        gui.revealed_for = None;
        gui.refusal = None;
        gui.briefing_open = !screenshot;
    }
    *world.resource_mut::<BattleView>() = BattleView::default();
    world.resource_mut::<sba::SbaAutosave>().0 = (!screenshot).then(app_autosave);
    let scale = 1.3;
    // Board centre under the middle of the free area (left panel 320 px,
    // right 340, top bar 30, log 210).
    place_camera(world, scale, Vec2::new(10.0 * scale, -90.0 * scale));
}

fn clear_sba(world: &mut World) {
    world.remove_resource::<ActiveSba>();
    world.remove_resource::<crate::engine::board::HexBoard>();
    world.remove_resource::<crate::engine::scenario::Scenario>();
    world.remove_resource::<board_view::BoardLayout>();
    let mut q = world.query_filtered::<Entity, Or<(
        With<crate::engine::units::UnitId>,
        With<crate::engine::board::TerrainTile>,
    )>>();
    let drawn: Vec<Entity> = q.iter(world).collect();
    for e in drawn {
        world.entity_mut(e).despawn();
    }
}

/// Sets the camera's zoom and position.
pub(crate) fn place_camera(world: &mut World, scale: f32, at: Vec2) {
    let mut q = world.query_filtered::<(&mut Transform, &mut Projection), With<Camera2d>>();
    for (mut tf, mut proj) in q.iter_mut(world) {
        tf.translation = at.extend(0.0);
        if let Projection::Orthographic(o) = proj.as_mut() {
            o.scale = scale;
        }
    }
}

/// Takes whatever game is loaded out of the app.
pub fn clear_game(world: &mut World) {
    clear_sba(world);
    table_app::clear_table::<WarStrike>(world);
    table_app::clear_table::<ClanWar>(world);
}

/// Opens a scenario or save's text in the app, for its rule system: the one
/// place in the app that picks a module's views.
///
/// # Errors
/// An invalid file, as a sentence with its position.
pub fn install_text(
    world: &mut World,
    file: &str,
    text: &str,
    seed: Option<u64>,
) -> Result<(), String> {
    let h = session::read_header(file, text).map_err(|e| e.to_string())?;
    let err = |e: crate::engine::scenario::LoadError| e.to_string();
    // Validate before anything of the old game is touched.
    match h.ruleset.as_str() {
        sba::RULESET => {
            let g =
                session::open_text::<SamuraiBattles>(file, text, h.save, seed, &[]).map_err(err)?;
            clear_game(world);
            install_sba(world, g);
        }
        r if r == <WarStrike as crate::engine::table_game::TableRules>::RULESET => {
            let g = session::open_text::<TableModule<WarStrike>>(file, text, h.save, seed, &[])
                .map_err(err)?;
            clear_game(world);
            table_app::install_table::<WarStrike>(world, g);
        }
        _ => {
            let g = session::open_text::<TableModule<ClanWar>>(file, text, h.save, seed, &[])
                .map_err(err)?;
            clear_game(world);
            table_app::install_table::<ClanWar>(world, g);
        }
    }
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    Ok(())
}

/// Checks a scenario or save (a save's journal is replayed) for its module.
fn validate(file: &str, text: &str, seed: Option<u64>) -> Result<(), String> {
    struct Check<'a>(&'a str, &'a str, bool, Option<u64>);
    impl session::WithModule for Check<'_> {
        type Out = Result<(), String>;
        fn run<R: crate::engine::core::Rules>(self) -> Self::Out {
            session::open_text::<R>(self.0, self.1, self.2, self.3, &[])
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
    }
    let h = session::read_header(file, text).map_err(|e| e.to_string())?;
    session::with_module(&h.ruleset, Check(file, text, h.save, seed))
        .unwrap_or_else(|| Err(format!("{file}: no module plays \"{}\"", h.ruleset)))
}

/// Opens the app: on the title screen, or straight on `path` (a scenario or
/// save of any rule system). With `screenshot`, opens `path` (default: the
/// built-in default scenario), renders the view to that PNG and exits.
///
/// # Errors
/// An unreadable or invalid file, or an app that exits with an error (no
/// GPU, no display).
pub fn open(
    path: Option<&Path>,
    seed: Option<u64>,
    screenshot: Option<PathBuf>,
) -> Result<(), String> {
    let shot = screenshot.is_some();
    let mut app = window_app(shot);
    app.add_plugins(crate::engine::EnginePlugin)
        .init_state::<Screen>()
        .add_systems(Startup, board_view::setup_camera)
        .add_systems(
            Update,
            (board_view::camera_controls, take_screenshot).chain(),
        )
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
    add_hex_views(&mut app, shot);
    table_app::add_table_views(&mut app, shot);
    table_app::add_table_module::<WarStrike>(&mut app);
    table_app::add_table_module::<ClanWar>(&mut app);
    title::add_title(&mut app);
    let (file, text) = match path {
        Some(p) => Some(session::read(p).map_err(|e| e.to_string())?),
        None if shot => Some((
            session::DEFAULT_SCENARIO_PATH.to_string(),
            session::DEFAULT_SCENARIO.to_string(),
        )),
        None => None,
    }
    .map_or((None, None), |(f, t)| (Some(f), Some(t)));
    if let (Some(file), Some(text)) = (file, text) {
        // A broken file is an error before any window opens.
        validate(&file, &text, seed)?;
        app.insert_resource(title::OpenOnStart { file, text, seed });
    }
    if let Some(path) = screenshot {
        app.insert_resource(ScreenshotPlan {
            path,
            frame: 20,
            taken: false,
        });
    }
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the app exited with code {code}")),
    }
}

/// bevy_egui 0.42 writes a `ModifiersChanged` event into egui's input every
/// frame, so egui asks for an immediate repaint every frame and the app never
/// sleeps. This drops the event when the modifiers did not change.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        let mut seen = *last;
        input.0.events.retain(|e| match e {
            bevy_egui::egui::Event::ModifiersChanged(m) => {
                let changed = seen != Some(*m);
                seen = Some(*m);
                changed
            }
            _ => true,
        });
        *last = seen;
    }
}
