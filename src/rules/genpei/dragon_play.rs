//! Playing a Dragon card in the turn (GEN-BASE: one a turn, with its cost,
//! timing and target from `dragon_cards.ron`), and the Personal Challenge
//! it may start (GEN-SCN-3).

use hexx::Hex;

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::battle;
use super::dragon::{
    DragonEffect, DragonTarget, Timing, check_challenge, check_play, water_terrain,
};
use super::losses::{self, side_name};
use super::state::{GenCtx, GenState, Phase, refuse, side_to_act};

/// The Dragon timing of now for `side`, if any.
pub fn timing_now(s: &GenState, side: u8) -> Option<Timing> {
    match &s.phase {
        Phase::Order | Phase::Move if side == s.active => Some(Timing::OwnOrders),
        Phase::Battle if side == s.active => Some(Timing::OwnBattle),
        Phase::Reaction { .. } if side != s.active => Some(Timing::Reaction),
        _ => None,
    }
}

pub(super) fn play_dragon(
    ctx: &GenCtx,
    s: &mut GenState,
    key: &str,
    target: Option<u32>,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let Some(side) = side_to_act(s) else {
        return Err(refuse("GEN-BASE", say!("gen-refuse-battle-over")));
    };
    let sd = side as usize;
    let Some(i) = s.dragon_hands[sd].iter().position(|c| c == key) else {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-not-in-dragon-hand", card = key),
        ));
    };
    let Some(card) = ctx.dragons.card(key) else {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-unknown-dragon-card-key", card = key),
        ));
    };
    let Some(now) = timing_now(s, side) else {
        return Err(refuse("GEN-BASE", say!("gen-refuse-no-dragon-now")));
    };
    check_play(card, now, s.dragon_played[sd], s.hf[sd])?;
    check_dragon_target(ctx, s, side, key, target)?;
    s.dragon_hands[sd].remove(i);
    s.dragon_deck.discard.push(key.into());
    s.dragon_played[sd] = true;
    s.hf[sd] -= card.cost;
    let who = target.and_then(|t| {
        s.unit(t)
            .map(|u| u.name.clone())
            .or_else(|| s.leader(t).map(|l| l.name.clone()))
    });
    out.push(LogEntry::event(
        "GEN-BASE",
        target.into_iter().collect(),
        match who {
            Some(who) => say!(
                "gen-log-plays-dragon-on",
                side = side_name(ctx, side),
                card = card.shown_name(),
                target = who,
                cost = card.cost,
                text = card.shown_text()
            ),
            None => say!(
                "gen-log-plays-dragon",
                side = side_name(ctx, side),
                card = card.shown_name(),
                cost = card.cost,
                text = card.shown_text()
            ),
        },
    ));
    match card.effect {
        DragonEffect::Move(n) => {
            s.dragon_move = Some((n, card.troop));
            let rule = if s.units.iter().any(|u| u.ordered && ctx.ocean(u.hex)) {
                "GEN-CRD-5"
            } else {
                "GEN-BASE"
            };
            out.push(LogEntry::event(
                rule,
                vec![],
                say!("gen-log-dragon-move", n = n),
            ));
        }
        DragonEffect::Dice(n) => {
            if let Phase::Reaction { attack } = &s.phase {
                let mut a = attack.clone();
                a.reaction_dice += n;
                return battle::fight(ctx, s, &a, dice, out);
            }
            if let Some(u) = target.and_then(|t| s.unit_mut(t)) {
                u.dragon_dice += n;
            }
        }
        DragonEffect::Flags(n) => {
            if let Some(t) = target {
                losses::take_flags(ctx, s, t, n, side, dice, out);
            }
        }
        DragonEffect::Hits(n) => {
            if let Some(t) = target {
                losses::lose(ctx, s, t, n, side, "GEN-MSH-5", dice, out);
            }
        }
        DragonEffect::Duel => {
            if let Some(t) = target {
                duel(ctx, s, side, t, dice, out);
            }
        }
    }
    Ok(())
}

