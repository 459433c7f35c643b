//! The battle's state as plain values: the phases, armies, hostage, units,
//! move modes, commands and result, and [`CwBattle`] itself with what it
//! answers about itself (CW-GEN-3 turn structure).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::command::Refusal;
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::table::{Base, Footprint, MoveError, TablePos};
use crate::engine::units::FlightState;

use crate::rules::clan_war::condition::Condition;
use crate::rules::clan_war::data::{CwTables, Trait};
use crate::rules::clan_war::flight::{MovementPhase, may_move_in_phase};
use crate::rules::clan_war::fly_by::FlyByRecord;
use crate::rules::clan_war::honor::HonorTrack;
use crate::rules::clan_war::hostage::{Hostage, Stance, StanceRecord, hindered};

/// The phases of a Clan War turn (base_rules.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    pub fn name(self) -> String {
        match self {
            CwPhase::SpecialOrders => say!("cw-phase-special-orders"),
            CwPhase::PrimaryMovement => say!("cw-phase-primary-movement"),
            CwPhase::CavalryMovement => say!("cw-phase-cavalry-movement"),
            CwPhase::RangedAttack => say!("cw-phase-ranged-attack"),
            CwPhase::CloseCombat => say!("cw-phase-close-combat"),
            CwPhase::ReserveMovement => say!("cw-phase-reserve-movement"),
            CwPhase::End => say!("cw-phase-end"),
        }
    }

    pub(super) fn next(self) -> Self {
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
pub struct CwHostage {
    /// The hostage's name.
    pub name: String,
    /// Clan, holder and whether alive (CW-HOS-1 … CW-HOS-10).
    pub state: Hostage,
}

/// One unit on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// Still hidden from the other side (CW-HID-1, Kassen's hidden
    /// deployment): not in its observation until revealed.
    #[serde(
        default,
        skip_serializing_if = "crate::engine::table_scenario::is_false"
    )]
    pub hidden: bool,
}

impl CwUnit {
    /// The unit's base on the table.
    pub fn base(&self) -> Base {
        Base::new(self.pos, self.footprint)
    }

    /// The unit as the engine's table helpers see it.
    pub fn piece(&self) -> crate::engine::table_kit::TablePiece {
        crate::engine::table_kit::TablePiece {
            id: self.id,
            side: self.side,
            base: self.base(),
            models: self.models,
            hidden: self.hidden,
        }
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
#[serde(deny_unknown_fields)]
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
    /// An engaging move on `target` made as a Dive (CW-DIVE-3): from the
    /// air only, by a Charge-led unit, at least half and up to double its
    /// movement (CW-DIVE-1, CW-DIVE-2); it lands with the Dive's test
    /// (CW-DIVE-4) instead of the engaging move's.
    DiveEngage {
        /// The enemy unit engaged.
        target: u32,
    },
    /// An engaged grounded flyer leaves by a Break-Away declaring flight
    /// (CW-ENG-7): the path must be at least its movement (cut there).
    EscapeByAir,
}

/// A player's decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
pub struct CwResult {
    /// The winning side, `None` for a draw.
    pub winner: Option<u8>,
    /// Why: [`CwResult::reason`] words it in the player's language.
    pub end: CwEnd,
}

/// Why the battle ended, kept apart from its words so that the state reads
/// the same in every language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum CwEnd {
    /// Both armies are destroyed or wholly routing: a draw.
    BothOut,
    /// One army is destroyed (`destroyed`) or wholly routing.
    ArmyOut {
        /// The losing side.
        side: u8,
        /// Destroyed, else routed.
        destroyed: bool,
    },
    /// Scored at the turn limit [stand-in].
    TurnLimit {
        /// The turn limit.
        turn_limit: u32,
        /// VP of each side, the hostage bonus included.
        vp: [i32; 2],
        /// Honor of each side (the tie-break).
        honor: [i32; 2],
        /// The side holding the living hostage, if any.
        holder: Option<u8>,
        /// VP per enemy unit destroyed (settings).
        destroy_unit_vp: i32,
        /// VP for holding a living hostage (settings).
        hostage_held_vp: i32,
    },
}

