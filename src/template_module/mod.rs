//! The template module, *Cups*: the smallest game that uses every part of
//! the module contract, kept as the starting point for a new module
//! (`docs/architecture.md`, "How to add a module, step by step"). It lives
//! in the test tree; [`tests`] runs the conformance suite on it exactly as
//! the registry line would. Copy the folder to `src/rules/<name>/`, move the
//! two `.ron` files to `assets/rules/<name>/` and `scenarios/`, and replace
//! the game.
//!
//! The rules (IDs `CUP-1` … `CUP-4`, values in `cups.ron`):
//! - **CUP-1 (hide).** Each round one side, the hider, hides the pebble
//!   under one of the scenario's cups, may move it to another, and says
//!   done. The other side does not see where.
//! - **CUP-2 (guess).** The other side, the seeker, names a cup. Found: the
//!   seeker scores a point; missed: the hider does.
//! - **CUP-3 (luck).** Then the rules roll the die of `cups.ron`; on
//!   `bonus_from` or more the round's winner scores one more point. The
//!   sides swap roles.
//! - **CUP-4 (victory).** The first side with `target` points wins.

#[cfg(test)]
mod appended_tests;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::engine::command::Refusal;
use crate::engine::core::{BoardKind, Outcome, Rules, RulesHints, RulesView, ScenarioInfo, ToAct};
use crate::engine::dice::{Dice, Die};
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::scenario::{LoadError, parse_ron};
use crate::engine::view::{CardLine, Choice, Needs, Odds, Pick, RuleText, Scene, Track};

/// The module's data table (`cups.ron`; in a shipped module
/// `assets/rules/<name>/`, read with `engine::assets`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CupsTables {
    /// Points that win the game (CUP-4), at least 1.
    pub target: u32,
    /// The luck die (CUP-3).
    pub die: Die,
    /// The lowest face of the luck die that scores a bonus point (CUP-3).
    pub bonus_from: u32,
    /// The most cups a scenario may set (CUP-1), at least 2.
    pub most_cups: u8,
}

/// A scenario: its name, the two sides, the number of cups and a seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CupsScenario {
    /// Always `"cups"`.
    pub ruleset: String,
    /// Title.
    pub name: String,
    /// The two sides' names; side 0 hides first.
    pub sides: [String; 2],
    /// Cups on the table, `2..=most_cups` (CUP-1).
    pub cups: u8,
    /// The game's seed, if the scenario fixes one.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// What the rules read besides the state: scenario and tables.
pub struct CupsCtx {
    /// The scenario.
    pub scenario: CupsScenario,
    /// The data table.
    pub tables: CupsTables,
}

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Stage {
    /// The hider hides the pebble (CUP-1).
    Hide,
    /// The seeker guesses (CUP-2).
    Guess,
    /// The rules roll for luck (CUP-3).
    Luck,
    /// Somebody won (CUP-4).
    Over,
}

/// The whole game, as plain values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CupsState {
    /// Round, from 1.
    pub round: u32,
    /// The side that hides this round, 0 or 1.
    pub hider: u8,
    /// Where the round stands.
    pub stage: Stage,
    /// The cup the pebble is under, from 0; `None` when it is not hidden,
    /// or in the seeker's observation (CUP-1).
    pub pebble: Option<u8>,
    /// Points per side.
    pub points: [u32; 2],
    /// The winner of the round being resolved (CUP-2), for the luck roll.
    pub round_winner: Option<u8>,
}

/// A decision, or the rules' own step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum CupsCommand {
    /// The hider hides the pebble under cup `cup` (CUP-1).
    Hide {
        /// Cup, from 0.
        cup: u8,
    },
    /// The seeker names cup `cup` (CUP-2).
    Guess {
        /// Cup, from 0.
        cup: u8,
    },
    /// The rules roll for luck (CUP-3).
    Luck,
    /// The hider is done hiding (CUP-1): the seeker's turn.
    Done,
}

/// Cups on the game core.
pub struct Cups;

/// The built-in tables.
const TABLES: &str = include_str!("cups.ron");

