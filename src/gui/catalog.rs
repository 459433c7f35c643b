//! The scenario list of the title screen: every scenario in `scenarios/`
//! (or the binary's own copies) and in the player's own folder, each with
//! its name, rule system, board kind, sides, turn limit and briefing, read
//! through the registry.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::engine::core::{BoardKind, Module, ScenarioInfo};
use crate::session::{self, WithModule};
use crate::t;

use super::thumbnail::{Thumb, thumb_of};

/// One scenario on the title screen.
#[derive(Clone, Debug)]
pub struct CatalogEntry {
    /// Where it was read from.
    pub path: PathBuf,
    /// What the scenario says of itself.
    pub info: ScenarioInfo,
    /// The rule system's name.
    pub system: &'static str,
    /// A hex board or an open table.
    pub board: BoardKind,
    /// From the player's own folder ([`user_scenario_dir`]).
    pub yours: bool,
    /// A small picture of its board at the start, if it builds.
    pub thumb: Option<Thumb>,
    /// The board's size.
    pub size: Option<BoardSize>,
    /// Its measured length and fairness (shipped scenarios).
    pub length: Option<ScenarioLength>,
}

/// A board's size, for the title screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoardSize {
    /// A hex board: columns and rows.
    Hexes(i32, i32),
    /// An open table: width and depth in inches.
    Table(f32, f32),
}

impl BoardSize {
    /// "16 × 12 hexes", "48 × 36 in table", in the app's language.
    pub fn words(self) -> String {
        match self {
            BoardSize::Hexes(c, r) => t!("title-size-hexes", columns = c, rows = r),
            BoardSize::Table(w, d) => t!("title-size-table", width = w, depth = d),
        }
    }
}

/// A shipped scenario's length and fairness as measured
/// (`tools/measure_scenarios.py`: the scripted play against itself,
/// `assets/scenario_lengths.ron`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioLength {
    /// The median commands of a game.
    pub commands: u32,
    /// Games measured.
    pub games: u32,
    /// Each side's wins.
    pub wins: (u32, u32),
    /// Drawn games.
    pub draws: u32,
}

impl ScenarioLength {
    /// The minutes a computer-vs-computer game of the median length takes
    /// at the app's pace (`pace` seconds a command, thinking not counted),
    /// at least 1.
    pub fn minutes(self, pace: f32) -> u32 {
        ((self.commands as f32 * pace / 60.0).round() as u32).max(1)
    }
}

/// The measured lengths by scenario file name: from `assets/` on disk
/// when the file is there, else the binary's copy.
///
/// # Errors
/// The file does not parse (its line and column).
pub fn scenario_lengths()
-> Result<std::collections::BTreeMap<String, ScenarioLength>, crate::engine::scenario::LoadError> {
    crate::engine::assets::parse_table(
        "scenario_lengths.ron",
        include_str!("../../assets/scenario_lengths.ron"),
    )
}

/// The scenarios found at start.
#[derive(Resource, Clone, Debug, Default)]
pub struct Catalog {
    /// Valid scenarios, by file name.
    pub entries: Vec<CatalogEntry>,
    /// Files that could not be read, with why.
    pub broken: Vec<String>,
}

/// What the registry says of one scenario.
type Described = (
    ScenarioInfo,
    &'static str,
    BoardKind,
    Option<Thumb>,
    Option<BoardSize>,
);

struct Describe {
    file: String,
    text: String,
}

impl WithModule for Describe {
    type Out = Result<Described, String>;
    fn run<R: Module>(self) -> Self::Out {
        let s = R::parse_scenario(&self.file, &self.text).map_err(|e| e.to_string())?;
        let size = R::context(&s).ok().and_then(|c| {
            R::hex_board(&c)
                .map(|b| BoardSize::Hexes(b.columns, b.rows))
                .or_else(|| R::table(&c).map(|t| BoardSize::Table(t.width, t.depth)))
        });
        Ok((R::describe(&s), R::TITLE, R::BOARD, thumb_of::<R>(&s), size))
    }
}

/// The scenario folder: `scenarios/` in the working directory, else the one
/// beside the executable; without either, `scenarios/` still names the
/// shipped scenarios, which open from the binary's own copy
/// ([`crate::engine::assets::built_in_scenario`]).
pub fn scenario_dir() -> PathBuf {
    shipped_dir("scenarios")
}

/// The shipped folder `name` (`scenarios`, `campaigns`): in the working
/// directory, else beside the executable; without either, `name` still
/// names it, and its files open from the binary's own copies.
pub fn shipped_dir(name: &str) -> PathBuf {
    let here = PathBuf::from(name);
    if here.is_dir() {
        return here;
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(name)))
        .filter(|d| d.is_dir())
        .unwrap_or(here)
}

/// Reads every `.ron` scenario of `dir` through the registry, and the
/// shipped scenarios missing there from the binary's copy.
pub fn read_catalog(dir: &Path) -> Catalog {
    let mut paths = session::ron_files(dir);
    for (name, _) in crate::engine::assets::BUILT_IN_SCENARIOS {
        let p = dir.join(name);
        if !paths.contains(&p) {
            paths.push(p);
        }
    }
    paths.sort();
    catalog_of(paths, false)
}

/// Adds the scenarios of the player's own folder ([`user_scenario_dir`]) to
/// `c`, after the shipped ones.
pub fn add_user_scenarios(c: &mut Catalog, dir: &Path) {
    let mine = catalog_of(session::ron_files(dir), true);
    c.entries.extend(mine.entries);
    c.broken.extend(mine.broken);
}

/// The player's own scenario folder, in the platform data directory
/// (`~/.local/share/kassen/scenarios` on Linux): its `.ron` scenarios are
/// listed on the title screen after the shipped ones.
pub fn user_scenario_dir() -> PathBuf {
    crate::engine::game::data_dir().join("scenarios")
}

