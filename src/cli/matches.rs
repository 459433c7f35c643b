//! `kassen match`: N games between two players on one scenario, sides
//! swapped every game, all from one seed.

use std::time::{Duration, Instant};

use crate::engine::core::Module;
use crate::session;

use crate::opponent::Player;
use crate::opponent::driver::{Seat, play_out};

/// Commands one match game may take before it counts as a draw (a safety
/// net; every shipped scenario ends long before).
const GAME_LIMIT: u32 = 50_000;

/// The result of a match. Player 0 is the first named; it plays side 0 in
/// even games and side 1 in odd ones.
#[derive(Clone, Debug, Default)]
pub struct MatchReport {
    /// Scenario and rule system.
    pub scenario: String,
    /// The two players.
    pub players: [Option<Player>; 2],
    /// Games played.
    pub games: u32,
    /// Wins per player.
    pub wins: [u32; 2],
    /// Drawn games (and games cut off without a result).
    pub draws: u32,
    /// Wins per side (side 0, side 1), whoever played it.
    pub side_wins: [u32; 2],
    /// Wins per player and side: `player_side_wins[p][side]` (so a player's
    /// strength on each side shows apart from the scenario's balance).
    pub player_side_wins: [[u32; 2]; 2],
    /// Side names.
    pub sides: [String; 2],
    /// Wall-clock time of the whole match.
    pub elapsed: Duration,
    /// Thinking time of every command the computer chose, per player.
    pub thinking: [Vec<Duration>; 2],
    /// Thinking time of every whole decision (all of a side's commands
    /// until it passed, such as a Planning phase's orders), per player.
    pub decisions: [Vec<Duration>; 2],
    /// Work units ([`crate::engine::work`]) of every command the computer
    /// chose, per player, in the order of `thinking`.
    pub work: [Vec<u64>; 2],
    /// The commands of each game (its journal's length), in game order.
    pub commands: Vec<usize>,
    /// Refusals met (there should be none), each with its game number
    /// (`seed + game` is its dice seed), the player and side, the turn,
    /// the command and the refusal with its rule ID.
    pub refused: Vec<String>,
}

impl MatchReport {
    /// Player `p`'s work per command: the most work units, and the most
    /// CPU time per 1,000 work units over commands of at least 10,000
    /// (smaller ones are mostly fixed costs), which is what calibrates
    /// [`Level::work_budget`](crate::engine::seats::Level::work_budget).
    fn work_text(&self, p: usize) -> String {
        let Some(most) = self.work[p].iter().max() else {
            return String::new();
        };
        let rate = self.thinking[p]
            .iter()
            .zip(&self.work[p])
            .filter(|(_, w)| **w >= 10_000)
            .map(|(t, w)| t.as_secs_f64() * 1e6 / (*w as f64 / 1000.0))
            .fold(None, |m: Option<f64>, r| Some(m.map_or(r, |m| m.max(r))));
        let name = self.players[p].map_or("?".to_string(), |x| x.to_string());
        match rate {
            Some(r) => format!(
                "{name} work per command: max {most} units; at most {r:.1} µs per 1,000 units\n"
            ),
            None => format!("{name} work per command: max {most} units\n"),
        }
    }

