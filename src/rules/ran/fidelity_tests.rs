//! Tests of the RAN readings mended by the line-by-line audit of the seed
//! (`docs/rules-audit/ran.md`), each named after its rule ID: each failed
//! before its fix.

#![cfg(test)]

use crate::engine::core::RulesView;
use hexx::Hex;

use crate::engine::board::{Facing, HexBoard};
use crate::engine::core::Rules;
use crate::engine::dice::Dice;
use crate::engine::log::{GameLog, NoLog};

use super::Ran;
use super::orders::RanCommand;
use super::sequence;
use super::state::{RanCtx, RanState};

pub(super) fn setup() -> (RanCtx, RanState) {
    let text = include_str!("../../../scenarios/mimigawa.ron");
    let s = Ran::parse_scenario("scenarios/mimigawa.ron", text).expect("scenario");
    let ctx = Ran::context(&s).expect("ctx");
    let st = Ran::new_state(&ctx, &Dice::new(1), &mut NoLog);
    (ctx, st)
}

/// An empty hex on the board `n` hexes from `from`, away from every enemy.
pub(super) fn empty_hex_at(ctx: &RanCtx, st: &RanState, from: Hex, n: u32) -> Hex {
    from.ring(n)
        .filter(|h| ctx.board.contains(*h) && st.unit_at(*h).is_none())
        .find(|h| !st.enemy_zoc(0, *h) && !st.enemy_zoc(1, *h))
        .expect("an empty hex at that distance")
}

/// Level clear ground within `r` hexes of `c`, and no other unit there.
pub(super) fn clear_around(ctx: &mut RanCtx, st: &mut RanState, c: Hex, r: u32) {
    for h in c.range(r) {
        ctx.board.set_elevation(h, 0);
        ctx.board.set_terrain(h, "Clear");
        for n in h.all_neighbors() {
            ctx.board.remove_hexside(h, n);
        }
        if let Some(u) = st.units.iter_mut().find(|u| u.hex == h) {
            u.hex = Hex::new(100 + u.id as i32, 100);
        }
    }
}

/// Level clear ground everywhere, with no hexside feature: leaders then
/// pay 1 MP a hex (RAN-LDR-1, RAN-TER-1). Units stay where they are.
pub(super) fn open_ground(ctx: &mut RanCtx) {
    for h in ctx.board.hexes() {
        ctx.board.set_elevation(h, 0);
        ctx.board.set_terrain(h, "Clear");
        for n in h.all_neighbors() {
            ctx.board.remove_hexside(h, n);
        }
    }
    ctx.roads.clear();
}

/// Puts unit `id` at `h` facing `f`.
pub(super) fn put(st: &mut RanState, id: u32, h: Hex, f: Facing) {
    let u = st.unit_mut(id).expect("unit");
    u.hex = h;
    u.facing = f;
}

pub(super) fn mv(ctx: &RanCtx, st: &mut RanState, unit: u32, to: Hex) -> Result<(), String> {
    Ran::apply(
        ctx,
        st,
        &RanCommand::Move { unit, to },
        &mut Dice::new(5),
        &mut NoLog,
    )
    .map_err(|e| e.rule)
}

/// A Kibamusha (unit 2, the So-Taisho's contingent, the So-Taisho with it)
/// Committed against the enemy `enemy`, which faces it from the next hex.
pub(super) fn committed_kibamusha(enemy: u32) -> (RanCtx, RanState, Hex, Hex) {
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let e = c.neighbor(Facing::North.edge_direction());
    put(&mut st, 2, c, Facing::towards(c, e));
    put(&mut st, enemy, e, Facing::towards(e, c));
    st.unit_mut(2).expect("KB").committed = true;
    st.unit_mut(enemy).expect("enemy").committed = true;
    st.leader_mut(101).expect("So-Taisho").hex = c;
    sequence::start_orders(&mut st, 101);
    (ctx, st, c, e)
}

