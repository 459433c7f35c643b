//! Losses over the state: figures, victory banners, the Sohei H&F loss
//! (GEN-UNIT-1, GEN-UNIT-2), leader casualty checks, a lone leader's
//! retreat or seppuku (GEN-BASE; at sea deck to deck, GEN-NLD-4),
//! retreats with their H&F bill and Lack of Honor, land units never into
//! the ocean (GEN-NCB-6), marsh attrition (GEN-MSH-3), the Command tile
//! (GEN-CMD-1, GEN-CMD-2), and the end of the battle.

use hexx::Hex;

use crate::engine::board::{BoardEdge, Facing, HexBoard};
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::battle_dice::{face_name, roll};
use super::data::Face;
use super::effects::{blocked_retreat_hits, hf_after_loss};
use super::honor::{attached_leader_dies, lone_leader_hit, retreat_bill};
use super::naval::{check_land_retreat_into, naval_leader_retreat};
use super::state::{GenCtx, GenState, Phase};
use super::works::marsh_attrition;

/// The neighbours of `h` toward `side`'s own edge, in a stable order.
fn backwards(ctx: &GenCtx, side: u8, h: Hex) -> Vec<Hex> {
    let edge = ctx
        .scenario
        .sides
        .get(side as usize)
        .map_or(BoardEdge::South, |x| x.edge);
    let dirs: [Facing; 3] = match edge {
        BoardEdge::North => [Facing::North, Facing::NorthWest, Facing::NorthEast],
        BoardEdge::South => [Facing::South, Facing::SouthWest, Facing::SouthEast],
        BoardEdge::West => [Facing::NorthWest, Facing::SouthWest, Facing::North],
        BoardEdge::East => [Facing::NorthEast, Facing::SouthEast, Facing::South],
    };
    dirs.iter()
        .map(|f| h.neighbor(f.edge_direction()))
        .collect()
}

/// The hexes unit `id` retreats through for up to `n` flags, toward its
/// own edge: free land hexes on the board (GEN-NCB-6: never the ocean), the
/// first open of the straight and the two slanting hexes.
pub fn retreat_path(ctx: &GenCtx, s: &GenState, id: u32, n: u32) -> Vec<Hex> {
    let Some(u) = s.unit(id) else {
        return Vec::new();
    };
    // GEN-GRP-3: a grappled unit may not move: each flag is a blocked
    // retreat (a hit), and the grapple holds.
    if s.grappled(id) {
        return Vec::new();
    }
    let mut path = Vec::new();
    let mut at = u.hex;
    for _ in 0..n {
        let next = backwards(ctx, u.side, at).into_iter().find(|h| {
            ctx.board.contains(*h)
                && check_land_retreat_into(ctx.ocean(*h)).is_ok()
                && !s.occupied(*h)
                && !path.contains(h)
                && !s.stockade(ctx, *h)
        });
        match next {
            Some(h) => {
                path.push(h);
                at = h;
                // GEN-MSH-2: a unit entering a marsh hex must stop, a
                // retreating one too; the flags left are a blocked retreat.
                if ctx.marsh(h) {
                    break;
                }
            }
            None => break,
        }
    }
    path
}

