//! The largest legal scenario of a module, and `kassen bench --largest`:
//! the computer's thinking time there.
//!
//! [`largest_scenario`] grows a module's scenario to the stated limits
//! with the scenario editor's own commands: the board to 64 × 64 hexes (or
//! the table to 120″ × 120″), and each side to half the units the board
//! allows ([`BoardKind::unit_limit`](crate::engine::core::BoardKind::unit_limit)), of the
//! types it already fields, in rows from its own end of the board. The
//! module's check then reads it as `kassen check` would.

use std::time::Duration;

use crate::editor::module::palette;
use crate::editor::{At, EditCommand, ScenarioDoc};
use crate::engine::core::{Module, ToAct};
use crate::engine::scenario::{MAX_TABLE_UNITS, MAX_UNITS};
use crate::engine::table::AreaEffect;
use crate::engine::work;
use crate::opponent::Level;
use crate::opponent::driver::{Applied, apply_computer_command, computer_command};
use crate::opponent::search::Opponent;
use crate::session::{self, WithModule};

/// The largest hex board the scenarios take, hexes each way.
const BOARD_SIDE: i32 = 64;
/// The largest table, inches each way.
const TABLE_SIDE: f32 = 120.0;
/// Room per unit placed on the table, inches across and deep.
const TABLE_STEP: (f32, f32) = (6.0, 5.0);
/// Room kept free around each unit the scenario already has on the table,
/// inches.
const TABLE_CLEAR: f32 = 8.0;

/// The scenario `text` (file `file`) grown to the stated limits: the board
/// or table at its largest, and units added (of the types each side
/// already fields) until each side has half of the units the board allows
/// (500 on a hex board, 200 on the table), as far as free ground allows.
///
/// # Errors
/// The scenario does not read, its module has no editor, or the grown
/// scenario fails the module's check (named with the reason).
pub fn largest_scenario(file: &str, text: &str) -> Result<String, String> {
    let pal = palette(file, text).map_err(|e| e.to_string())?;
    let mut doc = ScenarioDoc::parse(text)?;
    let table = doc.is_table();
    let grow = if table {
        EditCommand::ResizeTable {
            width: TABLE_SIDE,
            depth: TABLE_SIDE,
        }
    } else {
        EditCommand::Resize {
            columns: BOARD_SIDE,
            rows: BOARD_SIDE,
        }
    };
    doc.apply(&pal, &grow)?;
    let pieces = doc.pieces()?;
    let sides = doc.sides()?;
    // Each side's unit types (in the file's order) and where it stands on
    // average: the side further down fills rows from the bottom.
    let mut kinds: [Vec<String>; 2] = Default::default();
    let mut all: [Vec<String>; 2] = Default::default();
    let mut mean = [0.0f32; 2];
    let mut count = [0usize; 2];
    for p in pieces.iter().filter(|p| p.list == "units") {
        let Some(s) = sides
            .iter()
            .position(|s| s.name == p.side)
            .filter(|s| *s < 2)
        else {
            continue;
        };
        // A type the side fields twice may be fielded again (one the side
        // has once, such as a General Staff, may be one of a kind).
        if all[s].contains(&p.unit_type) && !kinds[s].contains(&p.unit_type) {
            kinds[s].push(p.unit_type.clone());
        }
        all[s].push(p.unit_type.clone());
        mean[s] += match p.at {
            Some(At::Hex((_, r))) => r as f32,
            Some(At::Table(_, y)) => y,
            None => 0.0,
        };
        count[s] += 1;
    }
    for s in 0..2 {
        if kinds[s].is_empty() {
            kinds[s] = all[s].clone();
            kinds[s].dedup();
        }
    }
    let low = if mean[0] / count[0].max(1) as f32 <= mean[1] / count[1].max(1) as f32 {
        0
    } else {
        1
    };
    for side in 0..2u8 {
        let s = usize::from(side);
        let from_bottom = s == low;
        let limit = if table { MAX_TABLE_UNITS } else { MAX_UNITS };
        let want = (limit / 2).saturating_sub(count[s]);
        let mut placed = 0;
        let taken: Vec<(f32, f32)> = pieces
            .iter()
            .filter_map(|p| match p.at {
                Some(At::Table(x, y)) => Some((x, y)),
                _ => None,
            })
            .collect();
        // Ground a unit may not stand on: impassable areas, by their
        // bounding boxes grown by half a step.
        let walls: Vec<(f32, f32, f32, f32)> = if table {
            doc.table()?
                .areas
                .iter()
                .filter(|a| a.effects.contains(&AreaEffect::Impassable))
                .map(|a| {
                    let xs = a.points.iter().map(|p| p.0);
                    let ys = a.points.iter().map(|p| p.1);
                    let m = TABLE_STEP.0 / 2.0 + 1.0;
                    (
                        xs.clone().fold(f32::MAX, f32::min) - m,
                        xs.fold(f32::MIN, f32::max) + m,
                        ys.clone().fold(f32::MAX, f32::min) - m,
                        ys.fold(f32::MIN, f32::max) + m,
                    )
                })
                .collect()
        } else {
            Vec::new()
        };
        let free = |at: &At| match at {
            At::Table(x, y) => {
                taken
                    .iter()
                    .all(|(tx, ty)| (x - tx).hypot(y - ty) > TABLE_CLEAR)
                    && walls
                        .iter()
                        .all(|w| !(w.0..=w.1).contains(x) || !(w.2..=w.3).contains(y))
            }
            At::Hex(_) => true,
        };
        for (k, at) in spots(table, from_bottom)
            .into_iter()
            .filter(free)
            .enumerate()
        {
            if placed == want || kinds[s].is_empty() {
                break;
            }
            let unit_type = kinds[s][k % kinds[s].len()].clone();
            let cmd = EditCommand::PlaceUnit {
                side,
                unit_type,
                at,
            };
            if doc.apply(&pal, &cmd).is_ok() {
                placed += 1;
            }
        }
    }
    let out = doc.text();
    crate::editor::module::check(file, &out).map_err(|e| format!("the largest {file}: {e}"))?;
    Ok(out)
}

