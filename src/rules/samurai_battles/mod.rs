//! Samurai Battles, Art of Tactic (d20): the `samurai_battles` rule module.
//!
//! Where each rule lives:
//! - Fortitude Test (SBA-FORT-*): [`fortitude`]
//! - Morale levels, failure effects (SBA-MOR-*): [`morale`]
//! - General Staff: Dishonor, Rally Point (SBA-GS-*): [`general_staff`]
//! - Orders, their table and checks (SBA-ORD-1..4): [`orders`], `assets/rules/samurai_battles/orders.ron`
//! - Melee, engagement, winners (SBA-MEL-*): [`melee`]
//! - Honor Markers (SBA-HON-*): [`honor`]
//! - Movement, Flee, Panic, Pursue, Zone of Control (SBA-ORD-6/7/9): [`movement`]
//! - Fire, Fire and Retreat, hidden archers (SBA-ORD-5/10): [`ranged`]
//! - Join Up (SBA-ORD-11): [`join_up`]
//! - Exact odds: [`odds`]; default orders: [`default_orders`]
//! - Turn sequence and victory: [`turn`]
//!
//! The ECS layer below only gathers the battle from components into a
//! [`battle::Battle`], calls the rules, and writes the result back.

pub mod battle;
pub mod data;
pub mod default_orders;
pub mod fortitude;
pub mod general_staff;
pub mod honor;
pub mod join_up;
pub mod melee;
pub mod morale;
pub mod movement;
pub mod odds;
pub mod orders;
pub mod ranged;
pub mod turn;

use std::collections::BTreeMap;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::board::{BoardEdge, Facing, HexBoard, TerrainTable, TerrainTile};
use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{GameLog, LogEntry};
use crate::engine::scenario::{LoadError, RulesetCatalog, Scenario, parse_ron};
use crate::engine::units::{FlightState, HexPos, Models, Side, UnitId, UnitName, UnitType};

use battle::{ArmyState, Battle, CombatFlags, SbaUnit};
use data::SbaTables;
use morale::MoraleLevel;
use orders::{OrderSpec, OrderStep, validate_order};
use turn::GameResult;

/// The ruleset key scenarios use.
pub const RULESET: &str = "samurai_battles";

/// Every rule ID of the digest, for the rules panel and coverage tests.
pub const RULE_IDS: [&str; 41] = [
    "SBA-DICE-1",
    "SBA-DICE-2",
    "SBA-BASE",
    "SBA-GS-1",
    "SBA-GS-2",
    "SBA-GS-3",
    "SBA-GS-4",
    "SBA-GS-5",
    "SBA-ORD-1",
    "SBA-ORD-2",
    "SBA-ORD-3",
    "SBA-ORD-4",
    "SBA-ORD-5",
    "SBA-ORD-6",
    "SBA-ORD-7",
    "SBA-ORD-8",
    "SBA-ORD-9",
    "SBA-ORD-10",
    "SBA-ORD-11",
    "SBA-FORT-1",
    "SBA-FORT-2",
    "SBA-FORT-3",
    "SBA-FORT-4",
    "SBA-FORT-5",
    "SBA-MOR-1",
    "SBA-MOR-2",
    "SBA-MOR-3",
    "SBA-MOR-4",
    "SBA-MOR-5",
    "SBA-MOR-6",
    "SBA-MOR-7",
    "SBA-HON-1",
    "SBA-HON-2",
    "SBA-HON-3",
    "SBA-HON-4",
    "SBA-HON-5",
    "SBA-MEL-1",
    "SBA-MEL-2",
    "SBA-MEL-3",
    "SBA-MEL-4",
    "SBA-MEL-5",
];

// ---------------------------------------------------------------- components

/// The unit holds an Honor Marker (SBA-HON-3: at most one).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct HonorMarker;

/// The unit is hidden from the enemy (SBA-ORD-10).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Hidden;

/// The unit has a Commander (SBA-GS-2).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Commander;

/// Fortitude lost to casualties (SBA-FORT-5).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Casualties(pub u32);

/// Defense used up by hits this turn (SBA-MEL-4 step 4).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DefenseLost(pub i32);

/// The order in force this turn.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct CurrentOrder(pub Option<OrderSpec>);

/// Enemies the unit is engaged with in melee.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Engaged(pub Vec<u32>);

/// Per-turn flags and the Pursue obligation.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitFlags(pub CombatFlags);

// ---------------------------------------------------------------- states

