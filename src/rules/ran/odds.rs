//! Exact odds before a command is committed: shock (the final column and
//! the hit distributions over the ten rolls, doubling and the Busho
//! modifier included; the Busho-casualty chance; the MUST CHECK and
//! reaction checks), fire results, and TQ checks.

use crate::engine::view::Odds;

use super::dice;
use super::fire;
use super::orders::RanCommand;
use super::shock_plan;
use super::shock_table;
use super::state::{RanCtx, RanState};
use super::tq;

/// The odds of `cmd`, if it has any.
pub fn odds(ctx: &RanCtx, state: &RanState, cmd: &RanCommand) -> Option<Odds> {
    match cmd {
        RanCommand::Shock {
            attackers,
            defender,
            charge,
        } => shock_odds(ctx, state, attackers, defender, charge),
        RanCommand::Fire { units, target } => fire_odds(ctx, state, units, target),
        RanCommand::ReactWithdraw => react_withdraw_odds(ctx, state),
        RanCommand::Momentum => momentum_odds(ctx, state),
        RanCommand::Continuity => continuity_odds(state),
        RanCommand::Trump { busho } => trump_odds(ctx, state, *busho),
        RanCommand::Withdraw { .. } => seppuku_odds(state),
        RanCommand::Recover { unit } => recover_odds(ctx, state, unit),
        _ => None,
    }
}

/// The odds of a shock (RAN-SHOCK-1 … RAN-CRT-3): the final column, both hit distributions, the checks and the Busho casualty chances.
fn shock_odds(
    ctx: &RanCtx,
    state: &RanState,
    attackers: &[u32],
    defender: &u32,
    charge: &bool,
) -> Option<Odds> {
    // RAN-TQ-3: a Disordered Committed attacker shocks only after
    // passing a TQ check, and then 2 columns left; the odds below
    // are those of the shock it makes when it passes.
    let dc: Vec<&super::state::RanUnit> = attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .filter(|u| u.disordered && u.committed)
        .collect();
    let extra = if dc.is_empty() {
        Vec::new()
    } else {
        vec![shock_table::disordered_committed_shift(
            &ctx.tables.values.shock,
        )]
    };
    let p = shock_plan::plan(ctx, state, attackers, *defender, *charge, &extra)?;
    let v = &ctx.tables.values.shock;
    let (a, d) = shock_table::hits_distribution(
        &ctx.tables.crt,
        v,
        p.column,
        &p.roll_mods,
        p.positional,
        p.castle,
    );
    let def = state.unit(*defender)?;
    let dtq = ctx.effective_tq(state, def).total();
    let shift: i32 =
        tq::defender_reaction_modifiers(&ctx.tables.values.tq, ctx.infantry(def), *charge)
            .iter()
            .map(|m| m.value)
            .sum();
    let bushos = attackers
        .iter()
        .filter_map(|x| state.unit(*x))
        .filter_map(|u| shock_plan::busho_on(state, u.side, u.hex))
        .chain(shock_plan::busho_on(state, def.side, def.hex))
        .collect::<std::collections::BTreeSet<_>>();
    // RAN-BB-1, RAN-BB-2: the check roll, then the casualty table,
    // through the functions the shock rolls with.
    let check_roll = ctx.tables.values.fire.busho_check_roll;
    let check = dice::chance_of(|r| r == check_roll);
    let killed = bushos
        .iter()
        .filter_map(|b| state.leader(*b))
        .map(|l| {
            check
                * dice::chance_of(|r| {
                    super::leaders::busho_casualty(&ctx.tables.casualty, r, l.factors, l.wounds)
                        .dies
                })
        })
        .fold(0.0, f64::max);
    let mut lines = vec![(
        say!(
            "ran-odds-weapons-column",
            column = p.base,
            attacker = ctx.tables.weapons.attacker_name(&p.matrix.0),
            defender = p.matrix.1
        ),
        1.0,
    )];
    lines.extend(coordination_line(ctx, state, attackers));
    for u in &dc {
        let t = ctx.effective_tq(state, u).total();
        lines.push((
            say!("ran-odds-disordered-committed", unit = u.name),
            tq::pass_chance(t),
        ));
    }
    // Each column shift and roll modifier, certain once the shock is planned.
    let certain = |shift: bool, m: &crate::engine::log::Modifier| {
        let (value, name, rule) = (format!("{:+}", m.value), &m.name, &m.rule);
        let line = if shift {
            say!("ran-odds-shift", value = value, name = name, rule = rule)
        } else {
            say!("ran-odds-roll-mod", value = value, name = name, rule = rule)
        };
        (line, 1.0)
    };
    lines.extend(p.shifts.iter().map(|m| certain(true, m)));
    lines.push((say!("ran-odds-final-column", column = p.column), 1.0));
    lines.extend(p.roll_mods.iter().map(|m| certain(false, m)));
    let must = &ctx.tables.values.stand_ins.must_check_types;
    for x in attackers.iter().filter_map(|x| state.unit(*x)) {
        if must.iter().any(|k| *k == x.kind) {
            let t = ctx.effective_tq(state, x).total();
            lines.push((
                say!("ran-odds-must-check", unit = x.name),
                tq::pass_chance(t),
            ));
        }
    }
    lines.push((
        say!("ran-odds-busho-check", roll = check_roll),
        if bushos.is_empty() { 0.0 } else { check },
    ));
    lines.push((say!("ran-odds-busho-killed", roll = check_roll), killed));
    let ea: f64 = a.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    let ed: f64 = d.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    let expected = vec![
        (say!("ran-odds-expected-lead-attacker"), ea),
        (say!("ran-odds-expected-defender"), ed),
    ];
    let tables = vec![
        super::table_view::crt_planned(ctx, &p),
        super::table_view::weapons(ctx, &p.matrix.0, &p.matrix.1),
    ];
    Some(Odds {
        expected,
        tables,
        title: say!("ran-odds-shock-title", column = p.column),
        lines,
        distributions: vec![
            (say!("ran-odds-dist-lead-attacker", rule = "RAN-CRT-1"), a),
            (
                say!(
                    "ran-odds-dist-defender",
                    rule = "RAN-CRT-1",
                    double_rule = "RAN-SADJ-6"
                ),
                d,
            ),
            (
                say!("ran-odds-dist-defender-reaction"),
                tq::excess_distribution(dtq, shift),
            ),
        ],
    })
}

