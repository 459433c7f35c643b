//! Tests of the RAN readings mended by the line-by-line audit of the seed
//! (`docs/rules-audit/ran.md`), each named after its rule ID, continued
//! from `fidelity_tests.rs` (whose helpers these use): terrain by battle,
//! Committed units and the Kibamusha's impetuosity.

#![cfg(test)]

use hexx::Hex;

use crate::engine::board::{Facing, HexBoard};
use crate::engine::core::Rules;
use crate::engine::dice::Dice;
use crate::engine::log::{GameLog, NoLog};

use super::Ran;
use super::fidelity_tests::*;
use super::orders::RanCommand;
use super::sequence;
use super::state::{RanCtx, RanState};

/// Mimigawa's armies and roads on an open board of `battle`.
fn on_battle(battle: &str) -> (RanCtx, RanState) {
    let text = include_str!("../../../scenarios/mimigawa.ron");
    let armies = &text[text.find("    roads: [").expect("roads")..];
    let head = format!(
        r#"(
    ruleset: "ran",
    name: "Road test",
    seed: 1,
    turn_limit: 6,
    battle: "{battle}",
    board: (columns: 16, rows: 12, default_terrain: "Clear", terrain: [], hexsides: []),
"#
    );
    let s = Ran::parse_scenario("road.ron", &format!("{head}{armies}"))
        .unwrap_or_else(|e| panic!("{e}"));
    let ctx = Ran::context(&s).expect("ctx");
    let st = Ran::new_state(&ctx, &Dice::new(1), &mut NoLog);
    (ctx, st)
}

#[test]
fn ran_ter_mime_the_road_rate_is_the_battles_road_or_track_row() {
    // RAN-TER-MIME (L391ff): Mimesatoga's row is "Road / track [c]": an
    // Open-column unit steps along the road into dense woods at 1 MP.
    use super::movement::step_cost;
    let (mut ctx, st) = on_battle("Mimesatoga");
    let (a, b) = (HexBoard::to_hex((8, 1)), HexBoard::to_hex((8, 2)));
    ctx.board.set_terrain(b, "Dense woods");
    let s = step_cost(&ctx, &st, 0, true, false, a, b).expect("along the road");
    assert_eq!(s.mp, 1, "{:?}", s.rules);
}

#[test]
fn ran_ter_okit_note_n_no_road_rate_next_to_an_enemy() {
    // RAN-TER-OKIT [n] (L486-487): "may not use road rate when moving
    // adjacent to an enemy unit".
    use super::movement::step_cost;
    let (mut ctx, mut st) = on_battle("Okitanawate");
    let (a, b) = (HexBoard::to_hex((8, 1)), HexBoard::to_hex((8, 2)));
    ctx.board.set_terrain(b, "Dense woods");
    let s = step_cost(&ctx, &st, 0, true, false, a, b).expect("road");
    assert_eq!(s.mp, 1, "{:?}", s.rules);
    let beside = b
        .all_neighbors()
        .into_iter()
        .find(|h| *h != a && st.unit_at(*h).is_none() && ctx.board.contains(*h))
        .expect("a hex beside");
    put(&mut st, 43, beside, Facing::towards(beside, b).opposite());
    assert!(!st.enemy_zoc(0, b), "beside, not in its ZOC");
    let s = step_cost(&ctx, &st, 0, true, false, a, b).expect("woods");
    assert_eq!(s.mp, 2, "dense woods at the Open rate: {:?}", s.rules);
}

