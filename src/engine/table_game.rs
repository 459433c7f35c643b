//! The one abstraction through which the session, the CLI and the app drive a
//! rule module on the open table. A module implements [`TableRules`] on a
//! marker type; everything generic (loading, the headless app, `kassen sim`,
//! saves, the ECS mirror of the units, the table view) is written once against
//! this trait.

use bevy::prelude::Resource;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::command::Refusal;
use super::dice::Dice;
use super::log::LogSink;
use super::scenario::LoadError;
use super::table::{Base, Table};
use super::table_scenario::{TableCatalog, TableScenario};

/// A unit as every table module describes it to the engine's views.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitSummary {
    /// Unit id.
    pub id: u32,
    /// Side index 0 or 1.
    pub side: u8,
    /// Display name.
    pub name: String,
    /// Its base.
    pub base: Base,
    /// Models left (0 = destroyed).
    pub models: u32,
    /// In the air.
    pub airborne: bool,
    /// Hit-dice faces shown; empty if none.
    pub hit_dice: Vec<u32>,
    /// Nerve markers on the unit.
    pub nerve_markers: u32,
    /// Short state words ("Unformed", "Spent", "Suppressed", "Holds hostage").
    pub badges: Vec<String>,
    /// Range rings for the overlay, inches.
    pub ranges: Vec<f32>,
    /// Card lines for the unit panel ("Ld 2 · Nv 3 (−1 nerve) · Mv 6″").
    pub card: Vec<String>,
}

pub use super::view::{Choice, Needs, Objective, Pick, Spot};

/// An honor track for the overlay.
#[derive(Clone, Debug, PartialEq)]
pub struct HonorBar {
    /// The army's honor now.
    pub honor: i32,
    /// Thresholds to mark on the bar, with whether each is spent (already
    /// crossed once and so greyed out).
    pub marks: Vec<(i32, bool)>,
}

/// A table module as the session and the app see it.
pub trait TableRules: Send + Sync + 'static {
    /// The module's `ruleset` key in scenarios.
    const RULESET: &'static str;
    /// The rule system's name.
    const TITLE: &'static str;

    /// Scenario `setup` block.
    type Setup: Clone + std::fmt::Debug + Default + Serialize + DeserializeOwned + Send + Sync;
    /// Data tables.
    type Tables: Resource + Clone + TableCatalog;
    /// The whole battle state: plain, serializable.
    type Battle: Resource + Clone + std::fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// A player's decision.
    type Command: Clone + std::fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// The module's die (checked against `--dice`).
    fn die(tables: &Self::Tables) -> crate::engine::dice::Die;
    /// The rules behind a unit's nerve markers and its hit-die, for their
    /// tooltips (`None`: the module has no such marker).
    fn marker_rules() -> (Option<&'static str>, Option<&'static str>) {
        (None, None)
    }
    /// The scenario the editor's *New scenario* starts from: file name and
    /// RON text (`rules/<module>/new_scenario.ron`). `None`: no editor.
    fn editor_template() -> Option<(String, String)> {
        None
    }
    /// The rules reference: every rule ID the module cites, with its text
    /// in English and Spanish (read with the tables). Empty: none.
    fn rules_text(_tables: &Self::Tables) -> Vec<crate::engine::view::RuleText> {
        Vec::new()
    }
    /// Reads the built-in tables.
    ///
    /// # Errors
    /// A broken table file, with position.
    fn tables() -> Result<Self::Tables, LoadError>;
    /// A new battle from a validated scenario.
    fn new_battle(scenario: &TableScenario<Self::Setup>, tables: &Self::Tables) -> Self::Battle;
    /// Module checks on a scenario beyond the engine's (a sentence and anchors).
    ///
    /// # Errors
    /// The first problem.
    fn check_scenario(
        _scenario: &TableScenario<Self::Setup>,
        _tables: &Self::Tables,
    ) -> Result<(), (String, Vec<String>)> {
        Ok(())
    }
    /// The side that must decide now, or `None` when the battle is over.
    fn awaiting(battle: &Self::Battle) -> Option<u8>;
    /// The turn number.
    fn turn(battle: &Self::Battle) -> u32;
    /// "Turn 3 · Action phase · Laans".
    fn phase_name(battle: &Self::Battle, side_names: &[String; 2]) -> String;
    /// The winner (`None` for a draw) and the result in words, once the
    /// battle is over.
    fn result(battle: &Self::Battle, side_names: &[String; 2]) -> Option<(Option<u8>, String)>;
    /// Applies a command; a refusal changes nothing.
    ///
    /// # Errors
    /// The refusal, naming the rule that forbids the command.
    fn apply(
        battle: &mut Self::Battle,
        cmd: &Self::Command,
        tables: &Self::Tables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal>;
    /// The computer's commands for `side` now, ending the side's phase.
    fn default_commands(
        battle: &Self::Battle,
        side: u8,
        tables: &Self::Tables,
        table: &Table,
    ) -> Vec<Self::Command>;
    /// The command that ends `side`'s part of the current phase.
    fn end_phase(side: u8) -> Self::Command;
    /// Every living unit, by id.
    fn units(battle: &Self::Battle, tables: &Self::Tables) -> Vec<UnitSummary>;
    /// Inches `unit` may still move now.
    fn allowance(battle: &Self::Battle, unit: u32, tables: &Self::Tables) -> Option<f32>;
    /// Inches `unit` may move with the move choice `key` (Advance! and At
    /// The Double! allow different distances); by default the unit's
    /// allowance.
    fn choice_allowance(
        battle: &Self::Battle,
        unit: u32,
        _key: &str,
        tables: &Self::Tables,
    ) -> Option<f32> {
        Self::allowance(battle, unit, tables)
    }
    /// What the app offers for `unit` now.
    fn choices(battle: &Self::Battle, unit: u32, tables: &Self::Tables) -> Vec<Choice>;
    /// Turns a choice and the player's pick into a command.
    fn choose(
        battle: &Self::Battle,
        key: &str,
        pick: &Pick,
        tables: &Self::Tables,
    ) -> Option<Self::Command>;
    /// Exact odds of a command before it is committed, labelled: chances
    /// and expected values.
    fn odds(
        battle: &Self::Battle,
        cmd: &Self::Command,
        tables: &Self::Tables,
        table: &Table,
    ) -> super::view::OddsLines;
    /// The scenario's objectives and who holds them, for modules that have
    /// them.
    fn objectives(_battle: &Self::Battle) -> Vec<Objective> {
        Vec::new()
    }
    /// Honor tracks per side, for modules that have them.
    fn honor(_battle: &Self::Battle, _tables: &Self::Tables) -> Option<[HonorBar; 2]> {
        None
    }
}

/// Plays `side`'s default commands; returns the refusals (there should be
/// none: they are reported, not hidden).
pub fn play_defaults<R: TableRules>(
    battle: &mut R::Battle,
    side: u8,
    tables: &R::Tables,
    table: &Table,
    dice: &mut Dice,
    log: &mut dyn LogSink,
) -> Vec<String> {
    let mut refused = Vec::new();
    for cmd in R::default_commands(battle, side, tables, table) {
        // The battle may end, or the phase pass, part-way through the list.
        if R::awaiting(battle) != Some(side) {
            break;
        }
        if let Err(r) = R::apply(battle, &cmd, tables, table, dice, log) {
            refused.push(format!("{cmd:?}: {r}"));
        }
    }
    if R::awaiting(battle) == Some(side) && !refused.is_empty() {
        // Make progress even if a default command was refused.
        let _ = R::apply(battle, &R::end_phase(side), tables, table, dice, log);
    }
    refused
}
