//! Samurai Battles, Art of Tactic (d20): the `samurai_battles` rule module.
//!
//! Where each rule lives:
//! - Fortitude Test (SBA-FORT-*): [`fortitude`]
//! - Morale levels, failure effects (SBA-MOR-*): [`morale`]
//! - General Staff: Dishonor, Rally Point (SBA-GS-*): [`general_staff`]
//! - Orders, their table and checks (SBA-ORD-1..4): [`orders`], [`order_checks`], `assets/rules/samurai_battles/orders.ron`
//! - Melee, engagement, winners (SBA-MEL-*): [`melee`]
//! - Honor Markers (SBA-HON-*): [`honor`]
//! - Movement, Flee, Panic, Pursue, Zone of Control (SBA-ORD-6/7/9): [`movement`]
//! - Fire, Fire and Retreat, hidden archers (SBA-ORD-5/10): [`ranged`]
//! - Join Up (SBA-ORD-11): [`join_up`]
//! - Exact odds: [`odds`]; default orders: [`default_orders`]; what the
//!   computer opponent searches in Planning: [`focus`]
//! - Turn sequence and victory: [`turn`]
//! - Phases, commands and the game's plain state: [`state`]; the tables,
//!   the die and the rule IDs: [`data`]
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
pub mod order_checks;
pub mod orders;
pub mod ranged;
pub mod state;
pub mod turn;
pub mod view;

pub use data::{DIE, NO_CODE_CITATION, RULE_IDS, RULESET};
pub use game::SamuraiBattles;
pub use state::{SbaCommand, SbaGame, SbaPhase};
/// Samurai Battles on the game core.
pub type Module = SamuraiBattles;

#[cfg(test)]
mod rule_coverage {
    //! Every SBA rule ID is cited in the code that implements it and in at least one test.
    use super::RULE_IDS;

    const SOURCES: [&str; 25] = [
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
        include_str!("order_checks.rs"),
        include_str!("orders.rs"),
        include_str!("ranged.rs"),
        include_str!("state.rs"),
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
