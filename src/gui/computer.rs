//! The computer at the table: its pace, its search on a background task
//! (Bevy's `AsyncComputeTaskPool`, so the app never waits on it), and the
//! wake-ups that let an idle window see its move.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy::window::RequestRedraw;

use crate::engine::core::{Module, ToAct};
use crate::engine::view::Odds;
use crate::opponent::driver::{
    Applied, Seat, apply_computer_command, computer_command, play_decision,
};

use super::net::NetStatus;
use super::play::{ActiveGame, AppAutosave, autosave_if_entered, show_autosave_failure};
use super::resolution::Resolution;
use super::sets::{AppSystems, people_play};
use super::state::{BriefingOpen, GameCleared, GameInstalled, WakeEvery};
use crate::rules::{ModuleVisitor, visit_all};

/// How the computer's moves are shown (GUI settings; not saved).
#[derive(Resource, Clone, Debug)]
pub struct ComputerPace {
    /// Pause after each of the computer's commands, so that a person can
    /// follow them one at a time.
    pub delay: Duration,
    /// Fast-forward: no pause.
    pub fast: bool,
    /// When the computer's last command was applied.
    pub last: Option<Instant>,
    /// The side thinking now and since when (for the panels).
    pub thinking: Option<(u8, Instant)>,
    /// The decision counted in `made`: (turn, side, phase).
    pub decision: Option<(u32, u8, String)>,
    /// Commands the computer made in that decision.
    pub made: u32,
    /// The journal length at which the computer's side was stuck (neither
    /// its command nor its pass applied): it is not asked again there.
    pub stuck_at: Option<usize>,
    /// The exact odds of the computer's last command, as a person would
    /// have seen them before committing it; kept only when the command
    /// changed what the other side sees (a sealed order shows nothing).
    pub last_odds: Option<Odds>,
    /// The computer is playing (thinking, or pausing between its moves):
    /// the app then wakes itself every [`WAKE_WHILE_PLAYING`] instead of
    /// sleeping until input.
    pub busy: bool,
}

/// How often the app wakes while the computer plays (its search runs on a
/// background task; the frames show its progress and keep the board live).
pub const WAKE_WHILE_PLAYING: Duration = Duration::from_millis(100);

impl Default for ComputerPace {
    fn default() -> Self {
        Self {
            delay: Duration::from_millis(700),
            fast: false,
            last: None,
            thinking: None,
            decision: None,
            made: 0,
            stuck_at: None,
            last_odds: None,
            busy: false,
        }
    }
}

/// The computer's search for one command, on a background task
/// (`AsyncComputeTaskPool`), so the app never freezes while it thinks.
#[derive(Resource)]
pub struct Thinking<R: Module> {
    /// The search; its result is the command (or `None`: nothing to do).
    task: Task<Option<R::Command>>,
    /// The journal length it was started at: a result for another point of
    /// the game is dropped.
    at: usize,
}

