//! Landings (CW-LAND-1 … CW-LAND-3), the Dive (CW-DIVE-1 … CW-DIVE-5),
//! airborne units engaging ground targets and escaping by air (CW-ENG-1 …
//! CW-ENG-7), and forced landings (CW-FRC-1 … CW-FRC-3).
//!
//! Geometry arrives as plain values: whether the 30° contact is possible,
//! whether the target was reached, whether a landing spot overlaps a unit or
//! would be flanked, and how far a forced landing had to be extended.

use serde::{Deserialize, Serialize};

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry, Modifier};
use crate::engine::units::FlightState;

use super::cards::CardKind;
use super::combat::damage_dice;
use super::condition::Condition;
use super::flight::check_can_fly;
use super::maneuver::{ManeuverKind, ManeuverOutcome, ManeuverTest, maneuver_test};
use super::ranged::RangeBand;
use super::test_roll::Convention;

/// The numbers of landings and the Dive (`settings.ron` `landing`; seed 000,
/// CW-LAND-1, CW-DIVE-2, CW-DIVE-4, CW-ENG-3, CW-ENG-5). Shares and
/// multiples are of the unit's normal movement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LandingValues {
    /// Least share of its movement a voluntary landing moves (CW-LAND-1:
    /// half, 0.5; 0 to 1). A forced landing's straight move is this share
    /// too [stand-in, CW-FRC-2].
    pub least_move: f32,
    /// Least share of its movement a Dive moves (CW-DIVE-2: half, 0.5; 0 to
    /// 1).
    pub dive_least: f32,
    /// Most a Dive moves, in multiples of its movement (CW-DIVE-2: double,
    /// 2.0; at least 1).
    pub dive_most: f32,
    /// Landing test modifier after a Dive (CW-DIVE-4: −2).
    pub after_dive: i32,
    /// Landing test modifier after engaging a ground target from the air
    /// (CW-ENG-3: −1).
    pub engaged_contact: i32,
    /// Landing test modifier when the 30° contact was not possible and the
    /// unit lands 1" short (CW-ENG-5: −1).
    pub angle_not_possible: i32,
}

/// Why a unit lands, which sets its landing Maneuver test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LandingKind {
    /// Declared landing: complex, no further modifier (CW-LAND-2).
    Voluntary,
    /// Landing after a Dive: complex at −2 (CW-DIVE-4). An engaging dive takes
    /// this test alone, not also the −1 of CW-ENG-3 [stand-in reading].
    Dive,
    /// Engaged a ground target: complex at −1 (CW-ENG-3).
    EngagedContact,
    /// The 30° contact was not possible: 1" short, complex at −1 (CW-ENG-5).
    AngleNotPossible,
    /// Announced an engagement but did not reach: 1" short, the normal landing
    /// test (CW-ENG-4) [stand-in: no modifier].
    FailedToReach,
    /// Forced landing: no test, automatically unformed (CW-FRC-2).
    Forced,
}

impl LandingKind {
    /// The modifier and rule of the landing test, besides the complex −2
    /// (values of [`LandingValues`]).
    pub fn modifier(self, lv: &LandingValues) -> Option<Modifier> {
        match self {
            LandingKind::Dive => Some(Modifier::new(
                say!("cw-item-landing-after-dive"),
                lv.after_dive,
                "CW-DIVE-4",
            )),
            LandingKind::EngagedContact => Some(Modifier::new(
                say!("cw-item-landed-engaged"),
                lv.engaged_contact,
                "CW-ENG-3",
            )),
            LandingKind::AngleNotPossible => Some(Modifier::new(
                say!("cw-item-landed-short"),
                lv.angle_not_possible,
                "CW-ENG-5",
            )),
            _ => None,
        }
    }

    /// The rule governing this landing.
    pub fn rule(self) -> &'static str {
        match self {
            LandingKind::Voluntary => "CW-LAND-2",
            LandingKind::Dive => "CW-DIVE-4",
            LandingKind::EngagedContact => "CW-ENG-3",
            LandingKind::AngleNotPossible => "CW-ENG-5",
            LandingKind::FailedToReach => "CW-ENG-4",
            LandingKind::Forced => "CW-FRC-2",
        }
    }
}

