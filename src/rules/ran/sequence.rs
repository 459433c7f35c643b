//! The sequence of play (RAN-SOP): Initiative, Activation, the alternation
//! of Busho activations, Momentum (with the Fate roll), Continuity, the
//! Recovery Phase, Contingent Abandonment and Victory.

use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};
use crate::i18n::{Lang, with_lang};

use super::abandonment;
use super::dice::{checked, d10, failed_unless, roll_entry};
use super::leaders::{self, Fate, MomentumRoll, Role};
use super::movement;
use super::state::{Phase, RanCtx, RanLeader, RanState, Segment};
use super::tq;

/// The name of side `s`.
pub fn side_name(ctx: &RanCtx, s: u8) -> String {
    ctx.scenario
        .sides
        .get(s as usize)
        .map_or_else(|| say!("ran-side-fallback", side = s), |x| x.name.clone())
}

/// Initiative (RAN-SOP-1) and Activation (RAN-SOP-2): each side rolls d10
/// plus its So-Taisho's Initiative, ties re-rolled; every contingent is
/// Active (RAN-BASE). The side with the Initiative activates first.
pub fn initiative(ctx: &RanCtx, state: &mut RanState, dice: &mut Dice, out: &mut Vec<LogEntry>) {
    let name = |s: u8| side_name(ctx, s);
    let init = |s: u8, st: &RanState| st.so_taisho(s).map_or(0, |l| l.factors.initiative);
    loop {
        let (r0, r1) = (d10(dice), d10(dice));
        let (t0, t1) = (r0 as i32 + init(0, state), r1 as i32 + init(1, state));
        let mut e = LogEntry::event(
            "RAN-SOP-1",
            vec![],
            say!(
                "ran-initiative-rolls",
                side0 = name(0),
                roll0 = r0,
                init0 = init(0, state),
                total0 = t0,
                side1 = name(1),
                roll1 = r1,
                init1 = init(1, state),
                total1 = t1
            ),
        );
        e.die = Some("d10 (0-9)".into());
        e.dice = vec![r0, r1];
        if t0 != t1 {
            state.initiative = u8::from(t1 > t0);
            e.outcome = say!("ran-outcome-has-initiative", side = name(state.initiative));
            out.push(e);
            break;
        }
        e.outcome = say!("ran-outcome-tie-roll-again");
        out.push(e);
    }
    out.push(LogEntry::event(
        "RAN-SOP-2",
        vec![],
        say!(
            "ran-activation-order",
            first = name(1 - state.initiative),
            second = name(state.initiative)
        ),
    ));
    state.passes = 0;
    state.phase = Phase::Select {
        side: state.initiative,
        resurrection: false,
    };
}

/// The Bushos (and So-Taisho) of `side` that may take an Orders or
/// Challenge Phase now: alive, not Finished (unless `resurrection`), with
/// an active unit in their contingent or a Samurai to send, and within the
/// So-Taisho's Command Range unless he is in his Honjin (RAN-LDR-3).
pub fn eligible(ctx: &RanCtx, state: &RanState, side: u8, resurrection: bool) -> Vec<u32> {
    let so = state.so_taisho(side);
    let in_honjin = so.is_some_and(|s| s.hex == ctx.honjin(side));
    state
        .leaders
        .iter()
        .filter(|l| l.side == side && !l.dead && l.role != Role::Samurai)
        .filter(|l| resurrection || !l.finished)
        .filter(|l| {
            state
                .units
                .iter()
                .any(|u| u.contingent == l.contingent && u.active())
        })
        .filter(|l| {
            l.role == Role::SoTaisho
                || so.is_none()
                || in_honjin
                || so.is_some_and(|s| {
                    let r = leaders::command_range(
                        &ctx.tables.values.leaders,
                        s.factors.initiative,
                        state.enemy_zoc(side, s.hex),
                    );
                    s.hex.unsigned_distance_to(l.hex) as i32 <= r
                })
        })
        .map(|l| l.id)
        .collect()
}

