//! WarStrike (d6): leadership and nerve tests, suppression hit-dice and nerve
//! markers, the actions, shooting and close combat — the `warstrike` rule
//! module.
//!
//! The pure rule functions work over plain values (distances arrive as
//! inches); [`battle`] drives them on the open table as a turn engine, and
//! [`WarStrike`] plugs that engine into the app through
//! [`TableRules`](crate::engine::table_game::TableRules).
//!
//! Where each rule lives:
//! - Unit types and fixed values (WS-LD-1, WS-SPC-*, WS-BASE stats): [`data`],
//!   `assets/rules/warstrike/units.ron`
//! - A unit's rule state (starting Nv, markers, hit-die, models): [`unit`]
//! - Ld test, current Nv, Inspiring (WS-DICE-1, WS-LD-1 … WS-LD-6, WS-SPC-1): [`leadership`]
//! - Hit-die, nerve markers, Steadfast (WS-SUP-1, WS-SUP-2, WS-HIT-*, WS-NV-*, WS-SPC-2): [`suppression`]
//! - Effects of suppression and the actions (WS-SUP-3, WS-CLR-4, WS-BASE): [`actions`]
//! - Clearing suppression and markers (WS-CLR-1 … WS-CLR-6): [`clearing`]
//! - Shooting and the salvo (WS-GLO-1, WS-HIT-4, WS-BASE): [`shooting`]
//! - Close combat (WS-SUP-3 (3), (4), WS-CLR-2, WS-CLR-5): [`close_combat`]
//! - The turn engine on the open table (starting, action, reaction and
//!   close-combat phases; objectives; victory): [`battle`]; the scenario
//!   `scenarios/laans_crossing.ron`
//!
//! Stand-ins (not in the seed; base_rules.md §5 or the digest's [SIM] readings):
//! - d6 for Ld tests and saves (WS-DICE-1 [SIM]); current Ld = printed Ld (WS-LD-4 [SIM]).
//! - Automatic results at Nv ≤ 0, Nv ≥ 6 or Ld 0, rolling no dice (WS-LD-5 [SIM]).
//! - Inspiring: the higher of the unit's and the Officer's current Nv; the
//!   unit rolls its own Ld (WS-SPC-1 [SIM]).
//! - Order within a salvo: hit counting, failed-save marker, cap (WS-HIT-5 [SIM]);
//!   markers beyond the cap are not gained (WS-NV-2 [SIM]).
//! - A salvo limit per attacking activation; shooting and melee salvos share
//!   the record (WS-GLO-1 [SIM]).
//! - A forced fall back also removes a marker (WS-CLR-4 [AMBIG], adopted).
//! - Shooting: hit on a d6 of 4+, save on d6 ≥ Sv (never below 2; 7 = none),
//!   one wound per failed save; targets within weapon range and Awareness
//!   (doubled for snap fire).
//! - Get Down!: no move, no fire, +1 save until the unit's next starting
//!   phase. Fall back: up to Mv toward the own table edge, no fire.
//!   At The Double!: no fire. Difficult terrain = slow-going.
//! - Close combat: defensive fire, keep-fighting tests, simultaneous strikes
//!   (attacks per model, 4+, saves), the side that lost more models tests Ld
//!   and falls back on a failure (see [`close_combat`]).
//! - Turn engine ([`battle`]): objectives are captured in the active side's
//!   starting phase by an unsuppressed unit within 3″ with no unsuppressed
//!   enemy within 3″, and stay held until the enemy captures them
//!   (WS-SUP-3 (2) is the seed's part); the side holding more objectives
//!   after the last turn wins, equal is a draw, and a side with no models
//!   left loses at once; turn limit 6 if the scenario gives none.
//! - A unit in base contact with an enemy is engaged: it may only fall back
//!   and fights in the close-combat phase. A charge is Advance! or At The
//!   Double! ending in base contact (no fire); the active side's unit is the
//!   charger in every fight (the opponent's if only the active one is
//!   suppressed); two suppressed units in contact each test to keep
//!   fighting, and if both pass they fight on (WS-SUP-3).
//! - Difficult going costs double along the path (the table's measure of
//!   "halved"); a fall back goes straight toward the own edge up to Mv,
//!   keeping its facing and stopping 0.25″ short of other units, or stays if
//!   it has no room; a unit losing models shrinks from the back.
//! - Shooting needs the 90° forward arc and a line of sight from the front
//!   edge (middle or corners) to the target's centre or a corner, past
//!   terrain and other units; snap fire and reaction-phase defensive fire
//!   are not offered.
//! - All unit values except LaansGuard Ld 2 / Nv 3 and Knight Paladin Ld 1 /
//!   Nv 5 (the Paladin being an Inspiring Officer/Hero is Kassen's: the seed
//!   names the rule, not the unit); the opposing "Reaver" unit types and
//!   faction names (each marked `stand_in` in units.ron).

