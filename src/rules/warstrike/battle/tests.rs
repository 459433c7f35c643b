//! Tests of the WarStrike battle engine.
#![cfg(test)]

use super::*;
use crate::engine::dice::Dice;
use crate::engine::log::{GameLog, LogEntry, LogSink};
use crate::engine::table::Table;
use crate::engine::table_kit::play_defaults;
use crate::engine::view::Pick;
use crate::rules::warstrike::data::WsTables;
use crate::rules::warstrike::{game, view};

const SCENARIO: &str = include_str!("../../../../scenarios/laans_crossing.ron");

fn setup() -> (WsTables, WsScenario, Table) {
    let tables = WsTables::load().expect("tables");
    let s = WsScenario::from_str("laans_crossing.ron", SCENARIO, &tables).expect("scenario");
    let table = s.build_table();
    (tables, s, table)
}

/// Plays with the default commands until the end; returns the log.
fn play_out(
    b: &mut WsBattle,
    tables: &WsTables,
    table: &Table,
    dice: &mut Dice,
    log: &mut dyn LogSink,
    stop_after: Option<usize>,
) -> Vec<String> {
    let mut refused = Vec::new();
    let mut rounds = 0;
    while let Some(side) = b.awaiting() {
        if stop_after.is_some_and(|n| rounds >= n) {
            break;
        }
        // Commands planned before the battle ended are refused once it is over.
        refused.extend(
            play_defaults(
                b,
                side,
                WsBattle::awaiting,
                b.default_commands(side, tables, table),
                |b, c| b.apply(c, tables, table, dice, log),
                WsCommand::EndPhase { side },
            )
            .into_iter()
            .filter(|r| !(b.result.is_some() && r.contains("the battle is over"))),
        );
        rounds += 1;
        assert!(rounds < 1000, "the battle does not end");
    }
    refused
}

#[test]
fn laans_crossing_parses_and_plays_to_its_end() {
    // WS-BASE turn structure: starting, action, reaction, close-combat phases.
    let (tables, s, table) = setup();
    assert_eq!(s.setup.objectives.len(), 3);
    assert!(game::check_scenario(&s).is_ok());
    let mut b = WsBattle::new(&s, &tables);
    let mut dice = Dice::new(s.seed.unwrap_or(0));
    let mut log = GameLog::default();
    let refused = play_out(&mut b, &tables, &table, &mut dice, &mut log, None);
    assert!(refused.is_empty(), "{refused:?}");
    let r = b.result.clone().expect("a result");
    assert!(!r.reason(&b.sides).is_empty());
    assert!(b.turn <= b.turn_limit);
    assert!(log.entries.iter().all(|e| e.rule.starts_with("WS-")));
    for phase in ["Action phase", "Reaction phase", "Close-combat phase"] {
        assert!(log.entries.iter().any(|e| e.phase == phase), "{phase}");
    }
    // Shots were fired and tests were rolled.
    assert!(log.entries.iter().any(|e| e.rule == "WS-GLO-1"));
    assert!(log.entries.iter().any(|e| e.rule == "WS-SUP-1"));
    assert!(log.entries.iter().any(|e| e.rule == "WS-LD-2"));
    // Several seeds all end.
    for seed in 1..6 {
        let mut b = WsBattle::new(&s, &tables);
        let mut dice = Dice::new(seed);
        let mut log = GameLog::default();
        let refused = play_out(&mut b, &tables, &table, &mut dice, &mut log, None);
        assert!(refused.is_empty(), "seed {seed}: {refused:?}");
        assert!(b.result.is_some());
    }
}

#[test]
fn same_seed_same_log() {
    let (tables, s, table) = setup();
    let run = || {
        let mut b = WsBattle::new(&s, &tables);
        let mut dice = Dice::new(7);
        let mut log = GameLog::default();
        play_out(&mut b, &tables, &table, &mut dice, &mut log, None);
        log.to_jsonl()
    };
    let a = run();
    assert!(!a.is_empty());
    assert_eq!(a, run());
}

