//! RAN on the game core: [`Rules`] for [`Ran`].

use hexx::Hex;

use crate::engine::board::{Facing, HexBoard};
use crate::engine::briefing::Briefing;
use crate::engine::command::Refusal;
use crate::engine::core::{BoardKind, Outcome, Rules, RulesHints, RulesView, ScenarioInfo, ToAct};
use crate::engine::dice::{Dice, Die};
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::scenario::LoadError;
use crate::engine::view::units_of;
use crate::engine::view::{CardLine, Choice, MovePath, Odds, Pick, RuleText, Scene};

use super::data::RanTables;
use super::leaders::Factors;
use super::orders::{self, RanCommand};
use super::scenario::{self, RanScenario};
use super::state::{Phase, RanCtx, RanLeader, RanState, RanUnit, Segment};
use super::{default_play, sequence, terrain, view};

/// The TQ and MA of a unit whose type `units.ron` does not have: never
/// used, since the scenario check refuses an unknown type (RAN-GLO-1); it
/// only lets an unchecked state be built. Not a rule value.
const UNKNOWN_TYPE_FACTOR: i32 = 5;

/// The weight of the hits on the units (as a share of their TQ) against
/// the rout points in the computer opponent's score: a heuristic of its
/// play, not a rule.
const SCORE_HITS_WEIGHT: f64 = 0.05;

/// A unit id no scenario gives, for the illegal examples (a sentinel).
const UNKNOWN_ID: u32 = 9999;

/// A second unit id no scenario gives, for the illegal examples.
const OTHER_UNKNOWN_ID: u32 = 9998;

/// A hex coordinate far off any board, for the illegal examples.
const OFF_BOARD: i32 = 999;

/// A side's colour when the scenario has none for it (display only).
const NO_SIDE_COLOR: [f32; 3] = [0.5; 3];

/// The module's marker type.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ran;

impl Rules for Ran {
    const RULESET: &'static str = scenario::RULESET;
    const TITLE: &'static str = "RAN (Great Battles of History)";
    const BOARD: BoardKind = BoardKind::Hex;
    type Scenario = RanScenario;
    type Ctx = RanCtx;
    type State = RanState;
    type Command = RanCommand;
    type Orders = ();

    fn check_tables() -> Result<(), LoadError> {
        RanTables::load().map(|_| ())
    }

    fn parse_scenario(file: &str, text: &str) -> Result<RanScenario, LoadError> {
        let t = RanTables::load()?;
        scenario::parse(file, text, &t)
    }

    fn check_saved_scenario(file: &str, text: &str, s: &RanScenario) -> Result<(), LoadError> {
        let t = RanTables::load()?;
        scenario::check(file, text, s, &t)
    }

    fn context(s: &RanScenario) -> Result<RanCtx, LoadError> {
        let tables = RanTables::load()?;
        let board = scenario::build_board(s, &tables);
        let mut roads = Vec::new();
        for r in &s.roads {
            for w in r.windows(2) {
                roads.push((HexBoard::to_hex(w[0]), HexBoard::to_hex(w[1])));
            }
        }
        let mp_rows = RanCtx::read_rows(&tables, &s.battle);
        // A slope hexside is placed from its foot to its top (RAN-TER-2).
        let uphill = s
            .board
            .hexsides
            .iter()
            .filter(|h| terrain::is_slope(&h.feature))
            .map(|h| (HexBoard::to_hex(h.between.0), HexBoard::to_hex(h.between.1)))
            .collect();
        let road_row = tables.battle(&s.battle).and_then(|b| {
            b.rows
                .iter()
                .find(|r| terrain::plain_name(r).starts_with("Road"))
                .map(|r| (terrain::plain_name(r), r.terrain.contains("[n]")))
        });
        Ok(RanCtx {
            scenario: s.clone(),
            board,
            tables,
            roads,
            mp_rows,
            uphill,
            road_row,
        })
    }

    fn die(_ctx: &RanCtx) -> Die {
        super::dice::DIE
    }

    fn scenario(ctx: &RanCtx) -> &RanScenario {
        &ctx.scenario
    }

    fn scenario_seed(s: &RanScenario) -> Option<u64> {
        s.seed
    }

    fn describe(s: &RanScenario) -> ScenarioInfo {
        ScenarioInfo {
            name: s.name.clone(),
            sides: s.sides.iter().map(|x| x.name.clone()).collect(),
            units: s.units.len(),
            turn_limit: Some(s.turn_limit),
            briefing: Briefing::or_english(
                s.briefing.as_ref(),
                &s.description,
                &s.victory.description,
            ),
        }
    }

