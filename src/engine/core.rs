//! The one game core every rule module implements, whatever its board: a
//! plain, cloneable state; who decides now; the legal commands; `apply`, the
//! only way a game changes; what each side may see; the outcome and a score;
//! and a checksum. Sessions, saves, the journal, the conformance suite, the
//! benchmarks and the CLI are written once against [`Rules`]. The shape
//! follows OpenSpiel's `State`.
//!
//! The contract has three faces, one for each audience:
//! - [`Rules`], the core and loading: what every layer may call;
//! - [`RulesView`], what the app draws and the editor offers;
//! - [`RulesHints`], the computer opponent's and the conformance suite's
//!   questions, all with defaults.
//!
//! The opponent depends on [`Rules`] and [`RulesHints`] only, the GUI's
//! drawing on [`Rules`] and [`RulesView`]. A module implements all three;
//! [`Module`] names the three together for the registry and the app.

use crate::t;
use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::board::HexBoard;
use super::command::Refusal;
use super::dice::{Dice, Die};
use super::log::LogEntry;
use super::log::LogSink;
use super::scenario::LoadError;
use super::table::Table;
use super::view::{CardLine, Choice, DieFaces, MovePath, Odds, Pick, RuleText, Scene};

/// Which board a module plays on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// A hex map (`engine::board`).
    Hex,
    /// An open table measured in inches (`engine::table`).
    Table,
}

impl BoardKind {
    /// The most units (and the most leaders) a scenario on this board may
    /// hold: [`MAX_UNITS`](super::scenario::MAX_UNITS) on a hex board,
    /// [`MAX_TABLE_UNITS`](super::scenario::MAX_TABLE_UNITS) on the table.
    pub fn unit_limit(self) -> usize {
        match self {
            BoardKind::Hex => super::scenario::MAX_UNITS,
            BoardKind::Table => super::scenario::MAX_TABLE_UNITS,
        }
    }

    /// "hex board" or "open table".
    pub fn name(self) -> &'static str {
        match self {
            BoardKind::Hex => "hex board",
            BoardKind::Table => "open table",
        }
    }
}

/// Who must act now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// This side (0 or 1) decides.
    Side(u8),
    /// Nobody decides: the rules take their next step on their own (a
    /// step of an Execution phase). The only legal command is
    /// [`Rules::step_command`]; sessions apply it at once. Kept as a command
    /// so that a game can be saved, replayed and checked between steps.
    Rules,
    /// The game is over.
    Over,
}

/// What the computer opponent searches for one side now (see
/// [`RulesHints::opponent_focus`]): candidate commands, each accepted by
/// [`Rules::apply`], and the baseline among them that the opponent plays
/// unless another candidate does clearly better.
#[derive(Clone, Debug, PartialEq)]
pub struct Focus<C> {
    /// The commands worth searching, in a stable order; the baseline is
    /// among them.
    pub candidates: Vec<C>,
    /// The command that stands for the scripted play.
    pub baseline: C,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning side, or `None` for a draw.
    pub winner: Option<u8>,
    /// The result in words ("Uesugi wins the battle (9 to 4 victory points)").
    pub text: String,
}

