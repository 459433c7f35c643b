//! The commands of a RAN game and what each does (RAN-ORD, RAN-SOP-3/4):
//! activating a Busho, the orders of his units, shock, the Samurai
//! Challenge, Momentum and Continuity.

use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::engine::board::Facing;
use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::dice::{d10, roll_entry};
use super::fire;
use super::leader_actions;
use super::sequence;
use super::shock;
use super::shock_segment;
use super::state::{PendingShock, Phase, RanCtx, RanState, Segment};
use super::tq;
pub use super::unit_orders::{MoveDestinations, kb_may_move_away, move_destinations};
use super::unit_orders::{active_withdrawal, face_unit, move_unit, own_unit};

/// What a Busho does when activated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Mode {
    /// An Orders Phase (RAN-SOP-3).
    Orders,
    /// A Samurai Challenge Phase (RAN-SOP-4).
    Challenge,
    /// Reorganize Fled units instead of Orders (RAN-ORD-3).
    Reorganize,
    /// The So-Taisho's Busho Movement Order: every Busho may move his full
    /// allowance; the So-Taisho must be in his Honjin (RAN-LDR-3).
    BushoMovement,
    /// Hara-Kiri: 1 hit off every friendly combat unit in range (RAN-LDR-3).
    HaraKiriHits,
    /// Hara-Kiri: two Disordered units in range recover (RAN-LDR-3).
    HaraKiriRecover,
}

impl Mode {
    /// Whether the app and the computer offer this activation of `busho`
    /// now: the Busho Movement Order where the So-Taisho may give it, a
    /// Hara-Kiri where it would help a unit (RAN-LDR-3); the rest always.
    pub fn offered(self, ctx: &RanCtx, state: &RanState, busho: u32) -> bool {
        use leader_actions::HaraKiri;
        match self {
            Mode::BushoMovement => {
                leader_actions::may_order_busho_movement(ctx, state, busho).is_ok()
            }
            Mode::HaraKiriHits => {
                leader_actions::hara_kiri_helps(ctx, state, busho, HaraKiri::RemoveHits)
            }
            Mode::HaraKiriRecover => {
                leader_actions::hara_kiri_helps(ctx, state, busho, HaraKiri::Recover)
            }
            Mode::Orders | Mode::Challenge | Mode::Reorganize => true,
        }
    }
}

/// The default mode of an activation in the app's choices.
/// Every way a Busho may be activated, in the order the app offers them.
pub const MODES: [Mode; 6] = [
    Mode::Orders,
    Mode::Challenge,
    Mode::Reorganize,
    Mode::BushoMovement,
    Mode::HaraKiriHits,
    Mode::HaraKiriRecover,
];

/// A command.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum RanCommand {
    /// The rules' next automatic step.
    Step,
    /// Activate a Busho (or the So-Taisho) of the side to act.
    Activate {
        /// Leader id.
        busho: u32,
        /// What he does.
        mode: Mode,
    },
    /// Pass (RAN-SOP-6).
    Pass,
    /// Move a unit to a hex by its cheapest path; it ends facing along its last step.
    Move {
        /// Unit.
        unit: u32,
        /// Destination (axial).
        to: Hex,
    },
    /// Turn a unit in place.
    Face {
        /// Unit.
        unit: u32,
        /// New facing.
        facing: Facing,
    },
    /// Fire, alone or as a Volley (the first unit leads).
    Fire {
        /// Firing units.
        units: Vec<u32>,
        /// Target.
        target: u32,
    },
    /// Remove Hits (11.71).
    RemoveHits {
        /// Unit.
        unit: u32,
    },
    /// Recover from Disorder (11.72).
    Recover {
        /// Unit.
        unit: u32,
    },
    /// Active Withdrawal (6.41).
    Withdraw {
        /// Unit.
        unit: u32,
    },
    /// Move a leader (RAN-LDR-1).
    MoveLeader {
        /// Leader.
        leader: u32,
        /// Destination.
        to: Hex,
    },
    /// End the Movement/Fire Segment.
    EndMoveFire,
    /// Declare a shock.
    Shock {
        /// Attackers.
        attackers: Vec<u32>,
        /// Defender.
        defender: u32,
        /// A Norikuzushi (Kibamusha charge).
        charge: bool,
    },
    /// End the Shock Segment.
    EndShock,
    /// After a Coordination tie or a 7, the owner picks the one contingent
    /// whose units attack (RAN-COORD-2).
    PickContingent {
        /// The contingent (its leader's id).
        contingent: u32,
    },
    /// The defender withdraws before the shock.
    ReactWithdraw,
    /// The defender stands.
    ReactStand,
    /// Challenge an enemy leader.
    Challenge {
        /// The challenger: the Busho or his Samurai.
        challenger: u32,
        /// The enemy leader.
        target: u32,
    },
    /// End the Challenge Phase without (another) challenge.
    EndChallenge,
    /// Try Momentum.
    Momentum,
    /// Decline Momentum: the Busho is Finished.
    Finish,
    /// Try Continuity.
    Continuity,
    /// Decline Continuity: play passes.
    EndActivation,
    /// Trump the enemy's Momentum or Continuity with this Busho (RAN-LDR-2).
    Trump {
        /// The designated Busho.
        busho: u32,
    },
    /// Let the enemy's Momentum or Continuity be tried (RAN-LDR-2).
    DeclineTrump,
}

