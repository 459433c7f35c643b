//! What the app draws of a RAN game: counters with TQ, hits (number and
//! bar), facing and status markers, leaders stacked with units, unit cards
//! and the choices of the side to act.

use crate::engine::board::Facing;
use crate::engine::log::Itemized;
use crate::engine::view::{
    Arrow, CardLine, Choice, Marker, MovePath, Needs, Pick, Place, Scene, Tone, Track, UnitView,
};

use super::leader_actions;
use super::leaders::Role;
use super::orders::{self, MODES, Mode, RanCommand};
use super::sequence;
use super::state::{Phase, RanCtx, RanLeader, RanState, Segment};

/// The board's units and tracks.
pub fn scene(ctx: &RanCtx, s: &RanState) -> Scene {
    let mut units = Vec::new();
    for u in s.units.iter().filter(|u| u.present()) {
        let mut markers = Vec::new();
        if u.hits > 0 {
            markers.push(Marker {
                label: say!("ran-marker-hits"),
                color: [0.9, 0.2, 0.1],
                count: 1,
                face: Some(u.hits),
                rule: Some("RAN-DICE-2".into()),
            });
        }
        for l in s
            .leaders
            .iter()
            .filter(|l| !l.dead && l.hex == u.hex && l.side == u.side)
        {
            markers.push(Marker {
                label: match l.role {
                    Role::SoTaisho => say!("ran-marker-so-taisho", leader = l.name),
                    Role::Busho => say!("ran-marker-busho", leader = l.name),
                    Role::Samurai => say!("ran-marker-samurai", leader = l.name),
                },
                color: [0.95, 0.85, 0.2],
                count: 1,
                face: None,
                rule: Some("RAN-GLO-2".into()),
            });
        }
        let mut badges = vec![format!("TQ {}", u.tq)];
        let flags: [(bool, fn() -> String); 5] = [
            (u.disordered, || say!("ran-badge-disordered")),
            (u.committed, || say!("ran-badge-committed")),
            (ctx.open_order(u), || say!("ran-badge-open-order")),
            (u.fled, || say!("ran-badge-fled")),
            (!s.in_command(ctx, u), || say!("ran-badge-out-of-command")),
        ];
        for (on, b) in flags {
            if on {
                badges.push(b());
            }
        }
        let range = ctx
            .utype(u)
            .and_then(|t| t.missile.clone())
            .map(|k| super::fire_table::max_range(&ctx.tables.fire, &k) as f32);
        units.push(UnitView {
            id: u.id,
            side: u.side,
            name: u.name.to_string(),
            kind: u.kind.to_string(),
            symbol: ctx.utype(u).map(|t| t.symbol).unwrap_or_default(),
            place: Place::Hex {
                hex: u.hex,
                facing: u.facing,
            },
            models: (u.tq - u.hits as i32).max(0) as u32,
            models_max: u.tq.max(1) as u32,
            airborne: false,
            markers,
            badges,
            order: (u.ordered
                && matches!(&s.phase, Phase::Orders { busho, .. }
                    if s.leader(*busho).is_some_and(|l| l.contingent == u.contingent)))
            .then(|| say!("ran-order-ordered")),
            ranges: range.into_iter().collect(),
            concealed: false,
            allowance: None,
        });
    }
    let tracks = (0..2u8)
        .map(|side| Track {
            side,
            name: say!("ran-track-rout-points"),
            value: s.rout_points(side) as i32,
            marks: vec![(
                ctx.scenario
                    .withdrawal_level
                    .get(side as usize)
                    .copied()
                    .unwrap_or(0) as i32,
                false,
            )],
            rule: "RAN-BASE".into(),
        })
        .collect();
    let names: Vec<&str> = ctx.scenario.sides.iter().map(|x| x.name.as_str()).collect();
    Scene {
        units,
        arrows: shock_arrows(s),
        tracks,
        score: say!(
            "ran-score",
            side0 = names.first().unwrap_or(&"?"),
            points0 = s.rout_points(0),
            level0 = ctx.scenario.withdrawal_level.first().copied().unwrap_or(0),
            side1 = names.get(1).unwrap_or(&"?"),
            points1 = s.rout_points(1),
            level1 = ctx.scenario.withdrawal_level.get(1).copied().unwrap_or(0)
        ),
        tables: s
            .last_shock
            .iter()
            .map(|r| super::table_view::crt_resolved(ctx, r))
            .collect(),
        ..Default::default()
    }
}

