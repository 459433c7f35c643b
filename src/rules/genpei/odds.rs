//! Exact battle-dice odds (GEN-DICE-1): the distribution of every face
//! count of a roll, with the Sohei keep-and-reroll of H&F (GEN-UNIT-3) and
//! the H&F Inspiration cancels (GEN-UNIT-1), then of hits, flags, swords,
//! retreat and H&F after resistance and terrain, the chance of
//! eliminating the target and of a retreat being blocked.

use std::collections::BTreeMap;

use super::attack_dice::AttackKind;
use super::battle_dice::Counts;
use super::data::{BattleDie, CombatValues, Face, Rank};
use super::effects::{Striker, Target, blocked_retreat_hits, effect};
use super::honor::retreat_bill;

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
    /// The target is eliminated: the roll's hits, then its retreat's
    /// blocked hexes, unpaid H&F (Lack of Honor) and marsh roll.
    pub eliminated: f64,
    /// The forced retreat is longer than the open hexes behind the target.
    pub retreat_blocked: f64,
    /// A grapple is made (GEN-GRP-1).
    pub grapple: f64,
    /// The target's attached leader falls: a casualty check after a loss,
    /// the die when his unit is destroyed, or the marsh of his escape.
    pub leader_falls: f64,
}

fn bump(v: &mut Vec<f64>, i: u32, p: f64) {
    let i = i as usize;
    if v.len() <= i {
        v.resize(i + 1, 0.0);
    }
    v[i] += p;
}

/// The defending unit as its losses treat it ([`defender_fate`]): the
/// values `losses::lose` and `losses::retreat` read from the state.
#[derive(Clone, Debug, PartialEq)]
pub struct Defender {
    /// Figures left.
    pub figures: u32,
    /// Its rank (the H&F a hex of retreat costs).
    pub rank: Rank,
    /// A leader is attached.
    pub leader: bool,
    /// Its army's H&F tokens.
    pub tokens: u32,
    /// Open hexes behind it (`losses::retreat_path`; GEN-NCB-6, GEN-GRP-3).
    pub room: u32,
    /// Its retreat enters a marsh on this many hexes, and stops there
    /// (GEN-MSH-2).
    pub marsh_at: Option<u32>,
    /// The marsh roll (GEN-MSH-3): each chance with the figures it costs.
    pub marsh: Vec<(f64, u32)>,
    /// The attached leader's casualty check kills him.
    pub check_dies: f64,
    /// He falls with his destroyed unit.
    pub falls_with_unit: f64,
    /// Left alone after his unit fell, having retreated this many hexes
    /// (the index), his escape ends alone in a marsh (GEN-MSH-3).
    pub escape_into_marsh: Vec<bool>,
    /// A lone leader entering a marsh dies (GEN-MSH-3).
    pub marsh_kills_leader: f64,
}

/// What an attack's losses do to the defending unit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fate {
    /// The unit is eliminated.
    pub eliminated: f64,
    /// Its attached leader falls.
    pub leader_falls: f64,
}

/// One way the losses may go: its chance, the figures left, whether the
/// leader is still attached, the hexes retreated and the army's tokens.
type Branch = (f64, u32, bool, u32, u32);

/// `losses::lose` of `n` figures on branch `b`: elimination (and the
/// leader's die, then his escape), or the leader's casualty check.
fn lose_step(f: &mut Fate, d: &Defender, v: &CombatValues, b: Branch, n: u32) -> Vec<Branch> {
    let (p, figures, leader, hexes, tokens) = b;
    if n == 0 {
        return vec![b];
    }
    if n >= figures {
        f.eliminated += p;
        if leader {
            let marsh = d.escape_into_marsh.get(hexes as usize).copied() == Some(true)
                && tokens >= v.lone_leader_retreat_hf;
            let escape = if marsh { d.marsh_kills_leader } else { 0.0 };
            f.leader_falls += p * (d.falls_with_unit + (1.0 - d.falls_with_unit) * escape);
        }
        return Vec::new();
    }
    let left = figures - n;
    if !leader {
        return vec![(p, left, false, hexes, tokens)];
    }
    f.leader_falls += p * d.check_dies;
    vec![
        (p * (1.0 - d.check_dies), left, true, hexes, tokens),
        (p * d.check_dies, left, false, hexes, tokens),
    ]
}

/// What `hits` and then `flags` do to defender `d`, in the order the
/// resolution applies them (base rules §1; GEN-MSH-3): the hits, with the
/// leader's check; then the retreat: its H&F bill (each unpaid token a
/// hit, Lack of Honor), the marsh roll if it enters one, and the blocked
/// hexes and unpaid tokens as one loss.
pub fn defender_fate(hits: u32, flags: u32, d: &Defender, v: &CombatValues) -> Fate {
    let mut f = Fate::default();
    let start = (1.0, d.figures, d.leader, 0, d.tokens);
    let live = lose_step(&mut f, d, v, start, hits);
    if flags == 0 {
        return f;
    }
    for (p, figures, leader, _, tokens) in live {
        let k = flags.min(d.room);
        let blocked = blocked_retreat_hits(flags, k);
        let bill = retreat_bill(d.rank, leader, false, k, tokens, v);
        let b = (p, figures, leader, k, tokens - bill.paid);
        let after_marsh = if k > 0 && d.marsh_at.is_some_and(|m| k >= m) {
            d.marsh
                .iter()
                .flat_map(|(q, n)| lose_step(&mut f, d, v, (p * q, b.1, b.2, b.3, b.4), *n))
                .collect()
        } else {
            vec![b]
        };
        for b in after_marsh {
            lose_step(&mut f, d, v, b, blocked + bill.hits);
        }
    }
    f
}

/// Whether an attacker struck first with `hits` and `flags` still stands
/// where it attacked from, so that its attack is rolled (GEN-STK-5): not
/// destroyed, and not pushed back (`room` open hexes behind it; with none,
/// each flag is a hit).
pub fn attacker_stays(hits: u32, flags: u32, figures: u32, room: u32) -> bool {
    if flags > 0 && room > 0 {
        return false;
    }
    hits + blocked_retreat_hits(flags, room) < figures
}

/// The odds of an attack of `kind` from a roll distribution `dist`
/// ([`roll_distribution`]) on a `target`, defender `d` ([`defender_fate`]).
#[allow(clippy::too_many_arguments)]
pub fn attack_odds(
    dist: &[(Counts, f64)],
    kind: AttackKind,
    striker: &Striker,
    target: &Target,
    grapple: bool,
    d: &Defender,
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
        let f = defender_fate(e.hits(), e.retreat, d, v);
        o.eliminated += p * f.eliminated;
        o.leader_falls += p * f.leader_falls;
        if e.retreat > d.room {
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
    use crate::rules::genpei::data::GenTables;

    /// A defender of `figures` figures with `room` hexes behind it, no
    /// leader, no marsh and H&F enough for any retreat.
    fn plain(rank: Rank, figures: u32, room: u32) -> Defender {
        Defender {
            figures,
            rank,
            leader: false,
            tokens: 1_000,
            room,
            marsh_at: None,
            marsh: Vec::new(),
            check_dies: 0.0,
            falls_with_unit: 0.0,
            escape_into_marsh: Vec::new(),
            marsh_kills_leader: 0.0,
        }
    }

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
        let o = attack_odds(
            &d,
            AttackKind::Close,
            &s,
            &tg,
            false,
            &plain(Rank::Triangle, 1, 0),
            &t.combat,
        );
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
                &plain(tg.rank, 3, 1),
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
