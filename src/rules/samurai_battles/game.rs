//! Samurai Battles on the game core: [`Rules`] for [`SamuraiBattles`] over
//! the plain state and the commands of [`state`](super::state), and the
//! tables' [`RulesetCatalog`]. A turn is Morale Phase → Planning (side 0
//! writes, then side 1, sealed) → the six Execution steps → End of Turn,
//! each automatic phase a step command.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::board::{BoardEdge, HexBoard, TerrainTable};
use crate::engine::briefing::Briefing;
use crate::engine::command::Refusal;
use crate::engine::core::{BoardKind, Outcome, Rules, RulesHints, RulesView, ScenarioInfo, ToAct};
use crate::engine::dice::{Dice, Die};
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::scenario::{LoadError, RulesetCatalog, Scenario, parse_ron};
use crate::engine::view::units_of;
use crate::engine::view::{CardLine, Choice, MovePath, Odds, Pick, RuleText, Scene};

use super::battle::{ArmyState, Battle, CombatFlags, PAIR_WINDOW, SbaUnit};
use super::data::{DIE, RULESET, SbaTables};
use super::default_orders::default_order;
use super::general_staff;
use super::morale::MoraleLevel;
use super::order_checks::{defend_variants, validate_order};
use super::orders::{OrderKind, OrderSpec, OrderStep};
use super::state::{SbaCommand, SbaCtx, SbaGame, SbaPhase, SbaState, read_battle, side_names};
use super::turn::{self, GameResult};
use super::view;

/// The invariant check's ceiling on a unit's models, as a multiple of its
/// card's full strength. Not a rule value: the rules set no cap on Join Up
/// (SBA-ORD-11); this is a sanity bound that catches a corrupt state (a
/// shipped scenario has at most two units of one type per side).
const MODELS_SANITY_MULTIPLE: u32 = 4;

/// A destination hex far off any board, for the illegal-command examples the
/// conformance suite tries. A sentinel, not a rule value.
const OFF_BOARD_HEX: (i32, i32) = (-5, 999);

/// A side's counter colour (RGB, 0–1) when the scenario names no colour for
/// it: a display default, not a rule value.
const FALLBACK_SIDE_COLOR: [f32; 3] = [0.5; 3];

/// The module's marker type for the core.
#[derive(Clone, Copy, Debug, Default)]
pub struct SamuraiBattles;

/// One order of an orders file (`kassen sim --orders`).
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

/// An orders file: `(orders: [(turn: 1, unit: 2, order: (kind: Assault, target: 12))])`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrdersFile {
    /// The orders.
    pub orders: Vec<WrittenOrder>,
}

/// Runs `f` over the state's units as a [`Battle`], then puts the units,
/// armies and log entries back (entries under `turn` and the phase name
/// `phase` gives, worded only for a log that wants entries).
fn with_battle<T>(
    ctx: &SbaCtx,
    state: &mut SbaState,
    log: &mut dyn LogSink,
    phase: impl FnOnce() -> String,
    f: impl FnOnce(&mut Battle) -> T,
) -> T {
    let units = std::mem::take(&mut state.units);
    let mut b = Battle::new(
        units,
        &ctx.board,
        &ctx.tables,
        state.game.edges,
        state.game.armies.clone(),
    );
    let r = f(&mut b);
    state.units = std::mem::take(&mut b.units);
    state.game.armies = b.armies.clone();
    let entries = std::mem::take(&mut b.log);
    if log.wants() {
        log.extend(state.game.turn, &phase(), entries);
    }
    r
}

/// The units of a scenario at the start of the battle.
fn starting_units(scenario: &Scenario, tables: &SbaTables) -> Vec<SbaUnit> {
    let mut units: Vec<SbaUnit> = scenario
        .units
        .iter()
        .filter_map(|spec| {
            let stats = tables.unit(&spec.unit_type)?;
            Some(SbaUnit {
                id: spec.id,
                side: scenario.side_index(&spec.side).unwrap_or(0),
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
                order: spec.hidden.then(|| OrderSpec::plain(OrderKind::Ambush)),
                hidden: spec.hidden,
                engaged: Vec::new(),
                flags: CombatFlags::default(),
            })
        })
        .collect();
    units.sort_by_key(|u| u.id);
    units
}

