//! Clan War on the game core: [`ClanWar`] implements
//! [`Rules`](crate::engine::core::Rules) over the turn engine of
//! [`super::battle`], with the engine's open-table helpers
//! ([`crate::engine::table_kit`]) for the candidate moves, the invariants
//! and the score. The choices a unit is offered in each phase and the
//! commands they make are here too.

use crate::engine::command::Refusal;
use crate::engine::core::{
    BoardKind, Focus, Outcome, Rules, RulesHints, RulesView, ScenarioInfo, ToAct, dry_run,
};
use crate::engine::dice::{Dice, Die};
use crate::engine::log::LogSink;
use crate::engine::scenario::LoadError;
use crate::engine::table::Table;
use crate::engine::table_kit::{self, Menu, TableCtx, TablePiece};
use crate::engine::table_scenario::TableScenario;
use crate::engine::view::units_of;
use crate::engine::view::{CardLine, Choice, Needs, Odds, OddsLines, Pick, RuleText, Scene};

use super::battle::{CwBattle, CwCommand, CwCtx, CwPhase, CwSetup, MoveMode};
use super::data::{self, CwTables, Trait};
use super::hostage::Stance;

/// The Clan War module as the engine drives it.
pub struct ClanWar;

/// Each army's side and clan must be known, and a hostage's captor must
/// exist (CW-HON-1, CW-HOS-1); the problem and the anchors to point at in
/// the scenario text.
///
/// # Errors
/// The first problem.
pub fn check_scenario(
    scenario: &TableScenario<CwSetup>,
    tables: &CwTables,
) -> Result<(), (String, Vec<String>)> {
    for a in &scenario.setup.armies {
        if scenario.side_index(&a.side).is_none() {
            return Err((
                format!("setup.armies names unknown side \"{}\"", a.side),
                vec!["setup".into(), "armies".into()],
            ));
        }
        if tables.clan_base_honor(&a.clan).is_none() {
            return Err((
                format!(
                    "clan \"{}\" has no base Honor in settings.ron (CW-HON-1)",
                    a.clan
                ),
                vec!["setup".into(), "armies".into(), format!("\"{}\"", a.clan)],
            ));
        }
    }
    if let Some(h) = &scenario.setup.hostage {
        if !scenario.units.iter().any(|u| u.id == h.captor) {
            return Err((
                format!(
                    "the hostage's captor unit {} does not exist (CW-HOS-1)",
                    h.captor
                ),
                vec!["setup".into(), "hostage".into(), "captor".into()],
            ));
        }
        if h.clan.is_empty() {
            return Err((
                "the hostage needs a clan (CW-HOS-1)".into(),
                vec!["setup".into(), "hostage".into(), "clan".into()],
            ));
        }
    }
    Ok(())
}

/// What `unit` may do now in the phase (CW-HOS-5 execution, moves, take-off,
/// landing, Dive, engaging, shooting, stances and sacrifice); empty when its
/// side does not act.
pub fn unit_choices(battle: &CwBattle, unit: u32, tables: &CwTables) -> Vec<Choice> {
    let choice = |label: String, key: &str, needs: Needs| Choice {
        label,
        key: key.into(),
        needs,
        hover: String::new(),
        refused: None,
    };
    let Some(u) = battle.unit(unit) else {
        return Vec::new();
    };
    if battle.awaiting() != Some(u.side) || !u.alive() {
        return Vec::new();
    }
    let card = tables.unit(&u.unit_type);
    let mut out = Vec::new();
    match battle.phase {
        CwPhase::SpecialOrders => {
            if battle.holder().is_some_and(|h| h.id == unit) {
                out.push(choice(say!("cw-choice-execute"), "execute", Needs::Nothing));
            }
        }
        CwPhase::PrimaryMovement | CwPhase::CavalryMovement | CwPhase::ReserveMovement => {
            if battle.may_escape_by_air(u, tables) && battle.can_move(u, tables) {
                out.push(choice(
                    say!("cw-choice-take-flight"),
                    "take_flight",
                    Needs::Path,
                ));
            } else if battle.can_move(u, tables) {
                out.push(choice(say!("cw-choice-move"), "move", Needs::Path));
                if u.airborne() {
                    out.push(choice(say!("cw-choice-land"), "land", Needs::Path));
                    if card.is_some_and(data::UnitStats::has_charge_skill) {
                        out.push(choice(say!("cw-choice-dive"), "dive", Needs::Path));
                        // CW-DIVE-3: a Dive as an engaging move.
                        out.push(choice(
                            say!("cw-choice-dive-engage"),
                            "dive_engage",
                            Needs::Target,
                        ));
                    }
                } else if card.is_some_and(|c| c.has(Trait::Flight)) {
                    out.push(choice(say!("cw-choice-take-off"), "take_off", Needs::Path));
                }
                out.push(choice(say!("cw-choice-engage"), "engage", Needs::Target));
            }
        }
        CwPhase::RangedAttack => {
            if battle.can_shoot(u, tables) {
                out.push(choice(say!("cw-choice-shoot"), "shoot", Needs::Target));
            }
        }
        CwPhase::CloseCombat => {
            if battle.stance_units(u.side, tables).contains(&unit) {
                let st = battle.stances.get(&unit).and_then(|r| r.stance);
                if st.is_none() {
                    out.push(choice(
                        say!("cw-choice-strike-easy"),
                        "strike_easy",
                        Needs::Nothing,
                    ));
                }
                if st != Some(Stance::AllOutAttack) {
                    out.push(choice(say!("cw-choice-all-out"), "all_out", Needs::Nothing));
                }
            }
            if battle.check_sacrifice(unit, tables).is_ok() {
                out.push(choice(
                    say!("cw-choice-sacrifice"),
                    "sacrifice",
                    Needs::Nothing,
                ));
            }
        }
        CwPhase::End => {}
    }
    out
}

