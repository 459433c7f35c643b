//! The app's loading state (bevy_asset_loader 0.27, progress through
//! iyes_progress 0.17): before the title screen, every module's tables
//! (`assets/rules/**.ron`) and the shipped scenarios (`scenarios/*.ron`)
//! are read through Bevy's asset server, with a progress bar. Then each
//! module checks its tables (a broken edit is named on the title screen
//! with file, line and column), a new game takes the tables from memory
//! while the files are unchanged, and the scenario list is built from the
//! texts read.
//!
//! Fonts need no loading: egui's and Bevy's are built in. No texture is
//! cached: the board's art is built as meshes when a game starts.

use std::path::PathBuf;

use bevy::asset::io::{AssetSourceBuilder, AssetSourceId, Reader};
use bevy::asset::{Asset, AssetLoader, LoadContext};
use bevy::prelude::*;
use bevy::reflect::TypePath;
use bevy_asset_loader::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use iyes_progress::{ProgressPlugin, ProgressTracker};

use super::catalog::{
    Catalog, add_user_scenarios, catalog_from_texts, scenario_dir, user_scenario_dir,
};
use super::sets::AppSystems;
use super::widgets::viewport_ui;
use crate::engine::core::Module;
use crate::rules::{ModuleVisitor, visit_all};
use crate::t;

/// Where the app is in starting up.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Boot {
    /// Reading the tables and scenarios.
    #[default]
    Loading,
    /// Everything read: the title screen shows.
    Ready,
}

/// A text file read by the asset server (a table or a scenario, RON).
#[derive(Asset, TypePath, Debug, Clone)]
pub struct TextFile {
    /// Its text.
    pub text: String,
}

/// Reads `.ron` files as [`TextFile`]s; a file that is not UTF-8 is an
/// error naming it.
#[derive(Default, TypePath)]
pub struct TextLoader;

impl AssetLoader for TextLoader {
    type Asset = TextFile;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _ctx: &mut LoadContext<'_>,
    ) -> Result<TextFile, Self::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        String::from_utf8(bytes)
            .map(|text| TextFile { text })
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// Every module's table files (`assets/rules/**.ron`).
#[derive(AssetCollection, Resource)]
pub struct TableFiles {
    /// The files of `assets/rules/`; each handle's path is its place under
    /// the assets folder (`rules/ran/units.ron`).
    #[asset(path = "rules", collection(typed))]
    pub files: Vec<Handle<TextFile>>,
}

/// The shipped scenarios (`scenarios/*.ron`).
#[derive(AssetCollection, Resource)]
pub struct ScenarioFiles {
    /// The files of `scenarios/`, read through the `game://` source.
    #[asset(path = "game://scenarios", collection(typed))]
    pub files: Vec<Handle<TextFile>>,
}

/// The asset sources the loading state reads besides `assets/`: the
/// folder holding `scenarios/`, under the name `game://`. Must be added
/// before Bevy's `AssetPlugin`.
pub fn add_sources(app: &mut App) {
    let dir = std::path::absolute(scenario_dir()).unwrap_or_default();
    let parent = dir.parent().map(PathBuf::from).unwrap_or_default();
    app.register_asset_source(
        AssetSourceId::from("game"),
        AssetSourceBuilder::platform_default(&parent.display().to_string(), None),
    );
}

/// The folders behind the asset paths: the assets folder (the tables'
/// root), if there is one on disk.
pub fn asset_folder() -> Option<PathBuf> {
    crate::engine::assets::asset_root().and_then(|p| std::path::absolute(p).ok())
}

/// What the modules' own check of their tables found, once the files are
/// read (empty: nothing wrong).
#[derive(Message, Clone, Debug, Default)]
pub struct TablesChecked {
    /// Each module's problem, "Title: file:line:col: what".
    pub problems: Vec<String>,
}

/// The loading state: from [`Boot::Loading`] to [`Boot::Ready`] once the
/// files are read (or failed: the built-in copies serve then).
pub struct LoadingPlugin;

impl Plugin for LoadingPlugin {
    fn build(&self, app: &mut App) {
        add_loading(app);
    }
}