    /// Player `p`'s score rate: (wins + draws / 2) / games, in `0.0..=1.0`.
    pub fn score(&self, p: usize) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        (f64::from(self.wins[p]) + f64::from(self.draws) / 2.0) / f64::from(self.games)
    }

    /// The median number of commands a game (the upper median of an even
    /// count), or `None` without games.
    pub fn median_commands(&self) -> Option<usize> {
        let mut c = self.commands.clone();
        c.sort_unstable();
        c.get(c.len() / 2).copied()
    }

    /// The 95% confidence interval of player `p`'s score rate (Wilson
    /// score interval), in `0.0..=1.0`.
    pub fn ci95(&self, p: usize) -> (f64, f64) {
        let n = f64::from(self.games.max(1));
        let x = self.score(p);
        let z = 1.96f64;
        let centre = (x + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * ((x * (1.0 - x) / n) + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// The report in words, as `kassen match` prints it.
    pub fn text(&self) -> String {
        let name = |p: usize| self.players[p].map_or("?".to_string(), |x| x.to_string());
        let mut out = format!(
            "match: {}, {} games, sides swapped every game\n",
            self.scenario, self.games
        );
        for p in 0..2 {
            let (lo, hi) = self.ci95(p);
            out += &format!(
                "{}: {} wins, {} draws, {} losses: score {:.1}% (95% CI {:.1}–{:.1}%)\n",
                name(p),
                self.wins[p],
                self.draws,
                self.wins[1 - p],
                100.0 * self.score(p),
                100.0 * lo,
                100.0 * hi
            );
        }
        out += &format!(
            "sides: {} won {}, {} won {}, {} drawn\n",
            self.sides[0], self.side_wins[0], self.sides[1], self.side_wins[1], self.draws
        );
        for p in 0..2 {
            out += &format!(
                "{} won {} of {} games as {} and {} of {} as {}\n",
                name(p),
                self.player_side_wins[p][0],
                self.games.div_ceil(2) - p as u32 * (self.games % 2),
                self.sides[0],
                self.player_side_wins[p][1],
                self.games / 2 + p as u32 * (self.games % 2),
                self.sides[1]
            );
        }
        if let Some(m) = self.median_commands() {
            out += &format!(
                "commands per game: median {m} (fewest {}, most {})\n",
                self.commands.iter().min().copied().unwrap_or(0),
                self.commands.iter().max().copied().unwrap_or(0)
            );
        }
        let secs = self.elapsed.as_secs_f64();
        out += &format!(
            "games per second: {:.2} ({:.1} s in all)\n",
            f64::from(self.games) / secs.max(1e-9),
            secs
        );
        for p in 0..2 {
            let mut t = self.thinking[p].clone();
            if t.is_empty() {
                continue;
            }
            t.sort();
            let median = t[t.len() / 2];
            let max = t[t.len() - 1];
            out += &format!(
                "{} decision time (CPU time of its thread): median {:.1} ms, max {:.1} ms over {} decisions\n",
                name(p),
                median.as_secs_f64() * 1000.0,
                max.as_secs_f64() * 1000.0,
                t.len()
            );
            out += &self.work_text(p);
            let mut whole = self.decisions[p].clone();
            whole.sort();
            if let (Some(m), Some(x)) = (whole.get(whole.len() / 2), whole.last()) {
                out += &format!(
                    "{} whole decision (every command until it passes): median {:.1} ms, max {:.1} ms over {}\n",
                    name(p),
                    m.as_secs_f64() * 1000.0,
                    x.as_secs_f64() * 1000.0,
                    whole.len()
                );
            }
        }
        for r in self.refused.iter().take(5) {
            out += &format!("refused: {r}\n");
        }
        out
    }
}

/// Seed of the computer in game `game` on side `side`, from the match seed.
fn seat_seed(seed: u64, game: u32, side: u8) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (u64::from(game) << 8)
        ^ u64::from(side)
        ^ 0x0A11_CE5E_ED00_0000
}

/// One game of a match, as [`run_match`] files it.
struct GameRecord {
    /// Scenario name with rule system, and side names.
    info: (String, [String; 2]),
    /// The winning side, or `None` for a draw.
    winner: Option<usize>,
    /// The side player 0 played.
    side_of_player0: usize,
    /// Refusals met.
    refused: Vec<String>,
    /// Commands in the game's journal.
    commands: usize,
    /// Per player: thinking time of each command, and of each whole decision.
    thinking: [Vec<Duration>; 2],
    decisions: [Vec<Duration>; 2],
    work: [Vec<u64>; 2],
}

/// Plays `games` games of the scenario `text` between `players`; game `i`
/// rolls dice seeded `seed + i`. `jobs` threads (at least 1) share the
/// games; the report is the same for any `jobs`, apart from the times.
///
/// # Errors
/// A broken scenario, with its position.
pub fn run_match<R: Module>(
    file: &str,
    text: &str,
    players: [Player; 2],
    games: u32,
    seed: u64,
    jobs: usize,
) -> Result<MatchReport, String> {
    let start = Instant::now();
    let jobs = jobs.clamp(1, games.max(1) as usize);
    // Job j plays games j, j + jobs, j + 2 × jobs, …; the records are then
    // put back in game order.
    let mut records: Vec<(u32, GameRecord)> = Vec::with_capacity(games as usize);
    let parts: Vec<Result<Vec<(u32, GameRecord)>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                scope.spawn(move || {
                    (j as u32..games)
                        .step_by(jobs)
                        .map(|i| play_game::<R>(file, text, players, seed, i).map(|r| (i, r)))
                        .collect::<Result<Vec<_>, String>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a match game panicked".to_string()))
            })
            .collect()
    });
    for part in parts {
        records.extend(part?);
    }
    records.sort_by_key(|r| r.0);
    let mut report = MatchReport {
        players: [Some(players[0]), Some(players[1])],
        ..MatchReport::default()
    };
    for (i, r) in records {
        if i == 0 {
            report.scenario = r.info.0;
            report.sides = r.info.1;
        }
        report.refused.extend(r.refused);
        report.commands.push(r.commands);
        for p in 0..2 {
            report.thinking[p].extend(r.thinking[p].iter().copied());
            report.decisions[p].extend(r.decisions[p].iter().copied());
            report.work[p].extend(r.work[p].iter().copied());
        }
        match r.winner {
            Some(w) => {
                report.side_wins[w] += 1;
                let p = if r.side_of_player0 == w { 0 } else { 1 };
                report.wins[p] += 1;
                report.player_side_wins[p][w] += 1;
            }
            None => report.draws += 1,
        }
        report.games += 1;
    }
    report.elapsed = start.elapsed();
    Ok(report)
}

