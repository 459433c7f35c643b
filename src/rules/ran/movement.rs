//! Movement (RAN-TER MP costs, RAN-STAT-1/2, RAN-ORD-2, RAN-LDR-1): the
//! cost of a step from the battle's terrain table, the hexes a unit or a
//! leader can reach, fleeing and withdrawing.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use crate::engine::work;

use hexx::Hex;

use crate::engine::board::{BoardEdge, Facing, HexBoard};
use crate::engine::log::LogEntry;

use super::state::{RanCtx, RanState, RanUnit};
use super::terrain::{self, Mp};

/// One step's cost and the rules behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct StepCost {
    /// MP.
    pub mp: u32,
    /// Rule IDs of the rows used.
    pub rules: Vec<String>,
    /// The step passes through a friendly unit in Closed Order: that
    /// Stationary unit takes a hit (RAN-TER-2 [d]).
    pub through: Option<u32>,
}

fn row_mp(ctx: &RanCtx, name: &str, open: bool) -> Option<(Mp, String)> {
    ctx.mp_row(name, open).map(|(m, r, _)| (m, r.to_string()))
}

/// The hex terrain name at `h`.
pub fn terrain_at(ctx: &RanCtx, h: Hex) -> String {
    ctx.board.tile(h).map_or_else(
        || ctx.scenario.board.default_terrain.clone(),
        |t| t.terrain.clone(),
    )
}

/// The MP cost of stepping from `a` to the neighbour `b` (RAN-TER-1,
/// RAN-TER-2): the hex's terrain (OT = clear ground), road rates along a
/// road link [c] for the Open column, the hexside feature, elevation up
/// and down, and moving through a friendly unit [d]. `None` where the
/// step is not permitted (NP, off the board, a KB or KB-H, `barred_by_m`,
/// at an [m] hexside).
pub fn step_cost(
    ctx: &RanCtx,
    state: &RanState,
    side: u8,
    open: bool,
    barred_by_m: bool,
    a: Hex,
    b: Hex,
) -> Option<StepCost> {
    let mut rules = Vec::new();
    let occupant = state.unit_at(b);
    let (mp, through) = step_with(
        ctx,
        state,
        side,
        (open, barred_by_m),
        (a, b),
        occupant,
        &mut |r| rules.push(r.to_string()),
    )?;
    Some(StepCost { mp, rules, through })
}

/// [`step_cost`]'s MP alone, citing nothing, for a step from `a` to `b`
/// where `occupant` stands in place of the state's unit there (RAN-TER-1,
/// RAN-TER-2). `column` is (Open column, barred by [m]). The leaders'
/// searches, which cost many steps, use it.
pub fn step_mp(
    ctx: &RanCtx,
    state: &RanState,
    side: u8,
    column: (bool, bool),
    (a, b): (Hex, Hex),
    occupant: Option<&RanUnit>,
) -> Option<u32> {
    step_with(ctx, state, side, column, (a, b), occupant, &mut |_| {}).map(|s| s.0)
}

