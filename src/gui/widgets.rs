//! The egui pieces several screens share: the two text colours, inch marks
//! that egui's fonts can show, a rule ID as a link to the rules reference,
//! the players of a new game, and the viewport the panels are laid out in.

use bevy_egui::egui::{self, Color32, RichText};

use super::state::{BoardArea, Mode, RulesOpen};
use crate::engine::seats::Level;
use crate::engine::view::{DieFaces, DieGlyph};
use crate::t;

/// Refusals and failed tests.
pub(crate) const RED: Color32 = Color32::from_rgb(230, 70, 60);
/// Secondary text.
pub(crate) const DIM: Color32 = Color32::from_rgb(160, 160, 160);
/// A unit that may act now, ringed on either board.
pub const MAY_ACT_COLOR: bevy::color::Color = bevy::color::Color::srgba(1.0, 1.0, 0.85, 0.75);
/// A unit the hovered side choice would let act, ringed gold.
pub const HOVER_COLOR: bevy::color::Color = bevy::color::Color::srgb(1.0, 0.85, 0.2);

/// Text for the panels: egui's default fonts lack the double prime, so inch
/// marks are shown as a straight double quote.
pub(crate) fn shown(s: &str) -> String {
    s.replace('″', "\"")
}

/// A rule ID as a link that opens the rules reference at it.
pub(crate) fn rule_link(ui: &mut egui::Ui, open: &mut RulesOpen, rule: &str) {
    // A module's generic base marker (GEN-BASE, SBA-BASE) names no one
    // rule: its ID small and dim, what it stands for on hover.
    let link = if is_base_marker(rule) {
        ui.link(RichText::new(rule).small().monospace().color(DIM))
            .on_hover_text(t!("panels-base-rule", rule = rule))
    } else {
        ui.link(RichText::new(rule).monospace())
            .on_hover_text(t!("panels-open-rules-reference"))
    };
    if link.clicked() {
        open.0 = Some(rule.to_string());
    }
}

/// Whether `rule` is a module's generic base marker ("GEN-BASE"), which
/// stands for the game's base rules rather than one numbered rule.
pub(crate) fn is_base_marker(rule: &str) -> bool {
    rule.ends_with("-BASE")
}

/// A computer level's name, in the UI's language ("easy", "normal",
/// "hard").
pub(crate) fn level_name(l: Level) -> String {
    match l {
        Level::Easy => t!("title-level-easy"),
        Level::Normal => t!("title-level-normal"),
        Level::Hard => t!("title-level-hard"),
    }
}

/// The players of a new game: hot-seat, you against the computer (your
/// side, its level) or the computer on both sides. Returns the start
/// button's label.
pub(crate) fn mode_picker(
    ui: &mut egui::Ui,
    mode: &mut Mode,
    sides: &[String],
    default_level: Level,
) -> String {
    let side_name = |s: u8| sides.get(usize::from(s)).cloned().unwrap_or_default();
    ui.label(RichText::new(t!("title-players")).strong());
    ui.horizontal(|ui| {
        if ui
            .radio(*mode == Mode::HotSeat, t!("title-mode-hot-seat"))
            .on_hover_text(t!("title-mode-hot-seat-hover"))
            .clicked()
        {
            *mode = Mode::HotSeat;
        }
        if ui
            .radio(matches!(mode, Mode::Solo { .. }), t!("title-mode-solo"))
            .on_hover_text(t!("title-mode-solo-hover"))
            .clicked()
            && !matches!(mode, Mode::Solo { .. })
        {
            *mode = Mode::Solo {
                side: 0,
                level: default_level,
            };
        }
        if ui
            .radio(matches!(mode, Mode::Watch { .. }), t!("title-mode-watch"))
            .on_hover_text(t!("title-mode-watch-hover"))
            .clicked()
            && !matches!(mode, Mode::Watch { .. })
        {
            *mode = Mode::Watch {
                levels: [default_level; 2],
            };
        }
    });
    match mode {
        Mode::HotSeat => t!("title-start-hot-seat"),
        Mode::Solo { side, level } => {
            ui.horizontal(|ui| {
                ui.label(t!("title-you-play"));
                for s in [0u8, 1] {
                    ui.radio_value(side, s, side_name(s));
                }
            });
            ui.horizontal(|ui| {
                ui.label(t!("title-computer"));
                for l in Level::ALL {
                    ui.radio_value(level, l, level_name(l));
                }
            });
            t!("title-start-solo")
        }
        Mode::Watch { levels } => {
            for (s, level) in levels.iter_mut().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(side_name(s as u8));
                    for l in Level::ALL {
                        ui.radio_value(level, l, level_name(l));
                    }
                });
            }
            t!("title-start-watch")
        }
    }
}

