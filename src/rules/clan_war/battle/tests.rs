//! Tests of the Clan War battle engine; the flight tests are in
//! `tests_air.rs` and the Fly-By tests in `tests_fly_by.rs`.
#![cfg(test)]

use super::*;
use bevy::prelude::Vec2;

use crate::engine::dice::Dice;
use crate::engine::log::{GameLog, LogSink};
use crate::engine::table::{Footprint, Table, TablePos};
use crate::engine::table_kit::play_defaults;
use crate::engine::table_scenario::TableScenario;
use crate::engine::units::FlightState;
use crate::rules::clan_war::condition::Condition;
use crate::rules::clan_war::data::CwTables;
use crate::rules::clan_war::hostage::{Stance, StanceRecord};
use crate::rules::clan_war::{game, view};

const SCENARIO: &str = include_str!("../../../../scenarios/desperate_journey.ron");

pub(super) fn setup() -> (CwScenario, CwTables, Table) {
    let tables = CwTables::load().expect("tables");
    let s = TableScenario::<CwSetup>::from_str("desperate_journey.ron", SCENARIO, &tables)
        .expect("scenario parses");
    let table = s.build_table();
    (s, tables, table)
}

/// A small in-code battle: an airborne Fire Dragon (id 1) facing Crane
/// Elite Archers (id 2) on an open table; Primary Movement, Lion deciding.
pub(super) fn duel(dragon_at: (f32, f32), archers_at: (f32, f32)) -> (CwBattle, CwTables, Table) {
    duel_with(CwTables::load().expect("tables"), dragon_at, archers_at)
}

/// [`duel`] with the given tables (a card changed for the test).
pub(super) fn duel_with(
    tables: CwTables,
    dragon_at: (f32, f32),
    archers_at: (f32, f32),
) -> (CwBattle, CwTables, Table) {
    let text = format!(
        r#"(ruleset: "clan_war", name: "duel", turn_limit: 2,
        table: (width: 48.0, depth: 48.0, areas: [
          (name: "Crag", effects: [Impassable, HighReaching, BlocksLos], height: 20.0,
           points: [(40.0, 40.0), (46.0, 40.0), (46.0, 46.0), (40.0, 46.0)])]),
        sides: [(name: "Lion", edge: South, color: (1.0, 0.5, 0.0)),
                (name: "Crane", edge: North, color: (0.0, 0.5, 1.0))],
        units: [
          (id: 1, side: "Lion", unit_type: "fire_dragon", at: ({}, {}), facing: 0.0),
          (id: 2, side: "Crane", unit_type: "crane_elite_archers", at: ({}, {}), facing: 180.0)],
        setup: (armies: [(side: "Lion", clan: "lion"), (side: "Crane", clan: "crane")]))"#,
        dragon_at.0, dragon_at.1, archers_at.0, archers_at.1
    );
    let s = TableScenario::<CwSetup>::from_str("duel.ron", &text, &tables).expect("duel");
    let table = s.build_table();
    let mut b = CwBattle::new(&s, &tables);
    assert_eq!(b.phase, CwPhase::PrimaryMovement);
    assert_eq!(b.awaiting(), Some(0));
    if let Some(d) = b.unit_mut(1) {
        d.flight = FlightState::Airborne;
    }
    (b, tables, table)
}

pub(super) fn play(
    b: &mut CwBattle,
    tables: &CwTables,
    table: &Table,
    dice: &mut Dice,
    log: &mut dyn LogSink,
    max_steps: usize,
) -> (usize, bool) {
    let mut steps = 0;
    let mut airborne_seen = false;
    while let Some(side) = b.awaiting() {
        let refused = play_defaults(
            b,
            side,
            CwBattle::awaiting,
            b.default_commands(side, tables, table),
            |b, c| b.apply(c, tables, table, dice, log),
            CwCommand::EndPhase { side },
        );
        assert!(refused.is_empty(), "default commands refused: {refused:?}");
        airborne_seen |= view::units(b, tables).iter().any(|u| u.airborne);
        steps += 1;
        if steps >= max_steps {
            break;
        }
    }
    (steps, airborne_seen)
}

