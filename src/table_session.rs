//! Sessions on the open table, written once for every module that implements
//! [`TableRules`]: loading a scenario or a save, the ECS plugin that holds the
//! battle and mirrors its units as entities, commands as messages, the
//! `kassen sim` loop and saves.

use std::marker::PhantomData;
use std::path::Path;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use serde::Serialize;

use crate::engine::EnginePlugin;
use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::scenario::{LoadError, parse_ron};
use crate::engine::table::{Footprint, Table, TablePos};
use crate::engine::table_game::{TableRules, TableSave, play_defaults};
use crate::engine::table_scenario::TableScenario;
use crate::engine::units::{FlightState, Models, Side, UnitId, UnitName};

/// A battle ready to start or continue: scenario, state, dice and log.
pub struct TableStart<R: TableRules> {
    /// The scenario.
    pub scenario: TableScenario<R::Setup>,
    /// The battle state.
    pub battle: R::Battle,
    /// The dice.
    pub dice: Dice,
    /// The log so far.
    pub log: GameLog,
}

impl<R: TableRules> Clone for TableStart<R> {
    fn clone(&self) -> Self {
        TableStart {
            scenario: self.scenario.clone(),
            battle: self.battle.clone(),
            dice: self.dice.clone(),
            log: self.log.clone(),
        }
    }
}

impl<R: TableRules> std::fmt::Debug for TableStart<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableStart")
            .field("scenario", &self.scenario.name)
            .field("battle", &self.battle)
            .finish_non_exhaustive()
    }
}

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

/// Parses and validates a table scenario (`save = false`) or save.
///
/// # Errors
/// The first problem, with file, line and column where the text has one.
pub fn load_table_text<R: TableRules>(
    file: &str,
    text: &str,
    save: bool,
    seed: Option<u64>,
) -> Result<TableStart<R>, LoadError> {
    let tables = R::tables()?;
    if save {
        let s: TableSave<R::Setup, R::Battle> = parse_ron(file, text)?;
        s.scenario.validate(file, text, &tables)?;
        if s.ruleset != R::RULESET {
            return Err(LoadError::at(
                file,
                text,
                &["ruleset"],
                format!("a {} save cannot hold a {} battle", s.ruleset, R::RULESET),
            ));
        }
        return Ok(TableStart {
            scenario: s.scenario,
            battle: s.battle,
            dice: s.dice,
            log: s.log,
        });
    }
    let scenario = TableScenario::<R::Setup>::from_str(file, text, &tables)?;
    R::check_scenario(&scenario, &tables).map_err(|(msg, anchors)| {
        let refs: Vec<&str> = anchors.iter().map(String::as_str).collect();
        LoadError::at(file, text, &refs, msg)
    })?;
    let battle = R::new_battle(&scenario, &tables);
    let dice = Dice::new(seed.or(scenario.seed).unwrap_or(0));
    Ok(TableStart {
        scenario,
        battle,
        dice,
        log: GameLog::default(),
    })
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

/// Puts a battle into the world (replacing any other).
///
/// # Errors
/// A broken built-in table.
pub fn start_table<R: TableRules>(
    world: &mut World,
    start: TableStart<R>,
) -> Result<(), LoadError> {
    let tables = R::tables()?;
    world.insert_resource(start.scenario.build_table());
    world.insert_resource(tables);
    world.insert_resource(start.battle);
    world.insert_resource(start.dice);
    world.insert_resource(start.log);
    world.insert_resource(TableScenarioRes::<R>(start.scenario));
    Ok(())
}

/// Applies one command to the battle in `world`.
///
/// # Errors
/// The refusal; the battle is unchanged.
pub fn apply_in_world<R: TableRules>(world: &mut World, cmd: &R::Command) -> Result<(), Refusal> {
    let tables = world.resource::<R::Tables>().clone();
    let table = world.resource::<Table>().clone();
    world.resource_scope(|world, mut battle: Mut<R::Battle>| {
        world.resource_scope(|world, mut dice: Mut<Dice>| {
            let mut log = world.resource_mut::<GameLog>();
            R::apply(&mut battle, cmd, &tables, &table, &mut dice, &mut log)
        })
    })
}

fn apply_commands<R: TableRules>(world: &mut World) {
    let cmds: Vec<R::Command> = world
        .resource_mut::<Messages<TableCommand<R>>>()
        .drain()
        .map(|m| m.0)
        .collect();
    if !world.contains_resource::<Table>() || !world.contains_resource::<R::Battle>() {
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

/// What a table sim did.
#[derive(Clone, Debug)]
pub struct TableSimSummary {
    /// The turn the sim stopped in.
    pub turn: u32,
    /// The phase it stopped in.
    pub phase: String,
    /// The result, once the battle is over.
    pub result: Option<String>,
    /// Default commands that were refused (should be none).
    pub refused: Vec<String>,
}

/// Plays the battle in `world` with the computer's commands for both sides
/// until it ends, or until `turns` more turns have begun (then it stops at
/// the first decision of the next turn).
pub fn run_table_sim<R: TableRules>(world: &mut World, turns: Option<u32>) -> TableSimSummary {
    let tables = world.resource::<R::Tables>().clone();
    let table = world.resource::<Table>().clone();
    let names = world.resource::<TableScenarioRes<R>>().side_names();
    let start_turn = R::turn(world.resource::<R::Battle>());
    let stop_at = turns.map(|n| start_turn + n.max(1));
    let mut refused = Vec::new();
    world.resource_scope(|world, mut battle: Mut<R::Battle>| {
        world.resource_scope(|world, mut dice: Mut<Dice>| {
            let mut log = world.resource_mut::<GameLog>();
            for _ in 0..100_000 {
                let Some(side) = R::awaiting(&battle) else {
                    break;
                };
                if stop_at.is_some_and(|t| R::turn(&battle) >= t) {
                    break;
                }
                refused.extend(play_defaults::<R>(
                    &mut battle,
                    side,
                    &tables,
                    &table,
                    &mut dice,
                    &mut log,
                ));
            }
        });
    });
    let battle = world.resource::<R::Battle>();
    TableSimSummary {
        turn: R::turn(battle),
        phase: R::phase_name(battle, &names),
        result: R::result(battle, &names),
        refused,
    }
}

/// Saves the table battle in `world` to `path` as RON.
///
/// # Errors
/// Nothing to save, or the file cannot be written.
pub fn save_table<R: TableRules>(world: &World, path: &Path) -> Result<(), String> {
    let (Some(scenario), Some(battle), Some(dice), Some(log)) = (
        world.get_resource::<TableScenarioRes<R>>(),
        world.get_resource::<R::Battle>(),
        world.get_resource::<Dice>(),
        world.get_resource::<GameLog>(),
    ) else {
        return Err("no battle to save".into());
    };
    let save = TableSave {
        save_format: 1,
        ruleset: R::RULESET.to_string(),
        scenario: scenario.0.clone(),
        battle: battle.clone(),
        dice: dice.clone(),
        log: log.clone(),
    };
    let text = to_ron(&save)?;
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn to_ron<T: Serialize>(value: &T) -> Result<String, String> {
    crate::engine::scenario::ron_options()
        .to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())
}
