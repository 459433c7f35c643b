//! What the app shows of a Clan War battle: each unit's counter (airborne
//! or grounded, CW-FLY-1; state words as badges; its range bands as rings),
//! its card, and the two honor tracks (CW-HON-1 … CW-HON-9).

use crate::engine::table_kit::{self, TablePiece};
use crate::engine::units::FlightState;
use crate::engine::view::{CardLine, Scene, Tone, Track, UnitView};

use super::battle::{CwBattle, CwCtx};
use super::condition::Condition;
use super::data::{CwTables, Trait};
use super::ranged::band_reach;

/// A living unit as the counter and the card show it.
#[derive(Clone, Debug, PartialEq)]
pub struct CwUnitLook {
    /// The unit as the engine's table helpers see it.
    pub piece: TablePiece,
    /// Display name.
    pub name: String,
    /// In the air (CW-FLY-1).
    pub airborne: bool,
    /// State words ("Unformed", "Spent", "Holds hostage").
    pub badges: Vec<String>,
    /// Range rings, inches: the reach at a grounded target (CW-RNG-4).
    pub ranges: Vec<f32>,
    /// Card lines: values, models, reach, personality, state.
    pub card: Vec<String>,
}

/// Every living unit of `battle`, by id.
pub fn units(battle: &CwBattle, tables: &CwTables) -> Vec<CwUnitLook> {
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
                    let g = band_reach(r.close, r.extended, u.flight, FlightState::Grounded, rv);
                    let a = band_reach(r.close, r.extended, u.flight, FlightState::Airborne, rv);
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
            CwUnitLook {
                piece: u.piece(),
                name: u.name.clone(),
                airborne: u.airborne(),
                badges,
                ranges,
                card: lines,
            }
        })
        .collect()
}

/// The counter of one unit.
fn counter(ctx: &CwCtx, battle: &CwBattle, u: CwUnitLook) -> UnitView {
    let allowance = battle.allowance(u.piece.id, &ctx.tables);
    let mut view = table_kit::unit_view(&ctx.scenario, &u.piece, &u.name, allowance);
    view.airborne = u.airborne;
    view.badges = u.badges;
    view.ranges = u.ranges;
    view
}

/// The honor tracks, marked at the ladder's levels (CW-HON-3 … CW-HON-9,
/// `settings.ron`), each level greyed once spent.
pub fn honor_tracks(battle: &CwBattle, tables: &CwTables) -> Vec<Track> {
    let marks = tables.settings.honor_ladder.marks();
    battle
        .armies
        .iter()
        .enumerate()
        .map(|(i, a)| Track {
            side: i as u8,
            name: say!("cw-track-honor"),
            value: a.honor.honor,
            marks: marks
                .iter()
                .map(|m| (*m, a.honor.spent.contains(m)))
                .collect(),
            rule: "CW-HON-1".to_string(),
        })
        .collect()
}

/// What the board shows: every living unit and the honor tracks. The open
/// table hides nothing.
pub fn scene(ctx: &CwCtx, battle: &CwBattle) -> Scene {
    Scene {
        units: units(battle, &ctx.tables)
            .into_iter()
            .filter(|u| u.piece.models > 0)
            .map(|u| counter(ctx, battle, u))
            .collect(),
        tracks: honor_tracks(battle, &ctx.tables),
        ..Scene::default()
    }
}

/// The card of `unit`: name, side and models, values, airborne, state
/// words, and the inches it may still move. Empty for a unit that is not on
/// the table.
pub fn unit_card(ctx: &CwCtx, battle: &CwBattle, unit: u32) -> Vec<CardLine> {
    let Some(u) = units(battle, &ctx.tables)
        .into_iter()
        .find(|u| u.piece.id == unit)
    else {
        return Vec::new();
    };
    let mut card = table_kit::card_head(&u.name, ctx.side_name(u.piece.side), u.piece.models);
    card.extend(u.card.iter().map(CardLine::text));
    if u.airborne {
        card.push(CardLine::text(say!("cw-card-airborne")).tone(Tone::Good));
    }
    for b in &u.badges {
        card.push(CardLine::text(b).tone(Tone::Bad));
    }
    if let (true, Some(inches)) = (u.piece.hidden, battle.reveal_within) {
        let rule = super::battle::HIDDEN_RULE;
        card.push(
            CardLine::text(say!("cw-card-hidden", inches = inches, rule = rule))
                .tone(Tone::Good)
                .rule(rule),
        );
    }
    card
}