/// A rule module as the core sees it. Every method is a pure function of its
/// arguments; [`Rules::apply`] is the only one that changes a state.
pub trait Rules: Sized + Send + Sync + 'static {
    /// The `ruleset` key in scenarios and saves (lower snake case).
    const RULESET: &'static str;
    /// The rule system's name (the published title).
    const TITLE: &'static str;
    /// The board it plays on.
    const BOARD: BoardKind;

    /// A validated scenario, as written in its file and kept in saves.
    type Scenario: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What the rules read besides the state: the scenario, its board and the
    /// module tables. Built once per game from the scenario; never saved.
    type Ctx: Send + Sync + 'static;
    /// Everything the game needs, as plain values.
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A decision (or an automatic step) of the game.
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A file of written decisions for `kassen sim --orders`; `()` for a
    /// module that takes none.
    type Orders: Clone + Debug + Send + Sync;

    /// Parses an orders file for `kassen sim --orders`.
    ///
    /// # Errors
    /// A parse error with position, or a module that takes no orders file.
    fn parse_orders(file: &str, _text: &str) -> Result<Self::Orders, LoadError> {
        Err(LoadError::plain(
            file,
            format!(
                "{} takes no orders file: both sides play the computer's commands",
                Self::TITLE
            ),
        ))
    }
    /// The orders file's commands for `side` now, each labelled for warnings.
    fn scripted_commands(
        _ctx: &Self::Ctx,
        _state: &Self::State,
        _orders: &Self::Orders,
        _side: u8,
    ) -> Vec<(String, Self::Command)> {
        Vec::new()
    }

    /// Parses and validates a scenario file's text.
    ///
    /// # Errors
    /// The first problem, with file, line and column where the text has one.
    fn parse_scenario(file: &str, text: &str) -> Result<Self::Scenario, LoadError>;
    /// Reads and checks the module's data tables as a new game reads them:
    /// each from the assets folder on disk when it is there, else the copy
    /// built into the binary ([`crate::engine::assets`]). `kassen check` on a
    /// table file runs it.
    ///
    /// # Errors
    /// The first table that cannot be read, does not parse (file, line and
    /// column) or has the wrong shape.
    fn check_tables() -> Result<(), LoadError>;
    /// Checks a scenario read back from a save (the text is the save's).
    ///
    /// # Errors
    /// The first problem.
    fn check_saved_scenario(
        file: &str,
        text: &str,
        scenario: &Self::Scenario,
    ) -> Result<(), LoadError>;
    /// The context of a scenario: board and tables.
    ///
    /// # Errors
    /// A broken built-in table.
    fn context(scenario: &Self::Scenario) -> Result<Self::Ctx, LoadError>;
    /// The die of the system, against which `--dice` faces are checked.
    fn die(ctx: &Self::Ctx) -> Die;
    /// The scenario inside a context.
    fn scenario(ctx: &Self::Ctx) -> &Self::Scenario;
    /// The scenario as `side` may know it before the game: what a remote
    /// guest is sent. The default is the whole scenario; a module whose
    /// scenarios deploy units hidden leaves out the other side's hidden
    /// units. The context built from it must still read `side`'s views.
    fn scenario_for(scenario: &Self::Scenario, _side: u8) -> Self::Scenario {
        scenario.clone()
    }
    /// The scenario's own seed, if it sets one.
    fn scenario_seed(scenario: &Self::Scenario) -> Option<u64>;
    /// The scenario's name, sides and turn limit, for the title screen.
    fn describe(scenario: &Self::Scenario) -> ScenarioInfo;

    /// The state at the start of the game. May log (the battle begins).
    fn new_state(ctx: &Self::Ctx, dice: &Dice, log: &mut dyn LogSink) -> Self::State;
    /// Who acts now.
    fn to_act(ctx: &Self::Ctx, state: &Self::State) -> ToAct;
    /// The turn number, from 1.
    fn turn(state: &Self::State) -> u32;
    /// The phase and sub-step in the game's words ("Execution: Melee Step").
    fn phase_name(ctx: &Self::Ctx, state: &Self::State) -> String;
    /// Every legal command of `side` now: complete for discrete choices, a
    /// documented candidate set for continuous moves. Empty when `side` does
    /// not act. Every listed command is accepted by [`Rules::apply`].
    fn legal_commands(ctx: &Self::Ctx, state: &Self::State, side: u8) -> Vec<Self::Command>;
    /// The command with which `side` ends its part of the current decision
    /// (Orders done, End phase), if it acts now.
    fn pass_command(ctx: &Self::Ctx, state: &Self::State, side: u8) -> Option<Self::Command>;
    /// The command that takes the rules' next automatic step, when
    /// [`Rules::to_act`] is [`ToAct::Rules`].
    fn step_command(ctx: &Self::Ctx, state: &Self::State) -> Option<Self::Command>;
    /// Applies a command: the only way a game changes. Dice go through `dice`
    /// in a stable order; entries go to `log`.
    ///
    /// # Errors
    /// A [`Refusal`] naming the rule that forbids the command. Then nothing
    /// changed: not the state, not the dice, not the log.
    fn apply(
        ctx: &Self::Ctx,
        state: &mut Self::State,
        cmd: &Self::Command,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal>;
    /// The state as `side` may see it: enemy hidden units, sealed orders and
    /// card hands removed.
    fn observation(ctx: &Self::Ctx, state: &Self::State, side: u8) -> Self::State;
    /// The result once the game is over.
    fn outcome(ctx: &Self::Ctx, state: &Self::State) -> Option<Outcome>;
    /// A score for `side` in an unfinished game (victory points, models or
    /// honor ahead), higher is better; for the computer opponent.
    fn score(ctx: &Self::Ctx, state: &Self::State, side: u8) -> f64;
    /// A state that differs from `state` only in `side`'s hidden
    /// information (the other side's observation must not change), or
    /// `None` when `side` has nothing hidden now. For the conformance suite.
    fn hidden_variant(_ctx: &Self::Ctx, _state: &Self::State, _side: u8) -> Option<Self::State> {
        None
    }
    /// Whether `cmd`, applied by `side` to `before` with `dice`, shows
    /// `side` something it could not see (a hidden unit, a card drawn): an
    /// undo stops there ([`Game::undo`](super::game::Game::undo)). The
    /// default applies it to `before` and to a state that differs only in
    /// what `side` cannot see ([`Rules::hidden_variant`] of the other
    /// side); the command reveals something when `side`'s observations of
    /// the two results differ, or when only one of them accepts it. A
    /// module whose variant cannot show a reveal (a deck drawn from) says
    /// so here.
    fn reveals(
        ctx: &Self::Ctx,
        before: &Self::State,
        cmd: &Self::Command,
        dice: &Dice,
        side: u8,
    ) -> bool {
        reveals_by_variant::<Self>(ctx, before, cmd, dice, side)
    }
    /// The lines `kassen sim` prints when it stops.
    fn report(ctx: &Self::Ctx, state: &Self::State) -> String;

    /// The boons a campaign file may carry from one battle into the next
    /// in this module's scenarios (`src/campaign.rs`): each key with what
    /// it gives, in words. None by default.
    fn campaign_boons() -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }
    /// Gives `side` boon `key`, `amount` times over, in a scenario before
    /// its battle starts (the campaign's own rules, not the game's).
    ///
    /// # Errors
    /// A boon the module does not know, or one that would break the
    /// scenario's bounds, as a sentence.
    fn campaign_boon(
        _scenario: &mut Self::Scenario,
        _side: u8,
        key: &str,
        _amount: u32,
    ) -> Result<(), String> {
        Err(format!("{} has no campaign boon \"{key}\"", Self::TITLE))
    }
    /// What `side` scored in a battle towards a campaign's score (the
    /// banners it won in Commands & Colors); 0 by default.
    fn campaign_points(_ctx: &Self::Ctx, _state: &Self::State, _side: u8) -> u32 {
        0
    }

    /// Whether `viewer` may read a roll-log entry (an entry about a unit
    /// hidden from it is not shown).
    fn log_visible(
        _ctx: &Self::Ctx,
        _state: &Self::State,
        _viewer: Option<u8>,
        _entry: &LogEntry,
    ) -> bool {
        true
    }
}

