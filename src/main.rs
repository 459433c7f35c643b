//! The `kassen` command: with no subcommand it opens the desktop app; `sim`
//! plays a game headless, `check` validates a scenario or save (replaying a
//! save's journal), `bench` measures the core. Every module is reached
//! through the registry; this file names none.

use kassen::net::join_code::JoinCode;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use kassen::cli::matches::run_match;
use kassen::engine::core::Module;
use kassen::engine::game::autosave_path;
use kassen::engine::seats::{Seats, parse_players};
use kassen::opponent::driver::Seat;
use kassen::opponent::{Player, parse_headless_players};
use kassen::session::{self, WithModule};

/// Kassen: a rules-enforcing tabletop wargame simulator.
#[derive(Parser, Debug)]
#[command(
    name = "kassen",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    /// Scenario or save to open in the app, for any rule system (without
    /// one, the title screen).
    #[arg(value_name = "FILE", conflicts_with = "scenario")]
    file: Option<PathBuf>,
    /// The same as FILE.
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// Render the app's view to this PNG and exit.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Dice seed for the app (default: the scenario's).
    #[arg(long)]
    seed: Option<u64>,
    /// Who plays the two sides of a scenario opened in the app, e.g.
    /// `human,normal` (you against the computer), `human,human` (hot-seat,
    /// the default) or `easy,hard` (watch); a save keeps its own.
    #[arg(long)]
    players: Option<String>,
    /// The convention demo: computer-vs-computer battles in a loop, a guided
    /// first game on any input, back to the loop when idle; no saves. The
    /// operator leaves with Ctrl+Alt+Q.
    #[arg(long, conflicts_with_all = ["file", "scenario", "players"])]
    demo: bool,
    /// The demo's settings (default: the shipped `assets/demo/demo.ron`).
    #[arg(long, value_name = "FILE", requires = "demo")]
    demo_config: Option<PathBuf>,
    /// Seconds without input before the demo resets (overrides the
    /// settings; at least 5).
    #[arg(long, value_name = "N", requires = "demo")]
    idle_seconds: Option<u64>,
    /// The app's language: `en` or `es` (default: the settings', else the
    /// system locale's).
    #[arg(long, value_name = "LANG", value_parser = parse_lang, global = true)]
    lang: Option<kassen::i18n::Lang>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// `--lang`: a language Kassen has.
