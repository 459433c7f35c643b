//! One decision of the computer opponent: a flat Monte Carlo search with
//! successive halving.
//!
//! The world it searches is the deciding side's observation: what the side
//! cannot see is absent there (a hidden enemy unit, the enemy's sealed
//! orders, which the rules then fill with their default), so the search is
//! one determinization consistent with everything the side has seen, and
//! two states that differ only in what it cannot see give the same search.
//! Where the observation holds unseen cards (Genpei's hands and draw
//! piles, dealt back in a fixed order), each playout meets its own deal of
//! them from the module ([`RulesHints::opponent_deal`]), so the search averages
//! over deals instead of trusting one. (Measured on 100-game samples of
//! *normal* against the scripted play, before the scenarios' rebalance:
//! Ichi-no-Tani 68% with the sorted deal and 72% with a deal per playout,
//! Dan-no-ura 72.5% and 70%: within the noise. It stays because playouts
//! that always draw the same sorted cards misjudge every card decision.)
//!
//! Each candidate command is applied to a clone of that world and scored by
//! playouts: both sides play the module's scripted default play for the
//! next two turns, or the module's own horizon
//! ([`RulesHints::opponent_horizon`]), or to the end of the game, on dice seeded
//! from the opponent's own generator. A finished playout is worth 1 for a
//! win, ½ for a draw and 0 for a loss; one still going at the horizon is
//! worth ½ ± ½ × tanh(lead / 5), from the module's score; both plus a small
//! share of the lead so that margins count. Short playouts cost a fraction
//! of whole games and vary less, so a level affords several times the
//! playouts in the same time (measured: Akagawa, *normal* against the
//! scripted play, from 59.6% to 77%). Every candidate of a
//! round plays out on the same dice (common random numbers). The scripted
//! play's own command is the baseline: the halving's winner is played
//! instead only when it does clearly better on fresh dice. Successive halving
//! spends the level's playouts over rounds, keeping the better half of the
//! candidates each round; a large candidate list is first cut to a seeded
//! sample that always keeps the scripted play's own choice and the pass.
//!
//! A module may narrow the candidates and name the baseline itself
//! ([`RulesHints::opponent_focus`]): Samurai Battles offers one unit's orders at
//! a time, with that unit's default order as the baseline, so a Planning
//! phase is searched unit by unit instead of over every order of every unit
//! at once (measured: Akagawa, *normal* against the scripted play over 400
//! games, from 76.8% to 86.1%, while also deviating at +0.02 instead of
//! +0.04 and spending 240 playouts instead of 320).
//!
//! A module may bound the commands one decision's playouts apply
//! ([`RulesHints::opponent_work`]): a pilot playout of the baseline
//! measures one playout's cost, the level's playouts shrink to what the
//! bound affords, and past one and a half times the bound the halving stops
//! with the best mean so far (the confirmation against the baseline still
//! runs its pairs). RAN bounds it; its playouts run most of a battle.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::core::{Rules, RulesHints, ToAct};
use crate::engine::dice::Dice;
use crate::engine::log::NoLog;
use crate::engine::work;

use super::Level;

/// Commands a playout may apply before it is cut off (a safety net; games
/// end long before).
const PLAYOUT_LIMIT: usize = 20_000;

/// Weight of the final score difference in a playout's value (the result
/// weighs 1).
const MARGIN_WEIGHT: f64 = 0.05;

/// How much better (in playout value, about a win probability) another
/// command must do than the scripted play's own before the opponent plays
/// it instead.
const DEVIATE: f64 = 0.02;

/// The computer opponent for one side: its level and its own seed. Each
/// decision draws from a generator seeded with that seed and the decision's
/// salt (the number of commands in the game so far), so a game resumed from
/// a save goes on with the same decisions.
#[derive(Clone, Debug)]
pub struct Opponent {
    /// How many playouts it spends per decision.
    pub level: Level,
    /// Its seed; never the game's dice.
    pub seed: u64,
}

/// What a decision cost, for `kassen match`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Candidate commands considered.
    pub candidates: usize,
    /// Playouts run.
    pub playouts: u32,
    /// Work units spent ([`crate::engine::work`]), the listing of the
    /// candidates included.
    pub work: u64,
    /// Work units the listing of the candidates spent (before any
    /// playout; not bounded by the budget).
    pub listing: u64,
}

