//! A game in play, written once for every module: the context, the state,
//! the dice, the log and the journal. Every command goes through
//! [`Game::apply`], which journals it with the checksum after it and the
//! number of dice drawn so far (Wesnoth's replay "checkup"). Saves hold the
//! journal and a snapshot; loading replays the journal from the scenario and
//! verifies every checksum. Autosaves are written atomically. A save also
//! records who plays which side ([`Seats`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::command::Refusal;
use super::core::{Outcome, Rules, ToAct, checksum};
use super::dice::Dice;
use super::log::GameLog;
use super::scenario::{
    LoadError, MAX_FILE_BYTES, check_file_size, check_text_lengths, check_unit_count, parse_ron,
    ron_options,
};
use super::seats::Seats;

/// A named point of a replay, saved in the file (`bookmarks` of a save).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bookmark {
    /// Commands applied at the point (0: the start of the game).
    pub at: usize,
    /// What the player called it.
    pub label: String,
}

/// One journalled command.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JournalEntry<C> {
    /// The command applied.
    pub command: C,
    /// [`checksum`] of the state after it.
    pub checksum: u64,
    /// Dice drawn since the start of the game, after it.
    pub dice: u64,
}

/// Everything needed to replay a game from its scenario, sealed: the
/// scenario as loaded, the seed and the loaded faces go into every
/// entry's checksum, so that changing any of them fails the replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Journal<C> {
    /// The dice seed.
    pub seed: u64,
    /// Loaded faces put in front of the seeded stream (`--dice`).
    #[serde(default)]
    pub loaded: Vec<u32>,
    /// [`checksum`] of the scenario as loaded: its board, units and every
    /// other field.
    pub scenario_sum: u64,
    /// The seal: [`seal_of`] the scenario's checksum, the seed and the
    /// loaded faces. Every entry's checksum is [`entry_sum`] of it and the
    /// state.
    pub seal: u64,
    /// Applied commands, in order.
    pub entries: Vec<JournalEntry<C>>,
}

/// The seal of a journal: [`checksum`] of the scenario's checksum, the
/// dice seed and the loaded faces.
pub fn seal_of(scenario_sum: u64, seed: u64, loaded: &[u32]) -> u64 {
    checksum(&(scenario_sum, seed, loaded))
}

/// A journal entry's checksum: [`checksum`] of the journal's seal and the
/// state after the command.
pub fn entry_sum<S: Serialize>(seal: u64, state: &S) -> u64 {
    checksum(&(seal, state))
}

impl<C> Journal<C> {
    /// Checks that `saved`, a journal read from a file, was begun on the
    /// same scenario, seed and loaded faces as this one, begun afresh
    /// from what the file holds.
    ///
    /// # Errors
    /// What was changed, as a sentence: the scenario (its checksum), or
    /// the seed or loaded faces (the seal).
    pub fn sealed_like(&self, saved: &Journal<C>) -> Result<(), String> {
        if saved.scenario_sum != self.scenario_sum {
            return Err(format!(
                "the scenario was changed after the game began (its board, units or another field): its checksum is {:016x}, the journal says {:016x}",
                self.scenario_sum, saved.scenario_sum
            ));
        }
        if saved.seal != self.seal {
            return Err(format!(
                "the dice seed or the loaded faces were changed after the game began: their seal is {:016x}, the journal says {:016x}",
                self.seal, saved.seal
            ));
        }
        Ok(())
    }
}

/// A save file: the journal and a snapshot of the state and dice after it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile<S, T, C> {
    /// Save format version (3: sealed journal and snapshot).
    pub save_format: u32,
    /// The module key.
    pub ruleset: String,
    /// The scenario played.
    pub scenario: S,
    /// The journal.
    pub journal: Journal<C>,
    /// The state after the last journalled command.
    pub state: T,
    /// The dice after the last journalled command.
    pub dice: Dice,
    /// Who plays which side, and the computer's seed (hot-seat in saves
    /// written before seats were kept).
    #[serde(default)]
    pub seats: Seats,
    /// Named points of the journal, made in the replay viewer (none in
    /// saves written before bookmarks were kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bookmarks: Vec<Bookmark>,
}

/// A save's format alone (every other field is skipped), read first.
#[derive(Deserialize)]
struct SaveFormatOnly {
    save_format: u32,
}

