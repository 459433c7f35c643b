//! Sessions: reading scenario and save files, building the headless app, the
//! `kassen sim` loop, and save paths. This is the one place that knows both
//! the engine and the rule modules.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use serde::{Deserialize, Serialize};

use crate::engine::EnginePlugin;
use crate::engine::command::Refusal;
use crate::engine::log::GameLog;
use crate::engine::scenario::{LoadError, Scenario, parse_ron};
use crate::engine::table_game::TableRules;
use crate::rules::clan_war::ClanWar;
use crate::rules::samurai_battles::data::SbaTables;
use crate::rules::samurai_battles::orders::OrderSpec;
use crate::rules::samurai_battles::turn::GameResult;
use crate::rules::samurai_battles::{
    self as sba, SamuraiBattlesPlugin, SbaCommand, SbaGame, SbaPhase, SbaSave, apply_command,
};
use crate::rules::warstrike::WarStrike;
use crate::table_session::{TableStart, load_table_text};

/// The default scenario's path, relative to the repository.
pub const DEFAULT_SCENARIO_PATH: &str = "scenarios/akagawa_ford.ron";
/// The default scenario, built in so the app runs from any directory.
pub const DEFAULT_SCENARIO: &str = include_str!("../scenarios/akagawa_ford.ron");

/// A file read by `kassen`: a scenario to start, or a save to continue.
#[derive(Clone, Debug)]
pub enum Loaded {
    /// A validated scenario.
    Scenario(Box<Scenario>),
    /// A validated save.
    Save(Box<SbaSave>),
    /// A WarStrike scenario or save on the open table; `true` for a save.
    WarStrike(Box<TableStart<WarStrike>>, bool),
    /// A Clan War scenario or save on the open table; `true` for a save.
    ClanWar(Box<TableStart<ClanWar>>, bool),
}

impl Loaded {
    /// The module key of what was loaded.
    pub fn ruleset(&self) -> &'static str {
        match self {
            Loaded::Scenario(_) | Loaded::Save(_) => sba::RULESET,
            Loaded::WarStrike(..) => WarStrike::RULESET,
            Loaded::ClanWar(..) => ClanWar::RULESET,
        }
    }
}

#[derive(Deserialize)]
struct Header {
    #[serde(default)]
    save_format: Option<u32>,
    #[serde(default)]
    ruleset: Option<String>,
}

/// Parses and validates a scenario or save from its text.
///
/// # Errors
/// The first problem, with file, line and column where the text has one.
pub fn load_text(file: &str, text: &str) -> Result<Loaded, LoadError> {
    let tables = SbaTables::load()?;
    let header: Header = crate::engine::scenario::ron_options()
        .from_str(text)
        .map_err(|e| LoadError {
            file: file.to_string(),
            line: Some(e.span.start.line),
            col: Some(e.span.start.col),
            message: e.code.to_string(),
        })?;
    let save = header.save_format.is_some();
    match header.ruleset.as_deref() {
        Some(sba::RULESET) => {}
        Some(WarStrike::RULESET) => {
            let start = load_table_text::<WarStrike>(file, text, save, None)?;
            return Ok(Loaded::WarStrike(Box::new(start), save));
        }
        Some(ClanWar::RULESET) => {
            let start = load_table_text::<ClanWar>(file, text, save, None)?;
            return Ok(Loaded::ClanWar(Box::new(start), save));
        }
        Some(other) => {
            return Err(LoadError::at(
                file,
                text,
                &["ruleset"],
                format!(
                    "unknown ruleset \"{other}\" (this build knows \"{}\", \"{}\" and \"{}\")",
                    sba::RULESET,
                    WarStrike::RULESET,
                    ClanWar::RULESET
                ),
            ));
        }
        None => {
            // Let the full parse name the missing field with its position.
            let _: Scenario = parse_ron(file, text)?;
            return Err(LoadError::plain(file, "missing field `ruleset`"));
        }
    }
    if header.save_format.is_some() {
        Ok(Loaded::Save(Box::new(sba::parse_save(
            file, text, &tables,
        )?)))
    } else {
        Ok(Loaded::Scenario(Box::new(Scenario::from_str(
            file, text, &tables,
        )?)))
    }
}

/// Reads and validates a scenario or save file.
///
/// # Errors
/// An unreadable file, or the first problem in it.
pub fn load_file(path: &Path) -> Result<Loaded, LoadError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| LoadError::plain(&file, format!("cannot read: {e}")))?;
    load_text(&file, &text)
}

/// The built-in default scenario.
///
/// # Errors
/// Only if the built-in file is broken (a test checks it is not).
pub fn default_scenario() -> Result<Loaded, LoadError> {
    load_text(DEFAULT_SCENARIO_PATH, DEFAULT_SCENARIO)
}