impl Opponent {
    /// An opponent at `level` whose choices follow from `seed` alone.
    pub fn new(level: Level, seed: u64) -> Self {
        Self { level, seed }
    }

    /// The command `side` plays now, chosen from `obs` (the side's
    /// observation; never the full state), or `None` when the side has
    /// nothing to do. `salt` tells decisions of one game apart (the number
    /// of commands applied so far); the same opponent, observation and salt
    /// give the same command.
    pub fn decide<R: Rules + RulesHints>(
        &self,
        ctx: &R::Ctx,
        obs: &R::State,
        side: u8,
        salt: u64,
    ) -> (Option<R::Command>, Effort) {
        self.decide_within::<R>(ctx, obs, side, salt, R::opponent_work(ctx, obs))
    }

    /// [`Opponent::decide`] under a bound of `cap` commands applied by the
    /// playouts (`None`: the level's playouts, unbounded) in place of the
    /// module's own ([`RulesHints::opponent_work`]).
    pub fn decide_within<R: Rules + RulesHints>(
        &self,
        ctx: &R::Ctx,
        obs: &R::State,
        side: u8,
        salt: u64,
        cap: Option<u64>,
    ) -> (Option<R::Command>, Effort) {
        // The level's budget of work units (`engine::work`) bounds it too.
        let allowed = self.level.work_budget();
        let start = work::spent();
        // Nothing the search writes is read: no text is written.
        let (cmd, mut effort) = crate::i18n::quietly(|| {
            self.search::<R>(ctx, obs, side, salt, cap, Meter::new(start, allowed))
        });
        effort.work = work::spent() - start;
        (cmd, effort)
    }

