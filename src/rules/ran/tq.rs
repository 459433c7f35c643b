//! TQ checks (RAN-TQ, RAN-DICE-2) as pure functions: one d10 read 0–9 against
//! a unit's Troop Quality; a roll greater than TQ fails.

use crate::engine::log::{Itemized, Modifier};

use super::data::TqValues;

/// A unit's effective TQ: printed TQ, −1 in Open Order (RAN-STAT-3,
/// RAN-TQ-12), and for the rest of a turn after a Hara-Kiri the card's −1
/// on the die, as +1 to the TQ (RAN-LDR-3, `values.ron`).
pub fn effective_tq(v: &TqValues, tq: i32, open_order: bool, hara_kiri: bool) -> Itemized {
    let mut it = Itemized::new("TQ", tq);
    if open_order {
        it.add(say!("ran-mod-open-order"), v.open_order_tq, "RAN-STAT-3");
    }
    if hara_kiri {
        it.add(say!("ran-mod-hara-kiri"), v.hara_kiri_tq, "RAN-TQ-12");
    }
    it
}

/// Whether a check passes: roll ≤ TQ (RAN-DICE-2).
pub fn passes(roll: i32, tq: i32) -> bool {
    roll <= tq
}

/// Hits from a check that scores the excess: `roll − TQ` when positive
/// (RAN-DICE-2).
pub fn excess_hits(roll: i32, tq: i32) -> u32 {
    (roll - tq).max(0) as u32
}

/// The Reaction Withdrawal roll modifiers: +1 approached through flank or
/// rear, −2 in Open Order (RAN-TQ-1).
pub fn withdrawal_modifiers(v: &TqValues, flank_or_rear: bool, open_order: bool) -> Vec<Modifier> {
    let mut m = Vec::new();
    if flank_or_rear {
        m.push(Modifier::new(
            say!("ran-mod-flank-or-rear"),
            v.withdrawal_flank_or_rear,
            "RAN-TQ-1",
        ));
    }
    if open_order {
        m.push(Modifier::new(
            say!("ran-mod-in-open-order"),
            v.withdrawal_open_order,
            "RAN-TQ-1",
        ));
    }
    m
}

/// Reaction Withdrawal (RAN-TQ-1): hits = modified roll − TQ, when positive.
pub fn reaction_withdrawal_hits(roll: u32, mods: &[Modifier], tq: i32) -> u32 {
    let r = roll as i32 + mods.iter().map(|m| m.value).sum::<i32>();
    excess_hits(r, tq)
}

/// Reaction Withdrawal by a Committed unit (RAN-TQ-2): it withdraws on a
/// roll ≤ TQ, otherwise it must shock.
pub fn committed_may_withdraw(roll: u32, tq: i32) -> bool {
    passes(roll as i32, tq)
}

/// What a Disordered Committed unit's check does (RAN-TQ-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisorderedShock {
    /// It shocks, with a 2-column left shift.
    Shocks,
    /// It takes this many hits and retreats 1 hex if it can.
    Fails {
        /// Hits: 1, or 2 when it cannot retreat (`values.ron`).
        hits: u32,
        /// It retreats.
        retreats: bool,
    },
}

/// The check of a Disordered Committed unit that must shock (RAN-TQ-3,
/// RAN-STAT-2, RAN-STAT-4).
pub fn disordered_committed_shock(
    v: &TqValues,
    roll: u32,
    tq: i32,
    can_retreat: bool,
) -> DisorderedShock {
    if passes(roll as i32, tq) {
        DisorderedShock::Shocks
    } else if can_retreat {
        DisorderedShock::Fails {
            hits: v.disordered_committed_fail_hits,
            retreats: true,
        }
    } else {
        DisorderedShock::Fails {
            hits: v.disordered_committed_fail_hits + v.disordered_committed_no_retreat_hits,
            retreats: false,
        }
    }
}

/// Reaction Movement (RAN-TQ-4): a roll above TQ forces 1 hex forward.
pub fn reaction_movement_forced(roll: u32, tq: i32) -> bool {
    !passes(roll as i32, tq)
}

