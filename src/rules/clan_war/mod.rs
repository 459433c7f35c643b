//! Clan War (Legend of the Five Rings miniatures): the `clan_war` rule module.
//!
//! The rules are pure functions over plain values; the turn engine
//! ([`battle`]; [`game`] puts it on the game core, [`view`] shows it) calls them on the
//! open table, measuring every distance, arc, approach angle, line of sight,
//! contact and move with `crate::engine::table`. Every function names the
//! rule it implements; every roll goes through
//! [`crate::engine::dice::Dice`] and yields a log entry.
//!
//! - Turn engine, setup, commands, victory: [`battle`]; the computer's
//!   play: [`policy`]; scenario `scenarios/desperate_journey.ron`.
//!
//! Where each rule lives:
//! - Test convention, die size, exact odds (CW-GEN-1, CW-GEN-2): [`test_roll`]
//! - Unit cards, settings, cards (`assets/rules/clan_war/*.ron`): [`data`]
//! - Maneuver tests (CW-GEN-3 base term): [`maneuver`]
//! - Condition track (CW-GEN-3): [`condition`]
//! - Morale tests, rally, spent (CW-GEN-3, CW-HON-3/4/5/9/10): [`morale`]
//! - Attack and Damage dice (CW-GEN-3; modifiers of CW-RNG-6, CW-HOS-3, CW-ENG-7): [`combat`]
//! - Honor track (CW-HON-1 … CW-HON-10): [`honor`]
//! - Flight, take-off, air movement, manoeuvres in the air (CW-FLY-1 … CW-FLY-15): [`flight`]
//! - Landings, Dive, engaging from the air, escaping by air, forced landings
//!   (CW-LAND-*, CW-DIVE-*, CW-ENG-*, CW-FRC-*): [`landing`]
//! - Fly-By attacks (CW-FBY-1 … CW-FBY-5): [`fly_by`]
//! - Ranged attacks with flyers (CW-RNG-1 … CW-RNG-7): [`ranged`]
//! - Cards, skills, duels with flyers (CW-CRD-1 … CW-CRD-4): [`cards`]
//! - Hostages, Desperate Journey (CW-HOS-1 … CW-HOS-11): [`hostage`]
//!
//! Stand-ins (values or procedures the source does not give):
//! - Every unit stat in `units.ron` except the seed's ranges (Fire Dragon
//!   8"/16", Crane Elite Archers 15"/30"), the dragons' Flight and the Fire
//!   Dragon's 8" movement; the Creature trait of the dragons; clan base
//!   Honor; the honor gains of CW-HON-2 (`settings.ron`).
//! - A natural 1 always fails (base_rules.md §4).
//! - Maneuver test: die + Leadership ≥ TL, complex −2, failure unformed.
//! - Morale test: die + Leadership ≥ TL, −1 per earlier test this turn,
//!   −1 unformed, −2 broken, −3 routing, −1 after a Full Retreat; failure
//!   breaks a formed or unformed unit and moves broken → routing →
//!   destroyed (CW-GEN-3); rally test in the End phase moves one step
//!   back; base Morale triggers from the Daimyo reference sheet, a friend
//!   breaking within 8" among them (`settings.ron`).
//! - Attacks: one die per model; hit on die + ATT ≥ ATN, then die + DAM ≥ ATN
//!   for one Wound; Fly-By attacks against the close ATN; forced-landing
//!   Damage dice at DAM 0 against the unit's close ATN.
//! - Ground movement phases: every unit moves in Primary and Reserve, Cavalry
//!   units also in the Cavalry phase (CW-FLY-4); a successful ground retreat
//!   moves the full movement (CW-ENG-7).
//! - CW-HON-7 tie: nobody draws. CW-HON-8 (missing): no effect from 0 to −40.
//! - CW-DIVE-4: an engaging dive takes only the −2 dive test. CW-ENG-4: no
//!   modifier beyond the complex −2. CW-FRC-2: forced landing move = half
//!   movement plus the extension. A take-off blocked exactly at the half
//!   move fails (CW-FLY-5).
//! - CW-FBY-4: dice of a skipped Fly-By roll carry into the next movement
//!   phase of the turn.
//! - CW-HOS-3: the All-Out penalty is paid once per declaring unit per
//!   engagement, and All-Out cannot revert to Strike Easy. CW-HOS-4:
//!   −⌊wounds/2⌋. CW-HOS-7: the first engaged unit when the owner does not
//!   choose. CW-HOS-11: the tournament keeps CW-HOS-1 … CW-HOS-10 and drops
//!   the rulebook's other hostage rules.
//! - Turn engine ([`battle`]): no Initiative phase (side 0 decides first);
//!   ranged attacks declared and resolved together at the end of the Ranged
//!   Attack phase; "closest" = closest enemy in the forward arc and line of
//!   sight; grounded units block line of sight at model height, airborne
//!   ones never; close combat: every grounded unit in contact attacks the
//!   lowest-id enemy it touches, simultaneously; an engaged unit does not
//!   move (no Full Retreat; only a flyer's Break-Away by air, CW-ENG-7); a
//!   hindered unit without a stance fights with Strike Easy; broken units do not shoot, routing
//!   units neither move, shoot nor attack; the personality is a unit's last
//!   model; bases keep their front edge as models fall; an airborne unit
//!   that did not move in its Primary or Cavalry phase makes a forced
//!   landing straight ahead, extended by 0.5" steps to land 1" clear; a
//!   hostage whose holder dies with no enemy engaged is lost; victory: a
//!   side destroyed or wholly routing loses, else at the turn limit most VP
//!   (settings `victory`: 2 per enemy unit destroyed, 3 for holding a living
//!   hostage, −2 per All-Out Attack or execution), then honor, else a draw;
//!   Fly-By contacts sampled every 0.1" (touching counts the front rank,
//!   passing through every rank), rolled at the end of the side's Primary or
//!   Cavalry phase against the first enemy touched; an airborne manoeuvre is
//!   a Wheel when no leg nor the final facing turns more than 90° from the
//!   starting facing; reactionary fire whatever the archers' arc; escaping
//!   by air is a simple Maneuver test, parting shots one die per model
//!   against the close ATN.
//! - The computer's play ([`policy`]) is a stand-in policy.

