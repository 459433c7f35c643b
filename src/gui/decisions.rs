//! The right panel's decisions for any module, drawn from the
//! [`ViewModel`]: the deciding side's buttons (pass, the computer's play,
//! undo and redo), its own units, the selected unit's choices with their
//! exact odds, the armed choice's pick, the computer's side thinking, and
//! the viewer's hand of cards. They change the game only by writing
//! [`UiAction`]s.

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Color32, RichText};

use super::computer::ComputerPace;
use super::play::ViewModel;
use super::state::{Notes, RulesOpen, Selection, UiAction};
use super::table_view::DragVerdict;
use super::widgets::{DIM, RED, rule_link, shown};
use crate::engine::core::ToAct;
use crate::engine::seats::{Level, Player};
use crate::engine::view::{Choice, Needs, Odds, Pick};
use crate::t;

/// What the decisions panel changes: the selection and its pick, the
/// notes, the open rule, and the actions it sends.
pub(crate) struct Ctl<'a, 'w> {
    /// The selection and its pick.
    pub sel: &'a mut Selection,
    /// The refusal, status and undo lines.
    pub notes: &'a mut Notes,
    /// The rules reference's rule.
    pub rules: &'a mut RulesOpen,
    /// The actions to the game.
    pub actions: &'a mut MessageWriter<'w, UiAction>,
}

/// The pass button's tooltip: what ending the decision leads to, in the
/// rules' words up to the first roll ([`ViewModel::pass_foresight`]).
fn pass_foresight(ui: &mut egui::Ui, view: &ViewModel) {
    ui.label(t!("panels-pass-hover"));
    let (lines, rolls) = &view.pass_foresight;
    for e in lines {
        ui.label(RichText::new(shown(&format!("{} ({})", e.what, e.rule))).small());
    }
    if *rolls {
        ui.label(RichText::new(t!("panels-then-rolls")).small().color(DIM));
    }
}

/// Takes unit `unit`'s choice `c` (its button, or a digit key): sent at
/// once when it needs nothing more, else armed for its target, hex or drag.
pub(crate) fn take_choice(
    sel: &mut Selection,
    notes: &mut Notes,
    actions: &mut MessageWriter<UiAction>,
    c: &Choice,
    unit: u32,
) {
    // A choice the unit may not take now is never sent: its refusal shows.
    if let Some((reason, rule)) = &c.refused {
        notes.refusal = Some(crate::engine::command::Refusal::new(rule, reason.clone()));
        return;
    }
    notes.refusal = None;
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
        sel.armed = Some(c.clone());
        sel.pick = pick;
    }
}

