//! What a battle roll does to its target: symbol hits, swords after
//! grappling and resistance, flags after the ones ignored, flags that
//! become hits at sea, and the H&F tokens earned (GEN-DICE-1, GEN-GRP,
//! GEN-NCB-5, GEN-NCB-6, GEN-AMP-2, GEN-PAL-3, GEN-STK-3). Also attacks on
//! a fortification (GEN-PAL-4, GEN-STK-6) and the Sohei H&F loss
//! (GEN-UNIT-1).

use super::attack_dice::AttackKind;
use super::battle_dice::Counts;
use super::data::{CombatValues, HexTerrain, HexsideFeature, Rank};

/// The attacker, as far as the effect of its roll goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Striker {
    /// Its rank.
    pub rank: Rank,
    /// Cavalry on land (a mounted unit at sea counts as foot, GEN-NCB-5).
    pub mounted: bool,
    /// It hits with swords in close combat (not Irregular Peasant Infantry).
    pub swords_hit: bool,
    /// Its H&F earn tokens in this attack (close combat always; ranged for bows).
    pub collects_hf: bool,
}

/// The target, as far as the effect of a roll on it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// Its rank.
    pub rank: Rank,
    /// Cavalry.
    pub mounted: bool,
    /// A naval unit (GEN-NAV-1).
    pub at_sea: bool,
    /// Laid flat after embarking or disembarking (GEN-AMP-2).
    pub flat: bool,
    /// Flags it may always ignore (red units 1).
    pub unit_flags_ignored: u32,
    /// Swords its terrain lets it disregard (palisade across the hexside,
    /// stockade, GEN-PAL-3, GEN-STK-3).
    pub terrain_swords_ignored: u32,
    /// Flags its terrain lets it disregard (GEN-PAL-3, GEN-STK-3).
    pub terrain_flags_ignored: u32,
    /// The terrain and the rule behind those two ("Stockade", "GEN-STK-3").
    pub terrain: Option<(String, &'static str)>,
}

impl Target {
    /// A land unit of `rank` on open ground: not mounted, not flat, no
    /// flags or swords ignored.
    pub fn in_the_open(rank: Rank) -> Self {
        Target {
            rank,
            mounted: false,
            at_sea: false,
            flat: false,
            unit_flags_ignored: 0,
            terrain_swords_ignored: 0,
            terrain_flags_ignored: 0,
            terrain: None,
        }
    }
}

/// The effect of one roll on its target.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Hits from symbols matching the target's rank.
    pub symbol_hits: u32,
    /// Hits from swords (close combat only).
    pub sword_hits: u32,
    /// Swords that did not hit: status resistance and terrain.
    pub swords_resisted: u32,
    /// One sword was made a grapple (GEN-GRP-1).
    pub grapple: bool,
    /// Flags ignored.
    pub flags_ignored: u32,
    /// Hexes the target must retreat.
    pub retreat: u32,
    /// Flags that became hits because a naval unit never retreats (GEN-NCB-6).
    pub flag_hits: u32,
    /// H&F tokens the attacker's army gains.
    pub hf_tokens: u32,
    /// Why, step by step, each with its rule, for the log and the overlay.
    pub reasons: Vec<String>,
}

impl Effect {
    /// Every hit of the roll (retreat still to come).
    pub fn hits(&self) -> u32 {
        self.symbol_hits + self.sword_hits + self.flag_hits
    }
}

/// Status resistance of `target` to swords from `striker` in close combat:
/// rank resistance, and cavalry resistance against foot. A flat unit has
/// neither (GEN-AMP-2); a mounted unit at sea has no cavalry resistance
/// (GEN-NCB-5).
pub fn status_resistance(striker: &Striker, target: &Target, v: &CombatValues) -> u32 {
    if target.flat {
        return 0;
    }
    let rank = v.rank_resistance(target.rank, striker.rank);
    let cavalry = if target.mounted && !target.at_sea && !striker.mounted {
        v.cavalry_vs_foot
    } else {
        0
    };
    rank + cavalry
}

