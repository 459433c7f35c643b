//! The leaders' actions of the Leadership Summary (RAN-LDR-2, RAN-LDR-3,
//! seed L1041–1061) that are not Orders: the So-Taisho's Busho Movement
//! Order, Hara-Kiri, the Seppuku check after ordering an Active Withdrawal,
//! and Trump (Trump Continuity, Trump Momentum).
//!
//! The player aid gives what each action does but not every roll behind
//! it; where it is silent the reading chosen is written in the rules
//! reference (`rules_text.ron`) and marked as a stand-in there.

use hexx::Hex;

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};

use super::casualties;
use super::dice::{checked, d10, roll_entry};
use super::leaders::{self, Role};
use super::movement;
use super::sequence;
use super::state::{Phase, RanCtx, RanLeader, RanState};

fn refuse(rule: &str, why: String) -> Result<(), Refusal> {
    Err(Refusal::new(rule, why))
}

// ----- Busho Movement Order -------------------------------------------------

/// Whether `so` may give a Busho Movement Order now (RAN-LDR-3, "Orden de
/// Movimiento de Busho (sólo So-Taisho) … El So-Taisho debe estar en su
/// Honjin"): he is the So-Taisho and stands in his Honjin.
///
/// # Errors
/// A refusal under RAN-LDR-3 naming the missing condition.
pub fn may_order_busho_movement(ctx: &RanCtx, state: &RanState, so: u32) -> Result<(), Refusal> {
    let Some(l) = state.leader(so) else {
        return refuse("RAN-LDR-3", say!("ran-refuse-no-such-leader"));
    };
    if l.role != Role::SoTaisho {
        return refuse(
            "RAN-LDR-3",
            say!("ran-refuse-busho-movement-so-taisho", leader = l.name),
        );
    }
    if l.hex != ctx.honjin(l.side) {
        return refuse(
            "RAN-LDR-3",
            say!("ran-refuse-busho-movement-honjin", leader = l.name),
        );
    }
    Ok(())
}

/// Starts the So-Taisho's Busho Movement Order (RAN-LDR-3): an Orders
/// Phase in which every Busho of his side may move his full allowance
/// (RAN-LDR-1) and no unit takes an order.
pub fn start_busho_movement(state: &mut RanState, so: u32) {
    sequence::start_orders(state, so);
    state.busho_movement = true;
    let side = state.leader(so).map_or(0, |l| l.side);
    let zoc: Vec<(u32, bool)> = state
        .leaders
        .iter()
        .filter(|l| l.side == side && !l.dead && l.role != Role::Samurai)
        .map(|l| (l.id, state.enemy_zoc(l.side, l.hex)))
        .collect();
    for (id, in_zoc) in zoc {
        if let Some(l) = state.leader_mut(id) {
            l.mp_used = 0;
            l.began_in_enemy_zoc = in_zoc;
        }
    }
}

/// Whether `leader` may move in the current Orders Phase: the active Busho
/// or one of his Samurai (RAN-LDR-1), or under a Busho Movement Order any
/// living Busho or So-Taisho of the ordering side (RAN-LDR-3).
pub fn may_move_leader(state: &RanState, busho: u32, leader: &RanLeader) -> bool {
    if leader.dead {
        return false;
    }
    let Some(b) = state.leader(busho) else {
        return false;
    };
    if state.busho_movement {
        return leader.side == b.side && leader.role != Role::Samurai;
    }
    leader.id == busho || (leader.role == Role::Samurai && leader.contingent == b.contingent)
}

/// A leader's allowance left in this Orders Phase, in MP (RAN-LDR-1):
/// the table's allowance for his role and wounds, the smaller one if he
/// began the phase in an enemy ZOC, less the MP he has spent in it.
pub fn leader_ma_left(ctx: &RanCtx, l: &RanLeader) -> (u32, u32) {
    let ma = leaders::leader_ma(
        &ctx.tables.leader_movement,
        l.role,
        l.wounds > 0,
        l.began_in_enemy_zoc,
    );
    (ma, ma.saturating_sub(l.mp_used))
}