fn refuse(rule: &str, reason: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(rule, reason))
}

/// The side that decides now, if any.
pub fn side_to_act(state: &RanState) -> Option<u8> {
    match &state.phase {
        Phase::Select { side, .. } | Phase::Continuity { side } => Some(*side),
        Phase::Orders { busho, .. }
        | Phase::Challenge { busho }
        | Phase::Momentum { busho }
        | Phase::MomentumGained { busho }
        | Phase::Coordination { busho, .. } => state.leader(*busho).map(|l| l.side),
        Phase::Reaction { shock, .. } => state.unit(shock.defender).map(|u| u.side),
        Phase::Trump { busho, .. } => state.leader(*busho).map(|l| 1 - l.side),
        _ => None,
    }
}

/// The command by which `side` passes now, if it may: it ends the segment,
/// the phase or the decision at hand (the core's `Rules::pass_command`).
pub fn pass_command(ctx: &RanCtx, state: &RanState, side: u8) -> Option<RanCommand> {
    if side_to_act(state) != Some(side) {
        return None;
    }
    let cmd = match &state.phase {
        Phase::Select { .. } => RanCommand::Pass,
        Phase::Orders {
            segment: Segment::MoveFire,
            ..
        } => RanCommand::EndMoveFire,
        Phase::Orders {
            segment: Segment::Shock,
            ..
        } => RanCommand::EndShock,
        Phase::Reaction { .. } => RanCommand::ReactStand,
        Phase::Challenge { .. } => RanCommand::EndChallenge,
        Phase::Momentum { .. } => RanCommand::Finish,
        Phase::MomentumGained { busho } => RanCommand::Activate {
            busho: *busho,
            mode: Mode::Orders,
        },
        Phase::Continuity { .. } => RanCommand::EndActivation,
        Phase::Trump { .. } => RanCommand::DeclineTrump,
        _ => return None,
    };
    let mut s = state.clone();
    let mut d = Dice::new(0);
    apply(ctx, &mut s, &cmd, &mut d, &mut Vec::new())
        .is_ok()
        .then_some(cmd)
}

/// The phase a successful Momentum roll gives (RAN-SOP-5): another Orders
/// Phase, or a Samurai Challenge Phase, the owner's choice.
fn momentum_phase(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    mode: Mode,
    out: &mut Vec<LogEntry>,
) {
    let name = state
        .leader(busho)
        .map_or_else(String::new, |l| l.name.to_string());
    sequence::start_orders(state, busho);
    if mode == Mode::Challenge {
        out.push(LogEntry::event(
            "RAN-SOP-5",
            vec![busho],
            say!("ran-momentum-challenge", leader = name),
        ));
        // RAN-STAT-4: his Committed units shock when he is activated.
        shock_segment::forced_shocks(ctx, state, dice, busho, out);
        state.phase = Phase::Challenge { busho };
    } else {
        // RAN-COORD-3: a Coordination roll in this phase takes +1.
        state.momentum_orders = true;
        out.push(LogEntry::event(
            "RAN-SOP-5",
            vec![busho],
            say!("ran-momentum-orders", leader = name),
        ));
    }
}

