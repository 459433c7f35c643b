//! The egui panels for any module, drawn from the [`ViewModel`]: top bar,
//! unit card as itemized sums with rule IDs, the roll log, the briefing,
//! honor tracks, game over, and the hot-seat pass screen; the right
//! panel's decisions are in [`super::decisions`], the windows they open
//! (rules tables, the rules reference, save / load) in [`super::windows`].
//! The panels change the game only by writing [`UiAction`]s.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::{Color32, RichText};

use super::computer::ComputerPace;
use super::decisions::{Ctl, decision_footer, decisions_panel, hand_view, has_footer};
use super::dock::{DockParts, dock_view};
use super::net::NetStatus;
use super::play::ViewModel;
use super::replay::{ReplayView, replay_panel, timeline};
use super::resolution::{Resolution, resolution_view};
use super::sets::{AppSystems, game_screen};
use super::settings::{PanelSizes, Settings, SettingsWindow};
use super::state::{
    AppMode, BoardArea, BriefingOpen, FileRequest, Notes, PassCover, ReportOpen, RulesOpen,
    Selection, UiAction,
};
use super::table_view::{TableInput, TableScene, ruler_reading};
use super::turn_summary::TurnSummary;
use super::widgets::{
    DIM, RED, die_face, faces_of_die, keep_board_area, rule_link, shown, viewport_ui,
};
use super::windows::{FilesWindow, files_window, rules_window};
use crate::engine::core::ToAct;
use crate::engine::log::{Itemized, LogEntry};
use crate::engine::view::DieFaces;
use crate::engine::view::{CardLine, Tone, Track};
use crate::t;

/// The result the player closed the "battle is over" window on (the right
/// panel still shows it).
#[derive(Resource, Clone, Debug, Default)]
pub struct DismissedOutcome(pub Option<String>);

/// A probability as a percentage with one decimal.
pub(crate) fn pct(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

fn itemized(ui: &mut egui::Ui, rules: &mut RulesOpen, title: &str, v: &Itemized) {
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("{title}: {}", v.total()));
        ui.label(
            RichText::new(t!("panels-card-base", value = v.base, name = v.base_name)).color(DIM),
        );
    });
    for m in &v.modifiers {
        ui.horizontal(|ui| {
            ui.label(shown(&format!("   {:+} {}", m.value, m.name)));
            rule_link(ui, rules, &m.rule);
        });
    }
    if let Some(m) = &v.set_to {
        ui.horizontal(|ui| {
            ui.label(format!(
                "   {}",
                t!("panels-card-set-to", value = m.value, name = m.name)
            ));
            rule_link(ui, rules, &m.rule);
        });
    }
}

/// One card line: text in its tone with its rule, or an itemized value.
pub(crate) fn card_line(
    ui: &mut egui::Ui,
    l: &CardLine,
    mut rule: impl FnMut(&mut egui::Ui, &str),
) {
    let text = shown(&l.text);
    let rich = match l.tone {
        Tone::Plain => RichText::new(text),
        Tone::Strong => RichText::new(text).strong(),
        Tone::Good => RichText::new(text).color(Color32::GOLD),
        Tone::Bad => RichText::new(text).color(RED),
        Tone::Dim => RichText::new(text).color(DIM).small(),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(rich);
        if let Some(r) = &l.rule {
            rule(ui, r);
        }
    });
}

fn unit_card(ui: &mut egui::Ui, view: &ViewModel, rules: &mut RulesOpen, table: bool) {
    ui.heading(t!("panels-unit-card"));
    if view.card.is_empty() {
        if table {
            ui.label(t!("panels-card-hint-table"));
            ui.label(t!("panels-card-hint-table-camera"));
        } else {
            ui.label(t!("panels-card-hint-board"));
        }
        return;
    }
    for (i, l) in view.card.iter().enumerate() {
        if let Some(v) = &l.value {
            itemized(ui, rules, &l.text, v);
        } else if i == 0 && l.tone == Tone::Strong {
            ui.label(RichText::new(shown(&l.text)).strong().size(16.0));
        } else {
            card_line(ui, l, |ui, r| rule_link(ui, rules, r));
        }
    }
}

