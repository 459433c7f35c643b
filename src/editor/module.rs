//! The editor's links to the rule modules, through the registry: the
//! templates *New scenario* offers, a scenario's palette, and the module's
//! own check (the same as `kassen check`).

use crate::engine::core::{BoardKind, Module};
use crate::engine::editing::EditorPalette;
use crate::engine::scenario::LoadError;
use crate::rules::{ModuleVisitor, visit_all};
use crate::session::{self, WithModule};

/// A module's new-scenario template.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// The module's `ruleset` key.
    pub ruleset: &'static str,
    /// The rule system's title.
    pub title: &'static str,
    /// Its board.
    pub board: BoardKind,
    /// The template's file name, for messages.
    pub file: String,
    /// Its RON text.
    pub text: String,
}

/// Every registered module's template, in registry order (modules without
/// an editor are left out).
pub fn templates() -> Vec<Template> {
    struct V(Vec<Template>);
    impl ModuleVisitor for V {
        fn visit<R: Module>(&mut self) {
            if let Some((file, text)) = R::editor_template() {
                self.0.push(Template {
                    ruleset: R::RULESET,
                    title: R::TITLE,
                    board: R::BOARD,
                    file,
                    text,
                });
            }
        }
    }
    let mut v = V(Vec::new());
    visit_all(&mut v);
    v.0
}

/// A scenario naming a rule system that is not registered.
fn no_module(file: &str, ruleset: &str) -> LoadError {
    LoadError::plain(file, format!("no rule system called \"{ruleset}\""))
}

struct Palette<'a> {
    file: &'a str,
    text: &'a str,
}

impl WithModule for Palette<'_> {
    type Out = Result<EditorPalette, LoadError>;
    fn run<R: Module>(self) -> Self::Out {
        let scenario = R::parse_scenario(self.file, self.text)?;
        let ctx = R::context(&scenario)?;
        R::editor_palette(&ctx).ok_or_else(|| {
            LoadError::plain(self.file, format!("{} has no scenario editor", R::TITLE))
        })
    }
}

/// The palette of the module a scenario names.
///
/// # Errors
/// The scenario does not read or check, or its module has no editor.
pub fn palette(file: &str, text: &str) -> Result<EditorPalette, LoadError> {
    let h = session::read_header(file, text)?;
    session::with_module(&h.ruleset, Palette { file, text })
        .unwrap_or_else(|| Err(no_module(file, &h.ruleset)))
}

struct Check<'a> {
    file: &'a str,
    text: &'a str,
}

impl WithModule for Check<'_> {
    type Out = Result<String, LoadError>;
    fn run<R: Module>(self) -> Self::Out {
        let game = session::open_text::<R>(self.file, self.text, false, None, &[])?;
        let info = R::describe(game.scenario());
        Ok(format!(
            "{}: ok (scenario \"{}\", {}, {} units)",
            self.file,
            info.name,
            R::TITLE,
            info.units
        ))
    }
}

/// The module's check of a scenario, as `kassen check` runs it: the line it
/// prints.
///
/// # Errors
/// The first problem, with file, line and column where it has them.
pub fn check(file: &str, text: &str) -> Result<String, LoadError> {
    let h = session::read_header(file, text)?;
    if h.save {
        return Err(LoadError::plain(file, "is a save, not a scenario"));
    }
    session::with_module(&h.ruleset, Check { file, text })
        .unwrap_or_else(|| Err(no_module(file, &h.ruleset)))
}