/// Checks a voluntary, non-engaging landing (CW-LAND-1): declared at the
/// start of the movement phase, moving at least half the movement rate
/// ([`LandingValues::least_move`]) and at most the rate, inches. The unit counts as airborne during the move
/// and may use flying manoeuvres (CW-FLY-12); it is grounded at the end.
///
/// # Errors
/// A [`Refusal`] under CW-LAND-1 if not declared at the phase start or the
/// distance is out of bounds.
pub fn check_landing(
    declared_at_phase_start: bool,
    movement: f32,
    distance: f32,
    lv: &LandingValues,
) -> Result<(), Refusal> {
    if !declared_at_phase_start {
        return Err(Refusal::new("CW-LAND-1", say!("cw-why-landing-declared")));
    }
    let least = movement * lv.least_move;
    if distance < least || distance > movement {
        return Err(Refusal::new(
            "CW-LAND-1",
            say!("cw-why-landing-bounds", min = least, max = movement),
        ));
    }
    Ok(())
}

/// The unit that lands, for its landing test.
#[derive(Clone, Debug, PartialEq)]
pub struct Lander {
    /// The unit.
    pub unit: u32,
    /// Its name, for the log.
    pub name: String,
    /// Leadership of its commander.
    pub leadership: i32,
    /// Training Level.
    pub tl: i32,
    /// A single model (no Maneuver test, CW-LAND-2).
    pub single_model: bool,
}

/// The Maneuver test after a landing of `kind` (CW-LAND-2: complex, failure
/// unformed; single models exempt), with the kind's modifier (CW-DIVE-4,
/// CW-ENG-3, CW-ENG-5). `None` for a forced landing, which takes no test
/// (CW-FRC-2).
pub fn landing_test_for(kind: LandingKind, l: &Lander, lv: &LandingValues) -> Option<ManeuverTest> {
    if kind == LandingKind::Forced {
        return None;
    }
    Some(ManeuverTest {
        rule: kind.rule().to_string(),
        unit: l.unit,
        name: l.name.clone(),
        leadership: l.leadership,
        tl: l.tl,
        kind: ManeuverKind::Complex,
        single_model: l.single_model,
        airborne: false,
        modifiers: kind.modifier(lv).into_iter().collect(),
    })
}

/// Rolls the landing test of [`landing_test_for`] (CW-LAND-2). A forced
/// landing gives `None` (see [`forced_landing`]).
pub fn landing_test(
    dice: &mut Dice,
    conv: Convention,
    kind: LandingKind,
    l: &Lander,
    lv: &LandingValues,
) -> Option<ManeuverOutcome> {
    landing_test_for(kind, l, lv).map(|t| maneuver_test(dice, conv, &t))
}

/// Range band of reactionary fire (CW-LAND-3): against an airborne unit
/// making an engaging move on the firing unit it is always close range;
/// otherwise the band measured by [`super::ranged::range_check`].
pub fn reactionary_fire_band(
    airborne_engaging_the_shooter: bool,
    measured: RangeBand,
) -> RangeBand {
    if airborne_engaging_the_shooter {
        RangeBand::Close
    } else {
        measured
    }
}

/// What allows a Dive (CW-DIVE-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiveSource {
    /// The leading personality's Charge skill.
    ChargeSkill,
    /// A Charge Tactical Card.
    ChargeCard,
}

/// Whether an airborne unit may Dive (CW-DIVE-1): a simple manoeuvre, only
/// for a unit led by a personality with the Charge skill or with a Charge
/// Tactical Card played.
///
/// # Errors
/// A [`Refusal`] under CW-DIVE-1 otherwise, or if the unit is not airborne.
pub fn check_dive(
    state: FlightState,
    charge_skill: bool,
    charge_card: bool,
) -> Result<DiveSource, Refusal> {
    if state != FlightState::Airborne {
        return Err(Refusal::new("CW-DIVE-1", say!("cw-why-dive-airborne")));
    }
    if charge_skill {
        Ok(DiveSource::ChargeSkill)
    } else if charge_card {
        Ok(DiveSource::ChargeCard)
    } else {
        Err(Refusal::new("CW-DIVE-1", say!("cw-why-dive-charge")))
    }
}

/// Least and most a Dive moves: half and double the normal movement, inches
/// (CW-DIVE-2, [`LandingValues::dive_least`], [`LandingValues::dive_most`]).
pub fn dive_bounds(movement: f32, lv: &LandingValues) -> (f32, f32) {
    (movement * lv.dive_least, movement * lv.dive_most)
}

/// How a Dive is used (CW-DIVE-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiveUse {
    /// As an engaging move, like a ground Charge.
    Engaging,
    /// As a non-engaging landing.
    Landing,
}

