//! The dice tray: when a roll lands in the log, its dice tumble briefly in
//! a tray over the board, then settle on the faces rolled with the outcome
//! and the rule, and the tray fades. The faces tumbling are drawn from the
//! clock, never from the game's dice; the game has already changed, so the
//! tray never delays play. *Reduced motion* shows the settled dice at once.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::engine::log::LogEntry;
use crate::t;

use super::play::ViewModel;
use super::sets::{AppSystems, game_screen};
use super::settings::{Motion, Settings};
use super::state::{AppMode, BoardArea};
use super::widgets::{die_face, faces_of_die, is_base_marker, shown};

/// Seconds the settled dice stay in the tray.
const SETTLED: f32 = 2.0;

/// Where the tray is in its show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrayStep {
    /// The dice tumble.
    Tumble,
    /// The dice show the faces rolled.
    Settled,
    /// The tray is gone.
    Gone,
}

/// Seconds the dice tumble under `motion` (0 for reduced motion).
pub fn tumble_seconds(motion: Motion) -> f32 {
    match motion {
        Motion::Normal => 0.6,
        Motion::Fast => 0.2,
        Motion::Reduced => 0.0,
    }
}

/// The tray's step `elapsed` seconds after a roll landed.
pub fn tray_step(motion: Motion, elapsed: f32) -> TrayStep {
    let t = tumble_seconds(motion);
    if elapsed < t {
        TrayStep::Tumble
    } else if elapsed < t + SETTLED {
        TrayStep::Settled
    } else {
        TrayStep::Gone
    }
}

/// The number of faces of a die named like `"d20"`, `"d6"` or `"d10"`
/// (6 when the name says none).
pub fn faces_of(die: Option<&str>) -> u32 {
    die.and_then(|d| {
        d.trim_start_matches(|c: char| !c.is_ascii_digit())
            .parse()
            .ok()
    })
    .filter(|n: &u32| *n >= 2)
    .unwrap_or(6)
}

/// The rolls in the tray, and when they landed.
#[derive(Resource, Clone, Debug, Default)]
pub struct DiceTray {
    /// Log entries already seen.
    seen: usize,
    /// The entries with dice that landed last (at most 3).
    rolls: Vec<LogEntry>,
    /// When they landed (seconds of app time).
    since: f32,
}

/// Catches new rolls in the log and draws the tray over the board.
pub fn dice_tray_ui(
    mut contexts: EguiContexts,
    mut tray: ResMut<DiceTray>,
    view: Res<ViewModel>,
    (mode, area): (Res<AppMode>, Res<BoardArea>),
    settings: Option<Res<Settings>>,
    time: Res<Time>,
    mut redraw: MessageWriter<RequestRedraw>,
) -> Result {
    let now = time.elapsed_secs();
    if view.log.len() < tray.seen {
        // A new game or a replay jump: start over without a show.
        tray.seen = view.log.len();
        tray.rolls.clear();
    }
    if view.log.len() > tray.seen {
        let fresh: Vec<LogEntry> = view.log[tray.seen..]
            .iter()
            .filter(|e| !e.dice.is_empty())
            .cloned()
            .collect();
        // The first view of a game shows no old rolls.
        if tray.seen > 0 && !fresh.is_empty() {
            let skip = fresh.len().saturating_sub(3);
            tray.rolls = fresh.into_iter().skip(skip).collect();
            tray.since = now;
        }
        tray.seen = view.log.len();
    }
    let motion = settings.map(|s| s.motion).unwrap_or_default();
    let step = tray_step(motion, now - tray.since);
    if tray.rolls.is_empty() || step == TrayStep::Gone || mode.screenshot {
        return Ok(());
    }
    redraw.write(RequestRedraw);
    let ctx = contexts.ctx_mut()?;
    let z = ctx.zoom_factor();
    let at = area.0.map_or(egui::pos2(400.0, 500.0), |[x0, _, x1, y1]| {
        egui::pos2((x0 + x1) / 2.0 / z - 150.0, y1 / z - 110.0)
    });
    // Tumbling faces from the clock: they change every 60 ms.
    let tick = (now * 1000.0 / 60.0) as u64;
    egui::Area::new(egui::Id::new("dice tray"))
        .order(egui::Order::Foreground)
        .fixed_pos(at)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_min_width(300.0);
                for (i, r) in tray.rolls.iter().enumerate() {
                    let symbols = faces_of_die(&view.die_faces, r.die.as_deref());
                    let n = faces_of(r.die.as_deref());
                    ui.horizontal(|ui| {
                        for (k, f) in r.dice.iter().enumerate() {
                            let shown = match step {
                                TrayStep::Tumble => {
                                    let h = (tick + 7 * k as u64 + 31 * i as u64)
                                        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
                                    1 + (h >> 33) as u32 % n
                                }
                                _ => *f,
                            };
                            if symbols.is_some() {
                                die_face(ui, shown, symbols, 26.0);
                                continue;
                            }
                            egui::Frame::new()
                                .fill(egui::Color32::from_rgb(235, 228, 210))
                                .corner_radius(4.0)
                                .inner_margin(egui::Margin::symmetric(6, 2))
                                .show(ui, |ui| {
                                    ui.label(
                                        egui::RichText::new(shown.to_string())
                                            .monospace()
                                            .size(18.0)
                                            .strong()
                                            .color(egui::Color32::from_rgb(25, 25, 25)),
                                    );
                                });
                        }
                        if step == TrayStep::Settled {
                            ui.label(egui::RichText::new(shown(&r.outcome)).strong());
                            if !is_base_marker(&r.rule) {
                                ui.label(egui::RichText::new(&r.rule).weak());
                            }
                        } else if let Some(d) = &r.die {
                            ui.label(
                                egui::RichText::new(t!("panels-dice-rolling", die = d)).weak(),
                            );
                        }
                    });
                }
            });
        });
    Ok(())
}

/// The dice tray over the board (off while the editor has the board).
pub struct DiceTrayPlugin;

impl Plugin for DiceTrayPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<DiceTray>().add_systems(
            EguiPrimaryContextPass,
            dice_tray_ui
                .in_set(AppSystems::Draw)
                .run_if(game_screen)
                .run_if(|view: Res<ViewModel>| view.loaded),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tray_tumbles_then_settles_then_goes_and_reduced_motion_never_tumbles() {
        assert_eq!(tray_step(Motion::Normal, 0.1), TrayStep::Tumble);
        assert_eq!(tray_step(Motion::Normal, 0.7), TrayStep::Settled);
        assert_eq!(tray_step(Motion::Normal, 3.0), TrayStep::Gone);
        assert_eq!(tray_step(Motion::Fast, 0.3), TrayStep::Settled);
        assert_eq!(tray_step(Motion::Reduced, 0.0), TrayStep::Settled);
        assert_eq!(faces_of(Some("d20")), 20);
        assert_eq!(faces_of(Some("d10")), 10);
        assert_eq!(faces_of(Some("battle dice")), 6);
        assert_eq!(faces_of(None), 6);
    }
}