/// `say!` with a key (`"ws-…"`), then any `name = value` arguments: this module's
/// text of a key in the player's language, from [`text::TEXT`].
macro_rules! say {
    ($($args:tt)*) => {
        $crate::say_with!($crate::rules::warstrike::text::TEXT, $($args)*)
    };
}
pub mod text;

pub mod actions;
pub mod battle;
pub mod clearing;
pub mod close_combat;
pub mod data;
pub mod leadership;
pub mod shooting;
pub mod suppression;
pub mod unit;

/// The ruleset key scenarios use.
pub const RULESET: &str = "warstrike";

/// WarStrike's one die, a d6 (WS-BASE; seed 004): every roll and every
/// exact chance of the module goes through it.
pub const DIE: Die = Die::D6;

use crate::engine::command::Refusal;
use crate::engine::dice::{Dice, Die};
use crate::engine::log::LogSink;
use crate::engine::scenario::LoadError;
use crate::engine::table::Table;
use crate::engine::table_game::{Choice, Needs, Objective, Pick, Spot, TableRules, UnitSummary};
use crate::engine::table_scenario::TableScenario;

use battle::{WsBattle, WsCommand, WsOrder, WsSetup};
use data::WsTables;

/// WarStrike as a table module (WS-BASE turn structure; see [`battle`]).
pub struct WarStrike;

fn choice(label: String, key: &str, needs: Needs) -> Choice {
    Choice {
        label,
        key: key.into(),
        needs,
    }
}

/// WarStrike on the game core.
pub type Module = crate::engine::table_module::TableModule<WarStrike>;

impl TableRules for WarStrike {
    const RULESET: &'static str = RULESET;
    const TITLE: &'static str = "WarStrike";
    type Setup = WsSetup;
    type Tables = WsTables;
    type Battle = WsBattle;
    type Command = WsCommand;

    fn die(_tables: &WsTables) -> Die {
        DIE
    }

    fn marker_rules() -> (Option<&'static str>, Option<&'static str>) {
        (Some("WS-NV-2"), Some("WS-SUP-2"))
    }

    fn rules_text(tables: &WsTables) -> Vec<crate::engine::view::RuleText> {
        tables.rules.clone()
    }

    fn editor_template() -> Option<(String, String)> {
        crate::engine::assets::file_and_text(
            "rules/warstrike/new_scenario.ron",
            include_str!("../../../assets/rules/warstrike/new_scenario.ron"),
        )
    }

    fn tables() -> Result<WsTables, LoadError> {
        WsTables::load()
    }

    fn new_battle(scenario: &TableScenario<WsSetup>, tables: &WsTables) -> WsBattle {
        WsBattle::new(scenario, tables)
    }

