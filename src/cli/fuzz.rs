//! `kassen fuzz`: mutation fuzzing of the file input, for every module.
//!
//! The seeds are every shipped scenario and a save of each module (its first
//! shipped scenario played two turns by the scripted play). Each input is a
//! seed with one to three mutations from [`Mutation`]: flipped bytes, a cut,
//! a field written twice or left out, a number made huge, values nested
//! thousands deep, bytes that are not UTF-8, a string swapped for another
//! of the file, a path, or a very long string.
//!
//! Each input goes the ways a file goes in Kassen: its bytes are read as
//! text ([`decode_text`], as `session::read` does), its header is read,
//! then `kassen check` (the module's `open_text`, which replays a save's
//! journal), and when it opens, a turn of `kassen sim` and what the app
//! builds from it (the board's scene for each viewer, the legal commands,
//! the report). Every step runs under `catch_unwind`: a panic is a defect,
//! and so is an error that is empty or does not name the file. Inputs are
//! seeded ([`FuzzReport`] names the seed), so a failure is replayed by
//! running the same seed.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::core::Module;
use crate::engine::scenario::{LoadError, decode_text};
use crate::rules::{ModuleVisitor, visit_all};
use crate::session::{self, WithModule};

/// One way an input is mutated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// 1 to 8 bytes xor-ed with random non-zero bytes.
    FlipBytes,
    /// The text cut at a random byte.
    Truncate,
    /// A `field: value` written twice.
    DuplicateField,
    /// A `field: value` left out.
    RemoveField,
    /// A number replaced by a huge, negative or non-integer one.
    HugeNumber,
    /// 200 to 100,000 opening brackets put in at a random place.
    DeepNesting,
    /// Bytes that are not UTF-8 put in at a random place.
    InvalidUtf8,
    /// A string replaced by another string of the same file.
    SwapString,
    /// A string replaced by a path outside the data folder.
    PathString,
    /// A string replaced by 100,000 letters.
    LongString,
}

impl Mutation {
    /// Every mutation, in a fixed order.
    pub const ALL: [Mutation; 10] = [
        Mutation::FlipBytes,
        Mutation::Truncate,
        Mutation::DuplicateField,
        Mutation::RemoveField,
        Mutation::HugeNumber,
        Mutation::DeepNesting,
        Mutation::InvalidUtf8,
        Mutation::SwapString,
        Mutation::PathString,
        Mutation::LongString,
    ];
}

/// What a fuzz run found.
#[derive(Clone, Debug, Default)]
pub struct FuzzReport {
    /// Inputs tried.
    pub inputs: u64,
    /// Seed files (scenarios and saves) the inputs came from.
    pub seeds: usize,
    /// Inputs refused with an error.
    pub refused: u64,
    /// Of those, errors with a line and column.
    pub positioned: u64,
    /// Inputs that opened as a game (and were played a turn).
    pub opened: u64,
    /// Panics, each with its input number and mutations (0 is the goal).
    pub panics: Vec<String>,
    /// Errors that are empty, do not name the file, or run over 2,000
    /// characters (0 is the goal).
    pub bad_errors: Vec<String>,
    /// The longest time one input took.
    pub slowest: Duration,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl FuzzReport {
    /// The lines `kassen fuzz` prints.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{} inputs from {} seed files: {} refused ({} with line and column), {} opened and played a turn\n\
             panics: {}; malformed errors: {}\n\
             slowest input: {:.1} ms; {:.1} s in all\n",
            self.inputs,
            self.seeds,
            self.refused,
            self.positioned,
            self.opened,
            self.panics.len(),
            self.bad_errors.len(),
            self.slowest.as_secs_f64() * 1e3,
            self.elapsed.as_secs_f64(),
        );
        for p in self.panics.iter().chain(&self.bad_errors).take(10) {
            out += &format!("  {p}\n");
        }
        out
    }
}