/// A shock declared and waiting on the defender's Reaction (RAN-SHOCK-1
/// step 2) or on the owner's Coordination choice (RAN-COORD-2): an arrow
/// from each attacker to the defender.
fn shock_arrows(s: &RanState) -> Vec<Arrow> {
    let shock = match &s.phase {
        Phase::Reaction { shock, .. } | Phase::Coordination { shock, .. } => shock,
        _ => return Vec::new(),
    };
    let Some(to) = s.unit(shock.defender).map(|d| d.hex) else {
        return Vec::new();
    };
    shock
        .attackers
        .iter()
        .map(|a| Arrow {
            unit: *a,
            to,
            attack: true,
            answer: true,
        })
        .collect()
}

/// A unit's card.
pub fn unit_card(ctx: &RanCtx, s: &RanState, id: u32) -> Vec<CardLine> {
    let Some(u) = s.unit(id) else {
        return Vec::new();
    };
    let mut v = vec![
        CardLine::text(format!(
            "{} — {}",
            u.name,
            ctx.utype(u).map_or(u.kind.to_string(), |t| format!(
                "{} ({}, {})",
                t.key, t.name, t.spanish
            ))
        ))
        .tone(Tone::Strong)
        .rule("RAN-GLO-1"),
    ];
    let tqv = ctx.effective_tq(s, u);
    v.push(CardLine::value("TQ", tqv));
    v.push(CardLine::text(say!("ran-card-hits", hits = u.hits, tq = u.tq)).rule("RAN-DICE-2"));
    v.push(CardLine::value(say!("ran-card-movement-allowance"), {
        let mut it = Itemized::new(say!("ran-value-ma"), u.ma as i32);
        if !s.in_command(ctx, u) {
            it.add(
                say!("ran-mod-out-of-command-half"),
                super::movement::allowance(ctx, u, false) as i32 - u.ma as i32,
                "RAN-STAT-1",
            );
        }
        it
    }));
    v.push(
        CardLine::text(if s.in_command(ctx, u) {
            say!("ran-card-in-command")
        } else {
            say!("ran-card-out-of-command")
        })
        .rule("RAN-STAT-1"),
    );
    for (on, t, r) in [
        (u.disordered, say!("ran-card-disordered"), "RAN-STAT-2"),
        (u.committed, say!("ran-card-committed"), "RAN-STAT-4"),
        (ctx.open_order(u), say!("ran-card-open-order"), "RAN-STAT-3"),
        (u.fled, say!("ran-card-fled"), "RAN-TQ-9"),
    ] {
        if on {
            v.push(CardLine::text(t).rule(r).tone(Tone::Bad));
        }
    }
    for l in s.leaders.iter().filter(|l| !l.dead && l.hex == u.hex) {
        v.push(
            CardLine::text(leader_line(l))
                .rule("RAN-GLO-2")
                .tone(Tone::Good),
        );
    }
    if let Some(c) = s.commander(u.contingent) {
        v.push(CardLine::text(say!("ran-card-contingent-of", busho = c.name)).tone(Tone::Dim));
        // Why his Busho is not offered for activation now (RAN-LDR-3).
        if let Phase::Select { side, resurrection } = s.phase
            && side == c.side
            && !sequence::eligible(ctx, s, side, resurrection).contains(&c.id)
        {
            let none_left = !s
                .units
                .iter()
                .any(|x| x.contingent == c.contingent && x.active());
            let why = if c.finished && !resurrection {
                say!("ran-card-not-activated-finished", busho = c.name)
            } else if none_left {
                say!("ran-card-not-activated-no-unit", busho = c.name)
            } else {
                say!("ran-card-not-activated-range", busho = c.name)
            };
            v.push(
                CardLine::text(why)
                    .rule(if c.finished { "RAN-SOP-5" } else { "RAN-LDR-3" })
                    .tone(Tone::Bad),
            );
        }
    }
    v
}