    fn new_state(ctx: &RanCtx, _dice: &Dice, log: &mut dyn LogSink) -> RanState {
        let s = &ctx.scenario;
        let side = |n: &str| s.sides.iter().position(|x| x.name == n).unwrap_or(0) as u8;
        let mut units: Vec<RanUnit> = s
            .units
            .iter()
            .map(|u| {
                let t = ctx.tables.unit_type(&u.unit_type);
                RanUnit {
                    id: u.id,
                    side: side(&u.side),
                    name: u.name.as_str().into(),
                    kind: u.unit_type.as_str().into(),
                    contingent: u.contingent,
                    hex: HexBoard::to_hex(u.at),
                    facing: u.facing,
                    tq: u
                        .tq
                        .unwrap_or_else(|| t.map_or(UNKNOWN_TYPE_FACTOR, |t| t.tq)),
                    ma: t.map_or(UNKNOWN_TYPE_FACTOR.unsigned_abs(), |t| t.ma),
                    hits: 0,
                    disordered: false,
                    committed: false,
                    fled: false,
                    eliminated: false,
                    mp_used: 0,
                    ordered: false,
                    moved: false,
                    fired: false,
                    shocked: false,
                    must_shock: false,
                }
            })
            .collect();
        units.sort_by_key(|u| u.id);
        let mut leaders: Vec<RanLeader> = s
            .leaders
            .iter()
            .map(|l| RanLeader {
                id: l.id,
                side: side(&l.side),
                name: l.name.as_str().into(),
                role: l.role,
                factors: Factors {
                    initiative: l.initiative,
                    momentum: l.momentum,
                    energy: l.energy,
                    combat: l.combat,
                    activation: l.activation,
                },
                wounds: 0,
                ic_hits: 0,
                dead: false,
                finished: false,
                momentum_used: 0,
                died_this_turn: false,
                contingent: l.contingent.unwrap_or(l.id),
                replacement: false,
                hex: HexBoard::to_hex(l.at),
                mp_used: 0,
                began_in_enemy_zoc: false,
                activated: false,
                ordered_withdrawal: false,
            })
            .collect();
        leaders.sort_by_key(|l| l.id);
        log.extend(
            1,
            &say!("ran-phase-setup"),
            [LogEntry::event(
                "RAN-SOP-1",
                vec![],
                say!("ran-battle-begins", scenario = s.name),
            )],
        );
        RanState {
            turn: 1,
            phase: Phase::Initiative,
            initiative: 0,
            passes: 0,
            units,
            leaders,
            abandoned: Vec::new(),
            last_shock: None,
            busho_movement: false,
            hara_kiri: Vec::new(),
            momentum_orders: false,
        }
    }

    fn to_act(_ctx: &RanCtx, state: &RanState) -> ToAct {
        match &state.phase {
            Phase::Over { .. } => ToAct::Over,
            Phase::Initiative | Phase::Recovery | Phase::Abandonment | Phase::Victory => {
                ToAct::Rules
            }
            _ => orders::side_to_act(state).map_or(ToAct::Over, ToAct::Side),
        }
    }

    fn turn(state: &RanState) -> u32 {
        state.turn
    }

    fn phase_name(_ctx: &RanCtx, state: &RanState) -> String {
        orders::phase_words(&state.phase)
    }

    fn legal_commands(ctx: &RanCtx, state: &RanState, side: u8) -> Vec<RanCommand> {
        if orders::side_to_act(state) != Some(side) {
            return Vec::new();
        }
        let mut out = default_play::candidates(ctx, state, side);
        out.retain(|c| {
            // Moves are built from the reachable hexes of units free to move.
            matches!(c, RanCommand::Move { .. }) || {
                let mut s = state.clone();
                let mut d = Dice::new(0);
                orders::apply(ctx, &mut s, c, &mut d, &mut Vec::new()).is_ok()
            }
        });
        out
    }

    fn pass_command(ctx: &RanCtx, state: &RanState, side: u8) -> Option<RanCommand> {
        orders::pass_command(ctx, state, side)
    }

    fn step_command(_ctx: &RanCtx, state: &RanState) -> Option<RanCommand> {
        matches!(
            state.phase,
            Phase::Initiative | Phase::Recovery | Phase::Abandonment | Phase::Victory
        )
        .then_some(RanCommand::Step)
    }