/// `say!` with a key (`cw-…`), optionally followed by `name = value`
/// arguments: this module's text of the key in the player's language, from
/// [`text::TEXT`].
macro_rules! say {
    ($($args:tt)*) => {
        $crate::say_with!($crate::rules::clan_war::text::TEXT, $($args)*)
    };
}
pub mod text;

pub mod battle;
pub mod cards;
pub mod combat;
pub mod condition;
pub mod data;
pub mod flight;
pub mod fly_by;
pub mod game;
pub mod honor;
pub mod hostage;
pub mod landing;
pub mod maneuver;
pub mod morale;
pub mod policy;
pub mod ranged;
pub mod test_roll;
pub mod view;

pub use game::ClanWar;

/// Clan War on the game core.
pub type Module = ClanWar;

/// Rule IDs that need no citation in code, each with why: worked
/// examples, rules the source leaves out, and table-side conventions.
/// The coverage test checks the list stays true.
pub const NO_CODE_CITATION: [(&str, &str); 7] = [
    (
        "CW-RNG-7",
        "the seed's worked example of the range bands (GC-CW-06/07)",
    ),
    (
        "CW-HON-8",
        "the consequence list is missing from the source; stand-in: none",
    ),
    (
        "CW-FLY-15",
        "the card template is how the table shows a flyer; no game effect",
    ),
    (
        "CW-FLY-7",
        "formation while airborne: the footprint does not change, so nothing to log",
    ),
    (
        "CW-HOS-11",
        "tournament scope: which hostage rules exist at all",
    ),
    (
        "CW-FLY-1",
        "deployment grounded: the state at set-up, before any log",
    ),
    (
        "CW-FLY-13",
        "not reached in play: airborne manoeuvres take no Maneuver test (closing note of issue 3)",
    ),
];

