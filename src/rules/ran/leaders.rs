//! Leaders as pure functions: the Busho casualty table (RAN-BB), movement
//! allowances and leadership factors (RAN-LDR), individual combat (RAN-IC),
//! the Fate roll (RAN-FATE) and contingent coordination (RAN-COORD).

use serde::{Deserialize, Serialize};

use crate::engine::dice::Die;

use super::data::{
    Band, BandTable, IndividualCombat, LeaderCasualty, LeaderMovement, LeaderValues,
};
use super::dice::DIE;

/// The row of `leader_movement.ron` a Samurai reads: its rows are normal,
/// wounded, Samurai, in that order (RAN-LDR-1; the loader checks there
/// are three). A position in a table, not a rule value.
const SAMURAI_ROW: usize = 2;

/// What a leader is (RAN-GLO-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Role {
    /// The army commander, with an Initiative factor; also leads his own contingent.
    SoTaisho,
    /// A contingent leader, with a Momentum factor.
    Busho,
    /// An individual champion.
    Samurai,
}

/// A leader's factors, after wounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Factors {
    /// Initiative (So-Taisho), 0..=9.
    pub initiative: i32,
    /// Momentum, also the Command Range in hexes.
    pub momentum: i32,
    /// Energy: individual-combat hits he can take.
    pub energy: i32,
    /// Combat: added to individual-combat rolls.
    pub combat: i32,
    /// Contingent Activation, never reduced by wounds.
    pub activation: i32,
}

/// What the Busho casualty table did (RAN-BB-2, RAN-BB-3).
#[derive(Clone, Debug, PartialEq)]
pub struct Casualty {
    /// The band's words.
    pub text: String,
    /// Factors after it.
    pub factors: Factors,
    /// Wounds after it.
    pub wounds: u32,
    /// He dies.
    pub dies: bool,
}

/// The Busho casualty table for roll `r` on a leader with `wounds` earlier
/// wounds (RAN-BB-2): 0–6 Finished; 7 wounded −1; 8 wounded −2 (every factor
/// but Contingent Activation); 9 killed. A second wound kills (RAN-BB-3).
/// A roll above the die's top face reads as the top face.
pub fn busho_casualty(t: &LeaderCasualty, r: u32, f: Factors, wounds: u32) -> Casualty {
    let r = r.min(DIE.max()) as i32;
    let Some(band) = t.results.iter().find(|b| b.dr_min <= r && r <= b.dr_max) else {
        return Casualty {
            text: say!("ran-no-band"),
            factors: f,
            wounds,
            dies: false,
        };
    };
    let wounded = band.factor_penalty != 0;
    if band.dies || (wounded && wounds > 0) {
        let text = if band.dies {
            say!("ran-casualty-killed", text = band.result)
        } else {
            say!("ran-wounded-twice-killed", rule = "RAN-BB-3")
        };
        return Casualty {
            text,
            factors: f,
            wounds: wounds + u32::from(wounded),
            dies: true,
        };
    }
    let p = band.factor_penalty;
    let factors = Factors {
        initiative: (f.initiative + p).max(0),
        momentum: (f.momentum + p).max(0),
        energy: (f.energy + p).max(0),
        combat: (f.combat + p).max(0),
        activation: f.activation,
    };
    let text = if wounded {
        say!("ran-casualty-wounded", text = band.result, penalty = p)
    } else {
        say!("ran-casualty-finished", text = band.result)
    };
    Casualty {
        text,
        factors,
        wounds: wounds + u32::from(wounded),
        dies: false,
    }
}

/// Whether a fire roll checks for a Busho casualty: only an unmodified
/// roll equal to `check_roll` (RAN-BB-1, RAN-FIRE-1).
pub fn fire_checks_busho(raw: u32, check_roll: u32) -> bool {
    raw == check_roll
}

/// A leader's movement allowance in hexes (RAN-LDR-1): rows normal, wounded,
/// Samurai; the second value when he starts the Orders Phase in an enemy ZOC.
pub fn leader_ma(t: &LeaderMovement, role: Role, wounded: bool, in_enemy_zoc: bool) -> u32 {
    let row = match (role, wounded) {
        (Role::Samurai, _) => SAMURAI_ROW,
        (_, true) => 1,
        _ => 0,
    };
    t.rows.get(row).map_or(0, |r| {
        if in_enemy_zoc {
            r.ma_starting_in_enemy_zoc
        } else {
            r.ma
        }
    })
}

/// The factor a leader's Momentum roll must beat (RAN-LDR-2): a Busho's
/// Momentum, the So-Taisho's Initiative.
/// Range 0..=9 (a 9 on the d10 is always the Fate roll, RAN-FATE-1).
pub fn momentum_factor(role: Role, f: Factors) -> i32 {
    // RAN-LDR-2 (L1047): the So-Taisho's Initiative factor serves "Momentum
    // para contingente personal".
    if role == Role::SoTaisho {
        f.initiative
    } else {
        f.momentum
    }
}

