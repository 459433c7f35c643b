//! `kassen bench`: measures the core on each scenario, single-threaded, and
//! prints a Markdown table: `apply` p50 and p99 (µs), state clone (µs,
//! median), `legal_commands` (µs, median) and full games per second with the
//! computer's current default play; then, for a finished default game of
//! each, the replay's build time and the time of a jump to any point (ms,
//! median and max), and the after-action report's build and evaluation
//! (every point of its curve at [`REPORT_PLAYOUTS`] playouts, ms). Run it
//! in a release build.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::engine::core::{Module, ToAct};
use crate::engine::dice::Dice;
use crate::engine::game::Game;
use crate::engine::log::NoLog;
use crate::engine::replay::Replay;
use crate::report::{REPORT_PLAYOUTS, Timeline};
use crate::session::{self, WithModule};

/// One scenario's figures.
#[derive(Clone, Debug)]
pub struct BenchRow {
    /// Scenario file.
    pub file: String,
    /// Rule system.
    pub title: &'static str,
    /// `apply` median, µs.
    pub apply_p50: f64,
    /// `apply` 99th percentile, µs.
    pub apply_p99: f64,
    /// State clone median, µs.
    pub clone: f64,
    /// `legal_commands` median, µs.
    pub legal: f64,
    /// Full games per second with default play.
    pub games_per_s: f64,
    /// Commands applied over the timed games.
    pub commands: usize,
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    let i = ((v.len() - 1) as f64 * p).round() as usize;
    v[i.min(v.len() - 1)]
}

/// Plays one game from `state` to its end with default play and no log;
/// calls `each` with every applied command's duration. Returns commands
/// applied (bounded at 100,000).
pub fn play_default<R: Module>(
    ctx: &R::Ctx,
    state: &mut R::State,
    dice: &mut Dice,
    mut each: impl FnMut(Duration),
) -> usize {
    let mut n = 0;
    let mut apply =
        |state: &mut R::State, dice: &mut Dice, cmd: &R::Command, n: &mut usize| -> bool {
            let t = Instant::now();
            let ok = R::apply(ctx, state, cmd, dice, &mut NoLog).is_ok();
            each(t.elapsed());
            *n += 1;
            ok
        };
    while n < 100_000 {
        match R::to_act(ctx, state) {
            ToAct::Over => break,
            ToAct::Rules => {
                let Some(c) = R::step_command(ctx, state) else {
                    break;
                };
                if !apply(state, dice, &c, &mut n) {
                    break;
                }
            }
            ToAct::Side(side) => {
                let decision = R::phase_name(ctx, state);
                for c in R::default_commands(ctx, state, side) {
                    if R::to_act(ctx, state) != ToAct::Side(side) {
                        break;
                    }
                    apply(state, dice, &c, &mut n);
                }
                if R::to_act(ctx, state) == ToAct::Side(side)
                    && R::phase_name(ctx, state) == decision
                {
                    let Some(c) = R::pass_command(ctx, state, side) else {
                        break;
                    };
                    if !apply(state, dice, &c, &mut n) {
                        break;
                    }
                }
            }
        }
    }
    n
}

struct Measure {
    file: String,
    text: String,
    games: u32,
}

impl WithModule for Measure {
    type Out = Result<BenchRow, String>;
    fn run<R: Module>(self) -> Result<BenchRow, String> {
        let game = session::open_text::<R>(&self.file, &self.text, false, Some(1), &[])
            .map_err(|e| e.to_string())?;
        let ctx = &game.ctx;
        let start = game.state.clone();
        // apply, clone and legal_commands along a few games.
        let (mut applies, mut clones, mut legals) = (Vec::new(), Vec::new(), Vec::new());
        for seed in 0..5u64 {
            let mut s = start.clone();
            let mut dice = Dice::new(seed);
            let mut points = Vec::new();
            play_default::<R>(ctx, &mut s, &mut dice, |d| applies.push(micros(d)));
            points.push(s);
            let mut s = start.clone();
            let mut dice = Dice::new(seed);
            // States along the way: stop after k commands each.
            for k in [1usize, 10, 40, 100] {
                let mut left = k;
                let mut t = s.clone();
                let mut d = dice.clone();
                play_until::<R>(ctx, &mut t, &mut d, &mut left);
                points.push(t);
            }
            play_until::<R>(ctx, &mut s, &mut dice, &mut 0);
            for p in &points {
                for _ in 0..20 {
                    let t = Instant::now();
                    let c = p.clone();
                    clones.push(micros(t.elapsed()));
                    std::hint::black_box(c);
                }
                if let ToAct::Side(side) = R::to_act(ctx, p) {
                    let t = Instant::now();
                    let l = R::legal_commands(ctx, p, side);
                    legals.push(micros(t.elapsed()));
                    std::hint::black_box(l);
                }
            }
        }
        let t = Instant::now();
        let mut commands = 0;
        for seed in 0..u64::from(self.games.max(1)) {
            let mut s = start.clone();
            let mut dice = Dice::new(seed);
            commands += play_default::<R>(ctx, &mut s, &mut dice, |_| {});
        }
        let games_per_s = f64::from(self.games.max(1)) / t.elapsed().as_secs_f64();
        Ok(BenchRow {
            file: self.file,
            title: R::TITLE,
            apply_p50: percentile(&mut applies, 0.5),
            apply_p99: percentile(&mut applies, 0.99),
            clone: percentile(&mut clones, 0.5),
            legal: percentile(&mut legals, 0.5),
            games_per_s,
            commands,
        })
    }
}