/// The phases of a Samurai Battles turn (SBA-BASE turn structure).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SbaPhase {
    /// No battle loaded.
    #[default]
    Setup,
    /// Morale Phase: units below Normal test.
    Morale,
    /// Planning Phase: both players write orders.
    Planning,
    /// Execution Phase, in six steps ([`OrderStep`]).
    Execution,
    /// End of turn: victory check.
    EndOfTurn,
    /// Stopped between turns (after `kassen sim --turns`).
    Halted,
    /// The battle is over.
    GameOver,
}

impl SbaPhase {
    /// The phase's name in the rules' words.
    pub fn name(self) -> &'static str {
        match self {
            SbaPhase::Setup => "Set-up",
            SbaPhase::Morale => "Morale Phase",
            SbaPhase::Planning => "Planning Phase",
            SbaPhase::Execution => "Execution Phase",
            SbaPhase::EndOfTurn => "End of Turn",
            SbaPhase::Halted => "Between turns",
            SbaPhase::GameOver => "Game over",
        }
    }
}

// ---------------------------------------------------------------- resources

/// Module state that is not on a unit.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SbaGame {
    /// Current turn, from 1.
    pub turn: u32,
    /// Army state per side.
    pub armies: [ArmyState; 2],
    /// Home edges per side.
    pub edges: [BoardEdge; 2],
    /// Sides that have finished writing orders this turn.
    pub planning_done: [bool; 2],
    /// Orders written this turn (hidden from the other player).
    pub written: BTreeMap<u32, OrderSpec>,
    /// The result, once the battle is over.
    pub result: Option<GameResult>,
    /// Last turn.
    pub turn_limit: Option<u32>,
    /// Victory points that win at once.
    pub points_to_win: Option<u32>,
    /// Stop (phase Halted) after this turn instead of starting the next.
    pub stop_after: Option<u32>,
}

impl SbaGame {
    /// The side whose player writes orders now: the first not done, or `None`.
    pub fn side_to_plan(&self) -> Option<u8> {
        self.planning_done.iter().position(|d| !d).map(|i| i as u8)
    }
}

/// A player's intent. Validated; an illegal one is refused with a [`Refusal`]
/// and changes nothing.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SbaCommand {
    /// Write (or overwrite) an order in the Planning Phase.
    WriteOrder {
        /// The writing side.
        side: u8,
        /// The unit.
        unit: u32,
        /// The order.
        order: OrderSpec,
    },
    /// Erase a written order (the default will apply).
    ClearOrder {
        /// The writing side.
        side: u8,
        /// The unit.
        unit: u32,
    },
    /// The side has finished writing orders.
    EndPlanning {
        /// The side.
        side: u8,
    },
    /// Resume a battle halted between turns.
    Resume,
}

impl RulesetCatalog for SbaTables {
    fn ruleset(&self) -> &str {
        RULESET
    }
    fn terrain(&self) -> &TerrainTable {
        &self.terrain
    }
    fn unit_type_models(&self, unit_type: &str) -> Option<u32> {
        self.unit(unit_type).map(|u| u.models)
    }
    fn validate(&self, scenario: &Scenario) -> Result<(), (String, Vec<String>)> {
        general_staff::check_one_per_army(scenario, self).map_err(|side| {
            (
                format!("side \"{side}\" must have exactly one General Staff unit (SBA-GS-1)"),
                vec!["sides".into(), format!("\"{side}\"")],
            )
        })
    }
}

// ---------------------------------------------------------------- plugin

/// The set holding the command system; views order themselves after it.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CommandSet;

/// The Samurai Battles rule module as a Bevy plugin: phases, commands and the
/// systems that run the rules in each phase.
pub struct SamuraiBattlesPlugin;

impl Plugin for SamuraiBattlesPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<SbaPhase>()
            .add_sub_state::<OrderStep>()
            .add_message::<SbaCommand>()
            .add_systems(OnEnter(SbaPhase::Morale), morale_phase_system)
            .add_systems(Update, command_system.in_set(CommandSet))
            .add_systems(OnEnter(SbaPhase::EndOfTurn), end_of_turn_system);
        for step in OrderStep::ALL {
            app.add_systems(OnEnter(step), move |world: &mut World| {
                execution_system(world, step)
            });
        }
    }
}