#[test]
fn ran_stat_4_a_committed_kibamusha_may_move_away_from_infantry() {
    // RAN-STAT-4 (L373): "la Kibamusha puede alejarse si está Comprometida
    // con unidades AS/SI". Against AS 43 it may move to a hex next to no
    // enemy, and is no longer Committed; not to a hex next to the enemy.
    let (ctx, mut st, c, e) = committed_kibamusha(43);
    let next_to_enemy = c
        .ring(1)
        .find(|h| *h != e && h.unsigned_distance_to(e) == 1)
        .expect("a hex beside both");
    let before = st.clone();
    assert_eq!(
        mv(&ctx, &mut st, 2, next_to_enemy),
        Err("RAN-STAT-4".into())
    );
    assert_eq!(st, before, "a refusal changes nothing");
    let away = c
        .ring(2)
        .find(|h| h.unsigned_distance_to(e) == 3)
        .expect("a hex away");
    mv(&ctx, &mut st, 2, away).expect("the Kibamusha moves away");
    let kb = st.unit(2).expect("KB");
    assert_eq!(kb.hex, away);
    assert!(!kb.committed, "no longer Committed");
    let offered = Ran::legal_commands(&ctx, &st, 0);
    assert!(
        !offered
            .iter()
            .any(|c| matches!(c, RanCommand::Move { unit: 2, .. }))
    );
}

#[test]
fn ran_stat_4_a_kibamusha_committed_with_cavalry_may_not_move() {
    // RAN-STAT-4: the exception is for AS/SI only; against KB 42 the
    // Committed Kibamusha moves only by Active Withdrawal.
    let (ctx, mut st, c, e) = committed_kibamusha(42);
    let away = c
        .ring(2)
        .find(|h| h.unsigned_distance_to(e) == 3)
        .expect("a hex away");
    assert_eq!(mv(&ctx, &mut st, 2, away), Err("RAN-STAT-4".into()));
    let offered = Ran::legal_commands(&ctx, &st, 0);
    assert!(
        !offered
            .iter()
            .any(|c| matches!(c, RanCommand::Move { unit: 2, .. }))
    );
}

#[test]
fn ran_ord_2_only_out_of_command_units_may_not_leave_an_enemy_zoc() {
    // RAN-ORD-2 (L1020) scopes "units already in an enemy ZOC may not leave
    // it" to Out-of-Command units. SI 4 in the ZOC of AS 43 (not Committed)
    // with its Busho beside it may move out; with its Busho far away it is
    // refused under RAN-ORD-2.
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let e = c.neighbor(Facing::North.edge_direction());
    put(&mut st, 4, c, Facing::towards(c, e).opposite());
    put(&mut st, 43, e, Facing::towards(e, c));
    assert!(st.enemy_zoc(0, c), "in the enemy's ZOC");
    let away = c
        .ring(2)
        .find(|h| h.unsigned_distance_to(e) == 3)
        .expect("a hex away");
    let mut far = st.clone();
    st.leader_mut(102).expect("Busho").hex = c.neighbor(Facing::towards(e, c).edge_direction());
    sequence::start_orders(&mut st, 102);
    assert!(st.in_command(&ctx, st.unit(4).expect("SI")));
    let offered = Ran::legal_commands(&ctx, &st, 0);
    assert!(offered.contains(&RanCommand::Move { unit: 4, to: away }));
    mv(&ctx, &mut st, 4, away).expect("an In-Command unit leaves the ZOC");
    far.leader_mut(102).expect("Busho").hex = HexBoard::to_hex((0, 0));
    sequence::start_orders(&mut far, 102);
    assert!(!far.in_command(&ctx, far.unit(4).expect("SI")));
    assert_eq!(mv(&ctx, &mut far, 4, away), Err("RAN-ORD-2".into()));
}

#[test]
fn ran_ldr_1_a_leaders_allowance_is_per_orders_phase_not_per_move() {
    // RAN-LDR-1 (L374-375): Busho MA 9 for the Orders Phase. A 5-hex move
    // leaves 4; a second 5-hex move is refused and changes nothing; 4 more
    // hexes are accepted. On open ground a hex costs him 1 MP.
    let (mut ctx, mut st) = setup();
    open_ground(&mut ctx);
    let busho = 102;
    let start = st.leader(busho).expect("Busho").hex;
    assert!(!st.enemy_zoc(0, start), "the Busho starts out of enemy ZOC");
    sequence::start_orders(&mut st, busho);
    let mut dice = Dice::new(1);
    let a = empty_hex_at(&ctx, &st, start, 5);
    let mut log = GameLog::default();
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::MoveLeader {
            leader: busho,
            to: a,
        },
        &mut dice,
        &mut log,
    )
    .expect("the first 5 hexes");
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "RAN-LDR-1" && e.what.contains("4 of his 9")),
        "{:?}",
        log.entries.last()
    );
    let b = empty_hex_at(&ctx, &st, a, 5);
    let before = st.clone();
    let e = Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::MoveLeader {
            leader: busho,
            to: b,
        },
        &mut dice,
        &mut NoLog,
    )
    .expect_err("10 hexes against MA 9");
    assert_eq!(e.rule, "RAN-LDR-1");
    assert_eq!(st, before, "a refusal changes nothing");
    let c = empty_hex_at(&ctx, &st, a, 4);
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::MoveLeader {
            leader: busho,
            to: c,
        },
        &mut dice,
        &mut NoLog,
    )
    .expect("4 more hexes: 9 in all");
    // A new Orders Phase gives the whole allowance again.
    sequence::start_orders(&mut st, busho);
    let d = empty_hex_at(&ctx, &st, c, 5);
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::MoveLeader {
            leader: busho,
            to: d,
        },
        &mut dice,
        &mut NoLog,
    )
    .expect("a new Orders Phase, a new allowance");
}