/// The MP `l` pays to reach each hex within `budget` (RAN-LDR-1,
/// RAN-TER-1): each step costs the terrain table's Open/Missile/Busho/
/// Samurai column ("Abierto/Todo Proyectiles Busho/Samurái"), hexsides
/// and levels included, and NP hexes and hexsides bar him as they bar a
/// unit. Kassen's reading (stand-in): friendly units neither cost him MP
/// nor block him; he may not enter or pass an enemy unit's hex, and an
/// enemy ZOC does not stop him.
pub fn leader_reach(
    ctx: &RanCtx,
    state: &RanState,
    l: &RanLeader,
    budget: u32,
) -> std::collections::BTreeMap<(i32, i32), u32> {
    use std::cmp::Reverse;
    let mut best = std::collections::BTreeMap::new();
    best.insert((l.hex.x, l.hex.y), 0u32);
    let mut heap = std::collections::BinaryHeap::new();
    heap.push(Reverse((0u32, (l.hex.x, l.hex.y))));
    while let Some(Reverse((cost, k))) = heap.pop() {
        // Six neighbours costed: the opponent's work units (`engine::work`).
        crate::engine::work::charge(crate::engine::work::PER_HEX);
        if best.get(&k).is_some_and(|c| *c < cost) {
            continue;
        }
        let h = Hex::new(k.0, k.1);
        for n in h.all_neighbors() {
            // Friendly units are not there for him; an enemy unit bars the
            // step as any occupant of the other side does.
            let enemy = state
                .units
                .iter()
                .find(|u| u.side != l.side && u.present() && u.hex == n);
            let Some(mp) = movement::step_mp(ctx, state, l.side, (true, false), (h, n), enemy)
            else {
                continue;
            };
            let total = cost + mp;
            if total > budget || best.get(&(n.x, n.y)).is_some_and(|c| *c <= total) {
                continue;
            }
            best.insert((n.x, n.y), total);
            heap.push(Reverse((total, (n.x, n.y))));
        }
    }
    best
}

/// The MP a Samurai charge into the enemy-occupied hex `to` costs `l`
/// (RAN-IC-4, RAN-LDR-1): his way to a hex next to it, paid by the
/// terrain ([`leader_reach`] within `budget`), the step into it, and the
/// card's "+2 PM para entrar en el hex" (`extra`). `None` when he cannot
/// get next to it.
pub fn charge_mp(
    ctx: &RanCtx,
    state: &RanState,
    l: &RanLeader,
    to: Hex,
    extra: u32,
    budget: u32,
) -> Option<u32> {
    let reach = leader_reach(ctx, state, l, budget);
    let mut bare = state.clone();
    bare.units.clear();
    to.all_neighbors()
        .into_iter()
        .filter_map(|n| {
            let there = *reach.get(&(n.x, n.y))?;
            let mp = movement::step_mp(ctx, &bare, l.side, (true, false), (n, to), None)?;
            Some(there + mp + extra)
        })
        .min()
}

/// Moves the active Busho or one of his Samurai (RAN-LDR-1): within the
/// allowance left this Orders Phase, paid in MP by the terrain he crosses
/// ([`leader_reach`]), onto the board, not into an enemy unit.
///
/// # Errors
/// A refusal under RAN-LDR-1.
pub fn move_leader(
    ctx: &RanCtx,
    state: &mut RanState,
    busho: u32,
    leader: u32,
    to: Hex,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let l = state
        .leader(leader)
        .cloned()
        .ok_or_else(|| Refusal::new("RAN-LDR-1", say!("ran-refuse-no-such-leader")))?;
    if !may_move_leader(state, busho, &l) {
        return refuse(
            "RAN-LDR-1",
            say!("ran-refuse-not-active-busho", leader = l.name),
        );
    }
    let (ma, left) = leader_ma_left(ctx, &l);
    let cost = leader_reach(ctx, state, &l, left)
        .get(&(to.x, to.y))
        .copied();
    let Some(dist) = cost else {
        return refuse(
            "RAN-LDR-1",
            say!(
                "ran-refuse-leader-move",
                leader = l.name,
                ma = ma,
                left = left
            ),
        );
    };
    if let Some(lm) = state.leader_mut(leader) {
        lm.hex = to;
        lm.mp_used += dist;
    }
    out.push(LogEntry::event(
        "RAN-LDR-1",
        vec![leader],
        say!(
            "ran-leader-moves",
            leader = l.name,
            n = dist,
            ma = ma,
            left = left - dist
        ),
    ));
    Ok(())
}

// ----- Hara-Kiri --------------------------------------------------------------