/// Adds the engine and rule plugins (and the rule tables) to an app.
///
/// # Errors
/// A broken built-in table.
pub fn add_game_plugins(app: &mut App) -> Result<(), LoadError> {
    app.insert_resource(SbaTables::load()?)
        .add_plugins((EnginePlugin, SamuraiBattlesPlugin));
    Ok(())
}

/// A window-less app with the engine and the rule module, for tests and the CLI.
///
/// # Errors
/// A broken built-in table.
pub fn headless_app() -> Result<App, LoadError> {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    add_game_plugins(&mut app)?;
    Ok(app)
}

/// Puts a loaded scenario (with `seed`, else the scenario's, else 0, and the
/// loaded dice) or a save into the app's world. Open-table battles go into a
/// world built by [`headless_table_app`] or the table app instead; here they
/// are left alone.
pub fn start(world: &mut World, loaded: &Loaded, seed: Option<u64>, dice: &[u32]) {
    match loaded {
        Loaded::WarStrike(..) | Loaded::ClanWar(..) => {}
        Loaded::Scenario(s) => {
            let seed = seed.or(s.seed).unwrap_or(0);
            sba::start_battle(world, s, seed, dice);
        }
        Loaded::Save(s) => {
            sba::load_battle(world, s);
            let mut d = world.resource_mut::<crate::engine::dice::Dice>();
            d.load(dice.iter().copied());
        }
    }
}

/// One written order in an orders file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrittenOrder {
    /// The turn it is written for.
    pub turn: u32,
    /// The unit.
    pub unit: u32,
    /// The order.
    pub order: OrderSpec,
}

/// An orders file for `kassen sim`: orders per turn and unit. Units without an
/// order get the default (see `rules::samurai_battles::default_orders`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrdersFile {
    /// The orders.
    pub orders: Vec<WrittenOrder>,
}

impl OrdersFile {
    /// Reads an orders file.
    ///
    /// # Errors
    /// Unreadable file or parse error with position.
    pub fn load(path: &Path) -> Result<Self, LoadError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| LoadError::plain(&file, format!("cannot read: {e}")))?;
        parse_ron(&file, &text)
    }
}

/// What `kassen sim` reports.
#[derive(Clone, Debug, PartialEq)]
pub struct SimSummary {
    /// Turns completed.
    pub turns_played: u32,
    /// Units left per side.
    pub units_left: [usize; 2],
    /// Victory points per side.
    pub victory_points: [u32; 2],
    /// The result, if the battle ended.
    pub result: Option<GameResult>,
    /// Side names.
    pub sides: [String; 2],
    /// Orders refused, as printed warnings.
    pub refused: Vec<String>,
}

impl std::fmt::Display for SimSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "turns played: {}", self.turns_played)?;
        for ((side, units), vp) in self
            .sides
            .iter()
            .zip(self.units_left)
            .zip(self.victory_points)
        {
            writeln!(f, "{side}: {units} units left, {vp} victory points")?;
        }
        match self.result {
            Some(GameResult::Winner(s)) => write!(f, "winner: {}", self.sides[s as usize]),
            Some(GameResult::Draw) => write!(f, "result: draw"),
            None => write!(f, "result: battle not finished"),
        }
    }
}

/// The current phase.
pub fn phase(world: &World) -> SbaPhase {
    world
        .get_resource::<State<SbaPhase>>()
        .map_or(SbaPhase::Setup, |s| *s.get())
}

/// Plays the battle headless until it ends, or until `turns` more turns are
/// done (then it halts between turns). Each Planning Phase writes the orders
/// file's orders for that turn, side 0 first; refused orders are reported.
pub fn run_sim(app: &mut App, orders: &OrdersFile, turns: Option<u32>) -> SimSummary {
    app.update();
    let start_turn = app.world().resource::<SbaGame>().turn;
    app.world_mut().resource_mut::<SbaGame>().stop_after = turns.map(|n| start_turn + n.max(1) - 1);
    if phase(app.world()) == SbaPhase::Halted {
        let _ = apply_command(app.world_mut(), &SbaCommand::Resume);
    }
    let mut refused = Vec::new();
    let mut planned_turn = 0;
    for _ in 0..100_000 {
        app.update();
        let world = app.world_mut();
        match phase(world) {
            SbaPhase::GameOver | SbaPhase::Halted => break,
            SbaPhase::Planning => {
                let turn = world.resource::<SbaGame>().turn;
                if planned_turn == turn {
                    continue;
                }
                planned_turn = turn;
                for side in 0..2u8 {
                    let own: Vec<&WrittenOrder> = orders
                        .orders
                        .iter()
                        .filter(|o| o.turn == turn)
                        .filter(|o| {
                            sba::read_battle(world, |b| {
                                b.unit(o.unit).is_some_and(|u| u.side == side)
                            })
                        })
                        .collect();
                    for o in own {
                        let cmd = SbaCommand::WriteOrder {
                            side,
                            unit: o.unit,
                            order: o.order.clone(),
                        };
                        if let Err(r) = apply_command(world, &cmd) {
                            refused.push(format!("turn {turn}, unit {}: {r}", o.unit));
                        }
                    }
                    if let Err(r) = apply_command(world, &SbaCommand::EndPlanning { side }) {
                        refused.push(format!("turn {turn}: {r}"));
                    }
                }
            }
            _ => {}
        }
    }
    let world = app.world_mut();
    let game = world.resource::<SbaGame>().clone();
    let scenario = world.resource::<Scenario>().clone();
    let units = sba::gather_units(world);
    let count = |s: u8| units.iter().filter(|u| u.side == s).count();
    let turns_played = match phase(world) {
        SbaPhase::GameOver => game.turn,
        _ => game.turn.saturating_sub(1),
    };
    SimSummary {
        turns_played,
        units_left: [count(0), count(1)],
        victory_points: [game.armies[0].victory_points, game.armies[1].victory_points],
        result: game.result,
        sides: [
            scenario.sides[0].name.clone(),
            scenario.sides[1].name.clone(),
        ],
        refused,
    }
}

