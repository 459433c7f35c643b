//! Tests of flying units: take-off, airborne moves, engagement from the
//! air, reactionary fire and parting shots (the Fly-By attacks are in
//! `tests_fly_by.rs`).
#![cfg(test)]

use super::tests::{dragon_fp, dragons_crossing, duel, setup, skirmish};
use super::*;
use bevy::prelude::Vec2;

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::table::{Base, Table, TablePos};
use crate::engine::units::FlightState;
use crate::engine::view::Pick;
use crate::rules::clan_war::condition::Condition;
use crate::rules::clan_war::data::CwTables;
use crate::rules::clan_war::flight::Maneuver;
use crate::rules::clan_war::hostage::Hostage;
use crate::rules::clan_war::ranged::RangeBand;
use crate::rules::clan_war::{game, view};

/// Ends the current movement phase: each side that is asked ends its part.
pub(super) fn end_movement_phase(
    b: &mut CwBattle,
    tables: &CwTables,
    table: &Table,
    dice: &mut Dice,
    log: &mut GameLog,
) {
    let phase = b.phase;
    let mut guard = 0;
    while b.phase == phase
        && let Some(side) = b.awaiting()
    {
        b.apply(&CwCommand::EndPhase { side }, tables, table, dice, log)
            .expect("end phase");
        guard += 1;
        assert!(guard < 4, "the phase does not end");
    }
}

