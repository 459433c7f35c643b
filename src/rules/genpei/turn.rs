//! The turn (GEN-BASE): play a Command card, order units in the sections
//! or of the kind it names, move everything, battle one unit at a time,
//! draw, then a Dragon card or H&F. The commands, and `apply`, the only
//! way the state changes.

use hexx::Hex;
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::engine::board::HexBoard;
use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::battle::{self, bonus_allowed, take_ground_allowed};
use super::battle_plan;
use super::cards::{Orderable, check_orders, order_limit};
use super::dragon_play::play_dragon;
pub use super::dragon_play::{challenger, check_dragon_target, timing_now};
use super::losses::{self, side_name};
use super::movement;
use super::state::{
    Attack, AttackTarget, GenCtx, GenState, GenUnit, Phase, attack_defender, refuse,
};

/// A decision of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum GenCommand {
    /// Play a Command card from the hand.
    PlayCard {
        /// Card key.
        card: SmolStr,
    },
    /// Order a unit or a leader on his own.
    Order {
        /// Unit or leader id.
        id: u32,
    },
    /// Ordering done: to movement.
    OrdersDone,
    /// Move an ordered unit or leader.
    Move {
        /// Unit or leader id.
        id: u32,
        /// Destination hex.
        to: Hex,
    },
    /// An ordered unit stays where it is this turn (it may still battle,
    /// with no move penalty).
    Hold {
        /// Unit id.
        id: u32,
    },
    /// Movement done: to battle.
    MovesDone,
    /// Battle with an ordered unit.
    Battle {
        /// The attacker.
        unit: u32,
        /// The target.
        target: AttackTarget,
        /// Turn a sword into a grapple, or sever one (GEN-GRP-1, GEN-GRP-4).
        grapple: bool,
        /// Leader Inspiration dice bought (GEN-BASE).
        inspire: u32,
    },
    /// Battles done: to the draw.
    BattlesDone,
    /// Play a Dragon card.
    Dragon {
        /// Card key.
        card: SmolStr,
        /// A unit or leader target, for cards that name one.
        target: Option<u32>,
    },
    /// No reaction, stay put, or no bonus battle.
    Pass,
    /// After a close combat on a boat (or on the unit grappled to it) has
    /// rolled a sword: one sword grapples, or severs the grapple, instead
    /// of hitting, or not (GEN-GRP-1: "may elect"; GEN-GRP-4).
    Grapple {
        /// Turn a sword into the grapple or the severing.
        grapple: bool,
    },
    /// The defender buys Leader Inspiration dice for its battle back, or
    /// its stockade first strike (GEN-STK-4, GEN-MSH-4: "All battle rolls
    /// may be modified by Leader Inspiration"), paid when it rolls.
    InspireBattleBack {
        /// Dice bought, 1 H&F each.
        dice: u32,
    },
    /// Take the emptied hex.
    TakeGround,
    /// Order One: keep this card of the two drawn.
    Keep {
        /// Card key.
        card: SmolStr,
    },
    /// End the turn: draw a Dragon card, or take 2 H&F.
    EndTurn {
        /// Draw a Dragon card.
        dragon: bool,
    },
    /// Before ending a turn in which the side played no Dragon card,
    /// discard one for 1 H&F (GEN-BASE, GMT's rule).
    DiscardDragon {
        /// Card key.
        card: SmolStr,
    },
}

/// Side turns in a turn: one for each of the two sides. A count of sides,
/// not a rule value.
const SIDE_TURNS_A_TURN: u32 = 2;

/// Side turns begun so far, from 0: two a turn, the first side's then the
/// other's (GEN-BASE: the players take turns).
pub fn side_turns(ctx: &GenCtx, s: &GenState) -> u32 {
    SIDE_TURNS_A_TURN * s.turn.saturating_sub(1) + u32::from(s.active != ctx.scenario.first)
}