/// Flags on unit `id` outside a battle roll (the Panic Dragon card, a
/// scenario event): `n` less the flags its type ignores; at sea each is a
/// hit (GEN-NCB-6), ashore the unit retreats. Returns the flags left.
pub fn take_flags(
    ctx: &GenCtx,
    s: &mut GenState,
    id: u32,
    n: u32,
    by: u8,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> u32 {
    let Some(u) = s.unit(id).filter(|u| u.alive()).cloned() else {
        return 0;
    };
    let flags = n.saturating_sub(ctx.unit_type(&u.kind).map_or(0, |t| t.flags_ignored));
    if ctx.ocean(u.hex) {
        out.push(LogEntry::event(
            "GEN-NCB-6",
            vec![id],
            say!("gen-log-dragon-flags-at-sea", n = flags),
        ));
        lose(ctx, s, id, flags, by, "GEN-NCB-6", dice, out);
    } else if flags > 0 {
        retreat(ctx, s, id, flags, by, dice, out);
    }
    flags
}

/// Unit `id` takes `flags` flags it did not ignore: it retreats a hex per
/// flag, each hex it cannot take a hit (base rules), and pays the H&F
/// bill, each unpaid token a hit (Lack of Honor).
pub fn retreat(
    ctx: &GenCtx,
    s: &mut GenState,
    id: u32,
    flags: u32,
    by: u8,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) {
    let v = &ctx.tables.combat;
    let path = retreat_path(ctx, s, id, flags);
    let Some(u) = s.unit(id).cloned() else {
        return;
    };
    let rank = ctx.unit_type(&u.kind).map(|t| t.rank);
    let leader = s.attached_leader(&u).map(|l| l.id);
    let blocked = blocked_retreat_hits(flags, path.len() as u32);
    let Some(rank) = rank else {
        return;
    };
    let bill = retreat_bill(
        rank,
        leader.is_some(),
        false,
        path.len() as u32,
        s.hf[u.side as usize],
        v,
    );
    s.hf[u.side as usize] -= bill.paid;
    if let Some(last) = path.last().copied() {
        if let Some(m) = s.unit_mut(id) {
            m.hex = last;
        }
        s.follow_command_ship(id);
        if let Some(l) = leader
            && let Some(ld) = s.leaders.iter_mut().find(|x| x.id == l)
        {
            ld.hex = last;
        }
        out.push(LogEntry::event(
            "GEN-BASE",
            vec![id],
            say!(
                "gen-log-retreats",
                unit = u.name,
                n = path.len(),
                at = format!("{:?}", HexBoard::to_offset(last)),
                bill = bill.text
            ),
        ));
        capture_tent(ctx, s, last, u.side, out);
        // GEN-MSH-3: entering a marsh by retreat rolls, from a marsh too.
        if path.iter().any(|h| ctx.marsh(*h)) {
            marsh_entry(ctx, s, id, dice, out);
        }
    }
    if blocked > 0 {
        out.push(LogEntry::event(
            "GEN-BASE",
            vec![id],
            say!("gen-log-retreat-blocked", unit = u.name, n = blocked),
        ));
    }
    let hits = blocked + bill.hits;
    if hits > 0 {
        lose(ctx, s, id, hits, by, "GEN-BASE", dice, out);
    }
}

/// Unit `id` loses `n` figures to side `by`'s attack (rule `rule`): the
/// attached leader's check, elimination with its banner, the Sohei H&F
/// loss and the leader left alone.
#[allow(clippy::too_many_arguments)]
pub fn lose(
    ctx: &GenCtx,
    s: &mut GenState,
    id: u32,
    n: u32,
    by: u8,
    rule: &str,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) {
    let v = &ctx.tables.combat;
    let Some(u) = s.unit(id).cloned() else {
        return;
    };
    if n == 0 || !u.alive() {
        return;
    }
    let left = u.figures.saturating_sub(n);
    if let Some(m) = s.unit_mut(id) {
        m.figures = left;
    }
    out.push(LogEntry::event(
        rule,
        vec![id],
        say!(
            "gen-log-loses-figures",
            unit = u.name,
            n = u.figures - left,
            left = left
        ),
    ));
    let leader = s.attached_leader(&u).map(|l| (l.id, l.name.clone()));
    if left > 0 {
        if let Some((lid, lname)) = leader {
            // The attached leader's casualty check (GEN-BASE, stand-in 2 dice).
            let r = roll(&ctx.tables.die, v.leader_check_dice, false, false, dice);
            let swords = r.counts().swords;
            let dies = attached_leader_dies(swords, v);
            out.push(LogEntry::event(
                "GEN-BASE",
                vec![id],
                if dies {
                    say!(
                        "gen-log-leader-check-falls",
                        leader = lname,
                        roll = r.describe()
                    )
                } else {
                    say!(
                        "gen-log-leader-check-survives",
                        leader = lname,
                        roll = r.describe()
                    )
                },
            ));
            if dies {
                leader_dies(ctx, s, lid, by, out);
            }
        }
        return;
    }
    // Eliminated.
    s.banners[by as usize] += 1;
    out.push(LogEntry::event(
        "GEN-BASE",
        vec![id],
        say!(
            "gen-log-eliminated",
            unit = u.name,
            side = side_name(ctx, by),
            banners = s.banners[by as usize],
            needed = banners_needed(ctx, by)
        ),
    ));
    s.grapples.retain(|g| g.0 != id && g.1 != id);
    if let Some(ty) = ctx.unit_type(&u.kind)
        && ty.hf_lost_when_eliminated > 0
    {
        let (after, text) = hf_after_loss(s.hf[u.side as usize], ty.hf_lost_when_eliminated);
        s.hf[u.side as usize] = after;
        let rule = if ty.archer {
            "GEN-UNIT-2"
        } else {
            "GEN-UNIT-1"
        };
        out.push(LogEntry::event(rule, vec![id], text));
    }
    if let Some(t) = s.commands.iter_mut().find(|t| t.unit == id && !t.captured) {
        t.captured = true;
        s.banners[by as usize] += 1;
        out.push(LogEntry::event(
            "GEN-CMD-1",
            vec![id],
            if t.ship {
                say!("gen-log-bodyguard-lost-ship", side = side_name(ctx, by))
            } else {
                say!("gen-log-bodyguard-lost-tent", side = side_name(ctx, by))
            },
        ));
    }
    if let Some((lid, lname)) = leader {
        // A leader whose unit is destroyed: 1 die, a sword kills him;
        // otherwise he is alone and escapes (GEN-BASE).
        let r = roll(
            &ctx.tables.die,
            v.leader_falls_with_unit_dice,
            false,
            false,
            dice,
        );
        if lone_leader_hit(r.counts().swords) {
            out.push(LogEntry::event(
                "GEN-BASE",
                vec![id],
                say!(
                    "gen-log-leader-falls-with-unit",
                    leader = lname,
                    roll = r.describe()
                ),
            ));
            leader_dies(ctx, s, lid, by, out);
        } else {
            lone_leader_escapes(ctx, s, lid, dice, out);
        }
    }
    check_end(ctx, s, out);
}

/// Leader `id` dies: a banner for `by`.
pub fn leader_dies(ctx: &GenCtx, s: &mut GenState, id: u32, by: u8, out: &mut Vec<LogEntry>) {
    let Some(l) = s.leaders.iter_mut().find(|l| l.id == id && !l.dead) else {
        return;
    };
    l.dead = true;
    let name = l.name.clone();
    s.banners[by as usize] += 1;
    out.push(LogEntry::event(
        "GEN-BASE",
        vec![id],
        say!(
            "gen-log-leader-killed",
            leader = name,
            side = side_name(ctx, by),
            banners = s.banners[by as usize],
            needed = banners_needed(ctx, by)
        ),
    ));
    check_end(ctx, s, out);
}

/// Where a leader left alone retreats (GEN-BASE; GEN-NLD-4): the hexes he
/// goes through, in order, and whether he goes deck to deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoneEscape {
    /// The hexes of his retreat; empty when none is open (seppuku).
    pub path: Vec<Hex>,
    /// At sea, or on a shoreline land hex with only ocean behind him: deck
    /// to deck through friendly boats (GEN-NLD-4).
    pub naval: bool,
}

