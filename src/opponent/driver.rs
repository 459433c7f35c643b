//! A side's whole decision, played by a [`Seat`]: the scripted default play,
//! or the computer opponent one command at a time until the side passes.

use std::time::Duration;

use crate::engine::core::{Rules, RulesHints, ToAct};
use crate::engine::game::Game;

use super::Player;
use super::search::Opponent;
use crate::engine::seats::Seats;

/// Who plays one side, with the opponent's own generator when it is the
/// computer.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The player.
    pub player: Player,
    opponent: Option<Opponent>,
}

impl Seat {
    /// A seat for `player`; the computer's choices follow from `seed`. A
    /// human side, played headless, gets the scripted default play.
    pub fn new(player: Player, seed: u64) -> Self {
        Self {
            player,
            opponent: match player {
                Player::Human | Player::Default | Player::Remote => None,
                Player::Computer(level) => Some(Opponent::new(level, seed)),
            },
        }
    }

    /// The seats of a game's two sides, from its [`Seats`].
    pub fn pair(seats: &Seats) -> [Seat; 2] {
        [0u8, 1].map(|side| Seat::new(seats.player(side), seats.seed_of(side)))
    }

    /// The computer opponent of this seat, if it is one.
    pub fn opponent(&self) -> Option<&Opponent> {
        self.opponent.as_ref()
    }
}

/// How many commands the computer may make in one decision before it
/// passes: twice the side's units in `obs`
/// ([`RulesHints::unit_count`]), plus two (a safety net, so that a search
/// that keeps rewriting orders cannot loop).
pub fn decision_cap<R: Rules + RulesHints>(ctx: &R::Ctx, obs: &R::State, side: u8) -> u32 {
    2 * R::unit_count(ctx, obs, side) as u32 + 2
}

/// The computer's next command for `side`, from the side's observation
/// `obs` alone: the search's choice, or the side's pass once `made`
/// commands of this decision reached [`decision_cap`] or when the search has
/// nothing to offer. `salt` is the number of commands in the game so far, so
/// a game resumed from a save decides the same. Pure: the app runs it on a
/// background task, headless play inline.
pub fn computer_command<R: Rules + RulesHints>(
    opp: &Opponent,
    ctx: &R::Ctx,
    obs: &R::State,
    side: u8,
    salt: u64,
    made: u32,
) -> Option<R::Command> {
    if made >= decision_cap::<R>(ctx, obs, side) {
        return R::pass_command(ctx, obs, side);
    }
    opp.decide::<R>(ctx, obs, side, salt)
        .0
        .or_else(|| R::pass_command(ctx, obs, side))
}

/// What one side's decision took.
#[derive(Clone, Debug, Default)]
pub struct Decided {
    /// The side that decided.
    pub side: u8,
    /// Commands applied.
    pub commands: u32,
    /// Thinking time of each command the computer chose: the CPU time of
    /// the thread that searched (µs precision), so other work sharing the
    /// cores does not inflate it. The search runs on that one thread.
    pub thinking: Vec<Duration>,
    /// Work units ([`crate::engine::work`]) each of those commands' search
    /// spent, in the same order.
    pub work: Vec<u64>,
    /// Refusals met on the way (reported, then the side passes).
    pub refused: Vec<String>,
}

/// What became of the computer's command in [`apply_computer_command`].
#[derive(Clone, Debug, PartialEq)]
pub enum Applied {
    /// The command was applied.
    Command,
    /// It was refused (or there was none), and the side passed instead, so
    /// the game goes on.
    Passed(Option<String>),
    /// Neither the command nor the side's pass could be applied: the side
    /// is stuck (a module defect; the caller stops asking).
    Stuck(String),
}

/// Applies the computer's command for `side`; when it is refused or
/// missing, the side's pass instead. The one policy for headless play and
/// the app.
pub fn apply_computer_command<R: Rules + RulesHints>(
    game: &mut Game<R>,
    side: u8,
    cmd: Option<&R::Command>,
) -> Applied {
    let refused = match cmd.map(|c| game.apply(c)) {
        Some(Ok(())) => return Applied::Command,
        Some(Err(r)) => Some(format!("turn {}: {:?}: {r}", game.turn(), cmd)),
        None => None,
    };
    match R::pass_command(&game.ctx, &game.state, side).map(|p| game.apply(&p)) {
        Some(Ok(())) => Applied::Passed(refused),
        Some(Err(r)) => Applied::Stuck(format!("turn {}: the pass is refused: {r}", game.turn())),
        None => Applied::Stuck(format!("turn {}: side {side} has no pass", game.turn())),
    }
}

/// Plays `side`'s current decision in `game` with `seat`, until the side no
/// longer decides in this phase. The computer reads only the side's
/// observation ([`computer_command`]). A refused command is reported and
/// the side passes.
pub fn play_decision<R: Rules + RulesHints>(
    game: &mut Game<R>,
    side: u8,
    seat: &mut Seat,
) -> Decided {
    let mut out = Decided {
        side,
        ..Decided::default()
    };
    let phase = game.phase_name();
    let still_deciding = |g: &Game<R>| g.to_act() == ToAct::Side(side) && g.phase_name() == phase;
    match &mut seat.opponent {
        None => {
            for cmd in R::default_commands(&game.ctx, &game.state, side) {
                if game.to_act() != ToAct::Side(side) {
                    break;
                }
                match game.apply(&cmd) {
                    Ok(()) => out.commands += 1,
                    Err(r) => out
                        .refused
                        .push(format!("turn {}: {cmd:?}: {r}", game.turn())),
                }
            }
        }
        Some(opp) => {
            while still_deciding(game) {
                let obs = R::observation(&game.ctx, &game.state, side);
                let t0 = cpu_time::ThreadTime::now();
                let w0 = crate::engine::work::spent();
                let salt = game.journal.entries.len() as u64;
                let cmd = computer_command::<R>(opp, &game.ctx, &obs, side, salt, out.commands);
                out.thinking.push(t0.elapsed());
                out.work.push(crate::engine::work::spent() - w0);
                let Some(cmd) = cmd else { break };
                match apply_computer_command(game, side, Some(&cmd)) {
                    Applied::Command => out.commands += 1,
                    Applied::Passed(refused) => {
                        out.refused.extend(refused);
                        out.commands += 1;
                        break;
                    }
                    Applied::Stuck(why) => {
                        out.refused.push(why);
                        break;
                    }
                }
            }
        }
    }
    if still_deciding(game) {
        // Make progress: the side ends its part of the decision.
        match R::pass_command(&game.ctx, &game.state, side).map(|c| game.apply(&c)) {
            Some(Ok(())) => out.commands += 1,
            Some(Err(r)) => out.refused.push(format!("turn {}: {r}", game.turn())),
            None => {}
        }
    }
    out
}

/// Plays `game` to its end (or `max_commands`), each side by its seat.
/// Returns every decision's record.
pub fn play_out<R: Rules + RulesHints>(
    game: &mut Game<R>,
    seats: &mut [Seat; 2],
    max_commands: u32,
) -> Vec<Decided> {
    let mut all = Vec::new();
    let mut total = 0u32;
    while total < max_commands {
        game.advance();
        let ToAct::Side(side) = game.to_act() else {
            break;
        };
        let d = play_decision(game, side, &mut seats[usize::from(side.min(1))]);
        total += d.commands.max(1);
        let stuck = d.commands == 0;
        all.push(d);
        if stuck {
            break;
        }
    }
    all
}
