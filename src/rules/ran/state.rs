//! The RAN game as plain values: units, leaders, contingents, the phase, and
//! the board queries every rule area shares (facing arcs, zones of control,
//! command).

use hexx::Hex;
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

use crate::engine::board::{Facing, HexBoard};
use crate::engine::log::Modifier;

use super::data::{RanTables, UnitType};
use super::leaders::{Factors, Role, command_range};
use super::scenario::RanScenario;
use super::terrain::{self, Mp};

/// A combat unit (RAN-GLO-1) and its statuses (RAN-STAT).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RanUnit {
    /// Id.
    pub id: u32,
    /// Side, 0 or 1.
    pub side: u8,
    /// Name (a shared string: states are cloned on every command).
    pub name: SmolStr,
    /// Type key ("AS-T").
    pub kind: SmolStr,
    /// Contingent: the id of the Busho or So-Taisho that leads it.
    pub contingent: u32,
    /// Hex.
    pub hex: Hex,
    /// The hexside it faces.
    pub facing: Facing,
    /// Troop Quality, 1..=9.
    pub tq: i32,
    /// Movement allowance in MP.
    pub ma: u32,
    /// Cohesion hits, 0..=TQ.
    pub hits: u32,
    /// Disordered (Desorganizada).
    pub disordered: bool,
    /// Committed (Comprometida).
    pub committed: bool,
    /// Fled (Huida).
    pub fled: bool,
    /// Eliminated (Eliminada), or gone with an abandoned contingent.
    pub eliminated: bool,
    /// MP spent in this Orders phase.
    pub mp_used: u32,
    /// Took its order this Orders phase.
    pub ordered: bool,
    /// Moved this Orders phase.
    pub moved: bool,
    /// Fired this Orders phase.
    pub fired: bool,
    /// Shocked (or was stopped from shocking) this Orders phase.
    pub shocked: bool,
    /// Entered an enemy ZOC this Orders phase: must shock.
    pub must_shock: bool,
}

impl RanUnit {
    /// On the board and able to fight.
    pub fn active(&self) -> bool {
        !self.eliminated && !self.fled
    }
    /// Still on the board (Fled units included).
    pub fn present(&self) -> bool {
        !self.eliminated
    }
}

/// A leader (RAN-GLO-2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RanLeader {
    /// Id.
    pub id: u32,
    /// Side.
    pub side: u8,
    /// Name.
    pub name: SmolStr,
    /// Role.
    pub role: Role,
    /// Factors now (after wounds).
    pub factors: Factors,
    /// Wounds taken (RAN-BB-2).
    pub wounds: u32,
    /// Individual-combat hits (RAN-IC-5).
    pub ic_hits: u32,
    /// Dead or captured.
    pub dead: bool,
    /// Finished (Finalizado) this turn.
    pub finished: bool,
    /// Momentum attempts this turn.
    pub momentum_used: u32,
    /// Died this Game Turn (RAN-WD-2).
    pub died_this_turn: bool,
    /// The contingent he leads (his own id, or a Samurai's Busho).
    pub contingent: u32,
    /// A replacement, not the original Busho (RAN-WD-2).
    pub replacement: bool,
    /// Hex.
    pub hex: Hex,
    /// MP spent in the current Orders Phase, against his allowance
    /// (RAN-LDR-1: the allowance is per Orders Phase, not per move; each
    /// step costs the terrain table's Busho/Samurai column, RAN-TER-1).
    #[serde(default, alias = "hexes_moved", skip_serializing_if = "is_zero")]
    pub mp_used: u32,
    /// He began the current Orders Phase in an enemy ZOC, so his smaller
    /// allowance applies for the whole phase (RAN-LDR-1).
    #[serde(default, skip_serializing_if = "is_false")]
    pub began_in_enemy_zoc: bool,
    /// He has been activated this turn (RAN-LDR-2: a Busho designated to
    /// Trump a Momentum must have been Activated).
    #[serde(default, skip_serializing_if = "is_false")]
    pub activated: bool,
    /// He ordered an Active Withdrawal in the current Orders Phase and has
    /// made his Seppuku check (RAN-LDR-2, 6.44).
    #[serde(default, skip_serializing_if = "is_false")]
    pub ordered_withdrawal: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The segment of an Orders Phase (RAN-SOP-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Segment {
    /// Movement/Fire.
    MoveFire,
    /// Shock Combat.
    Shock,
}

/// A shock waiting for the defender's reaction (RAN-SHOCK-1 step 2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PendingShock {
    /// Attacking units still in it.
    pub attackers: Vec<u32>,
    /// The defender.
    pub defender: u32,
    /// A Norikuzushi.
    pub charge: bool,
    /// Column shifts already earned (a Disordered Committed unit's check).
    pub extra: Vec<Modifier>,
}

