//! Clan War (Legend of the Five Rings miniatures): the `clan_war` rule module.
//!
//! The rules are pure functions over plain values; the turn engine
//! ([`battle`], [`ClanWar`] for the engine's `TableRules`) calls them on the
//! open table, measuring every distance, arc, approach angle, line of sight,
//! contact and move with `crate::engine::table`. Every function names the
//! rule it implements; every roll goes through
//! [`crate::engine::dice::Dice`] and yields a log entry.
//!
//! - Turn engine, setup, commands, victory: [`battle`]; the computer's
//!   play: [`policy`]; scenario `scenarios/desperate_journey.ron`.
//!
//! Where each rule lives:
//! - Test convention, die size, exact odds (CW-GEN-1, CW-GEN-2): [`test_roll`]
//! - Unit cards, settings, cards (`assets/rules/clan_war/*.ron`): [`data`]
//! - Maneuver tests (CW-GEN-3 base term): [`maneuver`]
//! - Morale tests, condition track, rally, spent (CW-GEN-3, CW-HON-3/4/5/9/10): [`morale`]
//! - Attack and Damage dice (CW-GEN-3; modifiers of CW-RNG-6, CW-HOS-3, CW-ENG-7): [`combat`]
//! - Honor track (CW-HON-1 … CW-HON-10): [`honor`]
//! - Flight, take-off, air movement, manoeuvres in the air (CW-FLY-1 … CW-FLY-15): [`flight`]
//! - Landings, Dive, engaging from the air, escaping by air, forced landings
//!   (CW-LAND-*, CW-DIVE-*, CW-ENG-*, CW-FRC-*): [`landing`]
//! - Fly-By attacks (CW-FBY-1 … CW-FBY-5): [`fly_by`]
//! - Ranged attacks with flyers (CW-RNG-1 … CW-RNG-7): [`ranged`]
//! - Cards, skills, duels with flyers (CW-CRD-1 … CW-CRD-4): [`cards`]
//! - Hostages, Desperate Journey (CW-HOS-1 … CW-HOS-11): [`hostage`]
//!
//! Stand-ins (values or procedures the source does not give):
//! - Every unit stat in `units.ron` except the seed's ranges (Fire Dragon
//!   8"/16", Crane Elite Archers 15"/30"), the dragons' Flight and the Fire
//!   Dragon's 8" movement; the Creature trait of the dragons; clan base
//!   Honor; the honor gains of CW-HON-2 (`settings.ron`).
//! - A natural 1 always fails (base_rules.md §4).
//! - Maneuver test: die + Leadership ≥ TL, complex −2, failure unformed.
//! - Morale test: die + Leadership ≥ TL, −1 per earlier test this turn,
//!   −1 unformed, −2 broken, −3 routing, −1 after a Full Retreat; failure
//!   breaks a formed or unformed unit and moves broken → routing →
//!   destroyed (CW-GEN-3); rally test in the End phase moves one step
//!   back; base Morale triggers from the Daimyo reference sheet, a friend
//!   breaking within 8" among them (`settings.ron`).
//! - Attacks: one die per model; hit on die + ATT ≥ ATN, then die + DAM ≥ ATN
//!   for one Wound; Fly-By attacks against the close ATN; forced-landing
//!   Damage dice at DAM 0 against the unit's close ATN.
//! - Ground movement phases: every unit moves in Primary and Reserve, Cavalry
//!   units also in the Cavalry phase (CW-FLY-4); a successful ground retreat
//!   moves the full movement (CW-ENG-7).
//! - CW-HON-7 tie: nobody draws. CW-HON-8 (missing): no effect from 0 to −40.
//! - CW-DIVE-4: an engaging dive takes only the −2 dive test. CW-ENG-4: no
//!   modifier beyond the complex −2. CW-FRC-2: forced landing move = half
//!   movement plus the extension. A take-off blocked exactly at the half
//!   move fails (CW-FLY-5).
//! - CW-FBY-4: dice of a skipped Fly-By roll carry into the next movement
//!   phase of the turn.
//! - CW-HOS-3: the All-Out penalty is paid once per declaring unit per
//!   engagement, and All-Out cannot revert to Strike Easy. CW-HOS-4:
//!   −⌊wounds/2⌋. CW-HOS-7: the first engaged unit when the owner does not
//!   choose. CW-HOS-11: the tournament keeps CW-HOS-1 … CW-HOS-10 and drops
//!   the rulebook's other hostage rules.
//! - Turn engine ([`battle`]): no Initiative phase (side 0 decides first);
//!   ranged attacks declared and resolved together at the end of the Ranged
//!   Attack phase; "closest" = closest enemy in the forward arc and line of
//!   sight; grounded units block line of sight at model height, airborne
//!   ones never; close combat: every grounded unit in contact attacks the
//!   lowest-id enemy it touches, simultaneously; an engaged unit does not
//!   move (no Full Retreat; only a flyer's Break-Away by air, CW-ENG-7); a
//!   hindered unit without a stance fights with Strike Easy; broken units do not shoot, routing
//!   units neither move, shoot nor attack; the personality is a unit's last
//!   model; bases keep their front edge as models fall; an airborne unit
//!   that did not move in its Primary or Cavalry phase makes a forced
//!   landing straight ahead, extended by 0.5" steps to land 1" clear; a
//!   hostage whose holder dies with no enemy engaged is lost; victory: a
//!   side destroyed or wholly routing loses, else at the turn limit most VP
//!   (settings `victory`: 2 per enemy unit destroyed, 3 for holding a living
//!   hostage, −2 per All-Out Attack or execution), then honor, else a draw;
//!   Fly-By contacts sampled every 0.1" (touching counts the front rank,
//!   passing through every rank), rolled at the end of the side's Primary or
//!   Cavalry phase against the first enemy touched; an airborne manoeuvre is
//!   a Wheel when no leg nor the final facing turns more than 90° from the
//!   starting facing; reactionary fire whatever the archers' arc; escaping
//!   by air is a simple Maneuver test, parting shots one die per model
//!   against the close ATN.
//! - The computer's play ([`policy`]) is a stand-in policy.

