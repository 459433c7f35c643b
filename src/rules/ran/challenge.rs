//! The Samurai Challenge (RAN-SOP-4, RAN-IC): a Busho or one of his Samurai
//! challenges an enemy leader within his Command Range.

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::casualties;
use super::dice::{d10, roll_entry};
use super::leaders::{self, Role};
use super::state::{RanCtx, RanState};

fn refuse(rule: &str, reason: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(rule, reason))
}

/// A Samurai Challenge (RAN-SOP-4, RAN-IC): the Busho or his Samurai
/// challenges an enemy leader within the Busho's Command Range; a Samurai
/// entering a hex held by an enemy unit risks death (RAN-IC-4).
///
/// # Errors
/// A refusal under RAN-SOP-4, RAN-LDR-2 or RAN-IC-4.
pub fn challenge(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    challenger: u32,
    target: u32,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let b = state
        .leader(busho)
        .cloned()
        .ok_or_else(|| Refusal::new("RAN-SOP-4", say!("ran-refuse-no-busho")))?;
    let c = state.leader(challenger).cloned().filter(|c| {
        !c.dead && (c.id == busho || (c.role == Role::Samurai && c.contingent == b.contingent))
    });
    let Some(c) = c else {
        return refuse("RAN-SOP-4", say!("ran-refuse-challenger"));
    };
    let t = state
        .leader(target)
        .cloned()
        .filter(|t| !t.dead && t.side != b.side);
    let Some(t) = t else {
        return refuse("RAN-SOP-4", say!("ran-refuse-challenge-target"));
    };
    let range = state.command_range(ctx, &b);
    if b.hex.unsigned_distance_to(t.hex) as i32 > range {
        return refuse(
            "RAN-LDR-2",
            say!(
                "ran-refuse-beyond-command-range",
                target = t.name,
                busho = b.name,
                range = range
            ),
        );
    }
    if c.role == Role::Samurai && state.unit_at(t.hex).is_some_and(|u| u.side != c.side) {
        let extra = ctx
            .tables
            .individual
            .samurai_charge_into_enemy_occupied_hex
            .extra_mp;
        let ma = leaders::leader_ma(&ctx.tables.leader_movement, Role::Samurai, false, false);
        // RAN-LDR-1, RAN-TER-1: his way there is paid by the terrain.
        let mp = super::leader_actions::charge_mp(ctx, state, &c, t.hex, extra, ma);
        if mp.is_none_or(|mp| mp > ma) {
            return refuse(
                "RAN-IC-4",
                say!("ran-refuse-samurai-reach", leader = c.name, extra = extra),
            );
        }
        let r = d10(dice);
        let dies = leaders::samurai_charge_dies(r, c.factors.energy);
        out.push(roll_entry(
            "RAN-IC-4",
            vec![c.id],
            say!("ran-samurai-charges", leader = c.name),
            None,
            Some(c.factors.energy),
            r,
            if dies {
                say!("ran-outcome-dies")
            } else {
                say!("ran-outcome-gets-through")
            },
            None,
        ));
        if dies {
            casualties::kill_leader(ctx, state, c.id, out);
            return Ok(());
        }
    }
    if let Some(cm) = state.leader_mut(c.id) {
        cm.hex = t.hex;
    }
    casualties::individual_combat(ctx, state, dice, c.id, t.id, "RAN-SOP-4", out);
    Ok(())
}