#[test]
fn ran_ter_2_a_shock_across_a_steep_hexside_uses_the_row_of_its_direction() {
    // RAN-TER-OKIT (L484, L813): attacking up a steep level is 2L; attacking
    // down it is the Down row's 1R; neither adds "Up/Down 1 level".
    let (mut ctx, mut st) = okitanawate();
    let foot = HexBoard::to_hex((4, 6));
    let top = HexBoard::to_hex((4, 5));
    ctx.board.set_elevation(top, 1);
    for h in [foot, top] {
        if let Some(u) = st.units.iter_mut().find(|u| u.hex == h) {
            u.hex = Hex::new(100 + u.id as i32, 100);
        }
    }
    put(&mut st, 4, foot, Facing::towards(foot, top));
    put(&mut st, 46, top, Facing::towards(top, foot));
    let up = super::shock_plan::terrain_shifts(&ctx, &st, &[4], 46).expect("up");
    let total = |v: &Vec<(String, i32, String)>| v.iter().map(|x| x.1).sum::<i32>();
    assert_eq!(total(&up), -2, "{up:?}");
    put(&mut st, 4, top, Facing::towards(top, foot));
    put(&mut st, 46, foot, Facing::towards(foot, top));
    let down = super::shock_plan::terrain_shifts(&ctx, &st, &[4], 46).expect("down");
    assert_eq!(total(&down), 1, "{down:?}");
}

#[test]
fn ran_tq_2_a_committed_unit_that_fails_to_withdraw_attacks_in_shock() {
    // RAN-TQ-2 (L1011-1012): "Si la tirada es igual o menor, la unidad se
    // retira; en otro caso debe atacar en Choque". Committed AS 46 (TQ 5)
    // rolls 9 to withdraw from SI 4: it shocks the SI instead (the weapons
    // matrix is read AS attacking SI).
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let a = c.neighbor(Facing::North.edge_direction());
    put(&mut st, 46, c, Facing::North);
    put(&mut st, 4, a, Facing::South);
    st.unit_mut(46).expect("AS").committed = true;
    st.unit_mut(4).expect("SI").committed = true;
    let shock = super::state::PendingShock {
        attackers: vec![4],
        defender: 46,
        charge: false,
        extra: Vec::new(),
    };
    let mut dice = Dice::new(11);
    // The withdrawal roll, then the AS's MUST CHECK (RAN-TQ-11) passes.
    dice.load([9, 0]);
    let mut out = Vec::new();
    let went = super::shock::reaction_withdrawal(&ctx, &mut st, &mut dice, &shock, &mut out);
    assert!(!went);
    assert!(
        out.iter()
            .any(|e| e.rule == "RAN-TQ-2" && e.dice == vec![9])
    );
    let rec = st.last_shock.clone().expect("a shock was fought");
    assert_eq!(rec.matrix, ("AS".to_string(), "SI".to_string()), "{rec:?}");
}

#[test]
fn ran_stat_4_committed_units_shock_when_their_busho_is_activated_for_anything() {
    // RAN-STAT-4 (L373): Committed units "Deben Chocar ... cuando su Busho
    // es activado", for a Reorganization too, not only for Orders.
    use super::orders::Mode;
    use super::state::Phase;
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let e = c.neighbor(Facing::North.edge_direction());
    put(&mut st, 4, c, Facing::North);
    put(&mut st, 46, e, Facing::South);
    st.unit_mut(4).expect("SI").committed = true;
    st.unit_mut(46).expect("AS").committed = true;
    st.leader_mut(102).expect("Busho").hex = c;
    st.phase = Phase::Select {
        side: 0,
        resurrection: false,
    };
    let mut log = GameLog::default();
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::Activate {
            busho: 102,
            mode: Mode::Reorganize,
        },
        &mut Dice::new(4),
        &mut log,
    )
    .expect("activated");
    assert!(
        log.entries
            .iter()
            .any(|x| x.rule == "RAN-STAT-4" && x.units == vec![4, 46]),
        "{:#?}",
        log.entries
            .iter()
            .map(|x| (&x.rule, &x.what))
            .collect::<Vec<_>>()
    );
}

