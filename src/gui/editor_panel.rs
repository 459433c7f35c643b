//! The scenario editor's panel: tools and brushes, the scenario's fields,
//! the selected piece, the module's check and the file buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::RichText;

use super::editor::{EditorRequest, EditorView, Tool, flag_value, hint, turns, verdict_color};
use super::sets::AppSystems;
use super::state::BoardArea;
use super::widgets::{DIM, keep_board_area, shown, viewport_ui};
use crate::editor::EditCommand;
use crate::engine::editing::{FacingKind, FlagKind};
use crate::engine::table::AreaEffect;
use crate::t;

/// Draws the editor's panel and keeps the board's free area for clicks.
pub fn editor_ui(
    mut contexts: EguiContexts,
    mut ed: ResMut<EditorView>,
    mut area: ResMut<BoardArea>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = viewport_ui(&ctx, "editor viewport");
    egui::Panel::left("editor panel")
        .resizable(true)
        .default_size(330.0)
        .min_size(300.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("editor scroll")
                .show(ui, |ui| panel(ui, &mut ed));
        });
    keep_board_area(&root, &ctx, &mut area);
    Ok(())
}

/// The scenario editor's panel, while the editor is open.
pub struct EditorPanelPlugin;

impl Plugin for EditorPanelPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            editor_ui
                .in_set(AppSystems::View)
                .run_if(resource_exists::<EditorView>),
        );
    }
}

fn panel(ui: &mut egui::Ui, ed: &mut EditorView) {
    ui.heading(t!("editor-title"));
    ui.label(RichText::new(&ed.system).color(DIM));
    verdict(ui, ed);
    ui.separator();
    tools(ui, ed);
    ui.separator();
    selected(ui, ed);
    ui.separator();
    scenario_fields(ui, ed);
    ui.separator();
    file_buttons(ui, ed);
}

/// The module's check: the line `kassen check` prints, or the problem, a
/// click on which selects the piece it names.
fn verdict(ui: &mut egui::Ui, ed: &mut EditorView) {
    match ed.verdict.clone() {
        Ok(line) if !line.is_empty() => {
            ui.label(RichText::new(t!("editor-no-problems")).color(verdict_color(true)))
                .on_hover_text(line);
        }
        Ok(_) => {}
        Err((problem, piece)) => {
            ui.label(RichText::new(t!("editor-problems")).color(verdict_color(false)));
            let r = ui.link(RichText::new(shown(&problem)).color(verdict_color(false)));
            if let Some(id) = piece
                && r.on_hover_text(t!("editor-problem-goto")).clicked()
            {
                ed.selected = Some(id);
                ed.tool = Tool::Select;
            }
        }
    }
    if !ed.note.is_empty() {
        ui.label(RichText::new(shown(&ed.note)).color(egui::Color32::YELLOW));
    }
}

fn tools(ui: &mut egui::Ui, ed: &mut EditorView) {
    let table = ed.doc.is_table();
    ui.label(RichText::new(t!("editor-tools")).strong());
    ui.horizontal_wrapped(|ui| {
        let mut tool = |ui: &mut egui::Ui, t: Tool, label: String, hover: String| {
            ui.selectable_value(&mut ed.tool, t, label)
                .on_hover_text(hover);
        };
        tool(
            ui,
            Tool::Select,
            t!("editor-tool-select"),
            t!("editor-tool-select-hover"),
        );
        if table {
            tool(
                ui,
                Tool::Area,
                t!("editor-tool-area"),
                t!("editor-tool-area-hover"),
            );
        } else {
            tool(
                ui,
                Tool::Terrain,
                t!("editor-tool-terrain"),
                t!("editor-tool-terrain-hover"),
            );
            if ed.palette.max_elevation > 0 {
                tool(
                    ui,
                    Tool::Elevation,
                    t!("editor-tool-elevation"),
                    t!("editor-tool-elevation-hover"),
                );
            }
            if !ed.palette.hexsides.is_empty() {
                tool(
                    ui,
                    Tool::Hexside,
                    t!("editor-tool-hexside"),
                    t!("editor-tool-hexside-hover"),
                );
            }
        }
        tool(
            ui,
            Tool::Unit,
            t!("editor-tool-unit"),
            t!("editor-tool-unit-hover"),
        );
        tool(
            ui,
            Tool::Erase,
            t!("editor-tool-erase"),
            t!("editor-tool-erase-hover"),
        );
    });
    match ed.tool {
        Tool::Terrain => {
            for name in ed.palette.terrain.clone() {
                ui.radio_value(&mut ed.terrain, name.clone(), name);
            }
            hint(ui, t!("editor-paint-hint"));
        }
        Tool::Elevation => {
            ui.add(
                egui::Slider::new(&mut ed.level, 0..=ed.palette.max_elevation)
                    .text(t!("editor-levels")),
            );
        }
        Tool::Hexside => {
            ui.radio_value(&mut ed.hexside, None, t!("editor-hexside-clear"));
            for name in ed.palette.hexsides.clone() {
                ui.radio_value(&mut ed.hexside, Some(name.clone()), name);
            }
            hint(ui, t!("editor-hexside-hint"));
        }
        Tool::Unit => {
            ui.horizontal(|ui| {
                for s in [0u8, 1] {
                    let name = ed.fields.sides[usize::from(s)].clone();
                    ui.radio_value(&mut ed.side, s, name);
                }
            });
            egui::ScrollArea::vertical()
                .id_salt("unit types")
                .max_height(160.0)
                .show(ui, |ui| {
                    for (key, name) in ed.palette.unit_types.clone() {
                        ui.radio_value(&mut ed.unit_type, key, name);
                    }
                });
        }
        Tool::Area => {
            ui.horizontal(|ui| {
                ui.label(t!("editor-area-name"));
                ui.text_edit_singleline(&mut ed.area.0);
            });
            for (effect, label) in [
                (AreaEffect::Difficult, t!("editor-effect-difficult")),
                (AreaEffect::BlocksLos, t!("editor-effect-blocks-los")),
                (AreaEffect::Impassable, t!("editor-effect-impassable")),
                (AreaEffect::HighReaching, t!("editor-effect-high")),
            ] {
                let mut on = ed.area.1.contains(&effect);
                if ui.checkbox(&mut on, label).changed() {
                    ed.area.1.retain(|e| *e != effect);
                    if on {
                        ed.area.1.push(effect);
                    }
                }
            }
            ui.add(egui::Slider::new(&mut ed.area.2, 0.0..=20.0).text(t!("editor-area-height")));
            ui.add(egui::Slider::new(&mut ed.area.3, 1.0..=15.0).text(t!("editor-area-radius")));
        }
        Tool::Select => hint(ui, t!("editor-select-hint")),
        Tool::Erase => hint(ui, t!("editor-erase-hint")),
    }
}

