//! The egui panels: top bar, unit card, orders with odds, roll log, rules
//! reference, save/load, game over, and the hot-seat pass screen.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{Color32, RichText};

use crate::engine::board::HexBoard;
use crate::engine::log::{GameLog, Itemized, LogEntry};
use crate::engine::odds::{binomial, roll_under};
use crate::engine::scenario::Scenario;
use crate::engine::units::UnitClass;
use crate::rules::samurai_battles::battle::{Battle, SbaUnit};
use crate::rules::samurai_battles::data::SbaTables;
use crate::rules::samurai_battles::default_orders::default_order;
use crate::rules::samurai_battles::fortitude::{current_fortitude, pass_chance};
use crate::rules::samurai_battles::melee::{attack_value, defense_left, defense_value};
use crate::rules::samurai_battles::odds::melee_odds;
use crate::rules::samurai_battles::orders::{OrderKind, OrderSpec};
use crate::rules::samurai_battles::ranged::firepower;
use crate::rules::samurai_battles::turn::GameResult;
use crate::rules::samurai_battles::{SbaCommand, SbaGame, SbaPhase};

use super::{BattleView, GuiState};

/// Refusals and failed tests.
pub(crate) const RED: Color32 = Color32::from_rgb(230, 70, 60);
/// Secondary text.
pub(crate) const DIM: Color32 = Color32::from_rgb(160, 160, 160);

/// A probability as a percentage with one decimal.
pub(crate) fn pct(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// Text for the panels: egui's default fonts lack the double prime, so inch
/// marks are shown as a straight double quote.
pub(crate) fn shown(s: &str) -> String {
    s.replace('″', "\"")
}

fn side_name(scenario: &Scenario, side: u8) -> String {
    scenario
        .sides
        .get(side as usize)
        .map_or_else(|| format!("side {side}"), |s| s.name.clone())
}

fn rule_link(ui: &mut egui::Ui, gui: &mut GuiState, rule: &str) {
    if ui
        .link(RichText::new(rule).monospace())
        .on_hover_text("Open the rules reference")
        .clicked()
    {
        gui.rules_open = Some(rule.to_string());
    }
}

fn itemized(ui: &mut egui::Ui, gui: &mut GuiState, title: &str, v: &Itemized) {
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("{title}: {}", v.total()));
        ui.label(RichText::new(format!("(base {} {})", v.base, v.base_name)).color(DIM));
    });
    for m in &v.modifiers {
        ui.horizontal(|ui| {
            ui.label(format!("   {:+} {}", m.value, m.name));
            rule_link(ui, gui, &m.rule);
        });
    }
    if let Some(m) = &v.set_to {
        ui.horizontal(|ui| {
            ui.label(format!("   set to {} by {}", m.value, m.name));
            rule_link(ui, gui, &m.rule);
        });
    }
}

/// The unit as it will stand under its planned order (draft, else written).
fn planned(b: &Battle, view: &BattleView, gui: &GuiState, u: &SbaUnit) -> SbaUnit {
    let mut p = u.clone();
    if view.phase == SbaPhase::Planning && view.viewer() == Some(u.side) {
        let forced = u
            .order
            .as_ref()
            .is_some_and(|o| b.tables.order(o.kind).forced);
        if !forced {
            let draft = gui.draft.clone().filter(|_| gui.selected == Some(u.id));
            let written = view
                .game
                .as_ref()
                .and_then(|g| g.written.get(&u.id).cloned());
            p.order = draft.or(written).or(p.order);
        }
    }
    p
}

fn dummy_target(b: &Battle, class: UnitClass) -> Option<SbaUnit> {
    let key = b
        .tables
        .units
        .units
        .iter()
        .find(|s| s.class == class)?
        .key
        .clone();
    let mut t = b.units.first()?.clone();
    t.unit_type = key;
    t.id = u32::MAX;
    Some(t)
}