#[test]
fn ran_ldr_2_continuity_is_not_halved_outside_the_honjin() {
    // RAN-LDR-2 (L1047): "reducido a la mitad ... si está fuera del Honjin"
    // qualifies the Trump attempt, not Continuity. The So-Taisho (Initiative
    // 5) away from his Honjin still gives Continuity at 5 in 10, and a roll
    // of 4 succeeds; the Trump factor is halved to 2.
    let (ctx, mut st) = setup();
    let so = st.so_taisho(0).expect("So-Taisho").id;
    let away = empty_hex_at(&ctx, &st, ctx.honjin(0), 3);
    st.leader_mut(so).expect("So-Taisho").hex = away;
    st.phase = super::state::Phase::Continuity { side: 0 };
    let o = Ran::odds(&ctx, &st, &RanCommand::Continuity).expect("odds");
    assert!((o.lines[0].1 - 0.5).abs() < 1e-9, "{o:?}");
    let l = st.leader(so).expect("So-Taisho").clone();
    assert_eq!(sequence::continuity_factor(&l).total(), 5);
    assert_eq!(sequence::trump_factor(&ctx, &l).total(), 2);
    let mut dice = Dice::new(1);
    dice.load([4]);
    let mut log = GameLog::default();
    Ran::apply(&ctx, &mut st, &RanCommand::Continuity, &mut dice, &mut log).expect("roll");
    assert!(
        matches!(st.phase, super::state::Phase::Select { side: 0, .. }),
        "4 < 5: another Busho: {:?}",
        st.phase
    );
}

/// AS 43 (Otomo, Busho 201 beside it) at the centre of rice paddies, facing
/// SI 4 three hexes away; the Otomo Orders Phase. Returns the centre.
pub(super) fn banzai_position() -> (RanCtx, RanState, Hex, Hex) {
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 5);
    for h in c.range(5) {
        ctx.board.set_terrain(h, "Rice paddy");
    }
    let f = Facing::North;
    let si = c
        .neighbor(f.edge_direction())
        .neighbor(f.edge_direction())
        .neighbor(f.edge_direction());
    put(&mut st, 43, c, f);
    put(&mut st, 4, si, f.opposite());
    st.leader_mut(201).expect("Busho").hex = c.neighbor(Facing::SouthEast.edge_direction());
    sequence::start_orders(&mut st, 201);
    (ctx, st, c, si)
}

#[test]
fn ran_tq_8_banzai_moves_half_its_ma_toward_the_withdrawing_enemy_even_if_short() {
    // RAN-TQ-8 (L1023): on a roll ≤ TQ the unit "debe mover inmediatamente
    // la mitad de su Asignación de Movimiento ... hacia la unidad enemiga
    // que se retira más próxima". An Active Withdrawal is a withdrawal.
    // SI 4 (MA 5: 3 MP) in paddies (2 MP a hex) gets one hex nearer the
    // AS, which withdrew to 4 hexes away: it moves, and does not shock.
    let (ctx, mut st, c, si) = banzai_position();
    let mut dice = Dice::new(1);
    dice.load([0]);
    let mut log = GameLog::default();
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::Withdraw { unit: 43 },
        &mut dice,
        &mut log,
    )
    .expect("Active Withdrawal");
    let back = st.unit(43).expect("AS").hex;
    assert_ne!(back, c, "the AS withdrew");
    assert_eq!(back.unsigned_distance_to(si), 4);
    let check = log
        .entries
        .iter()
        .find(|e| e.rule == "RAN-TQ-8" && !e.dice.is_empty())
        .expect("SI 4 checks Banzai after an Active Withdrawal");
    assert_eq!(check.dice, vec![0]);
    let now = st.unit(4).expect("SI").hex;
    assert_eq!(now.unsigned_distance_to(back), 3, "one paddy hex nearer");
    assert!(
        log.entries.iter().all(|e| e.rule != "RAN-CRT-2"),
        "no shock without contact"
    );
    assert_eq!(dice.loaded_remaining(), 0);
}