/// The current log.
pub fn log(world: &World) -> GameLog {
    world.get_resource::<GameLog>().cloned().unwrap_or_default()
}

/// Saves the battle to `path` as RON.
///
/// # Errors
/// A refusal (mid-turn) or an I/O error, as a sentence.
pub fn save_to(world: &mut World, path: &Path) -> Result<(), String> {
    let save = sba::save_battle(world).map_err(|r: Refusal| r.to_string())?;
    let text = ron::ser::to_string_pretty(&save, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The platform data directory for saves (`~/.local/share/kassen/saves` on Linux).
pub fn save_dir() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("kassen")
        .join("saves")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_scenario_is_valid_and_big_enough() {
        // Issue §4: ≥ 12 × 9 hexes, ≥ 6 units a side, a turn limit.
        let Ok(Loaded::Scenario(s)) = default_scenario() else {
            panic!(
                "default scenario does not load: {:?}",
                default_scenario().err()
            );
        };
        assert!(s.board.columns >= 12 && s.board.rows >= 9);
        for side in &s.sides {
            assert!(s.units.iter().filter(|u| u.side == side.name).count() >= 6);
        }
        assert!(s.turn_limit.is_some());
        for t in [
            "samurai_cavalry",
            "ashigaru_spearmen",
            "ashigaru_archers",
            "general_staff",
        ] {
            assert!(s.units.iter().any(|u| u.unit_type == t), "{t} missing");
        }
    }

    fn until_planning(app: &mut App) {
        for _ in 0..50 {
            app.update();
            if phase(app.world()) == SbaPhase::Planning {
                return;
            }
        }
        panic!("never reached the Planning Phase");
    }

    #[test]
    fn a_save_taken_in_planning_with_written_orders_continues_identically() {
        let loaded = default_scenario().expect("default");
        let mut a = headless_app().expect("app");
        start(a.world_mut(), &loaded, Some(7), &[]);
        until_planning(&mut a);
        let order = OrderSpec::to_hex(
            crate::rules::samurai_battles::orders::OrderKind::March,
            (3, 4),
        );
        apply_command(
            a.world_mut(),
            &SbaCommand::WriteOrder {
                side: 0,
                unit: 2,
                order,
            },
        )
        .expect("legal order");
        apply_command(a.world_mut(), &SbaCommand::EndPlanning { side: 0 }).expect("end planning");
        // An illegal command changes nothing.
        let before = sba::save_battle(a.world_mut()).expect("save");
        let bad = SbaCommand::WriteOrder {
            side: 1,
            unit: 2,
            order: OrderSpec::plain(crate::rules::samurai_battles::orders::OrderKind::Rest),
        };
        assert!(apply_command(a.world_mut(), &bad).is_err());
        let save = sba::save_battle(a.world_mut()).expect("save");
        let text =
            ron::ser::to_string_pretty(&save, ron::ser::PrettyConfig::default()).expect("ron");
        assert_eq!(
            text,
            ron::ser::to_string_pretty(&before, ron::ser::PrettyConfig::default()).expect("ron")
        );
        let Loaded::Save(back) = load_text("planning.ron", &text).expect("parse save") else {
            panic!("not read as a save");
        };
        let mut b = headless_app().expect("app");
        start(b.world_mut(), &Loaded::Save(back), None, &[]);
        let none = OrdersFile::default();
        let sa = run_sim(&mut a, &none, None);
        let sb = run_sim(&mut b, &none, None);
        assert_eq!(sa, sb);
        assert_eq!(log(a.world()).to_jsonl(), log(b.world()).to_jsonl());
        assert!(
            log(a.world())
                .entries
                .iter()
                .any(|e| e.what.contains("Akazonae Riders (March) moves from (3, 2)"))
        );
    }
}