/// `say!` with a key (`cw-…`), optionally followed by `name = value`
/// arguments: this module's text of the key in the player's language, from
/// [`text::TEXT`].
macro_rules! say {
    ($($args:tt)*) => {
        $crate::say_with!($crate::rules::clan_war::text::TEXT, $($args)*)
    };
}
pub mod text;

pub mod battle;
pub mod cards;
pub mod combat;
pub mod data;
pub mod flight;
pub mod fly_by;
pub mod honor;
pub mod hostage;
pub mod landing;
pub mod maneuver;
pub mod morale;
pub mod policy;
pub mod ranged;
pub mod test_roll;

use crate::engine::command::Refusal;
use crate::engine::dice::{Dice, Die};
use crate::engine::log::LogSink;
use crate::engine::scenario::LoadError;
use crate::engine::table::Table;
use crate::engine::table_game::{Choice, HonorBar, Needs, Pick, TableRules, UnitSummary};
use crate::engine::table_scenario::TableScenario;

use crate::engine::units::FlightState;
use battle::{CwBattle, CwCommand, CwPhase, CwSetup, MoveMode};
use data::{CwTables, Trait};
use hostage::Stance;
use morale::Condition;
use ranged::band_reach;

/// The Clan War module as the engine drives it.
pub struct ClanWar;

/// Clan War on the game core.
pub type Module = crate::engine::table_module::TableModule<ClanWar>;

impl TableRules for ClanWar {
    const RULESET: &'static str = "clan_war";
    const TITLE: &'static str = "Clan War";
    type Setup = CwSetup;
    type Tables = CwTables;
    type Battle = CwBattle;
    type Command = CwCommand;

    /// The settable test die (d10 by default, `settings.ron`).
    fn die(tables: &CwTables) -> Die {
        tables.settings.convention.die
    }

    fn rules_text(tables: &CwTables) -> Vec<crate::engine::view::RuleText> {
        tables.rules.clone()
    }

