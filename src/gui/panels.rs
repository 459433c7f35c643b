//! The egui panels for any module, drawn from the [`ViewModel`]: top bar,
//! unit card as itemized sums with rule IDs, the choices with their exact
//! odds, the roll log, the briefing, honor tracks, game over, and the
//! hot-seat pass screen; the windows they open (rules tables, the rules
//! reference, save / load) are in [`super::windows`]. The panels change the
//! game only by writing [`UiAction`]s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{Color32, RichText};

use crate::engine::log::{Itemized, LogEntry};
use crate::engine::view::{CardLine, Needs, Odds, Pick, Tone, Track};

use super::GuiState;
use super::play::{ComputerPace, UiAction, ViewModel};
use super::replay::{ReplayView, replay_panel, timeline};
use super::table_view::{self, DragVerdict, TableInput, TableScene};
use super::windows::{files_window, rules_window, table_window};
use crate::engine::core::ToAct;
use crate::engine::seats::{Level, Player};
use crate::t;

/// Refusals and failed tests.
pub(crate) const RED: Color32 = Color32::from_rgb(230, 70, 60);
/// Secondary text.
pub(crate) const DIM: Color32 = Color32::from_rgb(160, 160, 160);

/// Width (logical px) the hand leaves free at the bottom-right corner for
/// the *Title* button (`title::back_button`, anchored 8 px from the corner).
const TITLE_BUTTON_ROOM: f32 = 96.0;