/// [`step_cost`]: MP and the friendly unit passed through, for a step
/// from `a` to `b` where `occupant` stands (the state's unit at `b`);
/// each row used is cited to `cite` (its rule ID). `column` is (Open
/// column, barred by [m]). [`reachable`]'s search prices each step with
/// it, citing nothing.
fn step_with(
    ctx: &RanCtx,
    state: &RanState,
    side: u8,
    (open, barred_by_m): (bool, bool),
    (a, b): (Hex, Hex),
    occupant: Option<&RanUnit>,
    cite: &mut dyn FnMut(&str),
) -> Option<(u32, Option<u32>)> {
    let tile = ctx.board.tile(b)?;
    let mut mp = 0;
    // Road rates [c]: not into an enemy ZOC; with note [n] (Okitanawate)
    // not next to an enemy unit either. The row is the battle's own
    // ("Road", "Road / track").
    let road = open
        && ctx.road(a, b)
        && ctx
            .road_row
            .as_ref()
            .is_some_and(|(_, n)| !n || !state.enemy_adjacent(side, b))
        && !state.enemy_zoc(side, b);
    let base_terrain = match &ctx.road_row {
        Some((row, _)) if road => row.as_str(),
        _ => tile.terrain.as_str(),
    };
    let (cell, rule, _) = ctx.mp_row(base_terrain, open)?;
    cite(rule);
    mp += match cell {
        Mp::Cost(n) | Mp::Extra(n) => n,
        Mp::NotPermitted => return None,
        Mp::Other => match ctx.mp_row("Clear", open)? {
            (Mp::Cost(n), r, _) => {
                cite(r);
                n
            }
            _ => 1,
        },
    };
    let mut slope = false;
    if let Some(f) = ctx.board.hexside(a, b) {
        // A slope hexside is crossed up or down (RAN-TER-2); its [m] mark
        // (KB and KB-H may not cross, KB-B may) holds both ways.
        slope = terrain::is_slope(&f.name);
        let down;
        let name = if slope {
            down = ctx.slope_row(&f.name, a, b);
            down.as_str()
        } else {
            f.name.as_str()
        };
        let (cell, rule, no_kb) = ctx.mp_row(name, open)?;
        let no_kb = no_kb || (slope && ctx.mp_row(&f.name, open).is_some_and(|r| r.2));
        if barred_by_m && no_kb {
            return None;
        }
        cite(rule);
        match cell {
            Mp::Extra(n) | Mp::Cost(n) if !road => mp += n,
            Mp::NotPermitted => return None,
            _ => {}
        }
    }
    // The level changed across a slope hexside is that row's alone: "Up 1
    // level" is not counted again (RAN-TER-2).
    let (ea, eb) = (ctx.board.elevation(a), tile.elevation);
    if eb != ea && !slope {
        let name = if eb > ea {
            "Up 1 level"
        } else {
            "Down 1 level"
        };
        if let Some((cell, rule, _)) = ctx.mp_row(name, open) {
            cite(rule);
            if let Mp::Extra(n) | Mp::Cost(n) = cell {
                mp += n * (eb - ea).unsigned_abs();
            }
        }
    }
    let mut through = None;
    if let Some(o) = occupant {
        if o.side != side {
            return None;
        }
        let (cell, rule, _) = ctx.mp_row("Move through another unit", open)?;
        cite(rule);
        if let Mp::Extra(n) | Mp::Cost(n) = cell {
            mp += n;
        }
        if !open {
            through = Some(o.id);
        }
    }
    Some((mp, through))
}

/// A reachable hex: MP spent, the path (from the start, excluded) and the
/// facing of the last step.
#[derive(Clone, Debug, PartialEq)]
pub struct Reach {
    /// MP spent.
    pub mp: u32,
    /// Hexes stepped into.
    pub path: Vec<Hex>,
}

/// Every hex `u` may end a move on with `budget` MP, cheapest path first
/// (Dijkstra in a stable order). Each step turns the unit to face the hex
/// it enters and pays the "Change facing" rows for the vertices turned
/// (RAN-TER-2 [e]; Kassen's reading: a unit moves into the hex it faces).
/// A unit stops on entering an enemy ZOC; a Disordered (RAN-STAT-2) or
/// Out-of-Command (RAN-STAT-1) unit may not enter one, and an
/// Out-of-Command unit may not move next to an enemy (RAN-ORD-2). A unit
/// may not end on another unit.
pub fn reachable(
    ctx: &RanCtx,
    state: &RanState,
    u: &RanUnit,
    budget: u32,
    in_command: bool,
) -> BTreeMap<(i32, i32), Reach> {
    search(ctx, state, u, budget, in_command, None)
}

/// The cheapest way `u` reaches `to`, as [`reachable`] gives it for that
/// hex (the same MP and path), found without costing the hexes beyond it.
/// `None` where [`reachable`] does not list `to`.
pub fn reach_to(
    ctx: &RanCtx,
    state: &RanState,
    u: &RanUnit,
    budget: u32,
    in_command: bool,
    to: Hex,
) -> Option<Reach> {
    search(ctx, state, u, budget, in_command, Some(to)).remove(&(to.x, to.y))
}