#[test]
fn ran_tq_8_samurai_infantry_with_bows_check_banzai_too() {
    // RAN-TQ-8: "Agresión de Samurái": SI-B are Samurai infantry too.
    let (ctx, mut st, _, _) = banzai_position();
    st.unit_mut(4).expect("SI").kind = "SI-B".into();
    let mut dice = Dice::new(1);
    dice.load([9]);
    let mut log = GameLog::default();
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::Withdraw { unit: 43 },
        &mut dice,
        &mut log,
    )
    .expect("Active Withdrawal");
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "RAN-TQ-8" && e.dice == vec![9]),
        "the SI-B checks (and holds on a 9)"
    );
}

/// Mimigawa's armies on an open Okitanawate board (its terrain table has
/// the steep hexside with [m]), with a steep level from (4, 6) up to
/// (4, 5), level ground otherwise.
pub(super) fn okitanawate() -> (RanCtx, RanState) {
    let text = include_str!("../../../scenarios/mimigawa.ron");
    let armies = &text[text.find("    roads: [").expect("roads")..];
    let head = r#"(
    ruleset: "ran",
    name: "Slope test",
    seed: 1,
    turn_limit: 6,
    battle: "Okitanawate",
    board: (
        columns: 16,
        rows: 12,
        default_terrain: "Clear",
        terrain: [],
        hexsides: [(feature: "Up a steep level", between: ((4, 6), (4, 5)))],
    ),
"#;
    let s = Ran::parse_scenario("slope.ron", &format!("{head}{armies}"))
        .unwrap_or_else(|e| panic!("{e}"));
    let ctx = Ran::context(&s).expect("ctx");
    let st = Ran::new_state(&ctx, &Dice::new(1), &mut NoLog);
    (ctx, st)
}

#[test]
fn ran_ter_2_a_steep_hexside_has_a_direction_and_bars_kb_but_not_kb_b() {
    // RAN-TER-OKIT (L484 note [m], L813): going up a steep level costs the
    // "Up" row (+3 Closed), going down the "Down" row (+1 Closed), and not
    // "Up 1 level" besides; KB and KB-H may not cross, KB-B may.
    use super::movement::step_cost;
    let (ctx, st) = okitanawate();
    let foot = HexBoard::to_hex((4, 6));
    let top = HexBoard::to_hex((4, 5));
    assert!(ctx.board.hexside(foot, top).is_some(), "placeable");
    let up = step_cost(&ctx, &st, 0, false, false, foot, top).expect("up");
    assert_eq!(up.mp, 1 + 3, "Clear 1 + steep up 3: {:?}", up.rules);
    let down = step_cost(&ctx, &st, 0, false, false, top, foot).expect("down");
    assert_eq!(down.mp, 1 + 1, "Clear 1 + steep down 1: {:?}", down.rules);
    assert!(up.rules.iter().any(|r| r.starts_with("RAN-TER-OKIT-")));
    assert_ne!(up.rules, down.rules, "each way its own row");
    assert!(step_cost(&ctx, &st, 0, false, true, foot, top).is_none());
    assert!(step_cost(&ctx, &st, 0, false, true, top, foot).is_none());
    let mut kbb = st.unit(2).expect("KB").clone();
    kbb.kind = "KB-B".into();
    assert!(!ctx.barred_by_m(&kbb), "KB-B may cross");
    assert!(ctx.barred_by_m(st.unit(2).expect("KB")));
}

#[test]
fn ran_ter_2_a_steep_hexside_up_a_level_counts_once() {
    // RAN-TER-2: the level climbed across a steep hexside is the steep
    // row's; "Up 1 level" (+1) is not added to it.
    use super::movement::step_cost;
    let (mut ctx, st) = okitanawate();
    let foot = HexBoard::to_hex((4, 6));
    let top = HexBoard::to_hex((4, 5));
    ctx.board.set_elevation(top, 1);
    let up = step_cost(&ctx, &st, 0, false, false, foot, top).expect("up");
    assert_eq!(up.mp, 4, "{:?}", up.rules);
}

