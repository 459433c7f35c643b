//! The Genpei game state as plain data, the context the rules read
//! besides it (scenario, board, tables, cards), and the side that decides
//! now.

use hexx::Hex;
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::engine::board::{Facing, HexBoard};
use crate::engine::command::Refusal;

use super::cards::{CommandCards, Deck, Section};
use super::data::{GenTables, HexTerrain, UnitType};
use super::dragon::DragonCards;
use super::scenario::GenScenario;

/// What the rules read besides the state. Built once per game.
pub struct GenCtx {
    /// The scenario.
    pub scenario: GenScenario,
    /// The board, for the view and hex terrain.
    pub board: HexBoard,
    /// The module tables.
    pub tables: GenTables,
    /// The Command deck's cards.
    pub cards: CommandCards,
    /// The Dragon deck's cards.
    pub dragons: DragonCards,
    /// Each hex's terrain, as an index into `tables.terrain.hexes`, by
    /// `column * rows + row` (looked up for every step of every path).
    cells: Vec<usize>,
}

impl GenCtx {
    /// The context of a board: the terrain of each hex looked up once.
    /// `tables` has a "clear" terrain (checked when it loads).
    pub fn new(
        scenario: GenScenario,
        board: HexBoard,
        tables: GenTables,
        cards: CommandCards,
        dragons: DragonCards,
    ) -> Self {
        let hexes = &tables.terrain.hexes;
        let clear = hexes.iter().position(|x| x.key == "clear").unwrap_or(0);
        let mut cells = Vec::with_capacity((board.columns * board.rows).max(0) as usize);
        for c in 0..board.columns {
            for r in 0..board.rows {
                let name = board
                    .tile(HexBoard::to_hex((c, r)))
                    .map(|t| t.terrain.as_str());
                cells.push(
                    hexes
                        .iter()
                        .position(|x| Some(x.name.as_str()) == name)
                        .unwrap_or(clear),
                );
            }
        }
        GenCtx {
            scenario,
            board,
            tables,
            cards,
            dragons,
            cells,
        }
    }

