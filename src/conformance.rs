//! The conformance suite, written once: every registered module on every
//! shipped scenario of its ruleset gets random games from `legal_commands`
//! (every listed command accepted, invariants after every command, the game
//! ending within its turn limit), illegal commands refused with a rule ID and
//! nothing changed, save and load at random points and replay from the
//! journal reproducing the checksum, saves in the middle of a phase playing
//! on identically to the end, and observations blind to the other
//! side's hidden information. The random choices come from their own seeded
//! generator, never the game's dice.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::core::{Module, ToAct, checksum};
use crate::engine::game::Game;
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;

/// What one module's run covered.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Scenarios played.
    pub scenarios: Vec<String>,
    /// Games played to their end.
    pub games: u32,
    /// Commands applied.
    pub commands: u64,
    /// Illegal commands checked.
    pub illegal: u64,
    /// Save/load and replay round trips checked.
    pub round_trips: u64,
    /// Finished games whose save passed `kassen replay --verify`.
    pub verified: u64,
    /// Points where the undo property was checked (`check_undo`).
    pub undo_checks: u64,
    /// Of those, undos allowed, made and redone.
    pub undos: u64,
    /// Observation pairs checked.
    pub observations: u64,
    /// Saves taken in the middle of a phase (the last command left the
    /// phase as it was) while a side decides, loaded and played on to the
    /// end identically.
    pub mid_phase_saves: u64,
}

pub use crate::session::scenarios_of;

/// Up to `n` of module `R`'s shipped scenarios, spread over its list (the
/// first, the last and evenly between), for the app's slower tests; the
/// conformance suite itself plays every one.
pub fn spread_scenarios_of<R: Module>(n: usize) -> Vec<(String, String)> {
    let all = scenarios_of::<R>();
    if all.len() <= n || n == 0 {
        return all;
    }
    let last = all.len() - 1;
    (0..n)
        .map(|i| all[i * last / (n - 1).max(1)].clone())
        .collect()
}

/// A random legal command for the side to act: the pass command with
/// probability 2/5, else one of the others.
fn pick<R: Module>(game: &Game<R>, side: u8, rng: &mut ChaCha8Rng) -> R::Command {
    let legal = R::legal_commands(&game.ctx, &game.state, side);
    let pass = R::pass_command(&game.ctx, &game.state, side);
    let others: Vec<&R::Command> = legal.iter().filter(|c| Some(*c) != pass.as_ref()).collect();
    assert!(
        pass.as_ref().is_none_or(|p| legal.contains(p)),
        "{}: the pass command is not listed as legal",
        R::RULESET
    );
    if (others.is_empty() || rng.random_ratio(2, 5))
        && let Some(p) = pass
    {
        return p;
    }
    assert!(
        !legal.is_empty(),
        "{}: a side to act has no legal command",
        R::RULESET
    );
    others
        .get(rng.random_range(0..others.len().max(1)))
        .map_or_else(|| legal[0].clone(), |c| (*c).clone())
}

/// Checks that each illegal example is refused with a rule ID and changes
/// nothing: not the checksum, the dice position or the log.
fn check_illegal<R: Module>(game: &mut Game<R>, report: &mut Report) {
    for (what, cmd) in R::illegal_examples(&game.ctx, &game.state) {
        let before = (
            checksum(&game.state),
            game.dice.rolled(),
            game.log.len(),
            game.journal.entries.len(),
        );
        let r = game.apply(&cmd);
        let Err(refusal) = r else {
            panic!(
                "{}: illegal command ({what}) accepted at {}: {cmd:?}",
                R::RULESET,
                game.phase_name()
            );
        };
        assert!(
            !refusal.rule.is_empty() && refusal.rule.chars().any(|c| c.is_ascii_uppercase()),
            "{}: refusal without a rule ID: {refusal:?}",
            R::RULESET
        );
        let after = (
            checksum(&game.state),
            game.dice.rolled(),
            game.log.len(),
            game.journal.entries.len(),
        );
        assert_eq!(
            before,
            after,
            "{}: a refusal ({what}) changed the game",
            R::RULESET
        );
        report.illegal += 1;
    }
}