/// What the computer opponent and the conformance suite may ask a module
/// beyond the core: its scripted play, where to search, how far to look,
/// how to deal what a side cannot see, its invariants and commands that
/// must be refused. Every method has a default, so a new module passes the
/// conformance suite and gets an opponent with `impl RulesHints for M {}`.
pub trait RulesHints: Rules {
    /// The computer's current default play for `side` now: commands that end
    /// with the side's decision made. The default: the side's pass.
    fn default_commands(ctx: &Self::Ctx, state: &Self::State, side: u8) -> Vec<Self::Command> {
        Self::pass_command(ctx, state, side).into_iter().collect()
    }
    /// Optional module knowledge for the computer opponent: the commands
    /// worth searching for `side` now (a subset of
    /// [`Rules::legal_commands`]) and the baseline among them that stands
    /// for the scripted play. `None`, the default: every legal command, with
    /// the first of [`RulesHints::default_commands`] as the baseline. Read from
    /// the side's observation only.
    fn opponent_focus(
        _ctx: &Self::Ctx,
        _obs: &Self::State,
        _side: u8,
    ) -> Option<Focus<Self::Command>> {
        None
    }
    /// Optional module knowledge for the computer opponent: how far its
    /// playouts look ahead, as a clock and a span. A playout stops when the
    /// game ends or `clock` has passed the decision's own clock by more
    /// than `span`. The default is the turn number and a span of 2 (the
    /// rest of this turn and two more). A module whose sides take turns
    /// within one numbered turn may count those instead, so that a playout
    /// ends soon after the other side's reply, before the dice of many
    /// later turns drown the decision's own effect.
    fn opponent_horizon(_ctx: &Self::Ctx, state: &Self::State) -> (u32, u32) {
        (Self::turn(state), 2)
    }
    /// Optional module knowledge for the computer opponent: the most
    /// commands its playouts may apply in one decision (a bound on its
    /// work, so on its time, counted and not timed so that a decision stays
    /// the same on any machine). A pilot playout of the baseline measures
    /// what one playout costs here, and the level's playouts shrink to what
    /// the bound affords (at least 4). The default: no bound.
    fn opponent_work(_ctx: &Self::Ctx, _obs: &Self::State) -> Option<u64> {
        None
    }
    /// Optional module knowledge for the computer opponent: one deal of
    /// what `side` cannot see, for one playout from its observation `obs`
    /// (cards in the other side's hand and in the draw piles, shuffled by
    /// the opponent's own generator from `seed`). It may only reorder what
    /// the observation already holds. The default: the observation as it
    /// is.
    fn opponent_deal(_ctx: &Self::Ctx, obs: &Self::State, _side: u8, _seed: u64) -> Self::State {
        obs.clone()
    }
    /// Work units ([`crate::engine::work`]) the opponent charges for each
    /// command a playout applies from the observation `obs`, beyond what
    /// the module's searches charge themselves: what cloning and stepping
    /// the state costs, in units of about 0.15 µs. The default: the units
    /// on the board, both sides.
    fn opponent_command_work(ctx: &Self::Ctx, obs: &Self::State) -> u64 {
        (Self::unit_count(ctx, obs, 0) + Self::unit_count(ctx, obs, 1)) as u64
    }
    /// How many units `side` commands in its observation `obs`: the
    /// computer makes at most twice as many commands, plus two, in one
    /// decision before it passes (a safety net against a search that keeps
    /// rewriting orders). The default counts the side's legal commands.
    fn unit_count(ctx: &Self::Ctx, obs: &Self::State, side: u8) -> usize {
        Self::legal_commands(ctx, obs, side).len()
    }
    /// Checks the module's invariants (no negative models, markers in
    /// bounds, units on the board or removed).
    ///
    /// The default checks nothing.
    ///
    /// # Errors
    /// The first broken invariant, in words.
    fn check_invariants(_ctx: &Self::Ctx, _state: &Self::State) -> Result<(), String> {
        Ok(())
    }
    /// Commands an illegal-command test should see refused now (wrong side,
    /// wrong phase, unknown or dead unit, target out of range, off the
    /// board), each with what makes it illegal.
    fn illegal_examples(_ctx: &Self::Ctx, _state: &Self::State) -> Vec<(String, Self::Command)> {
        Vec::new()
    }
}