/// The odds of a fire (RAN-FIRE-1 … RAN-FIRE-7, RAN-BB-1): the result distribution on the Fire Table.
fn fire_odds(ctx: &RanCtx, state: &RanState, units: &[u32], target: &u32) -> Option<Odds> {
    let side = state.unit(*units.first()?)?.side;
    let p = fire::plan(ctx, state, side, units, *target).ok()?;
    let dist =
        super::fire_table::distribution(&ctx.tables.fire, &ctx.tables.values.fire, &p.row, &p.mods);
    let mut lines: Vec<(String, f64)> = dist
        .into_iter()
        .map(|(l, q)| (say!("ran-odds-fire-result", result = l, row = p.row), q))
        .collect();
    for m in &p.mods {
        lines.push((
            say!(
                "ran-odds-roll-mod",
                value = format!("{:+}", m.value),
                name = m.name,
                rule = m.rule
            ),
            1.0,
        ));
    }
    let t = state.unit(*target)?;
    if shock_plan::busho_on(state, t.side, t.hex).is_some() {
        let check_roll = ctx.tables.values.fire.busho_check_roll;
        lines.push((
            say!("ran-odds-fire-busho-check", roll = check_roll),
            dice::chance_of(|r| r == check_roll),
        ));
    }
    Some(Odds {
        expected: Vec::new(),
        title: say!("ran-odds-fire-title", range = p.range),
        lines,
        distributions: Vec::new(),
        tables: vec![super::table_view::fire(ctx, &p)],
    })
}

/// The odds of a defender's withdrawal before a shock (RAN-TQ-2).
fn react_withdraw_odds(ctx: &RanCtx, state: &RanState) -> Option<Odds> {
    let super::state::Phase::Reaction { shock: p, .. } = &state.phase else {
        return None;
    };
    let d = state.unit(p.defender)?;
    let t = ctx.effective_tq(state, d).total();
    let flank = p
        .attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .any(|a| ctx.arc(d.hex, d.facing, a.hex) != super::state::FacingArc::Front);
    let shift: i32 = tq::withdrawal_modifiers(&ctx.tables.values.tq, flank, ctx.open_order(d))
        .iter()
        .map(|m| m.value)
        .sum();
    let mut lines = Vec::new();
    if d.committed {
        lines.push((say!("ran-odds-committed-withdraw"), tq::pass_chance(t)));
    }
    Some(Odds {
        expected: Vec::new(),
        title: say!("ran-odds-withdrawal-title"),
        lines,
        distributions: vec![(
            say!("ran-odds-dist-hits-taken"),
            tq::excess_distribution(t, shift),
        )],
        tables: Vec::new(),
    })
}