/// Starts an Orders Phase for `busho`: his contingent's units get fresh
/// orders (RAN-SOP-3).
pub fn start_orders(state: &mut RanState, busho: u32) {
    let c = state.leader(busho).map_or(busho, |l| l.contingent);
    for u in state.units.iter_mut().filter(|u| u.contingent == c) {
        u.mp_used = 0;
        u.ordered = false;
        u.moved = false;
        u.fired = false;
        u.shocked = false;
        u.must_shock = false;
    }
    // RAN-LDR-1: a leader's allowance is per Orders Phase; the Busho and
    // his Samurai start it afresh, the smaller one if in an enemy ZOC.
    let zoc: Vec<(u32, bool)> = state
        .leaders
        .iter()
        .filter(|l| l.contingent == c)
        .map(|l| (l.id, state.enemy_zoc(l.side, l.hex)))
        .collect();
    for (id, in_zoc) in zoc {
        if let Some(l) = state.leader_mut(id) {
            l.mp_used = 0;
            l.began_in_enemy_zoc = in_zoc;
            l.ordered_withdrawal = false;
        }
    }
    state.busho_movement = false;
    state.momentum_orders = false;
    state.passes = 0;
    state.phase = Phase::Orders {
        busho,
        segment: Segment::MoveFire,
    };
}

/// After a Busho's phase: his side may use Momentum if he has attempts left
/// (RAN-SOP-5), else he is Finished and Continuity follows.
pub fn after_phase(ctx: &RanCtx, state: &mut RanState, busho: u32) {
    let left = state.leader(busho).is_some_and(|l| {
        !l.dead && !l.finished && l.momentum_used < ctx.tables.values.leaders.momentum_attempts
    });
    if left {
        state.phase = Phase::Momentum { busho };
    } else {
        finish(state, busho);
    }
}

/// The Busho is Finished (Finalizado); his side's Continuity follows (RAN-SOP-6).
pub fn finish(state: &mut RanState, busho: u32) {
    let side = state.leader(busho).map_or(0, |l| l.side);
    if let Some(l) = state.leader_mut(busho) {
        l.finished = true;
    }
    state.phase = Phase::Continuity { side };
}

/// A Momentum attempt (RAN-SOP-5): a 9 goes to the Fate roll (RAN-FATE-1);
/// otherwise a roll below Momentum gives another Orders Phase.
pub fn momentum(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    out: &mut Vec<LogEntry>,
) {
    let Some(l) = state.leader(busho).cloned() else {
        return;
    };
    if let Some(lm) = state.leader_mut(busho) {
        lm.momentum_used += 1;
    }
    let factor = leaders::momentum_factor(l.role, l.factors);
    let r = d10(dice);
    let fate_roll = ctx.tables.values.leaders.momentum_fate_roll;
    let chance = |want| leaders::momentum_chance(factor, fate_roll, super::dice::DIE, want);
    let result = leaders::momentum_roll(r, factor, fate_roll);
    if result == MomentumRoll::Fate {
        let mut fate_entry = roll_entry(
            "RAN-FATE-1",
            vec![busho],
            say!("ran-tries-momentum-fate", leader = l.name),
            None,
            Some(factor - 1),
            r,
            say!("ran-outcome-fate-roll", roll = r),
            Some(chance(MomentumRoll::Fate)),
        );
        // For the luck figure the Fate roll sits between the failure
        // (worse) and another phase (better).
        fate_entry.worse = Some(chance(MomentumRoll::Fails));
        out.push(fate_entry);
        let f = d10(dice);
        let fate = leaders::fate(&ctx.tables.fate, f);
        out.push(roll_entry(
            "RAN-FATE-2",
            vec![busho],
            say!("ran-fate-roll-for", leader = l.name),
            None,
            None,
            f,
            {
                let text = leaders::band_text(&ctx.tables.fate, f);
                match fate {
                    Fate::Resurrection => say!("ran-fate-resurrection", text = text),
                    Fate::Finished => say!("ran-fate-finished", text = text),
                    Fate::CrisisOfFaith => say!("ran-fate-crisis-of-faith", text = text),
                }
            },
            None,
        ));
        match fate {
            Fate::Finished => finish(state, busho),
            Fate::Resurrection => {
                if let Some(lm) = state.leader_mut(busho) {
                    lm.finished = true;
                }
                state.phase = Phase::Select {
                    side: 1 - l.side,
                    resurrection: true,
                };
            }
            Fate::CrisisOfFaith => {
                crisis_of_faith(ctx, state, dice, busho, out);
                finish(state, busho);
            }
        }
        return;
    }
    let ok = result == MomentumRoll::Another;
    out.push(failed_unless(
        ok,
        roll_entry(
            "RAN-SOP-5",
            vec![busho],
            if l.role == Role::SoTaisho {
                say!(
                    "ran-tries-momentum-so-taisho",
                    leader = l.name,
                    factor = factor
                )
            } else {
                say!("ran-tries-momentum", leader = l.name, factor = factor)
            },
            None,
            Some(factor - 1),
            r,
            if ok {
                say!("ran-outcome-another-phase")
            } else {
                say!("ran-outcome-fails-finished")
            },
            // The chance of the result rolled (the Fate roll is the third).
            Some(chance(result)),
        ),
    ));
    if ok {
        // RAN-SOP-5: the owner picks an Orders or a Challenge Phase.
        state.phase = Phase::MomentumGained { busho };
    } else {
        finish(state, busho);
    }
}