/// [`reachable`]'s search; with `stop`, it ends once every way into that
/// hex at its least cost is known (the costs popped only grow), and gives
/// that hex alone.
fn search(
    ctx: &RanCtx,
    state: &RanState,
    u: &RanUnit,
    budget: u32,
    in_command: bool,
    stop: Option<Hex>,
) -> BTreeMap<(i32, i32), Reach> {
    let open = ctx.open_column(u);
    let kb = ctx.barred_by_m(u);
    let grid = Grid::of(ctx);
    // The search runs over keys (hex, facing), numbered in (x, y, facing)
    // order: the same hex reached facing another way may cost less to go
    // on from. Each key keeps its least MP and the key it was reached from
    // (the path is read back at the end).
    let keys = grid.hexes() * FACINGS;
    let mut mp = vec![UNSEEN; keys];
    let mut from = vec![usize::MAX; keys];
    let Some(start_hex) = grid.index(u.hex) else {
        return BTreeMap::new();
    };
    let start = start_hex * FACINGS + u.facing.index();
    mp[start] = 0;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, start)));
    // What does not depend on the facing is worked out once: a step's
    // cost per (hex, direction), the enemy ZOC and adjacency per hex, and
    // the cost of each turn.
    let mut steps = vec![UNSEEN; keys];
    // Each hex's enemy ZOC and adjacency ([`RanState::enemy_zoc`],
    // [`RanState::enemy_adjacent`]), from the active enemies on its six
    // neighbours, worked out when the search first meets the hex: six
    // work units each (`engine::work`), counted here and charged at the end.
    let enemies = EnemyGrid::of(state, u.side, &grid);
    let mut enemy: Vec<Option<(bool, bool)>> = vec![None; grid.hexes()];
    let mut walks = 0u64;
    let mut enemy_at = |i: usize, h: Hex| {
        *enemy[i].get_or_insert_with(|| {
            walks += 1;
            enemies.near(h)
        })
    };
    let turns: [[u32; 6]; 6] = Facing::ALL.map(|a| Facing::ALL.map(|b| turn_cost(ctx, u, a, b).0));
    // The unit standing on each hex ([`RanState::unit_at`]: the first
    // present one).
    let mut occupant: Vec<Option<&RanUnit>> = vec![None; grid.hexes()];
    for o in state.units.iter().filter(|o| o.present()) {
        if let Some(i) = grid.index(o.hex) {
            occupant[i].get_or_insert(o);
        }
    }
    let stop_ix = stop.and_then(|h| grid.index(h));
    let mut stop_mp: Option<u32> = None;
    // The tables over the board's keys, then six neighbours per key taken
    // from the heap: the work the opponent counts (`engine::work`).
    let mut popped = keys as u64 / work::PER_WORK_UNIT;
    while let Some(Reverse((cost, k))) = heap.pop() {
        popped += work::PER_HEX;
        if stop_mp.is_some_and(|m| cost > m) {
            break;
        }
        if mp[k] < cost {
            continue;
        }
        let (hi, h) = (k / FACINGS, grid.hex(k / FACINGS));
        if hi != start_hex && enemy_at(hi, h).0 {
            continue;
        }
        for f in Facing::ALL {
            let n = h.neighbor(f.edge_direction());
            let Some(ni) = grid.index(n) else {
                continue;
            };
            let memo = &mut steps[hi * FACINGS + f.index()];
            if *memo == UNSEEN {
                *memo = step_with(
                    ctx,
                    state,
                    u.side,
                    (open, kb),
                    (h, n),
                    occupant[ni],
                    &mut |_| {},
                )
                .map_or(BLOCKED, |s| s.0);
            }
            if *memo == BLOCKED {
                continue;
            }
            let total = cost + turns[k % FACINGS][f.index()] + *memo;
            if total > budget {
                continue;
            }
            let (zoc, adjacent) = enemy_at(ni, n);
            if zoc && (u.disordered || !in_command) {
                continue;
            }
            if !in_command && adjacent {
                continue;
            }
            let nk = ni * FACINGS + f.index();
            if mp[nk] <= total {
                continue;
            }
            if stop_ix == Some(ni) {
                stop_mp = Some(stop_mp.map_or(total, |m| m.min(total)));
            }
            mp[nk] = total;
            from[nk] = k;
            heap.push(Reverse((total, nk)));
        }
    }
    work::charge(popped + walks * work::PER_HEX);
    // Per hex, the cheapest way in (then the lowest facing, for a stable
    // order); not the start, nor a hex another unit stands on.
    let mut out = BTreeMap::new();
    for (hi, here) in occupant.iter().enumerate() {
        if hi == start_hex || here.is_some() || stop_ix.is_some_and(|s| s != hi) {
            continue;
        }
        let Some(key) = (hi * FACINGS..hi * FACINGS + FACINGS).min_by_key(|&k| (mp[k], k)) else {
            continue;
        };
        if mp[key] == UNSEEN {
            continue;
        }
        let mut path = Vec::new();
        let mut at = key;
        while at != start && at != usize::MAX {
            path.push(grid.hex(at / FACINGS));
            at = from[at];
        }
        path.reverse();
        let h = grid.hex(hi);
        out.insert((h.x, h.y), Reach { mp: mp[key], path });
    }
    out
}

