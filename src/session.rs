//! Sessions, written once for every module through the registry: telling a
//! scenario from a save and finding its module, opening either as a
//! [`Game`], checking `--dice` against the module's die, and the headless
//! `kassen sim` loop with its orders file, `--turns` stop and autosave.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::IgnoredAny;

use crate::engine::appended::{APPENDED_MARK, is_appended, size_bound};
use crate::engine::core::{Module, ToAct};
use crate::engine::game::{Game, SAVE_FORMAT, data_dir};
use crate::engine::scenario::{
    LoadError, MAX_UNITS, check_file_size, check_size_within, check_text_lengths, check_unit_count,
    decode_text, ron_options,
};
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
    /// A scenario's units and leaders, counted before the module reads them.
    #[serde(default)]
    units: Option<Vec<IgnoredAny>>,
    #[serde(default)]
    leaders: Option<Vec<IgnoredAny>>,
    /// A save's scenario.
    #[serde(default)]
    scenario: Option<RawCounts>,
}

#[derive(Deserialize)]
struct RawCounts {
    #[serde(default)]
    units: Option<Vec<IgnoredAny>>,
    #[serde(default)]
    leaders: Option<Vec<IgnoredAny>>,
}

/// Reads the `ruleset` and `save_format` of a scenario or save, and checks
/// that a registered module plays it, that the text is at most
/// [`MAX_FILE_BYTES`](crate::engine::scenario::MAX_FILE_BYTES) (or an
/// appended save's bound) and that it holds at most
/// [`MAX_UNITS`](crate::engine::scenario::MAX_UNITS) units and as many
/// leaders (the bounds every way into a game passes first).
///
/// # Errors
/// Unparsable text (with position), a bound exceeded, a missing or unknown
/// ruleset.
pub fn read_header(file: &str, text: &str) -> Result<Header, LoadError> {
    read_header_among(file, text, &rulesets())
}

/// [`read_header`] with the rulesets `known` (the registry's, or the one
/// module a generic caller was given).
fn read_header_among(file: &str, text: &str, known: &[&str]) -> Result<Header, LoadError> {
    check_size_within(file, text.len() as u64, size_bound(text.as_bytes()))?;
    // An appended save's header is its second line, a RON value of its own.
    let (head, skipped) = if is_appended(text) {
        (text.lines().nth(1).unwrap_or(""), 1)
    } else {
        (text, 0)
    };
    let raw: RawHeader = ron_options().from_str(head).map_err(|e| LoadError {
        file: file.to_string(),
        line: Some(e.span.start.line + skipped),
        col: Some(e.span.start.col),
        message: e.code.to_string(),
    })?;
    // Bounds before any module reads the file: its units and leaders are
    // counted here, so a file of a million units is refused without
    // building one of them.
    let count = |v: &Option<Vec<IgnoredAny>>| v.as_ref().map_or(0, Vec::len);
    check_unit_count(
        file,
        text,
        count(&raw.units).max(count(&raw.leaders)),
        MAX_UNITS,
    )?;
    if let Some(sc) = &raw.scenario {
        check_unit_count(
            file,
            text,
            count(&sc.units).max(count(&sc.leaders)),
            MAX_UNITS,
        )?;
    }
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
    fn run<R: Module>(self) -> Self::Out;
}

