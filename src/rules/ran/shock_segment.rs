//! The Shock Segment's commands (RAN-SHOCK-1, RAN-COORD): who may attack
//! together, the Contingent Coordination roll for a shock by units of more
//! than one contingent and the owner's choice it may call for, and the
//! shocks a contingent's units must make (RAN-STAT-4).
//!
//! Kassen's reading (RAN-COORD-3, a stand-in): in the activated Busho's
//! Shock Segment, units of another Active contingent of his side (its
//! commander alive and not Finished) may join a shock that at least one
//! unit of the activated contingent makes. Each joining unit obeys the
//! usual shock rules (front hexes, In Command or Committed).

use crate::engine::command::Refusal;
use crate::engine::dice::{Dice, Die};
use crate::engine::log::{Itemized, LogEntry, Modifier};

use super::dice::{d10, roll_entry};
use super::leaders::{self, Coordination};
use super::shock;
use super::shock::shock_targets;
use super::state::{PendingShock, Phase, RanCtx, RanState, RanUnit, Segment};
use super::unit_orders::own_unit;

/// The contingent (leader id) `busho` leads.
fn contingent_of(state: &RanState, busho: u32) -> u32 {
    state.leader(busho).map_or(busho, |l| l.contingent)
}

/// Whether `u` may join a shock in `busho`'s Shock Segment as a unit of
/// another contingent (RAN-COORD-1, RAN-COORD-3 stand-in): an active unit
/// of his side whose contingent is Active (its commander alive and not
/// Finished).
pub fn may_join(state: &RanState, busho: u32, u: &RanUnit) -> bool {
    let Some(b) = state.leader(busho) else {
        return false;
    };
    u.active()
        && u.side == b.side
        && u.contingent != b.contingent
        && state.commander(u.contingent).is_some_and(|l| !l.finished)
}

/// Every attacker is a unit of the activated contingent or may join it
/// (RAN-ORD-1, RAN-COORD-1), and at least one is of the activated
/// contingent.
///
/// # Errors
/// The refusal naming the rule it breaks.
pub fn attackers_ok(state: &RanState, busho: u32, attackers: &[u32]) -> Result<(), Refusal> {
    let mut own = false;
    for a in attackers {
        match own_unit(state, busho, *a) {
            Ok(_) => own = true,
            Err(e) => match state.unit(*a) {
                Some(u) if may_join(state, busho, u) => {}
                Some(u) if u.active() && state.leader(busho).is_some_and(|b| b.side == u.side) => {
                    return Err(Refusal::new(
                        "RAN-COORD-1",
                        say!("ran-refuse-contingent-not-active", unit = u.name),
                    ));
                }
                _ => return Err(e),
            },
        }
    }
    if own {
        Ok(())
    } else {
        Err(Refusal::new(
            "RAN-COORD-1",
            say!("ran-refuse-needs-own-unit"),
        ))
    }
}

/// The contingents of `attackers`, each once, in order.
pub fn contingents(state: &RanState, attackers: &[u32]) -> Vec<u32> {
    let mut v: Vec<u32> = attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .map(|u| u.contingent)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The factor a contingent's leader brings to Coordination (RAN-COORD-3,
/// L1047, L1051): a Busho's Momentum, the So-Taisho's Initiative.
pub fn factor(state: &RanState, contingent: u32) -> i32 {
    state
        .commander(contingent)
        .map_or(0, |l| leaders::momentum_factor(l.role, l.factors))
}

/// The Coordination roll's modifiers (RAN-COORD-3, L1047, L1051): "+1 si
/// es un intento de Momentum", in an Orders Phase a Momentum roll gave.
pub fn roll_modifiers(ctx: &RanCtx, state: &RanState) -> Vec<Modifier> {
    if state.momentum_orders {
        vec![Modifier::new(
            say!("ran-coordination-momentum-mod"),
            ctx.tables.values.leaders.coordination_momentum_modifier,
            "RAN-COORD-3",
        )]
    } else {
        Vec::new()
    }
}

/// The result of a Coordination roll `raw` with `mods` (RAN-COORD-2): the
/// modified roll, read on the table (a roll past its end reads the last
/// band).
pub fn result(ctx: &RanCtx, raw: u32, mods: &[Modifier]) -> Coordination {
    let m: i32 = mods.iter().map(|m| m.value).sum();
    leaders::coordination(&ctx.tables.coordination, (raw as i32 + m).max(0) as u32)
}

/// The chance that a Coordination roll with `mods` gives `want`: the share
/// of the die's faces that do (the odds and the log use it).
pub fn chance(ctx: &RanCtx, mods: &[Modifier], want: Coordination) -> f64 {
    let d = Die::D10Zero;
    let n = (d.min()..=d.max())
        .filter(|r| result(ctx, *r, mods) == want)
        .count();
    n as f64 / f64::from(d.faces())
}

/// What a Coordination result leaves of a shock (RAN-COORD-2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Every attacker goes on.
    All,
    /// Only this contingent's units attack.
    Only(u32),
    /// The owner chooses one of these contingents ("el jugador elige").
    Choose(Vec<u32>),
    /// No shock; Must Shock requirements are ignored.
    NoAttack,
}