/// Reads all units from the world, sorted by id.
pub fn gather_units(world: &mut World) -> Vec<SbaUnit> {
    let mut q = world.query::<(
        (
            &UnitId,
            &Side,
            &UnitType,
            &UnitName,
            &HexPos,
            &Facing,
            &Models,
            &MoraleLevel,
        ),
        (
            Has<HonorMarker>,
            &Casualties,
            &DefenseLost,
            &CurrentOrder,
            Has<Hidden>,
            Has<Commander>,
            &Engaged,
            &UnitFlags,
        ),
    )>();
    let mut units: Vec<SbaUnit> = q
        .iter(world)
        .map(
            |(
                (id, side, ty, name, pos, facing, models, morale),
                (honor, cas, dl, order, hidden, cmd, eng, flags),
            )| SbaUnit {
                id: id.0,
                side: side.0,
                unit_type: ty.0.clone(),
                name: name.0.clone(),
                hex: pos.0,
                facing: *facing,
                models: models.0,
                commander: cmd,
                morale: *morale,
                honor,
                casualties: cas.0,
                defense_lost: dl.0,
                order: order.0.clone(),
                hidden,
                engaged: eng.0.clone(),
                flags: flags.0.clone(),
            },
        )
        .collect();
    units.sort_by_key(|u| u.id);
    units
}

/// Spawns or updates the entity of one unit.
fn write_unit(world: &mut World, entity: Option<Entity>, u: &SbaUnit) {
    let mut e = match entity {
        Some(e) => world.entity_mut(e),
        None => world.spawn((UnitId(u.id), FlightState::Grounded)),
    };
    e.insert((
        Side(u.side),
        UnitType(u.unit_type.clone()),
        UnitName(u.name.clone()),
        HexPos(u.hex),
        u.facing,
        Models(u.models),
        u.morale,
        Casualties(u.casualties),
        DefenseLost(u.defense_lost),
        CurrentOrder(u.order.clone()),
        Engaged(u.engaged.clone()),
        UnitFlags(u.flags.clone()),
    ));
    if u.honor {
        e.insert(HonorMarker);
    } else {
        e.remove::<HonorMarker>();
    }
    if u.hidden {
        e.insert(Hidden);
    } else {
        e.remove::<Hidden>();
    }
    if u.commander {
        e.insert(Commander);
    } else {
        e.remove::<Commander>();
    }
}

/// Writes units back: updates those present, despawns those gone.
pub fn apply_units(world: &mut World, units: &[SbaUnit]) {
    let mut q = world.query::<(Entity, &UnitId)>();
    let existing: Vec<(Entity, u32)> = q.iter(world).map(|(e, id)| (e, id.0)).collect();
    for (e, id) in &existing {
        match units.iter().find(|u| u.id == *id) {
            Some(u) => write_unit(world, Some(*e), u),
            None => world.entity_mut(*e).despawn(),
        }
    }
    for u in units {
        if !existing.iter().any(|(_, id)| *id == u.id) {
            write_unit(world, None, u);
        }
    }
}

/// Gathers the battle, runs `f` with the dice, writes everything back and
/// appends the log entries under `phase`.
pub fn with_battle<R>(
    world: &mut World,
    phase: &str,
    f: impl FnOnce(&mut Battle, &mut Dice) -> R,
) -> R {
    let units = gather_units(world);
    let board = world.resource::<HexBoard>().clone();
    let tables = world.resource::<SbaTables>().clone();
    let game = world.resource::<SbaGame>().clone();
    let mut dice = world
        .remove_resource::<Dice>()
        .unwrap_or_else(|| Dice::new(0));
    let mut b = Battle::new(units, &board, &tables, game.edges, game.armies.clone());
    let r = f(&mut b, &mut dice);
    world.insert_resource(dice);
    apply_units(world, &b.units);
    world.resource_mut::<SbaGame>().armies = b.armies.clone();
    let log = std::mem::take(&mut b.log);
    world
        .resource_mut::<GameLog>()
        .extend(game.turn, phase, log);
    r
}

/// Read-only battle for views and validation.
pub fn read_battle<R>(world: &mut World, f: impl FnOnce(&Battle) -> R) -> R {
    let units = gather_units(world);
    let board = world.resource::<HexBoard>().clone();
    let tables = world.resource::<SbaTables>().clone();
    let game = world.resource::<SbaGame>().clone();
    let b = Battle::new(units, &board, &tables, game.edges, game.armies);
    f(&b)
}

