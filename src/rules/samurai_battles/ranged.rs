//! Ranged fire. The seed has no fire rules of its own, so the procedure is the
//! stand-in of base_rules.md §2 (SBA-BASE): 1 die per model, a hit on a d20 at or
//! under Firepower, hits used up by Defense first as in melee, then casualties
//! and a Fortitude Test. The seed's own rules on fire are the Fire and Retreat
//! stop (SBA-ORD-5), the hidden unit's +2 Firepower (SBA-ORD-10) and the
//! Move and Fire −2 (SBA-ORD-4).

use std::collections::BTreeMap;

use hexx::Hex;

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};
use crate::engine::odds::binomial;

use super::battle::{Battle, SbaUnit};
use super::general_staff::resolve_dishonor;
use super::melee::{
    apply_casualties, casualty_distribution, count_hits, defense_left, hit_chance, take_hits,
};
use super::orders::{OrderKind, apply_order_mod};

/// How far a line of sight is nudged off its true course, in hex coordinates,
/// so that a line running along a hexside reads the hexes on each side of it
/// (one nudge each way). Float geometry, not a rule value: it only breaks the
/// tie of a point that lies exactly on a hexside.
const LOS_HEXSIDE_NUDGE: f32 = 1e-3;

/// Hexes strictly between `a` and `b` on a line nudged by `eps` (so a line
/// along a hexside is read once on each side).
fn between(a: Hex, b: Hex, eps: f32) -> Vec<Hex> {
    let n = a.unsigned_distance_to(b);
    (1..n)
        .map(|i| {
            let t = i as f32 / n as f32;
            let x = a.x as f32 + eps + (b.x - a.x) as f32 * t;
            let y = a.y as f32 + eps + (b.y - a.y) as f32 * t;
            Hex::round([x, y])
        })
        .collect()
}

/// Line of sight from `a` to `b` (SBA-BASE stand-in): blocked by a hex in
/// between that holds a unit, has LOS-blocking terrain, or stands higher than
/// both ends. A line along a hexside is blocked only if both sides are.
pub fn line_of_sight(b: &Battle, from: Hex, to: Hex) -> bool {
    let top = b.board.elevation(from).max(b.board.elevation(to));
    let blocked = |h: &Hex| {
        b.unit_at(*h).is_some()
            || b.board.terrain(*h).is_some_and(|t| t.blocks_los)
            || b.board.elevation(*h) > top
    };
    let left = between(from, to, LOS_HEXSIDE_NUDGE).iter().any(blocked);
    let right = between(from, to, -LOS_HEXSIDE_NUDGE).iter().any(blocked);
    !(left && right)
}

/// Whether `shooter` may shoot at `target` (SBA-BASE): it has Firepower and
/// range, neither is in melee, the target is visible, in range and in sight.
///
/// # Errors
/// A [`Refusal`] saying why not.
pub fn can_fire_at(
    b: &Battle,
    shooter: &SbaUnit,
    target: &SbaUnit,
    _fp_mod: i32,
) -> Result<(), Refusal> {
    let s = b.stats(shooter);
    if s.firepower <= 0 || s.range == 0 {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-no-ranged", unit = shooter.name),
        ));
    }
    if !shooter.engaged.is_empty() {
        return Err(Refusal::new(
            "SBA-MEL-1",
            say!("sba-refuse-shooter-in-melee", unit = shooter.name),
        ));
    }
    if !b.visible_to(target, shooter.side) {
        return Err(Refusal::new("SBA-ORD-10", say!("sba-refuse-cannot-see")));
    }
    if !target.engaged.is_empty() {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-target-in-melee", unit = target.name),
        ));
    }
    let d = shooter.hex.unsigned_distance_to(target.hex);
    if d > s.range {
        return Err(Refusal::new(
            "SBA-BASE",
            say!(
                "sba-refuse-out-of-range",
                unit = target.name,
                distance = d,
                card = s.name,
                range = s.range
            ),
        ));
    }
    if !line_of_sight(b, shooter.hex, target.hex) {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-no-sight", unit = target.name),
        ));
    }
    Ok(())
}

/// Firepower of `shooter` (SBA-BASE card value + order, SBA-ORD-4: Ambush +2,
/// Move and Fire −2; "= n" overrides, SBA-ORD-2). A d20 roll-under value.
pub fn firepower(b: &Battle, shooter: &SbaUnit) -> Itemized {
    let mut v = Itemized::new(say!("sba-firepower-card"), b.stats(shooter).firepower);
    if let Some(o) = &shooter.order {
        let row = b.tables.order(o.kind);
        apply_order_mod(&mut v, row, row.firepower);
    }
    v
}

