//! Melee (SBA-MEL-1 … SBA-MEL-5): Attack Value, dice, hits, damage through
//! Defense, simultaneous casualties, engagement and the winner's next move.

use std::collections::BTreeMap;

use crate::engine::board::Facing;
use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};
use crate::engine::odds::binomial;
use crate::engine::units::UnitClass;

use super::battle::{Battle, Defeat, Removal, SbaUnit};
use super::data::FacingArcs;
use super::fortitude::fortitude_test;
use super::general_staff::resolve_dishonor;
use super::honor;
use super::morale::TestReason;
use super::orders::{OrderKind, apply_order_mod};

/// Attack Value of `attacker` against `target` (SBA-MEL-4 step 1): the unit
/// card's value against the target's class, plus order (SBA-ORD-4; "= 0"
/// overrides, SBA-ORD-2), Inspirational +2 (SBA-GS-3), Honor Marker +1
/// (SBA-HON-4) and morale (SBA-MOR-1). A surprised hidden unit does not get
/// the Ambush +3 (SBA-ORD-10). A d20 roll-under value.
pub fn attack_value(b: &Battle, attacker: &SbaUnit, target: &SbaUnit) -> Itemized {
    let t = b.tables;
    let s = b.stats(attacker);
    let (name, base) = match b.stats(target).class {
        UnitClass::Infantry => (say!("sba-attack-infantry-card"), s.attack_vs_infantry),
        UnitClass::Cavalry => (say!("sba-attack-cavalry-card"), s.attack_vs_cavalry),
    };
    let mut v = Itemized::new(name, base);
    if let Some(o) = &attacker.order {
        let row = t.order(o.kind);
        if o.kind == OrderKind::Ambush && attacker.flags.surprised {
            // SBA-ORD-10: approached from outside its Defense Zone, no +3 Attack.
        } else {
            apply_order_mod(&mut v, row, row.attack);
        }
    }
    if b.inspired(attacker) {
        v.add(
            say!("sba-mod-inspirational"),
            t.morale.inspirational_attack,
            "SBA-GS-3",
        );
    }
    if attacker.honor {
        v.add(say!("sba-mod-honor"), t.morale.honor_attack, "SBA-HON-4");
    }
    let m = t.morale_row(attacker.morale).attack;
    if m != 0 {
        v.add(
            say!("sba-mod-morale", level = attacker.morale.name()),
            m,
            "SBA-MOR-1",
        );
    }
    v
}

/// Defense Value of `u` for the turn before hits (SBA-MEL-4 step 4): the
/// unit card, plus its order, Inspirational +1, morale, terrain and the
/// hexside crossed by `attacker` (stand-ins, SBA-BASE). Hits absorbed this
/// turn are not deducted.
pub fn defense_value(b: &Battle, u: &SbaUnit, attacker: Option<&SbaUnit>) -> Itemized {
    let t = b.tables;
    let mut v = Itemized::new(say!("sba-defense-card"), b.stats(u).defense);
    if let Some(o) = &u.order {
        let row = t.order(o.kind);
        apply_order_mod(&mut v, row, row.defense);
    }
    if b.inspired(u) {
        v.add(
            say!("sba-mod-inspirational"),
            t.morale.inspirational_defense,
            "SBA-GS-3",
        );
    }
    let m = t.morale_row(u.morale).defense;
    if m != 0 {
        v.add(
            say!("sba-mod-morale", level = u.morale.name()),
            m,
            "SBA-MOR-1",
        );
    }
    if let Some(ter) = b.board.terrain(u.hex) {
        v.add(ter.name.clone(), ter.defense, "SBA-BASE");
    }
    if let Some(a) = attacker
        && let Some(side) = b.board.hexside(a.hex, u.hex)
    {
        v.add(
            say!("sba-mod-across", hexside = side.name),
            side.defense,
            "SBA-BASE",
        );
    }
    v
}

/// Defense left this turn: the Defense Value (not below 0) less hits already
/// absorbed (SBA-MEL-4 step 4; restored each turn).
pub fn defense_left(b: &Battle, u: &SbaUnit, attacker: Option<&SbaUnit>) -> i32 {
    (defense_value(b, u, attacker).total().max(0) - u.defense_lost).max(0)
}

/// Attack dice: models × dice per model (SBA-MEL-4 step 2). 2 Samurai cavalry
/// models at 3 dice each roll 6; 4 Ashigaru at 1 each roll 4.
pub fn dice_count(models: u32, dice_per_model: u32) -> u32 {
    models * dice_per_model
}

/// Hits: dice at or under the Attack Value (SBA-MEL-4 step 3, SBA-DICE-2).
pub fn count_hits(dice: &[u32], attack: i32) -> u32 {
    dice.iter().filter(|d| **d as i32 <= attack).count() as u32
}