/// Applies `cmd` for `side` to a copy-safe state: on a refusal the caller
/// drops the copy. Entries go to `out`. A Momentum or Continuity decision
/// it leads to opens the enemy's Trump window first (RAN-LDR-2).
///
/// # Errors
/// The refusal naming the rule the command breaks.
pub fn apply(
    ctx: &RanCtx,
    state: &mut RanState,
    cmd: &RanCommand,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let before = state.phase.clone();
    // RAN-LDR-3: under a Busho Movement Order only Bushos move.
    if state.busho_movement
        && matches!(
            cmd,
            RanCommand::Move { .. }
                | RanCommand::Face { .. }
                | RanCommand::Fire { .. }
                | RanCommand::RemoveHits { .. }
                | RanCommand::Recover { .. }
                | RanCommand::Withdraw { .. }
        )
    {
        return refuse("RAN-LDR-3", say!("ran-refuse-busho-movement-units"));
    }
    apply_command(ctx, state, cmd, dice, out)?;
    leader_actions::offer_trump(ctx, state, &before);
    Ok(())
}

/// Activates `busho` of the side choosing (`side`, after a Fate roll of
/// 0–1 `resurrection`) for an Orders or Challenge Phase, a Reorganization,
/// a Busho Movement Order or a Hara-Kiri (RAN-SOP-2..4, RAN-ORD-3,
/// RAN-LDR-3).
fn activate(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    (side, resurrection): (u8, bool),
    busho: u32,
    mode: Mode,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    if !sequence::eligible(ctx, state, side, resurrection).contains(&busho) {
        return refuse(
            "RAN-LDR-3",
            say!("ran-refuse-may-not-activate", leader = busho),
        );
    }
    if mode == Mode::BushoMovement {
        leader_actions::may_order_busho_movement(ctx, state, busho)?;
    }
    let name = state
        .leader(busho)
        .map_or_else(String::new, |l| l.name.to_string());
    out.push(LogEntry::event(
        match mode {
            Mode::Orders => "RAN-SOP-3",
            Mode::Challenge => "RAN-SOP-4",
            Mode::Reorganize => "RAN-ORD-3",
            Mode::BushoMovement | Mode::HaraKiriHits | Mode::HaraKiriRecover => "RAN-LDR-3",
        },
        vec![busho],
        match mode {
            Mode::Orders => say!("ran-activated-orders", leader = name),
            Mode::Challenge => say!("ran-activated-challenge", leader = name),
            Mode::Reorganize => say!("ran-activated-reorganize", leader = name),
            Mode::BushoMovement => say!("ran-activated-busho-movement", leader = name),
            Mode::HaraKiriHits | Mode::HaraKiriRecover => {
                say!("ran-activated-hara-kiri", leader = name)
            }
        },
    ));
    if let Some(l) = state.leader_mut(busho) {
        l.activated = true;
    }
    match mode {
        Mode::Orders => sequence::start_orders(state, busho),
        Mode::Challenge => {
            // RAN-STAT-4: his Committed units shock when he is activated.
            sequence::start_orders(state, busho);
            shock_segment::forced_shocks(ctx, state, dice, busho, out);
            state.passes = 0;
            state.phase = Phase::Challenge { busho };
        }
        Mode::Reorganize => {
            sequence::start_orders(state, busho);
            shock_segment::forced_shocks(ctx, state, dice, busho, out);
            reorganize(ctx, state, dice, busho, out);
            sequence::after_phase(ctx, state, busho);
        }
        Mode::BushoMovement => leader_actions::start_busho_movement(state, busho),
        Mode::HaraKiriHits => {
            leader_actions::hara_kiri(ctx, state, busho, leader_actions::HaraKiri::RemoveHits, out);
        }
        Mode::HaraKiriRecover => {
            leader_actions::hara_kiri(ctx, state, busho, leader_actions::HaraKiri::Recover, out);
        }
    }
    Ok(())
}

