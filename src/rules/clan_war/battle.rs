//! The Clan War turn engine on the open table: a plain, serializable battle
//! state ([`CwBattle`]) driven by commands ([`CwCommand`]), calling the pure
//! rule functions of the other files for every test and the engine's table
//! geometry (`crate::engine::table`) for every distance, arc, angle, line of
//! sight, contact and move check. Distances are inches.
//!
//! The turn (base_rules.md §4): Special Orders (the captor may execute its
//! hostage, CW-HOS-5) → Primary Movement → Cavalry Movement (Cavalry units and
//! airborne units, CW-FLY-8) → Ranged Attack → Close Combat → Reserve
//! Movement (never airborne units, CW-FLY-9) → End phase (honor levels
//! CW-HON-4/5/9, rally, spent countdown). In each deciding phase side 0
//! decides, then side 1; a side with nothing to decide is skipped. The
//! Initiative phase is not played: side 0 always decides first [stand-in].
//!
//! Stand-ins of the engine (also listed in the module doc):
//! - Ranged attacks are declared by both sides and resolved together, in
//!   shooter id order, when the Ranged Attack phase ends; the target rule
//!   "closest" is the closest enemy unit in the shooter's forward arc and line
//!   of sight; grounded units standing between block line of sight at
//!   [`MODEL_HEIGHT`], airborne units never block.
//! - Close combat: every grounded unit in base contact with an enemy attacks
//!   the lowest-id enemy it touches (one die per model); attacks are
//!   simultaneous. A hindered unit that chose no stance fights with Strike
//!   Easy (CW-HOS-3). Engaged units do not move (Full Retreat is not
//!   offered; a flyer may Break-Away by air, below); a ground engagement is
//!   an `Engage` move ending in contact within 30° (CW-GEN-3).
//! - Broken units may move but not shoot; routing units neither move, shoot
//!   nor attack, until they rally in the End phase.
//! - Models: the personality is the unit's last model; losing every model
//!   destroys the unit and gives the enemy the honor of CW-HON-2 for the unit
//!   and its personality. Surviving bases keep their front edge in place.
//! - An airborne unit that ends its side's Primary or Cavalry phase without
//!   having moved makes a forced landing (CW-FLY-10, CW-FRC-1), straight
//!   ahead, extended by 0.5" steps until it lands 1" clear of every grounded
//!   unit (CW-FRC-3).
//! - A hostage whose holder is destroyed with no enemy engaged is lost with it.
//! - Victory: a side with no unit left, or only routing units, loses; else
//!   at the turn limit the most VP wins (settings `victory`: VP per enemy unit
//!   destroyed, VP for holding a living hostage, minus CW-HOS-3/5 losses),
//!   then the higher honor, else a draw.
//! - Fly-By attacks (CW-FBY-1 … CW-FBY-5): an airborne mover passes over
//!   enemy airborne units (friendly ones still block it) and may not end its
//!   move overlapping one. Contacts are sampled every 0.1" of the move:
//!   touching counts the front rank, overlapping (passing through) every
//!   rank; the first enemy touched is the target. The dice are rolled at the
//!   end of the side's Primary or Cavalry Movement phase, in unit-id order,
//!   unless the owner declined with [`CwCommand::FlyBy`].
//! - Airborne manoeuvres (CW-FLY-12): no leg of an airborne move nor its final
//!   facing may differ from the starting facing by more than 90° (a Wheel);
//!   more is a Turn, Turn About or Back Away and is refused.
//! - Reactionary fire (CW-LAND-3): a grounded ranged unit that is not broken,
//!   routing, spent or engaged fires at an airborne unit engaging it, at
//!   close range, before the landing test, whatever its arc.
//! - Escaping by air (CW-ENG-7): an engaged grounded flyer may make a
//!   Break-Away declaring flight ([`MoveMode::EscapeByAir`]) in Primary or
//!   Cavalry Movement: a simple Maneuver test; on success it flies its full
//!   movement and is airborne, and every enemy it touched makes parting shots
//!   (one die per model against the close ATN) at +1 ATT +1 DAM.

use std::collections::BTreeMap;

use bevy::prelude::{Resource, Vec2};
use serde::{Deserialize, Serialize};

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::table::{
    Arc, Base, CONTACT, Eye, Footprint, MODEL_HEIGHT, MoveError, Obstacle, Table, TablePos,
    bearing_of, bearing_vector,
};
use crate::engine::table_scenario::{TableCatalog, TableScenario};
use crate::engine::units::FlightState;

use super::combat::{
    Attack, AttackKind, AttackSituation, attack_value, damage_value, models_lost, resolve_attack,
    wound_chance,
};
use super::data::{CwTables, Trait, UnitStats};
use super::flight::{
    Maneuver, MovementPhase, TakeOff, check_air_maneuver, check_air_move, check_can_fly,
    may_move_in_phase, take_off,
};
use super::fly_by::{FlyByRecord, RankContact, check_engagement, fly_by_attack};
use super::honor::{
    HonorEvent, HonorTrack, Personality, extra_card_army, honor_gain, starting_honor,
};
use super::hostage::{
    Hostage, RecoveryClaim, RecoveryTest, Stance, StanceRecord, Standing, captor_wiped_out,
    declare_stance, destruction_test, execute_hostage, hindered, recovery_eligibility,
    recovery_test, take_hostage,
};
use super::landing::{
    DiveUse, EngagingMove, Escape, ForcedCause, ForcedLanding, Lander, LandingKind,
    LeaveEngagement, check_dive_move, check_landing, check_landing_spot, escape, forced_landing,
    forced_landing_required, landing_test, reactionary_fire_band, resolve_engaging_move,
    roll_forced_landing_damage,
};
use super::maneuver::{ManeuverKind, ManeuverTest, condition_after, maneuver_test};
use super::morale::{
    Condition, MoraleCause, MoraleTest, TriggerInput, morale_test, rally, spent_after_end_phase,
    triggers,
};
use super::ranged::{AIRBORNE_LOS_HEIGHT, RangeBand, TargetView, check_target, range_check};

/// Largest approach angle of an engagement, degrees (CW-ENG-1, CW-GEN-3).
pub const ENGAGE_ANGLE: f32 = 30.0;

/// A scenario's Clan War army: the clan of the side named `side`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CwArmySpec {
    /// Side name from the scenario's `sides`.
    pub side: String,
    /// Clan key ("lion", "crane"), for base Honor (CW-HON-1) and the
    /// hostage's hindering effect (CW-HOS-1).
    pub clan: String,
}

/// The hostage of the Desperate Journey set-up (CW-HOS-1).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CwHostageSpec {
    /// Id of the captor unit holding the hostage model.
    pub captor: u32,
    /// The hostage's clan key.
    pub clan: String,
    /// The hostage's name, for the log.
    pub name: String,
}

/// Module setup block of a Clan War scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CwSetup {
    /// One entry per side: its clan.
    #[serde(default)]
    pub armies: Vec<CwArmySpec>,
    /// The hostage, if the scenario has one.
    #[serde(default)]
    pub hostage: Option<CwHostageSpec>,
}

/// A Clan War table scenario.
pub type CwScenario = TableScenario<CwSetup>;

impl TableCatalog for CwTables {
    fn ruleset(&self) -> &str {
        "clan_war"
    }

    fn unit_type_models(&self, unit_type: &str) -> Option<u32> {
        self.unit(unit_type).map(UnitStats::total_models)
    }

    fn footprint(&self, unit_type: &str, models: u32, per_rank: Option<u32>) -> Footprint {
        match self.unit(unit_type) {
            Some(u) => Footprint::from_models(
                models,
                per_rank.unwrap_or(u.footprint.per_rank),
                u.footprint.frontage,
                u.footprint.depth,
            ),
            None => Footprint::from_models(models, per_rank.unwrap_or(1), 1.0, 1.0),
        }
    }
}

/// The phases of a Clan War turn (base_rules.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CwPhase {
    /// Special Orders: the captor may destroy its hostage (CW-HOS-5).
    SpecialOrders,
    /// Primary Movement.
    PrimaryMovement,
    /// Cavalry Movement: Cavalry units and airborne units (CW-FLY-8).
    CavalryMovement,
    /// Ranged Attack.
    RangedAttack,
    /// Close Combat: stances against the captor, then automatic combat.
    CloseCombat,
    /// Reserve Movement: grounded units only (CW-FLY-9).
    ReserveMovement,
    /// End phase: honor levels, rally, spent (automatic).
    End,
}

impl CwPhase {
    /// Name as the game says it.
    pub fn name(self) -> &'static str {
        match self {
            CwPhase::SpecialOrders => "Special Orders",
            CwPhase::PrimaryMovement => "Primary Movement",
            CwPhase::CavalryMovement => "Cavalry Movement",
            CwPhase::RangedAttack => "Ranged Attack",
            CwPhase::CloseCombat => "Close Combat",
            CwPhase::ReserveMovement => "Reserve Movement",
            CwPhase::End => "End phase",
        }
    }

    fn next(self) -> Self {
        match self {
            CwPhase::SpecialOrders => CwPhase::PrimaryMovement,
            CwPhase::PrimaryMovement => CwPhase::CavalryMovement,
            CwPhase::CavalryMovement => CwPhase::RangedAttack,
            CwPhase::RangedAttack => CwPhase::CloseCombat,
            CwPhase::CloseCombat => CwPhase::ReserveMovement,
            CwPhase::ReserveMovement | CwPhase::End => CwPhase::End,
        }
    }

    /// The movement phase of the flying rules, if this is one.
    pub fn movement(self) -> Option<MovementPhase> {
        match self {
            CwPhase::PrimaryMovement => Some(MovementPhase::Primary),
            CwPhase::CavalryMovement => Some(MovementPhase::Cavalry),
            CwPhase::ReserveMovement => Some(MovementPhase::Reserve),
            _ => None,
        }
    }
}

/// One army: clan, honor track (CW-HON-1 … CW-HON-10) and victory points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CwArmy {
    /// Clan key.
    pub clan: String,
    /// Honor and the levels already crossed.
    pub honor: HonorTrack,
    /// Victory points.
    pub vp: i32,
}

/// The hostage in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CwHostage {
    /// The hostage's name.
    pub name: String,
    /// Clan, holder and whether alive (CW-HOS-1 … CW-HOS-10).
    pub state: Hostage,
}

/// One unit on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CwUnit {
    /// Unit id.
    pub id: u32,
    /// Side 0 or 1.
    pub side: u8,
    /// Display name.
    pub name: String,
    /// Unit card key.
    pub unit_type: String,
    /// Models left, the personality included (0 = destroyed).
    pub models: u32,
    /// Models at the start of the battle.
    pub starting_models: u32,
    /// Models per rank.
    pub per_rank: u32,
    /// Centre (inches) and facing (compass degrees).
    pub pos: TablePos,
    /// Base size, inches, from models and per_rank.
    pub footprint: Footprint,
    /// Formed … routing, destroyed.
    pub condition: Condition,
    /// Turns the unit stays spent (0 = not spent).
    pub spent: u32,
    /// Grounded or airborne.
    pub flight: FlightState,
    /// Wounds carried by the front model.
    pub wounds: u32,
    /// The leading personality's name.
    pub personality: Option<String>,
    /// Morale tests taken this turn (the cumulative −1, CW-GEN-3).
    pub morale_tests: u32,
}

impl CwUnit {
    /// The unit's base on the table.
    pub fn base(&self) -> Base {
        Base::new(self.pos, self.footprint)
    }

    /// Still on the table.
    pub fn alive(&self) -> bool {
        self.models > 0 && self.condition != Condition::Destroyed
    }

    /// In the air.
    pub fn airborne(&self) -> bool {
        self.flight == FlightState::Airborne
    }
}

/// How a unit moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MoveMode {
    /// An ordinary move: walking for a grounded unit, flying (at least half
    /// its movement, CW-FLY-10) for an airborne one.
    Ground,
    /// Take off: exactly half the movement, grounded until the end (CW-FLY-5).
    TakeOff,
    /// A voluntary landing (CW-LAND-1, CW-LAND-2).
    Land,
    /// A Dive used as a landing (CW-DIVE-1 … CW-DIVE-5).
    Dive,
    /// An engaging move on `target`: on the ground it must end in contact
    /// within 30°; from the air it lands (CW-ENG-1 … CW-ENG-6).
    Engage {
        /// The enemy unit engaged.
        target: u32,
    },
    /// An engaged grounded flyer leaves by a Break-Away declaring flight
    /// (CW-ENG-7): the path must be at least its movement (cut there).
    EscapeByAir,
}

/// A player's decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CwCommand {
    /// Move `unit` through `path` (centres, inches), ending facing `facing`.
    Move {
        /// The unit.
        unit: u32,
        /// Waypoints of the centre, inches.
        path: Vec<(f32, f32)>,
        /// Final facing, compass degrees.
        facing: f32,
        /// Kind of move.
        mode: MoveMode,
    },
    /// Declare a ranged attack (resolved when the phase ends).
    Shoot {
        /// Shooter.
        unit: u32,
        /// Target.
        target: u32,
    },
    /// Declare a stance against the captor unit (CW-HOS-3).
    Stance {
        /// The unit engaged with the captor.
        unit: u32,
        /// Strike Easy or All-Out Attack.
        stance: Stance,
    },
    /// A unit engaged with the captor will sacrifice two of its models once
    /// the enemy's attack is resolved, to try to recover the hostage
    /// (CW-HOS-6 (b)); declared in the Close Combat phase.
    Sacrifice {
        /// The unit engaged with the captor.
        unit: u32,
    },
    /// The captor destroys its hostage as a Special Order (CW-HOS-5).
    ExecuteHostage {
        /// The holding unit.
        unit: u32,
    },
    /// Whether `unit` rolls its noted Fly-By dice at the end of this
    /// movement phase (`roll: true`, the default) or keeps them for the next
    /// movement phase of the turn (`roll: false`, CW-FBY-3, CW-FBY-4).
    FlyBy {
        /// The airborne unit that made Fly-By contacts.
        unit: u32,
        /// Roll at the end of this phase.
        roll: bool,
    },
    /// The side is done deciding in this phase.
    EndPhase {
        /// Side 0 or 1.
        side: u8,
    },
}

/// How the battle ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CwResult {
    /// The winning side, `None` for a draw.
    pub winner: Option<u8>,
    /// Why, in words.
    pub reason: String,
}

/// The whole battle state.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CwBattle {
    /// Turn, from 1.
    pub turn: u32,
    /// Last turn.
    pub turn_limit: u32,
    /// Current phase.
    pub phase: CwPhase,
    /// The side deciding now.
    pub active: u8,
    /// Units by id; destroyed units stay with 0 models.
    pub units: Vec<CwUnit>,
    /// The two armies (index = side).
    pub armies: [CwArmy; 2],
    /// The hostage, if any.
    pub hostage: Option<CwHostage>,
    /// Units that moved (or declared a shot) in this phase.
    pub acted: Vec<u32>,
    /// Shots declared this Ranged Attack phase: (shooter, target).
    pub shots: Vec<(u32, u32)>,
    /// Fly-By records of this turn (CW-FBY-3 … CW-FBY-5).
    pub fly_by: BTreeMap<u32, FlyByRecord>,
    /// Fly-By dice noted this turn per unit and per enemy touched
    /// (CW-FBY-2): each enemy gets the dice of the models that touched it,
    /// and the unit flown through gets dice of its own against the flyer.
    #[serde(default)]
    pub fly_by_dice: BTreeMap<u32, BTreeMap<u32, u32>>,
    /// Units whose owner declined this phase's Fly-By roll (CW-FBY-4).
    #[serde(default)]
    pub fly_by_declined: Vec<u32>,
    /// Stances against the captor unit (CW-HOS-3), per engaged unit.
    pub stances: BTreeMap<u32, StanceRecord>,
    /// Units that declared they sacrifice two models this Close Combat
    /// phase (CW-HOS-6 (b)).
    #[serde(default)]
    pub sacrifices: Vec<u32>,
    /// Wounds the holding unit suffered this turn (CW-HOS-4).
    pub captor_wounds_this_turn: u32,
    /// Side names, for the log and the result.
    pub side_names: [String; 2],
    /// Set when the battle is over.
    pub result: Option<CwResult>,
}

/// A move that passed every check, ready to execute.
#[derive(Clone, Debug, PartialEq)]
struct MovePlan {
    unit: u32,
    end: TablePos,
    length: f32,
    kind: PlanKind,
    /// Enemy airborne units passed over, the mover's ranks that touched
    /// each, and that unit's ranks that touched the mover (CW-FBY-2).
    fly_by: Vec<(u32, Vec<RankContact>, Vec<RankContact>)>,
}

#[derive(Clone, Debug, PartialEq)]
enum PlanKind {
    Walk,
    Fly,
    TakeOff {
        completed: bool,
        entry: LogEntry,
        condition: Condition,
    },
    Landing(LandingKind),
    GroundEngage {
        target: u32,
        angle: f32,
    },
    AirEngage {
        target: u32,
        landing: LandingKind,
        entry: LogEntry,
    },
    EscapeByAir {
        enemies: Vec<u32>,
    },
}

fn refuse(rule: &str, why: impl Into<String>) -> Refusal {
    Refusal::new(rule, why)
}

fn move_error(rule: &str, e: MoveError, names: &[String]) -> Refusal {
    let why = match e {
        MoveError::TooFar(c, a) => format!("the move costs {c:.1}\" of a {a:.1}\" allowance"),
        MoveError::OffTable => "the unit would leave the table".into(),
        MoveError::Impassable(n) => format!("the unit would enter \"{n}\""),
        MoveError::Unit(i, at) => format!(
            "the unit would touch {} after {at:.1}\"",
            names.get(i).map_or("another unit", String::as_str)
        ),
    };
    refuse(rule, why)
}

/// Length of a path of centres from `start`, inches.
pub fn path_length(start: Vec2, path: &[Vec2]) -> f32 {
    let mut here = start;
    let mut total = 0.0;
    for p in path {
        total += here.distance(*p);
        here = *p;
    }
    total
}