/// The selected unit or leader: its name, facing and flags.
fn selected(ui: &mut egui::Ui, ed: &mut EditorView) {
    let Some(p) = ed
        .selected
        .and_then(|id| ed.doc.pieces().ok()?.into_iter().find(|p| p.id == id))
    else {
        hint(ui, t!("editor-nothing-selected"));
        return;
    };
    ui.label(RichText::new(t!("editor-selected", id = p.id, side = &p.side)).strong());
    if ed.name_edit.0 != Some(p.id) {
        ed.name_edit = (Some(p.id), p.name.clone().unwrap_or_default());
    }
    ui.horizontal(|ui| {
        ui.label(t!("editor-name"));
        let typed = ui.text_edit_singleline(&mut ed.name_edit.1);
        let name = ed.name_edit.1.clone();
        if typed.lost_focus() && Some(&name) != p.name.as_ref() {
            ed.apply(&EditCommand::RenamePiece { id: p.id, name });
        }
    });
    let facing = p
        .fields
        .iter()
        .find(|(k, _)| k == "facing")
        .map(|(_, v)| v.clone());
    if turns(ed.palette.facing)
        && let Some(f) = facing
    {
        ui.horizontal_wrapped(|ui| {
            ui.label(t!("editor-facing"));
            match ed.palette.facing {
                FacingKind::Hexside => {
                    for h in crate::engine::board::Facing::ALL {
                        let key = format!("{h:?}");
                        if ui.selectable_label(f == key, &key).clicked() {
                            ed.apply(&EditCommand::Face {
                                id: p.id,
                                facing: key,
                            });
                        }
                    }
                }
                _ => {
                    let mut deg: f32 = f.parse().unwrap_or(0.0);
                    if ui
                        .add(
                            egui::DragValue::new(&mut deg)
                                .range(0.0..=359.0)
                                .suffix("°"),
                        )
                        .changed()
                    {
                        ed.apply(&EditCommand::Face {
                            id: p.id,
                            facing: format!("{deg}"),
                        });
                    }
                }
            }
        });
    }
    if p.list == "units" {
        for flag in ed.palette.flags.clone() {
            let now = flag_value(&p.fields, &flag.field, flag.kind);
            let rule = flag.rule.clone().unwrap_or_default();
            match flag.kind {
                FlagKind::Bool => {
                    let mut on = now == Some(1);
                    if ui
                        .checkbox(&mut on, &flag.field)
                        .on_hover_text(rule)
                        .changed()
                    {
                        ed.apply(&EditCommand::SetFlag {
                            id: p.id,
                            field: flag.field.clone(),
                            value: Some(on.to_string()),
                        });
                    }
                }
                FlagKind::Count { min, max } => {
                    ui.horizontal(|ui| {
                        let mut on = now.is_some();
                        let mut n = now.unwrap_or(max);
                        let a = ui.checkbox(&mut on, &flag.field).on_hover_text(rule);
                        let b = ui.add_enabled(on, egui::DragValue::new(&mut n).range(min..=max));
                        if a.changed() || b.changed() {
                            ed.apply(&EditCommand::SetFlag {
                                id: p.id,
                                field: flag.field.clone(),
                                value: on.then(|| n.to_string()),
                            });
                        }
                    });
                }
            }
        }
    }
    if ui.button(t!("editor-remove")).clicked() && ed.apply(&EditCommand::RemovePiece(p.id)) {
        ed.selected = None;
    }
}