fn parse_lang(s: &str) -> Result<kassen::i18n::Lang, String> {
    kassen::i18n::Lang::parse(s).ok_or_else(|| format!("no language `{s}`: use `en` or `es`"))
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game without a window and print a summary.
    Sim(SimArgs),
    /// Play N games between two players on one scenario, sides swapped every
    /// game, and print wins with a 95% confidence interval and decision times.
    Match(MatchArgs),
    /// Open a save as a replay in the app, to step through its journal both
    /// ways (`--verify`: headless instead, checking every command's checksum
    /// and dice count; exit 1 at the first divergence).
    Replay(ReplayArgs),
    /// Host a game for a guest on another machine, in the app (you play
    /// the host's side), or headless with `--player` (the scripted play or
    /// the computer plays it). The host validates every command, rolls every
    /// die and autosaves; the guest sees only its side's view.
    Host(HostArgs),
    /// Join a host's game, in the app (you play the guest's side), or
    /// headless with `--player` (the scripted play or the computer).
    Join(JoinArgs),
    /// Play a campaign headless from its first battle to its last, each
    /// result carried into the next battle, autosaving its progress
    /// (`--resume`: go on from that autosave).
    Campaign(CampaignArgs),
    /// Validate a scenario, a save (by replaying its journal), a campaign
    /// (`campaigns/*.ron`: its battles and boons) or a module's table file
    /// (`assets/rules/<module>/<table>.ron`).
    Check {
        /// The file.
        file: PathBuf,
    },
    /// Write a save's after-action report as a self-contained HTML page:
    /// strength, victory measures and the computer's evaluation over the
    /// game as plots, the luck of each side's dice and the key moments.
    Report {
        /// The save.
        file: PathBuf,
        /// The page to write.
        #[arg(long)]
        out: PathBuf,
        /// Playouts of the default play for each point of the evaluation
        /// curve.
        #[arg(long, default_value_t = kassen::report::REPORT_PLAYOUTS)]
        playouts: u32,
    },
    /// Mutate the shipped scenarios and a save of each module, and feed
    /// each input to check, sim and the app's views; report panics and
    /// malformed errors (exit 1 if any).
    Fuzz {
        /// Mutated inputs to try.
        #[arg(long, default_value_t = 10_000)]
        inputs: u64,
        /// Seed of the mutations (input i of a seed is the same every run).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Measure the core on every shipped scenario (release build, one core).
    Bench {
        /// Scenario files (default: every file in `scenarios/`).
        files: Vec<PathBuf>,
        /// Full games per scenario for the games-per-second figure.
        #[arg(long, default_value_t = 200)]
        games: u32,
        /// Instead: the computer's thinking time per command at each level
        /// on each module's largest legal scenario (its first shipped
        /// scenario, or each file given, grown to the limits).
        #[arg(long)]
        largest: bool,
    },
}

// `kassen sim`'s arguments (a plain comment: clap takes the help
// from the variant's doc comment).
#[derive(Args, Debug)]
struct SimArgs {
    /// Scenario or save file (default: the built-in default scenario).
    file: Option<PathBuf>,
    /// Dice seed (default: the scenario's, else 0). Ignored for saves.
    #[arg(long)]
    seed: Option<u64>,
    /// Loaded faces of the module's die used before the seeded stream, e.g. `14,3,20`.
    #[arg(long, value_delimiter = ',')]
    dice: Vec<u32>,
    /// Orders file (RON), for modules that take one.
    #[arg(long)]
    orders: Option<PathBuf>,
    /// Play this many turns (1 to 100,000), then stop at the first decision
    /// of the next.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    turns: Option<u32>,
    /// Write the game log here as JSON Lines.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Save the game here when the run stops.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Autosave to DIR/autosave.ron after every phase (an appended save:
    /// each autosave adds the phase's commands to the file).
    #[arg(long)]
    autosave: Option<PathBuf>,
    /// Who plays the two sides, e.g. `normal,default`: `default` (the
    /// scripted play), `easy`, `normal` or `hard` (default: a save's
    /// own players, else both scripted).
    #[arg(long)]
    players: Option<String>,
    /// Seed of the computer players' own generator, not the dice
    /// (default: a save's own, else 1).
    #[arg(long)]
    ai_seed: Option<u64>,
}

// `kassen match`'s arguments (a plain comment: clap takes the help
// from the variant's doc comment).
#[derive(Args, Debug)]
struct MatchArgs {
    /// Scenario file (default: the built-in default scenario).
    file: Option<PathBuf>,
    /// The two players, e.g. `normal,default`.
    #[arg(long, default_value = "normal,default")]
    players: String,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Seed: game i rolls dice seeded seed + i; the computers' seeds
    /// follow from it too.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads sharing the games (the results do not depend on it;
    /// decision times are per thread, one core each).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
}

// `kassen campaign`'s arguments (a plain comment: clap takes the help
// from the variant's doc comment).
#[derive(Args, Debug)]
struct CampaignArgs {
    /// The campaign file (e.g. `campaigns/genpei_war.ron`).
    #[arg(required_unless_present = "resume", conflicts_with = "resume")]
    file: Option<PathBuf>,
    /// The two players, e.g. `normal,default` (a `human` side plays the
    /// scripted play headless).
    #[arg(long, default_value = "default,default")]
    players: String,
    /// The battles' seed: battle i rolls with seed + i (default: the
    /// campaign file's).
    #[arg(long)]
    seed: Option<u64>,
    /// The computer players' seed.
    #[arg(long, default_value_t = 1)]
    ai_seed: u64,
    /// Write the campaign's progress here after every battle, and the
    /// battle under way beside it (`X.battle.ron`) after every phase,
    /// atomically.
    #[arg(long, value_name = "FILE")]
    autosave: Option<PathBuf>,
    /// Go on from this progress file (and its battle save).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
}

// `kassen replay`'s arguments (a plain comment: clap takes the help
// from the variant's doc comment).
#[derive(Args, Debug)]
struct ReplayArgs {
    /// The save.
    file: PathBuf,
    /// Replay without a window and verify.
    #[arg(long)]
    verify: bool,
    /// Open at this point: the number of commands applied (default 0,
    /// the start; `end` for the last).
    #[arg(long, value_name = "N|end", conflicts_with = "verify")]
    at: Option<String>,
    /// Whose eyes: `0` or `1` (a side's view) or `both` (the spectator;
    /// default, but for a solo game's own side).
    #[arg(long, value_name = "0|1|both", conflicts_with = "verify")]
    view: Option<String>,
    /// Render the replay's view to this PNG and exit.
    #[arg(long, conflicts_with = "verify")]
    screenshot: Option<PathBuf>,
}

// `kassen host`'s arguments (a plain comment: clap takes the help
// from the variant's doc comment).
#[derive(Args, Debug)]
struct HostArgs {
    /// Scenario, or a save to resume (an autosave after a crash).
    file: PathBuf,
    /// UDP port to listen on.
    #[arg(long, default_value_t = 5150)]
    port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "0.0.0.0")]
    listen: std::net::IpAddr,
    /// An address guests dial (repeat for several; default
    /// 127.0.0.1:PORT). Netcode admits only guests that dial one of them.
    #[arg(long = "public", value_name = "ADDR:PORT")]
    public: Vec<std::net::SocketAddr>,
    /// The guest's side (0 or 1).
    #[arg(long, default_value_t = 1)]
    guest_side: u8,
    /// Who plays the host's side: `human` (you, in the app), or
    /// headless `default`, `easy`, `normal` or `hard`.
    #[arg(long, default_value = "human")]
    player: String,
    /// The computer's seed.
    #[arg(long, default_value_t = 1)]
    ai_seed: u64,
    /// Dice seed of a new game (default: drawn from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Autosave to DIR/autosave.ron after every phase (an appended save).
    #[arg(long, value_name = "DIR")]
    autosave: Option<PathBuf>,
    /// The join code (default: a fresh one, printed; give the old one to
    /// resume a game for the same guest). Headless only: the app always
    /// makes a fresh one.
    #[arg(long, value_name = "CODE")]
    code: Option<String>,
}