/// The leader of `side` who would take up a challenge of `target`: the
/// first named, then any, next to him (GEN-SCN-3).
pub fn challenger(s: &GenState, side: u8, target: u32, range: u32) -> Option<u32> {
    let t = s.leader(target)?;
    let mut c: Vec<_> = s
        .leaders
        .iter()
        .filter(|l| !l.dead && l.side == side && l.hex.unsigned_distance_to(t.hex) <= range)
        .collect();
    c.sort_by_key(|l| (!l.named, l.id));
    c.first().map(|l| l.id)
}

/// Checks a Dragon card's target.
///
/// # Errors
/// GEN-BASE (or GEN-MSH-5, GEN-SCN-3) with the reason.
pub fn check_dragon_target(
    ctx: &GenCtx,
    s: &GenState,
    side: u8,
    key: &str,
    target: Option<u32>,
) -> Result<(), Refusal> {
    let Some(card) = ctx.dragons.card(key) else {
        return Err(refuse("GEN-BASE", say!("gen-refuse-unknown-dragon-card")));
    };
    let near_friend = |h: Hex, r: u32| {
        s.units
            .iter()
            .any(|u| u.alive() && u.side == side && u.hex.unsigned_distance_to(h) <= r)
    };
    match card.target {
        DragonTarget::OrderedUnits | DragonTarget::Attack => {
            if target.is_some() {
                return Err(refuse(
                    "GEN-BASE",
                    say!("gen-refuse-dragon-no-target", card = card.shown_name()),
                ));
            }
            Ok(())
        }
        DragonTarget::OwnUnit => match target.and_then(|t| s.unit(t)) {
            Some(u) if u.side == side && u.ordered && !u.battled && u.alive() => Ok(()),
            _ => Err(refuse(
                "GEN-BASE",
                say!("gen-refuse-dragon-own-unit", card = card.shown_name()),
            )),
        },
        DragonTarget::EnemyUnit => match target.and_then(|t| s.unit(t)) {
            Some(u) if u.side != side && u.alive() && near_friend(u.hex, card.range) => {
                if matches!(card.effect, DragonEffect::Hits(_)) {
                    let (water, rule) = water_terrain(ctx.ocean(u.hex), ctx.marsh(u.hex));
                    if !water {
                        return Err(refuse(
                            rule,
                            say!("gen-refuse-dragon-water", card = card.shown_name()),
                        ));
                    }
                }
                Ok(())
            }
            _ => Err(refuse(
                "GEN-BASE",
                say!(
                    "gen-refuse-dragon-enemy-range",
                    card = card.shown_name(),
                    n = card.range
                ),
            )),
        },
        DragonTarget::Challenge => {
            let Some(t) = target
                .and_then(|t| s.leader(t))
                .filter(|l| !l.dead && l.side != side)
            else {
                return Err(refuse(
                    "GEN-SCN-3",
                    say!("gen-refuse-challenge-enemy-leader"),
                ));
            };
            let Some(c) = challenger(s, side, t.id, card.range).and_then(|c| s.leader(c)) else {
                return Err(refuse(
                    "GEN-SCN-3",
                    say!("gen-refuse-challenge-no-leader-next"),
                ));
            };
            let rank = |l: &super::state::GenLeader| super::dragon::Rank {
                named: l.named,
                cavalry: l.cavalry,
            };
            check_challenge(rank(c), rank(t))
        }
    }
}

fn duel(
    ctx: &GenCtx,
    s: &mut GenState,
    side: u8,
    target: u32,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) {
    let Some(c) = challenger(s, side, target, 1) else {
        return;
    };
    let v = &ctx.tables.combat;
    let a = super::battle_dice::roll(&ctx.tables.die, v.leader_check_dice, false, false, dice);
    let b = super::battle_dice::roll(&ctx.tables.die, v.leader_check_dice, false, false, dice);
    let (cn, tn) = (
        s.leader(c).map_or(String::new(), |l| l.name.to_string()),
        s.leader(target)
            .map_or(String::new(), |l| l.name.to_string()),
    );
    out.push(LogEntry::event(
        "GEN-SCN-3",
        vec![c, target],
        say!(
            "gen-log-challenge",
            challenger = cn,
            a = a.describe(),
            target = tn,
            b = b.describe()
        ),
    ));
    if a.counts().swords > 0 {
        losses::leader_dies(ctx, s, target, side, out);
    }
    if b.counts().swords > 0 && !battle::over(s) {
        losses::leader_dies(ctx, s, c, 1 - side, out);
    }
}