/// The undo property at this point: when the side to act's last command
/// drew dice, its undo is refused and changes nothing; when an undo is
/// allowed, undo then redo gives the same checksum, journal and dice.
fn check_undo<R: Module>(game: &Game<R>, report: &mut Report) {
    let ToAct::Side(side) = game.to_act() else {
        return;
    };
    let n = game.journal.entries.len();
    if n == 0 {
        return;
    }
    let drew = n >= 2 && game.journal.entries[n - 2].dice != game.journal.entries[n - 1].dice;
    let mut g = game.clone();
    match g.undo(side) {
        Ok(()) => {
            assert!(!drew, "{}: an undo crossed a die roll", R::RULESET);
            assert_eq!(g.journal.entries.len(), n - 1);
            assert_eq!(
                g.state_sum(),
                g.journal
                    .entries
                    .last()
                    .map_or(g.state_sum(), |e| e.checksum)
            );
            g.redo(side)
                .unwrap_or_else(|e| panic!("{}: redo after undo: {e}", R::RULESET));
            assert_eq!(
                checksum(&g.state),
                checksum(&game.state),
                "{}: undo + redo",
                R::RULESET
            );
            assert_eq!(g.journal, game.journal);
            assert_eq!(g.dice.rolled(), game.dice.rolled());
            report.undos += 1;
        }
        Err(_) => {
            assert_eq!(
                g.journal,
                game.journal,
                "{}: a refused undo changed the game",
                R::RULESET
            );
            assert_eq!(checksum(&g.state), checksum(&game.state));
        }
    }
    report.undo_checks += 1;
}

/// Saves, loads (replaying and verifying the journal) and compares.
fn check_round_trip<R: Module>(game: &Game<R>, report: &mut Report) {
    let text = game.save_text().expect("save text");
    let back = Game::<R>::load_save("round-trip.ron", &text)
        .unwrap_or_else(|e| panic!("{}: a fresh save does not load: {e}", R::RULESET));
    assert_eq!(checksum(&back.state), checksum(&game.state));
    assert_eq!(back.dice.rolled(), game.dice.rolled());
    assert_eq!(
        back.log,
        game.log,
        "{}: replay gives another log",
        R::RULESET
    );
    // The appended save (the autosave) holds the same game.
    let appended = game.appended_text().expect("appended text");
    let back = Game::<R>::load_save("round-trip-appended.ron", &appended)
        .unwrap_or_else(|e| panic!("{}: a fresh appended save does not load: {e}", R::RULESET));
    assert_eq!(back.journal, game.journal, "{}: appended save", R::RULESET);
    assert_eq!(checksum(&back.state), checksum(&game.state));
    report.round_trips += 1;
}

/// Saves and loads `game`, then plays the original and the loaded copy on
/// to the end with the same seeded choices: every command, checksum and log
/// entry must be the same.
fn check_continues_identically<R: Module>(game: &Game<R>, seed: u64) {
    let text = game.save_text().expect("save text");
    let mut back = Game::<R>::load_save("mid-phase.ron", &text)
        .unwrap_or_else(|e| panic!("{}: a mid-phase save does not load: {e}", R::RULESET));
    assert_eq!(
        checksum(&back.state),
        checksum(&game.state),
        "{}: loaded otherwise",
        R::RULESET
    );
    assert_eq!(back.log, game.log, "{}: the loaded log differs", R::RULESET);
    assert_eq!(back.dice.rolled(), game.dice.rolled());
    assert_eq!(back.to_act(), game.to_act());
    let mut a = game.clone();
    let mut rng_a = ChaCha8Rng::seed_from_u64(seed);
    let mut rng_b = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..20_000 {
        let (ca, cb) = match (a.to_act(), back.to_act()) {
            (ToAct::Over, ToAct::Over) => break,
            (ToAct::Rules, ToAct::Rules) => (
                R::step_command(&a.ctx, &a.state),
                R::step_command(&back.ctx, &back.state),
            ),
            (ToAct::Side(x), ToAct::Side(y)) if x == y => (
                Some(pick(&a, x, &mut rng_a)),
                Some(pick(&back, y, &mut rng_b)),
            ),
            (x, y) => panic!("{}: after loading, {x:?} acts instead of {y:?}", R::RULESET),
        };
        assert_eq!(
            ca,
            cb,
            "{}: the loaded game offers other commands",
            R::RULESET
        );
        let Some(c) = ca else {
            panic!("{}: no step command when the rules act", R::RULESET)
        };
        a.apply(&c).expect("listed command");
        back.apply(&c).expect("listed command in the loaded game");
        assert_eq!(
            checksum(&a.state),
            checksum(&back.state),
            "{}: the loaded game diverged at {}",
            R::RULESET,
            a.phase_name()
        );
    }
    assert_eq!(
        a.to_act(),
        ToAct::Over,
        "{}: no end after 20,000 commands",
        R::RULESET
    );
    assert_eq!(
        a.log,
        back.log,
        "{}: the loaded game logs otherwise",
        R::RULESET
    );
    assert_eq!(a.dice.rolled(), back.dice.rolled());
}