pub(super) fn apply(ctx: &RanCtx, st: &mut RanState, cmd: RanCommand, faces: &[u32]) -> GameLog {
    let mut dice = Dice::new(3);
    dice.load(faces.iter().copied());
    let mut log = GameLog::default();
    Ran::apply(ctx, st, &cmd, &mut dice, &mut log).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(dice.loaded_remaining(), 0, "every loaded die is used");
    log
}

pub(super) fn refused(ctx: &RanCtx, st: &mut RanState, cmd: RanCommand) -> String {
    let before = st.clone();
    let e = Ran::apply(ctx, st, &cmd, &mut Dice::new(3), &mut NoLog).expect_err("refused");
    assert_eq!(*st, before, "a refusal changes nothing");
    e.rule
}

#[test]
fn ran_ldr_3_busho_movement_order_moves_every_busho_and_no_unit() {
    // RAN-LDR-3 (L1048, L1056): "Orden de Movimiento de Busho (sólo
    // So-Taisho): Todo Busho puede mover su AM completa. El So-Taisho debe
    // estar en su Honjin."
    use super::orders::Mode;
    use super::state::{Phase, Segment};
    let (mut ctx, mut st) = setup();
    open_ground(&mut ctx);
    st.phase = Phase::Select {
        side: 0,
        resurrection: false,
    };
    assert_eq!(st.leader(101).map(|l| l.hex), Some(ctx.honjin(0)));
    let order = |b: u32| RanCommand::Activate {
        busho: b,
        mode: Mode::BushoMovement,
    };
    assert!(Ran::legal_commands(&ctx, &st, 0).contains(&order(101)));
    assert!(!Ran::legal_commands(&ctx, &st, 0).contains(&order(102)));
    assert_eq!(refused(&ctx, &mut st, order(102)), "RAN-LDR-3");
    let mut away = st.clone();
    away.leader_mut(101).expect("So-Taisho").hex = empty_hex_at(&ctx, &st, ctx.honjin(0), 2);
    assert_eq!(refused(&ctx, &mut away, order(101)), "RAN-LDR-3");
    apply(&ctx, &mut st, order(101), &[]);
    assert!(st.busho_movement);
    // Another contingent's Busho moves his full 9 MP (9 hexes of open
    // ground)...
    let from = st.leader(104).expect("Busho").hex;
    let l104 = st.leader(104).expect("Busho").clone();
    let reach = super::leader_actions::leader_reach(&ctx, &st, &l104, 9);
    let to = reach
        .iter()
        .map(|(k, c)| (Hex::new(k.0, k.1), *c))
        .find(|(h, c)| *c == 9 && h.unsigned_distance_to(from) == 9 && st.unit_at(*h).is_none())
        .map(|(h, _)| h)
        .expect("a hex 9 MP away");
    apply(
        &ctx,
        &mut st,
        RanCommand::MoveLeader { leader: 104, to },
        &[],
    );
    assert_eq!(st.leader(104).map(|l| l.hex), Some(to));
    // ... and no unit takes an order.
    let u = st.unit(1).expect("unit").clone();
    let dest = empty_hex_at(&ctx, &st, u.hex, 1);
    assert_eq!(
        refused(&ctx, &mut st, RanCommand::Move { unit: 1, to: dest }),
        "RAN-LDR-3"
    );
    assert!(
        Ran::legal_commands(&ctx, &st, 0)
            .iter()
            .all(|c| !matches!(c, RanCommand::Move { .. } | RanCommand::Fire { .. }))
    );
    apply(&ctx, &mut st, RanCommand::EndMoveFire, &[]);
    assert!(!st.busho_movement);
    assert!(
        !matches!(
            st.phase,
            Phase::Orders {
                segment: Segment::Shock,
                ..
            }
        ),
        "no Shock segment: {:?}",
        st.phase
    );
}

