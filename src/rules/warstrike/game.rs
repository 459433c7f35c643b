//! WarStrike on the game core: [`WarStrike`] implements
//! [`Rules`](crate::engine::core::Rules) over the turn engine of
//! [`super::battle`], with the engine's open-table helpers
//! ([`crate::engine::table_kit`]) for the candidate moves, the invariants
//! and the score. The choices a unit is offered and the commands they make
//! are here too (WS-BASE actions, WS-SUP-3).

use crate::engine::command::Refusal;
use crate::engine::core::{
    BoardKind, Focus, Outcome, Rules, RulesHints, RulesView, ScenarioInfo, ToAct, dry_run,
};
use crate::engine::dice::{Dice, Die};
use crate::engine::log::LogSink;
use crate::engine::scenario::LoadError;
use crate::engine::table::Table;
use crate::engine::table_kit::{self, Menu, TableCtx, TablePiece};
use crate::engine::view::units_of;
use crate::engine::view::{CardLine, Choice, Needs, Odds, Pick, RuleText, Scene};

use super::actions::{WsAction, path_allowance};
use super::battle::{WsBattle, WsCommand, WsCtx, WsOrder, WsScenario};
use super::data::{DIE, RULESET, WsTables};
use super::view::objectives;

/// WarStrike as a rule module (WS-BASE turn structure; see
/// [`super::battle`]).
pub struct WarStrike;

fn choice(label: String, key: &str, needs: Needs) -> Choice {
    Choice {
        label,
        key: key.into(),
        needs,
        hover: String::new(),
        refused: None,
    }
}

/// Objectives must lie on the table and have distinct names; the problem
/// and the anchors to point at in the scenario text.
///
/// # Errors
/// An objective off the table, or two with one name.
pub fn check_scenario(scenario: &WsScenario) -> Result<(), (String, Vec<String>)> {
    let t = &scenario.table;
    for (i, o) in scenario.setup.objectives.iter().enumerate() {
        let anchors = vec![
            "setup".to_string(),
            "objectives".to_string(),
            format!("\"{}\"", o.name),
        ];
        if !(o.at.0.is_finite()
            && o.at.1.is_finite()
            && (0.0..=t.width).contains(&o.at.0)
            && (0.0..=t.depth).contains(&o.at.1))
        {
            return Err((
                format!(
                    "objective \"{}\" at ({}, {}) is off the {} × {} table",
                    o.name, o.at.0, o.at.1, t.width, t.depth
                ),
                anchors,
            ));
        }
        if scenario.setup.objectives[..i]
            .iter()
            .any(|p| p.name == o.name)
        {
            return Err((format!("two objectives are called \"{}\"", o.name), anchors));
        }
        if let Some(h) = &o.held_by
            && scenario.side_index(h).is_none()
        {
            let names: Vec<&str> = scenario.sides.iter().map(|s| s.name.as_str()).collect();
            return Err((
                format!(
                    "objective \"{}\" is held_by \"{h}\", which is not a side (the sides: {})",
                    o.name,
                    names.join(", ")
                ),
                anchors,
            ));
        }
    }
    Ok(())
}

/// Inches `unit` may move with the move choice `key`, the number its path
/// is checked against ([`path_allowance`]): Advance! and Fall back up to
/// Mv, At The Double! and a Charge! (which may go at the double) up to
/// `at_the_double` × Mv (WS-BASE). `None` when the unit may not move now
/// or `key` is no move.
pub fn choice_allowance(battle: &WsBattle, unit: u32, key: &str, tables: &WsTables) -> Option<f32> {
    battle.allowance(unit, &tables.constants)?;
    let action = match key {
        "advance" => WsAction::Advance,
        "fall_back" => WsAction::FallBack,
        "at_the_double" | "charge" => WsAction::AtTheDouble,
        _ => return None,
    };
    let mv = battle.unit(unit)?.state.mv;
    Some(path_allowance(action, mv, &tables.constants) as f32)
}