/// The odds of a Momentum attempt (RAN-SOP-5, RAN-FATE-1), from the function the roll in `apply` uses.
fn momentum_odds(ctx: &RanCtx, state: &RanState) -> Option<Odds> {
    let super::state::Phase::Momentum { busho } = &state.phase else {
        return None;
    };
    let l = state.leader(*busho)?;
    let f = super::leaders::momentum_factor(l.role, l.factors);
    let fate_roll = ctx.tables.values.leaders.momentum_fate_roll;
    let chance = |want| super::leaders::momentum_chance(f, fate_roll, super::dice::DIE, want);
    let ok = chance(super::leaders::MomentumRoll::Another);
    Some(Odds {
        expected: Vec::new(),
        title: say!("ran-odds-momentum-title"),
        lines: vec![
            (
                if l.role != super::leaders::Role::SoTaisho {
                    say!("ran-odds-momentum-another", factor = f)
                } else {
                    say!("ran-odds-momentum-another-so-taisho", factor = f)
                },
                ok,
            ),
            (
                say!("ran-odds-fate-roll", roll = fate_roll),
                chance(super::leaders::MomentumRoll::Fate),
            ),
            (
                say!("ran-odds-finished"),
                chance(super::leaders::MomentumRoll::Fails),
            ),
        ],
        distributions: Vec::new(),
        tables: Vec::new(),
    })
}

/// The odds of a Continuity attempt (RAN-SOP-6).
fn continuity_odds(state: &RanState) -> Option<Odds> {
    let super::state::Phase::Continuity { side } = &state.phase else {
        return None;
    };
    let so = state.so_taisho(*side)?;
    let f = super::sequence::continuity_factor(so).total();
    Some(Odds {
        expected: Vec::new(),
        title: say!("ran-odds-continuity-title"),
        lines: vec![(
            say!("ran-odds-continuity-another"),
            super::sequence::continuity_chance(f),
        )],
        distributions: Vec::new(),
        tables: Vec::new(),
    })
}

/// The odds of recovering a Disordered unit (RAN-TQ-1).
fn recover_odds(ctx: &RanCtx, state: &RanState, unit: &u32) -> Option<Odds> {
    let u = state.unit(*unit).filter(|u| u.disordered)?;
    let t = ctx.effective_tq(state, u).total();
    Some(Odds {
        expected: Vec::new(),
        title: say!("ran-odds-recover-title"),
        lines: vec![(say!("ran-odds-passes-tq"), tq::pass_chance(t))],
        distributions: Vec::new(),
        tables: Vec::new(),
    })
}

/// RAN-COORD-2: a shock by units of more than one contingent goes ahead as
/// planned only on this share of the Coordination rolls (the chance the
/// roll in `apply` logs).
fn coordination_line(ctx: &RanCtx, state: &RanState, attackers: &[u32]) -> Option<(String, f64)> {
    use super::shock_segment;
    (shock_segment::contingents(state, attackers).len() > 1).then(|| {
        let mods = shock_segment::roll_modifiers(ctx, state);
        (
            say!("ran-odds-coordination"),
            shock_segment::chance(ctx, &mods, super::leaders::Coordination::AsPlanned),
        )
    })
}

/// The odds of a Trump attempt with `designated` (RAN-LDR-2): the roll
/// against the trumping So-Taisho's factor, from the same functions
/// `leader_actions::trump` rolls with.
fn trump_odds(ctx: &RanCtx, state: &RanState, designated: u32) -> Option<Odds> {
    let super::state::Phase::Trump { busho, momentum } = &state.phase else {
        return None;
    };
    if !super::leader_actions::trump_designees(ctx, state, *busho, *momentum).contains(&designated)
    {
        return None;
    }
    let side = state.leader(designated)?.side;
    let so = state.so_taisho(side)?;
    let f = super::sequence::trump_factor(ctx, so).total();
    let ok = super::leader_actions::trump_chance(f);
    Some(Odds {
        expected: Vec::new(),
        title: say!("ran-odds-trump-title"),
        lines: vec![
            (say!("ran-odds-trump-succeeds", factor = f), ok),
            (say!("ran-odds-trump-fails"), 1.0 - ok),
        ],
        distributions: Vec::new(),
        tables: Vec::new(),
    })
}

/// The odds of the Seppuku check an Active Withdrawal costs the Busho who
/// orders the first one of an Orders Phase (RAN-LDR-2, 6.44); none after.
fn seppuku_odds(state: &RanState) -> Option<Odds> {
    let super::state::Phase::Orders { busho, .. } = &state.phase else {
        return None;
    };
    let l = state.leader(*busho).filter(|l| !l.ordered_withdrawal)?;
    let f = super::leader_actions::seppuku_factor(l).total();
    let p = super::leader_actions::seppuku_chance(f);
    Some(Odds {
        expected: Vec::new(),
        title: say!("ran-odds-seppuku-title"),
        lines: vec![
            (
                say!("ran-odds-seppuku", leader = l.name.clone(), factor = f),
                p,
            ),
            (say!("ran-odds-no-seppuku"), 1.0 - p),
        ],
        distributions: Vec::new(),
        tables: Vec::new(),
    })
}