/// The point `d` inches along the path and the bearing of the leg there.
fn point_along(start: Vec2, facing: f32, path: &[Vec2], d: f32) -> (Vec2, f32) {
    let mut here = start;
    let mut left = d.max(0.0);
    let mut bearing = facing;
    for p in path {
        let len = here.distance(*p);
        if len < 1e-6 {
            continue;
        }
        bearing = bearing_of(*p - here);
        if left <= len {
            return (here + (*p - here) / len * left, bearing);
        }
        left -= len;
        here = *p;
    }
    (here, bearing)
}

/// The path cut at `d` inches.
fn truncate_path(start: Vec2, path: &[Vec2], d: f32) -> Vec<Vec2> {
    let mut out = Vec::new();
    let mut here = start;
    let mut left = d.max(0.0);
    for p in path {
        let len = here.distance(*p);
        if len < 1e-6 {
            continue;
        }
        if left <= len + 1e-5 {
            out.push(here + (*p - here) / len * left.min(len));
            return out;
        }
        left -= len;
        out.push(*p);
        here = *p;
    }
    out
}

/// Absolute difference of two compass bearings, 0 … 180 degrees.
fn turn_between(a: f32, b: f32) -> f32 {
    let d = (b - a).rem_euclid(360.0);
    d.min(360.0 - d)
}

/// The manoeuvre an airborne move through `path` (from `start`, facing
/// `facing`, ending facing `final_facing`) amounts to (CW-FLY-12)
/// [stand-in: a Wheel when no leg and not the final facing differ from the
/// starting facing by more than 90°; otherwise a Back Away when only a leg
/// runs backwards, a Turn About when the final facing differs by 135° or
/// more, else a Turn].
pub fn air_maneuver(facing: f32, start: Vec2, path: &[Vec2], final_facing: f32) -> Maneuver {
    let mut here = start;
    let mut worst_leg = 0.0_f32;
    for p in path {
        if here.distance(*p) > 1e-4 {
            worst_leg = worst_leg.max(turn_between(facing, bearing_of(*p - here)));
        }
        here = *p;
    }
    let end_turn = turn_between(facing, final_facing);
    if worst_leg <= 90.0 + 1e-3 && end_turn <= 90.0 + 1e-3 {
        Maneuver::Wheel
    } else if end_turn <= 90.0 + 1e-3 {
        Maneuver::BackAway
    } else if end_turn >= 135.0 {
        Maneuver::TurnAbout
    } else {
        Maneuver::Turn
    }
}

/// Where a mover stands to touch `target`'s edge that faces it squarely (an
/// approach angle of 0), and its facing there.
pub fn contact_spot(mover: &Base, target: &Base) -> (Vec2, f32) {
    let to_mover = mover.center - target.center;
    let normals = [
        (target.forward(), target.depth / 2.0),
        (target.right(), target.frontage / 2.0),
        (-target.forward(), target.depth / 2.0),
        (-target.right(), target.frontage / 2.0),
    ];
    let (n, half) = normals
        .iter()
        .copied()
        .max_by(|a, b| a.0.dot(to_mover).total_cmp(&b.0.dot(to_mover)))
        .unwrap_or((target.forward(), target.depth / 2.0));
    (
        target.center + n * (half + mover.depth / 2.0 + 0.005),
        bearing_of(-n),
    )
}

impl CwBattle {
    /// A new battle from a validated scenario: units by id, army honor
    /// (CW-HON-1), the hostage taken (CW-HOS-1), deciding from the first
    /// phase that has a decision.
    pub fn new(scenario: &CwScenario, tables: &CwTables) -> Self {
        let mut specs: Vec<_> = scenario.units.iter().collect();
        specs.sort_by_key(|u| u.id);
        let mut units = Vec::new();
        for s in specs {
            let Some(card) = tables.unit(&s.unit_type) else {
                continue;
            };
            let side = scenario.side_index(&s.side).unwrap_or(0);
            let models = s.models.unwrap_or(card.total_models());
            let per_rank = s.per_rank.unwrap_or(card.footprint.per_rank).max(1);
            units.push(CwUnit {
                id: s.id,
                side,
                name: s.name.clone().unwrap_or_else(|| card.name.clone()),
                unit_type: s.unit_type.clone(),
                models,
                starting_models: models,
                per_rank,
                pos: TablePos {
                    x: s.at.0,
                    y: s.at.1,
                    facing: s.facing,
                },
                footprint: tables.footprint(&s.unit_type, models, Some(per_rank)),
                condition: Condition::Formed,
                spent: 0,
                flight: super::flight::deployment_state(),
                wounds: 0,
                personality: card.personality.as_ref().map(|p| p.name.clone()),
                morale_tests: 0,
            });
        }
        let side_names = [0, 1].map(|i| {
            scenario
                .sides
                .get(i)
                .map_or(format!("Side {i}"), |s| s.name.clone())
        });
        let armies = [0u8, 1].map(|side| {
            let name = &side_names[side as usize];
            let clan = scenario
                .setup
                .armies
                .iter()
                .find(|a| &a.side == name)
                .map(|a| a.clan.clone())
                .or_else(|| {
                    units
                        .iter()
                        .filter(|u| u.side == side)
                        .find_map(|u| tables.unit(&u.unit_type)?.clan.clone())
                })
                .unwrap_or_default();
            let personalities: Vec<Personality> = units
                .iter()
                .filter(|u| u.side == side)
                .filter_map(|u| tables.unit(&u.unit_type)?.personality.clone())
                .map(|p| Personality {
                    clan: p.clan,
                    honor: p.honor,
                })
                .collect();
            let base = tables.clan_base_honor(&clan).unwrap_or(0);
            CwArmy {
                honor: HonorTrack::new(starting_honor(&clan, base, &personalities)),
                clan,
                vp: 0,
            }
        });
        let hostage = scenario.setup.hostage.as_ref().and_then(|h| {
            let captor = units.iter().find(|u| u.id == h.captor)?;
            Some(CwHostage {
                name: h.name.clone(),
                state: take_hostage(&h.clan, h.captor, captor.side).0,
            })
        });
        let mut b = CwBattle {
            turn: 1,
            turn_limit: scenario.turn_limit.unwrap_or(6),
            phase: CwPhase::SpecialOrders,
            active: 0,
            units,
            armies,
            hostage,
            acted: Vec::new(),
            shots: Vec::new(),
            fly_by: BTreeMap::new(),
            fly_by_dice: BTreeMap::new(),
            fly_by_declined: Vec::new(),
            stances: BTreeMap::new(),
            sacrifices: Vec::new(),
            captor_wounds_this_turn: 0,
            side_names,
            result: None,
        };
        // Special Orders and the start of Primary Movement roll nothing, so
        // the first decision can be found without dice.
        if !b.has_decisions(0, tables) {
            b.active = 1;
            if !b.has_decisions(1, tables) {
                b.phase = CwPhase::PrimaryMovement;
                b.active = if b.has_decisions(0, tables) { 0 } else { 1 };
            }
        }
        b
    }

    /// The side that must decide now, or `None` when the battle is over.
    pub fn awaiting(&self) -> Option<u8> {
        if self.result.is_some() {
            None
        } else {
            Some(self.active)
        }
    }

    /// "Turn 3 · Primary Movement · Lion".
    pub fn phase_name(&self) -> String {
        format!(
            "Turn {} · {} · {}",
            self.turn,
            self.phase.name(),
            self.side_names[self.active as usize & 1]
        )
    }

    /// The unit with `id`.
    pub fn unit(&self, id: u32) -> Option<&CwUnit> {
        self.units.iter().find(|u| u.id == id)
    }

    fn unit_mut(&mut self, id: u32) -> Option<&mut CwUnit> {
        self.units.iter_mut().find(|u| u.id == id)
    }

    fn push(&self, log: &mut dyn LogSink, entries: impl IntoIterator<Item = LogEntry>) {
        log.extend(self.turn, self.phase.name(), entries);
    }

    /// Whether `u` is a grounded unit in base contact with a grounded enemy
    /// (engaged).
    pub fn engaged(&self, u: &CwUnit) -> bool {
        !self.enemies_in_contact(u).is_empty()
    }

    /// Grounded enemies in base contact with grounded `u`, by id.
    pub fn enemies_in_contact(&self, u: &CwUnit) -> Vec<u32> {
        if u.airborne() || !u.alive() {
            return Vec::new();
        }
        let b = u.base();
        self.units
            .iter()
            .filter(|o| o.side != u.side && o.alive() && !o.airborne())
            .filter(|o| b.in_contact(&o.base()))
            .map(|o| o.id)
            .collect()
    }

    /// The holder of a living hostage.
    pub fn holder(&self) -> Option<&CwUnit> {
        let h = self.hostage.as_ref()?;
        if !h.state.alive {
            return None;
        }
        self.unit(h.state.holder).filter(|u| u.alive())
    }

    /// Whether `u` suffers the hostage's hindering effect (CW-HOS-1).
    fn is_hindered(&self, u: &CwUnit, tables: &CwTables) -> bool {
        let Some(h) = &self.hostage else {
            return false;
        };
        let clan = tables.unit(&u.unit_type).and_then(|c| c.clan.clone());
        hindered(
            &h.state,
            clan.as_deref(),
            &self.armies[u.side as usize & 1].clan,
        )
    }

    /// Units of `side`, opposing the holder, that are engaged with it and
    /// hindered (they must fight with a stance, CW-HOS-3), by id.
    pub fn stance_units(&self, side: u8, tables: &CwTables) -> Vec<u32> {
        let Some(holder) = self.holder() else {
            return Vec::new();
        };
        if holder.side == side {
            return Vec::new();
        }
        self.enemies_in_contact(holder)
            .into_iter()
            .filter_map(|id| self.unit(id))
            .filter(|u| u.side == side && self.is_hindered(u, tables))
            .map(|u| u.id)
            .collect()
    }

    /// Whether `u` may move in the current phase at all.
    pub fn can_move(&self, u: &CwUnit, tables: &CwTables) -> bool {
        let Some(phase) = self.phase.movement() else {
            return false;
        };
        let cavalry = tables
            .unit(&u.unit_type)
            .is_some_and(|c| c.has(Trait::Cavalry));
        u.alive()
            && !self.acted.contains(&u.id)
            && u.spent == 0
            && u.condition != Condition::Routing
            && may_move_in_phase(phase, u.flight, cavalry)
            && (u.airborne() || !self.engaged(u) || self.may_escape_by_air(u, tables))
    }

    /// Whether engaged, grounded `u` may try a Break-Away by air now
    /// (CW-ENG-7): it has Flight and the phase is not Reserve Movement.
    pub fn may_escape_by_air(&self, u: &CwUnit, tables: &CwTables) -> bool {
        !u.airborne()
            && self.engaged(u)
            && self.phase != CwPhase::ReserveMovement
            && tables
                .unit(&u.unit_type)
                .is_some_and(|c| c.has(Trait::Flight))
    }

    /// Whether `u` may declare a shot now.
    pub fn can_shoot(&self, u: &CwUnit, tables: &CwTables) -> bool {
        self.phase == CwPhase::RangedAttack
            && u.alive()
            && !self.acted.contains(&u.id)
            && tables.unit(&u.unit_type).is_some_and(|c| c.range.is_some())
            && u.spent == 0
            && !matches!(u.condition, Condition::Broken | Condition::Routing)
            && !self.engaged(u)
            && self
                .fly_by
                .get(&u.id)
                .is_none_or(|r| r.check_ranged().is_ok())
    }

    fn has_decisions(&self, side: u8, tables: &CwTables) -> bool {
        let mine = || self.units.iter().filter(move |u| u.side == side);
        match self.phase {
            CwPhase::SpecialOrders => self.holder().is_some_and(|h| h.side == side),
            CwPhase::PrimaryMovement | CwPhase::CavalryMovement | CwPhase::ReserveMovement => {
                mine().any(|u| self.can_move(u, tables))
            }
            CwPhase::RangedAttack => mine().any(|u| self.can_shoot(u, tables)),
            CwPhase::CloseCombat => self.stance_units(side, tables).iter().any(|id| {
                self.stances.get(id).and_then(|r| r.stance) != Some(Stance::AllOutAttack)
            }),
            CwPhase::End => false,
        }
    }

    fn check_actor(&self, id: u32) -> Result<&CwUnit, Refusal> {
        let u = self
            .unit(id)
            .ok_or_else(|| refuse("CW-GEN-3", format!("there is no unit {id}")))?;
        if !u.alive() {
            return Err(refuse("CW-GEN-3", format!("{} is destroyed", u.name)));
        }
        if u.side != self.active {
            return Err(refuse(
                "CW-GEN-3",
                format!("{} is not a unit of the side deciding now", u.name),
            ));
        }
        Ok(u)
    }

    /// Applies one command; a refusal changes nothing.
    ///
    /// # Errors
    /// The refusal, naming the rule that forbids the command.
    pub fn apply(
        &mut self,
        cmd: &CwCommand,
        tables: &CwTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        if self.result.is_some() {
            return Err(refuse("CW-GEN-3", "the battle is over"));
        }
        match cmd {
            CwCommand::EndPhase { side } => {
                if *side != self.active {
                    return Err(refuse(
                        "CW-GEN-3",
                        format!("it is not side {side}'s turn to decide"),
                    ));
                }
                self.end_side_phase(*side, tables, table, dice, log);
                Ok(())
            }
            CwCommand::Move {
                unit,
                path,
                facing,
                mode,
            } => {
                let plan = self.plan_move(*unit, path, *facing, mode, tables, table)?;
                self.exec_move(plan, tables, dice, log);
                Ok(())
            }
            CwCommand::Shoot { unit, target } => {
                self.plan_shot(*unit, *target, tables, table)?;
                self.acted.push(*unit);
                self.shots.push((*unit, *target));
                let (s, t) = (self.unit(*unit), self.unit(*target));
                let names = (
                    s.map(|u| u.name.clone()).unwrap_or_default(),
                    t.map(|u| u.name.clone()).unwrap_or_default(),
                );
                let range = s
                    .zip(t)
                    .and_then(|(s, t)| self.range_detail(s, t, tables))
                    .map(|r| format!("; {}", r.explain()))
                    .unwrap_or_default();
                self.push(
                    log,
                    [LogEntry::event(
                        "CW-RNG-2",
                        vec![*unit, *target],
                        format!(
                            "{} declares a ranged attack on {}{range} (resolved at the end of the phase)",
                            names.0, names.1
                        ),
                    )],
                );
                Ok(())
            }
            CwCommand::Sacrifice { unit } => {
                let name = self.check_sacrifice(*unit)?.name.clone();
                self.sacrifices.push(*unit);
                self.push(
                    log,
                    [LogEntry::event(
                        "CW-HOS-6",
                        vec![*unit],
                        format!(
                            "{name} will sacrifice two models after the enemy's attack, to try to recover the hostage"
                        ),
                    )],
                );
                Ok(())
            }
            CwCommand::Stance { unit, stance } => {
                let change = self.plan_stance(*unit, *stance, tables)?;
                let side = self.active as usize & 1;
                self.stances.insert(*unit, change.record);
                self.armies[side].honor.honor = change.standing.honor;
                self.armies[side].vp = change.standing.vp;
                self.push(log, change.entries);
                Ok(())
            }
            CwCommand::FlyBy { unit, roll } => {
                let Some(phase) = self.phase.movement() else {
                    return Err(refuse(
                        "CW-FBY-3",
                        "Fly-By attacks are decided in a Movement phase",
                    ));
                };
                let u = self.check_actor(*unit)?;
                let name = u.name.clone();
                let mut probe = self.fly_by.get(unit).cloned().unwrap_or_default();
                probe.roll(phase)?;
                let entry = if *roll {
                    self.fly_by_declined.retain(|x| x != unit);
                    LogEntry::event(
                        "CW-FBY-3",
                        vec![*unit],
                        format!("{name} will roll its Fly-By attacks at the end of the phase"),
                    )
                } else {
                    if !self.fly_by_declined.contains(unit) {
                        self.fly_by_declined.push(*unit);
                    }
                    self.fly_by
                        .get(unit)
                        .map_or_else(FlyByRecord::new, Clone::clone)
                        .skip()
                };
                self.push(log, [entry]);
                Ok(())
            }
            CwCommand::ExecuteHostage { unit } => {
                if self.phase != CwPhase::SpecialOrders {
                    return Err(refuse(
                        "CW-HOS-5",
                        "the hostage is executed only as a Special Order",
                    ));
                }
                self.check_actor(*unit)?;
                let side = self.active;
                let standing = Standing {
                    honor: self.armies[side as usize].honor.honor,
                    vp: self.armies[side as usize].vp,
                };
                let Some(h) = self.hostage.as_ref().filter(|h| h.state.holder == *unit) else {
                    return Err(refuse("CW-HOS-5", "this unit holds no hostage"));
                };
                let mut state = h.state.clone();
                let (out, entry) = execute_hostage(&mut state, side, standing)?;
                if let Some(h) = self.hostage.as_mut() {
                    h.state = state;
                }
                self.armies[side as usize].honor.honor = out.honor;
                self.armies[side as usize].vp = out.vp;
                self.push(log, [entry]);
                Ok(())
            }
        }
    }

    /// Checks a sacrifice declaration (CW-HOS-6 (b)): in the Close Combat
    /// phase, by a unit of the side deciding, engaged with the captor unit
    /// while the hostage lives, with more than two models, once.
    ///
    /// # Errors
    /// A refusal under CW-HOS-6.
    pub fn check_sacrifice(&self, unit: u32) -> Result<&CwUnit, Refusal> {
        if self.phase != CwPhase::CloseCombat {
            return Err(refuse(
                "CW-HOS-6",
                "a sacrifice is declared in the Close Combat phase",
            ));
        }
        let u = self.check_actor(unit)?;
        let holder = self
            .holder()
            .filter(|h| h.side != u.side && self.hostage.as_ref().is_some_and(|x| x.state.alive));
        let Some(h) = holder else {
            return Err(refuse("CW-HOS-6", "the enemy holds no hostage"));
        };
        if !self.enemies_in_contact(u).contains(&h.id) {
            return Err(refuse(
                "CW-HOS-6",
                format!("{} is not engaged with the captor unit", u.name),
            ));
        }
        if u.models <= 2 {
            return Err(refuse(
                "CW-HOS-6",
                format!("{} has no two models to spare", u.name),
            ));
        }
        if self.sacrifices.contains(&unit) {
            return Err(refuse(
                "CW-HOS-6",
                format!("{} has already declared its sacrifice", u.name),
            ));
        }
        Ok(u)
    }