/// The seed files: every shipped scenario, and a save of each module after
/// two turns of its first shipped scenario. Names and texts.
pub fn seed_files() -> Vec<(String, String)> {
    struct Saves(Vec<(String, String)>);
    impl ModuleVisitor for Saves {
        fn visit<R: Module>(&mut self) {
            let Some((file, text)) = crate::session::scenarios_of::<R>().into_iter().next() else {
                return;
            };
            let Ok(mut game) = session::open_text::<R>(&file, &text, false, None, &[]) else {
                return;
            };
            session::run_sim(&mut game, None, Some(2), None);
            if let Ok(save) = game.save_text() {
                self.0.push((format!("{}.save.ron", R::RULESET), save));
            }
        }
    }
    let mut files: Vec<(String, String)> = crate::session::shipped_scenarios()
        .iter()
        .filter_map(|p| {
            let (_, text) = session::read(p).ok()?;
            let name = p.file_name()?.to_string_lossy().into_owned();
            Some((name, text))
        })
        .collect();
    let mut saves = Saves(Vec::new());
    visit_all(&mut saves);
    files.extend(saves.0);
    files
}

/// Runs `inputs` mutated inputs from `seed`.
pub fn run(inputs: u64, seed: u64) -> FuzzReport {
    let start = Instant::now();
    let seeds = seed_files();
    let mut report = FuzzReport {
        seeds: seeds.len(),
        ..FuzzReport::default()
    };
    if seeds.is_empty() {
        return report;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut app = crate::gui::headless_app();
    for i in 0..inputs {
        let (name, text) = &seeds[rng.random_range(0..seeds.len())];
        let mut bytes = text.as_bytes().to_vec();
        let mut applied = Vec::new();
        for _ in 0..rng.random_range(1..=3u32) {
            let m = Mutation::ALL[rng.random_range(0..Mutation::ALL.len())];
            mutate(&mut bytes, m, &mut rng);
            applied.push(m);
        }
        let file = format!("fuzz/{name}");
        let t0 = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| {
            // The bytes are read as `session::read` reads a file's.
            let text = decode_text(&file, bytes);
            let checked = text.clone().and_then(|t| probe(&file, &t));
            let app_result = match &text {
                Ok(t) => in_app(&mut app, &file, t),
                Err(e) => Err(e.to_string()),
            };
            (checked, app_result)
        }));
        report.slowest = report.slowest.max(t0.elapsed());
        report.inputs += 1;
        let what = format!("input {i} (seed {seed}, {name}, {applied:?})");
        let result = match result {
            Ok((checked, app_result)) => {
                if checked.is_ok() != app_result.is_ok() {
                    report.bad_errors.push(format!(
                        "{what}: kassen check and the app disagree: {checked:?} / {app_result:?}"
                    ));
                }
                Ok(checked)
            }
            Err(p) => {
                // The app may be left half-way; the next input gets a new one.
                app = crate::gui::headless_app();
                Err(p)
            }
        };
        match result {
            Err(p) => {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_string()))
                    .unwrap_or_default();
                report.panics.push(format!("{what}: panicked: {msg}"));
            }
            Ok(Ok(())) => report.opened += 1,
            Ok(Err(e)) => {
                report.refused += 1;
                if e.line.is_some() && e.col.is_some() {
                    report.positioned += 1;
                }
                let shown = e.to_string();
                if e.message.trim().is_empty()
                    || !shown.starts_with(&file)
                    || shown.chars().count() > 2_000
                {
                    let head: String = shown.chars().take(300).collect();
                    report.bad_errors.push(format!("{what}: {head}"));
                }
            }
        }
    }
    report.elapsed = start.elapsed();
    report
}

/// The text as the app opens it ([`crate::gui::install_text`]: header,
/// module, game, entities), then two frames of the app's game systems when
/// it opened.
fn in_app(app: &mut bevy::app::App, file: &str, text: &str) -> Result<(), String> {
    crate::gui::install_text(app.world_mut(), file, text, None, None)?;
    app.update();
    app.update();
    Ok(())
}

