//! Honor & Fortune and leaders as pure functions: what a retreat costs and
//! the Lack of Honor hits, Leader Inspiration, leader casualty checks, and
//! leaders at sea (GEN-BASE, GEN-NLD-1, GEN-NCB-5). The numbers are in
//! `combat.ron`.

use super::data::{CombatValues, Rank};

/// What a retreat costs in H&F, and what the army could not pay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatBill {
    /// Tokens owed.
    pub cost: u32,
    /// Tokens paid (no more than the army holds).
    pub paid: u32,
    /// Hits for the tokens not paid (Lack of Honor, stand-in).
    pub hits: u32,
    /// The log line.
    pub text: String,
}

/// The H&F bill of a retreat of `hexes` by a unit of `rank` (a leader
/// attached adds per hex), or of a lone leader (a flat cost), from an army
/// holding `tokens` (GEN-BASE: retreat costs H&F; each unpaid token is a hit).
pub fn retreat_bill(
    rank: Rank,
    leader_attached: bool,
    lone_leader: bool,
    hexes: u32,
    tokens: u32,
    v: &CombatValues,
) -> RetreatBill {
    let cost = if lone_leader {
        if hexes > 0 {
            v.lone_leader_retreat_hf
        } else {
            0
        }
    } else {
        let per = v
            .retreat_hf
            .iter()
            .find(|r| r.rank == rank)
            .map_or(0, |r| r.cost)
            + if leader_attached {
                v.retreat_hf_leader
            } else {
                0
            };
        per.saturating_mul(hexes)
    };
    let paid = cost.min(tokens);
    let hits = cost - paid;
    let text = if hits > 0 {
        say!(
            "gen-log-retreat-bill-lack-of-honor",
            hexes = hexes,
            cost = cost,
            paid = paid,
            hits = hits
        )
    } else {
        say!(
            "gen-log-retreat-bill",
            hexes = hexes,
            cost = cost,
            paid = paid
        )
    };
    RetreatBill {
        cost,
        paid,
        hits,
        text,
    }
}

/// The H&F Leader Inspiration costs for `dice` extra close-combat dice
/// (GEN-BASE), and whether the army can pay it.
pub fn inspiration_cost(dice: u32, tokens: u32, v: &CombatValues) -> (u32, bool) {
    let cost = dice.saturating_mul(v.inspiration_hf_per_die);
    (cost, cost <= tokens)
}

/// Who a leader may inspire (GEN-BASE; at sea every leader is an infantry
/// leader, GEN-NLD-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InspirationReach {
    /// Only the unit he is attached to.
    Attached,
    /// The unit he is attached to or any adjacent unit.
    AttachedOrAdjacent,
}

/// The reach of a leader's Inspiration: a cavalry leader on land reaches
/// adjacent units; at sea he counts as an infantry leader (GEN-NLD-1).
pub fn inspiration_reach(cavalry_leader: bool, at_sea: bool) -> (InspirationReach, &'static str) {
    if cavalry_leader && !at_sea {
        (InspirationReach::AttachedOrAdjacent, "GEN-BASE")
    } else if cavalry_leader {
        (InspirationReach::Attached, "GEN-NLD-1")
    } else {
        (InspirationReach::Attached, "GEN-BASE")
    }
}

/// A unit may make a bonus close combat after taking ground (GEN-BASE):
/// cavalry, or a unit with a leader attached. Cavalry afloat count as
/// dismounted: only the leader's bonus stays (GEN-NCB-5).
pub fn bonus_close_combat(
    mounted: bool,
    at_sea: bool,
    leader_attached: bool,
) -> (bool, &'static str) {
    if leader_attached {
        (true, "GEN-BASE")
    } else if mounted && at_sea {
        (false, "GEN-NCB-5")
    } else {
        (mounted, "GEN-BASE")
    }
}

/// An attached leader's casualty check: he dies when the check shows at
/// least the data's swords (stand-in, GEN-BASE).
pub fn attached_leader_dies(swords: u32, v: &CombatValues) -> bool {
    swords >= v.leader_check_swords
}