/// The retreat of leader `id` left alone, as the rules allow it, before the
/// army's H&F are looked at (GEN-BASE: "it retreats 1–3 hexes (3 H&F) or
/// commits seppuku").
///
/// On land (stand-in) he retreats toward his own edge as a unit does, the
/// straight hex first, then the two slanting ones: never into the ocean
/// (GEN-NCB-6), a stockade (GEN-STK-2) or a hex held by the enemy. He stops
/// on the first friendly unit he meets (he joins it), on entering a marsh
/// (GEN-MSH-2), or after `lone_leader_retreat_hexes`. At sea, or on a
/// shoreline land hex with only open ocean behind him, he goes 1–2 hexes
/// deck to deck, each hex a friendly boat (GEN-NLD-4).
pub fn lone_leader_route(ctx: &GenCtx, s: &GenState, id: u32) -> LoneEscape {
    let v = &ctx.tables.combat;
    let Some(l) = s.leader(id) else {
        return LoneEscape::default();
    };
    // GEN-NLD-4: a leader on a shoreline land hex with only open ocean
    // behind him retreats as a naval leader does: deck to deck, or seppuku.
    let behind: Vec<Hex> = backwards(ctx, l.side, l.hex)
        .into_iter()
        .filter(|h| ctx.board.contains(*h))
        .collect();
    let ocean_behind =
        ctx.shore(l.hex) && !behind.is_empty() && behind.iter().all(|h| ctx.ocean(*h));
    let naval = ctx.ocean(l.hex) || ocean_behind;
    let mut path: Vec<Hex> = Vec::new();
    let mut at = l.hex;
    if naval {
        // Deck to deck toward his own edge: each hex back must hold a
        // friendly boat (GEN-NLD-4).
        for _ in 0..v.naval_leader_hexes {
            let next = backwards(ctx, l.side, at).into_iter().find(|h| {
                ctx.board.contains(*h)
                    && ctx.ocean(*h)
                    && !path.contains(h)
                    && s.unit_at(*h).is_some_and(|u| u.side == l.side)
            });
            let Some(h) = next else { break };
            path.push(h);
            at = h;
        }
        let friendly = vec![true; path.len()];
        let (n, _) = naval_leader_retreat(&friendly, v);
        path.truncate(n.unwrap_or(0) as usize);
        return LoneEscape { path, naval };
    }
    for _ in 0..v.lone_leader_retreat_hexes {
        let open = |h: &Hex| {
            ctx.board.contains(*h)
                && check_land_retreat_into(ctx.ocean(*h)).is_ok()
                && !s.stockade(ctx, *h)
                && *h != l.hex
                && !path.contains(h)
        };
        let back = backwards(ctx, l.side, at);
        // He joins the first friendly unit he meets.
        if let Some(h) = back
            .iter()
            .copied()
            .find(|h| open(h) && s.unit_at(*h).is_some_and(|u| u.side == l.side))
        {
            path.push(h);
            break;
        }
        // Otherwise the first open hex: no unit, no leader of either side.
        let Some(h) = back.iter().copied().find(|h| open(h) && !s.occupied(*h)) else {
            break;
        };
        path.push(h);
        at = h;
        // GEN-MSH-2: a leader entering a marsh hex must stop.
        if ctx.marsh(h) {
            break;
        }
    }
    LoneEscape { path, naval }
}

