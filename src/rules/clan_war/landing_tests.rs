//! Tests of landings, Dives and forced landings (CW-LAND-*, CW-DIVE-*).
#![cfg(test)]

use super::*;

/// The shipped landing values (`settings.ron`).
fn lv() -> LandingValues {
    crate::rules::clan_war::data::CwTables::load()
        .expect("tables")
        .settings
        .landing
}

fn lander(leadership: i32, tl: i32, single_model: bool) -> Lander {
    Lander {
        unit: 1,
        name: "test unit".into(),
        leadership,
        tl,
        single_model,
    }
}

#[test]
fn voluntary_landing_declaration_and_test() {
    // CW-LAND-1: declared at the phase start, >= half the movement.
    assert!(check_landing(true, 8.0, 4.0, &lv()).is_ok());
    assert_eq!(
        check_landing(false, 8.0, 6.0, &lv()).map_err(|r| r.rule),
        Err("CW-LAND-1".to_string())
    );
    assert!(check_landing(true, 8.0, 3.0, &lv()).is_err());
    // CW-LAND-2: complex, failure unformed; single model exempt.
    let conv = crate::rules::clan_war::test_roll::tests::shipped_convention();
    let mut dice = Dice::new(0);
    dice.load([4]);
    // 4 + 3 - 2 = 5 < 6: unformed.
    let o = landing_test(
        &mut dice,
        conv,
        LandingKind::Voluntary,
        &lander(3, 6, false),
        &lv(),
    )
    .expect("tested");
    assert!(o.unformed);
    let o = landing_test(
        &mut dice,
        conv,
        LandingKind::Voluntary,
        &lander(6, 5, true),
        &lv(),
    )
    .expect("exempt");
    assert!(o.pass && !o.tested);
}

#[test]
fn reactionary_fire_at_an_engaging_flyer_is_close_range() {
    // CW-LAND-3.
    assert_eq!(
        reactionary_fire_band(true, RangeBand::Extended),
        RangeBand::Close
    );
    assert_eq!(
        reactionary_fire_band(false, RangeBand::Extended),
        RangeBand::Extended
    );
}

#[test]
fn gc_cw_11_dive_distance_and_landing_test() {
    // GC-CW-11 (CW-DIVE-1..4): Charge skill, movement 6": 3"-12", complex -2.
    let a = FlightState::Airborne;
    assert_eq!(dive_bounds(6.0, &lv()), (3.0, 12.0));
    for d in [3.0, 12.0] {
        assert_eq!(
            check_dive_move(a, true, false, 6.0, d, DiveUse::Landing, &[], &lv()),
            Ok(LandingKind::Dive)
        );
    }
    assert_eq!(
        check_dive_move(a, true, false, 6.0, 12.5, DiveUse::Landing, &[], &lv())
            .map_err(|r| r.rule),
        Err("CW-DIVE-2".to_string())
    );
    assert!(check_dive_move(a, true, false, 6.0, 2.9, DiveUse::Landing, &[], &lv()).is_err());
    // Without the Charge skill or card: illegal (CW-DIVE-1); with the card: legal.
    assert_eq!(
        check_dive(a, false, false).map_err(|r| r.rule),
        Err("CW-DIVE-1".to_string())
    );
    assert_eq!(check_dive(a, false, true), Ok(DiveSource::ChargeCard));
    assert!(check_dive(FlightState::Grounded, true, false).is_err());
    // Landing test: complex (-2) and dive (-2): Leadership 5 vs TL 6 needs a 5+.
    let t = landing_test_for(LandingKind::Dive, &lander(5, 6, false), &lv()).expect("test");
    let conv = crate::rules::clan_war::test_roll::tests::shipped_convention();
    let v = super::super::maneuver::maneuver_value(
        t.leadership,
        t.kind,
        &t.modifiers,
        conv.complex_maneuver,
    );
    assert_eq!(v.total(), 1);
    let mut dice = Dice::new(0);
    dice.load([4, 5]);
    let o = maneuver_test(&mut dice, conv, &t);
    assert!(!o.pass && o.unformed);
    let o = maneuver_test(&mut dice, conv, &t);
    assert!(o.pass && !o.unformed);
}