/// The kind of a [`RanCommand`], without its arguments: what the table of
/// phases ([`allowed`]) speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CommandKind {
    Step,
    Activate,
    Pass,
    Move,
    Face,
    Fire,
    RemoveHits,
    Recover,
    Withdraw,
    MoveLeader,
    EndMoveFire,
    Shock,
    EndShock,
    PickContingent,
    ReactWithdraw,
    ReactStand,
    Challenge,
    EndChallenge,
    Momentum,
    Finish,
    Continuity,
    EndActivation,
    Trump,
    DeclineTrump,
}

impl RanCommand {
    /// The kind of this command.
    fn kind(&self) -> CommandKind {
        use CommandKind as K;
        match self {
            RanCommand::Step => K::Step,
            RanCommand::Activate { .. } => K::Activate,
            RanCommand::Pass => K::Pass,
            RanCommand::Move { .. } => K::Move,
            RanCommand::Face { .. } => K::Face,
            RanCommand::Fire { .. } => K::Fire,
            RanCommand::RemoveHits { .. } => K::RemoveHits,
            RanCommand::Recover { .. } => K::Recover,
            RanCommand::Withdraw { .. } => K::Withdraw,
            RanCommand::MoveLeader { .. } => K::MoveLeader,
            RanCommand::EndMoveFire => K::EndMoveFire,
            RanCommand::Shock { .. } => K::Shock,
            RanCommand::EndShock => K::EndShock,
            RanCommand::PickContingent { .. } => K::PickContingent,
            RanCommand::ReactWithdraw => K::ReactWithdraw,
            RanCommand::ReactStand => K::ReactStand,
            RanCommand::Challenge { .. } => K::Challenge,
            RanCommand::EndChallenge => K::EndChallenge,
            RanCommand::Momentum => K::Momentum,
            RanCommand::Finish => K::Finish,
            RanCommand::Continuity => K::Continuity,
            RanCommand::EndActivation => K::EndActivation,
            RanCommand::Trump { .. } => K::Trump,
            RanCommand::DeclineTrump => K::DeclineTrump,
        }
    }
}

/// The commands each phase allows (RAN-SOP-3), in the manner of
/// boardgame.io's phases: a command of another kind is refused in it.
fn allowed(phase: &Phase) -> &'static [CommandKind] {
    use CommandKind as K;
    match phase {
        Phase::Initiative | Phase::Recovery | Phase::Abandonment | Phase::Victory => &[K::Step],
        Phase::Select { .. } => &[K::Activate, K::Pass],
        Phase::Orders {
            segment: Segment::MoveFire,
            ..
        } => &[
            K::Move,
            K::Face,
            K::Fire,
            K::RemoveHits,
            K::Recover,
            K::Withdraw,
            K::MoveLeader,
            K::EndMoveFire,
        ],
        Phase::Orders {
            segment: Segment::Shock,
            ..
        } => &[K::Shock, K::EndShock],
        Phase::Coordination { .. } => &[K::PickContingent],
        Phase::Reaction { .. } => &[K::ReactWithdraw, K::ReactStand],
        Phase::Challenge { .. } => &[K::Challenge, K::EndChallenge],
        Phase::Trump { .. } => &[K::Trump, K::DeclineTrump],
        // RAN-SOP-5: the owner picks an Orders or a Challenge Phase.
        Phase::MomentumGained { .. } => &[K::Activate],
        Phase::Momentum { .. } => &[K::Momentum, K::Finish],
        Phase::Continuity { .. } => &[K::Continuity, K::EndActivation],
        Phase::Over { .. } => &[],
    }
}

/// The refusal of `cmd` in `phase` (RAN-SOP-3).
fn not_this_phase(phase: &Phase) -> Result<(), Refusal> {
    refuse(
        "RAN-SOP-3",
        say!("ran-refuse-not-this-phase", phase = phase_words(phase)),
    )
}