/// The choices for `unit` (and leaders stacked with it).
pub fn choices(ctx: &RanCtx, s: &RanState, side: u8, unit: u32) -> Vec<Choice> {
    let mut v = Vec::new();
    if orders::side_to_act(s) != Some(side) {
        return v;
    }
    let Some(u) = s.unit(unit) else { return v };
    let ch = |label: String, key: String, needs| Choice {
        label,
        key,
        needs,
        hover: String::new(),
        refused: None,
    };
    // RAN-LDR-3: under a Busho Movement Order only the Bushos move; each
    // is offered from the hex he stands on.
    if s.busho_movement {
        if let Phase::Orders { busho, .. } = &s.phase {
            for l in s
                .leaders
                .iter()
                .filter(|l| l.hex == u.hex && leader_actions::may_move_leader(s, *busho, l))
            {
                v.push(ch(
                    say!("ran-choice-move-leader", leader = l.name),
                    format!("leader:{}", l.id),
                    Needs::Hex,
                ));
            }
        }
        return v;
    }
    // RAN-ORD-1: only the activated contingent takes orders; no choice is
    // offered that would be refused.
    if let Phase::Orders { busho, .. } = &s.phase
        && super::unit_orders::own_unit(s, *busho, unit).is_err()
    {
        return v;
    }
    match &s.phase {
        Phase::Orders {
            segment: Segment::MoveFire,
            busho,
        } if u.side == side => {
            v.push(ch(say!("ran-choice-move"), "move".into(), Needs::Hex));
            v.push(ch(say!("ran-choice-face"), "face".into(), Needs::Hex));
            if ctx.utype(u).is_some_and(|t| t.missile.is_some()) {
                v.push(ch(say!("ran-choice-fire"), "fire".into(), Needs::Target));
            }
            v.push(ch(
                say!("ran-choice-remove-hits"),
                "remove".into(),
                Needs::Nothing,
            ));
            v.push(ch(
                say!("ran-choice-recover"),
                "recover".into(),
                Needs::Nothing,
            ));
            v.push(ch(
                say!("ran-choice-withdraw"),
                "withdraw".into(),
                Needs::Nothing,
            ));
            for l in s
                .leaders
                .iter()
                .filter(|l| l.hex == u.hex && leader_actions::may_move_leader(s, *busho, l))
            {
                v.push(ch(
                    say!("ran-choice-move-leader", leader = l.name),
                    format!("leader:{}", l.id),
                    Needs::Hex,
                ));
            }
        }
        Phase::Orders {
            segment: Segment::Shock,
            ..
        } if u.side == side => {
            // RAN-SHOCK-1: offered only when some enemy may be shocked now.
            let may = |charge: bool| {
                s.units
                    .iter()
                    .filter(|d| d.side != side)
                    .any(|d| super::shock::refuse(ctx, s, side, &[unit], d.id, charge).is_none())
            };
            if !may(false) {
                return v;
            }
            v.push(ch(say!("ran-choice-shock"), "shock".into(), Needs::Target));
            if ctx.utype(u).is_some_and(super::shock_table::may_charge) && may(true) {
                v.push(ch(
                    say!("ran-choice-charge"),
                    "charge".into(),
                    Needs::Target,
                ));
            }
        }
        Phase::Challenge { busho } => {
            for l in s.leaders.iter().filter(|l| {
                !l.dead
                    && l.side == side
                    && l.hex == u.hex
                    && (l.id == *busho || l.role == Role::Samurai)
            }) {
                v.push(ch(
                    say!("ran-choice-challenge", leader = l.name),
                    format!("challenge:{}", l.id),
                    Needs::Target,
                ));
            }
        }
        _ => {}
    }
    v
}

