//! The planned shock over the game state (RAN-SHOCK-1 steps 5–6): the lead
//! attacker's weapons-matrix column, the terrain shifts of the position best
//! for the defender (RAN-SADJ-4), Positional Superiority and castles
//! (RAN-SADJ-6), and the roll modifiers of Busho in the fight (RAN-SADJ-8).
//! The tables themselves are pure functions in `shock_table.rs`.

use hexx::Hex;

use crate::engine::log::Modifier;

use super::leaders::Role;
use super::movement;
use super::shock_table::{self, ShiftInputs};
use super::state::{FacingArc, RanCtx, RanState};
use super::terrain::{self, Shift};

/// Whether a Busho of `side` stands on `h`.
pub fn busho_on(state: &RanState, side: u8, h: Hex) -> Option<u32> {
    state
        .leaders
        .iter()
        .find(|l| !l.dead && l.side == side && l.hex == h && l.role != Role::Samurai)
        .map(|l| l.id)
}

/// The terrain shifts of the position best for the defender (RAN-SADJ-4,
/// RAN-TER-2 [b], [g]): per attacker, the defender hex's shock cell, the
/// hexside crossed and the elevation change; the lowest total wins.
/// `None` when some attacker may not shock across an NP hexside.
pub fn terrain_shifts(
    ctx: &RanCtx,
    state: &RanState,
    attackers: &[u32],
    defender: u32,
) -> Option<Vec<(String, i32, String)>> {
    let b = ctx.tables.battle(&ctx.scenario.battle)?;
    let d = state.unit(defender)?;
    let d_ter = movement::terrain_at(ctx, d.hex);
    let mut best: Option<Vec<(String, i32, String)>> = None;
    for a in attackers {
        let a = state.unit(*a)?;
        let mut items = Vec::new();
        let a_ter = movement::terrain_at(ctx, a.hex);
        if let Some(r) = terrain::row(b, &d_ter) {
            match r.shock() {
                Shift::Columns(n) => items.push((
                    say!("ran-shift-defender-in", terrain = r.label()),
                    n,
                    r.rule(),
                )),
                Shift::Paddy => {}
                Shift::NotPermitted => return None,
            }
        }
        // Rice paddy [g]: only the attacker in it 1L, only the defender 1R.
        let paddy = |name: &str| terrain::row(b, name).filter(|r| r.shock() == Shift::Paddy);
        match (paddy(&a_ter), paddy(&d_ter)) {
            (Some(r), None) => items.push((
                say!("ran-shift-attacker-in-paddy"),
                ctx.tables.values.shock.paddy_attacker_only,
                r.rule(),
            )),
            (None, Some(r)) => items.push((
                say!("ran-shift-defender-in-paddy"),
                ctx.tables.values.shock.paddy_defender_only,
                r.rule(),
            )),
            _ => {}
        }
        // A slope hexside is crossed up or down (RAN-TER-2): the attacker's
        // way across picks its row, and the level is that row's alone.
        let side = ctx.board.hexside(a.hex, d.hex);
        let slope = side.is_some_and(|f| terrain::is_slope(&f.name));
        if let Some(f) = side {
            let name = if slope {
                ctx.slope_row(&f.name, a.hex, d.hex)
            } else {
                f.name.clone()
            };
            if let Some(r) = terrain::row(b, &name) {
                match r.shock() {
                    Shift::Columns(n) => {
                        items.push((say!("ran-shift-across", terrain = r.label()), n, r.rule()))
                    }
                    Shift::NotPermitted => return None,
                    Shift::Paddy => {}
                }
            }
        }
        let (ea, ed) = (ctx.board.elevation(a.hex), ctx.board.elevation(d.hex));
        if ea != ed && !slope {
            let name = if ed > ea {
                "Up 1 level"
            } else {
                "Down 1 level"
            };
            if let Some(r) = terrain::row(b, name)
                && let Shift::Columns(n) = r.shock()
            {
                items.push((
                    say!("ran-shift-attacking", terrain = r.label()),
                    n,
                    r.rule(),
                ));
            }
        }
        let sum: i32 = items.iter().map(|i| i.1).sum();
        if best
            .as_ref()
            .is_none_or(|bi| sum < bi.iter().map(|i| i.1).sum::<i32>())
        {
            best = Some(items);
        }
    }
    Some(best.unwrap_or_default())
}