/// The phase in words.
pub fn phase_words(s: &GenState) -> String {
    match &s.phase {
        Phase::Play => say!("gen-phase-play"),
        Phase::Order => say!("gen-phase-order"),
        Phase::Move => say!("gen-phase-move"),
        Phase::Battle => {
            // The count changes with every battle, so that each battle is a
            // decision of its own.
            let left = s
                .units
                .iter()
                .filter(|u| u.ordered && !u.battled && u.alive())
                .count();
            say!("gen-phase-battle", left = left)
        }
        Phase::Reaction { .. } => say!("gen-phase-reaction"),
        Phase::Grapple { .. } => say!("gen-phase-grapple"),
        Phase::TakeGround { .. } => say!("gen-phase-take-ground"),
        Phase::Bonus { .. } => say!("gen-phase-bonus"),
        Phase::Keep { .. } => say!("gen-phase-keep"),
        Phase::EndTurn => say!("gen-phase-end-turn"),
        Phase::Over { .. } => say!("gen-phase-over"),
    }
}

/// The units and leaders of `side` as the Command card sees them.
pub fn army(ctx: &GenCtx, s: &GenState, side: u8) -> Vec<Orderable> {
    let mut v: Vec<Orderable> = s
        .units
        .iter()
        .filter(|u| u.alive() && u.side == side)
        .map(|u| Orderable {
            id: u.id,
            sections: ctx.sections(u.hex, side),
            mounted: ctx.unit_type(&u.kind).is_some_and(|t| t.mounted),
            at_sea: ctx.ocean(u.hex),
            hex: u.hex,
        })
        .collect();
    // A leader is ordered like a unit, alone or to detach from his unit
    // (GEN-BASE; at sea he moves deck to deck, GEN-NLD-3).
    for l in s.leaders.iter().filter(|l| !l.dead && l.side == side) {
        v.push(Orderable {
            id: l.id,
            sections: ctx.sections(l.hex, side),
            mounted: l.cavalry,
            at_sea: ctx.ocean(l.hex),
            hex: l.hex,
        });
    }
    v.sort_by_key(|o| o.id);
    v
}

/// The ids ordered this turn, units then leaders.
pub fn ordered(s: &GenState) -> Vec<u32> {
    s.units
        .iter()
        .filter(|u| u.ordered)
        .map(|u| u.id)
        .chain(s.leaders.iter().filter(|l| l.ordered).map(|l| l.id))
        .collect()
}

/// Starts `side`'s turn: orders cleared, flat figures stand up (GEN-AMP-2).
pub fn begin_turn(s: &mut GenState, side: u8) {
    s.active = side;
    s.phase = Phase::Play;
    s.card = None;
    s.dragon_played = [false, false];
    s.dragon_move = None;
    for u in &mut s.units {
        if u.side == side {
            u.flat = false;
        }
        u.ordered = false;
        u.moved = 0;
        u.embarked = false;
        u.battled = false;
        u.took_ground = false;
        u.start = u.hex;
        u.dragon_dice = 0;
        u.entered_marsh = false;
        u.held = false;
    }
    for l in &mut s.leaders {
        l.ordered = false;
        l.moved = false;
    }
}