/// Plays the computer's sides: when a side the computer plays decides, its
/// next command is searched on a background task from that side's
/// observation alone ([`computer_command`]), then applied here, one command
/// at a time with [`ComputerPace::delay`] after each one a person sees
/// (none on fast-forward, none after a sealed order in solo play). The
/// scripted default play applies its whole decision at once. The player
/// keeps panning, zooming and reading the log meanwhile.
pub fn computer_plays<R: Module>(world: &mut World) {
    let Some(active) = world.get_resource::<ActiveGame<R>>() else {
        return;
    };
    let g = &active.0;
    let side = match g.to_act() {
        ToAct::Side(s) if g.seats.player(s).is_computer() => s,
        _ => {
            world.remove_resource::<Thinking<R>>();
            let mut pace = world.resource_mut::<ComputerPace>();
            if pace.thinking.is_some() || pace.busy {
                pace.thinking = None;
                pace.busy = false;
            }
            return;
        }
    };
    let at = g.journal.entries.len();
    if waits(world, at) {
        return;
    }
    let g = &world.resource::<ActiveGame<R>>().0;
    let decision = (g.turn(), side, g.phase_name());
    let player = g.seats.player(side);
    let seat = Seat::new(player, g.seats.seed_of(side));
    let mut pace = world.resource_mut::<ComputerPace>();
    if pace.decision.as_ref() != Some(&decision) {
        pace.decision = Some(decision);
        pace.made = 0;
    }
    if !pace.busy {
        pace.busy = true;
    }
    let made = pace.made;
    // A result ready?
    let result = match world.get_resource_mut::<Thinking<R>>() {
        Some(mut t) if t.at == at => match check_ready(&mut t.task) {
            Some(cmd) => Some(cmd),
            None => return,
        },
        Some(_) => {
            // Started for another point of the game (a load): drop it.
            world.remove_resource::<Thinking<R>>();
            None
        }
        None => None,
    };
    let autosave = world.resource::<AppAutosave>().0.clone();
    if let Some(cmd) = result {
        world.remove_resource::<Thinking<R>>();
        let Some(mut active) = world.get_resource_mut::<ActiveGame<R>>() else {
            return;
        };
        let g = &mut active.0;
        let before = g.phase_name();
        // What the other side sees before and after: the odds are those
        // it could have worked out from its own view, shown only for a
        // command that changed that view (a sealed order shows nothing).
        let other = 1 - side.min(1);
        let seen = R::observation(&g.ctx, &g.state, other);
        let odds = cmd.as_ref().and_then(|c| R::odds(&g.ctx, &seen, c));
        let applied = apply_computer_command(g, side, cmd.as_ref());
        let visible = R::observation(&g.ctx, &g.state, other) != seen;
        // Pause for a person to follow only what a person sees: every
        // command when computers play each other (the open view), else
        // only a command that changed the other side's view (a sealed order
        // passes without a pause).
        let shown = visible || g.seats.watching();
        let failed = autosave_if_entered(g, &before, autosave.as_deref());
        show_autosave_failure(world, failed);
        let mut pace = world.resource_mut::<ComputerPace>();
        pace.thinking = None;
        if shown {
            pace.last = Some(Instant::now());
        }
        pace.made += 1;
        // A command nobody saw needs no frame of its own: the next search
        // starts at once (one call deeper at most, since a search just
        // started has no result yet).
        let go_on = !shown && !matches!(applied, Applied::Stuck(_));
        match applied {
            Applied::Command => pace.last_odds = odds.filter(|_| visible),
            Applied::Passed(refused) => {
                pace.last_odds = None;
                if let Some(r) = refused {
                    warn!("the computer's command was refused, it passed: {r}");
                }
            }
            Applied::Stuck(why) => {
                // Not asked again at this point of the game: the app goes
                // back to sleeping, and the board stays usable.
                error!("the computer cannot play for side {side}: {why}");
                pace.stuck_at = Some(at);
                pace.busy = false;
            }
        }
        world.write_message(RequestRedraw);
        if go_on {
            computer_plays::<R>(world);
        }
        return;
    }
    // Wait out the pause after the last command, then think.
    let pace = world.resource::<ComputerPace>();
    if !pace.fast
        && let Some(last) = pace.last
        && last.elapsed() < pace.delay
    {
        return;
    }
    let Some(opp) = seat.opponent().cloned() else {
        // The scripted default play: its whole decision at once, as
        // headless play makes it.
        let Some(mut active) = world.get_resource_mut::<ActiveGame<R>>() else {
            return;
        };
        let g = &mut active.0;
        let before = g.phase_name();
        let mut seat = seat;
        let d = play_decision(g, side, &mut seat);
        for r in &d.refused {
            warn!("scripted play refused: {r}");
        }
        let stuck = d.commands == 0;
        let failed = autosave_if_entered(g, &before, autosave.as_deref());
        show_autosave_failure(world, failed);
        let mut pace = world.resource_mut::<ComputerPace>();
        pace.last = Some(Instant::now());
        if stuck {
            error!("the scripted play cannot play for side {side}");
            pace.stuck_at = Some(at);
            pace.busy = false;
        }
        world.write_message(RequestRedraw);
        return;
    };
    let Some(active) = world.get_resource::<ActiveGame<R>>() else {
        return;
    };
    let g = &active.0;
    let ctx = Arc::clone(&g.ctx);
    let obs = R::observation(&g.ctx, &g.state, side);
    let salt = at as u64;
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { computer_command::<R>(&opp, &ctx, &obs, side, salt, made) });
    world.insert_resource(Thinking::<R> { task, at });
    world.resource_mut::<ComputerPace>().thinking = Some((side, Instant::now()));
    world.write_message(RequestRedraw);
}

