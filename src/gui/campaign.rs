//! Campaigns in the app: the title screen's *Campaigns* page (every
//! campaign file, its briefing, its battles with the results so far, the
//! standing and the rules that carry over), and the campaign under way: each
//! battle installed as an ordinary game that autosaves beside the
//! campaign's progress, its result recorded when it ends, and the window
//! between battles that says what carries into the next
//! ([`crate::campaign`]).

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::RichText;

use crate::campaign::{self, BattleResult, CampaignProgress, CampaignSpec};
use crate::engine::core::{Module, checksum};
use crate::engine::game::data_dir;
use crate::engine::seats::{Level, Seats};
use crate::i18n::lang;
use crate::rules::{ModuleVisitor, visit_all};
use crate::session::{self, WithModule, with_module};
use crate::t;

use super::play::{ActiveGame, AppAutosave, install_text};
use super::sets::AppSystems;
use super::state::{Mode, Screen};
use super::widgets::{DIM, RED, mode_picker};

/// One campaign on the title screen.
#[derive(Clone, Debug)]
pub struct CampaignEntry {
    /// The campaign file.
    pub path: PathBuf,
    /// What it says.
    pub spec: CampaignSpec,
    /// Its rule system's name.
    pub system: &'static str,
    /// Each battle's scenario name (its file name when it cannot be read).
    pub battle_names: Vec<String>,
}

/// What the title screen's *Campaigns* page shows and was asked.
#[derive(Resource, Default)]
pub struct CampaignTitle {
    /// The page is shown (else the scenarios).
    pub shown: bool,
    /// The campaigns, read when the page is first shown.
    pub entries: Option<Vec<CampaignEntry>>,
    /// Files that could not be read, with why.
    pub broken: Vec<String>,
    /// The campaign picked.
    pub picked: usize,
    /// Begin (with these seats) or resume the picked campaign.
    pub request: Option<(PathBuf, Option<Seats>)>,
    /// *Begin again* was pressed over saved progress: the page asks
    /// before the progress is replaced.
    pub confirm_again: bool,
    /// The last error.
    pub error: Option<String>,
}

/// The campaign under way while its battles are played.
#[derive(Resource, Clone, Debug)]
pub struct CampaignRun {
    /// The campaign.
    pub spec: CampaignSpec,
    /// Where it stands.
    pub progress: CampaignProgress,
    /// Its progress file (the battle's save beside it).
    pub progress_path: PathBuf,
    /// The checksum of the battle's scenario (boons given), so that a
    /// result is recorded only for that battle.
    pub battle: u64,
    /// Each battle's scenario name.
    pub battle_names: Vec<String>,
    /// The battle's result is recorded: the window between battles shows.
    pub recorded: bool,
    /// Why the campaign cannot go on, if it cannot.
    pub error: Option<String>,
}

/// The campaign folder: `campaigns/` in the working directory, else beside
/// the executable; else `campaigns/` still names the shipped campaigns,
/// which open from the binary's copy.
pub fn campaign_dir() -> PathBuf {
    super::catalog::shipped_dir("campaigns")
}

/// The progress file of the campaign at `path`, in the platform data
/// directory (`~/.local/share/kassen/campaigns/<name>.ron` on Linux).
pub fn progress_path(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "campaign".into(), |s| s.to_string_lossy().into_owned());
    data_dir().join("campaigns").join(format!("{stem}.ron"))
}

/// Every campaign of `dir` (and the shipped ones missing there), read.
pub fn read_campaigns(dir: &Path) -> (Vec<CampaignEntry>, Vec<String>) {
    let mut paths = session::ron_files(dir);
    for (name, _) in crate::engine::assets::BUILT_IN_CAMPAIGNS {
        let p = dir.join(name);
        if !paths.contains(&p) {
            paths.push(p);
        }
    }
    paths.sort();
    let (mut entries, mut broken) = (Vec::new(), Vec::new());
    for path in paths {
        match campaign::load(&path) {
            Ok(spec) => {
                let system = system_title(&spec.ruleset);
                let battle_names = battle_names(&path, &spec);
                entries.push(CampaignEntry {
                    path,
                    spec,
                    system,
                    battle_names,
                });
            }
            Err(e) => broken.push(e.to_string()),
        }
    }
    (entries, broken)
}