/// The decision a Coordination `res` makes among contingents with their
/// leaders' factors (RAN-COORD-2): the higher (4–5) or lower (6) factor
/// attacks, a tie goes to the owner, and on 7 the owner chooses any one.
pub fn decide(res: Coordination, factors: &[(u32, i32)]) -> Decision {
    let pick = |best: Option<i32>| {
        let tied: Vec<u32> = factors
            .iter()
            .filter(|(_, f)| Some(*f) == best)
            .map(|(c, _)| *c)
            .collect();
        match tied.as_slice() {
            [one] => Decision::Only(*one),
            _ => Decision::Choose(tied),
        }
    };
    match res {
        Coordination::AsPlanned => Decision::All,
        Coordination::HigherOnly => pick(factors.iter().map(|(_, f)| *f).max()),
        Coordination::LowerOnly => pick(factors.iter().map(|(_, f)| *f).min()),
        Coordination::OwnerPicksOne => Decision::Choose(factors.iter().map(|(c, _)| *c).collect()),
        Coordination::NoAttack => Decision::NoAttack,
    }
}

/// Rolls Contingent Coordination for a shock by units of more than one
/// contingent (RAN-COORD-1, RAN-COORD-2, RAN-COORD-3) and logs it.
fn roll(
    ctx: &RanCtx,
    state: &RanState,
    dice: &mut Dice,
    attackers: &[u32],
    out: &mut Vec<LogEntry>,
) -> Decision {
    let cs = contingents(state, attackers);
    let mods = roll_modifiers(ctx, state);
    let r = d10(dice);
    let res = result(ctx, r, &mods);
    let mut value = Itemized::new(say!("ran-value-roll"), r as i32);
    for m in &mods {
        value.add(m.name.clone(), m.value, m.rule.clone());
    }
    let shown = (value.total().max(0) as u32).min(Die::D10Zero.max());
    let text = leaders::band_text(&ctx.tables.coordination, shown);
    out.push(roll_entry(
        "RAN-COORD-2",
        attackers.to_vec(),
        say!("ran-coordination", rule = "RAN-COORD-1", n = cs.len()),
        Some(value),
        None,
        r,
        match res {
            Coordination::AsPlanned => say!("ran-coordination-as-planned", text = text),
            Coordination::HigherOnly => say!("ran-coordination-higher", text = text),
            Coordination::LowerOnly => say!("ran-coordination-lower", text = text),
            Coordination::OwnerPicksOne => say!("ran-coordination-one", text = text),
            Coordination::NoAttack => say!("ran-coordination-no-attack", text = text),
        },
        Some(chance(ctx, &mods, res)),
    ));
    let factors: Vec<(u32, i32)> = cs.iter().map(|c| (*c, factor(state, *c))).collect();
    decide(res, &factors)
}

/// The units of `attackers` of contingent `c`.
fn of_contingent(state: &RanState, attackers: &[u32], c: u32) -> Vec<u32> {
    attackers
        .iter()
        .copied()
        .filter(|a| state.unit(*a).is_some_and(|u| u.contingent == c))
        .collect()
}

/// Logs that only contingent `c` attacks (RAN-COORD-2).
fn log_keeps(state: &RanState, c: u32, chosen: bool, keep: &[u32], out: &mut Vec<LogEntry>) {
    let leader = state
        .commander(c)
        .map_or_else(|| c.to_string(), |l| l.name.to_string());
    out.push(LogEntry::event(
        "RAN-COORD-2",
        keep.to_vec(),
        if chosen {
            say!("ran-coordination-owner-picks", leader = leader)
        } else {
            say!("ran-coordination-keeps", leader = leader)
        },
    ));
}

