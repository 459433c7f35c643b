//! Suppression: the hit-die, nerve markers and Steadfast (WS-SUP-1, WS-SUP-2,
//! WS-HIT-*, WS-NV-*, WS-SPC-2).
//!
//! The hit-die is a d6 (WS-DICE-1) placed next to a unit; a Steadfast unit uses
//! a second one for hits 7–12. Here the dice are one count, 0 (no hit-die) to
//! 6 (or 12), shown as dice by [`hit_dice`].

use crate::engine::log::LogEntry;

use super::data::{DIE, WsConstants};

/// What hit the unit: both suppress alike (WS-SUP-1, WS-NV-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HitSource {
    /// An enemy unit's shooting (a salvo of ranged attacks, WS-GLO-1).
    Shooting,
    /// An enemy unit's melee attacks in close combat.
    CloseCombat,
}

impl HitSource {
    /// The source in the rules' words, in the player's language.
    pub fn name(self) -> String {
        match self {
            HitSource::Shooting => say!("ws-source-shooting"),
            HitSource::CloseCombat => say!("ws-source-close-combat"),
        }
    }
}

/// Whether a salvo suppresses its target: any hit at all does, killing or not
/// (WS-SUP-1).
pub fn suppresses(hits: u32) -> bool {
    hits > 0
}

/// Hit-dice next to a unit: one, or [`WsConstants::steadfast_hit_dice`]
/// (two) for a Steadfast unit (WS-SUP-2, WS-SPC-2).
fn hit_dice_count(steadfast: bool, c: &WsConstants) -> u32 {
    if steadfast { c.steadfast_hit_dice } else { 1 }
}

/// Hits per nerve marker: the faces of the hit-die ([`DIE`], a d6: 6), or
/// of a Steadfast unit's two hit-dice (12) (WS-HIT-2, WS-NV-1, WS-SPC-2).
pub fn hits_per_marker(steadfast: bool, c: &WsConstants) -> u32 {
    DIE.faces() * hit_dice_count(steadfast, c)
}

/// Adds `hits` to a hit-die showing `shown` (0 = no hit-die, not suppressed)
/// that wraps every `cycle` hits (WS-HIT-1, WS-HIT-2). Returns the value shown
/// afterwards (1..=cycle, or 0 with no hits at all) and the nerve markers
/// gained: one each time the count reaches `cycle`. `cycle` 0 is read as the
/// faces of one hit-die ([`DIE`]: 6).
/// The seed's worked examples (WS-HIT-3): 15 hits on a fresh unit give 2
/// markers and show 3; 12 hits give 2 markers and show 6.
pub fn add_hits(shown: u32, hits: u32, cycle: u32) -> (u32, u32) {
    let cycle = if cycle == 0 { DIE.faces() } else { cycle };
    let total = shown + hits;
    let gained = total / cycle - shown / cycle;
    let after = if total == 0 {
        0
    } else {
        (total - 1) % cycle + 1
    };
    (after, gained)
}

/// The faces of the hit-dice for a count: none for 0, one d6 for 1–6, and for
/// a Steadfast unit's 7–12 a second die: `[6, count − 6]` (WS-SUP-2, WS-SPC-2;
/// the dice of [`hit_dice_count`], each showing at most [`DIE`]'s faces).
pub fn hit_dice(count: u32, steadfast: bool, c: &WsConstants) -> Vec<u32> {
    let faces = DIE.faces();
    (0..hit_dice_count(steadfast, c))
        .map(|i| count.saturating_sub(i * faces).min(faces))
        .take_while(|shown| *shown > 0)
        .collect()
}

/// A unit's suppression state: the hit-die count (0 = unsuppressed, WS-SUP-2)
/// and its nerve markers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suppression {
    /// Hits shown on the hit-die (1..=6, or 1..=12 on a Steadfast unit's two dice); 0 = none.
    pub hit_die: u32,
    /// Nerve markers held, never more than the starting Nv (WS-NV-2).
    pub nerve_markers: u32,
}

/// What one salvo did to a unit's suppression (WS-SUP-1, WS-HIT-1 … WS-HIT-5).
#[derive(Clone, Debug, PartialEq)]
pub struct SalvoEffect {
    /// State before the salvo.
    pub before: Suppression,
    /// State after it.
    pub after: Suppression,
    /// Hits counted.
    pub hits: u32,
    /// Markers from the hit count reaching 6 (12 if Steadfast) (WS-HIT-2).
    pub markers_from_hits: u32,
    /// The one marker for failing at least one save (WS-HIT-4).
    pub marker_from_saves: bool,
    /// Markers not gained because of the cap at the starting Nv (WS-NV-2).
    pub markers_over_cap: u32,
    /// Log entries: suppression, markers, cap.
    pub log: Vec<LogEntry>,
}