/// The choices of `side` that belong to no unit: which Busho to activate
/// and how (RAN-SOP-2, RAN-SOP-3), the defender's reaction (RAN-SHOCK-2),
/// a Momentum attempt (RAN-SOP-5) and a Continuity attempt (RAN-SOP-6).
pub fn side_choices(ctx: &RanCtx, s: &RanState, side: u8) -> Vec<Choice> {
    let mut v = Vec::new();
    if orders::side_to_act(s) != Some(side) {
        return v;
    }
    let ch = |label: String, key: String| Choice {
        label,
        key,
        needs: Needs::Nothing,
        hover: String::new(),
        refused: None,
    };
    match &s.phase {
        Phase::Select { resurrection, .. } => {
            for b in sequence::eligible(ctx, s, side, *resurrection) {
                let Some(l) = s.leader(b) else { continue };
                for m in MODES {
                    // Offered where it applies (RAN-LDR-3).
                    if !m.offered(ctx, s, b) {
                        continue;
                    }
                    let label = match m {
                        Mode::Orders => say!("ran-choice-activate-orders", leader = l.name),
                        Mode::Challenge => say!("ran-choice-activate-challenge", leader = l.name),
                        Mode::Reorganize => say!("ran-choice-activate-reorganize", leader = l.name),
                        Mode::BushoMovement => {
                            say!("ran-choice-activate-busho-movement", leader = l.name)
                        }
                        Mode::HaraKiriHits => say!("ran-choice-hara-kiri-hits", leader = l.name),
                        Mode::HaraKiriRecover => {
                            say!("ran-choice-hara-kiri-recover", leader = l.name)
                        }
                    };
                    v.push(ch(label, format!("act:{}:{m:?}", l.id)));
                }
            }
        }
        Phase::Reaction { shock, .. } => {
            // Standing is the pass button ("Stand and receive the shock").
            let label = s.unit(shock.defender).map_or_else(
                || say!("ran-choice-react-withdraw"),
                |d| say!("ran-choice-react-withdraw-of", unit = d.name),
            );
            v.push(ch(label, "react:withdraw".into()));
        }
        Phase::Coordination { contingents, .. } => {
            // RAN-COORD-2: "el jugador elige" one contingent.
            for c in contingents {
                let name = s
                    .commander(*c)
                    .map_or_else(|| c.to_string(), |l| l.name.to_string());
                v.push(ch(
                    say!("ran-choice-coordination", leader = name),
                    format!("coord:{c}"),
                ));
            }
        }
        Phase::Momentum { .. } => v.push(ch(say!("ran-choice-momentum"), "momentum".into())),
        Phase::MomentumGained { busho } => {
            if let Some(l) = s.leader(*busho) {
                // Orders is the pass button; the Challenge is the choice.
                v.push(ch(
                    say!("ran-choice-momentum-challenge", leader = l.name),
                    format!("act:{}:Challenge", l.id),
                ));
            }
        }
        Phase::Continuity { .. } => v.push(ch(say!("ran-choice-continuity"), "continuity".into())),
        Phase::Trump { busho, momentum } => {
            for d in leader_actions::trump_designees(ctx, s, *busho, *momentum) {
                let Some(l) = s.leader(d) else { continue };
                v.push(ch(
                    if *momentum {
                        say!("ran-choice-trump-momentum", leader = l.name)
                    } else {
                        say!("ran-choice-trump-continuity", leader = l.name)
                    },
                    format!("trump:{d}"),
                ));
            }
        }
        _ => {}
    }
    v
}

