//! The desktop app for the open-table modules, written once against
//! [`TableRules`]: the table view, the unit card with the module's choices and
//! their exact odds, drag-to-move with a legal or illegal ghost and the inches
//! used, the ruler, honor tracks, the roll log, save and load, and the
//! hot-seat cover between the two players.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::board_view;
use super::panels::{DIM, RED, log_entry_with, pct, shown};
use super::table_view::{self, DragVerdict, TableInput, TableScene, TableUnitView};
use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::table::Table;
use crate::engine::table_game::{Choice, HonorBar, Needs, Pick, TableRules};
use crate::table_session::{
    self, ActiveTable, TableAutosave, TableCommand, TableCommandSet, TableGame, TableGamePlugin,
    TableScenarioRes,
};

/// GUI-only state of the table app (not saved).
#[derive(Resource, Default)]
pub struct TableGui {
    /// The choice waiting for a target click or a drag.
    pub armed: Option<Choice>,
    /// The target picked for the armed choice.
    pub target: Option<u32>,
    /// The hot-seat cover is up for this side.
    pub cover: Option<u8>,
    /// The decision the cover was last lifted for: (turn, side, phase).
    pub revealed: Option<(u32, u8, String)>,
    /// The last refusal.
    pub refusal: Option<Refusal>,
    /// Status line.
    pub status: String,
    /// Save/load path.
    pub path: String,
    /// Save requested.
    pub save_request: Option<PathBuf>,
    /// Load requested.
    pub load_request: Option<PathBuf>,
    /// Briefing window open.
    pub briefing: bool,
    /// Rendering a screenshot: no cover, first unit of the deciding side selected.
    pub screenshot_mode: bool,
}

/// An odds line: probabilities as percentages, expected values as numbers.
fn odds_line(label: &str, p: f64) -> String {
    if label.starts_with("expected") {
        shown(&format!("{label}: {p:.2}"))
    } else {
        shown(&format!("{label}: {}", pct(p)))
    }
}

fn refresh_scene<R: TableRules>(
    battle: Option<Res<R::Battle>>,
    tables: Option<Res<R::Tables>>,
    table: Option<Res<Table>>,
    scenario: Option<Res<TableScenarioRes<R>>>,
    mut scene: ResMut<TableScene>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let (Some(battle), Some(tables), Some(table), Some(scenario)) =
        (battle, tables, table, scenario)
    else {
        return;
    };
    if !(battle.is_changed() || table.is_changed() || scene.table.is_none()) {
        return;
    }
    redraw.write(bevy::window::RequestRedraw);
    let colors = [0, 1].map(|i| {
        scenario
            .0
            .sides
            .get(i)
            .map_or(Color::srgb(0.5, 0.5, 0.5), |s| {
                Color::srgb(s.color.0, s.color.1, s.color.2)
            })
    });
    let units = R::units(&battle, &tables)
        .into_iter()
        .filter(|u| u.models > 0)
        .map(|u| TableUnitView {
            allowance: R::allowance(&battle, u.id, &tables),
            unit: u,
        })
        .collect();
    let generation = if table.is_changed() || scene.table.is_none() {
        scene.generation + 1
    } else {
        scene.generation
    };
    *scene = TableScene {
        table: Some(table.clone()),
        generation,
        units,
        colors,
        mover: R::awaiting(&battle),
    };
}