/// Applies a Planning command (SBA-ORD-1: each side writes its orders,
/// sealed, then the Execution Phase begins).
fn plan(ctx: &SbaCtx, state: &mut SbaState, cmd: &SbaCommand) -> Result<(), Refusal> {
    if state.phase != SbaPhase::Planning {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-not-planning", phase = state.phase.name()),
        ));
    }
    let side = match cmd {
        SbaCommand::WriteOrder { side, .. }
        | SbaCommand::ClearOrder { side, .. }
        | SbaCommand::EndPlanning { side } => *side,
        SbaCommand::Step => 0,
    };
    if state.game.side_to_plan() != Some(side) {
        return Err(Refusal::new(
            "SBA-ORD-1",
            say!("sba-refuse-not-your-turn", side = side),
        ));
    }
    match cmd {
        SbaCommand::WriteOrder { side, unit, order } => {
            validate_order(&read_battle(ctx, state), *side, *unit, order)?;
            state.game.written.insert(*unit, order.clone());
        }
        SbaCommand::ClearOrder { side, unit } => {
            let own = state.units.iter().any(|u| u.id == *unit && u.side == *side);
            if !own || !state.game.written.contains_key(unit) {
                return Err(Refusal::new(
                    "SBA-ORD-1",
                    say!("sba-refuse-nothing-written", unit = unit),
                ));
            }
            state.game.written.remove(unit);
        }
        SbaCommand::EndPlanning { side } => {
            state.game.planning_done[*side as usize] = true;
            if state.game.planning_done == [true, true] {
                state.phase = SbaPhase::Execution;
                state.step = Some(OrderStep::Defensive);
            }
        }
        SbaCommand::Step => {}
    }
    Ok(())
}

/// Takes the next automatic step: the Morale Phase, one Execution step, or
/// the end of the turn with the victory check (SBA-BASE turn structure).
fn step(ctx: &SbaCtx, state: &mut SbaState, dice: &mut Dice, log: &mut dyn LogSink) {
    match state.phase {
        SbaPhase::Morale => {
            with_battle(
                ctx,
                state,
                log,
                || SbaPhase::Morale.name(),
                |b| {
                    turn::begin_turn(b);
                    turn::morale_phase(b, dice);
                },
            );
            state.phase = SbaPhase::Planning;
        }
        SbaPhase::Execution => {
            let step = state.step.unwrap_or_default();
            if step == OrderStep::Defensive {
                let written = std::mem::take(&mut state.game.written);
                with_battle(
                    ctx,
                    state,
                    log,
                    || SbaPhase::Planning.name(),
                    |b| {
                        turn::apply_orders(b, &written, default_order);
                    },
                );
            }
            with_battle(
                ctx,
                state,
                log,
                || step.name(),
                |b| {
                    turn::execution_step(b, dice, step);
                },
            );
            match step.next() {
                Some(n) => state.step = Some(n),
                None => {
                    state.step = None;
                    state.phase = SbaPhase::EndOfTurn;
                }
            }
        }
        SbaPhase::EndOfTurn => end_of_turn(ctx, state, log),
        SbaPhase::Setup | SbaPhase::Planning | SbaPhase::GameOver => {}
    }
}

fn end_of_turn(ctx: &SbaCtx, state: &mut SbaState, log: &mut dyn LogSink) {
    let g = &state.game;
    let result = turn::victory(
        &read_battle(ctx, state),
        g.turn,
        g.turn_limit,
        g.points_to_win,
    );
    let Some(r) = result else {
        state.game.turn += 1;
        state.game.planning_done = [false, false];
        state.game.written.clear();
        state.phase = SbaPhase::Morale;
        return;
    };
    if log.wants() {
        let vp = &state.game.armies;
        let entry = LogEntry::event(
            "SBA-BASE/VICTORY",
            vec![],
            say!(
                "sba-log-end-of-turn",
                turn = state.game.turn,
                result = result_words(r, &side_names(ctx)),
                vp0 = vp[0].victory_points,
                vp1 = vp[1].victory_points
            ),
        );
        log.extend(state.game.turn, &SbaPhase::EndOfTurn.name(), [entry]);
    }
    state.game.result = Some(r);
    state.phase = SbaPhase::GameOver;
}