/// A battle on an open 48" table with the given `units` (RON list
/// items); Primary Movement, Lion deciding.
pub(super) fn skirmish(units: &str) -> (CwBattle, CwTables, Table) {
    let tables = CwTables::load().expect("tables");
    let text = format!(
        r#"(ruleset: "clan_war", name: "skirmish", turn_limit: 2,
        table: (width: 48.0, depth: 48.0, areas: []),
        sides: [(name: "Lion", edge: South, color: (1.0, 0.5, 0.0)),
                (name: "Crane", edge: North, color: (0.0, 0.5, 1.0))],
        units: [{units}],
        setup: (armies: [(side: "Lion", clan: "lion"), (side: "Crane", clan: "crane")]))"#
    );
    let s = TableScenario::<CwSetup>::from_str("skirmish.ron", &text, &tables).expect("skirmish");
    let table = s.build_table();
    let b = CwBattle::new(&s, &tables);
    assert_eq!(b.phase, CwPhase::PrimaryMovement);
    assert_eq!(b.awaiting(), Some(0));
    (b, tables, table)
}

/// Two airborne dragons: Lion's (id 1) at (20, 10) facing north, Crane's
/// (id 2) sideways at (20, 14.4), 0.9" ahead of it.
pub(super) fn dragons_crossing() -> (CwBattle, CwTables, Table) {
    let (mut b, tables, table) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 10.0), facing: 0.0),
           (id: 2, side: "Crane", unit_type: "fire_dragon", at: (20.0, 14.4), facing: 90.0)"#,
    );
    for id in [1, 2] {
        if let Some(d) = b.unit_mut(id) {
            d.flight = FlightState::Airborne;
        }
    }
    (b, tables, table)
}

pub(super) fn dragon_fp(b: &CwBattle) -> Footprint {
    b.unit(1).map(|u| u.footprint).unwrap_or(Footprint {
        frontage: 3.0,
        depth: 4.0,
    })
}

#[test]
fn desperate_journey_parses_and_plays_to_its_end() {
    // CW-HON-1 starting honor, CW-HOS-1 hostage, CW-FLY-5 take-off by the
    // default policy, and a result at the end.
    let (s, tables, table) = setup();
    assert!(game::check_scenario(&s, &tables).is_ok());
    let mut b = CwBattle::new(&s, &tables);
    // Lion: base 10 + Matsu Tsuko 3; Crane: base 12 + Doji Hoturi 4.
    assert_eq!(b.armies[0].honor.honor, 13);
    assert_eq!(b.armies[1].honor.honor, 16);
    assert_eq!(b.holder().map(|h| h.id), Some(1));
    // Special Orders: only the captor's side decides (CW-HOS-5).
    assert_eq!((b.phase, b.awaiting()), (CwPhase::SpecialOrders, Some(0)));
    let mut dice = Dice::new(s.seed.unwrap_or(1));
    let mut log = GameLog::default();
    let (_, airborne_seen) = play(&mut b, &tables, &table, &mut dice, &mut log, 5000);
    assert!(b.result.is_some(), "the battle ends");
    assert!(airborne_seen, "the Fire Dragon takes off at some point");
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "CW-FLY-5" && e.what.contains("takes off"))
    );
    assert!(log.entries.iter().all(|e| e.rule.starts_with("CW-")));
    let ctx = crate::engine::table_kit::TableCtx::new(&s, tables.clone());
    use crate::engine::core::Rules;
    assert!(game::ClanWar::outcome(&ctx, &b).is_some());
    assert!(b.turn <= 6);
}

#[test]
fn same_seed_same_log() {
    let (s, tables, table) = setup();
    let run = || {
        let mut b = CwBattle::new(&s, &tables);
        let mut dice = Dice::new(11);
        let mut log = GameLog::default();
        play(&mut b, &tables, &table, &mut dice, &mut log, 5000);
        (log.to_jsonl(), b)
    };
    let (a, ba) = run();
    let (c, bc) = run();
    assert_eq!(a, c);
    assert_eq!(ba, bc);
}

#[test]
fn ron_round_trip_mid_battle_continues_identically() {
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    let mut dice = Dice::new(5);
    let mut log = GameLog::default();
    play(&mut b, &tables, &table, &mut dice, &mut log, 12);
    assert!(b.result.is_none());
    let saved_b = ron::to_string(&b).expect("battle to ron");
    let saved_d = ron::to_string(&dice).expect("dice to ron");
    let mut b2: CwBattle = ron::from_str(&saved_b).expect("battle from ron");
    let mut d2: Dice = ron::from_str(&saved_d).expect("dice from ron");
    assert_eq!(b2, b);
    let mut log2 = log.clone();
    play(&mut b, &tables, &table, &mut dice, &mut log, 5000);
    play(&mut b2, &tables, &table, &mut d2, &mut log2, 5000);
    assert_eq!(log.to_jsonl(), log2.to_jsonl());
    assert_eq!(b, b2);
}

