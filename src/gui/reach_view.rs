//! What the selected unit can do, on the hex board: every hex its move
//! (or the armed choice) can reach shaded, the hexes beside them that it
//! may not enter crossed, every target of an armed attack ringed, and in
//! the hover tooltip the odds of a target or the rule that refuses a hex.
//! The units that may act now are ringed, and those a hovered side
//! choice (a RAN activation, a Genpei card) would let act glow gold.
//! All of it is the view model's reach (`engine::reach`: the module's
//! `choose` and a dry run of `apply`), never a copy of a rule.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hexx::Hex;

use crate::engine::board::HexBoard;

use crate::engine::reach::Verdict;
use crate::engine::view::{MovePath, Place};
use crate::t;

use super::board_view::{BoardLayout, draw_overlays, shared_edge};
use super::camera::HEX_SIZE;
use super::counter_art::COUNTER;
use super::decisions::pct;
use super::play::ViewModel;
use super::sets::AppSystems;
use super::state::{BoardArea, PassCover};
use super::widgets::{HOVER_COLOR, MAY_ACT_COLOR};

/// A reachable hex's outline.
const REACH_COLOR: Color = Color::srgba(0.55, 0.9, 1.0, 0.9);
/// A hex reached only on a later turn (an order that goes on): one faint
/// ring.
const REACH_LATER_COLOR: Color = Color::srgba(0.55, 0.9, 1.0, 0.3);
/// A refused hex's cross.
pub(crate) const REFUSED_COLOR: Color = Color::srgba(1.0, 0.35, 0.3, 0.85);
/// The tick on an ordered unit's counter.
const ORDERED_COLOR: Color = Color::srgb(0.55, 1.0, 0.55);
/// A target that may be attacked.
pub(crate) const TARGET_COLOR: Color = Color::srgb(1.0, 0.62, 0.2);
/// The path of the move under the pointer.
const PATH_COLOR: Color = Color::srgb(1.0, 0.95, 0.55);
/// Its part for later turns.
const PATH_LATER_COLOR: Color = Color::srgba(1.0, 0.95, 0.55, 0.6);
/// The ink and ground of the MP left written in a shaded hex.
const NUMBER_INK: egui::Color32 = egui::Color32::from_rgb(200, 240, 255);
const NUMBER_GROUND: egui::Color32 = egui::Color32::from_rgba_premultiplied(10, 20, 30, 200);

/// Rings, on the hex board, the units that may act now (thin) and those
/// the side choice under the pointer would let act (bold gold): the view
/// model's `may_act` and `hover_units`; ticks the viewer's units that
/// carry an order. Hidden under the hot-seat cover.
pub fn draw_who_may_act(
    mut gizmos: Gizmos,
    layout: Option<Res<BoardLayout>>,
    view: Res<ViewModel>,
    cover: Res<PassCover>,
) {
    let Some(layout) = layout else {
        return;
    };
    if cover.side.is_some() {
        return;
    }
    let hex_of = |id: &u32| match view.unit(*id)?.place {
        Place::Hex { hex, .. } => Some(hex),
        Place::Table(_) => None,
    };
    for hex in view.may_act.iter().filter_map(hex_of) {
        gizmos.linestrip_2d(ring(&layout, hex, 0.97), MAY_ACT_COLOR);
    }
    // The section the card under the pointer orders in, else that of the
    // card in play.
    let hovered = view.hover_units.0.as_deref().and_then(|k| {
        let card = view
            .scene
            .hand
            .iter()
            .find(|c| c.play.as_deref() == Some(k));
        card.map(|c| &c.zone)
    });
    draw_zone(&mut gizmos, &layout, hovered.unwrap_or(&view.scene.zone));
    // The viewer's ordered units: a tick in a disc on the counter's top
    // right corner (the unit card and the unit list say which order).
    let ordered = view.scene.units.iter().filter(|u| u.order.is_some());
    for hex in ordered.filter_map(|u| hex_of(&u.id)) {
        let c = layout.0.hex_to_world_pos(hex) + COUNTER / 2.0 - Vec2::splat(2.0);
        gizmos.circle_2d(c, 7.0, ORDERED_COLOR);
        gizmos.circle_2d(c, 6.0, ORDERED_COLOR);
        let tick = [
            c + Vec2::new(-4.0, 0.0),
            c + Vec2::new(-1.0, -3.5),
            c + Vec2::new(4.5, 4.0),
        ];
        gizmos.linestrip_2d(tick, ORDERED_COLOR);
        gizmos.linestrip_2d(tick.map(|p| p + Vec2::new(0.0, 1.0)), ORDERED_COLOR);
    }
    for hex in view.hover_units.1.iter().filter_map(hex_of) {
        for k in [0.98, 0.93, 0.88] {
            gizmos.linestrip_2d(ring(&layout, hex, k), HOVER_COLOR);
        }
    }
}

