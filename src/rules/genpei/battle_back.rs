//! Battle back and the stockade's first strike (GEN-BASE; GEN-STK-5): what
//! the defender rolls ([`counter_plan`], for the resolution and the odds
//! alike), with the Leader Inspiration it may buy for it ("All battle
//! rolls", GEN-STK-4; "In all cases", GEN-MSH-4), and the roll itself.

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};

use super::attack_dice::{AttackKind, AttackSetup, attack_dice};
use super::battle_dice::roll;
use super::battle_plan::{faces, inspiring_leader, plan, target_of, terrain_now};
use super::effects::{Striker, Target, effect};
use super::honor::inspiration_cost;
use super::losses;
use super::state::{Attack, GenCtx, GenState};

fn refuse(rule: &str, why: impl Into<String>) -> Refusal {
    Refusal::new(rule, why)
}

/// What a battle back or a first strike by unit `by` at unit `at` rolls
/// and on what: the same for the resolution and the odds.
#[derive(Clone, Debug)]
pub struct CounterPlan {
    /// The dice, itemized.
    pub dice: Itemized,
    /// The unit battling back as the effect sees it.
    pub striker: Striker,
    /// The attacker as the effect sees it.
    pub target: Target,
    /// Sohei re-roll H&F (GEN-UNIT-3).
    pub reroll_hf: bool,
    /// Inspiration cancels the first H&F (GEN-UNIT-1).
    pub inspired: bool,
    /// Inspiration dice bought.
    pub bought: u32,
    /// The H&F the Inspiration costs, paid when it rolls.
    pub cost: u32,
    /// The rule of the Inspiration: GEN-STK-4 or GEN-MSH-4 across a
    /// stockade or marsh boundary, else GEN-BASE.
    pub rule: &'static str,
}

/// The dice of a battle back, or of the stockade's first strike (`by`'s
/// close-combat dice, capped as any close combat, GEN-STK-4, GEN-MSH-4),
/// with up to `inspire` dice of Leader Inspiration when a leader may
/// inspire `by` and its army can pay for them ("All battle rolls may be
/// modified by Leader Inspiration", GEN-STK-4 L162; "In all cases",
/// GEN-MSH-4 L192; 1 H&F a die, GEN-BASE). No card adds dice to it.
pub fn counter_plan(
    ctx: &GenCtx,
    s: &GenState,
    by: u32,
    at: u32,
    inspire: u32,
) -> Option<CounterPlan> {
    let v = &ctx.tables.combat;
    let (b, t) = (s.unit(by)?, s.unit(at)?);
    let ty = ctx.unit_type(&b.kind)?;
    let rule = if s.stockade(ctx, b.hex) || s.stockade(ctx, t.hex) {
        "GEN-STK-4"
    } else if ctx.marsh(b.hex) || ctx.marsh(t.hex) {
        "GEN-MSH-4"
    } else {
        "GEN-BASE"
    };
    let mut bought = 0;
    if inspire > 0 && inspiring_leader(ctx, s, by) {
        bought = (1..=inspire.min(v.inspiration_max_dice))
            .rev()
            .find(|n| inspiration_cost(*n, s.hf[b.side as usize], v).1)
            .unwrap_or(0);
    }
    let mut bonus = Vec::new();
    if bought > 0 {
        bonus.push((
            say!("gen-mod-leader-inspiration"),
            bought as i32,
            rule.to_string(),
        ));
    }
    let setup = AttackSetup {
        unit: ty,
        kind: AttackKind::Close,
        moved: 0,
        embarked: false,
        onslaught: false,
        from: terrain_now(ctx, s, b.hex),
        into: terrain_now(ctx, s, t.hex),
        in_tower: false,
        bonus,
    };
    let dice = attack_dice(&setup, v).ok()?;
    let target = target_of(ctx, s, at, b.hex)?;
    let at_sea = ctx.ocean(b.hex);
    Some(CounterPlan {
        dice,
        striker: Striker {
            rank: ty.rank,
            mounted: ty.mounted && !at_sea,
            swords_hit: ty.swords_hit,
            collects_hf: true,
        },
        target,
        reroll_hf: ty.reroll_hf,
        inspired: bought > 0,
        bought,
        cost: inspiration_cost(bought, s.hf[b.side as usize], v).0,
        rule,
    })
}