/// Refuses `cmd` unless the phase allows it ([`allowed`], RAN-SOP-3), then
/// hands it to the function of its command.
fn apply_command(
    ctx: &RanCtx,
    state: &mut RanState,
    cmd: &RanCommand,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    use RanCommand as C;
    let phase = state.phase.clone();
    if !allowed(&phase).contains(&cmd.kind()) {
        return not_this_phase(&phase);
    }
    match (cmd, phase) {
        (C::Step, Phase::Initiative) => sequence::initiative(ctx, state, dice, out),
        (C::Step, Phase::Recovery) => sequence::recovery(ctx, state, dice, out),
        (C::Step, Phase::Abandonment) => sequence::abandonment(ctx, state, dice, out),
        (C::Step, Phase::Victory) => sequence::victory(ctx, state, out),
        (C::Activate { busho, mode }, Phase::Select { side, resurrection }) => {
            activate(ctx, state, dice, (side, resurrection), *busho, *mode, out)?;
        }
        (C::Pass, Phase::Select { side, .. }) => sequence::pass(ctx, state, side, out),
        (C::Move { unit, to }, Phase::Orders { busho, .. }) => {
            move_unit(ctx, state, dice, busho, *unit, *to, out)?;
        }
        (C::Face { unit, facing }, Phase::Orders { busho, .. }) => {
            face_unit(ctx, state, busho, *unit, *facing, out)?;
        }
        (C::Fire { units, target }, Phase::Orders { busho, .. }) => {
            fire_command(ctx, state, dice, busho, units, *target, out)?;
        }
        (C::RemoveHits { unit }, Phase::Orders { busho, .. }) => {
            remove_hits_command(ctx, state, busho, *unit, out)?;
        }
        (C::Recover { unit }, Phase::Orders { busho, .. }) => {
            recover_command(ctx, state, dice, busho, *unit, out)?;
        }
        (C::Withdraw { unit }, Phase::Orders { busho, .. }) => {
            active_withdrawal(ctx, state, dice, busho, *unit, out)?;
        }
        (C::MoveLeader { leader, to }, Phase::Orders { busho, .. }) => {
            leader_actions::move_leader(ctx, state, busho, *leader, *to, out)?;
        }
        (C::EndMoveFire, Phase::Orders { busho, .. }) => end_move_fire_command(ctx, state, busho),
        (
            C::Shock {
                attackers,
                defender,
                charge,
            },
            Phase::Orders { busho, .. },
        ) => {
            let shock = (attackers.as_slice(), *defender, *charge);
            shock_segment::shock_command(ctx, state, dice, busho, shock, out)?;
        }
        (
            C::PickContingent { contingent },
            Phase::Coordination {
                busho,
                shock: p,
                contingents,
            },
        ) => {
            let pending = (busho, &p, contingents.as_slice());
            shock_segment::pick(ctx, state, dice, pending, *contingent, out)?;
        }
        (C::EndShock, Phase::Orders { busho, .. }) => {
            end_shock_command(ctx, state, dice, busho, out)
        }
        (C::ReactWithdraw, Phase::Reaction { shock: p, busho }) => {
            react_withdraw_command(ctx, state, dice, busho, &p, out);
        }
        (C::ReactStand, Phase::Reaction { shock: p, busho }) => {
            react_stand_command(ctx, state, dice, busho, &p, out);
        }
        (C::Challenge { challenger, target }, Phase::Challenge { busho }) => {
            challenge_command(ctx, state, dice, busho, (*challenger, *target), out)?;
        }
        (C::EndChallenge, Phase::Challenge { busho }) => sequence::after_phase(ctx, state, busho),
        (C::Trump { busho: designated }, Phase::Trump { busho, momentum }) => {
            leader_actions::trump(ctx, state, dice, busho, momentum, *designated, out)?;
        }
        (C::DeclineTrump, Phase::Trump { busho, momentum }) => {
            leader_actions::decline_trump(state, busho, momentum);
        }
        (C::Activate { busho, mode }, Phase::MomentumGained { busho: b })
            if *busho == b && matches!(mode, Mode::Orders | Mode::Challenge) =>
        {
            momentum_phase(ctx, state, dice, b, *mode, out);
        }
        (C::Momentum, Phase::Momentum { busho }) => {
            sequence::momentum(ctx, state, dice, busho, out)
        }
        (C::Finish, Phase::Momentum { busho }) => sequence::finish(state, busho),
        (C::Continuity, Phase::Continuity { side }) => {
            sequence::continuity(ctx, state, dice, side, out);
        }
        (C::EndActivation, Phase::Continuity { side }) => sequence::hand_over(ctx, state, side),
        // The phase allows the kind but not this command: an Activate in a
        // Momentum Gained phase of another Busho, or for another mode.
        (_, p) => return not_this_phase(&p),
    }
    Ok(())
}