/// The effect of a roll `c` of `kind` by `striker` on `target`.
/// `grapple`: the attacker turns one sword into a grapple (GEN-GRP-1; the
/// caller checks that the target is naval and the attacker a boat or on
/// the shore). The grapple takes the first sword before resistance, and
/// even a unit that never hits with swords may grapple (GEN-GRP-2).
/// Ranged attacks hit on symbols only (base stand-in).
pub fn effect(
    c: &Counts,
    kind: AttackKind,
    striker: &Striker,
    target: &Target,
    grapple: bool,
    v: &CombatValues,
) -> Effect {
    let mut e = Effect {
        symbol_hits: c.of(target.rank.face()),
        ..Effect::default()
    };
    if e.symbol_hits > 0 {
        e.reasons
            .push(say!("gen-why-symbols-hit", n = e.symbol_hits));
    }
    if kind == AttackKind::Close {
        let mut swords = c.swords;
        if grapple && swords > 0 {
            e.grapple = true;
            swords -= 1;
            e.reasons.push(if striker.swords_hit {
                say!("gen-why-grapple")
            } else {
                say!("gen-why-grapple-no-sword-hits", rule = "GEN-GRP-2")
            });
        }
        if !striker.swords_hit {
            e.swords_resisted = swords;
            if swords > 0 {
                e.reasons.push(say!("gen-why-never-sword-hits", n = swords));
            }
        } else if swords > 0 {
            let status = status_resistance(striker, target, v);
            if target.flat {
                e.reasons.push(say!("gen-why-flat"));
            } else if target.mounted && target.at_sea && !striker.mounted {
                e.reasons.push(say!("gen-why-mounted-at-sea"));
            }
            let by_status = swords.min(status);
            if by_status > 0 {
                e.reasons
                    .push(say!("gen-why-swords-resisted", n = by_status));
            }
            let by_terrain = (swords - by_status).min(target.terrain_swords_ignored);
            if by_terrain > 0 {
                e.reasons.push(say!(
                    "gen-why-sword-terrain",
                    n = by_terrain,
                    terrain = terrain_words(target)
                ));
            }
            e.swords_resisted = by_status + by_terrain;
            e.sword_hits = swords - e.swords_resisted;
            if e.sword_hits > 0 {
                e.reasons.push(say!("gen-why-swords-hit", n = e.sword_hits));
            }
        }
    }
    let by_unit = c.flags.min(target.unit_flags_ignored);
    let by_terrain = (c.flags - by_unit).min(target.terrain_flags_ignored);
    e.flags_ignored = by_unit + by_terrain;
    if by_unit > 0 {
        e.reasons.push(say!("gen-why-flag-unit", n = by_unit));
    }
    if by_terrain > 0 {
        e.reasons.push(say!(
            "gen-why-flag-terrain",
            n = by_terrain,
            terrain = terrain_words(target)
        ));
    }
    let flags = c.flags - e.flags_ignored;
    if target.at_sea {
        e.flag_hits = flags;
        if flags > 0 {
            e.reasons.push(say!("gen-why-flags-naval", n = flags));
        }
    } else {
        e.retreat = flags;
    }
    if striker.collects_hf {
        e.hf_tokens = c.hf;
    }
    e
}

fn terrain_words(t: &Target) -> String {
    t.terrain
        .as_ref()
        .map_or_else(|| say!("gen-why-terrain"), |(n, r)| format!("{n} ({r})"))
}