/// Outlines the region `zone` (hexes) on the board: each side of a zone hex
/// whose neighbour is outside, drawn twice in the hover colour.
fn draw_zone(gizmos: &mut Gizmos, layout: &BoardLayout, zone: &[Hex]) {
    for h in zone {
        for n in h.all_neighbors() {
            if zone.contains(&n) {
                continue;
            }
            if let Some((p, q)) = shared_edge(&layout.0, *h, n) {
                let inward = (layout.0.hex_to_world_pos(*h) - (p + q) / 2.0).normalize_or_zero();
                gizmos.line_2d(p, q, HOVER_COLOR);
                gizmos.line_2d(p + inward * 2.0, q + inward * 2.0, HOVER_COLOR);
            }
        }
    }
}

/// The hex of the unit the view's reach belongs to, if it stands on one.
fn mover_hex(view: &ViewModel) -> Option<Hex> {
    let u = view.reach_for.as_ref().and_then(|(u, _)| view.unit(*u))?;
    match u.place {
        Place::Hex { hex, .. } => Some(hex),
        Place::Table(_) => None,
    }
}

/// The hexes of the view's reach that are refused but worth marking: those
/// next to an accepted hex or to the acting unit (the edge of the reach),
/// in the reach's order.
pub fn refused_edge(view: &ViewModel) -> Vec<Hex> {
    let from = mover_hex(view);
    let accepted: Vec<Hex> = view
        .reach
        .iter()
        .filter(|(_, v)| v.accepted())
        .map(|(h, _)| *h)
        .chain(from)
        .collect();
    view.reach
        .iter()
        .filter(|(h, v)| !v.accepted() && accepted.iter().any(|a| a.unsigned_distance_to(*h) == 1))
        .map(|(h, _)| *h)
        .collect()
}

/// The tooltip lines of the reach at `hex` with `unit` (the unit there, if
/// the viewer sees one): a target's odds or why it is refused, a hex's
/// "can move here" or why not, each with its rule. Empty when the hex is
/// neither.
pub fn reach_lines(view: &ViewModel, hex: Hex, unit: Option<u32>) -> Vec<String> {
    let target = unit.and_then(|u| view.targets.iter().find(|(t, _)| *t == u));
    // The acting unit's own hex is where it stands, not a place it fails
    // to reach: no verdict there.
    if target.is_none() && unit.is_some() && unit == view.reach_for.as_ref().map(|(u, _)| *u) {
        return Vec::new();
    }
    let verdict = target
        .map(|(_, v)| v)
        .or_else(|| view.reach.iter().find(|(h, _)| *h == hex).map(|(_, v)| v));
    match verdict {
        Some(Verdict::Accepted(Some(odds))) => {
            let mut out = vec![odds.title.clone()];
            out.extend(
                odds.lines
                    .iter()
                    .map(|(label, p)| format!("{label}: {}", pct(*p))),
            );
            out.extend(
                odds.expected
                    .iter()
                    .map(|(label, x)| format!("{label}: {x:.2}")),
            );
            out
        }
        Some(Verdict::Accepted(None)) if target.is_some() => vec![t!("reach-target-ok")],
        Some(Verdict::Accepted(None)) => {
            // A goal reached only on later turns (an order that goes on)
            // is not a move made now.
            let path = path_at(view, hex);
            let later = path.is_some_and(|p| p.now < p.hexes.len());
            let mut out = vec![if later {
                t!("reach-hex-later")
            } else {
                t!("reach-hex-ok")
            }];
            out.extend(path.map(|p| p.line.clone()));
            out
        }
        Some(Verdict::Refused(r)) => {
            vec![t!(
                "reach-refused",
                reason = r.reason.as_str(),
                rule = r.rule.as_str()
            )]
        }
        None => Vec::new(),
    }
}

/// The path of the move to `hex` in the view's reach, if it has one.
pub fn path_at(view: &ViewModel, hex: Hex) -> Option<&MovePath> {
    view.paths.iter().find(|(h, _)| *h == hex).map(|(_, p)| p)
}