#[test]
fn take_off_moves_exactly_half_and_is_stopped_by_contact() {
    // CW-FLY-5 with the table's interference check.
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    let mut dice = Dice::new(3);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::EndPhase { side: 0 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end special orders");
    let mut blocked = b.clone();
    if let Some(d) = blocked.unit_mut(2) {
        d.pos.x = 30.5;
    }
    // A 10" path: the dragon moves exactly 4" of it and is airborne.
    b.apply(
        &CwCommand::Move {
            unit: 2,
            path: vec![(33.0, 15.0)],
            facing: 0.0,
            mode: MoveMode::TakeOff,
        },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("take off");
    let d = b.unit(2).expect("dragon");
    assert!(d.airborne());
    assert!((d.pos.y - 9.0).abs() < 1e-3, "{:?}", d.pos);
    // Westwards the captor unit stands 2.5" away: contact, still grounded.
    let cmd = CwCommand::Move {
        unit: 2,
        path: vec![(26.5, 5.0)],
        facing: 270.0,
        mode: MoveMode::TakeOff,
    };
    assert_eq!(
        blocked.odds(&cmd, &tables, &table),
        vec![("take-off completes".to_string(), 0.0)]
    );
    blocked
        .apply(&cmd, &tables, &table, &mut dice, &mut log)
        .expect("a blocked take-off is still a move");
    let d = blocked.unit(2).expect("dragon");
    assert!(!d.airborne());
    let captor = blocked.unit(1).expect("captor").base();
    assert!(d.base().in_contact(&captor));
}

#[test]
fn cw_fly_14_an_unformed_unit_takes_off_without_changing_facing() {
    // CW-FLY-14 (L34): an unformed unit that becomes airborne "is
    // automatically reformed but may not change formation or facing".
    let (s, tables, table) = setup();
    let mut b = CwBattle::new(&s, &tables);
    let mut dice = Dice::new(3);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::EndPhase { side: 0 },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("end special orders");
    let before = b.unit(2).expect("dragon").pos.facing;
    if let Some(d) = b.unit_mut(2) {
        d.condition = Condition::Unformed;
    }
    b.apply(
        &CwCommand::Move {
            unit: 2,
            path: vec![(33.0, 15.0)],
            facing: before + 90.0,
            mode: MoveMode::TakeOff,
        },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("take off");
    let d = b.unit(2).expect("dragon");
    assert!(d.airborne());
    assert_eq!(d.condition, Condition::Formed, "reformed");
    assert!(
        (d.pos.facing - before).abs() < 1e-3,
        "{} vs {before}",
        d.pos.facing
    );
}

#[test]
fn airborne_units_move_at_least_half_and_never_in_reserve() {
    // CW-FLY-10, CW-FLY-9, CW-FLY-11 (the crag stops flyers).
    let (mut b, tables, table) = duel((10.0, 10.0), (10.0, 34.0));
    let mut dice = Dice::new(1);
    let mut log = GameLog::default();
    let short = CwCommand::Move {
        unit: 1,
        path: vec![(10.0, 12.0)],
        facing: 0.0,
        mode: MoveMode::Ground,
    };
    let r = b
        .apply(&short, &tables, &table, &mut dice, &mut log)
        .expect_err("too short");
    assert_eq!(r.rule, "CW-FLY-10");
    let mut reserve = b.clone();
    reserve.phase = CwPhase::ReserveMovement;
    let r = reserve
        .apply(
            &CwCommand::Move {
                unit: 1,
                path: vec![(10.0, 16.0)],
                facing: 0.0,
                mode: MoveMode::Ground,
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect_err("no reserve move");
    assert_eq!(r.rule, "CW-FLY-9");
    // An airborne unit that does not move makes a forced landing when the
    // phase ends (after the Crane's part, CW-FBY-3 timing).
    end_movement_phase(&mut b, &tables, &table, &mut dice, &mut log);
    assert!(!b.unit(1).expect("dragon").airborne());
    assert!(log.entries.iter().any(|e| e.rule == "CW-FRC-2"));
}

#[test]
fn engagement_over_thirty_degrees_lands_one_inch_short() {
    // CW-ENG-5 against CW-ENG-2/3, measured with Base::approach_angle.
    let (b, tables, table) = duel((20.0, 20.0), (20.0, 30.0));
    let dragon = b.unit(1).expect("dragon").base();
    let archers = b.unit(2).expect("archers").base();
    let (spot, facing) = contact_spot(&dragon, &archers);
    let square = CwCommand::Move {
        unit: 1,
        path: vec![(spot.x, spot.y)],
        facing,
        mode: MoveMode::Engage { target: 2 },
    };
    // Turned 45° and pulled back until its corner just touches.
    let turned = |k: f32| dragon.at(Vec2::new(spot.x, spot.y - k), facing + 45.0);
    let k = (0..500)
        .map(|i| i as f32 * 0.002)
        .find(|k| !turned(*k).overlaps(&archers) && turned(*k).distance_to(&archers) <= 0.03)
        .expect("a touching slanted spot");
    let slanted = CwCommand::Move {
        unit: 1,
        path: vec![(spot.x, spot.y - k)],
        facing: facing + 45.0,
        mode: MoveMode::Engage { target: 2 },
    };
    let mut dice = Dice::new(2);
    let mut log = GameLog::default();
    let mut ok = b.clone();
    ok.apply(&square, &tables, &table, &mut dice, &mut log)
        .expect("square engagement");
    let d = ok.unit(1).expect("dragon");
    assert!(!d.airborne());
    assert!(d.base().in_contact(&archers));
    assert!(log.entries.iter().any(|e| e.rule == "CW-ENG-3"));
    let mut short = b.clone();
    let mut log = GameLog::default();
    let slant_base = Base::new(
        TablePos {
            x: spot.x,
            y: spot.y - k,
            facing: facing + 45.0,
        },
        dragon_fp(&b),
    );
    assert!(slant_base.approach_angle(&archers) > tables.settings.engage_angle);
    let odds = short.odds(&slanted, &tables, &table);
    assert_eq!(odds.len(), 1, "{odds:?}");
    assert!(odds[0].0.contains("lands"), "{odds:?}");
    assert!(odds[0].1 > 0.99 && odds[0].1 <= 1.0, "{odds:?}");
    short
        .apply(&slanted, &tables, &table, &mut dice, &mut log)
        .expect("lands short");
    let d = short.unit(1).expect("dragon");
    assert!(!d.airborne(), "it lands");
    let gap = d.base().distance_to(&archers);
    assert!((gap - 1.0).abs() < 0.1, "lands 1\" short, not {gap}");
    assert!(log.entries.iter().any(|e| e.rule == "CW-ENG-5"));
}

#[test]
fn an_airborne_turn_about_is_refused_a_wheel_is_not() {
    // CW-FLY-12: only a Wheel (≤ 90° stand-in) in the air.
    let (b, tables, table) = duel((20.0, 20.0), (40.0, 10.0));
    let mut dice = Dice::new(1);
    let mut log = GameLog::default();
    let mut g = b.clone();
    for (path, facing) in [((20.0, 12.0), 180.0), ((20.0, 14.0), 0.0)] {
        let r = g
            .apply(
                &CwCommand::Move {
                    unit: 1,
                    path: vec![path],
                    facing,
                    mode: MoveMode::Ground,
                },
                &tables,
                &table,
                &mut dice,
                &mut log,
            )
            .expect_err("no turning about or backing away in the air");
        assert_eq!(r.rule, "CW-FLY-12");
        assert_eq!(g, b);
    }
    assert_eq!(
        air_maneuver(
            0.0,
            Vec2::new(20.0, 20.0),
            &[Vec2::new(20.0, 14.0)],
            0.0,
            &tables.settings.flight
        ),
        Maneuver::BackAway
    );
    g.apply(
        &CwCommand::Move {
            unit: 1,
            path: vec![(25.0, 25.0)],
            facing: 60.0,
            mode: MoveMode::Ground,
        },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("a wheel of 60°");
}

#[test]
fn an_engaging_landing_on_archers_draws_reactionary_fire_at_close_range() {
    // CW-LAND-3: the archers fire before the landing test, always at
    // close range.
    let (mut b, tables, table) = duel((20.0, 19.5), (20.0, 30.0));
    let dragon = b.unit(1).expect("dragon").base();
    let archers = b.unit(2).expect("archers").base();
    let (spot, facing) = contact_spot(&dragon, &archers);
    let mut dice = Dice::new(2);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::Move {
            unit: 1,
            path: vec![(spot.x, spot.y)],
            facing,
            mode: MoveMode::Engage { target: 2 },
        },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("engaging landing");
    let fire = log
        .entries
        .iter()
        .position(|e| e.rule == "CW-LAND-3" && e.what.contains("Close"))
        .expect("reactionary fire at close range");
    let shots: Vec<_> = log
        .entries
        .iter()
        .filter(|e| e.rule == "CW-LAND-3" && !e.dice.is_empty())
        .collect();
    assert_eq!(shots[0].units, vec![2, 1]);
    assert_eq!(shots[0].dice.len(), 10, "one die per archer");
    let att = shots[0].value.as_ref().expect("ATT");
    assert!(
        att.modifiers.iter().all(|m| m.value == 0),
        "no extended-range penalty"
    );
    if b.unit(1).is_some_and(CwUnit::alive) {
        // The landing test comes after the fire.
        let test = log
            .entries
            .iter()
            .rposition(|e| e.rule == "CW-ENG-3")
            .expect("the landing test");
        assert!(test > fire);
    }
}

#[test]
fn a_path_drawn_off_the_table_is_refused_even_when_the_move_would_be_clipped() {
    // CW-GEN-3: the destination as drawn must be on the table. An escape
    // by air is clipped to a full move, which could end on the table;
    // the command is refused all the same, and nothing changes.
    let (b, tables, table) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 20.0), facing: 0.0),
           (id: 2, side: "Crane", unit_type: "crane_bushi", at: (20.0, 23.005), facing: 180.0)"#,
    );
    let escape = CwCommand::Move {
        unit: 1,
        path: vec![(-1000.0, -1000.0)],
        facing: 180.0,
        mode: MoveMode::EscapeByAir,
    };
    let mut g = b.clone();
    let mut dice = Dice::new(3);
    let mut log = GameLog::default();
    let r = g
        .apply(&escape, &tables, &table, &mut dice, &mut log)
        .expect_err("off the table");
    assert_eq!(r.rule, "CW-GEN-3");
    assert!(r.reason.contains("leave the table"), "{}", r.reason);
    assert_eq!(g, b);
    assert!(log.entries.is_empty());
    // The same escape drawn on the table is accepted.
    let on_table = CwCommand::Move {
        unit: 1,
        path: vec![(20.0, 12.0)],
        facing: 180.0,
        mode: MoveMode::EscapeByAir,
    };
    dice.load([10]);
    g.apply(&on_table, &tables, &table, &mut dice, &mut log)
        .expect("escape by air on the table");
}

#[test]
fn cw_land_2_a_single_model_takes_no_maneuver_test_to_escape_by_air() {
    // CW-LAND-2 (L37): "single models are not subject to Maneuver tests";
    // CW-ENG-7: the one-model Fire Dragon's Break-Away by air needs no
    // roll, so a loaded 1 (a failure for any test) does not keep it down.
    let (b, tables, table) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 20.0), facing: 0.0),
           (id: 2, side: "Crane", unit_type: "crane_bushi", at: (20.0, 23.005), facing: 180.0)"#,
    );
    assert_eq!(b.unit(1).map(|u| u.models), Some(1));
    let mut g = b.clone();
    let mut dice = Dice::new(3);
    dice.load([1]);
    let mut log = GameLog::default();
    let cmd = CwCommand::Move {
        unit: 1,
        path: vec![(20.0, 12.0)],
        facing: 180.0,
        mode: MoveMode::EscapeByAir,
    };
    g.apply(&cmd, &tables, &table, &mut dice, &mut log)
        .expect("escape by air");
    let d = g.unit(1).expect("dragon");
    assert!(d.airborne(), "{:#?}", log.entries);
    assert!(!g.engaged(d));
}