/// An honor track, compact for the one strip of tracks: the value on a
/// short bar with its thresholds (spent ones grey).
pub(crate) fn track_view(ui: &mut egui::Ui, t: &Track, side: &str, color: [f32; 3]) {
    let lo = t
        .marks
        .iter()
        .map(|m| m.0)
        .chain([t.value, 0])
        .min()
        .unwrap_or(0);
    let hi = t
        .marks
        .iter()
        .map(|m| m.0)
        .chain([t.value, 1])
        .max()
        .unwrap_or(1);
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("{side} {}: {}", t.name, t.value)).small());
        let (rect, _) = ui.allocate_exact_size(egui::vec2(TRACK_BAR, 10.0), egui::Sense::hover());
        let x = |v: i32| rect.left() + rect.width() * (v - lo) as f32 / (hi - lo).max(1) as f32;
        ui.painter().rect_filled(rect, 2.0, Color32::from_gray(50));
        let c = Color32::from_rgb(
            (color[0] * 255.0) as u8,
            (color[1] * 255.0) as u8,
            (color[2] * 255.0) as u8,
        );
        let fill = egui::Rect::from_min_max(rect.min, egui::pos2(x(t.value), rect.max.y));
        ui.painter().rect_filled(fill, 2.0, c);
        for (m, spent) in &t.marks {
            let col = if *spent {
                Color32::DARK_GRAY
            } else {
                Color32::WHITE
            };
            ui.painter().line_segment(
                [
                    egui::pos2(x(*m), rect.top()),
                    egui::pos2(x(*m), rect.bottom()),
                ],
                egui::Stroke::new(2.0, col),
            );
        }
    });
}

fn log_entry(ui: &mut egui::Ui, rules: &mut RulesOpen, e: &LogEntry, faces: &[DieFaces]) {
    log_entry_with(ui, e, faces, |ui, rule| rule_link(ui, rules, rule));
}

/// One roll-log entry: turn and phase, rule, what happened, dice against
/// target, outcome, probability, and the itemized value with each modifier's
/// rule. `rule` draws a rule ID (a link in the hex app, a label on the table).
pub(crate) fn log_entry_with(
    ui: &mut egui::Ui,
    e: &LogEntry,
    faces: &[DieFaces],
    mut rule: impl FnMut(&mut egui::Ui, &str),
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!("T{} {}", e.turn, e.phase))
                .color(DIM)
                .small(),
        );
        rule(ui, &e.rule);
        ui.label(shown(&e.what));
        if let Some(die) = &e.die {
            let target = e.target.map_or(String::new(), |t| format!(" vs {t}"));
            // A die of symbols shows them; any other its numbers.
            match faces_of_die(faces, Some(die)) {
                Some(f) => {
                    ui.label(RichText::new(format!("{die}:")).monospace());
                    for v in &e.dice {
                        die_face(ui, *v, Some(f), 16.0);
                    }
                }
                None => {
                    ui.label(RichText::new(format!("{die}: {:?}{target}", e.dice)).monospace());
                }
            }
        }
        if !e.outcome.is_empty() {
            let c = if e.failed { RED } else { Color32::LIGHT_GREEN };
            ui.label(RichText::new(&e.outcome).color(c).strong());
        }
        if let Some(p) = e.probability {
            ui.label(RichText::new(format!("(p = {})", pct(p))).color(DIM));
        }
    });
    if let Some(v) = &e.value {
        ui.horizontal_wrapped(|ui| {
            ui.add_space(24.0);
            ui.label(
                RichText::new(format!("{} {}", v.base, v.base_name))
                    .color(DIM)
                    .small(),
            );
            for m in &v.modifiers {
                ui.label(RichText::new(shown(&format!("{:+} {}", m.value, m.name))).small());
                rule(ui, &m.rule);
            }
            if let Some(m) = &v.set_to {
                ui.label(
                    RichText::new(t!("panels-log-set-to", value = m.value, name = m.name)).small(),
                );
            }
        });
    }
}

/// Width (points) of a track's bar in the strip of tracks.
const TRACK_BAR: f32 = 70.0;

/// Width (points) the top bar leaves free at its right end for the
/// *Title* button (`title.rs`, anchored 8 points from the top-right
/// corner).
const TITLE_BUTTON_ROOM: f32 = 96.0;