    fn plan_stance(
        &self,
        unit: u32,
        stance: Stance,
        tables: &CwTables,
    ) -> Result<super::hostage::StanceChange, Refusal> {
        if self.phase != CwPhase::CloseCombat {
            return Err(refuse(
                "CW-HOS-3",
                "stances are declared in the Close Combat phase",
            ));
        }
        let u = self.check_actor(unit)?;
        if !self.stance_units(u.side, tables).contains(&unit) {
            return Err(refuse(
                "CW-HOS-3",
                format!(
                    "{} is not a hindered unit engaged with the captor unit",
                    u.name
                ),
            ));
        }
        let side = u.side as usize & 1;
        declare_stance(
            unit,
            self.stances.get(&unit).copied().unwrap_or_default(),
            stance,
            Standing {
                honor: self.armies[side].honor.honor,
                vp: self.armies[side].vp,
            },
        )
    }

    /// Inches `unit` may still move in the current phase (`None` = may not
    /// move now): half its movement for a take-off (CW-FLY-5), its movement
    /// otherwise (a Dive may go to double, CW-DIVE-2).
    pub fn allowance(&self, unit: u32, tables: &CwTables) -> Option<f32> {
        let u = self.unit(unit)?;
        if u.side != self.active || !self.can_move(u, tables) {
            return None;
        }
        tables.unit(&u.unit_type).map(|c| c.movement)
    }

    /// Units a move must not touch: every other unit on the ground; for a
    /// unit in the air (`airborne_only`) only friendly airborne units, as it
    /// passes over enemy airborne units (CW-FBY-1, CW-FBY-2).
    fn others(&self, mover: &CwUnit, airborne_only: bool) -> (Vec<u32>, Vec<Base>, Vec<String>) {
        let list: Vec<&CwUnit> = self
            .units
            .iter()
            .filter(|o| {
                o.id != mover.id
                    && o.alive()
                    && (!airborne_only || (o.airborne() && o.side == mover.side))
            })
            .collect();
        (
            list.iter().map(|o| o.id).collect(),
            list.iter().map(|o| o.base()).collect(),
            list.iter().map(|o| o.name.clone()).collect(),
        )
    }

    /// Whether a base may be landed on: on ground a grounded unit may stand
    /// on, overlapping no grounded unit (CW-ENG-6).
    fn landing_spot_ok(&self, mover: u32, spot: &Base, table: &Table) -> Result<(), Refusal> {
        table
            .check_standing(spot, false)
            .map_err(|e| move_error("CW-LAND-1", e, &[]))?;
        let overlaps = self
            .units
            .iter()
            .filter(|o| o.id != mover && o.alive() && !o.airborne())
            .any(|o| o.base().overlaps(spot));
        check_landing_spot(overlaps)
    }

    /// Checks a move (every rule of [`Self::plan_move_checked`]) and, for a
    /// unit in the air, its manoeuvre (CW-FLY-12), that it does not end over
    /// an enemy airborne unit (CW-FBY-1), and the Fly-By contacts it makes
    /// on the way (CW-FBY-2).
    fn plan_move(
        &self,
        unit: u32,
        path: &[(f32, f32)],
        facing: f32,
        mode: &MoveMode,
        tables: &CwTables,
        table: &Table,
    ) -> Result<MovePlan, Refusal> {
        let mut plan = self.plan_move_checked(unit, path, facing, mode, tables, table)?;
        let Some(u) = self.unit(unit) else {
            return Ok(plan);
        };
        if !u.airborne() {
            return Ok(plan);
        }
        let wps: Vec<Vec2> = path.iter().map(|p| Vec2::new(p.0, p.1)).collect();
        check_air_maneuver(air_maneuver(u.pos.facing, u.base().center, &wps, facing))?;
        if plan.kind == PlanKind::Fly {
            let end = Base::new(plan.end, u.footprint);
            if let Some(o) = self
                .units
                .iter()
                .find(|o| o.side != u.side && o.alive() && o.airborne() && o.base().overlaps(&end))
            {
                return Err(refuse(
                    "CW-FBY-1",
                    format!(
                        "an airborne unit passes over {} but may not end its move overlapping it",
                        o.name
                    ),
                ));
            }
        }
        plan.fly_by = self.fly_by_contacts(u, &wps);
        Ok(plan)
    }

    /// Enemy airborne units that `u`, in the air, touches while moving
    /// through `wps`, by id, with the ranks whose models would touch
    /// (CW-FBY-2) [stand-in: sampled every 0.1" with the base facing along
    /// the leg; touching counts the front rank, overlapping (passing
    /// through) every rank; an incomplete rank is marked so].
    fn fly_by_contacts(
        &self,
        u: &CwUnit,
        wps: &[Vec2],
    ) -> Vec<(u32, Vec<RankContact>, Vec<RankContact>)> {
        let base = u.base();
        let length = path_length(base.center, wps);
        let mut out = Vec::new();
        for o in self
            .units
            .iter()
            .filter(|o| o.side != u.side && o.alive() && o.airborne())
        {
            let ob = o.base();
            let (mut touch, mut through) = (false, false);
            let mut d = 0.1_f32;
            while d <= length + 0.05 {
                let (p, b) = point_along(base.center, base.facing, wps, d.min(length));
                let at = base.at(p, b);
                through |= at.overlaps(&ob);
                touch |= at.distance_to(&ob) <= CONTACT;
                d += 0.1;
            }
            if !(touch || through) {
                continue;
            }
            out.push((o.id, contact_ranks(u, through), contact_ranks(o, through)));
        }
        out
    }

    #[allow(clippy::too_many_lines)]
    fn plan_move_checked(
        &self,
        unit: u32,
        path: &[(f32, f32)],
        facing: f32,
        mode: &MoveMode,
        tables: &CwTables,
        table: &Table,
    ) -> Result<MovePlan, Refusal> {
        let u = self.check_actor(unit)?;
        let card = tables
            .unit(&u.unit_type)
            .ok_or_else(|| refuse("CW-GEN-3", "unknown unit card"))?;
        let Some(phase) = self.phase.movement() else {
            return Err(refuse(
                "CW-GEN-3",
                "units move only in the Primary, Cavalry and Reserve Movement phases",
            ));
        };
        if self.acted.contains(&unit) {
            return Err(refuse(
                "CW-GEN-3",
                format!("{} already moved this phase", u.name),
            ));
        }
        if u.spent > 0 {
            return Err(refuse(
                "CW-GEN-3",
                format!("{} is spent and cannot act", u.name),
            ));
        }
        if u.condition == Condition::Routing {
            return Err(refuse(
                "CW-GEN-3",
                format!("{} is routing and cannot move [stand-in]", u.name),
            ));
        }
        if !may_move_in_phase(phase, u.flight, card.has(Trait::Cavalry)) {
            return Err(if u.airborne() {
                refuse("CW-FLY-9", "airborne units may not take Reserve Movement")
            } else {
                refuse(
                    "CW-FLY-4",
                    "a grounded unit without the Cavalry trait does not move in the Cavalry Movement phase",
                )
            });
        }
        if !u.airborne() && self.engaged(u) && *mode != MoveMode::EscapeByAir {
            return Err(refuse(
                "CW-GEN-3",
                format!(
                    "{} is engaged; only a flyer's Break-Away by air (CW-ENG-7) is offered [stand-in]",
                    u.name
                ),
            ));
        }
        if !facing.is_finite() || path.iter().any(|p| !p.0.is_finite() || !p.1.is_finite()) {
            return Err(refuse("CW-GEN-3", "the path is not a number"));
        }
        let wps: Vec<Vec2> = path.iter().map(|p| Vec2::new(p.0, p.1)).collect();
        let base = u.base();
        let start = base.center;
        let length = path_length(start, &wps);
        let mv = card.movement;
        // The destination as drawn must be on the table, even where a move
        // is clipped afterwards (a take-off, an escape by air).
        if let Some(last) = wps.last()
            && !table.holds(&base.at(*last, facing))
        {
            return Err(move_error("CW-GEN-3", MoveError::OffTable, &[]));
        }
        let end_of = |wps: &[Vec2], facing: f32| {
            let c = wps.last().copied().unwrap_or(start);
            TablePos {
                x: c.x,
                y: c.y,
                facing,
            }
        };
        match (mode, u.flight) {
            (MoveMode::Ground, FlightState::Grounded) => {
                let (_, others, names) = self.others(u, false);
                table
                    .check_move(&base, &wps, facing, mv, false, &others, &[])
                    .map_err(|e| move_error("CW-GEN-3", e, &names))?;
                Ok(MovePlan {
                    unit,
                    fly_by: Vec::new(),
                    end: end_of(&wps, facing),
                    length,
                    kind: PlanKind::Walk,
                })
            }
            (MoveMode::Ground, FlightState::Airborne) => {
                let (_, others, names) = self.others(u, true);
                table
                    .check_move(&base, &wps, facing, mv, true, &others, &[])
                    .map_err(|e| move_error("CW-FLY-11", e, &names))?;
                check_air_move(phase, mv, length)?;
                Ok(MovePlan {
                    unit,
                    fly_by: Vec::new(),
                    end: end_of(&wps, facing),
                    length,
                    kind: PlanKind::Fly,
                })
            }
            (MoveMode::TakeOff, state) => {
                let half = mv / 2.0;
                let probe = TakeOff {
                    unit,
                    name: u.name.clone(),
                    state,
                    has_flight: card.has(Trait::Flight),
                    total_models: u.models,
                    movement: mv,
                    blocked_at: None,
                    condition: u.condition,
                };
                take_off(&probe)?;
                if length + 1e-3 < half {
                    return Err(refuse(
                        "CW-FLY-5",
                        format!("a take-off moves exactly half the movement, {half}\""),
                    ));
                }
                let cut = truncate_path(start, &wps, half);
                let (_, others, names) = self.others(u, false);
                let blocked_at =
                    match table.check_move(&base, &cut, facing, mv * 4.0, false, &others, &[]) {
                        Ok(_) => None,
                        Err(MoveError::Unit(_, at)) => Some(at),
                        Err(MoveError::Impassable(_)) => {
                            let mut d = 0.0;
                            while d < half {
                                let (p, b) = point_along(start, base.facing, &cut, d + 0.1);
                                if table.check_standing(&base.at(p, b), false).is_err() {
                                    break;
                                }
                                d += 0.1;
                            }
                            Some(d.min(half))
                        }
                        Err(e) => return Err(move_error("CW-FLY-5", e, &names)),
                    };
                let r = take_off(&TakeOff {
                    blocked_at,
                    ..probe
                })?;
                let completed = r.state == FlightState::Airborne;
                let end = if completed {
                    end_of(&cut, facing)
                } else {
                    let (p, b) = point_along(start, base.facing, &cut, r.moved);
                    TablePos {
                        x: p.x,
                        y: p.y,
                        facing: b,
                    }
                };
                Ok(MovePlan {
                    unit,
                    fly_by: Vec::new(),
                    end,
                    length: r.moved,
                    kind: PlanKind::TakeOff {
                        completed,
                        entry: r.entry,
                        condition: r.condition,
                    },
                })
            }
            (MoveMode::Land | MoveMode::Dive, FlightState::Grounded) => Err(refuse(
                if *mode == MoveMode::Dive {
                    "CW-DIVE-1"
                } else {
                    "CW-LAND-1"
                },
                "only an airborne unit lands",
            )),
            (MoveMode::Land | MoveMode::Dive, FlightState::Airborne) => {
                let kind = if *mode == MoveMode::Dive {
                    check_dive_move(
                        u.flight,
                        card.has_charge_skill(),
                        false,
                        mv,
                        length,
                        DiveUse::Landing,
                        &[],
                    )?
                } else {
                    check_landing(true, mv, length)?;
                    LandingKind::Voluntary
                };
                let (_, others, names) = self.others(u, true);
                table
                    .check_move(&base, &wps, facing, mv * 2.0, true, &others, &[])
                    .map_err(|e| move_error(kind.rule(), e, &names))?;
                let end = end_of(&wps, facing);
                let spot = Base::new(end, u.footprint);
                self.landing_spot_ok(unit, &spot, table)?;
                if let Some(o) = self
                    .units
                    .iter()
                    .find(|o| o.side != u.side && o.alive() && o.base().in_contact(&spot))
                {
                    return Err(refuse(
                        "CW-ENG-2",
                        format!("landing in contact with {} is an engaging move", o.name),
                    ));
                }
                Ok(MovePlan {
                    unit,
                    fly_by: Vec::new(),
                    end,
                    length,
                    kind: PlanKind::Landing(kind),
                })
            }
            (MoveMode::EscapeByAir, FlightState::Airborne) => Err(refuse(
                "CW-ENG-7",
                "only an engaged grounded unit escapes by air",
            )),
            (MoveMode::EscapeByAir, FlightState::Grounded) => {
                let enemies = self.enemies_in_contact(u);
                if enemies.is_empty() {
                    return Err(refuse("CW-ENG-7", format!("{} is not engaged", u.name)));
                }
                check_can_fly(card.has(Trait::Flight))?;
                if phase == MovementPhase::Reserve {
                    return Err(refuse(
                        "CW-FLY-9",
                        "a unit taking flight ends airborne, and airborne units may not take Reserve Movement",
                    ));
                }
                if length + 1e-3 < mv {
                    return Err(refuse(
                        "CW-ENG-7",
                        format!("escaping by air is a full move of {mv}\""),
                    ));
                }
                let cut = truncate_path(start, &wps, mv);
                let (_, others, names) = self.others(u, true);
                table
                    .check_move(&base, &cut, facing, mv + 0.01, true, &others, &[])
                    .map_err(|e| move_error("CW-ENG-7", e, &names))?;
                let end = end_of(&cut, facing);
                let eb = Base::new(end, u.footprint);
                if let Some(o) = self
                    .units
                    .iter()
                    .find(|o| o.id != u.id && o.alive() && o.airborne() && o.base().overlaps(&eb))
                {
                    return Err(refuse(
                        "CW-FBY-1",
                        format!(
                            "an airborne unit may not end its move overlapping {}",
                            o.name
                        ),
                    ));
                }
                Ok(MovePlan {
                    unit,
                    fly_by: Vec::new(),
                    end,
                    length: mv,
                    kind: PlanKind::EscapeByAir { enemies },
                })
            }
            (MoveMode::Engage { target }, state) => {
                let t = self
                    .unit(*target)
                    .filter(|t| t.alive() && t.side != u.side)
                    .ok_or_else(|| refuse("CW-GEN-3", "the target is not a living enemy unit"))?;
                check_engagement(state, t.flight)?;
                let tb = t.base();
                if state == FlightState::Grounded {
                    let (ids, others, names) = self.others(u, false);
                    let ti: Vec<usize> = ids.iter().position(|i| i == target).into_iter().collect();
                    table
                        .check_move(&base, &wps, facing, mv, false, &others, &ti)
                        .map_err(|e| move_error("CW-GEN-3", e, &names))?;
                    let end = end_of(&wps, facing);
                    let fb = Base::new(end, u.footprint);
                    if !fb.in_contact(&tb) {
                        return Err(refuse(
                            "CW-GEN-3",
                            format!("an engaging move must end in base contact with {}", t.name),
                        ));
                    }
                    let angle = fb.approach_angle(&tb);
                    if angle > ENGAGE_ANGLE + 1e-3 {
                        return Err(refuse(
                            "CW-GEN-3",
                            format!(
                                "the angle of engagement is {angle:.0}°, more than {ENGAGE_ANGLE}°"
                            ),
                        ));
                    }
                    return Ok(MovePlan {
                        unit,
                        fly_by: Vec::new(),
                        end,
                        length,
                        kind: PlanKind::GroundEngage {
                            target: *target,
                            angle,
                        },
                    });
                }
                // From the air (CW-ENG-1 … CW-ENG-6): no minimum distance.
                let (_, others, names) = self.others(u, true);
                table
                    .check_move(&base, &wps, facing, mv, true, &others, &[])
                    .map_err(|e| move_error("CW-ENG-1", e, &names))?;
                let end = end_of(&wps, facing);
                let fb = Base::new(end, u.footprint);
                let reached = fb.distance_to(&tb) <= CONTACT;
                let angle_ok = fb.approach_angle(&tb) <= ENGAGE_ANGLE + 1e-3;
                let spot = if reached && angle_ok {
                    fb
                } else {
                    // Lands 1" short (CW-ENG-4, CW-ENG-5).
                    let away = (fb.center - tb.center).normalize_or_zero();
                    let mut s = fb;
                    let mut k = 0.0;
                    while s.distance_to(&tb) < 1.0 && k < 6.0 {
                        k += 0.05;
                        s = fb.at(fb.center + away * k, fb.facing);
                    }
                    s
                };
                let overlap = self.landing_spot_ok(unit, &spot, table).is_err();
                let flanked = self.units.iter().any(|o| {
                    o.side != u.side
                        && o.alive()
                        && !o.airborne()
                        && o.id != *target
                        && o.base().within(&spot, 1.0)
                        && spot.arc_of(o.base().center) != Arc::Front
                });
                let out = resolve_engaging_move(
                    unit,
                    *target,
                    &EngagingMove {
                        target_airborne: t.airborne(),
                        would_be_flanked: flanked,
                        would_overlap: overlap,
                        angle_ok: !reached || angle_ok,
                        reached,
                        dive: false,
                    },
                )?;
                Ok(MovePlan {
                    unit,
                    fly_by: Vec::new(),
                    end: TablePos {
                        x: spot.center.x,
                        y: spot.center.y,
                        facing: spot.facing,
                    },
                    length,
                    kind: PlanKind::AirEngage {
                        target: *target,
                        landing: out.landing,
                        entry: out.entry,
                    },
                })
            }
        }
    }