/// Every rule ID of the Clan War digest, for the rules panel and coverage tests.
pub const RULE_IDS: [&str; 73] = [
    "CW-GEN-1",
    "CW-GEN-2",
    "CW-GEN-3",
    "CW-HON-1",
    "CW-HON-2",
    "CW-HON-3",
    "CW-HON-4",
    "CW-HON-5",
    "CW-HON-6",
    "CW-HON-7",
    "CW-HON-8",
    "CW-HON-9",
    "CW-HON-10",
    "CW-FLY-1",
    "CW-FLY-2",
    "CW-FLY-3",
    "CW-FLY-4",
    "CW-FLY-5",
    "CW-FLY-6",
    "CW-FLY-7",
    "CW-FLY-8",
    "CW-FLY-9",
    "CW-FLY-10",
    "CW-FLY-11",
    "CW-FLY-12",
    "CW-FLY-13",
    "CW-FLY-14",
    "CW-FLY-15",
    "CW-LAND-1",
    "CW-LAND-2",
    "CW-LAND-3",
    "CW-DIVE-1",
    "CW-DIVE-2",
    "CW-DIVE-3",
    "CW-DIVE-4",
    "CW-DIVE-5",
    "CW-ENG-1",
    "CW-ENG-2",
    "CW-ENG-3",
    "CW-ENG-4",
    "CW-ENG-5",
    "CW-ENG-6",
    "CW-ENG-7",
    "CW-FBY-1",
    "CW-FBY-2",
    "CW-FBY-3",
    "CW-FBY-4",
    "CW-FBY-5",
    "CW-RNG-1",
    "CW-RNG-2",
    "CW-RNG-3",
    "CW-RNG-4",
    "CW-RNG-5",
    "CW-RNG-6",
    "CW-RNG-7",
    "CW-FRC-1",
    "CW-FRC-2",
    "CW-FRC-3",
    "CW-CRD-1",
    "CW-CRD-2",
    "CW-CRD-3",
    "CW-CRD-4",
    "CW-HOS-1",
    "CW-HOS-2",
    "CW-HOS-3",
    "CW-HOS-4",
    "CW-HOS-5",
    "CW-HOS-6",
    "CW-HOS-7",
    "CW-HOS-8",
    "CW-HOS-9",
    "CW-HOS-10",
    "CW-HOS-11",
];

#[cfg(test)]
mod rule_coverage {
    //! Every CW rule ID is cited in the code that implements it and in at least one test.
    use super::RULE_IDS;

    const SOURCES: [&str; 36] = [
        include_str!("../../../assets/rules/clan_war/cards.ron"),
        include_str!("../../../assets/rules/clan_war/settings.ron"),
        include_str!("../../../assets/rules/clan_war/units.ron"),
        include_str!("battle/mod.rs"),
        include_str!("battle/airborne.rs"),
        include_str!("battle/close_combat.rs"),
        include_str!("battle/end_phase.rs"),
        include_str!("battle/losses.rs"),
        include_str!("battle/movement.rs"),
        include_str!("battle/movement_checks.rs"),
        include_str!("battle/odds.rs"),
        include_str!("battle/paths.rs"),
        include_str!("battle/sequence.rs"),
        include_str!("battle/shooting.rs"),
        include_str!("battle/state.rs"),
        include_str!("battle/tests.rs"),
        include_str!("battle/tests_air.rs"),
        include_str!("battle/tests_fly_by.rs"),
        include_str!("policy.rs"),
        include_str!("cards.rs"),
        include_str!("combat.rs"),
        include_str!("condition.rs"),
        include_str!("data.rs"),
        include_str!("fly_by.rs"),
        include_str!("game.rs"),
        include_str!("flight.rs"),
        include_str!("honor.rs"),
        include_str!("hostage.rs"),
        include_str!("landing.rs"),
        include_str!("landing_tests.rs"),
        include_str!("maneuver.rs"),
        include_str!("mod.rs"),
        include_str!("morale.rs"),
        include_str!("ranged.rs"),
        include_str!("test_roll.rs"),
        include_str!("view.rs"),
    ];