/// Crisis of Faith (RAN-FATE-2): every unit of the contingent in an enemy
/// ZOC makes an Active Withdrawal.
fn crisis_of_faith(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    out: &mut Vec<LogEntry>,
) {
    let c = state.leader(busho).map_or(busho, |l| l.contingent);
    let ids: Vec<u32> = state
        .units
        .iter()
        .filter(|u| u.contingent == c && u.active())
        .map(|u| u.id)
        .collect();
    for id in ids {
        let Some(u) = state.unit(id).cloned() else {
            continue;
        };
        if !state.enemy_zoc(u.side, u.hex) {
            continue;
        }
        if let Some(b) = movement::hex_behind(ctx, state, &u)
            && let Some(um) = state.unit_mut(id)
        {
            um.hex = b;
            um.committed = false;
            out.push(LogEntry::event(
                "RAN-FATE-2",
                vec![id],
                say!("ran-crisis-of-faith-withdraws", unit = u.name),
            ));
            // An Active Withdrawal: the enemy's Samurai may Banzai (RAN-TQ-8).
            super::shock::banzai(ctx, state, dice, id, u.hex, out);
        }
    }
}

/// The factor a Continuity roll must be below (RAN-SOP-6, RAN-LDR-2): the
/// So-Taisho's Initiative, in full wherever he stands (the halving outside
/// the Honjin is for Trump attempts only, [`trump_factor`]). 0..=9.
pub fn continuity_factor(so: &RanLeader) -> Itemized {
    Itemized::new(
        say!("ran-value-so-taisho-initiative"),
        so.factors.initiative,
    )
}

/// The factor a Trump attempt's roll must be below (RAN-LDR-2): the
/// So-Taisho's Initiative, halved (rounded down) when he is outside his
/// Honjin. 0..=9.
pub fn trump_factor(ctx: &RanCtx, so: &RanLeader) -> Itemized {
    let mut factor = continuity_factor(so);
    if so.hex != ctx.honjin(so.side) {
        factor.add(
            say!("ran-mod-outside-honjin"),
            leaders::outside_honjin(&ctx.tables.values.leaders, so.factors.initiative)
                - so.factors.initiative,
            "RAN-LDR-2",
        );
    }
    factor
}

/// Continuity (RAN-SOP-6): a roll below the So-Taisho's Initiative
/// ([`continuity_factor`]) lets the side activate another Busho;
/// otherwise play passes to the enemy.
pub fn continuity(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    side: u8,
    out: &mut Vec<LogEntry>,
) {
    let Some(so) = state.so_taisho(side).cloned() else {
        hand_over(ctx, state, side);
        return;
    };
    let factor = continuity_factor(&so);
    let f = factor.total();
    let r = d10(dice);
    let passed = continuity_roll_passes(r, f);
    let ok = passed && !eligible(ctx, state, side, false).is_empty();
    // The roll's own luck: a pass with no Busho left to act is a pass.
    out.push(checked(
        passed,
        continuity_chance(f),
        roll_entry(
            "RAN-SOP-6",
            vec![so.id],
            say!("ran-continuity-tries", leader = so.name),
            Some(factor),
            Some(f - 1),
            r,
            if ok {
                say!("ran-outcome-another-busho")
            } else {
                say!("ran-outcome-play-passes")
            },
            None,
        ),
    ));
    if ok {
        state.phase = Phase::Select {
            side,
            resurrection: false,
        };
    } else {
        hand_over(ctx, state, side);
    }
}

/// Whether Continuity roll `r` (a face of the d10 read 0–9) gains another
/// Busho against the So-Taisho's factor `f`: below it (RAN-SOP-6).
pub fn continuity_roll_passes(r: u32, f: i32) -> bool {
    i64::from(r) < i64::from(f)
}

/// The exact chance that a Continuity roll passes against factor `f`
/// (RAN-SOP-6), over the faces of the die.
pub fn continuity_chance(f: i32) -> f64 {
    super::dice::chance_of(|r| continuity_roll_passes(r, f))
}

