//! Exact odds of a planned melee shown before a player commits (SBA-MEL-4,
//! SBA-MEL-5). The Fortitude pass chance is [`super::fortitude::pass_chance`].
//!
//! The odds use the functions the Melee Step rolls with (`attack_value`,
//! `dice_count`, `defense_left`, `casualty_distribution` over `count_hits`
//! and `apply_damage`), on the battle as the melee will find it: the
//! attacker in the hex its order's path reaches next to the defender
//! ([`attack_hex`], the same `order_path` the Movement Step walks), turned
//! to face it as `engage` turns it. What the writer of an order cannot know
//! is left out and said in the label: the defender's own order this turn
//! (orders are written in secret, SBA-ORD-1), whether it strikes back at
//! this attacker, a flank or rear test before the melee, and fire on the way.

use hexx::Hex;

use crate::engine::board::Facing;

use super::battle::{Battle, SbaUnit};
use super::melee::{attack_value, casualty_distribution, defense_left, dice_count};
use super::movement::order_path;

/// Exact odds of a planned melee between `attacker` (with its planned order
/// set) and `defender`, both attacking at once (SBA-MEL-5).
#[derive(Clone, Debug, PartialEq)]
pub struct MeleeOdds {
    /// Attacker's Attack Value against the defender.
    pub attacker_attack: i32,
    /// Attacker's dice.
    pub attacker_dice: u32,
    /// `p[k]`: chance the attacker inflicts exactly `k` casualties.
    pub on_defender: Vec<f64>,
    /// Defender's Attack Value against the attacker.
    pub defender_attack: i32,
    /// Defender's dice.
    pub defender_dice: u32,
    /// `p[k]`: chance the defender inflicts exactly `k` casualties.
    pub on_attacker: Vec<f64>,
}

impl MeleeOdds {
    /// Expected casualties on the defender.
    pub fn expected_on_defender(&self) -> f64 {
        self.on_defender
            .iter()
            .enumerate()
            .map(|(k, p)| k as f64 * p)
            .sum()
    }

    /// Expected casualties on the attacker.
    pub fn expected_on_attacker(&self) -> f64 {
        self.on_attacker
            .iter()
            .enumerate()
            .map(|(k, p)| k as f64 * p)
            .sum()
    }
}

/// Odds of a melee between two units as they stand now.
pub fn melee_odds(b: &Battle, attacker: &SbaUnit, defender: &SbaUnit) -> MeleeOdds {
    let aa = attack_value(b, attacker, defender).total();
    let an = dice_count(attacker.models, b.stats(attacker).dice_per_model);
    let da = attack_value(b, defender, attacker).total();
    let dn = dice_count(defender.models, b.stats(defender).dice_per_model);
    MeleeOdds {
        attacker_attack: aa,
        attacker_dice: an,
        on_defender: casualty_distribution(
            an,
            aa,
            defense_left(b, defender, Some(attacker)),
            defender.models,
        ),
        defender_attack: da,
        defender_dice: dn,
        on_attacker: casualty_distribution(
            dn,
            da,
            defense_left(b, attacker, Some(defender)),
            attacker.models,
        ),
    }
}

/// The hex `attacker` strikes `defender` from: its own when next to it,
/// else the first hex of its order's path ([`order_path`]) next to the
/// defender, where the Movement Step stops it in the defender's Zone of
/// Control. `None` with no order or no way there.
pub fn attack_hex(b: &Battle, attacker: &SbaUnit, defender: &SbaUnit) -> Option<Hex> {
    if attacker.hex.unsigned_distance_to(defender.hex) == 1 {
        return Some(attacker.hex);
    }
    let order = attacker.order.as_ref()?;
    order_path(b, attacker, order)?
        .into_iter()
        .find(|h| h.unsigned_distance_to(defender.hex) == 1)
}