/// What the target's terrain lets it disregard: a stockade hex it occupies
/// (GEN-STK-3) and a palisade on the hexside the attack crosses, or on
/// every side under an arrow tower (GEN-PAL-3, GEN-TWR-2; the caller picks
/// the hexside). Returns `(swords, flags, (name, rule))`, the two summed.
pub fn terrain_defence(
    hex: &HexTerrain,
    across: Option<&HexsideFeature>,
) -> (u32, u32, Option<(String, &'static str)>) {
    let mut swords = hex.swords_ignored;
    let mut flags = hex.flags_ignored;
    let mut label = (swords > 0 || flags > 0).then(|| (hex.name.clone(), "GEN-STK-3"));
    if let Some(p) = across {
        swords += p.swords_ignored;
        flags += p.flags_ignored;
        label = Some(match label {
            Some((n, r)) => (say!("gen-terrain-and", a = n, b = p.name), r),
            None => (p.name.clone(), "GEN-PAL-3"),
        });
    }
    (swords, flags, label)
}

/// Hits for a retreat of `retreat` hexes when only `room` hexes are open:
/// one per hex that cannot be taken (base rules).
pub fn blocked_retreat_hits(retreat: u32, room: u32) -> u32 {
    retreat.saturating_sub(room)
}

/// A fortification that can be attacked itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// A palisade hexside (GEN-PAL-4).
    Palisade,
    /// A stockade hex (GEN-STK-6).
    Stockade,
}

/// An attack on a fortification itself: it falls when the roll shows at
/// least `need` swords (palisade 1, GEN-PAL-4; stockade 2, GEN-STK-6). The
/// occupant is not the target and never battles back. Returns whether it
/// fell and the log line.
pub fn demolition(work: Work, swords: u32, need: u32) -> (bool, String) {
    let fell = swords >= need;
    let text = match (work, fell) {
        (Work::Palisade, true) => say!("gen-log-palisade-destroyed", swords = swords),
        (Work::Stockade, true) => say!("gen-log-stockade-destroyed", swords = swords),
        (Work::Palisade, false) => say!("gen-log-palisade-stands", swords = swords, need = need),
        (Work::Stockade, false) => say!("gen-log-stockade-stands", swords = swords, need = need),
    };
    (fell, text)
}

