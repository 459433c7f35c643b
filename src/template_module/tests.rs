//! The template module on the conformance suite: what its registry line
//! (`v.visit::<template_module::Cups>();` in `src/rules/mod.rs`) would
//! give it, run on its own scenario. A new module copies this test until
//! its registry line and a shipped scenario take over.

use super::{Cups, CupsCommand, CupsState, Stage, luck_chance, tables};
use crate::conformance::{assert_passed, run_module};
use crate::engine::core::{Rules, dry_run};
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::session;

const SCENARIO: (&str, &str) = ("three_cups.ron", include_str!("three_cups.ron"));

#[test]
fn the_template_module_passes_the_conformance_suite_with_hidden_information() {
    let games = 60;
    let report = run_module::<Cups>(&[(SCENARIO.0.into(), SCENARIO.1.into())], games);
    assert_passed(Cups::RULESET, &report, games);
    // CUP-1: the pebble is hidden from the seeker, and the suite checked it.
    assert!(report.observations > 0, "{report:?}");
}

#[test]
fn cup_1_the_seeker_does_not_see_the_pebble_and_an_undo_stops_at_the_guess() {
    let mut game =
        session::open_text::<Cups>(SCENARIO.0, SCENARIO.1, false, None, &[]).expect("scenario");
    game.apply(&CupsCommand::Hide { cup: 0 }).expect("hide");
    game.apply(&CupsCommand::Hide { cup: 2 })
        .expect("the hider moves it");
    assert!(game.undo(0).is_ok(), "the hider may take back a move");
    game.apply(&CupsCommand::Hide { cup: 2 })
        .expect("hide again");
    game.apply(&CupsCommand::Done).expect("done");
    assert_eq!(Cups::observation(&game.ctx, &game.state, 0).pebble, Some(2));
    assert_eq!(Cups::observation(&game.ctx, &game.state, 1).pebble, None);
    let before = game.state.clone();
    let guess = CupsCommand::Guess { cup: 0 };
    assert!(Cups::reveals(&game.ctx, &before, &guess, &game.dice, 1));
}

#[test]
fn cup_3_the_luck_roll_logs_the_chance_the_tables_give() {
    let t = tables().expect("cups.ron");
    let mut game =
        session::open_text::<Cups>(SCENARIO.0, SCENARIO.1, false, Some(1), &[]).expect("scenario");
    game.apply(&CupsCommand::Hide { cup: 1 }).expect("hide");
    game.apply(&CupsCommand::Done).expect("done");
    game.apply(&CupsCommand::Guess { cup: 1 }).expect("guess");
    assert_eq!(game.state.points, [0, 1], "CUP-2: found, the seeker scores");
    game.apply(&CupsCommand::Luck).expect("luck");
    let e = game
        .log
        .entries
        .iter()
        .find(|e| e.rule == "CUP-3")
        .expect("CUP-3");
    let lucky = e.dice[0] >= t.bonus_from;
    let p = if lucky {
        luck_chance(&t)
    } else {
        1.0 - luck_chance(&t)
    };
    assert_eq!(e.probability, Some(p));
    assert_eq!(game.state.points[1], 1 + u32::from(lucky));
    assert_eq!(game.state.hider, 1, "the sides swap roles");
}

#[test]
fn cup_2_a_wrong_step_is_refused_and_changes_nothing() {
    let ctx =
        Cups::context(&Cups::parse_scenario(SCENARIO.0, SCENARIO.1).expect("s")).expect("ctx");
    let state: CupsState = Cups::new_state(&ctx, &Dice::new(1), &mut GameLog::default());
    assert_eq!(state.stage, Stage::Hide);
    let r = dry_run::<Cups>(&ctx, &state, &CupsCommand::Guess { cup: 0 }, &Dice::new(1))
        .expect_err("a guess before the pebble is hidden");
    assert_eq!(r.rule, "CUP-1");
    let r = dry_run::<Cups>(&ctx, &state, &CupsCommand::Done, &Dice::new(1))
        .expect_err("done before hiding");
    assert_eq!(r.rule, "CUP-1");
    let r = dry_run::<Cups>(&ctx, &state, &CupsCommand::Hide { cup: 3 }, &Dice::new(1))
        .expect_err("a fourth cup of three");
    assert_eq!(r.rule, "CUP-1");
}

#[test]
fn a_broken_scenario_names_its_line() {
    let text = SCENARIO.1.replace("cups: 3", "cups: 9");
    let e = Cups::parse_scenario("bad.ron", &text).expect_err("9 cups");
    assert!(e.message.contains("cups must be 2 to"), "{e}");
    assert_eq!(e.line, Some(6));
}