#[test]
fn ran_tq_7_an_impetuous_kibamusha_moves_toward_the_firer_even_if_short() {
    // RAN-TQ-7 (L1021-1022): on a roll above TQ the KB "debe mover
    // inmediatamente un máximo de cuatro (4) PM hacia la unidad que
    // dispara ... y Atacar en Choque". KB 2 fired on from 6 hexes: it moves
    // its 4 MP toward the firer, ends 2 hexes away and does not shock.
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 6);
    let mut f = c;
    for _ in 0..6 {
        f = f.neighbor(Facing::North.edge_direction());
    }
    ctx.board.set_terrain(f, "Clear");
    put(&mut st, 2, c, Facing::North);
    put(&mut st, 44, f, Facing::South);
    let mut dice = Dice::new(2);
    dice.load([9]);
    let mut out = Vec::new();
    super::fire::reactions(&ctx, &mut st, &mut dice, 44, 2, &mut out);
    let kb = st.unit(2).expect("KB");
    assert_eq!(kb.hex.unsigned_distance_to(f), 2, "{out:#?}");
    assert!(out.iter().all(|e| e.rule != "RAN-CRT-2"), "no shock");
    assert_eq!(dice.loaded_remaining(), 0);
}

/// KB 2 at the centre, firer AS-T 44 `n` hexes North facing it.
fn kb_fired_on(n: u32) -> (RanCtx, RanState, Hex, Hex) {
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 3));
    clear_around(&mut ctx, &mut st, c, 6);
    let mut f = c;
    for _ in 0..n {
        f = f.neighbor(Facing::North.edge_direction());
    }
    put(&mut st, 2, c, Facing::North);
    put(&mut st, 44, f, Facing::South);
    (ctx, st, c, f)
}

#[test]
fn ran_stat_2_a_disordered_kibamusha_forced_to_charge_may_enter_the_firers_zoc() {
    // RAN-STAT-2 (L373): Disordered units "No pueden entrar voluntariamente
    // en una ZOC enemiga"; KB Aggression (RAN-TQ-7) is not voluntary. The
    // Disordered KB reaches the firer's front hex and shocks it.
    let (ctx, mut st, _, f) = kb_fired_on(3);
    st.unit_mut(2).expect("KB").disordered = true;
    let mut dice = Dice::new(2);
    dice.load([9]);
    let mut out = Vec::new();
    super::fire::reactions(&ctx, &mut st, &mut dice, 44, 2, &mut out);
    let kb = st.unit(2).expect("KB");
    assert_eq!(kb.hex.unsigned_distance_to(f), 1, "{out:#?}");
}

#[test]
fn ran_ter_2_a_forced_move_through_a_friendly_unit_costs_it_a_hit() {
    // RAN-TER-2 [d] (L471-472): the Stationary unit a Closed-Order mover
    // passes through takes the hit, on a KB Aggression move too. Paddies
    // everywhere but the straight line make the way through SI 4 the only
    // one that reaches the firer.
    let (mut ctx, mut st, c, f) = kb_fired_on(4);
    let line: Vec<Hex> = (1..4)
        .scan(c, |h, _| {
            *h = h.neighbor(Facing::North.edge_direction());
            Some(*h)
        })
        .collect();
    for h in c.range(6) {
        if h != c && h != f && !line.contains(&h) {
            ctx.board.set_terrain(h, "Rice paddy");
        }
    }
    put(&mut st, 4, line[0], Facing::North);
    let hits = st.unit(4).expect("SI").hits;
    let mut dice = Dice::new(2);
    dice.load([9, 0]);
    let mut out = Vec::new();
    super::fire::reactions(&ctx, &mut st, &mut dice, 44, 2, &mut out);
    assert_eq!(st.unit(2).expect("KB").hex, line[2], "{out:#?}");
    assert!(
        out.iter()
            .any(|e| e.rule == "RAN-TER-2" && e.units == vec![4, 2])
    );
    assert!(st.unit(4).expect("SI").hits > hits);
}