/// Where units go, nearest their own end first: hexes row by row, or
/// table points [`TABLE_STEP`] apart.
fn spots(table: bool, from_bottom: bool) -> Vec<At> {
    let mut out = Vec::new();
    if table {
        let (dx, dy) = TABLE_STEP;
        // A no man's land of a step between the two sides.
        let rows = ((TABLE_SIDE / 2.0 - dy) / dy) as i32;
        let cols = (TABLE_SIDE / dx) as i32;
        for r in 0..rows {
            let y = dy / 2.0 + 2.0 + r as f32 * dy;
            let y = if from_bottom { y } else { TABLE_SIDE - y };
            for c in 0..cols {
                out.push(At::Table(dx / 2.0 + c as f32 * dx, y));
            }
        }
    } else {
        for r in 0..BOARD_SIDE / 2 {
            let row = if from_bottom { r } else { BOARD_SIDE - 1 - r };
            for c in 0..BOARD_SIDE {
                out.push(At::Hex((c, row)));
            }
        }
    }
    out
}

/// One level's thinking on a largest scenario.
#[derive(Clone, Debug, Default)]
pub struct Thinking {
    /// Units in the scenario.
    pub units: usize,
    /// CPU time of each command the computer chose.
    pub times: Vec<Duration>,
    /// Work units of each.
    pub work: Vec<u64>,
}

struct Think {
    file: String,
    text: String,
    level: Level,
    commands: usize,
}