#[test]
fn ran_ldr_3_hara_kiri_removes_a_hit_in_range_and_steadies_the_clans_for_the_turn() {
    // RAN-LDR-3 (L1058), RAN-TQ-12: the Busho dies; every friendly combat
    // unit within his Command/Challenge Range (Momentum 5) loses a hit;
    // the clans whose Bushos stood in range roll their TQ checks at −1
    // this turn (passing as if their TQ were 1 higher).
    use super::orders::Mode;
    use super::state::Phase;
    let (ctx, mut st) = setup();
    st.phase = Phase::Select {
        side: 0,
        resurrection: false,
    };
    let b = st.leader(102).expect("Busho").clone();
    let range = super::leader_actions::command_challenge_range(&ctx, &st, &b);
    assert_eq!(range, 5);
    for u in st.units.iter_mut() {
        u.hits = 1;
    }
    let tq_before = ctx.effective_tq(&st, st.unit(4).expect("SI")).total();
    let log = apply(
        &ctx,
        &mut st,
        RanCommand::Activate {
            busho: 102,
            mode: Mode::HaraKiriHits,
        },
        &[],
    );
    assert!(st.leader(102).is_some_and(|l| l.dead), "he dies");
    for u in &st.units {
        let near = u.side == 0 && u.hex.unsigned_distance_to(b.hex) <= range;
        assert_eq!(u.hits, u32::from(!near), "unit {} ({})", u.id, u.name);
    }
    // Busho 103 stood within range: his clan and 102's check at −1.
    assert!(
        b.hex
            .unsigned_distance_to(st.leader(103).expect("Busho").hex)
            <= range
    );
    assert!(st.hara_kiri.contains(&102) && st.hara_kiri.contains(&103));
    assert_eq!(
        ctx.effective_tq(&st, st.unit(4).expect("SI")).total(),
        tq_before + 1
    );
    assert!(log.entries.iter().any(|e| e.rule == "RAN-TQ-12"));
    assert!(
        log.entries.iter().any(|e| e.rule == "RAN-WD-2"),
        "a replacement"
    );
}

#[test]
fn ran_ldr_3_hara_kiri_recovers_the_two_nearest_disordered_units() {
    // RAN-LDR-3: "Recupera dos unidades Desorganizadas en Alcance".
    use super::orders::Mode;
    use super::state::Phase;
    let (ctx, mut st) = setup();
    st.phase = Phase::Select {
        side: 0,
        resurrection: false,
    };
    let at = st.leader(102).expect("Busho").hex;
    let mut near: Vec<(u32, u32)> = st
        .units
        .iter()
        .filter(|u| u.side == 0 && u.hex.unsigned_distance_to(at) <= 5)
        .map(|u| (u.hex.unsigned_distance_to(at), u.id))
        .collect();
    near.sort_unstable();
    assert!(near.len() >= 3, "three Disordered units in range");
    for (_, id) in &near[..3] {
        st.unit_mut(*id).expect("unit").disordered = true;
    }
    apply(
        &ctx,
        &mut st,
        RanCommand::Activate {
            busho: 102,
            mode: Mode::HaraKiriRecover,
        },
        &[],
    );
    let still: Vec<u32> = near[..3]
        .iter()
        .filter(|(_, id)| st.unit(*id).is_some_and(|u| u.disordered))
        .map(|(_, id)| *id)
        .collect();
    assert_eq!(still, vec![near[2].1], "the two nearest recover");
}

#[test]
fn ran_ldr_2_ordering_an_active_withdrawal_makes_the_busho_check_seppuku() {
    // RAN-LDR-2 (L1047, 6.44): "Seppuku después de ordenar una Retirada
    // Activa". Busho 201 is the Otomo So-Taisho (Initiative 3): the odds
    // shown are 6 in 10; SI 4 holds its Banzai check on a 9, and a 9 on the
    // Seppuku check kills him. A second withdrawal checks no more.
    let (ctx, mut st, _, _) = banzai_position();
    let cmd = RanCommand::Withdraw { unit: 43 };
    let o = Ran::odds(&ctx, &st, &cmd).expect("odds");
    assert!((o.lines[0].1 - 0.6).abs() < 1e-9, "{o:?}");
    let log = apply(&ctx, &mut st, cmd, &[9, 9]);
    assert!(st.leader(201).is_some_and(|l| l.dead), "Seppuku");
    let check = log
        .entries
        .iter()
        .find(|e| e.rule == "RAN-LDR-2" && !e.dice.is_empty())
        .expect("the Seppuku check is logged with its rule");
    assert_eq!(check.probability, Some(0.6));
    // He lives on a roll ≤ his factor.
    let (ctx, mut st, _, _) = banzai_position();
    apply(&ctx, &mut st, RanCommand::Withdraw { unit: 43 }, &[9, 3]);
    assert!(st.leader(201).is_some_and(|l| !l.dead));
}

/// Shimazu Busho 103 (Momentum 4) ends his Orders Phase; the Otomo hold
/// Busho 202 (Momentum 4), Activated this turn if `activated`.
pub(super) fn trump_position(activated: bool) -> (RanCtx, RanState) {
    use super::state::{Phase, Segment};
    let (ctx, mut st) = setup();
    sequence::start_orders(&mut st, 103);
    st.phase = Phase::Orders {
        busho: 103,
        segment: Segment::Shock,
    };
    st.leader_mut(202).expect("Busho").activated = activated;
    (ctx, st)
}