#[test]
fn ran_sop_5_a_momentum_success_gives_an_orders_or_a_challenge_phase() {
    // RAN-SOP-5 (L372): "puede chequear para ver si el Busho activo puede
    // hacer una Fase de Órdenes o de Desafío Samurái (C o D)". Busho 102
    // (Momentum 5) rolls 1: his owner may choose the Challenge.
    use super::orders::Mode;
    use super::state::Phase;
    let (ctx, mut st) = setup();
    st.phase = Phase::Momentum { busho: 102 };
    apply(&ctx, &mut st, RanCommand::Momentum, &[1]);
    assert_eq!(st.phase, Phase::MomentumGained { busho: 102 });
    let offered = Ran::legal_commands(&ctx, &st, 0);
    let challenge = RanCommand::Activate {
        busho: 102,
        mode: Mode::Challenge,
    };
    assert!(offered.contains(&challenge), "{offered:?}");
    assert_eq!(
        refused(
            &ctx,
            &mut st,
            RanCommand::Activate {
                busho: 103,
                mode: Mode::Orders
            }
        )
        .as_str(),
        "RAN-SOP-3"
    );
    let mut orders = st.clone();
    apply(&ctx, &mut st, challenge, &[]);
    assert_eq!(st.phase, Phase::Challenge { busho: 102 });
    apply(
        &ctx,
        &mut orders,
        RanCommand::Activate {
            busho: 102,
            mode: Mode::Orders,
        },
        &[],
    );
    assert!(matches!(orders.phase, Phase::Orders { busho: 102, .. }));
}

#[test]
fn ran_wd_2_a_dead_replacement_costs_his_own_momentum() {
    // RAN-WD-2 (L368): the Busho "original o de reemplazo" who died this
    // turn takes off half "su" Momentum, rounded up. The original (Momentum
    // 5) died before; his replacement (Momentum 2) dies now: −1, not −3.
    let (ctx, mut st) = setup();
    let mut out = Vec::new();
    super::casualties::kill_leader(&ctx, &mut st, 102, &mut out);
    st.leader_mut(102).expect("original").died_this_turn = false;
    let rep = st
        .leaders
        .iter()
        .find(|l| l.replacement && l.contingent == 102)
        .map(|l| l.id)
        .expect("a replacement");
    assert_eq!(st.leader(rep).map(|l| l.factors.momentum), Some(2));
    super::casualties::kill_leader(&ctx, &mut st, rep, &mut out);
    // Two of its three units Fled: the 1-10 grid has a threshold (5).
    st.unit_mut(5).expect("AS").fled = true;
    st.unit_mut(6).expect("AS-T").fled = true;
    let mut log = Vec::new();
    sequence::abandonment(&ctx, &mut st, &mut Dice::new(1), &mut log);
    let e = log
        .iter()
        .find(|e| e.units == vec![102] && e.rule.starts_with("RAN-WD-"))
        .expect("the contingent's check");
    let v = e.value.as_ref().expect("modifiers");
    let died: i32 = v
        .modifiers
        .iter()
        .filter(|m| m.rule == "RAN-WD-2")
        .map(|m| m.value)
        .sum();
    assert_eq!(died, -1, "{v:?}");
}

#[test]
fn ran_fire_2_every_unit_of_a_volley_needs_the_height_for_an_ext_range() {
    // RAN-FIRE-2 (L41, "EXT = Puede Disparar sólo si está a mayor
    // elevación"): AS-B at 4 hexes fire at [Ext] range. The lead stands on
    // a hill; the second bow unit, on the flat, may not join the Volley.
    let (mut ctx, mut st) = setup();
    let t = HexBoard::to_hex((10, 6));
    clear_around(&mut ctx, &mut st, t, 5);
    let walk =
        |from: Hex, f: Facing, n: u32| (0..n).fold(from, |h, _| h.neighbor(f.edge_direction()));
    let high = walk(t, Facing::South, 4);
    let low = walk(walk(t, Facing::SouthEast, 2), Facing::South, 2);
    assert_eq!(low.unsigned_distance_to(t), 4);
    ctx.board.set_elevation(high, 1);
    put(&mut st, 43, t, Facing::South);
    put(&mut st, 9, high, Facing::towards(high, t));
    put(&mut st, 12, low, Facing::towards(low, t));
    st.unit_mut(12).expect("SI-B").kind = "AS-B".into();
    assert!(
        super::fire::plan(&ctx, &st, 0, &[9], 43).is_ok(),
        "the lead alone"
    );
    assert_eq!(
        super::fire::plan(&ctx, &st, 0, &[9, 12], 43)
            .map(|_| ())
            .map_err(|e| e.0),
        Err("RAN-FIRE-2")
    );
}