/// Fire, alone or as a Volley, by units of the activated `busho`'s
/// contingent (RAN-ORD-1, RAN-STAT-2); the fire rules check the rest.
fn fire_command(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    units: &[u32],
    target: u32,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    for f in units {
        own_unit(state, busho, *f)?;
    }
    let side = state.leader(busho).map_or(0, |l| l.side);
    state.last_shock = None;
    let p = fire::plan(ctx, state, side, units, target).map_err(|(r, why)| Refusal::new(r, why))?;
    fire::resolve(ctx, state, dice, units, target, &p, out);
    Ok(())
}

/// Remove Hits (11.71): an unordered unit with hits, not in an enemy ZOC,
/// takes off the stand-in number of hits; out of command it is a RAN-ORD-2
/// order (RAN-ORD-1, RAN-ORD-2).
fn remove_hits_command(
    ctx: &RanCtx,
    state: &mut RanState,
    busho: u32,
    unit: u32,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let u = own_unit(state, busho, unit)?.clone();
    if u.ordered {
        return refuse(
            "RAN-ORD-1",
            say!("ran-refuse-already-ordered", unit = u.name),
        );
    }
    if u.hits == 0 || state.enemy_zoc(u.side, u.hex) {
        return refuse(
            "RAN-ORD-1",
            say!("ran-refuse-no-hits-to-remove", unit = u.name),
        );
    }
    let n = ctx.tables.values.stand_ins.remove_hits;
    if let Some(um) = state.unit_mut(u.id) {
        um.hits = um.hits.saturating_sub(n);
        um.ordered = true;
    }
    out.push(LogEntry::event(
        if state.in_command(ctx, &u) {
            "RAN-ORD-1"
        } else {
            "RAN-ORD-2"
        },
        vec![u.id],
        say!("ran-removes-hits", unit = u.name, n = n),
    ));
    Ok(())
}

/// Recover from Disorder (11.72): an unordered Disordered unit in command
/// rolls against its effective TQ (RAN-ORD-1, RAN-STAT-1).
fn recover_command(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    unit: u32,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let u = own_unit(state, busho, unit)?.clone();
    if u.ordered || !u.disordered {
        return refuse(
            "RAN-ORD-1",
            say!("ran-refuse-not-disordered", unit = u.name),
        );
    }
    if !state.in_command(ctx, &u) {
        return refuse(
            "RAN-STAT-1",
            say!("ran-refuse-out-of-command-recover", unit = u.name),
        );
    }
    let tqv = ctx.effective_tq(state, &u);
    let t = tqv.total();
    let r = d10(dice);
    let ok = tq::passes(r as i32, t);
    out.push(roll_entry(
        "RAN-ORD-1",
        vec![u.id],
        say!("ran-tries-recover", unit = u.name),
        Some(tqv),
        Some(t),
        r,
        if ok {
            say!("ran-outcome-recovers")
        } else {
            say!("ran-outcome-stays-disordered")
        },
        Some(tq::pass_chance(t)),
    ));
    if let Some(um) = state.unit_mut(u.id) {
        um.ordered = true;
        if ok {
            um.disordered = false;
        }
    }
    Ok(())
}

/// Ends the Movement/Fire Segment: a Busho Movement Order ends the phase
/// (RAN-LDR-3); otherwise the Shock Segment begins (RAN-SOP-3).
fn end_move_fire_command(ctx: &RanCtx, state: &mut RanState, busho: u32) {
    if state.busho_movement {
        state.busho_movement = false;
        sequence::after_phase(ctx, state, busho);
    } else {
        state.phase = Phase::Orders {
            busho,
            segment: Segment::Shock,
        };
    }
}

/// Ends the Shock Segment: the shocks the contingent must make are made
/// (RAN-STAT-4), then the phase ends.
fn end_shock_command(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    out: &mut Vec<LogEntry>,
) {
    shock_segment::forced_shocks(ctx, state, dice, busho, out);
    sequence::after_phase(ctx, state, busho);
}

