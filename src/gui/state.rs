//! What the GUI's features share (GUI state only; nothing of it is saved):
//! the screens, the selection and its pick, the panels' notes, the hot-seat
//! cover, the board's area, the messages the panels and keys send, and the
//! events a game's coming and going raises. Each feature keeps the rest of
//! its state in its own resources.

use std::path::PathBuf;

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::command::Refusal;
use crate::engine::seats::{Level, Player, Seats};
use crate::engine::view::{Choice, Pick};

/// The app's screens.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The title screen: scenarios, New game, Load game, Resume.
    #[default]
    Title,
    /// A game is on the board.
    Playing,
}

/// How the app runs, fixed at start.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AppMode {
    /// Rendering for `--screenshot`: no pass cover, the first unit of the
    /// side to plan is selected, no autosave.
    pub screenshot: bool,
    /// The convention demo's kiosk: no title screen, save, load, autosave
    /// or briefing window.
    pub kiosk: bool,
}

/// What the player is doing on the board.
#[derive(Resource, Clone, Debug, Default)]
pub struct Selection {
    /// The selected unit.
    pub selected: Option<u32>,
    /// The choice waiting for a target or hex click.
    pub armed: Option<Choice>,
    /// The pick for the armed choice.
    pub pick: Pick,
    /// The key of the side's choice (or card) under the pointer this
    /// frame: the units it would let act are highlighted.
    pub hovered: Option<String>,
}

/// The panels' lines about what just happened.
#[derive(Resource, Clone, Debug, Default)]
pub struct Notes {
    /// The last refusal, shown in red.
    pub refusal: Option<Refusal>,
    /// A status line (saved, loaded, errors).
    pub status: String,
    /// What the last undo or redo did, or why it was refused; shown under
    /// the Undo and Redo buttons.
    pub undo_note: String,
}

/// A screen over the board takes its clicks: while it is up (the demo's
/// attract loop and its menu), a click never selects or moves a unit.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardShield(pub bool);

/// The hot-seat cover between decisions.
#[derive(Resource, Clone, Debug, Default)]
pub struct PassCover {
    /// The cover is up for this side: it shows whose turn it is and hides
    /// the board.
    pub side: Option<u8>,
    /// The decision the cover was last lifted for: (turn, side, phase); the
    /// cover comes back when another side decides.
    pub revealed_for: Option<(u32, u8, String)>,
}

/// The rules-reference window is open, at this rule ID.
#[derive(Resource, Clone, Debug, Default)]
pub struct RulesOpen(pub Option<String>);

/// The after-action report window is open (`report_window.rs` builds
/// and draws it; the panels' *Report* buttons open it).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ReportOpen(pub bool);

/// The briefing window (scenario description and victory condition) is
/// open.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct BriefingOpen(pub bool);

/// A moving picture on screen (the title screen's film) wants the app
/// woken this often while it plays, though nobody touches it; `None` when
/// nothing moves on its own. The computer's and remote play's wake-ups
/// come first (`computer.rs`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct WakeEvery(pub Option<std::time::Duration>);

/// The part of the window the board shows between the panels, in logical
/// pixels (min x, min y, max x, max y); the mouse wheel zooms the board
/// only there. `None` before the panels are drawn.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardArea(pub Option<[f32; 4]>);

/// What the people at this screen did since the app started (the demo's
/// hints count them).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct PlayerTally {
    /// Choices (orders, actions, moves) applied.
    pub choices: u64,
    /// Decisions ended (a pass, or the computer asked to play the
    /// decision).
    pub passes: u64,
}

/// Where the keyboard's hex cursor stands (hex board), if it was used.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HexCursor(pub Option<Hex>);

/// Whose eyes the screen is, fixed from outside the game (a replay's
/// viewpoint; `None` inside: the spectator's open view). While it is
/// present nobody acts, and neither the person's actions nor the computer's
/// moves are played.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FixedViewer(pub Option<u8>);

/// The scenario editor has the board: nobody plays, and the game's screen
/// rests (present exactly while the editor is open).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Editing;

/// The board is a guest's view of a game hosted elsewhere: the person's
/// actions go to the host (present while the guest is seated).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct RemoteGuest;

/// How a new game is played, as picked on the title screen or in a
/// replay's *Play from here*.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Two people at one screen, with the cover between decisions.
    #[default]
    HotSeat,
    /// You against the computer.
    Solo {
        /// Your side (0 or 1).
        side: u8,
        /// The computer's level.
        level: Level,
    },
    /// The computer plays both sides; you watch.
    Watch {
        /// Side 0's level, then side 1's.
        levels: [Level; 2],
    },
}

impl Mode {
    /// The seats of a new game in this mode; the computer thinks with
    /// `ai_seed`.
    pub fn seats(self, ai_seed: u64) -> Seats {
        let players = match self {
            Mode::HotSeat => [Player::Human; 2],
            Mode::Solo { side, level } => {
                let mut p = [Player::Computer(level); 2];
                p[usize::from(side.min(1))] = Player::Human;
                p
            }
            Mode::Watch { levels } => levels.map(Player::Computer),
        };
        Seats { players, ai_seed }
    }
}

/// What a player did in the panels or on the board.
#[derive(Message, Clone, Debug)]
pub enum UiAction {
    /// A choice of the selected unit, with the player's pick.
    Choose {
        /// The choice's key.
        key: String,
        /// Unit, target, hex or path.
        pick: Pick,
    },
    /// The deciding side ends its part of the decision.
    Pass,
    /// The computer's default play for the deciding side.
    Computer,
    /// Take back the deciding side's last command (Ctrl+Z), back to its
    /// last commitment ([`Game::undo`](crate::engine::game::Game::undo)).
    Undo,
    /// Play again the last command taken back (Ctrl+Shift+Z).
    Redo,
}

/// What the save / load window or Ctrl+S asked of the game's files.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum FileRequest {
    /// Save the game to this path.
    Save(PathBuf),
    /// Open this scenario or save in place of the game.
    Load(PathBuf),
    /// Open this save as a replay.
    Replay(PathBuf),
}

/// A game was put on the board (raised after it is in the world); each
/// feature resets its own state for it.
#[derive(Event, Clone, Copy, Debug)]
pub struct GameInstalled;

/// The game on the board was taken out (raised after it left the world);
/// each feature takes its own part of that game out with it.
#[derive(Event, Clone, Copy, Debug)]
pub struct GameCleared;

/// The shared state, the screens and the messages.
pub struct StatePlugin;

impl Plugin for StatePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<AppMode>()
            .init_resource::<Selection>()
            .init_resource::<Notes>()
            .init_resource::<PassCover>()
            .init_resource::<BoardShield>()
            .init_resource::<RulesOpen>()
            .init_resource::<BriefingOpen>()
            .init_resource::<ReportOpen>()
            .init_resource::<BoardArea>()
            .init_resource::<WakeEvery>()
            .init_resource::<PlayerTally>()
            .init_resource::<HexCursor>()
            .add_message::<UiAction>()
            .add_message::<FileRequest>()
            .init_state::<Screen>();
    }
}