// `kassen join`'s arguments (a plain comment: clap takes the help
// from the variant's doc comment).
#[derive(Args, Debug)]
struct JoinArgs {
    /// The host, as ADDRESS:PORT.
    address: std::net::SocketAddr,
    /// The join code the host gave (as `K7Q2M-9XHRT`).
    #[arg(long, value_name = "CODE")]
    code: String,
    /// The side asked for (default: the one the host left).
    #[arg(long)]
    side: Option<u8>,
    /// Who plays the guest's side: `human` (you, in the app), or
    /// headless `default`, `easy`, `normal` or `hard`.
    #[arg(long, default_value = "human")]
    player: String,
    /// The computer's seed.
    #[arg(long, default_value_t = 2)]
    ai_seed: u64,
}

/// The file's name and text: the given path, or the built-in default.
fn source(file: Option<&PathBuf>) -> Result<(String, String), String> {
    match file {
        Some(p) => session::read(p).map_err(|e| e.to_string()),
        None => Ok((
            session::DEFAULT_SCENARIO_PATH.to_string(),
            session::DEFAULT_SCENARIO.to_string(),
        )),
    }
}

struct Sim {
    file: String,
    text: String,
    save: bool,
    seed: Option<u64>,
    dice: Vec<u32>,
    orders: Option<PathBuf>,
    turns: Option<u32>,
    log: Option<PathBuf>,
    save_to: Option<PathBuf>,
    autosave: Option<PathBuf>,
    players: Option<[Player; 2]>,
    ai_seed: Option<u64>,
}