/// "Takeda wins the battle" or "the battle is a draw".
pub fn result_words(r: GameResult, sides: &[String; 2]) -> String {
    match r {
        GameResult::Winner(s) => say!(
            "sba-result-winner",
            side = sides.get(s as usize).cloned().unwrap_or_default()
        ),
        GameResult::Draw => say!("sba-result-draw"),
    }
}

/// Destinations worth listing for movement orders: every hex of the board.
fn every_hex(board: &HexBoard) -> Vec<(i32, i32)> {
    board.hexes().into_iter().map(HexBoard::to_offset).collect()
}

impl Rules for SamuraiBattles {
    const RULESET: &'static str = RULESET;
    const TITLE: &'static str = "Samurai Battles, Art of Tactic";
    const BOARD: BoardKind = BoardKind::Hex;
    type Scenario = Scenario;
    type Ctx = SbaCtx;
    type State = SbaState;
    type Command = SbaCommand;
    type Orders = OrdersFile;

    fn parse_orders(file: &str, text: &str) -> Result<OrdersFile, LoadError> {
        parse_ron(file, text)
    }

    fn scripted_commands(
        _ctx: &SbaCtx,
        state: &SbaState,
        orders: &OrdersFile,
        side: u8,
    ) -> Vec<(String, SbaCommand)> {
        scripted(state, orders, side)
    }

    fn check_tables() -> Result<(), LoadError> {
        SbaTables::load().map(|_| ())
    }

    fn parse_scenario(file: &str, text: &str) -> Result<Scenario, LoadError> {
        Scenario::from_str(file, text, &SbaTables::load()?)
    }

    fn check_saved_scenario(file: &str, _text: &str, s: &Scenario) -> Result<(), LoadError> {
        let scenario_text =
            ron::ser::to_string_pretty(s, ron::ser::PrettyConfig::default()).unwrap_or_default();
        s.validate(file, &scenario_text, &SbaTables::load()?)
            .map_err(|e| {
                LoadError::plain(
                    file,
                    format!("the saved scenario is invalid: {}", e.message),
                )
            })
    }

    fn die(_ctx: &SbaCtx) -> Die {
        DIE
    }

    fn context(scenario: &Scenario) -> Result<SbaCtx, LoadError> {
        let tables = SbaTables::load()?;
        Ok(SbaCtx {
            board: scenario.build_board(&tables.terrain),
            scenario: scenario.clone(),
            tables,
        })
    }

    fn scenario(ctx: &SbaCtx) -> &Scenario {
        &ctx.scenario
    }

    /// The other side's units deployed hidden under an Ambush order (SBA-ORD-10) left out.
    fn scenario_for(scenario: &Scenario, side: u8) -> Scenario {
        scenario.known_to(side)
    }

    fn scenario_seed(scenario: &Scenario) -> Option<u64> {
        scenario.seed
    }

    fn describe(s: &Scenario) -> ScenarioInfo {
        ScenarioInfo {
            name: s.name.clone(),
            sides: s.sides.iter().map(|x| x.name.clone()).collect(),
            units: s.units.len(),
            turn_limit: s.turn_limit,
            briefing: Briefing::or_english(
                s.briefing.as_ref(),
                &s.description,
                &s.victory.description,
            ),
        }
    }

    fn new_state(ctx: &SbaCtx, dice: &Dice, log: &mut dyn LogSink) -> SbaState {
        let s = &ctx.scenario;
        if log.wants() {
            // The seed goes in after the lookup: a whole-number argument
            // becomes a Fluent number, which is exact only up to 2^53.
            const SEED: &str = "\u{e000}";
            let what = say!(
                "sba-log-battle-begins",
                scenario = s.name,
                seed = SEED,
                rule = "SBA-DICE-2"
            )
            .replacen(SEED, &dice.seed().to_string(), 1);
            log.extend(
                0,
                &SbaPhase::Setup.name(),
                [LogEntry::event("SBA-DICE-1", vec![], what)],
            );
        }
        SbaState {
            phase: SbaPhase::Morale,
            step: None,
            game: SbaGame {
                turn: 1,
                armies: [ArmyState::default(), ArmyState::default()],
                edges: [
                    s.sides.first().map_or(BoardEdge::South, |x| x.edge),
                    s.sides.get(1).map_or(BoardEdge::North, |x| x.edge),
                ],
                planning_done: [false, false],
                written: BTreeMap::new(),
                result: None,
                turn_limit: s.turn_limit,
                points_to_win: s.victory.points_to_win,
            },
            units: starting_units(s, &ctx.tables),
        }
    }