/// A probability as a percentage with one decimal.
pub(crate) fn pct(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
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

/// The right panel in a game: the result once over, who plays the side
/// deciding, and for a side decided here its buttons, units and choices.
pub(crate) fn decisions_panel(
    ui: &mut egui::Ui,
    view: &ViewModel,
    c: &mut Ctl,
    pace: &mut ComputerPace,
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
    decision_buttons(ui, view, c);
    own_units(ui, view, c, side);
    if let Some(id) = c
        .sel
        .selected
        .filter(|id| view.unit(*id).is_some_and(|u| u.side == side))
    {
        unit_choices(ui, view, c, id);
    }
}

/// Whether the decision footer is drawn: a side decided here, in a game
/// not over.
pub(crate) fn has_footer(view: &ViewModel) -> bool {
    view.outcome.is_none() && view.actor.is_some()
}

/// The decision's footer, fixed at the bottom of the right panel so it is
/// never scrolled away: the armed choice's pick with Confirm and Cancel,
/// its odds or why it would be refused, the drag's foreseen move, the last
/// refusal and the status line. Confirm's rectangle is kept in egui's
/// memory under [`CONFIRM_RECT`] for the layout test.
pub(crate) fn decision_footer(
    ui: &mut egui::Ui,
    view: &ViewModel,
    c: &mut Ctl,
    verdict: Option<&DragVerdict>,
) {
    let own = |id: &u32| view.unit(*id).is_some_and(|u| Some(u.side) == view.actor);
    if c.sel.selected.filter(own).is_some() {
        armed_pick(ui, view, c);
    }
    outcome_lines(ui, c, verdict);
}

/// The egui memory key of the Confirm button's last rectangle and the
/// clip rectangle of its panel (points): it is seen if both hold it.
pub(crate) const CONFIRM_RECT: &str = "kassen-confirm-rect";

/// Pass, the computer's play, undo and redo, what the last undo did, the
/// odds of passing, and the side's own choices.
fn decision_buttons(ui: &mut egui::Ui, view: &ViewModel, c: &mut Ctl) {
    ui.horizontal_wrapped(|ui| {
        if !view.pass_label.is_empty()
            && ui
                .button(RichText::new(shown(&view.pass_label)).strong())
                .on_hover_ui(|ui| pass_foresight(ui, view))
                .clicked()
        {
            c.actions.write(UiAction::Pass);
            c.sel.selected = None;
            c.sel.armed = None;
            c.notes.refusal = None;
        }
        if ui
            .button(t!("panels-computer-plays"))
            .on_hover_text(t!("panels-computer-plays-hover"))
            .clicked()
        {
            c.actions.write(UiAction::Computer);
            c.sel.selected = None;
            c.sel.armed = None;
        }
        if ui
            .button(t!("panels-undo"))
            .on_hover_text(t!("panels-undo-hover"))
            .clicked()
        {
            c.actions.write(UiAction::Undo);
            c.sel.armed = None;
        }
        if ui
            .button(t!("panels-redo"))
            .on_hover_text(t!("panels-redo-hover"))
            .clicked()
        {
            c.actions.write(UiAction::Redo);
            c.sel.armed = None;
        }
    });
    // Right under the buttons that caused it, so it is seen without a
    // scroll.
    if !c.notes.undo_note.is_empty() {
        let colour = if c.notes.undo_note.starts_with("No ") {
            RED
        } else {
            DIM
        };
        ui.label(RichText::new(shown(&c.notes.undo_note)).color(colour));
    }
    if let Some(o) = &view.pass_odds {
        ui.label(
            RichText::new(shown(&t!("panels-if-you-pass", label = &view.pass_label))).color(DIM),
        );
        odds_view(ui, o);
    }
    // Decisions of the side, not of a unit: no selection needed.
    for (sc, odds) in &view.side_choices {
        let mut button = ui.button(shown(&sc.label));
        if !sc.hover.is_empty() {
            button = button.on_hover_text(shown(&sc.hover));
        }
        if button.hovered() {
            c.sel.hovered = Some(sc.key.clone());
        }
        if button.clicked() {
            c.notes.refusal = None;
            c.sel.armed = None;
            c.actions.write(UiAction::Choose {
                key: sc.key.clone(),
                pick: Pick::default(),
            });
        }
        if let Some(o) = odds {
            ui.indent(("side odds", &sc.key), |ui| odds_view(ui, o));
        }
    }
}

/// The unit list's least height (points) before it scrolls.
const UNIT_LIST_HEIGHT: f32 = 190.0;

/// The side's units to select, with their orders.
fn own_units(ui: &mut egui::Ui, view: &ViewModel, c: &mut Ctl, side: u8) {
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
    // Up to almost half the panel's height; a unit selected on the board
    // is scrolled into view once.
    let shown_id = egui::Id::new("own units scrolled to");
    let scrolled_to = ui.data(|d| d.get_temp::<Option<u32>>(shown_id)).flatten();
    egui::ScrollArea::vertical()
        .id_salt("own_units")
        .max_height((ui.available_height() * 0.45).max(UNIT_LIST_HEIGHT))
        .show(ui, |ui| {
            for u in view.scene.units.iter().filter(|u| u.side == side) {
                let text = match &u.order {
                    Some(o) => format!("{}: {o}", u.name),
                    None => u.name.clone(),
                };
                let selected = c.sel.selected == Some(u.id);
                let row = ui.selectable_label(selected, shown(&text));
                if selected && scrolled_to != Some(u.id) {
                    row.scroll_to_me(None);
                    ui.data_mut(|d| d.insert_temp(shown_id, Some(u.id)));
                }
                if row.clicked() {
                    c.sel.selected = Some(u.id);
                    c.sel.armed = None;
                    c.sel.pick = Pick::default();
                }
            }
        });
    ui.separator();
}

/// The selected unit's choices with their odds (the armed one's pick is
/// in the footer, [`decision_footer`]).
fn unit_choices(ui: &mut egui::Ui, view: &ViewModel, c: &mut Ctl, id: u32) {
    if view.choices.is_empty() {
        ui.label(RichText::new(t!("panels-nothing-to-choose")).color(DIM));
    }
    for choice in &view.choices {
        let armed = c.sel.armed.as_ref() == Some(choice);
        let label = match choice.needs {
            Needs::Nothing => choice.label.clone(),
            Needs::Target => t!("panels-choice-pick-target", label = &choice.label),
            Needs::Hex => t!("panels-choice-pick-hex", label = &choice.label),
            Needs::Path => t!("panels-choice-drag", label = &choice.label),
        };
        // An order the unit may not take now is greyed, with why on hover.
        let enabled = choice.refused.is_none();
        let mut button = ui.add_enabled(
            enabled,
            egui::Button::selectable(armed, shown(&label)).frame_when_inactive(false),
        );
        if let Some((reason, rule)) = &choice.refused {
            button = button.on_disabled_hover_text(shown(&format!("{reason} ({rule})")));
        }
        if !choice.hover.is_empty() {
            button = button.on_hover_text(shown(&choice.hover));
        }
        if button.clicked() {
            take_choice(c.sel, c.notes, c.actions, choice, id);
        }
        if let Some((_, o)) = view.choice_odds.iter().find(|(k, _)| *k == choice.key) {
            ui.indent(("odds", &choice.key), |ui| odds_view(ui, o));
        }
    }
}

/// The armed choice of the selected unit: the drag to make, or the pick with
/// Confirm and Cancel, its odds or why it would be refused.
fn armed_pick(ui: &mut egui::Ui, view: &ViewModel, c: &mut Ctl) {
    if let Some(a) = c.sel.armed.clone().filter(|a| a.needs == Needs::Path) {
        ui.separator();
        ui.label(shown(&t!("panels-drag-to-place", label = &a.label)));
        if ui.button(t!("panels-cancel")).clicked() {
            c.sel.armed = None;
            c.sel.pick = Pick::default();
        }
    } else if let Some(a) = c.sel.armed.clone() {
        ui.separator();
        let what = match (c.sel.pick.target.and_then(|t| view.unit(t)), c.sel.pick.hex) {
            (Some(t), _) => t.name.clone(),
            (None, Some(h)) => {
                let (col, row) = crate::engine::board::HexBoard::to_offset(h);
                t!("panels-hex", col = col, row = row)
            }
            _ => t!("panels-click-the-board"),
        };
        ui.label(shown(&format!("{}: {what}", a.label)));
        ui.horizontal(|ui| {
            let picked = match a.needs {
                Needs::Target => c.sel.pick.target.is_some(),
                Needs::Hex => c.sel.pick.hex.is_some(),
                _ => c.sel.pick.target.is_some() || c.sel.pick.hex.is_some(),
            };
            let ready = picked && view.preview_refusal.is_none();
            let confirm = ui.add_enabled(ready, egui::Button::new(t!("panels-confirm")));
            // Where it is, and the part of the screen its panel shows.
            let seen = (confirm.rect, ui.clip_rect());
            ui.ctx()
                .data_mut(|d| d.insert_temp(egui::Id::new(CONFIRM_RECT), seen));
            if confirm.clicked() {
                c.notes.refusal = None;
                c.actions.write(UiAction::Choose {
                    key: a.key.clone(),
                    pick: c.sel.pick.clone(),
                });
            }
            if ui.button(t!("panels-cancel")).clicked() {
                c.sel.armed = None;
                c.sel.pick = Pick::default();
            }
        });
        if let Some(o) = &view.odds {
            odds_view(ui, o);
        }
        if let Some(r) = view.preview_refusal.clone() {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(t!("panels-not-allowed", reason = shown(&r.reason))).color(RED),
                );
                rule_link(ui, c.rules, &r.rule);
            });
        }
    }
}