/// What the panels read and change.
#[derive(SystemParam)]
pub struct Panels<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    scene: Res<'w, TableScene>,
    input: ResMut<'w, TableInput>,
    sel: ResMut<'w, Selection>,
    notes: ResMut<'w, Notes>,
    cover: ResMut<'w, PassCover>,
    mode: Res<'w, AppMode>,
    rules: ResMut<'w, RulesOpen>,
    briefing: ResMut<'w, BriefingOpen>,
    area: ResMut<'w, BoardArea>,
    pace: ResMut<'w, ComputerPace>,
    actions: MessageWriter<'w, UiAction>,
    requests: MessageWriter<'w, FileRequest>,
    files: ResMut<'w, FilesWindow>,
    dismissed: ResMut<'w, DismissedOutcome>,
    report: ResMut<'w, ReportOpen>,
    net: Res<'w, NetStatus>,
    replay: Option<ResMut<'w, ReplayView>>,
    settings_window: Option<ResMut<'w, SettingsWindow>>,
    dock: DockParts<'w>,
    summary: Option<ResMut<'w, TurnSummary>>,
    resolution: Option<ResMut<'w, Resolution>>,
    settings: Option<ResMut<'w, Settings>>,
}

/// Draws every panel (runs in `EguiPrimaryContextPass`).
pub fn ui(mut p: Panels, view: Res<ViewModel>) -> Result {
    let ctx = p.contexts.ctx_mut()?.clone();
    if !view.loaded {
        return Ok(());
    }
    let mut root = viewport_ui(&ctx, "viewport");
    // Set again by the button under the pointer, if any.
    if p.sel.hovered.is_some() {
        p.sel.hovered = None;
    }
    if p.mode.screenshot && p.sel.selected.is_none() {
        p.sel.selected = view
            .viewer
            .and_then(|s| view.scene.units.iter().find(|u| u.side == s))
            .map(|u| u.id);
    }
    // Hot-seat: cover the board whenever the deciding side changes, until
    // that player says they are at the screen. Solo play has no cover: the
    // screen is always the player's own side.
    if let Some(side) = view.viewer
        && p.replay.is_none()
        && view.seats.hot_seat()
        && !p.mode.screenshot
        && p.cover.revealed_for.as_ref().map(|r| r.1) != Some(side)
    {
        if p.cover.side != Some(side) {
            // Nothing of the last player's turn stays on screen for the
            // next: not the selection, nor a refusal or status line.
            p.cover.side = Some(side);
            p.sel.selected = None;
            p.sel.armed = None;
            p.notes.refusal = None;
            p.notes.status.clear();
        }
        pass_cover(&mut root, &view, &mut p.cover, side);
        return Ok(());
    }
    if p.cover.side.is_some() {
        p.cover.side = None;
    }
    // The side panels take the window's whole height under the top bar,
    // so the decision and its Confirm have room; the hand and the log lie
    // under the board only.
    egui::Panel::top("top").show(&mut root, |ui| top_bar(ui, &view, &mut p));
    side_panels(&mut root, &view, &mut p);
    bottom_panels(&mut root, &view, &mut p);
    // What the panels leave is the board: the wheel zooms only there. In
    // window pixels: egui's points are scaled by the UI scale.
    keep_board_area(&root, &ctx, &mut p.area);
    windows(&ctx, &view, &mut p);
    Ok(())
}

/// The hot-seat cover for `side`: whose decision it is, and the button
/// (or Enter) that lifts it.
fn pass_cover(root: &mut egui::Ui, view: &ViewModel, cover: &mut PassCover, side: u8) {
    let name = view.sides[side.min(1) as usize].clone();
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(Color32::from_rgb(24, 24, 30)))
        .show(root, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() / 3.0);
                ui.heading(
                    RichText::new(shown(&t!("panels-pass-screen-decides", side = &name)))
                        .size(28.0),
                );
                ui.label(RichText::new(shown(&view.phase)).size(16.0));
                ui.label(t!("panels-pass-screen-note"));
                // The first turn: each player reads the briefing here.
                if view.turn <= 1 && !view.briefing.is_empty() {
                    ui.add_space(12.0);
                    ui.scope(|ui| {
                        ui.set_max_width(520.0);
                        ui.label(RichText::new(t!("panels-briefing")).strong());
                        // Scrolls, so the button that lifts the cover stays
                        // on the screen under any briefing.
                        let room = (ui.available_height() - 80.0).max(100.0);
                        egui::ScrollArea::vertical()
                            .id_salt("cover briefing")
                            .max_height(room)
                            .show(ui, |ui| ui.label(shown(&view.briefing)));
                    });
                }
                ui.add_space(12.0);
                let lift = ui.button(
                    RichText::new(t!("panels-pass-screen-reveal", side = &name)).size(18.0),
                );
                if lift.clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    cover.revealed_for = Some((view.turn, side, view.phase.clone()));
                    cover.side = None;
                }
            });
        });
}