/// The phase (RAN-SOP).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// Initiative Determination (automatic).
    Initiative,
    /// `side` activates a Busho or passes; with `resurrection`, Finished
    /// Bushos may be used (RAN-FATE-2).
    Select {
        /// The side choosing.
        side: u8,
        /// After a Fate roll of 0-1.
        resurrection: bool,
    },
    /// A Busho's Orders Phase (RAN-SOP-3).
    Orders {
        /// The Busho.
        busho: u32,
        /// The segment.
        segment: Segment,
    },
    /// The defender's Reaction Withdrawal decision.
    Reaction {
        /// The shock.
        shock: PendingShock,
        /// The attacking Busho's Orders Phase goes on afterwards.
        busho: u32,
    },
    /// A shock by units of more than one contingent rolled a tie at 4–5
    /// or 6, or a 7, on the Coordination Table: the owner chooses which
    /// one of `contingents` attacks (RAN-COORD-2, "el jugador elige").
    Coordination {
        /// The Busho whose Shock Segment it is.
        busho: u32,
        /// The shock as declared, every attacker in it.
        shock: PendingShock,
        /// The contingents (leader ids) the owner may choose from.
        contingents: Vec<u32>,
    },
    /// A Busho's Samurai Challenge Phase (RAN-SOP-4).
    Challenge {
        /// The Busho.
        busho: u32,
    },
    /// Momentum (RAN-SOP-5).
    Momentum {
        /// The Busho.
        busho: u32,
    },
    /// A Momentum roll succeeded: the owner chooses whether `busho` makes an
    /// Orders or a Samurai Challenge Phase (RAN-SOP-5, "una Fase de Órdenes
    /// o de Desafío Samurái (C o D)").
    MomentumGained {
        /// The Busho.
        busho: u32,
    },
    /// Continuity (RAN-SOP-6) for `side`.
    Continuity {
        /// The side.
        side: u8,
    },
    /// The other side may Trump the Momentum of `busho` (`momentum`) or
    /// his side's Continuity before it is tried (RAN-LDR-2).
    Trump {
        /// The Busho whose Momentum, or whose side's Continuity, is trumped.
        busho: u32,
        /// A Trump of Momentum, else of Continuity.
        momentum: bool,
    },
    /// Recovery (automatic, RAN-SOP-7).
    Recovery,
    /// Contingent Abandonment (automatic, RAN-WD).
    Abandonment,
    /// Victory Determination (automatic).
    Victory,
    /// The game is over.
    Over {
        /// Winner, or `None` for a draw.
        winner: Option<u8>,
        /// In words.
        text: String,
    },
}

/// The last shock resolved, for the shock-table window.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShockRecord {
    /// Lead attacker and defender names.
    pub title: String,
    /// Attacker column and defender row of the weapons matrix.
    pub matrix: (String, String),
    /// The weapons-matrix column.
    pub base: i32,
    /// The shifts.
    pub shifts: Vec<Modifier>,
    /// The final column.
    pub column: i32,
    /// The raw roll and its modifiers.
    pub roll: u32,
    /// Roll modifiers.
    pub roll_mods: Vec<Modifier>,
    /// The modified roll, 0..=9.
    pub dr: i32,
    /// Hits after doubling (attacker, defender).
    pub hits: (u32, u32),
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RanState {
    /// Turn, from 1.
    pub turn: u32,
    /// The phase.
    pub phase: Phase,
    /// The side with the Initiative this turn.
    pub initiative: u8,
    /// Passes in a row (RAN-SOP-6).
    pub passes: u8,
    /// Combat units, by id.
    pub units: Vec<RanUnit>,
    /// Leaders, by id.
    pub leaders: Vec<RanLeader>,
    /// Contingents that abandoned the battle (original leader ids).
    pub abandoned: Vec<u32>,
    /// The last shock, for the overlay.
    pub last_shock: Option<ShockRecord>,
    /// The current Orders Phase is the So-Taisho's Busho Movement Order:
    /// Bushos move, units take no orders (RAN-LDR-3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub busho_movement: bool,
    /// Contingents (by leader id) whose units check TQ at −1 for the rest
    /// of the turn after a Hara-Kiri (RAN-LDR-3, RAN-TQ-12).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hara_kiri: Vec<u32>,
    /// The current Orders Phase was gained by a Momentum roll: a
    /// Coordination roll in it takes +1 (RAN-COORD-3, L1047, L1051).
    #[serde(default, skip_serializing_if = "is_false")]
    pub momentum_orders: bool,
}