/// Whether the defender's hex is a castle (RAN-SADJ-6, RAN-TER-2 [h]).
pub fn in_castle(ctx: &RanCtx, state: &RanState, defender: u32) -> bool {
    state.unit(defender).is_some_and(|d| {
        movement::terrain_at(ctx, d.hex)
            .to_ascii_lowercase()
            .contains("castle")
    })
}

/// Positional Superiority: an attacker shocks through the defender's flank
/// or rear hexside (RAN-BASE stand-in for 9.x; RAN-SADJ-6).
pub fn positional_superiority(
    ctx: &RanCtx,
    state: &RanState,
    attackers: &[u32],
    defender: u32,
) -> bool {
    let Some(d) = state.unit(defender) else {
        return false;
    };
    attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .any(|a| ctx.arc(d.hex, d.facing, a.hex) != FacingArc::Front)
}

/// Everything the planned shock's column and roll depend on (steps 5–6).
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The lead attacker (best column).
    pub lead: u32,
    /// Weapons-matrix attacker column and defender row.
    pub matrix: (String, String),
    /// The weapons-matrix column.
    pub base: i32,
    /// Shifts.
    pub shifts: Vec<Modifier>,
    /// Final column.
    pub column: i32,
    /// Roll modifiers.
    pub roll_mods: Vec<Modifier>,
    /// Positional Superiority.
    pub positional: bool,
    /// Castle.
    pub castle: bool,
}

/// The column, shifts and roll modifiers of a shock (RAN-SHOCK-1 steps 5–6,
/// RAN-SADJ-8). `None` when no attacker has a weapons-matrix column.
pub fn plan(
    ctx: &RanCtx,
    state: &RanState,
    attackers: &[u32],
    defender: u32,
    charge: bool,
    extra: &[Modifier],
) -> Option<Plan> {
    let d = state.unit(defender)?;
    let dt = ctx.utype(d)?;
    let w = &ctx.tables.weapons;
    let (lead, col_key, base) = attackers
        .iter()
        .filter_map(|a| {
            let u = state.unit(*a)?;
            let k = shock_table::attacker_column(ctx.utype(u)?, charge)?;
            let c = shock_table::weapons_column(w, &k, &dt.defender_row)?;
            Some((u.id, k, c))
        })
        .max_by_key(|(id, _, c)| (*c, std::cmp::Reverse(*id)))?;
    let attacking: Vec<_> = attackers.iter().filter_map(|a| state.unit(*a)).collect();
    let inputs = ShiftInputs {
        attacker_disordered: attacking.iter().any(|a| a.disordered),
        attacker_open_order: attacking.iter().any(|a| ctx.open_order(a)),
        attackers: attacking.len() as u32,
        defenders: 1,
        terrain: terrain_shifts(ctx, state, attackers, defender).unwrap_or_default(),
        disordered_committed: false,
    };
    let v = &ctx.tables.values.shock;
    let mut shifts = shock_table::column_shifts(v, &inputs);
    // An extra shift comes from the state, worded in English: in the
    // player's language here (RAN-TQ-3 is the only one).
    shifts.extend(extra.iter().map(|m| {
        if m.rule == "RAN-TQ-3" {
            shock_table::disordered_committed_shift(v)
        } else {
            m.clone()
        }
    }));
    let column = shock_table::final_column(v, base, &shifts);
    let ba = attacking
        .iter()
        .any(|a| busho_on(state, a.side, a.hex).is_some());
    let bd = busho_on(state, d.side, d.hex).is_some();
    let roll_mods = shock_table::roll_modifiers(v, ba, bd);
    Some(Plan {
        lead,
        matrix: (col_key, dt.defender_row.clone()),
        base,
        shifts,
        column,
        roll_mods,
        positional: positional_superiority(ctx, state, attackers, defender),
        castle: in_castle(ctx, state, defender),
    })
}