    fn apply(
        ctx: &RanCtx,
        state: &mut RanState,
        cmd: &RanCommand,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        if let Some(side) = orders::side_to_act(state)
            && matches!(cmd, RanCommand::Step)
        {
            return Err(Refusal::new(
                "RAN-SOP-3",
                say!("ran-refuse-side-must-decide", side = side),
            ));
        }
        let mut s = state.clone();
        let mut d = dice.clone();
        let mut out = Vec::new();
        // The phase in words only for a log that keeps it (the search's and
        // the benchmark's `NoLog` does not).
        let phase = if log.wants() {
            orders::phase_words(&s.phase)
        } else {
            String::new()
        };
        let turn = s.turn;
        orders::apply(ctx, &mut s, cmd, &mut d, &mut out)?;
        *state = s;
        *dice = d;
        log.extend(turn, &phase, out);
        Ok(())
    }

    fn observation(_ctx: &RanCtx, state: &RanState, _side: u8) -> RanState {
        // RAN has no hidden information: both sides see the whole board.
        state.clone()
    }

    fn outcome(ctx: &RanCtx, state: &RanState) -> Option<Outcome> {
        match &state.phase {
            // The state keeps the sentence in English; the player reads it
            // in his language.
            Phase::Over { winner, text } => Some(Outcome {
                winner: *winner,
                text: sequence::victory_text(ctx, state).map_or_else(|| text.clone(), |(_, t)| t),
            }),
            _ => None,
        }
    }

    fn score(ctx: &RanCtx, state: &RanState, side: u8) -> f64 {
        let lv = |s: u8| {
            f64::from(
                ctx.scenario
                    .withdrawal_level
                    .get(s as usize)
                    .copied()
                    .unwrap_or(1)
                    .max(1),
            )
        };
        let hits = |s: u8| -> f64 {
            state
                .units
                .iter()
                .filter(|u| u.side == s && u.active())
                .map(|u| f64::from(u.hits) / f64::from(u.tq.max(1)))
                .sum()
        };
        let other = 1 - side;
        f64::from(state.rout_points(other)) / lv(other)
            - f64::from(state.rout_points(side)) / lv(side)
            + SCORE_HITS_WEIGHT * (hits(other) - hits(side))
    }

    fn report(ctx: &RanCtx, state: &RanState) -> String {
        let mut s = format!(
            "{} — turn {}, {}\n",
            ctx.scenario.name,
            state.turn,
            orders::phase_words(&state.phase)
        );
        for side in 0..2u8 {
            let name = ctx
                .scenario
                .sides
                .get(side as usize)
                .map_or("?", |x| x.name.as_str());
            s.push_str(&format!(
                "{name}: {} of {} units fighting, rout points {} of {}\n",
                state
                    .units
                    .iter()
                    .filter(|u| u.side == side && u.active())
                    .count(),
                state.units.iter().filter(|u| u.side == side).count(),
                state.rout_points(side),
                ctx.scenario
                    .withdrawal_level
                    .get(side as usize)
                    .copied()
                    .unwrap_or(0)
            ));
        }
        if let Phase::Over { text, .. } = &state.phase {
            s.push_str(text);
            s.push('\n');
        }
        s
    }
}

impl RulesHints for Ran {
    fn unit_count(ctx: &Self::Ctx, obs: &Self::State, side: u8) -> usize {
        units_of(&Self::scene(ctx, obs, Some(side)), side)
    }
    fn default_commands(ctx: &RanCtx, state: &RanState, side: u8) -> Vec<RanCommand> {
        default_play::default_command(ctx, state, side)
            .into_iter()
            .collect()
    }

    fn opponent_focus(
        ctx: &RanCtx,
        obs: &RanState,
        side: u8,
    ) -> Option<crate::engine::core::Focus<RanCommand>> {
        default_play::focus(ctx, obs, side)
    }

    fn opponent_work(_ctx: &RanCtx, _obs: &RanState) -> Option<u64> {
        Some(default_play::OPPONENT_WORK)
    }

    fn check_invariants(_ctx: &RanCtx, state: &RanState) -> Result<(), String> {
        for u in &state.units {
            if u.hits as i32 > u.tq {
                return Err(format!(
                    "unit {} has {} hits over TQ {}",
                    u.id, u.hits, u.tq
                ));
            }
            if u.active()
                && state
                    .units
                    .iter()
                    .any(|o| o.id != u.id && o.present() && o.hex == u.hex)
            {
                return Err(format!("unit {} shares its hex", u.id));
            }
        }
        if state.units.windows(2).any(|w| w[0].id >= w[1].id) {
            return Err("units not sorted by id".into());
        }
        Ok(())
    }