/// Applies `cmd`. On a refusal the state may be half-changed: the caller
/// works on a copy.
///
/// # Errors
/// A refusal naming the rule.
pub fn apply(
    ctx: &GenCtx,
    s: &mut GenState,
    cmd: &GenCommand,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let side = s.active;
    let phase = s.phase.clone();
    match (cmd, &phase) {
        (_, Phase::Over { .. }) => Err(refuse("GEN-BASE", say!("gen-refuse-battle-over"))),
        (GenCommand::PlayCard { card }, Phase::Play) => play_card(ctx, s, card, dice, out),
        (GenCommand::Order { id }, Phase::Order) => order(ctx, s, *id, out),
        (GenCommand::OrdersDone, Phase::Order) => {
            s.phase = Phase::Move;
            out.push(LogEntry::event(
                "GEN-BASE",
                ordered(s),
                say!("gen-log-ordered-move", n = ordered(s).len()),
            ));
            Ok(())
        }
        (GenCommand::Move { id, to }, Phase::Move) => move_one(ctx, s, *id, *to, dice, out),
        (GenCommand::Hold { id }, Phase::Move) => hold(s, *id, out),
        (GenCommand::MovesDone, Phase::Move) => {
            s.phase = Phase::Battle;
            Ok(())
        }
        (
            GenCommand::Battle {
                unit,
                target,
                grapple,
                inspire,
            },
            Phase::Battle,
        ) => start_attack(ctx, s, *unit, *target, *grapple, *inspire, false, dice, out),
        (
            GenCommand::Battle {
                unit,
                target,
                grapple,
                inspire,
            },
            Phase::Bonus { unit: b },
        ) => {
            if unit != b {
                return Err(refuse("GEN-BASE", say!("gen-refuse-bonus-unit")));
            }
            start_attack(ctx, s, *unit, *target, *grapple, *inspire, true, dice, out)
        }
        (GenCommand::BattlesDone, Phase::Battle) => end_battles(ctx, s, dice, out),
        (GenCommand::Dragon { card, target }, _) => play_dragon(ctx, s, card, *target, dice, out),
        (GenCommand::Pass, Phase::Reaction { attack }) => {
            let a = attack.clone();
            battle::fight(ctx, s, &a, dice, out)
        }
        (GenCommand::Grapple { grapple }, Phase::Grapple { .. }) => {
            battle::elect_grapple(ctx, s, *grapple, dice, out)
        }
        (GenCommand::InspireBattleBack { dice: n }, Phase::Reaction { attack }) => {
            let a = attack.clone();
            inspire_battle_back(ctx, s, &a, *n, dice, out)
        }
        (GenCommand::Pass, Phase::TakeGround { .. }) | (GenCommand::Pass, Phase::Bonus { .. }) => {
            s.phase = Phase::Battle;
            Ok(())
        }
        (GenCommand::TakeGround, Phase::TakeGround { unit, hex }) => {
            take_ground(ctx, s, *unit, *hex, dice, out)
        }
        (GenCommand::Keep { card }, Phase::Keep { cards }) => {
            let Some(i) = cards.iter().position(|c| c == card) else {
                return Err(refuse("GEN-BASE", say!("gen-refuse-keep-one")));
            };
            let mut rest = cards.clone();
            let kept = rest.remove(i);
            s.hands[side as usize].push(kept);
            s.hands[side as usize].sort();
            s.deck.discard.extend(rest);
            out.push(LogEntry::event(
                "GEN-BASE",
                vec![],
                say!("gen-log-order-one-kept"),
            ));
            s.phase = Phase::EndTurn;
            Ok(())
        }
        (GenCommand::EndTurn { dragon }, Phase::EndTurn) => end_turn(ctx, s, *dragon, dice, out),
        (GenCommand::DiscardDragon { card }, Phase::EndTurn) => discard_dragon(ctx, s, card, out),
        _ => Err(refuse(
            "GEN-BASE",
            say!(
                "gen-refuse-not-this-step",
                cmd = format!("{cmd:?}"),
                phase = phase_words(s)
            ),
        )),
    }
}

fn play_card(
    ctx: &GenCtx,
    s: &mut GenState,
    card: &str,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let side = s.active as usize;
    let Some(i) = s.hands[side].iter().position(|c| c == card) else {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-card-not-in-hand", card = card),
        ));
    };
    let Some(c) = ctx.cards.card(card) else {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-unknown-command-card", card = card),
        ));
    };
    s.hands[side].remove(i);
    s.card = Some(card.into());
    out.push(LogEntry::event(
        "GEN-BASE",
        vec![],
        say!(
            "gen-log-plays-card",
            side = side_name(ctx, s.active),
            card = c.shown_name(),
            text = c.shown_text()
        ),
    ));
    let a = army(ctx, s, s.active);
    let any = a
        .iter()
        .any(|o| check_orders(c, &[o.id], &a, s.hands[side].len() as u32 + 1).is_ok());
    if any {
        s.phase = Phase::Order;
    } else {
        out.push(LogEntry::event(
            "GEN-BASE",
            vec![],
            say!("gen-log-card-orders-none"),
        ));
        // GEN-BASE: "If a card can order nothing, skip to the draw".
        return end_battles(ctx, s, dice, out);
    }
    Ok(())
}

