//! The appended save: the autosave of a long game, written once for every
//! module. A plain save ([`SaveFile`](super::game::SaveFile)) holds the
//! whole journal in one RON value, so writing it costs as much as the game
//! is long. The appended save is one record per line instead:
//!
//! ```text
//! // Kassen appended save: a header, then one record per line (docs/formats.md)
//! (save_format:3,ruleset:"…",scenario:(…),journal:(seed:…,entries:[]),seats:(…))
//! Entry((command:…,checksum:…,dice:…))
//! Snapshot((at:1000,state:(…),dice:(…)))
//! End((entries:1000,last:…,extras:…))
//! ```
//!
//! Each autosave appends the commands played since the last one, a
//! snapshot of the state at every [`SNAPSHOT_EVERY`] commands, and an
//! `End` record that tells the next autosave where the file stands. Its
//! cost per command therefore stays the same however long the game is.
//! A write cut off by a kill leaves a last line without its newline: the
//! loader ignores it, and the next autosave rewrites the file atomically.
//! A failed append is cut back off the file, so the file never holds half
//! a record before a whole one.
//!
//! Loading checks what a plain save's loading checks: the header's scenario
//! and seal, then every command replayed from the start against its
//! checksum and dice count, and every snapshot against the state there.

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use super::core::{Rules, checksum};
use super::dice::Dice;
use super::game::{
    Bookmark, Game, Journal, JournalEntry, SAVE_FORMAT, check_bookmarks, check_format,
    check_ruleset, write_atomically,
};
pub use super::scenario::{APPENDED_MARK, MAX_APPENDED_BYTES, is_appended, size_bound};
use super::scenario::{LoadError, check_size_within, parse_ron, ron_options};
use super::seats::Seats;

/// A snapshot of the state is appended each time the journal passes a
/// multiple of this many commands (1,000).
pub const SNAPSHOT_EVERY: usize = 1_000;

/// The most commands an appended save holds: 1,000,000. The autosave stops
/// with a sentence beyond it, and the loader refuses a longer journal.
pub const MAX_JOURNAL_COMMANDS: usize = 1_000_000;

/// How much of the file's end an autosave reads to find its `End` record
/// (4 KiB; the record is under 100 bytes).
const TAIL_BYTES: u64 = 4 * 1024;

/// The appended save's second line: the game's start.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header<S, C> {
    /// [`SAVE_FORMAT`].
    save_format: u32,
    /// The module key.
    ruleset: String,
    /// The scenario played.
    scenario: S,
    /// The journal's seed, loaded faces, scenario checksum and seal, with
    /// no entries (they follow, one per line).
    journal: Journal<C>,
    /// Who plays which side.
    seats: Seats,
    /// The replay viewer's bookmarks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    bookmarks: Vec<Bookmark>,
}

/// The state and dice after `at` commands.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Snapshot<T> {
    /// Commands applied before it.
    at: usize,
    /// The state then.
    state: T,
    /// The dice then.
    dice: Dice,
}

/// Where the file stands after an autosave: the next autosave appends
/// after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct End {
    /// Commands in the file.
    entries: usize,
    /// The last command's checksum; the journal's seal before any.
    last: u64,
    /// [`checksum`] of the seats and bookmarks written.
    extras: u64,
}

/// One line after the header.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
enum Record<C, T> {
    /// The next journalled command.
    Entry(JournalEntry<C>),
    /// The state and dice at a point (boxed: it is far larger than the
    /// other records).
    Snapshot(Box<Snapshot<T>>),
    /// Who plays which side, from here on.
    Seats(Seats),
    /// The bookmarks, from here on.
    Bookmarks(Vec<Bookmark>),
    /// The end of an autosave.
    End(End),
}

