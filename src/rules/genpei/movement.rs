//! Where an ordered unit or leader may move, over the state: land moves
//! through free hexes (marsh, stockade), naval moves with the wind/tide
//! (GEN-NAV-3..5), embarking and disembarking (GEN-AMP-1), grapples
//! (GEN-GRP-3) and naval leaders deck to deck (GEN-NLD-2, GEN-NLD-3). The
//! checks are the pure functions of [`naval`](super::naval) and
//! [`works`](super::works); this file walks the board with them.

use std::collections::BTreeMap;

use hexx::Hex;

use crate::engine::board::Facing;
use crate::engine::command::Refusal;

use super::cards::CommandCard;
use super::dragon::troop_fits;
use super::naval::{NavalOrder, check_embark, check_naval_move};
use super::state::{GenCtx, GenState, GenUnit};
use super::works::{check_marsh_move, check_stockade_entry};

/// Hexes a leader on his own moves on land (stand-in, `combat.ron`).
fn leader_land_hexes(ctx: &GenCtx) -> u32 {
    ctx.tables.combat.leader_move
}

fn neighbours(ctx: &GenCtx, h: Hex) -> impl Iterator<Item = Hex> + '_ {
    Facing::ALL
        .iter()
        .map(move |f| h.neighbor(f.edge_direction()))
        .filter(|n| ctx.board.contains(*n))
}

/// The hexes unit `u` may reach now, each with its path (hexes entered,
/// in order) and the rule that allows it. Empty for a unit that may not
/// move. Keys in a stable order.
pub fn reachable(ctx: &GenCtx, s: &GenState, u: &GenUnit) -> BTreeMap<(i32, i32), Vec<Hex>> {
    let mut out = BTreeMap::new();
    if !u.alive() || !u.ordered || u.moved > 0 || u.embarked || u.battled || u.held {
        return out;
    }
    if s.grappled(u.id) {
        return out;
    }
    let card = s.card.as_deref().and_then(|k| ctx.cards.card(k));
    let at_sea = ctx.ocean(u.hex);
    let Some(ty) = ctx.unit_type(&u.kind) else {
        return out;
    };
    let extra = dragon_extra(s, ty.mounted, at_sea);
    // GEN-STK-2 (L155): "Cavalry units and leaders may not enter a stockade
    // hex": a unit carrying its attached leader may not either.
    let barred = ty.mounted || s.attached_leader(u).is_some_and(|l| !l.ordered);
    // Embark or disembark: one hex between land and ocean (GEN-AMP-1).
    for n in neighbours(ctx, u.hex) {
        if ctx.ocean(n) != at_sea
            && !s.occupied(n)
            && check_embark(1, u.start == u.hex, &ctx.tables.combat).is_ok()
            // GEN-STK-2: cavalry may not land into a stockade either.
            && !(s.stockade(ctx, n) && barred)
        {
            out.insert(key(n), vec![n]);
        }
    }
    if at_sea {
        for path in naval_paths(ctx, s, u.hex, card, extra, false, u.side) {
            if let Some(last) = path.last()
                && !s.occupied(*last)
            {
                out.entry(key(*last)).or_insert(path);
            }
        }
        return out;
    }
    let allowance = card
        .and_then(|c| c.land_move.filter(|_| card_troop_fits(c, ty.mounted)))
        .unwrap_or(ty.move_max)
        + extra;
    land_bfs(ctx, s, u.hex, allowance, barred, u.start == u.hex, &mut out);
    out
}

fn card_troop_fits(c: &CommandCard, mounted: bool) -> bool {
    match &c.order {
        super::cards::Order::Troops { kind, .. } => match kind {
            super::cards::Troop::Cavalry => mounted,
            super::cards::Troop::Infantry => !mounted,
        },
        _ => true,
    }
}

/// Extra hexes from a Dragon card played this turn (GEN-CRD-5 at sea).
pub fn dragon_extra(s: &GenState, mounted: bool, at_sea: bool) -> u32 {
    match s.dragon_move {
        Some((n, troop)) if troop_fits(troop, mounted, at_sea).0 => n,
        _ => 0,
    }
}

fn key(h: Hex) -> (i32, i32) {
    (h.x, h.y)
}