fn order(ctx: &GenCtx, s: &mut GenState, id: u32, out: &mut Vec<LogEntry>) -> Result<(), Refusal> {
    let Some(c) = s.card.as_deref().and_then(|k| ctx.cards.card(k)) else {
        return Err(refuse("GEN-BASE", say!("gen-refuse-no-card-in-play")));
    };
    let side = s.active;
    let a = army(ctx, s, side);
    let mut chosen = ordered(s);
    if chosen.contains(&id) {
        return Err(refuse("GEN-BASE", say!("gen-refuse-ordered-once")));
    }
    chosen.push(id);
    check_orders(c, &chosen, &a, s.hands[side as usize].len() as u32 + 1)?;
    let name;
    if let Some(u) = s.unit_mut(id) {
        u.ordered = true;
        name = u.name.clone();
    } else if let Some(l) = s.leaders.iter_mut().find(|l| l.id == id) {
        l.ordered = true;
        name = l.name.clone();
    } else {
        return Err(refuse("GEN-BASE", say!("gen-refuse-no-unit", id = id)));
    }
    out.push(LogEntry::event(
        "GEN-BASE",
        vec![id],
        say!("gen-log-ordered-by", unit = name, card = c.shown_name()),
    ));
    Ok(())
}

/// An ordered unit of the side that has not moved stays put for the rest
/// of the Move step (GEN-BASE: an ordered unit need not move).
fn hold(s: &mut GenState, id: u32, out: &mut Vec<LogEntry>) -> Result<(), Refusal> {
    let active = s.active;
    let Some(u) = s.unit_mut(id) else {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-no-unit-to-hold", id = id),
        ));
    };
    if u.side != active || !u.ordered {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-not-your-ordered-unit", unit = u.name),
        ));
    }
    if u.moved > 0 || u.embarked || u.held {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-moved-or-held", unit = u.name),
        ));
    }
    u.held = true;
    out.push(LogEntry::event(
        "GEN-BASE",
        vec![id],
        say!("gen-log-holds", unit = u.name),
    ));
    Ok(())
}

/// Moves the ordered unit or leader `id` of the side to act to `to`.
fn move_one(
    ctx: &GenCtx,
    s: &mut GenState,
    id: u32,
    to: Hex,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    if let Some(u) = s.unit(id).cloned() {
        return move_unit_to(ctx, s, &u, to, dice, out);
    }
    move_leader_to(ctx, s, id, to, dice, out)
}

/// Moves unit `u` of the side to act to `to` by a path it may take
/// (GEN-BASE, GEN-NAV-3), its attached unordered leader with it: embarking
/// or landing (GEN-AMP-1..3), its Command tile following (GEN-CMD-2), an
/// enemy tent captured, the roll of a marsh on its path (GEN-MSH-3).
fn move_unit_to(
    ctx: &GenCtx,
    s: &mut GenState,
    u: &GenUnit,
    to: Hex,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let id = u.id;
    if u.side != s.active {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-not-yours-to-move", unit = u.name),
        ));
    }
    let reach = movement::reachable(ctx, s, u);
    let Some(path) = reach.get(&(to.x, to.y)).cloned() else {
        return Err(movement::why_not(ctx, s, u, to));
    };
    let embark = ctx.ocean(to) != ctx.ocean(u.hex);
    let armoured = ctx.unit_type(&u.kind).is_some_and(|t| t.armoured);
    let leader = s.attached_leader(u).filter(|l| !l.ordered).map(|l| l.id);
    if let Some(m) = s.unit_mut(id) {
        m.hex = to;
        m.moved = path.len() as u32;
        m.embarked = embark;
        m.flat = m.flat || (embark && armoured);
    }
    if let Some(l) = leader
        && let Some(x) = s.leaders.iter_mut().find(|x| x.id == l)
    {
        x.hex = to;
        x.moved = true;
    }
    log_unit_move(ctx, u, to, path.len(), armoured, out);
    command_tile_follows(ctx, s, u, to, out);
    losses::capture_tent(ctx, s, to, u.side, out);
    if path.iter().any(|h| ctx.marsh(*h)) {
        losses::marsh_entry(ctx, s, id, dice, out);
    }
    Ok(())
}