/// Title, briefing, victory, turn limit, sides and size, applied together.
fn scenario_fields(ui: &mut egui::Ui, ed: &mut EditorView) {
    ui.label(RichText::new(t!("editor-scenario")).strong());
    let f = &mut ed.fields;
    ui.label(t!("editor-name"));
    ui.text_edit_singleline(&mut f.name);
    ui.label(t!("editor-briefing"));
    ui.add(egui::TextEdit::multiline(&mut f.briefing).desired_rows(3));
    if let Some(v) = f.victory.as_mut() {
        ui.label(t!("editor-victory"));
        ui.add(egui::TextEdit::multiline(v).desired_rows(2));
    }
    if let Some(turns) = f.turn_limit.as_mut() {
        ui.horizontal(|ui| {
            ui.label(t!("editor-turn-limit"));
            ui.add(egui::DragValue::new(turns).range(1..=99));
        });
    }
    for s in 0..2 {
        ui.horizontal(|ui| {
            ui.label(t!("editor-side", n = s + 1));
            ui.text_edit_singleline(&mut f.sides[s]);
        });
    }
    let table = ed.doc.is_table();
    ui.horizontal(|ui| {
        ui.label(if table {
            t!("editor-table-size")
        } else {
            t!("editor-board-size")
        });
        let range = if table { 12.0..=120.0 } else { 4.0..=64.0 };
        ui.add(egui::DragValue::new(&mut f.size.0).range(range.clone()));
        ui.label("×");
        ui.add(egui::DragValue::new(&mut f.size.1).range(range));
    });
    if ui.button(t!("editor-apply")).clicked() {
        apply_fields(ed);
    }
}

/// Each field that differs from the scenario, as a command.
fn apply_fields(ed: &mut EditorView) {
    let f = ed.fields.clone();
    let mut cmds = Vec::new();
    if f.name != ed.doc.string("name") {
        cmds.push(EditCommand::SetName(f.name.clone()));
    }
    if f.briefing != ed.doc.string("description") {
        cmds.push(EditCommand::SetBriefing(f.briefing.clone()));
    }
    if let Some(v) = &f.victory
        && Some(v) != ed.doc.victory().as_ref()
    {
        cmds.push(EditCommand::SetVictory(v.clone()));
    }
    if let Some(t) = f.turn_limit
        && Some(t) != ed.doc.turn_limit()
    {
        cmds.push(EditCommand::SetTurnLimit(t));
    }
    let sides = ed.doc.sides().unwrap_or_default();
    for (i, name) in f.sides.iter().enumerate() {
        if sides.get(i).is_some_and(|s| s.name != *name) {
            cmds.push(EditCommand::SetSideName(i as u8, name.clone()));
        }
    }
    match (ed.doc.board(), ed.doc.table()) {
        (Ok(b), _) if (b.columns, b.rows) != (f.size.0 as i32, f.size.1 as i32) => {
            cmds.push(EditCommand::Resize {
                columns: f.size.0 as i32,
                rows: f.size.1 as i32,
            });
        }
        (_, Ok(t)) if (t.width, t.depth) != f.size => cmds.push(EditCommand::ResizeTable {
            width: f.size.0,
            depth: f.size.1,
        }),
        _ => {}
    }
    ed.apply_all(&cmds);
}

fn file_buttons(ui: &mut egui::Ui, ed: &mut EditorView) {
    ui.label(t!("editor-save-to"));
    ui.text_edit_singleline(&mut ed.path);
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(t!("editor-save"))
            .on_hover_text(t!("editor-save-hover"))
            .clicked()
        {
            ed.request = Some(EditorRequest::Save);
        }
        if ui
            .add_enabled(
                ed.verdict.is_ok(),
                egui::Button::new(t!("editor-play-test")),
            )
            .on_hover_text(t!("editor-play-test-hover"))
            .clicked()
        {
            ed.request = Some(EditorRequest::PlayTest);
        }
        if ui
            .add_enabled(!ed.undo.is_empty(), egui::Button::new(t!("editor-undo")))
            .on_hover_text(t!("editor-undo-hover"))
            .clicked()
        {
            ed.undo();
        }
        if ui.button(t!("editor-back")).clicked() {
            ed.request = Some(EditorRequest::Back);
        }
    });
}