    /// Objectives must lie on the table and have distinct names.
    fn check_scenario(
        scenario: &TableScenario<WsSetup>,
        _tables: &WsTables,
    ) -> Result<(), (String, Vec<String>)> {
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
        }
        Ok(())
    }

    fn awaiting(battle: &WsBattle) -> Option<u8> {
        battle.awaiting()
    }

    fn turn(battle: &WsBattle) -> u32 {
        battle.turn
    }

    fn phase_name(battle: &WsBattle, side_names: &[String; 2]) -> String {
        battle.phase_name(side_names)
    }

    fn result(battle: &WsBattle, side_names: &[String; 2]) -> Option<(Option<u8>, String)> {
        battle.result.as_ref().map(|r| {
            let reason = r.reason(side_names);
            let text = match r.winner {
                Some(s) => say!(
                    "ws-result-win",
                    side = side_names[usize::from(s.min(1))],
                    reason = reason
                ),
                None => say!("ws-result-draw", reason = reason),
            };
            (r.winner.map(|s| s.min(1)), text)
        })
    }

    fn apply(
        battle: &mut WsBattle,
        cmd: &WsCommand,
        tables: &WsTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        battle.apply(cmd, tables, table, dice, log)
    }

    fn default_commands(
        battle: &WsBattle,
        side: u8,
        tables: &WsTables,
        table: &Table,
    ) -> Vec<WsCommand> {
        battle.default_commands(side, tables, table)
    }

    fn end_phase(side: u8) -> WsCommand {
        WsCommand::EndPhase { side }
    }

    fn units(battle: &WsBattle, tables: &WsTables) -> Vec<UnitSummary> {
        battle
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.alive())
            .map(|(i, u)| {
                let s = &u.state;
                let mut badges = Vec::new();
                if s.suppressed() {
                    badges.push(say!("ws-badge-suppressed"));
                }
                if s.got_down {
                    badges.push(say!("ws-badge-got-down"));
                }
                if u.acted {
                    badges.push(say!("ws-badge-acted"));
                }
                if battle.engaged(i) {
                    badges.push(say!("ws-badge-engaged"));
                }
                if s.inspiring {
                    badges.push(say!("ws-badge-inspiring"));
                }
                if s.steadfast {
                    badges.push(say!("ws-badge-steadfast"));
                }
                let stats = tables.unit(&u.unit_type);
                let mut card = vec![say!(
                    "ws-card-values",
                    ld = s.ld,
                    nv = s.starting_nv,
                    current = s.current_nv(),
                    mv = s.mv,
                    save = if s.save > 6 {
                        say!("ws-card-no-save")
                    } else {
                        format!("{}+", s.save)
                    }
                )];
                card.push(match s.shooting {
                    Some(w) => say!(
                        "ws-card-shooting",
                        aw = s.aw,
                        range = w.range,
                        shots = w.shots_per_model,
                        attacks = s.melee_attacks
                    ),
                    None => say!("ws-card-no-shooting", aw = s.aw, attacks = s.melee_attacks),
                });
                card.push(say!(
                    "ws-card-models",
                    models = s.models,
                    max = stats.map_or(s.models, |t| t.models),
                    hit_die = s.suppression.hit_die,
                    markers = s.nerve_markers()
                ));
                UnitSummary {
                    id: u.id,
                    side: u.side,
                    name: u.name.clone(),
                    base: u.base(),
                    models: s.models,
                    airborne: false,
                    hit_dice: s.hit_dice(),
                    nerve_markers: s.nerve_markers(),
                    badges,
                    ranges: s.shooting.map(|w| w.range as f32).into_iter().collect(),
                    card,
                }
            })
            .collect()
    }

    fn allowance(battle: &WsBattle, unit: u32, tables: &WsTables) -> Option<f32> {
        battle.allowance(unit, &tables.constants)
    }

    /// Advance! and Fall back move up to Mv, At The Double! up to 2 × Mv
    /// (WS-BASE).
    fn choice_allowance(battle: &WsBattle, unit: u32, key: &str, tables: &WsTables) -> Option<f32> {
        let full = battle.allowance(unit, &tables.constants)?;
        let mv = battle.unit(unit)?.state.mv as f32;
        Some(match key {
            "at_the_double" => full,
            _ => mv.min(full),
        })
    }

    /// "Open Fire!" (target), "Advance!" (path; a picked target is fired at
    /// after the move), "At The Double!" (path), "Get Down!", "Charge!"
    /// (target: Advance! or At The Double! into base contact) and "Fall
    /// back"; a suppressed or engaged unit is offered only "Fall back".
    fn choices(battle: &WsBattle, unit: u32, _tables: &WsTables) -> Vec<Choice> {
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

    fn choose(battle: &WsBattle, key: &str, pick: &Pick, tables: &WsTables) -> Option<WsCommand> {
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
                    let mv = battle.unit(pick.unit)?.state.mv as f32;
                    let mut here = battle.unit(pick.unit)?.base().center;
                    let mut length = 0.0;
                    for p in &pick.path {
                        let next = bevy::prelude::Vec2::new(p.0, p.1);
                        length += here.distance(next);
                        here = next;
                    }
                    if length <= mv {
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
                    }
                }
            }
            _ => return None,
        };
        Some(WsCommand::Act {
            unit: pick.unit,
            action,
        })
    }

    fn odds(
        battle: &WsBattle,
        cmd: &WsCommand,
        tables: &WsTables,
        _table: &Table,
    ) -> crate::engine::view::OddsLines {
        battle.odds(cmd, tables)
    }

    fn objectives(battle: &WsBattle) -> Vec<Objective> {
        battle
            .objectives
            .iter()
            .map(|o| Objective {
                name: o.name.clone(),
                at: Spot::Table(o.at.0, o.at.1),
                held_by: o.held_by,
            })
            .collect()
    }
}