/// A leader left alone must retreat or commit seppuku (GEN-BASE): he goes
/// as [`lone_leader_route`] allows, for `lone_leader_retreat_hf` H&F on
/// land and at sea alike (the seed changes only his path at sea, GEN-NLD-4).
/// The owner's choice is made by this rule (stand-in): retreat when a hex
/// is open and the army can pay, seppuku otherwise. Alone in a marsh he
/// rolls for it (GEN-MSH-3).
pub fn lone_leader_escapes(
    ctx: &GenCtx,
    s: &mut GenState,
    id: u32,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) {
    let v = &ctx.tables.combat;
    let Some(l) = s.leader(id).cloned() else {
        return;
    };
    let side = l.side as usize;
    let LoneEscape { path, naval } = lone_leader_route(ctx, s, id);
    let rule = if naval { "GEN-NLD-4" } else { "GEN-BASE" };
    let Some(h) = path.last().copied() else {
        if naval {
            // GEN-NLD-4: no friendly boat behind him.
            let (_, text) = naval_leader_retreat(&[], v);
            out.push(LogEntry::event(
                rule,
                vec![id],
                format!("{}: {text}", l.name),
            ));
        }
        seppuku(ctx, s, id, dice, out);
        return;
    };
    let cost = v.lone_leader_retreat_hf;
    if s.hf[side] < cost {
        out.push(LogEntry::event(
            rule,
            vec![id],
            say!(
                "gen-log-lone-leader-cannot-pay",
                leader = l.name,
                hf = cost,
                has = s.hf[side]
            ),
        ));
        seppuku(ctx, s, id, dice, out);
        return;
    }
    s.hf[side] -= cost;
    if let Some(m) = s.leaders.iter_mut().find(|x| x.id == id) {
        m.hex = h;
    }
    let joined = s.unit_at(h).is_some_and(|u| u.side == l.side);
    out.push(LogEntry::event(rule, vec![id], {
        let at = format!("{:?}", HexBoard::to_offset(h));
        if naval {
            say!(
                "gen-log-lone-leader-retreats-sea",
                leader = l.name,
                at = at,
                hf = cost
            )
        } else if joined {
            say!(
                "gen-log-lone-leader-retreats",
                leader = l.name,
                at = at,
                hf = cost
            )
        } else {
            say!(
                "gen-log-lone-leader-retreats-alone",
                leader = l.name,
                n = path.len(),
                at = at,
                hf = cost
            )
        }
    }));
    // GEN-MSH-3: a lone leader entering a marsh hex rolls for it.
    if !joined && ctx.marsh(h) {
        marsh_entry(ctx, s, id, dice, out);
    }
}

