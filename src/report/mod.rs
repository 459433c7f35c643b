//! The after-action report, written once for every module: a finished (or
//! unfinished) game's journal replayed into the course of the battle.
//!
//! - [`Timeline::of`] replays the journal once from the scenario and keeps
//!   a [`Point`] at the start, at the start of every turn and at the end:
//!   each side's strength (the models, figures or steps its units show in
//!   the full view's scene), the scene's tracks (victory points, honor,
//!   rout points) and the module's score.
//! - [`luck`]: every roll the module weighed for a side
//!   ([`LogEntry::worse`]) against its exact odds.
//! - [`Timeline::evaluate_next`] fills the evaluation curve one point at a
//!   time (side 0's chance to win, from playouts of the default play,
//!   [`win_chance`]), so a window can show the plots while it fills.
//! - [`Report::moments`]: the three largest swings of the curve, each with
//!   the command whose rolls swung it most.
//! - [`html`]: the report as a self-contained HTML page with SVG plots
//!   (`kassen report`).

pub mod html;
pub mod luck;
pub mod series;

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::engine::core::Module;
use crate::engine::game::Game;
use crate::engine::log::LogEntry;
use crate::opponent::search::win_chance;
use crate::t;

use luck::{Roll, SideLuck, luck_of};

/// Playouts per point of the evaluation curve in `kassen report` and the
/// app's report (each a whole game of default play).
pub const REPORT_PLAYOUTS: u32 = 24;

/// Where the battle stood at one point of its journal.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Commands applied so far.
    pub at: usize,
    /// The turn, from 1.
    pub turn: u32,
    /// Each side's strength: the sum of its units' models (figures,
    /// steps) in the full view.
    pub strength: [f64; 2],
    /// The scene's tracks: (side, name, value).
    pub tracks: Vec<(u8, String, i32)>,
    /// The module's score for side 0 (its lead; side 1's is its negative
    /// in every module).
    pub score: f64,
}

/// One of the largest swings of the evaluation curve.
#[derive(Clone, Debug, PartialEq)]
pub struct Moment {
    /// The point (index into [`Report::points`]) the swing starts at.
    pub from: usize,
    /// Side 0's chance to win before and after, `0.0..=1.0`.
    pub before: f64,
    /// See `before`.
    pub after: f64,
    /// The command (from 1) whose rolls swung it most the same way: the
    /// replay opens after it.
    pub command: usize,
    /// The turn of that command.
    pub turn: u32,
    /// That command's most telling roll in the game's words
    /// ("… attacks … with 9 dice: 6 hits"), empty for none.
    pub roll: String,
}

impl Moment {
    /// The moment in words, for side `side` (the name of side 0, whose
    /// chance the curve is): "Turn 2, command 18: Takeda's chance to win
    /// went from 79% to 98%."
    pub fn sentence(&self, side: &str) -> String {
        t!(
            "report-moment",
            turn = self.turn,
            command = self.command,
            side = side,
            before = format!("{:.0}", 100.0 * self.before),
            after = format!("{:.0}", 100.0 * self.after)
        )
    }
}

/// The report of one game, for plots and pages (no module type).
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The scenario's name.
    pub title: String,
    /// The rule system's name.
    pub system: String,
    /// The sides' names.
    pub sides: [String; 2],
    /// The sides' colours (sRGB bytes), as the board draws them.
    pub colors: [[u8; 3]; 2],
    /// The result in words, if the game is over.
    pub outcome: Option<String>,
    /// Commands in the journal.
    pub commands: usize,
    /// The start, every turn start and the end, in order.
    pub points: Vec<Point>,
    /// Side 0's chance to win at each point, `None` until evaluated.
    pub eval: Vec<Option<f64>>,
    /// Each side's luck.
    pub luck: [SideLuck; 2],
    /// Per command: how much its rolls favoured side 0 over side 1, as
    /// the sum of (place − ½) of each roll, signed by side.
    swings: Vec<f64>,
    /// Per command: the roll in words that favoured side 0 most, and the
    /// one that favoured side 1 most (empty for none).
    rolls: Vec<[String; 2]>,
}

