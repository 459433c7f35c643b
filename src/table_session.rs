//! The open table in the app, written once for every module that implements
//! [`TableRules`]: the ECS plugin that holds the game, applies commands sent
//! as messages through the core, and mirrors the units as entities.

use std::marker::PhantomData;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::engine::EnginePlugin;
use crate::engine::command::Refusal;
use crate::engine::game::Game;
use crate::engine::table::{Footprint, TablePos};
use crate::engine::table_game::TableRules;
use crate::engine::table_module::TableModule;
use crate::engine::table_scenario::TableScenario;
use crate::engine::units::{FlightState, Models, Side, UnitId, UnitName};

/// A table game of module `R` on the core.
pub type TableGame<R> = Game<TableModule<R>>;

/// The game in the app's world; the views read the mirrored `R::Battle`,
/// `Dice` and `GameLog` resources.
#[derive(Resource)]
pub struct ActiveTable<R: TableRules>(pub TableGame<R>);

/// Where the table app autosaves after every phase, if anywhere.
#[derive(Resource, Clone, Debug, Default)]
pub struct TableAutosave(pub Option<std::path::PathBuf>);

/// The scenario being played, as a resource.
#[derive(Resource)]
pub struct TableScenarioRes<R: TableRules>(pub TableScenario<R::Setup>);

impl<R: TableRules> TableScenarioRes<R> {
    /// The two side names.
    pub fn side_names(&self) -> [String; 2] {
        [
            self.0
                .sides
                .first()
                .map(|s| s.name.clone())
                .unwrap_or_default(),
            self.0
                .sides
                .get(1)
                .map(|s| s.name.clone())
                .unwrap_or_default(),
        ]
    }
}

/// A player's command for a table module, as a Bevy message.
#[derive(Message, Clone, Debug)]
pub struct TableCommand<R: TableRules>(pub R::Command);

/// The system set in which table commands are applied.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableCommandSet;

/// Holds a table battle in the world: resources for the battle, tables,
/// table, dice and log; commands as messages; units mirrored as entities
/// with the engine's components.
pub struct TableGamePlugin<R: TableRules>(PhantomData<R>);

impl<R: TableRules> Default for TableGamePlugin<R> {
    fn default() -> Self {
        TableGamePlugin(PhantomData)
    }
}

impl<R: TableRules> Plugin for TableGamePlugin<R> {
    fn build(&self, app: &mut App) {
        app.add_message::<TableCommand<R>>().add_systems(
            Update,
            (apply_commands::<R>, mirror_units::<R>)
                .chain()
                .in_set(TableCommandSet),
        );
    }
}

/// Puts a game into the world (replacing any other).
pub fn start_table<R: TableRules>(world: &mut World, game: TableGame<R>) {
    world.insert_resource(game.ctx.table.clone());
    world.insert_resource(game.ctx.tables.clone());
    world.insert_resource(TableScenarioRes::<R>(game.ctx.scenario.clone()));
    world.insert_resource(ActiveTable::<R>(game));
    world.init_resource::<TableAutosave>();
    sync::<R>(world);
}

/// Copies the game's battle, dice and log into the resources the views read.
fn sync<R: TableRules>(world: &mut World) {
    let Some(g) = world.get_resource::<ActiveTable<R>>() else {
        return;
    };
    let (battle, dice, log) = (g.0.state.clone(), g.0.dice.clone(), g.0.log.clone());
    world.insert_resource(battle);
    world.insert_resource(dice);
    world.insert_resource(log);
}

/// Applies one command to the game in `world` through the core, autosaving
/// when a phase was entered.
///
/// # Errors
/// The refusal; the game is unchanged.
pub fn apply_in_world<R: TableRules>(world: &mut World, cmd: &R::Command) -> Result<(), Refusal> {
    let autosave = world
        .get_resource::<TableAutosave>()
        .and_then(|a| a.0.clone());
    let Some(mut g) = world.get_resource_mut::<ActiveTable<R>>() else {
        return Err(Refusal::new("BASE", "no battle is loaded"));
    };
    let before = g.0.phase_name();
    g.0.apply(cmd)?;
    if let Some(path) = autosave
        && g.0.phase_name() != before
        && let Err(e) = g.0.save_atomically(&path)
    {
        warn!("autosave failed: {e}");
    }
    sync::<R>(world);
    Ok(())
}

fn apply_commands<R: TableRules>(world: &mut World) {
    let cmds: Vec<R::Command> = world
        .resource_mut::<Messages<TableCommand<R>>>()
        .drain()
        .map(|m| m.0)
        .collect();
    if !world.contains_resource::<ActiveTable<R>>() {
        return;
    }
    for cmd in cmds {
        if let Err(r) = apply_in_world::<R>(world, &cmd) {
            world.write_message(r);
        }
    }
}

/// Keeps one entity per living unit with `UnitId`, `Side`, `UnitName`,
/// `TablePos`, `Footprint`, `Models` and `FlightState`, in step with the
/// battle.
fn mirror_units<R: TableRules>(
    mut commands: Commands,
    battle: Option<Res<R::Battle>>,
    tables: Option<Res<R::Tables>>,
    existing: Query<(Entity, &UnitId)>,
) {
    let (Some(battle), Some(tables)) = (battle, tables) else {
        return;
    };
    if !battle.is_changed() {
        return;
    }
    let units = R::units(&battle, &tables);
    for (e, id) in &existing {
        if !units.iter().any(|u| u.id == id.0) {
            commands.entity(e).despawn();
        }
    }
    for u in units {
        let components = (
            UnitId(u.id),
            Side(u.side),
            UnitName(u.name.clone()),
            TablePos {
                x: u.base.center.x,
                y: u.base.center.y,
                facing: u.base.facing,
            },
            Footprint {
                frontage: u.base.frontage,
                depth: u.base.depth,
            },
            Models(u.models),
            if u.airborne {
                FlightState::Airborne
            } else {
                FlightState::Grounded
            },
        );
        match existing.iter().find(|(_, id)| id.0 == u.id) {
            Some((e, _)) => {
                commands.entity(e).insert(components);
            }
            None => {
                commands.spawn(components);
            }
        }
    }
}

/// A window-less app holding table module `R`, for tests and the CLI.
pub fn headless_table_app<R: TableRules>() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins((EnginePlugin, TableGamePlugin::<R>::default()));
    app
}