/// The context: scenario, board, tables.
#[derive(Clone, Debug)]
pub struct RanCtx {
    /// The scenario.
    pub scenario: RanScenario,
    /// The board.
    pub board: HexBoard,
    /// The tables.
    pub tables: RanTables,
    /// Road links, both ways.
    pub roads: Vec<(Hex, Hex)>,
    /// The battle's rows read once: plain name, Closed MP, Open MP, rule ID,
    /// Kibamusha may not cross (RAN-TER-2 [m]).
    pub mp_rows: Vec<(String, Mp, Mp, String, bool)>,
    /// Slope hexsides (steep levels, escarpments) as `(foot, top)`: crossing
    /// from the foot goes up, from the top down (RAN-TER-2, note [m]).
    pub uphill: Vec<(Hex, Hex)>,
    /// The battle's road row ("Road", "Road / track") and whether it carries
    /// note [n]: no road rate moving next to an enemy unit (RAN-TER-2).
    pub road_row: Option<(String, bool)>,
}

impl RanCtx {
    /// Reads the battle's rows into [`RanCtx::mp_rows`].
    pub fn read_rows(tables: &RanTables, battle: &str) -> Vec<(String, Mp, Mp, String, bool)> {
        tables.battle(battle).map_or_else(Vec::new, |b| {
            (0..b.rows.len())
                .filter_map(|i| {
                    let name = terrain::plain_name(&b.rows[i]);
                    let r = terrain::row(b, &name)?;
                    Some((
                        name,
                        r.mp(false),
                        r.mp(true),
                        r.rule(),
                        r.row.terrain.contains("[m]"),
                    ))
                })
                .collect()
        })
    }
    /// The row that crossing the slope hexside `feature` (an "Up …" row,
    /// as placed) from `a` to `b` uses: the "Up …" row going up, its
    /// "Down …" row going down (RAN-TER-2).
    pub fn slope_row(&self, feature: &str, a: Hex, b: Hex) -> String {
        if self.uphill.contains(&(b, a)) {
            terrain::down_of(feature)
        } else {
            feature.to_string()
        }
    }
    /// The MP cell and rule of the row called `name`.
    pub fn mp_row(&self, name: &str, open: bool) -> Option<(Mp, &str, bool)> {
        self.mp_rows
            .iter()
            .find(|r| r.0.eq_ignore_ascii_case(name))
            .map(|r| (if open { r.2 } else { r.1 }, r.3.as_str(), r.4))
    }
    /// A unit's type.
    pub fn utype(&self, u: &RanUnit) -> Option<&UnitType> {
        self.tables.unit_type(&u.kind)
    }
    /// A unit fights in Open Order (RAN-STAT-3).
    pub fn open_order(&self, u: &RanUnit) -> bool {
        self.utype(u).is_some_and(|t| t.open_order)
    }
    /// A unit uses the Open/missile/leaders MP column (RAN-TER-1).
    pub fn open_column(&self, u: &RanUnit) -> bool {
        self.utype(u)
            .is_some_and(|t| t.open_order || t.missile.is_some())
    }
    /// Infantry (RAN-GLO-1).
    pub fn infantry(&self, u: &RanUnit) -> bool {
        self.utype(u).is_some_and(|t| t.infantry)
    }
    /// A Kibamusha (KB, KB-H, KB-B).
    pub fn kibamusha(&self, u: &RanUnit) -> bool {
        self.utype(u).is_some_and(|t| !t.infantry)
    }
    /// A unit's effective TQ now: printed TQ, −1 in Open Order (RAN-STAT-3),
    /// and the Hara-Kiri penalty for the rest of the turn (RAN-TQ-12).
    pub fn effective_tq(&self, state: &RanState, u: &RanUnit) -> crate::engine::log::Itemized {
        super::tq::effective_tq(
            &self.tables.values.tq,
            u.tq,
            self.open_order(u),
            state.hara_kiri.contains(&u.contingent),
        )
    }
    /// A KB or KB-H, which may not cross hexsides marked [m] (RAN-TER-2);
    /// KB-B may.
    pub fn barred_by_m(&self, u: &RanUnit) -> bool {
        self.utype(u).is_some_and(|t| t.barred_by_m)
    }
    /// The side's Honjin hex.
    pub fn honjin(&self, side: u8) -> Hex {
        self.scenario
            .honjin
            .get(side as usize)
            .map_or(Hex::ZERO, |o| HexBoard::to_hex(*o))
    }
    /// Whether `a`–`b` is a road link.
    pub fn road(&self, a: Hex, b: Hex) -> bool {
        self.roads
            .iter()
            .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
    }
    /// Which arc of a unit at `from` facing `facing` the hex `to` lies in
    /// (RAN-BASE): its [`arc_steps`] read against `values.ron`'s
    /// `facing_arcs`.
    pub fn arc(&self, from: Hex, facing: Facing, to: Hex) -> FacingArc {
        let a = &self.tables.values.facing_arcs;
        let steps = arc_steps(from, facing, to);
        if steps <= a.front_steps {
            FacingArc::Front
        } else if steps <= a.flank_steps {
            FacingArc::Flank
        } else {
            FacingArc::Rear
        }
    }
}