/// What `unit` may do now: "Open Fire!" (target), "Advance!" (path; a
/// picked target is fired at after the move), "At The Double!" (path),
/// "Get Down!", "Charge!" (target: Advance! or At The Double! into base
/// contact) and "Fall back"; a suppressed or engaged unit is offered only
/// "Fall back" (WS-SUP-3 (1)). Empty when its side does not act, or it has
/// acted.
pub fn unit_choices(battle: &WsBattle, unit: u32) -> Vec<Choice> {
    let Some(idx) = battle.index(unit) else {
        return Vec::new();
    };
    let u = &battle.units[idx];
    if battle.awaiting() != Some(u.side) || u.acted || !u.alive() {
        return Vec::new();
    }
    let fall_back = choice(say!("ws-choice-fall-back"), "fall_back", Needs::Nothing);
    if u.state.suppressed() || battle.engaged(idx) {
        return vec![fall_back];
    }
    let mut out = Vec::new();
    if u.state.shooting.is_some() {
        out.push(choice(
            say!("ws-action-open-fire"),
            "open_fire",
            Needs::Target,
        ));
    }
    out.push(choice(say!("ws-action-advance"), "advance", Needs::Path));
    out.push(choice(
        say!("ws-action-at-the-double"),
        "at_the_double",
        Needs::Path,
    ));
    out.push(choice(
        say!("ws-action-get-down"),
        "get_down",
        Needs::Nothing,
    ));
    out.push(choice(say!("ws-choice-charge"), "charge", Needs::Target));
    out.push(fall_back);
    out
}

/// The charge of a picked path: Advance! when the path is within Mv, else
/// At The Double! (WS-BASE).
fn charge_along(battle: &WsBattle, pick: &Pick, target: u32) -> Option<WsOrder> {
    let mv = battle.unit(pick.unit)?.state.mv as f32;
    let mut here = battle.unit(pick.unit)?.base().center;
    let mut length = 0.0;
    for p in &pick.path {
        let next = bevy::prelude::Vec2::new(p.0, p.1);
        length += here.distance(next);
        here = next;
    }
    Some(if length <= mv {
        WsOrder::Advance {
            path: pick.path.clone(),
            facing: pick.facing,
            fire_at: None,
            fire_first: false,
            charge: Some(target),
        }
    } else {
        WsOrder::AtTheDouble {
            path: pick.path.clone(),
            facing: pick.facing,
            charge: Some(target),
        }
    })
}

/// The command of choice `key` with `pick` (which `apply` may still
/// refuse); `None` for an unknown key or an incomplete pick.
pub fn choose(battle: &WsBattle, key: &str, pick: &Pick, tables: &WsTables) -> Option<WsCommand> {
    let action = match key {
        "open_fire" => WsOrder::OpenFire {
            target: pick.target?,
        },
        "advance" => WsOrder::Advance {
            path: pick.path.clone(),
            facing: pick.facing,
            fire_at: pick.target,
            fire_first: false,
            charge: None,
        },
        "at_the_double" => WsOrder::AtTheDouble {
            path: pick.path.clone(),
            facing: pick.facing,
            charge: None,
        },
        "get_down" => WsOrder::GetDown,
        "fall_back" => WsOrder::FallBack,
        "charge" => {
            let target = pick.target?;
            if pick.path.is_empty() {
                battle.straight_charge(pick.unit, target, tables)?
            } else {
                charge_along(battle, pick, target)?
            }
        }
        _ => return None,
    };
    Some(WsCommand::Act {
        unit: pick.unit,
        action,
    })
}

/// Every living unit as the engine's table helpers see it.
pub fn pieces(battle: &WsBattle) -> Vec<TablePiece> {
    battle
        .units
        .iter()
        .filter(|u| u.alive())
        .map(super::battle::WsUnit::piece)
        .collect()
}