    /// The rules terrain of hex `h` (clear off the board).
    pub fn terrain(&self, h: Hex) -> &HexTerrain {
        let hexes = &self.tables.terrain.hexes;
        let (c, r) = HexBoard::to_offset(h);
        let i = if (0..self.board.columns).contains(&c) && (0..self.board.rows).contains(&r) {
            self.cells.get((c * self.board.rows + r) as usize).copied()
        } else {
            None
        };
        let clear = || hexes.iter().position(|x| x.key == "clear").unwrap_or(0);
        &hexes[i.unwrap_or_else(clear).min(hexes.len().saturating_sub(1))]
    }
    /// Whether `h` is an ocean hex (GEN-OCN-1).
    pub fn ocean(&self, h: Hex) -> bool {
        self.terrain(h).ocean
    }
    /// Whether `h` is a marsh hex.
    pub fn marsh(&self, h: Hex) -> bool {
        self.terrain(h).key == "marsh"
    }
    /// Whether `h` is a stockade hex.
    pub fn stockade(&self, h: Hex) -> bool {
        self.terrain(h).key == "stockade"
    }
    /// Whether `h` is a land hex next to an ocean hex: the shore (GEN-NCB-2).
    pub fn shore(&self, h: Hex) -> bool {
        !self.ocean(h)
            && Facing::ALL.iter().any(|f| {
                self.board.contains(h.neighbor(f.edge_direction()))
                    && self.ocean(h.neighbor(f.edge_direction()))
            })
    }
    /// The palisade hex whose tile covers the hexside between `a` and `b`
    /// (GEN-PAL-1): the second hex of the hexside's `between` in the
    /// scenario (stand-in: the first is outside the palisade).
    pub fn palisade_hex(&self, a: Hex, b: Hex) -> Option<Hex> {
        self.palisade_specs()
            .find(|(p, q)| (*p == a && *q == b) || (*p == b && *q == a))
            .map(|(_, q)| q)
    }
    /// The hexsides of the palisade tile on hex `h`, each as `(outside, h)`
    /// (GEN-PAL-1).
    pub fn palisade_sides(&self, h: Hex) -> Vec<(Hex, Hex)> {
        self.palisade_specs().filter(|(_, q)| *q == h).collect()
    }
    /// The scenario's palisade hexsides, `(outside, palisade hex)`.
    fn palisade_specs(&self) -> impl Iterator<Item = (Hex, Hex)> + '_ {
        self.scenario
            .board
            .hexsides
            .iter()
            .filter(|x| {
                self.tables
                    .terrain
                    .hexsides
                    .iter()
                    .any(|f| f.name == x.feature)
            })
            .map(|x| (HexBoard::to_hex(x.between.0), HexBoard::to_hex(x.between.1)))
    }
    /// Whether the scenario puts an arrow tower on `h` (GEN-TWR-1); whether
    /// it still stands is [`GenState::tower`].
    pub fn tower(&self, h: Hex) -> bool {
        self.scenario
            .towers
            .iter()
            .any(|t| HexBoard::to_hex(*t) == h)
    }
    /// The unit type of `key`.
    pub fn unit_type(&self, key: &str) -> Option<&UnitType> {
        self.tables.unit(key)
    }
    /// The sections hex `h` belongs to, as `side` sees the board (a hex on
    /// a dividing column belongs to both, GEN-BASE).
    pub fn sections(&self, h: Hex, side: u8) -> Vec<Section> {
        let (c, _) = HexBoard::to_offset(h);
        let s = self.scenario.sections;
        // A side at the north edge sits across the table: its left is the
        // high columns.
        let north = self
            .scenario
            .sides
            .get(side as usize)
            .is_some_and(|x| x.edge == crate::engine::board::BoardEdge::North);
        let (low, high) = if !north {
            (Section::Left, Section::Right)
        } else {
            (Section::Right, Section::Left)
        };
        let mut out = Vec::new();
        if c <= s.left_until {
            out.push(low);
        }
        if c >= s.left_until && c <= s.right_from {
            out.push(Section::Centre);
        }
        if c >= s.right_from {
            out.push(high);
        }
        out.sort();
        out
    }
    /// The wind/tide directions in round `turn`: the scenario's, or the
    /// last tide change that has come (GEN-NAV-2).
    pub fn wind(&self, turn: u32) -> &[u8] {
        self.scenario
            .tide
            .iter()
            .filter(|t| t.from_turn <= turn)
            .max_by_key(|t| t.from_turn)
            .map_or(&self.scenario.wind, |t| &t.wind)
    }
    /// The direction index 0..=5 (0 north, clockwise) of a step between
    /// neighbours, for the wind/tide (GEN-NAV-3).
    pub fn direction(from: Hex, to: Hex) -> Option<u8> {
        Facing::towards_neighbor(from, to).map(|f| f.index() as u8)
    }
}

/// Occupied hexes of a board (see [`GenState::occupancy`]).
pub struct Occupancy {
    rows: i32,
    columns: i32,
    cells: Vec<bool>,
}

impl Occupancy {
    /// Whether `h` holds a unit or a leader (off the board: no).
    pub fn at(&self, h: Hex) -> bool {
        let (x, y) = HexBoard::to_offset(h);
        (0..self.columns).contains(&x)
            && (0..self.rows).contains(&y)
            && self.cells[(x * self.rows + y) as usize]
    }
}