#[test]
fn ron_round_trip_mid_battle_continues_identically() {
    let (tables, s, table) = setup();
    let mut b = WsBattle::new(&s, &tables);
    let mut dice = Dice::new(11);
    let mut log = GameLog::default();
    play_out(&mut b, &tables, &table, &mut dice, &mut log, Some(5));
    let text = ron::to_string(&(&b, &dice, &log)).expect("serialize");
    let (mut b2, mut dice2, mut log2): (WsBattle, Dice, GameLog) =
        ron::from_str(&text).expect("deserialize");
    assert_eq!(b2, b);
    play_out(&mut b, &tables, &table, &mut dice, &mut log, None);
    play_out(&mut b2, &tables, &table, &mut dice2, &mut log2, None);
    assert_eq!(log.to_jsonl(), log2.to_jsonl());
    assert_eq!(b, b2);
}

/// A small in-code battle: two units facing each other on open ground.
fn duel(
    a: (&str, (f32, f32), f32),
    b: (&str, (f32, f32), f32),
    areas: &str,
) -> (WsTables, WsBattle, Table) {
    let tables = WsTables::load().expect("tables");
    let text = format!(
        r#"(ruleset: "warstrike", name: "Duel", turn_limit: 2,
            table: (width: 48.0, depth: 36.0, areas: [{areas}]),
            sides: [(name: "Laans", edge: South, color: (0.1, 0.2, 0.8)),
                    (name: "Reavers", edge: North, color: (0.8, 0.1, 0.1))],
            units: [(id: 1, side: "Laans", unit_type: "{}", at: ({}, {}), facing: {}),
                    (id: 2, side: "Reavers", unit_type: "{}", at: ({}, {}), facing: {})],
            setup: (objectives: [(name: "Well", at: (24.0, 18.0))]))"#,
        a.0, a.1.0, a.1.1, a.2, b.0, b.1.0, b.1.1, b.2
    );
    let s = WsScenario::from_str("duel.ron", &text, &tables).expect("duel");
    let table = s.build_table();
    (tables.clone(), WsBattle::new(&s, &tables), table)
}