/// Checks the current drag with a dry run on copies, and turns a drop into a
/// command.
fn judge_drag<R: TableRules>(
    battle: Option<Res<R::Battle>>,
    tables: Option<Res<R::Tables>>,
    table: Option<Res<Table>>,
    dice: Option<Res<Dice>>,
    mut input: ResMut<TableInput>,
    mut gui: ResMut<TableGui>,
    mut out: MessageWriter<TableCommand<R>>,
) {
    let (Some(battle), Some(tables), Some(table), Some(dice)) = (battle, tables, table, dice)
    else {
        return;
    };
    let key = gui
        .armed
        .as_ref()
        .filter(|c| c.needs == Needs::Path)
        .map(|c| c.key.clone())
        .or_else(|| {
            // Without an armed choice, a drag uses the unit's first move choice.
            let unit = input.drag.as_ref().or(input.dropped.as_ref())?.unit;
            R::choices(&battle, unit, &tables)
                .into_iter()
                .find(|c| c.needs == Needs::Path)
                .map(|c| c.key)
        });
    let judge = |d: &table_view::Drag| -> (Option<R::Command>, DragVerdict) {
        let Some(key) = &key else {
            return (
                None,
                DragVerdict::Illegal("this unit cannot move now".into()),
            );
        };
        let pick = Pick {
            unit: d.unit,
            target: gui.target,
            path: vec![(d.to.x, d.to.y)],
            facing: d.facing,
            hex: None,
        };
        let Some(cmd) = R::choose(&battle, key, &pick) else {
            return (None, DragVerdict::Illegal("not a move".into()));
        };
        let mut b = battle.clone();
        let mut dc = dice.clone();
        let mut log = GameLog::default();
        match R::apply(&mut b, &cmd, &tables, &table, &mut dc, &mut log) {
            Ok(()) => {
                let from = R::units(&battle, &tables)
                    .into_iter()
                    .find(|u| u.id == d.unit)
                    .map(|u| u.base.center)
                    .unwrap_or(d.to);
                let airborne = R::units(&battle, &tables)
                    .iter()
                    .any(|u| u.id == d.unit && u.airborne);
                let used = table.segment_cost(from, d.to, airborne).cost;
                let left = R::choice_allowance(&battle, d.unit, key, &tables).unwrap_or(0.0) - used;
                (Some(cmd), DragVerdict::Legal(used, left.max(0.0)))
            }
            Err(r) => (Some(cmd), DragVerdict::Illegal(r.to_string())),
        }
    };
    if let Some(d) = input.drag.clone() {
        input.verdict = Some(judge(&d).1);
    } else {
        input.verdict = None;
    }
    if let Some(d) = input.dropped.take() {
        match judge(&d) {
            (Some(cmd), DragVerdict::Legal(..)) => {
                out.write(TableCommand(cmd));
                gui.armed = None;
                gui.refusal = None;
            }
            (_, DragVerdict::Illegal(why)) => gui.status = format!("Move refused: {why}"),
            (None, _) => {}
        }
    }
}

fn collect_refusals(mut reader: MessageReader<Refusal>, mut gui: ResMut<TableGui>) {
    for r in reader.read() {
        gui.refusal = Some(r.clone());
    }
}

fn file_requests<R: TableRules>(world: &mut World) {
    let (save, load) = {
        let mut gui = world.resource_mut::<TableGui>();
        (gui.save_request.take(), gui.load_request.take())
    };
    if let Some(p) = save {
        let msg = match world
            .get_resource::<ActiveTable<R>>()
            .map(|g| g.0.save_to(&p))
        {
            Some(Ok(())) => format!("Saved to {}", p.display()),
            Some(Err(e)) => format!("Not saved: {e}"),
            None => "Not saved: no battle".to_string(),
        };
        world.resource_mut::<TableGui>().status = msg;
    }
    if let Some(p) = load {
        super::load_any(world, &p, |w, msg| {
            w.resource_mut::<TableGui>().status = msg
        });
    }
}

fn honor_bar(ui: &mut egui::Ui, name: &str, bar: &HonorBar, color: Color32) {
    ui.label(RichText::new(format!("{name}: honor {}", bar.honor)).strong());
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), 22.0), egui::Sense::hover());
    let lo = -80.0f32;
    let hi = 100.0f32;
    let x = |v: f32| rect.left() + (v.clamp(lo, hi) - lo) / (hi - lo) * rect.width();
    let painter = ui.painter();
    painter.rect_filled(rect, 3.0, Color32::from_gray(40));
    let zero = x(0.0);
    let now = x(bar.honor as f32);
    let fill = egui::Rect::from_x_y_ranges(zero.min(now)..=zero.max(now), rect.y_range());
    painter.rect_filled(fill, 2.0, color);
    for (mark, spent) in &bar.marks {
        let mx = x(*mark as f32);
        let c = if *spent {
            Color32::from_gray(90)
        } else {
            Color32::WHITE
        };
        painter.line_segment(
            [egui::pos2(mx, rect.top()), egui::pos2(mx, rect.bottom())],
            egui::Stroke::new(2.0, c),
        );
        painter.text(
            egui::pos2(mx, rect.bottom() + 1.0),
            egui::Align2::CENTER_TOP,
            mark.to_string(),
            egui::FontId::proportional(10.0),
            c,
        );
    }
    painter.line_segment(
        [
            egui::pos2(zero, rect.top()),
            egui::pos2(zero, rect.bottom()),
        ],
        egui::Stroke::new(1.0, Color32::from_gray(160)),
    );
    ui.add_space(12.0);
}

