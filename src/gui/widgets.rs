//! The egui pieces several screens share: the two text colours, inch marks
//! that egui's fonts can show, a rule ID as a link to the rules reference,
//! the players of a new game, and the viewport the panels are laid out in.

use bevy_egui::egui::{self, Color32, RichText};

use super::state::{BoardArea, Mode, RulesOpen};
use crate::engine::seats::Level;
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
    if ui
        .link(RichText::new(rule).monospace())
        .on_hover_text(t!("panels-open-rules-reference"))
        .clicked()
    {
        open.0 = Some(rule.to_string());
    }
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