fn catalog_of(paths: Vec<PathBuf>, yours: bool) -> Catalog {
    let read = paths
        .into_iter()
        .map(|path| {
            let r = session::read(&path).map_err(|e| e.to_string());
            (path, r)
        })
        .collect();
    catalog_of_read(read, yours)
}

/// The scenario list of texts already read (by the loading state), by
/// path, with the shipped scenarios missing there from the binary's copy.
pub fn catalog_from_texts(texts: Vec<(PathBuf, String)>) -> Catalog {
    let dir = scenario_dir();
    let mut read: Vec<ReadScenario> = texts
        .into_iter()
        .map(|(p, t)| (p.clone(), Ok((p.display().to_string(), t))))
        .collect();
    for (name, text) in crate::engine::assets::BUILT_IN_SCENARIOS {
        let p = dir.join(name);
        if !read.iter().any(|(q, _)| *q == p) {
            read.push((
                p.clone(),
                Ok((p.display().to_string(), (*text).to_string())),
            ));
        }
    }
    read.sort_by(|a, b| a.0.cmp(&b.0));
    catalog_of_read(read, false)
}

/// A scenario's path and its file name and text, or why it cannot be read.
type ReadScenario = (PathBuf, Result<(String, String), String>);

fn catalog_of_read(read: Vec<ReadScenario>, yours: bool) -> Catalog {
    let mut c = Catalog::default();
    let lengths = match scenario_lengths() {
        Ok(l) => l,
        Err(e) => {
            c.broken.push(e.to_string());
            Default::default()
        }
    };
    for (path, r) in read {
        let described = r.and_then(|(file, text)| {
            let h = session::read_header(&file, &text).map_err(|e| e.to_string())?;
            if h.save {
                return Err(t!("title-save-not-scenario", file = file));
            }
            session::with_module(&h.ruleset, Describe { file, text })
                .unwrap_or_else(|| Err(t!("title-no-module")))
        });
        match described {
            Ok((info, system, board, thumb, size)) => {
                let length = (!yours)
                    .then(|| path.file_name().and_then(|n| n.to_str()))
                    .flatten()
                    .and_then(|n| lengths.get(n).copied());
                c.entries.push(CatalogEntry {
                    path,
                    info,
                    system,
                    board,
                    yours,
                    thumb,
                    size,
                    length,
                });
            }
            Err(e) => c.broken.push(e),
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(tag: &str) -> PathBuf {
        std::env::temp_dir().join(format!("kassen-title-{tag}-{}", std::process::id()))
    }

    #[test]
    fn without_a_scenario_folder_the_shipped_scenarios_come_from_the_binary() {
        let dir = temp("lone").join("scenarios");
        let c = read_catalog(&dir);
        assert!(c.broken.is_empty(), "{:?}", c.broken);
        assert_eq!(
            c.entries.len(),
            crate::engine::assets::BUILT_IN_SCENARIOS.len()
        );
        // Each opens by its path, though no file is there.
        for e in &c.entries {
            assert!(!e.path.exists());
            let (_, text) = session::read(&e.path).unwrap_or_else(|err| panic!("{err}"));
            assert!(text.contains("ruleset"));
        }
    }

    #[test]
    fn a_scenario_in_the_players_own_folder_joins_the_list_after_the_shipped_ones() {
        let mine = temp("mine");
        std::fs::create_dir_all(&mine).expect("temp dir");
        let (name, text) = crate::engine::assets::BUILT_IN_SCENARIOS[0];
        let h = session::read_header(name, text).expect("header");
        let renamed = text.replacen("name: \"", "name: \"My own ", 1);
        std::fs::write(mine.join("my_own.ron"), renamed).expect("write");
        std::fs::write(mine.join("broken.ron"), "(ruleset: ").expect("write");
        let mut c = read_catalog(Path::new("scenarios"));
        let shipped = c.entries.len();
        add_user_scenarios(&mut c, &mine);
        assert_eq!(c.entries.len(), shipped + 1);
        let last = c.entries.last().expect("an entry");
        assert!(
            last.yours && last.info.name.starts_with("My own "),
            "{:?}",
            last.info.name
        );
        assert!(c.entries[..shipped].iter().all(|e| !e.yours));
        assert!(!h.save);
        assert!(
            c.broken.iter().any(|b| b.contains("broken.ron")),
            "{:?}",
            c.broken
        );
        std::fs::remove_dir_all(&mine).ok();
    }

    /// Issue 35 §4: every shipped scenario has its measured length and
    /// fairness (`tools/measure_scenarios.py`), no entry names a scenario
    /// that is gone, and no side won more than 65% of the measured games.
    #[test]
    fn every_shipped_scenario_has_its_measured_length_and_is_fair() {
        let lengths = scenario_lengths().unwrap_or_else(|e| panic!("{e}"));
        let shipped: Vec<String> = session::shipped_scenarios()
            .iter()
            .filter_map(|p| Some(p.file_name()?.to_str()?.to_string()))
            .collect();
        let known: Vec<&String> = lengths.keys().collect();
        assert_eq!(known, shipped.iter().collect::<Vec<_>>());
        for (name, l) in &lengths {
            assert_eq!(l.wins.0 + l.wins.1 + l.draws, l.games, "{name}");
            assert!(l.commands > 0, "{name}");
            let most = l.wins.0.max(l.wins.1);
            assert!(
                most * 100 <= l.games * 65,
                "{name}: a side won {most} of {}",
                l.games
            );
        }
        let c = read_catalog(Path::new("scenarios"));
        assert!(
            c.entries
                .iter()
                .all(|e| e.length.is_some() && e.size.is_some())
        );
    }
}