#[test]
fn ran_ldr_2_trump_momentum_gives_the_designated_busho_an_orders_phase() {
    // RAN-LDR-2 (L1047): "Trucar el Momentum: el Busho designado debe tener
    // un Momentum ≥ Busho activo; el contingente puede estar Inactivo, pero
    // debe estar Activado." The Otomo So-Taisho in his Honjin tries at his
    // Initiative 3: a roll of 1 trumps.
    use super::state::{Phase, Segment};
    let (ctx, mut st) = trump_position(true);
    apply(&ctx, &mut st, RanCommand::EndShock, &[]);
    assert_eq!(
        st.phase,
        Phase::Trump {
            busho: 103,
            momentum: true
        }
    );
    let offered = Ran::legal_commands(&ctx, &st, 1);
    assert!(offered.contains(&RanCommand::Trump { busho: 202 }));
    assert!(offered.contains(&RanCommand::DeclineTrump));
    assert!(
        !offered.contains(&RanCommand::Trump { busho: 203 }),
        "Momentum 3 < 4"
    );
    let o = Ran::odds(&ctx, &st, &RanCommand::Trump { busho: 202 }).expect("odds");
    assert!((o.lines[0].1 - 0.3).abs() < 1e-9, "{o:?}");
    assert_eq!(
        refused(&ctx, &mut st, RanCommand::Trump { busho: 203 }),
        "RAN-LDR-2"
    );
    apply(&ctx, &mut st, RanCommand::Trump { busho: 202 }, &[1]);
    assert_eq!(
        st.phase,
        Phase::Orders {
            busho: 202,
            segment: Segment::MoveFire
        }
    );
    assert!(st.leader(103).is_some_and(|l| l.finished));
    // Not Activated this turn: no Trump of Momentum is offered.
    let (ctx, mut st) = trump_position(false);
    apply(&ctx, &mut st, RanCommand::EndShock, &[]);
    assert_eq!(st.phase, Phase::Momentum { busho: 103 });
}

#[test]
fn ran_ldr_2_trump_continuity_fails_and_the_continuity_follows() {
    // RAN-LDR-2: "Trucar la Continuidad: ... El contingente debe estar
    // Activo." A failed roll Finishes the designated Busho; declining lets
    // the Continuity be tried.
    use super::state::Phase;
    let (ctx, mut st) = trump_position(false);
    st.phase = Phase::Momentum { busho: 103 };
    apply(&ctx, &mut st, RanCommand::Finish, &[]);
    assert_eq!(
        st.phase,
        Phase::Trump {
            busho: 103,
            momentum: false
        }
    );
    let mut declined = st.clone();
    apply(&ctx, &mut declined, RanCommand::DeclineTrump, &[]);
    assert_eq!(declined.phase, Phase::Continuity { side: 0 });
    let log = apply(&ctx, &mut st, RanCommand::Trump { busho: 202 }, &[5]);
    assert_eq!(st.phase, Phase::Continuity { side: 0 });
    assert!(st.leader(202).is_some_and(|l| l.finished));
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "RAN-LDR-2" && e.failed)
    );
}

#[test]
fn ran_ldr_2_the_so_taishos_command_range_is_his_initiative() {
    // RAN-LDR-2 (L1047): "Alcance de Mando" is listed under the Initiative
    // factor (So-Taisho only). Yoshihisa: Initiative 5, Momentum 4; his
    // unit 5 hexes away is In Command.
    let (ctx, mut st) = setup();
    let so = st.leader(101).expect("So-Taisho").hex;
    let h = empty_hex_at(&ctx, &st, so, 5);
    st.unit_mut(2).expect("KB").hex = h;
    assert!(!st.enemy_zoc(1, so));
    assert!(st.in_command(&ctx, st.unit(2).expect("KB")));
    let far = empty_hex_at(&ctx, &st, so, 6);
    st.unit_mut(2).expect("KB").hex = far;
    assert!(!st.in_command(&ctx, st.unit(2).expect("KB")));
}