/// The scenario names of a campaign's battles, read through the registry.
fn battle_names(path: &Path, spec: &CampaignSpec) -> Vec<String> {
    struct Name(String, String);
    impl WithModule for Name {
        type Out = Option<String>;
        fn run<R: Module>(self) -> Option<String> {
            let s = R::parse_scenario(&self.0, &self.1).ok()?;
            Some(R::describe(&s).name)
        }
    }
    let dir = campaign::folder_of(path);
    spec.battles
        .iter()
        .map(|b| {
            session::read(&dir.join(&b.scenario))
                .ok()
                .and_then(|(f, t)| with_module(&spec.ruleset, Name(f, t)).flatten())
                .unwrap_or_else(|| b.scenario.clone())
        })
        .collect()
}

fn system_title(ruleset: &str) -> &'static str {
    struct Title;
    impl WithModule for Title {
        type Out = &'static str;
        fn run<R: Module>(self) -> &'static str {
            R::TITLE
        }
    }
    with_module(ruleset, Title).unwrap_or("?")
}

/// The campaign's battles, results and carry rules, shared by the title
/// page and the window between battles.
fn battles_block(
    ui: &mut egui::Ui,
    spec: &CampaignSpec,
    names: &[String],
    results: &[BattleResult],
) {
    let l = lang();
    for (i, b) in spec.battles.iter().enumerate() {
        let name = names.get(i).cloned().unwrap_or_else(|| b.scenario.clone());
        let line = match results.get(i) {
            Some(r) => match r.winner {
                Some(w) => t!(
                    "campaign-battle-played",
                    n = i + 1,
                    name = r.name,
                    winner = spec.sides.get(usize::from(w)).cloned().unwrap_or_default(),
                    a = r.points[0],
                    b = r.points[1]
                ),
                None => t!(
                    "campaign-battle-drawn",
                    n = i + 1,
                    name = r.name,
                    a = r.points[0],
                    b = r.points[1]
                ),
            },
            None if i == results.len() => t!("campaign-battle-next", n = i + 1, name = name),
            None => t!("campaign-battle-later", n = i + 1, name = name),
        };
        let text = RichText::new(line);
        ui.label(if i < results.len() {
            text
        } else {
            text.color(DIM)
        });
    }
    ui.add_space(4.0);
    ui.label(RichText::new(t!("campaign-rules")).strong());
    ui.label(format!(
        "{}: {}",
        spec.score_rule.id,
        spec.score_rule.text.in_lang(l)
    ));
    for c in &spec.carry {
        ui.label(format!("{}: {}", c.rule.id, c.rule.text.in_lang(l)));
    }
}

/// The standing in words, in the app's language.
fn standing_line(spec: &CampaignSpec, progress: &CampaignProgress) -> String {
    let s = progress.standing();
    let score = t!(
        "campaign-score",
        a = spec.sides[0],
        pa = s.points[0],
        wa = s.wins[0],
        b = spec.sides[1],
        pb = s.points[1],
        wb = s.wins[1]
    );
    if !progress.is_over(spec) {
        return score;
    }
    match s.leader() {
        Some(w) => t!(
            "campaign-won",
            side = spec.sides[usize::from(w)],
            score = score
        ),
        None => t!("campaign-drawn", score = score),
    }
}

/// The *Campaigns* page's left column: every campaign; a click picks one.
pub(crate) fn campaign_list(ui: &mut egui::Ui, page: &mut CampaignTitle) {
    if page.entries.is_none() {
        let (entries, broken) = read_campaigns(&campaign_dir());
        page.entries = Some(entries);
        page.broken = broken;
    }
    let mut picked = page.picked;
    for (i, e) in page.entries.iter().flatten().enumerate() {
        let text = format!(
            "{}\n{} · {}",
            e.spec.name.in_lang(lang()),
            e.system,
            t!("campaign-battles-count", n = e.spec.battles.len())
        );
        if ui.selectable_label(i == picked, text).clicked() {
            picked = i;
        }
    }
    page.picked = picked;
    for b in &page.broken {
        ui.label(RichText::new(b).color(RED).small());
    }
}