/// Land moves: free land hexes, entering a marsh ends the move and a
/// unit leaving one moves 1 hex (GEN-MSH-2); a stockade only as the first
/// and last hex of a foot unit that began next to it (GEN-STK-2).
fn land_bfs(
    ctx: &GenCtx,
    s: &GenState,
    from: Hex,
    allowance: u32,
    mounted_or_leader: bool,
    at_turn_start_hex: bool,
    out: &mut BTreeMap<(i32, i32), Vec<Hex>>,
) {
    let v = &ctx.tables.combat;
    let mut frontier: Vec<(Hex, Vec<Hex>)> = vec![(from, Vec::new())];
    let mut seen: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    seen.insert(key(from), 0);
    while let Some((h, path)) = frontier.first().cloned() {
        frontier.remove(0);
        if path.len() as u32 >= allowance {
            continue;
        }
        if let Some(last) = path.last()
            && (ctx.marsh(*last) || s.stockade(ctx, *last))
        {
            continue;
        }
        for n in neighbours(ctx, h) {
            if ctx.ocean(n) || s.occupied(n) && !friendly_leader_only(s, n, from) {
                continue;
            }
            let mut p = path.clone();
            p.push(n);
            let marsh: Vec<bool> = p.iter().map(|x| ctx.marsh(*x)).collect();
            if check_marsh_move(ctx.marsh(from), &marsh, v).is_err() {
                continue;
            }
            if s.stockade(ctx, n)
                && check_stockade_entry(mounted_or_leader, at_turn_start_hex, p.len() - 1, p.len())
                    .is_err()
            {
                continue;
            }
            if seen.get(&key(n)).is_some_and(|d| *d <= p.len()) {
                continue;
            }
            seen.insert(key(n), p.len());
            if !s.occupied(n) || friendly_leader_only(s, n, from) {
                out.insert(key(n), p.clone());
            }
            if !s.occupied(n) {
                frontier.push((n, p));
            }
        }
    }
}

/// A hex holding only leaders of the mover's side (a unit joins them).
fn friendly_leader_only(s: &GenState, h: Hex, from: Hex) -> bool {
    let side = s
        .unit_at(from)
        .map(|u| u.side)
        .or_else(|| s.leaders_at(from).next().map(|l| l.side));
    s.unit_at(h).is_none() && s.leaders_at(h).all(|l| Some(l.side) == side)
}

/// Every naval path from `from` (each step into an ocean hex) that
/// [`check_naval_move`] allows.
fn naval_paths(
    ctx: &GenCtx,
    s: &GenState,
    from: Hex,
    card: Option<&CommandCard>,
    extra: u32,
    lone_leader: bool,
    side: u8,
) -> Vec<Vec<Hex>> {
    let v = &ctx.tables.combat;
    let card_move = card
        .and_then(|c| super::cards::card_move(c, true).0)
        .map(|m| m + extra)
        .or((extra > 0).then_some(v.naval_with_the_wind + extra));
    let order = NavalOrder {
        grappled: false,
        card_move,
        lone_leader,
    };
    let max = card_move
        .unwrap_or(v.naval_with_the_wind)
        .max(v.naval_leader_hexes) as usize;
    let occ = s.occupancy(ctx);
    let mut out = Vec::new();
    let mut stack: Vec<Vec<Hex>> = vec![Vec::new()];
    while let Some(p) = stack.pop() {
        let at = p.last().copied().unwrap_or(from);
        if p.len() >= max {
            continue;
        }
        for n in neighbours(ctx, at) {
            if !ctx.ocean(n) || p.contains(&n) || n == from {
                continue;
            }
            let friendly = |h: &Hex| s.unit_at(*h).is_some_and(|u| u.side == side);
            if !lone_leader && occ.at(n) {
                continue;
            }
            let mut q = p.clone();
            q.push(n);
            let steps: Vec<u8> = std::iter::once(from)
                .chain(q.iter().copied())
                .collect::<Vec<_>>()
                .windows(2)
                .filter_map(|w| GenCtx::direction(w[0], w[1]))
                .collect();
            let boats: Vec<bool> = q.iter().map(friendly).collect();
            if check_naval_move(&steps, ctx.wind(s.turn), &boats, order, v).is_ok() {
                out.push(q.clone());
                stack.push(q);
            }
        }
    }
    out.sort_by_key(|p| (p.len(), p.last().map(|h| key(*h))));
    out
}

