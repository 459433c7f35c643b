//! WarStrike (d6): leadership and nerve tests, suppression hit-dice and nerve
//! markers, the actions, shooting and close combat — the `warstrike` rule
//! module.
//!
//! The pure rule functions work over plain values (distances arrive as
//! inches); [`battle`] drives them on the open table as a turn engine,
//! [`game`] puts that engine on the game core
//! ([`Rules`](crate::engine::core::Rules)), and [`view`] says what the app
//! shows of it.
//!
//! Where each rule lives:
//! - Unit types and fixed values (WS-LD-1, WS-SPC-*, WS-BASE stats): [`data`],
//!   `assets/rules/warstrike/units.ron`
//! - A unit's rule state (starting Nv, current Nv, markers, hit-die,
//!   models): [`unit`]
//! - Ld test, Inspiring (WS-DICE-1, WS-LD-1 … WS-LD-6, WS-SPC-1): [`leadership`]
//! - Hit-die, nerve markers, Steadfast (WS-SUP-1, WS-SUP-2, WS-HIT-*, WS-NV-*, WS-SPC-2): [`suppression`]
//! - Effects of suppression and the actions (WS-SUP-3, WS-CLR-4, WS-BASE): [`actions`]
//! - Clearing suppression and markers (WS-CLR-1 … WS-CLR-6): [`clearing`]
//! - Shooting and the salvo (WS-GLO-1, WS-HIT-4, WS-BASE): [`shooting`]
//! - Close combat (WS-SUP-3 (3), (4), WS-CLR-2, WS-CLR-5): [`close_combat`]
//! - The turn engine on the open table (starting, action, reaction and
//!   close-combat phases; objectives; victory): [`battle`]; the scenario
//!   `scenarios/laans_crossing.ron`
//!
//! Stand-ins (not in the seed; base_rules.md §5 or the digest's [SIM] readings):
//! - d6 for Ld tests and saves (WS-DICE-1 [SIM]); current Ld = printed Ld (WS-LD-4 [SIM]).
//! - Automatic results at Nv ≤ 0, Nv ≥ 6 or Ld 0, rolling no dice (WS-LD-5 [SIM]).
//! - Inspiring: the higher of the unit's and the Officer's current Nv; the
//!   unit rolls its own Ld (WS-SPC-1 [SIM]).
//! - Order within a salvo: hit counting, failed-save marker, cap (WS-HIT-5 [SIM]);
//!   markers beyond the cap are not gained (WS-NV-2 [SIM]).
//! - A salvo limit per attacking activation; shooting and melee salvos share
//!   the record (WS-GLO-1 [SIM]).
//! - A forced fall back also removes a marker (WS-CLR-4 [AMBIG], adopted).
//! - Shooting: hit on a d6 of 4+, save on d6 ≥ Sv (never below 2; 7 = none),
//!   one wound per failed save; targets within weapon range and Awareness
//!   (doubled for snap fire).
//! - Get Down!: no move, no fire, +1 save until the unit's next starting
//!   phase. Fall back: up to Mv toward the own table edge, no fire.
//!   At The Double!: no fire. Difficult terrain = slow-going.
//! - Close combat: defensive fire, keep-fighting tests, simultaneous strikes
//!   (attacks per model, 4+, saves), the side that lost more models tests Ld
//!   and falls back on a failure (see [`close_combat`]).
//! - Turn engine ([`battle`]): objectives are captured in the active side's
//!   starting phase by an unsuppressed unit within 3″ with no unsuppressed
//!   enemy within 3″, and stay held until the enemy captures them
//!   (WS-SUP-3 (2) is the seed's part); the side holding more objectives
//!   after the last turn wins, equal is a draw, and a side with no models
//!   left loses at once; turn limit 6 if the scenario gives none.
//! - A unit in base contact with an enemy is engaged: it may only fall back
//!   and fights in the close-combat phase. A charge is Advance! or At The
//!   Double! ending in base contact (no fire); the active side's unit is the
//!   charger in every fight (the opponent's if only the active one is
//!   suppressed); two suppressed units in contact each test to keep
//!   fighting, and if both pass they fight on (WS-SUP-3).
//! - Difficult going costs double along the path (the table's measure of
//!   "halved"); a fall back goes straight toward the own edge up to Mv,
//!   keeping its facing and stopping 0.25″ short of other units, or stays if
//!   it has no room; a unit losing models shrinks from the back.
//! - Shooting needs the 90° forward arc and a line of sight from the front
//!   edge (middle or corners) to the target's centre or a corner, past
//!   terrain and other units; snap fire and reaction-phase defensive fire
//!   are not offered.
//! - All unit values except LaansGuard Ld 2 / Nv 3 and Knight Paladin Ld 1 /
//!   Nv 5 (the Paladin being an Inspiring Officer/Hero is Kassen's: the seed
//!   names the rule, not the unit); the opposing "Reaver" unit types and
//!   faction names (each marked `stand_in` in units.ron).