    fn to_act(_ctx: &SbaCtx, state: &SbaState) -> ToAct {
        match state.phase {
            SbaPhase::GameOver => ToAct::Over,
            SbaPhase::Planning => state.game.side_to_plan().map_or(ToAct::Rules, ToAct::Side),
            _ => ToAct::Rules,
        }
    }

    fn turn(state: &SbaState) -> u32 {
        state.game.turn
    }

    fn phase_name(ctx: &SbaCtx, state: &SbaState) -> String {
        match (state.phase, state.step) {
            (SbaPhase::Execution, Some(step)) => {
                say!(
                    "sba-turn-phase",
                    turn = state.game.turn,
                    phase = step.name()
                )
            }
            (SbaPhase::Planning, _) => {
                let who = state
                    .game
                    .side_to_plan()
                    .map(|s| side_names(ctx)[s as usize].clone())
                    .unwrap_or_default();
                say!("sba-turn-planning", turn = state.game.turn, side = who)
            }
            (p, _) => say!("sba-turn-phase", turn = state.game.turn, phase = p.name()),
        }
    }

    /// Every order each own unit may be written (every target unit it can
    /// see, every hex of the board as a destination, every facing and Kill
    /// Zone range of Defend), clearing a written order, and Orders done.
    fn legal_commands(ctx: &SbaCtx, state: &SbaState, side: u8) -> Vec<SbaCommand> {
        if Self::to_act(ctx, state) != ToAct::Side(side) {
            return Vec::new();
        }
        let b = read_battle(ctx, state);
        let hexes = every_hex(&ctx.board);
        let mut out = Vec::new();
        for u in state.units.iter().filter(|u| u.side == side) {
            for kind in OrderKind::ALL {
                let mut specs = Vec::new();
                if kind == OrderKind::Defend {
                    // SBA-BASE: its facing and a ranged unit's Kill Zone.
                    specs.extend(defend_variants(b.stats(u)));
                } else if !kind.takes_target() && !kind.takes_destination() {
                    specs.push(OrderSpec::plain(kind));
                }
                if kind.takes_target() {
                    for t in state.units.iter().filter(|t| b.visible_to(t, side)) {
                        specs.push(OrderSpec::at_unit(kind, t.id));
                    }
                }
                if kind.takes_destination() {
                    specs.extend(hexes.iter().map(|h| OrderSpec::to_hex(kind, *h)));
                }
                for order in specs {
                    if validate_order(&b, side, u.id, &order).is_ok() {
                        out.push(SbaCommand::WriteOrder {
                            side,
                            unit: u.id,
                            order,
                        });
                    }
                }
            }
            if state.game.written.contains_key(&u.id) {
                out.push(SbaCommand::ClearOrder { side, unit: u.id });
            }
        }
        out.push(SbaCommand::EndPlanning { side });
        out
    }

    fn pass_command(ctx: &SbaCtx, state: &SbaState, side: u8) -> Option<SbaCommand> {
        (Self::to_act(ctx, state) == ToAct::Side(side)).then_some(SbaCommand::EndPlanning { side })
    }

    fn step_command(ctx: &SbaCtx, state: &SbaState) -> Option<SbaCommand> {
        (Self::to_act(ctx, state) == ToAct::Rules).then_some(SbaCommand::Step)
    }

    fn apply(
        ctx: &SbaCtx,
        state: &mut SbaState,
        cmd: &SbaCommand,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        match cmd {
            SbaCommand::Step => {
                if Self::to_act(ctx, state) != ToAct::Rules {
                    return Err(Refusal::new(
                        "SBA-BASE",
                        say!("sba-refuse-no-step", phase = state.phase.name()),
                    ));
                }
                step(ctx, state, dice, log);
                Ok(())
            }
            _ => plan(ctx, state, cmd),
        }
    }

