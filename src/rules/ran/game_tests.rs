//! Game-level RAN tests: the shock procedure over a real state with loaded
//! dice, refusals that change nothing, and whole games.

use crate::engine::core::{RulesHints, RulesView};
use hexx::Hex;

use crate::engine::board::{Facing, HexBoard};
use crate::engine::core::{Rules, ToAct};
use crate::engine::dice::Dice;
use crate::engine::log::{GameLog, NoLog};

use super::Ran;
use super::leaders::Role;
use super::orders::RanCommand;
use super::state::{Phase, RanCtx, RanState, Segment};

fn setup() -> (RanCtx, RanState) {
    let text = include_str!("../../../scenarios/mimigawa.ron");
    let s = Ran::parse_scenario("scenarios/mimigawa.ron", text).expect("scenario");
    let ctx = Ran::context(&s).expect("ctx");
    let st = Ran::new_state(&ctx, &Dice::new(1), &mut NoLog);
    (ctx, st)
}

/// The next command of a game both sides play by the scripted play: the
/// rules' automatic step or the side's default command; `None` once over.
pub(super) fn scripted_command(ctx: &RanCtx, st: &RanState) -> Option<RanCommand> {
    Some(match Ran::to_act(ctx, st) {
        ToAct::Over => return None,
        ToAct::Rules => Ran::step_command(ctx, st).expect("step"),
        ToAct::Side(s) => Ran::default_commands(ctx, st, s)
            .into_iter()
            .next()
            .expect("default"),
    })
}

/// Defender 46 (AS, TQ 5) in scattered woods facing South; SI 4 behind it
/// (rear: Positional Superiority) with Busho 102, AS 5 on its flank.
fn shock_position() -> (RanCtx, RanState, Hex) {
    let (mut ctx, mut st) = setup();
    let d = HexBoard::to_hex((13, 1));
    let a1 = d.neighbor(Facing::North.edge_direction());
    let a2 = d.neighbor(Facing::NorthEast.edge_direction());
    for h in [d, a1, a2] {
        ctx.board.set_elevation(h, 0);
        ctx.board.set_terrain(h, "Clear");
    }
    ctx.board.set_terrain(d, "Scattered woods");
    let put = |st: &mut RanState, id: u32, h: Hex, f: Facing| {
        let u = st.unit_mut(id).expect("unit");
        u.hex = h;
        u.facing = f;
    };
    put(&mut st, 46, d, Facing::South);
    put(&mut st, 4, a1, Facing::towards(a1, d));
    put(&mut st, 5, a2, Facing::towards(a2, d));
    st.leader_mut(102).expect("Busho").hex = a1;
    st.phase = Phase::Orders {
        busho: 102,
        segment: Segment::Shock,
    };
    (ctx, st, d)
}

#[test]
fn full_shock_procedure_from_weapons_matrix_to_hits() {
    // RAN-SHOCK-1 steps 1-7: SI (lead, column 9 vs AS, RAN-WPN-1) and AS
    // attack; 2 against 1 (+2, RAN-SADJ-3), woods 1L (RAN-TER-MIMI-3,
    // RAN-SADJ-4): column 10. Busho with the attacker +1 (RAN-SADJ-5):
    // roll 6 → 7 → 2(3) (RAN-CRT-2); through the rear, Positional
    // Superiority doubles the defender's hits to 6 (RAN-SADJ-6).
    let (ctx, mut st, d) = shock_position();
    let odds = Ran::odds(
        &ctx,
        &st,
        &RanCommand::Shock {
            attackers: vec![4, 5],
            defender: 46,
            charge: false,
        },
    )
    .expect("odds");
    assert!(odds.title.contains("column 10"), "{}", odds.title);
    let mut dice = Dice::new(7);
    // MUST CHECK for AS 5 (RAN-TQ-11): 0; defender reaction (RAN-TQ-10): 5;
    // Busho casualty check (RAN-BB-1): 3; CRT roll: 6; post-shock check: 0.
    dice.load([0, 5, 3, 6, 0]);
    let mut log = GameLog::default();
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::Shock {
            attackers: vec![4, 5],
            defender: 46,
            charge: false,
        },
        &mut dice,
        &mut log,
    )
    .expect("shock");
    let rec = st.last_shock.clone().expect("record");
    assert_eq!(rec.base, 9);
    assert_eq!(rec.column, 10);
    assert_eq!(rec.dr, 7);
    assert_eq!(rec.hits, (2, 6));
    let def = st.unit(46).expect("defender");
    assert!(def.fled, "6 hits against TQ 5: Fled");
    let lead = st.unit(4).expect("lead");
    assert_eq!(lead.hits, 2);
    assert_eq!(lead.hex, d, "advance after shock");
    assert_eq!(st.leader(102).map(|l| l.hex), Some(d));
    assert!(log.entries.iter().any(|e| e.rule == "RAN-TQ-11"));
    assert!(log.entries.iter().any(|e| e.rule == "RAN-TQ-10"));
    assert!(log.entries.iter().any(|e| e.rule == "RAN-BB-1"));
    assert!(log.entries.iter().any(|e| e.rule == "RAN-CRT-2"));
    assert_eq!(dice.loaded_remaining(), 0);
}

