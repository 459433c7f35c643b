//! Attack and Damage dice for close combat, ranged attacks, parting shots
//! and Fly-By attacks (CW-GEN-3 base terms ATT, DAM, Damage dice, Wounds;
//! the procedure is a [stand-in] from base_rules.md §4).
//!
//! Stand-in procedure: each attack die hits on die + ATT ≥ the target's ATN
//! (close or ranged); each hit then rolls a Damage die, die + DAM ≥ ATN, for
//! one Wound. Natural 1 fails both (CW-GEN-2 convention). ATT and DAM are
//! itemized: extended range −2 ATT (CW-RNG-6), Strike Easy −1 / All-Out
//! Attack +1 ATT against a captor (CW-HOS-3), parting shots at a unit taking
//! flight +1 ATT +1 DAM (CW-ENG-7).

use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry, Modifier};
use crate::engine::odds::binomial;

use super::hostage::Stance;
use super::ranged::RangeBand;
use super::test_roll::{Comparison, Convention, TestSpec};

/// What kind of attack is rolled (for the log and the ATN used).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackKind {
    /// Close Combat phase.
    CloseCombat,
    /// Ranged Combat (or reactionary fire).
    Ranged,
    /// Parting shots at a unit leaving an engagement.
    PartingShot,
    /// Fly-By attack in a Movement phase (CW-FBY-3).
    FlyBy,
}

impl AttackKind {
    /// Name for the log.
    pub fn name(self) -> String {
        match self {
            AttackKind::CloseCombat => say!("cw-attack-close-combat"),
            AttackKind::Ranged => say!("cw-attack-ranged"),
            AttackKind::PartingShot => say!("cw-attack-parting-shots"),
            AttackKind::FlyBy => say!("cw-attack-fly-by"),
        }
    }

    /// Whether the target's ranged ATN applies (else the close ATN).
    pub fn uses_ranged_atn(self) -> bool {
        self == AttackKind::Ranged
    }
}

/// The situational modifiers of one attack.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttackSituation {
    /// Range band of a ranged attack (extended −2 ATT, CW-RNG-6).
    pub range_band: Option<(RangeBand, i32)>,
    /// Stance against a captor unit (CW-HOS-3), if fighting one, with its
    /// ATT modifier (`settings.ron` `hostage`).
    pub stance: Option<(Stance, i32)>,
    /// Parting shots at a flight-capable unit that takes flight out of the
    /// engagement: +1 ATT, +1 DAM (CW-ENG-7).
    pub parting_shot_at_flyer: bool,
    /// Further ATT modifiers (cards, skills), each with its rule.
    pub extra_att: Vec<Modifier>,
    /// Further DAM modifiers.
    pub extra_dam: Vec<Modifier>,
}

/// ATT with the situation's modifiers, itemized (CW-RNG-6, CW-HOS-3,
/// CW-ENG-7).
pub fn attack_value(att: i32, s: &AttackSituation) -> Itemized {
    let mut v = Itemized::new(say!("cw-item-att"), att);
    if let Some((_, att)) = s.range_band {
        v.add(say!("cw-item-extended-range"), att, "CW-RNG-6");
    }
    if let Some((st, att)) = s.stance {
        v.add(st.name(), att, "CW-HOS-3");
    }
    if s.parting_shot_at_flyer {
        v.add(say!("cw-item-parting-shot"), 1, "CW-ENG-7");
    }
    for m in &s.extra_att {
        v.add(m.name.clone(), m.value, m.rule.clone());
    }
    v
}

/// DAM with the situation's modifiers, itemized (CW-ENG-7).
pub fn damage_value(dam: i32, s: &AttackSituation) -> Itemized {
    let mut v = Itemized::new(say!("cw-item-dam"), dam);
    if s.parting_shot_at_flyer {
        v.add(say!("cw-item-parting-shot"), 1, "CW-ENG-7");
    }
    for m in &s.extra_dam {
        v.add(m.name.clone(), m.value, m.rule.clone());
    }
    v
}

/// One attack to roll.
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    /// Kind of attack.
    pub kind: AttackKind,
    /// Rule the attack is rolled under (e.g. `CW-FBY-3`, `CW-ENG-7`), for the log.
    pub rule: String,
    /// Attacking unit.
    pub attacker: u32,
    /// Target unit.
    pub target: u32,
    /// Attack dice: one per attacking model (models in contact, shooting
    /// models, or the Fly-By count of CW-FBY-2) [stand-in: one die per model].
    pub dice: u32,
    /// Itemized ATT ([`attack_value`]).
    pub att: Itemized,
    /// Itemized DAM ([`damage_value`]).
    pub dam: Itemized,
    /// The target's ATN for this kind of attack.
    pub atn: i32,
}