impl Suppression {
    /// Whether the unit is suppressed: it has a hit-die (WS-SUP-2).
    pub fn suppressed(self) -> bool {
        self.hit_die > 0
    }

    /// One salvo's effect (WS-GLO-1): hits counted on the hit-die, then one
    /// extra marker if it failed any saving throw (WS-HIT-4), then the cap at
    /// the starting Nv (WS-NV-2), in that order (WS-HIT-5).
    pub fn take_salvo(
        self,
        hits: u32,
        failed_saves: u32,
        steadfast: bool,
        starting_nv: u32,
        c: &WsConstants,
    ) -> Suppression {
        self.apply_salvo(
            hits,
            failed_saves,
            steadfast,
            starting_nv,
            HitSource::Shooting,
            0,
            c,
        )
        .after
    }

    /// One salvo of `hits` from `source` with `failed_saves` failed saving
    /// throws on unit `unit` (WS-SUP-1, WS-HIT-1 … WS-HIT-5, WS-NV-1, WS-NV-2,
    /// WS-SPC-2), with a log entry for each effect. No hits and no failed saves
    /// change nothing.
    #[allow(clippy::too_many_arguments)] // the salvo's facts and the constants
    pub fn apply_salvo(
        self,
        hits: u32,
        failed_saves: u32,
        steadfast: bool,
        starting_nv: u32,
        source: HitSource,
        unit: u32,
        c: &WsConstants,
    ) -> SalvoEffect {
        let cycle = hits_per_marker(steadfast, c);
        let (hit_die, from_hits) = add_hits(self.hit_die, hits, cycle);
        let from_saves = failed_saves > 0;
        let wanted = self.nerve_markers + from_hits + u32::from(from_saves);
        let capped = wanted.min(starting_nv.max(self.nerve_markers));
        let after = Suppression {
            hit_die,
            nerve_markers: capped,
        };
        let mut log = Vec::new();
        if suppresses(hits) {
            let rule = if self.suppressed() {
                "WS-HIT-1"
            } else {
                "WS-SUP-1"
            };
            let mut e = LogEntry::event(
                rule,
                vec![unit],
                if steadfast {
                    say!(
                        "ws-log-hits-steadfast",
                        rule = "WS-SPC-2",
                        hits = hits,
                        source = source.name(),
                        before = self.hit_die,
                        after = hit_die
                    )
                } else {
                    say!(
                        "ws-log-hits",
                        hits = hits,
                        source = source.name(),
                        before = self.hit_die,
                        after = hit_die
                    )
                },
            );
            e.outcome = say!("ws-outcome-suppressed");
            log.push(e);
        }
        if from_hits > 0 {
            let mut e = LogEntry::event(
                "WS-HIT-2",
                vec![unit],
                say!(
                    "ws-log-hit-count",
                    cycle = cycle,
                    markers = from_hits,
                    rule = "WS-NV-1"
                ),
            );
            e.outcome = say!("ws-outcome-plus-markers", count = from_hits);
            log.push(e);
        }
        if from_saves {
            let mut e = LogEntry::event(
                "WS-HIT-4",
                vec![unit],
                say!("ws-log-failed-save-marker", failed = failed_saves),
            );
            e.outcome = say!("ws-outcome-plus-one-marker");
            log.push(e);
        }
        let over = wanted - capped;
        if over > 0 {
            let mut e = LogEntry::event(
                "WS-NV-2",
                vec![unit],
                say!(
                    "ws-log-marker-cap",
                    nv = starting_nv,
                    over = over,
                    rule = "WS-HIT-5"
                ),
            );
            e.outcome = say!("ws-outcome-nerve-markers", count = capped);
            log.push(e);
        }
        SalvoEffect {
            before: self,
            after,
            hits,
            markers_from_hits: from_hits,
            marker_from_saves: from_saves,
            markers_over_cap: over,
            log,
        }
    }

    /// Clears suppression: removes the hit-die, both dice of a Steadfast unit
    /// (WS-SUP-2, WS-CLR-1, WS-CLR-2, WS-SPC-2).
    pub fn cleared(self) -> Suppression {
        Suppression { hit_die: 0, ..self }
    }

