//! The game log: one structured entry per test, roll or rule-driven event.
//!
//! Entries are append-only and carry the rule ID that produced them, the base
//! value and every modifier with its own rule ID, the target, the dice, the
//! outcome and the exact probability of that outcome before the roll. The log
//! exports as JSON Lines (one entry per line, fields in a fixed order), which is
//! what `kassen sim --log` writes and what the determinism tests compare byte
//! for byte.

use std::io::Write;

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

/// One modifier to a base value, with the rule it comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modifier {
    /// What the modifier is called in the game ("General Staff within 2 hexes").
    pub name: String,
    /// Signed amount added to the base value.
    pub value: i32,
    /// Rule ID that grants it (`SBA-GS-3`).
    pub rule: String,
}

impl Modifier {
    /// A modifier from its parts.
    pub fn new(name: impl Into<String>, value: i32, rule: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            value,
            rule: rule.into(),
        }
    }
}

/// A value as a base plus itemized modifiers, optionally overridden by a setting
/// such as "Attack = 0" (`SBA-ORD-2`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Itemized {
    /// Name of the base value ("Fortitude (unit card; current value, SBA-FORT-2)").
    pub base_name: String,
    /// The base value.
    pub base: i32,
    /// Additive modifiers, in the order they were applied.
    pub modifiers: Vec<Modifier>,
    /// A "= n" setting that replaces the sum, with its source.
    pub set_to: Option<Modifier>,
}

impl Itemized {
    /// Starts from a base value with no modifiers.
    pub fn new(base_name: impl Into<String>, base: i32) -> Self {
        Self {
            base_name: base_name.into(),
            base,
            modifiers: Vec::new(),
            set_to: None,
        }
    }

    /// Adds a modifier unless it is zero.
    pub fn add(&mut self, name: impl Into<String>, value: i32, rule: impl Into<String>) {
        if value != 0 {
            self.modifiers.push(Modifier::new(name, value, rule));
        }
    }

    /// The final value: the setting if any, else base plus all modifiers.
    pub fn total(&self) -> i32 {
        match &self.set_to {
            Some(m) => m.value,
            None => self.base + self.modifiers.iter().map(|m| m.value).sum::<i32>(),
        }
    }

    /// "10 -1 (Fire and Retreat) +4 (General Staff) = 12" for the overlay.
    pub fn explain(&self) -> String {
        let mut s = format!("{} ({})", self.base, self.base_name);
        for m in &self.modifiers {
            s.push_str(&format!(" {:+} ({}, {})", m.value, m.name, m.rule));
        }
        if let Some(m) = &self.set_to {
            s.push_str(&format!(" -> set to {} ({}, {})", m.value, m.name, m.rule));
        }
        s.push_str(&format!(" = {}", self.total()));
        s
    }
}

thread_local! {
    static KEPT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with [`kept`] saying `now` on this thread: a module's `apply`
/// wraps its resolution in it with its sink's [`LogSink::wants`], so that
/// deep inside it may skip work only a kept log reads (a roll's exact
/// odds for the report's luck figure) where nobody reads the log (the
/// opponent's playouts, `kassen bench`). It changes no state.
pub fn keeping<T>(now: bool, f: impl FnOnce() -> T) -> T {
    let before = KEPT.with(|k| k.replace(now));
    let out = f();
    KEPT.with(|k| k.set(before));
    out
}

/// Whether the log written now on this thread is kept ([`keeping`]).
pub fn kept() -> bool {
    KEPT.with(std::cell::Cell::get)
}

/// One log entry. Fields serialize in declaration order, so the JSON Lines export
/// is stable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    /// Position in the log, from 0.
    pub seq: u32,
    /// Game turn, from 1 (0 = set-up).
    pub turn: u32,
    /// Phase or step name in the module's own words ("Morale Phase").
    pub phase: String,
    /// Units involved, acting unit first.
    pub units: Vec<u32>,
    /// The rule that governs this entry.
    pub rule: String,
    /// What happened, in one line.
    pub what: String,
    /// Base value and modifiers of the tested value, if any.
    pub value: Option<Itemized>,
    /// Final target (the value a die must not exceed, or must reach).
    pub target: Option<i32>,
    /// Die kind, e.g. "d20".
    pub die: Option<String>,
    /// Faces rolled, in order.
    pub dice: Vec<u32>,
    /// Outcome in the game's words ("pass", "4 hits").
    pub outcome: String,
    /// Exact probability of this outcome before the roll, in `0.0..=1.0`.
    pub probability: Option<f64>,
    /// The outcome is a failure for the acting unit (a failed test or
    /// check): the log shows it in red, whatever the language of `outcome`.
    /// Left out of the JSON when `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub failed: bool,
    /// How good the roll was for the acting unit (`units[0]`), for the
    /// after-action report's luck figure (the `report` module's luck): the
    /// exact chance, before the roll, of a result worse for its side than
    /// the one rolled, in `0.0..=1.0` (with `probability`, that of the
    /// result itself). Under fair dice, `worse + U × probability` (U
    /// uniform in 0–1) is uniform in 0–1 whatever the roll. `None` for a
    /// roll no side wants high or low. Left out of the JSON when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worse: Option<f64>,
}