fn morale_phase_system(world: &mut World) {
    with_battle(world, SbaPhase::Morale.name(), |b, dice| {
        turn::begin_turn(b);
        turn::morale_phase(b, dice);
    });
    world
        .resource_mut::<NextState<SbaPhase>>()
        .set(SbaPhase::Planning);
}

fn execution_system(world: &mut World, step: OrderStep) {
    if step == OrderStep::Defensive {
        let written = world.resource::<SbaGame>().written.clone();
        with_battle(world, "Planning Phase", |b, _| {
            turn::apply_orders(b, &written, default_orders::default_order);
        });
    }
    with_battle(world, step.name(), |b, dice| {
        turn::execution_step(b, dice, step)
    });
    match step.next() {
        Some(n) => world.resource_mut::<NextState<OrderStep>>().set(n),
        None => world
            .resource_mut::<NextState<SbaPhase>>()
            .set(SbaPhase::EndOfTurn),
    }
}

fn end_of_turn_system(world: &mut World) {
    let game = world.resource::<SbaGame>().clone();
    let result = read_battle(world, |b| {
        turn::victory(b, game.turn, game.turn_limit, game.points_to_win)
    });
    let next = if let Some(r) = result {
        let sides: Vec<String> = world
            .resource::<Scenario>()
            .sides
            .iter()
            .map(|s| s.name.clone())
            .collect();
        let what = match r {
            GameResult::Winner(s) => format!(
                "{} wins the battle",
                sides.get(s as usize).cloned().unwrap_or_default()
            ),
            GameResult::Draw => "the battle is a draw".to_string(),
        };
        let vp = &game.armies;
        let entry = LogEntry::event(
            "SBA-BASE/VICTORY",
            vec![],
            format!(
                "End of turn {}: {what} ({} to {} victory points)",
                game.turn, vp[0].victory_points, vp[1].victory_points
            ),
        );
        world
            .resource_mut::<GameLog>()
            .extend(game.turn, SbaPhase::EndOfTurn.name(), [entry]);
        world.resource_mut::<SbaGame>().result = Some(r);
        SbaPhase::GameOver
    } else {
        let mut g = world.resource_mut::<SbaGame>();
        g.turn += 1;
        g.planning_done = [false, false];
        g.written.clear();
        if g.stop_after.is_some_and(|s| s < g.turn) {
            SbaPhase::Halted
        } else {
            SbaPhase::Morale
        }
    };
    world.resource_mut::<NextState<SbaPhase>>().set(next);
}

/// Validates and applies one command. Pure over the world's state.
///
/// # Errors
/// A [`Refusal`] with the rule that forbids the command; nothing changed.
pub fn apply_command(world: &mut World, cmd: &SbaCommand) -> Result<(), Refusal> {
    let phase = *world.resource::<State<SbaPhase>>().get();
    if let SbaCommand::Resume = cmd {
        if phase != SbaPhase::Halted {
            return Err(Refusal::new("SBA-BASE", "the battle is not halted"));
        }
        world
            .resource_mut::<NextState<SbaPhase>>()
            .set(SbaPhase::Morale);
        return Ok(());
    }
    if phase != SbaPhase::Planning {
        return Err(Refusal::new(
            "SBA-BASE",
            format!(
                "orders are written in the Planning Phase, not the {}",
                phase.name()
            ),
        ));
    }
    let game = world.resource::<SbaGame>().clone();
    let side = match cmd {
        SbaCommand::WriteOrder { side, .. }
        | SbaCommand::ClearOrder { side, .. }
        | SbaCommand::EndPlanning { side } => *side,
        SbaCommand::Resume => 0,
    };
    if side > 1 {
        return Err(Refusal::new("SBA-BASE", format!("there is no side {side}")));
    }
    if game.planning_done[side as usize] {
        return Err(Refusal::new(
            "SBA-BASE",
            "this side has already finished its orders",
        ));
    }
    match cmd {
        SbaCommand::WriteOrder { side, unit, order } => {
            read_battle(world, |b| validate_order(b, *side, *unit, order))?;
            world
                .resource_mut::<SbaGame>()
                .written
                .insert(*unit, order.clone());
        }
        SbaCommand::ClearOrder { unit, .. } => {
            world.resource_mut::<SbaGame>().written.remove(unit);
        }
        SbaCommand::EndPlanning { side } => {
            let mut g = world.resource_mut::<SbaGame>();
            g.planning_done[*side as usize] = true;
            if g.planning_done == [true, true] {
                world
                    .resource_mut::<NextState<SbaPhase>>()
                    .set(SbaPhase::Execution);
            }
        }
        SbaCommand::Resume => {}
    }
    Ok(())
}

