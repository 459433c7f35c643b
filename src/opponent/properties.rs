//! The opponent's properties over every registered module and shipped
//! scenario: fair (blind to what its side cannot see), seeded, resumable
//! from a save, and stronger than the scripted play in a short match.

use crate::conformance::scenarios_of;
use crate::engine::core::{Module, ToAct, dry_run};
use crate::engine::dice::Dice;
use crate::engine::game::Game;
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;

use super::driver::{Seat, play_decision};
use super::search::Opponent;
use super::{Level, Player};
use crate::cli::matches::run_match;

/// Plays the scripted default play from the start of `text` until `stop`
/// says so (or the game ends); returns the game there.
fn play_until<R: Module>(
    file: &str,
    text: &str,
    seed: u64,
    mut stop: impl FnMut(&Game<R>) -> bool,
) -> Option<Game<R>> {
    let mut g = session::open_text::<R>(file, text, false, Some(seed), &[]).ok()?;
    let mut seat = [Seat::new(Player::Default, 0), Seat::new(Player::Default, 0)];
    for _ in 0..5_000 {
        g.advance();
        if stop(&g) {
            return Some(g);
        }
        let ToAct::Side(side) = g.to_act() else {
            return None;
        };
        let d = play_decision(&mut g, side, &mut seat[usize::from(side)]);
        if d.commands == 0 {
            return None;
        }
    }
    None
}

struct Fairness {
    checked: u32,
}

impl ModuleVisitor for Fairness {
    fn visit<R: Module>(&mut self) {
        for (file, text) in scenarios_of::<R>() {
            for seed in 0..3 {
                // A decision of one side while the other holds something hidden.
                let found = play_until::<R>(&file, &text, seed, |g| match g.to_act() {
                    ToAct::Side(s) => R::hidden_variant(&g.ctx, &g.state, 1 - s).is_some(),
                    _ => false,
                });
                let Some(g) = found else { continue };
                let ToAct::Side(side) = g.to_act() else {
                    continue;
                };
                let Some(variant) = R::hidden_variant(&g.ctx, &g.state, 1 - side) else {
                    continue;
                };
                assert_ne!(variant, g.state);
                let opp = Opponent::new(Level::Easy, 7);
                let a = opp.decide::<R>(&g.ctx, &R::observation(&g.ctx, &g.state, side), side, 3);
                let b = opp.decide::<R>(&g.ctx, &R::observation(&g.ctx, &variant, side), side, 3);
                assert_eq!(
                    a, b,
                    "{file}: the opponent's decision depends on hidden information"
                );
                self.checked += 1;
            }
        }
    }
}

#[test]
fn the_opponent_decides_the_same_whatever_it_cannot_see() {
    let mut f = Fairness { checked: 0 };
    visit_all(&mut f);
    assert!(f.checked > 0, "no state with hidden information was found");
}

struct Seeded;

impl ModuleVisitor for Seeded {
    fn visit<R: Module>(&mut self) {
        for (file, text) in scenarios_of::<R>() {
            let g = session::open_text::<R>(&file, &text, false, Some(5), &[]).expect("scenario");
            let mut g = g;
            g.advance();
            let ToAct::Side(side) = g.to_act() else {
                continue;
            };
            let obs = R::observation(&g.ctx, &g.state, side);
            let opp = Opponent::new(Level::Easy, 11);
            let (a, ea) = opp.decide::<R>(&g.ctx, &obs, side, 0);
            let (b, eb) = opp.decide::<R>(&g.ctx, &obs, side, 0);
            assert_eq!(a, b, "{file}: one seed, two decisions");
            assert_eq!(ea, eb);
            let a = a.expect("a decision");
            // Listed, or the scripted play's own (a continuous move the
            // finite list need not hold): either way `apply` accepts it.
            assert!(
                R::legal_commands(&g.ctx, &obs, side).contains(&a)
                    || R::default_commands(&g.ctx, &obs, side).first() == Some(&a),
                "{file}: the opponent chose a command that is neither listed nor scripted"
            );
            assert!(
                dry_run::<R>(&g.ctx, &g.state, &a, &Dice::new(0)).is_ok(),
                "{file}: the opponent's command is refused"
            );
            assert!(
                ea.playouts > 0 || ea.candidates <= 1,
                "{file}: no playout: {ea:?}"
            );
        }
    }
}

#[test]
fn one_seed_and_one_observation_give_one_legal_decision() {
    visit_all(&mut Seeded);
}

struct Resumable;