/// The top bar: the scenario, turn and phase, the buttons for the windows,
/// the ruler, the score, remote play's line and the honor tracks.
/// A one-line label at most `width` points wide, cut short with "…".
fn cut_short(ui: &mut egui::Ui, text: RichText, width: f32) -> egui::Response {
    ui.scope(|ui| {
        ui.set_max_width(width.max(60.0));
        ui.add(egui::Label::new(text).truncate())
    })
    .inner
}

fn top_bar(ui: &mut egui::Ui, view: &ViewModel, p: &mut Panels) {
    let table = p.scene.table.is_some();
    // The top-right corner is the Title button's (`title.rs`).
    ui.set_max_width((ui.available_width() - TITLE_BUTTON_ROOM).max(TITLE_BUTTON_ROOM));
    // Where the bar's texts must end: the room left before the Title
    // button, whatever the texts before them took.
    let right = ui.clip_rect().right() - TITLE_BUTTON_ROOM;
    let room = |ui: &egui::Ui| right - ui.cursor().min.x;
    // One line that never wraps: the texts that may be long (the
    // scenario, the score, remote play's line) are cut short with their
    // whole text on hover.
    ui.horizontal(|ui| {
        ui.label(RichText::new("Kassen").strong().size(18.0));
        ui.separator();
        if p.replay.is_some() {
            ui.label(
                RichText::new(t!("panels-replay-badge"))
                    .strong()
                    .color(Color32::from_rgb(230, 190, 60)),
            );
        }
        // The long texts get a share of the bar each, so the buttons after
        // them always fit.
        let share = ui.available_width();
        cut_short(ui, RichText::new(&view.name).strong(), share * 0.18)
            .on_hover_text(format!("{}: {}", view.name, view.system));
        ui.separator();
        ui.label(match view.turn_limit {
            Some(l) => t!("panels-turn-of", turn = view.turn, limit = l),
            None => t!("panels-turn", turn = view.turn),
        });
        ui.separator();
        let phase = RichText::new(shown(&view.phase)).strong();
        let phase = match view.to_act {
            Some(ToAct::Side(s)) => {
                // The side's colour, lightened to read on the dark bar.
                let c = view.colors[usize::from(s.min(1))].map(|v| 0.45 + 0.55 * v);
                phase.color(Color32::from_rgb(
                    (c[0] * 255.0) as u8,
                    (c[1] * 255.0) as u8,
                    (c[2] * 255.0) as u8,
                ))
            }
            _ => phase,
        };
        cut_short(ui, phase, share * 0.3).on_hover_text(shown(&view.phase));
        ui.separator();
        // The demo's kiosk has no save or load.
        if !p.mode.kiosk
            && ui
                .button(t!("panels-save-load"))
                .on_hover_text(t!("panels-save-load-hover"))
                .clicked()
        {
            p.files.open = true;
        }
        if ui
            .button(t!("panels-briefing"))
            .on_hover_text(t!("panels-briefing-hover"))
            .clicked()
        {
            p.briefing.0 = true;
        }
        if ui
            .button(t!("panels-rules"))
            .on_hover_text(t!("panels-rules-hover"))
            .clicked()
        {
            p.rules.0 = view.rules.first().map(|r| r.id.clone());
        }
        if let Some(l) = p.dock.legend.as_mut()
            && ui
                .selectable_label(l.0, t!("panels-legend"))
                .on_hover_text(t!("panels-legend-hover"))
                .clicked()
        {
            l.0 = !l.0;
        }
        if let Some(w) = p.settings_window.as_mut()
            && ui
                .button(t!("panels-settings"))
                .on_hover_text(t!("panels-settings-hover"))
                .clicked()
        {
            w.open = true;
        }
        if table {
            let ruler = if p.input.ruler_mode {
                t!("panels-ruler-on")
            } else {
                t!("panels-ruler-off")
            };
            if ui.selectable_label(p.input.ruler_mode, ruler).clicked() {
                p.input.toggle_ruler();
            }
        }
        if let Some(code) = &p.net.code {
            // The join code first, whole, and a button to copy it: the
            // person hosting reads it out or pastes it to the guest.
            ui.separator();
            ui.label(RichText::new(t!("panels-join-code", code = code.clone())).strong());
            if ui
                .small_button(t!("panels-copy"))
                .on_hover_text(t!("panels-copy-hover"))
                .clicked()
            {
                ui.ctx().copy_text(code.clone());
            }
        }
        if !p.net.line.is_empty() {
            ui.separator();
            let line = RichText::new(shown(&p.net.line)).color(Color32::from_rgb(120, 200, 230));
            cut_short(ui, line, room(ui)).on_hover_text(shown(&p.net.line));
        }
        if !view.scene.score.is_empty() {
            ui.separator();
            cut_short(ui, RichText::new(shown(&view.scene.score)), room(ui))
                .on_hover_text(shown(&view.scene.score));
        }
    });
    // The tracks in one strip.
    if !view.scene.tracks.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for t in &view.scene.tracks {
                let side = view.sides[t.side.min(1) as usize].clone();
                track_view(ui, t, &side, view.colors[t.side.min(1) as usize]);
                ui.separator();
            }
        });
    }
}