/// Odds of the melee `attacker` (with its planned order set) will fight
/// with `defender`: [`melee_odds`] with the attacker moved to its
/// [`attack_hex`] and facing the defender (SBA-MEL-4: the hexside crossed
/// and Inspirational are taken there).
pub fn planned_melee_odds(b: &Battle, attacker: &SbaUnit, defender: &SbaUnit) -> MeleeOdds {
    let mut a = attacker.clone();
    if let Some(h) = attack_hex(b, attacker, defender) {
        a.hex = h;
        a.facing = Facing::towards(h, defender.hex);
    }
    let mut at = b.clone();
    if let Some(m) = at.unit_mut(a.id) {
        *m = a.clone();
    }
    melee_odds(&at, &a, defender)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Facing;
    use crate::rules::samurai_battles::battle::fixture::*;
    use crate::rules::samurai_battles::orders::{OrderKind, OrderSpec};

    #[test]
    fn seed_melee_odds() {
        // SBA-MEL-4 with the seed's numbers: 6 dice at 10 against Defense 1, 4 models.
        let t = tables();
        let board = board(&t);
        let mut sc = unit(&t, 1, 0, "samurai_cavalry", (5, 3), Facing::North);
        sc.models = 2;
        sc.order = Some(OrderSpec::at_unit(OrderKind::Assault, 2));
        let ash = unit(&t, 2, 1, "ashigaru_spearmen", (5, 4), Facing::South);
        let b = battle(vec![sc.clone(), ash.clone()], &board, &t);
        let o = melee_odds(&b, &sc, &ash);
        assert_eq!(
            (o.attacker_attack, o.attacker_dice, o.defender_dice),
            (10, 6, 4)
        );
        // 3 casualties = exactly 4 hits of 6 at p = 1/2: C(6,4)/64.
        assert!((o.on_defender[3] - 15.0 / 64.0).abs() < 1e-12);
        // 4 casualties = 5 or 6 hits.
        assert!((o.on_defender[4] - 7.0 / 64.0).abs() < 1e-12);
        assert!((o.on_attacker.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(o.expected_on_defender() > o.expected_on_attacker());
    }

    #[test]
    fn sba_mel_4_planned_melee_odds_are_the_melee_rolled() {
        // O3 (a), (b): the defender sits behind streams on every hexside
        // (+1 Defense, SBA-BASE terrain). The assaulting spearmen start two
        // hexes away; the odds take the Defense across the stream they
        // will attack over, as the Melee Step does.
        use crate::engine::board::HexBoard;
        use crate::engine::dice::Dice;
        use crate::rules::samurai_battles::melee::resolve_melee;
        use crate::rules::samurai_battles::movement::movement_step;
        let t = tables();
        let mut board = board(&t);
        let d_hex = HexBoard::to_hex((5, 4));
        for dir in Facing::ALL {
            board.set_hexside(d_hex, d_hex.neighbor(dir.edge_direction()), "stream");
        }
        let mut a = unit(&t, 1, 0, "ashigaru_spearmen", (5, 2), Facing::North);
        a.order = Some(OrderSpec::at_unit(OrderKind::Assault, 2));
        let d = unit(&t, 2, 1, "ashigaru_spearmen", (5, 4), Facing::South);
        let b = battle(vec![a.clone(), d.clone()], &board, &t);
        let planned = planned_melee_odds(&b, &a, &d);
        let naive = melee_odds(&b, &a, &d);
        assert_ne!(planned.on_defender, naive.on_defender, "the stream counts");
        // The Movement Step brings it into contact; the odds there are the same.
        let mut moved = b.clone();
        let mut dice = Dice::new(0);
        movement_step(&mut moved, &mut dice);
        let (ma, md) = (
            moved.unit(1).cloned().expect("a"),
            moved.unit(2).cloned().expect("d"),
        );
        assert_eq!(ma.engaged, vec![2]);
        assert_eq!(melee_odds(&moved, &ma, &md), planned);
        // And the Melee Step rolls them: mean casualties over 3,000 seeds.
        let runs: u32 = 3000;
        let mut total = 0u32;
        for seed in 0..runs {
            let mut m = moved.clone();
            let mut dice = Dice::new(u64::from(seed));
            resolve_melee(&mut m, &mut dice);
            total += md.models - m.unit(2).map_or(0, |u| u.models);
        }
        let seen = f64::from(total) / f64::from(runs);
        let shown = planned.expected_on_defender();
        assert!((seen - shown).abs() < 0.05, "seen {seen}, shown {shown}");
    }
}