fn tables() -> Result<CupsTables, LoadError> {
    let t: CupsTables = parse_ron("cups.ron", TABLES)?;
    if t.target == 0 || t.most_cups < 2 || !(t.die.min()..=t.die.max()).contains(&t.bonus_from) {
        return Err(LoadError::plain(
            "cups.ron",
            "target must be at least 1, most_cups at least 2, and bonus_from a face of the die",
        ));
    }
    Ok(t)
}

fn check(file: &str, text: &str, s: &CupsScenario, t: &CupsTables) -> Result<(), LoadError> {
    if s.ruleset != Cups::RULESET {
        return Err(LoadError::at(
            file,
            text,
            &["ruleset"],
            "ruleset must be \"cups\"",
        ));
    }
    if s.cups < 2 || s.cups > t.most_cups {
        let msg = format!("cups must be 2 to {} (CUP-1)", t.most_cups);
        return Err(LoadError::at(file, text, &["cups:"], msg));
    }
    Ok(())
}

/// The chance that the luck die shows `bonus_from` or more (CUP-3): the
/// one place the roll's threshold is read, for the log and the odds.
pub fn luck_chance(t: &CupsTables) -> f64 {
    f64::from(t.die.max() + 1 - t.bonus_from) / f64::from(t.die.faces())
}

fn seeker(state: &CupsState) -> u8 {
    1 - state.hider
}

fn refuse(rule: &str, why: &str) -> Result<(), Refusal> {
    Err(Refusal::new(rule, why))
}

/// The round's end: the luck roll (CUP-3), victory (CUP-4), roles swap.
fn luck(ctx: &CupsCtx, state: &mut CupsState, dice: &mut Dice, out: &mut Vec<LogEntry>) {
    let t = &ctx.tables;
    let winner = state.round_winner.unwrap_or(state.hider);
    let face = dice.roll(t.die);
    let lucky = face >= t.bonus_from;
    let mut e = LogEntry::event("CUP-3", Vec::new(), "the luck roll");
    e.die = Some(t.die.name().to_string());
    e.dice = vec![face];
    e.target = i32::try_from(t.bonus_from).ok();
    e.probability = Some(if lucky {
        luck_chance(t)
    } else {
        1.0 - luck_chance(t)
    });
    e.outcome = if lucky { "a bonus point" } else { "no bonus" }.to_string();
    out.push(e);
    if lucky {
        state.points[usize::from(winner)] += 1;
    }
    if state.points.iter().any(|p| *p >= t.target) {
        state.stage = Stage::Over;
        out.push(LogEntry::event("CUP-4", Vec::new(), "the game is won"));
        return;
    }
    state.round += 1;
    state.hider = seeker(state);
    state.round_winner = None;
    state.stage = Stage::Hide;
}

impl Rules for Cups {
    const RULESET: &'static str = "cups";
    const TITLE: &'static str = "Cups";
    const BOARD: BoardKind = BoardKind::Hex;
    type Scenario = CupsScenario;
    type Ctx = CupsCtx;
    type State = CupsState;
    type Command = CupsCommand;
    type Orders = ();

    fn parse_scenario(file: &str, text: &str) -> Result<CupsScenario, LoadError> {
        let s: CupsScenario = parse_ron(file, text)?;
        check(file, text, &s, &tables()?)?;
        Ok(s)
    }

    fn check_tables() -> Result<(), LoadError> {
        tables().map(|_| ())
    }

    fn check_saved_scenario(file: &str, text: &str, s: &CupsScenario) -> Result<(), LoadError> {
        check(file, text, s, &tables()?)
    }

    fn context(scenario: &CupsScenario) -> Result<CupsCtx, LoadError> {
        Ok(CupsCtx {
            scenario: scenario.clone(),
            tables: tables()?,
        })
    }

    fn die(ctx: &CupsCtx) -> Die {
        ctx.tables.die
    }

    fn scenario(ctx: &CupsCtx) -> &CupsScenario {
        &ctx.scenario
    }

    fn scenario_seed(scenario: &CupsScenario) -> Option<u64> {
        scenario.seed
    }

