//! Sessions, written once for every module through the registry: telling a
//! scenario from a save and finding its module, opening either as a
//! [`Game`], checking `--dice` against the module's die, and the headless
//! `kassen sim` loop with its orders file, `--turns` stop and autosave.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::engine::core::{Rules, ToAct};
use crate::engine::game::{Game, SAVE_FORMAT, data_dir};
use crate::engine::scenario::{LoadError, ron_options};
use crate::opponent::driver::{Seat, play_decision};
use crate::rules::{ModuleVisitor, rulesets, visit_all};

/// The default scenario's path, relative to the repository.
pub const DEFAULT_SCENARIO_PATH: &str = "scenarios/akagawa_ford.ron";
/// The default scenario, built in so the app runs from any directory.
pub const DEFAULT_SCENARIO: &str = include_str!("../scenarios/akagawa_ford.ron");

/// What a file says it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The module key.
    pub ruleset: String,
    /// A save (true) or a scenario.
    pub save: bool,
}

#[derive(Deserialize)]
struct RawHeader {
    #[serde(default)]
    save_format: Option<u32>,
    #[serde(default)]
    ruleset: Option<String>,
}

/// Reads the `ruleset` and `save_format` of a scenario or save, and checks
/// that a registered module plays it.
///
/// # Errors
/// Unparsable text (with position), a missing or unknown ruleset.
pub fn read_header(file: &str, text: &str) -> Result<Header, LoadError> {
    let raw: RawHeader = ron_options().from_str(text).map_err(|e| LoadError {
        file: file.to_string(),
        line: Some(e.span.start.line),
        col: Some(e.span.start.col),
        message: e.code.to_string(),
    })?;
    let known = rulesets();
    match raw.ruleset {
        Some(r) if known.contains(&r.as_str()) => Ok(Header {
            ruleset: r,
            save: raw.save_format.is_some(),
        }),
        Some(other) => {
            let list: Vec<String> = known.iter().map(|k| format!("\"{k}\"")).collect();
            Err(LoadError::at(
                file,
                text,
                &["ruleset"],
                format!(
                    "unknown ruleset \"{other}\" (this build knows {})",
                    list.join(", ")
                ),
            ))
        }
        None => Err(LoadError::plain(file, "missing field `ruleset`")),
    }
}

/// Code run with the module a file belongs to.
pub trait WithModule {
    /// What it returns.
    type Out;
    /// Runs with module `R`.
    fn run<R: Rules>(self) -> Self::Out;
}

/// Runs `w` with the registered module whose key is `ruleset`; `None` if
/// no module has that key.
pub fn with_module<W: WithModule>(ruleset: &str, w: W) -> Option<W::Out> {
    struct V<'a, W: WithModule> {
        key: &'a str,
        w: Option<W>,
        out: Option<W::Out>,
    }
    impl<W: WithModule> ModuleVisitor for V<'_, W> {
        fn visit<R: Rules>(&mut self) {
            if R::RULESET == self.key
                && let Some(w) = self.w.take()
            {
                self.out = Some(w.run::<R>());
            }
        }
    }
    let mut v = V {
        key: ruleset,
        w: Some(w),
        out: None,
    };
    visit_all(&mut v);
    v.out
}

/// Checks loaded faces against the module's die.
///
/// # Errors
/// The first face the die does not have, as a sentence.
pub fn check_dice<R: Rules>(ctx: &R::Ctx, dice: &[u32]) -> Result<(), String> {
    let die = R::die(ctx);
    match dice.iter().find(|d| !(die.min()..=die.max()).contains(*d)) {
        Some(bad) => Err(format!(
            "--dice: {bad} is not a face of the {} {} ({}-{})",
            R::TITLE,
            die.name(),
            die.min(),
            die.max()
        )),
        None => Ok(()),
    }
}

/// Opens a scenario (with `seed`, else the scenario's, else 0, and `dice`
/// loaded first) or a save (verified by replaying its journal) as a game of
/// module `R`.
///
/// # Errors
/// The first problem, with file, line and column where the text has one;
/// faces the module's die does not have; loaded dice on a save.
pub fn open_text<R: Rules>(
    file: &str,
    text: &str,
    save: bool,
    seed: Option<u64>,
    dice: &[u32],
) -> Result<Game<R>, LoadError> {
    if save {
        if !dice.is_empty() {
            return Err(LoadError::plain(
                file,
                "--dice applies when a scenario starts, not to a save",
            ));
        }
        return Game::<R>::load_save(file, text);
    }
    let scenario = R::parse_scenario(file, text)?;
    let seed = seed.or(R::scenario_seed(&scenario)).unwrap_or(0);
    let game = Game::<R>::new(scenario, seed, dice.to_vec())?;
    check_dice::<R>(&game.ctx, dice).map_err(|e| LoadError::plain(file, e))?;
    Ok(game)
}