/// The save format this build writes and reads (3: the journal sealed
/// with the scenario's checksum, the seed and the loaded faces).
pub const SAVE_FORMAT: u32 = 3;

/// The typed save of module `R`.
pub type Save<R> = SaveFile<<R as Rules>::Scenario, <R as Rules>::State, <R as Rules>::Command>;

/// A game of module `R` in play.
pub struct Game<R: Rules> {
    /// Scenario, board and tables (shared by clones).
    pub ctx: Arc<R::Ctx>,
    /// The state.
    pub state: R::State,
    /// The dice.
    pub dice: Dice,
    /// The log.
    pub log: GameLog,
    /// The journal.
    pub journal: Journal<R::Command>,
    /// Who plays which side (not part of the state: it changes no rule).
    pub seats: Seats,
    /// Commands undone, the last undone on top, for redo
    /// ([`Game::redo`]); any other command clears them. Not saved.
    pub redo: Vec<R::Command>,
    /// Named points of the journal (the replay viewer's bookmarks), kept
    /// in saves; not part of the state.
    pub bookmarks: Vec<Bookmark>,
}

impl<R: Rules> Clone for Game<R> {
    fn clone(&self) -> Self {
        Self {
            ctx: Arc::clone(&self.ctx),
            state: self.state.clone(),
            dice: self.dice.clone(),
            log: self.log.clone(),
            journal: self.journal.clone(),
            seats: self.seats,
            redo: self.redo.clone(),
            bookmarks: self.bookmarks.clone(),
        }
    }
}

impl<R: Rules> std::fmt::Debug for Game<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("ruleset", &R::RULESET)
            .field("state", &self.state)
            .field("commands", &self.journal.entries.len())
            .finish_non_exhaustive()
    }
}

impl<R: Rules> Game<R> {
    /// A new game of `scenario` with the dice `seed` and `loaded` faces first.
    ///
    /// # Errors
    /// A broken built-in table.
    pub fn new(scenario: R::Scenario, seed: u64, loaded: Vec<u32>) -> Result<Self, LoadError> {
        let ctx = Arc::new(R::context(&scenario)?);
        Ok(Self::with_ctx(ctx, seed, loaded))
    }

    /// A new game on an existing context.
    pub fn with_ctx(ctx: Arc<R::Ctx>, seed: u64, loaded: Vec<u32>) -> Self {
        let mut dice = Dice::new(seed);
        dice.load(loaded.iter().copied());
        let mut log = GameLog::default();
        let state = R::new_state(&ctx, &dice, &mut log);
        let scenario_sum = checksum(R::scenario(&ctx));
        let seal = seal_of(scenario_sum, seed, &loaded);
        Self {
            ctx,
            state,
            dice,
            log,
            journal: Journal {
                seed,
                loaded,
                scenario_sum,
                seal,
                entries: Vec::new(),
            },
            seats: Seats::default(),
            redo: Vec::new(),
            bookmarks: Vec::new(),
        }
    }

    /// Who acts now.
    pub fn to_act(&self) -> ToAct {
        R::to_act(&self.ctx, &self.state)
    }

    /// The turn number.
    pub fn turn(&self) -> u32 {
        R::turn(&self.state)
    }

    /// The phase in the game's words.
    pub fn phase_name(&self) -> String {
        R::phase_name(&self.ctx, &self.state)
    }