/// The hex under the pointer on the hex board: over the board's area,
/// under no window, on the board. `None` elsewhere.
pub fn pointer_hex(
    ctx: &egui::Context,
    window: &Window,
    (camera, ctf): (&Camera, &GlobalTransform),
    layout: &BoardLayout,
    (board, area): (&HexBoard, &BoardArea),
) -> Option<Hex> {
    let over_window = ctx
        .pointer_hover_pos()
        .and_then(|p| ctx.layer_id_at(p))
        .is_some_and(|l| l.order != egui::Order::Background);
    let cursor = window.cursor_position().filter(|_| !over_window)?;
    if let Some([x0, y0, x1, y1]) = area.0
        && !(cursor.x >= x0 && cursor.x <= x1 && cursor.y >= y0 && cursor.y <= y1)
    {
        return None;
    }
    let world = camera.viewport_to_world_2d(ctf, cursor).ok()?;
    let hex = layout.0.world_pos_to_hex(world);
    board.contains(hex).then_some(hex)
}

/// The hex under the pointer on the hex board ([`pointer_hex`]), kept for
/// the path drawn to it; set in the egui pass, read by [`draw_reach`].
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardHover(pub Option<Hex>);

/// Keeps [`BoardHover`] and writes in each shaded hex what the move there
/// leaves to spend (the module's `MovePath::left`: MP, or movement
/// points), small, over the board and under every panel. Nothing under the
/// hot-seat cover.
#[allow(clippy::too_many_arguments)]
pub fn reach_numbers_ui(
    mut contexts: EguiContexts,
    view: Res<ViewModel>,
    (layout, board, area): (
        Option<Res<BoardLayout>>,
        Option<Res<HexBoard>>,
        Res<BoardArea>,
    ),
    cover: Res<PassCover>,
    window: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    mut hover: ResMut<BoardHover>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some(layout), Some(board), Ok(window), Ok((camera, ctf))) =
        (layout, board, window.single(), cam.single())
    else {
        return Ok(());
    };
    let now = pointer_hex(ctx, window, (camera, ctf), &layout, (&board, &area));
    if hover.0 != now {
        hover.0 = now;
    }
    if cover.side.is_some() || view.paths.is_empty() {
        return Ok(());
    }
    let z = ctx.zoom_factor();
    let clip = area.0.map_or(ctx.content_rect(), |[x0, y0, x1, y1]| {
        egui::Rect::from_min_max(egui::pos2(x0 / z, y0 / z), egui::pos2(x1 / z, y1 / z))
    });
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("reach numbers"),
        ))
        .with_clip_rect(clip);
    let font = egui::FontId::proportional(13.0);
    let occupied = |h: Hex| {
        view.scene
            .units
            .iter()
            .any(|u| matches!(u.place, Place::Hex { hex, .. } if hex == h))
    };
    for (hex, path) in &view.paths {
        let Some(left) = path.left.filter(|_| !occupied(*hex)) else {
            continue;
        };
        let c = layout.0.hex_to_world_pos(*hex) - Vec2::new(0.0, HEX_SIZE * 0.45);
        let Ok(p) = camera.world_to_viewport(ctf, c.extend(0.0)) else {
            continue;
        };
        let at = egui::pos2(p.x / z, p.y / z);
        let galley = painter.layout_no_wrap(left.to_string(), font.clone(), NUMBER_INK);
        let rect = egui::Rect::from_center_size(at, galley.size() + egui::vec2(6.0, 2.0));
        painter.rect_filled(rect, 3.0, NUMBER_GROUND);
        painter.galley(rect.min + egui::vec2(3.0, 1.0), galley, NUMBER_INK);
    }
    Ok(())
}

/// A hexagon inside `hex`, `scale` of its size.
fn ring(layout: &BoardLayout, hex: Hex, scale: f32) -> Vec<Vec2> {
    let l = &layout.0;
    let c = l.hex_to_world_pos(hex);
    let mut pts: Vec<Vec2> = l
        .hex_corners(hex)
        .iter()
        .map(|p| c + (*p - c) * scale)
        .collect();
    if let Some(first) = pts.first().copied() {
        pts.push(first);
    }
    pts
}