/// A combat unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenUnit {
    /// Unique id.
    pub id: u32,
    /// Side 0 or 1.
    pub side: u8,
    /// Name.
    pub name: SmolStr,
    /// Type key of `units.ron`.
    pub kind: SmolStr,
    /// Where it stands.
    pub hex: Hex,
    /// Figures left; 0 = eliminated.
    pub figures: u32,
    /// Ordered this turn.
    pub ordered: bool,
    /// Hexes moved this turn.
    pub moved: u32,
    /// Embarked or disembarked this turn (GEN-AMP-1).
    pub embarked: bool,
    /// Battled this turn.
    pub battled: bool,
    /// Took ground this turn.
    pub took_ground: bool,
    /// Where it began its side's turn.
    pub start: Hex,
    /// Figures laid flat until its side's next turn (GEN-AMP-2).
    pub flat: bool,
    /// Extra close-combat dice this turn from a Dragon card.
    pub dragon_dice: i32,
    /// Entered a marsh this turn (GEN-MSH-2).
    pub entered_marsh: bool,
    /// Ordered but holding its ground this turn: it moves no more.
    #[serde(default)]
    pub held: bool,
}

impl GenUnit {
    /// Still on the board.
    pub fn alive(&self) -> bool {
        self.figures > 0
    }
}

/// A leader.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenLeader {
    /// Unique id.
    pub id: u32,
    /// Side 0 or 1.
    pub side: u8,
    /// Name.
    pub name: SmolStr,
    /// A cavalry leader.
    pub cavalry: bool,
    /// A Samurai of Name (GEN-SCN-3).
    pub named: bool,
    /// Where he stands.
    pub hex: Hex,
    /// Dead or gone (seppuku).
    pub dead: bool,
    /// Ordered this turn (detached, on his own).
    pub ordered: bool,
    /// Moved this turn.
    pub moved: bool,
}

/// The Command tile (GEN-CMD-1, GEN-CMD-2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandTileState {
    /// Side 0 or 1.
    pub side: u8,
    /// The Commander's bodyguard unit.
    pub unit: u32,
    /// The tile's hex.
    pub hex: Hex,
    /// A Command Ship (at sea) rather than a Tent.
    pub ship: bool,
    /// Taken by the enemy.
    pub captured: bool,
}

/// What an attack is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum AttackTarget {
    /// An enemy unit.
    Unit(u32),
    /// A palisade or stockade on or around this hex (GEN-PAL-4, GEN-STK-6).
    Work(Hex),
}

/// An attack waiting for the defender's reaction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// The attacking unit.
    pub unit: u32,
    /// The target.
    pub target: AttackTarget,
    /// Turn one sword into a grapple, or sever one (GEN-GRP-1, GEN-GRP-4).
    pub grapple: bool,
    /// Dice of Leader Inspiration paid for (GEN-BASE).
    pub inspire: u32,
    /// A bonus close combat after taking ground.
    pub bonus: bool,
    /// Dice the defender's Dragon card took away.
    pub reaction_dice: i32,
    /// Leader Inspiration dice the defender bought for its battle back or
    /// first strike (GEN-STK-4, GEN-MSH-4), paid when it rolls.
    #[serde(default)]
    pub counter_inspire: u32,
}