#[test]
fn dive_gives_no_combat_bonus_and_stacks_with_nothing() {
    // CW-DIVE-3 engaging use, CW-DIVE-5.
    let a = FlightState::Airborne;
    assert_eq!(dive_combat_modifier(), (0, 0));
    assert_eq!(
        check_dive_move(
            a,
            true,
            false,
            6.0,
            8.0,
            DiveUse::Engaging,
            &[CardKind::CombatModifier],
            &lv()
        )
        .map_err(|r| r.rule),
        Err("CW-DIVE-5".to_string())
    );
    assert!(
        check_dive_move(
            a,
            true,
            false,
            6.0,
            8.0,
            DiveUse::Engaging,
            &[CardKind::Defensive],
            &lv()
        )
        .is_ok()
    );
}

#[test]
fn gc_cw_12_airborne_engagement_landings() {
    // GC-CW-12 (CW-ENG-3, CW-ENG-4, CW-ENG-5).
    let base = EngagingMove {
        target_airborne: false,
        would_be_flanked: false,
        would_overlap: false,
        angle_ok: true,
        reached: true,
        dive: false,
    };
    // A: contact within 30 degrees (CW-ENG-2 touch-down in base contact): landed, test -1.
    let a = resolve_engaging_move(1, 2, &base).expect("legal");
    assert!(a.engaged);
    assert_eq!((a.short_by, a.state), (0.0, FlightState::Grounded));
    assert_eq!(a.landing.modifier(&lv()).map(|m| m.value), Some(-1));
    // B: 30 degrees impossible: 1" short, test -1.
    let b = resolve_engaging_move(
        1,
        2,
        &EngagingMove {
            angle_ok: false,
            ..base
        },
    )
    .expect("legal");
    assert!(!b.engaged);
    assert_eq!(b.short_by, 1.0);
    assert_eq!(b.landing, LandingKind::AngleNotPossible);
    assert_eq!(b.landing.modifier(&lv()).map(|m| m.value), Some(-1));
    // C: fails to reach: 1" short, normal landing test (no stated modifier).
    let c = resolve_engaging_move(
        1,
        2,
        &EngagingMove {
            reached: false,
            ..base
        },
    )
    .expect("legal");
    assert_eq!((c.engaged, c.short_by), (false, 1.0));
    assert_eq!(c.landing, LandingKind::FailedToReach);
    assert_eq!(c.landing.modifier(&lv()), None);
    // Any failure -> unformed: the landing test of case A fails on a 1.
    let t = landing_test_for(a.landing, &lander(3, 6, false), &lv()).expect("test");
    let mut dice = Dice::new(0);
    dice.load([1]);
    assert!(
        maneuver_test(
            &mut dice,
            crate::rules::clan_war::test_roll::tests::shipped_convention(),
            &t
        )
        .unformed
    );
    // CW-ENG-1: no minimum distance; the dive variant uses the -2 test (CW-DIVE-4).
    let d = resolve_engaging_move(1, 2, &EngagingMove { dive: true, ..base }).expect("legal");
    assert_eq!(d.landing, LandingKind::Dive);
    assert!(d.engaged);
}

#[test]
fn engagement_prohibitions() {
    // CW-ENG-6 flanked / overlap; CW-FBY-1 airborne target.
    let base = EngagingMove {
        target_airborne: false,
        would_be_flanked: true,
        would_overlap: false,
        angle_ok: true,
        reached: true,
        dive: false,
    };
    assert_eq!(
        resolve_engaging_move(1, 2, &base).map_err(|r| r.rule),
        Err("CW-ENG-6".to_string())
    );
    let m = EngagingMove {
        would_be_flanked: false,
        would_overlap: true,
        ..base
    };
    assert_eq!(
        resolve_engaging_move(1, 2, &m).map_err(|r| r.rule),
        Err("CW-ENG-6".to_string())
    );
    let m = EngagingMove {
        would_be_flanked: false,
        target_airborne: true,
        ..base
    };
    assert_eq!(
        resolve_engaging_move(1, 2, &m).map_err(|r| r.rule),
        Err("CW-FBY-1".to_string())
    );
    assert!(check_landing_spot(false).is_ok());
}