/// The *Campaigns* page's right column: the picked campaign, its battles
/// and standing, and *Begin* / *Resume*.
pub(crate) fn picked_campaign(
    right: &mut egui::Ui,
    page: &mut CampaignTitle,
    mode: &mut Mode,
    default_level: Level,
) {
    let Some(e) = page
        .entries
        .as_ref()
        .and_then(|v| v.get(page.picked))
        .cloned()
    else {
        right.label(t!("campaign-none"));
        return;
    };
    right.heading(e.spec.name.in_lang(lang()));
    right.label(t!("title-rule-system", system = e.system));
    right.label(t!("title-sides", sides = e.spec.sides.join(" – ")));
    let saved = CampaignProgress::load(&progress_path(&e.path)).ok();
    egui::ScrollArea::vertical()
        .id_salt("campaign")
        .max_height(right.available_height() - 150.0)
        .show(right, |ui| {
            ui.label(e.spec.briefing.text());
            ui.add_space(6.0);
            ui.label(RichText::new(t!("campaign-battles")).strong());
            let results = saved.as_ref().map_or(&[][..], |p| &p.results[..]);
            battles_block(ui, &e.spec, &e.battle_names, results);
            if let Some(p) = &saved {
                ui.add_space(4.0);
                ui.label(RichText::new(standing_line(&e.spec, p)).strong());
            }
        });
    right.add_space(6.0);
    // The players' choice; the button says what it begins.
    let _ = mode_picker(right, mode, &e.spec.sides, default_level);
    let begin = if saved.is_some() {
        t!("campaign-begin-again")
    } else {
        t!("campaign-begin")
    };
    let mut start = false;
    if page.confirm_again && saved.is_some() {
        // Saved progress is replaced only when the player says so twice.
        let played = saved.as_ref().map_or(0, |p| p.results.len());
        right.label(RichText::new(t!("campaign-again-ask", n = played)).color(RED));
        right.horizontal(|ui| {
            start = ui.button(t!("campaign-again-yes")).clicked();
            if ui.button(t!("campaign-again-no")).clicked() {
                page.confirm_again = false;
            }
        });
    } else if right.button(RichText::new(begin).strong()).clicked() {
        start = saved.is_none();
        page.confirm_again = saved.is_some();
    }
    if start {
        page.confirm_again = false;
        let ai_seed = crate::engine::dice::fresh_seed();
        page.request = Some((e.path.clone(), Some(mode.seats(ai_seed))));
    }
    if let Some(p) = saved.filter(|p| !p.is_over(&e.spec)) {
        let next = p.results.len() + 1;
        if right
            .button(RichText::new(t!("campaign-resume", n = next)).strong())
            .clicked()
        {
            page.request = Some((e.path.clone(), None));
        }
    }
    if let Some(err) = &page.error {
        right.label(RichText::new(err).color(RED));
    }
}

/// The battle the campaign stands at, built and put on the board: its save
/// beside the progress when it matches, else a new game of it.
struct InstallBattle<'a> {
    world: &'a mut World,
    run: CampaignRun,
}

impl WithModule for InstallBattle<'_> {
    type Out = Result<(), String>;
    fn run<R: Module>(self) -> Result<(), String> {
        let InstallBattle { world, mut run } = self;
        let dir = campaign::folder_of(&run.progress.campaign);
        let setup =
            campaign::battle::<R>(&run.spec, &dir, &run.progress.results, run.progress.seed)
                .map_err(|e| e.to_string())?;
        let battle_file = campaign::battle_path(&run.progress_path);
        let game = campaign::open_battle(&setup, Some(&battle_file), &run.progress.seats)
            .map_err(|e| e.to_string())?;
        let text = game.save_text()?;
        run.battle = checksum(&setup.scenario);
        run.recorded = false;
        install_text(world, &setup.file, &text, None, None)?;
        // The battle autosaves beside the campaign's progress, never over
        // the app's own autosave.
        world.resource_mut::<AppAutosave>().0 = Some(battle_file);
        world.insert_resource(run);
        world
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        Ok(())
    }
}

/// Begins or resumes the campaign asked for on the title page.
fn handle_campaign_requests(world: &mut World) {
    let Some((path, seats)) = world.resource_mut::<CampaignTitle>().request.take() else {
        return;
    };
    let result = start(world, &path, seats, progress_path(&path));
    world.resource_mut::<CampaignTitle>().error = result.err();
    world.write_message(bevy::window::RequestRedraw);
}

/// A campaign from its first battle (with `seats`), or from its progress
/// file `progress_path` (`None`).
fn start(
    world: &mut World,
    path: &Path,
    seats: Option<Seats>,
    progress_path: PathBuf,
) -> Result<(), String> {
    let spec = campaign::load(path).map_err(|e| e.to_string())?;
    let progress = match seats {
        Some(seats) => {
            let p = CampaignProgress::new(path.to_path_buf(), seats, spec.seed);
            p.save_atomically(&progress_path)?;
            // A battle save of the campaign begun before is not this one's.
            let _ = std::fs::remove_file(campaign::battle_path(&progress_path));
            p
        }
        None => CampaignProgress::load(&progress_path).map_err(|e| e.to_string())?,
    };
    next_battle(world, spec, progress, progress_path)
}