#[test]
fn refused_commands_change_nothing() {
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    let mut dice = Dice::new(3);
    let mut log = GameLog::default();
    // Into Primary Movement.
    b.apply(
        &CwCommand::EndPhase { side: 0 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end special orders");
    assert_eq!(b.phase, CwPhase::PrimaryMovement);
    let before = b.clone();
    let n = log.entries.len();
    let bad = [
        CwCommand::Shoot {
            unit: 3,
            target: 12,
        },
        CwCommand::EndPhase { side: 1 },
        // A Crane unit while the Lion decide.
        CwCommand::Move {
            unit: 11,
            path: vec![(24.0, 28.0)],
            facing: 180.0,
            mode: MoveMode::Ground,
        },
        // Too far: 10" with 6" of movement.
        CwCommand::Move {
            unit: 1,
            path: vec![(24.0, 15.0)],
            facing: 0.0,
            mode: MoveMode::Ground,
        },
        // Off the table.
        CwCommand::Move {
            unit: 3,
            path: vec![(14.0, 0.5)],
            facing: 180.0,
            mode: MoveMode::Ground,
        },
        // Take-off shorter than half the movement (CW-FLY-5).
        CwCommand::Move {
            unit: 2,
            path: vec![(33.0, 7.0)],
            facing: 0.0,
            mode: MoveMode::TakeOff,
        },
        // Only flyers take off (CW-FLY-2).
        CwCommand::Move {
            unit: 1,
            path: vec![(24.0, 9.0)],
            facing: 0.0,
            mode: MoveMode::TakeOff,
        },
        CwCommand::ExecuteHostage { unit: 1 },
        CwCommand::Stance {
            unit: 11,
            stance: Stance::AllOutAttack,
        },
    ];
    let rules: Vec<String> = bad
        .iter()
        .map(|c| {
            let r = b
                .apply(c, &tables, &table, &mut dice, &mut log)
                .expect_err("refused");
            assert_eq!(b, before, "{c:?} changed the battle");
            assert_eq!(log.entries.len(), n);
            r.rule
        })
        .collect();
    assert_eq!(rules[5], "CW-FLY-5");
    assert_eq!(rules[6], "CW-FLY-2");
    assert_eq!(rules[7], "CW-HOS-5");
    assert_eq!(rules[8], "CW-HOS-3");
}

#[test]
fn all_out_attack_costs_honor_and_risks_the_hostage() {
    // CW-HOS-3 stance, CW-HOS-4 odds of the destruction test.
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    // Put the Crane Honor Guard in contact with the captor's front.
    guard_in_contact(&mut b);
    b.phase = CwPhase::CloseCombat;
    b.active = 1;
    assert_eq!(b.stance_units(1, &tables), vec![11]);
    let cmd = CwCommand::Stance {
        unit: 11,
        stance: Stance::AllOutAttack,
    };
    let odds = b.odds(&cmd, &tables, &table);
    assert_eq!(odds.len(), 1);
    assert_eq!(odds[0].0, "hostage survives");
    assert!(odds[0].1 > 0.0 && odds[0].1 < 0.9, "{odds:?}");
    let mut dice = Dice::new(1);
    let mut log = GameLog::default();
    b.apply(&cmd, &tables, &table, &mut dice, &mut log)
        .expect("all-out");
    assert_eq!(b.armies[1].honor.honor, 16 - 5);
    assert_eq!(b.armies[1].vp, -2);
    let back = CwCommand::Stance {
        unit: 11,
        stance: Stance::StrikeEasy,
    };
    let r = b
        .apply(&back, &tables, &table, &mut dice, &mut log)
        .expect_err("no way back");
    assert_eq!(r.rule, "CW-HOS-3");
    // The combat rolls, then the destruction test (CW-HOS-4).
    b.apply(
        &CwCommand::EndPhase { side: 1 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("fight");
    assert!(log.entries.iter().any(|e| e.rule == "CW-HOS-4"));
    let bars = view::honor_tracks(&b, &tables);
    assert_eq!(bars[1].value, b.armies[1].honor.honor);
    // +1 Morale at 20; enemy tests at 40, 60, 80, 100; own tests at -50, -60, -70.
    let marks: Vec<i32> = bars[0].marks.iter().map(|m| m.0).collect();
    assert_eq!(marks, [20, 40, 60, 80, 100, -50, -60, -70]);
}

/// Puts the Crane guard (unit 11) in contact with the Lion captor (unit 1).
fn guard_in_contact(b: &mut CwBattle) {
    let captor = b.unit(1).expect("captor").base();
    let guard = b.unit(11).expect("guard").base();
    let (spot, facing) = contact_spot(
        &guard.at(captor.center + Vec2::new(0.0, 10.0), 180.0),
        &captor,
    );
    if let Some(u) = b.unit_mut(11) {
        u.pos = TablePos {
            x: spot.x,
            y: spot.y,
            facing,
        };
    }
}

#[test]
fn a_unit_may_sacrifice_two_models_to_try_a_recovery() {
    // CW-HOS-6 (b): the sacrifice route is a command, offered as a choice;
    // after the enemy's attack the unit loses two models and tests (CW-HOS-8).
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    guard_in_contact(&mut b);
    b.phase = CwPhase::CloseCombat;
    b.active = 1;
    let keys: Vec<String> = game::unit_choices(&b, 11, &tables)
        .into_iter()
        .map(|c| c.key)
        .collect();
    assert!(keys.contains(&"sacrifice".to_string()), "{keys:?}");
    let mut dice = Dice::new(2);
    let mut log = GameLog::default();
    // Not by a unit that is not engaged with the captor.
    let other = b
        .units
        .iter()
        .find(|u| u.side == 1 && u.id != 11)
        .map(|u| u.id)
        .expect("another Crane unit");
    let before = b.clone();
    let r = b
        .apply(
            &CwCommand::Sacrifice { unit: other },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect_err("not engaged");
    assert_eq!(r.rule, "CW-HOS-6");
    assert_eq!(b, before);
    b.apply(
        &CwCommand::Sacrifice { unit: 11 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("sacrifice declared");
    let r = b
        .apply(
            &CwCommand::Sacrifice { unit: 11 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect_err("once");
    assert_eq!(r.rule, "CW-HOS-6");
    let models = b.unit(11).map(|u| u.models).expect("guard");
    let mut after = b.clone();
    after
        .apply(
            &CwCommand::EndPhase { side: 1 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("fight");
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "CW-HOS-6" && e.what.contains("sacrifices two models"))
    );
    assert!(after.unit(11).is_none_or(|u| u.models + 2 <= models));
    // Eligible by the sacrifice: a Recovery test was rolled, or the
    // hostage changed hands, unless the guard was routed or spent first.
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "CW-HOS-8" || e.rule == "CW-HOS-7")
            || log
                .entries
                .iter()
                .any(|e| e.rule == "CW-HOS-6" && e.what.contains("may not try")),
        "{:?}",
        log.entries
            .iter()
            .map(|e| (&e.rule, &e.what))
            .collect::<Vec<_>>()
    );
}

#[test]
fn cw_hos_4_wounds_from_any_source_count_toward_the_destruction_modifier() {
    // CW-HOS-4 (L89): "−1 for every 2 Wounds suffered by the captor unit
    // during the turn": wounds from shooting count, not only Close Combat.
    let (s, tables, _) = setup();
    let mut b = CwBattle::new(&s, &tables);
    assert_eq!(b.holder().map(|h| h.id), Some(1));
    let mut entries = Vec::new();
    b.phase = CwPhase::RangedAttack;
    b.take_wounds(1, 4, Some(1), &tables, &mut entries);
    assert_eq!(b.captor_wounds_this_turn, 4);
    b.take_wounds(11, 2, Some(0), &tables, &mut entries);
    assert_eq!(b.captor_wounds_this_turn, 4, "only the captor's wounds");
}

#[test]
fn cw_hos_10_the_captors_army_may_sacrifice_to_recapture() {
    // CW-HOS-10 (L96) with CW-HOS-6: the captor's army may try to recapture
    // a lost hostage "by meeting the same eligibility conditions": a Lion
    // unit engaged with the Crane unit now holding it is offered the
    // sacrifice, and the Close Combat waits for the Lion.
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    guard_in_contact(&mut b);
    if let Some(h) = b.hostage.as_mut() {
        h.state.holder = 11;
        h.state.holder_side = 1;
    }
    b.phase = CwPhase::RangedAttack;
    b.active = 1;
    let mut dice = Dice::new(2);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::EndPhase { side: 1 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end the Ranged Attack phase");
    assert_eq!(b.phase, CwPhase::CloseCombat);
    assert_eq!(b.awaiting(), Some(0), "the Lion may recapture");
    let keys: Vec<String> = game::unit_choices(&b, 1, &tables)
        .into_iter()
        .map(|c| c.key)
        .collect();
    assert!(keys.contains(&"sacrifice".to_string()), "{keys:?}");
}

#[test]
fn cw_hos_7_a_captor_wiped_out_makes_no_destruction_test() {
    // CW-HOS-4 is the captor unit's test (L89); a captor "removed entirely
    // as casualties" gives its hostage to a unit engaged with it (L93,
    // CW-HOS-7). A one-model captor destroyed under an All-Out Attack: no
    // CW-HOS-4 roll, and the hostage goes to the guard.
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    guard_in_contact(&mut b);
    if let Some(u) = b.unit_mut(1) {
        u.models = 1;
        u.wounds = 0;
    }
    b.stances.insert(
        11,
        StanceRecord {
            stance: Some(Stance::AllOutAttack),
            all_out_paid: true,
        },
    );
    b.phase = CwPhase::CloseCombat;
    b.active = 1;
    let mut log = GameLog::default();
    let mut dice = Dice::new(5);
    b.apply(
        &CwCommand::EndPhase { side: 1 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("close combat");
    assert!(
        b.unit(1).is_none_or(|u| !u.alive()),
        "the captor falls with this seed: {:?}",
        log.entries
            .iter()
            .map(|e| (&e.rule, &e.what))
            .collect::<Vec<_>>()
    );
    assert!(
        log.entries
            .iter()
            .all(|e| e.rule != "CW-HOS-4" || e.dice.is_empty())
    );
    let h = b.hostage.as_ref().expect("hostage");
    assert!(h.state.alive, "recovered, not lost");
    assert_eq!(h.state.holder, 11);
}

#[test]
fn cw_hos_6_an_all_out_attacker_is_still_asked_about_the_sacrifice() {
    // CW-HOS-6 with CW-HOS-3: a unit engaged with the captor whose side
    // declared All-Out Attack earlier in the engagement (the stance lasts)
    // may still sacrifice two models to try a recovery. The Close Combat
    // phase waits for its side (Crane) instead of resolving at once, and
    // offers the sacrifice.
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    guard_in_contact(&mut b);
    b.stances.insert(
        11,
        StanceRecord {
            stance: Some(Stance::AllOutAttack),
            all_out_paid: true,
        },
    );
    b.phase = CwPhase::RangedAttack;
    b.active = 1;
    let mut dice = Dice::new(2);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::EndPhase { side: 1 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end the Ranged Attack phase");
    assert_eq!(b.phase, CwPhase::CloseCombat, "the Close Combat waits");
    assert_eq!(b.awaiting(), Some(1), "for the Crane's decision");
    let keys: Vec<String> = game::unit_choices(&b, 11, &tables)
        .into_iter()
        .map(|c| c.key)
        .collect();
    assert!(keys.contains(&"sacrifice".to_string()), "{keys:?}");
    b.apply(
        &CwCommand::Sacrifice { unit: 11 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("sacrifice declared");
}

#[test]
fn cw_dive_3_a_charge_led_flyer_dives_into_an_engagement() {
    // D6 (L41, CW-DIVE-3): "A dive may be used when performing an engaging
    // move": up to double the movement (CW-DIVE-2), then the Dive's landing
    // test (CW-DIVE-4). A Charge-led dragon (CW-DIVE-1) is beyond its
    // engaging move from the archers but within its Dive.
    use crate::engine::view::{Needs, Pick};
    use crate::rules::clan_war::data::{PersonalityStats, Skill};
    let mut tables = CwTables::load().expect("tables");
    let Some(card) = tables
        .units
        .units
        .iter_mut()
        .find(|u| u.key == "fire_dragon")
    else {
        panic!("no fire_dragon card");
    };
    card.personality = Some(PersonalityStats {
        name: "Diving Lord".into(),
        clan: None,
        honor: 0,
        leadership: 8,
        skills: vec![Skill::Charge],
    });
    let mv = card.movement;
    let (b, tables, table) = duel_with(tables, (20.0, 12.0), (20.0, 30.0));
    let archers = b.unit(2).expect("archers").base();
    let (spot, _) = contact_spot(&b.unit(1).expect("dragon").base(), &archers);
    let length = b.unit(1).expect("dragon").base().center.distance(spot);
    assert!(length > mv && length <= 2.0 * mv, "{length}");
    let pick = Pick {
        unit: 1,
        target: Some(2),
        path: Vec::new(),
        facing: 0.0,
        hex: None,
    };
    let engage = game::choose(&b, "engage", &pick).expect("engage");
    let refused = b.clone().apply(
        &engage,
        &tables,
        &table,
        &mut Dice::new(1),
        &mut GameLog::default(),
    );
    assert!(refused.is_err(), "an engaging move reaches only {mv}\"");
    let dive = game::unit_choices(&b, 1, &tables)
        .into_iter()
        .find(|c| c.key == "dive_engage")
        .expect("an engaging Dive is offered");
    assert_eq!(dive.needs, Needs::Target);
    let cmd = game::choose(&b, &dive.key, &pick).expect("command");
    let mut b = b;
    let mut dice = Dice::new(4);
    let mut log = GameLog::default();
    b.apply(&cmd, &tables, &table, &mut dice, &mut log)
        .expect("an engaging Dive");
    let d = b.unit(1).expect("dragon");
    assert!(!d.airborne());
    assert!(d.base().in_contact(&archers));
    assert!(
        log.entries.iter().any(|e| e.rule == "CW-DIVE-4"),
        "{:#?}",
        log.entries
    );
}

#[test]
fn choices_in_the_games_words_become_commands() {
    // CW-FLY-5 take-off offered to the grounded dragon; CW-ENG-2 engage
    // built from a target pick.
    use crate::engine::view::{Needs, Pick};
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    let c = game::unit_choices(&b, 1, &tables);
    assert_eq!(c[0].label, "Execute the hostage");
    let mut dice = Dice::new(3);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::EndPhase { side: 0 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end");
    let labels: Vec<String> = game::unit_choices(&b, 2, &tables)
        .into_iter()
        .map(|c| c.label)
        .collect();
    assert_eq!(labels, ["Move", "Take off", "Engage"]);
    assert!(game::unit_choices(&b, 11, &tables).is_empty());
    let take_off = game::unit_choices(&b, 2, &tables)
        .into_iter()
        .find(|c| c.key == "take_off")
        .expect("take off");
    assert_eq!(take_off.needs, Needs::Path);
    let pick = Pick {
        unit: 2,
        target: None,
        path: vec![(33.0, 9.0)],
        facing: 0.0,
        hex: None,
    };
    let cmd = game::choose(&b, &take_off.key, &pick).expect("command");
    assert_eq!(
        b.odds(&cmd, &tables, &table),
        vec![("take-off completes".to_string(), 1.0)]
    );
    b.apply(&cmd, &tables, &table, &mut dice, &mut log)
        .expect("up");
    assert!(view::units(&b, &tables).iter().any(|u| u.airborne));
    let engage = Pick {
        unit: 1,
        target: Some(11),
        path: Vec::new(),
        facing: 0.0,
        hex: None,
    };
    assert!(matches!(
        game::choose(&b, "engage", &engage),
        Some(CwCommand::Move {
            mode: MoveMode::Engage { target: 11 },
            ..
        })
    ));
}

#[test]
fn a_captor_shot_down_while_engaged_gives_up_its_hostage() {
    // CW-HOS-7 after ranged losses: the engaged Crane unit recovers the
    // hostage automatically.
    let (s, tables, _table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    guard_in_contact(&mut b);
    let engaged: Vec<(u32, u8)> = vec![(11, 1)];
    let mut entries = Vec::new();
    let models = b.unit(1).expect("captor").models;
    b.take_wounds(1, models, Some(1), &tables, &mut entries);
    b.holder_destroyed(1, &engaged, &mut entries);
    let h = b.hostage.as_ref().expect("hostage");
    assert!(h.state.alive);
    assert_eq!((h.state.holder, h.state.holder_side), (11, 1));
    assert!(entries.iter().any(|e| e.rule == "CW-HOS-7"));
    assert_eq!(b.armies[1].vp, tables.settings.victory.destroy_unit_vp);
}

#[test]
fn cw_hos_4_stance_odds_are_what_the_close_combat_phase_rolls() {
    // CW-HOS-4 odds: an All-Out Attack by the guard; the odds count the
    // wounds the captor takes in this very phase (−1 per 2) and a captor
    // wiped out making no test (CW-HOS-7). Played on 2,000 seeds, the
    // hostage survives as often as shown.
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    guard_in_contact(&mut b);
    b.phase = CwPhase::CloseCombat;
    b.active = 1;
    let cmd = CwCommand::Stance {
        unit: 11,
        stance: Stance::AllOutAttack,
    };
    let shown = b.odds(&cmd, &tables, &table)[0].1;
    let easy = CwCommand::Stance {
        unit: 11,
        stance: Stance::StrikeEasy,
    };
    assert_eq!(
        b.odds(&easy, &tables, &table)[0].1,
        1.0,
        "no All-Out Attack"
    );
    let runs: u32 = 2000;
    let mut alive = 0;
    for seed in 0..runs {
        let mut g = b.clone();
        let mut dice = Dice::new(u64::from(seed));
        let mut log = GameLog::default();
        g.apply(&cmd, &tables, &table, &mut dice, &mut log)
            .expect("all-out");
        g.apply(
            &CwCommand::EndPhase { side: 1 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("fight");
        if g.hostage.as_ref().is_some_and(|h| h.state.alive) {
            alive += 1;
        }
    }
    let seen = f64::from(alive) / f64::from(runs);
    assert!((seen - shown).abs() < 0.04, "seen {seen}, shown {shown}");
}

#[test]
fn cw_rng_6_shot_odds_are_the_attack_rolled() {
    // CW-RNG-6: the odds of a shot and its roll come from one attack: the
    // dice and the chance per die in the log are those shown.
    let (mut b, tables, table) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "lion_bushi", at: (20.0, 14.0), facing: 0.0),
           (id: 2, side: "Crane", unit_type: "crane_elite_archers", at: (20.0, 34.0), facing: 180.0)"#,
    );
    b.phase = CwPhase::RangedAttack;
    b.active = 1;
    let shot = CwCommand::Shoot { unit: 2, target: 1 };
    let odds = b.odds(&shot, &tables, &table);
    assert_eq!(odds[0].0, "hit chance per die");
    let mut dice = Dice::new(4);
    let mut log = GameLog::default();
    b.apply(&shot, &tables, &table, &mut dice, &mut log)
        .expect("shot declared");
    let mut guard = 0;
    while b.phase == CwPhase::RangedAttack
        && let Some(side) = b.awaiting()
    {
        b.apply(
            &CwCommand::EndPhase { side },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end phase");
        guard += 1;
        assert!(guard < 4);
    }
    let e = log
        .entries
        .iter()
        .find(|e| e.rule == "CW-RNG-6" && !e.dice.is_empty())
        .expect("the shot is rolled");
    let conv = tables.settings.convention;
    let value = e.value.as_ref().expect("ATT").total();
    let target = e.target.expect("ATN");
    let rolled = conv.success_chance(value, target, super::super::test_roll::Comparison::AtLeast);
    assert!((rolled - odds[0].1).abs() < 1e-12, "{rolled} vs {odds:?}");
    assert_eq!(e.dice.len(), 10, "one die per archer");
    let n = i32::try_from(e.dice.len()).expect("small");
    assert!((odds[2].1 - (1.0 - (1.0 - rolled).powi(n))).abs() < 1e-12);
}

#[test]
fn cw_hos_10_a_sacrifice_by_the_captors_army_recaptures_the_hostage() {
    // D2 (L92, L96; CW-HOS-6, CW-HOS-10): after the Crane recovered the
    // hostage, the Lion unit engaged with the new holder is awaited in the
    // Close Combat phase, sacrifices two models and takes the recapture
    // test at −1 (CW-HOS-10); a pass hands the hostage back to the Lion.
    let (s, tables, table) = setup();
    let mut rolled = 0;
    let mut recaptured = 0;
    for seed in 0..40 {
        let mut b = CwBattle::new(&s, &tables);
        guard_in_contact(&mut b);
        if let Some(h) = b.hostage.as_mut() {
            h.state.holder = 11;
            h.state.holder_side = 1;
        }
        b.phase = CwPhase::RangedAttack;
        b.active = 1;
        let mut dice = Dice::new(seed);
        let mut log = GameLog::default();
        b.apply(
            &CwCommand::EndPhase { side: 1 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end the Ranged Attack phase");
        assert_eq!(b.phase, CwPhase::CloseCombat);
        assert_eq!(b.awaiting(), Some(0), "the Lion is awaited");
        b.apply(
            &CwCommand::Sacrifice { unit: 1 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("the Lion sacrifices two models");
        let mut guard = 0;
        while b.phase == CwPhase::CloseCombat
            && let Some(side) = b.awaiting()
        {
            b.apply(
                &CwCommand::EndPhase { side },
                &tables,
                &table,
                &mut dice,
                &mut log,
            )
            .expect("end phase");
            guard += 1;
            assert!(guard < 4);
        }
        let Some(test) = log
            .entries
            .iter()
            .find(|e| e.rule == "CW-HOS-10" && !e.dice.is_empty())
        else {
            continue;
        };
        rolled += 1;
        let value = test.value.as_ref().expect("value");
        assert!(
            value
                .modifiers
                .iter()
                .any(|m| m.rule == "CW-HOS-10" && m.value == -1),
            "{value:?}"
        );
        let h = b.hostage.as_ref().expect("hostage");
        if !test.failed {
            recaptured += 1;
            assert_eq!((h.state.holder, h.state.holder_side), (1, 0));
        } else {
            assert_ne!(h.state.holder, 1);
        }
    }
    assert!(rolled > 0, "no recapture test was rolled");
    assert!(recaptured > 0, "no seed recaptured");
}

#[test]
fn cw_hos_7_a_holder_destroyed_by_a_failed_morale_test_gives_up_its_hostage() {
    // D11 (L93; CW-HOS-7): a routing captor engaged with the Crane guard
    // fails a Morale test after ranged losses and is destroyed: the guard
    // recovers the hostage; it does not stay on a dead holder.
    let (s, tables, _table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    guard_in_contact(&mut b);
    b.phase = CwPhase::RangedAttack;
    let mut entries = Vec::new();
    b.set_condition(
        1,
        Condition::Destroyed,
        &tables,
        &mut Dice::new(0),
        &mut entries,
    );
    assert!(b.unit(1).is_some_and(|u| !u.alive()));
    let h = b.hostage.as_ref().expect("hostage");
    assert!(h.state.alive);
    assert_eq!((h.state.holder, h.state.holder_side), (11, 1));
    assert!(entries.iter().any(|e| e.rule == "CW-HOS-7"));
}

#[test]
fn cw_gen_3_a_friend_breaking_within_eight_inches_makes_a_unit_test() {
    // D16 (base rules §4 trigger): "a friendly unit within 8" breaking or
    // routing". Lion bushi 1 breaks; Lion bushi 2, 2" behind it, tests;
    // Lion bushi 3, 20" away, does not.
    let (mut b, tables, _) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "lion_bushi", at: (10.0, 10.0), facing: 0.0),
           (id: 2, side: "Lion", unit_type: "lion_bushi", at: (10.0, 6.0), facing: 0.0),
           (id: 3, side: "Lion", unit_type: "lion_bushi", at: (34.0, 10.0), facing: 0.0),
           (id: 4, side: "Crane", unit_type: "crane_bushi", at: (40.0, 40.0), facing: 180.0)"#,
    );
    let mut dice = Dice::new(0);
    dice.load([10]);
    let mut entries = Vec::new();
    b.set_condition(1, Condition::Broken, &tables, &mut dice, &mut entries);
    let friend = "a friendly unit nearby broke";
    let tested = |id: u32| {
        (entries.iter()).any(|e| e.units == [id] && !e.dice.is_empty() && e.what.contains(friend))
    };
    assert!(tested(2), "{entries:?}");
    assert!(!tested(3));
    assert_eq!(dice.loaded_remaining(), 0);
}

#[test]
fn cw_gen_3_a_broken_unit_engaged_tests_when_close_combat_begins() {
    // D16 (base rules §4 trigger): being engaged while broken or unformed.
    let (mut b, tables, table) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "lion_bushi", at: (20.0, 20.0), facing: 0.0),
           (id: 2, side: "Crane", unit_type: "crane_bushi", at: (20.0, 40.0), facing: 180.0)"#,
    );
    if let Some(u) = b.unit_mut(2) {
        u.pos.y = 22.005;
    }
    assert!(b.engaged(b.unit(1).expect("lion")));
    if let Some(u) = b.unit_mut(1) {
        u.condition = Condition::Broken;
    }
    b.phase = CwPhase::CloseCombat;
    b.active = 1;
    let mut dice = Dice::new(2);
    let mut log = GameLog::default();
    let mut guard = 0;
    while b.phase == CwPhase::CloseCombat
        && let Some(side) = b.awaiting()
    {
        b.apply(
            &CwCommand::EndPhase { side },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end phase");
        guard += 1;
        assert!(guard < 4);
    }
    let first_attack = log
        .entries
        .iter()
        .position(|e| e.rule == "CW-GEN-3" && e.units.len() == 2 && !e.dice.is_empty())
        .expect("close combat attacks");
    let test = log
        .entries
        .iter()
        .position(|e| e.units == vec![1] && e.what.contains("engaged while broken or unformed"))
        .expect("a Morale test for being engaged while broken");
    assert!(test < first_attack);
}