    /// The Maneuver test of a Break-Away by air (CW-ENG-7) [stand-in: a
    /// simple manoeuvre, taken even by a single model].
    fn escape_test(&self, u: &CwUnit, tables: &CwTables) -> ManeuverTest {
        let card = tables.unit(&u.unit_type);
        ManeuverTest {
            rule: "CW-ENG-7".into(),
            unit: u.id,
            name: format!("{} (Break-Away by air)", u.name),
            leadership: card.map_or(0, UnitStats::commander_leadership),
            tl: card.map_or(10, |c| c.tl),
            kind: ManeuverKind::Simple,
            single_model: false,
            airborne: false,
            modifiers: Vec::new(),
        }
    }

    fn lander(&self, u: &CwUnit, tables: &CwTables) -> Lander {
        let card = tables.unit(&u.unit_type);
        Lander {
            unit: u.id,
            name: u.name.clone(),
            leadership: card.map_or(0, UnitStats::commander_leadership),
            tl: card.map_or(10, |c| c.tl),
            single_model: u.models <= 1,
        }
    }

    fn exec_move(
        &mut self,
        plan: MovePlan,
        tables: &CwTables,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        let conv = tables.settings.convention;
        self.acted.push(plan.unit);
        let Some(u) = self.unit(plan.unit).cloned() else {
            return;
        };
        let name = u.name.clone();
        let mut entries = Vec::new();
        let mut landed: Option<LandingKind> = None;
        let mut condition = u.condition;
        let mut flight = u.flight;
        let mut end = plan.end;
        self.note_fly_by(&u, &plan.fly_by, &mut entries);
        match plan.kind {
            PlanKind::Walk => entries.push(LogEntry::event(
                "CW-GEN-3",
                vec![u.id],
                if plan.length < 0.01 {
                    format!("{name} turns to face {:.0}°", plan.end.facing)
                } else {
                    format!("{name} moves {:.1}\"", plan.length)
                },
            )),
            PlanKind::Fly => entries.push(LogEntry::event(
                "CW-FLY-10",
                vec![u.id],
                format!(
                    "{name} flies {:.1}\" over terrain and grounded units (CW-FLY-8, CW-FLY-11)",
                    plan.length
                ),
            )),
            PlanKind::TakeOff {
                completed,
                entry,
                condition: c,
            } => {
                entries.push(entry);
                condition = c;
                if completed {
                    flight = FlightState::Airborne;
                }
            }
            PlanKind::Landing(kind) => {
                let how = if kind == LandingKind::Dive {
                    " in a Dive used as a non-engaging landing (CW-DIVE-3)"
                } else {
                    ""
                };
                entries.push(LogEntry::event(
                    kind.rule(),
                    vec![u.id],
                    format!("{name} lands{how} after {:.1}\"", plan.length),
                ));
                landed = Some(kind);
            }
            PlanKind::GroundEngage { target, angle } => {
                entries.push(LogEntry::event(
                    "CW-GEN-3",
                    vec![u.id, target],
                    format!(
                        "{name} engages {} at an angle of {angle:.0}° (30° rule)",
                        self.unit(target).map_or("?", |t| t.name.as_str())
                    ),
                ));
                if self.holder().is_some_and(|h| h.id == target) {
                    entries.push(LogEntry::event(
                        "CW-HOS-3",
                        vec![u.id, target],
                        "engaged with the captor unit: a hindered unit fights with Strike Easy or All-Out Attack",
                    ));
                }
            }
            PlanKind::AirEngage {
                target,
                landing,
                entry,
            } => {
                entries.push(entry);
                if let Some(m) = self.unit_mut(u.id) {
                    m.pos = plan.end;
                }
                self.reactionary_fire(u.id, target, tables, dice, &mut entries);
                match self.unit(u.id) {
                    Some(m) if m.alive() => {
                        end = m.pos;
                        condition = m.condition;
                        landed = Some(landing);
                    }
                    _ => {
                        self.push(log, entries);
                        return;
                    }
                }
            }
            PlanKind::EscapeByAir { enemies } => {
                let card = tables.unit(&u.unit_type);
                let test = self.escape_test(&u, tables);
                let out = maneuver_test(dice, conv, &test);
                entries.push(out.entry.clone());
                condition = condition_after(condition, &out);
                let esc = escape(&Escape {
                    unit: u.id,
                    how: LeaveEngagement::BreakAway,
                    take_flight: true,
                    has_flight: card.is_some_and(|c| c.has(Trait::Flight)),
                    succeeded: out.pass,
                    movement: plan.length,
                });
                match esc {
                    Ok(esc) if esc.moved > 0.0 => {
                        entries.push(esc.entry);
                        if let Some(m) = self.unit_mut(u.id) {
                            m.pos = plan.end;
                            m.flight = esc.state;
                            m.condition = condition;
                        }
                        self.parting_shots(
                            u.id,
                            &enemies,
                            esc.parting_shot_bonus,
                            tables,
                            dice,
                            &mut entries,
                        );
                        self.push(log, entries);
                        return;
                    }
                    Ok(esc) => {
                        entries.push(esc.entry);
                        end = u.pos;
                    }
                    Err(r) => {
                        entries.push(LogEntry::event(&r.rule, vec![u.id], r.reason));
                        end = u.pos;
                    }
                }
            }
        }
        if let Some(kind) = landed {
            flight = FlightState::Grounded;
            let l = self.lander(&u, tables);
            if let Some(out) = landing_test(dice, conv, kind, &l) {
                condition = condition_after(condition, &out);
                entries.push(out.entry);
            }
        }
        if let Some(m) = self.unit_mut(plan.unit) {
            m.pos = end;
            m.condition = condition;
            m.flight = flight;
        }
        self.push(log, entries);
    }

    /// Notes the Fly-By contacts of a move (CW-FBY-1, CW-FBY-2): no
    /// engagement, the dice wait for the end of the phase.
    fn note_fly_by(
        &mut self,
        u: &CwUnit,
        contacts: &[(u32, Vec<RankContact>, Vec<RankContact>)],
        entries: &mut Vec<LogEntry>,
    ) {
        for (t, ranks, theirs) in contacts {
            let tname = self.unit(*t).map_or("?", |o| o.name.as_str()).to_string();
            let mine = self.note_dice(u.id, *t, ranks);
            let back = self.note_dice(*t, u.id, theirs);
            if mine + back == 0 {
                continue;
            }
            entries.push(LogEntry::event(
                "CW-FBY-2",
                vec![u.id, *t],
                format!(
                    "{} passes {tname} in the air without engaging it (CW-FBY-1): {mine} Fly-By dice noted for it, {back} for {tname}",
                    u.name
                ),
            ));
        }
    }

    /// Notes `unit`'s Fly-By dice against `target` (CW-FBY-2); returns them.
    fn note_dice(&mut self, unit: u32, target: u32, ranks: &[RankContact]) -> u32 {
        let rec = self.fly_by.entry(unit).or_default();
        let before = rec.pending_dice;
        rec.note_contacts(ranks);
        let added = rec.pending_dice - before;
        if added > 0 {
            *self
                .fly_by_dice
                .entry(unit)
                .or_default()
                .entry(target)
                .or_default() += added;
        }
        added
    }

    /// Reactionary fire (CW-LAND-3): grounded ranged unit `target`, if it can
    /// shoot (not broken, routing, spent or engaged), fires at the airborne
    /// unit `mover` engaging it, always at close range, before the landing
    /// test; one die per model against the mover's ranged ATN.
    fn reactionary_fire(
        &mut self,
        mover: u32,
        target: u32,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let (Some(m), Some(t)) = (self.unit(mover).cloned(), self.unit(target).cloned()) else {
            return;
        };
        let (Some(mcard), Some(tcard)) = (tables.unit(&m.unit_type), tables.unit(&t.unit_type))
        else {
            return;
        };
        if tcard.range.is_none()
            || !t.alive()
            || t.airborne()
            || t.spent > 0
            || matches!(t.condition, Condition::Broken | Condition::Routing)
            || self.engaged(&t)
        {
            return;
        }
        let measured = self
            .range_of(&t, &m, tables)
            .unwrap_or(RangeBand::OutOfRange);
        let band = reactionary_fire_band(true, measured);
        entries.push(LogEntry::event(
            "CW-LAND-3",
            vec![target, mover],
            format!(
                "{} fires at {} engaging it from the air: reactionary fire at {band:?} range",
                t.name, m.name
            ),
        ));
        let sit = AttackSituation {
            range_band: Some(band),
            ..Default::default()
        };
        let r = resolve_attack(
            dice,
            tables.settings.convention,
            &Attack {
                kind: AttackKind::Ranged,
                rule: "CW-LAND-3".into(),
                attacker: target,
                target: mover,
                dice: t.models,
                att: attack_value(tcard.att, &sit),
                dam: damage_value(tcard.dam, &sit),
                atn: mcard.atn_ranged,
            },
        );
        entries.extend(r.entries);
        self.take_wounds(mover, r.wounds, Some(t.side), tables, entries);
        self.morale_after_losses(mover, m.models, 0, false, tables, dice, entries);
    }

    /// Parting shots at `unit` leaving an engagement (CW-ENG-7): every enemy
    /// in `enemies`, in id order, rolls one die per model against the close
    /// ATN, at +`bonus` ATT/DAM (+1/+1 when it took flight).
    fn parting_shots(
        &mut self,
        unit: u32,
        enemies: &[u32],
        bonus: (i32, i32),
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let before = self.unit(unit).map_or(0, |u| u.models);
        let mut ids = enemies.to_vec();
        ids.sort_unstable();
        for e in ids {
            let (Some(eu), Some(u)) = (self.unit(e).cloned(), self.unit(unit).cloned()) else {
                continue;
            };
            if !eu.alive() || !u.alive() {
                continue;
            }
            let (Some(ecard), Some(ucard)) =
                (tables.unit(&eu.unit_type), tables.unit(&u.unit_type))
            else {
                continue;
            };
            let sit = AttackSituation {
                parting_shot_at_flyer: bonus != (0, 0),
                ..Default::default()
            };
            let r = resolve_attack(
                dice,
                tables.settings.convention,
                &Attack {
                    kind: AttackKind::PartingShot,
                    rule: "CW-ENG-7".into(),
                    attacker: e,
                    target: unit,
                    dice: eu.models,
                    att: attack_value(ecard.att, &sit),
                    dam: damage_value(ecard.dam, &sit),
                    atn: ucard.atn_close,
                },
            );
            entries.extend(r.entries);
            self.take_wounds(unit, r.wounds, Some(eu.side), tables, entries);
            if self.unit(unit).is_some_and(|u| !u.alive()) {
                self.holder_destroyed(unit, &[], entries);
            }
        }
        self.morale_after_losses(unit, before, 0, false, tables, dice, entries);
    }

    /// Rolls the Fly-By attacks of `side`'s units at the end of its Primary
    /// or Cavalry Movement phase (CW-FBY-3), in unit-id order, against each
    /// enemy touched with the dice of the models that touched it, with the
    /// attacker's ATT and DAM against the target's close ATN; a unit whose owner declined keeps its dice
    /// (CW-FBY-4); a unit that already rolled this turn may not roll again.
    fn fly_by_rolls(
        &mut self,
        side: u8,
        tables: &CwTables,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        let Some(phase) = self.phase.movement() else {
            return;
        };
        let ids: Vec<u32> = self
            .fly_by
            .iter()
            .filter(|(id, r)| {
                r.pending_dice > 0
                    && !self.fly_by_declined.contains(id)
                    && self.unit(**id).is_some_and(|u| u.side == side && u.alive())
            })
            .map(|(id, _)| *id)
            .collect();
        let mut entries = Vec::new();
        let mut hit: Vec<(u32, u32)> = Vec::new();
        for id in ids {
            let Some(u) = self.unit(id).cloned() else {
                continue;
            };
            let Some(card) = tables.unit(&u.unit_type) else {
                continue;
            };
            let n = match self.fly_by.get_mut(&id).map(|r| r.roll(phase)) {
                Some(Ok(n)) => n,
                Some(Err(r)) => {
                    if let Some(rec) = self.fly_by.get_mut(&id) {
                        rec.pending_dice = 0;
                    }
                    self.fly_by_dice.remove(&id);
                    entries.push(LogEntry::event(&r.rule, vec![id], r.reason));
                    continue;
                }
                None => continue,
            };
            // Each enemy touched gets the dice of the models that touched it.
            let per_target = self.fly_by_dice.remove(&id).unwrap_or_default();
            debug_assert_eq!(per_target.values().sum::<u32>(), n);
            for (tid, k) in per_target {
                let target = self.unit(tid).filter(|t| t.alive()).cloned();
                let Some((t, tcard)) =
                    target.and_then(|t| tables.unit(&t.unit_type).map(|c| (t, c)))
                else {
                    entries.push(LogEntry::event(
                        "CW-FBY-3",
                        vec![id, tid],
                        format!("{}'s Fly-By target is gone: {k} dice lost", u.name),
                    ));
                    continue;
                };
                entries.push(LogEntry::event(
                    "CW-FBY-3",
                    vec![id, t.id],
                    format!(
                        "{} makes Fly-By attacks on {} with {k} dice; it may not shoot or fight in close combat this turn (CW-FBY-4, CW-FBY-5)",
                        u.name, t.name
                    ),
                ));
                let r = fly_by_attack(
                    dice,
                    tables.settings.convention,
                    id,
                    t.id,
                    k,
                    (card.att, card.dam),
                    tcard.atn_close,
                );
                entries.extend(r.entries);
                if !hit.iter().any(|h| h.0 == t.id) {
                    hit.push((t.id, t.models));
                }
                self.take_wounds(t.id, r.wounds, Some(u.side), tables, &mut entries);
                if self.unit(t.id).is_some_and(|x| !x.alive()) {
                    self.holder_destroyed(t.id, &[], &mut entries);
                }
            }
        }
        hit.sort_unstable();
        for (t, before) in hit {
            self.morale_after_losses(t, before, 0, false, tables, dice, &mut entries);
        }
        self.push(log, entries);
    }

    /// Line of sight from `s`'s front edge to any of `t`'s centre and
    /// corners, at model height or raised 10" when airborne (CW-RNG-1);
    /// grounded units in between block.
    pub fn line_of_sight(&self, table: &Table, s: &CwUnit, t: &CwUnit) -> bool {
        let h = |u: &CwUnit| {
            if u.airborne() {
                AIRBORNE_LOS_HEIGHT
            } else {
                MODEL_HEIGHT
            }
        };
        let sb = s.base();
        let tb = t.base();
        let from = Eye {
            at: sb.front_center(),
            height: h(s),
        };
        let obstacles: Vec<Obstacle> = self
            .units
            .iter()
            .filter(|o| o.id != s.id && o.id != t.id && o.alive() && !o.airborne())
            .map(|o| Obstacle {
                base: o.base(),
                height: MODEL_HEIGHT,
            })
            .collect();
        let mut points = vec![tb.center];
        points.extend(tb.corners().map(|c| tb.center + (c - tb.center) * 0.9));
        points.into_iter().any(|p| {
            table
                .line_of_sight(
                    from,
                    Eye {
                        at: p,
                        height: h(t),
                    },
                    &obstacles,
                )
                .is_ok()
        })
    }

    /// The range band of `s` shooting at `t` (CW-RNG-3 … CW-RNG-6), measured
    /// edge to edge.
    pub fn range_of(&self, s: &CwUnit, t: &CwUnit, tables: &CwTables) -> Option<RangeBand> {
        self.range_detail(s, t, tables).map(|r| r.band)
    }

    /// The whole range check of `s` shooting at `t` (CW-RNG-3 … CW-RNG-6).
    pub fn range_detail(
        &self,
        s: &CwUnit,
        t: &CwUnit,
        tables: &CwTables,
    ) -> Option<super::ranged::RangeCheck> {
        let r = tables.unit(&s.unit_type)?.range?;
        let measured = s.base().distance_to(&t.base());
        Some(range_check(
            r.close, r.extended, measured, s.flight, t.flight,
        ))
    }

    /// Checks a shot (CW-RNG-2, CW-FBY-4) and returns the attack it makes.
    fn plan_shot(
        &self,
        unit: u32,
        target: u32,
        tables: &CwTables,
        table: &Table,
    ) -> Result<Attack, Refusal> {
        if self.phase != CwPhase::RangedAttack {
            return Err(refuse(
                "CW-RNG-2",
                "ranged attacks are made in the Ranged Attack phase",
            ));
        }
        let s = self.check_actor(unit)?;
        let card = tables
            .unit(&s.unit_type)
            .ok_or_else(|| refuse("CW-GEN-3", "unknown unit card"))?;
        if card.range.is_none() {
            return Err(refuse(
                "CW-RNG-2",
                format!("{} has no ranged attack", s.name),
            ));
        }
        if let Some(r) = self.fly_by.get(&unit) {
            r.check_ranged()?;
        }
        if !self.can_shoot(s, tables) {
            return Err(refuse(
                "CW-GEN-3",
                format!(
                    "{} cannot shoot now (already shot, engaged, spent, broken or routing)",
                    s.name
                ),
            ));
        }
        let t = self
            .unit(target)
            .filter(|t| t.alive() && t.side != s.side)
            .ok_or_else(|| refuse("CW-RNG-2", "the target is not a living enemy unit"))?;
        let sb = s.base();
        let visible: Vec<(&CwUnit, f32)> = self
            .units
            .iter()
            .filter(|o| o.side != s.side && o.alive())
            .filter(|o| sb.in_forward_arc(&o.base()) && self.line_of_sight(table, s, o))
            .map(|o| (o, sb.distance_to(&o.base())))
            .collect();
        let nearest = visible.iter().map(|v| v.1).fold(f32::INFINITY, f32::min);
        let band = self.range_of(s, t, tables).unwrap_or(RangeBand::OutOfRange);
        let view = TargetView {
            shooter_airborne: s.airborne(),
            target_airborne: t.airborne(),
            in_los: self.line_of_sight(table, s, t),
            in_range: band != RangeBand::OutOfRange,
            in_forward_arc: sb.in_forward_arc(&t.base()),
            closest: sb.distance_to(&t.base()) <= nearest + 0.01,
        };
        check_target(&view)?;
        let tcard = tables
            .unit(&t.unit_type)
            .ok_or_else(|| refuse("CW-GEN-3", "unknown unit card"))?;
        let sit = AttackSituation {
            range_band: Some(band),
            ..Default::default()
        };
        Ok(Attack {
            kind: AttackKind::Ranged,
            rule: "CW-RNG-6".into(),
            attacker: unit,
            target,
            dice: s.models,
            att: attack_value(card.att, &sit),
            dam: damage_value(card.dam, &sit),
            atn: tcard.atn_ranged,
        })
    }