#[test]
fn the_odds_of_a_disordered_committed_attacker_include_its_two_column_shift() {
    // RAN-TQ-3: the shock it makes after passing its check is fought 2
    // columns left; the odds show that column and the chance of the check.
    let (ctx, mut st, _) = shock_position();
    {
        let u = st.unit_mut(4).expect("SI");
        u.disordered = true;
        u.committed = true;
    }
    let cmd = RanCommand::Shock {
        attackers: vec![4],
        defender: 46,
        charge: false,
    };
    let odds = Ran::odds(&ctx, &st, &cmd).expect("odds");
    assert!(
        odds.lines.iter().any(|l| l.0.contains("RAN-TQ-3")),
        "{:?}",
        odds.lines
    );
    let mut dice = Dice::new(7);
    dice.load([0; 12]);
    Ran::apply(&ctx, &mut st, &cmd, &mut dice, &mut NoLog).expect("shock");
    let rec = st.last_shock.clone().expect("it passed and shocked");
    assert!(
        odds.title.ends_with(&format!("column {}", rec.column)),
        "odds {} but fought on column {}",
        odds.title,
        rec.column
    );
}

#[test]
fn step_1_a_failed_must_check_stops_the_attack() {
    // RAN-TQ-11: AS 5 alone rolls 9 > TQ 5 and does not shock.
    let (ctx, mut st, _) = shock_position();
    let mut dice = Dice::new(7);
    dice.load([9]);
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::Shock {
            attackers: vec![5],
            defender: 46,
            charge: false,
        },
        &mut dice,
        &mut NoLog,
    )
    .expect("declared");
    assert!(st.last_shock.is_none());
    assert!(st.unit(5).is_some_and(|u| u.shocked));
}

#[test]
fn step_3_and_4_individual_combat_and_busho_check() {
    // RAN-IC-1, RAN-IC-2: Bushos on both sides fight before the casualty
    // check; RAN-BB-2 on a 9.
    let (ctx, mut st, d) = shock_position();
    st.leader_mut(202).expect("Busho").hex = d;
    let mut dice = Dice::new(7);
    // MUST CHECK 0; reaction 0; IC rolls 9 (+6) and 0 (+5): 15 v 5 → 3 hits
    // on 202; casualty checks 102: 0, 202: 9 → table 9: killed.
    dice.load([0, 0, 9, 0, 0, 9, 9, 5, 0]);
    let mut log = GameLog::default();
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::Shock {
            attackers: vec![4, 5],
            defender: 46,
            charge: false,
        },
        &mut dice,
        &mut log,
    )
    .expect("shock");
    assert_eq!(st.leader(202).map(|l| l.ic_hits), Some(3));
    assert!(st.leader(202).is_some_and(|l| l.dead), "RAN-BB-2: 9 kills");
    assert!(log.entries.iter().any(|e| e.rule == "RAN-IC-2"));
}