/// The active enemies of a side, by hex of the board, for [`search`].
struct EnemyGrid<'a> {
    grid: Grid,
    at: Vec<Option<&'a RanUnit>>,
}

impl<'a> EnemyGrid<'a> {
    /// The active enemies of `side` on `grid`. An active unit shares its
    /// hex with no other unit (the state's invariant), so one per hex.
    fn of(state: &'a RanState, side: u8, grid: &Grid) -> Self {
        let mut at = vec![None; grid.hexes()];
        for e in state.units.iter().filter(|e| e.side != side && e.active()) {
            if let Some(i) = grid.index(e.hex) {
                at[i] = Some(e);
            }
        }
        Self { grid: *grid, at }
    }

    /// Whether an enemy projects a ZOC into `h`, and whether one stands
    /// next to it: the answers of [`RanState::enemy_zoc`] and
    /// [`RanState::enemy_adjacent`] (RAN-STAT-2), from `h`'s six
    /// neighbours instead of the whole army.
    fn near(&self, h: Hex) -> (bool, bool) {
        let (mut zoc, mut adjacent) = (false, false);
        for f in Facing::ALL {
            let n = h.neighbor(f.edge_direction());
            let Some(e) = self.grid.index(n).and_then(|i| self.at[i]) else {
                continue;
            };
            adjacent = true;
            zoc |= !e.disordered && super::state::in_front(e.hex, e.facing, h);
        }
        (zoc, adjacent)
    }
}

/// Facings a hex has: a search key is a (hex, facing).
const FACINGS: usize = Facing::ALL.len();

/// A key not reached or a step not yet costed, in [`search`]'s tables
/// (MP).
const UNSEEN: u32 = u32::MAX;
/// A step that is not permitted, in [`search`]'s memo of step costs.
const BLOCKED: u32 = u32::MAX - 1;

/// The board's hexes numbered in column-then-row order, which is the
/// axial `(x, y)` order [`reachable`]'s map keeps.
#[derive(Clone, Copy)]
struct Grid {
    columns: i32,
    rows: i32,
}

impl Grid {
    fn of(ctx: &RanCtx) -> Self {
        Self {
            columns: ctx.board.columns.max(0),
            rows: ctx.board.rows.max(0),
        }
    }
    /// How many hexes.
    fn hexes(&self) -> usize {
        (self.columns * self.rows) as usize
    }
    /// A hex's number; `None` off the board.
    fn index(&self, h: Hex) -> Option<usize> {
        let (c, r) = HexBoard::to_offset(h);
        (c >= 0 && r >= 0 && c < self.columns && r < self.rows)
            .then(|| (c * self.rows + r) as usize)
    }
    /// The hex numbered `i`.
    fn hex(&self, i: usize) -> Hex {
        let i = i as i32;
        HexBoard::to_hex((i / self.rows, i % self.rows))
    }
}