/// What a Hara-Kiri does for the friendly units in range (RAN-LDR-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HaraKiri {
    /// "Retira 1 Impacto de todas las unidades de combate amigas en el
    /// Alcance de Mando/Desafío".
    RemoveHits,
    /// "Recupera dos unidades Desorganizadas en Alcance de Mando/Desafío".
    Recover,
}

/// The Busho's Command/Challenge Range in hexes (RAN-LDR-2,
/// [`RanState::command_range`]).
pub fn command_challenge_range(ctx: &RanCtx, state: &RanState, l: &RanLeader) -> u32 {
    state.command_range(ctx, l).max(0) as u32
}

/// Whether a Hara-Kiri of `busho` choosing `what` would help a unit now:
/// a friendly combat unit in range with a hit to lose, or a Disordered one
/// to recover. The app and the computer offer it only then; `apply`
/// accepts it in any case (RAN-LDR-3).
pub fn hara_kiri_helps(ctx: &RanCtx, state: &RanState, busho: u32, what: HaraKiri) -> bool {
    let Some(b) = state.leader(busho) else {
        return false;
    };
    let range = command_challenge_range(ctx, state, b);
    state.units.iter().any(|u| {
        u.side == b.side
            && u.active()
            && b.hex.unsigned_distance_to(u.hex) <= range
            && match what {
                HaraKiri::RemoveHits => u.hits > 0,
                HaraKiri::Recover => u.disordered,
            }
    })
}

/// Hara-Kiri (RAN-LDR-3, RAN-TQ-12), made by an activated Busho instead of
/// an Orders or Challenge Phase: he dies (his contingent passes to a
/// replacement, RAN-WD-2); every friendly combat unit within his
/// Command/Challenge Range loses a hit, or the two nearest Disordered ones
/// recover; and the units of every friendly contingent whose Busho stood
/// within that range check TQ at −1 for the rest of the turn.
pub fn hara_kiri(
    ctx: &RanCtx,
    state: &mut RanState,
    busho: u32,
    what: HaraKiri,
    out: &mut Vec<LogEntry>,
) {
    let Some(b) = state.leader(busho).cloned() else {
        return;
    };
    let range = command_challenge_range(ctx, state, &b);
    let v = &ctx.tables.values.leaders;
    let within = |h: hexx::Hex| b.hex.unsigned_distance_to(h) <= range;
    out.push(LogEntry::event(
        "RAN-LDR-3",
        vec![busho],
        say!("ran-hara-kiri", leader = b.name, range = range),
    ));
    let mut touched = Vec::new();
    match what {
        HaraKiri::RemoveHits => {
            for u in state
                .units
                .iter_mut()
                .filter(|u| u.side == b.side && u.active() && u.hits > 0 && within(u.hex))
            {
                u.hits = u.hits.saturating_sub(v.hara_kiri_hits_removed);
                touched.push(u.id);
            }
        }
        HaraKiri::Recover => {
            let mut dis: Vec<(u32, u32)> = state
                .units
                .iter()
                .filter(|u| u.side == b.side && u.active() && u.disordered && within(u.hex))
                .map(|u| (b.hex.unsigned_distance_to(u.hex), u.id))
                .collect();
            dis.sort_unstable();
            for (_, id) in dis.into_iter().take(v.hara_kiri_recovered as usize) {
                if let Some(u) = state.unit_mut(id) {
                    u.disordered = false;
                    touched.push(id);
                }
            }
        }
    }
    out.push(LogEntry::event(
        "RAN-LDR-3",
        touched.clone(),
        match what {
            HaraKiri::RemoveHits => say!("ran-hara-kiri-hits", n = touched.len()),
            HaraKiri::Recover => say!("ran-hara-kiri-recovers", n = touched.len()),
        },
    ));
    let mut clans: Vec<u32> = state
        .leaders
        .iter()
        .filter(|l| l.side == b.side && !l.dead && l.role != Role::Samurai && within(l.hex))
        .map(|l| l.contingent)
        .collect();
    clans.sort_unstable();
    clans.dedup();
    for c in &clans {
        if !state.hara_kiri.contains(c) {
            state.hara_kiri.push(*c);
        }
    }
    state.hara_kiri.sort_unstable();
    out.push(LogEntry::event(
        "RAN-TQ-12",
        Vec::new(),
        say!("ran-hara-kiri-tq", n = clans.len()),
    ));
    casualties::kill_leader(ctx, state, busho, out);
    sequence::finish(state, busho);
}