/// The dice of one volley of `shooter`: one per model (SBA-BASE stand-in).
/// [`fire`] rolls them and the fire odds count them.
pub fn volley_dice(shooter: &SbaUnit) -> u32 {
    shooter.models
}

/// The exact chance of each number of casualties (index 0..=models) that a
/// volley of `shooter` at `target` inflicts as [`fire`] resolves it: the
/// [`volley_dice`] at [`firepower`], hits first used up by the Defense left
/// with no hexside bonus (fire crosses none), then casualties (SBA-BASE,
/// SBA-MEL-4 step 4).
pub fn volley_casualties(b: &Battle, shooter: &SbaUnit, target: &SbaUnit) -> Vec<f64> {
    casualty_distribution(
        volley_dice(shooter),
        firepower(b, shooter).total(),
        defense_left(b, target, None),
        target.models,
    )
}

/// The nearest enemy `shooter` may shoot at, lowest id first on ties.
pub fn nearest_target(b: &Battle, shooter: &SbaUnit) -> Option<u32> {
    b.units
        .iter()
        .filter(|t| t.side != shooter.side && can_fire_at(b, shooter, t, 0).is_ok())
        .min_by_key(|t| (t.hex.unsigned_distance_to(shooter.hex), t.id))
        .map(|t| t.id)
}

/// One volley: rolls, hits, damage, casualties and the target's Fortitude Test
/// (SBA-FORT-1 (1)). `rule` is the rule that allowed the shot. Returns the
/// target's test result if it took one (`Some(false)` = failed).
pub fn fire(
    b: &mut Battle,
    dice: &mut Dice,
    shooter: u32,
    target: u32,
    rule: &str,
) -> Option<bool> {
    let (s, t) = (b.unit(shooter)?.clone(), b.unit(target)?.clone());
    let fp = firepower(b, &s);
    let n = volley_dice(&s);
    let rolled = dice.roll_n(super::data::DIE, n);
    let hits = count_hits(&rolled, fp.total());
    let mut e = LogEntry::event(
        rule,
        vec![shooter, target],
        say!("sba-log-shoots", unit = s.name, enemy = t.name, dice = n),
    );
    e.value = Some(fp.clone());
    e.target = Some(fp.total());
    e.die = Some(super::data::DIE.name().into());
    e.dice = rolled;
    e.outcome = say!("sba-outcome-hits", hits = hits);
    e.weigh_count(&binomial(n, hit_chance(fp.total())), hits as usize);
    b.note(e);
    if s.hidden
        && let Some(m) = b.unit_mut(shooter)
    {
        m.hidden = false;
    }
    let dmg = take_hits(b, &t, None, hits, t.models);
    let losses = BTreeMap::from([(target, dmg.casualties)]);
    let tests = apply_casualties(b, dice, &losses, false);
    resolve_dishonor(b, dice);
    tests.first().map(|(_, p)| *p)
}

/// The Kill Zone of `u` in hexes (SBA-BASE, base rules §2): a ranged unit on
/// Defend has one up to the range written on its order, or its card's range
/// if none is written, never beyond the card's range. `None` for any other
/// unit.
pub fn kill_zone(b: &Battle, u: &SbaUnit) -> Option<u32> {
    let o = u.order.as_ref().filter(|o| o.kind == OrderKind::Defend)?;
    let s = b.stats(u);
    (s.firepower > 0 && s.range > 0).then(|| o.range.map_or(s.range, |r| r.min(s.range)))
}

/// Whether `target` stands in the Kill Zone of `shooter` (SBA-BASE): within
/// its [`kill_zone`], in every direction ([`can_fire_at`] checks the sight).
pub fn in_kill_zone(b: &Battle, shooter: &SbaUnit, target: &SbaUnit) -> bool {
    kill_zone(b, shooter).is_some_and(|r| shooter.hex.unsigned_distance_to(target.hex) <= r)
}

/// Reaction fire at a unit that has just moved into range (SBA-ORD-5 Fire and
/// Retreat; SBA-ORD-10 hidden ranged unit with +2 Firepower; a Defend order's
/// Kill Zone, SBA-BASE). Each shooter reacts once per turn, in id order.
/// Returns whether the mover must stop (it took casualties from a Fire and
/// Retreat unit and failed the test, SBA-ORD-5).
pub fn reaction_fire(b: &mut Battle, dice: &mut Dice, mover: u32) -> bool {
    react(b, dice, mover, false)
}

/// Fire at a unit about to begin its move inside a Kill Zone (SBA-BASE, base
/// rules §2: the first enemy to enter "or start" there): only units on
/// Defend shoot, once per turn each, in id order; the move then goes on.
/// Returns whether the mover is gone.
pub fn start_of_move_fire(b: &mut Battle, dice: &mut Dice, mover: u32) -> bool {
    react(b, dice, mover, true)
}