/// The chance that one d20 hits at `attack`: the faces [`count_hits`]
/// counts, over the faces of the die (SBA-MEL-4 step 3, SBA-DICE-2).
pub fn hit_chance(attack: i32) -> f64 {
    let d = super::data::DIE;
    let hits = (d.min()..=d.max())
        .filter(|f| count_hits(&[*f], attack) == 1)
        .count();
    hits as f64 / f64::from(d.faces())
}

/// What hits do to a target (SBA-MEL-4 step 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Damage {
    /// Hits absorbed by Defense.
    pub absorbed: u32,
    /// Models removed.
    pub casualties: u32,
    /// Defense left afterwards.
    pub defense_after: i32,
}

/// Applies `hits` to a target with `defense` left and `models` models: hits
/// first use up Defense one point each, each further hit removes one model.
pub fn apply_damage(hits: u32, defense: i32, models: u32) -> Damage {
    let absorbed = hits.min(defense.max(0) as u32);
    let casualties = (hits - absorbed).min(models);
    Damage {
        absorbed,
        casualties,
        defense_after: defense.max(0) - absorbed as i32,
    }
}

/// Applies `hits` from `source` (None for fire, which crosses no hexside
/// bonus) to `target` with `models` models still standing: Defense absorbs
/// first, the rest are casualties (SBA-MEL-4 step 4). Records the Defense used
/// and logs the result; the casualties themselves are removed by the caller.
pub fn take_hits(
    b: &mut Battle,
    target: &SbaUnit,
    source: Option<&SbaUnit>,
    hits: u32,
    models: u32,
) -> Damage {
    let left = defense_left(b, target, source);
    let dmg = apply_damage(hits, left, models);
    if let Some(m) = b.unit_mut(target.id) {
        m.defense_lost += dmg.absorbed as i32;
    }
    let mut units = vec![target.id];
    units.extend(source.map(|s| s.id));
    b.note(LogEntry::event(
        "SBA-MEL-4",
        units,
        say!(
            "sba-log-hits-on",
            hits = hits,
            unit = target.name,
            absorbed = dmg.absorbed,
            left = left,
            after = dmg.defense_after,
            casualties = dmg.casualties
        ),
    ));
    dmg
}

/// Chance of each number of casualties (index 0..=models) from `n` dice at
/// `attack` against `defense` left and `models` models. Exact.
pub fn casualty_distribution(n: u32, attack: i32, defense: i32, models: u32) -> Vec<f64> {
    let hits = binomial(n, hit_chance(attack));
    let mut out = vec![0.0; models as usize + 1];
    for (h, p) in hits.iter().enumerate() {
        let c = apply_damage(h as u32, defense, models).casualties;
        out[c as usize] += p;
    }
    out
}

/// Where an attacker stands relative to a defender's facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Approach {
    /// The 3 front hexsides (stand-in: front and the two beside it).
    Front,
    /// The 2 flank hexsides.
    Flank,
    /// The rear hexside.
    Rear,
}

/// Approach of a unit at `from` on a defender at `at` facing `facing`, by
/// the arcs of the unit table (SBA-BASE stand-in: 3 front, 2 flank, 1 rear hexside).
pub fn approach(arcs: FacingArcs, facing: Facing, at: hexx::Hex, from: hexx::Hex) -> Approach {
    let steps = facing.steps_to(Facing::towards(at, from));
    if steps <= arcs.front_steps {
        Approach::Front
    } else if steps <= arcs.flank_steps {
        Approach::Flank
    } else {
        Approach::Rear
    }
}

/// `attacker` engages `defender` in melee (SBA-BASE/ZOC): both are linked, the
/// attacker turns to face it, a hidden defender is revealed (SBA-ORD-10), and a
/// flank or rear attack makes the defender test at once, before the melee
/// (SBA-FORT-1 (2), (3)).
pub fn engage(b: &mut Battle, dice: &mut Dice, attacker: u32, defender: u32) {
    let (Some(a), Some(d)) = (b.unit(attacker).cloned(), b.unit(defender).cloned()) else {
        return;
    };
    if a.engaged.contains(&defender) {
        return;
    }
    let app = approach(b.tables.units.facing_arcs, d.facing, d.hex, a.hex);
    if app == Approach::Front && defend_front_full(b, &d) {
        b.note(LogEntry::event(
            "SBA-BASE",
            vec![attacker, defender],
            say!(
                "sba-log-defend-front-full",
                unit = a.name,
                enemy = d.name,
                n = b.tables.orders.defend_front_attackers
            ),
        ));
        return;
    }
    b.link(attacker, defender);
    if let Some(m) = b.unit_mut(attacker) {
        m.facing = Facing::towards(a.hex, d.hex);
        m.hidden = false;
    }
    let what = match app {
        Approach::Front => say!("sba-log-engages-front", unit = a.name, enemy = d.name),
        Approach::Flank => say!("sba-log-engages-flank", unit = a.name, enemy = d.name),
        Approach::Rear => say!("sba-log-engages-rear", unit = a.name, enemy = d.name),
    };
    b.note(LogEntry::event(
        "SBA-BASE/ZOC",
        vec![attacker, defender],
        what,
    ));
    if d.hidden {
        let surprised = app != Approach::Front;
        if let Some(m) = b.unit_mut(defender) {
            m.hidden = false;
            m.flags.surprised = surprised;
        }
        let what = if surprised {
            say!("sba-log-revealed-outside", unit = d.name)
        } else {
            say!("sba-log-revealed-through", unit = d.name)
        };
        b.note(LogEntry::event(
            "SBA-ORD-10",
            vec![defender, attacker],
            what,
        ));
        return;
    }
    if b.order_kind(&d) == Some(OrderKind::AllAroundDefense) {
        return;
    }
    match app {
        Approach::Flank => {
            fortitude_test(b, dice, defender, TestReason::FlankAttack);
        }
        Approach::Rear => {
            fortitude_test(b, dice, defender, TestReason::RearAttack);
        }
        Approach::Front => face_strongest_front(b, defender),
    }
}

