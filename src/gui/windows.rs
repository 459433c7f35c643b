//! The panels' separate windows: a rules table (the Shock table, the fire
//! table), the rules reference and save / load.

use bevy_egui::egui;
use egui::{Color32, RichText};

use crate::engine::view::TableView;

use super::GuiState;
use super::panels::{rule_link, shown};
use super::play::ViewModel;

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
                ui.label("Rule:");
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
    egui::Window::new("Rules reference")
        .open(&mut open)
        .default_width(460.0)
        .default_height(420.0)
        .show(ctx, |ui| {
            if let Some(r) = view.rules.iter().find(|r| r.id == current) {
                ui.label(
                    RichText::new(format!("{}: {}", r.id, r.title))
                        .strong()
                        .size(16.0),
                );
                if r.stand_in {
                    ui.label(
                        RichText::new("Kassen stand-in: the source is silent here")
                            .color(Color32::YELLOW),
                    );
                }
                ui.label(shown(&r.text));
            } else {
                ui.label(format!("No text for {current}."));
            }
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| {
                for r in &view.rules {
                    let tag = if r.stand_in { " [stand-in]" } else { "" };
                    if ui
                        .selectable_label(r.id == current, format!("{}  {}{tag}", r.id, r.title))
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
    egui::Window::new("Save / load")
        .open(&mut open)
        .default_width(480.0)
        .show(ctx, |ui| {
            ui.label("A save holds the journal: it can be taken at any point of any phase.");
            ui.text_edit_singleline(&mut gui.path);
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    gui.save_request = Some(gui.path.clone().into());
                }
                if ui.button("Load").clicked() {
                    gui.load_request = Some(gui.path.clone().into());
                }
                if ui
                    .button("Replay")
                    .on_hover_text("Open the save as a replay: step through its journal both ways")
                    .clicked()
                {
                    gui.replay_request = Some(gui.path.clone().into());
                }
            });
            ui.separator();
            let dir = crate::session::save_dir();
            ui.label(format!("In {}:", dir.display()));
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