#[test]
fn gc_cw_14_taking_flight_out_of_an_engagement() {
    // GC-CW-14 (CW-ENG-7): successful Break-Away declaring flight: full move, +1/+1.
    let e = Escape {
        unit: 1,
        how: LeaveEngagement::BreakAway,
        take_flight: true,
        has_flight: true,
        succeeded: true,
        movement: 8.0,
    };
    let o = escape(&e).expect("legal");
    assert_eq!(
        (o.moved, o.state, o.parting_shot_bonus),
        (8.0, FlightState::Airborne, (1, 1))
    );
    // The parting shots, ATT a = 3, DAM d = 3, become 4 and 4.
    let sit = super::super::combat::AttackSituation {
        parting_shot_at_flyer: o.parting_shot_bonus == (1, 1),
        ..Default::default()
    };
    assert_eq!(super::super::combat::attack_value(3, &sit).total(), 4);
    assert_eq!(super::super::combat::damage_value(3, &sit).total(), 4);
    // On the ground instead: no bonus; without Flight: refused.
    let g = escape(&Escape {
        take_flight: false,
        ..e
    })
    .expect("legal");
    assert_eq!(
        (g.state, g.parting_shot_bonus),
        (FlightState::Grounded, (0, 0))
    );
    assert!(
        escape(&Escape {
            has_flight: false,
            ..e
        })
        .is_err()
    );
    assert_eq!(
        escape(&Escape {
            succeeded: false,
            ..e
        })
        .map(|o| o.moved),
        Ok(0.0)
    );
}

#[test]
fn gc_cw_13_forced_landing_onto_occupied_ground() {
    // GC-CW-13 (CW-FRC-2, CW-FRC-3): E = 0.5, 3, 4, 5 -> 1, 2, 2, 3 dice; unformed, spent.
    for (e, n) in [(0.5, 1), (3.0, 2), (4.0, 2), (5.0, 3)] {
        let r = forced_landing(&ForcedLanding {
            unit: 1,
            movement: 8.0,
            extension: e,
            single_model: false,
            condition: Condition::Formed,
            spent_turns: 0,
            inches_per_damage_die: 2.0,
            move_share: 0.5,
        });
        assert_eq!(r.damage_dice, n, "extension {e}");
        assert_eq!(r.condition, Condition::Unformed);
        assert_eq!(r.spent_turns, 1);
        assert_eq!(r.state, FlightState::Grounded);
        assert_eq!(r.landing_move, 4.0 + e);
    }
    // Already spent: stays spent one more turn.
    let r = forced_landing(&ForcedLanding {
        unit: 1,
        movement: 8.0,
        extension: 3.0,
        single_model: false,
        condition: Condition::Formed,
        spent_turns: 1,
        inches_per_damage_die: 2.0,
        move_share: 0.5,
    });
    assert_eq!(r.spent_turns, 2);
}

#[test]
fn forced_landing_causes_single_models_and_damage_roll() {
    // CW-FRC-1 causes; CW-FRC-2 single model stays formed; CW-FRC-3 dice.
    for c in [
        ForcedCause::SpellOrCard,
        ForcedCause::BecameSpent,
        ForcedCause::LostMovement,
    ] {
        assert!(forced_landing_required(FlightState::Airborne, c));
        assert!(!forced_landing_required(FlightState::Grounded, c));
    }
    let r = forced_landing(&ForcedLanding {
        unit: 9,
        movement: 8.0,
        extension: 0.0,
        single_model: true,
        condition: Condition::Formed,
        spent_turns: 0,
        inches_per_damage_die: 2.0,
        move_share: 0.5,
    });
    assert_eq!(
        (r.condition, r.damage_dice, r.spent_turns),
        (Condition::Formed, 0, 0)
    );
    assert!(landing_test_for(LandingKind::Forced, &lander(6, 5, true), &lv()).is_none());
    let mut dice = Dice::new(0);
    dice.load([8, 7]);
    let (w, e) = roll_forced_landing_damage(
        &mut dice,
        crate::rules::clan_war::test_roll::tests::shipped_convention(),
        9,
        2,
        8,
    );
    assert_eq!(w, 1);
    assert_eq!(e.rule, "CW-FRC-3");
}