impl ModuleVisitor for Resumable {
    fn visit<R: Module>(&mut self) {
        for (file, text) in scenarios_of::<R>() {
            let players = [Player::Computer(Level::Easy), Player::Default];
            let seats = || [0u8, 1].map(|s| Seat::new(players[usize::from(s)], 40 + u64::from(s)));
            let mut whole =
                session::open_text::<R>(&file, &text, false, Some(9), &[]).expect("scenario");
            let mut s1 = seats();
            session::run_sim_with(&mut whole, None, None, None, Some(&mut s1));
            assert!(whole.outcome().is_some(), "{file}: the game did not end");
            let mut part =
                session::open_text::<R>(&file, &text, false, Some(9), &[]).expect("scenario");
            let mut s2 = seats();
            session::run_sim_with(&mut part, None, Some(1), None, Some(&mut s2));
            let save = part.save_text().expect("save");
            let mut back = Game::<R>::load_save("mid.ron", &save).expect("load");
            let mut s3 = seats();
            session::run_sim_with(&mut back, None, None, None, Some(&mut s3));
            assert_eq!(
                back.log.to_jsonl(),
                whole.log.to_jsonl(),
                "{file}: a computer game resumed from a save went otherwise"
            );
        }
    }
}

/// Where a module bounds the work of a decision
/// ([`RulesHints::opponent_work`](crate::engine::core::RulesHints::opponent_work)),
/// *normal* runs at most its level's playouts and the pilot under that
/// bound, and fewer than its level's under a bound that binds (one
/// command), on a decision among more than two candidates a few
/// decisions into each shipped scenario.
struct Bounded {
    checked: u32,
}

impl ModuleVisitor for Bounded {
    fn visit<R: Module>(&mut self) {
        for (file, text) in scenarios_of::<R>() {
            let mut n = 0;
            let found = play_until::<R>(&file, &text, 4, |g| match g.to_act() {
                ToAct::Side(s) => {
                    R::opponent_focus(&g.ctx, &g.state, s).is_some_and(|f| f.candidates.len() > 2)
                        && {
                            n += 1;
                            n > 3
                        }
                }
                _ => false,
            });
            let Some(g) = found else { continue };
            let Some(cap) = R::opponent_work(&g.ctx, &g.state) else {
                continue;
            };
            let ToAct::Side(side) = g.to_act() else {
                continue;
            };
            let obs = R::observation(&g.ctx, &g.state, side);
            let normal = Opponent::new(Level::Normal, 1);
            let (_, own) = normal.decide::<R>(&g.ctx, &obs, side, 7);
            assert!(
                own.playouts <= Level::Normal.playouts() + 1,
                "{file}: {} playouts under a bound of {cap} commands",
                own.playouts
            );
            let (_, tight) = normal.decide_within::<R>(&g.ctx, &obs, side, 7, Some(1));
            assert!(
                tight.playouts < Level::Normal.playouts(),
                "{file}: {} playouts under a bound of one command",
                tight.playouts
            );
            self.checked += 1;
        }
    }
}

#[test]
fn a_bounded_module_spends_fewer_playouts_than_the_level() {
    let mut b = Bounded { checked: 0 };
    visit_all(&mut b);
    assert!(b.checked > 0, "no bounded decision was found");
}

#[test]
fn a_computer_game_resumed_from_a_save_goes_on_identically() {
    visit_all(&mut Resumable);
}

/// Games per module in the CI short match, shared out over up to
/// [`SHORT_MATCH_SCENARIOS`] of its shipped scenarios (sides swapped every
/// game, at least one game a side on each). Six keeps RAN (several seconds
/// a game for *normal* in the test build) inside the CI budget however many
/// scenarios a module ships; the long matches, on every scenario, are
/// `kassen match`.
const SHORT_MATCH_GAMES: u32 = 6;

/// Scenarios per module in the CI short match: the first, the last and one
/// between ([`crate::conformance::spread_scenarios_of`]).
const SHORT_MATCH_SCENARIOS: usize = 3;

/// The games each of `n` scenarios gets: an even share of
/// [`SHORT_MATCH_GAMES`], at least two.
fn short_match_share(n: usize) -> u32 {
    let n = u32::try_from(n.max(1)).unwrap_or(u32::MAX);
    (SHORT_MATCH_GAMES.div_ceil(n).div_ceil(2) * 2).max(2)
}

struct ShortMatch;