/// A probability as a percentage with one decimal.
pub(crate) fn pct(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// Takes unit `unit`'s choice `c` (its button, or a digit key): sent at
/// once when it needs nothing more, else armed for its target, hex or drag.
pub(crate) fn take_choice(
    gui: &mut GuiState,
    actions: &mut MessageWriter<UiAction>,
    c: &crate::engine::view::Choice,
    unit: u32,
) {
    gui.refusal = None;
    let pick = Pick {
        unit,
        ..Pick::default()
    };
    if c.needs == Needs::Nothing {
        actions.write(UiAction::Choose {
            key: c.key.clone(),
            pick,
        });
    } else {
        gui.armed = Some(c.clone());
        gui.pick = pick;
    }
}

/// Text for the panels: egui's default fonts lack the double prime, so inch
/// marks are shown as a straight double quote.
pub(crate) fn shown(s: &str) -> String {
    s.replace('″', "\"")
}

pub(crate) fn rule_link(ui: &mut egui::Ui, gui: &mut GuiState, rule: &str) {
    if ui
        .link(RichText::new(rule).monospace())
        .on_hover_text(t!("panels-open-rules-reference"))
        .clicked()
    {
        gui.rules_open = Some(rule.to_string());
    }
}

fn itemized(ui: &mut egui::Ui, gui: &mut GuiState, title: &str, v: &Itemized) {
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("{title}: {}", v.total()));
        ui.label(
            RichText::new(t!("panels-card-base", value = v.base, name = v.base_name)).color(DIM),
        );
    });
    for m in &v.modifiers {
        ui.horizontal(|ui| {
            ui.label(shown(&format!("   {:+} {}", m.value, m.name)));
            rule_link(ui, gui, &m.rule);
        });
    }
    if let Some(m) = &v.set_to {
        ui.horizontal(|ui| {
            ui.label(format!(
                "   {}",
                t!("panels-card-set-to", value = m.value, name = m.name)
            ));
            rule_link(ui, gui, &m.rule);
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

fn unit_card(ui: &mut egui::Ui, view: &ViewModel, gui: &mut GuiState, table: bool) {
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
            itemized(ui, gui, &l.text, v);
        } else if i == 0 && l.tone == Tone::Strong {
            ui.label(RichText::new(shown(&l.text)).strong().size(16.0));
        } else {
            card_line(ui, l, |ui, r| rule_link(ui, gui, r));
        }
    }
}

/// Exact odds: labelled probabilities, expected values and distributions.
pub(crate) fn odds_view(ui: &mut egui::Ui, o: &Odds) {
    ui.label(RichText::new(shown(&o.title)).strong());
    for (label, p) in &o.lines {
        ui.label(shown(&format!("{label}: {}", pct(*p))));
    }
    for (label, v) in &o.expected {
        ui.label(shown(&format!("{label}: {v:.2}")));
    }
    for (label, d) in &o.distributions {
        ui.label(shown(label));
        dist(ui, d);
    }
}

fn dist(ui: &mut egui::Ui, p: &[f64]) {
    for (k, v) in p.iter().enumerate() {
        if *v < 0.0005 {
            continue;
        }
        ui.horizontal(|ui| {
            ui.label(format!("{k:>2}"));
            let w = (v * 160.0) as f32;
            let (rect, _) =
                ui.allocate_exact_size(egui::vec2(w.max(1.0), 10.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(rect, 0.0, Color32::from_rgb(90, 150, 220));
            ui.label(pct(*v));
        });
    }
}

/// An honor track: the value on a bar with its thresholds (spent ones grey).
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
        ui.label(format!("{side} {}: {}", t.name, t.value));
        let (rect, _) = ui.allocate_exact_size(egui::vec2(140.0, 12.0), egui::Sense::hover());
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

/// The computer's side deciding now: who plays it, that it is thinking
/// (with a spinner and for how long), and the pace controls.
fn computer_panel(ui: &mut egui::Ui, view: &ViewModel, side: u8, pace: &mut ComputerPace) {
    let name = &view.sides[usize::from(side.min(1))];
    if view.seats.player(side) == Player::Remote {
        ui.label(RichText::new(t!("panels-remote-waiting", side = name)).strong());
        return;
    }
    let played_by = match view.seats.player(side) {
        Player::Computer(Level::Easy) => t!("panels-played-by-easy", side = name),
        Player::Computer(Level::Normal) => t!("panels-played-by-normal", side = name),
        Player::Computer(Level::Hard) => t!("panels-played-by-hard", side = name),
        _ => t!("panels-played-by-scripted", side = name),
    };
    ui.label(RichText::new(played_by).strong());
    match pace.thinking {
        Some((s, since)) if s == side => {
            // No spinner: it would ask for a repaint every frame; the app
            // wakes every 100 ms while the computer plays.
            let t = since.elapsed().as_secs_f32();
            let dots = ".".repeat(1 + (t * 3.0) as usize % 3);
            ui.label(
                RichText::new(t!("panels-thinking", dots = dots, secs = format!("{t:.1}")))
                    .color(Color32::LIGHT_BLUE)
                    .strong(),
            );
        }
        _ => {
            ui.label(RichText::new(t!("panels-showing-last-move")).color(DIM));
        }
    }
    ui.label(RichText::new(t!("panels-computer-moves-note")).color(DIM));
    ui.checkbox(&mut pace.fast, t!("panels-fast-forward"))
        .on_hover_text(t!("panels-fast-forward-hover"));
    if let Some(o) = &pace.last_odds {
        ui.separator();
        ui.label(RichText::new(t!("panels-last-move-odds")).color(DIM));
        odds_view(ui, o);
    }
}

fn decisions_panel(
    ui: &mut egui::Ui,
    view: &ViewModel,
    gui: &mut GuiState,
    pace: &mut ComputerPace,
    verdict: Option<&DragVerdict>,
    actions: &mut MessageWriter<UiAction>,
) {
    if let Some(o) = &view.outcome {
        ui.heading(t!("panels-battle-over"));
        ui.label(shown(&o.text));
        return;
    }
    if !view.seats.hot_seat() {
        ui.label(RichText::new(shown(&view.seats.describe(&view.sides))).color(DIM));
    }
    let Some(side) = view.actor else {
        ui.heading(shown(&view.phase));
        match view.to_act {
            Some(ToAct::Side(s)) => computer_panel(ui, view, s, pace),
            _ => {
                ui.label(t!("panels-rules-carried-out"));
            }
        }
        return;
    };
    ui.heading(shown(&view.phase));
    ui.horizontal_wrapped(|ui| {
        if !view.pass_label.is_empty()
            && ui
                .button(RichText::new(shown(&view.pass_label)).strong())
                .on_hover_text(t!("panels-pass-hover"))
                .clicked()
        {
            actions.write(UiAction::Pass);
            gui.selected = None;
            gui.armed = None;
            gui.refusal = None;
        }
        if ui
            .button(t!("panels-computer-plays"))
            .on_hover_text(t!("panels-computer-plays-hover"))
            .clicked()
        {
            actions.write(UiAction::Computer);
            gui.selected = None;
            gui.armed = None;
        }
        if ui
            .button(t!("panels-undo"))
            .on_hover_text(t!("panels-undo-hover"))
            .clicked()
        {
            actions.write(UiAction::Undo);
            gui.armed = None;
        }
        if ui
            .button(t!("panels-redo"))
            .on_hover_text(t!("panels-redo-hover"))
            .clicked()
        {
            actions.write(UiAction::Redo);
            gui.armed = None;
        }
    });
    // Right under the buttons that caused it, so it is seen without a
    // scroll.
    if !gui.undo_note.is_empty() {
        let colour = if gui.undo_note.starts_with("No ") {
            RED
        } else {
            DIM
        };
        ui.label(RichText::new(shown(&gui.undo_note)).color(colour));
    }
    if let Some(o) = &view.pass_odds {
        ui.label(
            RichText::new(shown(&t!("panels-if-you-pass", label = &view.pass_label))).color(DIM),
        );
        odds_view(ui, o);
    }
    // Decisions of the side, not of a unit: no selection needed.
    for (c, odds) in &view.side_choices {
        if ui.button(shown(&c.label)).clicked() {
            gui.refusal = None;
            gui.armed = None;
            actions.write(UiAction::Choose {
                key: c.key.clone(),
                pick: Pick::default(),
            });
        }
        if let Some(o) = odds {
            ui.indent(("side odds", &c.key), |ui| odds_view(ui, o));
        }
    }
    ui.separator();
    ui.label(
        RichText::new(
            if view.seats.hot_seat() || view.seats.players.contains(&Player::Remote) {
                t!("panels-click-unit-hidden-player")
            } else {
                t!("panels-click-unit-hidden-computer")
            },
        )
        .color(DIM),
    );
    egui::ScrollArea::vertical()
        .id_salt("own_units")
        .max_height(190.0)
        .show(ui, |ui| {
            for u in view.scene.units.iter().filter(|u| u.side == side) {
                let text = match &u.order {
                    Some(o) => format!("{}: {o}", u.name),
                    None => u.name.clone(),
                };
                if ui
                    .selectable_label(gui.selected == Some(u.id), shown(&text))
                    .clicked()
                {
                    gui.selected = Some(u.id);
                    gui.armed = None;
                    gui.pick = Pick::default();
                }
            }
        });
    ui.separator();
    if let Some(id) = gui
        .selected
        .filter(|id| view.unit(*id).is_some_and(|u| u.side == side))
    {
        if view.choices.is_empty() {
            ui.label(RichText::new(t!("panels-nothing-to-choose")).color(DIM));
        }
        for c in &view.choices {
            let armed = gui.armed.as_ref() == Some(c);
            let label = match c.needs {
                Needs::Nothing => c.label.clone(),
                Needs::Target => t!("panels-choice-pick-target", label = &c.label),
                Needs::Hex => t!("panels-choice-pick-hex", label = &c.label),
                Needs::Path => t!("panels-choice-drag", label = &c.label),
            };
            if ui.selectable_label(armed, shown(&label)).clicked() {
                take_choice(gui, actions, c, id);
            }
            if let Some((_, o)) = view.choice_odds.iter().find(|(k, _)| *k == c.key) {
                ui.indent(("odds", &c.key), |ui| odds_view(ui, o));
            }
        }
        if let Some(c) = gui.armed.clone().filter(|c| c.needs == Needs::Path) {
            ui.separator();
            ui.label(shown(&t!("panels-drag-to-place", label = &c.label)));
            if ui.button(t!("panels-cancel")).clicked() {
                gui.armed = None;
                gui.pick = Pick::default();
            }
        } else if let Some(c) = gui.armed.clone() {
            ui.separator();
            let what = match (gui.pick.target.and_then(|t| view.unit(t)), gui.pick.hex) {
                (Some(t), _) => t.name.clone(),
                (None, Some(h)) => {
                    let (col, row) = crate::engine::board::HexBoard::to_offset(h);
                    t!("panels-hex", col = col, row = row)
                }
                _ => t!("panels-click-the-board"),
            };
            ui.label(shown(&format!("{}: {what}", c.label)));
            ui.horizontal(|ui| {
                let picked = match c.needs {
                    Needs::Target => gui.pick.target.is_some(),
                    Needs::Hex => gui.pick.hex.is_some(),
                    _ => gui.pick.target.is_some() || gui.pick.hex.is_some(),
                };
                let ready = picked && view.preview_refusal.is_none();
                if ui
                    .add_enabled(ready, egui::Button::new(t!("panels-confirm")))
                    .clicked()
                {
                    gui.refusal = None;
                    actions.write(UiAction::Choose {
                        key: c.key.clone(),
                        pick: gui.pick.clone(),
                    });
                }
                if ui.button(t!("panels-cancel")).clicked() {
                    gui.armed = None;
                    gui.pick = Pick::default();
                }
            });
            if let Some(o) = &view.odds {
                odds_view(ui, o);
            }
            if let Some(r) = view.preview_refusal.clone() {
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        RichText::new(t!("panels-not-allowed", reason = shown(&r.reason)))
                            .color(RED),
                    );
                    rule_link(ui, gui, &r.rule);
                });
            }
        }
    }
    match verdict {
        Some(DragVerdict::Legal(used, left)) => {
            ui.label(
                RichText::new(t!(
                    "panels-move-used-left",
                    used = format!("{used:.1}"),
                    left = format!("{left:.1}")
                ))
                .color(Color32::LIGHT_GREEN),
            );
        }
        Some(DragVerdict::Illegal(why)) => {
            ui.label(RichText::new(shown(&t!("panels-illegal", why = why))).color(RED));
        }
        None => {}
    }
    if let Some(r) = gui.refusal.clone() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(t!("panels-refused", reason = shown(&r.reason))).color(RED));
            rule_link(ui, gui, &r.rule);
        });
    }
    if !gui.status.is_empty() {
        ui.label(RichText::new(shown(&gui.status)).color(DIM));
    }
}