    /// Removes models for `wounds` (CW-GEN-3), keeps the base's front edge,
    /// and destroys the unit at 0 models (honor to `by`, CW-HON-2).
    fn take_wounds(
        &mut self,
        id: u32,
        wounds: u32,
        by: Option<u8>,
        tables: &CwTables,
        entries: &mut Vec<LogEntry>,
    ) {
        let Some(u) = self.unit(id).cloned() else {
            return;
        };
        if wounds == 0 || !u.alive() {
            return;
        }
        let per = tables.unit(&u.unit_type).map_or(1, |c| c.wounds);
        let (lost, carried) = models_lost(per, u.wounds, wounds);
        let left = u.models.saturating_sub(lost);
        let fp = tables.footprint(&u.unit_type, left.max(1), Some(u.per_rank));
        let b = u.base();
        let front = b.front_center();
        if let Some(m) = self.unit_mut(id) {
            m.models = left;
            m.wounds = if left == 0 { 0 } else { carried };
            let c = front - bearing_vector(m.pos.facing) * fp.depth / 2.0;
            m.pos.x = c.x;
            m.pos.y = c.y;
            m.footprint = fp;
        }
        entries.push(LogEntry::event(
            "CW-GEN-3",
            vec![id],
            format!(
                "{} takes {wounds} Wounds: {lost} models removed, {left} left",
                u.name
            ),
        ));
        if left == 0 {
            self.destroy(id, by, tables, entries);
        }
    }

    /// Marks a unit destroyed; the enemy gains honor and VP (CW-HON-2).
    fn destroy(&mut self, id: u32, by: Option<u8>, tables: &CwTables, entries: &mut Vec<LogEntry>) {
        let Some(u) = self.unit(id).cloned() else {
            return;
        };
        if let Some(m) = self.unit_mut(id) {
            m.models = 0;
            m.condition = Condition::Destroyed;
            m.flight = FlightState::Grounded;
        }
        entries.push(LogEntry::event(
            "CW-GEN-3",
            vec![id],
            format!("{} is destroyed", u.name),
        ));
        if let Some(side) = by {
            let gains = &tables.settings.honor_gains;
            let a = &mut self.armies[side as usize & 1];
            let mut e = a.honor.change(
                honor_gain(HonorEvent::DestroyedUnit, gains),
                "CW-HON-2",
                &format!("destroyed {}", u.name),
            );
            e.units = vec![id];
            entries.push(e);
            if let Some(p) = &u.personality {
                let mut e = a.honor.change(
                    honor_gain(HonorEvent::DestroyedPersonality, gains),
                    "CW-HON-2",
                    &format!("destroyed the personality {p}"),
                );
                e.units = vec![id];
                entries.push(e);
            }
            a.vp += tables.settings.victory.destroy_unit_vp;
        }
    }

    /// Morale tests for the base triggers after losses (CW-GEN-3, with the
    /// honor +1 of CW-HON-3 and the airborne rule of CW-FLY-14).
    #[allow(clippy::too_many_arguments)]
    fn morale_after_losses(
        &mut self,
        id: u32,
        models_before: u32,
        enemy_models_engaged: u32,
        losing: bool,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let Some(u) = self.unit(id).cloned() else {
            return;
        };
        let Some(card) = tables.unit(&u.unit_type) else {
            return;
        };
        if !u.alive() {
            return;
        }
        let found = triggers(&TriggerInput {
            starting_models: u.starting_models,
            models_before,
            models_now: u.models,
            enemy_models_engaged,
            losing,
            commander_lost: false,
            friend_broke_nearby: false,
            morale_level: card.morale_level,
            engaged_while_shaken: false,
        });
        for tr in found {
            let Some(now) = self.unit(id).cloned() else {
                return;
            };
            if !now.alive() {
                return;
            }
            let t = self.morale_test_for(&now, card, MoraleCause::Trigger(tr));
            if let Some(out) = morale_test(
                dice,
                tables.settings.convention,
                &tables.settings.morale,
                &t,
            ) {
                entries.extend(out.entries);
                self.set_condition(id, out.after, tables, entries);
            }
            if let Some(m) = self.unit_mut(id) {
                m.morale_tests += 1;
            }
        }
    }

    fn morale_test_for(&self, u: &CwUnit, card: &UnitStats, cause: MoraleCause) -> MoraleTest {
        MoraleTest {
            unit: u.id,
            name: u.name.clone(),
            leadership: card.commander_leadership(),
            tl: card.tl,
            condition: u.condition,
            airborne: u.airborne(),
            full_retreat_this_turn: false,
            earlier_tests_this_turn: u.morale_tests,
            army_honor: self.armies[u.side as usize & 1].honor.honor,
            honor_immune: card.honor_immune(),
            cause,
            extra: Vec::new(),
        }
    }

    fn set_condition(
        &mut self,
        id: u32,
        c: Condition,
        tables: &CwTables,
        entries: &mut Vec<LogEntry>,
    ) {
        if c == Condition::Destroyed {
            let by = self.unit(id).map(|u| 1 - (u.side & 1));
            self.destroy(id, by, tables, entries);
        } else if let Some(m) = self.unit_mut(id) {
            m.condition = c;
        }
    }

    /// Resolves the declared shots in shooter id order (CW-RNG-6 bands;
    /// stand-in attack procedure), then the Morale tests of the targets.
    fn resolve_shots(&mut self, tables: &CwTables, dice: &mut Dice, log: &mut dyn LogSink) {
        let conv = tables.settings.convention;
        let mut shots = std::mem::take(&mut self.shots);
        shots.sort_by_key(|s| s.0);
        let before: BTreeMap<u32, u32> = self.units.iter().map(|u| (u.id, u.models)).collect();
        let mut entries = Vec::new();
        let mut hit: Vec<u32> = Vec::new();
        for (s, t) in shots {
            let (Some(su), Some(tu)) = (self.unit(s).cloned(), self.unit(t).cloned()) else {
                continue;
            };
            if !tu.alive() {
                entries.push(LogEntry::event(
                    "CW-RNG-2",
                    vec![s, t],
                    format!("{}'s target {} is gone: no shot", su.name, tu.name),
                ));
                continue;
            }
            let (Some(card), Some(tcard)) =
                (tables.unit(&su.unit_type), tables.unit(&tu.unit_type))
            else {
                continue;
            };
            let band = self.range_of(&su, &tu, tables).unwrap_or(RangeBand::Close);
            let sit = AttackSituation {
                range_band: Some(band),
                ..Default::default()
            };
            let dice_n = before.get(&s).copied().unwrap_or(su.models);
            let r = resolve_attack(
                dice,
                conv,
                &Attack {
                    kind: AttackKind::Ranged,
                    rule: "CW-RNG-6".into(),
                    attacker: s,
                    target: t,
                    dice: dice_n,
                    att: attack_value(card.att, &sit),
                    dam: damage_value(card.dam, &sit),
                    atn: tcard.atn_ranged,
                },
            );
            entries.extend(r.entries);
            let engaged: Vec<(u32, u8)> = if self.holder().is_some_and(|h| h.id == t) {
                self.enemies_in_contact(&tu)
                    .into_iter()
                    .filter_map(|id| self.unit(id).map(|u| (u.id, u.side)))
                    .collect()
            } else {
                Vec::new()
            };
            self.take_wounds(t, r.wounds, Some(su.side), tables, &mut entries);
            if self.unit(t).is_some_and(|u| !u.alive()) {
                self.holder_destroyed(t, &engaged, &mut entries);
            }
            if !hit.contains(&t) {
                hit.push(t);
            }
        }
        hit.sort_unstable();
        for t in hit {
            let b = before.get(&t).copied().unwrap_or(0);
            self.morale_after_losses(t, b, 0, false, tables, dice, &mut entries);
        }
        self.push(log, entries);
    }

    /// The destroyed unit `id` held the living hostage: a unit engaged with
    /// it (`engaged`, at that moment) recovers it automatically (CW-HOS-7);
    /// with none, the hostage is lost with it [stand-in].
    fn holder_destroyed(&mut self, id: u32, engaged: &[(u32, u8)], entries: &mut Vec<LogEntry>) {
        let Some(h) = self.hostage.as_mut() else {
            return;
        };
        if !h.state.alive || h.state.holder != id {
            return;
        }
        match captor_wiped_out(&mut h.state, engaged, None) {
            Some(e) => entries.push(e),
            None => {
                h.state.alive = false;
                entries.push(LogEntry::event(
                    "CW-HOS-7",
                    vec![id],
                    "the holding unit is destroyed with no enemy engaged: the hostage is lost with it [stand-in]",
                ));
            }
        }
        self.stances.clear();
    }

    /// The Close Combat phase (automatic after the stances): simultaneous
    /// attacks of every grounded unit in contact (stand-in), stances against
    /// the captor (CW-HOS-3), Morale, the hostage destruction test
    /// (CW-HOS-4), the captor wiped out (CW-HOS-7), recovery (CW-HOS-6,
    /// CW-HOS-8 … CW-HOS-10).
    #[allow(clippy::too_many_lines)]
    fn resolve_close_combat(&mut self, tables: &CwTables, dice: &mut Dice, log: &mut dyn LogSink) {
        let conv = tables.settings.convention;
        let before: BTreeMap<u32, u32> = self.units.iter().map(|u| (u.id, u.models)).collect();
        let contacts: BTreeMap<u32, Vec<u32>> = self
            .units
            .iter()
            .map(|u| (u.id, self.enemies_in_contact(u)))
            .filter(|(_, v)| !v.is_empty())
            .collect();
        if contacts.is_empty() {
            return;
        }
        let holder_id = self.holder().map(|h| h.id);
        let mut entries = Vec::new();
        let mut inflicted: BTreeMap<(u32, u32), u32> = BTreeMap::new();
        let mut all_out = false;
        for (&a, targets) in &contacts {
            let Some(au) = self.unit(a).cloned() else {
                continue;
            };
            let Some(card) = tables.unit(&au.unit_type) else {
                continue;
            };
            if au.spent > 0 || au.condition == Condition::Routing {
                entries.push(LogEntry::event(
                    "CW-GEN-3",
                    vec![a],
                    format!("{} is spent or routing and does not attack", au.name),
                ));
                continue;
            }
            if let Some(Err(r)) = self.fly_by.get(&a).map(FlyByRecord::check_close_combat) {
                entries.push(LogEntry::event(&r.rule, vec![a], r.reason));
                continue;
            }
            let t = targets[0];
            let Some(tu) = self.unit(t).cloned() else {
                continue;
            };
            let Some(tcard) = tables.unit(&tu.unit_type) else {
                continue;
            };
            let mut sit = AttackSituation::default();
            if holder_id == Some(t) && self.is_hindered(&au, tables) {
                let rec = self.stances.get(&a).copied().unwrap_or_default();
                let st = match rec.stance {
                    Some(s) => s,
                    None => {
                        entries.push(LogEntry::event(
                            "CW-HOS-3",
                            vec![a, t],
                            format!(
                                "{} chose no stance against the captor: Strike Easy [stand-in]",
                                au.name
                            ),
                        ));
                        self.stances.insert(
                            a,
                            StanceRecord {
                                stance: Some(Stance::StrikeEasy),
                                all_out_paid: rec.all_out_paid,
                            },
                        );
                        Stance::StrikeEasy
                    }
                };
                if st == Stance::AllOutAttack {
                    all_out = true;
                }
                sit.stance = Some(st);
            }
            let r = resolve_attack(
                dice,
                conv,
                &Attack {
                    kind: AttackKind::CloseCombat,
                    rule: "CW-GEN-3".into(),
                    attacker: a,
                    target: t,
                    dice: au.models,
                    att: attack_value(card.att, &sit),
                    dam: damage_value(card.dam, &sit),
                    atn: tcard.atn_close,
                },
            );
            entries.extend(r.entries);
            *inflicted.entry((a, t)).or_default() += r.wounds;
        }
        let mut on: BTreeMap<u32, (u32, u8)> = BTreeMap::new();
        for (&(a, t), &w) in &inflicted {
            let side = self.unit(a).map_or(0, |u| u.side);
            let e = on.entry(t).or_insert((0, side));
            e.0 += w;
        }
        let holder_engaged: Vec<(u32, u8)> = holder_id
            .and_then(|h| contacts.get(&h))
            .map(|v| {
                v.iter()
                    .filter_map(|id| self.unit(*id).map(|u| (u.id, u.side)))
                    .collect()
            })
            .unwrap_or_default();
        for (&t, &(w, side)) in &on {
            if Some(t) == holder_id {
                self.captor_wounds_this_turn += w;
            }
            self.take_wounds(t, w, Some(side), tables, &mut entries);
        }
        // Declared sacrifices, now that the enemy's attack is resolved (CW-HOS-6 (b)).
        let mut sacrificed: BTreeMap<u32, u32> = BTreeMap::new();
        let mut declared = std::mem::take(&mut self.sacrifices);
        declared.sort_unstable();
        for id in declared {
            let Some(u) = self.unit_mut(id) else {
                continue;
            };
            if u.models <= 2 {
                let name = u.name.clone();
                entries.push(LogEntry::event(
                    "CW-HOS-6",
                    vec![id],
                    format!("{name} has no two models left to sacrifice"),
                ));
                continue;
            }
            u.models -= 2;
            let name = u.name.clone();
            sacrificed.insert(id, 2);
            entries.push(LogEntry::event(
                "CW-HOS-6",
                vec![id],
                format!("{name} sacrifices two models to reach the hostage"),
            ));
        }
        // Morale after the phase's losses.
        for (&id, enemies) in &contacts {
            let received: u32 = inflicted
                .iter()
                .filter(|((_, t), _)| *t == id)
                .map(|(_, w)| *w)
                .sum();
            let dealt: u32 = inflicted
                .iter()
                .filter(|((a, _), _)| *a == id)
                .map(|(_, w)| *w)
                .sum();
            let enemy_models: u32 = enemies
                .iter()
                .filter_map(|e| self.unit(*e))
                .map(|e| e.models)
                .sum();
            let b = before.get(&id).copied().unwrap_or(0);
            self.morale_after_losses(
                id,
                b,
                enemy_models,
                received > dealt,
                tables,
                dice,
                &mut entries,
            );
        }
        // The hostage.
        if let (Some(hid), Some(h)) = (holder_id, self.hostage.clone()) {
            let mut state = h.state.clone();
            if let Some(out) = destruction_test(
                dice,
                conv,
                &mut state,
                all_out,
                self.captor_wounds_this_turn,
            ) {
                entries.push(out.roll.entry);
                if out.destroyed {
                    entries.push(LogEntry::event(
                        "CW-HOS-4",
                        vec![hid],
                        format!("{} is killed in the fighting", h.name),
                    ));
                }
            }
            let holder_dead = self.unit(hid).is_none_or(|u| !u.alive());
            if state.alive && holder_dead {
                let engaged: Vec<(u32, u8)> = holder_engaged
                    .iter()
                    .copied()
                    .filter(|(id, _)| self.unit(*id).is_some_and(CwUnit::alive))
                    .collect();
                match captor_wiped_out(&mut state, &engaged, None) {
                    Some(e) => entries.push(e),
                    None => {
                        state.alive = false;
                        entries.push(LogEntry::event(
                            "CW-HOS-7",
                            vec![hid],
                            "the holding unit is destroyed with no enemy left engaged: the hostage is lost with it [stand-in]",
                        ));
                    }
                }
            } else if state.alive {
                let holder = self.unit(hid).cloned();
                let hl = holder
                    .as_ref()
                    .and_then(|u| tables.unit(&u.unit_type))
                    .map_or(0, UnitStats::commander_leadership);
                for (cid, cside) in &holder_engaged {
                    let Some(c) = self.unit(*cid).cloned() else {
                        continue;
                    };
                    if !c.alive() {
                        continue;
                    }
                    let claim = RecoveryClaim {
                        engaged_with_holder: self.enemies_in_contact(&c).contains(&hid),
                        wounds_inflicted: inflicted.get(&(*cid, hid)).copied().unwrap_or(0),
                        wounds_received: inflicted.get(&(hid, *cid)).copied().unwrap_or(0),
                        models_sacrificed: sacrificed.get(cid).copied().unwrap_or(0),
                        condition: c.condition,
                        spent: c.spent > 0,
                    };
                    match recovery_eligibility(&claim) {
                        Err(r) => entries.push(LogEntry::event(
                            &r.rule,
                            vec![*cid, hid],
                            format!(
                                "{} may not try to recover the hostage: {}",
                                c.name, r.reason
                            ),
                        )),
                        Ok(_) => {
                            let card = tables.unit(&c.unit_type);
                            let out = recovery_test(
                                dice,
                                conv,
                                &mut state,
                                &RecoveryTest {
                                    unit: *cid,
                                    side: *cside,
                                    leadership: card.map_or(0, UnitStats::commander_leadership),
                                    holder_leadership: hl,
                                    tl: card.map_or(10, |c| c.tl),
                                },
                            );
                            entries.extend(out.entries);
                            if out.recovered {
                                break;
                            }
                        }
                    }
                }
            }
            if state.holder != h.state.holder || !state.alive {
                self.stances.clear();
            }
            if let Some(hh) = self.hostage.as_mut() {
                hh.state = state;
            }
        }
        // Stances last until the engagement with the captor ends (CW-HOS-3).
        let holder_now = self.holder().cloned();
        let still: Vec<u32> = holder_now
            .map(|h| self.enemies_in_contact(&h))
            .unwrap_or_default();
        self.stances.retain(|id, _| still.contains(id));
        self.push(log, entries);
    }

