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
//! - Exact odds: [`odds`]; default orders: [`default_orders`]; what the
//!   computer opponent searches in Planning: [`focus`]
//! - Turn sequence and victory: [`turn`]
//!
//! The ECS layer below only gathers the battle from components into a
//! [`battle::Battle`], calls the rules, and writes the result back.

/// `say!` with a key of the catalogue (`"sba-…"`), and `name = value`
/// arguments if it has any: this module's text of a key in the player's
/// language, from [`text::TEXT`].
macro_rules! say {
    ($($args:tt)*) => {
        $crate::say_with!($crate::rules::samurai_battles::text::TEXT, $($args)*)
    };
}
pub mod text;

pub mod battle;
pub mod data;
pub mod default_orders;
pub mod editor;
pub mod focus;
pub mod fortitude;
pub mod game;
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
pub mod view;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::board::{BoardEdge, TerrainTable};
use crate::engine::scenario::{RulesetCatalog, Scenario};

use battle::ArmyState;
use data::SbaTables;
use orders::OrderSpec;
use turn::GameResult;

pub use game::SamuraiBattles;
/// Samurai Battles on the game core.
pub type Module = SamuraiBattles;

/// The ruleset key scenarios use.
pub const RULESET: &str = "samurai_battles";

/// Samurai Battles' one die, a d20 (SBA-DICE-1): every roll and every exact
/// chance of the module goes through it.
pub const DIE: crate::engine::dice::Die = crate::engine::dice::Die::D20;

/// Rule IDs that need no citation in code, each with why: worked
/// examples, rules the source leaves out, and table-side conventions.
/// The coverage test checks the list stays true.
pub const NO_CODE_CITATION: [(&str, &str); 1] = [(
    "SBA-FORT-4",
    "the seed's worked example of SBA-FORT-2 (GC-SBA-01)",
)];

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

// ---------------------------------------------------------------- states

/// The phases of a Samurai Battles turn (SBA-BASE turn structure).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

#[cfg(test)]
mod rule_coverage {
    //! Every SBA rule ID is cited in the code that implements it and in at least one test.
    use super::RULE_IDS;

    const SOURCES: [&str; 23] = [
        include_str!("../../../assets/rules/samurai_battles/morale.ron"),
        include_str!("../../../assets/rules/samurai_battles/orders.ron"),
        include_str!("../../../assets/rules/samurai_battles/terrain.ron"),
        include_str!("../../../assets/rules/samurai_battles/units.ron"),
        include_str!("battle.rs"),
        include_str!("data.rs"),
        include_str!("default_orders.rs"),
        include_str!("focus.rs"),
        include_str!("fortitude.rs"),
        include_str!("game.rs"),
        include_str!("game_tests.rs"),
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
        include_str!("view.rs"),
    ];

    #[test]
    fn every_rule_id_is_cited_in_code_and_in_a_test() {
        let missing =
            crate::engine::rule_ids::uncited_but(&RULE_IDS, &super::NO_CODE_CITATION, &SOURCES);
        assert!(missing.is_empty(), "not cited: {missing:?}");
    }
}