// ----- Seppuku after ordering an Active Withdrawal ---------------------------------

/// The factor a Busho's Seppuku check uses (RAN-LDR-2): the So-Taisho's
/// Initiative, a Busho's Momentum. 0..=9.
pub fn seppuku_factor(l: &RanLeader) -> Itemized {
    if l.role == Role::SoTaisho {
        Itemized::new(say!("ran-value-so-taisho-initiative"), l.factors.initiative)
    } else {
        Itemized::new(say!("ran-value-busho-momentum"), l.factors.momentum)
    }
}

/// Whether a Seppuku check's roll kills the Busho: a roll greater than his
/// factor (RAN-LDR-2, 6.44, [stand-in]: the card names the check, not its
/// roll; Kassen reads it as a TQ-style check against the factor).
pub fn commits_seppuku(roll: u32, factor: i32) -> bool {
    (roll as i32) > factor
}

/// The first Active Withdrawal a Busho orders in an Orders Phase makes him
/// check for Seppuku (RAN-LDR-2, 6.44); on a failed check he dies and his
/// contingent passes to a replacement (RAN-WD-2).
pub fn seppuku_check(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    out: &mut Vec<LogEntry>,
) {
    let Some(l) = state.leader(busho).cloned() else {
        return;
    };
    if l.dead || l.ordered_withdrawal {
        return;
    }
    if let Some(lm) = state.leader_mut(busho) {
        lm.ordered_withdrawal = true;
    }
    let factor = seppuku_factor(&l);
    let f = factor.total();
    let r = d10(dice);
    let dies = commits_seppuku(r, f);
    out.push(checked(
        !dies,
        1.0 - seppuku_chance(f),
        roll_entry(
            "RAN-LDR-2",
            vec![busho],
            say!("ran-seppuku-check", leader = l.name),
            Some(factor),
            Some(f),
            r,
            if dies {
                say!("ran-outcome-seppuku")
            } else {
                say!("ran-outcome-no-seppuku")
            },
            None,
        ),
    ));
    if dies {
        casualties::kill_leader(ctx, state, busho, out);
    }
}

/// The chance that a Seppuku check against `factor` kills: rolls above it
/// on the d10 read 0–9.
pub fn seppuku_chance(factor: i32) -> f64 {
    1.0 - super::tq::pass_chance(factor)
}

// ----- Trump ------------------------------------------------------------------

/// The Bushos of the side other than `active`'s that may be designated to
/// Trump now (RAN-LDR-2): Momentum at least the active Busho's; for a Trump
/// of Continuity (`momentum` false) one whose contingent is Active (he may
/// be activated now, [`sequence::eligible`]); for a Trump of Momentum one
/// that may be Inactive (Finished) but must have been Activated this turn.
/// Empty when that side has no So-Taisho to make the attempt.
pub fn trump_designees(ctx: &RanCtx, state: &RanState, active: u32, momentum: bool) -> Vec<u32> {
    let Some(a) = state.leader(active) else {
        return Vec::new();
    };
    let side = 1 - a.side;
    if state.so_taisho(side).is_none() {
        return Vec::new();
    }
    let eligible = sequence::eligible(ctx, state, side, false);
    state
        .leaders
        .iter()
        .filter(|l| l.side == side && !l.dead && l.role != Role::Samurai)
        .filter(|l| l.factors.momentum >= a.factors.momentum)
        .filter(|l| {
            if momentum {
                l.activated
                    && state
                        .units
                        .iter()
                        .any(|u| u.contingent == l.contingent && u.active())
            } else {
                eligible.contains(&l.id)
            }
        })
        .map(|l| l.id)
        .collect()
}

/// After a command: a Momentum or Continuity decision just reached, not
/// from the Trump window itself, first goes to the other side's Trump
/// window when it has a Busho to designate (RAN-LDR-2).
pub fn offer_trump(ctx: &RanCtx, state: &mut RanState, before: &Phase) {
    if matches!(before, Phase::Trump { .. }) || *before == state.phase {
        return;
    }
    let (active, momentum) = match &state.phase {
        Phase::Momentum { busho } => (*busho, true),
        Phase::Continuity { side } => {
            // The Busho whose phase just ended: the one Finished last.
            let Some(b) = last_active(before) else {
                return;
            };
            if state.leader(b).is_none_or(|l| l.side != *side) {
                return;
            }
            (b, false)
        }
        _ => return,
    };
    if !trump_designees(ctx, state, active, momentum).is_empty() {
        state.phase = Phase::Trump {
            busho: active,
            momentum,
        };
    }
}