/// A Ui over the whole window, on the background layer, for the panels
/// laid out around the board (egui's panels are shown inside it).
pub(crate) fn viewport_ui(ctx: &bevy_egui::egui::Context, id: &'static str) -> bevy_egui::egui::Ui {
    bevy_egui::egui::Ui::new(
        ctx.clone(),
        id.into(),
        bevy_egui::egui::UiBuilder::new()
            .layer_id(bevy_egui::egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// What the panels around `root` leave is the board: kept in window pixels
/// (egui's points are scaled by the UI scale) for clicks and the wheel.
pub(crate) fn keep_board_area(
    root: &bevy_egui::egui::Ui,
    ctx: &bevy_egui::egui::Context,
    board: &mut BoardArea,
) {
    let free = root.available_rect_before_wrap();
    let z = ctx.zoom_factor();
    let area = Some([
        free.min.x * z,
        free.min.y * z,
        free.max.x * z,
        free.max.y * z,
    ]);
    if board.0 != area {
        board.0 = area;
    }
}

/// The symbol dice of `faces` whose log name is `die`, if the game has
/// such a die.
pub fn faces_of_die<'a>(faces: &'a [DieFaces], die: Option<&str>) -> Option<&'a DieFaces> {
    let die = die?;
    faces.iter().find(|f| f.die == die)
}

/// One die showing `value`, `size` points square: an ivory die with the
/// face's symbol drawn in its colour when `faces` gives face `value` one
/// (its name on hover), else the number in black.
pub fn die_face(
    ui: &mut egui::Ui,
    value: u32,
    faces: Option<&DieFaces>,
    size: f32,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let p = ui.painter_at(rect.expand(1.0));
    p.rect_filled(rect, size * 0.18, Color32::from_rgb(235, 228, 210));
    let face = faces.and_then(|f| f.faces.get((value as usize).checked_sub(1)?));
    let Some((glyph, rgb, name)) = face else {
        p.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            value.to_string(),
            egui::FontId::monospace(size * 0.7),
            Color32::from_rgb(25, 25, 25),
        );
        return response;
    };
    let c = Color32::from_rgb(
        (rgb[0] * 255.0) as u8,
        (rgb[1] * 255.0) as u8,
        (rgb[2] * 255.0) as u8,
    );
    draw_glyph(&p, rect.shrink(size * 0.18), *glyph, c);
    response.on_hover_text(name.as_str())
}

/// Draws `glyph` in `r` with colour `c`.
fn draw_glyph(p: &egui::Painter, r: egui::Rect, glyph: DieGlyph, c: Color32) {
    let (ctr, w) = (r.center(), r.width());
    let line = egui::Stroke::new((w * 0.12).max(1.5), c);
    match glyph {
        DieGlyph::Circle => {
            p.circle_filled(ctr, w * 0.45, c);
        }
        DieGlyph::Triangle => {
            let pts = vec![
                egui::pos2(ctr.x, r.top()),
                egui::pos2(r.right(), r.bottom()),
                egui::pos2(r.left(), r.bottom()),
            ];
            p.add(egui::Shape::convex_polygon(pts, c, egui::Stroke::NONE));
        }
        DieGlyph::Square => {
            p.rect_filled(r.shrink(w * 0.06), 1.0, c);
        }
        DieGlyph::Sword => {
            // A blade from the lower left to the upper right, a guard across
            // it and a pommel.
            let (a, b) = (
                r.left_bottom() + egui::vec2(w * 0.1, -w * 0.1),
                r.right_top(),
            );
            p.line_segment([a, b], line);
            let g = a + (b - a) * 0.28;
            let across = egui::vec2(w * 0.2, w * 0.2);
            p.line_segment([g - across, g + across], line);
            p.circle_filled(a, w * 0.1, c);
        }
        DieGlyph::Flag => {
            let pole = r.left() + w * 0.2;
            p.line_segment(
                [egui::pos2(pole, r.top()), egui::pos2(pole, r.bottom())],
                line,
            );
            let pts = vec![
                egui::pos2(pole, r.top()),
                egui::pos2(r.right(), r.top() + w * 0.25),
                egui::pos2(pole, r.top() + w * 0.5),
            ];
            p.add(egui::Shape::convex_polygon(pts, c, egui::Stroke::NONE));
        }
        DieGlyph::Token => {
            p.circle_filled(ctr, w * 0.48, c);
            let hole = egui::Rect::from_center_size(ctr, egui::vec2(w * 0.3, w * 0.3));
            p.rect_filled(hole, 0.0, Color32::from_rgb(235, 228, 210));
        }
    }
}

/// One arrow of the scene from `from` to `to` (world units): red for an
/// attack, white for a move; an attack waiting on the defender's answer
/// bold, with the attacker and the attacked ringed (rings of `hex_size`,
/// world units).
pub fn draw_arrow(
    gizmos: &mut bevy::prelude::Gizmos,
    from: bevy::math::Vec2,
    to: bevy::math::Vec2,
    a: &crate::engine::view::Arrow,
    hex_size: f32,
) {
    let c = if a.attack {
        bevy::color::Color::srgb(1.0, 0.45, 0.35)
    } else {
        bevy::color::Color::srgb(1.0, 1.0, 1.0)
    };
    gizmos.arrow_2d(from, to, c);
    if a.answer {
        for d in [
            bevy::math::Vec2::new(1.5, 0.0),
            bevy::math::Vec2::new(0.0, 1.5),
        ] {
            gizmos.arrow_2d(from + d, to + d, c);
        }
        for k in [0.85, 0.8] {
            gizmos.circle_2d(from, hex_size * k, c);
            gizmos.circle_2d(to, hex_size * k, c);
        }
    }
}

/// A tooltip by the pointer at `cursor` (window pixels) over the board:
/// `lines`, the first strong; nothing when there are none.
pub(crate) fn pointer_tooltip(
    ctx: &bevy_egui::egui::Context,
    cursor: bevy::math::Vec2,
    lines: &[String],
) {
    use bevy_egui::egui;
    if lines.is_empty() {
        return;
    }
    let z = ctx.zoom_factor();
    let at = egui::pos2(cursor.x / z + 16.0, cursor.y / z + 16.0);
    egui::Area::new(egui::Id::new("hex tooltip"))
        .order(egui::Order::Tooltip)
        .fixed_pos(at)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(320.0);
                for (i, l) in lines.iter().enumerate() {
                    let t = egui::RichText::new(shown(l));
                    ui.label(if i == 0 { t.strong() } else { t });
                }
            });
        });
}
