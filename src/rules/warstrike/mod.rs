//! WarStrike (d6): leadership and nerve tests, suppression hit-dice and nerve
//! markers, the actions, shooting and close combat — the `warstrike` rule
//! module.
//!
//! This release holds the module's pure rule functions over plain values
//! (distances arrive as inches); the open table, the unit components and the
//! phases that drive them in a game are not built yet.
//!
//! Where each rule lives:
//! - Unit types and fixed values (WS-LD-1, WS-SPC-*, WS-BASE stats): [`data`],
//!   `assets/rules/warstrike/units.ron`
//! - A unit's rule state (starting Nv, markers, hit-die, models): [`unit`]
//! - Ld test, current Nv, Inspiring (WS-DICE-1, WS-LD-1 … WS-LD-6, WS-SPC-1): [`leadership`]
//! - Hit-die, nerve markers, Steadfast (WS-SUP-1, WS-SUP-2, WS-HIT-*, WS-NV-*, WS-SPC-2): [`suppression`]
//! - Effects of suppression and the actions (WS-SUP-3, WS-CLR-4, WS-BASE): [`actions`]
//! - Clearing suppression and markers (WS-CLR-1 … WS-CLR-6): [`clearing`]
//! - Shooting and the salvo (WS-GLO-1, WS-HIT-4, WS-BASE): [`shooting`]
//! - Close combat (WS-SUP-3 (3), (4), WS-CLR-2, WS-CLR-5): [`close_combat`]
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
//! - All unit values except LaansGuard Ld 2 / Nv 3 and Knight Paladin Ld 1 /
//!   Nv 5 / Inspiring; the opposing "Reaver" unit types and faction names
//!   (each marked `stand_in` in units.ron).

pub mod actions;
pub mod clearing;
pub mod close_combat;
pub mod data;
pub mod leadership;
pub mod shooting;
pub mod suppression;
pub mod unit;

/// The ruleset key scenarios use.
pub const RULESET: &str = "warstrike";

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

    const SOURCES: [&str; 9] = [
        include_str!("actions.rs"),
        include_str!("clearing.rs"),
        include_str!("close_combat.rs"),
        include_str!("data.rs"),
        include_str!("leadership.rs"),
        include_str!("mod.rs"),
        include_str!("shooting.rs"),
        include_str!("suppression.rs"),
        include_str!("unit.rs"),
    ];

    /// Whether `text` cites `id` (not as the prefix of a longer ID).
    fn cites(text: &str, id: &str) -> bool {
        text.match_indices(id)
            .any(|(i, _)| !text[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()))
    }

    /// The code and test parts of a source file; the `RULE_IDS` list itself
    /// and the module doc's stand-in list do not count as citing.
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
    fn rule_ids_are_unique() {
        // The list holds each ID once (WS-BASE … WS-GLO-1).
        let mut ids = RULE_IDS.to_vec();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), RULE_IDS.len());
    }
}