/// Seppuku (GEN-BASE): the leader is gone, his army gains H&F and loses a
/// random Command card; the opponent wins no banner but draws a Dragon card.
pub fn seppuku(ctx: &GenCtx, s: &mut GenState, id: u32, dice: &mut Dice, out: &mut Vec<LogEntry>) {
    let v = &ctx.tables.combat;
    let Some(l) = s.leaders.iter_mut().find(|x| x.id == id && !x.dead) else {
        return;
    };
    l.dead = true;
    let side = l.side as usize;
    let name = l.name.clone();
    s.hf[side] += v.seppuku_hf;
    let mut lost = false;
    if !s.hands[side].is_empty() {
        let i = dice.pick(s.hands[side].len() as u32) as usize;
        let i = i.min(s.hands[side].len() - 1);
        let c = s.hands[side].remove(i);
        s.deck.discard.push(c);
        lost = true;
    }
    let other = 1 - side;
    if let Some(c) = s.dragon_deck.draw(dice) {
        s.dragon_hands[other].push(c);
        s.dragon_hands[other].sort();
    }
    out.push(LogEntry::event(
        "GEN-BASE",
        vec![id],
        if lost {
            say!(
                "gen-log-seppuku-card-lost",
                leader = name,
                hf = v.seppuku_hf,
                side = side_name(ctx, other as u8)
            )
        } else {
            say!(
                "gen-log-seppuku",
                leader = name,
                hf = v.seppuku_hf,
                side = side_name(ctx, other as u8)
            )
        },
    ));
}

/// A unit or lone leader that goes into a marsh rolls one die (GEN-MSH-3).
pub fn marsh_entry(
    ctx: &GenCtx,
    s: &mut GenState,
    id: u32,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) {
    let v = &ctx.tables.combat;
    let r = roll(&ctx.tables.die, 1, false, false, dice);
    let face = r.dice.first().map_or(Face::Flag, |d| d.first);
    if let Some(u) = s.unit(id).cloned() {
        if let Some(m) = s.unit_mut(id) {
            m.entered_marsh = true;
        }
        let rank = ctx.unit_type(&u.kind).map(|t| t.rank);
        let a = marsh_attrition(face, rank, v);
        out.push(LogEntry::event(
            "GEN-MSH-3",
            vec![id],
            say!(
                "gen-log-marsh-roll",
                unit = u.name,
                face = face_name(face),
                text = a.text
            ),
        ));
        if a.figures > 0 {
            lose(ctx, s, id, a.figures, 1 - u.side, "GEN-MSH-3", dice, out);
        }
    } else if let Some(l) = s.leader(id).cloned() {
        let a = marsh_attrition(face, None, v);
        out.push(LogEntry::event(
            "GEN-MSH-3",
            vec![id],
            say!(
                "gen-log-marsh-roll-leader",
                leader = l.name,
                face = face_name(face),
                text = a.text
            ),
        ));
        if a.leader_dies {
            leader_dies(ctx, s, id, 1 - l.side, out);
        }
    }
}