/// Play passes to the other side, or to the Recovery Phase when nobody can act.
pub fn hand_over(ctx: &RanCtx, state: &mut RanState, side: u8) {
    let other = 1 - side;
    if eligible(ctx, state, other, false).is_empty() && eligible(ctx, state, side, false).is_empty()
    {
        state.phase = Phase::Recovery;
    } else {
        state.phase = Phase::Select {
            side: other,
            resurrection: false,
        };
    }
}

/// A side passes; two passes in a row (both players in succession, one
/// per side of the scenario), or nobody left, end the Orders and Challenge
/// Phases (RAN-SOP-6).
pub fn pass(ctx: &RanCtx, state: &mut RanState, side: u8, out: &mut Vec<LogEntry>) {
    state.passes += 1;
    out.push(LogEntry::event(
        "RAN-SOP-6",
        vec![],
        say!("ran-side-passes", side = side_name(ctx, side)),
    ));
    if usize::from(state.passes) >= ctx.scenario.sides.len() {
        state.phase = Phase::Recovery;
    } else {
        hand_over(ctx, state, side);
    }
}

/// The Recovery Phase (RAN-SOP-7, RAN-BASE): Committed ends for units with
/// no enemy in front; units neither Fled nor in an enemy ZOC remove hits;
/// In-Command Disordered units not in an enemy ZOC try to recover.
pub fn recovery(ctx: &RanCtx, state: &mut RanState, dice: &mut Dice, out: &mut Vec<LogEntry>) {
    let n = ctx.tables.values.stand_ins.recovery_remove_hits;
    let ids: Vec<u32> = state
        .units
        .iter()
        .filter(|u| u.active())
        .map(|u| u.id)
        .collect();
    for id in ids {
        let Some(u) = state.unit(id).cloned() else {
            continue;
        };
        let zoc = state.enemy_zoc(u.side, u.hex);
        let adj = state.enemy_adjacent(u.side, u.hex);
        let cmd = state.in_command(ctx, &u);
        if let Some(um) = state.unit_mut(id) {
            if !adj {
                um.committed = false;
            }
            if !zoc && um.hits > 0 {
                um.hits = um.hits.saturating_sub(n);
            }
        }
        if u.disordered && cmd && !zoc {
            let tqv = ctx.effective_tq(state, &u);
            let t = tqv.total();
            let r = d10(dice);
            let ok = tq::passes(r as i32, t);
            out.push(checked(
                ok,
                tq::pass_chance(t),
                roll_entry(
                    "RAN-SOP-7",
                    vec![id],
                    say!("ran-recovery-tries", unit = u.name),
                    Some(tqv),
                    Some(t),
                    r,
                    if ok {
                        say!("ran-outcome-recovers")
                    } else {
                        say!("ran-outcome-stays-disordered")
                    },
                    None,
                ),
            ));
            if ok && let Some(um) = state.unit_mut(id) {
                um.disordered = false;
            }
        }
    }
    out.push(LogEntry::event(
        "RAN-SOP-7",
        vec![],
        say!("ran-recovery-remove-hits", n = n),
    ));
    state.phase = Phase::Abandonment;
}