#[allow(clippy::too_many_arguments)]
fn table_ui<R: TableRules>(
    mut contexts: EguiContexts,
    battle: Option<Res<R::Battle>>,
    tables: Option<Res<R::Tables>>,
    table: Option<Res<Table>>,
    scenario: Option<Res<TableScenarioRes<R>>>,
    log: Option<Res<GameLog>>,
    dice: Option<Res<Dice>>,
    scene: Res<TableScene>,
    mut input: ResMut<TableInput>,
    mut gui: ResMut<TableGui>,
    mut out: MessageWriter<TableCommand<R>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let (Some(battle), Some(tables), Some(table), Some(scenario), Some(log), Some(dice)) =
        (battle, tables, table, scenario, log, dice)
    else {
        return Ok(());
    };
    let mut root = egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let names = scenario.side_names();
    let awaiting = R::awaiting(&battle);
    let phase = R::phase_name(&battle, &names);
    let side_color = |s: u8| {
        scenario
            .0
            .sides
            .get(s as usize)
            .map_or(Color32::GRAY, |sd| {
                Color32::from_rgb(
                    (sd.color.0 * 255.0) as u8,
                    (sd.color.1 * 255.0) as u8,
                    (sd.color.2 * 255.0) as u8,
                )
            })
    };
    input.picking = gui.armed.as_ref().is_some_and(|c| c.needs == Needs::Target);
    if gui.screenshot_mode && input.selected.is_none() {
        input.selected =
            awaiting.and_then(|s| scene.units.iter().find(|u| u.side == s).map(|u| u.id));
    }
    // Hot-seat cover whenever the deciding side changes.
    if let Some(side) = awaiting
        && !gui.screenshot_mode
    {
        let key = (R::turn(&battle), side, phase.clone());
        if gui.revealed.as_ref().is_none_or(|r| r.1 != side) && gui.cover != Some(side) {
            gui.cover = Some(side);
            input.selected = None;
            gui.armed = None;
        }
        if gui.cover == Some(side) {
            egui::CentralPanel::default()
                .frame(egui::Frame::new().fill(Color32::from_rgb(24, 24, 30)))
                .show(&mut root, |ui| {
                    ui.vertical_centered(|ui| {
                        ui.add_space(220.0);
                        ui.heading(
                            RichText::new(format!("{} to play", names[side as usize]))
                                .size(30.0)
                                .color(side_color(side)),
                        );
                        ui.label(&phase);
                        ui.add_space(20.0);
                        if ui
                            .button(RichText::new("I am at the table").size(18.0))
                            .clicked()
                        {
                            gui.cover = None;
                            gui.revealed = Some(key.clone());
                        }
                    });
                });
            return Ok(());
        }
    }
    egui::Panel::top("top").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.label(RichText::new(&scenario.0.name).strong());
            ui.separator();
            match awaiting {
                Some(s) => {
                    ui.label(RichText::new(&phase).color(side_color(s)).strong());
                }
                None => {
                    ui.label(
                        RichText::new(R::result(&battle, &names).map(|r| r.1).unwrap_or_default())
                            .color(Color32::GOLD)
                            .strong(),
                    );
                }
            }
            ui.separator();
            if let Some(s) = awaiting {
                if ui.button("End phase").clicked() {
                    out.write(TableCommand(R::end_phase(s)));
                    gui.armed = None;
                }
                if ui
                    .button("Computer plays this phase")
                    .on_hover_text("The computer decides for this side until the phase ends")
                    .clicked()
                {
                    for c in R::default_commands(&battle, s, &tables, &table) {
                        out.write(TableCommand(c));
                    }
                }
            }
            let ruler = if input.ruler_mode {
                "Ruler: on (R)"
            } else {
                "Ruler: off (R)"
            };
            if ui.selectable_label(input.ruler_mode, ruler).clicked() {
                input.ruler_mode = !input.ruler_mode;
            }
            if ui.button("Briefing").clicked() {
                gui.briefing = !gui.briefing;
            }
            ui.separator();
            ui.add(egui::TextEdit::singleline(&mut gui.path).desired_width(220.0));
            if ui.button("Save").clicked() {
                gui.save_request = Some(PathBuf::from(&gui.path));
            }
            if ui.button("Load").clicked() {
                gui.load_request = Some(PathBuf::from(&gui.path));
            }
            ui.label(RichText::new(&gui.status).color(DIM));
        });
    });
    if let Some(bars) = R::honor(&battle) {
        egui::Panel::top("honor").show(&mut root, |ui| {
            ui.columns(2, |cols| {
                for (i, col) in cols.iter_mut().enumerate() {
                    honor_bar(col, &names[i], &bars[i], side_color(i as u8));
                }
            });
        });
    }
    egui::Panel::bottom("log")
        .resizable(true)
        .default_size(190.0)
        .show(&mut root, |ui| {
            ui.label(RichText::new("Roll log").strong());
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    let start = log.entries.len().saturating_sub(200);
                    for e in &log.entries[start..] {
                        log_entry_with(ui, e, |ui, rule| {
                            ui.label(RichText::new(rule).color(Color32::LIGHT_BLUE).small());
                        });
                    }
                });
        });
    egui::Panel::left("unit")
        .default_size(330.0)
        .show(&mut root, |ui| {
            let units = R::units(&battle, &tables);
            if let Some(s) = awaiting {
                let odds = R::odds(&battle, &R::end_phase(s), &tables, &table);
                if !odds.is_empty() {
                    ui.label(RichText::new("If the phase ends now:").strong());
                    for (label, p) in odds {
                        ui.label(RichText::new(odds_line(&label, p)).color(DIM));
                    }
                    ui.separator();
                }
            }
            let Some(u) = input
                .selected
                .and_then(|id| units.iter().find(|u| u.id == id))
            else {
                ui.label(
                    "Click a unit to see its card. Drag one of your units to move it \
                     (hold Shift to keep its facing).",
                );
                ui.label("Right-drag or WASD pans, the wheel zooms, R toggles the ruler.");
                return;
            };
            ui.heading(RichText::new(&u.name).color(side_color(u.side)));
            ui.label(format!("{} · {} models", names[u.side as usize], u.models));
            for line in &u.card {
                ui.label(shown(line));
            }
            if u.airborne {
                ui.label(RichText::new("Airborne").color(Color32::LIGHT_BLUE));
            }
            for b in &u.badges {
                ui.label(RichText::new(shown(b)).color(Color32::from_rgb(255, 210, 120)));
            }
            if let Some(a) = R::allowance(&battle, u.id, &tables) {
                ui.label(format!("May move {a:.1}\" now"));
            }
            ui.separator();
            if awaiting != Some(u.side) {
                ui.label(RichText::new("Not this side's decision now.").color(DIM));
                return;
            }
            for choice in R::choices(&battle, u.id, &tables) {
                let armed = gui.armed.as_ref() == Some(&choice);
                let label = match choice.needs {
                    Needs::Nothing => choice.label.clone(),
                    Needs::Target => format!("{} (pick a target)", choice.label),
                    Needs::Hex => format!("{} (pick a hex)", choice.label),
                    Needs::Path => format!("{} (drag the unit)", choice.label),
                };
                let at_once = Pick {
                    unit: u.id,
                    target: None,
                    path: Vec::new(),
                    facing: u.base.facing,
                    hex: None,
                };
                if ui.selectable_label(armed, label).clicked() {
                    if choice.needs == Needs::Nothing {
                        if let Some(cmd) = R::choose(&battle, &choice.key, &at_once) {
                            out.write(TableCommand(cmd));
                        }
                        gui.armed = None;
                    } else {
                        gui.armed = Some(choice.clone());
                        gui.target = None;
                    }
                    gui.refusal = None;
                }
                if choice.needs == Needs::Nothing
                    && let Some(cmd) = R::choose(&battle, &choice.key, &at_once)
                {
                    for (label, p) in R::odds(&battle, &cmd, &tables, &table) {
                        ui.label(RichText::new(format!("   {}", odds_line(&label, p))).color(DIM));
                    }
                }
            }
            if let Some(choice) = gui.armed.clone()
                && choice.needs == Needs::Target
            {
                ui.separator();
                ui.label(format!("{}: click a target", choice.label));
                if let Some(t) = input.clicked_unit.take()
                    && t != u.id
                {
                    gui.target = Some(t);
                }
                if let Some(t) = gui.target {
                    let pick = Pick {
                        unit: u.id,
                        target: Some(t),
                        path: Vec::new(),
                        facing: u.base.facing,
                        hex: None,
                    };
                    let name = units
                        .iter()
                        .find(|x| x.id == t)
                        .map_or(String::new(), |x| x.name.clone());
                    if let Some(cmd) = R::choose(&battle, &choice.key, &pick) {
                        ui.label(format!("Target: {name}"));
                        // A dry run on copies tells whether the command is legal.
                        let mut b = battle.clone();
                        let mut dc = dice.clone();
                        let mut scratch = GameLog::default();
                        if let Err(r) =
                            R::apply(&mut b, &cmd, &tables, &table, &mut dc, &mut scratch)
                        {
                            ui.label(RichText::new(shown(&r.to_string())).color(RED));
                            return;
                        }
                        for (label, p) in R::odds(&battle, &cmd, &tables, &table) {
                            ui.label(odds_line(&label, p));
                        }
                        if ui.button(RichText::new("Confirm").strong()).clicked() {
                            out.write(TableCommand(cmd));
                            gui.armed = None;
                            gui.target = None;
                            input.selected = Some(u.id);
                        }
                    }
                }
            }
            if let Some(v) = &input.verdict {
                ui.separator();
                match v {
                    DragVerdict::Legal(used, left) => {
                        ui.label(
                            RichText::new(format!("Move: {used:.1}\" used, {left:.1}\" left"))
                                .color(Color32::LIGHT_GREEN),
                        );
                    }
                    DragVerdict::Illegal(why) => {
                        ui.label(RichText::new(shown(&format!("Illegal: {why}"))).color(RED));
                    }
                }
            }
            if let Some(r) = &gui.refusal {
                ui.separator();
                ui.label(RichText::new(shown(&r.to_string())).color(RED));
            }
        });
    if let Some((a, b)) = input.ruler {
        egui::Area::new("ruler".into())
            .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, 70.0))
            .show(&ctx, |ui| {
                ui.set_min_width(420.0);
                ui.label(
                    RichText::new(format!(
                        "Ruler: {}",
                        table_view::ruler_reading(&scene, a, b)
                    ))
                    .size(16.0)
                    .strong()
                    .background_color(Color32::from_black_alpha(160)),
                );
            });
    }
    if gui.briefing {
        let mut open = true;
        egui::Window::new("Briefing")
            .open(&mut open)
            .show(&ctx, |ui| {
                ui.heading(&scenario.0.name);
                ui.label(&scenario.0.description);
                ui.separator();
                ui.label(&scenario.0.victory.description);
            });
        gui.briefing = open;
    }
    Ok(())
}