    /// The result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        R::outcome(&self.ctx, &self.state)
    }

    /// The scenario.
    pub fn scenario(&self) -> &R::Scenario {
        R::scenario(&self.ctx)
    }

    /// The checksum a journal entry holds for the state now
    /// ([`entry_sum`] of the journal's seal and the state).
    pub fn state_sum(&self) -> u64 {
        entry_sum(self.journal.seal, &self.state)
    }

    /// Applies and journals a command.
    ///
    /// # Errors
    /// The refusal; nothing changed, the journal included.
    pub fn apply(&mut self, cmd: &R::Command) -> Result<(), Refusal> {
        R::apply(
            &self.ctx,
            &mut self.state,
            cmd,
            &mut self.dice,
            &mut self.log,
        )?;
        self.journal.entries.push(JournalEntry {
            command: cmd.clone(),
            checksum: self.state_sum(),
            dice: self.dice.rolled(),
        });
        self.redo.clear();
        Ok(())
    }

    /// Takes the rules' automatic steps until a side must decide or the game
    /// is over. Returns the phases entered on the way, in the game's words
    /// (for autosaves).
    pub fn advance(&mut self) -> Vec<String> {
        let mut entered = Vec::new();
        // Bounded: a module whose automatic steps never end is a bug, not a hang.
        for _ in 0..10_000 {
            let before = self.phase_name();
            if !self.step() {
                break;
            }
            let after = self.phase_name();
            if after != before {
                entered.push(after);
            }
        }
        entered
    }

    /// Takes one automatic step of the rules ([`Rules::step_command`]) when
    /// the rules act now. Returns whether one was taken (false: a side
    /// decides, the game is over, or the step was refused, a module bug).
    /// The app takes them one at a time to show each in turn.
    pub fn step(&mut self) -> bool {
        if self.to_act() != ToAct::Rules {
            return false;
        }
        let Some(cmd) = R::step_command(&self.ctx, &self.state) else {
            return false;
        };
        self.apply(&cmd).is_ok()
    }

    /// The save of this game.
    pub fn save(&self) -> Save<R> {
        SaveFile {
            save_format: SAVE_FORMAT,
            ruleset: R::RULESET.to_string(),
            scenario: self.scenario().clone(),
            journal: self.journal.clone(),
            state: self.state.clone(),
            dice: self.dice.clone(),
            seats: self.seats,
            bookmarks: self.bookmarks.clone(),
        }
    }

    /// The save as RON text.
    ///
    /// # Errors
    /// A state that cannot be written (a bug), as a sentence.
    pub fn save_text(&self) -> Result<String, String> {
        ron_options()
            .to_string_pretty(&self.save(), ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())
    }

    /// Writes the save atomically: a temporary file in the same folder,
    /// flushed to disk, then renamed over `path`. A reader sees the old save
    /// or the new one, never a torn one.
    ///
    /// # Errors
    /// An I/O error, as a sentence naming the path; or a save larger than
    /// a save is read back ([`MAX_FILE_BYTES`]): nothing is written that
    /// could not be loaded, and the old file stays.
    pub fn save_atomically(&self, path: &Path) -> Result<(), String> {
        let text = self.save_text()?;
        if text.len() as u64 > MAX_FILE_BYTES {
            return Err(format!(
                "{}: not saved: the save of this game ({} commands) would be {} bytes, over the {MAX_FILE_BYTES} bytes (8 MiB) a save is read back up to",
                path.display(),
                self.journal.entries.len(),
                text.len()
            ));
        }
        write_atomically(path, text.as_bytes())
    }

    /// Parses a plain save's text ([`crate::engine::appended`] has the other
    /// kind), replays its journal from the scenario and checks
    /// every checksum, dice count and the final snapshot.
    ///
    /// # Errors
    /// A parse error with position, a broken scenario, or the first command
    /// that diverged, with its number, turn and phase.
    pub fn load_plain_save(file: &str, text: &str) -> Result<Self, LoadError> {
        check_file_size(file, text.len() as u64)?;
        check_format(file, text, text)?;
        let save: Save<R> = parse_ron(file, text)?;
        check_ruleset::<R>(file, text, &save.ruleset)?;
        let mut game = Self::begin_saved(file, text, &save.scenario, &save.journal)?;
        for (i, e) in save.journal.entries.iter().enumerate() {
            game.replay_entry(file, i, e)?;
        }
        if game.state != save.state || checksum(&game.dice) != checksum(&save.dice) {
            return Err(LoadError::plain(
                file,
                format!(
                    "the saved snapshot differs from the state and dice after the journal's {} commands",
                    save.journal.entries.len()
                ),
            ));
        }
        let len = save.journal.entries.len();
        check_bookmarks(file, text, len, &save.bookmarks)?;
        game.seats = save.seats;
        game.bookmarks = save.bookmarks;
        Ok(game)
    }

    /// A saved game's start: its scenario checked as a save's ([`Rules::check_saved_scenario`],
    /// the unit limit, the text lengths) and begun with the journal's seed
    /// and loaded faces, sealed like `journal`.
    ///
    /// # Errors
    /// The scenario's first problem, or what was changed after the game
    /// began ([`Journal::sealed_like`]).
    pub(crate) fn begin_saved(
        file: &str,
        text: &str,
        scenario: &R::Scenario,
        journal: &Journal<R::Command>,
    ) -> Result<Self, LoadError> {
        R::check_saved_scenario(file, text, scenario)?;
        check_unit_count(
            file,
            text,
            R::describe(scenario).units,
            R::BOARD.unit_limit(),
        )?;
        check_text_lengths(file, text, scenario)?;
        let ctx = Arc::new(R::context(scenario)?);
        let game = Self::with_ctx(ctx, journal.seed, journal.loaded.clone());
        game.journal
            .sealed_like(journal)
            .map_err(|what| LoadError::at(file, text, &["journal"], what))?;
        Ok(game)
    }

    /// Applies the `i`th (0-based) journal entry `e` of a saved game and
    /// checks the dice drawn and the checksum after it.
    ///
    /// # Errors
    /// The command refused on replay, or its divergence, naming the
    /// command's number, turn and phase.
    pub(crate) fn replay_entry(
        &mut self,
        file: &str,
        i: usize,
        e: &JournalEntry<R::Command>,
    ) -> Result<(), LoadError> {
        let (turn, phase) = (self.turn(), self.phase_name());
        let at = format!("command {} of the journal (turn {turn}, {phase})", i + 1);
        self.apply(&e.command)
            .map_err(|r| LoadError::plain(file, format!("{at} is refused on replay: {r}")))?;
        if self.dice.rolled() != e.dice {
            return Err(LoadError::plain(
                file,
                format!(
                    "{at} diverges: {} dice drawn on replay, the journal says {}",
                    self.dice.rolled(),
                    e.dice
                ),
            ));
        }
        let sum = self.state_sum();
        if sum != e.checksum {
            return Err(LoadError::plain(
                file,
                format!(
                    "{at} diverges: checksum {sum:016x} on replay, the journal says {:016x}",
                    e.checksum
                ),
            ));
        }
        Ok(())
    }
}