/// The log of unit `u`'s move of `n` hexes to `to`: the move (GEN-BASE, at
/// sea GEN-NAV-3, embarking or landing GEN-AMP-1), an armoured unit's
/// figures laid flat (GEN-AMP-2), afloat or ashore (GEN-AMP-3).
fn log_unit_move(
    ctx: &GenCtx,
    u: &GenUnit,
    to: Hex,
    n: usize,
    armoured: bool,
    out: &mut Vec<LogEntry>,
) {
    let id = u.id;
    let embark = ctx.ocean(to) != ctx.ocean(u.hex);
    let rule = movement::move_rule(ctx, u.hex, to);
    out.push(LogEntry::event(rule, vec![id], {
        let (unit, at) = (u.name.as_str(), format!("{:?}", HexBoard::to_offset(to)));
        if !embark {
            say!("gen-log-unit-moves", unit = unit, n = n, at = at)
        } else if ctx.ocean(to) {
            say!("gen-log-unit-moves-embarks", unit = unit, n = n, at = at)
        } else {
            say!("gen-log-unit-moves-lands", unit = unit, n = n, at = at)
        }
    }));
    if embark && armoured {
        out.push(LogEntry::event(
            "GEN-AMP-2",
            vec![id],
            say!("gen-log-figures-flat", unit = u.name),
        ));
    }
    if embark {
        out.push(LogEntry::event(
            "GEN-AMP-3",
            vec![id],
            if ctx.ocean(to) {
                say!("gen-log-afloat")
            } else {
                say!("gen-log-ashore")
            },
        ));
    }
}

/// The Command tile follows its bodyguard `u` at sea and becomes a Tent
/// where it lands; a Tent in `u`'s hex becomes a ship when `u` embarks
/// (GEN-CMD-2).
fn command_tile_follows(
    ctx: &GenCtx,
    s: &mut GenState,
    u: &GenUnit,
    to: Hex,
    out: &mut Vec<LogEntry>,
) {
    let id = u.id;
    for t in s
        .commands
        .iter_mut()
        .filter(|t| t.unit == id && !t.captured)
    {
        if t.ship {
            t.hex = to;
            if !ctx.ocean(to) {
                t.ship = false;
                out.push(LogEntry::event(
                    "GEN-CMD-2",
                    vec![id],
                    say!("gen-log-command-ship-lands"),
                ));
            }
        } else if ctx.ocean(to) && t.hex == u.hex {
            t.ship = true;
            t.hex = to;
            out.push(LogEntry::event(
                "GEN-CMD-2",
                vec![id],
                say!("gen-log-commander-embarks"),
            ));
        }
    }
}