/// The enemies engaged with `d` from its front (SBA-BASE: its Defense Zone
/// when it is on Defend), by the arcs of the unit table.
fn front_attackers<'b>(b: &'b Battle, d: &SbaUnit) -> Vec<&'b SbaUnit> {
    d.engaged
        .iter()
        .filter_map(|e| b.unit(*e))
        .filter(|e| approach(b.tables.units.facing_arcs, d.facing, d.hex, e.hex) == Approach::Front)
        .collect()
}

/// Whether `d` is on Defend and already engages as many attackers from its
/// front as it may (SBA-BASE, base rules §2: 2, orders.ron).
pub fn defend_front_full(b: &Battle, d: &SbaUnit) -> bool {
    b.order_kind(d) == Some(OrderKind::Defend)
        && front_attackers(b, d).len() >= b.tables.orders.defend_front_attackers
}

/// A unit on Defend turns to face the strongest attacker in its front (the
/// highest [`total_attack`], the lowest id on a tie) and fights it first
/// (SBA-BASE, base rules §2).
pub fn face_strongest_front(b: &mut Battle, id: u32) {
    let Some(d) = b.unit(id).cloned() else {
        return;
    };
    if b.order_kind(&d) != Some(OrderKind::Defend) {
        return;
    }
    let Some((s, s_hex, s_name)) = front_attackers(b, &d)
        .into_iter()
        .max_by_key(|e| (total_attack(b, e, &d), std::cmp::Reverse(e.id)))
        .map(|e| (e.id, e.hex, e.name.clone()))
    else {
        return;
    };
    let facing = Facing::towards(d.hex, s_hex);
    if facing == d.facing && d.engaged.first() == Some(&s) {
        return;
    }
    if let Some(m) = b.unit_mut(id) {
        m.facing = facing;
        m.engaged.retain(|e| *e != s);
        m.engaged.insert(0, s);
    }
    b.note(LogEntry::event(
        "SBA-BASE",
        vec![id, s],
        say!(
            "sba-log-defend-faces-strongest",
            unit = d.name,
            enemy = s_name
        ),
    ));
}

/// Total Attack of `enemy` against `u` for choosing the strongest enemy
/// (SBA-MEL-2, L77: "the enemy with the highest total Attack value"): its
/// Attack Value after every modifier. The seed never multiplies it by the
/// dice; "Attack Value" is always the roll-under number (L81, L83).
pub fn total_attack(b: &Battle, enemy: &SbaUnit, u: &SbaUnit) -> i32 {
    attack_value(b, enemy, u).total().max(0)
}

/// The strongest enemy next to `u` that it turns to face and engages
/// (SBA-MEL-2, SBA-MEL-3): the highest [`total_attack`], the lowest id on
/// a tie; hidden units and units Put to Flight are not counted.
pub fn strongest_enemy(b: &Battle, u: &SbaUnit) -> Option<u32> {
    b.enemies_adjacent(u)
        .filter(|e| !e.hidden && !e.flags.put_to_flight)
        .map(|e| (total_attack(b, e, u), std::cmp::Reverse(e.id), e.id))
        .max()
        .map(|(_, _, id)| id)
}