#[test]
fn an_engaged_dragon_takes_flight_under_parting_shots() {
    // CW-ENG-7: Break-Away declaring flight, parting shots at +1 ATT +1 DAM.
    let (b, tables, table) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 20.0), facing: 0.0),
           (id: 2, side: "Crane", unit_type: "crane_bushi", at: (20.0, 23.005), facing: 180.0)"#,
    );
    let d = b.unit(1).expect("dragon");
    assert!(b.engaged(d));
    assert!(b.can_move(d, &tables));
    let choices = game::unit_choices(&b, 1, &tables);
    assert_eq!(choices.len(), 1);
    assert_eq!(choices[0].label, "Take flight (Break-Away)");
    let pick = Pick {
        unit: 1,
        path: vec![(20.0, 12.0)],
        facing: 180.0,
        target: None,
        hex: None,
    };
    let cmd = game::choose(&b, &choices[0].key, &pick).expect("command");
    assert!(matches!(
        &cmd,
        CwCommand::Move {
            mode: MoveMode::EscapeByAir,
            ..
        }
    ));
    // A plain move is still refused while engaged.
    let mut g = b.clone();
    let mut dice = Dice::new(3);
    let mut log = GameLog::default();
    let walk = CwCommand::Move {
        unit: 1,
        path: vec![(20.0, 15.0)],
        facing: 180.0,
        mode: MoveMode::Ground,
    };
    assert!(
        g.apply(&walk, &tables, &table, &mut dice, &mut log)
            .is_err()
    );
    // The test passes (a loaded 10), then the parting shots roll.
    dice.load([10]);
    g.apply(&cmd, &tables, &table, &mut dice, &mut log)
        .expect("escape by air");
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "CW-ENG-7" && e.what.contains("by air"))
    );
    let parting: Vec<_> = log
        .entries
        .iter()
        .filter(|e| e.rule == "CW-ENG-7" && e.what.starts_with("parting shots"))
        .collect();
    assert!(!parting.is_empty(), "parting shots");
    assert_eq!(parting[0].units, vec![2, 1]);
    let att = parting[0].value.as_ref().expect("ATT");
    assert!(
        att.modifiers
            .iter()
            .any(|m| m.value == 1 && m.rule == "CW-ENG-7")
    );
    if let Some(dam) = parting.get(1).and_then(|e| e.value.as_ref()) {
        assert!(
            dam.modifiers
                .iter()
                .any(|m| m.value == 1 && m.rule == "CW-ENG-7")
        );
    }
    let d = g.unit(1).expect("dragon");
    if d.alive() {
        assert!(d.airborne());
        assert!((d.pos.y - 12.0).abs() < 0.5, "full move away");
    }
    // In Reserve Movement it may not take flight.
    let mut reserve = b.clone();
    reserve.phase = CwPhase::ReserveMovement;
    let r = reserve
        .apply(&cmd, &tables, &table, &mut dice, &mut log)
        .expect_err("no flight in Reserve");
    assert_eq!(r.rule, "CW-FLY-9");
}