/// The step of a turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// The active side plays a Command card.
    Play,
    /// The active side orders units with the card played.
    Order,
    /// Ordered units move.
    Move,
    /// Ordered units battle, one at a time.
    Battle,
    /// The defender may play a Dragon card before the attack is rolled.
    Reaction {
        /// The attack.
        attack: Attack,
    },
    /// A close combat on a boat has rolled a sword: the attacker elects to
    /// grapple (or sever) with one, or not (GEN-GRP-1, GEN-GRP-4).
    Grapple {
        /// The attack, its grapple not chosen.
        attack: Attack,
        /// What it rolled.
        roll: super::battle_dice::Counts,
        /// The defender struck first (GEN-STK-5): no battle back.
        first_struck: bool,
        /// Where the attacker stood.
        from: Hex,
    },
    /// The attacker may take the emptied hex.
    TakeGround {
        /// The attacker.
        unit: u32,
        /// The emptied hex.
        hex: Hex,
    },
    /// A bonus close combat (cavalry, or a unit with a leader).
    Bonus {
        /// The unit.
        unit: u32,
    },
    /// Order One: keep one of the two cards drawn.
    Keep {
        /// The cards drawn.
        cards: Vec<SmolStr>,
    },
    /// The active side draws a Dragon card or takes H&F.
    EndTurn,
    /// The game is over.
    Over {
        /// The winner, or `None` for a draw.
        winner: Option<u8>,
        /// The result in words, in English whatever the player's language:
        /// the state is the same in every language (its checksum is in the
        /// saves); the outcome is worded anew in the player's language.
        text: String,
    },
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenState {
    /// The round, from 1 (both sides' turns).
    pub turn: u32,
    /// The side whose turn it is.
    pub active: u8,
    /// The step.
    pub phase: Phase,
    /// Units, by id.
    pub units: Vec<GenUnit>,
    /// Leaders, by id.
    pub leaders: Vec<GenLeader>,
    /// Each side's Command cards.
    pub hands: [Vec<SmolStr>; 2],
    /// Each side's Dragon cards.
    pub dragon_hands: [Vec<SmolStr>; 2],
    /// The Command deck.
    pub deck: Deck,
    /// The Dragon deck.
    pub dragon_deck: Deck,
    /// Each side's H&F tokens (the pool is common; stand-in: unlimited).
    pub hf: [u32; 2],
    /// Victory banners won by each side.
    pub banners: [u32; 2],
    /// The Command card in play.
    pub card: Option<SmolStr>,
    /// A Dragon card played this turn, per side.
    pub dragon_played: [bool; 2],
    /// Extra hexes of movement for ordered units from a Dragon card, with
    /// the troop kind (`None`: none).
    pub dragon_move: Option<(u32, super::dragon::DragonTroop)>,
    /// Palisade hexsides destroyed.
    pub palisades_down: Vec<(Hex, Hex)>,
    /// Stockade hexes destroyed.
    pub stockades_down: Vec<Hex>,
    /// Grapple markers: pairs of grappled units, lower id first.
    pub grapples: Vec<(u32, u32)>,
    /// Command tiles.
    pub commands: Vec<CommandTileState>,
    /// The last battle's roll, for the overlay.
    pub last_roll: Option<String>,
}

impl GenState {
    /// Unit `id`.
    pub fn unit(&self, id: u32) -> Option<&GenUnit> {
        self.units
            .binary_search_by_key(&id, |u| u.id)
            .ok()
            .map(|i| &self.units[i])
    }
    /// A Command Ship goes where its bodyguard unit `unit` now is, after a
    /// retreat or taking ground as after a move (GEN-CMD-1: the Command
    /// Tent afloat moves with it).
    pub fn follow_command_ship(&mut self, unit: u32) {
        let Some(h) = self.unit(unit).map(|u| u.hex) else {
            return;
        };
        for t in self
            .commands
            .iter_mut()
            .filter(|t| t.unit == unit && t.ship && !t.captured)
        {
            t.hex = h;
        }
    }

