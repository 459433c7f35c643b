//! The panels' separate windows: a rules table (the Shock table, the fire
//! table), the rules reference and save / load.

use bevy_egui::egui;
use egui::{Color32, RichText};

use crate::engine::view::TableView;

use super::GuiState;
use super::panels::{rule_link, shown};
use super::play::ViewModel;
use crate::t;

/// A rules table in its own window: every cell, the row and column in play
/// tinted, the rolled cell strong, and the steps with their rule IDs.
pub(crate) fn table_window(ctx: &egui::Context, gui: &mut GuiState, t: &TableView, i: usize) {
    let hot = Color32::from_rgb(200, 150, 40);
    let lit = Color32::from_rgba_unmultiplied(200, 150, 40, 70);
    if gui.closed_tables.contains(t) {
        return;
    }
    let mut open = true;
    egui::Window::new(shown(&t.title))
        .id(egui::Id::new(("rules table", i)))
        .open(&mut open)
        .default_pos(egui::pos2(300.0 + 40.0 * i as f32, 70.0 + 470.0 * i as f32))
        .resizable(false)
        .default_open(!t.folded || gui.screenshot_mode)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(t!("panels-table-rule"));
                rule_link(ui, gui, &t.rule);
            });
            egui::Grid::new(("rules table grid", i))
                .striped(true)
                .spacing(egui::vec2(8.0, 2.0))
                .show(ui, |ui| {
                    ui.label(RichText::new(shown(&t.corner)).strong());
                    for (c, h) in t.columns.iter().enumerate() {
                        let mut r = RichText::new(shown(h)).strong();
                        if t.column == Some(c) {
                            r = r.background_color(lit);
                        }
                        ui.label(r);
                    }
                    ui.end_row();
                    for (ri, (head, cells)) in t.rows.iter().enumerate() {
                        let on_row = t.row == Some(ri);
                        let mut h = RichText::new(shown(head)).strong();
                        if on_row {
                            h = h.background_color(lit);
                        }
                        ui.label(h);
                        for (ci, cell) in cells.iter().enumerate() {
                            let mut r = RichText::new(shown(cell)).monospace();
                            if t.cell == Some((ri, ci)) {
                                r = r.background_color(hot).color(Color32::BLACK).strong();
                            } else if on_row || t.column == Some(ci) {
                                r = r.background_color(lit);
                            }
                            ui.label(r);
                        }
                        ui.end_row();
                    }
                });
            if !t.steps.is_empty() {
                ui.separator();
                for (name, v, rule) in &t.steps {
                    ui.horizontal(|ui| {
                        ui.label(shown(&format!("{v} {name}")));
                        rule_link(ui, gui, rule);
                    });
                }
            }
            if !t.note.is_empty() {
                ui.label(RichText::new(shown(&t.note)).strong());
            }
        });
    if !open {
        // Only the recent closes matter: the tables of a later shock differ.
        if gui.closed_tables.len() >= 16 {
            gui.closed_tables.remove(0);
        }
        gui.closed_tables.push(t.clone());
    }
}

/// The rules reference: the rule asked for, whether it is a stand-in,
/// and every rule of the module to pick from.
pub(crate) fn rules_window(ctx: &egui::Context, view: &ViewModel, gui: &mut GuiState) {
    let Some(current) = gui.rules_open.clone() else {
        return;
    };
    let mut open = true;
    egui::Window::new(t!("panels-rules-reference"))
        .id(egui::Id::new("rules reference window"))
        .open(&mut open)
        .default_width(460.0)
        .default_height(420.0)
        .show(ctx, |ui| {
            let lang = crate::i18n::lang();
            if let Some(r) = view.rules.iter().find(|r| r.id == current) {
                let (title, text) = r.shown_in(lang);
                ui.label(
                    RichText::new(format!("{}: {title}", r.id))
                        .strong()
                        .size(16.0),
                );
                if r.stand_in {
                    ui.label(RichText::new(t!("panels-stand-in-note")).color(Color32::YELLOW));
                }
                ui.label(shown(text));
            } else {
                ui.label(t!("panels-no-rule-text", rule = &current));
            }
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| {
                for r in &view.rules {
                    let tag = if r.stand_in {
                        format!(" {}", t!("panels-stand-in-tag"))
                    } else {
                        String::new()
                    };
                    let (title, _) = r.shown_in(lang);
                    if ui
                        .selectable_label(r.id == current, format!("{}  {title}{tag}", r.id))
                        .clicked()
                    {
                        gui.rules_open = Some(r.id.clone());
                    }
                }
            });
        });
    if !open {
        gui.rules_open = None;
    }
}

/// Save / load: the path, and the saves in the platform's save folder.
pub(crate) fn files_window(ctx: &egui::Context, gui: &mut GuiState) {
    if !gui.files_open || gui.kiosk {
        return;
    }
    let mut open = true;
    egui::Window::new(t!("panels-files-title"))
        .id(egui::Id::new("save load window"))
        .open(&mut open)
        .default_width(480.0)
        .show(ctx, |ui| {
            ui.label(t!("panels-files-note"));
            ui.text_edit_singleline(&mut gui.path);
            ui.horizontal(|ui| {
                if ui.button(t!("panels-files-save")).clicked() {
                    gui.save_request = Some(gui.path.clone().into());
                }
                if ui.button(t!("panels-files-load")).clicked() {
                    gui.load_request = Some(gui.path.clone().into());
                }
                if ui
                    .button(t!("panels-files-replay"))
                    .on_hover_text(t!("panels-files-replay-hover"))
                    .clicked()
                {
                    gui.replay_request = Some(gui.path.clone().into());
                }
            });
            ui.separator();
            let dir = crate::session::save_dir();
            ui.label(t!("panels-files-in-dir", dir = dir.display()));
            for f in crate::session::ron_files(&dir) {
                if ui.link(f.display().to_string()).clicked() {
                    gui.path = f.display().to_string();
                }
            }
            if !gui.status.is_empty() {
                ui.label(&gui.status);
            }
        });
    if !open {
        gui.files_open = false;
    }
}