/// Checks a Dive (CW-DIVE-1 … CW-DIVE-3, CW-DIVE-5): allowed source, distance
/// within [`dive_bounds`], and no other movement- or combat-enhancing card
/// or skill combined with it. A Dive gives no ATT or DAM modifier (CW-DIVE-5);
/// the unit's own special rules keep theirs. Returns the landing kind of
/// the test that follows (CW-DIVE-4), for both uses (CW-DIVE-3).
///
/// # Errors
/// A [`Refusal`] naming CW-DIVE-1, CW-DIVE-2 or CW-DIVE-5.
#[allow(clippy::too_many_arguments)] // the Dive's facts, one per rule it checks
pub fn check_dive_move(
    state: FlightState,
    charge_skill: bool,
    charge_card: bool,
    movement: f32,
    distance: f32,
    _use: DiveUse,
    combined_with: &[CardKind],
    lv: &LandingValues,
) -> Result<LandingKind, Refusal> {
    check_dive(state, charge_skill, charge_card)?;
    let (min, max) = dive_bounds(movement, lv);
    if distance < min || distance > max {
        return Err(Refusal::new(
            "CW-DIVE-2",
            say!("cw-why-dive-bounds", min = min, max = max),
        ));
    }
    if combined_with
        .iter()
        .any(|k| k.enhances_movement_or_combat())
    {
        return Err(Refusal::new("CW-DIVE-5", say!("cw-why-dive-combined")));
    }
    Ok(LandingKind::Dive)
}

/// ATT and DAM modifiers a Dive grants: none (CW-DIVE-5).
pub fn dive_combat_modifier() -> (i32, i32) {
    (0, 0)
}

/// An announced engaging move by an airborne unit on a ground target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngagingMove {
    /// The target is airborne (no engagement possible, CW-FBY-1).
    pub target_airborne: bool,
    /// Once landed, the unit would be flanked by another nearby enemy unit
    /// (CW-ENG-6).
    pub would_be_flanked: bool,
    /// The landing would put a model over another unit (CW-ENG-6).
    pub would_overlap: bool,
    /// The 30° contact requirement can be met (CW-ENG-1, CW-ENG-5).
    pub angle_ok: bool,
    /// The move reaches base contact (CW-ENG-2, CW-ENG-4).
    pub reached: bool,
    /// The move is a Dive (CW-DIVE-3).
    pub dive: bool,
}

/// What an engaging move did.
#[derive(Clone, Debug, PartialEq)]
pub struct EngageOutcome {
    /// Base contact made: the units are engaged.
    pub engaged: bool,
    /// Inches short of the target where it lands (0 when engaged, 1 otherwise).
    pub short_by: f32,
    /// The unit has landed in every case.
    pub state: FlightState,
    /// The landing test that follows.
    pub landing: LandingKind,
    /// The log entry.
    pub entry: LogEntry,
}

/// Resolves an announced engaging move by an airborne unit (CW-ENG-1 …
/// CW-ENG-6; no minimum distance, CW-ENG-1). Contact within 30°: engaged,
/// landed, test at −1 (CW-ENG-2, CW-ENG-3). 30° not possible: lands 1" short,
/// test at −1 (CW-ENG-5). Did not reach: lands 1" short, normal landing test
/// (CW-ENG-4). A Dive replaces these tests with its −2 test (CW-DIVE-4).
///
/// # Errors
/// A [`Refusal`] under CW-FBY-1 for an airborne target, CW-ENG-6 if the
/// landing would be flanked or overlap a unit.
pub fn resolve_engaging_move(
    unit: u32,
    target: u32,
    m: &EngagingMove,
) -> Result<EngageOutcome, Refusal> {
    if m.target_airborne {
        return Err(Refusal::new(
            "CW-FBY-1",
            say!("cw-why-air-engage-each-other"),
        ));
    }
    if m.would_be_flanked {
        return Err(Refusal::new("CW-ENG-6", say!("cw-why-would-be-flanked")));
    }
    check_landing_spot(m.would_overlap)?;
    let (engaged, short_by, landing, rule, what) = if !m.angle_ok {
        (
            false,
            1.0,
            LandingKind::AngleNotPossible,
            "CW-ENG-5",
            say!("cw-log-lands-short-angle"),
        )
    } else if !m.reached {
        (
            false,
            1.0,
            LandingKind::FailedToReach,
            "CW-ENG-4",
            say!("cw-log-lands-short-reach"),
        )
    } else {
        (
            true,
            0.0,
            LandingKind::EngagedContact,
            "CW-ENG-3",
            say!("cw-log-touches-down"),
        )
    };
    let landing = if m.dive { LandingKind::Dive } else { landing };
    Ok(EngageOutcome {
        engaged,
        short_by,
        state: FlightState::Grounded,
        landing,
        entry: LogEntry::event(rule, vec![unit, target], what),
    })
}