    /// [`Opponent::decide`]'s search.
    fn search<R: Rules + RulesHints>(
        &self,
        ctx: &R::Ctx,
        obs: &R::State,
        side: u8,
        salt: u64,
        cap: Option<u64>,
        mut meter: Meter,
    ) -> (Option<R::Command>, Effort) {
        let mut rng =
            ChaCha8Rng::seed_from_u64(self.seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        // The module's focus, when it gives one, narrows the candidates and
        // names the baseline; otherwise every legal command is a candidate
        // and the scripted play's next command is the baseline.
        let (mut legal, scripted) = match R::opponent_focus(ctx, obs, side) {
            Some(f) => (f.candidates, Some(f.baseline)),
            None => (
                R::legal_commands(ctx, obs, side),
                R::default_commands(ctx, obs, side).into_iter().next(),
            ),
        };
        // The baseline joins the candidates even when the listed set (a
        // finite sample of continuous moves) lacks it.
        if let Some(c) = &scripted
            && !legal.contains(c)
            && !legal.is_empty()
        {
            legal.push(c.clone());
        }
        let mut effort = Effort {
            candidates: legal.len(),
            ..Effort::default()
        };
        if legal.len() <= 1 {
            return (legal.into_iter().next(), effort);
        }
        effort.listing = meter.spent();
        // Where listing the candidates took half the work budget already,
        // no playout fits: the scripted play's own command.
        if meter.spent() >= meter.allowed / 2 {
            return (scripted.or_else(|| legal.into_iter().next()), effort);
        }
        meter.size = R::opponent_command_work(ctx, obs).max(1);
        // A pilot playout of the baseline measures one playout's cost; the
        // level's playouts shrink to what the work budget and the module's
        // bound on commands afford.
        let mut work = 0u64;
        let seed = rng.random_range(0..u64::MAX);
        let pilot = scripted.as_ref().unwrap_or(&legal[0]);
        let before = work::spent();
        let _ = playout::<R>(ctx, obs, pilot, side, seed, &mut work, &meter);
        effort.playouts += 1;
        let level = self.level.playouts().max(2);
        let by_time = meter.afforded(work::spent() - before);
        if by_time < 2 {
            // Not two playouts more: nothing to compare.
            return (scripted.or_else(|| legal.into_iter().next()), effort);
        }
        let budget = match cap {
            Some(cap) => afforded(level, cap, work),
            None => level,
        }
        .min(by_time);
        let candidates = sample::<R>(
            ctx,
            obs,
            side,
            legal,
            scripted.as_ref(),
            budget as usize / 2,
            &mut rng,
        );
        effort.candidates = candidates.len();
        // The scripted play's command is the baseline, left out of the
        // halving: the halving's winner replaces it only when it does
        // clearly better on fresh dice.
        let base_ix = scripted
            .as_ref()
            .and_then(|c| candidates.iter().position(|x| x == c));
        // A quarter of the budget confirms a deviation from the baseline.
        let confirm = if base_ix.is_some() {
            (budget / 4).max(2)
        } else {
            0
        };
        let budget = budget - 2 * confirm.min(budget / 4);
        // Successive halving: rounds until one candidate is left, the budget
        // split evenly over the rounds, at least one playout per survivor.
        let mut alive: Vec<(usize, f64, u32)> = (0..candidates.len())
            .filter(|i| Some(*i) != base_ix)
            .map(|i| (i, 0.0, 0))
            .collect();
        let rounds = usize::BITS - (candidates.len() - 1).leading_zeros();
        let per_round = (budget / rounds.max(1)).max(1);
        while alive.len() > 1 {
            // Past the bound and a half (a pilot that misjudged), or past
            // the work budget's share for the halving, the halving stops
            // with the best mean so far.
            let over = cap.is_some_and(|c| work >= c.saturating_add(c / 2)) || meter.past_soft();
            if over && alive[0].2 > 0 {
                break;
            }
            let each = (per_round / alive.len() as u32).max(1);
            // Common random numbers: every candidate of a round plays out on
            // the same dice, so the comparison is between the commands, not
            // between lucky and unlucky rolls.
            let seeds: Vec<u64> = (0..each).map(|_| rng.random_range(0..u64::MAX)).collect();
            for slot in &mut alive {
                for &seed in &seeds {
                    let v =
                        playout::<R>(ctx, obs, &candidates[slot.0], side, seed, &mut work, &meter);
                    slot.1 += v;
                    slot.2 += 1;
                    effort.playouts += 1;
                }
            }
            // Best mean first; equal means keep the earlier candidate.
            alive.sort_by(|a, b| {
                let (ma, mb) = (a.1 / f64::from(a.2), b.1 / f64::from(b.2));
                mb.total_cmp(&ma).then(a.0.cmp(&b.0))
            });
            alive.truncate(alive.len().div_ceil(2));
        }
        let best = match (alive.first(), base_ix) {
            (Some(a), Some(b)) => {
                // The winner of the halving is flattered by its selection:
                // it must beat the baseline again on fresh dice.
                // Pairs stop at the end of the work budget.
                let diffs: Vec<f64> = (0..confirm)
                    .map_while(|_| {
                        if meter.past_end() {
                            return None;
                        }
                        let seed = rng.random_range(0..u64::MAX);
                        effort.playouts += 2;
                        let (w, m) = (&mut work, &meter);
                        Some(
                            playout::<R>(ctx, obs, &candidates[a.0], side, seed, w, m)
                                - playout::<R>(ctx, obs, &candidates[b], side, seed, w, m),
                        )
                    })
                    .collect();
                if clearly_better(&diffs) { a.0 } else { b }
            }
            (Some(a), None) => a.0,
            (None, b) => b.unwrap_or(0),
        };
        (candidates.into_iter().nth(best), effort)
    }
}

/// The playouts a decision affords under a bound of `cap` commands
/// applied, when a pilot playout applied `pilot` of them: at most `level`
/// (the level's playouts) and at least 4.
fn afforded(level: u32, cap: u64, pilot: u64) -> u32 {
    let each = pilot.max(1);
    let n = cap.saturating_sub(pilot) / each;
    u32::try_from(n)
        .unwrap_or(u32::MAX)
        .clamp(4.min(level), level)
}

/// One decision's work budget ([`crate::engine::work`]): where it began,
/// how many work units it allows, and what one command of a playout
/// costs beyond its searches (the units on the board).
#[derive(Clone, Copy, Debug)]
pub struct Meter {
    start: u64,
    allowed: u64,
    size: u64,
}

impl Meter {
    /// A budget of `allowed` work units from the counter's reading `start`.
    fn new(start: u64, allowed: u64) -> Self {
        Self {
            start,
            allowed,
            size: 1,
        }
    }

    /// Work units spent since the start.
    fn spent(&self) -> u64 {
        work::spent().saturating_sub(self.start)
    }

    /// Whether the playouts' share is spent: three quarters of the budget
    /// (the rest is for the confirmation against the baseline, and for the
    /// last playouts of a round).
    fn past_soft(&self) -> bool {
        self.spent() >= self.allowed / 4 * 3
    }