/// What the app draws and the scenario editor offers: the board, the
/// scene, unit cards, choices turned into commands, odds before a
/// commitment, the rules reference. Read from an observation; nothing here
/// changes a state.
pub trait RulesView: Rules {
    /// The hex map, for a module on [`BoardKind::Hex`].
    fn hex_board(_ctx: &Self::Ctx) -> Option<&HexBoard> {
        None
    }
    /// The open table, for a module on [`BoardKind::Table`].
    fn table(_ctx: &Self::Ctx) -> Option<&Table> {
        None
    }
    /// Each side's counter colour (sRGB, `0.0..=1.0`).
    fn side_colors(ctx: &Self::Ctx) -> [[f32; 3]; 2];
    /// What the board shows of `obs` (an [`Rules::observation`] of
    /// `viewer`, or the whole state when `viewer` is `None`, where nothing
    /// hidden from either side may appear).
    fn scene(ctx: &Self::Ctx, obs: &Self::State, viewer: Option<u8>) -> Scene;
    /// The unit card of `unit` as `viewer` may see it: lines and itemized
    /// values, each with its rule ID. Empty for a unit the viewer cannot see.
    fn unit_card(
        ctx: &Self::Ctx,
        obs: &Self::State,
        unit: u32,
        viewer: Option<u8>,
    ) -> Vec<CardLine>;
    /// What `side` may choose for `unit` now, in the game's words; empty
    /// when it has nothing to choose.
    fn choices(ctx: &Self::Ctx, state: &Self::State, side: u8, unit: u32) -> Vec<Choice>;
    /// What `side` may choose now that belongs to no unit (a Busho's
    /// activation, a Momentum or Continuity attempt, a defender's reaction),
    /// offered whether or not a unit is selected. Each needs nothing more
    /// ([`Needs::Nothing`](super::view::Needs::Nothing)); [`RulesView::choose`] gets them with a default
    /// [`Pick`] (unit 0). Empty by default.
    fn side_choices(_ctx: &Self::Ctx, _state: &Self::State, _side: u8) -> Vec<Choice> {
        Vec::new()
    }
    /// The side unit `id` fights for (a log entry's acting unit), for the
    /// after-action report's luck figure; by default its side in the full
    /// view's [`RulesView::scene`]. `None` for an id no unit has.
    fn side_of(ctx: &Self::Ctx, state: &Self::State, id: u32) -> Option<u8> {
        Self::scene(ctx, state, None)
            .units
            .iter()
            .find(|u| u.id == id)
            .map(|u| u.side)
    }
    /// Turns a choice and the player's pick into a command (which `apply`
    /// may still refuse), or `None` when the pick is incomplete.
    fn choose(
        ctx: &Self::Ctx,
        state: &Self::State,
        side: u8,
        key: &str,
        pick: &Pick,
    ) -> Option<Self::Command>;
    /// The label of `side`'s pass command ("Orders done: pass to Takeda").
    fn pass_label(_ctx: &Self::Ctx, _state: &Self::State, _side: u8) -> String {
        t!("engine-end-phase")
    }
    /// Exact odds of a command before it is committed, if it has any.
    fn odds(_ctx: &Self::Ctx, _state: &Self::State, _cmd: &Self::Command) -> Option<Odds> {
        None
    }
    /// Inches `unit` may still move now on the open table, with the move
    /// choice `key` (choices may allow different distances) or, with `None`,
    /// its plain allowance. `None` on a hex board or when it may not move.
    /// The table view shows the inches used and left of a drag with it.
    fn move_allowance(
        _ctx: &Self::Ctx,
        _state: &Self::State,
        _unit: u32,
        _key: Option<&str>,
    ) -> Option<f32> {
        None
    }
    /// The dice of the game whose faces bear symbols rather than numbers
    /// (the battle dice of Commands & Colors), for the dice tray and the
    /// log. Empty by default: every die shows its number.
    fn die_faces(_ctx: &Self::Ctx) -> Vec<DieFaces> {
        Vec::new()
    }
    /// The path a move command `cmd` takes on the hex board and its cost,
    /// asked of the search `apply` moves by; `None` for a command that is
    /// no move, a move `apply` would refuse, or a module without paths.
    /// The board draws it under the pointer.
    fn move_path(_ctx: &Self::Ctx, _state: &Self::State, _cmd: &Self::Command) -> Option<MovePath> {
        None
    }
    /// The scenario editor's palette for this scenario: what may be painted
    /// and placed. `None`: the module offers no editor.
    fn editor_palette(_ctx: &Self::Ctx) -> Option<super::editing::EditorPalette> {
        None
    }
    /// The scenario the editor's *New scenario* starts from: its file name
    /// (`rules/<module>/new_scenario.ron`) and RON text, read at run time
    /// like every table. `None`: the module offers no editor.
    fn editor_template() -> Option<(String, String)> {
        None
    }
    /// The rules reference: every rule ID the module cites, with its text.
    fn rules_text(_ctx: &Self::Ctx) -> Vec<RuleText> {
        Vec::new()
    }
}