/// The shock goes on with `attackers`: steps 1–2 ([`shock::declare`]),
/// then the defender's reaction window, or the fight.
fn go(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    (attackers, defender, charge): (&[u32], u32, bool),
    out: &mut Vec<LogEntry>,
) {
    if let Some(p) = shock::declare(ctx, state, dice, attackers, defender, charge, out) {
        if shock::may_withdraw(ctx, state, &p) {
            state.phase = Phase::Reaction { shock: p, busho };
        } else {
            shock::fight(ctx, state, dice, &p, out);
        }
    }
}

/// A `RanCommand::Shock` in `busho`'s Shock Segment: the attackers are
/// checked (RAN-ORD-1, RAN-COORD-1, [`shock::refuse`]); units of more than
/// one contingent roll Coordination first (RAN-COORD-2), which may leave
/// the choice of one contingent to the owner (`Phase::Coordination`).
///
/// # Errors
/// The refusal naming the rule the shock breaks.
pub fn shock_command(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    (attackers, defender, charge): (&[u32], u32, bool),
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    attackers_ok(state, busho, attackers)?;
    let side = state.leader(busho).map_or(0, |l| l.side);
    if let Some((rule, why)) = shock::refuse(ctx, state, side, attackers, defender, charge) {
        return Err(Refusal::new(rule, why));
    }
    state.last_shock = None;
    // RAN-COORD-1: a Coordination roll only when units of more than one
    // contingent shock together.
    if contingents(state, attackers).len() <= 1 {
        go(ctx, state, dice, busho, (attackers, defender, charge), out);
        return Ok(());
    }
    // Every unit of the declared shock has made its shock this phase,
    // whatever the roll leaves of it; Must Shock is met or ignored.
    for a in attackers {
        if let Some(u) = state.unit_mut(*a) {
            u.shocked = true;
            u.must_shock = false;
        }
    }
    match roll(ctx, state, dice, attackers, out) {
        Decision::All => go(ctx, state, dice, busho, (attackers, defender, charge), out),
        Decision::Only(c) => {
            let keep = of_contingent(state, attackers, c);
            log_keeps(state, c, false, &keep, out);
            go(ctx, state, dice, busho, (&keep, defender, charge), out);
        }
        Decision::Choose(contingents) => {
            state.phase = Phase::Coordination {
                busho,
                shock: PendingShock {
                    attackers: attackers.to_vec(),
                    defender,
                    charge,
                    extra: Vec::new(),
                },
                contingents,
            };
        }
        Decision::NoAttack => {}
    }
    Ok(())
}

/// The owner picks contingent `c` after a tie or a 7 (RAN-COORD-2): only
/// its units attack, and the Shock Segment goes on.
///
/// # Errors
/// RAN-COORD-2 when `c` is not one of the contingents offered.
pub fn pick(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    (busho, pending, offered): (u32, &PendingShock, &[u32]),
    c: u32,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    if !offered.contains(&c) {
        return Err(Refusal::new(
            "RAN-COORD-2",
            say!("ran-refuse-coordination-pick", id = c),
        ));
    }
    let keep = of_contingent(state, &pending.attackers, c);
    log_keeps(state, c, true, &keep, out);
    state.phase = Phase::Orders {
        busho,
        segment: Segment::Shock,
    };
    go(
        ctx,
        state,
        dice,
        busho,
        (&keep, pending.defender, pending.charge),
        out,
    );
    Ok(())
}

/// The shocks the units of `busho`'s contingent must make (RAN-STAT-4):
/// those that moved into an enemy ZOC this phase, and Committed units,
/// "when their Busho is activated", whatever he is activated for. Each
/// shocks its first target, the defender standing.
pub fn forced_shocks(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    out: &mut Vec<LogEntry>,
) {
    let c = contingent_of(state, busho);
    let side = state.leader(busho).map_or(0, |l| l.side);
    let must: Vec<u32> = state
        .units
        .iter()
        .filter(|u| u.contingent == c && u.active() && !u.shocked && (u.must_shock || u.committed))
        .map(|u| u.id)
        .collect();
    for id in must {
        if !state.unit(id).is_some_and(|u| u.active() && !u.shocked) {
            continue;
        }
        let Some(t) = shock_targets(ctx, state, id).next() else {
            continue;
        };
        if shock::refuse(ctx, state, side, &[id], t, false).is_some() {
            continue;
        }
        let name = state
            .unit(id)
            .map_or_else(String::new, |u| u.name.to_string());
        out.push(LogEntry::event(
            "RAN-STAT-4",
            vec![id, t],
            say!("ran-must-shock", unit = name),
        ));
        if let Some(p) = shock::declare(ctx, state, dice, &[id], t, false, out) {
            shock::fight(ctx, state, dice, &p, out);
        }
    }
}
