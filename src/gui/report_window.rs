//! The after-action report window: the game's course as plots (egui_plot),
//! each side's luck and the key moments, from [`crate::report`]. It opens
//! by itself when a battle ends (not in the demo), and from the *Report*
//! buttons of the battle-over window and the replay panel; a key moment's
//! button opens the replay after that command (a live game becomes a
//! replay of itself). The evaluation curve fills in the background
//! (Bevy's `AsyncComputeTaskPool`), one point at a time, while the plots
//! already show; *Save as HTML* writes the page `kassen report` writes.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::{Color32, RichText};
use egui_plot::{Legend, Line as PlotLine, Plot};

use super::play::{ActiveGame, AppAutosave, Decision, ViewModel};
use super::replay::{ReplayGame, ReplayStart, ReplayView, Viewpoint, replay_game};
use super::sets::{AppSystems, game_screen, people_play};
use super::state::{AppMode, ReportOpen};
use super::widgets::{DIM, RED, shown};
use crate::engine::core::Module;
use crate::engine::game::{Game, write_atomically};
use crate::report::series::{self, Line};
use crate::report::{REPORT_PLAYOUTS, Report, Timeline, html};
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;
use crate::t;

/// What the window shows and asks for.
#[derive(Resource, Debug, Default)]
pub struct ReportWindow {
    /// The report shown (its curve filling).
    pub report: Option<Report>,
    /// A key moment's command to open the replay after.
    pub seek: Option<usize>,
    /// The curve is being filled.
    pub filling: bool,
    /// *Save as HTML* was pressed.
    pub export: bool,
    /// What the last export did, or why the report could not be built;
    /// and whether that is a failure.
    pub note: (String, bool),
}

/// Module `R`'s report being built: its timeline, the game it is of (seed,
/// commands and last checksum) and the point being evaluated.
#[derive(Resource)]
struct ReportJob<R: Module> {
    timeline: Timeline<R>,
    key: (u64, usize, Option<u64>),
    task: Option<Task<(usize, f64)>>,
}

/// Which game a report is of.
fn key_of<R: Module>(g: &Game<R>) -> (u64, usize, Option<u64>) {
    let e = &g.journal.entries;
    (g.journal.seed, e.len(), e.last().map(|x| x.checksum))
}

/// Builds and fills module `R`'s report while the window is open: anew
/// when the game it shows is another (a replay's whole game, else the
/// game in play), then one evaluation task at a time.
fn report_jobs<R: Module>(
    mut commands: Commands,
    open: Res<ReportOpen>,
    mut window: ResMut<ReportWindow>,
    job: Option<ResMut<ReportJob<R>>>,
    game: Option<Res<ActiveGame<R>>>,
    replay: Option<Res<ReplayGame<R>>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !open.0 {
        return;
    }
    let game = match (&replay, &game) {
        (Some(r), _) => r.0.full(),
        (None, Some(g)) => &g.0,
        (None, None) => return,
    };
    let key = key_of(game);
    let Some(mut job) = job.filter(|j| j.key == key) else {
        match Timeline::of(game) {
            Ok(timeline) => {
                window.report = Some(timeline.report.clone());
                window.note = (String::new(), false);
                commands.insert_resource(ReportJob {
                    timeline,
                    key,
                    task: None,
                });
            }
            Err(e) => {
                window.report = None;
                window.note = (e, true);
            }
        }
        return;
    };
    if let Some((i, v)) = job.task.as_mut().and_then(check_ready) {
        job.timeline.set_eval(i, v);
        job.task = None;
        window.report = Some(job.timeline.report.clone());
    }
    if job.task.is_none()
        && let Some((i, work)) = job.timeline.next_job(REPORT_PLAYOUTS, key.0)
    {
        job.task = Some(AsyncComputeTaskPool::get().spawn(async move { (i, work()) }));
    }
    window.filling = job.task.is_some();
    if window.filling {
        // Frames keep coming until the curve is filled (the app sleeps
        // otherwise).
        redraw.write(RequestRedraw);
    }
}

/// Carries out the window's asks for module `R`: a key moment opens the
/// replay there (of the game in play, when no replay is open), and *Save
/// as HTML* writes the page into the saves folder.
fn report_asks<R: Module>(world: &mut World) {
    let (seek, export) = {
        let mut w = world.resource_mut::<ReportWindow>();
        (w.seek.take(), std::mem::take(&mut w.export))
    };
    if export {
        let note = export_page(world.resource::<ReportWindow>().report.as_ref());
        world.resource_mut::<ReportWindow>().note = note;
    }
    let Some(at) = seek else { return };
    if let Some(mut view) = world.get_resource_mut::<ReplayView>() {
        view.seek(at);
        return;
    }
    let Some(game) = world.get_resource::<ActiveGame<R>>().map(|g| g.0.clone()) else {
        return;
    };
    let file = world
        .resource::<AppAutosave>()
        .0
        .clone()
        .unwrap_or_default();
    let start = ReplayStart {
        at: Some(at),
        viewpoint: Some(Viewpoint::Spectator),
    };
    if let Err(e) = replay_game(world, game, file, start) {
        world.resource_mut::<ReportWindow>().note = (e, true);
    }
}

/// Writes the report's page into the saves folder: the note saying where,
/// or why not.
fn export_page(report: Option<&Report>) -> (String, bool) {
    let Some(r) = report else {
        return (String::new(), false);
    };
    let name: String = r
        .title
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let path = session::save_dir().join(format!("report-{name}-{}.html", r.commands));
    let written = html::page(r).and_then(|page| {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        write_atomically(&path, page.as_bytes())
    });
    match written {
        Ok(()) => (t!("report-exported", path = path.display()), false),
        Err(e) => (t!("report-not-exported", error = e), true),
    }
}