/// Refuses a save whose `value` (its text, or its header line) has a
/// `save_format` other than [`SAVE_FORMAT`]; read first, so that a save of
/// another format is refused as such, not for the first field it lacks.
/// A value without a readable format passes: its own parse names the fault.
///
/// # Errors
/// The format found, as a sentence at its place in `text`.
pub(crate) fn check_format(file: &str, text: &str, value: &str) -> Result<(), LoadError> {
    let Ok(found) = parse_ron::<SaveFormatOnly>(file, value).map(|f| f.save_format) else {
        return Ok(());
    };
    if found == SAVE_FORMAT {
        return Ok(());
    }
    Err(LoadError::at(
        file,
        text,
        &["save_format"],
        format!(
            "save format {found} is not the {SAVE_FORMAT} this build reads{}",
            if found < SAVE_FORMAT {
                " (an older Kassen wrote it, before saves were sealed against changes)"
            } else {
                ""
            }
        ),
    ))
}

/// Refuses bookmarks past the journal's `len` commands.
///
/// # Errors
/// The first such bookmark, as a sentence at its place in `text`.
pub(crate) fn check_bookmarks(
    file: &str,
    text: &str,
    len: usize,
    bookmarks: &[Bookmark],
) -> Result<(), LoadError> {
    match bookmarks.iter().find(|b| b.at > len) {
        Some(b) => Err(LoadError::at(
            file,
            text,
            &["bookmarks", &format!("at: {}", b.at)],
            format!(
                "the bookmark \"{}\" is at command {}, past the journal's {len} commands",
                b.label, b.at
            ),
        )),
        None => Ok(()),
    }
}

/// Refuses a save of module `ruleset` read as one of module `R`.
///
/// # Errors
/// Both modules, as a sentence at the save's `ruleset`.
pub(crate) fn check_ruleset<R: Rules>(
    file: &str,
    text: &str,
    ruleset: &str,
) -> Result<(), LoadError> {
    if ruleset == R::RULESET {
        return Ok(());
    }
    Err(LoadError::at(
        file,
        text,
        &["ruleset"],
        format!("a {} save cannot hold a {} game", R::RULESET, ruleset),
    ))
}