    fn describe(s: &CupsScenario) -> ScenarioInfo {
        ScenarioInfo {
            name: s.name.clone(),
            sides: s.sides.to_vec(),
            units: 0,
            turn_limit: None,
            briefing: crate::engine::briefing::Briefing::english(
                &format!("{} cups; find the pebble.", s.cups),
                "",
            ),
        }
    }

    fn new_state(_ctx: &CupsCtx, _dice: &Dice, _log: &mut dyn LogSink) -> CupsState {
        CupsState {
            round: 1,
            hider: 0,
            stage: Stage::Hide,
            pebble: None,
            points: [0, 0],
            round_winner: None,
        }
    }

    fn to_act(_ctx: &CupsCtx, state: &CupsState) -> ToAct {
        match state.stage {
            Stage::Hide => ToAct::Side(state.hider),
            Stage::Guess => ToAct::Side(seeker(state)),
            Stage::Luck => ToAct::Rules,
            Stage::Over => ToAct::Over,
        }
    }

    fn turn(state: &CupsState) -> u32 {
        state.round
    }

    /// The round is the phase; hiding and guessing are its steps, so a
    /// save between them is a save in the middle of a phase.
    fn phase_name(_ctx: &CupsCtx, state: &CupsState) -> String {
        match state.stage {
            Stage::Over => "Game over".to_string(),
            _ => format!("Round {}", state.round),
        }
    }