#[test]
fn a_refused_command_changes_nothing() {
    let (ctx, mut st, _) = shock_position();
    let before = st.clone();
    let mut dice = Dice::new(3);
    let d0 = dice.rolled();
    // AS-T have no shock column (RAN-WPN-4); an out-of-phase move (RAN-SOP-3).
    for cmd in [
        RanCommand::Shock {
            attackers: vec![6],
            defender: 46,
            charge: false,
        },
        RanCommand::Move {
            unit: 4,
            to: Hex::ZERO,
        },
        RanCommand::Shock {
            attackers: vec![5],
            defender: 46,
            charge: true,
        },
    ] {
        let e = Ran::apply(&ctx, &mut st, &cmd, &mut dice, &mut NoLog).expect_err("refused");
        assert!(e.rule.starts_with("RAN-"), "{e:?}");
    }
    assert_eq!(st, before);
    assert_eq!(dice.rolled(), d0);
}

#[test]
fn scripted_games_end_within_the_turn_limit() {
    // RAN-SOP-1..7 and RAN-WD run in full games with both sides scripted.
    let (ctx, _) = setup();
    for seed in 1..4 {
        let mut dice = Dice::new(seed);
        let mut st = Ran::new_state(&ctx, &dice, &mut NoLog);
        let mut log = GameLog::default();
        for _ in 0..20_000 {
            let Some(cmd) = scripted_command(&ctx, &st) else {
                break;
            };
            Ran::apply(&ctx, &mut st, &cmd, &mut dice, &mut log).expect("accepted");
            Ran::check_invariants(&ctx, &st).expect("invariants");
        }
        assert!(Ran::outcome(&ctx, &st).is_some(), "seed {seed} ended");
        assert!(st.turn <= ctx.scenario.turn_limit);
        assert!(log.entries.iter().any(|e| e.rule == "RAN-SOP-1"));
    }
}

#[test]
fn a_broken_scenario_names_file_line_and_column() {
    let text = include_str!("../../../scenarios/mimigawa.ron")
        .replace("unit_type: \"KB-B\"", "unit_type: \"XX\"");
    let e = Ran::parse_scenario("m.ron", &text).expect_err("unknown type");
    assert!(e.line.is_some() && e.message.contains("RAN-GLO-1"), "{e}");
}

#[test]
fn step_2_reaction_withdrawal_of_a_faster_defender() {
    // RAN-TQ-1: a KB-B defender (MA 8) faces SI (MA 5) and withdraws 1 hex,
    // taking roll + 0 − TQ 6 − 1 (Open Order, RAN-STAT-3) hits; the SI
    // then checks Samurai Aggression (RAN-TQ-8).
    let (ctx, mut st, d) = shock_position();
    let kbb = st.unit(46).map(|u| u.id).expect("defender");
    st.unit_mut(kbb).expect("unit").kind = "KB-B".into();
    st.unit_mut(kbb).expect("unit").ma = 8;
    st.unit_mut(kbb).expect("unit").tq = 6;
    // The SI attacks from the front, leaving the hex behind the defender free.
    let front = d.neighbor(Facing::South.edge_direction());
    ctx_clear(&ctx, front);
    let si = st.unit_mut(4).expect("SI");
    si.hex = front;
    si.facing = Facing::North;
    st.leader_mut(102).expect("Busho").hex = front;
    let mut dice = Dice::new(7);
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::Shock {
            attackers: vec![4],
            defender: kbb,
            charge: false,
        },
        &mut dice,
        &mut NoLog,
    )
    .expect("declared");
    assert!(
        matches!(st.phase, Phase::Reaction { .. }),
        "the defender decides"
    );
    assert_eq!(Ran::to_act(&ctx, &st), ToAct::Side(1));
    // The board shows the defender what is attacked, and by whom.
    let arrows = Ran::scene(&ctx, &st, Some(1)).arrows;
    assert_eq!(arrows.len(), 1, "{arrows:?}");
    assert!(arrows[0].unit == 4 && arrows[0].to == d && arrows[0].answer);
    // One side choice, naming the defender; standing is the pass button.
    let c = Ran::side_choices(&ctx, &st, 1);
    assert_eq!(c.len(), 1, "{c:?}");
    let name = st.unit(kbb).map(|u| u.name.clone()).expect("defender");
    assert!(c[0].label.contains(name.as_str()), "{}", c[0].label);
    assert_eq!(
        Ran::choose(
            &ctx,
            &st,
            1,
            &c[0].key,
            &crate::engine::view::Pick::default()
        ),
        Some(RanCommand::ReactWithdraw)
    );
    assert!(Ran::pass_label(&ctx, &st, 1).contains("Stand"));
    // Withdrawal roll 8 − 2 (Open Order) = 6 against TQ 5: 1 hit; Banzai roll 9 > 7: holds.
    dice.load([8, 9]);
    let mut log = GameLog::default();
    Ran::apply(
        &ctx,
        &mut st,
        &RanCommand::ReactWithdraw,
        &mut dice,
        &mut log,
    )
    .expect("withdraws");
    let u = st.unit(kbb).expect("unit");
    assert_ne!(u.hex, d, "stepped back");
    assert_eq!(u.hits, 1);
    assert!(log.entries.iter().any(|e| e.rule == "RAN-TQ-1"));
    assert!(log.entries.iter().any(|e| e.rule == "RAN-TQ-8"));
    assert!(st.last_shock.is_none(), "no shock was resolved");
}