/// The drag's verdict, the last refusal and the status line.
fn outcome_lines(ui: &mut egui::Ui, c: &mut Ctl, verdict: Option<&DragVerdict>) {
    match verdict {
        Some(DragVerdict::Legal { lines, rolls, .. }) => {
            // What `apply` would log, in its words, each with its rule.
            for e in lines {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(shown(&e.what)).color(Color32::LIGHT_GREEN));
                    rule_link(ui, c.rules, &e.rule);
                });
            }
            if *rolls {
                ui.label(RichText::new(t!("panels-then-rolls")).color(DIM));
            }
        }
        Some(DragVerdict::Illegal(why)) => {
            ui.label(RichText::new(shown(&t!("panels-illegal", why = why))).color(RED));
        }
        None => {}
    }
    if let Some(r) = c.notes.refusal.clone() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(t!("panels-refused", reason = shown(&r.reason))).color(RED));
            rule_link(ui, c.rules, &r.rule);
        });
    }
    if !c.notes.status.is_empty() {
        ui.label(RichText::new(shown(&c.notes.status)).color(DIM));
    }
}

/// A card's text width in the hand, narrowest and widest (points).
const CARD_WIDTH: (f32, f32) = (120.0, 190.0);

/// What a card's frame and the gap to the next add to its text width
/// (points): margins, stroke and item spacing.
const CARD_FRAME: f32 = 22.0;

