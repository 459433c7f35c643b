//! The battle as plain values: what every Samurai Battles rule function reads
//! and changes. ECS systems gather it from components, call the rules, and
//! write it back (see `mod.rs`). Units are kept sorted by `UnitId`, so every
//! loop over them, and every die drawn in one, runs in a stable order.

use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::engine::board::{BoardEdge, Facing, HexBoard};
use crate::engine::log::LogEntry;

use super::data::{SbaTables, UnitStats};
use super::morale::MoraleLevel;
use super::orders::{OrderKind, OrderSpec};

/// The length of a window over consecutive items (`slice.windows(PAIR_WINDOW)`):
/// one step of a path from a hex to the next, or two neighbouring units in id
/// order. Structure (a pair is two), not a rule value.
pub const PAIR_WINDOW: usize = 2;

/// Per-turn and forced-order flags of a unit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatFlags {
    /// Put to Flight this turn (SBA-MOR-5): Flees or Panics in the Retreat Step.
    pub put_to_flight: bool,
    /// Stopped by the defender's fire (SBA-ORD-5) or by a Rally Point (SBA-GS-4).
    pub halted: bool,
    /// Has used its reaction fire this turn (SBA-ORD-5, SBA-ORD-10).
    pub reaction_fired: bool,
    /// Hidden unit approached from outside its Defense Zone: no +3 Attack (SBA-ORD-10).
    pub surprised: bool,
    /// Must Pursue this unit next turn (SBA-ORD-8).
    pub pursue_target: Option<u32>,
    /// Every enemy that fled from the melee it must pursue from: its owner
    /// picks one (SBA-ORD-9, "your choice if there are multiple enemy units
    /// running away"); `pursue_target` is the default, the lowest id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pursue_candidates: Vec<u32>,
    /// Rallied at a Rally Point this turn (SBA-GS-4): it does not Flee in
    /// the Retreat Step. A unit only stopped by fire (SBA-ORD-5) still does.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rallied: bool,
}

/// One unit as the rules see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SbaUnit {
    /// Unit id.
    pub id: u32,
    /// Side index, 0 or 1.
    pub side: u8,
    /// Unit type key.
    pub unit_type: String,
    /// Display name.
    pub name: String,
    /// Position.
    #[serde(with = "hex_serde")]
    pub hex: Hex,
    /// Facing.
    pub facing: Facing,
    /// Models left.
    pub models: u32,
    /// Has a Commander (SBA-GS-2).
    pub commander: bool,
    /// Morale Level (SBA-MOR-1).
    pub morale: MoraleLevel,
    /// Holds an Honor Marker (SBA-HON-3: at most one).
    pub honor: bool,
    /// Fortitude lost to casualties, -1 each (SBA-FORT-5).
    pub casualties: u32,
    /// Defense used up by hits this turn (SBA-MEL-4 step 4).
    pub defense_lost: i32,
    /// The order in force this turn.
    pub order: Option<OrderSpec>,
    /// Hidden from the enemy (SBA-ORD-10).
    pub hidden: bool,
    /// Enemies it is engaged with in melee, first = the one it fights.
    pub engaged: Vec<u32>,
    /// Flags.
    pub flags: CombatFlags,
}

/// Serde for `hexx::Hex` as `(x, y)` axial.
pub mod hex_serde {
    use hexx::Hex;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes `(x, y)`.
    pub fn serialize<S: Serializer>(h: &Hex, s: S) -> Result<S::Ok, S::Error> {
        (h.x, h.y).serialize(s)
    }

    /// Reads `(x, y)`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
        let (x, y) = <(i32, i32)>::deserialize(d)?;
        Ok(Hex::new(x, y))
    }
}

/// Why a unit left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Removal {
    /// Every model killed.
    Destroyed,
    /// Panicked unit reached the edge, or failed outside melee (SBA-ORD-7, SBA-MOR-4).
    Routed,
    /// Panicked unit failed in melee (SBA-MOR-4, SBA-HON-1).
    Surrendered,
    /// Merged into another unit (SBA-ORD-11).
    Joined,
}

/// A melee loser and the units that beat it, for the winners' next move
/// (SBA-MEL-2, SBA-MEL-3, SBA-ORD-8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defeat {
    /// The unit destroyed, surrendered or Put to Flight.
    pub loser: u32,
    /// Its melee opponents at that moment.
    pub winners: Vec<u32>,
    /// Destroyed or surrendered (true), or Put to Flight (false).
    pub destroyed: bool,
}