fn ctx_clear(ctx: &RanCtx, h: Hex) {
    assert_eq!(ctx.board.elevation(h), 0, "level ground for the test");
}

fn monte_carlo(samples: u32) {
    // The exact shock odds (RAN-SADJ-8, RAN-SADJ-6, RAN-SADJ-5) against a
    // seeded sample of the same roll through the game's dice.
    let (ctx, st, _) = shock_position();
    let odds = Ran::odds(
        &ctx,
        &st,
        &RanCommand::Shock {
            attackers: vec![4, 5],
            defender: 46,
            charge: false,
        },
    )
    .expect("odds");
    let p = super::shock_plan::plan(&ctx, &st, &[4, 5], 46, false, &[]).expect("plan");
    let exact = &odds.distributions[1].1;
    let mut count = vec![0u32; exact.len().max(16)];
    let mut dice = Dice::new(2026);
    for _ in 0..samples {
        let raw = super::dice::d10(&mut dice);
        let dr = super::shock_table::modified_roll(raw, &p.roll_mods);
        let cell = super::shock_table::crt_cell(&ctx.tables.crt, p.column, dr);
        let (_, hd) =
            super::shock_table::doubled(&ctx.tables.values.shock, cell, p.positional, p.castle);
        count[hd as usize] += 1;
    }
    for (k, q) in exact.iter().enumerate() {
        let n = f64::from(samples);
        let sigma = (q * (1.0 - q) / n).sqrt().max(1e-9);
        let seen = f64::from(count[k]) / n;
        assert!(
            (seen - q).abs() <= 3.0 * sigma + 1e-12,
            "{k} hits: exact {q}, sampled {seen}"
        );
    }
}

#[test]
fn exact_shock_odds_agree_with_sampling() {
    monte_carlo(20_000);
}

/// The long mode: 10⁶ samples (`cargo test --release -- --ignored exact_shock_odds_million`).
#[test]
#[ignore = "long mode: 10^6 samples"]
fn exact_shock_odds_million() {
    monte_carlo(1_000_000);
}

#[test]
fn gc_ran_27_out_of_command_movement() {
    // RAN-STAT-1, RAN-ORD-2: half the printed MA, rounded down.
    let (ctx, st) = setup();
    let mut u = st.units[0].clone();
    for (ma, half) in [(5, 2), (7, 3), (4, 2)] {
        u.ma = ma;
        assert_eq!(super::movement::allowance(&ctx, &u, false), half);
        assert_eq!(super::movement::allowance(&ctx, &u, true), ma);
    }
}

#[test]
fn an_out_of_command_unit_may_not_move_next_to_an_enemy() {
    // RAN-ORD-2: the reachable hexes of an Out-of-Command unit avoid every
    // hex next to an enemy.
    let (ctx, st, _) = shock_position();
    let u = st.unit(5).expect("unit").clone();
    let reach = super::movement::reachable(&ctx, &st, &u, 3, false);
    assert!(
        reach
            .keys()
            .all(|k| !st.enemy_adjacent(u.side, Hex::new(k.0, k.1)))
    );
}