#[test]
fn ran_ldr_3_a_busho_caught_in_a_retreat_from_kibamusha_rolls_to_survive() {
    // RAN-LDR-3 (L1061): "Si hay una unidad kibamusha enemiga, se tira el
    // dado. Si la tirada es 3-9, ese Busho es eliminado". AS 5 with Busho 102
    // withdraws from KB 42 and flees: the roll of 5 eliminates him.
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let e = c.neighbor(Facing::North.edge_direction());
    put(&mut st, 5, c, Facing::North);
    put(&mut st, 42, e, Facing::South);
    st.unit_mut(5).expect("AS").hits = 4;
    st.leader_mut(102).expect("Busho").hex = c;
    let shock = super::state::PendingShock {
        attackers: vec![42],
        defender: 5,
        charge: false,
        extra: Vec::new(),
    };
    let mut dice = Dice::new(1);
    dice.load([9, 5]);
    let mut out = Vec::new();
    super::shock::reaction_withdrawal(&ctx, &mut st, &mut dice, &shock, &mut out);
    assert!(
        st.unit(5).is_some_and(|u| u.fled || u.eliminated),
        "{out:#?}"
    );
    assert!(st.leader(102).is_some_and(|l| l.dead), "{out:#?}");
    assert_eq!(dice.loaded_remaining(), 0);
}

#[test]
fn ran_ter_the_board_draws_every_road_link_the_rules_move_along() {
    // RAN-TER: the roads the movement rate reads (`RanCtx::road`) are the
    // links the board draws, one a step of each road of the scenario.
    let (ctx, _) = on_battle("Mimigawa");
    let drawn = ctx.board.roads();
    assert!(!drawn.is_empty());
    for &(a, b) in drawn {
        assert!(ctx.road(a, b), "{a:?}-{b:?} drawn but not a road");
        assert_eq!(a.distance_to(b), 1, "a road link joins neighbours");
    }
    assert_eq!(drawn.len(), ctx.roads.len());
}

#[test]
fn ran_ldr_1_a_friendly_unit_neither_costs_a_leader_mp_nor_bars_him_and_an_enemy_does() {
    // RAN-LDR-1 (Kassen's reading, `leader_reach`): on open ground a leader
    // pays 1 MP a hex; a friendly unit on his way costs nothing and does not
    // stop him; an enemy unit's hex he may not enter or pass.
    use super::leader_actions::leader_reach;
    let (mut ctx, mut st) = setup();
    open_ground(&mut ctx);
    let l = st.leader(104).expect("Busho").clone();
    clear_around(&mut ctx, &mut st, l.hex, 3);
    // A straight line of two hexes from him, both on the board.
    let (near, far) = l
        .hex
        .all_neighbors()
        .into_iter()
        .map(|n| (n, n + (n - l.hex)))
        .find(|(n, f)| ctx.board.contains(*n) && ctx.board.contains(*f))
        .expect("a line of two hexes");
    let key = |h: Hex| (h.x, h.y);
    let friend = st
        .units
        .iter()
        .find(|u| u.side == l.side)
        .expect("a friend")
        .id;
    put(&mut st, friend, near, Facing::towards(near, far));
    let reach = leader_reach(&ctx, &st, &l, 2);
    assert_eq!(
        reach.get(&key(near)),
        Some(&1),
        "through a friend at no cost"
    );
    assert_eq!(reach.get(&key(far)), Some(&2));
    st.unit_mut(friend).expect("friend").hex = Hex::new(100, 100);
    let enemy = st
        .units
        .iter()
        .find(|u| u.side != l.side)
        .expect("an enemy")
        .id;
    put(&mut st, enemy, near, Facing::towards(near, l.hex));
    let reach = leader_reach(&ctx, &st, &l, 2);
    assert_eq!(reach.get(&key(near)), None, "not into the enemy's hex");
    assert_eq!(reach.get(&key(far)), None, "nor through it within 2 MP");
    let reach = leader_reach(&ctx, &st, &l, 3);
    assert_eq!(reach.get(&key(far)), Some(&3), "around it");
}