/// Moves the ordered, unmoved leader `id` of the side to act on his own to
/// `to` (GEN-BASE; from a ship GEN-NLD-3, off a grapple GEN-GRP-5), and
/// the roll of a marsh hex he enters with no unit in it (GEN-MSH-3).
fn move_leader_to(
    ctx: &GenCtx,
    s: &mut GenState,
    id: u32,
    to: Hex,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let Some(l) = s.leader(id).cloned() else {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-no-unit-or-leader", id = id),
        ));
    };
    if l.side != s.active || !l.ordered || l.moved || l.dead {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-leader-not-ordered", leader = l.name),
        ));
    }
    let reach = movement::leader_reachable(ctx, s, id);
    let Some(path) = reach.get(&(to.x, to.y)).cloned() else {
        return Err(refuse(
            movement::leader_move_rule(ctx, l.hex),
            say!("gen-refuse-leader-cannot-reach", leader = l.name),
        ));
    };
    let off_grapple = s.unit_at(l.hex).is_some_and(|u| s.grappled(u.id));
    if let Some(m) = s.leaders.iter_mut().find(|x| x.id == id) {
        m.hex = to;
        m.moved = true;
    }
    out.push(LogEntry::event(
        movement::leader_move_rule(ctx, l.hex),
        vec![id],
        {
            let (leader, n, at) = (
                l.name.as_str(),
                path.len(),
                format!("{:?}", HexBoard::to_offset(to)),
            );
            if ctx.ocean(l.hex) && off_grapple {
                say!(
                    "gen-log-leader-moves-off-grapple",
                    leader = leader,
                    n = n,
                    at = at,
                    rule = "GEN-GRP-5"
                )
            } else if ctx.ocean(l.hex) {
                say!("gen-log-leader-moves-deck", leader = leader, n = n, at = at)
            } else {
                say!("gen-log-leader-moves", leader = leader, n = n, at = at)
            }
        },
    ));
    if s.unit_at(to).is_none() && ctx.marsh(to) {
        losses::marsh_entry(ctx, s, id, dice, out);
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn start_attack(
    ctx: &GenCtx,
    s: &mut GenState,
    unit: u32,
    target: AttackTarget,
    grapple: bool,
    inspire: u32,
    bonus: bool,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let a = Attack {
        unit,
        target,
        grapple,
        inspire,
        bonus,
        reaction_dice: 0,
        counter_inspire: 0,
    };
    battle_plan::plan(ctx, s, &a)?;
    // The defender may answer with a Dragon card if it holds one (the
    // window opens on the number of cards, which both sides see), or buy
    // Leader Inspiration for its battle back or first strike (GEN-STK-4,
    // GEN-MSH-4).
    if dragon_reaction_open(s, &a) || battle::check_counter_inspiration(ctx, s, &a, 1).is_ok() {
        s.phase = Phase::Reaction { attack: a };
        return Ok(());
    }
    battle::fight(ctx, s, &a, dice, out)
}

/// Whether the defender of `a` holds a Dragon card and has played none
/// this turn (GEN-BASE: one Dragon card a turn).
fn dragon_reaction_open(s: &GenState, a: &Attack) -> bool {
    attack_defender(s, a)
        .and_then(|d| s.unit(d))
        .is_some_and(|du| {
            let ds = du.side as usize;
            !s.dragon_hands[ds].is_empty() && !s.dragon_played[ds]
        })
}

/// The defender buys `n` dice of Leader Inspiration for its battle back or
/// its stockade first strike ("All battle rolls may be modified by Leader
/// Inspiration", GEN-STK-4 L162; "In all cases", GEN-MSH-4 L192). Stand-in:
/// it chooses before the attack is rolled, and pays when its roll is made
/// (nothing if it never battles back). The attack then rolls, unless the
/// defender may still answer with a Dragon card.
///
/// # Errors
/// GEN-BASE: Inspiration already bought for this attack, no leader to
/// inspire the unit, or not the H&F to pay.
fn inspire_battle_back(
    ctx: &GenCtx,
    s: &mut GenState,
    attack: &Attack,
    n: u32,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    if attack.counter_inspire > 0 {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-battle-back-inspired-once"),
        ));
    }
    battle::check_counter_inspiration(ctx, s, attack, n)?;
    let mut a = attack.clone();
    a.counter_inspire = n;
    let d = attack_defender(s, &a).and_then(|d| s.unit(d)).cloned();
    if let Some(du) = &d {
        let rule = battle::counter_plan(ctx, s, du.id, a.unit, n).map_or("GEN-BASE", |c| c.rule);
        out.push(LogEntry::event(
            rule,
            vec![du.id],
            say!("gen-log-battle-back-inspired", unit = du.name, n = n),
        ));
    }
    if dragon_reaction_open(s, &a) {
        s.phase = Phase::Reaction { attack: a };
        return Ok(());
    }
    battle::fight(ctx, s, &a, dice, out)
}