/// The text the ways `kassen check` and `kassen sim` take it: header,
/// module, game (a save's journal replayed), a turn of the scripted play,
/// and the board's scene for each viewer.
fn probe(file: &str, text: &str) -> Result<(), LoadError> {
    struct Open<'a>(&'a str, &'a str, bool);
    impl WithModule for Open<'_> {
        type Out = Result<(), LoadError>;
        fn run<R: Module>(self) -> Self::Out {
            let mut game = session::open_text::<R>(self.0, self.1, self.2, None, &[])?;
            session::run_sim(&mut game, None, Some(1), None);
            for viewer in [None, Some(0), Some(1)] {
                let obs = match viewer {
                    Some(side) => R::observation(&game.ctx, &game.state, side),
                    None => game.state.clone(),
                };
                let _scene = R::scene(&game.ctx, &obs, viewer);
            }
            for side in 0..2 {
                let _legal = R::legal_commands(&game.ctx, &game.state, side);
            }
            let _report = R::report(&game.ctx, &game.state);
            let _info = R::describe(game.scenario());
            Ok(())
        }
    }
    let h = session::read_header(file, text)?;
    session::with_module(&h.ruleset, Open(file, text, h.save)).unwrap_or_else(|| {
        Err(LoadError::plain(
            file,
            format!("no module plays \"{}\"", h.ruleset),
        ))
    })
}

/// Applies `m` to `bytes` (a no-op when the text has nothing it applies to).
pub fn mutate(bytes: &mut Vec<u8>, m: Mutation, rng: &mut ChaCha8Rng) {
    let len = bytes.len();
    match m {
        Mutation::FlipBytes => {
            if len == 0 {
                return;
            }
            for _ in 0..rng.random_range(1..=8u32) {
                let i = rng.random_range(0..len);
                bytes[i] ^= rng.random_range(1..=255u8);
            }
        }
        Mutation::Truncate => {
            let at = rng.random_range(0..=len);
            bytes.truncate(at);
        }
        Mutation::DuplicateField | Mutation::RemoveField => {
            let fields = field_starts(bytes);
            if fields.is_empty() {
                return;
            }
            let start = fields[rng.random_range(0..fields.len())];
            let end = value_end(bytes, start);
            if m == Mutation::DuplicateField {
                let copy = bytes[start..end].to_vec();
                let mut with_comma = copy.clone();
                if copy.last() != Some(&b',') {
                    with_comma.push(b',');
                }
                bytes.splice(start..start, with_comma);
            } else {
                bytes.drain(start..end);
            }
        }
        Mutation::HugeNumber => {
            const HUGE: [&str; 9] = [
                "4294967296",
                "18446744073709551616",
                "99999999999999999999999999999",
                "-1",
                "-9223372036854775809",
                "1e308",
                "NaN",
                "inf",
                "0.5",
            ];
            let numbers = number_spans(bytes);
            if numbers.is_empty() {
                return;
            }
            let (s, e) = numbers[rng.random_range(0..numbers.len())];
            let n = HUGE[rng.random_range(0..HUGE.len())];
            bytes.splice(s..e, n.bytes());
        }
        Mutation::DeepNesting => {
            let at = rng.random_range(0..=len);
            let n = rng.random_range(200..=100_000usize);
            let b = [b'(', b'['][rng.random_range(0..2usize)];
            bytes.splice(at..at, std::iter::repeat_n(b, n));
        }
        Mutation::InvalidUtf8 => {
            const BAD: [&[u8]; 5] = [
                &[0xff],
                &[0xfe, 0xff],
                &[0xc0, 0x80],
                &[0xed, 0xa0, 0x80],
                &[0xe2, 0x82],
            ];
            let at = rng.random_range(0..=len);
            let b = BAD[rng.random_range(0..BAD.len())];
            bytes.splice(at..at, b.iter().copied());
        }
        Mutation::SwapString | Mutation::PathString | Mutation::LongString => {
            let strings = string_spans(bytes);
            if strings.is_empty() {
                return;
            }
            let (s, e) = strings[rng.random_range(0..strings.len())];
            let with: Vec<u8> = match m {
                Mutation::SwapString => {
                    let others: Vec<&(usize, usize)> = strings
                        .iter()
                        .filter(|(a, b)| bytes[*a..*b] != bytes[s..e])
                        .collect();
                    if others.is_empty() {
                        return;
                    }
                    let (a, b) = *others[rng.random_range(0..others.len())];
                    bytes[a..b].to_vec()
                }
                Mutation::PathString => {
                    const PATHS: [&str; 4] = [
                        "\"../../../../etc/passwd\"",
                        "\"/dev/zero\"",
                        "\"C:\\\\Windows\\\\win.ini\"",
                        "\"~/.ssh/id_rsa\"",
                    ];
                    PATHS[rng.random_range(0..PATHS.len())].bytes().collect()
                }
                _ => {
                    let mut v = vec![b'"'];
                    v.extend(std::iter::repeat_n(b'A', 100_000));
                    v.push(b'"');
                    v
                }
            };
            bytes.splice(s..e, with);
        }
    }
}

