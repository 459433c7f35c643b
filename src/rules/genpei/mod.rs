//! Commands & Colors: Samurai Battles with the Genpei variant (seed 002,
//! digest `genpei_cc.md`, rule IDs `GEN-*`; the C&C base game from
//! `base_rules.md` §1, cited as `GEN-BASE`).
//!
//! Built so far, as data and pure functions, each tested on its own:
//! - the battle die and rolls through the one `Dice`, with the Sohei
//!   keep-and-reroll of H&F and the H&F that Inspiration cancels
//!   ([`battle_dice`]);
//! - how many dice an attack rolls, with naval reductions and terrain caps
//!   ([`attack_dice`]);
//! - what a roll does: symbol hits, swords after grapples and resistance,
//!   flags ignored or turned into hits at sea, H&F tokens; attacks on
//!   palisades and stockades; the Sohei H&F loss ([`effects`]);
//! - exact odds of an attack, checked against sampling ([`odds`]);
//! - naval movement with the wind/tide, embarking, grapples and naval
//!   leaders ([`naval`]);
//! - H&F costs of retreats and Inspiration, Lack of Honor, leader checks
//!   and leaders at sea ([`honor`]);
//! - marsh, stockade, palisade and arrow-tower movement and sight rules,
//!   and the Command Ship ([`works`]);
//! - the Command deck: 60 cards as data, shuffled and drawn through the
//!   one `Dice`, which units a card orders, and a deck as the other player
//!   may know it ([`cards`]).
//!
//! Not yet built, so not in the registry: the game state and its commands
//! (turn, hands and the Dragon deck, the H&F pool, leaders,
//! retreats, victory banners), the board views and the two scenarios.
//! [`BUILT`] lists the rule IDs the code above enforces; the coverage test
//! holds each of them to a citation in code and in a test.

pub mod attack_dice;
pub mod battle_dice;
pub mod cards;
pub mod data;
pub mod effects;
pub mod honor;
pub mod naval;
pub mod odds;
pub mod works;

/// Every rule ID of the digest `genpei_cc.md`, in its order.
pub const RULE_IDS: [&str; 63] = [
    "GEN-DICE-1",
    "GEN-DICE-2",
    "GEN-BASE",
    "GEN-NAV-1",
    "GEN-NAV-2",
    "GEN-NAV-3",
    "GEN-NAV-4",
    "GEN-NAV-5",
    "GEN-NAV-6",
    "GEN-AMP-1",
    "GEN-AMP-2",
    "GEN-AMP-3",
    "GEN-AMP-4",
    "GEN-GRP-1",
    "GEN-GRP-2",
    "GEN-GRP-3",
    "GEN-GRP-4",
    "GEN-GRP-5",
    "GEN-NCB-1",
    "GEN-NCB-2",
    "GEN-NCB-3",
    "GEN-NCB-4",
    "GEN-NCB-5",
    "GEN-NCB-6",
    "GEN-NLD-1",
    "GEN-NLD-2",
    "GEN-NLD-3",
    "GEN-NLD-4",
    "GEN-CMD-1",
    "GEN-CMD-2",
    "GEN-CRD-1",
    "GEN-CRD-2",
    "GEN-CRD-3",
    "GEN-CRD-4",
    "GEN-CRD-5",
    "GEN-OCN-1",
    "GEN-OCN-2",
    "GEN-PAL-1",
    "GEN-PAL-2",
    "GEN-PAL-3",
    "GEN-PAL-4",
    "GEN-PAL-5",
    "GEN-STK-1",
    "GEN-STK-2",
    "GEN-STK-3",
    "GEN-STK-4",
    "GEN-STK-5",
    "GEN-STK-6",
    "GEN-STK-7",
    "GEN-TWR-1",
    "GEN-TWR-2",
    "GEN-TWR-3",
    "GEN-MSH-1",
    "GEN-MSH-2",
    "GEN-MSH-3",
    "GEN-MSH-4",
    "GEN-MSH-5",
    "GEN-UNIT-1",
    "GEN-UNIT-2",
    "GEN-UNIT-3",
    "GEN-SCN-1",
    "GEN-SCN-2",
    "GEN-SCN-3",
];

/// The rule IDs the code of this folder enforces so far; the rest wait for
/// the game state (see the module doc).
pub const BUILT: [&str; 43] = [
    "GEN-DICE-1",
    "GEN-DICE-2",
    "GEN-BASE",
    "GEN-NAV-3",
    "GEN-NAV-4",
    "GEN-NAV-5",
    "GEN-AMP-1",
    "GEN-AMP-2",
    "GEN-AMP-4",
    "GEN-GRP-1",
    "GEN-GRP-2",
    "GEN-GRP-3",
    "GEN-NCB-1",
    "GEN-NCB-2",
    "GEN-NCB-3",
    "GEN-NCB-4",
    "GEN-NCB-5",
    "GEN-NCB-6",
    "GEN-NLD-2",
    "GEN-NLD-3",
    "GEN-NLD-4",
    "GEN-OCN-1",
    "GEN-PAL-4",
    "GEN-STK-3",
    "GEN-STK-4",
    "GEN-STK-6",
    "GEN-TWR-3",
    "GEN-MSH-4",
    "GEN-UNIT-1",
    "GEN-UNIT-2",
    "GEN-UNIT-3",
    "GEN-PAL-3",
    "GEN-NLD-1",
    "GEN-MSH-2",
    "GEN-MSH-3",
    "GEN-STK-1",
    "GEN-STK-2",
    "GEN-STK-5",
    "GEN-TWR-2",
    "GEN-CMD-2",
    "GEN-CRD-2",
    "GEN-CRD-3",
    "GEN-CRD-4",
];

#[cfg(test)]
mod rule_coverage {
    //! Every GEN rule ID built so far is cited in the code that implements
    //! it and in at least one test.
    use super::{BUILT, RULE_IDS};

    const SOURCES: [&str; 14] = [
        include_str!("../../../assets/rules/genpei/battle_die.ron"),
        include_str!("../../../assets/rules/genpei/combat.ron"),
        include_str!("../../../assets/rules/genpei/command_cards.ron"),
        include_str!("../../../assets/rules/genpei/terrain.ron"),
        include_str!("../../../assets/rules/genpei/units.ron"),
        include_str!("attack_dice.rs"),
        include_str!("battle_dice.rs"),
        include_str!("cards.rs"),
        include_str!("data.rs"),
        include_str!("effects.rs"),
        include_str!("honor.rs"),
        include_str!("naval.rs"),
        include_str!("odds.rs"),
        include_str!("works.rs"),
    ];

    #[test]
    fn every_built_rule_id_is_cited_in_code_and_in_a_test() {
        let missing = crate::engine::rule_ids::uncited(&BUILT, &SOURCES);
        assert!(missing.is_empty(), "not cited: {missing:?}");
    }

    #[test]
    fn the_built_ids_are_digest_ids_and_the_list_has_no_duplicates() {
        let all: std::collections::BTreeSet<&str> = RULE_IDS.iter().copied().collect();
        assert_eq!(all.len(), RULE_IDS.len());
        let built: std::collections::BTreeSet<&str> = BUILT.iter().copied().collect();
        assert_eq!(built.len(), BUILT.len());
        assert!(built.is_subset(&all));
    }
}