/// Army-wide state kept across turns.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyState {
    /// The General Staff has been destroyed (SBA-GS-5).
    pub general_staff_lost: bool,
    /// Victory points scored.
    pub victory_points: u32,
    /// Units lost.
    pub units_lost: u32,
}

/// The battle's plain state.
#[derive(Clone, Debug)]
pub struct Battle<'a> {
    /// Units on the board, sorted by id.
    pub units: Vec<SbaUnit>,
    /// The board.
    pub board: &'a HexBoard,
    /// Module tables.
    pub tables: &'a SbaTables,
    /// Each side's home edge.
    pub edges: [BoardEdge; 2],
    /// Army state per side.
    pub armies: [ArmyState; 2],
    /// Units removed during this step, with why.
    pub removed: Vec<(u32, Removal)>,
    /// Sides whose General Staff fell and still owe the Dishonor test.
    pub pending_dishonor: Vec<u8>,
    /// Melee defeats awaiting the winners' next move.
    pub defeats: Vec<Defeat>,
    /// Log entries produced during this step.
    pub log: Vec<LogEntry>,
}

impl<'a> Battle<'a> {
    /// A battle over `units` (sorted here by id).
    pub fn new(
        mut units: Vec<SbaUnit>,
        board: &'a HexBoard,
        tables: &'a SbaTables,
        edges: [BoardEdge; 2],
        armies: [ArmyState; 2],
    ) -> Self {
        units.sort_by_key(|u| u.id);
        Self {
            units,
            board,
            tables,
            edges,
            armies,
            removed: Vec::new(),
            pending_dishonor: Vec::new(),
            defeats: Vec::new(),
            log: Vec::new(),
        }
    }

    /// Unit ids in ascending order (a snapshot, safe to iterate while changing units).
    pub fn ids(&self) -> Vec<u32> {
        self.units.iter().map(|u| u.id).collect()
    }

    /// The unit with this id, if on the board.
    pub fn unit(&self, id: u32) -> Option<&SbaUnit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// Mutable access to a unit.
    pub fn unit_mut(&mut self, id: u32) -> Option<&mut SbaUnit> {
        self.units.iter_mut().find(|u| u.id == id)
    }