fn unit_card(
    ui: &mut egui::Ui,
    b: &Battle,
    view: &BattleView,
    gui: &mut GuiState,
    scenario: &Scenario,
) {
    ui.heading("Unit card");
    let Some(u) = gui
        .selected
        .and_then(|id| b.unit(id))
        .filter(|u| view.shows(u))
        .cloned()
    else {
        ui.label("Click a counter on the board to see its card.");
        return;
    };
    let stats = b.stats(&u);
    let own = view.viewer().is_none_or(|v| v == u.side);
    ui.label(RichText::new(&u.name).strong().size(16.0));
    ui.label(format!(
        "{} ({}), {}",
        stats.name,
        side_name(scenario, u.side),
        if stats.class == UnitClass::Cavalry {
            "cavalry"
        } else {
            "infantry"
        }
    ));
    ui.label(format!("Models: {} of {}", u.models, stats.models));
    ui.horizontal(|ui| {
        ui.label(format!(
            "Morale: {} ({} red markers)",
            u.morale.name(),
            u.morale.markers()
        ));
        rule_link(ui, gui, "SBA-MOR-1");
    });
    if u.honor {
        ui.horizontal(|ui| {
            ui.label(RichText::new("Honor Marker: +1 Attack, +2 Fortitude").color(Color32::GOLD));
            rule_link(ui, gui, "SBA-HON-4");
        });
    }
    ui.label(format!(
        "Commander: {}",
        if b.has_commander(&u) { "yes" } else { "no" }
    ));
    if u.hidden {
        ui.label(
            RichText::new("Hidden in Ambush (the enemy cannot see it)").color(Color32::LIGHT_GREEN),
        );
    }
    if !u.engaged.is_empty() {
        let names: Vec<String> = u
            .engaged
            .iter()
            .filter_map(|e| b.unit(*e))
            .map(|e| e.name.clone())
            .collect();
        ui.label(RichText::new(format!("In melee with {}", names.join(", "))).color(RED));
    }
    let p = planned(b, view, gui, &u);
    if own {
        let order = p
            .order
            .as_ref()
            .map_or("none".to_string(), |o| b.tables.order(o.kind).name.clone());
        ui.label(format!("Order: {order}"));
    }
    ui.separator();
    let p = if own { p } else { u.clone() };
    for class in [UnitClass::Infantry, UnitClass::Cavalry] {
        if let Some(t) = dummy_target(b, class) {
            let title = if class == UnitClass::Infantry {
                "Attack vs infantry"
            } else {
                "Attack vs cavalry"
            };
            itemized(ui, gui, title, &attack_value(b, &p, &t));
        }
    }
    ui.label(format!(
        "Attack dice: {} ({} per model)",
        p.models * stats.dice_per_model,
        stats.dice_per_model
    ));
    let dv = defense_value(b, &p, None);
    itemized(ui, gui, "Defense", &dv);
    ui.label(format!("   left this turn: {}", defense_left(b, &p, None)));
    let fort = current_fortitude(b, &p, None);
    itemized(ui, gui, "Fortitude", &fort);
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!(
                "Fortitude Test pass chance: {}",
                pct(pass_chance(fort.total()))
            ))
            .strong(),
        );
        rule_link(ui, gui, "SBA-FORT-3");
    });
    if stats.firepower > 0 {
        itemized(ui, gui, "Firepower", &firepower(b, &p));
        ui.label(format!("   range {} hexes, 1 die per model", stats.range));
    }
    ui.separator();
    ui.label(
        RichText::new(format!("Card: {}", stats.source))
            .color(DIM)
            .small(),
    );
    ui.label(
        RichText::new(format!("Stand-ins: {}", stats.stand_in))
            .color(DIM)
            .small(),
    );
}