/// Byte offsets where a `name:` field begins (outside strings and comments).
fn field_starts(b: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => i = string_end(b, i),
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let s = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let prev_ok = s == 0 || matches!(b[s - 1], b'(' | b',' | b' ' | b'\n' | b'\t');
                if prev_ok && b.get(i) == Some(&b':') {
                    out.push(s);
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The end of the value of the field at `start`: past the comma that ends
/// it at its own depth, or at the bracket that closes its parent.
fn value_end(b: &[u8], start: usize) -> usize {
    let mut depth = 0i32;
    let mut i = start;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i = string_end(b, i);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                if depth == 0 {
                    return i;
                }
                depth -= 1;
            }
            b',' if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The offset just past the string that opens at `i` (a `"`), escapes
/// honoured; the end of the text if it never closes.
fn string_end(b: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            b'"' => return j + 1,
            _ => j += 1,
        }
    }
    b.len()
}

/// The spans of the string literals, quotes included.
fn string_spans(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'"' {
            let e = string_end(b, i);
            out.push((i, e));
            i = e;
        } else {
            i += 1;
        }
    }
    out
}

/// The spans of the numbers (digit runs not inside a name or string).
fn number_spans(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => i = string_end(b, i),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
            }
            c if c.is_ascii_digit() => {
                let s = i;
                while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                    i += 1;
                }
                out.push((s, i));
            }
            _ => i += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mutation_changes_a_scenario_the_way_it_says() {
        let text = br#"(name: "A", side: "B", units: [(id: 1, at: (3, 4))], seed: 7)"#.to_vec();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for m in Mutation::ALL {
            let mut b = text.clone();
            mutate(&mut b, m, &mut rng);
            assert_ne!(b, text, "{m:?} changed nothing");
            let s = String::from_utf8_lossy(&b);
            match m {
                Mutation::DuplicateField => assert!(b.len() > text.len(), "{s}"),
                Mutation::RemoveField => assert!(b.len() < text.len(), "{s}"),
                Mutation::DeepNesting => assert!(b.len() >= text.len() + 200, "{s}"),
                Mutation::InvalidUtf8 => assert!(std::str::from_utf8(&b).is_err()),
                Mutation::LongString => assert!(b.len() > 100_000),
                _ => {}
            }
        }
        assert_eq!(field_starts(&text).len(), 6);
        assert_eq!(
            &text[field_starts(&text)[0]..value_end(&text, field_starts(&text)[0])],
            br#"name: "A","#
        );
        assert_eq!(number_spans(&text).len(), 4);
        assert_eq!(string_spans(&text), vec![(7, 10), (18, 21)]);
    }

    /// CI's share: 10,000 inputs. `kassen fuzz --inputs 100000` is the long
    /// run.
    #[test]
    fn ten_thousand_mutated_files_never_panic_and_every_error_names_its_file() {
        let r = run(10_000, 1);
        assert!(
            r.seeds >= 12,
            "scenarios and a save of each module: {}",
            r.seeds
        );
        assert_eq!(r.inputs, 10_000);
        assert!(r.panics.is_empty(), "{}", r.text());
        assert!(r.bad_errors.is_empty(), "{}", r.text());
        assert!(r.refused > 0 && r.opened > 0, "{}", r.text());
    }
}