#[test]
fn ground_archers_shoot_the_airborne_dragon_at_plus_six_inches() {
    // CW-RNG-3 (GC-CW-06 geometry): 10" apart, effective 16", extended
    // range: ATT 4 − 2 against ATN 9 → hit on 7+.
    let (mut b, tables, table) = duel((20.0, 18.0), (20.0, 31.0));
    let d = b.unit(1).expect("dragon").base();
    let a = b.unit(2).expect("archers").base();
    assert!((d.distance_to(&a) - 10.0).abs() < 1e-3);
    b.phase = CwPhase::RangedAttack;
    b.active = 1;
    let shot = CwCommand::Shoot { unit: 2, target: 1 };
    let odds = b.odds(&shot, &tables, &table);
    assert_eq!(odds[0].0, "hit chance per die");
    assert!((odds[0].1 - 0.4).abs() < 1e-9, "{odds:?}");
    // The airborne dragon sees over the archers' heads and uses +3"/+6"
    // (CW-RNG-4): close range 11", so 10" is close.
    let band = b.range_of(b.unit(1).expect("d"), b.unit(2).expect("a"), &tables);
    assert_eq!(band, Some(RangeBand::Close));
    let summary = view::units(&b, &tables);
    assert_eq!(summary[0].ranges, vec![11.0, 22.0]);
}