fn odds_preview(ui: &mut egui::Ui, b: &Battle, u: &SbaUnit, order: &OrderSpec) {
    let Some(t) = order.target.and_then(|t| b.unit(t)).cloned() else {
        return;
    };
    let mut a = u.clone();
    a.order = Some(order.clone());
    match order.kind {
        OrderKind::Assault => {
            let o = melee_odds(b, &a, &t);
            ui.label(RichText::new("Melee odds if it engages (exact)").strong());
            ui.label(format!(
                "{}: {} dice at {} -> casualties on {}:",
                a.name, o.attacker_dice, o.attacker_attack, t.name
            ));
            dist(ui, &o.on_defender);
            ui.label(format!(
                "{}: {} dice at {} -> casualties on {}:",
                t.name, o.defender_dice, o.defender_attack, a.name
            ));
            dist(ui, &o.on_attacker);
            ui.label(format!(
                "Expected: {:.2} vs {:.2}",
                o.expected_on_defender(),
                o.expected_on_attacker()
            ));
        }
        OrderKind::FireRangedWeapons | OrderKind::MoveAndFire => {
            let fp = firepower(b, &a).total();
            ui.label(RichText::new("Fire odds (exact)").strong());
            ui.label(format!("{} dice at Firepower {fp}: hits", a.models));
            dist(ui, &binomial(a.models, roll_under(fp, 20)));
        }
        _ => {}
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

fn orders_panel(
    ui: &mut egui::Ui,
    b: &Battle,
    view: &BattleView,
    gui: &mut GuiState,
    scenario: &Scenario,
    cmds: &mut MessageWriter<SbaCommand>,
) {
    let Some(game) = &view.game else { return };
    match view.phase {
        SbaPhase::Planning => {}
        SbaPhase::GameOver => {
            ui.heading("Battle over");
            ui.label(result_text(game, scenario));
            return;
        }
        p => {
            ui.heading(p.name());
            ui.label("The rules are being carried out.");
            return;
        }
    }
    let Some(side) = view.viewer() else { return };
    ui.heading(format!("Orders: {}", side_name(scenario, side)));
    ui.label(
        RichText::new(
            "Click a unit here or on the board; orders stay secret from the other player.",
        )
        .color(DIM),
    );
    egui::ScrollArea::vertical()
        .id_salt("own_units")
        .max_height(190.0)
        .show(ui, |ui| {
            for u in b.units.iter().filter(|u| u.side == side) {
                let written = game.written.get(&u.id);
                let text = match (written, &u.order) {
                    (_, Some(o)) if b.tables.order(o.kind).forced => {
                        format!("{}: {} (forced)", u.name, b.tables.order(o.kind).name)
                    }
                    (Some(o), _) => format!("{}: {}", u.name, b.tables.order(o.kind).name),
                    (None, _) => {
                        let d = default_order(b, u.id)
                            .map_or("none".to_string(), |o| b.tables.order(o.kind).name.clone());
                        format!("{}: default {}", u.name, d)
                    }
                };
                if ui
                    .selectable_label(gui.selected == Some(u.id), text)
                    .clicked()
                {
                    gui.selected = Some(u.id);
                    gui.draft = None;
                    gui.picking = false;
                }
            }
        });
    ui.separator();
    if let Some(u) = gui
        .selected
        .and_then(|id| b.unit(id))
        .filter(|u| u.side == side)
        .cloned()
    {
        if let Some(o) = u.order.as_ref().filter(|o| b.tables.order(o.kind).forced) {
            let row = b.tables.order(o.kind);
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(format!("{} must carry out {}", u.name, row.name)).color(RED),
                );
                rule_link(
                    ui,
                    gui,
                    if o.kind == OrderKind::Pursue {
                        "SBA-ORD-8"
                    } else {
                        "SBA-MOR-6"
                    },
                );
            });
        } else {
            let stats = b.stats(&u);
            if gui.draft.is_none() {
                gui.draft = game
                    .written
                    .get(&u.id)
                    .cloned()
                    .or_else(|| default_order(b, u.id))
                    .or(Some(OrderSpec::plain(OrderKind::Defend)));
            }
            let Some(draft) = gui.draft.as_mut() else {
                return;
            };
            let current = b.tables.order(draft.kind).name.clone();
            egui::ComboBox::from_id_salt("order_kind")
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for k in stats.orders.iter().filter(|k| !b.tables.order(**k).forced) {
                        let row = b.tables.order(*k);
                        if ui
                            .selectable_label(
                                draft.kind == *k,
                                format!("{} ({})", row.name, row.line),
                            )
                            .clicked()
                        {
                            *draft = OrderSpec::plain(*k);
                        }
                    }
                });
            if draft.kind.takes_target() || draft.kind.takes_destination() {
                let what = match (draft.target, draft.to) {
                    (Some(t), _) => b.unit(t).map_or(format!("unit {t}"), |t| t.name.clone()),
                    (None, Some((c, r))) => format!("hex ({c}, {r})"),
                    _ => "nothing yet".to_string(),
                };
                ui.horizontal(|ui| {
                    ui.label(format!("Target: {what}"));
                    let label = if gui.picking {
                        "click the board..."
                    } else {
                        "Pick on board"
                    };
                    if ui.button(label).clicked() {
                        gui.picking = !gui.picking;
                    }
                });
            }
            let draft = draft.clone();
            ui.horizontal(|ui| {
                if ui.button("Write order").clicked() {
                    gui.refusal = None;
                    cmds.write(SbaCommand::WriteOrder {
                        side,
                        unit: u.id,
                        order: draft.clone(),
                    });
                }
                if ui.button("Erase").clicked() {
                    cmds.write(SbaCommand::ClearOrder { side, unit: u.id });
                    gui.draft = None;
                }
            });
            odds_preview(ui, b, &u, &draft);
        }
    }
    if let Some(r) = gui.refusal.clone() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("Refused: {}", r.reason)).color(RED));
            rule_link(ui, gui, &r.rule);
        });
    }
    ui.separator();
    let other = side_name(scenario, 1 - side);
    let label = if game.planning_done[1 - side as usize] {
        "Orders done: execute the turn".to_string()
    } else {
        format!("Orders done: pass to {other}")
    };
    if ui.button(RichText::new(label).strong()).clicked() {
        cmds.write(SbaCommand::EndPlanning { side });
        gui.selected = None;
        gui.draft = None;
        gui.picking = false;
        gui.refusal = None;
    }
}