/// Where a unit made to move toward `target` ends (RAN-TQ-7 KB Aggression,
/// RAN-TQ-8 Banzai): of the hexes in `reach`, the one nearest `target`,
/// then the cheapest, then the lowest key; next to it when it can get
/// there, otherwise as near as its MP allow. `None` when no reachable hex
/// is nearer than `from`, where it stands.
pub fn toward(
    reach: &BTreeMap<(i32, i32), Reach>,
    from: Hex,
    target: Hex,
) -> Option<(Hex, &Reach)> {
    let here = from.unsigned_distance_to(target);
    reach
        .iter()
        .map(|(k, r)| (Hex::new(k.0, k.1), r))
        .filter(|(h, _)| h.unsigned_distance_to(target) < here)
        .min_by_key(|(h, r)| (h.unsigned_distance_to(target), r.mp, h.x, h.y))
}

/// The leaders of `u`'s contingent stacked with it on `from` go with it to
/// `to`, as they do on an ordered move (RAN-LDR-3: a Busho stays with his
/// unit when it withdraws).
pub fn carry_leaders(state: &mut RanState, u: &RanUnit, from: Hex, to: Hex) {
    for l in state
        .leaders
        .iter_mut()
        .filter(|l| !l.dead && l.hex == from && l.side == u.side && l.contingent == u.contingent)
    {
        l.hex = to;
    }
}

/// The MP a unit may spend: its MA, halved (rounded down) Out of Command
/// (RAN-STAT-1, RAN-ORD-2; `values.ron`'s `out_of_command_ma_divisor`).
pub fn allowance(ctx: &RanCtx, u: &RanUnit, in_command: bool) -> u32 {
    if in_command {
        u.ma
    } else {
        u.ma / ctx.tables.values.command.out_of_command_ma_divisor
    }
}

/// The MP cost of turning from `from` to `to` in place (RAN-TER rows
/// "Change facing"): the first vertex, then each additional one; AS-T,
/// AS-B, KB-B and SI-B pay 1 MP however many [e].
pub fn facing_cost(ctx: &RanCtx, u: &RanUnit, to: Facing) -> (u32, Vec<String>) {
    turn_cost(ctx, u, u.facing, to)
}

/// The MP cost for `u` of turning from `from` to `to` (RAN-TER rows
/// "Change facing", [e]), in place or during a move ([`reachable`]).
pub fn turn_cost(ctx: &RanCtx, u: &RanUnit, from: Facing, to: Facing) -> (u32, Vec<String>) {
    let steps = from.steps_to(to) as u32;
    if steps == 0 {
        return (0, Vec::new());
    }
    let open = ctx.open_column(u);
    let mut rules = Vec::new();
    if ctx.utype(u).is_some_and(|t| t.missile.is_some()) {
        return (1, vec!["RAN-TER-2".to_string()]);
    }
    let mut mp = 0;
    if let Some((Mp::Cost(n) | Mp::Extra(n), r)) =
        row_mp(ctx, "Change facing, one vertex only", open)
    {
        mp += n;
        rules.push(r);
    }
    if steps > 1
        && let Some((Mp::Cost(n) | Mp::Extra(n), r)) =
            row_mp(ctx, "Change facing, each additional vertex", open)
    {
        mp += n * (steps - 1);
        rules.push(r);
    }
    (mp, rules)
}

/// The hex straight behind a unit (Active Withdrawal, RAN-BASE), if it is
/// on the board, empty and enterable.
pub fn hex_behind(ctx: &RanCtx, state: &RanState, u: &RanUnit) -> Option<Hex> {
    let back = u.facing.opposite();
    let b = u.hex.neighbor(back.edge_direction());
    let open = ctx.open_column(u);
    step_cost(ctx, state, u.side, open, ctx.barred_by_m(u), u.hex, b)?;
    state.unit_at(b).is_none().then_some(b)
}

/// A side's own board edge.
pub fn own_edge(ctx: &RanCtx, side: u8) -> BoardEdge {
    ctx.scenario
        .sides
        .get(side as usize)
        .map_or(BoardEdge::South, |s| s.edge)
}