#[test]
fn momentum_and_continuity_give_their_odds() {
    // RAN-SOP-5, RAN-SOP-6: exact chances before the roll.
    let (ctx, mut st, _) = shock_position();
    st.phase = Phase::Momentum { busho: 102 };
    let o = Ran::odds(&ctx, &st, &RanCommand::Momentum).expect("odds");
    let sum: f64 = o.lines.iter().map(|l| l.1).sum();
    assert!((sum - 1.0).abs() < 1e-9, "{o:?}");
    st.phase = Phase::Continuity { side: 0 };
    let o = Ran::odds(&ctx, &st, &RanCommand::Continuity).expect("odds");
    assert!(
        (o.lines[0].1 - 0.5).abs() < 1e-9,
        "Initiative 5 in the Honjin: {o:?}"
    );
}

#[test]
fn side_decisions_need_no_selected_unit() {
    // RAN-SOP-2/3: the Busho to activate is a choice of the side; RAN-SOP-5
    // and RAN-SOP-6: Momentum and Continuity too. Each choice, picked with
    // no unit, becomes the command it names.
    let (ctx, mut st) = setup();
    let side = 1;
    st.phase = Phase::Select {
        side,
        resurrection: false,
    };
    let keys: Vec<String> = Ran::side_choices(&ctx, &st, side)
        .into_iter()
        .map(|c| c.key)
        .collect();
    let eligible = super::sequence::eligible(&ctx, &st, side, false);
    assert!(!eligible.is_empty());
    // Orders, Challenge and Reorganize for each; the Busho Movement Order
    // for the So-Taisho in his Honjin; no Hara-Kiri, which would help no
    // unit at the start (RAN-LDR-3).
    assert_eq!(keys.len(), eligible.len() * 3 + 1, "{keys:?}");
    assert!(keys.iter().all(|k| !k.contains("HaraKiri")), "{keys:?}");
    let pick = crate::engine::view::Pick::default();
    let cmd = Ran::choose(&ctx, &st, side, &keys[0], &pick);
    assert!(matches!(cmd, Some(RanCommand::Activate { busho, .. }) if busho == eligible[0]));
    assert!(Ran::side_choices(&ctx, &st, 1 - side).is_empty());
    // No unit choice duplicates them.
    for u in st.units.iter().filter(|u| u.side == side) {
        assert!(Ran::choices(&ctx, &st, side, u.id).is_empty());
    }
    st.phase = Phase::Momentum { busho: 102 };
    let c = Ran::side_choices(&ctx, &st, 0);
    assert_eq!(c.len(), 1);
    assert_eq!(
        Ran::choose(&ctx, &st, 0, &c[0].key, &pick),
        Some(RanCommand::Momentum)
    );
    st.phase = Phase::Continuity { side: 0 };
    let c = Ran::side_choices(&ctx, &st, 0);
    assert_eq!(
        Ran::choose(&ctx, &st, 0, &c[0].key, &pick),
        Some(RanCommand::Continuity)
    );
}

#[test]
fn only_the_activated_contingent_is_offered_orders() {
    // RAN-ORD-1: in Movement/Fire and in Shock, a unit of another
    // contingent is offered nothing (its order would be refused).
    let (ctx, mut st) = setup();
    let busho = st
        .leaders
        .iter()
        .find(|l| l.side == 0 && l.role == Role::Busho)
        .map(|l| (l.id, l.contingent))
        .expect("a Busho of side 0");
    for segment in [Segment::MoveFire, Segment::Shock] {
        st.phase = Phase::Orders {
            busho: busho.0,
            segment,
        };
        let mut offered = 0;
        for u in st.units.iter().filter(|u| u.side == 0) {
            let c = Ran::choices(&ctx, &st, 0, u.id);
            if u.contingent == busho.1 && u.active() {
                offered += usize::from(!c.is_empty());
            } else {
                assert!(c.is_empty(), "{} of another contingent: {c:?}", u.name);
            }
        }
        if segment == Segment::MoveFire {
            assert!(offered > 0, "the activated contingent is offered orders");
        }
    }
}

