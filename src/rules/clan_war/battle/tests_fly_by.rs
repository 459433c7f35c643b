//! Tests of Fly-By attacks (CW-FBY-1 … CW-FBY-5): the dice each flyer and
//! each unit it passes roll, declining and keeping them, and when they are
//! rolled.
#![cfg(test)]

use super::tests::{dragons_crossing, skirmish};
use super::tests_air::end_movement_phase;
use super::*;

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::units::FlightState;
use crate::rules::clan_war::flight::MovementPhase;

#[test]
fn a_fly_by_rolls_against_each_unit_passed_and_the_unit_passed_rolls_too() {
    // CW-FBY-2, CW-FBY-3: the flyer's dice go to each enemy it touched
    // (it passes through dragon 2 and ends touching dragon 3), and a unit
    // flown through gets Fly-By dice of its own.
    let (mut b, tables, table) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 10.0), facing: 0.0),
           (id: 2, side: "Crane", unit_type: "fire_dragon", at: (20.0, 14.4), facing: 90.0),
           (id: 3, side: "Crane", unit_type: "fire_dragon", at: (20.0, 21.54), facing: 90.0)"#,
    );
    for id in [1, 2, 3] {
        if let Some(d) = b.unit_mut(id) {
            d.flight = FlightState::Airborne;
        }
    }
    let mut dice = Dice::new(5);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::Move {
            unit: 1,
            path: vec![(20.0, 18.0)],
            facing: 0.0,
            mode: MoveMode::Ground,
        },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("the dragon flies through one and up to the other");
    let noted = |u: u32, t: u32| b.fly_by_dice.get(&u).and_then(|m| m.get(&t)).copied();
    assert_eq!(noted(1, 2), Some(1));
    assert_eq!(noted(1, 3), Some(1));
    assert_eq!(noted(2, 1), Some(1), "the unit flown through rolls too");
    assert_eq!(noted(3, 1), Some(1));
    end_movement_phase(&mut b, &tables, &table, &mut dice, &mut log);
    let rolls: Vec<Vec<u32>> = log
        .entries
        .iter()
        .filter(|e| e.rule == "CW-FBY-3" && !e.dice.is_empty())
        .map(|e| e.units.clone())
        .collect();
    assert!(
        rolls.contains(&vec![1, 2]) && rolls.contains(&vec![1, 3]),
        "{rolls:?}"
    );
}