    /// Whether the whole budget is spent: a playout stops where it is.
    fn past_end(&self) -> bool {
        self.spent() >= self.allowed
    }

    /// The playouts the rest of the playouts' share affords, each costing
    /// what the pilot cost (`pilot` work units, at least one).
    fn afforded(&self, pilot: u64) -> u32 {
        let left = (self.allowed / 4 * 3).saturating_sub(self.spent());
        u32::try_from(left / pilot.max(1)).unwrap_or(u32::MAX)
    }
}

/// At most `keep` candidates (at least 2): the baseline (`scripted`) and
/// the pass always, the others a seeded sample, in their listed
/// order.
fn sample<R: Rules + RulesHints>(
    ctx: &R::Ctx,
    obs: &R::State,
    side: u8,
    legal: Vec<R::Command>,
    scripted: Option<&R::Command>,
    keep: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<R::Command> {
    let keep = keep.max(2);
    if legal.len() <= keep {
        return legal;
    }
    let pass = R::pass_command(ctx, obs, side);
    let mut must: Vec<usize> = legal
        .iter()
        .enumerate()
        .filter(|(_, c)| Some(*c) == scripted || Some(*c) == pass.as_ref())
        .map(|(i, _)| i)
        .collect();
    must.dedup();
    let mut rest: Vec<usize> = (0..legal.len()).filter(|i| !must.contains(i)).collect();
    // A seeded partial Fisher–Yates shuffle picks the others.
    let want = keep.saturating_sub(must.len()).min(rest.len());
    for k in 0..want {
        let j = rng.random_range(k..rest.len());
        rest.swap(k, j);
    }
    let mut chosen: Vec<usize> = must
        .into_iter()
        .chain(rest.into_iter().take(want))
        .collect();
    chosen.sort_unstable();
    legal
        .into_iter()
        .enumerate()
        .filter(|(i, _)| chosen.binary_search(i).is_ok())
        .map(|(_, c)| c)
        .collect()
}

/// Whether paired playout differences (another command minus the scripted
/// play's, on the same dice) show a clear gain: a mean above [`DEVIATE`]
/// and above twice its standard error.
fn clearly_better(diffs: &[f64]) -> bool {
    if diffs.len() < 2 || diffs.iter().any(|d| !d.is_finite()) {
        return false;
    }
    let n = diffs.len() as f64;
    let mean = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    mean > DEVIATE && mean > 2.0 * (var / n).sqrt()
}

/// One playout: `first` on a clone of `world`, then the scripted default
/// play for both sides to the end, on dice seeded with `seed`. Its value for
/// `side`, in `0.0..=1.0` plus the margin term. A refused command is worth
/// nothing (it cannot be chosen). Adds the commands it applied to `work`,
/// and charges each to the work counter at the meter's size. Once the
/// meter's budget is spent it stops where it is, valued as at a horizon.
fn playout<R: Rules + RulesHints>(
    ctx: &R::Ctx,
    world: &R::State,
    first: &R::Command,
    side: u8,
    seed: u64,
    work: &mut u64,
    meter: &Meter,
) -> f64 {
    // Each playout meets its own deal of the unseen cards (the same for
    // every candidate on this seed).
    let mut s = R::opponent_deal(ctx, world, side, seed ^ 0x6f70_705f_6465_616c);
    let mut dice = Dice::new(seed);
    if R::apply(ctx, &mut s, first, &mut dice, &mut NoLog).is_err() {
        return f64::NEG_INFINITY;
    }
    let (clock, span) = R::opponent_horizon(ctx, world);
    work::charge(meter.size);
    let applied = play_on::<R>(ctx, &mut s, &mut dice, clock + span, meter);
    *work += applied as u64 + 1;
    value::<R>(ctx, &s, side)
}

/// The win chance of side 0 from `state` (the full state: a spectator's
/// view), `0.0..=1.0`: the mean of `playouts` playouts of the scripted
/// default play for both sides to the end of the game (at most
/// [`PLAYOUT_LIMIT`] commands each), on dice seeded from `seed`; a win is
/// 1, a draw ½, and a game cut off before its end ½ ± ½ × tanh(lead / 5).
/// The same search as the opponent's playouts, without a horizon. For
/// the after-action report's evaluation curve.
pub fn win_chance<R: Rules + RulesHints>(
    ctx: &R::Ctx,
    state: &R::State,
    playouts: u32,
    seed: u64,
) -> f64 {
    let meter = Meter::new(work::spent(), u64::MAX);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = playouts.max(1);
    // Nothing a playout writes is read: no text is written.
    let total: f64 = crate::i18n::quietly(|| {
        (0..n)
            .map(|_| {
                let mut s = state.clone();
                let mut dice = Dice::new(rng.random_range(0..u64::MAX));
                play_on::<R>(ctx, &mut s, &mut dice, u32::MAX, &meter);
                result_of::<R>(ctx, &s, 0)
            })
            .sum()
    });
    total / f64::from(n)
}

/// Plays the scripted default play for both sides on `s` until the game
/// ends, the module's clock passes `last`, [`PLAYOUT_LIMIT`] commands are
/// applied, or the meter's budget is spent. Returns the commands applied.
fn play_on<R: Rules + RulesHints>(
    ctx: &R::Ctx,
    s: &mut R::State,
    dice: &mut Dice,
    last: u32,
    meter: &Meter,
) -> usize {
    let mut applied = 0usize;
    while applied < PLAYOUT_LIMIT && R::opponent_horizon(ctx, s).0 <= last && !meter.past_end() {
        let cmds = match R::to_act(ctx, s) {
            ToAct::Over => break,
            ToAct::Rules => R::step_command(ctx, s).into_iter().collect(),
            ToAct::Side(x) => {
                let mut v = R::default_commands(ctx, s, x);
                if v.is_empty() {
                    v.extend(R::pass_command(ctx, s, x));
                }
                v
            }
        };
        if cmds.is_empty() {
            break;
        }
        let before = applied;
        for c in cmds {
            work::charge(meter.size);
            if R::apply(ctx, s, &c, dice, &mut NoLog).is_ok() {
                applied += 1;
            }
        }
        if applied == before {
            // The scripted play is stuck; end the decision.
            let pass = match R::to_act(ctx, s) {
                ToAct::Side(x) => R::pass_command(ctx, s, x),
                _ => None,
            };
            match pass {
                Some(p) if R::apply(ctx, s, &p, dice, &mut NoLog).is_ok() => {
                    applied += 1;
                }
                _ => break,
            }
        }
    }
    applied
}

/// A playout's value for `side`: a finished game is 1 a win, ½ a draw, 0 a
/// loss; a game still going at the horizon is ½ ± ½ × tanh(score / 5), its
/// lead so far; both plus [`MARGIN_WEIGHT`] × tanh(score / 5), where the
/// module's score is `side`'s lead (victory points, models ahead).
fn value<R: Rules + RulesHints>(ctx: &R::Ctx, s: &R::State, side: u8) -> f64 {
    result_of::<R>(ctx, s, side) + MARGIN_WEIGHT * lead_of::<R>(ctx, s, side)
}

/// `side`'s lead by the module's score, squashed into -1–1: tanh(score / 5).
fn lead_of<R: Rules>(ctx: &R::Ctx, s: &R::State, side: u8) -> f64 {
    (R::score(ctx, s, side) / 5.0).tanh()
}

/// The result for `side`, `0.0..=1.0`: 1 a win, ½ a draw, 0 a loss, and
/// ½ ± ½ × its lead ([`lead_of`]) for a game still going.
fn result_of<R: Rules>(ctx: &R::Ctx, s: &R::State, side: u8) -> f64 {
    match R::outcome(ctx, s).map(|o| o.winner) {
        Some(Some(w)) if w == side => 1.0,
        Some(Some(_)) => 0.0,
        Some(None) => 0.5,
        None => 0.5 + 0.5 * lead_of::<R>(ctx, s, side),
    }
}

#[cfg(test)]
mod tests {
    use super::afforded;

    #[test]
    fn a_bound_on_work_shrinks_the_playouts_to_what_it_affords() {
        // 10,000 commands, a pilot of 100: 99 more playouts.
        assert_eq!(afforded(240, 10_000, 100), 99);
        // Never more than the level's own.
        assert_eq!(afforded(240, 1_000_000, 10), 240);
        // At least 4, even when one playout is over the bound.
        assert_eq!(afforded(240, 10_000, 20_000), 4);
        assert_eq!(afforded(2, 10, 100), 2);
        // A pilot that applied nothing counts as one command.
        assert_eq!(afforded(240, 100, 0), 100);
    }
}