impl WithModule for Sim {
    type Out = Result<(), String>;
    fn run<R: Module>(self) -> Result<(), String> {
        let orders = match &self.orders {
            Some(p) => {
                let (f, t) = session::read(p).map_err(|e| e.to_string())?;
                Some(R::parse_orders(&f, &t).map_err(|e| e.to_string())?)
            }
            None => None,
        };
        let mut game =
            session::open_text::<R>(&self.file, &self.text, self.save, self.seed, &self.dice)
                .map_err(|e| e.to_string())?;
        let autosave = self.autosave.as_deref().map(autosave_path);
        // The players named here, else a save's own computer players, else
        // both sides the scripted default play (today's logs unchanged).
        if let Some(players) = self.players {
            game.seats = Seats {
                players,
                ai_seed: self.ai_seed.unwrap_or(1),
            };
        } else if let Some(s) = self.ai_seed {
            game.seats.ai_seed = s;
        }
        let mut seats =
            (self.players.is_some() || !game.seats.hot_seat()).then(|| Seat::pair(&game.seats));
        let run = session::run_sim_with(
            &mut game,
            orders.as_ref(),
            self.turns,
            autosave.as_deref(),
            seats.as_mut(),
        );
        for r in run.refused.iter().chain(&run.autosave_failures) {
            eprintln!("warning: {r}");
        }
        kassen::outln!("{}", R::report(&game.ctx, &game.state))?;
        if let Some(p) = self.log {
            kassen::engine::game::write_atomically(&p, game.log.to_jsonl().as_bytes())?;
        }
        if let Some(p) = self.save_to {
            game.save_atomically(&p)?;
            kassen::outln!("saved to {}", p.display())?;
        }
        // A failed autosave fails the run, at its end, after the report.
        match run.autosave_failures.first() {
            Some(first) => Err(format!(
                "{} of {} autosaves failed; the first: {first}",
                run.autosave_failures.len(),
                run.autosaves as usize + run.autosave_failures.len()
            )),
            None => Ok(()),
        }
    }
}

struct MatchRun {
    save: bool,
    file: String,
    text: String,
    players: [Player; 2],
    games: u32,
    seed: u64,
    jobs: usize,
}

impl WithModule for MatchRun {
    type Out = Result<(), String>;
    fn run<R: Module>(self) -> Result<(), String> {
        if self.save {
            return Err(format!(
                "{}: a match starts from a scenario, not a save",
                self.file
            ));
        }
        let report = run_match::<R>(
            &self.file,
            &self.text,
            self.players,
            self.games,
            self.seed,
            self.jobs,
        )?;
        kassen::cli::out(format_args!("{}", report.text()))?;
        Ok(())
    }
}

struct VerifyReplay {
    file: String,
    text: String,
}

impl WithModule for VerifyReplay {
    type Out = Result<(), String>;
    fn run<R: Module>(self) -> Result<(), String> {
        let v = session::verify_replay::<R>(&self.file, &self.text).map_err(|e| e.to_string())?;
        kassen::outln!(
            "{}: ok: {} commands replayed, every checksum and dice count verified; {} at turn {}, {}{}",
            self.file,
            v.commands,
            R::TITLE,
            v.turn,
            v.phase,
            v.outcome.map(|o| format!(" ({o})")).unwrap_or_default()
        )?;
        Ok(())
    }
}

struct Check {
    file: String,
    text: String,
    save: bool,
}

impl WithModule for Check {
    type Out = Result<(), String>;
    fn run<R: Module>(self) -> Result<(), String> {
        let game = session::open_text::<R>(&self.file, &self.text, self.save, None, &[])
            .map_err(|e| e.to_string())?;
        let info = R::describe(game.scenario());
        if self.save {
            kassen::outln!(
                "{}: ok (save of \"{}\", {}, turn {}, {} commands replayed and verified)",
                self.file,
                info.name,
                R::TITLE,
                game.turn(),
                game.journal.entries.len()
            )?;
        } else {
            kassen::outln!(
                "{}: ok (scenario \"{}\", {}, {} units)",
                self.file,
                info.name,
                R::TITLE,
                info.units
            )?;
        }
        Ok(())
    }
}

fn with_file<W: WithModule<Out = Result<(), String>>>(
    file: &str,
    text: &str,
    w: impl FnOnce(bool) -> W,
) -> Result<(), String> {
    let h = session::read_header(file, text).map_err(|e| e.to_string())?;
    session::with_module(&h.ruleset, w(h.save))
        .unwrap_or_else(|| Err(format!("{file}: no module plays \"{}\"", h.ruleset)))
}

/// Where `kassen replay` opens: `--at N|end` and `--view 0|1|both`.
fn replay_start(
    at: Option<&str>,
    view: Option<&str>,
) -> Result<kassen::gui::replay::ReplayStart, String> {
    use kassen::gui::replay::Viewpoint;
    let at = match at.map(str::trim) {
        None => None,
        Some("end") => Some(usize::MAX),
        Some(n) => Some(
            n.parse::<usize>()
                .map_err(|_| format!("--at {n}: a number of commands, or `end`"))?,
        ),
    };
    let viewpoint = match view.map(str::trim) {
        None => None,
        Some("0") => Some(Viewpoint::Side(0)),
        Some("1") => Some(Viewpoint::Side(1)),
        Some("both") => Some(Viewpoint::Spectator),
        Some(other) => return Err(format!("--view {other}: use 0, 1 or both")),
    };
    Ok(kassen::gui::replay::ReplayStart { at, viewpoint })
}