impl LogEntry {
    /// An entry for an event with no dice (a morale change, a rout).
    pub fn event(rule: &str, units: Vec<u32>, what: impl Into<String>) -> Self {
        Self {
            seq: 0,
            turn: 0,
            phase: String::new(),
            units,
            rule: rule.to_string(),
            what: what.into(),
            value: None,
            target: None,
            die: None,
            dice: Vec::new(),
            outcome: String::new(),
            probability: None,
            failed: false,
            worse: None,
        }
    }

    /// Weighs a pass-or-fail test for the acting unit's luck ([`Self::worse`]):
    /// with `probability` (of the result rolled) and `failed` already set,
    /// a pass is better than a failure. Does nothing for an entry without a
    /// probability.
    pub fn weigh_test(&mut self) {
        if let Some(p) = self.probability {
            let worse = if self.failed { 0.0 } else { 1.0 - p };
            self.worse = Some(worse.clamp(0.0, 1.0));
        }
    }

    /// Weighs a count rolled (hits, saves made) for the acting unit's luck
    /// ([`Self::worse`]), more being better for it: `dist[k]` is the exact
    /// chance of `k`, `got` the count rolled; sets `probability` to
    /// `dist[got]` too. Does nothing when `got` is past the distribution.
    pub fn weigh_count(&mut self, dist: &[f64], got: usize) {
        let Some(p) = dist.get(got) else {
            return;
        };
        self.probability = Some(*p);
        let worse: f64 = dist[..got].iter().sum();
        self.worse = Some(worse.clamp(0.0, 1.0));
    }
}

/// The append-only game log, saved with the game.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameLog {
    /// All entries in order.
    pub entries: Vec<LogEntry>,
}

impl GameLog {
    /// Appends entries, stamping sequence number, turn and phase.
    pub fn extend(&mut self, turn: u32, phase: &str, entries: impl IntoIterator<Item = LogEntry>) {
        for mut e in entries {
            e.seq = self.entries.len() as u32;
            e.turn = turn;
            e.phase = phase.to_string();
            self.entries.push(e);
        }
    }

    /// Writes the log as JSON Lines.
    ///
    /// # Errors
    /// Any I/O error of the writer.
    pub fn write_jsonl(&self, mut out: impl Write) -> std::io::Result<()> {
        for e in &self.entries {
            let line = serde_json::to_string(e).map_err(std::io::Error::other)?;
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    /// Entries in the log.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the log is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The log as one JSON Lines string.
    pub fn to_jsonl(&self) -> String {
        let mut buf = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = self.write_jsonl(&mut buf);
        String::from_utf8_lossy(&buf).into_owned()
    }
}

/// Where a rule module writes its log entries. The module asks [`LogSink::wants`]
/// before it formats text, so a search stepping thousands of states through
/// [`NoLog`] formats nothing it would throw away.
pub trait LogSink {
    /// Whether entries are kept; `false` for [`NoLog`].
    fn wants(&self) -> bool;
    /// Appends entries, stamping sequence number, turn and phase.
    fn extend_entries(&mut self, turn: u32, phase: &str, entries: Vec<LogEntry>);
}

impl dyn LogSink + '_ {
    /// Appends entries if the sink keeps them (see [`GameLog::extend`]).
    pub fn extend(&mut self, turn: u32, phase: &str, entries: impl IntoIterator<Item = LogEntry>) {
        if self.wants() {
            self.extend_entries(turn, phase, entries.into_iter().collect());
        }
    }
}

impl LogSink for GameLog {
    fn wants(&self) -> bool {
        true
    }
    fn extend_entries(&mut self, turn: u32, phase: &str, entries: Vec<LogEntry>) {
        GameLog::extend(self, turn, phase, entries);
    }
}

/// A log sink that keeps nothing: for searches, random games and benchmarks.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoLog;

impl LogSink for NoLog {
    fn wants(&self) -> bool {
        false
    }
    fn extend_entries(&mut self, _turn: u32, _phase: &str, _entries: Vec<LogEntry>) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn itemized_sum_and_setting() {
        let mut v = Itemized::new("Attack vs infantry", 8);
        v.add("Assault", 2, "SBA-ORD-4");
        v.add("nothing", 0, "X");
        assert_eq!(v.modifiers.len(), 1);
        assert_eq!(v.total(), 10);
        v.set_to = Some(Modifier::new("Panic: Attack = 0", 0, "SBA-ORD-2"));
        assert_eq!(v.total(), 0);
        assert!(v.explain().contains("set to 0"));
    }

    #[test]
    fn jsonl_has_one_line_per_entry_with_sequence_numbers() {
        let mut log = GameLog::default();
        log.extend(
            2,
            "Morale Phase",
            [
                LogEntry::event("SBA-MOR-1", vec![1], "a"),
                LogEntry::event("SBA-MOR-2", vec![2], "b"),
            ],
        );
        let text = log.to_jsonl();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[1].starts_with("{\"seq\":1,\"turn\":2,\"phase\":\"Morale Phase\""));
    }
}
