//! Exact odds of a planned melee shown before a player commits (SBA-MEL-4).
//! The Fortitude pass chance is [`super::fortitude::pass_chance`].

use super::battle::{Battle, SbaUnit};
use super::melee::{attack_value, casualty_distribution, defense_left, dice_count};

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
}