/// Whether the defender of `a` may buy `n` dice of Leader Inspiration for
/// its battle back or first strike: a close combat on a unit, a leader who
/// may inspire it, and the H&F to pay (GEN-STK-4, GEN-MSH-4, GEN-BASE).
///
/// # Errors
/// GEN-BASE with the reason.
pub fn check_counter_inspiration(
    ctx: &GenCtx,
    s: &GenState,
    a: &Attack,
    n: u32,
) -> Result<(), Refusal> {
    let v = &ctx.tables.combat;
    let p = plan(ctx, s, a)?;
    let Some(d) = p.defender.and_then(|d| s.unit(d)) else {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-inspiration-close-only"),
        ));
    };
    if p.kind != AttackKind::Close {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-inspiration-close-only"),
        ));
    }
    if !inspiring_leader(ctx, s, d.id) {
        return Err(refuse("GEN-BASE", say!("gen-refuse-no-inspiring-leader")));
    }
    let hf = s.hf[d.side as usize];
    let (cost, ok) = inspiration_cost(n, hf, v);
    if n == 0 || !ok || n > v.inspiration_max_dice {
        return Err(refuse(
            "GEN-BASE",
            say!(
                "gen-refuse-inspiration-cost",
                max = v.inspiration_max_dice,
                cost = cost,
                hf = hf
            ),
        ));
    }
    Ok(())
}

/// Battle back (or first strike, `first`): unit `by` rolls its
/// close-combat dice at `at` ([`counter_plan`]), with the Leader
/// Inspiration its side chose, paid now.
#[allow(clippy::too_many_arguments)]
pub(super) fn counter(
    ctx: &GenCtx,
    s: &mut GenState,
    by: u32,
    at: u32,
    first: bool,
    inspire: u32,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) {
    let v = &ctx.tables.combat;
    let (Some(b), Some(t)) = (s.unit(by).cloned(), s.unit(at).cloned()) else {
        return;
    };
    let Some(cp) = counter_plan(ctx, s, by, at, inspire) else {
        return;
    };
    if cp.cost > 0 {
        s.hf[b.side as usize] -= cp.cost;
        out.push(LogEntry::event(
            cp.rule,
            vec![by],
            say!(
                "gen-log-inspiration-paid",
                unit = b.name,
                cost = cp.cost,
                n = cp.bought
            ),
        ));
    }
    let n = cp.dice.clone();
    let k = n.total().max(0) as u32;
    let r = roll(&ctx.tables.die, k, cp.reroll_hf, cp.inspired, dice);
    let c = r.counts();
    let eff = effect(&c, AttackKind::Close, &cp.striker, &cp.target, false, v);
    let mut e = LogEntry::event("GEN-BASE", vec![by, at], {
        let (roll, hits, flags, why) = (
            r.describe(),
            eff.hits(),
            eff.retreat,
            eff.reasons.join("; "),
        );
        if first {
            say!(
                "gen-log-strikes-first",
                unit = b.name,
                n = k,
                roll = roll,
                target = t.name,
                hits = hits,
                flags = flags,
                why = why
            )
        } else {
            say!(
                "gen-log-battles-back",
                unit = b.name,
                n = k,
                roll = roll,
                target = t.name,
                hits = hits,
                flags = flags,
                why = why
            )
        }
    });
    e.value = Some(n);
    e.die = Some(say!("gen-die-battle"));
    e.dice = faces(ctx, &r);
    out.push(e);
    s.hf[b.side as usize] += eff.hf_tokens;
    losses::lose(ctx, s, at, eff.hits(), b.side, "GEN-DICE-1", dice, out);
    if eff.retreat > 0 && s.unit(at).is_some_and(|x| x.alive()) {
        losses::retreat(ctx, s, at, eff.retreat, b.side, dice, out);
    }
}
