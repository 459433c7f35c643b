//! The WarStrike turn engine on the open table: [`WsBattle`] driven by
//! [`WsCommand`]s (WS-BASE turn structure, WS-SUP-3, WS-CLR-*, WS-GLO-1).
//!
//! Each turn both players take a player turn, side 0 first. A player turn:
//! 1. Starting phase (automatic): every unit of the active side ends its
//!    Get Down! bonus and, if unsuppressed, removes 1 nerve marker
//!    (WS-CLR-3); then objectives are captured ([stand-in] an unsuppressed
//!    unit within 3″ with no unsuppressed enemy within 3″, WS-SUP-3 (2)).
//! 2. Action phase (the active side decides): one action per unit
//!    ([`WsOrder`]); a suppressed unit that was not ordered falls back when
//!    the phase ends (WS-SUP-3 (1), WS-CLR-4).
//! 3. Reaction phase (automatic): each suppressed unit of the opponent takes
//!    its Ld test to clear suppression (WS-CLR-1).
//! 4. Close-combat phase (automatic): every pair of enemy units in base
//!    contact fights ([`super::close_combat::fight`]); failed tests give
//!    WS-CLR-5 relief, then the fall-back move.
//!
//! All distances, arcs, contacts, lines of sight and moves are measured with
//! [`crate::engine::table`], in inches. Stand-ins of this file (also listed in
//! the module doc): objective capture within 3″; a unit in base contact with
//! an enemy is engaged and may only fall back; a fall back moves up to Mv
//! straight toward the own table edge, stopping 0.25″ short of other units
//! and keeping its facing; a charge is Advance! or At The Double! ending in
//! base contact and its fight comes in the close-combat phase; the active
//! side's unit is the charger of every fight (the opponent's if only the
//! active one is suppressed); two suppressed units in contact each test to
//! keep fighting and strike no blows; shooting needs the 90° forward arc and
//! a line of sight from the front edge to any of the target's corners or
//! centre; a unit loses ranks from the back, its front edge staying put; the
//! victory conditions (objectives held after the last turn, a side with no
//! models left loses at once).

use std::collections::BTreeMap;

use bevy::prelude::{Resource, Vec2};
use serde::{Deserialize, Serialize};

use crate::engine::board::BoardEdge;
use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::odds::binomial;
use crate::engine::table::{
    AreaEffect, Base, Blocked, CONTACT, Eye, Footprint, MODEL_HEIGHT, MoveError, Obstacle, Table,
    TablePos, bearing_of, bearing_vector,
};
use crate::engine::table_scenario::{TableCatalog, TableScenario};

use super::actions::{Going, WsAction, check_action, may_capture_objective, take_action};
use super::clearing::{
    clear_by_winning_fight, reaction_phase_test, relief_on_enemy_break, starting_phase,
};
use super::close_combat::{Combatant, fight, keep_fighting_test};
use super::data::WsTables;
use super::leadership::{InspiringOfficer, pass_probability, tested_nv_itemized};
use super::shooting::{
    FireKind, FireRequest, SalvoRecord, check_fire, d6_at_least, open_fire, save_needed,
};
use super::unit::WsUnitState;

/// Turn limit when the scenario gives none [stand-in].
pub const DEFAULT_TURN_LIMIT: u32 = 6;

/// Gap in inches a fall-back move leaves before another unit [stand-in].
const FALL_BACK_GAP: f32 = 0.25;

/// One objective marker of a scenario: a name and a point `(x, y)` in inches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsObjectiveSpec {
    /// Display name ("Laan's Bridge").
    pub name: String,
    /// The marker's centre, inches.
    pub at: (f32, f32),
}

/// The WarStrike `setup` block of a scenario: the objectives.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsSetup {
    /// Objective markers; each must lie on the table.
    #[serde(default)]
    pub objectives: Vec<WsObjectiveSpec>,
}

/// A WarStrike scenario.
pub type WsScenario = TableScenario<WsSetup>;

impl TableCatalog for WsTables {
    fn ruleset(&self) -> &str {
        super::RULESET
    }

    fn unit_type_models(&self, unit_type: &str) -> Option<u32> {
        self.unit(unit_type).map(|u| u.models)
    }

    /// `models` standing `per_rank` wide (default: the type's
    /// `models_per_rank`), each on the type's model base; 1″ × 1″ for an
    /// unknown type.
    fn footprint(&self, unit_type: &str, models: u32, per_rank: Option<u32>) -> Footprint {
        match self.unit(unit_type) {
            Some(u) => Footprint::from_models(
                models,
                per_rank.unwrap_or(u.footprint.models_per_rank),
                u.footprint.frontage as f32,
                u.footprint.depth as f32,
            ),
            None => Footprint {
                frontage: 1.0,
                depth: 1.0,
            },
        }
    }
}

/// The phases of a player turn (WS-BASE).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WsPhase {
    /// Markers off, objectives captured (automatic).
    Starting,
    /// The active side gives one action per unit.
    Action,
    /// The opponent's suppressed units test (automatic).
    Reaction,
    /// Fights in base contact (automatic).
    CloseCombat,
}

impl WsPhase {
    /// The phase in the game's words.
    pub fn name(self) -> &'static str {
        match self {
            WsPhase::Starting => "Starting phase",
            WsPhase::Action => "Action phase",
            WsPhase::Reaction => "Reaction phase",
            WsPhase::CloseCombat => "Close-combat phase",
        }
    }
}

/// An objective in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WsObjective {
    /// Display name.
    pub name: String,
    /// Centre, inches.
    pub at: (f32, f32),
    /// The side that captured it last (0 or 1), if any.
    pub held_by: Option<u8>,
}

impl WsObjective {
    /// The marker as a tiny base, for edge-to-edge measurement.
    pub fn base(&self) -> Base {
        Base::new(
            TablePos {
                x: self.at.0,
                y: self.at.1,
                facing: 0.0,
            },
            Footprint {
                frontage: 0.02,
                depth: 0.02,
            },
        )
    }
}

/// How the battle ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WsResult {
    /// The winning side, or `None` for a draw.
    pub winner: Option<u8>,
    /// The rule and what happened, in words.
    pub reason: String,
}

/// One unit on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WsUnit {
    /// Unit id.
    pub id: u32,
    /// Side index 0 or 1.
    pub side: u8,
    /// Display name.
    pub name: String,
    /// Unit type key in `units.ron`.
    pub unit_type: String,
    /// Centre and facing, inches and compass degrees.
    pub pos: TablePos,
    /// Base size from the models left and `per_rank`, inches.
    pub footprint: Footprint,
    /// Models per rank.
    pub per_rank: u32,
    /// Rule state: models (0 = destroyed), hit-die, nerve markers, Get Down!.
    pub state: WsUnitState,
    /// Took its action in the current action phase.
    pub acted: bool,
}

impl WsUnit {
    /// Its base on the table.
    pub fn base(&self) -> Base {
        Base::new(self.pos, self.footprint)
    }

    /// Models left.
    pub fn models(&self) -> u32 {
        self.state.models
    }

    /// Whether it has models left.
    pub fn alive(&self) -> bool {
        !self.state.destroyed()
    }
}

/// What a unit does in the action phase (WS-BASE). Paths are the centres
/// (inches) to move through; `facing` the final compass bearing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WsOrder {
    /// Open Fire!: no move, one salvo at `target`.
    OpenFire {
        /// Target unit id.
        target: u32,
    },
    /// Advance!: up to Mv, optionally one salvo before (`fire_first`) or
    /// after moving; with `charge` the move must end in base contact with
    /// that enemy (and no fire).
    Advance {
        /// Centres to move through, inches.
        path: Vec<(f32, f32)>,
        /// Final facing, degrees.
        facing: f32,
        /// Target of the salvo, if any.
        fire_at: Option<u32>,
        /// Fire before moving instead of after.
        fire_first: bool,
        /// Enemy unit charged.
        charge: Option<u32>,
    },
    /// At The Double!: up to 2 × Mv, never through difficult going, no fire.
    AtTheDouble {
        /// Centres to move through, inches.
        path: Vec<(f32, f32)>,
        /// Final facing, degrees.
        facing: f32,
        /// Enemy unit charged.
        charge: Option<u32>,
    },
    /// Get Down!: no move, no fire, +1 save, −1 nerve marker (WS-CLR-4).
    GetDown,
    /// Fall back: up to Mv straight toward the own table edge (WS-SUP-3 (1), WS-CLR-4).
    FallBack,
}

impl WsOrder {
    /// The rule-layer action.
    pub fn action(&self) -> WsAction {
        match self {
            WsOrder::OpenFire { .. } => WsAction::OpenFire,
            WsOrder::Advance { .. } => WsAction::Advance,
            WsOrder::AtTheDouble { .. } => WsAction::AtTheDouble,
            WsOrder::GetDown => WsAction::GetDown,
            WsOrder::FallBack => WsAction::FallBack,
        }
    }