/// Opens the window when a battle ends in play (not in the demo, not for
/// a screenshot).
fn open_at_the_end(mode: Res<AppMode>, mut open: ResMut<ReportOpen>) {
    if !mode.kiosk && !mode.screenshot {
        open.0 = true;
    }
}

/// Draws the window.
fn report_ui(
    mut contexts: EguiContexts,
    mut open: ResMut<ReportOpen>,
    mut window: ResMut<ReportWindow>,
) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut still = true;
    egui::Window::new(t!("report-window-title"))
        .id(egui::Id::new("after-action report"))
        .open(&mut still)
        .default_size([620.0, 700.0])
        .vscroll(true)
        .show(ctx, |ui| report_body(ui, &mut window));
    open.0 = still;
    Ok(())
}

/// The window's contents.
fn report_body(ui: &mut egui::Ui, w: &mut ReportWindow) {
    let (note, failed) = w.note.clone();
    let Some(r) = w.report.clone() else {
        ui.label(RichText::new(shown(&note)).color(RED));
        return;
    };
    ui.heading(shown(&r.title));
    ui.label(
        RichText::new(format!(
            "{} · {}",
            r.system,
            t!("report-commands", n = r.commands)
        ))
        .color(DIM),
    );
    if let Some(o) = &r.outcome {
        ui.label(RichText::new(shown(o)).strong());
    }
    if w.filling {
        let done = r.eval.iter().flatten().count();
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(t!("report-filling", done = done, of = r.eval.len()));
        });
    }
    plot(
        ui,
        &r,
        "strength",
        &t!("report-strength"),
        &series::strength_lines(&r),
        None,
    );
    plot(
        ui,
        &r,
        "victory",
        &t!("report-tracks"),
        &series::victory_lines(&r),
        None,
    );
    let eval = series::eval_lines(&r);
    plot(ui, &r, "eval", &t!("report-eval"), &eval, Some(100.0));
    ui.separator();
    ui.strong(t!("report-luck-title"));
    for s in 0..2 {
        ui.label(shown(&r.luck_sentence(s)));
    }
    ui.separator();
    ui.strong(t!("report-moments"));
    let moments = r.moments();
    if moments.is_empty() {
        ui.label(RichText::new(t!("report-no-moments")).color(DIM));
    }
    for m in moments {
        ui.horizontal_wrapped(|ui| {
            let text = m.sentence(&r.sides[0]);
            if ui
                .button(t!("report-show-moment"))
                .on_hover_text(t!("report-show-moment-hover"))
                .clicked()
            {
                w.seek = Some(m.command);
            }
            ui.label(shown(&text));
        });
        if !m.roll.is_empty() {
            ui.label(RichText::new(shown(&m.roll)).small().color(DIM));
        }
    }
    ui.separator();
    if ui.button(t!("report-export")).clicked() {
        w.export = true;
    }
    if !note.is_empty() {
        let color = if failed { RED } else { DIM };
        ui.label(RichText::new(shown(&note)).color(color));
    }
}

/// The share of a plot's height kept free above its lines for the legend.
const LEGEND_ROOM: f64 = 0.5;

/// One plot of lines over the report's points, `id` naming it, the x axis
/// in turns; `top`: the y axis from 0 to it.
fn plot(ui: &mut egui::Ui, r: &Report, id: &str, title: &str, lines: &[Line], top: Option<f64>) {
    ui.label(RichText::new(title).strong());
    let turns: Vec<u32> = r.points.iter().map(|p| p.turn).collect();
    let end = turns.len().saturating_sub(1);
    let mut p = Plot::new(("report plot", id))
        .height(150.0)
        .legend(Legend::default())
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() > 1e-6 || i < 0.0 {
                return String::new();
            }
            match turns.get(i as usize) {
                Some(_) if i as usize == end && end > 0 => t!("report-end"),
                Some(t) => t!("report-turn", turn = t),
                None => String::new(),
            }
        });
    // Room above the lines for the legend (a quarter of the range).
    let ys = lines.iter().flat_map(|l| l.points.iter().map(|pt| pt.1));
    let (lo, hi) = ys.fold((0.0f64, top.unwrap_or(0.0)), |(a, b), y| {
        (a.min(y), b.max(y))
    });
    p = p.include_y(lo).include_y(hi + (hi - lo) * LEGEND_ROOM);
    p.show(ui, |pu| {
        for l in lines {
            let [red, g, b] = l.color;
            let pts: Vec<[f64; 2]> = l.points.iter().map(|(x, y)| [*x, *y]).collect();
            pu.line(
                PlotLine::new(l.name.clone(), pts)
                    .color(Color32::from_rgb(red, g, b))
                    .width(2.0),
            );
        }
    });
}

/// The report window's resources and systems, with every module's.
pub struct ReportWindowPlugin;

impl Plugin for ReportWindowPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ReportWindow>()
            .add_systems(OnEnter(Decision::Over), open_at_the_end.run_if(people_play))
            .add_systems(
                EguiPrimaryContextPass,
                report_ui
                    .in_set(AppSystems::Draw)
                    .run_if(game_screen)
                    .run_if(|view: Res<ViewModel>| view.loaded),
            );
        struct AddModules<'a>(&'a mut App);
        impl ModuleVisitor for AddModules<'_> {
            fn visit<R: Module>(&mut self) {
                self.0.add_systems(
                    Update,
                    (report_jobs::<R>, report_asks::<R>)
                        .chain()
                        .in_set(AppSystems::Game)
                        .run_if(resource_exists::<ActiveGame<R>>),
                );
            }
        }
        visit_all(&mut AddModules(app));
    }
}