fn edge_distance(ctx: &RanCtx, h: Hex, edge: BoardEdge) -> i32 {
    let (c, r) = HexBoard::to_offset(h);
    match edge {
        BoardEdge::South => r,
        BoardEdge::North => ctx.board.rows - 1 - r,
        BoardEdge::West => c,
        BoardEdge::East => ctx.board.columns - 1 - c,
    }
}

/// A unit whose hits reach its TQ is Fled: it retreats up to `hexes` toward
/// its own edge through empty, enterable hexes; a unit that cannot retreat
/// at all, or that is on its edge, is Eliminated (RAN-BASE cohesion,
/// RAN-STAT). Returns the log entry.
pub fn flee(ctx: &RanCtx, state: &mut RanState, id: u32, hexes: u32) -> Option<LogEntry> {
    let u = state.unit(id)?.clone();
    let edge = own_edge(ctx, u.side);
    let mut at = u.hex;
    let mut moved = 0;
    for _ in 0..hexes {
        let next = Facing::ALL
            .into_iter()
            .map(|f| at.neighbor(f.edge_direction()))
            .filter(|n| ctx.board.contains(*n) && state.unit_at(*n).is_none_or(|o| o.id == id))
            .filter(|n| step_cost(ctx, state, u.side, true, false, at, *n).is_some())
            .filter(|n| !state.enemy_adjacent(u.side, *n))
            .min_by_key(|n| (edge_distance(ctx, *n, edge), n.x, n.y));
        match next {
            Some(n) if edge_distance(ctx, n, edge) < edge_distance(ctx, at, edge) || moved == 0 => {
                at = n;
                moved += 1;
            }
            _ => break,
        }
    }
    let on_edge = edge_distance(ctx, at, edge) == 0 && moved < hexes;
    let um = state.unit_mut(id)?;
    um.committed = false;
    if moved == 0 || on_edge {
        um.fled = true;
        um.eliminated = true;
        return Some(LogEntry::event(
            "RAN-BASE",
            vec![id],
            say!("ran-routs-eliminated", unit = u.name),
        ));
    }
    um.fled = true;
    um.disordered = true;
    um.hex = at;
    Some(LogEntry::event(
        "RAN-BASE",
        vec![id],
        say!("ran-fled", unit = u.name, tq = u.tq, n = moved),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::Rules;
    use crate::engine::dice::Dice;
    use crate::engine::log::NoLog;
    use crate::rules::ran::Ran;
    use crate::rules::ran::game_tests::scripted_command;

    #[test]
    fn the_enemy_zoc_and_adjacency_by_neighbours_are_those_of_walking_the_army() {
        // RAN-STAT-2: the search's neighbour lookup against the army's
        // walk, on every hex for both sides, after every command of a
        // scripted game of Mimigawa.
        let text = include_str!("../../../scenarios/mimigawa.ron");
        let s = Ran::parse_scenario("mimigawa.ron", text).expect("scenario");
        let ctx = Ran::context(&s).expect("ctx");
        let mut dice = Dice::new(5);
        let mut st = Ran::new_state(&ctx, &dice, &mut NoLog);
        let grid = Grid::of(&ctx);
        let (mut checked, mut zocs) = (0, 0);
        for n in 0..3_000 {
            for side in 0..2 {
                let enemies = EnemyGrid::of(&st, side, &grid);
                for i in 0..grid.hexes() {
                    let h = grid.hex(i);
                    let m = enemies.near(h);
                    let walked = (st.enemy_zoc(side, h), st.enemy_adjacent(side, h));
                    assert_eq!(m, walked, "side {side}, hex {h:?}, command {n}");
                    zocs += usize::from(m.0);
                    checked += 1;
                }
            }
            let Some(cmd) = scripted_command(&ctx, &st) else {
                break;
            };
            Ran::apply(&ctx, &mut st, &cmd, &mut dice, &mut NoLog).expect("accepted");
        }
        assert!(
            checked > 10_000 && zocs > 0,
            "{checked} hexes, {zocs} in ZOC"
        );
    }
}
