//! The battle's state as plain values: the scenario's setup, the phases,
//! objectives, units, orders and commands, and [`WsBattle`] itself with what
//! it answers about itself (WS-BASE).

use bevy::prelude::Vec2;
use serde::{Deserialize, Serialize};

use crate::engine::board::BoardEdge;
use crate::engine::command::Refusal;
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::table::{Base, Footprint, TablePos};
use crate::engine::table_scenario::{TableCatalog, TableScenario};

use crate::rules::warstrike::actions::WsAction;
use crate::rules::warstrike::data::{RULESET, WsConstants, WsTables};
use crate::rules::warstrike::unit::WsUnitState;

/// One objective marker of a scenario: a name and a point `(x, y)` in inches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsObjectiveSpec {
    /// Display name ("Laan's Bridge").
    pub name: String,
    /// The marker's centre, inches.
    pub at: (f32, f32),
    /// The side holding it when the battle begins (a side's name, as in
    /// the scenario's `sides`), or none: a scenario's own condition, held
    /// until the enemy captures it.
    #[serde(default)]
    pub held_by: Option<String>,
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

/// What a WarStrike game reads besides its state: scenario, table, tables.
pub type WsCtx = crate::engine::table_kit::TableCtx<WsSetup, WsTables>;

impl TableCatalog for WsTables {
    fn ruleset(&self) -> &str {
        RULESET
    }

    fn unit_types(&self) -> Vec<(String, String)> {
        self.units
            .iter()
            .map(|u| (u.key.clone(), u.name.clone()))
            .collect()
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
#[serde(deny_unknown_fields)]
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
    /// The phase in the game's words, in the player's language.
    pub fn name(self) -> String {
        match self {
            WsPhase::Starting => say!("ws-phase-starting"),
            WsPhase::Action => say!("ws-phase-action"),
            WsPhase::Reaction => say!("ws-phase-reaction"),
            WsPhase::CloseCombat => say!("ws-phase-close-combat"),
        }
    }
}

/// Appends `entries` to `log` under the phase `phase`, naming the phase
/// only when the sink keeps entries.
pub(super) fn write_log(log: &mut dyn LogSink, turn: u32, phase: WsPhase, entries: Vec<LogEntry>) {
    if log.wants() {
        log.extend(turn, &phase.name(), entries);
    }
}

/// An objective in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsObjective {
    /// Display name.
    pub name: String,
    /// Centre, inches.
    pub at: (f32, f32),
    /// The side that captured it last (0 or 1), if any.
    pub held_by: Option<u8>,
    /// The side holding it when the battle began (the scenario's
    /// `held_by`), if any.
    #[serde(default)]
    pub held_at_start: Option<u8>,
}

/// The side in inches of the tiny base an objective marker is measured as:
/// a point on the table for edge-to-edge measurement, not a rule value.
const OBJECTIVE_MARKER_SIZE: f32 = 0.02;

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
                frontage: OBJECTIVE_MARKER_SIZE,
                depth: OBJECTIVE_MARKER_SIZE,
            },
        )
    }
}

/// Why the battle ended (kept as data, so the state is the same in every
/// language; [`WsResult::reason`] words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum WsEnd {
    /// Both sides have no models left: a draw [stand-in].
    BothDestroyed,
    /// Side `loser` has no models left and loses at once [stand-in].
    Destroyed {
        /// The side with no models left.
        loser: u8,
    },
    /// After the last turn, by objectives held [stand-in].
    Objectives {
        /// The last turn.
        turn: u32,
        /// Objectives held by side 0 and side 1.
        held: [usize; 2],
    },
}

/// How the battle ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsResult {
    /// The winning side, or `None` for a draw.
    pub winner: Option<u8>,
    /// Why it ended.
    pub end: WsEnd,
}