impl Report {
    /// The luck sentence for `side` ("Uesugi's dice were better than 91%
    /// of games like this …"), or that it rolled no weighed dice.
    pub fn luck_sentence(&self, side: usize) -> String {
        let l = &self.luck[side.min(1)];
        let name = &self.sides[side.min(1)];
        if l.rolls == 0 {
            return t!("report-luck-none", side = name);
        }
        t!(
            "report-luck",
            side = name,
            pct = format!("{:.0}", l.percentile),
            rolls = l.rolls,
            place = format!("{:.0}", 100.0 * l.mean_place)
        )
    }

    /// Whether every point of the evaluation curve is filled.
    pub fn evaluated(&self) -> bool {
        self.eval.iter().all(Option::is_some)
    }

    /// The three largest swings between consecutive evaluated points,
    /// largest first.
    pub fn moments(&self) -> Vec<Moment> {
        let mut spans: Vec<(usize, f64, f64)> = (1..self.points.len())
            .filter_map(|i| Some((i - 1, self.eval[i - 1]?, self.eval[i]?)))
            .filter(|(_, a, b)| (b - a).abs() > f64::EPSILON)
            .collect();
        spans.sort_by(|x, y| (y.2 - y.1).abs().total_cmp(&(x.2 - x.1).abs()));
        spans
            .into_iter()
            .take(MOMENTS)
            .map(|(i, before, after)| {
                let (lo, hi) = (self.points[i].at, self.points[i + 1].at);
                let dir = (after - before).signum();
                // The command of the span whose rolls went most the way
                // the curve went; the first of the span without rolls.
                let k = (lo..hi)
                    .max_by(|a, b| {
                        (dir * self.swings[*a])
                            .total_cmp(&(dir * self.swings[*b]))
                            .then(b.cmp(a))
                    })
                    .unwrap_or(lo);
                Moment {
                    from: i,
                    before,
                    after,
                    command: k + 1,
                    turn: self.points[i].turn,
                    roll: self
                        .rolls
                        .get(k)
                        .map(|r| r[usize::from(dir < 0.0)].clone())
                        .unwrap_or_default(),
                }
            })
            .collect()
    }
}

/// Key moments a report names.
const MOMENTS: usize = 3;

/// A game's report and the states at its points, for the evaluation.
pub struct Timeline<R: Module> {
    /// The report (its curve filled by [`Timeline::evaluate_next`]).
    pub report: Report,
    ctx: Arc<R::Ctx>,
    states: Vec<R::State>,
}

