//! The panels' separate windows, each opened by the player: the rules
//! reference and save / load.

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Color32, RichText};

use crate::engine::view::TableView;

use super::play::ViewModel;
use super::state::{FileRequest, RulesOpen};
use super::widgets::shown;
use crate::t;

/// The save / load window.
#[derive(Resource, Clone, Debug, Default)]
pub struct FilesWindow {
    /// Open.
    pub open: bool,
    /// The path field.
    pub path: String,
}

/// Rules tables the player closed in the dock (`dock.rs`): the whole
/// table as shown, so that the next planned or resolved table opens again.
#[derive(Resource, Clone, Debug, Default)]
pub struct ClosedTables(pub Vec<TableView>);

/// The windows' state: the save / load path starts at the quicksave.
pub struct WindowsPlugin;

impl Plugin for WindowsPlugin {
    fn build(&self, app: &mut App) {
        let path = crate::session::save_dir().join("quicksave.ron");
        app.insert_resource(FilesWindow {
            open: false,
            path: path.display().to_string(),
        })
        .init_resource::<ClosedTables>();
    }
}

/// The rules reference: the rule asked for, whether it is a stand-in,
/// and every rule of the module to pick from.
pub(crate) fn rules_window(ctx: &egui::Context, view: &ViewModel, rules: &mut RulesOpen) {
    let Some(current) = rules.0.clone() else {
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
                        rules.0 = Some(r.id.clone());
                    }
                }
            });
        });
    if !open {
        rules.0 = None;
    }
}

/// Save / load: the path, and the saves in the platform's save folder;
/// none in the demo's `kiosk`. The buttons send [`FileRequest`]s; the last
/// `status` shows under the list.
pub(crate) fn files_window(
    ctx: &egui::Context,
    files: &mut FilesWindow,
    (kiosk, status): (bool, &str),
    requests: &mut MessageWriter<FileRequest>,
) {
    if !files.open || kiosk {
        return;
    }
    let mut open = true;
    egui::Window::new(t!("panels-files-title"))
        .id(egui::Id::new("save load window"))
        .open(&mut open)
        .default_width(480.0)
        .show(ctx, |ui| {
            ui.label(t!("panels-files-note"));
            ui.text_edit_singleline(&mut files.path);
            ui.horizontal(|ui| {
                if ui.button(t!("panels-files-save")).clicked() {
                    requests.write(FileRequest::Save(files.path.clone().into()));
                }
                if ui.button(t!("panels-files-load")).clicked() {
                    requests.write(FileRequest::Load(files.path.clone().into()));
                }
                if ui
                    .button(t!("panels-files-replay"))
                    .on_hover_text(t!("panels-files-replay-hover"))
                    .clicked()
                {
                    requests.write(FileRequest::Replay(files.path.clone().into()));
                }
            });
            ui.separator();
            let dir = crate::session::save_dir();
            ui.label(t!("panels-files-in-dir", dir = dir.display()));
            for f in crate::session::ron_files(&dir) {
                if ui.link(f.display().to_string()).clicked() {
                    files.path = f.display().to_string();
                }
            }
            if !status.is_empty() {
                ui.label(status);
            }
        });
    if !open {
        files.open = false;
    }
}