fn take_ground(
    ctx: &GenCtx,
    s: &mut GenState,
    unit: u32,
    hex: Hex,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    if s.occupied(hex) {
        return Err(refuse("GEN-BASE", say!("gen-refuse-hex-not-empty")));
    }
    take_ground_allowed(ctx, s, unit, hex)?;
    let Some(u) = s.unit(unit).cloned() else {
        return Err(refuse("GEN-BASE", say!("gen-refuse-no-such-unit")));
    };
    let leader = s.attached_leader(&u).map(|l| l.id);
    if let Some(m) = s.unit_mut(unit) {
        m.hex = hex;
        m.took_ground = true;
    }
    s.follow_command_ship(unit);
    if let Some(l) = leader
        && let Some(x) = s.leaders.iter_mut().find(|x| x.id == l)
    {
        x.hex = hex;
    }
    let rule = if ctx.ocean(hex) {
        "GEN-NAV-6"
    } else {
        "GEN-BASE"
    };
    out.push(LogEntry::event(
        rule,
        vec![unit],
        say!(
            "gen-log-takes-ground",
            unit = u.name,
            at = format!("{:?}", HexBoard::to_offset(hex))
        ),
    ));
    losses::capture_tent(ctx, s, hex, u.side, out);
    if ctx.marsh(hex) {
        losses::marsh_entry(ctx, s, unit, dice, out);
    }
    if battle::over(s) {
        return Ok(());
    }
    let (bonus, rule) = bonus_allowed(ctx, s, unit);
    let alive = s.unit(unit).is_some_and(|x| x.alive());
    // One bonus close combat a turn: a unit that took ground before does
    // not get another.
    if bonus && alive && !u.took_ground {
        out.push(LogEntry::event(
            rule,
            vec![unit],
            say!("gen-log-may-bonus", unit = u.name),
        ));
        s.phase = Phase::Bonus { unit };
    } else {
        s.phase = Phase::Battle;
    }
    Ok(())
}

fn end_battles(
    ctx: &GenCtx,
    s: &mut GenState,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let side = s.active as usize;
    let draws = s
        .card
        .as_deref()
        .and_then(|k| ctx.cards.card(k))
        .map_or(1, |c| c.draw);
    if let Some(c) = s.card.take() {
        s.deck.discard.push(c);
    }
    // GEN-BASE: more cards drawn than the one kept (Order One's `draw`
    // in command_cards.ron) make a choice.
    if draws > 1 {
        let mut cards = Vec::new();
        for _ in 0..draws {
            if let Some(c) = s.deck.draw(dice) {
                cards.push(c);
            }
        }
        cards.sort();
        if cards.len() > 1 {
            s.phase = Phase::Keep { cards };
            return Ok(());
        }
        s.hands[side].extend(cards);
    } else if let Some(c) = s.deck.draw(dice) {
        s.hands[side].push(c);
    }
    s.hands[side].sort();
    out.push(LogEntry::event(
        "GEN-BASE",
        vec![],
        say!("gen-log-command-card-drawn"),
    ));
    s.phase = Phase::EndTurn;
    Ok(())
}