/// Result of an attack.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackResult {
    /// Faces of the attack dice.
    pub hit_faces: Vec<u32>,
    /// Hits.
    pub hits: u32,
    /// Faces of the Damage dice (one per hit).
    pub damage_faces: Vec<u32>,
    /// Wounds inflicted.
    pub wounds: u32,
    /// Log entries: attack dice, then Damage dice.
    pub entries: Vec<LogEntry>,
}

/// Exact chance that one attack die ends in a Wound (hit and damage).
pub fn wound_chance(conv: Convention, att: i32, dam: i32, atn: i32) -> f64 {
    conv.success_chance(att, atn, Comparison::AtLeast)
        * conv.success_chance(dam, atn, Comparison::AtLeast)
}

/// What a pool of dice counts.
#[derive(Clone, Copy)]
enum Pool {
    Hits,
    Wounds,
}

/// Rolls `n` dice, each succeeding on die + `spec.value` ≥ `spec.target`,
/// and logs them under `spec.rule` with the exact chance of that many
/// successes.
fn roll_pool(
    dice: &mut Dice,
    conv: Convention,
    spec: TestSpec<'_>,
    n: u32,
    noun: Pool,
) -> (Vec<u32>, u32, LogEntry) {
    let m = spec.value.total();
    let p = conv.success_chance(m, spec.target, spec.comparison);
    let faces = dice.roll_n(conv.die, n);
    let k = faces
        .iter()
        .filter(|f| conv.face_passes(**f, m, spec.target, spec.comparison))
        .count() as u32;
    let mut e = LogEntry::event(spec.rule, spec.units, spec.what);
    e.value = Some(spec.value);
    e.target = Some(spec.target);
    e.die = Some(conv.die.name().to_string());
    e.dice = faces.clone();
    e.outcome = match noun {
        Pool::Hits => say!("cw-pool-hits", n = k),
        Pool::Wounds => say!("cw-pool-wounds", n = k),
    };
    // The pool is the attacker's (first of the entry's units): more is
    // better for it.
    e.weigh_count(&binomial(n, p), k as usize);
    (faces, k, e)
}

/// Rolls an attack [stand-in procedure]: `a.dice` attack dice at
/// die + ATT ≥ ATN, then one Damage die per hit at die + DAM ≥ ATN, each a
/// Wound. Zero dice roll nothing.
pub fn resolve_attack(dice: &mut Dice, conv: Convention, a: &Attack) -> AttackResult {
    let units = vec![a.attacker, a.target];
    let (hit_faces, hits, e1) = roll_pool(
        dice,
        conv,
        TestSpec {
            rule: &a.rule,
            units: units.clone(),
            what: say!(
                "cw-log-attack-dice",
                kind = a.kind.name(),
                n = a.dice,
                atn = a.atn
            ),
            value: a.att.clone(),
            target: a.atn,
            comparison: Comparison::AtLeast,
        },
        a.dice,
        Pool::Hits,
    );
    let (damage_faces, wounds, e2) = roll_pool(
        dice,
        conv,
        TestSpec {
            rule: &a.rule,
            units,
            what: say!(
                "cw-log-damage-dice-kind",
                kind = a.kind.name(),
                n = hits,
                atn = a.atn
            ),
            value: a.dam.clone(),
            target: a.atn,
            comparison: Comparison::AtLeast,
        },
        hits,
        Pool::Wounds,
    );
    AttackResult {
        hit_faces,
        hits,
        damage_faces,
        wounds,
        entries: vec![e1, e2],
    }
}

/// The exact chance of each number of wounds (index 0..=dice) that
/// [`resolve_attack`] rolls for `a`: every die must hit and then wound, so
/// the wounds are binomial with the chance of [`wound_chance`]. The odds
/// shown before a command read it.
pub fn wound_distribution(conv: Convention, a: &Attack) -> Vec<f64> {
    binomial(
        a.dice,
        wound_chance(conv, a.att.total(), a.dam.total(), a.atn),
    )
}

/// Adds two independent wound counts: the chance of each total.
pub fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, pa) in a.iter().enumerate() {
        for (j, pb) in b.iter().enumerate() {
            out[i + j] += pa * pb;
        }
    }
    out
}