#[test]
fn airborne_dragons_cross_roll_fly_by_and_may_not_shoot() {
    // CW-FBY-1 pass over, CW-FBY-2 contacts, CW-FBY-3 roll at the end of
    // the phase, CW-FBY-4 no Ranged Combat afterwards, CW-FBY-5 no close
    // combat attacks.
    let (b, tables, table) = dragons_crossing();
    let through = CwCommand::Move {
        unit: 1,
        path: vec![(20.0, 18.0)],
        facing: 0.0,
        mode: MoveMode::Ground,
    };
    // Ending on top of the enemy dragon is refused.
    let mut probe = b.clone();
    let mut dice = Dice::new(5);
    let mut log = GameLog::default();
    let over = CwCommand::Move {
        unit: 1,
        path: vec![(20.0, 15.0)],
        facing: 0.0,
        mode: MoveMode::Ground,
    };
    let r = probe
        .apply(&over, &tables, &table, &mut dice, &mut log)
        .expect_err("may not end over an airborne unit");
    assert_eq!(r.rule, "CW-FBY-1");
    assert_eq!(probe, b);
    // Passing through: no engagement, one die noted (one complete rank).
    let mut g = b.clone();
    g.apply(&through, &tables, &table, &mut dice, &mut log)
        .expect("an airborne unit passes over an enemy airborne unit");
    assert_eq!(g.unit(1).map(|u| u.pos.y), Some(18.0));
    assert!(g.unit(1).is_some_and(CwUnit::airborne));
    assert_eq!(g.fly_by.get(&1).map(|r| r.pending_dice), Some(1));
    assert_eq!(g.fly_by_dice.get(&1).and_then(|m| m.get(&2)), Some(&1));
    assert!(log.entries.iter().any(|e| e.rule == "CW-FBY-2"));
    // End of Lion's part: the Crane still moves, nothing is rolled yet
    // (CW-FBY-3: at the end of the Movement phase).
    g.apply(
        &CwCommand::EndPhase { side: 0 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end Lion's part");
    assert!(
        !log.entries
            .iter()
            .any(|e| e.rule == "CW-FBY-3" && !e.dice.is_empty()),
        "no Fly-By roll before the phase ends"
    );
    g.apply(
        &CwCommand::EndPhase { side: 1 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end phase");
    let rolls: Vec<_> = log
        .entries
        .iter()
        .filter(|e| e.rule == "CW-FBY-3" && !e.dice.is_empty())
        .collect();
    assert!(!rolls.is_empty(), "a Fly-By attack roll");
    assert_eq!(rolls[0].units, vec![1, 2]);
    assert_eq!(rolls[0].dice.len(), 1);
    let rec = g.fly_by.get(&1).cloned().expect("record");
    assert_eq!(rec.rolled_in, Some(MovementPhase::Primary));
    assert_eq!(rec.pending_dice, 0);
    // Later that turn the dragon may not shoot (CW-FBY-4).
    let mut ranged = g.clone();
    ranged.phase = CwPhase::RangedAttack;
    ranged.active = 0;
    ranged.acted.clear();
    assert!(!ranged.can_shoot(ranged.unit(1).expect("dragon"), &tables));
    let r = ranged
        .apply(
            &CwCommand::Shoot { unit: 1, target: 2 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect_err("no shooting after a Fly-By");
    assert_eq!(r.rule, "CW-FBY-4");
    assert_eq!(
        rec.check_close_combat().map_err(|r| r.rule),
        Err("CW-FBY-5".to_string())
    );
    // Nor fly-by again this turn.
    let mut again = g.clone();
    again.phase = CwPhase::CavalryMovement;
    again.active = 0;
    let r = again
        .apply(
            &CwCommand::FlyBy {
                unit: 1,
                roll: true,
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect_err("one Fly-By roll per turn");
    assert_eq!(r.rule, "CW-FBY-4");
}

#[test]
fn a_skipped_fly_by_roll_keeps_its_dice() {
    // CW-FBY-4: the owner declines; the die waits for the next phase.
    let (mut b, tables, table) = dragons_crossing();
    let mut dice = Dice::new(5);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::Move {
            unit: 1,
            path: vec![(20.0, 18.0)],
            facing: 0.0,
            mode: MoveMode::Ground,
        },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("pass over");
    b.apply(
        &CwCommand::FlyBy {
            unit: 1,
            roll: false,
        },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("skip");
    b.apply(
        &CwCommand::EndPhase { side: 0 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end phase");
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "CW-FBY-4" && e.what.contains("skipped"))
    );
    assert!(
        !log.entries
            .iter()
            .any(|e| e.rule == "CW-FBY-3" && !e.dice.is_empty())
    );
    let rec = b.fly_by.get(&1).expect("record");
    assert_eq!((rec.pending_dice, rec.rolled_in), (1, None));
}

#[test]
fn cw_fby_3_both_sides_roll_fly_by_when_the_phase_ends() {
    // D8 (L57, L59; CW-FBY-3): "at the end of the current Movement phase"
    // each unit may roll. The Lion dragon flies through the Crane dragon,
    // which has one wound left; the Crane still has a bushi to move. Nothing
    // is rolled when the Lion ends its part; when the phase ends both
    // dragons roll, the Crane's too although the Lion's roll kills it.
    let (mut b, tables, table) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 10.0), facing: 0.0),
           (id: 2, side: "Crane", unit_type: "fire_dragon", at: (20.0, 14.4), facing: 90.0),
           (id: 3, side: "Crane", unit_type: "crane_bushi", at: (40.0, 40.0), facing: 180.0)"#,
    );
    for id in [1, 2] {
        if let Some(d) = b.unit_mut(id) {
            d.flight = FlightState::Airborne;
        }
    }
    if let Some(d) = b.unit_mut(2) {
        d.wounds = 7;
    }
    let mut dice = Dice::new(5);
    dice.load([10; 8]);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::Move {
            unit: 1,
            path: vec![(20.0, 18.0)],
            facing: 0.0,
            mode: MoveMode::Ground,
        },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("through the Crane dragon");
    b.apply(
        &CwCommand::EndPhase { side: 0 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end Lion's part");
    let rolled = |log: &GameLog, a: u32, t: u32| {
        log.entries
            .iter()
            .any(|e| e.rule == "CW-FBY-3" && !e.dice.is_empty() && e.units == vec![a, t])
    };
    assert!(!rolled(&log, 1, 2), "the Crane has still to move");
    assert_eq!(b.active, 1);
    b.apply(
        &CwCommand::EndPhase { side: 1 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end the phase");
    assert!(rolled(&log, 1, 2), "the Lion's Fly-By");
    assert!(
        b.unit(2).is_some_and(|d| !d.alive()),
        "it kills the Crane dragon"
    );
    assert!(
        rolled(&log, 2, 1),
        "the Crane dragon's Fly-By is rolled too"
    );
}