/// Reaction Facing (RAN-TQ-5): infantry vs infantry or KB vs KB on a roll ≤
/// TQ; infantry against KB never; KB against infantry always.
pub fn reaction_facing(roll: u32, tq: i32, reactor_infantry: bool, enemy_infantry: bool) -> bool {
    match (reactor_infantry, enemy_infantry) {
        (true, false) => false,
        (false, true) => true,
        _ => passes(roll as i32, tq),
    }
}

/// A Stationary unit passed through by a Banzai unit (RAN-TQ-6): hits =
/// roll − TQ.
pub fn banzai_pass_through_hits(roll: u32, tq: i32) -> u32 {
    excess_hits(roll as i32, tq)
}

/// KB Aggression and Impetuosity (RAN-TQ-7): fired upon, a roll above TQ
/// sends the Kibamusha at the firer.
pub fn kb_aggression(roll: u32, tq: i32) -> bool {
    !passes(roll as i32, tq)
}

/// Samurai Aggression, Banzai (RAN-TQ-8): a roll ≤ TQ sends the unit at the
/// nearest withdrawing enemy, half its printed MA rounded up.
pub fn banzai(roll: u32, tq: i32) -> bool {
    passes(roll as i32, tq)
}

/// Half a printed MA, rounded up (RAN-TQ-8; `values.ron`'s
/// `banzai_ma_divisor`).
pub fn banzai_mp(v: &TqValues, ma: u32) -> u32 {
    ma.div_ceil(v.banzai_ma_divisor)
}

/// What a Fled unit's reorganization roll does (RAN-TQ-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reorganize {
    /// Roll below the Disordered-side TQ: reorganized (rallied).
    Rallied,
    /// Roll equal: stays Fled.
    StaysFled,
    /// Roll above: Eliminated.
    Eliminated,
}

/// Reorganizing a Fled unit against its Disordered-side TQ (RAN-TQ-9).
pub fn reorganize(roll: u32, disordered_tq: i32) -> Reorganize {
    match (roll as i32).cmp(&disordered_tq) {
        std::cmp::Ordering::Less => Reorganize::Rallied,
        std::cmp::Ordering::Equal => Reorganize::StaysFled,
        std::cmp::Ordering::Greater => Reorganize::Eliminated,
    }
}

/// The Defender Reaction to Shock roll modifier: +1 for infantry targeted
/// by a Norikuzushi (RAN-TQ-10, RAN-WPN-3).
pub fn defender_reaction_modifiers(
    v: &TqValues,
    infantry: bool,
    norikuzushi: bool,
) -> Vec<Modifier> {
    if infantry && norikuzushi {
        vec![Modifier::new(
            say!("ran-mod-infantry-vs-norikuzushi"),
            v.norikuzushi_vs_infantry,
            "RAN-TQ-10",
        )]
    } else {
        Vec::new()
    }
}

/// Defender Reaction to Shock (RAN-TQ-10): hits = modified roll − TQ.
pub fn defender_reaction_hits(roll: u32, mods: &[Modifier], tq: i32) -> u32 {
    excess_hits(roll as i32 + mods.iter().map(|m| m.value).sum::<i32>(), tq)
}

/// The pre-shock engagement check of a MUST CHECK unit (RAN-TQ-11): a roll
/// above TQ means it does not shock.
pub fn engages(roll: u32, tq: i32) -> bool {
    passes(roll as i32, tq)
}

/// The chance a check passes with a d10 read 0–9: P(roll ≤ tq), counting
/// the faces [`passes`] passes.
pub fn pass_chance(tq: i32) -> f64 {
    super::dice::chance_of(|r| passes(r as i32, tq))
}

/// The chance of the result a TQ check had (RAN-TQ-1): [`pass_chance`]
/// when it `passed`, its complement when it failed; in `0.0..=1.0`.
pub fn chance_of(passed: bool, tq: i32) -> f64 {
    if passed {
        pass_chance(tq)
    } else {
        1.0 - pass_chance(tq)
    }
}