fn result_text(game: &SbaGame, scenario: &Scenario) -> String {
    let vp = format!(
        "{} {} - {} {}",
        side_name(scenario, 0),
        game.armies[0].victory_points,
        game.armies[1].victory_points,
        side_name(scenario, 1)
    );
    match game.result {
        Some(GameResult::Winner(s)) => {
            format!("{} wins. Victory points: {vp}", side_name(scenario, s))
        }
        Some(GameResult::Draw) => format!("A draw. Victory points: {vp}"),
        None => vp,
    }
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
            let c = if e.outcome.starts_with("fail") {
                RED
            } else {
                Color32::LIGHT_GREEN
            };
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
                ui.label(RichText::new(format!("set to {} ({})", m.value, m.name)).small());
            }
        });
    }
}

fn rules_window(ctx: &egui::Context, tables: &SbaTables, gui: &mut GuiState) {
    let Some(current) = gui.rules_open.clone() else {
        return;
    };
    let mut open = true;
    egui::Window::new("Rules reference")
        .open(&mut open)
        .default_width(460.0)
        .default_height(420.0)
        .show(ctx, |ui| {
            if let Some(r) = tables.rule(&current) {
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
                ui.label(&r.text);
            } else {
                ui.label(format!("No text for {current}."));
            }
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| {
                for r in &tables.rules.rules {
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

fn files_window(ctx: &egui::Context, gui: &mut GuiState) {
    if !gui.files_open {
        return;
    }
    let mut open = true;
    egui::Window::new("Save / load")
        .open(&mut open)
        .default_width(480.0)
        .show(ctx, |ui| {
            ui.label("Saves are taken in the Planning Phase or after the battle.");
            ui.text_edit_singleline(&mut gui.path);
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    gui.save_request = Some(gui.path.clone().into());
                }
                if ui.button("Load").clicked() {
                    gui.load_request = Some(gui.path.clone().into());
                }
            });
            ui.separator();
            let dir = crate::session::save_dir();
            ui.label(format!("In {}:", dir.display()));
            let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
                .map(|r| {
                    r.filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                        .collect()
                })
                .unwrap_or_default();
            files.sort();
            for f in files {
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

/// Draws every panel (runs in `EguiPrimaryContextPass`).
#[allow(clippy::too_many_arguments)]
pub fn ui(
    mut contexts: EguiContexts,
    view: Res<BattleView>,
    board: Option<Res<HexBoard>>,
    tables: Option<Res<SbaTables>>,
    scenario: Option<Res<Scenario>>,
    log: Option<Res<GameLog>>,
    mut gui: ResMut<GuiState>,
    mut cmds: MessageWriter<SbaCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let (Some(board), Some(tables), Some(scenario), Some(log), Some(game)) =
        (board, tables, scenario, log, view.game.clone())
    else {
        return Ok(());
    };
    let b = Battle::new(
        view.units.clone(),
        &board,
        &tables,
        game.edges,
        game.armies.clone(),
    );
    let mut root = egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    if gui.screenshot_mode && gui.selected.is_none() {
        gui.selected = view
            .viewer()
            .and_then(|s| view.units.iter().find(|u| u.side == s))
            .map(|u| u.id);
    }
    // Hot-seat: cover the board until the side to plan says it is at the screen.
    if view.phase == SbaPhase::Planning
        && !gui.screenshot_mode
        && let Some(side) = game.side_to_plan()
        && gui.revealed_for != Some((game.turn, side))
    {
        if gui.pass_screen != Some(side) {
            gui.pass_screen = Some(side);
            gui.selected = None;
            gui.draft = None;
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::new().fill(Color32::from_rgb(24, 24, 30)))
            .show(&mut root, |ui| {
                ui.vertical_centered(|ui| {
                    ui.add_space(ui.available_height() / 3.0);
                    ui.heading(RichText::new(format!("Turn {}: {} writes orders", game.turn, side_name(&scenario, side))).size(28.0));
                    ui.label("Pass the screen to this player. The other side's orders and hidden units stay covered.");
                    ui.add_space(12.0);
                    if ui.button(RichText::new(format!("I am {}: show my army", side_name(&scenario, side))).size(18.0)).clicked() {
                        gui.revealed_for = Some((game.turn, side));
                        gui.pass_screen = None;
                    }
                });
            });
        return Ok(());
    }
    egui::Panel::top("top").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.label(RichText::new("Kassen").strong().size(18.0));
            ui.separator();
            ui.label(RichText::new(&scenario.name).strong());
            ui.separator();
            let limit = scenario
                .turn_limit
                .map_or(String::new(), |l| format!(" of {l}"));
            ui.label(format!("Turn {}{limit}", game.turn));
            ui.separator();
            ui.label(view.phase.name());
            ui.separator();
            ui.label(result_text(&game, &scenario));
            ui.separator();
            if ui.button("Save / load").clicked() {
                gui.files_open = true;
            }
            if ui.button("Briefing").clicked() {
                gui.briefing_open = true;
            }
            if ui.button("Rules").clicked() {
                gui.rules_open = Some("SBA-FORT-2".to_string());
            }
        });
    });
    egui::Panel::bottom("log")
        .resizable(true)
        .default_size(210.0)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.heading("Roll log");
                ui.label(
                    RichText::new("every test with its dice, target, modifiers, rule and chance")
                        .color(DIM),
                );
            });
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let hidden: Vec<u32> = view
                        .units
                        .iter()
                        .filter(|u| !view.shows(u))
                        .map(|u| u.id)
                        .collect();
                    for e in log
                        .entries
                        .iter()
                        .filter(|e| !e.units.iter().any(|u| hidden.contains(u)))
                    {
                        log_entry(ui, &mut gui, e);
                    }
                });
        });
    egui::Panel::left("card")
        .resizable(true)
        .default_size(320.0)
        .min_size(300.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("card_scroll")
                .show(ui, |ui| {
                    unit_card(ui, &b, &view, &mut gui, &scenario);
                });
        });
    egui::Panel::right("orders")
        .resizable(true)
        .default_size(340.0)
        .min_size(330.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("orders_scroll")
                .show(ui, |ui| {
                    orders_panel(ui, &b, &view, &mut gui, &scenario, &mut cmds);
                });
        });
    if gui.briefing_open {
        let mut open = true;
        egui::Window::new(format!("Briefing: {}", scenario.name))
            .open(&mut open)
            .default_width(420.0)
            .show(&ctx, |ui| {
                ui.label(&scenario.description);
                ui.separator();
                ui.label(
                    RichText::new(format!("Victory: {}", scenario.victory.description)).strong(),
                );
                ui.label(format!(
                    "Hot-seat: {} writes orders first, then {}.",
                    side_name(&scenario, 0),
                    side_name(&scenario, 1)
                ));
            });
        gui.briefing_open = open;
    }
    rules_window(&ctx, &tables, &mut gui);
    files_window(&ctx, &mut gui);
    if view.phase == SbaPhase::GameOver {
        egui::Window::new("The battle is over")
            .collapsible(false)
            .show(&ctx, |ui| {
                ui.label(RichText::new(result_text(&game, &scenario)).size(18.0));
            });
    }
    Ok(())
}