fn command_system(world: &mut World) {
    let cmds: Vec<SbaCommand> = world
        .resource_mut::<Messages<SbaCommand>>()
        .drain()
        .collect();
    for c in cmds {
        if let Err(r) = apply_command(world, &c) {
            world.write_message(r);
        }
    }
}

// ---------------------------------------------------------------- set-up, save, load

/// Spawns a validated scenario into the world and starts turn 1.
pub fn start_battle(world: &mut World, scenario: &Scenario, seed: u64, loaded_dice: &[u32]) {
    let tables = world.resource::<SbaTables>().clone();
    let mut units = Vec::new();
    for spec in &scenario.units {
        let Some(stats) = tables.unit(&spec.unit_type) else {
            continue;
        };
        let side = scenario.side_index(&spec.side).unwrap_or(0);
        units.push(SbaUnit {
            id: spec.id,
            side,
            unit_type: spec.unit_type.clone(),
            name: spec
                .name
                .clone()
                .unwrap_or_else(|| format!("{} {}", stats.name, spec.id)),
            hex: HexBoard::to_hex(spec.at),
            facing: spec.facing,
            models: spec.models.unwrap_or(stats.models),
            commander: spec.commander.unwrap_or(stats.commander),
            morale: MoraleLevel::Normal,
            honor: false,
            casualties: 0,
            defense_lost: 0,
            order: spec
                .hidden
                .then(|| OrderSpec::plain(orders::OrderKind::Ambush)),
            hidden: spec.hidden,
            engaged: Vec::new(),
            flags: CombatFlags::default(),
        });
    }
    let mut dice = Dice::new(seed);
    dice.load(loaded_dice.iter().copied());
    let edges = [scenario.sides[0].edge, scenario.sides[1].edge];
    let game = SbaGame {
        turn: 1,
        armies: Default::default(),
        edges,
        planning_done: [false, false],
        written: BTreeMap::new(),
        result: None,
        turn_limit: scenario.turn_limit,
        points_to_win: scenario.victory.points_to_win,
        stop_after: None,
    };
    let mut log = GameLog::default();
    log.extend(
        0,
        SbaPhase::Setup.name(),
        [LogEntry::event(
            "SBA-DICE-1",
            vec![],
            format!(
                "{}: the battle begins; dice seed {seed}, d20 roll-under (SBA-DICE-2)",
                scenario.name
            ),
        )],
    );
    install(world, scenario, units, dice, log, game);
    world
        .resource_mut::<NextState<SbaPhase>>()
        .set(SbaPhase::Morale);
}

fn install(
    world: &mut World,
    scenario: &Scenario,
    units: Vec<SbaUnit>,
    dice: Dice,
    log: GameLog,
    game: SbaGame,
) {
    let tables = world.resource::<SbaTables>().clone();
    let board = scenario.build_board(&tables.terrain);
    let mut old = world.query_filtered::<Entity, Or<(With<UnitId>, With<TerrainTile>)>>();
    let old: Vec<Entity> = old.iter(world).collect();
    for e in old {
        world.entity_mut(e).despawn();
    }
    for h in board.hexes() {
        if let Some(t) = board.tile(h) {
            world.spawn(TerrainTile {
                hex: h,
                terrain: t.terrain.clone(),
                elevation: t.elevation,
            });
        }
    }
    world.insert_resource(board);
    world.insert_resource(scenario.clone());
    world.insert_resource(dice);
    world.insert_resource(log);
    world.insert_resource(game);
    apply_units(world, &units);
}

/// Where a saved battle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SavedPhase {
    /// Before the Morale Phase of `game.turn`.
    StartOfTurn,
    /// In the Planning Phase (orders written so far are kept).
    Planning,
    /// The battle is over.
    GameOver,
}

/// A saved Samurai Battles game: everything needed to continue exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SbaSave {
    /// Save format version (1).
    pub save_format: u32,
    /// Always `"samurai_battles"`.
    pub ruleset: String,
    /// The scenario played.
    pub scenario: Scenario,
    /// Where the battle stands.
    pub phase: SavedPhase,
    /// Module state.
    pub game: SbaGame,
    /// Units on the board, sorted by id.
    pub units: Vec<SbaUnit>,
    /// The dice, with their stream position.
    pub dice: Dice,
    /// The log so far.
    pub log: GameLog,
}

