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
use bevy::window::WindowResolution;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

use crate::engine::command::Refusal;
use crate::rules::samurai_battles::battle::SbaUnit;
use crate::rules::samurai_battles::orders::OrderSpec;
use crate::rules::samurai_battles::{self as sba, SbaGame, SbaPhase};
use crate::session::{self, Loaded};

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

fn refresh_view(world: &mut World) {
    let phase = session::phase(world);
    let game = world.get_resource::<SbaGame>().cloned();
    let units = if game.is_some() {
        sba::gather_units(world)
    } else {
        Vec::new()
    };
    world.insert_resource(BattleView { units, phase, game });
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
        let msg = match session::save_to(world, &p) {
            Ok(()) => format!("Saved to {}", p.display()),
            Err(e) => format!("Not saved: {e}"),
        };
        world.resource_mut::<GuiState>().status = msg;
    }
    if let Some(p) = load {
        let msg = match session::load_file(&p) {
            Ok(l) if l.ruleset() != sba::RULESET => format!(
                "{} is a {} battle: open it with `kassen --scenario {}`",
                p.display(),
                l.ruleset(),
                p.display()
            ),
            Ok(l) => {
                session::start(world, &l, None, &[]);
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
    app
}

/// Opens the app on a scenario or save; with `screenshot`, renders the view to
/// that PNG after the first frames and exits.
///
/// # Errors
/// A broken built-in table, or an app that exits with an error (no GPU, no display).
pub fn run_app(
    loaded: Loaded,
    seed: Option<u64>,
    screenshot: Option<PathBuf>,
) -> Result<(), String> {
    let mut app = window_app(screenshot.is_some());
    session::add_game_plugins(&mut app).map_err(|e| e.to_string())?;
    let default_path = session::save_dir().join("quicksave.ron");
    app.insert_resource(GuiState {
        path: default_path.display().to_string(),
        screenshot_mode: screenshot.is_some(),
        briefing_open: screenshot.is_none(),
        ..default()
    })
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
    session::start(app.world_mut(), &loaded, seed, &[]);
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the app exited with code {code}")),
    }
}