    fn fire_target(&self) -> Option<u32> {
        match self {
            WsOrder::OpenFire { target } => Some(*target),
            WsOrder::Advance { fire_at, .. } => *fire_at,
            _ => None,
        }
    }

    fn charge(&self) -> Option<u32> {
        match self {
            WsOrder::Advance { charge, .. } | WsOrder::AtTheDouble { charge, .. } => *charge,
            _ => None,
        }
    }
}

/// A player's decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WsCommand {
    /// One unit's action in the action phase.
    Act {
        /// The acting unit.
        unit: u32,
        /// What it does.
        action: WsOrder,
    },
    /// The side is done giving actions: the automatic steps run until the
    /// next decision or the end of the battle.
    EndPhase {
        /// The deciding side.
        side: u8,
    },
}

/// A checked action, ready to carry out.
struct Plan {
    idx: usize,
    action: WsAction,
    dest: Option<(Vec<Vec2>, f32)>,
    fire: Option<u32>,
    fire_first: bool,
    charge: Option<u32>,
}

/// The whole battle: plain and serializable.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WsBattle {
    /// Turn, from 1.
    pub turn: u32,
    /// The last turn.
    pub turn_limit: u32,
    /// The side whose player turn it is.
    pub active: u8,
    /// The current phase (always the action phase while awaiting a decision).
    pub phase: WsPhase,
    /// Side names.
    pub sides: [String; 2],
    /// Each side's own table edge (fall backs go there).
    pub edges: [BoardEdge; 2],
    /// Units by id; destroyed units stay with 0 models.
    pub units: Vec<WsUnit>,
    /// Objectives.
    pub objectives: Vec<WsObjective>,
    /// Charges made this player turn: (charger, target).
    pub charges: Vec<(u32, u32)>,
    /// Log entries of the first starting phase, written with the first command.
    pub pending_log: Vec<LogEntry>,
    /// Set when the battle is over.
    pub result: Option<WsResult>,
}

fn refuse(reason: impl Into<String>) -> Refusal {
    Refusal::new("WS-BASE", reason)
}

fn two_mut<T>(v: &mut [T], i: usize, j: usize) -> (&mut T, &mut T) {
    if i < j {
        let (a, b) = v.split_at_mut(j);
        (&mut a[i], &mut b[0])
    } else {
        let (a, b) = v.split_at_mut(i);
        (&mut b[0], &mut a[j])
    }
}

fn finite(p: (f32, f32)) -> bool {
    p.0.is_finite() && p.1.is_finite()
}