    fn legal_commands(ctx: &CupsCtx, state: &CupsState, side: u8) -> Vec<CupsCommand> {
        let cups = 0..ctx.scenario.cups;
        match (state.stage, Self::to_act(ctx, state)) {
            (Stage::Hide, ToAct::Side(s)) if s == side => cups
                .filter(|c| state.pebble != Some(*c))
                .map(|cup| CupsCommand::Hide { cup })
                .chain(state.pebble.map(|_| CupsCommand::Done))
                .collect(),
            (Stage::Guess, ToAct::Side(s)) if s == side => {
                cups.map(|cup| CupsCommand::Guess { cup }).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The hider's *Done*, once the pebble is hidden; the seeker has no
    /// pass: a guess ends its decision.
    fn pass_command(ctx: &CupsCtx, state: &CupsState, side: u8) -> Option<CupsCommand> {
        Self::legal_commands(ctx, state, side)
            .into_iter()
            .find(|c| *c == CupsCommand::Done)
    }

    fn step_command(_ctx: &CupsCtx, state: &CupsState) -> Option<CupsCommand> {
        (state.stage == Stage::Luck).then_some(CupsCommand::Luck)
    }

    fn apply(
        ctx: &CupsCtx,
        state: &mut CupsState,
        cmd: &CupsCommand,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        let mut out = Vec::new();
        let phase = Self::phase_name(ctx, state);
        match (cmd, state.stage) {
            (CupsCommand::Hide { cup }, Stage::Hide) => {
                if *cup >= ctx.scenario.cups {
                    return refuse("CUP-1", "there is no such cup");
                }
                if state.pebble == Some(*cup) {
                    return refuse("CUP-1", "the pebble is under that cup already");
                }
                state.pebble = Some(*cup);
                // The entry does not say where: the seeker reads it too.
                out.push(LogEntry::event("CUP-1", Vec::new(), "the pebble is hidden"));
            }
            (CupsCommand::Done, Stage::Hide) => {
                if state.pebble.is_none() {
                    return refuse("CUP-1", "hide the pebble first");
                }
                state.stage = Stage::Guess;
                out.push(LogEntry::event("CUP-1", Vec::new(), "the hider is done"));
            }
            (CupsCommand::Guess { cup }, Stage::Guess) => {
                if *cup >= ctx.scenario.cups {
                    return refuse("CUP-2", "there is no such cup");
                }
                let found = state.pebble == Some(*cup);
                let winner = if found { seeker(state) } else { state.hider };
                state.points[usize::from(winner)] += 1;
                let what = format!(
                    "cup {} named; the pebble was under cup {}",
                    cup + 1,
                    state.pebble.map_or(0, |p| p + 1)
                );
                let mut e = LogEntry::event("CUP-2", Vec::new(), what);
                e.outcome = if found { "found" } else { "missed" }.to_string();
                out.push(e);
                state.pebble = None;
                state.round_winner = Some(winner);
                state.stage = Stage::Luck;
            }
            (CupsCommand::Luck, Stage::Luck) => luck(ctx, state, dice, &mut out),
            (_, Stage::Over) => return refuse("CUP-4", "the game is over"),
            _ => return refuse("CUP-1", "not now: the round is at another step"),
        }
        log.extend(state.round, &phase, out);
        Ok(())
    }

    /// The seeker does not see under which cup the pebble is (CUP-1).
    fn observation(_ctx: &CupsCtx, state: &CupsState, side: u8) -> CupsState {
        let mut obs = state.clone();
        if side != state.hider {
            obs.pebble = None;
        }
        obs
    }

    /// The pebble under the next cup: what the hider knows and the seeker
    /// must not.
    fn hidden_variant(ctx: &CupsCtx, state: &CupsState, side: u8) -> Option<CupsState> {
        let p = state.pebble.filter(|_| side == state.hider)?;
        let mut v = state.clone();
        v.pebble = Some((p + 1) % ctx.scenario.cups);
        Some(v)
    }

    fn outcome(ctx: &CupsCtx, state: &CupsState) -> Option<Outcome> {
        if state.stage != Stage::Over {
            return None;
        }
        let winner = u8::from(state.points[1] > state.points[0]);
        Some(Outcome {
            winner: Some(winner),
            text: format!(
                "{} wins, {} to {}",
                ctx.scenario.sides[usize::from(winner)],
                state.points[usize::from(winner)],
                state.points[usize::from(1 - winner)]
            ),
        })
    }

    fn score(_ctx: &CupsCtx, state: &CupsState, side: u8) -> f64 {
        let s = usize::from(side.min(1));
        f64::from(state.points[s]) - f64::from(state.points[1 - s])
    }

    fn report(ctx: &CupsCtx, state: &CupsState) -> String {
        Self::outcome(ctx, state).map_or_else(
            || format!("stopped at {}", Self::phase_name(ctx, state)),
            |o| o.text,
        )
    }
}

impl RulesHints for Cups {
    /// The hider hides under the first free cup and is done; the seeker
    /// names the first cup.
    fn default_commands(ctx: &CupsCtx, state: &CupsState, side: u8) -> Vec<CupsCommand> {
        let mut out: Vec<CupsCommand> = Self::legal_commands(ctx, state, side)
            .into_iter()
            .take(1)
            .collect();
        if state.stage == Stage::Hide && out.first() != Some(&CupsCommand::Done) {
            out.push(CupsCommand::Done);
        }
        out
    }

    fn check_invariants(ctx: &CupsCtx, state: &CupsState) -> Result<(), String> {
        if state.hider > 1 {
            return Err(format!("hider {} is no side", state.hider));
        }
        if state.pebble.is_some_and(|p| p >= ctx.scenario.cups) {
            return Err("the pebble is under no cup".to_string());
        }
        let hidden_now = matches!(state.stage, Stage::Hide | Stage::Guess);
        if state.pebble.is_some() && !hidden_now
            || state.stage == Stage::Guess && state.pebble.is_none()
        {
            return Err("the pebble is hidden after the guess, or missing in it".into());
        }
        Ok(())
    }

    fn illegal_examples(ctx: &CupsCtx, state: &CupsState) -> Vec<(String, CupsCommand)> {
        let cups = ctx.scenario.cups;
        vec![
            ("no such cup (hide)".into(), CupsCommand::Hide { cup: cups }),
            (
                "no such cup (guess)".into(),
                CupsCommand::Guess { cup: cups },
            ),
            match state.stage {
                Stage::Hide if state.pebble.is_none() => {
                    ("done before hiding".into(), CupsCommand::Done)
                }
                Stage::Hide => (
                    "guess before the hider is done".into(),
                    CupsCommand::Guess { cup: 0 },
                ),
                _ => (
                    "hide after the hider is done".into(),
                    CupsCommand::Hide { cup: 0 },
                ),
            },
        ]
    }
}

impl RulesView for Cups {
    fn side_colors(_ctx: &CupsCtx) -> [[f32; 3]; 2] {
        [[0.8, 0.2, 0.2], [0.2, 0.3, 0.8]]
    }

    /// The points of each side as tracks, the target marked.
    fn scene(ctx: &CupsCtx, obs: &CupsState, _viewer: Option<u8>) -> Scene {
        let target = i32::try_from(ctx.tables.target).unwrap_or(i32::MAX);
        Scene {
            tracks: (0..2u8)
                .map(|side| Track {
                    side,
                    name: "Points".to_string(),
                    value: i32::try_from(obs.points[usize::from(side)]).unwrap_or(i32::MAX),
                    marks: vec![(target, false)],
                    rule: "CUP-4".to_string(),
                })
                .collect(),
            ..Scene::default()
        }
    }

    /// Cups has no units.
    fn unit_card(_: &CupsCtx, _: &CupsState, _: u32, _: Option<u8>) -> Vec<CardLine> {
        Vec::new()
    }

    /// Cups has no units.
    fn choices(_: &CupsCtx, _: &CupsState, _: u8, _: u32) -> Vec<Choice> {
        Vec::new()
    }

    /// One button per cup: "Hide under cup 2", "Guess cup 2".
    fn side_choices(ctx: &CupsCtx, state: &CupsState, side: u8) -> Vec<Choice> {
        Self::legal_commands(ctx, state, side)
            .into_iter()
            .map(|c| {
                let (label, key) = match c {
                    CupsCommand::Hide { cup } => {
                        (format!("Hide under cup {}", cup + 1), format!("hide {cup}"))
                    }
                    CupsCommand::Guess { cup } => {
                        (format!("Guess cup {}", cup + 1), format!("guess {cup}"))
                    }
                    CupsCommand::Luck => ("Roll for luck".to_string(), "luck".to_string()),
                    CupsCommand::Done => ("Done hiding".to_string(), "done".to_string()),
                };
                Choice {
                    label,
                    key,
                    needs: Needs::Nothing,
                    hover: String::new(),
                    refused: None,
                }
            })
            .collect()
    }

    fn choose(_: &CupsCtx, _: &CupsState, _: u8, key: &str, _: &Pick) -> Option<CupsCommand> {
        if key == "done" {
            return Some(CupsCommand::Done);
        }
        let (verb, cup) = key.split_once(' ')?;
        let cup = cup.parse().ok()?;
        match verb {
            "hide" => Some(CupsCommand::Hide { cup }),
            "guess" => Some(CupsCommand::Guess { cup }),
            _ => None,
        }
    }

    /// A guess finds the pebble once in as many tries as there are cups,
    /// as the seeker sees it (CUP-2).
    fn odds(ctx: &CupsCtx, _state: &CupsState, cmd: &CupsCommand) -> Option<Odds> {
        matches!(cmd, CupsCommand::Guess { .. }).then(|| Odds {
            title: "Chance to find the pebble".to_string(),
            lines: vec![("found".to_string(), 1.0 / f64::from(ctx.scenario.cups))],
            expected: Vec::new(),
            distributions: Vec::new(),
            tables: Vec::new(),
        })
    }

    fn rules_text(_ctx: &CupsCtx) -> Vec<RuleText> {
        [
            ("CUP-1", "Hide", "The hider hides the pebble under one cup."),
            (
                "CUP-2",
                "Guess",
                "The seeker names a cup: found, the seeker scores; missed, the hider.",
            ),
            (
                "CUP-3",
                "Luck",
                "The luck die gives the round's winner a bonus point.",
            ),
            (
                "CUP-4",
                "Victory",
                "The first side with the target points wins.",
            ),
        ]
        .into_iter()
        .map(|(id, title, text)| RuleText {
            id: id.to_string(),
            title: title.to_string(),
            text: text.to_string(),
            stand_in: false,
            translated: Vec::new(),
        })
        .collect()
    }
}