/// A factor used for a Trump attempt by a So-Taisho outside his Honjin:
/// halved, rounded down (RAN-LDR-2; `values.ron`'s `outside_honjin_divisor`).
pub fn outside_honjin(v: &LeaderValues, initiative: i32) -> i32 {
    initiative.div_euclid(v.outside_honjin_divisor)
}

/// A Command Range in an enemy ZOC: halved, rounded up (RAN-LDR-2;
/// `values.ron`'s `zoc_command_range_divisor`).
pub fn command_range(v: &LeaderValues, factor: i32, in_enemy_zoc: bool) -> i32 {
    let d = v.zoc_command_range_divisor;
    if in_enemy_zoc {
        (factor + d - 1).div_euclid(d)
    } else {
        factor
    }
}

/// A leader in retreat (RAN-LDR-3): with only enemy infantry involved he is
/// placed with the nearest friendly unit; with an enemy Kibamusha, the roll
/// decides (0–2 placed, 3–9 eliminated); no roll reads as the die's top
/// face. `true` = he survives.
pub fn leader_in_retreat_survives(t: &LeaderCasualty, kibamusha: bool, roll: Option<u32>) -> bool {
    if !kibamusha {
        return true;
    }
    let top = DIE.max();
    let r = roll.unwrap_or(top).min(top) as i32;
    band(&t.leader_in_retreat.enemy_kibamusha_present, r)
        .is_some_and(|b| b.result.starts_with("place"))
}

/// The chance a Busho caught in a retreat with an enemy Kibamusha involved
/// is eliminated (RAN-LDR-3): the share of the die's faces
/// [`leader_in_retreat_survives`] says he does not survive.
pub fn leader_in_retreat_loss_chance(t: &LeaderCasualty) -> f64 {
    let d = crate::engine::dice::Die::D10Zero;
    let n = (d.min()..=d.max())
        .filter(|r| !leader_in_retreat_survives(t, true, Some(*r)))
        .count();
    n as f64 / f64::from(d.faces())
}

fn band(bands: &[Band], r: i32) -> Option<&Band> {
    bands.iter().find(|b| b.dr_min <= r && r <= b.dr_max)
}

/// Hits to the lower total in individual combat (RAN-IC-1, RAN-IC-2), by
/// `individual_combat.ron`'s `hits_to_lower`: 3 if it is a third or less of
/// the higher, else 2 if half or less, else 1; equal totals give none
/// (RAN-IC-3 [SIM]). Returns (hits to the first, hits to the second).
pub fn individual_combat(t: &IndividualCombat, first_total: i32, second_total: i32) -> (u32, u32) {
    let hits = |low: i32, high: i32| -> u32 {
        t.hits_to_lower
            .iter()
            .filter(|r| r.lower_times * low <= high)
            .max_by_key(|r| r.lower_times)
            .map_or(0, |r| r.hits)
    };
    match first_total.cmp(&second_total) {
        std::cmp::Ordering::Less => (hits(first_total, second_total), 0),
        std::cmp::Ordering::Greater => (0, hits(second_total, first_total)),
        std::cmp::Ordering::Equal => (0, 0),
    }
}

/// A Samurai charging into an enemy-occupied hex dies on a roll greater
/// than his Energy (RAN-IC-4).
pub fn samurai_charge_dies(roll: u32, energy: i32) -> bool {
    roll as i32 > energy
}

/// A leader dies when his individual-combat hits exceed his Energy (RAN-IC-5,
/// RAN-BB-3).
pub fn ic_hits_kill(hits: u32, energy: i32) -> bool {
    hits as i32 > energy
}

/// What the Fate roll does (RAN-FATE-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// The Initiative passes at once, temporarily, to the opponent.
    Resurrection,
    /// The active Busho is Finished.
    Finished,
    /// Crisis of Faith: automatic Active Withdrawal order.
    CrisisOfFaith,
}

/// The Fate roll, after a Momentum roll of 9 (RAN-FATE-1, RAN-FATE-2).
pub fn fate(t: &BandTable, roll: u32) -> Fate {
    match band(&t.results, roll.min(DIE.max()) as i32) {
        Some(b) if b.result.starts_with("Resurrection") => Fate::Resurrection,
        Some(b) if b.result.starts_with("Crisis") => Fate::CrisisOfFaith,
        _ => Fate::Finished,
    }
}

/// What the Coordination roll allows (RAN-COORD-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coordination {
    /// Attack as planned.
    AsPlanned,
    /// Only the contingent whose Busho has the higher factor.
    HigherOnly,
    /// Only the contingent whose Busho has the lower factor.
    LowerOnly,
    /// The owner picks one contingent.
    OwnerPicksOne,
    /// No shock; Must Shock ignored.
    NoAttack,
}

