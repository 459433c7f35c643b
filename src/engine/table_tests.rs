//! Tests of the open table's measurement, line of sight and terrain.

use super::*;

fn base(x: f32, y: f32, facing: f32, frontage: f32, depth: f32) -> Base {
    Base {
        center: Vec2::new(x, y),
        facing,
        frontage,
        depth,
    }
}

fn table(areas: Vec<AreaSpec>) -> Table {
    Table::new(&TableSpec {
        width: 48.0,
        depth: 48.0,
        areas,
    })
    .expect("convex areas")
}

fn area(name: &str, effects: &[AreaEffect], height: f32, pts: &[(f32, f32)]) -> AreaSpec {
    AreaSpec {
        look: None,
        name: name.into(),
        effects: effects.to_vec(),
        height,
        points: pts.to_vec(),
    }
}

#[test]
fn edge_to_edge_distance_between_rotated_bases() {
    // A: 4 wide, 2 deep, facing north; B: 4 wide, 2 deep, facing east, so
    // its depth lies along x.
    let a = base(0.0, 0.0, 0.0, 4.0, 2.0);
    let b = base(10.0, 0.0, 90.0, 4.0, 2.0);
    assert!((a.distance_to(&b) - 7.0).abs() < 1e-3);
    // A 2″ square turned 45° reaches √2 along x.
    let c = base(0.0, 0.0, 45.0, 2.0, 2.0);
    let d = base(10.0, 0.0, 0.0, 2.0, 2.0);
    let expect = 10.0 - 1.0 - 2f32.sqrt();
    assert!(
        (c.distance_to(&d) - expect).abs() < 1e-3,
        "{}",
        c.distance_to(&d)
    );
    assert!(c.within(&d, 7.6) && !c.within(&d, 7.5));
    // Touching bases are in contact and do not overlap.
    let e = base(2.0, 0.0, 0.0, 2.0, 2.0);
    assert!(d.distance_to(&d.at(Vec2::new(12.0, 0.0), 0.0)) < 1e-3);
    assert!(c.at(Vec2::ZERO, 0.0).in_contact(&e));
    assert!(!c.at(Vec2::ZERO, 0.0).overlaps(&e));
    assert!(c.at(Vec2::new(0.5, 0.0), 0.0).overlaps(&e));
}

#[test]
fn arcs_front_flank_rear() {
    let a = base(10.0, 10.0, 0.0, 4.0, 2.0);
    assert_eq!(a.arc_of(Vec2::new(10.0, 20.0)), Arc::Front);
    assert_eq!(a.arc_of(Vec2::new(14.0, 14.0)), Arc::Front);
    assert_eq!(a.arc_of(Vec2::new(20.0, 10.0)), Arc::Flank);
    assert_eq!(a.arc_of(Vec2::new(10.0, 0.0)), Arc::Rear);
    let turned = a.at(a.center, 90.0);
    assert_eq!(turned.arc_of(Vec2::new(20.0, 10.0)), Arc::Front);
    assert_eq!(turned.arc_of(Vec2::new(10.0, 20.0)), Arc::Flank);
}

#[test]
fn ninety_degree_forward_arc_from_the_front_corners() {
    let a = base(10.0, 10.0, 0.0, 4.0, 2.0);
    // Front corners at (8, 11) and (12, 11).
    let small = |x: f32, y: f32| base(x, y, 0.0, 0.5, 0.5);
    assert!(a.in_forward_arc(&small(10.0, 20.0)));
    assert!(a.in_forward_arc(&small(19.0, 19.5))); // just inside the 45° line
    assert!(!a.in_forward_arc(&small(22.0, 16.0))); // outside to the right
    assert!(!a.in_forward_arc(&small(10.0, 5.0))); // behind
    // A long enemy line across the front is in the arc though its
    // corners and centre are far outside it.
    let wide = base(40.0, 14.0, 0.0, 70.0, 1.0);
    assert!(a.in_forward_arc(&wide));
}