impl WsResult {
    /// The rule and what happened, in words, in the player's language.
    pub fn reason(&self, sides: &[String; 2]) -> String {
        let side = |s: u8| sides[usize::from(s.min(1))].as_str();
        match self.end {
            WsEnd::BothDestroyed => say!("ws-end-both-destroyed"),
            WsEnd::Destroyed { loser } => say!("ws-end-destroyed", side = side(loser)),
            WsEnd::Objectives { turn, held } => say!(
                "ws-end-objectives",
                turn = turn,
                side_a = side(0),
                held_a = held[0],
                side_b = side(1),
                held_b = held[1]
            ),
        }
    }
}

/// One unit on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// Still hidden from the other side (WS-HID-1, Kassen's hidden
    /// deployment): not in its observation until revealed.
    #[serde(
        default,
        skip_serializing_if = "crate::engine::table_scenario::is_false"
    )]
    pub hidden: bool,
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

    /// The unit as the engine's table helpers see it.
    pub fn piece(&self) -> crate::engine::table_kit::TablePiece {
        crate::engine::table_kit::TablePiece {
            id: self.id,
            side: self.side,
            base: self.base(),
            models: self.state.models,
            hidden: self.hidden,
        }
    }

    /// Whether it has models left.
    pub fn alive(&self) -> bool {
        !self.state.destroyed()
    }
}

/// What a unit does in the action phase (WS-BASE). Paths are the centres
/// (inches) to move through; `facing` the final compass bearing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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

    pub(super) fn fire_target(&self) -> Option<u32> {
        match self {
            WsOrder::OpenFire { target } => Some(*target),
            WsOrder::Advance { fire_at, .. } => *fire_at,
            _ => None,
        }
    }

    pub(super) fn charge(&self) -> Option<u32> {
        match self {
            WsOrder::Advance { charge, .. } | WsOrder::AtTheDouble { charge, .. } => *charge,
            _ => None,
        }
    }
}

/// A player's decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
pub(super) struct Plan {
    pub(super) idx: usize,
    pub(super) action: WsAction,
    pub(super) dest: Option<(Vec<Vec2>, f32)>,
    pub(super) fire: Option<u32>,
    pub(super) fire_first: bool,
    pub(super) charge: Option<u32>,
}

/// The whole battle: plain and serializable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// The first starting phase (run when the battle is set up) has log
    /// entries still to write with the first command. Kept as a flag, not
    /// as text, so the state is the same in every language.
    pub pending_start: bool,
    /// Set when the battle is over.
    pub result: Option<WsResult>,
    /// Kassen's hidden deployment (WS-HID-1): the inches within which an
    /// enemy unit reveals a hidden one; `None` when the scenario hides no
    /// unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal_within: Option<f32>,
}

pub(super) fn refuse(reason: impl Into<String>) -> Refusal {
    Refusal::new("WS-BASE", reason)
}

impl WsBattle {
    /// The side that must decide now, or `None` when the battle is over.
    pub fn awaiting(&self) -> Option<u8> {
        self.result.is_none().then_some(self.active)
    }

    /// "Turn 3 · Action phase · Laans".
    pub fn phase_name(&self, side_names: &[String; 2]) -> String {
        say!(
            "ws-phase-line",
            turn = self.turn,
            phase = self.phase.name(),
            side = side_names[usize::from(self.active.min(1))]
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
    pub(super) fn others(&self, idx: usize) -> (Vec<Base>, Vec<u32>) {
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

    /// Inches `unit` may still move now: 2 × Mv for a free unit in its
    /// action phase (At The Double!), Mv for one that may only fall back,
    /// `None` otherwise.
    pub fn allowance(&self, unit: u32, c: &WsConstants) -> Option<f32> {
        let idx = self.index(unit)?;
        let u = &self.units[idx];
        if self.awaiting() != Some(u.side) || u.acted || !u.alive() {
            return None;
        }
        if u.state.suppressed() || self.engaged(idx) {
            Some(u.state.mv as f32)
        } else {
            Some((c.at_the_double * u.state.mv) as f32)
        }
    }
}