    /// The unit card of a unit. Unit types are checked when the scenario loads.
    pub fn stats(&self, u: &SbaUnit) -> &'a UnitStats {
        self.tables
            .unit(&u.unit_type)
            .unwrap_or(&self.tables.units.units[0])
    }

    /// The order in force, if any.
    pub fn order_kind(&self, u: &SbaUnit) -> Option<OrderKind> {
        u.order.as_ref().map(|o| o.kind)
    }

    /// Whether the unit counts as having a Commander (SBA-GS-2: a General
    /// Staff always does while it has models).
    pub fn has_commander(&self, u: &SbaUnit) -> bool {
        u.commander || (self.stats(u).general_staff && u.models > 0)
    }

    /// The General Staff of a side, if still on the board.
    pub fn general_staff(&self, side: u8) -> Option<&SbaUnit> {
        self.units
            .iter()
            .find(|u| u.side == side && self.stats(u).general_staff && u.models > 0)
    }

    /// Whether the unit is within Inspirational range of its own General Staff
    /// (SBA-GS-3; the General Staff does not inspire itself).
    pub fn inspired(&self, u: &SbaUnit) -> bool {
        match self.general_staff(u.side) {
            Some(gs) if gs.id != u.id => {
                gs.hex.unsigned_distance_to(u.hex) <= self.tables.units.inspirational_range
            }
            _ => false,
        }
    }

    /// Whether `side` can see the unit (SBA-ORD-10: hidden units are invisible
    /// to the enemy).
    pub fn visible_to(&self, u: &SbaUnit, side: u8) -> bool {
        u.side == side || !u.hidden
    }

    /// The unit on a hex, if any.
    pub fn unit_at(&self, h: Hex) -> Option<&SbaUnit> {
        self.units.iter().find(|u| u.hex == h)
    }

    /// Enemy units next to `u`, in id order.
    pub fn enemies_adjacent<'b>(
        &'b self,
        u: &'b SbaUnit,
    ) -> impl Iterator<Item = &'b SbaUnit> + 'b {
        self.units
            .iter()
            .filter(move |e| e.side != u.side && e.hex.unsigned_distance_to(u.hex) == 1)
    }

    /// Appends a log entry for this step.
    pub fn note(&mut self, e: LogEntry) {
        self.log.push(e);
    }

    /// Removes a unit from the board: scores victory points for the enemy,
    /// breaks its engagements, and marks a fallen General Staff (SBA-GS-5).
    pub fn remove_unit(&mut self, id: u32, why: Removal) {
        let Some(pos) = self.units.iter().position(|u| u.id == id) else {
            return;
        };
        let u = self.units.remove(pos);
        for other in &mut self.units {
            other.engaged.retain(|e| *e != id);
        }
        self.removed.push((id, why));
        if why == Removal::Joined {
            return;
        }
        let stats = self.tables.unit(&u.unit_type);
        let vp = stats.map_or(1, |s| s.victory_points);
        let side = u.side as usize;
        self.armies[side].units_lost += 1;
        self.armies[1 - side].victory_points += vp;
        let what = match why {
            Removal::Destroyed => say!("sba-log-destroyed", unit = u.name, vp = vp),
            Removal::Routed => say!("sba-log-routed", unit = u.name, vp = vp),
            Removal::Surrendered => say!("sba-log-surrendered", unit = u.name, vp = vp),
            Removal::Joined => say!("sba-log-joined", unit = u.name, vp = vp),
        };
        self.note(LogEntry::event("SBA-BASE/VICTORY", vec![id], what));
        if stats.is_some_and(|s| s.general_staff) && !self.armies[side].general_staff_lost {
            self.armies[side].general_staff_lost = true;
            self.pending_dishonor.push(u.side);
            self.note(LogEntry::event(
                "SBA-GS-5",
                vec![id],
                say!("sba-log-staff-lost", unit = u.name),
            ));
        }
    }

    /// Engages two units in melee (both lists, no duplicates).
    pub fn link(&mut self, a: u32, b: u32) {
        if let Some(u) = self.unit_mut(a)
            && !u.engaged.contains(&b)
        {
            u.engaged.push(b);
        }
        if let Some(u) = self.unit_mut(b)
            && !u.engaged.contains(&a)
        {
            u.engaged.push(a);
        }
    }

    /// Ends every engagement of a unit.
    pub fn unlink_all(&mut self, a: u32) {
        let others = self.unit(a).map(|u| u.engaged.clone()).unwrap_or_default();
        for o in others {
            if let Some(u) = self.unit_mut(o) {
                u.engaged.retain(|e| *e != a);
            }
        }
        if let Some(u) = self.unit_mut(a) {
            u.engaged.clear();
        }
    }

    /// Whether a hex is free of units (hidden ones included).
    pub fn free(&self, h: Hex) -> bool {
        self.board.contains(h) && self.unit_at(h).is_none()
    }

    /// The home edge of a side.
    pub fn edge(&self, side: u8) -> BoardEdge {
        self.edges[(side as usize).min(1)]
    }
}

#[cfg(test)]
pub(crate) mod fixture {
    //! A small battle for unit tests: an empty open board and helpers to place units.
    use super::*;
    use crate::engine::board::HexBoard;

    /// The tables, loaded once per test.
    pub fn tables() -> SbaTables {
        SbaTables::load().expect("tables")
    }

    /// An open board of 12 × 9.
    pub fn board(t: &SbaTables) -> HexBoard {
        HexBoard::new(12, 9, "open", t.terrain.clone())
    }

    /// A fresh unit of a type at `(col, row)`, Normal, full strength.
    pub fn unit(
        t: &SbaTables,
        id: u32,
        side: u8,
        unit_type: &str,
        at: (i32, i32),
        facing: Facing,
    ) -> SbaUnit {
        let s = t.unit(unit_type).expect("unit type");
        SbaUnit {
            id,
            side,
            unit_type: unit_type.to_string(),
            name: format!("{} {id}", s.name),
            hex: HexBoard::to_hex(at),
            facing,
            models: s.models,
            commander: s.commander,
            morale: MoraleLevel::Normal,
            honor: false,
            casualties: 0,
            defense_lost: 0,
            order: None,
            hidden: false,
            engaged: Vec::new(),
            flags: CombatFlags::default(),
        }
    }

    /// A battle with South/North home edges.
    pub fn battle<'a>(units: Vec<SbaUnit>, board: &'a HexBoard, t: &'a SbaTables) -> Battle<'a> {
        Battle::new(
            units,
            board,
            t,
            [BoardEdge::South, BoardEdge::North],
            [ArmyState::default(), ArmyState::default()],
        )
    }
}