    /// Hides enemy units in Ambush (SBA-ORD-10) and the enemy's written
    /// orders (SBA-ORD-1: orders are written in secret).
    fn observation(_ctx: &SbaCtx, state: &SbaState, side: u8) -> SbaState {
        let mut o = state.clone();
        o.units.retain(|u| u.side == side || !u.hidden);
        let own: Vec<u32> = o
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.id)
            .collect();
        o.game.written.retain(|id, _| own.contains(id));
        o
    }

    /// `side`'s written orders changed (one erased, or one written), or one
    /// of its hidden units moved to a free hex.
    fn hidden_variant(ctx: &SbaCtx, state: &SbaState, side: u8) -> Option<SbaState> {
        let mut v = state.clone();
        let own = |id: &u32| state.units.iter().any(|u| u.id == *id && u.side == side);
        if let Some(id) = state.game.written.keys().copied().find(|id| own(id)) {
            v.game.written.remove(&id);
            return Some(v);
        }
        if state.phase == SbaPhase::Planning
            && let Some(u) = state.units.iter().find(|u| u.side == side)
        {
            v.game
                .written
                .insert(u.id, OrderSpec::plain(OrderKind::Rest));
            return Some(v);
        }
        let i = v.units.iter().position(|u| u.side == side && u.hidden)?;
        let free = ctx
            .board
            .hexes()
            .into_iter()
            .find(|h| !state.units.iter().any(|u| u.hex == *h))?;
        v.units[i].hex = free;
        Some(v)
    }

    fn outcome(ctx: &SbaCtx, state: &SbaState) -> Option<Outcome> {
        let r = state.game.result?;
        let vp = &state.game.armies;
        Some(Outcome {
            winner: match r {
                GameResult::Winner(s) => Some(s),
                GameResult::Draw => None,
            },
            text: say!(
                "sba-outcome",
                result = result_words(r, &side_names(ctx)),
                vp0 = vp[0].victory_points,
                vp1 = vp[1].victory_points
            ),
        })
    }

    /// Victory points ahead of the enemy (SBA-BASE/VICTORY).
    /// `side`'s lead in victory points (SBA-BASE: each unit type's points,
    /// `units.ron`): the points scored so far, plus each unit still on the
    /// board worn down by casualties, as the share of its points its lost
    /// models are worth. An evaluation for the computer opponent; the
    /// victory condition itself counts whole units only.
    fn score(ctx: &SbaCtx, state: &SbaState, side: u8) -> f64 {
        let vp = |s: usize| f64::from(state.game.armies[s].victory_points);
        let worn = |s: usize| -> f64 {
            state
                .units
                .iter()
                .filter(|u| usize::from(u.side) == s)
                .filter_map(|u| {
                    let stats = ctx.tables.unit(&u.unit_type)?;
                    let full = f64::from(stats.models.max(u.models).max(1));
                    Some(f64::from(stats.victory_points) * (1.0 - f64::from(u.models) / full))
                })
                .sum()
        };
        let s = (side as usize).min(1);
        (vp(s) + worn(1 - s)) - (vp(1 - s) + worn(s))
    }

    fn report(ctx: &SbaCtx, state: &SbaState) -> String {
        let g = &state.game;
        let turns_played = if state.phase == SbaPhase::GameOver {
            g.turn
        } else {
            g.turn.saturating_sub(1)
        };
        let names = side_names(ctx);
        let mut out = format!("turns played: {turns_played}\n");
        for (s, name) in names.iter().enumerate() {
            let units = state.units.iter().filter(|u| u.side as usize == s).count();
            out.push_str(&format!(
                "{name}: {units} units left, {} victory points\n",
                g.armies[s].victory_points
            ));
        }
        out.push_str(&match g.result {
            Some(GameResult::Winner(s)) => format!("winner: {}", names[s as usize]),
            Some(GameResult::Draw) => "result: draw".to_string(),
            None => "result: battle not finished".to_string(),
        });
        out
    }

    fn log_visible(_ctx: &SbaCtx, state: &SbaState, viewer: Option<u8>, entry: &LogEntry) -> bool {
        view::log_visible(state, viewer, &entry.units)
    }
}