/// Draws the reach: hexes reached this turn outlined twice (those an
/// order reaches only on later turns once, faintly), the refused edge
/// crossed, targets ringed (the ones that may be attacked in orange, the
/// refused enemies thin and red). Hidden under the hot-seat cover.
pub fn draw_reach(
    mut gizmos: Gizmos,
    layout: Option<Res<BoardLayout>>,
    view: Res<ViewModel>,
    (cover, hover): (Res<PassCover>, Res<BoardHover>),
) {
    let Some(layout) = layout else {
        return;
    };
    if cover.side.is_some() || view.reach_for.is_none() {
        return;
    }
    for (hex, _) in view.reach.iter().filter(|(_, v)| v.accepted()) {
        if path_at(&view, *hex).is_some_and(|p| p.now < p.hexes.len()) {
            gizmos.linestrip_2d(ring(&layout, *hex, 0.87), REACH_LATER_COLOR);
            continue;
        }
        gizmos.linestrip_2d(ring(&layout, *hex, 0.9), REACH_COLOR);
        gizmos.linestrip_2d(ring(&layout, *hex, 0.84), REACH_COLOR);
    }
    if let Some(path) = hover.0.and_then(|h| path_at(&view, h)) {
        draw_path(&mut gizmos, &layout, &view, path);
    }
    for hex in refused_edge(&view) {
        let c = layout.0.hex_to_world_pos(hex);
        let d = HEX_SIZE * 0.22;
        gizmos.line_2d(c + Vec2::new(-d, -d), c + Vec2::new(d, d), REFUSED_COLOR);
        gizmos.line_2d(c + Vec2::new(-d, d), c + Vec2::new(d, -d), REFUSED_COLOR);
    }
    for (id, v) in &view.targets {
        let Some(target) = view.unit(*id) else {
            continue;
        };
        let Place::Hex { hex, .. } = target.place else {
            continue;
        };
        if !ringed(&view, target.side, v.accepted()) {
            continue;
        }
        let c = layout.0.hex_to_world_pos(hex);
        if v.accepted() {
            gizmos.circle_2d(c, HEX_SIZE * 0.95, TARGET_COLOR);
            gizmos.circle_2d(c, HEX_SIZE * 0.9, TARGET_COLOR);
        } else {
            gizmos.circle_2d(c, HEX_SIZE * 0.92, REFUSED_COLOR);
        }
    }
}

/// Whether a target of `side` with this verdict gets a ring: every one the
/// armed choice may take, and a refused one only on the other side than
/// the acting unit (an own unit is never a target worth a ring). The hex
/// board and the open table ring by it.
pub(crate) fn ringed(view: &ViewModel, side: u8, accepted: bool) -> bool {
    let own = view
        .reach_for
        .as_ref()
        .and_then(|(u, _)| view.unit(*u))
        .map(|u| u.side);
    accepted || own != Some(side)
}

/// The path of the move under the pointer: a line from the mover's hex
/// through the centre of each hex it enters, a dot on each, a ring where
/// it stops now; the part left for later turns (an order that goes on)
/// dimmer, with a small ring on its goal.
fn draw_path(gizmos: &mut Gizmos, layout: &BoardLayout, view: &ViewModel, path: &MovePath) {
    let from = mover_hex(view);
    let points: Vec<Vec2> = from
        .into_iter()
        .chain(path.hexes.iter().copied())
        .map(|h| layout.0.hex_to_world_pos(h))
        .collect();
    if points.len() < 2 {
        return;
    }
    // hexes[k] is points[offset + k]; this turn ends on hexes[now - 1].
    let offset = points.len() - path.hexes.len();
    let now = (offset + path.now).saturating_sub(1).min(points.len() - 1);
    let (here, later) = (&points[..=now], &points[now..]);
    for w in 1..3 {
        let d = Vec2::splat(w as f32 * 0.8);
        gizmos.linestrip_2d(here.iter().map(|p| *p + d), PATH_COLOR);
        gizmos.linestrip_2d(here.iter().map(|p| *p - d), PATH_COLOR);
    }
    for d in [Vec2::ZERO, Vec2::splat(1.2)] {
        gizmos.linestrip_2d(later.iter().map(|p| *p + d), PATH_LATER_COLOR);
    }
    for p in points.iter().skip(1) {
        gizmos.circle_2d(*p, HEX_SIZE * 0.1, PATH_COLOR);
    }
    gizmos.circle_2d(here[here.len() - 1], HEX_SIZE * 0.35, PATH_COLOR);
    if later.len() > 1 {
        gizmos.circle_2d(later[later.len() - 1], HEX_SIZE * 0.25, PATH_LATER_COLOR);
    }
}

/// The reach drawn on the hex board, after the board's own overlays.
pub struct ReachViewPlugin;