/// The hand of cards, the roll log and a replay's timeline.
fn bottom_panels(root: &mut egui::Ui, view: &ViewModel, p: &mut Panels) {
    if !view.scene.hand.is_empty() {
        let mut c = Ctl {
            sel: &mut p.sel,
            notes: &mut p.notes,
            rules: &mut p.rules,
            actions: &mut p.actions,
        };
        let mut folded = p.settings.as_ref().is_some_and(|s| s.panels.hand_folded);
        egui::Panel::bottom("hand")
            .resizable(false)
            .show(root, |ui| hand_view(ui, view, &mut c, &mut folded));
        if let Some(s) = p.settings.as_mut()
            && s.panels.hand_folded != folded
        {
            s.panels.hand_folded = folded;
        }
    }
    let saved = saved_sizes(p);
    let log_default = if view.scene.hand.is_empty() {
        150.0
    } else {
        110.0
    };
    let log = egui::Panel::bottom("log")
        .resizable(true)
        .default_size(saved.log.unwrap_or(log_default))
        .show(root, |ui| {
            ui.horizontal(|ui| {
                ui.heading(t!("panels-roll-log"));
                ui.label(RichText::new(t!("panels-roll-log-note")).color(DIM));
            });
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for e in &view.log {
                        log_entry(ui, &mut p.rules, e, &view.die_faces);
                    }
                });
        });
    let ctx = root.ctx().clone();
    keep_size(
        &ctx,
        p,
        |s| &mut s.log,
        log_default,
        log.response.rect.height(),
    );
    if let Some(r) = p.replay.as_deref_mut() {
        egui::Panel::bottom("timeline")
            .resizable(false)
            .show(root, |ui| timeline(ui, r));
    }
}