/// The defender withdraws before the shock `p`; `busho`'s Shock Segment
/// goes on.
fn react_withdraw_command(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    p: &PendingShock,
    out: &mut Vec<LogEntry>,
) {
    shock::reaction_withdrawal(ctx, state, dice, p, out);
    state.phase = Phase::Orders {
        busho,
        segment: Segment::Shock,
    };
}

/// The defender stands: the shock `p` is fought; `busho`'s Shock Segment
/// goes on.
fn react_stand_command(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    p: &PendingShock,
    out: &mut Vec<LogEntry>,
) {
    shock::fight(ctx, state, dice, p, out);
    state.phase = Phase::Orders {
        busho,
        segment: Segment::Shock,
    };
}

/// A Samurai Challenge of `target` by `challenger` in `busho`'s Challenge
/// Phase, which it ends (RAN-SOP-4).
fn challenge_command(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    (challenger, target): (u32, u32),
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    super::challenge::challenge(ctx, state, dice, busho, challenger, target, out)?;
    sequence::after_phase(ctx, state, busho);
    Ok(())
}

/// The phase in words.
pub fn phase_words(p: &Phase) -> String {
    match p {
        Phase::Initiative => say!("ran-phase-initiative"),
        Phase::Select { .. } => say!("ran-phase-select"),
        Phase::Orders {
            segment: Segment::MoveFire,
            ..
        } => say!("ran-phase-orders-move-fire"),
        Phase::Orders {
            segment: Segment::Shock,
            ..
        } => say!("ran-phase-orders-shock"),
        Phase::Reaction { .. } => say!("ran-phase-reaction"),
        Phase::Coordination { .. } => say!("ran-phase-coordination"),
        Phase::Challenge { .. } => say!("ran-phase-challenge"),
        Phase::Momentum { .. } => say!("ran-phase-momentum"),
        Phase::MomentumGained { .. } => say!("ran-phase-momentum-gained"),
        Phase::Continuity { .. } => say!("ran-phase-continuity"),
        Phase::Trump { .. } => say!("ran-phase-trump"),
        Phase::Recovery => say!("ran-phase-recovery"),
        Phase::Abandonment => say!("ran-phase-abandonment"),
        Phase::Victory => say!("ran-phase-victory"),
        Phase::Over { .. } => say!("ran-phase-over"),
    }
}

/// Reorganization of Fled units (RAN-ORD-3, RAN-TQ-9): each Fled unit of
/// the contingent within the Busho's Command Range rolls against its
/// Disordered-side TQ.
fn reorganize(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    out: &mut Vec<LogEntry>,
) {
    let Some(l) = state.leader(busho).cloned() else {
        return;
    };
    let ids: Vec<u32> = state
        .units
        .iter()
        .filter(|u| u.contingent == l.contingent && u.fled && !u.eliminated)
        // RAN-TQ-9, RAN-LDR-2: within his Command Range, halved in an
        // enemy ZOC.
        .filter(|u| u.hex.unsigned_distance_to(l.hex) as i32 <= state.command_range(ctx, &l))
        .map(|u| u.id)
        .collect();
    for id in ids {
        let Some(u) = state.unit(id).cloned() else {
            continue;
        };
        let dtq = u.tq + ctx.tables.values.tq.disordered_side_tq;
        let r = d10(dice);
        let res = tq::reorganize(r, dtq);
        out.push(roll_entry(
            "RAN-TQ-9",
            vec![id],
            say!("ran-tries-reorganize", leader = l.name, unit = u.name),
            None,
            Some(dtq),
            r,
            match res {
                tq::Reorganize::Rallied => say!("ran-outcome-rallied"),
                tq::Reorganize::StaysFled => say!("ran-outcome-stays-fled"),
                tq::Reorganize::Eliminated => say!("ran-outcome-eliminated"),
            },
            None,
        ));
        if let Some(um) = state.unit_mut(id) {
            match res {
                tq::Reorganize::Rallied => {
                    um.fled = false;
                    um.disordered = true;
                    um.hits = (um.tq - 1).max(0) as u32;
                }
                tq::Reorganize::StaysFled => {}
                tq::Reorganize::Eliminated => um.eliminated = true,
            }
        }
    }
}