    fn editor_template() -> Option<(String, String)> {
        crate::engine::assets::file_and_text(
            "rules/clan_war/new_scenario.ron",
            include_str!("../../../assets/rules/clan_war/new_scenario.ron"),
        )
    }

    fn tables() -> Result<CwTables, LoadError> {
        CwTables::load()
    }

    fn new_battle(scenario: &TableScenario<CwSetup>, tables: &CwTables) -> CwBattle {
        CwBattle::new(scenario, tables)
    }

    fn check_scenario(
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

    fn awaiting(battle: &CwBattle) -> Option<u8> {
        battle.awaiting()
    }

    fn turn(battle: &CwBattle) -> u32 {
        battle.turn
    }

    fn phase_name(battle: &CwBattle, side_names: &[String; 2]) -> String {
        say!(
            "cw-phase-line",
            turn = battle.turn,
            phase = battle.phase.name(),
            side = side_names[battle.active as usize & 1]
        )
    }

    fn result(battle: &CwBattle, side_names: &[String; 2]) -> Option<(Option<u8>, String)> {
        battle.result.as_ref().map(|r| {
            let reason = r.reason(side_names);
            let text = match r.winner {
                Some(w) => say!(
                    "cw-result-wins",
                    side = side_names[w as usize & 1],
                    reason = reason
                ),
                None => say!("cw-result-draw", reason = reason),
            };
            (r.winner.map(|w| w & 1), text)
        })
    }

    fn apply(
        battle: &mut CwBattle,
        cmd: &CwCommand,
        tables: &CwTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        battle.apply(cmd, tables, table, dice, log)
    }

    fn default_commands(
        battle: &CwBattle,
        side: u8,
        tables: &CwTables,
        table: &Table,
    ) -> Vec<CwCommand> {
        battle.default_commands(side, tables, table)
    }

    fn end_phase(side: u8) -> CwCommand {
        CwCommand::EndPhase { side }
    }

    fn units(battle: &CwBattle, tables: &CwTables) -> Vec<UnitSummary> {
        battle
            .units
            .iter()
            .filter(|u| u.alive())
            .map(|u| {
                let card = tables.unit(&u.unit_type);
                let mut badges = Vec::new();
                match u.condition {
                    Condition::Unformed => badges.push(say!("cw-badge-unformed")),
                    Condition::Broken => badges.push(say!("cw-badge-broken")),
                    Condition::Routing => badges.push(say!("cw-badge-routing")),
                    _ => {}
                }
                if u.spent > 0 {
                    badges.push(say!("cw-badge-spent"));
                }
                if battle.holder().is_some_and(|h| h.id == u.id) {
                    badges.push(say!("cw-badge-holds-hostage"));
                }
                // The rings: how far the shooter reaches a grounded target
                // (CW-RNG-4 from the air), from the same range_check as a shot.
                let ranges = card
                    .and_then(|c| c.range)
                    .map(|r| {
                        band_reach(
                            r.close,
                            r.extended,
                            u.flight,
                            FlightState::Grounded,
                            &tables.settings.ranged,
                        )
                        .to_vec()
                    })
                    .unwrap_or_default();
                let mut lines = Vec::new();
                if let Some(c) = card {
                    lines.push(say!(
                        "cw-card-stats",
                        mv = c.movement,
                        att = c.att,
                        dam = c.dam,
                        atn_close = c.atn_close,
                        atn_ranged = c.atn_ranged,
                        tl = c.tl,
                        ld = c.commander_leadership()
                    ));
                    lines.push(say!(
                        "cw-card-models",
                        models = u.models,
                        starting = u.starting_models,
                        wounds = c.wounds,
                        carried = u.wounds
                    ));
                    if let Some(r) = c.range {
                        // CW-RNG-3 … CW-RNG-6: the reach at each kind of target.
                        let rv = &tables.settings.ranged;
                        let g =
                            band_reach(r.close, r.extended, u.flight, FlightState::Grounded, rv);
                        let a =
                            band_reach(r.close, r.extended, u.flight, FlightState::Airborne, rv);
                        lines.push(say!(
                            "cw-card-range-reach",
                            close = r.close,
                            extended = r.extended,
                            ground_close = g[0],
                            ground_extended = g[1],
                            air_close = a[0],
                            air_extended = a[1]
                        ));
                    }
                    if let Some(p) = &c.personality {
                        lines.push(say!(
                            "cw-card-personality",
                            name = p.name,
                            honor = p.honor,
                            ld = p.leadership
                        ));
                    }
                    if c.has(Trait::Flight) {
                        lines.push(say!("cw-card-flight"));
                    }
                }
                let condition = u.condition.name();
                lines.push(match (u.airborne(), u.spent > 0) {
                    (true, false) => say!("cw-card-state-airborne", condition = condition),
                    (false, false) => say!("cw-card-state-grounded", condition = condition),
                    (true, true) => say!(
                        "cw-card-state-airborne-spent",
                        condition = condition,
                        turns = u.spent
                    ),
                    (false, true) => say!(
                        "cw-card-state-grounded-spent",
                        condition = condition,
                        turns = u.spent
                    ),
                });
                if let Some(h) = battle
                    .hostage
                    .as_ref()
                    .filter(|h| h.state.alive && h.state.holder == u.id)
                {
                    lines.push(say!("cw-card-holds", hostage = h.name, clan = h.state.clan));
                }
                UnitSummary {
                    id: u.id,
                    side: u.side,
                    name: u.name.clone(),
                    base: u.base(),
                    models: u.models,
                    airborne: u.airborne(),
                    hit_dice: Vec::new(),
                    nerve_markers: 0,
                    badges,
                    ranges,
                    card: lines,
                }
            })
            .collect()
    }

    fn allowance(battle: &CwBattle, unit: u32, tables: &CwTables) -> Option<f32> {
        battle.allowance(unit, tables)
    }

    fn choices(battle: &CwBattle, unit: u32, tables: &CwTables) -> Vec<Choice> {
        let choice = |label: String, key: &str, needs: Needs| Choice {
            label,
            key: key.into(),
            needs,
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
                if battle.check_sacrifice(unit).is_ok() {
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

    fn choose(battle: &CwBattle, key: &str, pick: &Pick, _tables: &CwTables) -> Option<CwCommand> {
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

    fn odds(
        battle: &CwBattle,
        cmd: &CwCommand,
        tables: &CwTables,
        table: &Table,
    ) -> crate::engine::view::OddsLines {
        crate::engine::view::OddsLines::chances(battle.odds(cmd, tables, table))
    }

    /// The honor tracks, marked at the ladder's levels (CW-HON-3 … CW-HON-9,
    /// `settings.ron`).
    fn honor(battle: &CwBattle, tables: &CwTables) -> Option<[HonorBar; 2]> {
        let marks = tables.settings.honor_ladder.marks();
        Some(battle.armies.clone().map(|a| {
            HonorBar {
                honor: a.honor.honor,
                marks: marks
                    .iter()
                    .map(|m| (*m, a.honor.spent.contains(m)))
                    .collect(),
            }
        }))
    }
}

/// Rule IDs that need no citation in code, each with why: worked
/// examples, rules the source leaves out, and table-side conventions.
/// The coverage test checks the list stays true.
pub const NO_CODE_CITATION: [(&str, &str); 7] = [
    (
        "CW-RNG-7",
        "the seed's worked example of the range bands (GC-CW-06/07)",
    ),
    (
        "CW-HON-8",
        "the consequence list is missing from the source; stand-in: none",
    ),
    (
        "CW-FLY-15",
        "the card template is how the table shows a flyer; no game effect",
    ),
    (
        "CW-FLY-7",
        "formation while airborne: the footprint does not change, so nothing to log",
    ),
    (
        "CW-HOS-11",
        "tournament scope: which hostage rules exist at all",
    ),
    (
        "CW-FLY-1",
        "deployment grounded: the state at set-up, before any log",
    ),
    (
        "CW-FLY-13",
        "not reached in play: airborne manoeuvres take no Maneuver test (closing note of issue 3)",
    ),
];

/// Every rule ID of the Clan War digest, for the rules panel and coverage tests.
pub const RULE_IDS: [&str; 73] = [
    "CW-GEN-1",
    "CW-GEN-2",
    "CW-GEN-3",
    "CW-HON-1",
    "CW-HON-2",
    "CW-HON-3",
    "CW-HON-4",
    "CW-HON-5",
    "CW-HON-6",
    "CW-HON-7",
    "CW-HON-8",
    "CW-HON-9",
    "CW-HON-10",
    "CW-FLY-1",
    "CW-FLY-2",
    "CW-FLY-3",
    "CW-FLY-4",
    "CW-FLY-5",
    "CW-FLY-6",
    "CW-FLY-7",
    "CW-FLY-8",
    "CW-FLY-9",
    "CW-FLY-10",
    "CW-FLY-11",
    "CW-FLY-12",
    "CW-FLY-13",
    "CW-FLY-14",
    "CW-FLY-15",
    "CW-LAND-1",
    "CW-LAND-2",
    "CW-LAND-3",
    "CW-DIVE-1",
    "CW-DIVE-2",
    "CW-DIVE-3",
    "CW-DIVE-4",
    "CW-DIVE-5",
    "CW-ENG-1",
    "CW-ENG-2",
    "CW-ENG-3",
    "CW-ENG-4",
    "CW-ENG-5",
    "CW-ENG-6",
    "CW-ENG-7",
    "CW-FBY-1",
    "CW-FBY-2",
    "CW-FBY-3",
    "CW-FBY-4",
    "CW-FBY-5",
    "CW-RNG-1",
    "CW-RNG-2",
    "CW-RNG-3",
    "CW-RNG-4",
    "CW-RNG-5",
    "CW-RNG-6",
    "CW-RNG-7",
    "CW-FRC-1",
    "CW-FRC-2",
    "CW-FRC-3",
    "CW-CRD-1",
    "CW-CRD-2",
    "CW-CRD-3",
    "CW-CRD-4",
    "CW-HOS-1",
    "CW-HOS-2",
    "CW-HOS-3",
    "CW-HOS-4",
    "CW-HOS-5",
    "CW-HOS-6",
    "CW-HOS-7",
    "CW-HOS-8",
    "CW-HOS-9",
    "CW-HOS-10",
    "CW-HOS-11",
];

#[cfg(test)]
mod rule_coverage {
    //! Every CW rule ID is cited in the code that implements it and in at least one test.
    use super::RULE_IDS;

    const SOURCES: [&str; 28] = [
        include_str!("../../../assets/rules/clan_war/cards.ron"),
        include_str!("../../../assets/rules/clan_war/settings.ron"),
        include_str!("../../../assets/rules/clan_war/units.ron"),
        include_str!("battle/mod.rs"),
        include_str!("battle/airborne.rs"),
        include_str!("battle/close_combat.rs"),
        include_str!("battle/end_phase.rs"),
        include_str!("battle/losses.rs"),
        include_str!("battle/movement.rs"),
        include_str!("battle/movement_checks.rs"),
        include_str!("battle/odds.rs"),
        include_str!("battle/shooting.rs"),
        include_str!("battle/tests.rs"),
        include_str!("battle/tests_air.rs"),
        include_str!("policy.rs"),
        include_str!("cards.rs"),
        include_str!("combat.rs"),
        include_str!("data.rs"),
        include_str!("fly_by.rs"),
        include_str!("flight.rs"),
        include_str!("honor.rs"),
        include_str!("hostage.rs"),
        include_str!("landing.rs"),
        include_str!("maneuver.rs"),
        include_str!("mod.rs"),
        include_str!("morale.rs"),
        include_str!("ranged.rs"),
        include_str!("test_roll.rs"),
    ];

    #[test]
    fn every_rule_id_has_a_rules_reference_entry_in_english_and_spanish() {
        let tables = super::data::CwTables::load().expect("tables");
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
    fn rule_ids_match_the_digest_areas() {
        // CW-GEN-1 … CW-HOS-11: 73 IDs, no duplicates.
        let set: std::collections::BTreeSet<&str> = RULE_IDS.iter().copied().collect();
        assert_eq!(set.len(), RULE_IDS.len());
        assert!(RULE_IDS.iter().all(|id| id.starts_with("CW-")));
    }
}

#[cfg(test)]
mod desperate_journey {
    //! The stand-in battle's units driving the rules together: the Lion army
    //! with the Fire Dragon holds a Crane hostage; the Crane army with its
    //! Elite Archers tries to get it back.
    use super::combat::{
        Attack, AttackKind, AttackSituation, attack_value, damage_value, resolve_attack,
    };
    use super::data::CwTables;
    use super::flight::{TakeOff, take_off};
    use super::hostage::{Stance, StanceRecord, Standing, declare_stance, hindered, take_hostage};
    use super::morale::Condition;
    use super::ranged::{RangeBand, range_check};
    use crate::engine::dice::Dice;
    use crate::engine::units::FlightState;

    #[test]
    fn dragon_takes_off_and_trades_shots_with_the_elite_archers() {
        // CW-FLY-5 take-off, CW-RNG-3/4/6 bands, stand-in attacks with the table stats.
        let t = CwTables::load().expect("tables");
        let conv = t.settings.convention;
        let dragon = t.unit("fire_dragon").expect("dragon");
        let archers = t.unit("crane_elite_archers").expect("archers");
        let up = take_off(&TakeOff {
            unit: 1,
            name: dragon.name.clone(),
            state: FlightState::Grounded,
            has_flight: dragon.has(super::data::Trait::Flight),
            total_models: dragon.total_models(),
            movement: dragon.movement,
            blocked_at: None,
            condition: Condition::Formed,
        })
        .expect("legal");
        assert_eq!(up.state, FlightState::Airborne);
        let (a, d) = (
            archers.range.expect("archers shoot"),
            dragon.range.expect("dragon breathes"),
        );
        let rv = &t.settings.ranged;
        let shot = range_check(
            a.close,
            a.extended,
            10.0,
            FlightState::Grounded,
            up.state,
            rv,
        );
        assert_eq!(shot.band, RangeBand::Extended);
        let sit = AttackSituation {
            range_band: Some((shot.band, shot.band.att_modifier(rv))),
            ..Default::default()
        };
        let mut dice = Dice::new(7);
        // Ten archers: hits need 9 - (4 - 2) = 7+.
        dice.load([7, 8, 2, 3, 4, 5, 6, 1, 10, 2, 9, 9, 2]);
        let volley = resolve_attack(
            &mut dice,
            conv,
            &Attack {
                kind: AttackKind::Ranged,
                rule: "CW-RNG-3".into(),
                attacker: 2,
                target: 1,
                dice: archers.models,
                att: attack_value(archers.att, &sit),
                dam: damage_value(archers.dam, &sit),
                atn: dragon.atn_ranged,
            },
        );
        assert_eq!(volley.hits, 3);
        // Damage 9, 9, 2 with DAM 3 against 9: two wounds.
        assert_eq!(volley.wounds, 2);
        let back = range_check(
            d.close,
            d.extended,
            10.0,
            up.state,
            FlightState::Grounded,
            rv,
        );
        assert_eq!(back.band, RangeBand::Close);
    }

    #[test]
    fn crane_units_are_hindered_by_the_crane_hostage() {
        // CW-HOS-1, CW-HOS-3 with the table's units.
        let t = CwTables::load().expect("tables");
        let captor = t.unit("lion_command").expect("captor");
        let (h, _) = take_hostage("crane", 10, 0);
        let crane = t.unit("crane_command").expect("crane");
        assert!(hindered(&h, crane.clan.as_deref(), "crane"));
        assert!(!hindered(&h, captor.clan.as_deref(), "lion"));
        let honor = t.clan_base_honor("crane").expect("crane honor");
        let st = Standing { honor, vp: 0 };
        let c = declare_stance(
            20,
            StanceRecord::default(),
            Stance::AllOutAttack,
            st,
            &t.settings.hostage,
        )
        .expect("ok");
        assert_eq!(c.standing.honor, honor - 5);
        assert_eq!(crane.att + c.att_modifier, crane.att + 1);
    }
}