/// The unit card on the left; the decisions, or a replay's controls, on
/// the right.
fn side_panels(root: &mut egui::Ui, view: &ViewModel, p: &mut Panels) {
    let table = p.scene.table.is_some();
    let saved = saved_sizes(p);
    // The tables of a planned command, else those of the last resolution.
    let tables = view
        .odds
        .as_ref()
        .filter(|o| !o.tables.is_empty())
        .map_or(&view.scene.tables, |o| &o.tables)
        .clone();
    let card = egui::Panel::left("card")
        .resizable(true)
        .default_size(saved.card.unwrap_or(CARD_WIDTH))
        .min_size(300.0)
        .show(root, |ui| {
            // The dock at the column's foot: the card scrolls above it.
            dock_view(ui, &mut p.dock, &tables, (&mut p.rules, p.mode.screenshot));
            egui::ScrollArea::vertical()
                .id_salt("card_scroll")
                .show(ui, |ui| {
                    unit_card(ui, view, &mut p.rules, table);
                });
        });
    let verdict = p.input.verdict.clone();
    let mut c = Ctl {
        sel: &mut p.sel,
        notes: &mut p.notes,
        rules: &mut p.rules,
        actions: &mut p.actions,
    };
    let orders = egui::Panel::right("orders")
        .resizable(true)
        .default_size(saved.orders.unwrap_or(ORDERS_WIDTH))
        .min_size(330.0)
        .show(root, |ui| {
            if let Some(res) = p.resolution.as_deref_mut()
                && p.replay.is_none()
                && (view.to_act == Some(ToAct::Rules) || res.waiting() > 0)
            {
                resolution_view(ui, res, &view.phase);
            }
            if let Some(summary) = p.summary.as_deref_mut() {
                summary_view(ui, summary);
            }
            // The decision's footer first, so the list scrolls above it
            // and Confirm is never out of view.
            if p.replay.is_none() && has_footer(view) {
                egui::Panel::bottom("decision_footer")
                    .resizable(false)
                    .show(ui, |ui| decision_footer(ui, view, &mut c, verdict.as_ref()));
            }
            // The after-action report, once the battle is over or in a
            // replay (`report_window.rs`).
            if (view.outcome.is_some() || p.replay.is_some())
                && !p.mode.kiosk
                && ui
                    .button(t!("report-open"))
                    .on_hover_text(t!("report-open-hover"))
                    .clicked()
            {
                p.report.0 = true;
            }
            egui::ScrollArea::vertical()
                .id_salt("orders_scroll")
                .show(ui, |ui| match p.replay.as_deref_mut() {
                    Some(r) => replay_panel(ui, view, r),
                    None => decisions_panel(ui, view, &mut c, &mut p.pace),
                });
        });
    let ctx = root.ctx().clone();
    let widths = (card.response.rect.width(), orders.response.rect.width());
    keep_size(&ctx, p, |s| &mut s.card, CARD_WIDTH, widths.0);
    keep_size(&ctx, p, |s| &mut s.orders, ORDERS_WIDTH, widths.1);
}

/// The unit card's and the decisions panel's widths before the player
/// sizes them (points).
const CARD_WIDTH: f32 = 320.0;
const ORDERS_WIDTH: f32 = 340.0;

/// The panel sizes the settings hold (the defaults without settings).
fn saved_sizes(p: &Panels) -> PanelSizes {
    p.settings
        .as_ref()
        .map(|s| s.panels.clone())
        .unwrap_or_default()
}

/// Whether a panel now `now` points across was sized anew: a point or more
/// from what is `saved`, or from `default` when nothing is.
pub fn resized(saved: Option<f32>, default: f32, now: f32) -> bool {
    (now - saved.unwrap_or(default)).abs() >= 1.0
}

/// Keeps a panel's size in the settings (saved with them) once the player
/// has let go of the pointer after sizing it.
fn keep_size(
    ctx: &egui::Context,
    p: &mut Panels,
    slot: fn(&mut PanelSizes) -> &mut Option<f32>,
    default: f32,
    now: f32,
) {
    if ctx.input(|i| i.pointer.any_down()) || !now.is_finite() {
        return;
    }
    let Some(s) = p.settings.as_mut() else {
        return;
    };
    let saved = *slot(&mut s.bypass_change_detection().panels);
    if resized(saved, default, now) {
        *slot(&mut s.panels) = Some(now.round());
    }
}

/// The last ended turn's summary, at the top of the decisions panel: each
/// line a link to its place on the board, and a button to put it away.
fn summary_view(ui: &mut egui::Ui, summary: &mut TurnSummary) {
    let Some((turn, lines)) = summary.shown.clone() else {
        return;
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(RichText::new(t!("summary-title", turn = turn)).strong());
            if ui.small_button(t!("summary-dismiss")).clicked() {
                summary.shown = None;
            }
        });
        for l in &lines {
            match l.place {
                Some(at) => {
                    if ui
                        .link(shown(&l.text))
                        .on_hover_text(t!("summary-show"))
                        .clicked()
                    {
                        summary.focus = Some(at);
                    }
                }
                None => {
                    ui.label(shown(&l.text));
                }
            }
        }
    });
}