/// Resolves every melee of the Melee Step (SBA-MEL-4, SBA-MEL-5): all attacks
/// are rolled with the models units had when the fight began, then damage,
/// then casualties, then Fortitude Tests, then Dishonor, then the winners' moves.
pub fn resolve_melee(b: &mut Battle, dice: &mut Dice) {
    let mut attacks: Vec<(u32, u32, u32)> = Vec::new();
    for id in b.ids() {
        let Some(u) = b.unit(id).cloned() else {
            continue;
        };
        if u.flags.put_to_flight {
            continue;
        }
        let Some(target) = u.engaged.iter().find_map(|t| b.unit(*t)).cloned() else {
            continue;
        };
        let av = attack_value(b, &u, &target);
        let n = dice_count(u.models, b.stats(&u).dice_per_model);
        let rolled = dice.roll_n(super::data::DIE, n);
        let hits = count_hits(&rolled, av.total());
        let dist = binomial(n, hit_chance(av.total()));
        let mut e = LogEntry::event(
            "SBA-MEL-4",
            vec![u.id, target.id],
            say!(
                "sba-log-attacks",
                unit = u.name,
                enemy = target.name,
                dice = n,
                models = u.models,
                rule = "SBA-MEL-5"
            ),
        );
        e.value = Some(av.clone());
        e.target = Some(av.total());
        e.die = Some(super::data::DIE.name().into());
        e.dice = rolled;
        e.outcome = say!("sba-outcome-hits", hits = hits);
        e.weigh_count(&dist, hits as usize);
        b.note(e);
        attacks.push((u.id, target.id, hits));
    }
    let mut losses: BTreeMap<u32, u32> = BTreeMap::new();
    for (a, t, hits) in attacks {
        let (Some(au), Some(tu)) = (b.unit(a).cloned(), b.unit(t).cloned()) else {
            continue;
        };
        let already = losses.get(&t).copied().unwrap_or(0);
        let dmg = take_hits(b, &tu, Some(&au), hits, tu.models.saturating_sub(already));
        *losses.entry(t).or_insert(0) += dmg.casualties;
    }
    apply_casualties(b, dice, &losses, true);
    resolve_dishonor(b, dice);
    after_melee(b, dice);
}

/// Removes casualties (after every attack, SBA-MEL-5), lowers Fortitude by 1
/// per casualty (SBA-FORT-5), removes destroyed units (with Honor Markers for
/// melee winners, SBA-HON-1), then tests every survivor that lost models
/// (SBA-FORT-1 (1)), in id order. Returns each tested unit with its result.
pub fn apply_casualties(
    b: &mut Battle,
    dice: &mut Dice,
    losses: &BTreeMap<u32, u32>,
    melee: bool,
) -> Vec<(u32, bool)> {
    let mut to_test = Vec::new();
    for (&id, &c) in losses {
        if c == 0 {
            continue;
        }
        let Some(u) = b.unit_mut(id) else { continue };
        u.models = u.models.saturating_sub(c);
        u.casualties += c;
        let (name, left, winners) = (u.name.clone(), u.models, u.engaged.clone());
        b.note(LogEntry::event(
            "SBA-FORT-5",
            vec![id],
            say!("sba-log-loses-models", unit = name, n = c, left = left),
        ));
        if left == 0 {
            if melee {
                honor::award(b, &winners, &name);
                b.defeats.push(Defeat {
                    loser: id,
                    winners,
                    destroyed: true,
                });
            }
            b.remove_unit(id, Removal::Destroyed);
        } else {
            to_test.push(id);
        }
    }
    to_test
        .into_iter()
        .filter_map(|id| fortitude_test(b, dice, id, TestReason::Casualties).map(|p| (id, p)))
        .collect()
}