impl Plugin for ReachViewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardHover>()
            .add_systems(
                EguiPrimaryContextPass,
                reach_numbers_ui
                    .in_set(AppSystems::Draw)
                    .run_if(super::sets::game_screen)
                    .run_if(|view: Res<ViewModel>| view.loaded),
            )
            .add_systems(
                Update,
                (
                    draw_reach
                        .run_if(|view: Res<ViewModel>| view.loaded && view.reach_for.is_some()),
                    draw_who_may_act.run_if(|view: Res<ViewModel>| view.loaded),
                )
                    .in_set(AppSystems::Draw)
                    .after(draw_overlays),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::command::Refusal;
    use crate::engine::view::{Odds, Scene, UnitView};

    fn view_with(reach: Vec<(Hex, Verdict)>, targets: Vec<(u32, Verdict)>) -> ViewModel {
        let unit = UnitView::on_hex(1, 0, Hex::ZERO);
        ViewModel {
            reach_for: Some((1, "move".into())),
            reach,
            targets,
            scene: Scene {
                units: vec![unit],
                ..Scene::default()
            },
            ..ViewModel::default()
        }
    }

    #[test]
    fn only_refused_hexes_at_the_edge_of_the_reach_are_crossed() {
        let no = || Verdict::Refused(Refusal::new("X-1", "no"));
        let view = view_with(
            vec![
                (Hex::new(1, 0), Verdict::Accepted(None)),
                (Hex::new(2, 0), no()),
                (Hex::new(5, 0), no()),
                (Hex::new(-1, 0), no()),
            ],
            Vec::new(),
        );
        // (2,0) is beside a reachable hex, (-1,0) beside the unit, (5,0)
        // beside neither.
        assert_eq!(refused_edge(&view), vec![Hex::new(2, 0), Hex::new(-1, 0)]);
    }

    #[test]
    fn the_tooltip_gives_a_moves_path_line_and_says_when_it_takes_later_turns() {
        let path = |now: usize| MovePath {
            hexes: vec![Hex::new(1, 0), Hex::new(2, 0)],
            now,
            spent: 2,
            left: Some(1),
            rule: "X-2".into(),
            line: "2 MP spent, 1 MP left (X-2)".into(),
        };
        let mut view = view_with(vec![(Hex::new(2, 0), Verdict::Accepted(None))], Vec::new());
        view.paths = vec![(Hex::new(2, 0), path(2))];
        let now = reach_lines(&view, Hex::new(2, 0), None);
        assert_eq!(
            now,
            vec![
                t!("reach-hex-ok"),
                "2 MP spent, 1 MP left (X-2)".to_string()
            ]
        );
        view.paths = vec![(Hex::new(2, 0), path(1))];
        let later = reach_lines(&view, Hex::new(2, 0), None);
        assert_eq!(later[0], t!("reach-hex-later"));
        assert_eq!(path_at(&view, Hex::new(1, 0)), None);
    }

    #[test]
    fn the_tooltip_gives_a_targets_odds_and_a_refusals_rule() {
        let odds = Odds {
            title: "Fire odds".into(),
            lines: vec![("at least one hit".into(), 0.25)],
            ..Odds::default()
        };
        let view = view_with(
            vec![(
                Hex::new(3, 0),
                Verdict::Refused(Refusal::new("SBA-MOV-2", "too far")),
            )],
            vec![(1, Verdict::Accepted(Some(odds)))],
        );
        let lines = reach_lines(&view, Hex::ZERO, Some(1));
        assert_eq!(lines[0], "Fire odds");
        assert!(lines[1].contains("25"), "{lines:?}");
        let lines = reach_lines(&view, Hex::new(3, 0), None);
        assert!(
            lines[0].contains("too far") && lines[0].contains("SBA-MOV-2"),
            "{lines:?}"
        );
        assert!(reach_lines(&view, Hex::new(4, 0), None).is_empty());
    }

    #[test]
    fn the_acting_units_own_hex_has_no_verdict() {
        let mut view = view_with(
            vec![(
                Hex::new(3, 0),
                Verdict::Refused(Refusal::new("SBA-MOV-2", "cannot reach that hex")),
            )],
            Vec::new(),
        );
        // Another unit standing on a refused hex still shows the refusal.
        assert_eq!(reach_lines(&view, Hex::new(3, 0), Some(7)).len(), 1);
        view.reach_for = Some((7, "march".into()));
        assert!(reach_lines(&view, Hex::new(3, 0), Some(7)).is_empty());
        assert_eq!(reach_lines(&view, Hex::new(3, 0), Some(8)).len(), 1);
    }
}