#[test]
fn refused_commands_change_nothing() {
    let (tables, mut b, table) = duel(
        ("laansguard", (24.0, 6.0), 0.0),
        ("reaver_warband", (24.0, 30.0), 180.0),
        "",
    );
    let mut dice = Dice::new(3);
    let mut log = GameLog::default();
    let before = (b.clone(), log.clone(), dice.rolled());
    let bad = [
        // Wrong side's unit.
        WsCommand::Act {
            unit: 2,
            action: WsOrder::GetDown,
        },
        // Out of range (24″ edge to edge is the weapon's reach, Aw 18″).
        WsCommand::Act {
            unit: 1,
            action: WsOrder::OpenFire { target: 2 },
        },
        // Too far for Advance!.
        WsCommand::Act {
            unit: 1,
            action: WsOrder::Advance {
                path: vec![(24.0, 16.0)],
                facing: 0.0,
                fire_at: None,
                fire_first: false,
                charge: None,
            },
        },
        // Off the table.
        WsCommand::Act {
            unit: 1,
            action: WsOrder::AtTheDouble {
                path: vec![(24.0, -3.0)],
                facing: 0.0,
                charge: None,
            },
        },
        // A charge that does not reach.
        WsCommand::Act {
            unit: 1,
            action: WsOrder::Advance {
                path: vec![(24.0, 11.0)],
                facing: 0.0,
                fire_at: None,
                fire_first: false,
                charge: Some(2),
            },
        },
        WsCommand::EndPhase { side: 1 },
        WsCommand::Act {
            unit: 1,
            action: WsOrder::Advance {
                path: vec![(f32::NAN, 1.0)],
                facing: 0.0,
                fire_at: None,
                fire_first: false,
                charge: None,
            },
        },
    ];
    for c in &bad {
        let r = b.apply(c, &tables, &table, &mut dice, &mut log);
        assert!(r.is_err(), "{c:?} should be refused");
        assert_eq!((b.clone(), log.clone(), dice.rolled()), before, "{c:?}");
    }
    // A suppressed unit may only fall back (WS-SUP-3).
    b.units[0].state.take_hits(
        1,
        0,
        super::super::suppression::HitSource::Shooting,
        &crate::rules::warstrike::data::shipped_constants(),
    );
    let snapshot = b.clone();
    let r = b
        .apply(
            &WsCommand::Act {
                unit: 1,
                action: WsOrder::GetDown,
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect_err("suppressed");
    assert_eq!(r.rule, "WS-SUP-3");
    assert_eq!(b, snapshot);
}

#[test]
fn shooting_needs_the_forward_arc_and_line_of_sight() {
    // Target 10″ ahead, the shooter turned away: out of the forward arc.
    let (tables, mut b, table) = duel(
        ("laansguard", (24.0, 6.0), 90.0),
        ("reaver_gunners", (24.0, 18.0), 180.0),
        "",
    );
    let mut dice = Dice::new(1);
    let mut log = GameLog::default();
    let fire = WsCommand::Act {
        unit: 1,
        action: WsOrder::OpenFire { target: 2 },
    };
    let r = b
        .apply(&fire, &tables, &table, &mut dice, &mut log)
        .expect_err("out of arc");
    assert!(r.reason.contains("forward arc"), "{r}");
    // Facing it, the salvo goes off (WS-GLO-1) and the odds are exact.
    b.units[0].pos.facing = 0.0;
    let odds = b.odds(&fire, &tables);
    let p = 1.0 - 0.5f64.powi(10);
    assert!((odds.chances[0].1 - p).abs() < 1e-12, "{odds:?}");
    b.apply(&fire, &tables, &table, &mut dice, &mut log)
        .expect("in arc and sight");
    assert!(log.entries.iter().any(|e| e.rule == "WS-GLO-1"));
    assert!(
        b.apply(&fire, &tables, &table, &mut dice, &mut log)
            .is_err(),
        "one action per unit"
    );

    // A wood between them blocks the line of sight.
    let wood = r#"(name: "Wood", effects: [BlocksLos, Difficult], height: 4.0,
                   points: [(14.0, 10.0), (34.0, 10.0), (34.0, 14.0), (14.0, 14.0)])"#;
    let (tables, mut b, table) = duel(
        ("laansguard", (24.0, 6.0), 0.0),
        ("reaver_gunners", (24.0, 18.0), 180.0),
        wood,
    );
    let snapshot = b.clone();
    let r = b
        .apply(&fire, &tables, &table, &mut dice, &mut log)
        .expect_err("no line of sight");
    assert!(
        r.reason.contains("line of sight") && r.reason.contains("Wood"),
        "{r}"
    );
    assert_eq!(b, snapshot);
    // At The Double! may not cross the wood (difficult going, WS-BASE).
    let r = b
        .apply(
            &WsCommand::Act {
                unit: 1,
                action: WsOrder::AtTheDouble {
                    path: vec![(24.0, 15.5)],
                    facing: 0.0,
                    charge: None,
                },
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect_err("difficult going");
    assert_eq!(r.rule, "WS-BASE");
}

#[test]
fn a_charge_leads_to_close_combat() {
    // Warband charges the LaansGuard: defensive fire (WS-SUP-3), strikes
    // and suppression from close combat (WS-SUP-1, WS-GLO-1).
    let (tables, mut b, table) = duel(
        ("reaver_warband", (24.0, 11.0), 0.0),
        ("laansguard", (24.0, 17.0), 180.0),
        "",
    );
    // Make unit 1 the active side's: the Warband is side 0 here by
    // scenario order ("Laans"), which is fine for the engine.
    let order = b.straight_charge(1, 2, &tables).expect("a straight charge");
    assert!(matches!(order, WsOrder::Advance { .. }));
    let cmd = WsCommand::Act {
        unit: 1,
        action: order,
    };
    let odds = b.odds(&cmd, &tables);
    assert!(
        odds.chances
            .iter()
            .any(|(l, _)| l.contains("defensive fire"))
    );
    let mut dice = Dice::new(5);
    let mut log = GameLog::default();
    b.apply(&cmd, &tables, &table, &mut dice, &mut log)
        .expect("charge");
    assert!(b.units[0].base().in_contact(&b.units[1].base()));
    assert_eq!(b.charges, vec![(1, 2)]);
    b.apply(
        &WsCommand::EndPhase { side: 0 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end phase");
    let cc: Vec<&LogEntry> = log
        .entries
        .iter()
        .filter(|e| e.phase == "Close-combat phase")
        .collect();
    assert!(!cc.is_empty());
    assert!(cc.iter().any(|e| e.what.contains("close combat")));
    assert!(
        cc.iter()
            .any(|e| e.rule == "WS-SUP-1" || e.rule == "WS-HIT-1")
    );
}

#[test]
fn starting_phase_captures_and_forced_fall_back() {
    // WS-SUP-3 (2): an unsuppressed unit within 3″ captures; WS-CLR-3
    // removes a marker; WS-SUP-3 (1), WS-CLR-4: a suppressed unit left
    // unordered falls back toward its own edge when the phase ends.
    let (tables, mut b, table) = duel(
        ("laansguard", (24.0, 14.5), 0.0),
        ("reaver_gunners", (24.0, 33.0), 180.0),
        "",
    );
    let mut dice = Dice::new(2);
    let mut log = GameLog::default();
    assert_eq!(b.objectives[0].held_by, Some(0));
    b.apply(
        &WsCommand::EndPhase { side: 0 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end");
    assert!(
        log.entries
            .iter()
            .any(|e| e.phase == "Starting phase" && e.what.contains("captures"))
    );
    // Side 1's action phase: suppress the gunners with 2 markers.
    b.units[1].state.take_hits(
        1,
        1,
        super::super::suppression::HitSource::Shooting,
        &crate::rules::warstrike::data::shipped_constants(),
    );
    b.units[1].state.suppression.nerve_markers = 2;
    let y0 = b.units[1].pos.y;
    b.apply(
        &WsCommand::EndPhase { side: 1 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end");
    assert!(b.units[1].pos.y > y0, "fell back north");
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "WS-CLR-4" && e.units == vec![2])
    );
}

#[test]
fn end_phase_odds_give_the_reaction_test() {
    // WS-CLR-1, WS-LD-6: LaansGuard Ld 2 / Nv 3 passes 3/4.
    let (tables, mut b, _table) = duel(
        ("reaver_gunners", (24.0, 6.0), 0.0),
        ("laansguard", (24.0, 30.0), 180.0),
        "",
    );
    b.units[1].state.take_hits(
        2,
        0,
        super::super::suppression::HitSource::Shooting,
        &crate::rules::warstrike::data::shipped_constants(),
    );
    let o = b.odds(&WsCommand::EndPhase { side: 0 }, &tables);
    assert_eq!(o.chances.len(), 1);
    assert!((o.chances[0].1 - 0.75).abs() < 1e-12);
}

#[test]
fn choices_units_and_choose_in_the_games_words() {
    // WS-BASE actions as buttons; WS-SUP-2 hit-dice and WS-NV-2 markers on the card.
    let (tables, mut b, _table) = duel(
        ("laansguard", (24.0, 6.0), 0.0),
        ("reaver_warband", (24.0, 16.0), 180.0),
        "",
    );
    let labels: Vec<String> = game::unit_choices(&b, 1)
        .into_iter()
        .map(|c| c.label)
        .collect();
    for l in [
        "Open Fire!",
        "Advance!",
        "At The Double!",
        "Get Down!",
        "Charge!",
    ] {
        assert!(labels.iter().any(|x| x == l), "{l} in {labels:?}");
    }
    assert!(game::unit_choices(&b, 2).is_empty(), "not side 1's phase");
    let pick = Pick {
        unit: 1,
        target: Some(2),
        path: Vec::new(),
        facing: 0.0,
        hex: None,
    };
    let cmd = game::choose(&b, "charge", &pick, &tables).expect("a charge");
    assert!(matches!(
        cmd,
        WsCommand::Act {
            unit: 1,
            action: WsOrder::AtTheDouble {
                charge: Some(2),
                ..
            }
        }
    ));
    b.units[0].state.take_hits(
        3,
        1,
        super::super::suppression::HitSource::Shooting,
        &crate::rules::warstrike::data::shipped_constants(),
    );
    let s = view::units(&b, &tables);
    assert_eq!(s[0].hit_dice, vec![3]);
    assert_eq!(s[0].nerve_markers, 1);
    assert!(s[0].badges.contains(&"Suppressed".to_string()));
    // The ring is the lesser of the 24" range and Aw 18" (WS-BASE).
    assert_eq!(s[0].ranges, vec![18.0]);
    assert_eq!(s[0].card[0], "Ld 2 · Nv 3 (current 2) · Mv 6″ · Sv 5+");
    let fall_back: Vec<String> = game::unit_choices(&b, 1)
        .into_iter()
        .map(|c| c.key)
        .collect();
    assert_eq!(fall_back, vec!["fall_back".to_string()]);
    assert_eq!(b.allowance(1, &tables.constants), Some(6.0));
}

#[test]
fn ws_sup_3_two_suppressed_units_that_both_pass_fight_on() {
    // WS-SUP-3 (4) (L44-46): a suppressed unit "must perform a leadership
    // test in order to continue fighting in close-combat": passing, it
    // fights. Both pass: blows are struck, not "both hold".
    let (tables, mut b, table) = duel(
        ("laansguard", (24.0, 1.0), 0.0),
        ("reaver_warband", (24.0, 3.0), 180.0),
        "",
    );
    for u in b.units.iter_mut() {
        u.state.take_hits(
            1,
            0,
            super::super::suppression::HitSource::Shooting,
            &crate::rules::warstrike::data::shipped_constants(),
        );
    }
    let mut dice = Dice::new(3);
    // The Warband's reaction test fails; both keep-fighting tests pass.
    dice.load([5, 6, 1, 6, 1, 6]);
    let mut log = GameLog::default();
    b.apply(
        &WsCommand::EndPhase { side: 0 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end phase");
    let at = log
        .entries
        .iter()
        .position(|e| e.rule == "WS-SUP-3" && e.units.len() == 2 && e.dice.is_empty())
        .unwrap_or_else(|| {
            panic!(
                "both pass: {:#?}",
                log.entries
                    .iter()
                    .map(|e| (&e.rule, &e.what))
                    .collect::<Vec<_>>()
            )
        });
    assert!(
        log.entries[at + 1..].iter().any(|e| e.dice.len() > 2),
        "the melee salvos follow: {:#?}",
        log.entries
            .iter()
            .map(|e| (&e.rule, &e.what))
            .collect::<Vec<_>>()
    );
    assert!(dice.rolled() > 6);
}

#[test]
fn ws_clr_1_charge_odds_are_what_the_close_combat_phase_rolls() {
    // O1: the charged Gunners are suppressed when the charge is ordered. In
    // the reaction phase they test (WS-CLR-1, Ld 1 at Nv 4: 4/6); a pass
    // clears them and they fire defensively in the close-combat phase
    // (WS-SUP-3 (3)); a failure leaves them to test to keep fighting
    // (WS-SUP-3 (4)): they stay with 4/6 + 2/6 × 4/6 = 8/9.
    let (tables, mut b, table) = duel(
        ("laansguard", (24.0, 6.0), 0.0),
        ("reaver_gunners", (24.0, 14.0), 180.0),
        "",
    );
    b.units[1].state.take_hits(
        1,
        0,
        super::super::suppression::HitSource::Shooting,
        &crate::rules::warstrike::data::shipped_constants(),
    );
    let cmd = WsCommand::Act {
        unit: 1,
        action: b.straight_charge(1, 2, &tables).expect("a straight charge"),
    };
    let odds = b.odds(&cmd, &tables);
    let line = |key: &str| {
        odds.chances
            .iter()
            .find(|(l, _)| l.contains(key))
            .map(|(_, p)| *p)
    };
    let p_fire = line("fires defensively").expect("a defensive-fire line");
    assert!((p_fire - 4.0 / 6.0).abs() < 1e-12, "{odds:?}");
    let p_stays = line("still fighting").expect("a stays-in-the-fight line");
    assert!((p_stays - 8.0 / 9.0).abs() < 1e-12, "{odds:?}");
    // The same charge, played on 1,000 seeds: defensive fire as often.
    let runs: u32 = 1000;
    let mut fired = 0;
    for seed in 0..runs {
        let mut g = b.clone();
        let mut dice = Dice::new(u64::from(seed));
        let mut log = GameLog::default();
        g.apply(&cmd, &tables, &table, &mut dice, &mut log)
            .expect("charge");
        g.apply(
            &WsCommand::EndPhase { side: 0 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end phase");
        if log.entries.iter().any(|e| {
            e.phase == "Close-combat phase" && e.units == vec![2, 1] && e.what.contains("shooting")
        }) {
            fired += 1;
        }
    }
    let seen = f64::from(fired) / f64::from(runs);
    assert!((seen - p_fire).abs() < 0.05, "seen {seen}, shown {p_fire}");
}

/// A one-objective battle: a LaansGuard squad at `laans` (inches) and a
/// Reaver warband far north; the Well at (24, 18) held by `held_by` at the
/// start.
fn held_well(laans: (f32, f32), held_by: &str) -> (WsTables, WsScenario, Table) {
    let tables = WsTables::load().expect("tables");
    let text = format!(
        r#"(ruleset: "warstrike", name: "Well", turn_limit: 2,
            table: (width: 48.0, depth: 36.0, areas: []),
            sides: [(name: "Laans", edge: South, color: (0.1, 0.2, 0.8)),
                    (name: "Reavers", edge: North, color: (0.8, 0.1, 0.1))],
            units: [(id: 1, side: "Laans", unit_type: "laansguard", at: ({}, {}), facing: 0.0),
                    (id: 2, side: "Reavers", unit_type: "reaver_warband", at: (24.0, 33.0), facing: 180.0)],
            setup: (objectives: [(name: "Well", at: (24.0, 18.0), held_by: Some("{held_by}"))]))"#,
        laans.0, laans.1
    );
    let s = WsScenario::from_str("well.ron", &text, &tables).expect("well");
    let table = s.build_table();
    (tables, s, table)
}

/// The Well battle of [`held_well`] after the Laans end their first action
/// phase: who holds the Well then, and how many entries of turn 1 name the
/// Laans squad capturing (WS-BASE).
fn well_after_first_phase(laans: (f32, f32), held_by: &str) -> (Option<u8>, usize) {
    let (tables, s, table) = held_well(laans, held_by);
    assert!(game::check_scenario(&s).is_ok());
    let mut b = WsBattle::new(&s, &tables);
    let start = s.sides.iter().position(|x| x.name == held_by);
    assert_eq!(b.objectives[0].held_at_start.map(usize::from), start);
    let mut log = GameLog::default();
    let end = WsCommand::EndPhase { side: 0 };
    b.apply(&end, &tables, &table, &mut Dice::new(3), &mut log)
        .expect("end");
    let captures = log
        .entries
        .iter()
        .filter(|e| e.turn == 1 && e.rule == "WS-BASE" && e.units == vec![1])
        .count();
    (b.objectives[0].held_by, captures)
}

#[test]
fn an_objective_held_at_the_start_stays_held_until_captured() {
    // The scenario's `held_by`: the side holds it from the start (it counts
    // for victory) until an enemy unit captures it (WS-SUP-3 (2)).
    assert_eq!(well_after_first_phase((24.0, 4.0), "Reavers"), (Some(1), 0));
    // A Laans squad within 3″ at the start captures it in the first
    // starting phase, and the log says so when the first command comes.
    assert_eq!(
        well_after_first_phase((24.0, 14.5), "Reavers"),
        (Some(0), 1)
    );
    // Held by the Laans from the start: nothing to capture, nothing logged.
    assert_eq!(well_after_first_phase((24.0, 14.5), "Laans"), (Some(0), 0));
}

#[test]
fn an_objective_held_by_no_side_is_refused() {
    let (_, mut s, _) = held_well((24.0, 4.0), "Reavers");
    s.setup.objectives[0].held_by = Some("Nobody".into());
    let (why, anchors) = game::check_scenario(&s).expect_err("not a side");
    assert!(
        why.contains("Nobody") && why.contains("Laans, Reavers"),
        "{why}"
    );
    assert!(anchors.contains(&"objectives".to_string()));
}