/// Writes `bytes` to `path` atomically (temp file, fsync, rename, fsync of
/// the folder where the platform allows it).
///
/// # Errors
/// An I/O error, as a sentence naming the path.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let name = path
        .file_name()
        .map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    clean_stale_temps(&dir, &name);
    let written = std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .map_err(|e| {
            format!(
                "{}: not saved: {e} (writing {}); the file that was there is kept",
                path.display(),
                tmp.display()
            )
        })
        .and_then(|()| {
            std::fs::rename(&tmp, path).map_err(|e| {
                format!(
                    "{}: not saved: {e}; the file that was there is kept",
                    path.display()
                )
            })
        });
    if written.is_err() {
        // A failed write leaves the old file as it was and no half-written
        // temporary file beside it.
        let _ = std::fs::remove_file(&tmp);
    }
    written?;
    if let Ok(d) = std::fs::File::open(&dir) {
        // Makes the rename itself durable; not every platform can sync a folder.
        let _ = d.sync_all();
    }
    Ok(())
}

/// Removes the temporary files a killed run left beside `name` in `dir`
/// (`.NAME.PID.tmp` of another process, untouched for a minute: a live
/// writer's file is fresh). Returns how many it removed.
pub fn clean_stale_temps(dir: &Path, name: &str) -> usize {
    let prefix = format!(".{name}.");
    let ours = format!("{prefix}{}.tmp", std::process::id());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let stale = |e: &std::fs::DirEntry| {
        let f = e.file_name().to_string_lossy().into_owned();
        let pid = f
            .strip_prefix(&prefix)
            .and_then(|r| r.strip_suffix(".tmp"))
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= STALE_TEMP_AGE);
        pid && f != ours && old
    };
    entries
        .flatten()
        .filter(|e| stale(e))
        .filter(|e| std::fs::remove_file(e.path()).is_ok())
        .count()
}

/// How long a temporary save file stays untouched before
/// [`clean_stale_temps`] takes it for a killed run's.
const STALE_TEMP_AGE: std::time::Duration = std::time::Duration::from_secs(60);

/// The platform data directory of Kassen (`~/.local/share/kassen` on Linux).
pub fn data_dir() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("kassen")
}

/// The autosave file in `dir`.
pub fn autosave_path(dir: &Path) -> PathBuf {
    dir.join("autosave.ron")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("kassen-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("scratch folder");
        d
    }

    #[test]
    fn a_write_that_fails_keeps_the_old_file_and_leaves_no_temporary() {
        let d = scratch("atomic");
        let file = d.join("save.ron");
        write_atomically(&file, b"old").expect("first write");
        // The target is a folder in the way: the rename fails.
        let blocked = d.join("blocked.ron");
        std::fs::create_dir_all(blocked.join("inside")).expect("folder");
        let e = write_atomically(&blocked, b"new").expect_err("a folder is in the way");
        assert!(e.contains("blocked.ron"), "{e}");
        assert_eq!(std::fs::read(&file).expect("old file"), b"old");
        let left: Vec<_> = std::fs::read_dir(&d)
            .expect("list")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_killed_runs_temporary_file_is_removed_by_the_next_write() {
        let d = scratch("stale");
        let file = d.join("autosave.ron");
        let stale = d.join(".autosave.ron.4242.tmp");
        let other = d.join(".other.ron.4242.tmp");
        for f in [&stale, &other] {
            std::fs::write(f, "half a save").expect("temp");
            let old = std::time::SystemTime::now() - STALE_TEMP_AGE * 2;
            std::fs::File::options()
                .write(true)
                .open(f)
                .and_then(|h| h.set_modified(old))
                .expect("age it");
        }
        // A fresh one (a live writer's) stays.
        let fresh = d.join(".autosave.ron.4343.tmp");
        std::fs::write(&fresh, "being written").expect("temp");
        write_atomically(&file, b"save").expect("write");
        assert!(!stale.exists(), "the stale temporary file is gone");
        assert!(fresh.exists(), "a fresh one stays");
        assert!(
            other.exists(),
            "another file's temporary is not this write's"
        );
        assert_eq!(std::fs::read(&file).expect("save"), b"save");
        let _ = std::fs::remove_dir_all(&d);
    }
}