/// A landing may never put a model over another unit, friend or foe
/// (CW-ENG-6).
///
/// # Errors
/// A [`Refusal`] under CW-ENG-6 when `overlaps`.
pub fn check_landing_spot(overlaps: bool) -> Result<(), Refusal> {
    if overlaps {
        Err(Refusal::new("CW-ENG-6", say!("cw-why-land-overlap")))
    } else {
        Ok(())
    }
}

/// The manoeuvre by which a unit leaves an engagement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaveEngagement {
    /// Full Retreat.
    FullRetreat,
    /// Break-Away.
    BreakAway,
}

/// A unit leaving an engagement, perhaps by air (CW-ENG-7).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Escape {
    /// The unit.
    pub unit: u32,
    /// Full Retreat or Break-Away.
    pub how: LeaveEngagement,
    /// Declared taking to the skies.
    pub take_flight: bool,
    /// Has the Flight trait (CW-FLY-2).
    pub has_flight: bool,
    /// The manoeuvre's test succeeded.
    pub succeeded: bool,
    /// Normal movement, inches.
    pub movement: f32,
}

/// What an escape did.
#[derive(Clone, Debug, PartialEq)]
pub struct EscapeOutcome {
    /// Inches moved.
    pub moved: f32,
    /// State at the end.
    pub state: FlightState,
    /// ATT and DAM bonus of the engaged enemies' parting shots.
    pub parting_shot_bonus: (i32, i32),
    /// The log entry.
    pub entry: LogEntry,
}

/// Leaving an engagement by air (CW-ENG-7): a flight-capable unit declaring
/// flight with its Full Retreat or Break-Away makes a full move and is
/// airborne if the manoeuvre succeeds; engaged enemies' parting shots get
/// +1 ATT and +1 DAM (see [`super::combat::AttackSituation`]). Without
/// flight the ground rules apply [stand-in: a successful retreat moves its
/// full movement on the ground, parting shots unmodified]. A failed
/// manoeuvre moves nothing.
///
/// # Errors
/// A [`Refusal`] under CW-FLY-2 when flight is declared without the trait.
pub fn escape(e: &Escape) -> Result<EscapeOutcome, Refusal> {
    if e.take_flight {
        check_can_fly(e.has_flight)?;
    }
    let retreat = e.how == LeaveEngagement::FullRetreat;
    if !e.succeeded {
        return Ok(EscapeOutcome {
            moved: 0.0,
            state: FlightState::Grounded,
            parting_shot_bonus: (0, 0),
            entry: LogEntry::event(
                "CW-ENG-7",
                vec![e.unit],
                if retreat {
                    say!("cw-log-full-retreat-fails")
                } else {
                    say!("cw-log-break-away-fails")
                },
            ),
        });
    }
    let (state, bonus, what) = if e.take_flight {
        (
            FlightState::Airborne,
            (1, 1),
            if retreat {
                say!("cw-log-full-retreat-by-air", mv = e.movement)
            } else {
                say!("cw-log-break-away-by-air", mv = e.movement)
            },
        )
    } else {
        (
            FlightState::Grounded,
            (0, 0),
            if retreat {
                say!("cw-log-full-retreat-ground", mv = e.movement)
            } else {
                say!("cw-log-break-away-ground", mv = e.movement)
            },
        )
    };
    Ok(EscapeOutcome {
        moved: e.movement,
        state,
        parting_shot_bonus: bonus,
        entry: LogEntry::event("CW-ENG-7", vec![e.unit], what),
    })
}

/// What forces an airborne unit down (CW-FRC-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcedCause {
    /// A spell or card effect.
    SpellOrCard,
    /// The unit became spent.
    BecameSpent,
    /// An effect that makes it lose a turn of movement.
    LostMovement,
}

/// Whether the unit must make a forced landing (CW-FRC-1): any of the causes,
/// only while airborne.
pub fn forced_landing_required(state: FlightState, _cause: ForcedCause) -> bool {
    state == FlightState::Airborne
}