impl<R: Module> Timeline<R> {
    /// The report of `game`, its journal replayed once from the scenario
    /// (the evaluation curve empty).
    ///
    /// # Errors
    /// A command refused on replay (a journal no save could load), as a
    /// sentence with its number.
    pub fn of(game: &Game<R>) -> Result<Self, String> {
        let ctx = Arc::clone(&game.ctx);
        let mut g = Game::<R>::with_ctx(
            Arc::clone(&ctx),
            game.journal.seed,
            game.journal.loaded.clone(),
        );
        let mut sides: BTreeMap<u32, Option<u8>> = BTreeMap::new();
        let (mut rolls, mut swings, mut words) = (Vec::new(), Vec::new(), Vec::new());
        let mut points = vec![point::<R>(&g)];
        let mut states = vec![g.state.clone()];
        for (i, e) in game.journal.entries.iter().enumerate() {
            let before = g.state.clone();
            let from = g.log.entries.len();
            g.apply(&e.command)
                .map_err(|r| format!("command {} is refused on replay: {r}", i + 1))?;
            let mut swing = 0.0;
            // The roll most in favour of each side (its lead, the roll).
            let mut telling: [Option<(f64, &LogEntry)>; 2] = [None, None];
            for entry in &g.log.entries[from..] {
                let (Some(worse), Some(p), Some(&id)) =
                    (entry.worse, entry.probability, entry.units.first())
                else {
                    continue;
                };
                let side = *sides
                    .entry(id)
                    .or_insert_with(|| R::side_of(&ctx, &before, id));
                let Some(side) = side else { continue };
                rolls.push(Roll {
                    side,
                    worse,
                    probability: p,
                });
                let off = worse + p / 2.0 - 0.5;
                let for_0 = if side == 0 { off } else { -off };
                swing += for_0;
                for (s, lead) in [(0, for_0), (1, -for_0)] {
                    if lead > 0.0 && telling[s].is_none_or(|(o, _)| lead > o) {
                        telling[s] = Some((lead, entry));
                    }
                }
            }
            swings.push(swing);
            words.push(telling.map(|t| t.map_or_else(String::new, |(_, e)| roll_words(e))));
            let last = i + 1 == game.journal.entries.len();
            if last || g.turn() != points.last().map_or(0, |p: &Point| p.turn) {
                points.push(point::<R>(&g));
                states.push(g.state.clone());
            }
        }
        let info = R::describe(R::scenario(&ctx));
        let side = |s: usize| info.sides.get(s).cloned().unwrap_or_default();
        let report = Report {
            title: info.name.clone(),
            system: R::TITLE.to_string(),
            sides: [side(0), side(1)],
            colors: R::side_colors(&ctx)
                .map(|c| c.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)),
            outcome: g.outcome().map(|o| o.text),
            commands: game.journal.entries.len(),
            eval: vec![None; points.len()],
            points,
            luck: luck_of(&rolls, game.journal.seed),
            swings,
            rolls: words,
        };
        Ok(Self {
            report,
            ctx,
            states,
        })
    }

    /// Evaluates the next point of the curve without one with `playouts`
    /// playouts; `false` once all are done. Each point's playouts are
    /// seeded from `seed` and the point, so the curve is the same however
    /// it is filled.
    pub fn evaluate_next(&mut self, playouts: u32, seed: u64) -> bool {
        let Some((i, job)) = self.next_job(playouts, seed) else {
            return false;
        };
        self.set_eval(i, job());
        true
    }

    /// The next point without an evaluation and the work that evaluates
    /// it, to run on another thread ([`Timeline::set_eval`] takes the
    /// result); `None` once every point is done.
    pub fn next_job(
        &self,
        playouts: u32,
        seed: u64,
    ) -> Option<(usize, impl FnOnce() -> f64 + Send + 'static)> {
        let i = self.report.eval.iter().position(Option::is_none)?;
        let s = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let (ctx, state) = (Arc::clone(&self.ctx), self.states[i].clone());
        Some((i, move || win_chance::<R>(&ctx, &state, playouts, s)))
    }

    /// Sets point `i`'s evaluation (side 0's chance to win, clamped to
    /// `0.0..=1.0`); an `i` past the points is ignored.
    pub fn set_eval(&mut self, i: usize, v: f64) {
        if let Some(e) = self.report.eval.get_mut(i) {
            *e = Some(v.clamp(0.0, 1.0));
        }
    }

    /// Evaluates every point ([`Timeline::evaluate_next`]).
    pub fn evaluate_all(&mut self, playouts: u32, seed: u64) {
        while self.evaluate_next(playouts, seed) {}
    }
}

/// Where `g` stands, for the report.
fn point<R: Module>(g: &Game<R>) -> Point {
    let scene = R::scene(&g.ctx, &g.state, None);
    let mut strength = [0.0; 2];
    for u in &scene.units {
        strength[usize::from(u.side.min(1))] += f64::from(u.models);
    }
    Point {
        at: g.journal.entries.len(),
        turn: g.turn(),
        strength,
        tracks: scene
            .tracks
            .iter()
            .map(|t| (t.side, t.name.clone(), t.value))
            .collect(),
        score: R::score(&g.ctx, &g.state, 0),
    }
}

/// A roll in the game's words: what, then the outcome and its chance.
fn roll_words(e: &LogEntry) -> String {
    let p = e
        .probability
        .map_or_else(String::new, |p| format!(" ({:.0}%)", 100.0 * p));
    format!("{}: {}{p} [{}]", e.what, e.outcome, e.rule)
}

#[cfg(test)]
mod tests;