#[test]
fn cw_land_3_air_engage_odds_count_the_reactionary_fire() {
    // CW-LAND-3 before CW-ENG-3: the landing odds of an engaging landing
    // include the archers' reactionary fire. The dragon has 2 of its 8
    // wounds left; played on 1,000 seeds, it lands as often as shown.
    let (mut b, tables, table) = duel((20.0, 19.5), (20.0, 30.0));
    if let Some(d) = b.unit_mut(1) {
        d.wounds = 6;
    }
    let dragon = b.unit(1).expect("dragon").base();
    let archers = b.unit(2).expect("archers").base();
    let (spot, facing) = contact_spot(&dragon, &archers);
    let cmd = CwCommand::Move {
        unit: 1,
        path: vec![(spot.x, spot.y)],
        facing,
        mode: MoveMode::Engage { target: 2 },
    };
    let odds = b.odds(&cmd, &tables, &table);
    assert_eq!(odds.len(), 1, "{odds:?}");
    let shown = odds[0].1;
    assert!(shown < 0.5, "the fire is likely to kill it: {odds:?}");
    let runs: u32 = 1000;
    let mut landed = 0;
    for seed in 0..runs {
        let mut g = b.clone();
        let mut dice = Dice::new(u64::from(seed));
        let mut log = GameLog::default();
        g.apply(&cmd, &tables, &table, &mut dice, &mut log)
            .expect("engaging landing");
        if g.unit(1).is_some_and(|d| d.alive() && !d.airborne()) {
            landed += 1;
        }
    }
    let seen = f64::from(landed) / f64::from(runs);
    assert!((seen - shown).abs() < 0.05, "seen {seen}, shown {shown}");
}