/// Game `i` of a match: player `p` sits on side `(p + i) % 2`.
fn play_game<R: Module>(
    file: &str,
    text: &str,
    players: [Player; 2],
    seed: u64,
    i: u32,
) -> Result<GameRecord, String> {
    let mut game = session::open_text::<R>(
        file,
        text,
        false,
        Some(seed.wrapping_add(u64::from(i))),
        &[],
    )
    .map_err(|e| e.to_string())?;
    let info = R::describe(game.scenario());
    let mut sides: [String; 2] = Default::default();
    for (k, s) in info.sides.iter().take(2).enumerate() {
        sides[k] = s.clone();
    }
    let side_of_player0 = (i % 2) as usize;
    let mut seats = [0usize, 1].map(|side| {
        let p = if side_of_player0 == side { 0 } else { 1 };
        Seat::new(players[p], seat_seed(seed, i, side as u8))
    });
    let decided = play_out(&mut game, &mut seats, GAME_LIMIT);
    let mut record = GameRecord {
        info: (format!("{} ({})", info.name, R::TITLE), sides),
        winner: game
            .outcome()
            .and_then(|o| o.winner)
            .map(|w| usize::from(w.min(1))),
        side_of_player0,
        refused: Vec::new(),
        commands: game.journal.entries.len(),
        thinking: Default::default(),
        decisions: Default::default(),
        work: Default::default(),
    };
    for d in &decided {
        let side = usize::from(d.side.min(1));
        let who = players[if side == side_of_player0 { 0 } else { 1 }];
        record.refused.extend(
            d.refused
                .iter()
                .map(|r| format!("game {i}, {who} as {}: {r}", record.info.1[side])),
        );
    }
    collect_thinking(&decided, &seats, &mut record);
    Ok(record)
}

/// Files each computer decision's thinking times under its player.
fn collect_thinking(
    decided: &[crate::opponent::driver::Decided],
    seats: &[Seat; 2],
    record: &mut GameRecord,
) {
    let side_of_player0 = record.side_of_player0;
    for d in decided {
        if d.thinking.is_empty() {
            continue;
        }
        let side = d.side as usize;
        let p = if side == side_of_player0 { 0 } else { 1 };
        debug_assert!(matches!(seats[side].player, Player::Computer(_)));
        record.thinking[p].extend(d.thinking.iter().copied());
        record.work[p].extend(d.work.iter().copied());
        record.decisions[p].push(d.thinking.iter().sum());
    }
}
