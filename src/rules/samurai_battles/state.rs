//! The plain state of a Samurai Battles game: the phases of a turn, the
//! module state that is not on a unit, the players' commands, the game's
//! scenario, board and tables, and the whole game as plain values.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::board::{BoardEdge, HexBoard};
use crate::engine::scenario::Scenario;

use super::battle::{ArmyState, Battle, SbaUnit};
use super::data::SbaTables;
use super::orders::{OrderSpec, OrderStep};
use super::turn::GameResult;

// ---------------------------------------------------------------- states

/// The phases of a Samurai Battles turn (SBA-BASE turn structure).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// The battle is over.
    GameOver,
}

impl SbaPhase {
    /// The phase's name in the rules' words.
    pub fn name(self) -> String {
        match self {
            SbaPhase::Setup => say!("sba-phase-setup"),
            SbaPhase::Morale => say!("sba-phase-morale"),
            SbaPhase::Planning => say!("sba-phase-planning"),
            SbaPhase::Execution => say!("sba-phase-execution"),
            SbaPhase::EndOfTurn => say!("sba-phase-end-of-turn"),
            SbaPhase::GameOver => say!("sba-phase-game-over"),
        }
    }
}

// ---------------------------------------------------------------- game state

/// Module state that is not on a unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
}

impl SbaGame {
    /// The side whose player writes orders now: the first not done, or `None`.
    pub fn side_to_plan(&self) -> Option<u8> {
        self.planning_done.iter().position(|d| !d).map(|i| i as u8)
    }
}

/// A player's intent. Validated; an illegal one is refused with a [`Refusal`]
/// and changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// The rules' next automatic step (a phase or Execution step); sessions
    /// apply it themselves.
    Step,
}

/// Scenario, board and tables of a game.
#[derive(Clone, Debug)]
pub struct SbaCtx {
    /// The scenario.
    pub scenario: Scenario,
    /// Its board.
    pub board: HexBoard,
    /// The module tables.
    pub tables: SbaTables,
}

/// The whole game as plain values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SbaState {
    /// The phase.
    pub phase: SbaPhase,
    /// The Execution step about to run, in the Execution Phase.
    pub step: Option<OrderStep>,
    /// Turn, armies, written orders, result.
    pub game: SbaGame,
    /// Units on the board, sorted by id.
    pub units: Vec<SbaUnit>,
}

/// A read-only [`Battle`] over the state (units are copied).
pub fn read_battle<'a>(ctx: &'a SbaCtx, state: &SbaState) -> Battle<'a> {
    Battle::new(
        state.units.clone(),
        &ctx.board,
        &ctx.tables,
        state.game.edges,
        state.game.armies.clone(),
    )
}

pub(crate) fn side_names(ctx: &SbaCtx) -> [String; 2] {
    [0, 1].map(|i| {
        ctx.scenario
            .sides
            .get(i)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    })
}