/// The computer does not play now: it is stuck at this point `at` of the
/// journal, the last change is still on show (the board is not yet the
/// one it decides on), or the briefing is open (the battle begins when the
/// player closes it, so nothing happens behind it).
fn waits(world: &World, at: usize) -> bool {
    world.resource::<ComputerPace>().stuck_at == Some(at)
        || world
            .get_resource::<Resolution>()
            .is_some_and(Resolution::busy)
        || world.get_resource::<BriefingOpen>().is_some_and(|b| b.0)
}

/// How the app sleeps when nothing happens: the settings it started with
/// (present only in an app that sleeps when idle; a screenshot renders
/// continuously and has none).
#[derive(Resource, Clone, Debug)]
pub struct IdleWinit(pub bevy::winit::WinitSettings);

/// While the computer plays, or remote play is connected or connecting,
/// the app wakes itself every [`WAKE_WHILE_PLAYING`] (to take the
/// computer's results and pace its moves, or the other end's packets);
/// else as often as a moving picture asks ([`WakeEvery`]); else it sleeps
/// as it started ([`IdleWinit`]).
pub fn computer_wakeups(
    pace: Res<ComputerPace>,
    net: Option<Res<NetStatus>>,
    idle: Option<Res<IdleWinit>>,
    settings: Option<ResMut<bevy::winit::WinitSettings>>,
    wake: Option<Res<WakeEvery>>,
) {
    use bevy::winit::{UpdateMode, WinitSettings};
    let (Some(idle), Some(mut settings)) = (idle, settings) else {
        return;
    };
    let every = |d| WinitSettings {
        focused_mode: UpdateMode::reactive(d),
        unfocused_mode: UpdateMode::reactive_low_power(d),
    };
    // Remote play keeps the wire going too: packets arrive without input.
    let want = if pace.busy || net.is_some_and(|n| n.live) {
        every(WAKE_WHILE_PLAYING)
    } else if let Some(d) = wake.and_then(|w| w.0) {
        every(d)
    } else {
        idle.0.clone()
    };
    if settings.focused_mode != want.focused_mode || settings.unfocused_mode != want.unfocused_mode
    {
        *settings = want;
    }
}

/// A new game starts with the computer's pace as at first.
fn pace_for_new_game(_: On<GameInstalled>, mut pace: ResMut<ComputerPace>) {
    *pace = ComputerPace::default();
}

/// Nothing of the computer's play outlives its game (nor keeps the app
/// awake on the title screen); the pause between its moves stays.
fn forget_the_game<R: Module>(_: On<GameCleared>, mut commands: Commands) {
    commands.remove_resource::<Thinking<R>>();
    commands.queue(|world: &mut World| {
        let delay = world.resource::<ComputerPace>().delay;
        *world.resource_mut::<ComputerPace>() = ComputerPace {
            delay,
            ..ComputerPace::default()
        };
    });
}

/// The computer at the table: its moves in every module's game (closed by
/// [`people_play`]), its pace, and the wake-ups while it plays.
pub struct ComputerPlugin;

impl Plugin for ComputerPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ComputerPace>()
            .add_observer(pace_for_new_game)
            .add_systems(Update, computer_wakeups.in_set(AppSystems::Draw));
        struct AddModules<'a>(&'a mut App);
        impl ModuleVisitor for AddModules<'_> {
            fn visit<R: Module>(&mut self) {
                self.0.add_observer(forget_the_game::<R>).add_systems(
                    Update,
                    computer_plays::<R>
                        .in_set(AppSystems::Game)
                        .run_if(people_play)
                        .run_if(resource_exists::<ActiveGame<R>>),
                );
            }
        }
        visit_all(&mut AddModules(app));
    }
}