fn next_battle(
    world: &mut World,
    spec: CampaignSpec,
    progress: CampaignProgress,
    progress_path: PathBuf,
) -> Result<(), String> {
    let ruleset = spec.ruleset.clone();
    let battle_names = battle_names(&progress.campaign, &spec);
    let run = CampaignRun {
        spec,
        progress,
        progress_path,
        battle: 0,
        battle_names,
        recorded: false,
        error: None,
    };
    with_module(&ruleset, InstallBattle { world, run })
        .unwrap_or_else(|| Err(format!("no module plays \"{ruleset}\"")))
}

/// Records the battle's result once it ends: into the progress, saved
/// atomically, the battle's save removed.
fn record_result(world: &mut World) {
    let Some(run) = world.get_resource::<CampaignRun>() else {
        return;
    };
    if run.recorded {
        return;
    }
    struct Ended<'a> {
        world: &'a World,
        battle: u64,
        out: Option<BattleResult>,
    }
    impl ModuleVisitor for Ended<'_> {
        fn visit<R: Module>(&mut self) {
            if let Some(g) = self.world.get_resource::<ActiveGame<R>>()
                && checksum(g.0.scenario()) == self.battle
            {
                self.out = campaign::battle_result(&g.0);
            }
        }
    }
    let mut ended = Ended {
        world,
        battle: run.battle,
        out: None,
    };
    visit_all(&mut ended);
    let Some(result) = ended.out else {
        return;
    };
    let mut run = world.resource_mut::<CampaignRun>();
    run.progress.results.push(result);
    run.recorded = true;
    if let Err(e) = run.progress.save_atomically(&run.progress_path) {
        run.error = Some(e);
    }
    let _ = std::fs::remove_file(campaign::battle_path(&run.progress_path));
}

/// What the window between battles asked.
#[derive(Resource, Default)]
struct Between(Option<BetweenAction>);

enum BetweenAction {
    Next,
    Title,
}

/// The window between battles: the result, the standing, what carries
/// into the next battle, and *Next battle* (or the campaign's end).
fn between_window(
    mut contexts: EguiContexts,
    run: Option<Res<CampaignRun>>,
    mut asked: ResMut<Between>,
) -> Result {
    let Some(run) = run.filter(|r| r.recorded) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let (spec, progress) = (&run.spec, &run.progress);
    egui::Window::new(t!("campaign-window", name = spec.name.in_lang(lang())))
        .id(egui::Id::new("campaign-between"))
        .collapsible(true)
        .min_width(440.0)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
        .show(&ctx, |ui| {
            if let Some(r) = progress.results.last() {
                let n = progress.results.len();
                let of = spec.battles.len();
                let text = match r.winner {
                    Some(w) => t!(
                        "campaign-battle-result",
                        n = n,
                        of = of,
                        name = r.name,
                        winner = spec.sides.get(usize::from(w)).cloned().unwrap_or_default(),
                        a = r.points[0],
                        b = r.points[1]
                    ),
                    None => t!(
                        "campaign-battle-result-drawn",
                        n = n,
                        of = of,
                        name = r.name,
                        a = r.points[0],
                        b = r.points[1]
                    ),
                };
                ui.label(RichText::new(text).strong());
            }
            ui.label(standing_line(spec, progress));
            if let Some(w) = progress.results.last().and_then(|r| r.winner)
                && !progress.is_over(spec)
            {
                for c in &spec.carry {
                    let side = c.to.side(w);
                    let what = format!(
                        "{}: {}: {}",
                        c.rule.id,
                        spec.sides[usize::from(side.min(1))],
                        c.rule.text.in_lang(lang())
                    );
                    ui.label(t!("campaign-carried", what = what));
                }
            }
            ui.separator();
            battles_block(ui, spec, &run.battle_names, &progress.results);
            if let Some(e) = &run.error {
                ui.label(RichText::new(e).color(RED));
            }
            ui.separator();
            ui.horizontal(|ui| {
                if !progress.is_over(spec)
                    && ui
                        .button(RichText::new(t!("campaign-next")).strong())
                        .clicked()
                {
                    asked.0 = Some(BetweenAction::Next);
                }
                if ui.button(t!("campaign-to-title")).clicked() {
                    asked.0 = Some(BetweenAction::Title);
                }
            });
        });
    Ok(())
}