/// Two states that differ only in one side's hidden information give the
/// other side identical observations.
fn check_observation<R: Module>(game: &Game<R>, report: &mut Report) {
    for side in 0..2u8 {
        if let Some(v) = R::hidden_variant(&game.ctx, &game.state, side) {
            assert_ne!(
                v,
                game.state,
                "{}: the variant is the same state",
                R::RULESET
            );
            assert_eq!(
                R::observation(&game.ctx, &v, 1 - side),
                R::observation(&game.ctx, &game.state, 1 - side),
                "{}: side {} sees side {side}'s hidden information",
                R::RULESET,
                1 - side
            );
            report.observations += 1;
        }
    }
}

/// Plays one random game of `scenario` with `seed` (the game's dice) and
/// choices from a generator seeded with `seed` (the players').
pub fn random_game<R: Module>(file: &str, text: &str, seed: u64, deep: bool, report: &mut Report) {
    let mut game = session::open_text::<R>(file, text, false, Some(seed), &[])
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let limit = R::describe(game.scenario()).turn_limit;
    let save_at = rng.random_range(1..60usize);
    let mut n = 0usize;
    // The phase before the last command, and whether a mid-phase save is
    // still to be checked in this game.
    let mut phase_before: Option<String> = None;
    let mut mid_phase_due = deep;
    loop {
        assert!(n < 20_000, "{file}: seed {seed}: no end after {n} commands");
        if let Err(e) = R::check_invariants(&game.ctx, &game.state) {
            panic!("{file}: seed {seed}: after {n} commands: {e}");
        }
        if let Some(l) = limit {
            assert!(
                game.turn() <= l + 1,
                "{file}: seed {seed}: turn {} past the limit {l}",
                game.turn()
            );
        }
        if deep && (n == save_at || n == 0) {
            check_illegal(&mut game, report);
            check_round_trip(&game, report);
        }
        if mid_phase_due
            && n >= save_at
            && matches!(game.to_act(), ToAct::Side(_))
            && phase_before.as_deref() == Some(game.phase_name().as_str())
        {
            mid_phase_due = false;
            check_continues_identically(&game, seed ^ n as u64);
            report.mid_phase_saves += 1;
        }
        if deep || n.is_multiple_of(7) {
            check_observation(&game, report);
        }
        if deep && n % 11 == 5 && report.undo_checks < 40 * u64::from(report.games + 1) {
            check_undo(&game, report);
        }
        let cmd = match game.to_act() {
            ToAct::Over => break,
            ToAct::Rules => R::step_command(&game.ctx, &game.state)
                .unwrap_or_else(|| panic!("{file}: no step command when the rules act")),
            ToAct::Side(side) => pick(&game, side, &mut rng),
        };
        phase_before = Some(game.phase_name());
        if let Err(r) = game.apply(&cmd) {
            panic!(
                "{file}: seed {seed}: listed command refused at {}: {cmd:?}: {r}",
                game.phase_name()
            );
        }
        n += 1;
    }
    assert!(
        R::outcome(&game.ctx, &game.state).is_some(),
        "{file}: over without an outcome"
    );
    if deep {
        check_illegal(&mut game, report);
        check_round_trip(&game, report);
    }
    // `kassen replay --verify` passes on every finished game.
    let text = game.save_text().expect("save text");
    let v = session::verify_replay::<R>("finished.ron", &text)
        .unwrap_or_else(|e| panic!("{file}: seed {seed}: replay --verify: {e}"));
    assert_eq!(v.commands, n, "{file}: seed {seed}: every command replayed");
    assert!(
        v.outcome.is_some(),
        "{file}: seed {seed}: the replay ends the game"
    );
    report.verified += 1;
    report.games += 1;
    report.commands += n as u64;
}

/// Runs the suite on module `R`: `games` random games on each of
/// `scenarios` (file name and text), every tenth game deep (save and load,
/// replay, illegal commands, undo, a mid-phase save). What a new module's
/// test calls before its registry line is written; [`run_all`] calls it for
/// every registered module.
pub fn run_module<R: Module>(scenarios: &[(String, String)], games: u64) -> Report {
    let mut report = Report::default();
    for (file, text) in scenarios {
        for seed in 0..games {
            // Save/load, replay and illegal commands every 10th game.
            random_game::<R>(file, text, seed, seed.is_multiple_of(10), &mut report);
        }
        report.scenarios.push(file.clone());
    }
    report
}