/// A [`Record`] borrowed for writing (the same text).
#[derive(Serialize)]
enum RecordRef<'a, C, T> {
    Entry(&'a JournalEntry<C>),
    Snapshot(Box<Snapshot<&'a T>>),
    Seats(&'a Seats),
    Bookmarks(&'a [Bookmark]),
    End(End),
}

/// One value as a line of RON text (with its newline).
fn line<V: Serialize>(v: &V) -> Result<String, String> {
    let mut s = ron_options().to_string(v).map_err(|e| e.to_string())?;
    if s.contains('\n') {
        return Err("a record's text spans lines (a bug)".into());
    }
    s.push('\n');
    Ok(s)
}

/// What an autosave wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// Nothing was new since the last autosave.
    Nothing,
    /// These bytes were appended.
    Appended(u64),
    /// The whole file was written afresh (atomically), these bytes.
    Rewritten(u64),
}

impl<R: Rules> Game<R> {
    /// Loads a save of either kind: an appended save ([`is_appended`]) or
    /// a plain one ([`Game::load_plain_save`]), each verified by replaying
    /// its journal.
    ///
    /// # Errors
    /// A parse error with position, a broken scenario, or the first command
    /// that diverged, with its number, turn and phase.
    pub fn load_save(file: &str, text: &str) -> Result<Self, LoadError> {
        if is_appended(text) {
            Self::load_appended(file, text)
        } else {
            Self::load_plain_save(file, text)
        }
    }

    /// The `End` record of this game as it stands.
    fn end_record(&self) -> End {
        End {
            entries: self.journal.entries.len(),
            last: self
                .journal
                .entries
                .last()
                .map_or(self.journal.seal, |e| e.checksum),
            extras: checksum(&(&self.seats, &self.bookmarks)),
        }
    }

    /// The whole appended save of this game as text.
    ///
    /// # Errors
    /// A state that cannot be written (a bug), as a sentence.
    pub fn appended_text(&self) -> Result<String, String> {
        let mut journal = self.journal.clone();
        journal.entries.clear();
        let header = Header {
            save_format: SAVE_FORMAT,
            ruleset: R::RULESET.to_string(),
            scenario: self.scenario().clone(),
            journal,
            seats: self.seats,
            bookmarks: self.bookmarks.clone(),
        };
        let mut text = format!("{APPENDED_MARK}\n");
        text.push_str(&line(&header)?);
        for e in &self.journal.entries {
            text.push_str(&line(&RecordRef::<_, R::State>::Entry(e))?);
        }
        // Written afresh, the file has one snapshot, at its end: the states
        // at earlier multiples are not at hand.
        text.push_str(&self.snapshot_line()?);
        text.push_str(&line(&RecordRef::<R::Command, R::State>::End(
            self.end_record(),
        ))?);
        Ok(text)
    }

    /// The snapshot of the state now, as a line.
    fn snapshot_line(&self) -> Result<String, String> {
        line(&RecordRef::<R::Command, _>::Snapshot(Box::new(Snapshot {
            at: self.journal.entries.len(),
            state: &self.state,
            dice: self.dice.clone(),
        })))
    }

    /// Autosaves the game to `path` as an appended save: appends what was
    /// played since the file's `End` record, or writes the whole file
    /// atomically when it is missing, torn, of another game, or ahead of
    /// this one (an undo). The cost of an append is that of the commands
    /// it adds, plus a snapshot each [`SNAPSHOT_EVERY`] commands.
    ///
    /// # Errors
    /// An I/O error, or a journal or file past [`MAX_JOURNAL_COMMANDS`] or
    /// [`MAX_APPENDED_BYTES`], as a sentence naming the path. A failed
    /// append is cut back off the file, which keeps the game up to its
    /// last autosave.
    pub fn autosave(&self, path: &Path) -> Result<Written, String> {
        let n = self.journal.entries.len();
        if n > MAX_JOURNAL_COMMANDS {
            return Err(format!(
                "{}: not autosaved: the game has {n} commands, over the {MAX_JOURNAL_COMMANDS} an autosave holds",
                path.display()
            ));
        }
        match self.append(path) {
            Some(done) => done,
            None => {
                let text = self.appended_text()?;
                check_appended_size(path, text.len() as u64)?;
                write_atomically(path, text.as_bytes())?;
                Ok(Written::Rewritten(text.len() as u64))
            }
        }
    }

    /// The append of [`Game::autosave`]; `None` when the file must be
    /// written afresh instead.
    fn append(&self, path: &Path) -> Option<Result<Written, String>> {
        let mut f = std::fs::OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .ok()?;
        let len = f.metadata().ok()?.len();
        let end = read_end(&mut f, len)?;
        let n = self.journal.entries.len();
        let same_game = end.entries <= n
            && match end.entries.checked_sub(1) {
                Some(i) => self.journal.entries[i].checksum == end.last,
                None => self.journal.seal == end.last,
            };
        if !same_game {
            return None;
        }
        let now = self.end_record();
        if now == end {
            return Some(Ok(Written::Nothing));
        }
        Some(self.append_after(path, &mut f, len, (end, now)))
    }

    /// Appends to `f`, `len` bytes long, the records from the file's `End`
    /// to the game's as it stands (`ends`: both).
    fn append_after(
        &self,
        path: &Path,
        f: &mut std::fs::File,
        len: u64,
        (end, now): (End, End),
    ) -> Result<Written, String> {
        let mut batch = String::new();
        if now.extras != end.extras {
            batch.push_str(&line(&RecordRef::<R::Command, R::State>::Seats(
                &self.seats,
            ))?);
            batch.push_str(&line(&RecordRef::<R::Command, R::State>::Bookmarks(
                &self.bookmarks,
            ))?);
        }
        for e in &self.journal.entries[end.entries..] {
            batch.push_str(&line(&RecordRef::<_, R::State>::Entry(e))?);
        }
        if end.entries / SNAPSHOT_EVERY != now.entries / SNAPSHOT_EVERY {
            batch.push_str(&self.snapshot_line()?);
        }
        batch.push_str(&line(&RecordRef::<R::Command, R::State>::End(now))?);
        check_appended_size(path, len + batch.len() as u64)?;
        let wrote = f.write_all(batch.as_bytes()).and_then(|()| f.sync_data());
        if let Err(e) = wrote {
            // Cut back to the last whole autosave; should even that fail,
            // the torn line is ignored on loading and the next autosave
            // writes the file afresh.
            let _ = f.set_len(len).and_then(|()| f.sync_data());
            return Err(format!(
                "{}: not autosaved: {e}; the file keeps the game up to its last autosave ({} commands)",
                path.display(),
                end.entries
            ));
        }
        Ok(Written::Appended(batch.len() as u64))
    }

    /// Loads an appended save ([`is_appended`]): the header's scenario and
    /// seal, then every record in order, each command replayed and checked,
    /// each snapshot compared with the state there.
    ///
    /// # Errors
    /// A line that does not parse (file, line and column), a size or
    /// length bound passed, a record out of place, or the first command
    /// that is refused or diverges on replay.
    fn load_appended(file: &str, text: &str) -> Result<Self, LoadError> {
        check_size_within(file, text.len() as u64, MAX_APPENDED_BYTES)?;
        // A last line without its newline is a write cut off by a kill.
        let whole = text.rfind('\n').map_or("", |i| &text[..=i]);
        let mut lines = whole.lines().enumerate().skip(1);
        let Some((at, head)) = lines.next() else {
            return Err(LoadError::plain(file, "the appended save has no header"));
        };
        check_format(file, text, head)?;
        let header: Header<R::Scenario, R::Command> =
            parse_ron(file, head).map_err(|e| on_line(e, at))?;
        check_ruleset::<R>(file, text, &header.ruleset)?;
        if !header.journal.entries.is_empty() {
            return Err(LoadError::at(
                file,
                text,
                &["entries"],
                "the header's journal holds commands: an appended save has them one per line",
            ));
        }
        let mut game = Self::begin_saved(file, text, &header.scenario, &header.journal)?;
        game.seats = header.seats;
        game.bookmarks = header.bookmarks;
        for (at, l) in lines {
            let record: Record<R::Command, R::State> =
                parse_ron(file, l).map_err(|e| on_line(e, at))?;
            game.take_record(file, at, record)?;
        }
        check_bookmarks(file, text, game.journal.entries.len(), &game.bookmarks)?;
        Ok(game)
    }

    /// Takes one record of an appended save, on line `at` (0-based).
    fn take_record(
        &mut self,
        file: &str,
        at: usize,
        record: Record<R::Command, R::State>,
    ) -> Result<(), LoadError> {
        let n = self.journal.entries.len();
        let wrong = |what: String| LoadError {
            file: file.to_string(),
            line: Some(at + 1),
            col: Some(1),
            message: what,
        };
        match record {
            Record::Entry(e) => {
                if n >= MAX_JOURNAL_COMMANDS {
                    return Err(wrong(format!(
                        "the journal goes past the {MAX_JOURNAL_COMMANDS} commands a save holds"
                    )));
                }
                self.replay_entry(file, n, &e)?;
            }
            Record::Snapshot(s) => {
                if s.at != n || s.state != self.state || checksum(&s.dice) != checksum(&self.dice) {
                    return Err(wrong(format!(
                        "the snapshot differs from the state and dice after the journal's {n} commands"
                    )));
                }
            }
            Record::Seats(s) => self.seats = s,
            Record::Bookmarks(b) => self.bookmarks = b,
            Record::End(e) => {
                if e != self.end_record() {
                    return Err(wrong(format!(
                        "the End record does not match the {n} commands before it"
                    )));
                }
            }
        }
        Ok(())
    }
}

/// A parse error of one line, moved to that line (`at`, 0-based) of the file.
fn on_line(mut e: LoadError, at: usize) -> LoadError {
    e.line = Some(at + e.line.unwrap_or(1));
    e
}

/// Reads the `End` record at the end of the file, `len` bytes long; `None`
/// when the file does not end with one.
fn read_end(f: &mut std::fs::File, len: u64) -> Option<End> {
    let from = len.saturating_sub(TAIL_BYTES);
    f.seek(SeekFrom::Start(from)).ok()?;
    let mut bytes = Vec::new();
    f.take(TAIL_BYTES).read_to_end(&mut bytes).ok()?;
    // The tail may begin inside a character of an earlier line.
    let tail = String::from_utf8_lossy(&bytes);
    let body = tail.strip_suffix('\n')?;
    let last = &body[body.rfind('\n')? + 1..];
    // The command and state of other records are not read.
    match ron_options().from_str::<Record<IgnoredAny, IgnoredAny>>(last) {
        Ok(Record::End(end)) => Some(end),
        _ => None,
    }
}

/// Refuses an appended save of `bytes` past [`MAX_APPENDED_BYTES`].
fn check_appended_size(path: &Path, bytes: u64) -> Result<(), String> {
    if bytes > MAX_APPENDED_BYTES {
        return Err(format!(
            "{}: not autosaved: the autosave would be {bytes} bytes, over the {MAX_APPENDED_BYTES} bytes (256 MiB) one is read back up to",
            path.display()
        ));
    }
    Ok(())
}