/// The hexes a leader on his own may reach: 3 land hexes (stand-in), or
/// at sea 1–2 hexes deck to deck (GEN-NLD-2, GEN-NLD-3).
pub fn leader_reachable(ctx: &GenCtx, s: &GenState, id: u32) -> BTreeMap<(i32, i32), Vec<Hex>> {
    let mut out = BTreeMap::new();
    let Some(l) = s.leader(id) else {
        return out;
    };
    if l.dead || !l.ordered || l.moved {
        return out;
    }
    if ctx.ocean(l.hex) {
        for p in naval_paths(ctx, s, l.hex, None, 0, true, l.side) {
            if let Some(last) = p.last()
                && s.unit_at(*last).is_some_and(|u| u.side == l.side)
            {
                out.entry(key(*last)).or_insert(p);
            }
        }
        // Landing on the shore next to him.
        for n in neighbours(ctx, l.hex) {
            if !ctx.ocean(n) && friendly_leader_only(s, n, l.hex) && !s.stockade(ctx, n) {
                out.entry(key(n)).or_insert(vec![n]);
            }
        }
        return out;
    }
    let mut land = BTreeMap::new();
    land_bfs(
        ctx,
        s,
        l.hex,
        leader_land_hexes(ctx),
        true,
        false,
        &mut land,
    );
    for (k, p) in land {
        out.insert(k, p);
    }
    // A leader may join a friendly unit in reach.
    for n in neighbours(ctx, l.hex) {
        if let Some(u) = s.unit_at(n)
            && u.side == l.side
            && !s.stockade(ctx, n)
        {
            out.entry(key(n)).or_insert(vec![n]);
        }
    }
    out
}

/// Why unit `u` may not move to `to`: the most specific rule.
pub fn why_not(ctx: &GenCtx, s: &GenState, u: &GenUnit, to: Hex) -> Refusal {
    let v = &ctx.tables.combat;
    if !u.ordered {
        return Refusal::new(
            "GEN-BASE",
            say!("gen-refuse-not-ordered-this-turn", unit = u.name),
        );
    }
    if u.moved > 0 || u.embarked {
        return Refusal::new("GEN-BASE", say!("gen-refuse-already-moved", unit = u.name));
    }
    if s.grappled(u.id) {
        return Refusal::new("GEN-GRP-3", say!("gen-refuse-grappled", unit = u.name));
    }
    if !ctx.board.contains(to) {
        return Refusal::new("GEN-BASE", say!("gen-refuse-off-board"));
    }
    if s.occupied(to) {
        return Refusal::new("GEN-NAV-1", say!("gen-refuse-hex-taken"));
    }
    let dist = u.hex.unsigned_distance_to(to);
    if ctx.ocean(to) != ctx.ocean(u.hex) {
        return check_embark(dist, u.start == u.hex && dist == 1, v)
            .err()
            .unwrap_or_else(|| Refusal::new("GEN-AMP-1", say!("gen-refuse-cannot-embark-there")));
    }
    if ctx.ocean(u.hex) {
        let steps: Vec<u8> = u
            .hex
            .line_to(to)
            .collect::<Vec<_>>()
            .windows(2)
            .filter_map(|w| GenCtx::direction(w[0], w[1]))
            .collect();
        let card_move = s
            .card
            .as_deref()
            .and_then(|k| ctx.cards.card(k))
            .and_then(|c| super::cards::card_move(c, true).0);
        let order = NavalOrder {
            grappled: false,
            card_move,
            lone_leader: false,
        };
        if let Err(r) = check_naval_move(&steps, ctx.wind(s.turn), &[], order, v) {
            return r;
        }
        return Refusal::new("GEN-NAV-4", say!("gen-refuse-no-naval-path"));
    }
    if s.stockade(ctx, to) {
        let ty = ctx.unit_type(&u.kind);
        if let Err(r) = check_stockade_entry(
            ty.is_some_and(|t| t.mounted),
            u.start == u.hex,
            dist.saturating_sub(1) as usize,
            dist as usize,
        ) {
            return r;
        }
    }
    if ctx.marsh(u.hex) && dist > v.marsh_exit_hexes {
        return Refusal::new("GEN-MSH-2", say!("gen-refuse-marsh-exit", n = 1));
    }
    Refusal::new("GEN-BASE", say!("gen-refuse-cannot-reach", unit = u.name))
}

/// The rule a leader on his own moves from `from` by: deck to deck at sea
/// (GEN-NLD-3), else GEN-BASE. His refusal, his log and the path preview
/// all cite it.
pub fn leader_move_rule(ctx: &GenCtx, from: Hex) -> &'static str {
    if ctx.ocean(from) {
        "GEN-NLD-3"
    } else {
        "GEN-BASE"
    }
}

/// The rule a move from `from` to `to` goes by: landing or embarking
/// (GEN-AMP-1), at sea (GEN-NAV-3), on land (GEN-BASE). The log and the
/// path preview both cite it.
pub fn move_rule(ctx: &GenCtx, from: Hex, to: Hex) -> &'static str {
    if ctx.ocean(to) != ctx.ocean(from) {
        "GEN-AMP-1"
    } else if ctx.ocean(from) {
        "GEN-NAV-3"
    } else {
        "GEN-BASE"
    }
}
