//! The `kassen` command: with no subcommand it opens the desktop app; `sim`
//! plays a battle headless and `check` validates a scenario or save.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kassen::engine::dice::Dice;
use kassen::engine::table_game::TableRules;
use kassen::session::{self, Loaded, OrdersFile};
use kassen::table_session::{self, TableStart};

/// Kassen: a rules-enforcing tabletop wargame simulator.
#[derive(Parser, Debug)]
#[command(name = "kassen", version, about)]
struct Cli {
    /// Scenario or save to open in the app (default: the built-in default scenario).
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// Render the app's view to this PNG and exit.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Dice seed for the app (default: the scenario's).
    #[arg(long)]
    seed: Option<u64>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a battle without a window and print a summary.
    Sim {
        /// Scenario or save file (default: the built-in default scenario).
        file: Option<PathBuf>,
        /// Dice seed (default: the scenario's, else 0). Ignored for saves.
        #[arg(long)]
        seed: Option<u64>,
        /// Loaded dice used before the seeded stream, e.g. `14,3,20`.
        #[arg(long, value_delimiter = ',')]
        dice: Vec<u32>,
        /// Orders file (RON). Units without an order get the default order.
        #[arg(long)]
        orders: Option<PathBuf>,
        /// Play at most this many turns, then stop between turns.
        #[arg(long)]
        turns: Option<u32>,
        /// Write the game log here as JSON Lines.
        #[arg(long)]
        log: Option<PathBuf>,
        /// Save the game here when the run stops.
        #[arg(long)]
        save: Option<PathBuf>,
    },
    /// Validate a scenario or save file.
    Check {
        /// The file.
        file: PathBuf,
    },
}

fn load(file: Option<&PathBuf>) -> Result<Loaded, String> {
    match file {
        Some(p) => session::load_file(p).map_err(|e| e.to_string()),
        None => session::default_scenario().map_err(|e| e.to_string()),
    }
}

fn sim(
    file: Option<PathBuf>,
    seed: Option<u64>,
    dice: Vec<u32>,
    orders: Option<PathBuf>,
    turns: Option<u32>,
    log: Option<PathBuf>,
    save: Option<PathBuf>,
) -> Result<(), String> {
    if let Some(bad) = dice.iter().find(|d| !(1..=20).contains(*d)) {
        return Err(format!("--dice: {bad} is not a d20 face (1-20)"));
    }
    let loaded = load(file.as_ref())?;
    let table_run = |orders: &Option<PathBuf>| -> Result<(), String> {
        if orders.is_some() {
            return Err(
                "--orders is for Samurai Battles; table battles play the computer's commands"
                    .into(),
            );
        }
        Ok(())
    };
    match loaded {
        Loaded::WarStrike(start, from_save) => {
            table_run(&orders)?;
            return table_sim(*start, from_save, seed, dice, turns, log, save);
        }
        Loaded::ClanWar(start, from_save) => {
            table_run(&orders)?;
            return table_sim(*start, from_save, seed, dice, turns, log, save);
        }
        _ => {}
    }
    let orders = match &orders {
        Some(p) => OrdersFile::load(p).map_err(|e| e.to_string())?,
        None => OrdersFile::default(),
    };
    let mut app = session::headless_app().map_err(|e| e.to_string())?;
    session::start(app.world_mut(), &loaded, seed, &dice);
    let summary = session::run_sim(&mut app, &orders, turns);
    for r in &summary.refused {
        eprintln!("warning: {r}");
    }
    println!("{summary}");
    if let Some(p) = log {
        let text = session::log(app.world()).to_jsonl();
        std::fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if let Some(p) = save {
        session::save_to(app.world_mut(), &p)?;
        println!("saved to {}", p.display());
    }
    Ok(())
}

/// `kassen sim` on an open-table battle: both sides play the computer's
/// commands.
#[allow(clippy::too_many_arguments)]
fn table_sim<R: TableRules>(
    mut start: TableStart<R>,
    from_save: bool,
    seed: Option<u64>,
    dice: Vec<u32>,
    turns: Option<u32>,
    log: Option<PathBuf>,
    save: Option<PathBuf>,
) -> Result<(), String> {
    if !from_save && let Some(s) = seed {
        start.dice = Dice::new(s);
    }
    start.dice.load(dice);
    let mut app = table_session::headless_table_app::<R>();
    table_session::start_table::<R>(app.world_mut(), start).map_err(|e| e.to_string())?;
    let summary = table_session::run_table_sim::<R>(app.world_mut(), turns);
    for r in &summary.refused {
        eprintln!("warning: refused: {r}");
    }
    match &summary.result {
        Some(result) => println!("{result}"),
        None => println!("stopped at {}", summary.phase),
    }
    if let Some(p) = log {
        let text = session::log(app.world()).to_jsonl();
        std::fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if let Some(p) = save {
        table_session::save_table::<R>(app.world(), &p)?;
        println!("saved to {}", p.display());
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Sim {
            file,
            seed,
            dice,
            orders,
            turns,
            log,
            save,
        }) => sim(file, seed, dice, orders, turns, log, save),
        Some(Command::Check { file }) => session::load_file(&file)
            .map(|l| match l {
                Loaded::Scenario(s) => println!(
                    "{}: ok (scenario \"{}\", {} units)",
                    file.display(),
                    s.name,
                    s.units.len()
                ),
                Loaded::Save(s) => println!(
                    "{}: ok (save of \"{}\", turn {})",
                    file.display(),
                    s.scenario.name,
                    s.game.turn
                ),
                Loaded::WarStrike(s, save) => println!(
                    "{}: ok ({} \"{}\", {} units, turn {})",
                    file.display(),
                    if save { "save of" } else { "scenario" },
                    s.scenario.name,
                    s.scenario.units.len(),
                    <kassen::rules::warstrike::WarStrike as TableRules>::turn(&s.battle)
                ),
                Loaded::ClanWar(s, save) => println!(
                    "{}: ok ({} \"{}\", {} units, turn {})",
                    file.display(),
                    if save { "save of" } else { "scenario" },
                    s.scenario.name,
                    s.scenario.units.len(),
                    <kassen::rules::clan_war::ClanWar as TableRules>::turn(&s.battle)
                ),
            })
            .map_err(|e| e.to_string()),
        None => load(cli.scenario.as_ref()).and_then(|l| match l {
            Loaded::WarStrike(mut s, save) => {
                if !save && let Some(seed) = cli.seed {
                    s.dice = Dice::new(seed);
                }
                kassen::gui::table_app::run_table_app(*s, cli.screenshot)
            }
            Loaded::ClanWar(mut s, save) => {
                if !save && let Some(seed) = cli.seed {
                    s.dice = Dice::new(seed);
                }
                kassen::gui::table_app::run_table_app(*s, cli.screenshot)
            }
            l => kassen::gui::run_app(l, cli.seed, cli.screenshot),
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