/// The Contingent Coordination roll (RAN-COORD-1, RAN-COORD-2).
pub fn coordination(t: &BandTable, roll: u32) -> Coordination {
    match band(&t.results, roll.min(DIE.max()) as i32).map(|b| b.result.as_str()) {
        Some(r) if r.starts_with("attack proceeds") => Coordination::AsPlanned,
        Some(r) if r.contains("HIGHER") => Coordination::HigherOnly,
        Some(r) if r.contains("LOWER") => Coordination::LowerOnly,
        Some(r) if r.contains("ONE") => Coordination::OwnerPicksOne,
        _ => Coordination::NoAttack,
    }
}

/// The band text of a d10 table at `roll`, for the log.
pub fn band_text(t: &BandTable, roll: u32) -> String {
    band(&t.results, roll.min(DIE.max()) as i32).map_or_else(String::new, |b| b.result.clone())
}

/// What a Momentum roll does (RAN-SOP-5, RAN-FATE-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MomentumRoll {
    /// The Fate roll follows (RAN-FATE-1).
    Fate,
    /// Another Orders Phase (RAN-SOP-5).
    Another,
    /// The Busho is finished (RAN-SOP-5).
    Fails,
}

/// The result of Momentum roll `r` (a face of the d10 read 0–9) against the
/// Momentum `factor` (RAN-SOP-5): the Fate-roll face `fate_roll` first
/// (RAN-FATE-1, `values.ron`), then a roll below the factor gains another
/// Orders Phase.
pub fn momentum_roll(r: u32, factor: i32, fate_roll: u32) -> MomentumRoll {
    if r == fate_roll {
        MomentumRoll::Fate
    } else if i64::from(r) < i64::from(factor) {
        MomentumRoll::Another
    } else {
        MomentumRoll::Fails
    }
}