    /// An airborne unit that did not move this phase makes a forced landing
    /// (CW-FLY-10, CW-FRC-1 … CW-FRC-3).
    fn forced_landings(
        &mut self,
        side: u8,
        tables: &CwTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        let ids: Vec<u32> = self
            .units
            .iter()
            .filter(|u| u.side == side && u.alive() && u.airborne() && !self.acted.contains(&u.id))
            .map(|u| u.id)
            .collect();
        let conv = tables.settings.convention;
        for id in ids {
            let Some(u) = self.unit(id).cloned() else {
                continue;
            };
            let Some(card) = tables.unit(&u.unit_type) else {
                continue;
            };
            let mut entries = vec![LogEntry::event(
                "CW-FLY-10",
                vec![id],
                format!(
                    "{} did not move at least half its movement this phase: it loses its movement",
                    u.name
                ),
            )];
            if !forced_landing_required(u.flight, ForcedCause::LostMovement) {
                continue;
            }
            let b = u.base();
            let fwd = b.forward();
            let half = card.movement / 2.0;
            let grounded: Vec<Base> = self
                .units
                .iter()
                .filter(|o| o.id != id && o.alive() && !o.airborne())
                .map(CwUnit::base)
                .collect();
            let mut found = None;
            let mut ext = 0.0;
            while ext <= card.movement * 3.0 {
                let spot = b.at(b.center + fwd * (half + ext), b.facing);
                if !table.holds(&spot) {
                    break;
                }
                if table.check_standing(&spot, false).is_ok()
                    && grounded.iter().all(|o| o.distance_to(&spot) > 1.0)
                {
                    found = Some((spot, ext));
                    break;
                }
                ext += 0.5;
            }
            let Some((spot, ext)) = found else {
                entries.push(LogEntry::event(
                    "CW-FRC-3",
                    vec![id],
                    format!(
                        "{} finds no clear landing spot ahead and stays airborne [stand-in]",
                        u.name
                    ),
                ));
                self.push(log, entries);
                continue;
            };
            entries.push(LogEntry::event(
                "CW-FRC-1",
                vec![id],
                format!("{} must make a forced landing", u.name),
            ));
            let r = forced_landing(&ForcedLanding {
                unit: id,
                movement: card.movement,
                extension: ext,
                single_model: u.models <= 1,
                condition: u.condition,
                spent_turns: u.spent,
            });
            entries.extend(r.entries);
            if let Some(m) = self.unit_mut(id) {
                m.pos.x = spot.center.x;
                m.pos.y = spot.center.y;
                m.flight = FlightState::Grounded;
                m.condition = r.condition;
                m.spent = r.spent_turns;
            }
            if r.damage_dice > 0 {
                let (w, e) =
                    roll_forced_landing_damage(dice, conv, id, r.damage_dice, card.atn_close);
                entries.push(e);
                self.take_wounds(id, w, None, tables, &mut entries);
            }
            self.push(log, entries);
        }
    }

    fn end_side_phase(
        &mut self,
        side: u8,
        tables: &CwTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        if matches!(
            self.phase,
            CwPhase::PrimaryMovement | CwPhase::CavalryMovement
        ) {
            self.fly_by_rolls(side, tables, dice, log);
            self.forced_landings(side, tables, table, dice, log);
        }
        if self.check_victory(tables, log) {
            return;
        }
        if side == 0 && self.has_decisions(1, tables) {
            self.active = 1;
            return;
        }
        loop {
            match self.phase {
                CwPhase::RangedAttack => self.resolve_shots(tables, dice, log),
                CwPhase::CloseCombat => self.resolve_close_combat(tables, dice, log),
                _ => {}
            }
            if self.check_victory(tables, log) {
                return;
            }
            self.phase = self.phase.next();
            self.acted.clear();
            self.fly_by_declined.clear();
            if self.phase == CwPhase::End {
                self.end_phase(tables, dice, log);
                if self.result.is_some() {
                    return;
                }
            }
            for s in [0, 1] {
                if self.has_decisions(s, tables) {
                    self.active = s;
                    return;
                }
            }
            // Nobody decides here: airborne units of both sides did not
            // move (none can), so the phase passes.
            if matches!(
                self.phase,
                CwPhase::PrimaryMovement | CwPhase::CavalryMovement
            ) {
                for s in [0, 1] {
                    self.fly_by_rolls(s, tables, dice, log);
                    self.forced_landings(s, tables, table, dice, log);
                }
            }
        }
    }

    /// The End phase: honor levels (CW-HON-4/5/6/9, CW-HON-10 exemptions),
    /// the extra card (CW-HON-7), rally, spent countdown; then the turn limit
    /// or the next turn.
    fn end_phase(&mut self, tables: &CwTables, dice: &mut Dice, log: &mut dyn LogSink) {
        let conv = tables.settings.convention;
        let mut entries = Vec::new();
        let honors = [self.armies[0].honor.honor, self.armies[1].honor.honor];
        let card = match extra_card_army(&honors) {
            Some(i) => format!(
                "{} has the highest honor and draws an extra Tactical Card (cards are not played in this release)",
                self.side_names[i]
            ),
            None => "equal honor: nobody draws the extra Tactical Card".into(),
        };
        entries.push(LogEntry::event("CW-HON-7", vec![], card));
        for side in [0u8, 1] {
            let tests = self.armies[side as usize].honor.end_of_turn();
            entries.extend(HonorTrack::announce(&tests));
            for t in tests {
                let testing = if t.enemy_tests { 1 - side } else { side };
                let ids: Vec<u32> = self
                    .units
                    .iter()
                    .filter(|u| u.side == testing && u.alive())
                    .map(|u| u.id)
                    .collect();
                for id in ids {
                    let Some(u) = self.unit(id).cloned() else {
                        continue;
                    };
                    let Some(c) = tables.unit(&u.unit_type) else {
                        continue;
                    };
                    let mt = self.morale_test_for(&u, c, MoraleCause::Honor(t));
                    match morale_test(dice, conv, &tables.settings.morale, &mt) {
                        Some(out) => {
                            entries.extend(out.entries);
                            self.set_condition(id, out.after, tables, &mut entries);
                        }
                        None => entries.push(LogEntry::event(
                            "CW-HON-10",
                            vec![id],
                            format!("{} is immune to honor: no test", u.name),
                        )),
                    }
                }
            }
        }
        let ids: Vec<u32> = self
            .units
            .iter()
            .filter(|u| u.alive())
            .map(|u| u.id)
            .collect();
        for id in ids {
            let Some(u) = self.unit(id).cloned() else {
                continue;
            };
            let Some(c) = tables.unit(&u.unit_type) else {
                continue;
            };
            let mt = self.morale_test_for(
                &u,
                c,
                MoraleCause::Trigger(super::morale::MoraleTrigger::EngagedWhileShaken),
            );
            if let Some(out) = rally(dice, conv, &tables.settings.morale, &mt) {
                entries.extend(out.entries);
                self.set_condition(id, out.after, tables, &mut entries);
            }
            if let Some(m) = self.unit_mut(id) {
                m.spent = spent_after_end_phase(m.spent);
                m.morale_tests = 0;
            }
        }
        self.push(log, entries);
        if self.check_victory(tables, log) {
            return;
        }
        if self.turn >= self.turn_limit {
            self.finish_at_turn_limit(tables, log);
            return;
        }
        self.turn += 1;
        self.phase = CwPhase::SpecialOrders;
        self.fly_by.clear();
        self.fly_by_dice.clear();
        self.captor_wounds_this_turn = 0;
        self.acted.clear();
    }

    /// A side with no unit left, or only routing ones, loses [stand-in].
    fn check_victory(&mut self, _tables: &CwTables, log: &mut dyn LogSink) -> bool {
        if self.result.is_some() {
            return true;
        }
        let out = |s: u8| {
            let mine: Vec<&CwUnit> = self
                .units
                .iter()
                .filter(|u| u.side == s && u.alive())
                .collect();
            if mine.is_empty() {
                Some("destroyed")
            } else if mine.iter().all(|u| u.condition == Condition::Routing) {
                Some("routed")
            } else {
                None
            }
        };
        let (a, b) = (out(0), out(1));
        let result = match (a, b) {
            (None, None) => return false,
            (Some(_), Some(_)) => CwResult {
                winner: None,
                reason: "both armies are destroyed or routed: a draw".into(),
            },
            (Some(how), None) => CwResult {
                winner: Some(1),
                reason: format!("the {} army is {how}", self.side_names[0]),
            },
            (None, Some(how)) => CwResult {
                winner: Some(0),
                reason: format!("the {} army is {how}", self.side_names[1]),
            },
        };
        self.push(
            log,
            [LogEntry::event(
                "CW-GEN-3",
                vec![],
                format!("battle over: {}", result.reason),
            )],
        );
        self.result = Some(result);
        true
    }

    /// Scores at the turn limit [stand-in]: VP, plus the hostage-holding
    /// bonus; ties go to honor, then a draw.
    fn finish_at_turn_limit(&mut self, tables: &CwTables, log: &mut dyn LogSink) {
        let v = &tables.settings.victory;
        let mut vp = [self.armies[0].vp, self.armies[1].vp];
        let mut note = String::new();
        if let Some(h) = self.holder() {
            let s = h.side as usize & 1;
            vp[s] += v.hostage_held_vp;
            note = format!(
                "; {} holds the living hostage (+{})",
                self.side_names[s], v.hostage_held_vp
            );
        }
        let honor = [self.armies[0].honor.honor, self.armies[1].honor.honor];
        let winner: Option<u8> = if vp[0] != vp[1] {
            Some(if vp[0] > vp[1] { 0 } else { 1 })
        } else if honor[0] != honor[1] {
            Some(if honor[0] > honor[1] { 0 } else { 1 })
        } else {
            None
        };
        let reason = format!(
            "turn limit {}: {} {} VP, {} {} VP{note} (stand-in scoring: {} VP per enemy unit destroyed, {} VP for holding a living hostage, -2 VP per All-Out Attack or execution; ties go to honor {}-{}){}",
            self.turn_limit,
            self.side_names[0],
            vp[0],
            self.side_names[1],
            vp[1],
            v.destroy_unit_vp,
            v.hostage_held_vp,
            honor[0],
            honor[1],
            match winner {
                Some(w) => format!(" — {} wins", self.side_names[w as usize & 1]),
                None => " — a draw".into(),
            }
        );
        self.push(
            log,
            [LogEntry::event(
                "CW-GEN-3",
                vec![],
                format!("battle over: {reason}"),
            )],
        );
        self.result = Some(CwResult { winner, reason });
    }

    /// Exact odds of a command before it is committed: hit and wound chances
    /// of a shot (CW-RNG-6), the landing test (CW-LAND-2, CW-DIVE-4,
    /// CW-ENG-3 … CW-ENG-5), whether the hostage survives (CW-HOS-4,
    /// CW-HOS-5). Empty for a command that would be refused.
    pub fn odds(&self, cmd: &CwCommand, tables: &CwTables, table: &Table) -> Vec<(String, f64)> {
        use super::hostage::{DESTRUCTION_TN, destruction_modifier};
        use super::landing::landing_test_for;
        use super::maneuver::maneuver_chance;
        use super::test_roll::Comparison;
        let conv = tables.settings.convention;
        match cmd {
            CwCommand::Shoot { unit, target } => {
                let Ok(a) = self.plan_shot(*unit, *target, tables, table) else {
                    return Vec::new();
                };
                let p_hit = conv.success_chance(a.att.total(), a.atn, Comparison::AtLeast);
                let p_w = wound_chance(conv, a.att.total(), a.dam.total(), a.atn);
                let n = i32::try_from(a.dice).unwrap_or(i32::MAX);
                vec![
                    ("hit chance per die".into(), p_hit),
                    ("wound chance per die".into(), p_w),
                    ("at least one hit".into(), 1.0 - (1.0 - p_hit).powi(n)),
                    ("at least one wound".into(), 1.0 - (1.0 - p_w).powi(n)),
                ]
            }
            CwCommand::Move {
                unit,
                path,
                facing,
                mode,
            } => {
                let Ok(plan) = self.plan_move(*unit, path, *facing, mode, tables, table) else {
                    return Vec::new();
                };
                let Some(u) = self.unit(*unit) else {
                    return Vec::new();
                };
                let kind = match plan.kind {
                    PlanKind::Landing(k) => k,
                    PlanKind::AirEngage { landing, .. } => landing,
                    PlanKind::EscapeByAir { .. } => {
                        let t = self.escape_test(u, tables);
                        return vec![("Break-Away test passes".into(), maneuver_chance(conv, &t))];
                    }
                    PlanKind::TakeOff { completed, .. } => {
                        return vec![(
                            "take-off completes".into(),
                            if completed { 1.0 } else { 0.0 },
                        )];
                    }
                    _ => return Vec::new(),
                };
                landing_test_for(kind, &self.lander(u, tables))
                    .map(|t| vec![("landing test passes".into(), maneuver_chance(conv, &t))])
                    .unwrap_or_default()
            }
            CwCommand::Stance { unit, stance } => {
                if self.plan_stance(*unit, *stance, tables).is_err() {
                    return Vec::new();
                }
                let p = match stance {
                    Stance::StrikeEasy => 1.0,
                    Stance::AllOutAttack => conv.success_chance(
                        destruction_modifier(self.captor_wounds_this_turn),
                        DESTRUCTION_TN,
                        Comparison::AtLeast,
                    ),
                };
                vec![("hostage survives".into(), p)]
            }
            CwCommand::ExecuteHostage { .. } => vec![("hostage survives".into(), 0.0)],
            CwCommand::FlyBy { .. } | CwCommand::Sacrifice { .. } | CwCommand::EndPhase { .. } => {
                Vec::new()
            }
        }
    }
}

