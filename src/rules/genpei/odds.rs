//! Exact battle-dice odds (GEN-DICE-1): the distribution of every face
//! count of a roll, with the Sohei keep-and-reroll of H&F (GEN-UNIT-3) and
//! the H&F Inspiration cancels (GEN-UNIT-1), then of hits, flags, swords,
//! retreat and H&F after resistance and terrain, the chance of
//! eliminating the target and of a retreat being blocked.

use std::collections::BTreeMap;

use super::attack_dice::AttackKind;
use super::battle_dice::Counts;
use super::data::{BattleDie, CombatValues, Face};
use super::effects::{Striker, Target, blocked_retreat_hits, effect};

/// The exact distribution of a roll of `n` dice of `die`: every distinct
/// [`Counts`] with its probability (summing to 1 within rounding).
///
/// `reroll_hf`: every H&F is kept and rerolled until another face
/// (GEN-UNIT-3); the H&F count is unbounded, so counts of `hf_top` and more
/// are one entry with `hf == hf_top` (its probability exact; every other
/// face count stays exact). `inspired`: the first H&F of the first roll is
/// cancelled, no token and no reroll (GEN-UNIT-1).
pub fn roll_distribution(
    die: &BattleDie,
    n: u32,
    reroll_hf: bool,
    inspired: bool,
    hf_top: u32,
) -> Vec<(Counts, f64)> {
    let faces: BTreeMap<Face, f64> = die.faces.iter().map(|f| (*f, die.p(*f))).collect();
    let q = die.p(Face::HonorFortune);
    let add = |c: &mut Counts, f: Face| match f {
        Face::Circle => c.circle += 1,
        Face::Triangle => c.triangle += 1,
        Face::Square => c.square += 1,
        Face::Sword => c.swords += 1,
        Face::Flag => c.flags += 1,
        Face::HonorFortune => c.hf = (c.hf + 1).min(hf_top),
    };
    let mut states: BTreeMap<(Counts, bool), f64> = BTreeMap::new();
    states.insert((Counts::default(), false), 1.0);
    for _ in 0..n {
        let mut next: BTreeMap<(Counts, bool), f64> = BTreeMap::new();
        for ((c, cancelled), p) in &states {
            for (f, pf) in &faces {
                if *f != Face::HonorFortune {
                    let mut c2 = *c;
                    add(&mut c2, *f);
                    *next.entry((c2, *cancelled)).or_default() += p * pf;
                    continue;
                }
                if inspired && !cancelled {
                    let mut c2 = *c;
                    c2.cancelled_hf += 1;
                    *next.entry((c2, true)).or_default() += p * pf;
                    continue;
                }
                let mut kept = *c;
                add(&mut kept, Face::HonorFortune);
                if !reroll_hf {
                    *next.entry((kept, *cancelled)).or_default() += p * pf;
                    continue;
                }
                // GEN-UNIT-3: j more H&F (geometric, q), then a non-H&F face
                // g with chance p_g / (1 − q), independent of j.
                for (g, pg) in faces.iter().filter(|(g, _)| **g != Face::HonorFortune) {
                    let final_p = pg / (1.0 - q);
                    for j in 0..=hf_top {
                        let pj = if j < hf_top {
                            q.powi(j as i32) * (1.0 - q)
                        } else {
                            q.powi(hf_top as i32)
                        };
                        let mut c2 = kept;
                        c2.hf = (c2.hf + j).min(hf_top);
                        add(&mut c2, *g);
                        *next.entry((c2, *cancelled)).or_default() += p * pf * pj * final_p;
                    }
                }
            }
        }
        states = next;
    }
    let mut out: BTreeMap<Counts, f64> = BTreeMap::new();
    for ((c, _), p) in states {
        *out.entry(c).or_default() += p;
    }
    out.into_iter().collect()
}