#[test]
fn ran_tq_9_reorganize_range_is_halved_in_an_enemy_zoc() {
    // RAN-TQ-9, RAN-LDR-2: Reorganization reaches the Busho's Command
    // Range, halved (rounded up) in an enemy ZOC: Momentum 5 → 3 hexes.
    use super::orders::Mode;
    use super::state::Phase;
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 5);
    st.leader_mut(102).expect("Busho").hex = c;
    let fled = c
        .neighbor(Facing::South.edge_direction())
        .neighbor(Facing::South.edge_direction())
        .neighbor(Facing::South.edge_direction())
        .neighbor(Facing::South.edge_direction());
    put(&mut st, 5, fled, Facing::North);
    st.unit_mut(5).expect("AS").fled = true;
    let reorganize = RanCommand::Activate {
        busho: 102,
        mode: Mode::Reorganize,
    };
    let select = Phase::Select {
        side: 0,
        resurrection: false,
    };
    // Out of any enemy ZOC: 4 hexes is within 5; it rolls.
    let mut a = st.clone();
    a.phase = select.clone();
    let log = apply(&ctx, &mut a, reorganize.clone(), &[0]);
    assert!(log.entries.iter().any(|e| e.rule == "RAN-TQ-9"));
    // In an enemy ZOC: 3 hexes; no roll.
    let e = c.neighbor(Facing::North.edge_direction());
    put(&mut st, 43, e, Facing::towards(e, c));
    assert!(st.enemy_zoc(0, c));
    st.phase = select;
    let log = apply(&ctx, &mut st, reorganize, &[]);
    assert!(log.entries.iter().all(|e| e.rule != "RAN-TQ-9"));
}

#[test]
fn ran_stat_3_reaction_facing_checks_against_the_open_order_tq() {
    // RAN-STAT-3 (L373): Open Order "−1 para el Factor TQ", in every TQ
    // check. AS-T 44 (TQ 4, Open Order: 3) is approached on its flank by
    // SI 4: a roll of 4 fails its Reaction Facing check (RAN-TQ-5).
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    put(&mut st, 44, c, Facing::North);
    let flank = c.neighbor(Facing::SouthEast.edge_direction());
    let start = flank.neighbor(Facing::SouthEast.edge_direction());
    put(&mut st, 4, start, Facing::NorthWest);
    st.leader_mut(102).expect("Busho").hex = start;
    sequence::start_orders(&mut st, 102);
    let log = apply(&ctx, &mut st, RanCommand::Move { unit: 4, to: flank }, &[4]);
    let e = log
        .entries
        .iter()
        .find(|e| e.rule == "RAN-TQ-5")
        .expect("Reaction Facing check");
    assert_eq!(e.target, Some(3), "TQ 4 − 1 in Open Order");
    assert_eq!(st.unit(44).map(|u| u.facing), Some(Facing::North), "4 > 3");
}

#[test]
fn ran_fire_7_mounted_archers_take_the_bows_against_armour_modifier() {
    // RAN-FIRE-7 (L42): "−1 unidades armadas con arcos (-B) disparan a KB o
    // SI": the KB-B is bow-armed too.
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let t = c.neighbor(Facing::North.edge_direction());
    put(&mut st, 52, c, Facing::North);
    put(&mut st, 4, t, Facing::South);
    let p = super::fire::plan(&ctx, &st, 1, &[52], 4).expect("fire plan");
    assert!(
        p.mods
            .iter()
            .any(|m| m.rule == "RAN-FIRE-7" && m.value == -1),
        "{:?}",
        p.mods
    );
}

#[test]
fn ran_ord_2_an_out_of_command_unit_that_moved_may_not_fire() {
    // RAN-ORD-2 (L1020): an Out-of-Command unit may Move, or Fire with
    // bows: not both.
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let t = c
        .neighbor(Facing::North.edge_direction())
        .neighbor(Facing::North.edge_direction());
    put(&mut st, 9, c, Facing::North);
    put(&mut st, 43, t, Facing::South);
    st.leader_mut(103).expect("Busho").hex = HexBoard::to_hex((0, 0));
    sequence::start_orders(&mut st, 103);
    assert!(!st.in_command(&ctx, st.unit(9).expect("AS-B")));
    assert!(
        super::fire::plan(&ctx, &st, 0, &[9], 43).is_ok(),
        "fire alone"
    );
    {
        let u = st.unit_mut(9).expect("AS-B");
        u.moved = true;
        u.ordered = true;
        u.mp_used = 1;
    }
    assert_eq!(
        super::fire::plan(&ctx, &st, 0, &[9], 43)
            .map(|_| ())
            .map_err(|e| e.0),
        Err("RAN-ORD-2")
    );
}