impl WsBattle {
    /// A new battle from a validated scenario: units by id, turn 1, side 0's
    /// action phase (its first starting phase is run here and logged with
    /// the first command).
    pub fn new(scenario: &WsScenario, tables: &WsTables) -> Self {
        let mut units: Vec<WsUnit> = scenario
            .units
            .iter()
            .filter_map(|u| {
                let stats = tables.unit(&u.unit_type)?;
                let side = scenario.side_index(&u.side)?;
                let mut state = WsUnitState::from_stats(u.id, stats);
                if let Some(m) = u.models {
                    state.models = m.min(stats.models);
                }
                if let Some(name) = &u.name {
                    state.name = name.clone();
                }
                let base = scenario.base_of(u, tables);
                Some(WsUnit {
                    id: u.id,
                    side,
                    name: state.name.clone(),
                    unit_type: u.unit_type.clone(),
                    pos: TablePos {
                        x: u.at.0,
                        y: u.at.1,
                        facing: u.facing,
                    },
                    footprint: Footprint {
                        frontage: base.frontage,
                        depth: base.depth,
                    },
                    per_rank: u.per_rank.unwrap_or(stats.footprint.models_per_rank),
                    state,
                    acted: false,
                })
            })
            .collect();
        units.sort_by_key(|u| u.id);
        let side = |i: usize| scenario.sides.get(i);
        let mut b = WsBattle {
            turn: 1,
            turn_limit: scenario.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT).max(1),
            active: 0,
            phase: WsPhase::Starting,
            sides: [0, 1].map(|i| side(i).map(|s| s.name.clone()).unwrap_or_default()),
            edges: [
                side(0).map_or(BoardEdge::South, |s| s.edge),
                side(1).map_or(BoardEdge::North, |s| s.edge),
            ],
            units,
            objectives: scenario
                .setup
                .objectives
                .iter()
                .map(|o| WsObjective {
                    name: o.name.clone(),
                    at: o.at,
                    held_by: None,
                })
                .collect(),
            charges: Vec::new(),
            pending_log: Vec::new(),
            result: None,
        };
        b.pending_log = b.starting_phase_steps(tables);
        b.phase = WsPhase::Action;
        b
    }

    /// The side that must decide now, or `None` when the battle is over.
    pub fn awaiting(&self) -> Option<u8> {
        self.result.is_none().then_some(self.active)
    }

    /// "Turn 3 · Action phase · Laans".
    pub fn phase_name(&self, side_names: &[String; 2]) -> String {
        format!(
            "Turn {} · {} · {}",
            self.turn,
            self.phase.name(),
            side_names[usize::from(self.active.min(1))]
        )
    }

    /// Index of unit `id`.
    pub fn index(&self, id: u32) -> Option<usize> {
        self.units.iter().position(|u| u.id == id)
    }

    /// The unit with id `id`.
    pub fn unit(&self, id: u32) -> Option<&WsUnit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// The bases of every living unit except `idx`, with their ids.
    fn others(&self, idx: usize) -> (Vec<Base>, Vec<u32>) {
        self.units
            .iter()
            .enumerate()
            .filter(|(i, u)| *i != idx && u.alive())
            .map(|(_, u)| (u.base(), u.id))
            .unzip()
    }

    /// Whether the unit is in base contact with a living enemy (engaged
    /// [stand-in]).
    pub fn engaged(&self, idx: usize) -> bool {
        let u = &self.units[idx];
        let b = u.base();
        self.units
            .iter()
            .any(|o| o.side != u.side && o.alive() && b.in_contact(&o.base()))
    }

    /// The best Inspiring Officer within reach of unit `idx` (WS-SPC-1).
    fn inspiring_for(&self, idx: usize, tables: &WsTables) -> Option<InspiringOfficer> {
        let u = &self.units[idx];
        let b = u.base();
        let mut best: Option<InspiringOfficer> = None;
        for o in self
            .units
            .iter()
            .filter(|o| o.side == u.side && o.id != u.id && o.alive())
        {
            let d = f64::from(b.distance_to(&o.base()));
            if let Some(i) = InspiringOfficer::within(&o.state, d, tables.constants.inspiring_range)
                && best.is_none_or(|x| i.current_nv > x.current_nv)
            {
                best = Some(i);
            }
        }
        best
    }

    /// The direction of side `side`'s own table edge.
    fn home(&self, side: u8) -> f32 {
        match self.edges[usize::from(side.min(1))] {
            BoardEdge::South => 180.0,
            BoardEdge::North => 0.0,
            BoardEdge::West => 270.0,
            BoardEdge::East => 90.0,
        }
    }

    /// Where unit `idx` ends a fall back: up to Mv straight toward its own
    /// table edge, keeping its facing, stopping short of other units, the
    /// table edge and impassable ground; `None` if it cannot move at all
    /// [stand-in].
    fn fall_back_destination(&self, idx: usize, table: &Table) -> Option<TablePos> {
        let u = &self.units[idx];
        let base = u.base();
        let bearing = self.home(u.side);
        let dir = bearing_vector(bearing);
        let mv = u.state.mv as f32;
        let (others, _) = self.others(idx);
        let moving = base.at(base.center, bearing);
        let mut limit = mv;
        for o in &others {
            if moving.distance_to(o) <= CONTACT && dir.dot(o.center - base.center) <= 0.0 {
                continue;
            }
            if let Some(t) = moving.travel_until_contact(dir, mv, o) {
                limit = limit.min(t - FALL_BACK_GAP);
            }
        }
        let mut d = limit;
        while d >= 0.1 {
            let dest = base.center + dir * d;
            if table
                .check_move(&base, &[dest], base.facing, mv, false, &others, &[])
                .is_ok()
            {
                return Some(TablePos {
                    x: dest.x,
                    y: dest.y,
                    facing: base.facing,
                });
            }
            d -= 0.25;
        }
        None
    }

    /// Checks a salvo of unit `idx` standing on `from` at `target`: an enemy
    /// in play, weapon range and Awareness edge to edge (WS-BASE via
    /// [`check_fire`], WS-SUP-3), the 90° forward arc and a line of sight
    /// past terrain and other units. Returns the distance in inches.
    fn check_shot(
        &self,
        idx: usize,
        from: &Base,
        target: u32,
        table: &Table,
    ) -> Result<f32, Refusal> {
        let u = &self.units[idx];
        let Some(t) = self.unit(target) else {
            return Err(refuse(format!("there is no unit {target}")));
        };
        if t.side == u.side {
            return Err(refuse(format!("{} is not an enemy unit", t.name)));
        }
        let tb = t.base();
        let distance = from.distance_to(&tb);
        check_fire(
            &SalvoRecord::new(),
            &u.state,
            &t.state,
            FireRequest {
                distance: f64::from(distance),
                snap_fire: false,
                kind: FireKind::Action,
            },
        )?;
        if !from.in_forward_arc(&tb) {
            return Err(refuse(format!(
                "{} is not in {}'s 90° forward arc [stand-in]",
                t.name, u.name
            )));
        }
        let obstacles: Vec<Obstacle> = self
            .units
            .iter()
            .filter(|o| o.alive() && o.id != u.id && o.id != t.id)
            .map(|o| Obstacle {
                base: o.base(),
                height: MODEL_HEIGHT,
            })
            .collect();
        let [fl, fr, ..] = from.corners();
        let eyes = [from.front_center(), fl, fr];
        let mut targets: Vec<Vec2> = vec![tb.center];
        targets.extend(tb.corners());
        let mut blocked = None;
        for e in eyes {
            for p in &targets {
                match table.line_of_sight(
                    Eye {
                        at: e,
                        height: MODEL_HEIGHT,
                    },
                    Eye {
                        at: *p,
                        height: MODEL_HEIGHT,
                    },
                    &obstacles,
                ) {
                    Ok(()) => return Ok(distance),
                    Err(b) => blocked = Some(b),
                }
            }
        }
        let by = match blocked {
            Some(Blocked::Terrain(name)) => format!("\"{name}\""),
            Some(Blocked::Unit(i)) => obstacles
                .get(i)
                .and_then(|o| {
                    self.units
                        .iter()
                        .find(|u| u.alive() && u.base() == o.base)
                        .map(|u| u.name.clone())
                })
                .unwrap_or_else(|| "a unit".into()),
            None => "something".into(),
        };
        Err(refuse(format!(
            "{} has no line of sight to {}: blocked by {by}",
            u.name, t.name
        )))
    }

    fn move_refusal(&self, e: MoveError, ids: &[u32]) -> Refusal {
        refuse(match e {
            MoveError::TooFar(cost, allowed) => {
                format!(
                    "the move costs {cost:.1}″ (difficult going counts double) but only {allowed:.1}″ are allowed"
                )
            }
            MoveError::OffTable => "the unit would leave the table".into(),
            MoveError::Impassable(name) => format!("the unit may not enter \"{name}\""),
            MoveError::Unit(i, at) => {
                let name = ids
                    .get(i)
                    .and_then(|id| self.unit(*id))
                    .map_or_else(|| "another unit".to_string(), |u| u.name.clone());
                format!("the move touches {name} after {at:.1}″")
            }
        })
    }

    /// Validates an action without changing anything.
    fn plan_act(&self, unit: u32, order: &WsOrder, table: &Table) -> Result<Plan, Refusal> {
        if self.result.is_some() {
            return Err(refuse("the battle is over"));
        }
        let Some(idx) = self.index(unit) else {
            return Err(refuse(format!("there is no unit {unit}")));
        };
        let u = &self.units[idx];
        if !u.alive() {
            return Err(refuse(format!("{} has no models left", u.name)));
        }
        if u.side != self.active || self.phase != WsPhase::Action {
            return Err(refuse(format!(
                "{} may act only in its own side's action phase",
                u.name
            )));
        }
        if u.acted {
            return Err(refuse(format!(
                "{} has already taken its action this phase",
                u.name
            )));
        }
        let action = order.action();
        check_action(&u.state, action, Going::Open)?;
        if action != WsAction::FallBack && self.engaged(idx) {
            return Err(refuse(format!(
                "{} is engaged in close combat: it fights in the close-combat phase and may only fall back [stand-in]",
                u.name
            )));
        }
        let base = u.base();
        let mut plan = Plan {
            idx,
            action,
            dest: None,
            fire: order.fire_target(),
            fire_first: matches!(
                order,
                WsOrder::Advance {
                    fire_first: true,
                    ..
                }
            ),
            charge: order.charge(),
        };
        if plan.charge.is_some() && plan.fire.is_some() {
            return Err(refuse("a charging unit does not fire [stand-in]"));
        }
        match order {
            WsOrder::Advance { path, facing, .. } | WsOrder::AtTheDouble { path, facing, .. } => {
                if !path.iter().all(|p| finite(*p)) || !facing.is_finite() {
                    return Err(refuse("the path is not a list of numbers"));
                }
                let waypoints: Vec<Vec2> = path.iter().map(|p| Vec2::new(p.0, p.1)).collect();
                let (others, ids) = self.others(idx);
                let mut may_touch = Vec::new();
                if let Some(t) = plan.charge {
                    let Some(target) = self.unit(t).filter(|t| t.alive()) else {
                        return Err(refuse(format!("there is no unit {t} in play to charge")));
                    };
                    if target.side == u.side {
                        return Err(refuse(format!("{} is not an enemy unit", target.name)));
                    }
                    may_touch.extend(ids.iter().position(|i| *i == t));
                }
                if action == WsAction::AtTheDouble {
                    let mut here = base.center;
                    let mut difficult = false;
                    for w in &waypoints {
                        let c = table.segment_cost(here, *w, false);
                        difficult |= c.cost > c.length + 1e-3;
                        here = *w;
                    }
                    let end = base.at(here, *facing);
                    difficult |= !table.areas_under(&end, AreaEffect::Difficult).is_empty()
                        || !table.areas_under(&base, AreaEffect::Difficult).is_empty();
                    if difficult {
                        check_action(&u.state, action, Going::Difficult)?;
                    }
                }
                let allowance = match action {
                    WsAction::AtTheDouble => 2.0 * u.state.mv,
                    _ => u.state.mv,
                } as f32;
                table
                    .check_move(
                        &base, &waypoints, *facing, allowance, false, &others, &may_touch,
                    )
                    .map_err(|e| self.move_refusal(e, &ids))?;
                let end = base.at(waypoints.last().copied().unwrap_or(base.center), *facing);
                if let Some(t) = plan.charge.and_then(|t| self.unit(t))
                    && !end.in_contact(&t.base())
                {
                    return Err(refuse(format!(
                        "a charge must end in base contact with {}",
                        t.name
                    )));
                }
                if let Some(t) = plan.fire {
                    let from = if plan.fire_first { base } else { end };
                    self.check_shot(idx, &from, t, table)?;
                }
                plan.dest = Some((waypoints, *facing));
            }
            WsOrder::OpenFire { target } => {
                self.check_shot(idx, &base, *target, table)?;
            }
            WsOrder::GetDown => {}
            WsOrder::FallBack => {
                plan.dest = self
                    .fall_back_destination(idx, table)
                    .map(|p| (vec![Vec2::new(p.x, p.y)], p.facing));
            }
        }
        Ok(plan)
    }

    /// Sets a unit's footprint from its models left, its front edge staying
    /// where it was [stand-in].
    fn refit(&mut self, idx: usize, tables: &WsTables) {
        let u = &mut self.units[idx];
        if !u.alive() {
            return;
        }
        let fp = tables.footprint(&u.unit_type, u.state.models, Some(u.per_rank));
        if fp == u.footprint {
            return;
        }
        let base = u.base();
        let c = base.front_center() - base.forward() * fp.depth / 2.0;
        u.pos.x = c.x;
        u.pos.y = c.y;
        u.footprint = fp;
    }

    /// One salvo of `idx` at `target` (WS-GLO-1): the shooting procedure of
    /// [`open_fire`].
    fn resolve_fire(
        &mut self,
        idx: usize,
        target: u32,
        dice: &mut Dice,
        tables: &WsTables,
        out: &mut Vec<LogEntry>,
    ) {
        let Some(ti) = self.index(target) else {
            return;
        };
        let shooter = self.units[idx].state.clone();
        let distance = self.units[idx].base().distance_to(&self.units[ti].base());
        let mut e = LogEntry::event(
            "WS-GLO-1",
            vec![shooter.id, target],
            format!(
                "{} fires one salvo at {}: {distance:.1}″ edge to edge, in the forward arc and in sight",
                shooter.name, self.units[ti].name
            ),
        );
        e.outcome = "salvo".into();
        out.push(e);
        let mut rec = SalvoRecord::new();
        match open_fire(
            dice,
            &mut rec,
            &shooter,
            &mut self.units[ti].state,
            FireRequest {
                distance: f64::from(distance),
                snap_fire: false,
                kind: FireKind::Action,
            },
            &tables.constants,
        ) {
            Ok(r) => out.extend(r.log),
            Err(r) => out.push(LogEntry::event(&r.rule, vec![shooter.id], r.reason)),
        }
        self.refit(ti, tables);
    }

    fn move_unit(&mut self, idx: usize, path: &[Vec2], facing: f32, out: &mut Vec<LogEntry>) {
        let u = &mut self.units[idx];
        let mut here = Vec2::new(u.pos.x, u.pos.y);
        let mut length = 0.0;
        for p in path {
            length += here.distance(*p);
            here = *p;
        }
        u.pos = TablePos {
            x: here.x,
            y: here.y,
            facing,
        };
        let mut e = LogEntry::event(
            "WS-BASE",
            vec![u.id],
            format!(
                "{} moves {length:.1}″ to ({:.1}, {:.1}), facing {facing:.0}°",
                u.name, here.x, here.y
            ),
        );
        e.outcome = "moved".into();
        out.push(e);
    }

    fn execute(&mut self, plan: Plan, dice: &mut Dice, tables: &WsTables) -> Vec<LogEntry> {
        let mut out = Vec::new();
        let idx = plan.idx;
        match take_action(
            &mut self.units[idx].state,
            plan.action,
            Going::Open,
            tables.constants.get_down_save_bonus,
        ) {
            Ok(a) => out.extend(a.log),
            Err(r) => {
                out.push(LogEntry::event(&r.rule, vec![self.units[idx].id], r.reason));
                return out;
            }
        }
        self.units[idx].acted = true;
        if plan.fire_first
            && let Some(t) = plan.fire
        {
            self.resolve_fire(idx, t, dice, tables, &mut out);
        }
        match &plan.dest {
            Some((path, facing)) => self.move_unit(idx, path, *facing, &mut out),
            None if plan.action == WsAction::FallBack => {
                let mut e = LogEntry::event(
                    "WS-BASE",
                    vec![self.units[idx].id],
                    format!(
                        "{} has no room to fall back and stays [stand-in]",
                        self.units[idx].name
                    ),
                );
                e.outcome = "stays".into();
                out.push(e);
            }
            None => {}
        }
        if let Some(t) = plan.charge {
            let mut e = LogEntry::event(
                "WS-BASE",
                vec![self.units[idx].id, t],
                format!(
                    "{} charges into base contact; the fight comes in the close-combat phase [stand-in]",
                    self.units[idx].name
                ),
            );
            e.outcome = "charge".into();
            out.push(e);
            self.charges.push((self.units[idx].id, t));
        }
        if !plan.fire_first
            && let Some(t) = plan.fire
        {
            self.resolve_fire(idx, t, dice, tables, &mut out);
        }
        out
    }

    /// Ends the battle at once if a side has no models left [stand-in].
    fn check_destroyed(&mut self) -> Vec<LogEntry> {
        if self.result.is_some() {
            return Vec::new();
        }
        let alive = |s: u8| self.units.iter().any(|u| u.side == s && u.alive());
        let (a, b) = (alive(0), alive(1));
        let (winner, reason) = match (a, b) {
            (true, true) => return Vec::new(),
            (false, false) => (
                None,
                "both sides have no models left: a draw [stand-in]".to_string(),
            ),
            (true, false) => (
                Some(0),
                format!(
                    "{} have no models left and lose at once [stand-in]",
                    self.sides[1]
                ),
            ),
            (false, true) => (
                Some(1),
                format!(
                    "{} have no models left and lose at once [stand-in]",
                    self.sides[0]
                ),
            ),
        };
        self.finish(winner, reason)
    }

    fn finish(&mut self, winner: Option<u8>, reason: String) -> Vec<LogEntry> {
        let mut e = LogEntry::event("WS-BASE", Vec::new(), reason.clone());
        e.outcome = match winner {
            Some(s) => format!("{} win", self.sides[usize::from(s)]),
            None => "draw".into(),
        };
        self.result = Some(WsResult { winner, reason });
        vec![e]
    }

    /// The active side's starting phase: WS-CLR-3 for each unit, then
    /// objective captures ([stand-in], WS-SUP-3 (2)).
    fn starting_phase_steps(&mut self, tables: &WsTables) -> Vec<LogEntry> {
        let reach = tables.constants.capture_range as f32;
        let side = self.active;
        let mut out = Vec::new();
        for u in self
            .units
            .iter_mut()
            .filter(|u| u.side == side && u.alive())
        {
            u.acted = false;
            out.extend(starting_phase(&mut u.state));
        }
        for oi in 0..self.objectives.len() {
            let ob = self.objectives[oi].base();
            let near: Vec<&WsUnit> = self
                .units
                .iter()
                .filter(|u| u.alive() && u.base().within(&ob, reach))
                .collect();
            let own_free: Vec<&WsUnit> = near
                .iter()
                .copied()
                .filter(|u| u.side == side && may_capture_objective(&u.state).is_ok())
                .collect();
            let enemy_free = near.iter().any(|u| u.side != side && !u.state.suppressed());
            let held = self.objectives[oi].held_by;
            if let Some(c) = own_free.first() {
                if !enemy_free && held != Some(side) {
                    let mut e = LogEntry::event(
                        "WS-BASE",
                        vec![c.id],
                        format!(
                            "{} captures \"{}\": unsuppressed within {reach}″, no unsuppressed enemy within {reach}″ [stand-in]",
                            c.name, self.objectives[oi].name
                        ),
                    );
                    e.outcome = format!("held by {}", self.sides[usize::from(side)]);
                    out.push(e);
                    self.objectives[oi].held_by = Some(side);
                }
            } else if held != Some(side)
                && !enemy_free
                && let Some(s) = near.iter().find(|u| u.side == side)
                && let Err(r) = may_capture_objective(&s.state)
            {
                let mut e = LogEntry::event(&r.rule, vec![s.id], r.reason);
                e.outcome = format!("\"{}\" not captured", self.objectives[oi].name);
                out.push(e);
            }
        }
        out
    }

    /// The reaction phase: the opponent's suppressed units test (WS-CLR-1).
    fn reaction_steps(&mut self, dice: &mut Dice, tables: &WsTables) -> Vec<LogEntry> {
        let mut out = Vec::new();
        let side = 1 - self.active;
        for idx in 0..self.units.len() {
            if self.units[idx].side != side || !self.units[idx].alive() {
                continue;
            }
            let insp = self.inspiring_for(idx, tables);
            if let Some((_, log)) = reaction_phase_test(dice, &mut self.units[idx].state, insp) {
                out.extend(log);
            }
        }
        out
    }

    /// WS-CLR-5 relief for the opponents of `broke` within 6″, then its
    /// fall-back move.
    fn break_and_fall_back(
        &mut self,
        broke: u32,
        tables: &WsTables,
        table: &Table,
        out: &mut Vec<LogEntry>,
    ) {
        let Some(bi) = self.index(broke) else {
            return;
        };
        let bb = self.units[bi].base();
        let bside = self.units[bi].side;
        let mut opposing: Vec<(f64, &mut WsUnitState)> = self
            .units
            .iter_mut()
            .filter(|u| u.side != bside && u.alive())
            .map(|u| {
                let d = f64::from(u.base().distance_to(&bb));
                (d, &mut u.state)
            })
            .collect();
        out.extend(relief_on_enemy_break(
            broke,
            &mut opposing,
            tables.constants.break_relief_range,
        ));
        if !self.units[bi].alive() {
            return;
        }
        match self.fall_back_destination(bi, table) {
            Some(p) => {
                let mut e = LogEntry::event(
                    "WS-SUP-3",
                    vec![broke],
                    format!(
                        "{} falls back out of the fight toward its own table edge [stand-in: up to Mv]",
                        self.units[bi].name
                    ),
                );
                e.outcome = "falls back".into();
                out.push(e);
                self.move_unit(bi, &[Vec2::new(p.x, p.y)], p.facing, out);
            }
            None => {
                let mut e = LogEntry::event(
                    "WS-SUP-3",
                    vec![broke],
                    format!(
                        "{} has no room to fall back and stays [stand-in]",
                        self.units[bi].name
                    ),
                );
                e.outcome = "stays".into();
                out.push(e);
            }
        }
    }

    /// The close-combat phase: every pair in base contact fights once.
    fn close_combat_steps(
        &mut self,
        dice: &mut Dice,
        tables: &WsTables,
        table: &Table,
    ) -> Vec<LogEntry> {
        let mut out = Vec::new();
        let active = self.active;
        let mut pairs = Vec::new();
        for a in self.units.iter().filter(|u| u.side == active && u.alive()) {
            for b in self.units.iter().filter(|u| u.side != active && u.alive()) {
                if a.base().in_contact(&b.base()) {
                    pairs.push((a.id, b.id));
                }
            }
        }
        for (a, b) in pairs {
            let (Some(ai), Some(bi)) = (self.index(a), self.index(b)) else {
                continue;
            };
            if !self.units[ai].alive()
                || !self.units[bi].alive()
                || !self.units[ai].base().in_contact(&self.units[bi].base())
            {
                continue;
            }
            let (sa, sb) = (
                self.units[ai].state.suppressed(),
                self.units[bi].state.suppressed(),
            );
            let mut e = LogEntry::event(
                "WS-BASE",
                vec![a, b],
                format!(
                    "{} and {} are in base contact and fight{}",
                    self.units[ai].name,
                    self.units[bi].name,
                    if self.charges.contains(&(a, b)) {
                        " (charge)"
                    } else {
                        ""
                    }
                ),
            );
            e.outcome = "close combat".into();
            out.push(e);
            if sa && sb {
                self.both_suppressed(ai, bi, dice, tables, table, &mut out);
            } else {
                let (ci, di) = if sa { (bi, ai) } else { (ai, bi) };
                let c_insp = self.inspiring_for(ci, tables);
                let d_insp = self.inspiring_for(di, tables);
                let mut rec = SalvoRecord::new();
                let (cu, du) = two_mut(&mut self.units, ci, di);
                let r = fight(
                    dice,
                    &mut rec,
                    Combatant {
                        unit: &mut cu.state,
                        inspiring: c_insp,
                    },
                    Combatant {
                        unit: &mut du.state,
                        inspiring: d_insp,
                    },
                    &tables.constants,
                );
                self.refit(ci, tables);
                self.refit(di, tables);
                match r {
                    Ok(r) => {
                        out.extend(r.log);
                        for broke in r.broke {
                            self.break_and_fall_back(broke, tables, table, &mut out);
                        }
                    }
                    Err(r) => out.push(LogEntry::event(&r.rule, vec![a, b], r.reason)),
                }
            }
            out.extend(self.check_destroyed());
            if self.result.is_some() {
                break;
            }
        }
        out
    }

    /// Two suppressed units in contact: each tests to keep fighting
    /// (WS-SUP-3 (4)), lower id first; the first to fail falls back and the
    /// other clears its suppression (WS-CLR-2). No blows are struck
    /// [stand-in].
    fn both_suppressed(
        &mut self,
        ai: usize,
        bi: usize,
        dice: &mut Dice,
        tables: &WsTables,
        table: &Table,
        out: &mut Vec<LogEntry>,
    ) {
        let order = if self.units[ai].id < self.units[bi].id {
            [(ai, bi), (bi, ai)]
        } else {
            [(bi, ai), (ai, bi)]
        };
        for (x, y) in order {
            let insp = self.inspiring_for(x, tables);
            if let Some(t) = keep_fighting_test(dice, &self.units[x].state, insp) {
                out.push(t.log);
                if !t.pass {
                    let loser = self.units[x].id;
                    out.extend(clear_by_winning_fight(&mut self.units[y].state, loser));
                    self.break_and_fall_back(loser, tables, table, out);
                    return;
                }
            }
        }
        let mut e = LogEntry::event(
            "WS-SUP-3",
            vec![self.units[ai].id, self.units[bi].id],
            "both units are suppressed and hold: no blows this phase [stand-in]",
        );
        e.outcome = "both hold".into();
        out.push(e);
    }

    /// Ends the action phase of `side` and runs the automatic phases until
    /// the next decision or the end of the battle.
    fn end_phase(
        &mut self,
        dice: &mut Dice,
        tables: &WsTables,
        table: &Table,
        log: &mut dyn LogSink,
    ) {
        // Forced falls back of suppressed units not yet ordered (WS-SUP-3 (1)).
        let mut out = Vec::new();
        for idx in 0..self.units.len() {
            let u = &self.units[idx];
            if u.side == self.active && u.alive() && !u.acted && u.state.suppressed() {
                let dest = self
                    .fall_back_destination(idx, table)
                    .map(|p| (vec![Vec2::new(p.x, p.y)], p.facing));
                let plan = Plan {
                    idx,
                    action: WsAction::FallBack,
                    dest,
                    fire: None,
                    fire_first: false,
                    charge: None,
                };
                out.extend(self.execute(plan, dice, tables));
            }
        }
        log.extend(self.turn, WsPhase::Action.name(), out);

        self.phase = WsPhase::Reaction;
        let out = self.reaction_steps(dice, tables);
        log.extend(self.turn, WsPhase::Reaction.name(), out);

        self.phase = WsPhase::CloseCombat;
        let out = self.close_combat_steps(dice, tables, table);
        log.extend(self.turn, WsPhase::CloseCombat.name(), out);
        if self.result.is_some() {
            return;
        }

        self.charges.clear();
        for u in &mut self.units {
            u.acted = false;
        }
        if self.active == 0 {
            self.active = 1;
        } else if self.turn >= self.turn_limit {
            let out = self.victory_by_objectives();
            log.extend(self.turn, "End of battle", out);
            return;
        } else {
            self.turn += 1;
            self.active = 0;
        }
        self.phase = WsPhase::Starting;
        let out = self.starting_phase_steps(tables);
        log.extend(self.turn, WsPhase::Starting.name(), out);
        self.phase = WsPhase::Action;
    }

    /// After the last turn the side holding more objectives wins; equal = a
    /// draw [stand-in].
    fn victory_by_objectives(&mut self) -> Vec<LogEntry> {
        let held = |s: u8| {
            self.objectives
                .iter()
                .filter(|o| o.held_by == Some(s))
                .count()
        };
        let (a, b) = (held(0), held(1));
        let tally = format!(
            "after turn {}: {} hold {a} objective(s), {} hold {b} [stand-in: more objectives wins, equal is a draw]",
            self.turn, self.sides[0], self.sides[1]
        );
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        self.finish(winner, tally)
    }

    /// Applies one command. A refused command changes nothing: everything is
    /// checked before anything moves or rolls.
    ///
    /// # Errors
    /// The refusal naming the rule that forbids the command (WS-BASE,
    /// WS-SUP-3, WS-GLO-1).
    pub fn apply(
        &mut self,
        cmd: &WsCommand,
        tables: &WsTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        match cmd {
            WsCommand::Act { unit, action } => {
                let plan = self.plan_act(*unit, action, table)?;
                self.flush_pending(log);
                let out = self.execute(plan, dice, tables);
                log.extend(self.turn, WsPhase::Action.name(), out);
                let out = self.check_destroyed();
                log.extend(self.turn, WsPhase::Action.name(), out);
            }
            WsCommand::EndPhase { side } => {
                if self.awaiting() != Some(*side) {
                    return Err(refuse(match self.awaiting() {
                        None => "the battle is over".to_string(),
                        Some(s) => format!(
                            "it is {}'s action phase, not {}'s",
                            self.sides[usize::from(s)],
                            self.sides.get(usize::from(*side)).map_or("?", |s| s)
                        ),
                    }));
                }
                self.flush_pending(log);
                self.end_phase(dice, tables, table, log);
            }
        }
        Ok(())
    }

    fn flush_pending(&mut self, log: &mut dyn LogSink) {
        if !self.pending_log.is_empty() {
            let pending = std::mem::take(&mut self.pending_log);
            log.extend(1, WsPhase::Starting.name(), pending);
        }
    }

    /// Inches `unit` may still move now: 2 × Mv for a free unit in its
    /// action phase (At The Double!), Mv for one that may only fall back,
    /// `None` otherwise.
    pub fn allowance(&self, unit: u32) -> Option<f32> {
        let idx = self.index(unit)?;
        let u = &self.units[idx];
        if self.awaiting() != Some(u.side) || u.acted || !u.alive() {
            return None;
        }
        if u.state.suppressed() || self.engaged(idx) {
            Some(u.state.mv as f32)
        } else {
            Some(2.0 * u.state.mv as f32)
        }
    }

    /// A straight charge of `unit` at `target`: the path to base contact
    /// and the facing (toward the target's centre), or `None` if the
    /// straight line never touches it. Advance! when it is within Mv, else
    /// At The Double!.
    pub fn straight_charge(&self, unit: u32, target: u32) -> Option<WsOrder> {
        let u = self.unit(unit)?;
        let t = self.unit(target)?;
        let base = u.base();
        let tb = t.base();
        let to = tb.center - base.center;
        if to.length() < 1e-4 {
            return None;
        }
        let dir = to.normalize();
        let facing = bearing_of(dir);
        let reach = 2.0 * u.state.mv as f32 + 1.0;
        let d = base
            .at(base.center, facing)
            .travel_until_contact(dir, reach, &tb)?;
        let dest = base.center + dir * d;
        let path = vec![(dest.x, dest.y)];
        Some(if d <= u.state.mv as f32 {
            WsOrder::Advance {
                path,
                facing,
                fire_at: None,
                fire_first: false,
                charge: Some(target),
            }
        } else {
            WsOrder::AtTheDouble {
                path,
                facing,
                charge: Some(target),
            }
        })
    }

    /// Bearing from `from` toward the nearest living enemy of `side`.
    fn face_enemy(&self, side: u8, from: Vec2, fallback: f32) -> f32 {
        self.units
            .iter()
            .filter(|u| u.side != side && u.alive())
            .map(|u| (u.base().center.distance(from), u.base().center))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map_or(fallback, |(_, c)| bearing_of(c - from))
    }

    /// A move of up to Mv toward `goal` that ends at least `stop` inches
    /// from it: the legal straight step (tried at several angles and
    /// lengths) that gets closest.
    fn step_toward(
        &self,
        idx: usize,
        goal: Vec2,
        stop: f32,
        table: &Table,
    ) -> Option<(Vec<(f32, f32)>, f32)> {
        let u = &self.units[idx];
        let base = u.base();
        let to = goal - base.center;
        let dist = to.length();
        let want = (dist - stop).min(u.state.mv as f32);
        if want < 0.5 {
            return None;
        }
        let (others, _) = self.others(idx);
        let b0 = bearing_of(to);
        let mut best: Option<(f32, Vec2, f32)> = None;
        // No move ends nearer the goal than straight at it by `want`: once a
        // candidate does that, no later one can replace it.
        let floor = dist - want;
        for off in [0.0, 25.0, -25.0, 50.0, -50.0, 80.0, -80.0] {
            if best.is_some_and(|b| b.0 <= floor + 1e-3) {
                break;
            }
            for frac in [1.0, 0.75, 0.5, 0.25] {
                let dest = base.center + bearing_vector(b0 + off) * want * frac;
                let facing = self.face_enemy(u.side, dest, b0);
                if table
                    .check_move(
                        &base,
                        &[dest],
                        facing,
                        u.state.mv as f32,
                        false,
                        &others,
                        &[],
                    )
                    .is_ok()
                {
                    let rem = dest.distance(goal);
                    if best.is_none_or(|b| rem < b.0 - 1e-3) {
                        best = Some((rem, dest, facing));
                    }
                    break;
                }
            }
        }
        best.filter(|b| b.0 < dist - 0.4)
            .map(|(_, d, f)| (vec![(d.x, d.y)], f))
    }

    /// The computer's order for unit `idx` (see [`WsBattle::default_commands`]).
    fn ai_order(&self, idx: usize, shot_at: &BTreeMap<u32, u32>, table: &Table) -> Option<WsOrder> {
        let u = &self.units[idx];
        if u.state.suppressed() {
            return Some(WsOrder::FallBack);
        }
        if self.engaged(idx) {
            return None;
        }
        let base = u.base();
        let mut enemies: Vec<&WsUnit> = self
            .units
            .iter()
            .filter(|e| e.side != u.side && e.alive() && !shot_at.contains_key(&e.id))
            .collect();
        enemies.sort_by(|a, b| {
            base.distance_to(&a.base())
                .total_cmp(&base.distance_to(&b.base()))
        });
        let ok = |o: &WsOrder| self.plan_act(u.id, o, table).is_ok();
        let goal = self
            .objectives
            .iter()
            .filter(|o| o.held_by != Some(u.side))
            .map(|o| (base.distance_to(&o.base()), Vec2::new(o.at.0, o.at.1)))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if u.state.shooting.is_none() {
            for e in &enemies {
                if let Some(o) = self.straight_charge(u.id, e.id)
                    && ok(&o)
                {
                    return Some(o);
                }
            }
            let near_enemy = enemies
                .first()
                .filter(|e| base.distance_to(&e.base()) <= 12.0 || goal.is_none());
            let step = match (near_enemy, goal) {
                (Some(e), _) => self.step_toward(idx, e.base().center, 0.5, table),
                (None, Some((_, g))) => self.step_toward(idx, g, 1.5, table),
                (None, None) => None,
            };
            if let Some((path, facing)) = step {
                let o = WsOrder::Advance {
                    path,
                    facing,
                    fire_at: None,
                    fire_first: false,
                    charge: None,
                };
                if ok(&o) {
                    return Some(o);
                }
            }
            return Some(WsOrder::GetDown);
        }
        let target_now = enemies
            .iter()
            .find(|e| self.check_shot(idx, &base, e.id, table).is_ok())
            .map(|e| e.id);
        let advance = |goal: Vec2, stop: f32| -> Option<WsOrder> {
            let (path, facing) = self.step_toward(idx, goal, stop, table)?;
            let end = base.at(Vec2::new(path[0].0, path[0].1), facing);
            let fire_at = enemies
                .iter()
                .find(|e| self.check_shot(idx, &end, e.id, table).is_ok())
                .map(|e| e.id);
            let o = WsOrder::Advance {
                path,
                facing,
                fire_at,
                fire_first: false,
                charge: None,
            };
            ok(&o).then_some(o)
        };
        if let Some((d, g)) = goal
            && d > 1.5
            && let Some(o) = advance(g, 1.0)
        {
            return Some(o);
        }
        if let Some(t) = target_now {
            return Some(WsOrder::OpenFire { target: t });
        }
        if let Some(e) = enemies.first()
            && let Some(o) = advance(e.base().center, u.state.aw.min(12.0) as f32)
        {
            return Some(o);
        }
        Some(WsOrder::GetDown)
    }

    /// What the computer plays for `side` now, units in id order, ending
    /// with `EndPhase`. Policy: a suppressed unit falls back; an engaged unit
    /// waits for the fight; a melee unit charges the nearest enemy it can
    /// reach, else closes in; a shooter advances on the nearest objective
    /// not held by its side (firing after the move if it can), else opens
    /// fire, else closes in; Get Down! when nothing else is legal. Each
    /// target is shot or charged by at most one unit per phase, so no
    /// earlier result can make a later command illegal.
    pub fn default_commands(&self, side: u8, _tables: &WsTables, table: &Table) -> Vec<WsCommand> {
        let mut cmds = Vec::new();
        if self.awaiting() != Some(side) {
            return cmds;
        }
        let mut sim = self.clone();
        let mut shot_at: BTreeMap<u32, u32> = BTreeMap::new();
        for idx in 0..sim.units.len() {
            let u = &sim.units[idx];
            if u.side != side || !u.alive() || u.acted {
                continue;
            }
            let id = u.id;
            let Some(order) = sim.ai_order(idx, &shot_at, table) else {
                continue;
            };
            let Ok(plan) = sim.plan_act(id, &order, table) else {
                continue;
            };
            for t in plan.fire.iter().chain(plan.charge.iter()) {
                *shot_at.entry(*t).or_default() += 1;
            }
            if let Some((path, facing)) = &plan.dest
                && let Some(end) = path.last()
            {
                sim.units[idx].pos = TablePos {
                    x: end.x,
                    y: end.y,
                    facing: *facing,
                };
            }
            sim.units[idx].acted = true;
            cmds.push(WsCommand::Act {
                unit: id,
                action: order,
            });
        }
        cmds.push(WsCommand::EndPhase { side });
        cmds
    }

    /// Exact odds of a command, labelled: for a salvo the chance of at least
    /// one hit (suppression, WS-SUP-1), of a failed save (+1 nerve marker,
    /// WS-HIT-4) and the expected models killed; for a charge the
    /// defender's defensive fire; for ending the phase each opposing
    /// suppressed unit's reaction-phase Ld test (WS-CLR-1, WS-LD-6).
    pub fn odds(&self, cmd: &WsCommand, tables: &WsTables) -> Vec<(String, f64)> {
        let mut out = Vec::new();
        match cmd {
            WsCommand::Act { unit, action } => {
                let Some(u) = self.unit(*unit) else {
                    return out;
                };
                if let Some(t) = action.fire_target().and_then(|t| self.unit(t)) {
                    out.extend(salvo_odds(&u.state, &t.state, "", tables));
                }
                if let Some(t) = action.charge().and_then(|t| self.unit(t))
                    && !t.state.suppressed()
                    && t.state.shooting.is_some()
                {
                    out.extend(salvo_odds(
                        &t.state,
                        &u.state,
                        "defensive fire at the charger: ",
                        tables,
                    ));
                }
                if let (Some(t), Some(ti)) = (
                    action.charge().and_then(|t| self.unit(t)),
                    action.charge().and_then(|t| self.index(t)),
                ) && t.state.suppressed()
                {
                    let nv = tested_nv_itemized(&t.state, self.inspiring_for(ti, tables)).total();
                    out.push((
                        format!("{}: Ld test to keep fighting passes (WS-SUP-3)", t.name),
                        pass_probability(t.state.ld, nv),
                    ));
                }
            }
            WsCommand::EndPhase { side } => {
                for (i, u) in self.units.iter().enumerate() {
                    if u.side != *side && u.alive() && u.state.suppressed() {
                        let nv =
                            tested_nv_itemized(&u.state, self.inspiring_for(i, tables)).total();
                        out.push((
                            format!("{}: reaction-phase Ld test passes (WS-CLR-1)", u.name),
                            pass_probability(u.state.ld, nv),
                        ));
                    }
                }
            }
        }
        out
    }
}