/// Reads a file's text.
///
/// # Errors
/// An unreadable file, as a [`LoadError`] naming it.
pub fn read(path: &Path) -> Result<(String, String), LoadError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| LoadError::plain(&file, format!("cannot read: {e}")))?;
    Ok((file, text))
}

/// What `kassen sim` did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimRun {
    /// Commands refused on the way, as warnings ("turn 1, unit 5: refused …").
    pub refused: Vec<String>,
    /// Autosaves written.
    pub autosaves: u32,
}

/// Plays `game` headless: automatic steps, then for each decision the
/// orders file's commands for that side (once per turn) and the computer's
/// default play, until the game ends or `turns` more turns have begun (it
/// stops at the first decision of the next turn). With `autosave`, writes
/// the save there atomically each time a phase is entered.
pub fn run_sim<R: Rules>(
    game: &mut Game<R>,
    orders: Option<&R::Orders>,
    turns: Option<u32>,
    autosave: Option<&Path>,
) -> SimRun {
    run_sim_with(game, orders, turns, autosave, None)
}

/// [`run_sim`] with players: each decision is played by its side's
/// [`Seat`] (the scripted default play or the computer opponent) instead of
/// the default play.
pub fn run_sim_with<R: Rules>(
    game: &mut Game<R>,
    orders: Option<&R::Orders>,
    turns: Option<u32>,
    autosave: Option<&Path>,
    mut seats: Option<&mut [Seat; 2]>,
) -> SimRun {
    let stop_at = turns.map(|n| game.turn() + n.max(1));
    let mut run = SimRun::default();
    let mut scripted_for: Option<(u32, u8)> = None;
    let mut phase = game.phase_name();
    let autosave_now = |game: &Game<R>, run: &mut SimRun, phase: &mut String| {
        let now = game.phase_name();
        if now != *phase {
            *phase = now;
            if let Some(path) = autosave {
                match game.save_atomically(path) {
                    Ok(()) => run.autosaves += 1,
                    Err(e) => run.refused.push(format!("autosave: {e}")),
                }
            }
        }
    };
    for _ in 0..1_000_000 {
        game.advance();
        autosave_now(game, &mut run, &mut phase);
        let ToAct::Side(side) = game.to_act() else {
            break;
        };
        if stop_at.is_some_and(|t| game.turn() >= t) {
            break;
        }
        if let Some(o) = orders
            && scripted_for != Some((game.turn(), side))
        {
            scripted_for = Some((game.turn(), side));
            for (label, cmd) in R::scripted_commands(&game.ctx, &game.state, o, side) {
                if let Err(r) = game.apply(&cmd) {
                    run.refused.push(format!("{label}: {r}"));
                }
            }
        }
        let decision = game.phase_name();
        if let Some(seats) = seats.as_deref_mut() {
            let d = play_decision(game, side, &mut seats[usize::from(side.min(1))]);
            run.refused.extend(d.refused);
            autosave_now(game, &mut run, &mut phase);
            if d.commands == 0 {
                break;
            }
            continue;
        }
        for cmd in R::default_commands(&game.ctx, &game.state, side) {
            if game.to_act() != ToAct::Side(side) {
                break;
            }
            if let Err(r) = game.apply(&cmd) {
                run.refused
                    .push(format!("turn {}: {cmd:?}: {r}", game.turn()));
            }
            autosave_now(game, &mut run, &mut phase);
        }
        if game.to_act() == ToAct::Side(side) && game.phase_name() == decision {
            // Make progress even if the default play did not end the decision.
            let pass = R::pass_command(&game.ctx, &game.state, side);
            match pass.map(|c| game.apply(&c)) {
                Some(Ok(())) => {}
                Some(Err(r)) => {
                    run.refused.push(format!("turn {}: {r}", game.turn()));
                    break;
                }
                None => break,
            }
        }
    }
    run
}

/// The platform data directory for saves (`~/.local/share/kassen/saves` on Linux).
pub fn save_dir() -> PathBuf {
    data_dir().join("saves")
}

/// The save format this build writes (for messages).
pub fn save_format() -> u32 {
    SAVE_FORMAT
}

/// The `.ron` files of `dir`, sorted; empty when it cannot be read.
pub fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_scenario_is_registered_and_unknown_rulesets_are_named() {
        let h = read_header(DEFAULT_SCENARIO_PATH, DEFAULT_SCENARIO).expect("header");
        assert!(!h.save);
        assert!(rulesets().contains(&h.ruleset.as_str()));
        let e = read_header("x.ron", "(ruleset: \"chess\")").expect_err("unknown");
        assert!(e.message.contains("unknown ruleset \"chess\""), "{e}");
        assert_eq!((e.line, e.col), (Some(1), Some(2)));
    }
}