#[test]
fn shock_is_offered_only_when_an_enemy_may_be_shocked() {
    // RAN-SHOCK-1: SI 4 faces AS 46 and is offered Shock; not once 46 has
    // Fled, nor once 4 has shocked this phase. The refusal names the unit.
    let (ctx, mut st, _) = shock_position();
    let keys = |st: &RanState| -> Vec<String> {
        Ran::choices(&ctx, st, 0, 4)
            .into_iter()
            .map(|c| c.key)
            .collect()
    };
    assert!(keys(&st).contains(&"shock".to_string()), "{:?}", keys(&st));
    let mut fled = st.clone();
    fled.unit_mut(46).expect("AS").fled = true;
    assert!(keys(&fled).is_empty(), "{:?}", keys(&fled));
    let (rule, why) = super::shock::refuse(&ctx, &fled, 0, &[4], 46, false).expect("refused");
    assert_eq!(rule, "RAN-SHOCK-1");
    let name = fled.unit(46).map(|u| u.name.clone()).expect("AS");
    assert!(why.contains(name.as_str()), "{why}");
    st.unit_mut(4).expect("SI").shocked = true;
    assert!(keys(&st).is_empty());
}

#[test]
fn a_defender_that_flees_on_its_reaction_check_is_not_shocked() {
    // RAN-TQ-10: AS 46 (TQ 5) already has 4 hits; its reaction roll of 9
    // adds more and it flees before contact: no CRT roll, and it is not
    // Eliminated as if it had been Fled before the shock (RAN-BASE).
    let (ctx, mut st, _) = shock_position();
    st.unit_mut(46).expect("defender").hits = 4;
    let mut dice = Dice::new(7);
    dice.load([9]);
    let mut log = GameLog::default();
    let shock = RanCommand::Shock {
        attackers: vec![4],
        defender: 46,
        charge: false,
    };
    Ran::apply(&ctx, &mut st, &shock, &mut dice, &mut log).expect("declared");
    let def = st.unit(46).expect("defender");
    assert!(def.fled && !def.eliminated, "{def:?}");
    assert!(st.last_shock.is_none(), "no CRT roll");
    assert_eq!(dice.loaded_remaining(), 0);
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "RAN-TQ-10" && e.what.contains("flees before contact")),
        "{:?}",
        log.entries.iter().map(|e| &e.what).collect::<Vec<_>>()
    );
    assert!(!log.entries.iter().any(|e| e.rule == "RAN-CRT-2"));
}

#[test]
fn a_defender_fled_before_the_shock_is_eliminated_without_a_check() {
    // RAN-BASE: a Fled unit that is shocked is Eliminated; it makes no
    // reaction check (RAN-TQ-10) first.
    let (ctx, mut st, _) = shock_position();
    let u = st.unit_mut(46).expect("defender");
    u.fled = true;
    u.hits = 5;
    let mut dice = Dice::new(7);
    let mut log = GameLog::default();
    let shock = RanCommand::Shock {
        attackers: vec![4],
        defender: 46,
        charge: false,
    };
    match Ran::apply(&ctx, &mut st, &shock, &mut dice, &mut log) {
        Ok(()) => {
            assert!(st.unit(46).is_some_and(|u| u.eliminated));
            assert!(!log.entries.iter().any(|e| e.rule == "RAN-TQ-10"));
        }
        // A Fled unit may also not be a target at all: then nothing changed.
        Err(r) => assert!(r.rule.starts_with("RAN-"), "{r:?}"),
    }
}