/// The command of choice `key` with `pick` (which `apply` may still
/// refuse); `None` for an unknown key or an incomplete pick.
pub fn choose(battle: &CwBattle, key: &str, pick: &Pick) -> Option<CwCommand> {
    let mv = |mode| CwCommand::Move {
        unit: pick.unit,
        path: pick.path.clone(),
        facing: pick.facing,
        mode,
    };
    Some(match key {
        "move" => mv(MoveMode::Ground),
        "take_off" => mv(MoveMode::TakeOff),
        "land" => mv(MoveMode::Land),
        "dive" => mv(MoveMode::Dive),
        "take_flight" => mv(MoveMode::EscapeByAir),
        "engage" => {
            let target = pick.target?;
            if pick.path.is_empty() {
                battle.engage_paths(pick.unit, target).into_iter().last()?
            } else {
                mv(MoveMode::Engage { target })
            }
        }
        "dive_engage" => {
            // CW-DIVE-3: the engaging move's path, made as a Dive.
            let target = pick.target?;
            let mode = MoveMode::DiveEngage { target };
            if pick.path.is_empty() {
                match battle.engage_paths(pick.unit, target).into_iter().last()? {
                    CwCommand::Move {
                        unit, path, facing, ..
                    } => CwCommand::Move {
                        unit,
                        path,
                        facing,
                        mode,
                    },
                    _ => return None,
                }
            } else {
                mv(mode)
            }
        }
        "shoot" => CwCommand::Shoot {
            unit: pick.unit,
            target: pick.target?,
        },
        "strike_easy" => CwCommand::Stance {
            unit: pick.unit,
            stance: Stance::StrikeEasy,
        },
        "all_out" => CwCommand::Stance {
            unit: pick.unit,
            stance: Stance::AllOutAttack,
        },
        "execute" => CwCommand::ExecuteHostage { unit: pick.unit },
        "sacrifice" => CwCommand::Sacrifice { unit: pick.unit },
        _ => return None,
    })
}

/// Every living unit as the engine's table helpers see it.
pub fn pieces(battle: &CwBattle) -> Vec<TablePiece> {
    battle
        .units
        .iter()
        .filter(|u| u.alive())
        .map(super::battle::CwUnit::piece)
        .collect()
}