/// A lone leader attacked is hit by any sword (GEN-BASE).
pub fn lone_leader_hit(swords: u32) -> bool {
    swords > 0
}

/// The exact chance that an attached leader's check kills him: at least
/// `leader_check_swords` swords in `leader_check_dice` dice, each a sword
/// with chance `p_sword` (GEN-BASE).
pub fn attached_leader_death_chance(p_sword: f64, v: &CombatValues) -> f64 {
    let n = v.leader_check_dice;
    crate::engine::odds::binomial(n, p_sword)
        .iter()
        .skip(v.leader_check_swords as usize)
        .sum()
}

/// The exact chance that a leader falls with his destroyed unit: any
/// sword in `leader_falls_with_unit_dice` dice, each a sword with chance
/// `p_sword` (GEN-BASE stand-in).
pub fn leader_falls_with_unit_chance(p_sword: f64, v: &CombatValues) -> f64 {
    1.0 - (1.0 - p_sword).powi(v.leader_falls_with_unit_dice as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::genpei::data::{Face, GenTables};

    fn v() -> CombatValues {
        GenTables::load().expect("tables").combat
    }

    #[test]
    fn retreats_cost_hf_by_rank_and_unpaid_tokens_are_hits() {
        // GEN-BASE: square 2 per hex, +1 with a leader; 2 hexes = 6; with 4
        // tokens, 2 are Lack of Honor hits. A lone leader pays 3.
        let v = v();
        let b = retreat_bill(Rank::Square, true, false, 2, 4, &v);
        assert_eq!((b.cost, b.paid, b.hits), (6, 4, 2));
        assert!(b.text.contains("Lack of Honor"));
        let c = retreat_bill(Rank::Triangle, false, false, 1, 5, &v);
        assert_eq!((c.cost, c.hits), (1, 0));
        assert_eq!(retreat_bill(Rank::Circle, false, true, 2, 5, &v).cost, 3);
        assert_eq!(retreat_bill(Rank::Circle, false, true, 0, 5, &v).cost, 0);
    }

    #[test]
    fn inspiration_costs_one_hf_per_die() {
        // GEN-BASE.
        let v = v();
        assert_eq!(inspiration_cost(2, 1, &v), (2, false));
        assert_eq!(inspiration_cost(2, 3, &v), (2, true));
    }

    #[test]
    fn at_sea_every_leader_is_an_infantry_leader() {
        // GEN-NLD-1: a cavalry leader reaches adjacent units on land only.
        assert_eq!(
            inspiration_reach(true, false).0,
            InspirationReach::AttachedOrAdjacent
        );
        assert_eq!(
            inspiration_reach(true, true),
            (InspirationReach::Attached, "GEN-NLD-1")
        );
        assert_eq!(
            inspiration_reach(false, false).0,
            InspirationReach::Attached
        );
    }

    #[test]
    fn cavalry_afloat_lose_their_own_bonus_close_combat_not_a_leaders() {
        // GEN-NCB-5.
        assert_eq!(bonus_close_combat(true, true, false), (false, "GEN-NCB-5"));
        assert!(bonus_close_combat(true, true, true).0);
        assert!(bonus_close_combat(true, false, false).0);
        assert!(!bonus_close_combat(false, false, false).0);
    }

    #[test]
    fn leader_checks() {
        // GEN-BASE stand-in: 2 dice, killed on 2 swords: 1/36 with one sword
        // face; a lone leader is hit by any sword.
        let t = GenTables::load().expect("tables");
        assert!(attached_leader_dies(2, &t.combat));
        assert!(!attached_leader_dies(1, &t.combat));
        let p = attached_leader_death_chance(t.die.p(Face::Sword), &t.combat);
        assert!((p - 1.0 / 36.0).abs() < 1e-12);
        assert!(lone_leader_hit(1) && !lone_leader_hit(0));
    }
}