fn last_active(p: &Phase) -> Option<u32> {
    match p {
        Phase::Orders { busho, .. }
        | Phase::Challenge { busho }
        | Phase::Momentum { busho }
        | Phase::Reaction { busho, .. }
        | Phase::Coordination { busho, .. } => Some(*busho),
        _ => None,
    }
}

/// The phase the Trump window stands before.
fn trumped_phase(state: &RanState, busho: u32, momentum: bool) -> Phase {
    if momentum {
        Phase::Momentum { busho }
    } else {
        Phase::Continuity {
            side: state.leader(busho).map_or(0, |l| l.side),
        }
    }
}

/// The other side declines to Trump: the trumped decision follows.
pub fn decline_trump(state: &mut RanState, busho: u32, momentum: bool) {
    state.phase = trumped_phase(state, busho, momentum);
}

/// A Trump attempt (RAN-LDR-2): the trumping side's So-Taisho rolls d10
/// against his Trump factor ([`sequence::trump_factor`], halved outside
/// his Honjin); below it, the designated Busho takes an Orders Phase at
/// once and the trumped Busho's Momentum (or his side's Continuity) is
/// lost, the Busho Finished. Otherwise the designated Busho is Finished
/// and the trumped decision follows ([stand-in]: the card gives the
/// conditions, not the roll or the cost of failing).
///
/// # Errors
/// A refusal under RAN-LDR-2 when `designated` may not Trump now.
pub fn trump(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    momentum: bool,
    designated: u32,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    if !trump_designees(ctx, state, busho, momentum).contains(&designated) {
        let name = state
            .leader(designated)
            .map_or_else(String::new, |l| l.name.to_string());
        return refuse(
            "RAN-LDR-2",
            if momentum {
                say!("ran-refuse-trump-momentum", leader = name)
            } else {
                say!("ran-refuse-trump-continuity", leader = name)
            },
        );
    }
    let (Some(d), Some(a)) = (
        state.leader(designated).cloned(),
        state.leader(busho).cloned(),
    ) else {
        return refuse("RAN-LDR-2", say!("ran-refuse-no-such-leader"));
    };
    let Some(so) = state.so_taisho(d.side).cloned() else {
        return refuse("RAN-LDR-2", say!("ran-refuse-no-such-leader"));
    };
    let factor = sequence::trump_factor(ctx, &so);
    let f = factor.total();
    let r = d10(dice);
    let ok = trump_succeeds(r, f);
    out.push(checked(
        ok,
        trump_chance(f),
        roll_entry(
            "RAN-LDR-2",
            vec![so.id, designated],
            if momentum {
                say!(
                    "ran-trump-momentum",
                    leader = so.name,
                    busho = d.name,
                    active = a.name
                )
            } else {
                say!(
                    "ran-trump-continuity",
                    leader = so.name,
                    busho = d.name,
                    active = a.name
                )
            },
            Some(factor),
            Some(f - 1),
            r,
            if ok {
                say!("ran-outcome-trumps", busho = d.name)
            } else {
                say!("ran-outcome-trump-fails", busho = d.name)
            },
            None,
        ),
    ));
    if ok {
        if let Some(l) = state.leader_mut(busho) {
            l.finished = true;
        }
        if let Some(l) = state.leader_mut(designated) {
            l.activated = true;
        }
        sequence::start_orders(state, designated);
    } else {
        if let Some(l) = state.leader_mut(designated) {
            l.finished = true;
        }
        state.phase = trumped_phase(state, busho, momentum);
    }
    Ok(())
}

/// Whether a Trump roll succeeds: below the factor, as Continuity
/// (RAN-LDR-2).
pub fn trump_succeeds(roll: u32, factor: i32) -> bool {
    (roll as i32) < factor
}

/// The chance a Trump roll succeeds against `factor` on the d10 read 0–9,
/// counting the faces [`trump_succeeds`] passes.
pub fn trump_chance(factor: i32) -> f64 {
    super::dice::chance_of(|r| trump_succeeds(r, factor))
}