/// A forced landing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForcedLanding {
    /// The unit.
    pub unit: u32,
    /// Normal movement, inches.
    pub movement: f32,
    /// Inches the straight landing move had to be lengthened to land clear of
    /// every unit with the clearance of [`ForcedLandingValues`] (0 when the
    /// spot was free), CW-FRC-3.
    pub extension: f32,
    /// A single model (never unformed, CW-FRC-2).
    pub single_model: bool,
    /// Condition before.
    pub condition: Condition,
    /// Turns the unit is already spent for (0 = not spent).
    pub spent_turns: u32,
    /// Inches of extension per Damage die (CW-FRC-3, `settings.ron`).
    pub inches_per_damage_die: f32,
    /// Share of the movement the straight landing move covers before any
    /// extension [stand-in: half, as CW-LAND-1; `settings.ron`
    /// `landing.least_move`].
    pub move_share: f32,
}

/// What a forced landing did.
#[derive(Clone, Debug, PartialEq)]
pub struct ForcedLandingResult {
    /// Length of the straight landing move, inches.
    pub landing_move: f32,
    /// Damage dice the unit takes (⌈extension / 2⌉).
    pub damage_dice: u32,
    /// Condition afterwards.
    pub condition: Condition,
    /// Turns spent afterwards.
    pub spent_turns: u32,
    /// Grounded.
    pub state: FlightState,
    /// Log entries.
    pub entries: Vec<LogEntry>,
}

/// The numbers of a forced landing (`settings.ron` `forced_landing`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcedLandingValues {
    /// Inches the landing spot must keep clear of every other unit
    /// (CW-FRC-3).
    pub clearance: f32,
    /// Inches of extension per Damage die, or part thereof (CW-FRC-3).
    pub inches_per_damage_die: f32,
    /// Inches between the spots tried when the move is extended [stand-in].
    pub search_step: f32,
    /// The longest extension tried, in multiples of the unit's movement
    /// [stand-in].
    pub search_limit: f32,
}

/// Damage dice for a forced landing extended by `extension` inches: one per
/// `per_die` inches or part thereof (CW-FRC-3).
pub fn forced_landing_damage_dice(extension: f32, per_die: f32) -> u32 {
    if extension <= 0.0 || per_die <= 0.0 {
        0
    } else {
        (extension / per_die).ceil() as u32
    }
}

/// A forced landing (CW-FRC-2, CW-FRC-3): a straight landing move with no
/// manoeuvres [stand-in length: half the movement, as CW-LAND-1,
/// [`ForcedLanding::move_share`]] plus any
/// extension; automatically unformed unless a single model; no landing test.
/// If the move had to be extended: ⌈extension/2⌉ Damage dice and the unit
/// becomes spent, or, if already spent, stays spent one more turn.
pub fn forced_landing(f: &ForcedLanding) -> ForcedLandingResult {
    let mut entries = Vec::new();
    let landing_move = f.movement * f.move_share + f.extension.max(0.0);
    let condition = if !f.single_model && f.condition == Condition::Formed {
        Condition::Unformed
    } else {
        f.condition
    };
    entries.push(LogEntry::event(
        "CW-FRC-2",
        vec![f.unit],
        if f.single_model {
            say!("cw-log-forced-landing-single", mv = landing_move)
        } else {
            say!("cw-log-forced-landing", mv = landing_move)
        },
    ));
    let damage = forced_landing_damage_dice(f.extension, f.inches_per_damage_die);
    let spent_turns = if f.extension > 0.0 {
        let s = if f.spent_turns > 0 {
            f.spent_turns + 1
        } else {
            1
        };
        entries.push(LogEntry::event(
            "CW-FRC-3",
            vec![f.unit],
            say!(
                "cw-log-landing-extended",
                extension = f.extension,
                dice = damage,
                turns = s
            ),
        ));
        s
    } else {
        f.spent_turns
    };
    ForcedLandingResult {
        landing_move,
        damage_dice: damage,
        condition,
        spent_turns,
        state: FlightState::Grounded,
        entries,
    }
}

/// Rolls a forced landing's `n` Damage dice (CW-FRC-3) [stand-in: each die +
/// DAM 0 against the unit's own close-combat ATN is one Wound].
pub fn roll_forced_landing_damage(
    dice: &mut Dice,
    conv: Convention,
    unit: u32,
    n: u32,
    atn_close: i32,
) -> (u32, LogEntry) {
    damage_dice(
        dice,
        conv,
        "CW-FRC-3",
        unit,
        n,
        &Itemized::new(say!("cw-item-forced-landing-dam"), 0),
        atn_close,
    )
}

#[cfg(test)]
#[path = "landing_tests.rs"]
mod tests;