impl CwResult {
    /// Why the battle ended, in the player's language.
    pub fn reason(&self, side_names: &[String; 2]) -> String {
        let side = |s: u8| side_names[s as usize & 1].as_str();
        match &self.end {
            CwEnd::BothOut => say!("cw-end-both-out"),
            CwEnd::ArmyOut {
                side: s,
                destroyed: true,
            } => say!("cw-end-army-destroyed", side = side(*s)),
            CwEnd::ArmyOut {
                side: s,
                destroyed: false,
            } => say!("cw-end-army-routed", side = side(*s)),
            CwEnd::TurnLimit {
                turn_limit,
                vp,
                honor,
                holder,
                destroy_unit_vp,
                hostage_held_vp,
            } => {
                let scores = match holder {
                    Some(h) => say!(
                        "cw-end-scores-hostage",
                        side0 = side(0),
                        vp0 = vp[0],
                        side1 = side(1),
                        vp1 = vp[1],
                        holder = side(*h),
                        bonus = hostage_held_vp
                    ),
                    None => say!(
                        "cw-end-scores",
                        side0 = side(0),
                        vp0 = vp[0],
                        side1 = side(1),
                        vp1 = vp[1]
                    ),
                };
                let verdict = match self.winner {
                    Some(w) => say!("cw-end-verdict-wins", side = side(w)),
                    None => say!("cw-end-verdict-draw"),
                };
                say!(
                    "cw-end-turn-limit",
                    limit = turn_limit,
                    scores = scores,
                    destroy_vp = destroy_unit_vp,
                    hostage_vp = hostage_held_vp,
                    honor0 = honor[0],
                    honor1 = honor[1],
                    verdict = verdict
                )
            }
        }
    }
}

/// The whole battle state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// Kassen's hidden deployment (CW-HID-1): the inches within which an
    /// enemy unit reveals a hidden one; `None` when the scenario hides no
    /// unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal_within: Option<f32>,
}

pub(super) fn refuse(rule: &str, why: impl Into<String>) -> Refusal {
    Refusal::new(rule, why)
}

pub(super) fn move_error(rule: &str, e: MoveError, names: &[String]) -> Refusal {
    let why = match e {
        MoveError::TooFar(c, a) => say!(
            "cw-why-move-too-far",
            cost = format!("{c:.1}"),
            allowance = format!("{a:.1}")
        ),
        MoveError::OffTable => say!("cw-why-move-off-table"),
        MoveError::Impassable(n) => say!("cw-why-move-impassable", terrain = n),
        MoveError::Unit(i, at) => match names.get(i) {
            Some(other) => say!(
                "cw-why-move-touches",
                other = other,
                at = format!("{at:.1}")
            ),
            None => say!("cw-why-move-touches-another", at = format!("{at:.1}")),
        },
    };
    refuse(rule, why)
}

impl CwBattle {
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
        say!(
            "cw-phase-line",
            turn = self.turn,
            phase = self.phase.name(),
            side = self.side_names[self.active as usize & 1]
        )
    }

    /// The unit with `id`.
    pub fn unit(&self, id: u32) -> Option<&CwUnit> {
        self.units.iter().find(|u| u.id == id)
    }

    pub(super) fn unit_mut(&mut self, id: u32) -> Option<&mut CwUnit> {
        self.units.iter_mut().find(|u| u.id == id)
    }

    pub(super) fn push(&self, log: &mut dyn LogSink, entries: impl IntoIterator<Item = LogEntry>) {
        if log.wants() {
            log.extend(self.turn, &self.phase.name(), entries);
        }
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
    pub(super) fn is_hindered(&self, u: &CwUnit, tables: &CwTables) -> bool {
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

    pub(super) fn has_decisions(&self, side: u8, tables: &CwTables) -> bool {
        let mine = || self.units.iter().filter(move |u| u.side == side);
        match self.phase {
            CwPhase::SpecialOrders => {
                self.holder().is_some_and(|h| h.side == side)
                    && self
                        .hostage
                        .as_ref()
                        .is_some_and(|x| x.state.captor_side == side)
            }
            // CW-FBY-3: a side holding Fly-By dice it has not declined is
            // asked too, so that it may decline before they are rolled.
            CwPhase::PrimaryMovement | CwPhase::CavalryMovement => {
                mine().any(|u| self.can_move(u, tables))
                    || mine().any(|u| {
                        u.alive()
                            && self.fly_by.get(&u.id).is_some_and(|r| r.pending_dice > 0)
                            && !self.fly_by_declined.contains(&u.id)
                    })
            }
            CwPhase::ReserveMovement => mine().any(|u| self.can_move(u, tables)),
            CwPhase::RangedAttack => mine().any(|u| self.can_shoot(u, tables)),
            CwPhase::CloseCombat => {
                self.stance_units(side, tables).iter().any(|id| {
                    self.stances.get(id).and_then(|r| r.stance) != Some(Stance::AllOutAttack)
                }) || mine().any(|u| u.alive() && self.sacrifice_open(u, tables).is_ok())
            }
            CwPhase::End => false,
        }
    }

    pub(super) fn check_actor(&self, id: u32) -> Result<&CwUnit, Refusal> {
        let u = self
            .unit(id)
            .ok_or_else(|| refuse("CW-GEN-3", say!("cw-why-no-unit", id = id)))?;
        if !u.alive() {
            return Err(refuse("CW-GEN-3", say!("cw-why-destroyed", unit = u.name)));
        }
        if u.side != self.active {
            return Err(refuse(
                "CW-GEN-3",
                say!("cw-why-not-deciding-side", unit = u.name),
            ));
        }
        Ok(u)
    }
}