/// The army's H&F tokens after losing a unit that costs `lost`
/// (Sohei: 2, GEN-UNIT-1, GEN-UNIT-2), never below 0, and the log line.
pub fn hf_after_loss(tokens: u32, lost: u32) -> (u32, String) {
    let after = tokens.saturating_sub(lost);
    (
        after,
        say!(
            "gen-log-sohei-hf-loss",
            lost = tokens - after,
            before = tokens,
            after = after
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::genpei::data::GenTables;

    fn v() -> CombatValues {
        GenTables::load().expect("tables").combat
    }

    const FOOT_TRIANGLE: Striker = Striker {
        rank: Rank::Triangle,
        mounted: false,
        swords_hit: true,
        collects_hf: true,
    };

    fn target(rank: Rank) -> Target {
        Target::in_the_open(rank)
    }

    fn counts(symbol: (Rank, u32), swords: u32, flags: u32, hf: u32) -> Counts {
        let mut c = Counts {
            swords,
            flags,
            hf,
            ..Counts::default()
        };
        match symbol.0 {
            Rank::Circle => c.circle = symbol.1,
            Rank::Triangle => c.triangle = symbol.1,
            Rank::Square => c.square = symbol.1,
        }
        c
    }

    #[test]
    fn resistances_stack_and_swords_hit_the_rest() {
        // Base: squares ignore 1 sword from triangles; red cavalry ignore 1
        // more from foot; a circle attacker against red cavalry: 3 (GEN-BASE).
        let v = v();
        let mut t = target(Rank::Square);
        let c = counts((Rank::Square, 1), 3, 0, 0);
        let e = effect(&c, AttackKind::Close, &FOOT_TRIANGLE, &t, false, &v);
        assert_eq!((e.symbol_hits, e.sword_hits, e.swords_resisted), (1, 2, 1));
        t.mounted = true;
        let circle = Striker {
            rank: Rank::Circle,
            ..FOOT_TRIANGLE
        };
        assert_eq!(status_resistance(&circle, &t, &v), 3);
    }

    #[test]
    fn ranged_attacks_hit_on_symbols_only() {
        let v = v();
        let c = counts((Rank::Triangle, 2), 2, 0, 1);
        let e = effect(
            &c,
            AttackKind::Ranged(2),
            &FOOT_TRIANGLE,
            &target(Rank::Triangle),
            false,
            &v,
        );
        assert_eq!((e.hits(), e.hf_tokens), (2, 1));
    }

    #[test]
    fn gc_gen_04_flags_against_naval_units_are_hits() {
        // GEN-NCB-6: 2 flags, none ignorable: no retreat, 2 hits.
        let v = v();
        let mut t = target(Rank::Triangle);
        t.at_sea = true;
        let e = effect(
            &counts((Rank::Circle, 0), 0, 2, 0),
            AttackKind::Close,
            &FOOT_TRIANGLE,
            &t,
            false,
            &v,
        );
        assert_eq!((e.retreat, e.flag_hits, e.hits()), (0, 2, 2));
        assert!(e.reasons.iter().any(|r| r.contains("GEN-NCB-6")));
    }

    #[test]
    fn gc_gen_07_stockade_ignores_one_sword_and_one_flag() {
        // GEN-STK-3: 2 swords and 1 flag against a stockade occupant: the
        // effect of 1 sword and 0 flags.
        let v = v();
        let mut t = target(Rank::Triangle);
        let tables = GenTables::load().expect("tables");
        let (sw, fl, label) = terrain_defence(tables.hex("stockade").expect("stockade"), None);
        t.terrain_swords_ignored = sw;
        t.terrain_flags_ignored = fl;
        t.terrain = label;
        let e = effect(
            &counts((Rank::Circle, 0), 2, 1, 0),
            AttackKind::Close,
            &FOOT_TRIANGLE,
            &t,
            false,
            &v,
        );
        assert_eq!((e.sword_hits, e.retreat, e.flags_ignored), (1, 0, 1));
        assert!(
            e.reasons.iter().any(|r| r.contains("Stockade (GEN-STK-3)")),
            "{:?}",
            e.reasons
        );
    }

    #[test]
    fn gc_gen_11_palisade_defence_and_destruction() {
        // GEN-PAL-3: across a palisade, 2 swords 1 flag → the effect of 1
        // sword. GEN-PAL-4: 1 sword destroys it.
        let v = v();
        let t = GenTables::load().expect("tables");
        let pal = t.hexside("palisade").expect("palisade");
        let mut tg = target(Rank::Triangle);
        let (sw, fl, label) = terrain_defence(t.hex("clear").expect("clear"), Some(pal));
        tg.terrain_swords_ignored = sw;
        tg.terrain_flags_ignored = fl;
        tg.terrain = label;
        let e = effect(
            &counts((Rank::Circle, 0), 2, 1, 0),
            AttackKind::Close,
            &FOOT_TRIANGLE,
            &tg,
            false,
            &v,
        );
        assert_eq!((e.sword_hits, e.retreat), (1, 0));
        assert!(
            e.reasons.iter().any(|r| r.contains("Palisade (GEN-PAL-3)")),
            "{:?}",
            e.reasons
        );
        let need = pal.demolish_swords.expect("palisade can be destroyed");
        let (fell, text) = demolition(Work::Palisade, 1, need);
        assert!(fell && text.contains("GEN-PAL-4"), "{text}");
        assert!(!demolition(Work::Palisade, 0, need).0);
    }

    #[test]
    fn gc_gen_08_destroying_a_stockade_takes_two_swords() {
        // GEN-STK-6: A 2 swords: removed, occupant loses 1 figure. B 1 sword: stays.
        let t = GenTables::load().expect("tables");
        let s = t.hex("stockade").expect("stockade");
        let need = s.demolish_swords.expect("stockade can be demolished");
        let (fell, text) = demolition(Work::Stockade, 2, need);
        assert!(fell && text.contains("GEN-STK-6"));
        assert_eq!(s.demolish_figures, 1);
        assert!(!demolition(Work::Stockade, 1, need).0);
    }

    #[test]
    fn gc_gen_16_a_flat_unit_has_no_rank_or_cavalry_resistance() {
        // GEN-AMP-2.
        let v = v();
        let mut t = target(Rank::Square);
        t.mounted = true;
        let circle = Striker {
            rank: Rank::Circle,
            ..FOOT_TRIANGLE
        };
        assert_eq!(status_resistance(&circle, &t, &v), 3);
        t.flat = true;
        assert_eq!(status_resistance(&circle, &t, &v), 0);
        let e = effect(
            &counts((Rank::Circle, 0), 2, 0, 0),
            AttackKind::Close,
            &circle,
            &t,
            false,
            &v,
        );
        assert_eq!(e.sword_hits, 2);
        assert!(e.reasons.iter().any(|r| r.contains("GEN-AMP-2")));
    }

    #[test]
    fn mounted_units_at_sea_lose_cavalry_resistance() {
        // GEN-NCB-5: red cavalry afloat keep rank resistance only.
        let v = v();
        let mut t = target(Rank::Square);
        t.mounted = true;
        t.at_sea = true;
        assert_eq!(status_resistance(&FOOT_TRIANGLE, &t, &v), 1);
        let c = Counts {
            swords: 2,
            ..Counts::default()
        };
        let e = effect(&c, AttackKind::Close, &FOOT_TRIANGLE, &t, false, &v);
        assert_eq!(e.sword_hits, 1);
        assert!(
            e.reasons.iter().any(|r| r.contains("GEN-NCB-5")),
            "{:?}",
            e.reasons
        );
    }

    #[test]
    fn a_grapple_takes_the_first_sword_even_against_resistance() {
        // GEN-GRP-1, GEN-GRP-2: 2 swords from a circle on a triangle boat:
        // one grapples, the second is the first for resistance and is ignored.
        // Peasants (no sword hits) may still grapple.
        let v = v();
        let mut t = target(Rank::Triangle);
        t.at_sea = true;
        let circle = Striker {
            rank: Rank::Circle,
            ..FOOT_TRIANGLE
        };
        let e = effect(
            &counts((Rank::Circle, 0), 2, 0, 0),
            AttackKind::Close,
            &circle,
            &t,
            true,
            &v,
        );
        assert!(e.grapple);
        assert_eq!((e.sword_hits, e.swords_resisted), (0, 1));
        let peasants = Striker {
            swords_hit: false,
            ..circle
        };
        let p = effect(
            &counts((Rank::Circle, 0), 1, 0, 0),
            AttackKind::Close,
            &peasants,
            &t,
            true,
            &v,
        );
        assert!(p.grapple);
        assert!(p.reasons.iter().any(|r| r.contains("GEN-GRP-2")));
        let none = effect(
            &counts((Rank::Circle, 0), 0, 0, 0),
            AttackKind::Close,
            &peasants,
            &t,
            true,
            &v,
        );
        assert!(!none.grapple);
    }

    #[test]
    fn gc_gen_14_sohei_losses_cost_two_hf() {
        // GEN-UNIT-1: 5 tokens, one Sohei unit eliminated: 3.
        let t = GenTables::load().expect("tables");
        let lost = t
            .unit("sohei_archers")
            .expect("sohei")
            .hf_lost_when_eliminated;
        let (after, text) = hf_after_loss(5, lost);
        assert_eq!(after, 3);
        assert!(text.contains("GEN-UNIT-1"));
        assert_eq!(hf_after_loss(1, lost).0, 0);
    }

    #[test]
    fn a_blocked_retreat_costs_a_hit_per_hex() {
        assert_eq!(blocked_retreat_hits(3, 1), 2);
        assert_eq!(blocked_retreat_hits(1, 2), 0);
    }
}