/// Runs `games` random games per shipped scenario of every module.
pub fn run_all(games: u64) -> Vec<(&'static str, Report)> {
    struct All {
        games: u64,
        out: Vec<(&'static str, Report)>,
    }
    impl ModuleVisitor for All {
        fn visit<R: Module>(&mut self) {
            let report = run_module::<R>(&scenarios_of::<R>(), self.games);
            self.out.push((R::RULESET, report));
        }
    }
    let mut all = All {
        games,
        out: Vec::new(),
    };
    visit_all(&mut all);
    all.out
}

/// Random games per module in CI, shared out over its shipped scenarios:
/// each scenario gets `per_module / n`, at least `at_least` (so a module
/// with many scenarios keeps CI bounded and each still gets saves, replays
/// and illegal commands: every 10th game).
pub fn shared_games(per_module: u64, at_least: u64, scenarios: usize) -> u64 {
    (per_module / scenarios.max(1) as u64).max(at_least)
}

/// [`run_all`] with each module's games shared out by [`shared_games`]:
/// each module's report and its games per scenario.
pub fn run_all_shared(per_module: u64, at_least: u64) -> Vec<(&'static str, Report, u64)> {
    struct All {
        per_module: u64,
        at_least: u64,
        out: Vec<(&'static str, Report, u64)>,
    }
    impl ModuleVisitor for All {
        fn visit<R: Module>(&mut self) {
            let scenarios = scenarios_of::<R>();
            let games = shared_games(self.per_module, self.at_least, scenarios.len());
            let report = run_module::<R>(&scenarios, games);
            self.out.push((R::RULESET, report, games));
        }
    }
    let mut all = All {
        per_module,
        at_least,
        out: Vec::new(),
    };
    visit_all(&mut all);
    all.out
}

/// Panics, naming module `key`, unless `r` shows a passed run of `games`
/// games per scenario: at least one scenario, every game played and
/// replayed with `--verify`, illegal commands and round trips checked, the
/// undo property checked and used, and a mid-phase save played on.
pub fn assert_passed(key: &str, r: &Report, games: u64) {
    assert!(!r.scenarios.is_empty(), "{key}: no shipped scenario");
    assert_eq!(
        u64::from(r.games),
        games * r.scenarios.len() as u64,
        "{key}"
    );
    assert!(r.illegal > 0 && r.round_trips > 0, "{key}: {r:?}");
    assert_eq!(
        r.verified,
        u64::from(r.games),
        "{key}: replay --verify on every game"
    );
    assert!(
        r.undo_checks > 0 && r.undos > 0,
        "{key}: the undo property: {r:?}"
    );
    // Acceptance: saves in the middle of a phase play on identically.
    assert!(r.mid_phase_saves > 0, "{key}: no mid-phase save: {r:?}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_module_and_scenario_passes_the_suite() {
        // About 200 games a module, at least 20 on every shipped scenario
        // (two of them deep); the long mode below plays 10,000 a scenario.
        let out = run_all_shared(200, 20);
        for (key, r, games) in &out {
            assert_passed(key, r, *games);
            assert_eq!(r.scenarios, scenarios_of_key(key), "{key}: every scenario");
            eprintln!("conformance {key}: {games} games a scenario: {r:?}");
        }
        // Every module folder under src/rules/ (an independent list: the
        // file tree, not the registry) was run.
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
        let mut folders: Vec<String> = std::fs::read_dir(&src)
            .expect("src/rules")
            .filter_map(|e| e.ok())
            .filter(|e| e.path().join("mod.rs").is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        folders.sort();
        let mut run: Vec<String> = out.iter().map(|(k, _, _)| (*k).to_string()).collect();
        run.sort();
        assert_eq!(run, folders, "every module folder passes the suite");
    }

    /// The shipped scenario files of the module with key `key`.
    fn scenarios_of_key(key: &str) -> Vec<String> {
        struct Files<'a>(&'a str, Vec<String>);
        impl ModuleVisitor for Files<'_> {
            fn visit<R: Module>(&mut self) {
                if R::RULESET == self.0 {
                    self.1 = scenarios_of::<R>().into_iter().map(|(f, _)| f).collect();
                }
            }
        }
        let mut f = Files(key, Vec::new());
        visit_all(&mut f);
        f.1
    }

    #[test]
    fn the_ci_games_are_shared_out_with_a_floor() {
        assert_eq!(shared_games(400, 40, 2), 200);
        assert_eq!(shared_games(400, 40, 7), 57);
        assert_eq!(shared_games(400, 40, 20), 40);
        assert_eq!(shared_games(400, 40, 0), 400);
    }

    /// The long mode: 10,000 random games per scenario (`cargo test --release
    /// -- --ignored conformance_long`).
    #[test]
    #[ignore = "long mode: 10,000 games per scenario"]
    fn conformance_long() {
        for (key, r) in run_all(10_000) {
            eprintln!("conformance {key}: {r:?}");
            assert!(r.games > 0);
        }
    }
}