#[test]
fn cw_rng_3_the_card_and_rings_show_the_reach_a_shot_uses() {
    // CW-RNG-3 … CW-RNG-6: grounded archers reach an airborne target 6"
    // less far (its distance counts +6"); an airborne dragon reaches ground
    // targets 3"/6" further (CW-RNG-4) and airborne ones unmodified
    // (CW-RNG-5). The card states both, from range_check.
    let (b, tables, _) = duel((20.0, 18.0), (20.0, 31.0));
    let summary = view::units(&b, &tables);
    let dragon = summary.iter().find(|u| u.piece.id == 1).expect("dragon");
    let archers = summary.iter().find(|u| u.piece.id == 2).expect("archers");
    assert_eq!(dragon.ranges, vec![11.0, 22.0]);
    assert_eq!(archers.ranges, vec![15.0, 30.0]);
    let card = archers.card.join(" ");
    assert!(card.contains("airborne targets at 9″/24″"), "{card}");
    let card = dragon.card.join(" ");
    assert!(card.contains("ground targets at 11″/22″"), "{card}");
    assert!(card.contains("airborne targets at 8″/16″"), "{card}");
    use crate::rules::clan_war::ranged::range_check;
    let rv = &tables.settings.ranged;
    let (ground, air) = (FlightState::Grounded, FlightState::Airborne);
    let at = |d: f32| range_check(15.0, 30.0, d, ground, air, rv).band;
    assert_eq!(at(9.0), RangeBand::Close);
    assert_eq!(at(9.01), RangeBand::Extended);
}

#[test]
fn cw_eng_6_an_engaging_landing_may_not_end_under_an_airborne_unit() {
    // D12 (L52; CW-ENG-6): a landing unit "cannot land with any of its
    // models overlapping any other unit, friend or foe": an airborne enemy
    // dragon over the contact spot forbids the landing there.
    let (mut b, tables, table) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 20.0), facing: 0.0),
           (id: 2, side: "Crane", unit_type: "fire_dragon", at: (34.0, 20.0), facing: 0.0),
           (id: 3, side: "Crane", unit_type: "crane_bushi", at: (20.0, 30.0), facing: 180.0)"#,
    );
    let bushi = b.unit(3).expect("bushi").base();
    let lion = b.unit(1).expect("lion dragon").base();
    let (spot, facing) = contact_spot(&lion, &bushi);
    for id in [1, 2] {
        if let Some(d) = b.unit_mut(id) {
            d.flight = FlightState::Airborne;
        }
    }
    if let Some(d) = b.unit_mut(2) {
        d.pos = TablePos {
            x: spot.x,
            y: spot.y,
            facing,
        };
    }
    let snapshot = b.clone();
    let mut dice = Dice::new(1);
    let mut log = GameLog::default();
    let r = b
        .apply(
            &CwCommand::Move {
                unit: 1,
                path: vec![(spot.x, spot.y)],
                facing,
                mode: MoveMode::Engage { target: 3 },
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect_err("the spot is under the Crane dragon");
    assert_eq!(r.rule, "CW-ENG-6", "{r}");
    assert_eq!(b, snapshot);
}

#[test]
fn cw_frc_3_a_forced_landing_clears_airborne_units_by_an_inch() {
    // D12 (L71; CW-FRC-3): a forced landing that "would land on, or in
    // contact with any unit" goes on until 1" clear: the Crane dragon
    // 0.9" ahead is airborne, and still counts.
    let (mut b, tables, table) = dragons_crossing();
    // The Crane dragon counts as having moved: it stays airborne.
    b.acted.push(2);
    let mut dice = Dice::new(1);
    let mut log = GameLog::default();
    end_movement_phase(&mut b, &tables, &table, &mut dice, &mut log);
    assert!(b.unit(2).is_some_and(|d| d.airborne()));
    let lion = b.unit(1).expect("lion dragon");
    assert!(!lion.airborne(), "the idle flyer force-lands (CW-FLY-10)");
    let crane = b.unit(2).expect("crane dragon").base();
    let gap = lion.base().distance_to(&crane);
    assert!(
        gap >= 1.0 - 1e-3,
        "1\" clear of the airborne dragon, not {gap}"
    );
}

#[test]
fn cw_hos_7_a_holder_shot_down_taking_flight_gives_the_hostage_to_its_foes() {
    // D11 (L93; CW-HOS-7): a captor removed while engaged gives its
    // hostage to a unit engaged with it. The holding dragon takes flight
    // and the bushi it was engaged with shoot it down with parting shots.
    let (mut b, tables, table) = skirmish(
        r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 20.0), facing: 0.0),
           (id: 2, side: "Crane", unit_type: "crane_bushi", at: (20.0, 23.005), facing: 180.0)"#,
    );
    b.hostage = Some(CwHostage {
        name: "Doji Hostage".into(),
        state: Hostage {
            clan: "crane".into(),
            holder: 1,
            holder_side: 0,
            captor_side: 0,
            alive: true,
        },
    });
    if let Some(d) = b.unit_mut(1) {
        d.wounds = 7;
    }
    let mut dice = Dice::new(3);
    // Every parting shot hits and wounds (a single model tests nothing).
    dice.load([10; 24]);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::Move {
            unit: 1,
            path: vec![(20.0, 12.0)],
            facing: 180.0,
            mode: MoveMode::EscapeByAir,
        },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("escape by air");
    assert!(b.unit(1).is_some_and(|d| !d.alive()), "shot down");
    let h = b.hostage.as_ref().expect("hostage");
    assert!(h.state.alive, "recovered, not lost");
    assert_eq!((h.state.holder, h.state.holder_side), (2, 1));
    assert!(log.entries.iter().any(|e| e.rule == "CW-HOS-7"));
}