/// The odds of one attack, each a distribution indexed by its value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttackOdds {
    /// Hits of the roll (symbols, swords, flags at sea), before retreat.
    pub hits: Vec<f64>,
    /// Swords rolled.
    pub swords: Vec<f64>,
    /// Flags rolled.
    pub flags: Vec<f64>,
    /// Hexes of retreat after ignored flags.
    pub retreat: Vec<f64>,
    /// H&F tokens earned; the last entry is "this many or more".
    pub hf: Vec<f64>,
    /// The target is eliminated: hits plus blocked-retreat hits reach its figures.
    pub eliminated: f64,
    /// The forced retreat is longer than the open hexes behind the target.
    pub retreat_blocked: f64,
    /// A grapple is made (GEN-GRP-1).
    pub grapple: f64,
}

fn bump(v: &mut Vec<f64>, i: u32, p: f64) {
    let i = i as usize;
    if v.len() <= i {
        v.resize(i + 1, 0.0);
    }
    v[i] += p;
}

/// The odds of an attack of `kind` from a roll distribution `dist`
/// ([`roll_distribution`]) on a `target` with `figures` figures left and
/// `retreat_room` open hexes behind it (GEN-NCB-6 for naval targets).
#[allow(clippy::too_many_arguments)]
pub fn attack_odds(
    dist: &[(Counts, f64)],
    kind: AttackKind,
    striker: &Striker,
    target: &Target,
    grapple: bool,
    figures: u32,
    retreat_room: u32,
    v: &CombatValues,
) -> AttackOdds {
    let mut o = AttackOdds::default();
    for (c, p) in dist {
        let e = effect(c, kind, striker, target, grapple, v);
        bump(&mut o.hits, e.hits(), *p);
        bump(&mut o.swords, c.swords, *p);
        bump(&mut o.flags, c.flags, *p);
        bump(&mut o.retreat, e.retreat, *p);
        bump(&mut o.hf, e.hf_tokens, *p);
        if e.hits() + blocked_retreat_hits(e.retreat, retreat_room) >= figures {
            o.eliminated += p;
        }
        if e.retreat > retreat_room {
            o.retreat_blocked += p;
        }
        if e.grapple {
            o.grapple += p;
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::Dice;
    use crate::rules::genpei::battle_dice::roll;
    use crate::rules::genpei::data::{GenTables, Rank};

    fn sohei_vs_red_cavalry(t: &GenTables) -> (Striker, Target) {
        (
            Striker {
                rank: Rank::Triangle,
                mounted: false,
                swords_hit: true,
                collects_hf: true,
            },
            Target {
                mounted: true,
                unit_flags_ignored: t.unit("samurai_cavalry").expect("cavalry").flags_ignored,
                ..Target::in_the_open(Rank::Square)
            },
        )
    }

    #[test]
    fn distributions_sum_to_one_and_plain_dice_are_binomial() {
        // GEN-DICE-1: 3 plain dice, P(no sword) = (5/6)^3.
        let t = GenTables::load().expect("tables");
        let d = roll_distribution(&t.die, 3, false, false, 8);
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        let no_sword: f64 = d
            .iter()
            .filter(|(c, _)| c.swords == 0)
            .map(|(_, p)| p)
            .sum();
        assert!((no_sword - (5.0f64 / 6.0).powi(3)).abs() < 1e-12);
    }

    #[test]
    fn a_sohei_die_never_ends_on_hf_and_keeps_a_geometric_count() {
        // GEN-UNIT-3: one die, final face uniform over the five others;
        // P(hf = k) = (1/6)^k (5/6).
        let t = GenTables::load().expect("tables");
        let d = roll_distribution(&t.die, 1, true, false, 8);
        let p_hf = |k: u32| -> f64 { d.iter().filter(|(c, _)| c.hf == k).map(|(_, p)| p).sum() };
        for k in 0..8 {
            let want = (1.0f64 / 6.0).powi(k as i32) * 5.0 / 6.0;
            assert!((p_hf(k) - want).abs() < 1e-12, "k={k}");
        }
        assert!((p_hf(8) - (1.0f64 / 6.0).powi(8)).abs() < 1e-15);
        let swords: f64 = d
            .iter()
            .filter(|(c, _)| c.swords == 1)
            .map(|(_, p)| p)
            .sum();
        assert!((swords - 0.2).abs() < 1e-12);
    }

    #[test]
    fn inspiration_cancels_one_hf_without_a_reroll() {
        // GEN-UNIT-1: one inspired Sohei die: 1/6 cancelled, else as usual.
        let t = GenTables::load().expect("tables");
        let d = roll_distribution(&t.die, 1, true, true, 8);
        let cancelled: f64 = d
            .iter()
            .filter(|(c, _)| c.cancelled_hf == 1)
            .map(|(_, p)| p)
            .sum();
        assert!((cancelled - 1.0 / 6.0).abs() < 1e-12);
        let tokens: f64 = d.iter().filter(|(c, _)| c.hf > 0).map(|(_, p)| p).sum();
        assert!(
            tokens.abs() < 1e-12,
            "an inspired single die earns no token"
        );
    }

    #[test]
    fn elimination_and_blocked_retreat_follow_the_effects() {
        // 4 Samurai dice on a 1-figure triangle with no room behind it: any
        // triangle, sword or flag eliminates it (GEN-DICE-1, base rules).
        let t = GenTables::load().expect("tables");
        let d = roll_distribution(&t.die, 4, false, false, 8);
        let s = Striker {
            rank: Rank::Square,
            mounted: false,
            swords_hit: true,
            collects_hf: true,
        };
        let tg = Target::in_the_open(Rank::Triangle);
        let o = attack_odds(&d, AttackKind::Close, &s, &tg, false, 1, 0, &t.combat);
        let want = 1.0 - (0.5f64).powi(4);
        assert!((o.eliminated - want).abs() < 1e-12);
        assert!((o.retreat_blocked - (1.0 - (5.0f64 / 6.0).powi(4))).abs() < 1e-12);
    }

    /// Samples `n` rolls through the one `Dice` and checks every hits and
    /// H&F bucket against the exact odds within 3σ.
    fn monte_carlo(n: u32, seed: u64) {
        let t = GenTables::load().expect("tables");
        let top = t.combat.odds_hf_top;
        let (s, tg) = sohei_vs_red_cavalry(&t);
        for (dice_n, inspired) in [(3, false), (4, true)] {
            let exact = attack_odds(
                &roll_distribution(&t.die, dice_n, true, inspired, top),
                AttackKind::Close,
                &s,
                &tg,
                false,
                3,
                1,
                &t.combat,
            );
            let mut dice = Dice::new(seed);
            let (mut hits, mut hf, mut elim) = (Vec::new(), Vec::new(), 0.0);
            for _ in 0..n {
                let c = roll(&t.die, dice_n, true, inspired, &mut dice).counts();
                let e = effect(&c, AttackKind::Close, &s, &tg, false, &t.combat);
                bump(&mut hits, e.hits(), 1.0);
                bump(&mut hf, e.hf_tokens.min(top), 1.0);
                if e.hits() + blocked_retreat_hits(e.retreat, 1) >= 3 {
                    elim += 1.0;
                }
            }
            let nf = f64::from(n);
            let check = |what: &str, exact: &[f64], seen: &[f64]| {
                for i in 0..exact.len().max(seen.len()) {
                    let p = exact.get(i).copied().unwrap_or(0.0);
                    let f = seen.get(i).copied().unwrap_or(0.0) / nf;
                    let sigma = (p * (1.0 - p) / nf).sqrt().max(1.0 / nf);
                    assert!(
                        (f - p).abs() <= 3.0 * sigma,
                        "{what}[{i}]: exact {p:.5}, sampled {f:.5} ({dice_n} dice)"
                    );
                }
            };
            check("hits", &exact.hits, &hits);
            check("hf", &exact.hf, &hf);
            check("eliminated", &[exact.eliminated], &[elim]);
        }
    }

    #[test]
    fn exact_battle_dice_odds_agree_with_sampling() {
        // GEN-DICE-1, GEN-UNIT-3: Sohei against red cavalry, 20,000 rolls.
        monte_carlo(20_000, 7);
    }

    #[test]
    #[ignore = "10^6 samples; run with --release -- --ignored"]
    fn exact_battle_dice_odds_million() {
        // GEN-DICE-1, GEN-UNIT-3: the acceptance run.
        monte_carlo(1_000_000, 11);
    }
}