/// The ranks of `u` whose models would touch in a Fly-By (CW-FBY-2): every
/// rank when the units pass through each other, else the front rank; an
/// incomplete rank is marked so.
fn contact_ranks(u: &CwUnit, through: bool) -> Vec<RankContact> {
    let per_rank = u.per_rank.max(1);
    let (full, rest) = (u.models / per_rank, u.models % per_rank);
    if through {
        let mut r: Vec<RankContact> = (0..full)
            .map(|_| RankContact {
                models: per_rank,
                complete: true,
            })
            .collect();
        if rest > 0 {
            r.push(RankContact {
                models: rest,
                complete: false,
            });
        }
        r
    } else {
        vec![RankContact {
            models: per_rank.min(u.models),
            complete: full > 0,
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::log::GameLog;
    use crate::engine::table_game::{Pick, TableRules, play_defaults};
    use crate::rules::clan_war::ClanWar;

    const SCENARIO: &str = include_str!("../../../scenarios/desperate_journey.ron");

    fn setup() -> (CwScenario, CwTables, Table) {
        let tables = CwTables::load().expect("tables");
        let s = TableScenario::<CwSetup>::from_str("desperate_journey.ron", SCENARIO, &tables)
            .expect("scenario parses");
        let table = s.build_table();
        (s, tables, table)
    }

    /// A small in-code battle: an airborne Fire Dragon (id 1) facing Crane
    /// Elite Archers (id 2) on an open table; Primary Movement, Lion deciding.
    fn duel(dragon_at: (f32, f32), archers_at: (f32, f32)) -> (CwBattle, CwTables, Table) {
        let tables = CwTables::load().expect("tables");
        let text = format!(
            r#"(ruleset: "clan_war", name: "duel", turn_limit: 2,
            table: (width: 48.0, depth: 48.0, areas: [
              (name: "Crag", effects: [Impassable, HighReaching, BlocksLos], height: 20.0,
               points: [(40.0, 40.0), (46.0, 40.0), (46.0, 46.0), (40.0, 46.0)])]),
            sides: [(name: "Lion", edge: South, color: (1.0, 0.5, 0.0)),
                    (name: "Crane", edge: North, color: (0.0, 0.5, 1.0))],
            units: [
              (id: 1, side: "Lion", unit_type: "fire_dragon", at: ({}, {}), facing: 0.0),
              (id: 2, side: "Crane", unit_type: "crane_elite_archers", at: ({}, {}), facing: 180.0)],
            setup: (armies: [(side: "Lion", clan: "lion"), (side: "Crane", clan: "crane")]))"#,
            dragon_at.0, dragon_at.1, archers_at.0, archers_at.1
        );
        let s = TableScenario::<CwSetup>::from_str("duel.ron", &text, &tables).expect("duel");
        let table = s.build_table();
        let mut b = CwBattle::new(&s, &tables);
        assert_eq!(b.phase, CwPhase::PrimaryMovement);
        assert_eq!(b.awaiting(), Some(0));
        if let Some(d) = b.unit_mut(1) {
            d.flight = FlightState::Airborne;
        }
        (b, tables, table)
    }

    fn play(
        b: &mut CwBattle,
        tables: &CwTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
        max_steps: usize,
    ) -> (usize, bool) {
        let mut steps = 0;
        let mut airborne_seen = false;
        while let Some(side) = ClanWar::awaiting(b) {
            let refused = play_defaults::<ClanWar>(b, side, tables, table, dice, log);
            assert!(refused.is_empty(), "default commands refused: {refused:?}");
            airborne_seen |= ClanWar::units(b, tables).iter().any(|u| u.airborne);
            steps += 1;
            if steps >= max_steps {
                break;
            }
        }
        (steps, airborne_seen)
    }

    #[test]
    fn desperate_journey_parses_and_plays_to_its_end() {
        // CW-HON-1 starting honor, CW-HOS-1 hostage, CW-FLY-5 take-off by the
        // default policy, and a result at the end.
        let (s, tables, table) = setup();
        assert!(ClanWar::check_scenario(&s, &tables).is_ok());
        let mut b = ClanWar::new_battle(&s, &tables);
        // Lion: base 10 + Matsu Tsuko 3; Crane: base 12 + Doji Hoturi 4.
        assert_eq!(b.armies[0].honor.honor, 13);
        assert_eq!(b.armies[1].honor.honor, 16);
        assert_eq!(b.holder().map(|h| h.id), Some(1));
        // Special Orders: only the captor's side decides (CW-HOS-5).
        assert_eq!((b.phase, b.awaiting()), (CwPhase::SpecialOrders, Some(0)));
        let mut dice = Dice::new(s.seed.unwrap_or(1));
        let mut log = GameLog::default();
        let (_, airborne_seen) = play(&mut b, &tables, &table, &mut dice, &mut log, 5000);
        assert!(b.result.is_some(), "the battle ends");
        assert!(airborne_seen, "the Fire Dragon takes off at some point");
        assert!(
            log.entries
                .iter()
                .any(|e| e.rule == "CW-FLY-5" && e.what.contains("takes off"))
        );
        assert!(log.entries.iter().all(|e| e.rule.starts_with("CW-")));
        let names = [s.sides[0].name.clone(), s.sides[1].name.clone()];
        assert!(ClanWar::result(&b, &names).is_some());
        assert!(b.turn <= 6);
    }

    #[test]
    fn same_seed_same_log() {
        let (s, tables, table) = setup();
        let run = || {
            let mut b = CwBattle::new(&s, &tables);
            let mut dice = Dice::new(11);
            let mut log = GameLog::default();
            play(&mut b, &tables, &table, &mut dice, &mut log, 5000);
            (log.to_jsonl(), b)
        };
        let (a, ba) = run();
        let (c, bc) = run();
        assert_eq!(a, c);
        assert_eq!(ba, bc);
    }

    #[test]
    fn ron_round_trip_mid_battle_continues_identically() {
        let (s, tables, table) = setup();
        let mut b = CwBattle::new(&s, &tables);
        let mut dice = Dice::new(5);
        let mut log = GameLog::default();
        play(&mut b, &tables, &table, &mut dice, &mut log, 12);
        assert!(b.result.is_none());
        let saved_b = ron::to_string(&b).expect("battle to ron");
        let saved_d = ron::to_string(&dice).expect("dice to ron");
        let mut b2: CwBattle = ron::from_str(&saved_b).expect("battle from ron");
        let mut d2: Dice = ron::from_str(&saved_d).expect("dice from ron");
        assert_eq!(b2, b);
        let mut log2 = log.clone();
        play(&mut b, &tables, &table, &mut dice, &mut log, 5000);
        play(&mut b2, &tables, &table, &mut d2, &mut log2, 5000);
        assert_eq!(log.to_jsonl(), log2.to_jsonl());
        assert_eq!(b, b2);
    }

    #[test]
    fn refused_commands_change_nothing() {
        let (s, tables, table) = setup();
        let mut b = CwBattle::new(&s, &tables);
        let mut dice = Dice::new(3);
        let mut log = GameLog::default();
        // Into Primary Movement.
        b.apply(
            &CwCommand::EndPhase { side: 0 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end special orders");
        assert_eq!(b.phase, CwPhase::PrimaryMovement);
        let before = b.clone();
        let n = log.entries.len();
        let bad = [
            CwCommand::Shoot {
                unit: 3,
                target: 12,
            },
            CwCommand::EndPhase { side: 1 },
            // A Crane unit while the Lion decide.
            CwCommand::Move {
                unit: 11,
                path: vec![(24.0, 28.0)],
                facing: 180.0,
                mode: MoveMode::Ground,
            },
            // Too far: 10" with 6" of movement.
            CwCommand::Move {
                unit: 1,
                path: vec![(24.0, 15.0)],
                facing: 0.0,
                mode: MoveMode::Ground,
            },
            // Off the table.
            CwCommand::Move {
                unit: 3,
                path: vec![(14.0, 0.5)],
                facing: 180.0,
                mode: MoveMode::Ground,
            },
            // Take-off shorter than half the movement (CW-FLY-5).
            CwCommand::Move {
                unit: 2,
                path: vec![(33.0, 7.0)],
                facing: 0.0,
                mode: MoveMode::TakeOff,
            },
            // Only flyers take off (CW-FLY-2).
            CwCommand::Move {
                unit: 1,
                path: vec![(24.0, 9.0)],
                facing: 0.0,
                mode: MoveMode::TakeOff,
            },
            CwCommand::ExecuteHostage { unit: 1 },
            CwCommand::Stance {
                unit: 11,
                stance: Stance::AllOutAttack,
            },
        ];
        let rules: Vec<String> = bad
            .iter()
            .map(|c| {
                let r = b
                    .apply(c, &tables, &table, &mut dice, &mut log)
                    .expect_err("refused");
                assert_eq!(b, before, "{c:?} changed the battle");
                assert_eq!(log.entries.len(), n);
                r.rule
            })
            .collect();
        assert_eq!(rules[5], "CW-FLY-5");
        assert_eq!(rules[6], "CW-FLY-2");
        assert_eq!(rules[7], "CW-HOS-5");
        assert_eq!(rules[8], "CW-HOS-3");
    }

    #[test]
    fn take_off_moves_exactly_half_and_is_stopped_by_contact() {
        // CW-FLY-5 with the table's interference check.
        let (s, tables, table) = setup();
        let mut b = CwBattle::new(&s, &tables);
        let mut dice = Dice::new(3);
        let mut log = GameLog::default();
        b.apply(
            &CwCommand::EndPhase { side: 0 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end special orders");
        let mut blocked = b.clone();
        if let Some(d) = blocked.unit_mut(2) {
            d.pos.x = 30.5;
        }
        // A 10" path: the dragon moves exactly 4" of it and is airborne.
        b.apply(
            &CwCommand::Move {
                unit: 2,
                path: vec![(33.0, 15.0)],
                facing: 0.0,
                mode: MoveMode::TakeOff,
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("take off");
        let d = b.unit(2).expect("dragon");
        assert!(d.airborne());
        assert!((d.pos.y - 9.0).abs() < 1e-3, "{:?}", d.pos);
        // Westwards the captor unit stands 2.5" away: contact, still grounded.
        let cmd = CwCommand::Move {
            unit: 2,
            path: vec![(26.5, 5.0)],
            facing: 270.0,
            mode: MoveMode::TakeOff,
        };
        assert_eq!(
            blocked.odds(&cmd, &tables, &table),
            vec![("take-off completes".to_string(), 0.0)]
        );
        blocked
            .apply(&cmd, &tables, &table, &mut dice, &mut log)
            .expect("a blocked take-off is still a move");
        let d = blocked.unit(2).expect("dragon");
        assert!(!d.airborne());
        let captor = blocked.unit(1).expect("captor").base();
        assert!(d.base().in_contact(&captor));
    }

    #[test]
    fn airborne_units_move_at_least_half_and_never_in_reserve() {
        // CW-FLY-10, CW-FLY-9, CW-FLY-11 (the crag stops flyers).
        let (mut b, tables, table) = duel((10.0, 10.0), (10.0, 34.0));
        let mut dice = Dice::new(1);
        let mut log = GameLog::default();
        let short = CwCommand::Move {
            unit: 1,
            path: vec![(10.0, 12.0)],
            facing: 0.0,
            mode: MoveMode::Ground,
        };
        let r = b
            .apply(&short, &tables, &table, &mut dice, &mut log)
            .expect_err("too short");
        assert_eq!(r.rule, "CW-FLY-10");
        let mut reserve = b.clone();
        reserve.phase = CwPhase::ReserveMovement;
        let r = reserve
            .apply(
                &CwCommand::Move {
                    unit: 1,
                    path: vec![(10.0, 16.0)],
                    facing: 0.0,
                    mode: MoveMode::Ground,
                },
                &tables,
                &table,
                &mut dice,
                &mut log,
            )
            .expect_err("no reserve move");
        assert_eq!(r.rule, "CW-FLY-9");
        // An airborne unit that does not move makes a forced landing.
        b.apply(
            &CwCommand::EndPhase { side: 0 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end");
        assert!(!b.unit(1).expect("dragon").airborne());
        assert!(log.entries.iter().any(|e| e.rule == "CW-FRC-2"));
    }

    #[test]
    fn engagement_over_thirty_degrees_lands_one_inch_short() {
        // CW-ENG-5 against CW-ENG-2/3, measured with Base::approach_angle.
        let (b, tables, table) = duel((20.0, 20.0), (20.0, 30.0));
        let dragon = b.unit(1).expect("dragon").base();
        let archers = b.unit(2).expect("archers").base();
        let (spot, facing) = contact_spot(&dragon, &archers);
        let square = CwCommand::Move {
            unit: 1,
            path: vec![(spot.x, spot.y)],
            facing,
            mode: MoveMode::Engage { target: 2 },
        };
        // Turned 45° and pulled back until its corner just touches.
        let turned = |k: f32| dragon.at(Vec2::new(spot.x, spot.y - k), facing + 45.0);
        let k = (0..500)
            .map(|i| i as f32 * 0.002)
            .find(|k| !turned(*k).overlaps(&archers) && turned(*k).distance_to(&archers) <= 0.03)
            .expect("a touching slanted spot");
        let slanted = CwCommand::Move {
            unit: 1,
            path: vec![(spot.x, spot.y - k)],
            facing: facing + 45.0,
            mode: MoveMode::Engage { target: 2 },
        };
        let mut dice = Dice::new(2);
        let mut log = GameLog::default();
        let mut ok = b.clone();
        ok.apply(&square, &tables, &table, &mut dice, &mut log)
            .expect("square engagement");
        let d = ok.unit(1).expect("dragon");
        assert!(!d.airborne());
        assert!(d.base().in_contact(&archers));
        assert!(log.entries.iter().any(|e| e.rule == "CW-ENG-3"));
        let mut short = b.clone();
        let mut log = GameLog::default();
        let slant_base = Base::new(
            TablePos {
                x: spot.x,
                y: spot.y - k,
                facing: facing + 45.0,
            },
            dragon_fp(&b),
        );
        assert!(slant_base.approach_angle(&archers) > ENGAGE_ANGLE);
        let odds = short.odds(&slanted, &tables, &table);
        assert_eq!(odds, vec![("landing test passes".to_string(), 1.0)]);
        short
            .apply(&slanted, &tables, &table, &mut dice, &mut log)
            .expect("lands short");
        let d = short.unit(1).expect("dragon");
        assert!(!d.airborne(), "it lands");
        let gap = d.base().distance_to(&archers);
        assert!((gap - 1.0).abs() < 0.1, "lands 1\" short, not {gap}");
        assert!(log.entries.iter().any(|e| e.rule == "CW-ENG-5"));
    }

    /// A battle on an open 48" table with the given `units` (RON list
    /// items); Primary Movement, Lion deciding.
    fn skirmish(units: &str) -> (CwBattle, CwTables, Table) {
        let tables = CwTables::load().expect("tables");
        let text = format!(
            r#"(ruleset: "clan_war", name: "skirmish", turn_limit: 2,
            table: (width: 48.0, depth: 48.0, areas: []),
            sides: [(name: "Lion", edge: South, color: (1.0, 0.5, 0.0)),
                    (name: "Crane", edge: North, color: (0.0, 0.5, 1.0))],
            units: [{units}],
            setup: (armies: [(side: "Lion", clan: "lion"), (side: "Crane", clan: "crane")]))"#
        );
        let s =
            TableScenario::<CwSetup>::from_str("skirmish.ron", &text, &tables).expect("skirmish");
        let table = s.build_table();
        let b = CwBattle::new(&s, &tables);
        assert_eq!(b.phase, CwPhase::PrimaryMovement);
        assert_eq!(b.awaiting(), Some(0));
        (b, tables, table)
    }

    /// Two airborne dragons: Lion's (id 1) at (20, 10) facing north, Crane's
    /// (id 2) sideways at (20, 14.4), 0.9" ahead of it.
    fn dragons_crossing() -> (CwBattle, CwTables, Table) {
        let (mut b, tables, table) = skirmish(
            r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 10.0), facing: 0.0),
               (id: 2, side: "Crane", unit_type: "fire_dragon", at: (20.0, 14.4), facing: 90.0)"#,
        );
        for id in [1, 2] {
            if let Some(d) = b.unit_mut(id) {
                d.flight = FlightState::Airborne;
            }
        }
        (b, tables, table)
    }

    #[test]
    fn a_fly_by_rolls_against_each_unit_passed_and_the_unit_passed_rolls_too() {
        // CW-FBY-2, CW-FBY-3: the flyer's dice go to each enemy it touched
        // (it passes through dragon 2 and ends touching dragon 3), and a unit
        // flown through gets Fly-By dice of its own.
        let (mut b, tables, table) = skirmish(
            r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 10.0), facing: 0.0),
               (id: 2, side: "Crane", unit_type: "fire_dragon", at: (20.0, 14.4), facing: 90.0),
               (id: 3, side: "Crane", unit_type: "fire_dragon", at: (20.0, 21.54), facing: 90.0)"#,
        );
        for id in [1, 2, 3] {
            if let Some(d) = b.unit_mut(id) {
                d.flight = FlightState::Airborne;
            }
        }
        let mut dice = Dice::new(5);
        let mut log = GameLog::default();
        b.apply(
            &CwCommand::Move {
                unit: 1,
                path: vec![(20.0, 18.0)],
                facing: 0.0,
                mode: MoveMode::Ground,
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("the dragon flies through one and up to the other");
        let noted = |u: u32, t: u32| b.fly_by_dice.get(&u).and_then(|m| m.get(&t)).copied();
        assert_eq!(noted(1, 2), Some(1));
        assert_eq!(noted(1, 3), Some(1));
        assert_eq!(noted(2, 1), Some(1), "the unit flown through rolls too");
        assert_eq!(noted(3, 1), Some(1));
        b.apply(
            &CwCommand::EndPhase { side: 0 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end phase");
        let rolls: Vec<Vec<u32>> = log
            .entries
            .iter()
            .filter(|e| e.rule == "CW-FBY-3" && !e.dice.is_empty())
            .map(|e| e.units.clone())
            .collect();
        assert!(
            rolls.contains(&vec![1, 2]) && rolls.contains(&vec![1, 3]),
            "{rolls:?}"
        );
    }

    #[test]
    fn airborne_dragons_cross_roll_fly_by_and_may_not_shoot() {
        // CW-FBY-1 pass over, CW-FBY-2 contacts, CW-FBY-3 roll at the end of
        // the phase, CW-FBY-4 no Ranged Combat afterwards, CW-FBY-5 no close
        // combat attacks.
        let (b, tables, table) = dragons_crossing();
        let through = CwCommand::Move {
            unit: 1,
            path: vec![(20.0, 18.0)],
            facing: 0.0,
            mode: MoveMode::Ground,
        };
        // Ending on top of the enemy dragon is refused.
        let mut probe = b.clone();
        let mut dice = Dice::new(5);
        let mut log = GameLog::default();
        let over = CwCommand::Move {
            unit: 1,
            path: vec![(20.0, 15.0)],
            facing: 0.0,
            mode: MoveMode::Ground,
        };
        let r = probe
            .apply(&over, &tables, &table, &mut dice, &mut log)
            .expect_err("may not end over an airborne unit");
        assert_eq!(r.rule, "CW-FBY-1");
        assert_eq!(probe, b);
        // Passing through: no engagement, one die noted (one complete rank).
        let mut g = b.clone();
        g.apply(&through, &tables, &table, &mut dice, &mut log)
            .expect("an airborne unit passes over an enemy airborne unit");
        assert_eq!(g.unit(1).map(|u| u.pos.y), Some(18.0));
        assert!(g.unit(1).is_some_and(CwUnit::airborne));
        assert_eq!(g.fly_by.get(&1).map(|r| r.pending_dice), Some(1));
        assert_eq!(g.fly_by_dice.get(&1).and_then(|m| m.get(&2)), Some(&1));
        assert!(log.entries.iter().any(|e| e.rule == "CW-FBY-2"));
        // End of Lion's phase: the Fly-By attack is rolled.
        g.apply(
            &CwCommand::EndPhase { side: 0 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end phase");
        let rolls: Vec<_> = log
            .entries
            .iter()
            .filter(|e| e.rule == "CW-FBY-3" && !e.dice.is_empty())
            .collect();
        assert!(!rolls.is_empty(), "a Fly-By attack roll");
        assert_eq!(rolls[0].units, vec![1, 2]);
        assert_eq!(rolls[0].dice.len(), 1);
        let rec = g.fly_by.get(&1).cloned().expect("record");
        assert_eq!(rec.rolled_in, Some(MovementPhase::Primary));
        assert_eq!(rec.pending_dice, 0);
        // Later that turn the dragon may not shoot (CW-FBY-4).
        let mut ranged = g.clone();
        ranged.phase = CwPhase::RangedAttack;
        ranged.active = 0;
        ranged.acted.clear();
        assert!(!ranged.can_shoot(ranged.unit(1).expect("dragon"), &tables));
        let r = ranged
            .apply(
                &CwCommand::Shoot { unit: 1, target: 2 },
                &tables,
                &table,
                &mut dice,
                &mut log,
            )
            .expect_err("no shooting after a Fly-By");
        assert_eq!(r.rule, "CW-FBY-4");
        assert_eq!(
            rec.check_close_combat().map_err(|r| r.rule),
            Err("CW-FBY-5".to_string())
        );
        // Nor fly-by again this turn.
        let mut again = g.clone();
        again.phase = CwPhase::CavalryMovement;
        again.active = 0;
        let r = again
            .apply(
                &CwCommand::FlyBy {
                    unit: 1,
                    roll: true,
                },
                &tables,
                &table,
                &mut dice,
                &mut log,
            )
            .expect_err("one Fly-By roll per turn");
        assert_eq!(r.rule, "CW-FBY-4");
    }

    #[test]
    fn a_skipped_fly_by_roll_keeps_its_dice() {
        // CW-FBY-4: the owner declines; the die waits for the next phase.
        let (mut b, tables, table) = dragons_crossing();
        let mut dice = Dice::new(5);
        let mut log = GameLog::default();
        b.apply(
            &CwCommand::Move {
                unit: 1,
                path: vec![(20.0, 18.0)],
                facing: 0.0,
                mode: MoveMode::Ground,
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("pass over");
        b.apply(
            &CwCommand::FlyBy {
                unit: 1,
                roll: false,
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("skip");
        b.apply(
            &CwCommand::EndPhase { side: 0 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end phase");
        assert!(
            log.entries
                .iter()
                .any(|e| e.rule == "CW-FBY-4" && e.what.contains("skipped"))
        );
        assert!(
            !log.entries
                .iter()
                .any(|e| e.rule == "CW-FBY-3" && !e.dice.is_empty())
        );
        let rec = b.fly_by.get(&1).expect("record");
        assert_eq!((rec.pending_dice, rec.rolled_in), (1, None));
    }

    #[test]
    fn an_airborne_turn_about_is_refused_a_wheel_is_not() {
        // CW-FLY-12: only a Wheel (≤ 90° stand-in) in the air.
        let (b, tables, table) = duel((20.0, 20.0), (40.0, 10.0));
        let mut dice = Dice::new(1);
        let mut log = GameLog::default();
        let mut g = b.clone();
        for (path, facing) in [((20.0, 12.0), 180.0), ((20.0, 14.0), 0.0)] {
            let r = g
                .apply(
                    &CwCommand::Move {
                        unit: 1,
                        path: vec![path],
                        facing,
                        mode: MoveMode::Ground,
                    },
                    &tables,
                    &table,
                    &mut dice,
                    &mut log,
                )
                .expect_err("no turning about or backing away in the air");
            assert_eq!(r.rule, "CW-FLY-12");
            assert_eq!(g, b);
        }
        assert_eq!(
            air_maneuver(0.0, Vec2::new(20.0, 20.0), &[Vec2::new(20.0, 14.0)], 0.0),
            Maneuver::BackAway
        );
        g.apply(
            &CwCommand::Move {
                unit: 1,
                path: vec![(25.0, 25.0)],
                facing: 60.0,
                mode: MoveMode::Ground,
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("a wheel of 60°");
    }

    #[test]
    fn an_engaging_landing_on_archers_draws_reactionary_fire_at_close_range() {
        // CW-LAND-3: the archers fire before the landing test, always at
        // close range.
        let (mut b, tables, table) = duel((20.0, 19.5), (20.0, 30.0));
        let dragon = b.unit(1).expect("dragon").base();
        let archers = b.unit(2).expect("archers").base();
        let (spot, facing) = contact_spot(&dragon, &archers);
        let mut dice = Dice::new(2);
        let mut log = GameLog::default();
        b.apply(
            &CwCommand::Move {
                unit: 1,
                path: vec![(spot.x, spot.y)],
                facing,
                mode: MoveMode::Engage { target: 2 },
            },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("engaging landing");
        let fire = log
            .entries
            .iter()
            .position(|e| e.rule == "CW-LAND-3" && e.what.contains("Close"))
            .expect("reactionary fire at close range");
        let shots: Vec<_> = log
            .entries
            .iter()
            .filter(|e| e.rule == "CW-LAND-3" && !e.dice.is_empty())
            .collect();
        assert_eq!(shots[0].units, vec![2, 1]);
        assert_eq!(shots[0].dice.len(), 10, "one die per archer");
        let att = shots[0].value.as_ref().expect("ATT");
        assert!(
            att.modifiers.iter().all(|m| m.value == 0),
            "no extended-range penalty"
        );
        if b.unit(1).is_some_and(CwUnit::alive) {
            // The landing test comes after the fire.
            let test = log
                .entries
                .iter()
                .rposition(|e| e.rule == "CW-ENG-3")
                .expect("the landing test");
            assert!(test > fire);
        }
    }

    #[test]
    fn a_path_drawn_off_the_table_is_refused_even_when_the_move_would_be_clipped() {
        // CW-GEN-3: the destination as drawn must be on the table. An escape
        // by air is clipped to a full move, which could end on the table;
        // the command is refused all the same, and nothing changes.
        let (b, tables, table) = skirmish(
            r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 20.0), facing: 0.0),
               (id: 2, side: "Crane", unit_type: "crane_bushi", at: (20.0, 23.005), facing: 180.0)"#,
        );
        let escape = CwCommand::Move {
            unit: 1,
            path: vec![(-1000.0, -1000.0)],
            facing: 180.0,
            mode: MoveMode::EscapeByAir,
        };
        let mut g = b.clone();
        let mut dice = Dice::new(3);
        let mut log = GameLog::default();
        let r = g
            .apply(&escape, &tables, &table, &mut dice, &mut log)
            .expect_err("off the table");
        assert_eq!(r.rule, "CW-GEN-3");
        assert!(r.reason.contains("leave the table"), "{}", r.reason);
        assert_eq!(g, b);
        assert!(log.entries.is_empty());
        // The same escape drawn on the table is accepted.
        let on_table = CwCommand::Move {
            unit: 1,
            path: vec![(20.0, 12.0)],
            facing: 180.0,
            mode: MoveMode::EscapeByAir,
        };
        dice.load([10]);
        g.apply(&on_table, &tables, &table, &mut dice, &mut log)
            .expect("escape by air on the table");
    }

    #[test]
    fn an_engaged_dragon_takes_flight_under_parting_shots() {
        // CW-ENG-7: Break-Away declaring flight, parting shots at +1 ATT +1 DAM.
        let (b, tables, table) = skirmish(
            r#"(id: 1, side: "Lion", unit_type: "fire_dragon", at: (20.0, 20.0), facing: 0.0),
               (id: 2, side: "Crane", unit_type: "crane_bushi", at: (20.0, 23.005), facing: 180.0)"#,
        );
        let d = b.unit(1).expect("dragon");
        assert!(b.engaged(d));
        assert!(b.can_move(d, &tables));
        let choices = ClanWar::choices(&b, 1, &tables);
        assert_eq!(choices.len(), 1);
        assert_eq!(choices[0].label, "Take flight (Break-Away)");
        let pick = Pick {
            unit: 1,
            path: vec![(20.0, 12.0)],
            facing: 180.0,
            target: None,
            hex: None,
        };
        let cmd = ClanWar::choose(&b, &choices[0].key, &pick).expect("command");
        assert!(matches!(
            &cmd,
            CwCommand::Move {
                mode: MoveMode::EscapeByAir,
                ..
            }
        ));
        // A plain move is still refused while engaged.
        let mut g = b.clone();
        let mut dice = Dice::new(3);
        let mut log = GameLog::default();
        let walk = CwCommand::Move {
            unit: 1,
            path: vec![(20.0, 15.0)],
            facing: 180.0,
            mode: MoveMode::Ground,
        };
        assert!(
            g.apply(&walk, &tables, &table, &mut dice, &mut log)
                .is_err()
        );
        // The test passes (a loaded 10), then the parting shots roll.
        dice.load([10]);
        g.apply(&cmd, &tables, &table, &mut dice, &mut log)
            .expect("escape by air");
        assert!(
            log.entries
                .iter()
                .any(|e| e.rule == "CW-ENG-7" && e.what.contains("by air"))
        );
        let parting: Vec<_> = log
            .entries
            .iter()
            .filter(|e| e.rule == "CW-ENG-7" && e.what.starts_with("parting shots"))
            .collect();
        assert!(!parting.is_empty(), "parting shots");
        assert_eq!(parting[0].units, vec![2, 1]);
        let att = parting[0].value.as_ref().expect("ATT");
        assert!(
            att.modifiers
                .iter()
                .any(|m| m.value == 1 && m.rule == "CW-ENG-7")
        );
        if let Some(dam) = parting.get(1).and_then(|e| e.value.as_ref()) {
            assert!(
                dam.modifiers
                    .iter()
                    .any(|m| m.value == 1 && m.rule == "CW-ENG-7")
            );
        }
        let d = g.unit(1).expect("dragon");
        if d.alive() {
            assert!(d.airborne());
            assert!((d.pos.y - 12.0).abs() < 0.5, "full move away");
        }
        // In Reserve Movement it may not take flight.
        let mut reserve = b.clone();
        reserve.phase = CwPhase::ReserveMovement;
        let r = reserve
            .apply(&cmd, &tables, &table, &mut dice, &mut log)
            .expect_err("no flight in Reserve");
        assert_eq!(r.rule, "CW-FLY-9");
    }

    fn dragon_fp(b: &CwBattle) -> Footprint {
        b.unit(1).map(|u| u.footprint).unwrap_or(Footprint {
            frontage: 3.0,
            depth: 4.0,
        })
    }

    #[test]
    fn ground_archers_shoot_the_airborne_dragon_at_plus_six_inches() {
        // CW-RNG-3 (GC-CW-06 geometry): 10" apart, effective 16", extended
        // range: ATT 4 − 2 against ATN 9 → hit on 7+.
        let (mut b, tables, table) = duel((20.0, 18.0), (20.0, 31.0));
        let d = b.unit(1).expect("dragon").base();
        let a = b.unit(2).expect("archers").base();
        assert!((d.distance_to(&a) - 10.0).abs() < 1e-3);
        b.phase = CwPhase::RangedAttack;
        b.active = 1;
        let shot = CwCommand::Shoot { unit: 2, target: 1 };
        let odds = b.odds(&shot, &tables, &table);
        assert_eq!(odds[0].0, "hit chance per die");
        assert!((odds[0].1 - 0.4).abs() < 1e-9, "{odds:?}");
        // The airborne dragon sees over the archers' heads and uses +3"/+6"
        // (CW-RNG-4): close range 11", so 10" is close.
        let band = b.range_of(b.unit(1).expect("d"), b.unit(2).expect("a"), &tables);
        assert_eq!(band, Some(RangeBand::Close));
        let summary = ClanWar::units(&b, &tables);
        assert_eq!(summary[0].ranges, vec![11.0, 22.0]);
    }

    #[test]
    fn all_out_attack_costs_honor_and_risks_the_hostage() {
        // CW-HOS-3 stance, CW-HOS-4 odds of the destruction test.
        let (s, tables, table) = setup();
        let mut b = CwBattle::new(&s, &tables);
        // Put the Crane Honor Guard in contact with the captor's front.
        let captor = b.unit(1).expect("captor").base();
        let guard = b.unit(11).expect("guard").base();
        let (spot, facing) = contact_spot(
            &guard.at(captor.center + Vec2::new(0.0, 10.0), 180.0),
            &captor,
        );
        if let Some(u) = b.unit_mut(11) {
            u.pos = TablePos {
                x: spot.x,
                y: spot.y,
                facing,
            };
        }
        b.phase = CwPhase::CloseCombat;
        b.active = 1;
        assert_eq!(b.stance_units(1, &tables), vec![11]);
        let cmd = CwCommand::Stance {
            unit: 11,
            stance: Stance::AllOutAttack,
        };
        let odds = b.odds(&cmd, &tables, &table);
        assert_eq!(odds, vec![("hostage survives".to_string(), 0.9)]);
        let mut dice = Dice::new(1);
        let mut log = GameLog::default();
        b.apply(&cmd, &tables, &table, &mut dice, &mut log)
            .expect("all-out");
        assert_eq!(b.armies[1].honor.honor, 16 - 5);
        assert_eq!(b.armies[1].vp, -2);
        let back = CwCommand::Stance {
            unit: 11,
            stance: Stance::StrikeEasy,
        };
        let r = b
            .apply(&back, &tables, &table, &mut dice, &mut log)
            .expect_err("no way back");
        assert_eq!(r.rule, "CW-HOS-3");
        // The combat rolls, then the destruction test (CW-HOS-4).
        b.apply(
            &CwCommand::EndPhase { side: 1 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("fight");
        assert!(log.entries.iter().any(|e| e.rule == "CW-HOS-4"));
        let bars = ClanWar::honor(&b).expect("bars");
        assert_eq!(bars[1].honor, b.armies[1].honor.honor);
        assert_eq!(bars[0].marks.len(), 8);
    }

    #[test]
    fn a_unit_may_sacrifice_two_models_to_try_a_recovery() {
        // CW-HOS-6 (b): the sacrifice route is a command, offered as a choice;
        // after the enemy's attack the unit loses two models and tests (CW-HOS-8).
        let (s, tables, table) = setup();
        let mut b = CwBattle::new(&s, &tables);
        let captor = b.unit(1).expect("captor").base();
        let guard = b.unit(11).expect("guard").base();
        let (spot, facing) = contact_spot(
            &guard.at(captor.center + Vec2::new(0.0, 10.0), 180.0),
            &captor,
        );
        if let Some(u) = b.unit_mut(11) {
            u.pos = TablePos {
                x: spot.x,
                y: spot.y,
                facing,
            };
        }
        b.phase = CwPhase::CloseCombat;
        b.active = 1;
        let keys: Vec<String> = ClanWar::choices(&b, 11, &tables)
            .into_iter()
            .map(|c| c.key)
            .collect();
        assert!(keys.contains(&"sacrifice".to_string()), "{keys:?}");
        let mut dice = Dice::new(2);
        let mut log = GameLog::default();
        // Not by a unit that is not engaged with the captor.
        let other = b
            .units
            .iter()
            .find(|u| u.side == 1 && u.id != 11)
            .map(|u| u.id)
            .expect("another Crane unit");
        let before = b.clone();
        let r = b
            .apply(
                &CwCommand::Sacrifice { unit: other },
                &tables,
                &table,
                &mut dice,
                &mut log,
            )
            .expect_err("not engaged");
        assert_eq!(r.rule, "CW-HOS-6");
        assert_eq!(b, before);
        b.apply(
            &CwCommand::Sacrifice { unit: 11 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("sacrifice declared");
        let r = b
            .apply(
                &CwCommand::Sacrifice { unit: 11 },
                &tables,
                &table,
                &mut dice,
                &mut log,
            )
            .expect_err("once");
        assert_eq!(r.rule, "CW-HOS-6");
        let models = b.unit(11).map(|u| u.models).expect("guard");
        let mut after = b.clone();
        after
            .apply(
                &CwCommand::EndPhase { side: 1 },
                &tables,
                &table,
                &mut dice,
                &mut log,
            )
            .expect("fight");
        assert!(
            log.entries
                .iter()
                .any(|e| e.rule == "CW-HOS-6" && e.what.contains("sacrifices two models"))
        );
        assert!(after.unit(11).is_none_or(|u| u.models + 2 <= models));
        // Eligible by the sacrifice: a Recovery test was rolled, or the
        // hostage changed hands, unless the guard was routed or spent first.
        assert!(
            log.entries.iter().any(|e| e.rule == "CW-HOS-8")
                || log
                    .entries
                    .iter()
                    .any(|e| e.rule == "CW-HOS-6" && e.what.contains("may not try")),
            "{:?}",
            log.entries
                .iter()
                .map(|e| (&e.rule, &e.what))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn choices_in_the_games_words_become_commands() {
        // CW-FLY-5 take-off offered to the grounded dragon; CW-ENG-2 engage
        // built from a target pick.
        use crate::engine::table_game::{Needs, Pick};
        let (s, tables, table) = setup();
        let mut b = CwBattle::new(&s, &tables);
        let c = ClanWar::choices(&b, 1, &tables);
        assert_eq!(c[0].label, "Execute the hostage");
        let mut dice = Dice::new(3);
        let mut log = GameLog::default();
        b.apply(
            &CwCommand::EndPhase { side: 0 },
            &tables,
            &table,
            &mut dice,
            &mut log,
        )
        .expect("end");
        let labels: Vec<String> = ClanWar::choices(&b, 2, &tables)
            .into_iter()
            .map(|c| c.label)
            .collect();
        assert_eq!(labels, ["Move", "Take off", "Engage"]);
        assert!(ClanWar::choices(&b, 11, &tables).is_empty());
        let take_off = ClanWar::choices(&b, 2, &tables)
            .into_iter()
            .find(|c| c.key == "take_off")
            .expect("take off");
        assert_eq!(take_off.needs, Needs::Path);
        let pick = Pick {
            unit: 2,
            target: None,
            path: vec![(33.0, 9.0)],
            facing: 0.0,
            hex: None,
        };
        let cmd = ClanWar::choose(&b, &take_off.key, &pick).expect("command");
        assert_eq!(
            ClanWar::odds(&b, &cmd, &tables, &table),
            vec![("take-off completes".to_string(), 1.0)]
        );
        ClanWar::apply(&mut b, &cmd, &tables, &table, &mut dice, &mut log).expect("up");
        assert!(ClanWar::units(&b, &tables).iter().any(|u| u.airborne));
        let engage = Pick {
            unit: 1,
            target: Some(11),
            path: Vec::new(),
            facing: 0.0,
            hex: None,
        };
        assert!(matches!(
            ClanWar::choose(&b, "engage", &engage),
            Some(CwCommand::Move {
                mode: MoveMode::Engage { target: 11 },
                ..
            })
        ));
    }

    #[test]
    fn a_captor_shot_down_while_engaged_gives_up_its_hostage() {
        // CW-HOS-7 after ranged losses: the engaged Crane unit recovers the
        // hostage automatically.
        let (s, tables, _table) = setup();
        let mut b = CwBattle::new(&s, &tables);
        let captor = b.unit(1).expect("captor").base();
        let guard = b.unit(11).expect("guard").base();
        let (spot, facing) = contact_spot(
            &guard.at(captor.center + Vec2::new(0.0, 10.0), 180.0),
            &captor,
        );
        if let Some(u) = b.unit_mut(11) {
            u.pos = TablePos {
                x: spot.x,
                y: spot.y,
                facing,
            };
        }
        let engaged: Vec<(u32, u8)> = vec![(11, 1)];
        let mut entries = Vec::new();
        let models = b.unit(1).expect("captor").models;
        b.take_wounds(1, models, Some(1), &tables, &mut entries);
        b.holder_destroyed(1, &engaged, &mut entries);
        let h = b.hostage.as_ref().expect("hostage");
        assert!(h.state.alive);
        assert_eq!((h.state.holder, h.state.holder_side), (11, 1));
        assert!(entries.iter().any(|e| e.rule == "CW-HOS-7"));
        assert_eq!(b.armies[1].vp, tables.settings.victory.destroy_unit_vp);
    }
}