#[test]
fn cw_fly_5_difficult_terrain_stops_a_take_off() {
    // D4 (L25; CW-FLY-5): while taking off the unit "counts as on the
    // ground"; terrain that interferes "will prevent the take-off and end
    // the movement upon contact". A paddy 1" ahead stops the dragon there.
    let tables = CwTables::load().expect("tables");
    let text = r#"(ruleset: "clan_war", name: "paddy", turn_limit: 2,
        table: (width: 48.0, depth: 48.0, areas: [
          (name: "Rice paddy", effects: [Difficult], height: 0.0,
           points: [(5.0, 13.0), (15.0, 13.0), (15.0, 20.0), (5.0, 20.0)])]),
        sides: [(name: "Lion", edge: South, color: (1.0, 0.5, 0.0)),
                (name: "Crane", edge: North, color: (0.0, 0.5, 1.0))],
        units: [
          (id: 1, side: "Lion", unit_type: "fire_dragon", at: (10.0, 10.0), facing: 0.0),
          (id: 2, side: "Crane", unit_type: "crane_bushi", at: (40.0, 40.0), facing: 180.0)],
        setup: (armies: [(side: "Lion", clan: "lion"), (side: "Crane", clan: "crane")]))"#;
    let s = crate::engine::table_scenario::TableScenario::<CwSetup>::from_str(
        "paddy.ron",
        text,
        &tables,
    )
    .expect("scenario");
    let table = s.build_table();
    let mut b = CwBattle::new(&s, &tables);
    let mut dice = Dice::new(1);
    let mut log = GameLog::default();
    b.apply(
        &CwCommand::Move {
            unit: 1,
            path: vec![(10.0, 20.0)],
            facing: 0.0,
            mode: MoveMode::TakeOff,
        },
        &tables,
        &table,
        &mut dice,
        &mut log,
    )
    .expect("a stopped take-off is still a move");
    let d = b.unit(1).expect("dragon");
    assert!(!d.airborne(), "the paddy stops the take-off");
    let front = d.base().front_center().y;
    assert!(
        front <= 13.0 + 1e-3 && front > 12.8,
        "front at the paddy's edge, not {front}"
    );
}