/// Exact distribution of excess hits (`roll + shift − tq`, when positive)
/// over the ten rolls: entry `k` = P(k hits).
pub fn excess_distribution(tq: i32, shift: i32) -> Vec<f64> {
    let mut d = vec![0.0];
    let p = super::dice::face_chance();
    for r in super::dice::faces() {
        let h = excess_hits(r as i32 + shift, tq) as usize;
        if d.len() <= h {
            d.resize(h + 1, 0.0);
        }
        d[h] += p;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ran::data::RanTables;

    fn v() -> TqValues {
        RanTables::load().expect("tables").values.tq
    }

    #[test]
    fn gc_ran_16_defender_reaction_to_shock() {
        // RAN-TQ-10: TQ 5; roll 7 → 2; roll 7 against a Norikuzushi → 3; roll 5 → 0.
        let v = v();
        assert_eq!(defender_reaction_hits(7, &[], 5), 2);
        let m = defender_reaction_modifiers(&v, true, true);
        assert_eq!(defender_reaction_hits(7, &m, 5), 3);
        assert_eq!(defender_reaction_hits(5, &[], 5), 0);
        assert!(defender_reaction_modifiers(&v, false, true).is_empty());
    }

    #[test]
    fn gc_ran_17_reaction_withdrawal_in_open_order() {
        // RAN-TQ-1, RAN-STAT-3: TQ 6 − 1 = 5; roll 8 + 1 − 2 = 7; 2 hits.
        let v = v();
        let tq = effective_tq(&v, 6, true, false).total();
        assert_eq!(tq, 5);
        let m = withdrawal_modifiers(&v, true, true);
        assert_eq!(reaction_withdrawal_hits(8, &m, tq), 2);
    }

    #[test]
    fn gc_ran_18_disordered_committed_unit_that_must_shock() {
        // RAN-TQ-3: TQ 4; roll 6 with a free hex → 1 hit and retreat; none → 2; roll 3 shocks.
        assert_eq!(
            disordered_committed_shock(&v(), 6, 4, true),
            DisorderedShock::Fails {
                hits: 1,
                retreats: true
            }
        );
        assert_eq!(
            disordered_committed_shock(&v(), 6, 4, false),
            DisorderedShock::Fails {
                hits: 2,
                retreats: false
            }
        );
        assert_eq!(
            disordered_committed_shock(&v(), 3, 4, true),
            DisorderedShock::Shocks
        );
    }

    #[test]
    fn gc_ran_20_reorganizing_fled_units() {
        // RAN-TQ-9: Disordered TQ 4; 3 rallied, 4 stays Fled, 5 Eliminated.
        assert_eq!(reorganize(3, 4), Reorganize::Rallied);
        assert_eq!(reorganize(4, 4), Reorganize::StaysFled);
        assert_eq!(reorganize(5, 4), Reorganize::Eliminated);
    }

    #[test]
    fn other_checks_follow_the_table() {
        // RAN-TQ-2, RAN-TQ-4..8, RAN-TQ-11, RAN-TQ-12, RAN-DICE-2.
        assert!(committed_may_withdraw(4, 4) && !committed_may_withdraw(5, 4));
        assert!(reaction_movement_forced(6, 5) && !reaction_movement_forced(5, 5));
        assert!(
            !reaction_facing(0, 9, true, false),
            "infantry never faces KB"
        );
        assert!(
            reaction_facing(9, 0, false, true),
            "KB always faces infantry"
        );
        assert!(reaction_facing(5, 5, true, true) && !reaction_facing(6, 5, true, true));
        assert_eq!(banzai_pass_through_hits(8, 5), 3);
        assert!(kb_aggression(8, 7) && !kb_aggression(7, 7));
        assert!(banzai(7, 7) && !banzai(8, 7));
        assert_eq!(banzai_mp(&v(), 5), 3);
        assert!(engages(5, 5) && !engages(6, 5));
        assert_eq!(effective_tq(&v(), 6, false, true).total(), 7, "RAN-TQ-12");
    }

    #[test]
    fn odds_are_exact() {
        assert!((pass_chance(5) - 0.6).abs() < 1e-12);
        assert!((pass_chance(12) - 1.0).abs() < 1e-12);
        // RAN-TQ-1: the chance of the result a check had.
        assert!((chance_of(true, 5) - 0.6).abs() < 1e-12);
        assert!((chance_of(false, 5) - 0.4).abs() < 1e-12);
        assert!((chance_of(false, 12)).abs() < 1e-12);
        let d = excess_distribution(5, 1);
        // rolls 0..9 + 1 − 5: hits 0 for rolls 0-4 (5), 1..=5 for rolls 5-9.
        assert!((d[0] - 0.5).abs() < 1e-12 && (d[5] - 0.1).abs() < 1e-12);
    }
}