    fn illegal_examples(ctx: &RanCtx, state: &RanState) -> Vec<(String, RanCommand)> {
        let mut v = vec![
            (
                "an unknown unit moves".to_string(),
                RanCommand::Move {
                    unit: UNKNOWN_ID,
                    to: Hex::ZERO,
                },
            ),
            (
                "a shock out of phase or by an unknown unit".to_string(),
                RanCommand::Shock {
                    attackers: vec![UNKNOWN_ID],
                    defender: OTHER_UNKNOWN_ID,
                    charge: false,
                },
            ),
        ];
        if let Some(u) = state.units.first() {
            v.push((
                "a move off the board".to_string(),
                RanCommand::Move {
                    unit: u.id,
                    to: Hex::new(OFF_BOARD, OFF_BOARD),
                },
            ));
        }
        if orders::side_to_act(state).is_some() {
            v.push((
                "a rules step while a side must decide".to_string(),
                RanCommand::Step,
            ));
        }
        let _ = ctx;
        v
    }
}

impl RulesView for Ran {
    fn hex_board(ctx: &RanCtx) -> Option<&HexBoard> {
        Some(&ctx.board)
    }
    /// A unit's or a leader's side (leaders roll for themselves: Momentum,
    /// Continuity, casualty checks).
    fn side_of(_ctx: &RanCtx, state: &RanState, id: u32) -> Option<u8> {
        let unit = state.units.iter().find(|u| u.id == id).map(|u| u.side);
        unit.or_else(|| state.leaders.iter().find(|l| l.id == id).map(|l| l.side))
    }

    fn side_colors(ctx: &RanCtx) -> [[f32; 3]; 2] {
        let c = |i: usize| {
            ctx.scenario
                .sides
                .get(i)
                .map_or(NO_SIDE_COLOR, |s| [s.color.0, s.color.1, s.color.2])
        };
        [c(0), c(1)]
    }

    fn scene(ctx: &RanCtx, obs: &RanState, _viewer: Option<u8>) -> Scene {
        view::scene(ctx, obs)
    }

    fn unit_card(ctx: &RanCtx, obs: &RanState, unit: u32, _viewer: Option<u8>) -> Vec<CardLine> {
        view::unit_card(ctx, obs, unit)
    }

    fn choices(ctx: &RanCtx, state: &RanState, side: u8, unit: u32) -> Vec<Choice> {
        view::choices(ctx, state, side, unit)
    }

    fn side_choices(ctx: &RanCtx, state: &RanState, side: u8) -> Vec<Choice> {
        view::side_choices(ctx, state, side)
    }

    fn choose(
        ctx: &RanCtx,
        state: &RanState,
        side: u8,
        key: &str,
        pick: &Pick,
    ) -> Option<RanCommand> {
        view::choose(ctx, state, side, key, pick)
    }

    fn pass_label(_ctx: &RanCtx, state: &RanState, _side: u8) -> String {
        match &state.phase {
            Phase::Select { .. } => say!("ran-pass-select"),
            Phase::Orders {
                segment: Segment::MoveFire,
                ..
            } => say!("ran-pass-move-fire"),
            Phase::Orders {
                segment: Segment::Shock,
                ..
            } => say!("ran-pass-shock"),
            Phase::Reaction { .. } => say!("ran-pass-reaction"),
            Phase::Challenge { .. } => say!("ran-pass-challenge"),
            Phase::Momentum { .. } => say!("ran-pass-momentum"),
            Phase::MomentumGained { .. } => say!("ran-pass-momentum-gained"),
            Phase::Continuity { .. } => say!("ran-pass-continuity"),
            Phase::Trump { .. } => say!("ran-pass-trump"),
            _ => say!("ran-pass-end-phase"),
        }
    }

    fn move_path(ctx: &RanCtx, state: &RanState, cmd: &RanCommand) -> Option<MovePath> {
        view::move_path(ctx, state, cmd)
    }

    fn odds(ctx: &RanCtx, state: &RanState, cmd: &RanCommand) -> Option<Odds> {
        super::odds::odds(ctx, state, cmd)
    }

    fn editor_palette(ctx: &RanCtx) -> Option<crate::engine::editing::EditorPalette> {
        Some(super::editor::palette(ctx))
    }

    fn editor_template() -> Option<(String, String)> {
        super::editor::template()
    }

    fn rules_text(ctx: &RanCtx) -> Vec<RuleText> {
        crate::engine::view::rules_reference(&ctx.tables.rules, &ctx.tables.rules_es)
    }
}

/// The hexes next to `h`, clockwise from North.
pub fn around(h: Hex) -> [(Facing, Hex); 6] {
    Facing::ALL.map(|f| (f, h.neighbor(f.edge_direction())))
}