/// The viewer's hand as cards with their text; a card that may be played
/// now has a button when the viewer is the one deciding.
fn hand_view(
    ui: &mut egui::Ui,
    view: &ViewModel,
    gui: &mut GuiState,
    actions: &mut MessageWriter<UiAction>,
) {
    let own = view
        .viewer
        .map_or(String::new(), |s| view.sides[s.min(1) as usize].clone());
    ui.horizontal(|ui| {
        ui.label(RichText::new(shown(&t!("panels-your-hand", side = own))).strong());
        ui.label(RichText::new(t!("panels-hand-hidden")).color(DIM));
    });
    let deciding = view.actor.is_some() && view.actor == view.viewer;
    // The hand stops short of the bottom-right corner, where the Title
    // button sits over every panel; the cards beyond scroll.
    let room = (ui.available_width() - TITLE_BUTTON_ROOM).max(TITLE_BUTTON_ROOM);
    egui::ScrollArea::horizontal()
        .id_salt("hand_scroll")
        .max_width(room)
        .show(ui, |ui| {
            ui.horizontal_top(|ui| {
                for c in &view.scene.hand {
                    let fill = if c.second_deck {
                        Color32::from_rgb(52, 30, 30)
                    } else {
                        Color32::from_rgb(36, 40, 52)
                    };
                    egui::Frame::new()
                        .fill(fill)
                        .stroke(egui::Stroke::new(1.0, Color32::from_gray(150)))
                        .corner_radius(4.0)
                        .inner_margin(6.0)
                        .show(ui, |ui| {
                            ui.set_width(190.0);
                            ui.set_max_height(120.0);
                            ui.vertical(|ui| {
                                ui.label(RichText::new(&c.deck).small().color(DIM));
                                ui.label(RichText::new(shown(&c.name)).strong());
                                ui.label(RichText::new(shown(&c.text)).small());
                                ui.horizontal(|ui| {
                                    rule_link(ui, gui, &c.rule);
                                    if deciding
                                        && let Some(key) = &c.play
                                        && ui
                                            .button(if c.second_deck {
                                                t!("panels-play-card")
                                            } else {
                                                t!("panels-play")
                                            })
                                            .on_hover_text(shown(&c.text))
                                            .clicked()
                                    {
                                        gui.refusal = None;
                                        gui.armed = None;
                                        actions.write(UiAction::Choose {
                                            key: key.clone(),
                                            pick: Pick::default(),
                                        });
                                    }
                                });
                            });
                        });
                }
            });
        });
}