/// An enemy unit entering a Command Tent's hex takes it (GEN-CMD-1 stand-in:
/// a banner).
pub fn capture_tent(ctx: &GenCtx, s: &mut GenState, h: Hex, by: u8, out: &mut Vec<LogEntry>) {
    let mut won = false;
    for t in s.commands.iter_mut() {
        if t.hex == h && t.side != by && !t.captured && !t.ship {
            t.captured = true;
            won = true;
        }
    }
    if won {
        s.banners[by as usize] += 1;
        out.push(LogEntry::event(
            "GEN-CMD-1",
            vec![],
            say!("gen-log-tent-taken", side = side_name(ctx, by)),
        ));
        check_end(ctx, s, out);
    }
}

/// The result of the battle in words, in the player's language: `winner`
/// (or a draw) by its banners, or when the last round was played
/// (GEN-BASE).
pub fn result_words(
    ctx: &GenCtx,
    winner: Option<u8>,
    last_round: bool,
    banners: [u32; 2],
) -> String {
    let [a, b] = banners;
    match (winner, last_round) {
        (Some(w), false) => say!(
            "gen-over-banners",
            side = side_name(ctx, w),
            banners = banners[w as usize],
            needed = banners_needed(ctx, w),
            a = a,
            b = b
        ),
        (Some(w), true) => say!(
            "gen-over-last-round-win",
            side = side_name(ctx, w),
            a = a,
            b = b
        ),
        (None, _) => say!("gen-over-last-round-draw", a = a, b = b),
    }
}

/// Whether a battle won by `winner` (or drawn) ended with the last round
/// rather than on banners or a side with no unit left ([`check_end`]).
pub fn ended_by_last_round(ctx: &GenCtx, s: &GenState, winner: Option<u8>) -> bool {
    winner.is_none_or(|w| {
        let other = 1 - w;
        s.banners[w as usize] < banners_needed(ctx, w)
            && s.units.iter().any(|u| u.side == other && u.alive())
    })
}

/// The side's name.
pub fn side_name(ctx: &GenCtx, side: u8) -> String {
    ctx.scenario.sides.get(side as usize).map_or_else(
        || say!("gen-side-fallback", side = side),
        |x| x.name.clone(),
    )
}

/// Banners `side` needs to win.
pub fn banners_needed(ctx: &GenCtx, side: u8) -> u32 {
    ctx.scenario
        .armies
        .get(side as usize)
        .map_or(1, |a| a.banners)
}

/// Ends the battle when a side has its banners or the other has no unit
/// left (GEN-BASE).
pub fn check_end(ctx: &GenCtx, s: &mut GenState, out: &mut Vec<LogEntry>) {
    if matches!(s.phase, Phase::Over { .. }) {
        return;
    }
    for side in 0..2u8 {
        let other = 1 - side;
        let wiped = !s.units.iter().any(|u| u.side == other && u.alive());
        if s.banners[side as usize] >= banners_needed(ctx, side) || wiped {
            let winner = Some(side);
            let words = || result_words(ctx, winner, false, s.banners);
            let text = crate::i18n::with_lang(crate::i18n::Lang::English, words);
            out.push(LogEntry::event(
                "GEN-BASE",
                vec![],
                say!("gen-log-battle-over", text = words()),
            ));
            s.phase = Phase::Over { winner, text };
            return;
        }
    }
}