/// `say!` with a key (`"ws-…"`), then any `name = value` arguments: this module's
/// text of a key in the player's language, from [`text::TEXT`].
macro_rules! say {
    ($($args:tt)*) => {
        $crate::say_with!($crate::rules::warstrike::text::TEXT, $($args)*)
    };
}
pub mod text;

pub mod actions;
pub mod battle;
pub mod clearing;
pub mod close_combat;
pub mod data;
pub mod game;
pub mod leadership;
pub mod shooting;
pub mod suppression;
pub mod unit;
pub mod view;

pub use data::{DIE, RULESET};
pub use game::WarStrike;

/// WarStrike on the game core.
pub type Module = WarStrike;

/// Rule IDs that need no citation in code, each with why: worked
/// examples, rules the source leaves out, and table-side conventions.
/// The coverage test checks the list stays true.
pub const NO_CODE_CITATION: [(&str, &str); 3] = [
    (
        "WS-LD-3",
        "the seed's worked examples of the Ld test (GC-WS-04)",
    ),
    (
        "WS-HIT-3",
        "the seed's worked examples of the hit-die (GC-WS-01/02)",
    ),
    (
        "WS-LD-1",
        "the meaning of the Ld and Nv values: data fields ld and nv of units.ron",
    ),
];

/// Every rule ID of the digest, for the rules panel and coverage tests.
pub const RULE_IDS: [&str; 27] = [
    "WS-DICE-1",
    "WS-BASE",
    "WS-LD-1",
    "WS-LD-2",
    "WS-LD-3",
    "WS-LD-4",
    "WS-LD-5",
    "WS-LD-6",
    "WS-SUP-1",
    "WS-SUP-2",
    "WS-SUP-3",
    "WS-HIT-1",
    "WS-HIT-2",
    "WS-HIT-3",
    "WS-HIT-4",
    "WS-HIT-5",
    "WS-NV-1",
    "WS-NV-2",
    "WS-CLR-1",
    "WS-CLR-2",
    "WS-CLR-3",
    "WS-CLR-4",
    "WS-CLR-5",
    "WS-CLR-6",
    "WS-SPC-1",
    "WS-SPC-2",
    "WS-GLO-1",
];

#[cfg(test)]
mod rule_coverage {
    //! Every WS rule ID is cited in the code that implements it and in at least one test.
    use super::RULE_IDS;

    const SOURCES: [&str; 20] = [
        include_str!("../../../assets/rules/warstrike/units.ron"),
        include_str!("actions.rs"),
        include_str!("battle/mod.rs"),
        include_str!("battle/default_orders.rs"),
        include_str!("battle/odds.rs"),
        include_str!("battle/orders.rs"),
        include_str!("battle/phases.rs"),
        include_str!("battle/sequence.rs"),
        include_str!("battle/state.rs"),
        include_str!("battle/tests.rs"),
        include_str!("clearing.rs"),
        include_str!("close_combat.rs"),
        include_str!("data.rs"),
        include_str!("game.rs"),
        include_str!("leadership.rs"),
        include_str!("mod.rs"),
        include_str!("shooting.rs"),
        include_str!("suppression.rs"),
        include_str!("unit.rs"),
        include_str!("view.rs"),
    ];

    #[test]
    fn every_rule_id_has_a_rules_reference_entry_in_english_and_spanish() {
        let tables = super::data::WsTables::load().expect("tables");
        let missing: Vec<&str> = RULE_IDS
            .iter()
            .copied()
            .filter(|id| {
                !tables
                    .rules
                    .iter()
                    .any(|r| r.id == *id && !r.translated.is_empty())
            })
            .collect();
        assert!(missing.is_empty(), "no rules reference entry: {missing:?}");
    }

    #[test]
    fn every_rule_id_is_cited_in_code_and_in_a_test() {
        let missing =
            crate::engine::rule_ids::uncited_but(&RULE_IDS, &super::NO_CODE_CITATION, &SOURCES);
        assert!(missing.is_empty(), "not cited: {missing:?}");
    }

    #[test]
    fn rule_ids_are_unique() {
        // The list holds each ID once (WS-BASE … WS-GLO-1).
        let mut ids = RULE_IDS.to_vec();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), RULE_IDS.len());
    }
}