/// Exact odds of one salvo of `shooter` at `target` (WS-SUP-1, WS-HIT-4;
/// shooting [stand-in]): at least one hit, at least one failed save, and
/// the expected models killed (failed saves are binomial; wounds finish the
/// wounded model first).
pub fn salvo_odds(
    shooter: &WsUnitState,
    target: &WsUnitState,
    prefix: &str,
    tables: &WsTables,
) -> Vec<(String, f64)> {
    let Some(w) = shooter.shooting else {
        return Vec::new();
    };
    let shots = shooter.models * w.shots_per_model;
    let p_hit = d6_at_least(tables.constants.to_hit);
    let bonus = if target.got_down {
        tables.constants.get_down_save_bonus
    } else {
        0
    };
    let need = save_needed(target.save, bonus);
    let p_fail = if need > 6 {
        1.0
    } else {
        1.0 - d6_at_least(need)
    };
    let p_wound = p_hit * p_fail;
    let dist = binomial(shots, p_wound);
    let wpm = target.wounds_per_model.max(1);
    let kills: f64 = dist
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let k = k as u32 + target.wounds_taken;
            p * f64::from((k / wpm).min(target.models))
        })
        .sum();
    vec![
        (
            format!("{prefix}at least one hit (suppresses, WS-SUP-1)"),
            1.0 - (1.0 - p_hit).powi(shots as i32),
        ),
        (
            format!("{prefix}at least one failed save (+1 nerve marker, WS-HIT-4)"),
            1.0 - (1.0 - p_wound).powi(shots as i32),
        ),
        (format!("{prefix}expected models killed"), kills),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::log::GameLog;
    use crate::engine::table_game::{Pick, TableRules, play_defaults};
    use crate::rules::warstrike::WarStrike;

    const SCENARIO: &str = include_str!("../../../scenarios/laans_crossing.ron");

    fn setup() -> (WsTables, WsScenario, Table) {
        let tables = WsTables::load().expect("tables");
        let s = WsScenario::from_str("laans_crossing.ron", SCENARIO, &tables).expect("scenario");
        let table = s.build_table();
        (tables, s, table)
    }

    /// Plays with the default commands until the end; returns the log.
    fn play_out(
        b: &mut WsBattle,
        tables: &WsTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
        stop_after: Option<usize>,
    ) -> Vec<String> {
        let mut refused = Vec::new();
        let mut rounds = 0;
        while let Some(side) = b.awaiting() {
            if stop_after.is_some_and(|n| rounds >= n) {
                break;
            }
            // Commands planned before the battle ended are refused once it is over.
            refused.extend(
                play_defaults::<WarStrike>(b, side, tables, table, dice, log)
                    .into_iter()
                    .filter(|r| !(b.result.is_some() && r.contains("the battle is over"))),
            );
            rounds += 1;
            assert!(rounds < 1000, "the battle does not end");
        }
        refused
    }

    #[test]
    fn laans_crossing_parses_and_plays_to_its_end() {
        // WS-BASE turn structure: starting, action, reaction, close-combat phases.
        let (tables, s, table) = setup();
        assert_eq!(s.setup.objectives.len(), 3);
        assert!(<WarStrike as TableRules>::check_scenario(&s, &tables).is_ok());
        let mut b = WsBattle::new(&s, &tables);
        let mut dice = Dice::new(s.seed.unwrap_or(0));
        let mut log = GameLog::default();
        let refused = play_out(&mut b, &tables, &table, &mut dice, &mut log, None);
        assert!(refused.is_empty(), "{refused:?}");
        let r = b.result.clone().expect("a result");
        assert!(!r.reason.is_empty());
        assert!(b.turn <= b.turn_limit);
        assert!(log.entries.iter().all(|e| e.rule.starts_with("WS-")));
        for phase in ["Action phase", "Reaction phase", "Close-combat phase"] {
            assert!(log.entries.iter().any(|e| e.phase == phase), "{phase}");
        }
        // Shots were fired and tests were rolled.
        assert!(log.entries.iter().any(|e| e.rule == "WS-GLO-1"));
        assert!(log.entries.iter().any(|e| e.rule == "WS-SUP-1"));
        assert!(log.entries.iter().any(|e| e.rule == "WS-LD-2"));
        // Several seeds all end.
        for seed in 1..6 {
            let mut b = WsBattle::new(&s, &tables);
            let mut dice = Dice::new(seed);
            let mut log = GameLog::default();
            let refused = play_out(&mut b, &tables, &table, &mut dice, &mut log, None);
            assert!(refused.is_empty(), "seed {seed}: {refused:?}");
            assert!(b.result.is_some());
        }
    }

    #[test]
    fn same_seed_same_log() {
        let (tables, s, table) = setup();
        let run = || {
            let mut b = WsBattle::new(&s, &tables);
            let mut dice = Dice::new(7);
            let mut log = GameLog::default();
            play_out(&mut b, &tables, &table, &mut dice, &mut log, None);
            log.to_jsonl()
        };
        let a = run();
        assert!(!a.is_empty());
        assert_eq!(a, run());
    }

    #[test]
    fn ron_round_trip_mid_battle_continues_identically() {
        let (tables, s, table) = setup();
        let mut b = WsBattle::new(&s, &tables);
        let mut dice = Dice::new(11);
        let mut log = GameLog::default();
        play_out(&mut b, &tables, &table, &mut dice, &mut log, Some(5));
        let text = ron::to_string(&(&b, &dice, &log)).expect("serialize");
        let (mut b2, mut dice2, mut log2): (WsBattle, Dice, GameLog) =
            ron::from_str(&text).expect("deserialize");
        assert_eq!(b2, b);
        play_out(&mut b, &tables, &table, &mut dice, &mut log, None);
        play_out(&mut b2, &tables, &table, &mut dice2, &mut log2, None);
        assert_eq!(log.to_jsonl(), log2.to_jsonl());
        assert_eq!(b, b2);
    }

    /// A small in-code battle: two units facing each other on open ground.
    fn duel(
        a: (&str, (f32, f32), f32),
        b: (&str, (f32, f32), f32),
        areas: &str,
    ) -> (WsTables, WsBattle, Table) {
        let tables = WsTables::load().expect("tables");
        let text = format!(
            r#"(ruleset: "warstrike", name: "Duel", turn_limit: 2,
                table: (width: 48.0, depth: 36.0, areas: [{areas}]),
                sides: [(name: "Laans", edge: South, color: (0.1, 0.2, 0.8)),
                        (name: "Reavers", edge: North, color: (0.8, 0.1, 0.1))],
                units: [(id: 1, side: "Laans", unit_type: "{}", at: ({}, {}), facing: {}),
                        (id: 2, side: "Reavers", unit_type: "{}", at: ({}, {}), facing: {})],
                setup: (objectives: [(name: "Well", at: (24.0, 18.0))]))"#,
            a.0, a.1.0, a.1.1, a.2, b.0, b.1.0, b.1.1, b.2
        );
        let s = WsScenario::from_str("duel.ron", &text, &tables).expect("duel");
        let table = s.build_table();
        (tables.clone(), WsBattle::new(&s, &tables), table)
    }

    #[test]
    fn refused_commands_change_nothing() {
        let (tables, mut b, table) = duel(
            ("laansguard", (24.0, 6.0), 0.0),
            ("reaver_warband", (24.0, 30.0), 180.0),
            "",
        );
        let mut dice = Dice::new(3);
        let mut log = GameLog::default();
        let before = (b.clone(), log.clone(), dice.rolled());
        let bad = [
            // Wrong side's unit.
            WsCommand::Act {
                unit: 2,
                action: WsOrder::GetDown,
            },
            // Out of range (24″ edge to edge is the weapon's reach, Aw 18″).
            WsCommand::Act {
                unit: 1,
                action: WsOrder::OpenFire { target: 2 },
            },
            // Too far for Advance!.
            WsCommand::Act {
                unit: 1,
                action: WsOrder::Advance {
                    path: vec![(24.0, 16.0)],
                    facing: 0.0,
                    fire_at: None,
                    fire_first: false,
                    charge: None,
                },
            },
            // Off the table.
            WsCommand::Act {
                unit: 1,
                action: WsOrder::AtTheDouble {
                    path: vec![(24.0, -3.0)],
                    facing: 0.0,
                    charge: None,
                },
            },
            // A charge that does not reach.
            WsCommand::Act {
                unit: 1,
                action: WsOrder::Advance {
                    path: vec![(24.0, 11.0)],
                    facing: 0.0,
                    fire_at: None,
                    fire_first: false,
                    charge: Some(2),
                },
            },
            WsCommand::EndPhase { side: 1 },
            WsCommand::Act {
                unit: 1,
                action: WsOrder::Advance {
                    path: vec![(f32::NAN, 1.0)],
                    facing: 0.0,
                    fire_at: None,
                    fire_first: false,
                    charge: None,
                },
            },
        ];
        for c in &bad {
            let r = b.apply(c, &tables, &table, &mut dice, &mut log);
            assert!(r.is_err(), "{c:?} should be refused");
            assert_eq!((b.clone(), log.clone(), dice.rolled()), before, "{c:?}");
        }
        // A suppressed unit may only fall back (WS-SUP-3).
        b.units[0]
            .state
            .take_hits(1, 0, super::super::suppression::HitSource::Shooting);
        let snapshot = b.clone();
        let r = b
            .apply(
                &WsCommand::Act {
                    unit: 1,
                    action: WsOrder::GetDown,
                },
                &tables,
                &table,
                &mut dice,
                &mut log,
            )
            .expect_err("suppressed");
        assert_eq!(r.rule, "WS-SUP-3");
        assert_eq!(b, snapshot);
    }

    #[test]
    fn shooting_needs_the_forward_arc_and_line_of_sight() {
        // Target 10″ ahead, the shooter turned away: out of the forward arc.
        let (tables, mut b, table) = duel(
            ("laansguard", (24.0, 6.0), 90.0),
            ("reaver_gunners", (24.0, 18.0), 180.0),
            "",
        );
        let mut dice = Dice::new(1);
        let mut log = GameLog::default();
        let fire = WsCommand::Act {
            unit: 1,
            action: WsOrder::OpenFire { target: 2 },
        };
        let r = b
            .apply(&fire, &tables, &table, &mut dice, &mut log)
            .expect_err("out of arc");
        assert!(r.reason.contains("forward arc"), "{r}");
        // Facing it, the salvo goes off (WS-GLO-1) and the odds are exact.
        b.units[0].pos.facing = 0.0;
        let odds = b.odds(&fire, &tables);
        let p = 1.0 - 0.5f64.powi(10);
        assert!((odds[0].1 - p).abs() < 1e-12, "{odds:?}");
        b.apply(&fire, &tables, &table, &mut dice, &mut log)
            .expect("in arc and sight");
        assert!(log.entries.iter().any(|e| e.rule == "WS-GLO-1"));
        assert!(
            b.apply(&fire, &tables, &table, &mut dice, &mut log)
                .is_err(),
            "one action per unit"
        );

        // A wood between them blocks the line of sight.
        let wood = r#"(name: "Wood", effects: [BlocksLos, Difficult], height: 4.0,
                       points: [(14.0, 10.0), (34.0, 10.0), (34.0, 14.0), (14.0, 14.0)])"#;
        let (tables, mut b, table) = duel(
            ("laansguard", (24.0, 6.0), 0.0),
            ("reaver_gunners", (24.0, 18.0), 180.0),
            wood,
        );
        let snapshot = b.clone();
        let r = b
            .apply(&fire, &tables, &table, &mut dice, &mut log)
            .expect_err("no line of sight");
        assert!(
            r.reason.contains("line of sight") && r.reason.contains("Wood"),
            "{r}"
        );
        assert_eq!(b, snapshot);
        // At The Double! may not cross the wood (difficult going, WS-BASE).
        let r = b
            .apply(
                &WsCommand::Act {
                    unit: 1,
                    action: WsOrder::AtTheDouble {
                        path: vec![(24.0, 15.5)],
                        facing: 0.0,
                        charge: None,
                    },
                },
                &tables,
                &table,
                &mut dice,
                &mut log,
            )
            .expect_err("difficult going");
        assert_eq!(r.rule, "WS-BASE");
    }

    #[test]
    fn a_charge_leads_to_close_combat() {
        // Warband charges the LaansGuard: defensive fire (WS-SUP-3), strikes
        // and suppression from close combat (WS-SUP-1, WS-GLO-1).
        let (tables, mut b, table) = duel(
            ("reaver_warband", (24.0, 11.0), 0.0),
            ("laansguard", (24.0, 17.0), 180.0),
            "",
        );
        // Make unit 1 the active side's: the Warband is side 0 here by
        // scenario order ("Laans"), which is fine for the engine.
        let order = b.straight_charge(1, 2).expect("a straight charge");
        assert!(matches!(order, WsOrder::Advance { .. }));
        let cmd = WsCommand::Act {
            unit: 1,
            action: order,
        };
        let odds = b.odds(&cmd, &tables);
        assert!(odds.iter().any(|(l, _)| l.contains("defensive fire")));
        let mut dice = Dice::new(5);
        let mut log = GameLog::default();
        b.apply(&cmd, &tables, &table, &mut dice, &mut log)
            .expect("charge");
        assert!(b.units[0].base().in_contact(&b.units[1].base()));
        assert_eq!(b.charges, vec![(1, 2)]);
        b.apply(
            &WsCommand::EndPhase { side: 0 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end phase");
        let cc: Vec<&LogEntry> = log
            .entries
            .iter()
            .filter(|e| e.phase == "Close-combat phase")
            .collect();
        assert!(!cc.is_empty());
        assert!(cc.iter().any(|e| e.what.contains("close combat")));
        assert!(
            cc.iter()
                .any(|e| e.rule == "WS-SUP-1" || e.rule == "WS-HIT-1")
        );
    }

    #[test]
    fn starting_phase_captures_and_forced_fall_back() {
        // WS-SUP-3 (2): an unsuppressed unit within 3″ captures; WS-CLR-3
        // removes a marker; WS-SUP-3 (1), WS-CLR-4: a suppressed unit left
        // unordered falls back toward its own edge when the phase ends.
        let (tables, mut b, table) = duel(
            ("laansguard", (24.0, 14.5), 0.0),
            ("reaver_gunners", (24.0, 33.0), 180.0),
            "",
        );
        let mut dice = Dice::new(2);
        let mut log = GameLog::default();
        assert_eq!(b.objectives[0].held_by, Some(0));
        b.apply(
            &WsCommand::EndPhase { side: 0 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end");
        assert!(
            log.entries
                .iter()
                .any(|e| e.phase == "Starting phase" && e.what.contains("captures"))
        );
        // Side 1's action phase: suppress the gunners with 2 markers.
        b.units[1]
            .state
            .take_hits(1, 1, super::super::suppression::HitSource::Shooting);
        b.units[1].state.suppression.nerve_markers = 2;
        let y0 = b.units[1].pos.y;
        b.apply(
            &WsCommand::EndPhase { side: 1 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end");
        assert!(b.units[1].pos.y > y0, "fell back north");
        assert!(
            log.entries
                .iter()
                .any(|e| e.rule == "WS-CLR-4" && e.units == vec![2])
        );
    }

    #[test]
    fn end_phase_odds_give_the_reaction_test() {
        // WS-CLR-1, WS-LD-6: LaansGuard Ld 2 / Nv 3 passes 3/4.
        let (tables, mut b, _table) = duel(
            ("reaver_gunners", (24.0, 6.0), 0.0),
            ("laansguard", (24.0, 30.0), 180.0),
            "",
        );
        b.units[1]
            .state
            .take_hits(2, 0, super::super::suppression::HitSource::Shooting);
        let o = b.odds(&WsCommand::EndPhase { side: 0 }, &tables);
        assert_eq!(o.len(), 1);
        assert!((o[0].1 - 0.75).abs() < 1e-12);
    }

    #[test]
    fn choices_units_and_choose_in_the_games_words() {
        // WS-BASE actions as buttons; WS-SUP-2 hit-dice and WS-NV-2 markers on the card.
        let (tables, mut b, _table) = duel(
            ("laansguard", (24.0, 6.0), 0.0),
            ("reaver_warband", (24.0, 16.0), 180.0),
            "",
        );
        let labels: Vec<String> = WarStrike::choices(&b, 1, &tables)
            .into_iter()
            .map(|c| c.label)
            .collect();
        for l in [
            "Open Fire!",
            "Advance!",
            "At The Double!",
            "Get Down!",
            "Charge!",
        ] {
            assert!(labels.iter().any(|x| x == l), "{l} in {labels:?}");
        }
        assert!(
            WarStrike::choices(&b, 2, &tables).is_empty(),
            "not side 1's phase"
        );
        let pick = Pick {
            unit: 1,
            target: Some(2),
            path: Vec::new(),
            facing: 0.0,
            hex: None,
        };
        let cmd = WarStrike::choose(&b, "charge", &pick).expect("a charge");
        assert!(matches!(
            cmd,
            WsCommand::Act {
                unit: 1,
                action: WsOrder::AtTheDouble {
                    charge: Some(2),
                    ..
                }
            }
        ));
        b.units[0]
            .state
            .take_hits(3, 1, super::super::suppression::HitSource::Shooting);
        let s = WarStrike::units(&b, &tables);
        assert_eq!(s[0].hit_dice, vec![3]);
        assert_eq!(s[0].nerve_markers, 1);
        assert!(s[0].badges.contains(&"Suppressed".to_string()));
        assert_eq!(s[0].ranges, vec![24.0]);
        assert_eq!(s[0].card[0], "Ld 2 · Nv 3 (current 2) · Mv 6″ · Sv 5+");
        let fall_back: Vec<String> = WarStrike::choices(&b, 1, &tables)
            .into_iter()
            .map(|c| c.key)
            .collect();
        assert_eq!(fall_back, vec!["fall_back".to_string()]);
        assert_eq!(b.allowance(1), Some(6.0));
    }
}