/// Reaction fire at `mover` by every enemy that may react: Kill Zones only
/// when `starting` (before its first step), else also Fire and Retreat and
/// hidden ranged units.
fn react(b: &mut Battle, dice: &mut Dice, mover: u32, starting: bool) -> bool {
    let mut halt = false;
    // Units are read in place and found by their index while none was
    // fired on: a large army is neither cloned nor searched unit by unit
    // at every step of every move.
    let mut fired = false;
    let mut m_at = b.units.iter().position(|u| u.id == mover);
    for (i, id) in b.ids().into_iter().enumerate() {
        if fired {
            m_at = b.units.iter().position(|u| u.id == mover);
        }
        let (rule, mover_name) = {
            let s = if fired { b.unit(id) } else { b.units.get(i) };
            let (Some(s), Some(m)) = (s, m_at.and_then(|k| b.units.get(k))) else {
                continue;
            };
            if s.side == m.side || s.flags.reaction_fired {
                continue;
            }
            let rule = match b.order_kind(s) {
                Some(OrderKind::FireAndRetreat) if !starting => "SBA-ORD-5",
                Some(OrderKind::Ambush) if s.hidden && !starting => "SBA-ORD-10",
                Some(OrderKind::Defend) if in_kill_zone(b, s, m) => "SBA-BASE",
                _ => continue,
            };
            if can_fire_at(b, s, m, 0).is_err() {
                continue;
            }
            (rule, m.name.clone())
        };
        fired = true;
        if let Some(u) = b.unit_mut(id) {
            u.flags.reaction_fired = true;
        }
        let before = b.unit(mover).map_or(0, |u| u.models);
        let result = fire(b, dice, id, mover, rule);
        let after = b.unit(mover).map_or(0, |u| u.models);
        if rule == "SBA-ORD-5" && after < before && result == Some(false) {
            if let Some(u) = b.unit_mut(mover) {
                u.flags.halted = true;
            }
            b.note(LogEntry::event(
                "SBA-ORD-5",
                vec![mover, id],
                say!("sba-log-stops-moving", unit = mover_name),
            ));
            halt = true;
        }
        if b.unit(mover).is_none() {
            return true;
        }
    }
    halt
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Facing;
    use crate::rules::samurai_battles::battle::fixture::*;
    use crate::rules::samurai_battles::orders::OrderSpec;

    #[test]
    fn gc_sba_18_hidden_archers_shoot_with_plus_two() {
        // GC-SBA-18 (SBA-ORD-10): Firepower F + 2 for a hidden ranged unit.
        let t = tables();
        let board = board(&t);
        let mut h = unit(&t, 1, 0, "ashigaru_archers", (5, 1), Facing::North);
        h.hidden = true;
        h.order = Some(OrderSpec::plain(OrderKind::Ambush));
        let mover = unit(&t, 2, 1, "samurai_cavalry", (5, 4), Facing::South);
        let mut b = battle(vec![h.clone(), mover], &board, &t);
        let f = t.unit("ashigaru_archers").map_or(0, |u| u.firepower);
        assert_eq!(firepower(&b, &h).total(), f + 2);
        let mut d = Dice::new(0);
        d.load([20, 20, 20, 20]);
        assert!(!reaction_fire(&mut b, &mut d, 2));
        let shot = b.log.iter().find(|e| e.rule == "SBA-ORD-10").expect("shot");
        assert_eq!(shot.target, Some(f + 2));
        assert!(
            !b.unit(1).is_some_and(|u| u.hidden),
            "firing reveals the unit"
        );
    }

    #[test]
    fn sba_base_fire_odds_are_the_volley_rolled() {
        // O1: the fire odds are the casualties `fire` inflicts (one die per
        // model at Firepower, Defense first), not the hits: played on
        // 3,000 seeds, each number of casualties comes as often as shown.
        let t = tables();
        let board = board(&t);
        let mut a = unit(&t, 1, 0, "ashigaru_archers", (5, 1), Facing::North);
        a.order = Some(OrderSpec::at_unit(OrderKind::FireRangedWeapons, 2));
        let m = unit(&t, 2, 1, "ashigaru_spearmen", (5, 3), Facing::South);
        let b = battle(vec![a.clone(), m.clone()], &board, &t);
        let shown = volley_casualties(&b, &a, &m);
        assert_eq!(shown.len() as u32, m.models + 1);
        let runs: u32 = 3000;
        let mut seen = vec![0u32; shown.len()];
        for seed in 0..runs {
            let mut g = b.clone();
            let mut d = Dice::new(u64::from(seed));
            fire(&mut g, &mut d, 1, 2, "SBA-BASE");
            let left = g.unit(2).map_or(0, |u| u.models);
            seen[(m.models - left) as usize] += 1;
        }
        for (k, p) in shown.iter().enumerate() {
            let f = f64::from(seen[k]) / f64::from(runs);
            assert!((f - p).abs() < 0.03, "{k} casualties: seen {f}, shown {p}");
        }
        // The shown chance of hits alone would put weight on 1 casualty
        // where Defense 1 absorbs the only hit.
        assert!(shown[0] > binomial(4, hit_chance(firepower(&b, &a).total()))[0]);
    }

    #[test]
    fn sba_base_kill_zone_fires_at_an_enemy_starting_inside_and_only_within_the_written_range() {
        // BD3 (base rules §2): a ranged unit on Defend fires at the first
        // enemy to enter or start in its Kill Zone, up to the written range.
        use crate::engine::board::HexBoard;
        use crate::rules::samurai_battles::movement::movement_step;
        let t = tables();
        let board = board(&t);
        let c = HexBoard::to_hex((5, 2));
        let north = |n: i32| HexBoard::to_offset(c + Hex::from(Facing::North.edge_direction()) * n);
        let archers = |t: &'_ crate::rules::samurai_battles::data::SbaTables| {
            let mut a = unit(t, 1, 0, "ashigaru_archers", (5, 2), Facing::North);
            a.order = Some(OrderSpec::defend(None, Some(2)));
            a
        };
        let shots = |b: &Battle| {
            b.log
                .iter()
                .filter(|e| e.rule == "SBA-BASE" && e.die.is_some() && e.units == vec![1, 2])
                .count()
        };
        // (a) An enemy that starts next to it and Assaults it is shot
        // before it moves into melee.
        let mut e = unit(&t, 2, 1, "ashigaru_spearmen", north(1), Facing::South);
        e.order = Some(OrderSpec::at_unit(OrderKind::Assault, 1));
        let mut b = battle(vec![archers(&t), e], &board, &t);
        let mut d = Dice::new(0);
        d.load([20, 20, 20, 20]);
        movement_step(&mut b, &mut d);
        assert_eq!(shots(&b), 1, "{:#?}", b.log);
        assert!(b.unit(2).is_some_and(|u| u.engaged == vec![1]));
        // (b) An enemy that comes to 3 hexes, inside the card's range but
        // outside the written 2, is not shot.
        let card = t.unit("ashigaru_archers").map_or(0, |u| u.range);
        assert!(card >= 4);
        let mut e = unit(&t, 2, 1, "ashigaru_spearmen", north(4), Facing::South);
        e.order = Some(OrderSpec::to_hex(OrderKind::March, north(2)));
        let mut b = battle(vec![archers(&t), e], &board, &t);
        let mut d = Dice::new(0);
        d.load([20, 20, 20, 20]);
        movement_step(&mut b, &mut d);
        assert_eq!(b.unit(2).map(|u| u.hex.unsigned_distance_to(c)), Some(3));
        assert_eq!(shots(&b), 0, "{:#?}", b.log);
        assert_eq!(d.rolled(), 0);
    }

    #[test]
    fn fire_and_retreat_stops_a_mover_that_fails() {
        // SBA-ORD-5.
        let t = tables();
        let board = board(&t);
        let mut a = unit(&t, 1, 0, "ashigaru_archers", (5, 1), Facing::North);
        a.commander = true;
        a.order = Some(OrderSpec::plain(OrderKind::FireAndRetreat));
        let m = unit(&t, 2, 1, "ashigaru_spearmen", (5, 3), Facing::South);
        let mut b = battle(vec![a, m], &board, &t);
        let mut d = Dice::new(0);
        // 4 dice all hit (Defense 1 absorbs one: 3 casualties), test 20 fails.
        d.load([1, 1, 1, 1, 20]);
        assert!(reaction_fire(&mut b, &mut d, 2));
        assert!(b.unit(2).is_some_and(|u| u.flags.halted && u.models == 1));
    }

    #[test]
    fn forest_blocks_sight_and_range_is_enforced() {
        let t = tables();
        let mut board = board(&t);
        let s = unit(&t, 1, 0, "ashigaru_archers", (2, 2), Facing::North);
        let far = unit(&t, 2, 1, "ashigaru_spearmen", (2, 7), Facing::South);
        let near = unit(&t, 3, 1, "ashigaru_spearmen", (2, 5), Facing::South);
        board.set_terrain(crate::engine::board::HexBoard::to_hex((2, 4)), "forest");
        let b = battle(vec![s.clone(), far.clone(), near.clone()], &board, &t);
        assert!(can_fire_at(&b, &s, &far, 0).is_err());
        assert!(!line_of_sight(&b, s.hex, near.hex));
        assert!(can_fire_at(&b, &s, &near, 0).is_err());
    }
}