fn add_loading(app: &mut App) {
    app.init_asset::<TextFile>()
        .add_message::<TablesChecked>()
        .init_asset_loader::<TextLoader>()
        .init_state::<Boot>()
        .add_plugins(
            ProgressPlugin::<Boot>::new().with_state_transition(Boot::Loading, Boot::Ready),
        );
    let mut state = LoadingState::new(Boot::Loading).on_failure_continue_to_state(Boot::Ready);
    if asset_folder().is_some() {
        state = state.load_collection::<TableFiles>();
    }
    if scenario_dir().is_dir() {
        state = state.load_collection::<ScenarioFiles>();
    }
    app.add_loading_state(state)
        .add_systems(OnEnter(Boot::Ready), finish_loading)
        .add_systems(
            Update,
            keep_awake
                .in_set(AppSystems::Draw)
                .run_if(in_state(Boot::Loading)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            progress_ui
                .in_set(AppSystems::View)
                .run_if(in_state(Boot::Loading)),
        );
}

/// The app redraws only on input when idle: while loading it keeps
/// updating, so that the state moves on when the files are in.
fn keep_awake(mut redraw: MessageWriter<bevy::window::RequestRedraw>) {
    redraw.write(bevy::window::RequestRedraw);
}

/// The progress bar while loading.
fn progress_ui(mut contexts: EguiContexts, tracker: Option<Res<ProgressTracker<Boot>>>) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let progress = tracker.map(|t| t.get_global_progress());
    let (done, total) = progress.map_or((0, 0), |p| (p.done, p.total));
    let fraction = if total == 0 {
        0.0
    } else {
        done as f32 / total as f32
    };
    let mut root = viewport_ui(&ctx, "loading");
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() / 2.0 - 40.0);
            ui.heading("Kassen");
            ui.label(t!("loading-tables-and-scenarios"));
            ui.add(
                egui::ProgressBar::new(fraction)
                    .desired_width(360.0)
                    .text(t!("loading-steps", done = done, total = total)),
            );
        });
    });
    Ok(())
}

/// Everything read: the tables kept for new games and checked by their
/// modules, and the scenario list built from the texts read.
fn finish_loading(world: &mut World) {
    let texts = world.resource::<Assets<TextFile>>();
    let root = asset_folder();
    let mut tables = Vec::new();
    if let (Some(files), Some(root)) = (world.get_resource::<TableFiles>(), root.as_ref()) {
        for h in &files.files {
            if let (Some(t), Some(path)) = (texts.get(h), h.path()) {
                tables.push((root.join(path.path()), t.text.clone()));
            }
        }
    }
    let mut scenarios = Vec::new();
    if let Some(files) = world.get_resource::<ScenarioFiles>() {
        let dir = scenario_dir();
        for h in &files.files {
            let name = h
                .path()
                .and_then(|p| p.path().file_name().map(PathBuf::from));
            if let (Some(t), Some(name)) = (texts.get(h), name) {
                scenarios.push((dir.join(name), t.text.clone()));
            }
        }
    }
    let loaded = tables.len();
    for (path, text) in tables {
        crate::engine::assets::preload(path, text);
    }
    let problems = check_every_module();
    if !scenarios.is_empty() {
        let mut catalog = catalog_from_texts(scenarios);
        add_user_scenarios(&mut catalog, &user_scenario_dir());
        world.insert_resource(catalog);
    } else if !world.contains_resource::<Catalog>() {
        world.insert_resource(Catalog::default());
    }
    info!("loaded {loaded} table files");
    world.write_message(TablesChecked { problems });
    world.write_message(bevy::window::RequestRedraw);
}

/// Each module's tables checked as a new game reads them: the problems.
pub fn check_every_module() -> Vec<String> {
    struct V(Vec<String>);
    impl ModuleVisitor for V {
        fn visit<R: Module>(&mut self) {
            if let Err(e) = R::check_tables() {
                self.0.push(format!("{}: {e}", R::TITLE));
            }
        }
    }
    let mut v = V(Vec::new());
    visit_all(&mut v);
    v.0
}
