//! What the app shows of a WarStrike battle: each unit's counter (nerve
//! markers, WS-NV-2, and its hit-die, WS-SUP-2, as markers; state words as
//! badges; the weapon's range as a ring) and its card.

use crate::engine::table_kit::{self, TablePiece};
use crate::engine::view::{CardLine, Marker, Objective, Scene, Spot, Tone, UnitView};

use super::battle::{WsBattle, WsCtx};
use super::data::WsTables;
use super::shooting::fire_reach;

/// Marker colours, sRGB `0.0..=1.0`: a nerve marker is red, a hit-die
/// white.
const NERVE_COLOR: [f32; 3] = [0.85, 0.1, 0.1];
const HIT_DIE_COLOR: [f32; 3] = [1.0, 1.0, 1.0];

/// A living unit as the counter and the card show it.
#[derive(Clone, Debug, PartialEq)]
pub struct WsUnitLook {
    /// The unit as the engine's table helpers see it.
    pub piece: TablePiece,
    /// Display name.
    pub name: String,
    /// Faces of its hit-dice (WS-SUP-2, WS-SPC-2); empty when unsuppressed.
    pub hit_dice: Vec<u32>,
    /// Nerve markers on it (WS-NV-2).
    pub nerve_markers: u32,
    /// State words ("Suppressed", "Got down", "Acted", "Engaged").
    pub badges: Vec<String>,
    /// How far it may fire now, inches ([`fire_reach`]), for the ring.
    pub ranges: Vec<f32>,
    /// Card lines: values, shooting, models and markers.
    pub card: Vec<String>,
}

/// Every living unit of `battle`, by id.
pub fn units(battle: &WsBattle, tables: &WsTables) -> Vec<WsUnitLook> {
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
            WsUnitLook {
                piece: u.piece(),
                name: u.name.clone(),
                hit_dice: s.hit_dice(&tables.constants),
                nerve_markers: s.nerve_markers(),
                badges,
                // The ring: how far it may fire now, the lesser of range
                // and Awareness, from the same bounds a shot is checked to.
                ranges: fire_reach(s, false, &tables.constants)
                    .map(|r| r as f32)
                    .into_iter()
                    .collect(),
                card,
            }
        })
        .collect()
}

/// The counter of one unit: nerve markers (WS-NV-2), then a marker per
/// hit-die (WS-SUP-2).
fn counter(ctx: &WsCtx, battle: &WsBattle, u: WsUnitLook) -> UnitView {
    let allowance = battle.allowance(u.piece.id, &ctx.tables.constants);
    let mut view = table_kit::unit_view(&ctx.scenario, &u.piece, &u.name, allowance);
    if u.nerve_markers > 0 {
        view.markers.push(Marker {
            label: say!("ws-marker-nerve"),
            color: NERVE_COLOR,
            count: u.nerve_markers,
            face: None,
            rule: Some("WS-NV-2".to_string()),
        });
    }
    for f in &u.hit_dice {
        view.markers.push(Marker {
            label: say!("ws-marker-hit-die", face = f),
            color: HIT_DIE_COLOR,
            count: 1,
            face: Some(*f),
            rule: Some("WS-SUP-2".to_string()),
        });
    }
    view.badges = u.badges;
    view.ranges = u.ranges;
    view
}

/// What the board shows: every living unit and the objectives. The open
/// table hides nothing.
pub fn scene(ctx: &WsCtx, battle: &WsBattle) -> Scene {
    Scene {
        units: units(battle, &ctx.tables)
            .into_iter()
            .filter(|u| u.piece.models > 0)
            .map(|u| counter(ctx, battle, u))
            .collect(),
        objectives: objectives(battle),
        ..Scene::default()
    }
}

/// The card of `unit`: name, side and models, values, state words, nerve
/// markers and hit-dice, and the inches it may still move. Empty for a unit
/// that is not on the table.
pub fn unit_card(ctx: &WsCtx, battle: &WsBattle, unit: u32) -> Vec<CardLine> {
    let Some(u) = units(battle, &ctx.tables)
        .into_iter()
        .find(|u| u.piece.id == unit)
    else {
        return Vec::new();
    };
    let mut card = table_kit::card_head(&u.name, ctx.side_name(u.piece.side), u.piece.models);
    card.extend(u.card.iter().map(CardLine::text));
    for b in &u.badges {
        card.push(CardLine::text(b).tone(Tone::Bad));
    }
    if u.nerve_markers > 0 {
        card.push(CardLine::text(say!(
            "ws-card-nerve-markers",
            count = u.nerve_markers
        )));
    }
    for f in &u.hit_dice {
        card.push(CardLine::text(say!("ws-card-hit-die", face = f)));
    }
    if let (true, Some(inches)) = (u.piece.hidden, battle.reveal_within) {
        let rule = super::battle::HIDDEN_RULE;
        card.push(
            CardLine::text(say!("ws-card-hidden", inches = inches, rule = rule))
                .tone(Tone::Good)
                .rule(rule),
        );
    }
    card
}

/// The scenario's objectives and who holds them.
pub fn objectives(battle: &WsBattle) -> Vec<Objective> {
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