/// `kassen check` on a module's table file
/// (`…/assets/rules/<ruleset>/<name>.ron`): the module's tables read and
/// checked as a new game reads them, from that file's assets folder first
/// ([`crate::engine::assets`]). The line it prints, or the first problem
/// (file, line and column for a parse error). `None` when the path is not
/// shaped as a table file's.
pub fn check_table_file(path: &Path) -> Option<Result<String, String>> {
    struct Tables {
        root: PathBuf,
        file: PathBuf,
    }
    impl WithModule for Tables {
        type Out = Result<String, String>;
        fn run<R: Module>(self) -> Result<String, String> {
            if !self.file.is_file() {
                return Err(format!("{}: no such file", self.file.display()));
            }
            crate::engine::assets::with_asset_root(&self.root, R::check_tables)
                .map_err(|e| e.to_string())?;
            Ok(format!(
                "{}: ok (the {} tables, read from {} where the files are there, else built in)",
                self.file.display(),
                R::TITLE,
                self.root.display()
            ))
        }
    }
    let (root, ruleset) = crate::engine::assets::table_file_parts(path)?;
    let file = path.to_path_buf();
    Some(
        with_module(&ruleset, Tables { root, file }).unwrap_or_else(|| {
            Err(format!(
                "{}: no module plays \"{ruleset}\" (the folder under rules/ names the module)",
                path.display()
            ))
        }),
    )
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
        fn visit<R: Module>(&mut self) {
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
pub fn check_dice<R: Module>(ctx: &R::Ctx, dice: &[u32]) -> Result<(), String> {
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
pub fn open_text<R: Module>(
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
    check_file_size(file, text.len() as u64)?;
    let scenario = R::parse_scenario(file, text)?;
    check_unit_count(
        file,
        text,
        R::describe(&scenario).units,
        R::BOARD.unit_limit(),
    )?;
    check_text_lengths(file, text, &scenario)?;
    let seed = seed.or(R::scenario_seed(&scenario)).unwrap_or(0);
    let game = Game::<R>::new(scenario, seed, dice.to_vec())?;
    check_dice::<R>(&game.ctx, dice).map_err(|e| LoadError::plain(file, e))?;
    Ok(game)
}

/// Reads a file's text: UTF-8, at most
/// [`MAX_FILE_BYTES`](crate::engine::scenario::MAX_FILE_BYTES), or
/// [`MAX_APPENDED_BYTES`](crate::engine::appended::MAX_APPENDED_BYTES) for
/// an appended save (checked before
/// reading, and again while reading, so a file that grows or never ends is
/// cut off at the bound).
///
/// # Errors
/// An unreadable file, a file over the bound, or bytes that are not UTF-8
/// (at the line and column of the first), as a [`LoadError`] naming it.
pub fn read(path: &Path) -> Result<(String, String), LoadError> {
    use std::io::Read;
    let file = path.display().to_string();
    let cannot = |e: std::io::Error| LoadError::plain(&file, format!("cannot read: {e}"));
    // A shipped scenario missing from disk opens from the binary's copy.
    if let Some(text) = crate::engine::assets::built_in_scenario(path) {
        return Ok((file, text.to_string()));
    }
    // Asked before opening: opening a pipe would wait for a writer.
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if meta.is_dir() {
        return Err(LoadError::plain(&file, "is a folder, not a file"));
    }
    if !meta.is_file() {
        return Err(LoadError::plain(
            &file,
            "is not a file (a pipe, a socket or a device): give a scenario or a save",
        ));
    }
    let mut f = std::fs::File::open(path).map_err(cannot)?;
    // The first line tells an appended save, read up to its own bound.
    let mut bytes = Vec::new();
    (&mut f)
        .take(APPENDED_MARK.len() as u64)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    let bound = size_bound(&bytes);
    check_size_within(&file, meta.len(), bound)?;
    f.take(bound + 1 - bytes.len() as u64)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    let text = decode_text(&file, bytes)?;
    Ok((file, text))
}

/// The header of a file that must be a save (a replay needs its journal).
///
/// # Errors
/// As [`read_header`], or a scenario ("a replay needs a save").
pub fn require_save(file: &str, text: &str) -> Result<Header, LoadError> {
    require_save_among(file, text, &rulesets())
}

/// [`require_save`] with the rulesets `known`.
fn require_save_among(file: &str, text: &str, known: &[&str]) -> Result<Header, LoadError> {
    let h = read_header_among(file, text, known)?;
    if !h.save {
        return Err(LoadError::plain(
            file,
            "is a scenario: a replay needs a save, which holds the journal",
        ));
    }
    Ok(h)
}

/// What `kassen replay --verify` found in a save whose journal replays.
#[derive(Clone, Debug, PartialEq)]
pub struct Verified {
    /// Commands replayed, each checked against its checksum and dice count.
    pub commands: usize,
    /// The turn after the last command.
    pub turn: u32,
    /// The phase after the last command.
    pub phase: String,
    /// The result, when the game is over.
    pub outcome: Option<String>,
}

/// Replays a save's journal from its scenario and checks every command's
/// checksum and dice count, then the snapshot (`kassen replay --verify`).
///
/// # Errors
/// A scenario (it has no journal), or the save's first problem: a parse
/// error with its position, or the first command that is refused or
/// diverges on replay, with its number, turn and phase.
pub fn verify_replay<R: Module>(file: &str, text: &str) -> Result<Verified, LoadError> {
    require_save_among(file, text, &[R::RULESET])?;
    let game = Game::<R>::load_save(file, text)?;
    Ok(Verified {
        commands: game.journal.entries.len(),
        turn: game.turn(),
        phase: game.phase_name(),
        outcome: game.outcome().map(|o| o.text),
    })
}

/// What `kassen sim` did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimRun {
    /// Commands refused on the way, as warnings ("turn 1, unit 5: refused …").
    pub refused: Vec<String>,
    /// Autosaves written.
    pub autosaves: u32,
    /// Autosaves that failed, each as a sentence naming the file.
    pub autosave_failures: Vec<String>,
}

/// Plays `game` headless: automatic steps, then for each decision the
/// orders file's commands for that side (once per turn) and the computer's
/// default play, until the game ends or `turns` more turns have begun (it
/// stops at the first decision of the next turn). With `autosave`, appends
/// to the appended save there ([`Game::autosave`]) each time a phase is
/// entered.
pub fn run_sim<R: Module>(
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
pub fn run_sim_with<R: Module>(
    game: &mut Game<R>,
    orders: Option<&R::Orders>,
    turns: Option<u32>,
    autosave: Option<&Path>,
    seats: Option<&mut [Seat; 2]>,
) -> SimRun {
    let mut write = |g: &Game<R>, run: &mut SimRun| {
        if let Some(path) = autosave {
            match g.autosave(path) {
                Ok(_) => run.autosaves += 1,
                Err(e) => run.autosave_failures.push(format!("autosave: {e}")),
            }
        }
        Flow::Go
    };
    run_sim_hooked(game, orders, turns, seats, &mut write)
}

/// Whether a headless run goes on after its phase hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on playing.
    Go,
    /// Stop here, as a killed process would (tests of autosave and resume).
    Stop,
}

/// [`run_sim_with`] with the autosave given as a hook: `on_phase` runs each
/// time a phase is entered (and when the game ends), and the run stops at
/// once when it says [`Flow::Stop`].
pub fn run_sim_hooked<R: Module>(
    game: &mut Game<R>,
    orders: Option<&R::Orders>,
    turns: Option<u32>,
    mut seats: Option<&mut [Seat; 2]>,
    on_phase: &mut dyn FnMut(&Game<R>, &mut SimRun) -> Flow,
) -> SimRun {
    let stop_at = turns.map(|n| game.turn().saturating_add(n.max(1)));
    let mut run = SimRun::default();
    let mut scripted_for: Option<(u32, u8)> = None;
    let mut phase = game.phase_name();
    let mut autosave_now = |game: &Game<R>, run: &mut SimRun, phase: &mut String| {
        let now = game.phase_name();
        if now != *phase {
            *phase = now;
            return on_phase(game, run);
        }
        Flow::Go
    };
    for _ in 0..1_000_000 {
        game.advance();
        if autosave_now(game, &mut run, &mut phase) == Flow::Stop {
            return run;
        }
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
            if autosave_now(game, &mut run, &mut phase) == Flow::Stop {
                return run;
            }
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
            if autosave_now(game, &mut run, &mut phase) == Flow::Stop {
                return run;
            }
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

/// The scenario files in `scenarios/`, sorted.
pub fn shipped_scenarios() -> Vec<PathBuf> {
    ron_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"))
}

/// The shipped scenarios of module `R`, read: names (paths) and texts, in
/// file order.
pub fn scenarios_of<R: Module>() -> Vec<(String, String)> {
    shipped_scenarios()
        .into_iter()
        .filter_map(|p| read(&p).ok())
        .filter(|(f, t)| read_header(f, t).is_ok_and(|h| h.ruleset == R::RULESET))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::scenario::MAX_FILE_BYTES;

    #[test]
    fn the_default_scenario_is_registered_and_unknown_rulesets_are_named() {
        let h = read_header(DEFAULT_SCENARIO_PATH, DEFAULT_SCENARIO).expect("header");
        assert!(!h.save);
        assert!(rulesets().contains(&h.ruleset.as_str()));
        let e = read_header("x.ron", "(ruleset: \"chess\")").expect_err("unknown");
        assert!(e.message.contains("unknown ruleset \"chess\""), "{e}");
        assert_eq!((e.line, e.col), (Some(1), Some(2)));
    }

    /// The default scenario with `n` more units in its `units` list.
    fn with_units(n: usize) -> String {
        let extra: String = (0..n)
            .map(|i| {
                format!(
                    "(id: {}, side: \"Takeda\", unit_type: \"ashigaru_yari\", at: ({}, {}), facing: North),\n",
                    1000 + i,
                    i % 64,
                    i / 64
                )
            })
            .collect();
        DEFAULT_SCENARIO.replacen("units: [", &format!("units: [\n{extra}"), 1)
    }

    #[test]
    fn a_file_over_eight_mib_is_refused_before_it_is_read() {
        let dir = std::env::temp_dir().join(format!("kassen-big-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let p = dir.join("huge.ron");
        // 100 MB, sparse: the bound is checked on the size, not by reading.
        let f = std::fs::File::create(&p).expect("create");
        f.set_len(100_000_000).expect("set_len");
        let e = read(&p).expect_err("too big");
        assert!(
            e.message.contains("100000000 bytes") && e.message.contains("8 MiB"),
            "{e}"
        );
        assert!(e.to_string().starts_with(&p.display().to_string()), "{e}");
        // A device that never ends, or a pipe that would wait for a
        // writer, is refused before it is opened.
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            let e = read(zero).expect_err("endless");
            assert!(e.message.contains("not a file"), "{e}");
        }
        let fifo = dir.join("pipe.ron");
        if std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success())
        {
            let e = read(&fifo).expect_err("a pipe");
            assert!(e.message.contains("not a file"), "{e}");
        }
        // A folder is not a file.
        let e = read(&dir).expect_err("a folder");
        assert!(e.message.contains("folder"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_million_units_are_refused_by_size_and_six_hundred_by_count_before_any_module_reads_them() {
        let million = with_units(1_000_000);
        assert!(million.len() as u64 > MAX_FILE_BYTES);
        let e = read_header("million.ron", &million).expect_err("too big");
        assert!(e.message.contains("8 MiB"), "{e}");
        // The module's own opening checks the size again.
        struct Open<'a>(&'a str);
        impl WithModule for Open<'_> {
            type Out = Result<(), LoadError>;
            fn run<R: Module>(self) -> Self::Out {
                open_text::<R>("million.ron", self.0, false, None, &[]).map(|_| ())
            }
        }
        let key = read_header(DEFAULT_SCENARIO_PATH, DEFAULT_SCENARIO)
            .expect("header")
            .ruleset;
        let e = with_module(&key, Open(&million))
            .expect("registered")
            .expect_err("too big");
        assert!(e.message.contains("8 MiB"), "{e}");
        let many = with_units(600);
        let e = read_header("many.ron", &many).expect_err("too many");
        let base = DEFAULT_SCENARIO.matches("unit_type:").count();
        assert!(
            e.message.contains(&format!("{} units", base + 600))
                && e.message.contains("at most 500"),
            "{e}"
        );
        assert!(
            e.line.is_some() && e.col.is_some(),
            "at the units list: {e}"
        );
        // Within the bound the module reads and checks them as usual.
        assert!(read_header("fine.ron", &with_units(100)).is_ok());
    }

    #[test]
    fn text_that_is_not_utf8_or_nests_too_deep_is_refused_at_its_place() {
        let e = decode_text("bad.ron", b"(a: 1,\n  b: \xff)".to_vec()).expect_err("not UTF-8");
        assert_eq!((e.line, e.col), (Some(2), Some(6)), "{e}");
        assert!(e.message.contains("0xff"), "{e}");
        let deep = format!("(ruleset: {})", "[".repeat(100_000));
        let e = read_header("deep.ron", &deep).expect_err("too deep");
        assert!(e.line.is_some(), "{e}");
        // An error about a huge value shows its start and its length.
        let long = format!("(ruleset: \"{}\")", "A".repeat(100_000));
        let e = read_header("long.ron", &long)
            .expect_err("unknown")
            .to_string();
        assert!(e.contains("(100000 characters)") && e.len() < 400, "{e}");
    }

    #[test]
    fn a_failed_autosave_is_counted_as_a_failure_not_a_refused_command() {
        struct Play(PathBuf);
        impl WithModule for Play {
            type Out = SimRun;
            fn run<R: Module>(self) -> SimRun {
                let mut game =
                    open_text::<R>(DEFAULT_SCENARIO_PATH, DEFAULT_SCENARIO, false, None, &[])
                        .expect("opens");
                run_sim(&mut game, None, Some(1), Some(&self.0))
            }
        }
        // The autosave's folder is a file: every write fails.
        let dir = std::env::temp_dir().join(format!("kassen-autosave-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        let blocker = dir.join("not-a-folder");
        std::fs::write(&blocker, "a file").expect("file");
        let key = read_header(DEFAULT_SCENARIO_PATH, DEFAULT_SCENARIO)
            .expect("header")
            .ruleset;
        let run = with_module(&key, Play(blocker.join("autosave.ron"))).expect("module");
        assert_eq!(run.autosaves, 0);
        assert!(!run.autosave_failures.is_empty(), "{run:?}");
        assert!(run.autosave_failures[0].contains("not-a-folder"), "{run:?}");
        assert!(
            run.refused.iter().all(|r| !r.contains("autosave")),
            "{run:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn replay_verify_passes_a_save_and_names_the_first_command_of_a_tampered_journal() {
        struct Play;
        impl WithModule for Play {
            type Out = [Result<Verified, LoadError>; 3];
            fn run<R: Module>(self) -> Self::Out {
                let mut game =
                    open_text::<R>(DEFAULT_SCENARIO_PATH, DEFAULT_SCENARIO, false, None, &[])
                        .expect("opens");
                run_sim(&mut game, None, Some(1), None);
                let text = game.save_text().expect("save");
                // The third command's checksum, changed by one.
                let at = text
                    .match_indices("checksum: ")
                    .nth(2)
                    .expect("a third command")
                    .0
                    + "checksum: ".len();
                let end = at + text[at..].find(',').expect("a comma");
                let sum: u64 = text[at..end].trim().parse().expect("a number");
                let tampered = format!("{}{}{}", &text[..at], sum ^ 1, &text[end..]);
                [
                    verify_replay::<R>("game.ron", &text),
                    verify_replay::<R>("tampered.ron", &tampered),
                    verify_replay::<R>(DEFAULT_SCENARIO_PATH, DEFAULT_SCENARIO),
                ]
            }
        }
        let key = read_header(DEFAULT_SCENARIO_PATH, DEFAULT_SCENARIO)
            .expect("header")
            .ruleset;
        let [ok, tampered, scenario] = with_module(&key, Play).expect("registered");
        let ok = ok.expect("a fresh save verifies");
        assert!(ok.commands >= 3, "{ok:?}");
        let e = tampered.expect_err("tampered").to_string();
        assert!(
            e.starts_with("tampered.ron: command 3 of the journal (turn 1, ")
                && e.contains("diverges: checksum"),
            "{e}"
        );
        let e = scenario.expect_err("no journal").to_string();
        assert!(e.contains("is a scenario"), "{e}");
    }

    /// Issue 35 §4: every shipped scenario's briefing gives the history and
    /// the victory in English and Spanish, its sources, and its stand-ins
    /// in both languages.
    #[test]
    fn every_shipped_scenario_has_a_whole_briefing_in_both_languages() {
        struct Briefings(Vec<String>, usize);
        impl ModuleVisitor for Briefings {
            fn visit<R: Module>(&mut self) {
                for (file, text) in scenarios_of::<R>() {
                    self.1 += 1;
                    let s = R::parse_scenario(&file, &text).expect("parses");
                    let gaps = R::describe(&s).briefing.gaps();
                    if !gaps.is_empty() {
                        self.0.push(format!("{file}: {}", gaps.join(", ")));
                    }
                }
            }
        }
        let mut b = Briefings(Vec::new(), 0);
        visit_all(&mut b);
        assert_eq!(b.1, shipped_scenarios().len());
        assert!(
            b.0.is_empty(),
            "briefings missing parts:\n{}",
            b.0.join("\n")
        );
    }
}