/// A whole rule module: the core and both of its other faces. Implemented
/// for every type that implements the three; the registry and the app's
/// session take modules by it.
pub trait Module: Rules + RulesView + RulesHints {}

impl<M: Rules + RulesView + RulesHints> Module for M {}

/// What the title screen shows of a scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioInfo {
    /// Scenario name.
    pub name: String,
    /// The two sides' names.
    pub sides: Vec<String>,
    /// Units at the start.
    pub units: usize,
    /// Last turn, if any.
    pub turn_limit: Option<u32>,
    /// The briefing, in both languages.
    pub briefing: super::briefing::Briefing,
}

/// A 64-bit checksum of a value's canonical serialization (compact JSON, in
/// field order; states hold no hash maps), hashed with XXH64 and seed 0.
/// Stable across runs, builds and machines.
pub fn checksum<T: Serialize>(value: &T) -> u64 {
    match serde_json::to_vec(value) {
        Ok(bytes) => twox_hash::XxHash64::oneshot(0, &bytes),
        // A state that cannot serialize has no canonical form; the constant
        // makes the mismatch visible at the next check.
        Err(_) => 0,
    }
}

/// The default of [`Rules::reveals`]: `cmd` applied to `before` and to
/// the other side's [`Rules::hidden_variant`] of it; it reveals something
/// to `side` when `side`'s observations of the two results differ, or when
/// only one accepts it. `false` when the other side hides nothing now.
pub fn reveals_by_variant<R: Rules>(
    ctx: &R::Ctx,
    before: &R::State,
    cmd: &R::Command,
    dice: &Dice,
    side: u8,
) -> bool {
    let Some(variant) = R::hidden_variant(ctx, before, 1 - side.min(1)) else {
        return false;
    };
    let run = |mut s: R::State| {
        let mut d = dice.clone();
        R::apply(ctx, &mut s, cmd, &mut d, &mut super::log::NoLog)
            .ok()
            .map(|()| checksum(&R::observation(ctx, &s, side)))
    };
    match (run(before.clone()), run(variant)) {
        (Some(a), Some(b)) => a != b,
        _ => true,
    }
}

/// Applies `cmd` to a copy; the copy's result tells whether it is accepted.
/// Nothing of the caller's changes.
///
/// # Errors
/// The refusal.
pub fn dry_run<R: Rules>(
    ctx: &R::Ctx,
    state: &R::State,
    cmd: &R::Command,
    dice: &Dice,
) -> Result<R::State, Refusal> {
    let mut s = state.clone();
    let mut d = dice.clone();
    R::apply(ctx, &mut s, cmd, &mut d, &mut super::log::NoLog)?;
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksum_is_fixed_and_sensitive() {
        // The value is part of the save format: it must never change.
        assert_eq!(checksum(&(1u32, "a")), checksum(&(1u32, "a")));
        assert_ne!(checksum(&(1u32, "a")), checksum(&(2u32, "a")));
        assert_eq!(
            checksum(&vec![1u8, 2, 3]),
            twox_hash::XxHash64::oneshot(0, b"[1,2,3]")
        );
    }
}