/// The winners' next move after a melee ends (SBA-MEL-2, SBA-MEL-3, SBA-ORD-8):
/// a winner with no enemy left engaged turns to face and engages the strongest
/// enemy in its Zone of Control; if there is none and the enemy fled, it tests
/// Fortitude and on a failure must Pursue next turn.
pub fn after_melee(b: &mut Battle, dice: &mut Dice) {
    let mut defeats = std::mem::take(&mut b.defeats);
    defeats.sort_by_key(|d| d.loser);
    // SBA-ORD-8 (L29-30): a winner takes one Pursue test per melee, not one
    // per enemy that fled from it; on a failure it must pursue one of them,
    // the owner's choice (SBA-ORD-9, `pursue_candidates`; the lowest id
    // unless the owner writes another).
    let mut tested: Vec<u32> = Vec::new();
    for d in defeats.clone() {
        let mut winners = d.winners.clone();
        winners.sort_unstable();
        for w in winners {
            let Some(u) = b.unit(w).cloned() else {
                continue;
            };
            if !u.engaged.is_empty() || u.flags.put_to_flight {
                continue;
            }
            let strongest = strongest_enemy(b, &u);
            let rule = if d.destroyed {
                "SBA-MEL-2"
            } else {
                "SBA-MEL-3"
            };
            if let Some(e) = strongest {
                b.note(LogEntry::event(
                    rule,
                    vec![w, e],
                    say!("sba-log-turns-to-face", unit = u.name),
                ));
                engage(b, dice, w, e);
            } else if !d.destroyed && b.unit(d.loser).is_some() {
                b.note(LogEntry::event(
                    "SBA-MEL-3",
                    vec![w, d.loser],
                    say!("sba-log-enemy-fled", unit = u.name, rule = "SBA-HON-2"),
                ));
                if tested.contains(&w) {
                    continue;
                }
                tested.push(w);
                let passed = fortitude_test(b, dice, w, TestReason::PursueCheck);
                if passed == Some(true) {
                    // A pass holds the unit back: no Pursue obligation, not
                    // even an earlier one (SBA-ORD-8).
                    let had = b.unit_mut(w).is_some_and(|m| {
                        m.flags.pursue_candidates.clear();
                        m.flags.pursue_target.take().is_some()
                    });
                    if had {
                        b.note(LogEntry::event(
                            "SBA-ORD-8",
                            vec![w],
                            say!("sba-log-holds-back", unit = u.name),
                        ));
                    }
                } else if passed == Some(false) {
                    // SBA-ORD-9: any enemy that fled from it in this melee
                    // may be the one pursued, at its owner's choice.
                    let mut fled: Vec<u32> = defeats
                        .iter()
                        .filter(|x| x.winners.contains(&w) && !x.destroyed)
                        .map(|x| x.loser)
                        .filter(|l| b.unit(*l).is_some())
                        .collect();
                    fled.sort_unstable();
                    fled.dedup();
                    if let Some(m) = b.unit_mut(w) {
                        m.flags.pursue_target = Some(d.loser);
                        m.flags.pursue_candidates = fled;
                    }
                    b.note(LogEntry::event(
                        "SBA-ORD-8",
                        vec![w, d.loser],
                        say!("sba-log-must-pursue", unit = u.name),
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::samurai_battles::battle::fixture::*;
    use crate::rules::samurai_battles::morale::MoraleLevel;
    use crate::rules::samurai_battles::orders::OrderSpec;

    fn seed_melee<'a>(
        board: &'a crate::engine::board::HexBoard,
        t: &'a crate::rules::samurai_battles::data::SbaTables,
    ) -> Battle<'a> {
        let mut sc = unit(t, 1, 0, "samurai_cavalry", (5, 3), Facing::North);
        sc.models = 2;
        sc.order = Some(OrderSpec::at_unit(OrderKind::Assault, 2));
        let mut ash = unit(t, 2, 1, "ashigaru_spearmen", (5, 4), Facing::South);
        ash.models = 4;
        battle(vec![sc, ash], board, t)
    }

    #[test]
    fn sba_mel_2_the_strongest_enemy_has_the_highest_attack_value_not_times_dice() {
        // SBA-MEL-2 (L77): "the enemy with the highest total Attack value".
        // Spearmen (4 models) against cavalry have the higher Attack Value;
        // the enemy cavalry (3 models) rolls more dice. The spearmen are
        // the strongest.
        use crate::engine::board::HexBoard;
        let t = tables();
        let board = board(&t);
        let c = HexBoard::to_hex((5, 3));
        let n1 = HexBoard::to_offset(c.neighbor(Facing::North.edge_direction()));
        let n2 = HexBoard::to_offset(c.neighbor(Facing::NorthEast.edge_direction()));
        let mut cav = unit(&t, 1, 0, "samurai_cavalry", (5, 3), Facing::North);
        cav.models = 3;
        let mut sp = unit(&t, 3, 1, "ashigaru_spearmen", n1, Facing::South);
        sp.models = 4;
        let mut ec = unit(&t, 4, 1, "samurai_cavalry", n2, Facing::SouthWest);
        ec.models = 3;
        let b = battle(vec![cav, sp, ec], &board, &t);
        let u = b.unit(1).cloned().expect("cavalry");
        let (s, e) = (b.unit(3).expect("sp"), b.unit(4).expect("ec"));
        let (av_s, av_e) = (
            attack_value(&b, s, &u).total(),
            attack_value(&b, e, &u).total(),
        );
        assert!(av_s > av_e, "{av_s} vs {av_e}");
        let dice = |x: &SbaUnit| dice_count(x.models, b.stats(x).dice_per_model) as i32;
        assert!(
            av_s * dice(s) < av_e * dice(e),
            "the old reading picks the cavalry"
        );
        assert_eq!(strongest_enemy(&b, &u), Some(3));
    }

    #[test]
    fn sba_base_defend_engages_two_front_attackers_and_faces_the_strongest() {
        // BD2 (base rules §2): a unit on Defend "may engage 2 attackers from
        // the front and turns to face the strongest".
        use crate::engine::board::HexBoard;
        let t = tables();
        let board = board(&t);
        let c = HexBoard::to_hex((5, 3));
        let at = |f: Facing| HexBoard::to_offset(c.neighbor(f.edge_direction()));
        let defender = |t: &'_ crate::rules::samurai_battles::data::SbaTables| {
            let mut d = unit(t, 9, 1, "ashigaru_spearmen", (5, 3), Facing::North);
            d.order = Some(OrderSpec::defend(Some(Facing::North), None));
            d
        };
        // Three equal spearmen in its three front hexes: the first two
        // engage it, the third does not.
        let a1 = unit(
            &t,
            1,
            0,
            "ashigaru_spearmen",
            at(Facing::North),
            Facing::South,
        );
        let a2 = unit(
            &t,
            2,
            0,
            "ashigaru_spearmen",
            at(Facing::NorthEast),
            Facing::SouthWest,
        );
        let a3 = unit(
            &t,
            3,
            0,
            "ashigaru_spearmen",
            at(Facing::NorthWest),
            Facing::SouthEast,
        );
        let mut b = battle(vec![a1, a2, a3, defender(&t)], &board, &t);
        let mut d = Dice::new(0);
        for a in [1, 2, 3] {
            engage(&mut b, &mut d, a, 9);
        }
        assert_eq!(d.rolled(), 0, "front attacks: no flank test");
        assert_eq!(b.unit(9).map(|u| u.engaged.len()), Some(2));
        assert!(b.unit(3).is_some_and(|u| u.engaged.is_empty()));
        assert!(
            b.log
                .iter()
                .any(|e| e.rule == "SBA-BASE" && e.units.contains(&3))
        );
        // Spearmen from the front, then stronger cavalry beside them: it
        // turns to the cavalry and fights it.
        let s = unit(
            &t,
            1,
            0,
            "ashigaru_spearmen",
            at(Facing::North),
            Facing::South,
        );
        let k = unit(
            &t,
            2,
            0,
            "samurai_cavalry",
            at(Facing::NorthEast),
            Facing::SouthWest,
        );
        let mut b = battle(vec![s, k, defender(&t)], &board, &t);
        let (sv, dv) = (
            b.unit(1).cloned().expect("s"),
            b.unit(9).cloned().expect("d"),
        );
        let kv = b.unit(2).cloned().expect("k");
        assert!(total_attack(&b, &kv, &dv) > total_attack(&b, &sv, &dv));
        engage(&mut b, &mut d, 1, 9);
        engage(&mut b, &mut d, 2, 9);
        let dv = b.unit(9).cloned().expect("d");
        assert_eq!(dv.facing, Facing::NorthEast);
        assert_eq!(dv.engaged, vec![2, 1]);
    }

    #[test]
    fn gc_sba_02_attack_value_with_assault() {
        // GC-SBA-02 (SBA-MEL-4 step 1, SBA-ORD-4 M5): 8 vs infantry + Assault 2 = 10.
        let t = tables();
        let board = board(&t);
        let b = seed_melee(&board, &t);
        let (sc, ash) = (
            b.unit(1).cloned().expect("sc"),
            b.unit(2).cloned().expect("ash"),
        );
        let v = attack_value(&b, &sc, &ash);
        assert_eq!(v.base, 8);
        assert_eq!(v.total(), 10, "{}", v.explain());
    }

    #[test]
    fn gc_sba_03_attack_dice_count() {
        // GC-SBA-03 (SBA-MEL-4 step 2).
        let t = tables();
        assert_eq!(
            dice_count(2, t.unit("samurai_cavalry").map_or(0, |u| u.dice_per_model)),
            6
        );
        assert_eq!(
            dice_count(
                4,
                t.unit("ashigaru_spearmen").map_or(0, |u| u.dice_per_model)
            ),
            4
        );
    }

    #[test]
    fn gc_sba_04_counting_hits() {
        // GC-SBA-04 (SBA-MEL-4 step 3, SBA-DICE-2).
        assert_eq!(count_hits(&[1, 3, 4, 9, 13, 13], 10), 4);
    }

    #[test]
    fn gc_sba_05_damage_through_defense() {
        // GC-SBA-05 (SBA-MEL-4 step 4-5, SBA-FORT-5).
        let d = apply_damage(4, 1, 4);
        assert_eq!(
            d,
            Damage {
                absorbed: 1,
                casualties: 3,
                defense_after: 0
            }
        );
    }

    #[test]
    fn gc_sba_07_seed_melee_is_simultaneous_and_ends_in_a_failed_test() {
        // GC-SBA-04..07 through the real melee step: the Samurai roll 1,3,4,9,13,13
        // (4 hits, 1 absorbed, 3 casualties); the Ashigaru roll 4 dice although they
        // lose 3 models (SBA-MEL-5); the Ashigaru then fail their test on a 14.
        let t = tables();
        let board = board(&t);
        let mut b = seed_melee(&board, &t);
        b.link(1, 2);
        let mut d = Dice::new(0);
        // Samurai 6 dice, Ashigaru 4 dice (all miss: 20s), Ashigaru Fortitude roll 14.
        d.load([1, 3, 4, 9, 13, 13, 20, 20, 20, 20, 14]);
        resolve_melee(&mut b, &mut d);
        let attack_entries: Vec<_> = b
            .log
            .iter()
            .filter(|e| e.die.is_some() && e.rule == "SBA-MEL-4")
            .collect();
        assert_eq!(attack_entries.len(), 2);
        assert_eq!(attack_entries[0].dice, vec![1, 3, 4, 9, 13, 13]);
        assert_eq!(attack_entries[0].outcome, "4 hits");
        assert_eq!(
            attack_entries[1].dice.len(),
            4,
            "Ashigaru roll with the 4 models they began with"
        );
        let ash = b.unit(2).expect("ashigaru survive with 1 model");
        assert_eq!((ash.models, ash.casualties, ash.defense_lost), (1, 3, 1));
        assert_eq!(ash.morale, MoraleLevel::Hesitant);
        let test = b.log.iter().find(|e| e.rule == "SBA-FORT-3").expect("test");
        assert_eq!(
            (test.dice.clone(), test.outcome.as_str()),
            (vec![14], "fail")
        );
        assert_eq!(d.loaded_remaining(), 0);
    }

    #[test]
    fn casualty_odds_are_exact() {
        // 1 die at 10 on a d20 against Defense 0 and 1 model: 50% one casualty.
        assert_eq!(casualty_distribution(1, 10, 0, 1), vec![0.5, 0.5]);
        // Defense absorbs the first hit.
        let d = casualty_distribution(2, 20, 1, 4);
        assert_eq!(d[1], 1.0);
        let d = casualty_distribution(6, 10, 1, 4);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn flank_and_rear_attacks_test_before_the_melee() {
        // SBA-FORT-1 (2), (3) through engage(): a defender facing North, attacked
        // from the South (rear) tests at -5.
        let t = tables();
        let board = board(&t);
        let a = unit(&t, 1, 0, "samurai_cavalry", (5, 3), Facing::North);
        let mut dfd = unit(&t, 2, 1, "ashigaru_spearmen", (5, 4), Facing::North);
        dfd.commander = false;
        let mut b = battle(vec![a, dfd], &board, &t);
        let mut d = Dice::new(0);
        d.load([6]);
        engage(&mut b, &mut d, 1, 2);
        let test = b.log.iter().find(|e| e.rule == "SBA-FORT-3").expect("test");
        assert_eq!(test.target, Some(5));
        assert_eq!(test.outcome, "fail");
        assert_eq!(b.unit(2).map(|u| u.morale), Some(MoraleLevel::Hesitant));
        assert_eq!(b.unit(1).map(|u| u.facing), Some(Facing::North));
    }

    #[test]
    fn gc_sba_18_ambush_approached_from_outside_its_defense_zone() {
        // GC-SBA-18 (SBA-ORD-10): no flank test, no +3 Attack, keeps +1 Defense and +1 Fortitude.
        let t = tables();
        let board = board(&t);
        let a = unit(&t, 1, 0, "ashigaru_spearmen", (5, 3), Facing::North);
        let mut h = unit(&t, 2, 1, "ashigaru_spearmen", (5, 4), Facing::North);
        h.hidden = true;
        h.commander = true;
        h.order = Some(OrderSpec::plain(OrderKind::Ambush));
        let mut b = battle(vec![a, h], &board, &t);
        let mut d = Dice::new(0);
        engage(&mut b, &mut d, 1, 2);
        assert_eq!(d.rolled(), 0, "no flank or rear test");
        let h = b.unit(2).cloned().expect("h");
        let a = b.unit(1).cloned().expect("a");
        assert!(!h.hidden && h.flags.surprised);
        let card = t.unit("ashigaru_spearmen").expect("card");
        assert_eq!(attack_value(&b, &h, &a).total(), card.attack_vs_infantry);
        assert_eq!(defense_value(&b, &h, Some(&a)).total(), card.defense + 1);
        let fort = crate::rules::samurai_battles::fortitude::current_fortitude(&b, &h, None);
        assert_eq!(
            fort.total(),
            card.fortitude + t.units.commander_fortitude + 1
        );
    }

    #[test]
    fn winner_of_a_destroyed_enemy_gains_honor_and_turns_on_the_strongest() {
        // SBA-MEL-2, SBA-HON-1.
        let t = tables();
        let board = board(&t);
        let a = unit(&t, 1, 0, "samurai_cavalry", (5, 3), Facing::North);
        let mut v = unit(&t, 2, 1, "ashigaru_spearmen", (5, 4), Facing::South);
        v.models = 1;
        let other = unit(&t, 3, 1, "ashigaru_archers", (6, 3), Facing::South);
        let mut b = battle(vec![a, v, other], &board, &t);
        b.link(1, 2);
        let mut d = Dice::new(0);
        // 9 cavalry dice all hit (Defense 1 absorbs one, 1 model dies), 1 spear die misses.
        d.load([1, 1, 1, 1, 1, 1, 1, 1, 1, 20]);
        resolve_melee(&mut b, &mut d);
        assert!(b.unit(2).is_none());
        let a = b.unit(1).expect("a");
        assert!(a.honor);
        assert_eq!(a.engaged, vec![3]);
        assert!(b.log.iter().any(|e| e.rule == "SBA-MEL-2"));
    }

    #[test]
    fn winner_of_a_fled_enemy_tests_to_pursue() {
        // SBA-MEL-3, SBA-ORD-8, SBA-HON-2: no honor, Pursue on a failed test, no morale loss.
        let t = tables();
        let board = board(&t);
        let a = unit(&t, 1, 0, "samurai_cavalry", (5, 3), Facing::North);
        let mut v = unit(&t, 2, 1, "ashigaru_spearmen", (5, 4), Facing::South);
        v.morale = MoraleLevel::Hesitant;
        let mut b = battle(vec![a, v], &board, &t);
        b.link(1, 2);
        let mut d = Dice::new(0);
        // 9 cavalry dice: 2 hits (1 absorbed, 1 casualty); 4 spear dice miss;
        // spear test 20 fails -> Put to Flight; cavalry Pursue test 20 fails.
        d.load([1, 1, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20]);
        resolve_melee(&mut b, &mut d);
        let v = b.unit(2).expect("v");
        assert!(v.flags.put_to_flight);
        assert_eq!(v.morale, MoraleLevel::Shaken);
        let a = b.unit(1).expect("a");
        assert!(!a.honor);
        assert_eq!(a.flags.pursue_target, Some(2));
        assert_eq!(a.morale, MoraleLevel::Normal);
    }

    #[test]
    fn sba_ord_8_one_pursue_test_per_melee_whatever_fled() {
        // SBA-ORD-8 (L29-30): the winner "fails its Fortitude Test": one test,
        // not one per enemy that fled. Two enemies flee; it fails once and
        // must Pursue the first; no second test clears the obligation.
        use crate::engine::board::HexBoard;
        let t = tables();
        let board = board(&t);
        let c = HexBoard::to_hex((5, 3));
        let n1 = HexBoard::to_offset(c.neighbor(Facing::North.edge_direction()));
        let n2 = HexBoard::to_offset(c.neighbor(Facing::NorthEast.edge_direction()));
        let a = unit(&t, 1, 0, "samurai_cavalry", (5, 3), Facing::North);
        let mut v2 = unit(&t, 2, 1, "ashigaru_spearmen", n1, Facing::South);
        v2.flags.put_to_flight = true;
        let mut v3 = unit(&t, 3, 1, "ashigaru_spearmen", n2, Facing::SouthWest);
        v3.flags.put_to_flight = true;
        let mut b = battle(vec![a, v2, v3], &board, &t);
        b.defeats = vec![
            crate::rules::samurai_battles::battle::Defeat {
                loser: 2,
                winners: vec![1],
                destroyed: false,
            },
            crate::rules::samurai_battles::battle::Defeat {
                loser: 3,
                winners: vec![1],
                destroyed: false,
            },
        ];
        let mut d = Dice::new(0);
        d.load([20, 1]);
        after_melee(&mut b, &mut d);
        let tests = b
            .log
            .iter()
            .filter(|e| e.rule == "SBA-FORT-3" && e.units.first() == Some(&1))
            .count();
        assert_eq!(tests, 1, "{:#?}", b.log);
        assert_eq!(b.unit(1).and_then(|a| a.flags.pursue_target), Some(2));
        assert_eq!(d.loaded_remaining(), 1, "no second test");
    }

    #[test]
    fn a_passed_pursue_test_ends_an_earlier_obligation() {
        // SBA-ORD-8: a passed test holds the unit back, whatever it owed before.
        let t = tables();
        let board = board(&t);
        let mut a = unit(&t, 1, 0, "samurai_cavalry", (5, 3), Facing::North);
        a.flags.pursue_target = Some(7);
        let mut v = unit(&t, 2, 1, "ashigaru_spearmen", (5, 4), Facing::South);
        v.morale = MoraleLevel::Hesitant;
        let mut b = battle(vec![a, v], &board, &t);
        b.link(1, 2);
        let mut d = Dice::new(0);
        // As above, but the cavalry's Pursue test rolls 1 and passes.
        d.load([1, 1, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 1]);
        resolve_melee(&mut b, &mut d);
        assert!(b.unit(2).is_some_and(|v| v.flags.put_to_flight));
        assert_eq!(b.unit(1).and_then(|a| a.flags.pursue_target), None);
        assert!(
            b.log
                .iter()
                .any(|e| e.rule == "SBA-ORD-8" && e.what.contains("holds back"))
        );
    }
}