/// Runs `f` with the unit choices of `battle` as a [`Menu`].
fn with_menu<X>(ctx: &WsCtx, battle: &WsBattle, f: impl FnOnce(&Menu<'_, WsCommand>) -> X) -> X {
    let choices = |unit: u32| unit_choices(battle, unit);
    let allowance = |unit: u32, key: &str| choice_allowance(battle, unit, key, &ctx.tables);
    let pick = |key: &str, pick: &Pick| choose(battle, key, pick, &ctx.tables);
    f(&Menu {
        choices: &choices,
        allowance: &allowance,
        choose: &pick,
    })
}

impl Rules for WarStrike {
    const RULESET: &'static str = RULESET;
    const TITLE: &'static str = "WarStrike";
    const BOARD: BoardKind = BoardKind::Table;
    type Scenario = WsScenario;
    type Ctx = WsCtx;
    type State = WsBattle;
    type Command = WsCommand;
    type Orders = ();

    fn parse_scenario(file: &str, text: &str) -> Result<WsScenario, LoadError> {
        table_kit::parse_scenario(file, text, &WsTables::load()?, check_scenario)
    }

    fn check_tables() -> Result<(), LoadError> {
        WsTables::load().map(|_| ())
    }

    fn check_saved_scenario(
        file: &str,
        text: &str,
        scenario: &WsScenario,
    ) -> Result<(), LoadError> {
        scenario.validate(file, text, &WsTables::load()?)
    }

    fn context(scenario: &WsScenario) -> Result<WsCtx, LoadError> {
        Ok(TableCtx::new(scenario, WsTables::load()?))
    }

    fn die(_ctx: &WsCtx) -> Die {
        DIE
    }

    fn scenario(ctx: &WsCtx) -> &WsScenario {
        &ctx.scenario
    }

    /// The other side's units of the hidden deployment (WS-HID-1) left out.
    fn scenario_for(scenario: &WsScenario, side: u8) -> WsScenario {
        scenario.known_to(side)
    }

    fn scenario_seed(scenario: &WsScenario) -> Option<u64> {
        scenario.seed
    }

    fn describe(scenario: &WsScenario) -> ScenarioInfo {
        table_kit::describe(scenario)
    }

    fn new_state(ctx: &WsCtx, _dice: &Dice, _log: &mut dyn LogSink) -> WsBattle {
        WsBattle::new(&ctx.scenario, &ctx.tables)
    }

    fn to_act(_ctx: &WsCtx, state: &WsBattle) -> ToAct {
        state.awaiting().map_or(ToAct::Over, ToAct::Side)
    }

    fn turn(state: &WsBattle) -> u32 {
        state.turn
    }

    fn phase_name(ctx: &WsCtx, state: &WsBattle) -> String {
        state.phase_name(&ctx.side_names)
    }

    /// The engine's table candidates from [`unit_choices`], each accepted
    /// by `apply` on a copy; then the end of the phase.
    fn legal_commands(ctx: &WsCtx, state: &WsBattle, side: u8) -> Vec<WsCommand> {
        if state.awaiting() != Some(side) {
            return Vec::new();
        }
        // Accepted on a copy with any dice: listing rolls nothing for real.
        let dice = Dice::new(0);
        with_menu(ctx, state, |menu| {
            table_kit::legal_commands(
                &pieces(state),
                &objectives(state),
                side,
                menu,
                |c| dry_run::<Self>(ctx, state, c, &dice).is_ok(),
                WsCommand::EndPhase { side },
            )
        })
    }

    fn pass_command(_ctx: &WsCtx, state: &WsBattle, side: u8) -> Option<WsCommand> {
        (state.awaiting() == Some(side)).then_some(WsCommand::EndPhase { side })
    }

    fn step_command(_ctx: &WsCtx, _state: &WsBattle) -> Option<WsCommand> {
        None
    }

    fn apply(
        ctx: &WsCtx,
        state: &mut WsBattle,
        cmd: &WsCommand,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        state.apply(cmd, &ctx.tables, &ctx.table, dice, log)
    }

    /// The seed and the core rules it assumes hide nothing; a scenario may
    /// deploy units hidden under Kassen's own rule (WS-HID-1), and those of
    /// the other side are left out until revealed.
    fn observation(_ctx: &WsCtx, state: &WsBattle, side: u8) -> WsBattle {
        state.observed_by(side)
    }

    /// One of `side`'s hidden units standing elsewhere (WS-HID-1).
    fn hidden_variant(ctx: &WsCtx, state: &WsBattle, side: u8) -> Option<WsBattle> {
        state.hidden_variant(side, &ctx.table)
    }

    fn outcome(ctx: &WsCtx, state: &WsBattle) -> Option<Outcome> {
        state.result.as_ref().map(|r| {
            let reason = r.reason(&ctx.side_names);
            let text = match r.winner {
                Some(s) => say!(
                    "ws-result-win",
                    side = ctx.side_names[usize::from(s.min(1))],
                    reason = reason
                ),
                None => say!("ws-result-draw", reason = reason),
            };
            Outcome {
                winner: r.winner.map(|s| s.min(1)),
                text,
            }
        })
    }

    /// Models left ahead of the enemy.
    fn score(_ctx: &WsCtx, state: &WsBattle, side: u8) -> f64 {
        table_kit::score_by_models(&pieces(state), side)
    }

    fn report(ctx: &WsCtx, state: &WsBattle) -> String {
        table_kit::report(Self::outcome(ctx, state), || {
            state.phase_name(&ctx.side_names)
        })
    }
}

impl RulesHints for WarStrike {
    fn unit_count(ctx: &Self::Ctx, obs: &Self::State, side: u8) -> usize {
        units_of(&Self::scene(ctx, obs, Some(side)), side)
    }
    /// Planned on what `side` sees: the enemy's hidden units are not
    /// there to aim at (WS-HID-1).
    fn default_commands(ctx: &WsCtx, state: &WsBattle, side: u8) -> Vec<WsCommand> {
        state
            .observed_by(side)
            .default_commands(side, &ctx.tables, &ctx.table)
    }

    /// On a battle too large to search every unit's commands at once
    /// ([`table_kit::WHOLE_LISTING_UNITS`]), one unit at a time: the unit
    /// the scripted play acts with next.
    fn opponent_focus(ctx: &WsCtx, obs: &WsBattle, side: u8) -> Option<Focus<WsCommand>> {
        if obs.awaiting() != Some(side) {
            return None;
        }
        let dice = Dice::new(0);
        let baseline = obs
            .observed_by(side)
            .default_commands_upto(side, &ctx.tables, &ctx.table, 1)
            .into_iter()
            .next();
        let unit_of = |c: &WsCommand| match c {
            WsCommand::Act { unit, .. } => Some(*unit),
            WsCommand::EndPhase { .. } => None,
        };
        with_menu(ctx, obs, |menu| {
            table_kit::opponent_focus(
                &pieces(obs),
                &objectives(obs),
                side,
                baseline,
                unit_of,
                menu,
                |c| dry_run::<Self>(ctx, obs, c, &dice).is_ok(),
                WsCommand::EndPhase { side },
            )
        })
    }

    fn check_invariants(ctx: &WsCtx, state: &WsBattle) -> Result<(), String> {
        table_kit::check_invariants(&pieces(state), &ctx.table)
    }

    /// The engine's table examples from [`unit_choices`]: the wrong side's
    /// end of phase, unknown units, moves off the table, absent targets.
    fn illegal_examples(ctx: &WsCtx, state: &WsBattle) -> Vec<(String, WsCommand)> {
        with_menu(ctx, state, |menu| {
            table_kit::illegal_examples(&pieces(state), state.awaiting(), menu, |side| {
                WsCommand::EndPhase { side }
            })
        })
    }
}

impl RulesView for WarStrike {
    fn table(ctx: &WsCtx) -> Option<&Table> {
        Some(&ctx.table)
    }

    fn side_colors(ctx: &WsCtx) -> [[f32; 3]; 2] {
        table_kit::side_colors(&ctx.scenario)
    }

    fn scene(ctx: &WsCtx, obs: &WsBattle, _viewer: Option<u8>) -> Scene {
        super::view::scene(ctx, obs)
    }

    fn unit_card(ctx: &WsCtx, obs: &WsBattle, unit: u32, _viewer: Option<u8>) -> Vec<CardLine> {
        let mut card = super::view::unit_card(ctx, obs, unit);
        let allowance = |key: &str| choice_allowance(obs, unit, key, &ctx.tables);
        card.extend(table_kit::card_allowances(
            &unit_choices(obs, unit),
            allowance,
        ));
        card
    }

    fn choices(_ctx: &WsCtx, state: &WsBattle, side: u8, unit: u32) -> Vec<Choice> {
        if state.awaiting() != Some(side) {
            return Vec::new();
        }
        unit_choices(state, unit)
    }

    fn choose(
        ctx: &WsCtx,
        state: &WsBattle,
        _side: u8,
        key: &str,
        pick: &Pick,
    ) -> Option<WsCommand> {
        choose(state, key, pick, &ctx.tables)
    }

    fn move_allowance(ctx: &WsCtx, state: &WsBattle, unit: u32, key: Option<&str>) -> Option<f32> {
        match key {
            Some(k) => choice_allowance(state, unit, k, &ctx.tables),
            None => state.allowance(unit, &ctx.tables.constants),
        }
    }

    fn editor_palette(ctx: &WsCtx) -> Option<crate::engine::editing::EditorPalette> {
        table_kit::editor_palette(&ctx.tables)
    }

    fn editor_template() -> Option<(String, String)> {
        crate::engine::assets::file_and_text(
            "rules/warstrike/new_scenario.ron",
            include_str!("../../../assets/rules/warstrike/new_scenario.ron"),
        )
    }

    fn rules_text(ctx: &WsCtx) -> Vec<RuleText> {
        ctx.tables.rules.clone()
    }

    fn odds(ctx: &WsCtx, state: &WsBattle, cmd: &WsCommand) -> Option<Odds> {
        table_kit::odds_of(state.odds(cmd, &ctx.tables))
    }
}