impl RulesHints for SamuraiBattles {
    /// A Samurai Battles command walks the army several times beyond its
    /// path searches (reaction fire, melee links, the order queue):
    /// measured at about eight work units' time per unit (`kassen bench
    /// --largest` and `kassen match` print the rate).
    fn opponent_command_work(_ctx: &SbaCtx, obs: &SbaState) -> u64 {
        crate::engine::work::HEAVY_COMMAND_PER_UNIT * (obs.units.len() + 1) as u64
    }
    fn unit_count(ctx: &Self::Ctx, obs: &Self::State, side: u8) -> usize {
        units_of(&Self::scene(ctx, obs, Some(side)), side)
    }
    /// Orders done with nothing written: every unit takes its default order
    /// (`default_orders.rs`).
    fn default_commands(ctx: &SbaCtx, state: &SbaState, side: u8) -> Vec<SbaCommand> {
        Self::pass_command(ctx, state, side).into_iter().collect()
    }

    /// One unit's orders at a time, with its default order as the
    /// baseline (`focus.rs`).
    fn opponent_focus(
        ctx: &SbaCtx,
        obs: &SbaState,
        side: u8,
    ) -> Option<crate::engine::core::Focus<SbaCommand>> {
        super::focus::planning_focus(ctx, obs, side)
    }

    fn check_invariants(ctx: &SbaCtx, state: &SbaState) -> Result<(), String> {
        let mut seen = std::collections::BTreeSet::new();
        for u in &state.units {
            let Some(stats) = ctx.tables.unit(&u.unit_type) else {
                return Err(format!("unit {} has unknown type {}", u.id, u.unit_type));
            };
            if !seen.insert(u.id) {
                return Err(format!("unit {} appears twice", u.id));
            }
            if u.side > 1 || !ctx.board.contains(u.hex) {
                return Err(format!("unit {} is off the board or on no side", u.id));
            }
            if u.models == 0
                || u.models
                    > stats
                        .models
                        .max(u.models.min(stats.models * MODELS_SANITY_MULTIPLE))
            {
                return Err(format!("unit {} has {} models", u.id, u.models));
            }
            if let Some(e) = u
                .engaged
                .iter()
                .find(|e| !state.units.iter().any(|x| x.id == **e))
            {
                return Err(format!(
                    "unit {} is engaged with unit {e}, which is gone",
                    u.id
                ));
            }
        }
        if state.units.windows(PAIR_WINDOW).any(|w| w[0].id >= w[1].id) {
            return Err("units are not sorted by id".into());
        }
        for side in 0..2u8 {
            let gs = state
                .units
                .iter()
                .filter(|u| {
                    u.side == side
                        && ctx
                            .tables
                            .unit(&u.unit_type)
                            .is_some_and(|s| s.general_staff)
                })
                .count();
            if gs > 1 {
                return Err(format!(
                    "side {side} has {gs} General Staff units (SBA-GS-1)"
                ));
            }
        }
        let mut hexes = std::collections::BTreeSet::new();
        for u in &state.units {
            if !hexes.insert((u.hex.x, u.hex.y)) {
                return Err(format!("two units share the hex of unit {}", u.id));
            }
        }
        Ok(())
    }