/// A choice and a pick as a command.
pub fn choose(
    _ctx: &RanCtx,
    s: &RanState,
    _side: u8,
    key: &str,
    pick: &Pick,
) -> Option<RanCommand> {
    let unit = pick.unit;
    let mut parts = key.split(':');
    Some(match parts.next()? {
        "act" => {
            let busho = parts.next()?.parse().ok()?;
            let mode = match parts.next()? {
                "Challenge" => orders::Mode::Challenge,
                "Reorganize" => orders::Mode::Reorganize,
                "BushoMovement" => orders::Mode::BushoMovement,
                "HaraKiriHits" => orders::Mode::HaraKiriHits,
                "HaraKiriRecover" => orders::Mode::HaraKiriRecover,
                _ => orders::Mode::Orders,
            };
            RanCommand::Activate { busho, mode }
        }
        "move" => RanCommand::Move {
            unit,
            to: pick.hex?,
        },
        "face" => {
            let u = s.unit(unit)?;
            RanCommand::Face {
                unit,
                facing: Facing::towards(u.hex, pick.hex?),
            }
        }
        "fire" => RanCommand::Fire {
            units: vec![unit],
            target: pick.target?,
        },
        "remove" => RanCommand::RemoveHits { unit },
        "recover" => RanCommand::Recover { unit },
        "withdraw" => RanCommand::Withdraw { unit },
        "leader" => RanCommand::MoveLeader {
            leader: parts.next()?.parse().ok()?,
            to: pick.hex?,
        },
        "shock" => RanCommand::Shock {
            attackers: vec![unit],
            defender: pick.target?,
            charge: false,
        },
        "charge" => RanCommand::Shock {
            attackers: vec![unit],
            defender: pick.target?,
            charge: true,
        },
        "react" => match parts.next()? {
            "withdraw" => RanCommand::ReactWithdraw,
            _ => RanCommand::ReactStand,
        },
        "challenge" => {
            let c: u32 = parts.next()?.parse().ok()?;
            let t = pick.target?;
            let th = s.unit(t)?.hex;
            let target = s.leaders.iter().find(|l| !l.dead && l.hex == th)?.id;
            RanCommand::Challenge {
                challenger: c,
                target,
            }
        }
        "coord" => RanCommand::PickContingent {
            contingent: parts.next()?.parse().ok()?,
        },
        "momentum" => RanCommand::Momentum,
        "continuity" => RanCommand::Continuity,
        "trump" => RanCommand::Trump {
            busho: parts.next()?.parse().ok()?,
        },
        _ => return None,
    })
}

/// A leader's card line.
pub fn leader_line(l: &RanLeader) -> String {
    let role = match l.role {
        Role::SoTaisho => say!("ran-role-so-taisho"),
        Role::Busho => say!("ran-role-busho"),
        Role::Samurai => say!("ran-role-samurai"),
    };
    let f = l.factors;
    let s = say!(
        "ran-leader-line",
        role = role,
        leader = l.name,
        initiative = f.initiative,
        momentum = f.momentum,
        energy = f.energy,
        combat = f.combat,
        activation = f.activation
    );
    let mut parts = vec![s];
    if l.wounds > 0 {
        parts.push(say!("ran-leader-line-wounded", n = l.wounds));
    }
    if l.dead {
        parts.push(say!("ran-leader-line-dead"));
    } else if l.finished {
        parts.push(say!("ran-leader-line-finished"));
    }
    parts.join(", ")
}

/// The path and MP of a Move command: the cheapest way
/// [`move_destinations`](super::unit_orders::move_destinations) finds, the same `apply` moves by (RAN-TER-1 costs;
/// RAN-ORD-1 in command, RAN-STAT-1 out). `None` for any other command or
/// a hex the unit cannot reach.
pub fn move_path(ctx: &RanCtx, state: &RanState, cmd: &RanCommand) -> Option<MovePath> {
    let RanCommand::Move { unit, to } = cmd else {
        return None;
    };
    let u = state.unit(*unit)?;
    let d = super::unit_orders::move_destinations(ctx, state, u).ok()?;
    let r = d.reach.get(&(to.x, to.y))?;
    let left = d.budget.saturating_sub(r.mp);
    Some(MovePath {
        hexes: r.path.clone(),
        now: r.path.len(),
        spent: r.mp,
        left: Some(left),
        rule: "RAN-TER-1".into(),
        line: say!("ran-path", spent = r.mp, left = left, rule = "RAN-TER-1"),
    })
}