impl WithModule for Think {
    type Out = Result<Thinking, String>;
    fn run<R: Module>(self) -> Self::Out {
        let mut game = session::open_text::<R>(&self.file, &self.text, false, Some(1), &[])
            .map_err(|e| e.to_string())?;
        let mut out = Thinking {
            units: R::describe(game.scenario()).units,
            ..Thinking::default()
        };
        let opp = [0u64, 1].map(|s| Opponent::new(self.level, 7 + s));
        let mut made = [0u32; 2];
        let mut last = None;
        while out.times.len() < self.commands {
            game.advance();
            let ToAct::Side(side) = game.to_act() else {
                break;
            };
            if game.turn() > 1 {
                break;
            }
            // A new decision starts its count of commands afresh.
            let phase = (side, game.phase_name());
            if last.as_ref() != Some(&phase) {
                made = [0; 2];
                last = Some(phase);
            }
            let s = usize::from(side.min(1));
            let obs = R::observation(&game.ctx, &game.state, side);
            let salt = game.journal.entries.len() as u64;
            let t0 = cpu_time::ThreadTime::now();
            let w0 = work::spent();
            let cmd = computer_command::<R>(&opp[s], &game.ctx, &obs, side, salt, made[s]);
            out.times.push(t0.elapsed());
            out.work.push(work::spent() - w0);
            made[s] += 1;
            if let Applied::Stuck(why) = apply_computer_command(&mut game, side, cmd.as_ref()) {
                return Err(format!("{}: {why}", self.file));
            }
        }
        Ok(out)
    }
}

/// The computer at `level` on both sides of the largest form of the
/// scenario `text`: its first turn, or its first `commands` commands,
/// whichever ends first.
///
/// # Errors
/// The scenario does not grow or does not load.
pub fn think_on_largest(
    file: &str,
    text: &str,
    level: Level,
    commands: usize,
) -> Result<Thinking, String> {
    let big = largest_scenario(file, text)?;
    let h = session::read_header(file, &big).map_err(|e| e.to_string())?;
    session::with_module(
        &h.ruleset,
        Think {
            file: file.to_string(),
            text: big,
            level,
            commands,
        },
    )
    .unwrap_or_else(|| Err(format!("{file}: no module")))
}

/// Commands timed per level by [`run`]: *easy* plays its whole first turn
/// (within this many), the others their first commands.
const TIMED: [(Level, usize); 3] = [(Level::Easy, 1_200), (Level::Normal, 40), (Level::Hard, 20)];

/// `kassen bench --largest [FILES]`: for the first shipped scenario of
/// each module (or each of `files`) grown to the limits ([`largest_scenario`]), each level's
/// thinking time per command (CPU time, ms: median and max) and work
/// units (max), as a Markdown table.
///
/// # Errors
/// A scenario that does not read or grow, or output that cannot be written.
pub fn run(files: &[std::path::PathBuf]) -> Result<(), String> {
    crate::outln!(
        "| scenario grown | rule system | units | level | commands | median (ms) | max (ms) | max work units | budget |"
    )?;
    crate::outln!("|---|---|---:|---|---:|---:|---:|---:|---:|")?;
    let mut seen: Vec<String> = Vec::new();
    let paths = if files.is_empty() {
        session::shipped_scenarios()
    } else {
        files.to_vec()
    };
    for path in paths {
        let (file, text) = session::read(&path).map_err(|e| e.to_string())?;
        let h = session::read_header(&file, &text).map_err(|e| e.to_string())?;
        if files.is_empty() && seen.contains(&h.ruleset) {
            continue;
        }
        seen.push(h.ruleset.clone());
        let name = path
            .file_name()
            .map_or_else(|| file.clone(), |n| n.to_string_lossy().into_owned());
        for (level, commands) in TIMED {
            let t = think_on_largest(&file, &text, level, commands)?;
            let mut ms: Vec<f64> = t.times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
            ms.sort_by(f64::total_cmp);
            crate::outln!(
                "| {name} | {} | {} | {} | {} | {:.1} | {:.1} | {} | {} |",
                h.ruleset,
                t.units,
                level.name(),
                ms.len(),
                ms.get(ms.len() / 2).copied().unwrap_or(0.0),
                ms.last().copied().unwrap_or(0.0),
                t.work.iter().max().copied().unwrap_or(0),
                level.work_budget()
            )?;
        }
    }
    Ok(())
}