    fn illegal_examples(ctx: &SbaCtx, state: &SbaState) -> Vec<(String, SbaCommand)> {
        let mut out = vec![(
            "unknown unit".to_string(),
            SbaCommand::WriteOrder {
                side: 0,
                unit: u32::MAX,
                order: OrderSpec::plain(OrderKind::Defend),
            },
        )];
        match Self::to_act(ctx, state) {
            ToAct::Side(side) => {
                let other = 1 - side;
                out.push(("wrong side".into(), SbaCommand::EndPlanning { side: other }));
                out.push(("wrong phase".into(), SbaCommand::Step));
                if let Some(enemy) = state.units.iter().find(|u| u.side == other) {
                    out.push((
                        "enemy unit".into(),
                        SbaCommand::WriteOrder {
                            side,
                            unit: enemy.id,
                            order: OrderSpec::plain(OrderKind::Defend),
                        },
                    ));
                }
                if let Some(own) = state.units.iter().find(|u| u.side == side) {
                    out.push((
                        "destination off the board".into(),
                        SbaCommand::WriteOrder {
                            side,
                            unit: own.id,
                            order: OrderSpec::to_hex(OrderKind::March, OFF_BOARD_HEX),
                        },
                    ));
                    out.push((
                        "target unknown".into(),
                        SbaCommand::WriteOrder {
                            side,
                            unit: own.id,
                            order: OrderSpec::at_unit(OrderKind::Assault, u32::MAX),
                        },
                    ));
                }
            }
            ToAct::Rules | ToAct::Over => {
                out.push(("wrong phase".into(), SbaCommand::EndPlanning { side: 0 }));
            }
        }
        out
    }
}

impl RulesView for SamuraiBattles {
    fn hex_board(ctx: &SbaCtx) -> Option<&HexBoard> {
        Some(&ctx.board)
    }

    fn side_colors(ctx: &SbaCtx) -> [[f32; 3]; 2] {
        [0, 1].map(|i| {
            ctx.scenario
                .sides
                .get(i)
                .map_or(FALLBACK_SIDE_COLOR, |s| [s.color.0, s.color.1, s.color.2])
        })
    }

    fn scene(ctx: &SbaCtx, obs: &SbaState, viewer: Option<u8>) -> Scene {
        view::scene(ctx, obs, viewer)
    }

    fn unit_card(ctx: &SbaCtx, obs: &SbaState, unit: u32, viewer: Option<u8>) -> Vec<CardLine> {
        view::unit_card(ctx, obs, unit, viewer)
    }

    fn choices(ctx: &SbaCtx, state: &SbaState, side: u8, unit: u32) -> Vec<Choice> {
        view::choices(ctx, state, side, unit)
    }

    fn choose(
        ctx: &SbaCtx,
        state: &SbaState,
        side: u8,
        key: &str,
        pick: &Pick,
    ) -> Option<SbaCommand> {
        view::choose(ctx, state, side, key, pick)
    }

    fn pass_label(ctx: &SbaCtx, state: &SbaState, side: u8) -> String {
        let names = side_names(ctx);
        if state.game.planning_done[1 - side.min(1) as usize] {
            say!("sba-pass-execute")
        } else {
            say!("sba-pass-to", side = names[1 - side.min(1) as usize])
        }
    }

    fn move_path(ctx: &SbaCtx, state: &SbaState, cmd: &SbaCommand) -> Option<MovePath> {
        view::move_path(ctx, state, cmd)
    }

    fn odds(ctx: &SbaCtx, state: &SbaState, cmd: &SbaCommand) -> Option<Odds> {
        view::odds(ctx, state, cmd)
    }

    fn editor_palette(ctx: &SbaCtx) -> Option<crate::engine::editing::EditorPalette> {
        Some(super::editor::palette(ctx))
    }

    fn editor_template() -> Option<(String, String)> {
        super::editor::template()
    }

    fn rules_text(ctx: &SbaCtx) -> Vec<RuleText> {
        view::rules_text(ctx)
    }
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

/// The orders of an orders file for `side` this turn, each with a label for
/// warnings ("turn 1, unit 5"); orders for units not on the board are
/// skipped.
pub fn scripted(state: &SbaState, orders: &OrdersFile, side: u8) -> Vec<(String, SbaCommand)> {
    orders
        .orders
        .iter()
        .filter(|o| o.turn == state.game.turn)
        .filter(|o| {
            state
                .units
                .iter()
                .find(|u| u.id == o.unit)
                .is_some_and(|u| u.side == side)
        })
        .map(|o| {
            (
                format!("turn {}, unit {}", o.turn, o.unit),
                SbaCommand::WriteOrder {
                    side,
                    unit: o.unit,
                    order: o.order.clone(),
                },
            )
        })
        .collect()
}

#[cfg(test)]
#[path = "game_tests.rs"]
pub(crate) mod tests;