/// Where a hex lies around a unit (RAN-BASE): three front hexsides, two
/// flank, one rear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FacingArc {
    /// Through a front hexside.
    Front,
    /// Through a flank hexside.
    Flank,
    /// Through the rear hexside.
    Rear,
}

/// Hexside steps from a unit's facing to the direction of `to`: 0–1 front,
/// 2 flank, 3 rear (RAN-BASE: three front hexsides, two flank, one rear).
pub fn arc_steps(from: Hex, facing: Facing, to: Hex) -> usize {
    facing.steps_to(Facing::towards(from, to))
}

/// `to` lies in the front of a unit at `from` facing `facing`.
pub fn in_front(from: Hex, facing: Facing, to: Hex) -> bool {
    arc_steps(from, facing, to) <= 1
}

impl RanState {
    /// The unit with `id`.
    pub fn unit(&self, id: u32) -> Option<&RanUnit> {
        self.units.iter().find(|u| u.id == id)
    }
    /// Mutable unit.
    pub fn unit_mut(&mut self, id: u32) -> Option<&mut RanUnit> {
        self.units.iter_mut().find(|u| u.id == id)
    }
    /// The leader with `id`.
    pub fn leader(&self, id: u32) -> Option<&RanLeader> {
        self.leaders.iter().find(|l| l.id == id)
    }
    /// Mutable leader.
    pub fn leader_mut(&mut self, id: u32) -> Option<&mut RanLeader> {
        self.leaders.iter_mut().find(|l| l.id == id)
    }
    /// The combat unit on `h` (Fled included).
    pub fn unit_at(&self, h: Hex) -> Option<&RanUnit> {
        self.units.iter().find(|u| u.present() && u.hex == h)
    }
    /// The side's So-Taisho, alive.
    pub fn so_taisho(&self, side: u8) -> Option<&RanLeader> {
        self.leaders
            .iter()
            .find(|l| l.side == side && l.role == Role::SoTaisho && !l.dead)
    }
    /// The living leader commanding contingent `c` (its Busho or his replacement).
    pub fn commander(&self, c: u32) -> Option<&RanLeader> {
        self.leaders
            .iter()
            .find(|l| l.contingent == c && l.role != Role::Samurai && !l.dead)
    }
    /// Whether enemy units of `side` project a ZOC into `h`: a front hex of
    /// an enemy combat unit neither Disordered nor Fled (RAN-STAT-2, RAN-BASE).
    pub fn enemy_zoc(&self, side: u8, h: Hex) -> bool {
        self.units.iter().any(|e| {
            e.side != side
                && e.active()
                && !e.disordered
                && e.hex.unsigned_distance_to(h) == 1
                && in_front(e.hex, e.facing, h)
        })
    }
    /// Whether an enemy combat unit of `side` stands next to `h`.
    pub fn enemy_adjacent(&self, side: u8, h: Hex) -> bool {
        self.units
            .iter()
            .any(|e| e.side != side && e.active() && e.hex.unsigned_distance_to(h) == 1)
    }
    /// A leader's Command Range in hexes (RAN-LDR-2): a Busho's Momentum,
    /// the So-Taisho's Initiative (the card lists Command Range under the
    /// Initiative factor, So-Taisho only), halved (rounded up) when he is
    /// in an enemy ZOC (`values.ron`). It is also his Challenge Range.
    pub fn command_range(&self, ctx: &RanCtx, l: &RanLeader) -> i32 {
        let factor = if l.role == super::leaders::Role::SoTaisho {
            l.factors.initiative
        } else {
            l.factors.momentum
        };
        command_range(
            &ctx.tables.values.leaders,
            factor,
            self.enemy_zoc(l.side, l.hex),
        )
    }
    /// Whether `u` is In Command: within its commander's Command Range
    /// (RAN-LDR-2, RAN-STAT-1).
    pub fn in_command(&self, ctx: &RanCtx, u: &RanUnit) -> bool {
        self.commander(u.contingent)
            .is_some_and(|l| l.hex.unsigned_distance_to(u.hex) as i32 <= self.command_range(ctx, l))
    }
    /// Rout points suffered by `side`: the TQ of its Fled and Eliminated
    /// units (RAN-BASE victory).
    pub fn rout_points(&self, side: u8) -> u32 {
        self.units
            .iter()
            .filter(|u| u.side == side && !u.active())
            .map(|u| u.tq.max(0) as u32)
            .sum()
    }
}