/// GMT's rule (GEN-BASE, base rules: "if no Dragon card was played,
/// discard one for 1 H&F"): at the end of a turn in which the side played
/// no Dragon card, it may discard one from its hand for H&F; once a turn.
///
/// # Errors
/// GEN-BASE when a Dragon card was played (or discarded) this turn, or the
/// card is not in the side's hand.
pub fn discard_dragon(
    ctx: &GenCtx,
    s: &mut GenState,
    card: &SmolStr,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let side = s.active as usize;
    if s.dragon_played[side] {
        return Err(refuse("GEN-BASE", say!("gen-refuse-discard-dragon-played")));
    }
    let Some(i) = s.dragon_hands[side].iter().position(|c| c == card) else {
        return Err(refuse("GEN-BASE", say!("gen-refuse-no-such-dragon-card")));
    };
    let c = s.dragon_hands[side].remove(i);
    s.dragon_deck.discard.push(c);
    s.dragon_played[side] = true;
    let n = ctx.tables.combat.dragon_discard_hf;
    s.hf[side] += n;
    let name = ctx
        .dragons
        .card(card)
        .map_or_else(|| card.to_string(), |d| d.name.clone());
    out.push(LogEntry::event(
        "GEN-BASE",
        vec![],
        say!(
            "gen-log-discards-dragon",
            side = side_name(ctx, s.active),
            card = name,
            n = n,
            now = s.hf[side]
        ),
    ));
    Ok(())
}

fn end_turn(
    ctx: &GenCtx,
    s: &mut GenState,
    dragon: bool,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let side = s.active as usize;
    let v = &ctx.tables.combat;
    if dragon {
        let Some(c) = s.dragon_deck.draw(dice) else {
            return Err(refuse("GEN-BASE", say!("gen-refuse-dragon-deck-empty")));
        };
        s.dragon_hands[side].push(c);
        s.dragon_hands[side].sort();
        out.push(LogEntry::event(
            "GEN-BASE",
            vec![],
            say!("gen-log-draws-dragon", side = side_name(ctx, s.active)),
        ));
    } else {
        s.hf[side] += v.end_of_turn_hf;
        out.push(LogEntry::event(
            "GEN-BASE",
            vec![],
            say!(
                "gen-log-takes-hf",
                side = side_name(ctx, s.active),
                n = v.end_of_turn_hf,
                now = s.hf[side]
            ),
        ));
    }
    // KAS-EVT-1: the scenario's events after this side's turn.
    super::events::after_turn(ctx, s, dice, out);
    if matches!(s.phase, Phase::Over { .. }) {
        return Ok(());
    }
    let next = 1 - s.active;
    if next == ctx.scenario.first {
        if s.turn >= ctx.scenario.turn_limit {
            let (a, b) = (s.banners[0], s.banners[1]);
            let winner = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            let words = || losses::result_words(ctx, winner, true, [a, b]);
            let text = crate::i18n::with_lang(crate::i18n::Lang::English, words);
            out.push(LogEntry::event(
                "GEN-BASE",
                vec![],
                say!("gen-log-battle-over", text = words()),
            ));
            s.phase = Phase::Over { winner, text };
            return Ok(());
        }
        s.turn += 1;
        if ctx.wind(s.turn) != ctx.wind(s.turn - 1) {
            out.push(LogEntry::event(
                "GEN-NAV-2",
                vec![],
                say!("gen-log-tide-turns", toward = wind_words(ctx.wind(s.turn))),
            ));
        }
    }
    begin_turn(s, next);
    Ok(())
}

/// How many units the card in play may still order.
pub fn orders_left(ctx: &GenCtx, s: &GenState) -> u32 {
    let Some(c) = s.card.as_deref().and_then(|k| ctx.cards.card(k)) else {
        return 0;
    };
    let a = army(ctx, s, s.active);
    order_limit(c, &a, s.hands[s.active as usize].len() as u32 + 1)
        .saturating_sub(ordered(s).len() as u32)
}

/// Wind/tide directions in words ("north-east"); a direction is an index
/// into the six hex directions, north first, then clockwise (GEN-NAV-2).
pub fn wind_words(w: &[u8]) -> String {
    let words = [
        say!("gen-dir-north"),
        say!("gen-dir-north-east"),
        say!("gen-dir-south-east"),
        say!("gen-dir-south"),
        say!("gen-dir-south-west"),
        say!("gen-dir-north-west"),
    ];
    w.iter()
        .map(|d| {
            words
                .get(usize::from(*d))
                .cloned()
                .unwrap_or_else(|| "?".to_string())
        })
        .collect::<Vec<_>>()
        .join(&say!("gen-dir-and"))
}