/// The viewer's hand as cards with their text; a card that may be played
/// now has a button when the viewer is the one deciding.
pub(crate) fn hand_view(ui: &mut egui::Ui, view: &ViewModel, ctl: &mut Ctl, folded: &mut bool) {
    let own = view
        .viewer
        .map_or(String::new(), |s| view.sides[s.min(1) as usize].clone());
    ui.horizontal(|ui| {
        // The hand folds to this line, and unfolds, as the player likes.
        let (arrow, tip) = if *folded {
            ("+", t!("panels-hand-unfold", count = view.scene.hand.len()))
        } else {
            ("-", t!("panels-hand-fold"))
        };
        if ui.small_button(arrow).on_hover_text(tip).clicked() {
            *folded = !*folded;
        }
        ui.label(RichText::new(shown(&t!("panels-your-hand", side = own))).strong());
        if *folded {
            let n = view.scene.hand.len();
            ui.label(RichText::new(t!("panels-hand-count", count = n)).color(DIM));
        } else {
            ui.label(RichText::new(t!("panels-hand-hidden")).color(DIM));
        }
    });
    if *folded {
        return;
    }
    let deciding = view.actor.is_some() && view.actor == view.viewer;
    // The cards share the width, down to a narrowest card; beyond that
    // they scroll, with the bar in view.
    let n = view.scene.hand.len().max(1) as f32;
    let width = (ui.available_width() / n - CARD_FRAME).clamp(CARD_WIDTH.0, CARD_WIDTH.1);
    egui::ScrollArea::horizontal()
        .id_salt("hand_scroll")
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
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
                            ui.set_width(width);
                            ui.set_max_height(120.0);
                            ui.vertical(|ui| {
                                ui.label(RichText::new(&c.deck).small().color(DIM));
                                ui.label(RichText::new(shown(&c.name)).strong());
                                ui.label(RichText::new(shown(&c.text)).small());
                                ui.horizontal(|ui| {
                                    rule_link(ui, ctl.rules, &c.rule);
                                    let Some(key) = c.play.as_ref().filter(|_| deciding) else {
                                        return;
                                    };
                                    let play = ui
                                        .button(if c.second_deck {
                                            t!("panels-play-card")
                                        } else {
                                            t!("panels-play")
                                        })
                                        .on_hover_text(shown(&c.text));
                                    if play.hovered() {
                                        ctl.sel.hovered = Some(key.clone());
                                    }
                                    if play.clicked() {
                                        ctl.notes.refusal = None;
                                        ctl.sel.armed = None;
                                        ctl.actions.write(UiAction::Choose {
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