/// Adds the table app's systems for module `R` to the one app: they run
/// while a game of `R` is loaded.
pub fn add_table_module<R: TableRules>(app: &mut App) {
    let playing = resource_exists::<ActiveTable<R>>;
    app.add_plugins(TableGamePlugin::<R>::default())
        .add_systems(
            Update,
            (file_requests::<R>, refresh_scene::<R>, judge_drag::<R>)
                .chain()
                .run_if(playing)
                .after(TableCommandSet)
                .after(table_view::table_pointer)
                .before(table_view::spawn_table),
        )
        .add_systems(EguiPrimaryContextPass, table_ui::<R>.run_if(playing));
}

/// The table app's shared systems (views, pointer, refusals), run while any
/// table game is loaded.
pub fn add_table_views(app: &mut App, screenshot: bool) {
    let default_path = crate::session::save_dir().join("table-quicksave.ron");
    app.insert_resource(TableGui {
        path: default_path.display().to_string(),
        screenshot_mode: screenshot,
        briefing: !screenshot,
        ..default()
    })
    .init_resource::<TableScene>()
    .init_resource::<TableInput>()
    .add_systems(
        Update,
        (
            collect_refusals,
            table_view::table_pointer,
            table_view::spawn_table,
            table_view::sync_bases,
            table_view::draw_table_overlays,
        )
            .chain()
            .run_if(resource_exists::<Table>)
            .after(TableCommandSet)
            .after(board_view::camera_controls),
    );
}

