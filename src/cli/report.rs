//! `kassen report SAVE --out FILE`: a save's after-action report as a
//! self-contained HTML page ([`crate::report::html`]), its evaluation
//! curve filled, and its luck sentences printed.

use std::path::Path;

use crate::engine::core::Module;
use crate::engine::game::write_atomically;
use crate::report::{Timeline, html};
use crate::session::{self, WithModule};

/// Writes the report of the save `file` to `out`, with `playouts`
/// playouts a point of the evaluation curve.
///
/// # Errors
/// A file that is not a save or does not load, a journal that does not
/// replay, or a page that cannot be written, as a sentence naming the file.
pub fn run(file: &Path, out: &Path, playouts: u32) -> Result<(), String> {
    let (f, text) = session::read(file).map_err(|e| e.to_string())?;
    let h = session::require_save(&f, &text).map_err(|e| e.to_string())?;
    let job = Job {
        file: f.clone(),
        text,
        out,
        playouts,
    };
    session::with_module(&h.ruleset, job)
        .unwrap_or_else(|| Err(format!("{f}: no module plays \"{}\"", h.ruleset)))
}

/// One report to write.
struct Job<'a> {
    file: String,
    text: String,
    out: &'a Path,
    playouts: u32,
}

impl WithModule for Job<'_> {
    type Out = Result<(), String>;
    fn run<R: Module>(self) -> Result<(), String> {
        let game = session::open_text::<R>(&self.file, &self.text, true, None, &[])
            .map_err(|e| e.to_string())?;
        let mut t = Timeline::of(&game).map_err(|e| format!("{}: {e}", self.file))?;
        t.evaluate_all(self.playouts, game.journal.seed);
        let page = html::page(&t.report)?;
        write_atomically(self.out, page.as_bytes())?;
        for s in 0..2 {
            crate::outln!("{}", t.report.luck_sentence(s))?;
        }
        crate::outln!(
            "{}: the report of \"{}\" ({} points, {} key moments)",
            self.out.display(),
            t.report.title,
            t.report.points.len(),
            t.report.moments().len()
        )
    }
}