    /// Unit `id`, mutably.
    pub fn unit_mut(&mut self, id: u32) -> Option<&mut GenUnit> {
        self.units
            .binary_search_by_key(&id, |u| u.id)
            .ok()
            .map(|i| &mut self.units[i])
    }
    /// Leader `id`.
    pub fn leader(&self, id: u32) -> Option<&GenLeader> {
        self.leaders.iter().find(|l| l.id == id)
    }
    /// The live unit on `h`.
    pub fn unit_at(&self, h: Hex) -> Option<&GenUnit> {
        self.units.iter().find(|u| u.alive() && u.hex == h)
    }
    /// The live leaders on `h`.
    pub fn leaders_at(&self, h: Hex) -> impl Iterator<Item = &GenLeader> {
        self.leaders.iter().filter(move |l| !l.dead && l.hex == h)
    }
    /// The live leader attached to unit `u` (on its hex), if any.
    pub fn attached_leader(&self, u: &GenUnit) -> Option<&GenLeader> {
        self.leaders
            .iter()
            .find(|l| !l.dead && l.side == u.side && l.hex == u.hex)
    }
    /// Whether unit `a` is grappled (GEN-GRP-3).
    pub fn grappled(&self, a: u32) -> bool {
        self.grapples.iter().any(|g| g.0 == a || g.1 == a)
    }
    /// Whether `a` and `b` are grappled together.
    pub fn grappled_together(&self, a: u32, b: u32) -> bool {
        let k = (a.min(b), a.max(b));
        self.grapples.contains(&k)
    }
    /// Whether a palisade stands between `a` and `b` (GEN-PAL-1).
    pub fn palisade(&self, ctx: &GenCtx, a: Hex, b: Hex) -> bool {
        ctx.board.hexside(a, b).is_some()
            && !self
                .palisades_down
                .iter()
                .any(|(x, y)| (*x == a && *y == b) || (*x == b && *y == a))
    }
    /// Whether `h` is a standing stockade.
    pub fn stockade(&self, ctx: &GenCtx, h: Hex) -> bool {
        ctx.stockade(h) && !self.stockades_down.contains(&h)
    }
    /// Whether an arrow tower stands on `h` now (GEN-TWR-1: it "obeys all
    /// normal rules for its associated terrain type"): while its stockade
    /// stands, or on a palisade hex while a side of that palisade stands.
    /// A destroyed work is "removed from play" (GEN-STK-6, GEN-PAL-4), its
    /// tower with it.
    pub fn tower(&self, ctx: &GenCtx, h: Hex) -> bool {
        if !ctx.tower(h) {
            return false;
        }
        if ctx.stockade(h) {
            return self.stockade(ctx, h);
        }
        ctx.palisade_sides(h)
            .iter()
            .any(|(a, b)| self.palisade(ctx, *a, *b))
    }
    /// Whether a Palisade Arrow Tower stands on `h` (GEN-TWR-2).
    pub fn palisade_tower(&self, ctx: &GenCtx, h: Hex) -> bool {
        !ctx.stockade(h) && self.tower(ctx, h)
    }
    /// Whether `h` holds a unit or a leader.
    pub fn occupied(&self, h: Hex) -> bool {
        self.unit_at(h).is_some() || self.leaders_at(h).next().is_some()
    }
    /// Which hexes hold a unit or a leader, as a grid over the board
    /// (index `column * rows + row`), for searches that ask often.
    pub fn occupancy(&self, ctx: &GenCtx) -> Occupancy {
        let (c, r) = (ctx.board.columns.max(1), ctx.board.rows.max(1));
        let mut cells = vec![false; (c * r) as usize];
        let hexes = self
            .units
            .iter()
            .filter(|u| u.alive())
            .map(|u| u.hex)
            .chain(self.leaders.iter().filter(|l| !l.dead).map(|l| l.hex));
        for h in hexes {
            let (x, y) = HexBoard::to_offset(h);
            if (0..c).contains(&x) && (0..r).contains(&y) {
                cells[(x * r + y) as usize] = true;
            }
        }
        Occupancy {
            rows: r,
            columns: c,
            cells,
        }
    }
}

pub(super) fn refuse(rule: &str, why: impl Into<String>) -> Refusal {
    Refusal::new(rule, why)
}

/// The side that decides now.
pub fn side_to_act(s: &GenState) -> Option<u8> {
    match &s.phase {
        Phase::Over { .. } => None,
        Phase::Reaction { attack } => s.unit(attack_defender(s, attack)?).map(|u| u.side),
        _ => Some(s.active),
    }
}

/// The defending unit of an attack on a unit.
pub fn attack_defender(_s: &GenState, a: &Attack) -> Option<u32> {
    match a.target {
        AttackTarget::Unit(u) => Some(u),
        AttackTarget::Work(_) => None,
    }
}