impl ModuleVisitor for ShortMatch {
    fn visit<R: Module>(&mut self) {
        let scenarios = crate::conformance::spread_scenarios_of::<R>(SHORT_MATCH_SCENARIOS);
        let share = short_match_share(scenarios.len());
        let (mut points, mut games) = (0.0, 0u32);
        for (file, text) in &scenarios {
            let r = run_match::<R>(
                file,
                text,
                [Player::Computer(Level::Normal), Player::Default],
                share,
                1,
                2,
            )
            .expect("match");
            eprint!("{}", r.text());
            assert_eq!(r.games, share);
            assert!(r.refused.is_empty(), "{file}: {:?}", r.refused);
            points += r.score(0) * f64::from(r.games);
            games += r.games;
        }
        if games > 0 {
            let score = points / f64::from(games);
            assert!(
                score >= 0.5,
                "{}: normal scored {score:.2} against the scripted play over {games} games",
                R::TITLE
            );
        }
    }
}

#[test]
fn the_short_match_shares_its_games_out_over_the_scenarios() {
    assert_eq!(short_match_share(1), 6);
    assert_eq!(short_match_share(2), 4);
    assert_eq!(short_match_share(3), 2);
    assert_eq!(short_match_share(7), 2);
    assert_eq!(short_match_share(0), 6);
}

/// A short match in CI: *normal* scores at least half against the scripted
/// play over about [`SHORT_MATCH_GAMES`] games of each module, on up to
/// [`SHORT_MATCH_SCENARIOS`] of its shipped scenarios, each played from both
/// sides (the long matches are `kassen match`, e.g. `--games 400`).
#[test]
fn the_computer_beats_the_scripted_play_in_a_short_match() {
    visit_all(&mut ShortMatch);
}

/// Bounded work at the limits: on each module's largest legal scenario
/// (its first shipped scenario grown to the stated limits), a decision of
/// each level spends at most three times its work budget beyond the
/// listing of its candidates (the budget, and the step a playout was
/// taking when it ran out: one step of the scripted play on the largest
/// RAN field, every unit's reach searched, costs about twice *easy*'s
/// budget), and the grown scenario holds at least four fifths
/// of the units its board allows.
/// The time these budgets take is measured by `kassen bench --largest`
/// (docs/opponent.md, "Thinking time").
struct AtTheLimits {
    levels: &'static [Level],
    checked: u32,
}

impl ModuleVisitor for AtTheLimits {
    fn visit<R: Module>(&mut self) {
        let Some((file, text)) = scenarios_of::<R>().into_iter().next() else {
            return;
        };
        let big = crate::cli::largest::largest_scenario(&file, &text).expect("the scenario grows");
        let mut g =
            session::open_text::<R>(&file, &big, false, Some(2), &[]).expect("the grown scenario");
        let units = R::describe(g.scenario()).units;
        assert!(
            units * 5 >= R::BOARD.unit_limit() * 4,
            "{file}: only {units} units at the limits"
        );
        g.advance();
        let ToAct::Side(side) = g.to_act() else {
            panic!("{file}: nobody decides at the start");
        };
        let obs = R::observation(&g.ctx, &g.state, side);
        for &level in self.levels {
            let (cmd, effort) = Opponent::new(level, 5).decide::<R>(&g.ctx, &obs, side, 0);
            assert!(cmd.is_some(), "{file}: {level:?} found no command");
            let budget = level.work_budget();
            assert!(
                effort.work - effort.listing <= 3 * budget,
                "{file}: {level:?} spent {} work units of a budget of {budget}, {} of them listing",
                effort.work,
                effort.listing
            );
            eprintln!(
                "{file} at the limits: {level:?} spent {} of {budget} work units ({} listing) in {} playouts",
                effort.work, effort.listing, effort.playouts
            );
        }
        self.checked += 1;
    }
}

#[test]
fn a_decision_on_the_largest_scenario_stays_within_its_work_budget() {
    let mut t = AtTheLimits {
        levels: &[Level::Easy],
        checked: 0,
    };
    visit_all(&mut t);
    assert!(t.checked > 0, "no largest scenario was decided on");
}

/// [`a_decision_on_the_largest_scenario_stays_within_its_work_budget`] for
/// *normal* and *hard* too (minutes in the test build):
/// `cargo test --lib -- --ignored every_level_on_the_largest`.
#[test]
#[ignore]
fn every_level_on_the_largest_scenario_stays_within_its_work_budget() {
    let mut t = AtTheLimits {
        levels: &Level::ALL,
        checked: 0,
    };
    visit_all(&mut t);
    assert!(t.checked > 0, "no largest scenario was decided on");
}