/// The exact chance of `want` from a Momentum roll, enumerating the faces of
/// `die` through [`momentum_roll`] (in `0.0..=1.0`).
pub fn momentum_chance(factor: i32, fate_roll: u32, die: Die, want: MomentumRoll) -> f64 {
    let hits = (die.min()..=die.max())
        .filter(|r| momentum_roll(*r, factor, fate_roll) == want)
        .count();
    hits as f64 / f64::from(die.faces())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ran::data::RanTables;

    fn t() -> RanTables {
        RanTables::load().expect("tables")
    }

    const F: Factors = Factors {
        initiative: 0,
        momentum: 4,
        energy: 5,
        combat: 5,
        activation: 3,
    };

    #[test]
    fn ran_ldr_2_a_so_taisho_rolls_momentum_against_his_initiative() {
        // RAN-LDR-2 (L1047): the So-Taisho's Initiative factor serves
        // "Momentum para contingente personal", a lower one too.
        let so = Factors { initiative: 6, ..F };
        assert_eq!(momentum_factor(Role::SoTaisho, so), 6);
        assert_eq!(momentum_factor(Role::Busho, so), 4);
        let low = Factors { initiative: 2, ..F };
        assert_eq!(momentum_factor(Role::SoTaisho, low), 2);
    }

    #[test]
    fn gc_ran_09_busho_casualty() {
        // RAN-BB-2, RAN-BB-3: Momentum 4, Combat 5, Activation 3.
        let t = t();
        let c = busho_casualty(&t.casualty, 6, F, 0);
        assert!(!c.dies && c.factors == F && c.wounds == 0);
        let c = busho_casualty(&t.casualty, 7, F, 0);
        assert_eq!(
            (c.factors.momentum, c.factors.combat, c.factors.activation),
            (3, 4, 3)
        );
        assert_eq!(c.wounds, 1);
        let c8 = busho_casualty(&t.casualty, 8, F, 0);
        assert_eq!(
            (
                c8.factors.momentum,
                c8.factors.combat,
                c8.factors.activation
            ),
            (2, 3, 3)
        );
        assert!(busho_casualty(&t.casualty, 9, F, 0).dies);
        assert!(
            busho_casualty(&t.casualty, 7, c.factors, c.wounds).dies,
            "second wound"
        );
        assert!(!busho_casualty(&t.casualty, 3, c.factors, c.wounds).dies);
    }

    #[test]
    fn gc_ran_10_fire_checks_busho_only_on_an_unmodified_9() {
        // RAN-BB-1.
        assert!(fire_checks_busho(9, 9));
        assert!(!fire_checks_busho(8, 9));
    }

    #[test]
    fn gc_ran_12_samurai_charge_into_an_occupied_hex() {
        // RAN-IC-4: Energy 5; roll 6 dies, roll 5 survives; +2 MP from the table.
        let t = t();
        assert_eq!(
            t.individual.samurai_charge_into_enemy_occupied_hex.extra_mp,
            2
        );
        assert!(samurai_charge_dies(6, 5));
        assert!(!samurai_charge_dies(5, 5));
    }

    #[test]
    fn ran_sop_5_a_momentum_roll_is_the_fate_roll_first_then_below_the_factor() {
        // RAN-FATE-1 (seed L1025): a 9 calls the Fate roll whatever the
        // factor; RAN-SOP-5: otherwise below the factor gains a phase.
        let fate = t().values.leaders.momentum_fate_roll;
        assert_eq!(momentum_roll(fate, 12, fate), MomentumRoll::Fate);
        assert_eq!(momentum_roll(4, 5, fate), MomentumRoll::Another);
        assert_eq!(momentum_roll(5, 5, fate), MomentumRoll::Fails);
        assert_eq!(momentum_roll(0, 0, fate), MomentumRoll::Fails);
        let p = |f, want| momentum_chance(f, fate, super::super::dice::DIE, want);
        assert!((p(5, MomentumRoll::Another) - 0.5).abs() < 1e-12);
        assert!((p(5, MomentumRoll::Fate) - 0.1).abs() < 1e-12);
        assert!((p(5, MomentumRoll::Fails) - 0.4).abs() < 1e-12);
        // A factor above 9 still leaves the Fate roll's face.
        assert!((p(12, MomentumRoll::Another) - 0.9).abs() < 1e-12);
        assert_eq!(p(-1, MomentumRoll::Another), 0.0);
    }

    #[test]
    fn gc_ran_13_fate_roll() {
        // RAN-FATE-1, RAN-FATE-2.
        let t = t();
        assert_eq!(fate(&t.fate, 0), Fate::Resurrection);
        assert_eq!(fate(&t.fate, 1), Fate::Resurrection);
        for r in 2..=8 {
            assert_eq!(fate(&t.fate, r), Fate::Finished);
        }
        assert_eq!(fate(&t.fate, 9), Fate::CrisisOfFaith);
    }

    #[test]
    fn gc_ran_14_leader_movement_allowances() {
        // RAN-LDR-1.
        let t = t();
        let m = &t.leader_movement;
        assert_eq!(leader_ma(m, Role::Busho, false, false), 9);
        assert_eq!(leader_ma(m, Role::Busho, false, true), 4);
        assert_eq!(leader_ma(m, Role::SoTaisho, true, false), 6);
        assert_eq!(leader_ma(m, Role::Busho, true, true), 3);
        assert_eq!(leader_ma(m, Role::Samurai, false, false), 10);
        assert_eq!(leader_ma(m, Role::Samurai, false, true), 4);
    }

    #[test]
    fn gc_ran_15_leader_in_retreat() {
        // RAN-LDR-3.
        let t = t();
        assert!(leader_in_retreat_survives(&t.casualty, false, None));
        assert!(leader_in_retreat_survives(&t.casualty, true, Some(2)));
        assert!(!leader_in_retreat_survives(&t.casualty, true, Some(3)));
    }

    #[test]
    fn gc_ran_29_leadership_factor_halving() {
        // RAN-LDR-2.
        let t = t();
        let v = &t.values.leaders;
        assert_eq!(outside_honjin(v, 5), 2);
        assert_eq!(command_range(v, 5, true), 3);
        assert_eq!(command_range(v, 5, false), 5);
    }

    #[test]
    fn individual_combat_thresholds() {
        // RAN-IC-1, RAN-IC-2, RAN-IC-3, RAN-IC-5.
        let t = t();
        let ic = |a, b| individual_combat(&t.individual, a, b);
        assert_eq!(ic(9, 12), (1, 0));
        assert_eq!(ic(6, 12), (2, 0));
        assert_eq!(ic(12, 4), (0, 3));
        assert_eq!(ic(7, 7), (0, 0), "ties: no hits [SIM]");
        assert!(ic_hits_kill(6, 5) && !ic_hits_kill(5, 5));
    }

    #[test]
    fn gc_ran_08_coordination_table() {
        // RAN-COORD-2.
        let t = t();
        let c = |r| coordination(&t.coordination, r);
        assert_eq!(c(0), Coordination::AsPlanned);
        assert_eq!(c(3), Coordination::AsPlanned);
        assert_eq!(c(4), Coordination::HigherOnly);
        assert_eq!(c(5), Coordination::HigherOnly);
        assert_eq!(c(6), Coordination::LowerOnly);
        assert_eq!(c(7), Coordination::OwnerPicksOne);
        assert_eq!(c(8), Coordination::NoAttack);
        assert_eq!(c(9), Coordination::NoAttack);
    }
}