    /// Removes one nerve marker, if any (WS-CLR-3 … WS-CLR-5).
    pub fn less_one_marker(self) -> Suppression {
        Suppression {
            nerve_markers: self.nerve_markers.saturating_sub(1),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped constants (`units.ron`).
    fn c() -> WsConstants {
        super::super::data::WsTables::load()
            .expect("tables")
            .constants
    }

    #[test]
    fn gc_ws_01_fifteen_hits() {
        // GC-WS-01 (WS-HIT-1, WS-HIT-2, WS-HIT-3; WS-NV-1: one marker per 6 hits).
        let s = Suppression::default().take_salvo(15, 0, false, 5, &c());
        assert_eq!((s.nerve_markers, s.hit_die, s.suppressed()), (2, 3, true));
        assert_eq!(hit_dice(s.hit_die, false, &c()), vec![3]);
    }

    #[test]
    fn gc_ws_02_twelve_hits() {
        // GC-WS-02 (WS-HIT-2, WS-HIT-3).
        let s = Suppression::default().take_salvo(12, 0, false, 5, &c());
        assert_eq!((s.nerve_markers, s.hit_die), (2, 6));
        // A die showing 6 that takes one more hit shows 1 and gains nothing.
        assert_eq!(add_hits(6, 1, 6), (1, 0));
    }

    #[test]
    fn gc_ws_07_failed_saves_add_one_marker_per_salvo() {
        // GC-WS-07 (WS-HIT-4, WS-HIT-2).
        let s = Suppression::default().take_salvo(7, 2, false, 5, &c());
        assert_eq!((s.nerve_markers, s.hit_die), (2, 1));
        let fx = Suppression::default().apply_salvo(7, 2, false, 5, HitSource::Shooting, 4, &c());
        assert_eq!((fx.markers_from_hits, fx.marker_from_saves), (1, true));
        let rules: Vec<&str> = fx.log.iter().map(|e| e.rule.as_str()).collect();
        assert_eq!(rules, vec!["WS-SUP-1", "WS-HIT-2", "WS-HIT-4"]);
    }

    #[test]
    fn gc_ws_08_steadfast() {
        // GC-WS-08 (WS-SPC-2).
        let t = |h| Suppression::default().take_salvo(h, 0, true, 5, &c());
        assert_eq!((t(15).nerve_markers, t(15).hit_die), (1, 3));
        assert_eq!((t(12).nerve_markers, t(12).hit_die), (1, 12));
        assert_eq!(hit_dice(t(12).hit_die, true, &c()), vec![6, 6]);
        assert_eq!((t(24).nerve_markers, t(24).hit_die), (2, 12));
        assert!(!t(24).cleared().suppressed());
        assert!(hit_dice(t(24).cleared().hit_die, true, &c()).is_empty());
        assert_eq!(hit_dice(9, true, &c()), vec![6, 3]);
    }

    #[test]
    fn nerve_markers_are_capped_at_the_starting_nv() {
        // WS-NV-2, WS-HIT-5: counting, then the failed-save marker, then the cap.
        let fx = Suppression::default().apply_salvo(30, 1, false, 3, HitSource::Shooting, 1, &c());
        assert_eq!(fx.after.nerve_markers, 3);
        assert_eq!(fx.markers_over_cap, 3);
        assert_eq!(fx.log.last().map(|e| e.rule.as_str()), Some("WS-NV-2"));
        assert_eq!(fx.after.less_one_marker().nerve_markers, 2);
    }

    #[test]
    fn any_hit_suppresses_and_adds_to_the_die() {
        // WS-SUP-1, WS-SUP-2: one melee hit that kills nothing suppresses.
        assert!(suppresses(1) && !suppresses(0));
        let fx =
            Suppression::default().apply_salvo(1, 0, false, 4, HitSource::CloseCombat, 2, &c());
        assert!(fx.after.suppressed());
        assert_eq!(fx.log[0].rule, "WS-SUP-1");
        // WS-HIT-1: a suppressed unit adds the new hits to the count shown.
        let fx = fx
            .after
            .apply_salvo(4, 0, false, 4, HitSource::Shooting, 2, &c());
        assert_eq!((fx.after.hit_die, fx.log[0].rule.as_str()), (5, "WS-HIT-1"));
        // No hits: nothing changes, no hit-die.
        let none = Suppression::default().apply_salvo(0, 0, false, 4, HitSource::Shooting, 2, &c());
        assert!(!none.after.suppressed() && none.log.is_empty());
    }
}