fn log_entry(ui: &mut egui::Ui, gui: &mut GuiState, e: &LogEntry) {
    log_entry_with(ui, e, |ui, rule| rule_link(ui, gui, rule));
}

/// One roll-log entry: turn and phase, rule, what happened, dice against
/// target, outcome, probability, and the itemized value with each modifier's
/// rule. `rule` draws a rule ID (a link in the hex app, a label on the table).
pub(crate) fn log_entry_with(
    ui: &mut egui::Ui,
    e: &LogEntry,
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
            ui.label(RichText::new(format!("{die}: {:?}{target}", e.dice)).monospace());
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

/// The windows the top bar opens besides its own: the replay's controls,
/// Settings and the Legend.
type BarWindows<'w> = (
    Option<ResMut<'w, ReplayView>>,
    Option<ResMut<'w, super::settings::SettingsWindow>>,
    Option<ResMut<'w, super::legend::LegendOpen>>,
);

/// Draws every panel (runs in `EguiPrimaryContextPass`).
pub fn ui(
    mut contexts: EguiContexts,
    view: Res<ViewModel>,
    (scene, mut input): (Res<TableScene>, ResMut<TableInput>),
    mut gui: ResMut<GuiState>,
    mut pace: ResMut<ComputerPace>,
    mut actions: MessageWriter<UiAction>,
    (mut replay, settings_window, legend): BarWindows,
) -> Result {
    let table = scene.table.is_some();
    let ctx = contexts.ctx_mut()?.clone();
    if !view.loaded {
        return Ok(());
    }
    let mut root = super::viewport_ui(&ctx, "viewport");
    if gui.screenshot_mode && gui.selected.is_none() {
        gui.selected = view
            .viewer
            .and_then(|s| view.scene.units.iter().find(|u| u.side == s))
            .map(|u| u.id);
    }
    // Hot-seat: cover the board whenever the deciding side changes, until
    // that player says they are at the screen. Solo play has no cover: the
    // screen is always the player's own side.
    if let Some(side) = view.viewer
        && replay.is_none()
        && view.seats.hot_seat()
        && !gui.screenshot_mode
        && gui.revealed_for.as_ref().map(|r| r.1) != Some(side)
    {
        if gui.pass_screen != Some(side) {
            // Nothing of the last player's turn stays on screen for the
            // next: not the selection, nor a refusal or status line.
            gui.pass_screen = Some(side);
            gui.selected = None;
            gui.armed = None;
            gui.refusal = None;
            gui.status.clear();
        }
        let name = view.sides[side.min(1) as usize].clone();
        egui::CentralPanel::default()
            .frame(egui::Frame::new().fill(Color32::from_rgb(24, 24, 30)))
            .show(&mut root, |ui| {
                ui.vertical_centered(|ui| {
                    ui.add_space(ui.available_height() / 3.0);
                    ui.heading(
                        RichText::new(shown(&t!(
                            "panels-pass-screen-decides",
                            phase = &view.phase,
                            side = &name
                        )))
                        .size(28.0),
                    );
                    ui.label(t!("panels-pass-screen-note"));
                    ui.add_space(12.0);
                    let lift = ui.button(
                        RichText::new(t!("panels-pass-screen-reveal", side = &name)).size(18.0),
                    );
                    if lift.clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        gui.revealed_for = Some((view.turn, side, view.phase.clone()));
                        gui.pass_screen = None;
                    }
                });
            });
        return Ok(());
    }
    if gui.pass_screen.is_some() {
        gui.pass_screen = None;
    }
    egui::Panel::top("top").show(&mut root, |ui| {
        // Wrapped, so that a long score line never pushes the buttons off
        // the window.
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Kassen").strong().size(18.0));
            ui.separator();
            if replay.is_some() {
                ui.label(
                    RichText::new(t!("panels-replay-badge"))
                        .strong()
                        .color(Color32::from_rgb(230, 190, 60)),
                );
            }
            ui.label(RichText::new(&view.name).strong());
            ui.label(RichText::new(&view.system).color(DIM));
            ui.separator();
            ui.label(match view.turn_limit {
                Some(l) => t!("panels-turn-of", turn = view.turn, limit = l),
                None => t!("panels-turn", turn = view.turn),
            });
            ui.separator();
            let phase = RichText::new(shown(&view.phase)).strong();
            ui.label(match view.to_act {
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
            });
            ui.separator();
            // The demo's kiosk has no save or load.
            if !gui.kiosk
                && ui
                    .button(t!("panels-save-load"))
                    .on_hover_text(t!("panels-save-load-hover"))
                    .clicked()
            {
                gui.files_open = true;
            }
            if ui
                .button(t!("panels-briefing"))
                .on_hover_text(t!("panels-briefing-hover"))
                .clicked()
            {
                gui.briefing_open = true;
            }
            if ui
                .button(t!("panels-rules"))
                .on_hover_text(t!("panels-rules-hover"))
                .clicked()
            {
                gui.rules_open = view.rules.first().map(|r| r.id.clone());
            }
            if let Some(mut l) = legend
                && ui
                    .selectable_label(l.0, t!("panels-legend"))
                    .on_hover_text(t!("panels-legend-hover"))
                    .clicked()
            {
                l.0 = !l.0;
            }
            if let Some(mut w) = settings_window
                && ui
                    .button(t!("panels-settings"))
                    .on_hover_text(t!("panels-settings-hover"))
                    .clicked()
            {
                w.open = true;
            }
            if table {
                let ruler = if input.ruler_mode {
                    t!("panels-ruler-on")
                } else {
                    t!("panels-ruler-off")
                };
                if ui.selectable_label(input.ruler_mode, ruler).clicked() {
                    input.ruler_mode = !input.ruler_mode;
                }
            }
            if !view.scene.score.is_empty() {
                ui.separator();
                ui.label(shown(&view.scene.score));
            }
            if !gui.net.is_empty() {
                ui.separator();
                ui.label(RichText::new(shown(&gui.net)).color(Color32::from_rgb(120, 200, 230)));
            }
        });
        for t in &view.scene.tracks {
            let side = view.sides[t.side.min(1) as usize].clone();
            track_view(ui, t, &side, view.colors[t.side.min(1) as usize]);
        }
    });
    if !view.scene.hand.is_empty() {
        egui::Panel::bottom("hand")
            .resizable(false)
            .show(&mut root, |ui| hand_view(ui, &view, &mut gui, &mut actions));
    }
    egui::Panel::bottom("log")
        .resizable(true)
        .default_size(if view.scene.hand.is_empty() {
            210.0
        } else {
            130.0
        })
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.heading(t!("panels-roll-log"));
                ui.label(RichText::new(t!("panels-roll-log-note")).color(DIM));
            });
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for e in &view.log {
                        log_entry(ui, &mut gui, e);
                    }
                });
        });
    if let Some(r) = replay.as_deref_mut() {
        egui::Panel::bottom("timeline")
            .resizable(false)
            .show(&mut root, |ui| timeline(ui, r));
    }
    egui::Panel::left("card")
        .resizable(true)
        .default_size(320.0)
        .min_size(300.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("card_scroll")
                .show(ui, |ui| {
                    unit_card(ui, &view, &mut gui, table);
                });
        });
    egui::Panel::right("orders")
        .resizable(true)
        .default_size(340.0)
        .min_size(330.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("orders_scroll")
                .show(ui, |ui| match replay.as_deref_mut() {
                    Some(r) => replay_panel(ui, &view, r),
                    None => decisions_panel(
                        ui,
                        &view,
                        &mut gui,
                        &mut pace,
                        input.verdict.as_ref(),
                        &mut actions,
                    ),
                });
        });
    // What the panels leave is the board: the wheel zooms only there. In
    // window pixels: egui's points are scaled by the UI scale.
    super::keep_board_area(&root, &ctx, &mut gui);
    if gui.briefing_open {
        let mut open = true;
        egui::Window::new(t!("panels-briefing-title", name = &view.name))
            .id(egui::Id::new("briefing window"))
            .open(&mut open)
            .default_width(420.0)
            .show(&ctx, |ui| {
                ui.label(shown(&view.briefing));
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
            });
        gui.briefing_open = open;
    }
    if let Some((a, b)) = input.ruler.filter(|_| table) {
        egui::Area::new("ruler".into())
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 70.0))
            .show(&ctx, |ui| {
                ui.set_min_width(420.0);
                ui.label(
                    RichText::new(shown(&t!(
                        "panels-ruler-reading",
                        reading = table_view::ruler_reading(&scene, a, b)
                    )))
                    .size(16.0)
                    .strong()
                    .background_color(Color32::from_black_alpha(160)),
                );
            });
    }
    rules_window(&ctx, &view, &mut gui);
    files_window(&ctx, &mut gui);
    // The tables of a planned command, else those of the last resolution.
    let tables = view
        .odds
        .as_ref()
        .filter(|o| !o.tables.is_empty())
        .map_or(&view.scene.tables, |o| &o.tables);
    for (i, t) in tables.iter().enumerate() {
        table_window(&ctx, &mut gui, t, i);
    }
    // A replay shows the result in its panel; no window covers the board.
    if let Some(o) = view
        .outcome
        .as_ref()
        .filter(|_| replay.is_none())
        .filter(|o| gui.dismissed_outcome.as_deref() != Some(o.text.as_str()))
    {
        let mut open = true;
        egui::Window::new(t!("panels-battle-over-title"))
            .id(egui::Id::new("battle over window"))
            .collapsible(false)
            .open(&mut open)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -60.0))
            .show(&ctx, |ui| {
                ui.label(RichText::new(shown(&o.text)).size(18.0));
            });
        if !open {
            gui.dismissed_outcome = Some(o.text.clone());
        }
    }
    Ok(())
}