/// The app's options from the command line.
fn app_options(cli: Cli) -> Result<kassen::gui::AppOptions, String> {
    let players = cli.players.as_deref().map(parse_players).transpose()?;
    let demo = if cli.demo {
        let mut c = kassen::gui::demo::load_config(cli.demo_config.as_deref())
            .map_err(|e| e.to_string())?;
        if let Some(n) = cli.idle_seconds {
            if n < 5 {
                return Err(format!("--idle-seconds {n}: at least 5"));
            }
            c.idle_seconds = n;
        }
        Some(c)
    } else {
        None
    };
    Ok(kassen::gui::AppOptions {
        path: cli.file.or(cli.scenario),
        seed: cli.seed,
        players,
        screenshot: cli.screenshot,
        demo,
        replay: None,
        host: None,
        join: None,
        lang: cli.lang,
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let lang = cli.lang;
    if let Some(l) = lang {
        kassen::i18n::set_lang(l);
    }
    let result = match cli.command {
        Some(command) => run_command(command, lang),
        None => app_options(cli).and_then(kassen::gui::open),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs a subcommand, one function each; `lang` goes to the app where one
/// opens.
fn run_command(command: Command, lang: Option<kassen::i18n::Lang>) -> Result<(), String> {
    match command {
        Command::Sim(a) => sim(a),
        Command::Match(a) => match_games(a),
        Command::Replay(a) => replay(a, lang),
        Command::Host(a) => host(a, lang),
        Command::Join(a) => join(a, lang),
        Command::Campaign(a) => campaign(a),
        Command::Check { file } => check(file),
        Command::Fuzz { inputs, seed } => fuzz(inputs, seed),
        Command::Report {
            file,
            out,
            playouts,
        } => kassen::cli::report::run(&file, &out, playouts),
        Command::Bench {
            largest: true,
            files,
            ..
        } => kassen::cli::largest::run(&files),
        Command::Bench { files, games, .. } => kassen::cli::bench::run(&files, games),
    }
}

/// `kassen sim`: plays a scenario or save headless with the players named
/// (else a save's own, else the scripted play) and prints its report.
fn sim(a: SimArgs) -> Result<(), String> {
    let SimArgs {
        file,
        seed,
        dice,
        orders,
        turns,
        log,
        save,
        autosave,
        players,
        ai_seed,
    } = a;
    players
        .as_deref()
        .map(parse_headless_players)
        .transpose()
        .and_then(|players| Ok((players, source(file.as_ref())?)))
        .and_then(|(players, (f, t))| {
            with_file(&f, &t, |is_save| Sim {
                file: f.clone(),
                text: t.clone(),
                save: is_save,
                seed,
                dice,
                orders,
                turns,
                log,
                save_to: save,
                autosave,
                players,
                ai_seed,
            })
        })
}

/// `kassen match`: plays games between two players on a scenario and
/// prints the results.
fn match_games(a: MatchArgs) -> Result<(), String> {
    let MatchArgs {
        file,
        players,
        games,
        seed,
        jobs,
    } = a;
    parse_headless_players(&players).and_then(|players| {
        let (f, t) = source(file.as_ref())?;
        with_file(&f, &t, |is_save| MatchRun {
            save: is_save,
            file: f.clone(),
            text: t.clone(),
            players,
            games,
            seed,
            jobs,
        })
    })
}

/// `kassen replay`: verifies a save's journal headless (`--verify`), or
/// opens it as a replay in the app at `--at`, seen by `--view`.
fn replay(a: ReplayArgs, lang: Option<kassen::i18n::Lang>) -> Result<(), String> {
    let ReplayArgs {
        file,
        verify,
        at,
        view,
        screenshot,
    } = a;
    if verify {
        source(Some(&file)).and_then(|(f, t)| {
            with_file(&f, &t, |_| VerifyReplay {
                file: f.clone(),
                text: t.clone(),
            })
        })
    } else {
        replay_start(at.as_deref(), view.as_deref()).and_then(|start| {
            kassen::gui::open(kassen::gui::AppOptions {
                path: Some(file),
                screenshot,
                replay: Some(start),
                lang,
                ..Default::default()
            })
        })
    }
}

/// `kassen host`: hosts a game for a guest, in the app for a human host,
/// else headless with the named player.
fn host(a: HostArgs, lang: Option<kassen::i18n::Lang>) -> Result<(), String> {
    let HostArgs {
        file,
        port,
        listen,
        public,
        guest_side,
        player,
        ai_seed,
        seed,
        autosave,
        code,
    } = a;
    player
        .parse::<kassen::engine::seats::Player>()
        .and_then(|player| {
            if guest_side > 1 {
                return Err(format!("--guest-side {guest_side}: 0 or 1"));
            }
            if player.is_human() {
                return kassen::gui::open(kassen::gui::AppOptions {
                    path: Some(file.clone()),
                    host: Some((port, 1 - guest_side)),
                    lang,
                    ..Default::default()
                });
            }
            let code = match &code {
                Some(c) => JoinCode::parse(c).map_err(|e| format!("--code: {e}"))?,
                None => JoinCode::fresh()?,
            };
            let (f, t) = source(Some(&file))?;
            with_file(&f, &t, |is_save| kassen::cli::net::HostCli {
                code: code.clone(),
                file: f.clone(),
                text: t.clone(),
                save: is_save,
                seed,
                bind: std::net::SocketAddr::new(listen, port),
                public: public.clone(),
                guest_side,
                player,
                ai_seed,
                autosave: autosave.clone(),
            })
        })
}

/// `kassen join`: joins a host's game, in the app for a human guest, else
/// headless with the named player.
fn join(a: JoinArgs, lang: Option<kassen::i18n::Lang>) -> Result<(), String> {
    let JoinArgs {
        address,
        code,
        side,
        player,
        ai_seed,
    } = a;
    let code = JoinCode::parse(&code).map_err(|e| format!("--code: {e}"))?;
    player
        .parse::<kassen::engine::seats::Player>()
        .and_then(|player| {
            if side.is_some_and(|s| s > 1) {
                return Err("--side: 0 or 1".to_string());
            }
            if player.is_human() {
                return kassen::gui::open(kassen::gui::AppOptions {
                    join: Some((address, code)),
                    lang,
                    ..Default::default()
                });
            }
            kassen::cli::net::JoinCli {
                server: address,
                code,
                side,
                player,
                ai_seed,
            }
            .run()
        })
}

/// `kassen check`: validates a module's table file, or a scenario or a
/// save (replaying its journal).
fn check(file: PathBuf) -> Result<(), String> {
    // A module's new-scenario template is a scenario, not a table.
    if kassen::engine::assets::table_file_parts(&file).is_some()
        && file.file_name().is_none_or(|n| n != "new_scenario.ron")
    {
        return session::check_table_file(&file)
            .unwrap_or_else(|| Err("not a table file".into()))
            .and_then(|line| kassen::outln!("{line}"));
    }
    if let Ok((_, t)) = session::read(&file)
        && kassen::campaign::is_campaign_text(&t)
    {
        return kassen::campaign::check(&file).and_then(|line| kassen::outln!("{line}"));
    }
    source(Some(&file)).and_then(|(f, t)| {
        with_file(&f, &t, |is_save| Check {
            file: f.clone(),
            text: t.clone(),
            save: is_save,
        })
    })
}

/// `kassen campaign`: a campaign played headless, or resumed.
fn campaign(a: CampaignArgs) -> Result<(), String> {
    let players = parse_headless_players(&a.players)?;
    kassen::cli::campaign::run(kassen::cli::campaign::CampaignRun {
        file: a.file,
        players,
        seed: a.seed,
        ai_seed: a.ai_seed,
        autosave: a.autosave,
        resume: a.resume,
    })
}

/// `kassen fuzz`: feeds mutated inputs to the core and reports panics and
/// malformed errors (an error if it found any).
fn fuzz(inputs: u64, seed: u64) -> Result<(), String> {
    // Panics are caught and counted; the hook would print each.
    std::panic::set_hook(Box::new(|_| {}));
    let r = kassen::cli::fuzz::run(inputs, seed);
    let _ = std::panic::take_hook();
    kassen::cli::out(format_args!("{}", r.text()))?;
    if r.panics.is_empty() && r.bad_errors.is_empty() {
        Ok(())
    } else {
        Err("the fuzz run found defects (listed above)".to_string())
    }
}