/// Rule IDs that need no citation in code, each with why: worked
/// examples, rules the source leaves out, and table-side conventions.
/// The coverage test checks the list stays true.
pub const NO_CODE_CITATION: [(&str, &str); 3] = [
    (
        "WS-LD-3",
        "the seed's worked examples of the Ld test (GC-WS-04)",
    ),
    (
        "WS-HIT-3",
        "the seed's worked examples of the hit-die (GC-WS-01/02)",
    ),
    (
        "WS-LD-1",
        "the meaning of the Ld and Nv values: data fields ld and nv of units.ron",
    ),
];

/// Every rule ID of the digest, for the rules panel and coverage tests.
pub const RULE_IDS: [&str; 27] = [
    "WS-DICE-1",
    "WS-BASE",
    "WS-LD-1",
    "WS-LD-2",
    "WS-LD-3",
    "WS-LD-4",
    "WS-LD-5",
    "WS-LD-6",
    "WS-SUP-1",
    "WS-SUP-2",
    "WS-SUP-3",
    "WS-HIT-1",
    "WS-HIT-2",
    "WS-HIT-3",
    "WS-HIT-4",
    "WS-HIT-5",
    "WS-NV-1",
    "WS-NV-2",
    "WS-CLR-1",
    "WS-CLR-2",
    "WS-CLR-3",
    "WS-CLR-4",
    "WS-CLR-5",
    "WS-CLR-6",
    "WS-SPC-1",
    "WS-SPC-2",
    "WS-GLO-1",
];

#[cfg(test)]
mod rule_coverage {
    //! Every WS rule ID is cited in the code that implements it and in at least one test.
    use super::RULE_IDS;

    const SOURCES: [&str; 16] = [
        include_str!("../../../assets/rules/warstrike/units.ron"),
        include_str!("actions.rs"),
        include_str!("battle/mod.rs"),
        include_str!("battle/default_orders.rs"),
        include_str!("battle/odds.rs"),
        include_str!("battle/orders.rs"),
        include_str!("battle/phases.rs"),
        include_str!("battle/tests.rs"),
        include_str!("clearing.rs"),
        include_str!("close_combat.rs"),
        include_str!("data.rs"),
        include_str!("leadership.rs"),
        include_str!("mod.rs"),
        include_str!("shooting.rs"),
        include_str!("suppression.rs"),
        include_str!("unit.rs"),
    ];

    #[test]
    fn every_rule_id_has_a_rules_reference_entry_in_english_and_spanish() {
        let tables = super::data::WsTables::load().expect("tables");
        let missing: Vec<&str> = RULE_IDS
            .iter()
            .copied()
            .filter(|id| {
                !tables
                    .rules
                    .iter()
                    .any(|r| r.id == *id && !r.translated.is_empty())
            })
            .collect();
        assert!(missing.is_empty(), "no rules reference entry: {missing:?}");
    }

    #[test]
    fn every_rule_id_is_cited_in_code_and_in_a_test() {
        let missing =
            crate::engine::rule_ids::uncited_but(&RULE_IDS, &super::NO_CODE_CITATION, &SOURCES);
        assert!(missing.is_empty(), "not cited: {missing:?}");
    }

    #[test]
    fn rule_ids_are_unique() {
        // The list holds each ID once (WS-BASE … WS-GLO-1).
        let mut ids = RULE_IDS.to_vec();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), RULE_IDS.len());
    }
}
