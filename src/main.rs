//! The `kassen` command: with no subcommand it opens the desktop app; `sim`
//! plays a battle headless and `check` validates a scenario or save.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kassen::session::{self, Loaded, OrdersFile};

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
            })
            .map_err(|e| e.to_string()),
        None => load(cli.scenario.as_ref())
            .and_then(|l| kassen::gui::run_app(l, cli.seed, cli.screenshot)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
