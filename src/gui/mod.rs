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
        let msg = match open_game::<SamuraiBattles>(&p) {
            Ok(game) => {
                sba::install(world, game);
                let mut gui = world.resource_mut::<GuiState>();
                gui.selected = None;
                gui.draft = None;
                gui.revealed_for = None;
                format!("Loaded {}", p.display())
            }
            Err(e) => format!("Not loaded: {e}"),
        };
        world.resource_mut::<GuiState>().status = msg;
    }
}

/// Opens a scenario or save of module `R` (a save's journal is verified).
pub(crate) fn open_game<R: crate::engine::core::Rules>(p: &Path) -> Result<Game<R>, String> {
    let (file, text) = session::read(p).map_err(|e| e.to_string())?;
    let h = session::read_header(&file, &text).map_err(|e| e.to_string())?;
    if h.ruleset != R::RULESET {
        return Err(format!(
            "{file} is a {} game: open it with `kassen --scenario {file}`",
            h.ruleset
        ));
    }
    session::open_text::<R>(&file, &text, h.save, None, &[]).map_err(|e| e.to_string())
}

/// The app's autosave file (`~/.local/share/kassen/autosave.ron` on Linux).
pub fn app_autosave() -> std::path::PathBuf {
    autosave_path(&data_dir())
}

/// Opens the app on a scenario or save (default: the built-in default
/// scenario), in the hex or table app by its module; with `screenshot`,
/// renders the view to that PNG and exits.
///
/// # Errors
/// An unreadable or invalid file, or an app that exits with an error.
pub fn open(
    path: Option<&Path>,
    seed: Option<u64>,
    screenshot: Option<PathBuf>,
) -> Result<(), String> {
    let (file, text) = match path {
        Some(p) => session::read(p).map_err(|e| e.to_string())?,
        None => (
            session::DEFAULT_SCENARIO_PATH.to_string(),
            session::DEFAULT_SCENARIO.to_string(),
        ),
    };
    let h = session::read_header(&file, &text).map_err(|e| e.to_string())?;
    let err = |e: crate::engine::scenario::LoadError| e.to_string();
    match h.ruleset.as_str() {
        sba::RULESET => run_app(
            session::open_text::<SamuraiBattles>(&file, &text, h.save, seed, &[]).map_err(err)?,
            screenshot,
        ),
        r if r == <WarStrike as crate::engine::table_game::TableRules>::RULESET => {
            table_app::run_table_app(
                session::open_text::<TableModule<WarStrike>>(&file, &text, h.save, seed, &[])
                    .map_err(err)?,
                screenshot,
            )
        }
        _ => table_app::run_table_app(
            session::open_text::<TableModule<ClanWar>>(&file, &text, h.save, seed, &[])
                .map_err(err)?,
            screenshot,
        ),
    }
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

/// Opens the hex app on a Samurai Battles game; with `screenshot`, renders
/// the view to that PNG after the first frames and exits.
///
/// # Errors
/// An app that exits with an error (no GPU, no display).
pub fn run_app(game: Game<SamuraiBattles>, screenshot: Option<PathBuf>) -> Result<(), String> {
    let mut app = window_app(screenshot.is_some());
    app.add_plugins((crate::engine::EnginePlugin, sba::SamuraiBattlesPlugin));
    let default_path = session::save_dir().join("quicksave.ron");
    app.insert_resource(GuiState {
        path: default_path.display().to_string(),
        screenshot_mode: screenshot.is_some(),
        briefing_open: screenshot.is_none(),
        ..default()
    })
    .insert_resource(sba::SbaAutosave(screenshot.is_none().then(app_autosave)))
    .init_resource::<BattleView>()
    .add_systems(Startup, board_view::setup_camera)
    .add_systems(
        Update,
        (
            collect_refusals,
            file_requests,
            refresh_view,
            board_view::camera_controls,
            board_view::click_board,
            board_view::spawn_tiles,
            board_view::spawn_counters,
            board_view::update_counters,
            board_view::draw_overlays,
            take_screenshot,
        )
            .chain()
            .after(sba::CommandSet),
    )
    .add_systems(EguiPrimaryContextPass, panels::ui);
    if let Some(path) = screenshot {
        app.insert_resource(ScreenshotPlan {
            path,
            frame: 20,
            taken: false,
        });
    }
    sba::install(app.world_mut(), game);
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the app exited with code {code}")),
    }
}