/// Carries out what the window between battles asked.
fn between_actions(world: &mut World) {
    let Some(action) = world.resource_mut::<Between>().0.take() else {
        return;
    };
    match action {
        BetweenAction::Next => {
            let Some(run) = world.get_resource::<CampaignRun>().cloned() else {
                return;
            };
            if let Err(e) = next_battle(world, run.spec, run.progress, run.progress_path)
                && let Some(mut r) = world.get_resource_mut::<CampaignRun>()
            {
                r.error = Some(e);
            }
        }
        BetweenAction::Title => {
            world.remove_resource::<CampaignRun>();
            super::play::clear_game(world);
            world.resource_mut::<NextState<Screen>>().set(Screen::Title);
        }
    }
    world.write_message(bevy::window::RequestRedraw);
}

/// A campaign ends with the title screen.
fn leave_campaign(mut commands: Commands, mut page: ResMut<CampaignTitle>) {
    commands.remove_resource::<CampaignRun>();
    // The progress may have changed: read the list again.
    page.entries = None;
}

/// The campaigns: the title page's state, the campaign under way, the
/// window between battles.
pub struct CampaignPlugin;

impl Plugin for CampaignPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<CampaignTitle>()
            .init_resource::<Between>()
            .add_systems(
                Update,
                (handle_campaign_requests, record_result, between_actions)
                    .chain()
                    .in_set(AppSystems::Actions),
            )
            .add_systems(OnEnter(Screen::Title), leave_campaign)
            .add_systems(
                EguiPrimaryContextPass,
                between_window
                    .in_set(AppSystems::Draw)
                    .run_if(in_state(Screen::Playing)),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::seats::Player;
    use crate::session::Flow;

    /// Plays the game on the board to its end with its own seats.
    struct PlayOut<'a>(&'a mut World);

    impl ModuleVisitor for PlayOut<'_> {
        fn visit<R: Module>(&mut self) {
            if let Some(mut g) = self.0.get_resource_mut::<ActiveGame<R>>() {
                let mut seats = crate::opponent::driver::Seat::pair(&g.0.seats);
                session::run_sim_with(&mut g.0, None, None, None, Some(&mut seats));
            }
        }
    }

    /// Issue 35: the Genpei War plays in the app from its first battle to
    /// its last, each result recorded and *Next battle* installing the next
    /// with its boons; the app's results are the headless run's.
    #[test]
    fn a_campaign_plays_from_its_first_battle_to_its_last_in_the_app() {
        let dir = std::env::temp_dir().join(format!("kassen-app-campaign-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = campaign::shipped_campaigns()
            .into_iter()
            .find(|p| p.ends_with("genpei_war.ron"))
            .expect("the Genpei War ships");
        let spec = campaign::load(&path).expect("loads");
        let seats = Seats {
            players: [Player::Default; 2],
            ai_seed: 1,
        };
        let mut app = crate::gui::headless_app();
        app.world_mut()
            .resource_mut::<super::super::computer::ComputerPace>()
            .fast = true;
        app.init_resource::<CampaignTitle>()
            .init_resource::<Between>();
        start(
            app.world_mut(),
            &path,
            Some(seats),
            dir.join("genpei_war.ron"),
        )
        .expect("begins");
        for battle in 0..spec.battles.len() {
            // The app's computer plays the first commands; the rest of the
            // battle is played out on the app's own game (the same
            // commands: the app's computer plays exactly as headless play,
            // tested in play_tests), so the test stays short.
            for _ in 0..200 {
                app.update();
            }
            visit_all(&mut PlayOut(app.world_mut()));
            app.update();
            record_result(app.world_mut());
            assert!(
                app.world().resource::<CampaignRun>().recorded,
                "battle {} ended and was recorded",
                battle + 1
            );
            let run = app.world().resource::<CampaignRun>();
            assert_eq!(run.progress.results.len(), battle + 1);
            // The battle's autosave went beside the progress, and is gone
            // once its result is recorded.
            assert!(dir.join("genpei_war.ron").is_file());
            assert!(!dir.join("genpei_war.battle.ron").is_file());
            if battle + 1 < spec.battles.len() {
                app.world_mut().resource_mut::<Between>().0 = Some(BetweenAction::Next);
                between_actions(app.world_mut());
                assert!(!app.world().resource::<CampaignRun>().recorded);
            }
        }
        let app_run = app.world().resource::<CampaignRun>().clone();
        assert!(app_run.progress.is_over(&spec));
        let saved = CampaignProgress::load(&dir.join("genpei_war.ron")).expect("saved");
        assert_eq!(saved.results, app_run.progress.results);
        let mut headless = CampaignProgress::new(path.clone(), seats, spec.seed);
        campaign::play_campaign(&spec, &mut headless, None, &mut || Flow::Go, &mut |_| {})
            .expect("plays headless");
        assert_eq!(app_run.progress.results, headless.results);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