/// The windows over the board: the briefing, the ruler's reading, the
/// rules reference, save / load and the battle's end.
fn windows(ctx: &egui::Context, view: &ViewModel, p: &mut Panels) {
    let table = p.scene.table.is_some();
    if p.briefing.0 {
        // The window sizes itself over its first frames: until it has,
        // ask for more, or the app sleeps on a half-drawn window.
        let settled = egui::Id::new("briefing window frames");
        let frames = ctx.data_mut(|d| {
            let n = d.get_temp_mut_or_default::<u8>(settled);
            *n = n.saturating_add(1);
            *n
        });
        if frames < 4 {
            ctx.request_repaint();
        }
        let mut open = true;
        // A start card in the middle of the board: read, then begin.
        let mut begin = false;
        egui::Window::new(t!("panels-briefing-title", name = &view.name))
            .id(egui::Id::new("briefing window"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .default_width(460.0)
            .show(ctx, |ui| {
                // A long briefing scrolls: the window never outgrows the
                // screen, so its close button and *To the battle* stay in view.
                let room = (ctx.content_rect().height() - 260.0).max(120.0);
                egui::ScrollArea::vertical()
                    .id_salt("briefing text")
                    .max_height(room)
                    .show(ui, |ui| ui.label(shown(&view.briefing)));
                ui.separator();
                if view.seats.hot_seat() {
                    ui.label(t!(
                        "panels-briefing-hot-seat",
                        first = &view.sides[0],
                        second = &view.sides[1]
                    ));
                } else {
                    ui.label(shown(&view.seats.describe(&view.sides)));
                }
                ui.add_space(6.0);
                ui.vertical_centered(|ui| {
                    begin = ui
                        .button(RichText::new(t!("panels-briefing-begin")).size(16.0))
                        .on_hover_text(t!("panels-briefing-begin-hover"))
                        .clicked()
                        || ui.input(|i| i.key_pressed(egui::Key::Enter));
                });
            });
        p.briefing.0 = open && !begin;
        if !p.briefing.0 {
            ctx.data_mut(|d| d.remove::<u8>(settled));
        }
    }
    if let Some((a, b)) = p.input.ruler.filter(|_| table) {
        egui::Area::new("ruler".into())
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 70.0))
            .show(ctx, |ui| {
                ui.set_min_width(420.0);
                ui.label(
                    RichText::new(shown(&t!(
                        "panels-ruler-reading",
                        reading = ruler_reading(&p.scene, a, b)
                    )))
                    .size(16.0)
                    .strong()
                    .background_color(Color32::from_black_alpha(160)),
                );
            });
    }
    rules_window(ctx, view, &mut p.rules);
    let status = p.notes.status.clone();
    files_window(ctx, &mut p.files, (p.mode.kiosk, &status), &mut p.requests);
    // A replay shows the result in its panel; no window covers the board.
    if let Some(o) = view
        .outcome
        .as_ref()
        .filter(|_| p.replay.is_none() && !p.report.0)
        .filter(|o| p.dismissed.0.as_deref() != Some(o.text.as_str()))
    {
        let mut open = true;
        egui::Window::new(t!("panels-battle-over-title"))
            .id(egui::Id::new("battle over window"))
            .collapsible(false)
            .open(&mut open)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -60.0))
            .show(ctx, |ui| {
                ui.label(RichText::new(shown(&o.text)).size(18.0));
                if !p.mode.kiosk && ui.button(t!("report-open")).clicked() {
                    p.report.0 = true;
                }
            });
        if !open {
            p.dismissed.0 = Some(o.text.clone());
        }
    }
}

/// The game's panels (off while the editor has the board).
pub struct PanelsPlugin;

impl Plugin for PanelsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<DismissedOutcome>().add_systems(
            EguiPrimaryContextPass,
            ui.in_set(AppSystems::View)
                .run_if(game_screen)
                .run_if(|view: Res<ViewModel>| view.loaded),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::resized;

    #[test]
    fn a_panel_counts_as_sized_anew_a_point_or_more_from_its_saved_or_default_size() {
        assert!(!resized(None, 320.0, 320.4));
        assert!(resized(None, 320.0, 400.0));
        assert!(!resized(Some(400.0), 320.0, 400.0));
        assert!(resized(Some(400.0), 320.0, 320.0));
    }
}