/// Runs `f` with the unit choices of `battle` as a [`Menu`].
fn with_menu<X>(ctx: &CwCtx, battle: &CwBattle, f: impl FnOnce(&Menu<'_, CwCommand>) -> X) -> X {
    let choices = |unit: u32| unit_choices(battle, unit, &ctx.tables);
    let allowance = |unit: u32, key: &str| battle.key_allowance(unit, key, &ctx.tables);
    let pick = |key: &str, pick: &Pick| choose(battle, key, pick);
    f(&Menu {
        choices: &choices,
        allowance: &allowance,
        choose: &pick,
    })
}

impl Rules for ClanWar {
    const RULESET: &'static str = "clan_war";
    const TITLE: &'static str = "Clan War";
    const BOARD: BoardKind = BoardKind::Table;
    type Scenario = TableScenario<CwSetup>;
    type Ctx = CwCtx;
    type State = CwBattle;
    type Command = CwCommand;
    type Orders = ();

    fn parse_scenario(file: &str, text: &str) -> Result<Self::Scenario, LoadError> {
        let tables = CwTables::load()?;
        table_kit::parse_scenario(file, text, &tables, |s| check_scenario(s, &tables))
    }

    fn check_tables() -> Result<(), LoadError> {
        CwTables::load().map(|_| ())
    }

    fn check_saved_scenario(
        file: &str,
        text: &str,
        scenario: &Self::Scenario,
    ) -> Result<(), LoadError> {
        scenario.validate(file, text, &CwTables::load()?)
    }

    fn context(scenario: &Self::Scenario) -> Result<CwCtx, LoadError> {
        Ok(TableCtx::new(scenario, CwTables::load()?))
    }

    /// The settable test die (d10 by default, `settings.ron`; CW-GEN-1).
    fn die(ctx: &CwCtx) -> Die {
        ctx.tables.settings.convention.die
    }

    fn scenario(ctx: &CwCtx) -> &Self::Scenario {
        &ctx.scenario
    }

    /// The other side's units of the hidden deployment (CW-HID-1) left out.
    fn scenario_for(scenario: &Self::Scenario, side: u8) -> Self::Scenario {
        scenario.known_to(side)
    }

    fn scenario_seed(scenario: &Self::Scenario) -> Option<u64> {
        scenario.seed
    }

    fn describe(scenario: &Self::Scenario) -> ScenarioInfo {
        table_kit::describe(scenario)
    }

    fn new_state(ctx: &CwCtx, _dice: &Dice, _log: &mut dyn LogSink) -> CwBattle {
        CwBattle::new(&ctx.scenario, &ctx.tables)
    }

    fn to_act(_ctx: &CwCtx, state: &CwBattle) -> ToAct {
        state.awaiting().map_or(ToAct::Over, ToAct::Side)
    }

    fn turn(state: &CwBattle) -> u32 {
        state.turn
    }

    fn phase_name(ctx: &CwCtx, state: &CwBattle) -> String {
        say!(
            "cw-phase-line",
            turn = state.turn,
            phase = state.phase.name(),
            side = ctx.side_names[state.active as usize & 1]
        )
    }

    /// The engine's table candidates from [`unit_choices`], each accepted
    /// by `apply` on a copy; then the end of the phase.
    fn legal_commands(ctx: &CwCtx, state: &CwBattle, side: u8) -> Vec<CwCommand> {
        if state.awaiting() != Some(side) {
            return Vec::new();
        }
        // Accepted on a copy with any dice: listing rolls nothing for real.
        let dice = Dice::new(0);
        with_menu(ctx, state, |menu| {
            table_kit::legal_commands(
                &pieces(state),
                &[],
                side,
                menu,
                |c| dry_run::<Self>(ctx, state, c, &dice).is_ok(),
                CwCommand::EndPhase { side },
            )
        })
    }

    fn pass_command(_ctx: &CwCtx, state: &CwBattle, side: u8) -> Option<CwCommand> {
        (state.awaiting() == Some(side)).then_some(CwCommand::EndPhase { side })
    }

    fn step_command(_ctx: &CwCtx, _state: &CwBattle) -> Option<CwCommand> {
        None
    }

    fn apply(
        ctx: &CwCtx,
        state: &mut CwBattle,
        cmd: &CwCommand,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        state.apply(cmd, &ctx.tables, &ctx.table, dice, log)
    }

    /// The seed hides nothing on the table: the Tactical Cards, its one
    /// hidden thing (CW-HON-7), are not dealt, as the source gives no deck.
    /// A scenario may deploy units hidden under Kassen's own rule
    /// (CW-HID-1), and those of the other side are left out until revealed.
    fn observation(_ctx: &CwCtx, state: &CwBattle, side: u8) -> CwBattle {
        state.observed_by(side)
    }

    /// One of `side`'s hidden units standing elsewhere (CW-HID-1).
    fn hidden_variant(ctx: &CwCtx, state: &CwBattle, side: u8) -> Option<CwBattle> {
        state.hidden_variant(side, &ctx.table)
    }

    fn outcome(ctx: &CwCtx, state: &CwBattle) -> Option<Outcome> {
        state.result.as_ref().map(|r| {
            let reason = r.reason(&ctx.side_names);
            let text = match r.winner {
                Some(w) => say!(
                    "cw-result-wins",
                    side = ctx.side_names[w as usize & 1],
                    reason = reason
                ),
                None => say!("cw-result-draw", reason = reason),
            };
            Outcome {
                winner: r.winner.map(|w| w & 1),
                text,
            }
        })
    }

    /// Models left ahead of the enemy.
    fn score(_ctx: &CwCtx, state: &CwBattle, side: u8) -> f64 {
        table_kit::score_by_models(&pieces(state), side)
    }

    fn report(ctx: &CwCtx, state: &CwBattle) -> String {
        table_kit::report(Self::outcome(ctx, state), || Self::phase_name(ctx, state))
    }
}

impl RulesHints for ClanWar {
    fn unit_count(ctx: &Self::Ctx, obs: &Self::State, side: u8) -> usize {
        units_of(&Self::scene(ctx, obs, Some(side)), side)
    }
    /// Planned on what `side` sees: the enemy's hidden units are not
    /// there to aim at (CW-HID-1).
    fn default_commands(ctx: &CwCtx, state: &CwBattle, side: u8) -> Vec<CwCommand> {
        state
            .observed_by(side)
            .default_commands(side, &ctx.tables, &ctx.table)
    }

    /// On a battle too large to search every unit's commands at once
    /// ([`table_kit::WHOLE_LISTING_UNITS`]), one unit at a time: the unit
    /// the scripted play acts with next.
    fn opponent_focus(ctx: &CwCtx, obs: &CwBattle, side: u8) -> Option<Focus<CwCommand>> {
        if obs.awaiting() != Some(side) {
            return None;
        }
        let dice = Dice::new(0);
        let baseline = obs
            .observed_by(side)
            .default_commands_upto(side, &ctx.tables, &ctx.table, 1)
            .into_iter()
            .next();
        with_menu(ctx, obs, |menu| {
            table_kit::opponent_focus(
                &pieces(obs),
                &[],
                side,
                baseline,
                super::battle::actor,
                menu,
                |c| dry_run::<Self>(ctx, obs, c, &dice).is_ok(),
                CwCommand::EndPhase { side },
            )
        })
    }

    fn check_invariants(ctx: &CwCtx, state: &CwBattle) -> Result<(), String> {
        table_kit::check_invariants(&pieces(state), &ctx.table)
    }

    /// The engine's table examples from [`unit_choices`]: the wrong side's
    /// end of phase, unknown units, moves off the table, absent targets.
    fn illegal_examples(ctx: &CwCtx, state: &CwBattle) -> Vec<(String, CwCommand)> {
        with_menu(ctx, state, |menu| {
            table_kit::illegal_examples(&pieces(state), state.awaiting(), menu, |side| {
                CwCommand::EndPhase { side }
            })
        })
    }
}

impl RulesView for ClanWar {
    fn table(ctx: &CwCtx) -> Option<&Table> {
        Some(&ctx.table)
    }

    fn side_colors(ctx: &CwCtx) -> [[f32; 3]; 2] {
        table_kit::side_colors(&ctx.scenario)
    }

    fn scene(ctx: &CwCtx, obs: &CwBattle, _viewer: Option<u8>) -> Scene {
        super::view::scene(ctx, obs)
    }

    fn unit_card(ctx: &CwCtx, obs: &CwBattle, unit: u32, _viewer: Option<u8>) -> Vec<CardLine> {
        let mut card = super::view::unit_card(ctx, obs, unit);
        let allowance = |key: &str| obs.key_allowance(unit, key, &ctx.tables);
        let choices = unit_choices(obs, unit, &ctx.tables);
        card.extend(table_kit::card_allowances(&choices, allowance));
        card
    }

    fn choices(ctx: &CwCtx, state: &CwBattle, side: u8, unit: u32) -> Vec<Choice> {
        if state.awaiting() != Some(side) {
            return Vec::new();
        }
        unit_choices(state, unit, &ctx.tables)
    }

    fn choose(
        _ctx: &CwCtx,
        state: &CwBattle,
        _side: u8,
        key: &str,
        pick: &Pick,
    ) -> Option<CwCommand> {
        choose(state, key, pick)
    }

    fn move_allowance(ctx: &CwCtx, state: &CwBattle, unit: u32, key: Option<&str>) -> Option<f32> {
        match key {
            Some(k) => state.key_allowance(unit, k, &ctx.tables),
            None => state.allowance(unit, &ctx.tables),
        }
    }

    fn editor_palette(ctx: &CwCtx) -> Option<crate::engine::editing::EditorPalette> {
        table_kit::editor_palette(&ctx.tables)
    }

    fn editor_template() -> Option<(String, String)> {
        crate::engine::assets::file_and_text(
            "rules/clan_war/new_scenario.ron",
            include_str!("../../../assets/rules/clan_war/new_scenario.ron"),
        )
    }

    fn rules_text(ctx: &CwCtx) -> Vec<RuleText> {
        ctx.tables.rules.clone()
    }

    fn odds(ctx: &CwCtx, state: &CwBattle, cmd: &CwCommand) -> Option<Odds> {
        table_kit::odds_of(OddsLines::chances(state.odds(cmd, &ctx.tables, &ctx.table)))
    }
}