    #[test]
    fn every_rule_id_has_a_rules_reference_entry_in_english_and_spanish() {
        let tables = super::data::CwTables::load().expect("tables");
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
    fn rule_ids_match_the_digest_areas() {
        // CW-GEN-1 … CW-HOS-11: 73 IDs, no duplicates.
        let set: std::collections::BTreeSet<&str> = RULE_IDS.iter().copied().collect();
        assert_eq!(set.len(), RULE_IDS.len());
        assert!(RULE_IDS.iter().all(|id| id.starts_with("CW-")));
    }
}

#[cfg(test)]
mod desperate_journey {
    //! The stand-in battle's units driving the rules together: the Lion army
    //! with the Fire Dragon holds a Crane hostage; the Crane army with its
    //! Elite Archers tries to get it back.
    use super::combat::{
        Attack, AttackKind, AttackSituation, attack_value, damage_value, resolve_attack,
    };
    use super::condition::Condition;
    use super::data::CwTables;
    use super::flight::{TakeOff, take_off};
    use super::hostage::{Stance, StanceRecord, Standing, declare_stance, hindered, take_hostage};
    use super::ranged::{RangeBand, range_check};
    use crate::engine::dice::Dice;
    use crate::engine::units::FlightState;

    #[test]
    fn dragon_takes_off_and_trades_shots_with_the_elite_archers() {
        // CW-FLY-5 take-off, CW-RNG-3/4/6 bands, stand-in attacks with the table stats.
        let t = CwTables::load().expect("tables");
        let conv = t.settings.convention;
        let dragon = t.unit("fire_dragon").expect("dragon");
        let archers = t.unit("crane_elite_archers").expect("archers");
        let up = take_off(
            &TakeOff {
                unit: 1,
                name: dragon.name.clone(),
                state: FlightState::Grounded,
                has_flight: dragon.has(super::data::Trait::Flight),
                total_models: dragon.total_models(),
                movement: dragon.movement,
                blocked_at: None,
                condition: Condition::Formed,
            },
            &t.settings.flight,
        )
        .expect("legal");
        assert_eq!(up.state, FlightState::Airborne);
        let (a, d) = (
            archers.range.expect("archers shoot"),
            dragon.range.expect("dragon breathes"),
        );
        let rv = &t.settings.ranged;
        let shot = range_check(
            a.close,
            a.extended,
            10.0,
            FlightState::Grounded,
            up.state,
            rv,
        );
        assert_eq!(shot.band, RangeBand::Extended);
        let sit = AttackSituation {
            range_band: Some((shot.band, shot.band.att_modifier(rv))),
            ..Default::default()
        };
        let mut dice = Dice::new(7);
        // Ten archers: hits need 9 - (4 - 2) = 7+.
        dice.load([7, 8, 2, 3, 4, 5, 6, 1, 10, 2, 9, 9, 2]);
        let volley = resolve_attack(
            &mut dice,
            conv,
            &Attack {
                kind: AttackKind::Ranged,
                rule: "CW-RNG-3".into(),
                attacker: 2,
                target: 1,
                dice: archers.models,
                att: attack_value(archers.att, &sit),
                dam: damage_value(archers.dam, &sit),
                atn: dragon.atn_ranged,
            },
        );
        assert_eq!(volley.hits, 3);
        // Damage 9, 9, 2 with DAM 3 against 9: two wounds.
        assert_eq!(volley.wounds, 2);
        let back = range_check(
            d.close,
            d.extended,
            10.0,
            up.state,
            FlightState::Grounded,
            rv,
        );
        assert_eq!(back.band, RangeBand::Close);
    }

    #[test]
    fn crane_units_are_hindered_by_the_crane_hostage() {
        // CW-HOS-1, CW-HOS-3 with the table's units.
        let t = CwTables::load().expect("tables");
        let captor = t.unit("lion_command").expect("captor");
        let (h, _) = take_hostage("crane", 10, 0);
        let crane = t.unit("crane_command").expect("crane");
        assert!(hindered(&h, crane.clan.as_deref(), "crane"));
        assert!(!hindered(&h, captor.clan.as_deref(), "lion"));
        let honor = t.clan_base_honor("crane").expect("crane honor");
        let st = Standing { honor, vp: 0 };
        let c = declare_stance(
            20,
            StanceRecord::default(),
            Stance::AllOutAttack,
            st,
            &t.settings.hostage,
        )
        .expect("ok");
        assert_eq!(c.standing.honor, honor - 5);
        assert_eq!(crane.att + c.att_modifier, crane.att + 1);
    }
}