#[test]
fn the_card_says_why_a_busho_may_not_be_activated() {
    // RAN-LDR-3: with the So-Taisho out of his Honjin, a Busho beyond his
    // Command Range is not offered, and his units' cards say why.
    let (ctx, mut st) = setup();
    st.phase = Phase::Select {
        side: 0,
        resurrection: false,
    };
    let so = st.so_taisho(0).expect("So-Taisho").id;
    let far = st
        .leaders
        .iter()
        .filter(|l| l.side == 0 && l.role == super::leaders::Role::Busho)
        .max_by_key(|l| l.hex.unsigned_distance_to(HexBoard::to_hex((15, 11))))
        .map(|l| (l.id, l.contingent))
        .expect("a Busho");
    // The So-Taisho leaves for the far corner, out of his Honjin.
    st.leader_mut(so).expect("So-Taisho").hex = HexBoard::to_hex((15, 11));
    let eligible = super::sequence::eligible(&ctx, &st, 0, false);
    assert!(!eligible.contains(&far.0), "{eligible:?}");
    let unit = st
        .units
        .iter()
        .find(|u| u.contingent == far.1)
        .map(|u| u.id)
        .expect("a unit");
    let card = Ran::unit_card(&ctx, &st, unit, Some(0));
    assert!(
        card.iter()
            .any(|l| l.rule.as_deref() == Some("RAN-LDR-3")
                && l.text.contains("may not be activated")),
        "{card:?}"
    );
}

#[test]
fn a_kibamusha_fired_upon_logs_the_chance_of_the_result_it_rolled() {
    // RAN-TQ-7: a roll ≤ TQ holds (the check passes), a roll above charges.
    let (ctx, st) = setup();
    let kb = st
        .units
        .iter()
        .find(|u| ctx.kibamusha(u) && u.active() && !u.committed)
        .expect("a Kibamusha in Mimigawa")
        .clone();
    let firer = st
        .units
        .iter()
        .find(|u| u.side != kb.side)
        .expect("an enemy")
        .id;
    for (roll, held) in [(0, true), (9, false)] {
        let mut s = st.clone();
        let mut dice = Dice::new(1);
        dice.load([roll]);
        let mut out = Vec::new();
        super::fire::reactions(&ctx, &mut s, &mut dice, firer, kb.id, &mut out);
        let e = out
            .iter()
            .find(|e| e.rule == "RAN-TQ-7")
            .expect("the KB Aggression check is logged");
        let want = if held {
            super::tq::pass_chance(kb.tq)
        } else {
            1.0 - super::tq::pass_chance(kb.tq)
        };
        let p = e.probability.expect("a chance");
        assert!((p - want).abs() < 1e-12, "roll {roll}: {p} for {want}");
    }
}

#[test]
fn the_way_to_one_hex_is_the_way_reachable_gives() {
    // `reach_to` (what `apply` moves by) ends its search early; it must give
    // the MP and path `reachable` (what the player is shown) gives for that
    // hex, and nothing where `reachable` lists nothing (RAN-TER-1). Over
    // every shipped RAN battle, each unit as it stands and after the
    // default play has moved the armies on.
    let mut checked = 0;
    for file in std::fs::read_dir("scenarios").expect("scenarios") {
        let path = file.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        if !text.contains("ruleset: \"ran\"") {
            continue;
        }
        let s = Ran::parse_scenario(&path.display().to_string(), &text).expect("scenario");
        let ctx = Ran::context(&s).expect("ctx");
        let mut st = Ran::new_state(&ctx, &Dice::new(5), &mut NoLog);
        let mut dice = Dice::new(5);
        for round in 0..2 {
            for u in st.units.iter().filter(|u| u.active()) {
                let ok = st.in_command(&ctx, u);
                let mp = super::movement::allowance(&ctx, u, ok);
                let all = super::movement::reachable(&ctx, &st, u, mp, ok);
                let near = u.hex.range(4).filter(|h| *h != u.hex);
                for h in near {
                    let one = super::movement::reach_to(&ctx, &st, u, mp, ok, h);
                    assert_eq!(
                        one.as_ref(),
                        all.get(&(h.x, h.y)),
                        "{path:?} unit {} to {h:?}",
                        u.id
                    );
                    checked += usize::from(one.is_some());
                }
            }
            if round == 0 {
                for _ in 0..60 {
                    let Some(c) = (match Ran::to_act(&ctx, &st) {
                        ToAct::Over => None,
                        ToAct::Rules => Ran::step_command(&ctx, &st),
                        ToAct::Side(x) => Ran::default_commands(&ctx, &st, x).into_iter().next(),
                    }) else {
                        break;
                    };
                    if Ran::apply(&ctx, &mut st, &c, &mut dice, &mut NoLog).is_err() {
                        break;
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} ways compared");
}