/// Plays default commands until `left` more have been applied (0: to the end).
fn play_until<R: Module>(ctx: &R::Ctx, s: &mut R::State, dice: &mut Dice, left: &mut usize) {
    let limit = if *left == 0 { usize::MAX } else { *left };
    let mut n = 0usize;
    while n < limit.min(100_000) {
        let cmd = match R::to_act(ctx, s) {
            ToAct::Over => break,
            ToAct::Rules => R::step_command(ctx, s),
            ToAct::Side(side) => R::default_commands(ctx, s, side)
                .into_iter()
                .next()
                .or_else(|| R::pass_command(ctx, s, side)),
        };
        let Some(cmd) = cmd else { break };
        if R::apply(ctx, s, &cmd, dice, &mut NoLog).is_err() {
            // A default command refused: end the decision instead.
            let pass = match R::to_act(ctx, s) {
                ToAct::Side(side) => R::pass_command(ctx, s, side),
                _ => None,
            };
            match pass {
                Some(p) if R::apply(ctx, s, &p, dice, &mut NoLog).is_ok() => {}
                _ => break,
            }
        }
        n += 1;
    }
}

use crate::session::shipped_scenarios;

/// Measures each file and prints the table.
///
/// # Errors
/// An unreadable or invalid scenario.
pub fn run(files: &[PathBuf], games: u32) -> Result<(), String> {
    let files = if files.is_empty() {
        shipped_scenarios()
    } else {
        files.to_vec()
    };
    let files = &files;
    crate::outln!(
        "| scenario | rule system | apply p50 (µs) | apply p99 (µs) | clone (µs) | legal_commands (µs) | games/s |"
    )?;
    crate::outln!("|---|---|---:|---:|---:|---:|---:|")?;
    for f in files {
        let (file, text) = session::read(f).map_err(|e| e.to_string())?;
        let h = session::read_header(&file, &text).map_err(|e| e.to_string())?;
        let row = session::with_module(
            &h.ruleset,
            Measure {
                file: file.clone(),
                text,
                games,
            },
        )
        .unwrap_or_else(|| Err(format!("{file}: no module")))?;
        let name = Path::new(&row.file)
            .file_name()
            .map_or_else(|| row.file.clone(), |n| n.to_string_lossy().into_owned());
        crate::outln!(
            "| {name} | {} | {:.1} | {:.1} | {:.2} | {:.0} | {:.0} |",
            row.title,
            row.apply_p50,
            row.apply_p99,
            row.clone,
            row.legal,
            row.games_per_s
        )?;
    }
    crate::outln!()?;
    crate::outln!(
        "| scenario | commands | replay built (ms) | jump p50 (ms) | jump max (ms) | report points | report (ms) |"
    )?;
    crate::outln!("|---|---:|---:|---:|---:|---:|---:|")?;
    for f in files {
        let (file, text) = session::read(f).map_err(|e| e.to_string())?;
        let h = session::read_header(&file, &text).map_err(|e| e.to_string())?;
        let row = session::with_module(&h.ruleset, ReplayJumps { file, text })
            .unwrap_or_else(|| Err(format!("{}: no module", f.display())))?;
        let name = f.file_name().map_or_else(
            || f.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        crate::outln!(
            "| {name} | {} | {:.1} | {:.2} | {:.2} | {} | {:.0} |",
            row.commands,
            row.built_ms,
            row.jump_p50_ms,
            row.jump_max_ms,
            row.report_points,
            row.report_ms
        )?;
    }
    Ok(())
}

/// A finished game of the scenario `text`, every decision played by the
/// scripted default play with the dice `seed`, journalled (for replays and
/// their tests).
///
/// # Errors
/// An invalid scenario, or a command refused on the way, as a sentence.
pub fn finished_game<R: Module>(file: &str, text: &str, seed: u64) -> Result<Game<R>, String> {
    let mut g =
        session::open_text::<R>(file, text, false, Some(seed), &[]).map_err(|e| e.to_string())?;
    let run = session::run_sim(&mut g, None, None, None);
    if let Some(r) = run.refused.first() {
        return Err(format!("{file}: refused on the way: {r}"));
    }
    Ok(g)
}

/// A replay's figures on one scenario.
struct ReplayRow {
    commands: usize,
    built_ms: f64,
    jump_p50_ms: f64,
    jump_max_ms: f64,
    report_points: usize,
    report_ms: f64,
}

/// Times a replay of a finished default game: building it, then 200 jumps
/// spread over the journal in a scrambled order (each one a
/// [`Replay::at`]); then the game's after-action report, built and its
/// whole curve evaluated.
struct ReplayJumps {
    file: String,
    text: String,
}

impl WithModule for ReplayJumps {
    type Out = Result<ReplayRow, String>;
    fn run<R: Module>(self) -> Result<ReplayRow, String> {
        let g = finished_game::<R>(&self.file, &self.text, 1)?;
        let t = Instant::now();
        let mut report = Timeline::of(&g)?;
        report.evaluate_all(REPORT_PLAYOUTS, g.journal.seed);
        let report_ms = t.elapsed().as_secs_f64() * 1e3;
        let report_points = report.report.points.len();
        let t = Instant::now();
        let replay = Replay::new(g)?;
        let built_ms = t.elapsed().as_secs_f64() * 1e3;
        let n = replay.len() + 1;
        let mut jumps = Vec::new();
        for i in 0..200usize {
            let at = i.wrapping_mul(7919) % n;
            let t = Instant::now();
            let shown = replay.at(at)?;
            jumps.push(t.elapsed().as_secs_f64() * 1e3);
            std::hint::black_box(shown);
        }
        let max = jumps.iter().copied().fold(0.0, f64::max);
        Ok(ReplayRow {
            commands: replay.len(),
            built_ms,
            jump_p50_ms: percentile(&mut jumps, 0.5),
            jump_max_ms: max,
            report_points,
            report_ms,
        })
    }
}