/// Rolls `n` Damage dice with no attack roll (forced landing, CW-FRC-3):
/// each die + DAM ≥ ATN is one Wound. Returns wounds and the log entry.
pub fn damage_dice(
    dice: &mut Dice,
    conv: Convention,
    rule: &str,
    unit: u32,
    n: u32,
    dam: &Itemized,
    atn: i32,
) -> (u32, LogEntry) {
    let (_, wounds, mut e) = roll_pool(
        dice,
        conv,
        TestSpec {
            rule,
            units: vec![unit],
            what: say!("cw-log-damage-dice", n = n, atn = atn),
            value: dam.clone(),
            target: atn,
            comparison: Comparison::AtLeast,
        },
        n,
        Pool::Wounds,
    );
    // These Wounds are the unit's own (a forced landing): fewer is better
    // for it, so the worse results are the larger counts.
    e.worse = e
        .worse
        .zip(e.probability)
        .map(|(w, p)| (1.0 - w - p).clamp(0.0, 1.0));
    (wounds, e)
}

/// Models removed when a unit whose models have `wounds_per_model` Wounds,
/// and whose front model already carries `carried` Wounds, takes `new`
/// Wounds (CW-GEN-3). Returns (models removed, Wounds carried on after).
pub fn models_lost(wounds_per_model: u32, carried: u32, new: u32) -> (u32, u32) {
    let w = wounds_per_model.max(1);
    let total = carried + new;
    (total / w, total % w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_then_damage_with_itemized_modifiers() {
        // Stand-in attack (CW-GEN-3); extended range -2 ATT (CW-RNG-6).
        let conv = crate::rules::clan_war::test_roll::tests::shipped_convention();
        let sit = AttackSituation {
            range_band: Some((RangeBand::Extended, -2)),
            ..Default::default()
        };
        let att = attack_value(4, &sit);
        assert_eq!(att.total(), 2);
        let a = Attack {
            kind: AttackKind::Ranged,
            rule: "CW-RNG-6".into(),
            attacker: 1,
            target: 2,
            dice: 3,
            att,
            dam: damage_value(3, &sit),
            atn: 9,
        };
        let mut dice = Dice::new(0);
        // Hit dice 7, 6, 1: 9, 8, natural 1 -> 1 hit; damage 6: 9 >= 9 -> 1 wound.
        dice.load([7, 6, 1, 6]);
        let r = resolve_attack(&mut dice, conv, &a);
        assert_eq!((r.hits, r.wounds), (1, 1));
        assert_eq!(r.entries.len(), 2);
        assert_eq!(r.entries[0].outcome, "1 hit");
        // Hit on 7+ (4/10): P(exactly 1 hit of 3) = 3 * 0.4 * 0.36.
        let p = r.entries[0].probability.unwrap_or(0.0);
        assert!((p - 3.0 * 0.4 * 0.36).abs() < 1e-12);
        // Wound on 6+ (5/10): 0.4 * 0.5 per die.
        assert!((wound_chance(conv, 2, 3, 9) - 0.2).abs() < 1e-12);
    }

    #[test]
    fn stances_and_parting_shots_are_itemized() {
        // CW-HOS-3 stance ATT; CW-ENG-7 parting shots +1/+1.
        let hv = crate::rules::clan_war::data::CwTables::load()
            .expect("tables")
            .settings
            .hostage;
        let sit = AttackSituation {
            stance: Some((Stance::StrikeEasy, Stance::StrikeEasy.att_modifier(&hv))),
            ..Default::default()
        };
        assert_eq!(attack_value(4, &sit).total(), 3);
        let sit = AttackSituation {
            stance: Some((Stance::AllOutAttack, Stance::AllOutAttack.att_modifier(&hv))),
            parting_shot_at_flyer: true,
            ..Default::default()
        };
        let v = attack_value(4, &sit);
        assert_eq!(v.total(), 6);
        assert!(v.modifiers.iter().any(|m| m.rule == "CW-ENG-7"));
        assert_eq!(damage_value(3, &sit).total(), 4);
    }

    #[test]
    fn damage_dice_and_model_losses() {
        // Damage dice without an attack roll (CW-FRC-3), wounds to models (CW-GEN-3).
        let mut dice = Dice::new(0);
        dice.load([10, 2]);
        let (w, e) = damage_dice(
            &mut dice,
            crate::rules::clan_war::test_roll::tests::shipped_convention(),
            "CW-FRC-3",
            5,
            2,
            &Itemized::new("DAM", 0),
            8,
        );
        assert_eq!(w, 1);
        assert_eq!(e.rule, "CW-FRC-3");
        assert_eq!(models_lost(1, 0, 3), (3, 0));
        assert_eq!(models_lost(8, 6, 3), (1, 1));
    }
}