/// Puts a table game into the app: the game, a fresh view and cover, the
/// camera over the table, and the autosave path.
pub fn install_table<R: TableRules>(world: &mut World, game: TableGame<R>) {
    table_session::start_table::<R>(world, game);
    {
        let mut scene = world.resource_mut::<TableScene>();
        scene.table = None;
        scene.units.clear();
    }
    *world.resource_mut::<TableInput>() = TableInput::default();
    let screenshot = world.resource::<TableGui>().screenshot_mode;
    {
        let mut gui = world.resource_mut::<TableGui>();
        gui.armed = None;
        gui.target = None;
        gui.cover = None;
        gui.revealed = None;
        gui.refusal = None;
        gui.briefing = !screenshot;
    }
    world.insert_resource(TableAutosave((!screenshot).then(super::app_autosave)));
    // Table centre under the middle of the free area (left panel 330 px,
    // log 190 px at the bottom).
    super::place_camera(world, 1.0, Vec2::new(-165.0, -60.0));
}

/// Takes a table game of `R` out of the app (resources and drawn entities).
pub fn clear_table<R: TableRules>(world: &mut World) {
    world.remove_resource::<ActiveTable<R>>();
    world.remove_resource::<R::Battle>();
    world.remove_resource::<R::Tables>();
    world.remove_resource::<TableScenarioRes<R>>();
    world.remove_resource::<Table>();
    let mut q = world
        .query_filtered::<Entity, Or<(With<table_view::TableTile>, With<table_view::BaseSprite>)>>(
        );
    let drawn: Vec<Entity> = q.iter(world).collect();
    for e in drawn {
        world.entity_mut(e).despawn();
    }
}