/// Contingent Abandonment (RAN-WD-1, RAN-WD-2): each contingent checks.
pub fn abandonment(ctx: &RanCtx, state: &mut RanState, dice: &mut Dice, out: &mut Vec<LogEntry>) {
    let mut contingents: Vec<u32> = state.units.iter().map(|u| u.contingent).collect();
    contingents.sort_unstable();
    contingents.dedup();
    for c in contingents {
        if state.abandoned.contains(&c) {
            continue;
        }
        let units: Vec<_> = state.units.iter().filter(|u| u.contingent == c).collect();
        let n = units.len() as u32;
        let d = units.iter().filter(|u| u.disordered || !u.active()).count() as u32;
        let Some(th) = abandonment::threshold(&ctx.tables.withdrawal, n, d) else {
            continue;
        };
        let side = units.first().map_or(0, |u| u.side);
        // RAN-WD-2 (L368): the original Busho's Momentum while he lives; the
        // Momentum of the one (original or replacement) who died this turn.
        let original = state
            .leader(c)
            .filter(|l| !l.dead && !l.replacement)
            .map(|l| l.factors.momentum);
        let died = state
            .leaders
            .iter()
            .filter(|l| l.contingent == c && l.role != Role::Samurai && l.died_this_turn)
            .map(|l| l.factors.momentum)
            .max();
        let so_died = state
            .leaders
            .iter()
            .find(|l| l.side == side && l.role == Role::SoTaisho && l.died_this_turn)
            .map(|l| l.factors.initiative);
        let mods = abandonment::modifiers(&ctx.tables.withdrawal, original, died, so_died);
        let r = d10(dice);
        let leaves = abandonment::abandons(r, &mods, th);
        let mut value = Itemized::new(say!("ran-value-roll"), r as i32);
        for m in &mods {
            value.add(m.name.clone(), m.value, m.rule.clone());
        }
        let name = state
            .leader(c)
            .map_or_else(String::new, |l| l.name.to_string());
        // Staying is the contingent's pass.
        out.push(checked(
            !leaves,
            1.0 - abandonment::abandon_chance(&mods, th),
            roll_entry(
                abandonment::table_rule(&ctx.tables.withdrawal, n),
                vec![c],
                say!(
                    "ran-abandonment-check",
                    rule = "RAN-WD-1",
                    busho = name,
                    bad = d,
                    n = n
                ),
                Some(value),
                Some(th),
                r,
                if leaves {
                    say!("ran-outcome-abandons")
                } else {
                    say!("ran-outcome-stays")
                },
                None,
            ),
        ));
        if leaves {
            state.abandoned.push(c);
            for u in state.units.iter_mut().filter(|u| u.contingent == c) {
                u.eliminated = true;
            }
            for l in state
                .leaders
                .iter_mut()
                .filter(|l| l.contingent == c && l.role != Role::SoTaisho)
            {
                l.dead = true;
            }
        }
    }
    state.phase = Phase::Victory;
}

/// Victory Determination (RAN-SOP-7, RAN-BASE): a side whose rout points
/// reach its withdrawal level loses; after the last turn the side that
/// inflicted more rout points wins. Otherwise the next turn begins.
pub fn victory(ctx: &RanCtx, state: &mut RanState, out: &mut Vec<LogEntry>) {
    if let Some((winner, text)) = victory_text(ctx, state) {
        out.push(LogEntry::event(
            "RAN-SOP-7",
            vec![],
            say!("ran-victory-log", text = text),
        ));
        // The state keeps the sentence in English, the same in every
        // language; the app shows it in the player's ([`Ran::outcome`]).
        let text = with_lang(Lang::English, || victory_text(ctx, state))
            .map_or(text, |(_, english)| english);
        state.phase = Phase::Over { winner, text };
        return;
    }
    state.turn += 1;
    for l in state.leaders.iter_mut() {
        l.finished = l.dead;
        l.momentum_used = 0;
        l.died_this_turn = false;
        l.activated = false;
    }
    // RAN-TQ-12: a Hara-Kiri's −1 lasts for the rest of its turn.
    state.hara_kiri.clear();
    state.phase = Phase::Initiative;
}

/// The winner (`None`: a draw) and the game-over sentence in the player's
/// language, if the battle ends at this Victory Determination (RAN-SOP-7).
pub fn victory_text(ctx: &RanCtx, state: &RanState) -> Option<(Option<u8>, String)> {
    let lv = &ctx.scenario.withdrawal_level;
    let broken: Vec<bool> = (0..2u8)
        .map(|s| state.rout_points(s) >= lv.get(s as usize).copied().unwrap_or(u32::MAX))
        .collect();
    let names: Vec<String> = ctx.scenario.sides.iter().map(|s| s.name.clone()).collect();
    match (broken[0], broken[1]) {
        (true, true) => Some((None, say!("ran-victory-draw"))),
        (true, false) => Some((
            Some(1),
            say!("ran-victory-withdraws", loser = names[0], winner = names[1]),
        )),
        (false, true) => Some((
            Some(0),
            say!("ran-victory-withdraws", loser = names[1], winner = names[0]),
        )),
        _ if state.turn >= ctx.scenario.turn_limit => {
            let (a, b) = (state.rout_points(1), state.rout_points(0));
            let text = say!(
                "ran-victory-turn-limit",
                turn = state.turn,
                side0 = names[0],
                points0 = a,
                side1 = names[1],
                points1 = b
            );
            Some((
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None,
                },
                text,
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ran_sop_6_a_continuity_roll_passes_below_the_factor_and_its_chance_counts_those_faces() {
        assert!(continuity_roll_passes(3, 4) && !continuity_roll_passes(4, 4));
        assert_eq!(continuity_chance(0), 0.0);
        assert!((continuity_chance(4) - 0.4).abs() < 1e-12);
        assert_eq!(continuity_chance(12), 1.0);
    }
}
