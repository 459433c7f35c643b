//! Clan War (Legend of the Five Rings miniatures): the `clan_war` rule module.
//!
//! This release holds the rules as pure functions over plain values: the
//! geometry layer (distances, angles, whether a path or a landing spot is
//! blocked) and the turn engine that calls them are not built yet. Every
//! function names the rule it implements; every roll goes through
//! [`crate::engine::dice::Dice`] and yields a log entry.
//!
//! Where each rule lives:
//! - Test convention, die size, exact odds (CW-GEN-1, CW-GEN-2): [`test_roll`]
//! - Unit cards, settings, cards (`assets/rules/clan_war/*.ron`): [`data`]
//! - Maneuver tests (CW-GEN-3 base term): [`maneuver`]
//! - Morale tests, condition track, rally, spent (CW-GEN-3, CW-HON-3/4/5/9/10): [`morale`]
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
//!   moves formed → unformed → broken → routing → destroyed (an airborne unit
//!   skips unformed, CW-FLY-14); rally test in the End phase moves one step
//!   back; base Morale triggers from the Daimyo reference sheet.
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

pub mod cards;
pub mod combat;
pub mod data;
pub mod flight;
pub mod fly_by;
pub mod honor;
pub mod hostage;
pub mod landing;
pub mod maneuver;
pub mod morale;
pub mod ranged;
pub mod test_roll;

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

    const SOURCES: [&str; 13] = [
        include_str!("cards.rs"),
        include_str!("combat.rs"),
        include_str!("data.rs"),
        include_str!("fly_by.rs"),
        include_str!("flight.rs"),
        include_str!("honor.rs"),
        include_str!("hostage.rs"),
        include_str!("landing.rs"),
        include_str!("maneuver.rs"),
        include_str!("mod.rs"),
        include_str!("morale.rs"),
        include_str!("ranged.rs"),
        include_str!("test_roll.rs"),
    ];

    /// Whether `text` cites `id` (not as the prefix of a longer ID).
    fn cites(text: &str, id: &str) -> bool {
        text.match_indices(id)
            .any(|(i, _)| !text[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()))
    }

    /// The code and test parts of a source file; the `RULE_IDS` list and the
    /// module doc's index (lines starting with `//!`) do not count as citing.
    fn split(src: &str) -> (String, String) {
        let (code, tests) = match src.find("#[cfg(test)]") {
            Some(i) => (&src[..i], &src[i..]),
            None => (src, ""),
        };
        let code = match code.find("pub const RULE_IDS") {
            Some(i) => {
                let end = code[i..].find("];").map_or(code.len(), |j| i + j);
                format!("{}{}", &code[..i], &code[end..])
            }
            None => code.to_string(),
        };
        let code: String = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//!"))
            .collect::<Vec<_>>()
            .join("\n");
        (code, tests.to_string())
    }

    #[test]
    fn every_rule_id_is_cited_in_code_and_in_a_test() {
        let mut missing = Vec::new();
        for id in RULE_IDS {
            let code = SOURCES.iter().any(|s| cites(&split(s).0, id));
            let test = SOURCES.iter().any(|s| cites(&split(s).1, id));
            if !code || !test {
                missing.push(format!("{id} (code: {code}, test: {test})"));
            }
        }
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
    use super::data::CwTables;
    use super::flight::{TakeOff, take_off};
    use super::hostage::{Stance, StanceRecord, Standing, declare_stance, hindered, take_hostage};
    use super::morale::Condition;
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
        let up = take_off(&TakeOff {
            unit: 1,
            name: dragon.name.clone(),
            state: FlightState::Grounded,
            has_flight: dragon.has(super::data::Trait::Flight),
            total_models: dragon.total_models(),
            movement: dragon.movement,
            blocked_at: None,
            condition: Condition::Formed,
        })
        .expect("legal");
        assert_eq!(up.state, FlightState::Airborne);
        let (a, d) = (
            archers.range.expect("archers shoot"),
            dragon.range.expect("dragon breathes"),
        );
        let shot = range_check(a.close, a.extended, 10.0, FlightState::Grounded, up.state);
        assert_eq!(shot.band, RangeBand::Extended);
        let sit = AttackSituation {
            range_band: Some(shot.band),
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
        let back = range_check(d.close, d.extended, 10.0, up.state, FlightState::Grounded);
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
        let c = declare_stance(20, StanceRecord::default(), Stance::AllOutAttack, st).expect("ok");
        assert_eq!(c.standing.honor, honor - 5);
        assert_eq!(crane.att + c.att_modifier, crane.att + 1);
    }
}