/// Builds a save of the current battle.
///
/// # Errors
/// A [`Refusal`] if the battle is mid-turn (saves are taken between turns or
/// in the Planning Phase).
pub fn save_battle(world: &mut World) -> Result<SbaSave, Refusal> {
    let phase = match world.get_resource::<State<SbaPhase>>().map(|s| *s.get()) {
        Some(SbaPhase::Planning) => SavedPhase::Planning,
        Some(SbaPhase::Halted) => SavedPhase::StartOfTurn,
        Some(SbaPhase::GameOver) => SavedPhase::GameOver,
        _ => {
            return Err(Refusal::new(
                "SBA-BASE",
                "a game can be saved in the Planning Phase or between turns",
            ));
        }
    };
    Ok(SbaSave {
        save_format: 1,
        ruleset: RULESET.to_string(),
        scenario: world.resource::<Scenario>().clone(),
        phase,
        game: world.resource::<SbaGame>().clone(),
        units: gather_units(world),
        dice: world.resource::<Dice>().clone(),
        log: world.resource::<GameLog>().clone(),
    })
}

/// Parses and checks a save file's text.
///
/// # Errors
/// Parse errors with position, or a save whose scenario or units do not fit the rules.
pub fn parse_save(file: &str, text: &str, tables: &SbaTables) -> Result<SbaSave, LoadError> {
    let s: SbaSave = parse_ron(file, text)?;
    if s.save_format != 1 {
        return Err(LoadError::at(
            file,
            text,
            &["save_format"],
            format!("unknown save format {}", s.save_format),
        ));
    }
    let scenario_text = ron::ser::to_string_pretty(&s.scenario, ron::ser::PrettyConfig::default())
        .unwrap_or_default();
    s.scenario
        .validate(file, &scenario_text, tables)
        .map_err(|e| {
            LoadError::plain(
                file,
                format!("the saved scenario is invalid: {}", e.message),
            )
        })?;
    let board = s.scenario.build_board(&tables.terrain);
    let mut seen = std::collections::BTreeSet::new();
    for u in &s.units {
        let anchor = format!("id: {}", u.id);
        if !seen.insert(u.id) {
            return Err(LoadError::at(
                file,
                text,
                &["units", &anchor, &anchor],
                format!("duplicate unit id {}", u.id),
            ));
        }
        if tables.unit(&u.unit_type).is_none() {
            return Err(LoadError::at(
                file,
                text,
                &["units", &anchor],
                format!("unknown unit type \"{}\"", u.unit_type),
            ));
        }
        if !board.contains(u.hex) || u.side > 1 {
            return Err(LoadError::at(
                file,
                text,
                &["units", &anchor],
                format!("unit {} is off the board or on no side", u.id),
            ));
        }
    }
    Ok(s)
}

/// Restores a saved battle into the world.
pub fn load_battle(world: &mut World, save: &SbaSave) {
    install(
        world,
        &save.scenario,
        save.units.clone(),
        save.dice.clone(),
        save.log.clone(),
        save.game.clone(),
    );
    let phase = match save.phase {
        SavedPhase::StartOfTurn => SbaPhase::Morale,
        SavedPhase::Planning => SbaPhase::Planning,
        SavedPhase::GameOver => SbaPhase::GameOver,
    };
    world.resource_mut::<NextState<SbaPhase>>().set(phase);
}

#[cfg(test)]
mod rule_coverage {
    //! Every SBA rule ID is cited in the code that implements it and in at least one test.
    use super::RULE_IDS;

    const SOURCES: [&str; 15] = [
        include_str!("battle.rs"),
        include_str!("data.rs"),
        include_str!("default_orders.rs"),
        include_str!("fortitude.rs"),
        include_str!("general_staff.rs"),
        include_str!("honor.rs"),
        include_str!("join_up.rs"),
        include_str!("melee.rs"),
        include_str!("mod.rs"),
        include_str!("morale.rs"),
        include_str!("movement.rs"),
        include_str!("odds.rs"),
        include_str!("orders.rs"),
        include_str!("ranged.rs"),
        include_str!("turn.rs"),
    ];

    #[test]
    fn every_rule_id_is_cited_in_code_and_in_a_test() {
        let missing = crate::engine::rule_ids::uncited(&RULE_IDS, &SOURCES);
        assert!(missing.is_empty(), "not cited: {missing:?}");
    }
}