#[test]
fn thirty_degree_approach_angle() {
    let target = base(10.0, 20.0, 180.0, 4.0, 2.0); // faces south
    let head_on = base(10.0, 10.0, 0.0, 4.0, 2.0);
    assert!(head_on.approach_angle(&target) < 1e-3);
    let slanted = head_on.at(Vec2::new(6.0, 10.0), 25.0);
    assert!((slanted.approach_angle(&target) - 25.0).abs() < 1e-3);
    assert!(slanted.approach_angle(&target) <= 30.0);
    let steep = head_on.at(Vec2::new(6.0, 10.0), 40.0);
    assert!(steep.approach_angle(&target) > 30.0);
    // From the side the relevant edge is the flank.
    let flanker = base(20.0, 20.0, 270.0, 2.0, 2.0);
    assert!(flanker.approach_angle(&target) < 1e-3);
}

#[test]
fn moves_may_not_overlap_or_touch_other_units() {
    let t = table(vec![]);
    let mover = base(10.0, 10.0, 0.0, 2.0, 2.0);
    let blocker = base(10.0, 16.0, 0.0, 4.0, 2.0);
    // Straight ahead: contact after 4″ (front edge 11 → 15).
    match t.check_move(
        &mover,
        &[Vec2::new(10.0, 20.0)],
        0.0,
        12.0,
        false,
        &[blocker],
        &[],
    ) {
        Err(MoveError::Unit(0, at)) => assert!((at - 4.0).abs() < 1e-2, "{at}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Going around is fine.
    let around = [Vec2::new(16.0, 10.0), Vec2::new(16.0, 22.0)];
    let ok = t
        .check_move(&mover, &around, 0.0, 20.0, false, &[blocker], &[])
        .expect("clear path");
    assert!((ok.length - 18.0).abs() < 1e-3);
    // Too far for the allowance.
    assert!(matches!(
        t.check_move(&mover, &around, 0.0, 10.0, false, &[blocker], &[]),
        Err(MoveError::TooFar(..))
    ));
    // A charge may end in contact with its target, not cross it.
    let charge = t.check_move(
        &mover,
        &[Vec2::new(10.0, 14.0)],
        0.0,
        12.0,
        false,
        &[blocker],
        &[0],
    );
    assert!(charge.is_ok(), "{charge:?}");
    assert!(
        t.check_move(
            &mover,
            &[Vec2::new(10.0, 15.0)],
            0.0,
            12.0,
            false,
            &[blocker],
            &[0]
        )
        .is_err()
    );
    // Turning on the spot into an overlap is refused.
    let close = base(10.0, 12.6, 0.0, 4.0, 2.0);
    let long = base(10.0, 10.0, 0.0, 1.0, 4.0);
    assert!(
        t.check_move(&long, &[], 0.0, 5.0, false, &[close], &[])
            .is_err()
    );
}

#[test]
fn terrain_costs_and_impassable_areas() {
    let marsh = area(
        "Marsh",
        &[AreaEffect::Difficult],
        0.0,
        &[(8.0, 14.0), (16.0, 14.0), (16.0, 16.0), (8.0, 16.0)],
    );
    let cliff = area(
        "Cliff",
        &[AreaEffect::Impassable],
        0.0,
        &[(20.0, 5.0), (30.0, 5.0), (30.0, 30.0), (20.0, 30.0)],
    );
    let t = table(vec![marsh, cliff]);
    let c = t.segment_cost(Vec2::new(10.0, 10.0), Vec2::new(10.0, 20.0), false);
    assert!(
        (c.length - 10.0).abs() < 1e-3 && (c.cost - 12.0).abs() < 1e-3,
        "{c:?}"
    );
    let air = t.segment_cost(Vec2::new(10.0, 10.0), Vec2::new(10.0, 20.0), true);
    assert!((air.cost - 10.0).abs() < 1e-3);
    let mover = base(15.0, 10.0, 90.0, 2.0, 2.0);
    assert!(matches!(
        t.check_move(&mover, &[Vec2::new(25.0, 10.0)], 90.0, 12.0, false, &[], &[]),
        Err(MoveError::Impassable(name)) if name == "Cliff"
    ));
    // Crossing the cliff with both ends clear of it is refused too.
    let west = base(15.0, 20.0, 90.0, 2.0, 2.0);
    assert!(matches!(
        t.check_move(&west, &[Vec2::new(35.0, 20.0)], 90.0, 30.0, false, &[], &[]),
        Err(MoveError::Impassable(name)) if name == "Cliff"
    ));
    assert!(
        t.check_move(&west, &[Vec2::new(35.0, 20.0)], 90.0, 30.0, true, &[], &[])
            .is_ok()
    );
    // Flyers pass over what is not high-reaching.
    assert!(
        t.check_move(&mover, &[Vec2::new(35.0, 10.0)], 90.0, 22.0, true, &[], &[])
            .is_ok()
    );
    assert!(matches!(
        t.check_move(&mover, &[Vec2::new(60.0, 10.0)], 90.0, 50.0, true, &[], &[]),
        Err(MoveError::OffTable)
    ));
}

#[test]
fn line_of_sight_blocked_by_terrain_and_units_but_not_for_flyers_above() {
    let wood = area(
        "Wood",
        &[AreaEffect::BlocksLos, AreaEffect::Difficult],
        4.0,
        &[(10.0, 20.0), (20.0, 20.0), (20.0, 26.0), (10.0, 26.0)],
    );
    let crag = area(
        "Crag",
        &[AreaEffect::BlocksLos, AreaEffect::HighReaching],
        15.0,
        &[(30.0, 20.0), (40.0, 20.0), (40.0, 26.0), (30.0, 26.0)],
    );
    let t = table(vec![wood, crag]);
    let ground = |x: f32, y: f32| Eye {
        at: Vec2::new(x, y),
        height: MODEL_HEIGHT,
    };
    let air = |x: f32, y: f32| Eye {
        at: Vec2::new(x, y),
        height: 10.0,
    };
    assert_eq!(
        t.line_of_sight(ground(15.0, 10.0), ground(15.0, 35.0), &[]),
        Err(Blocked::Terrain("Wood".into()))
    );
    assert_eq!(
        t.line_of_sight(ground(15.0, 10.0), air(15.0, 35.0), &[]),
        Ok(())
    );
    assert_eq!(
        t.line_of_sight(ground(35.0, 10.0), air(35.0, 35.0), &[]),
        Err(Blocked::Terrain("Crag".into()))
    );
    // Beside the wood the line is clear; a unit in the way blocks it.
    assert_eq!(
        t.line_of_sight(ground(5.0, 10.0), ground(5.0, 35.0), &[]),
        Ok(())
    );
    let screen = Obstacle {
        base: base(5.0, 20.0, 0.0, 4.0, 1.0),
        height: MODEL_HEIGHT,
    };
    assert_eq!(
        t.line_of_sight(ground(5.0, 10.0), ground(5.0, 35.0), &[screen]),
        Err(Blocked::Unit(0))
    );
    assert_eq!(
        t.line_of_sight(ground(5.0, 10.0), air(5.0, 35.0), &[screen]),
        Ok(())
    );
    // A unit standing inside the wood sees out of it.
    assert_eq!(
        t.line_of_sight(ground(15.0, 24.0), ground(15.0, 40.0), &[]),
        Ok(())
    );
}

#[test]
fn footprints_and_convexity() {
    let f = Footprint::from_models(10, 5, 1.0, 1.0);
    assert_eq!((f.frontage, f.depth), (5.0, 2.0));
    let f = Footprint::from_models(7, 5, 1.0, 1.5);
    assert_eq!((f.frontage, f.depth), (5.0, 3.0));
    let single = Footprint::from_models(1, 4, 2.0, 2.0);
    assert_eq!((single.frontage, single.depth), (2.0, 2.0));
    let concave = area(
        "L",
        &[],
        0.0,
        &[
            (0.0, 0.0),
            (4.0, 0.0),
            (4.0, 1.0),
            (1.0, 1.0),
            (1.0, 4.0),
            (0.0, 4.0),
        ],
    );
    assert!(TerrainArea::new(concave).is_none());
    assert_eq!(bearing_of(Vec2::new(1.0, 0.0)).round(), 90.0);
    assert_eq!(angle_between(350.0, 10.0).round(), 20.0);
}
