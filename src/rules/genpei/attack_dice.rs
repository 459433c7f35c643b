//! How many battle dice an attack rolls: the unit's dice, the naval
//! reductions (GEN-NCB), the terrain caps (GEN-STK-4, GEN-MSH-4), then
//! Leader Inspiration and card dice, which the caps do not limit. Each step
//! is an itemized modifier with its rule.

use crate::engine::command::Refusal;
use crate::engine::log::Itemized;

use super::data::{CombatValues, HexTerrain, UnitType};

/// Close combat or a ranged attack at a range in hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackKind {
    /// Close combat against an adjacent hex.
    Close,
    /// Ranged attack at this many hexes.
    Ranged(u32),
    /// Close combat against a palisade or stockade itself: the unit's full
    /// close-combat dice, never capped (GEN-STK-6, GEN-PAL-4).
    Work,
}

/// Everything that sets an attack's dice, as plain values.
#[derive(Clone, Debug)]
pub struct AttackSetup<'a> {
    /// The attacking unit's type.
    pub unit: &'a UnitType,
    /// Close or ranged.
    pub kind: AttackKind,
    /// Hexes it moved this turn.
    pub moved: u32,
    /// It embarked or disembarked this turn (GEN-AMP-1).
    pub embarked: bool,
    /// It is ordered by Infantry Onslaught (GEN-UNIT-2).
    pub onslaught: bool,
    /// The attacker's hex terrain.
    pub from: &'a HexTerrain,
    /// The target's hex terrain.
    pub into: &'a HexTerrain,
    /// The attacker stands in an arrow tower (GEN-TWR-3).
    pub in_tower: bool,
    /// Dice added after the caps: Leader Inspiration, Command and Dragon
    /// cards, each `(name, dice, rule)`.
    pub bonus: Vec<(String, i32, String)>,
}

fn refuse(rule: &str, why: impl Into<String>) -> Refusal {
    Refusal::new(rule, why)
}

/// The dice of an attack, itemized, or why it may not be made.
///
/// Order [SIM, GEN-STK-4]: the unit's dice for close or ranged combat
/// (after-moving dice on land only, GEN-NCB-3), naval reductions
/// (GEN-NCB-1, GEN-NCB-2), terrain caps (GEN-STK-4, GEN-MSH-4), then
/// bonus dice. Never below 0.
///
/// # Errors
/// A refusal with its rule: a unit that moved too far to battle
/// (GEN-UNIT-1; not at sea, GEN-NCB-4), embarked this turn (GEN-AMP-1),
/// Sohei Archers under Infantry Onslaught (GEN-UNIT-2), no ranged attack
/// or a target out of range (GEN-BASE, GEN-TWR-3).
pub fn attack_dice(s: &AttackSetup, v: &CombatValues) -> Result<Itemized, Refusal> {
    let u = s.unit;
    let at_sea = s.from.ocean;
    if s.embarked {
        return Err(refuse(
            "GEN-AMP-1",
            say!("gen-refuse-embarked-no-battle", unit = u.name),
        ));
    }
    if s.moved > u.move_and_battle && !at_sea {
        return Err(refuse(
            "GEN-UNIT-1",
            say!(
                "gen-refuse-moved-too-far",
                unit = u.name,
                moved = s.moved,
                max = u.move_and_battle,
                rule = "GEN-NCB-4"
            ),
        ));
    }
    let moved_on_land = s.moved > 0 && !at_sea;
    let sea_note = s.moved > 0 && at_sea;
    let mut dice = match s.kind {
        AttackKind::Close | AttackKind::Work => {
            if s.onslaught && !u.close_by_onslaught {
                return Err(refuse(
                    "GEN-UNIT-2",
                    say!("gen-refuse-onslaught-no-close", unit = u.name),
                ));
            }
            let name = if s.kind == AttackKind::Work {
                say!("gen-dice-work", unit = u.name)
            } else if sea_note {
                say!("gen-dice-close-sea", unit = u.name, rule = "GEN-NCB-3")
            } else {
                say!("gen-dice-close", unit = u.name)
            };
            let mut d = Itemized::new(name, u.close as i32);
            if let Some(after) = u.close_after_move
                && moved_on_land
            {
                d.add(
                    say!("gen-mod-after-moving"),
                    after as i32 - u.close as i32,
                    "GEN-UNIT-2",
                );
            }
            d
        }
        AttackKind::Ranged(range) => {
            let Some(r) = &u.ranged else {
                return Err(refuse(
                    "GEN-BASE",
                    say!("gen-refuse-no-ranged", unit = u.name),
                ));
            };
            let max = if s.in_tower && u.archer {
                r.max_range.max(v.tower_range)
            } else {
                r.max_range
            };
            if range < r.min_range || range > max {
                let why = if s.in_tower && u.archer {
                    say!(
                        "gen-refuse-out-of-range-tower",
                        unit = u.name,
                        min = r.min_range,
                        max = max,
                        range = range
                    )
                } else {
                    say!(
                        "gen-refuse-out-of-range",
                        unit = u.name,
                        min = r.min_range,
                        max = max,
                        range = range
                    )
                };
                return Err(refuse(
                    if s.in_tower { "GEN-TWR-3" } else { "GEN-BASE" },
                    why,
                ));
            }
            let name = if sea_note {
                say!("gen-dice-ranged-sea", unit = u.name, rule = "GEN-NCB-3")
            } else {
                say!("gen-dice-ranged", unit = u.name)
            };
            let mut d = Itemized::new(name, r.dice as i32);
            if moved_on_land {
                d.add(
                    say!("gen-mod-after-moving"),
                    r.after_move as i32 - r.dice as i32,
                    "GEN-UNIT-2",
                );
            }
            d
        }
    };
    if at_sea {
        dice.add(say!("gen-mod-naval-unit"), v.naval_dice, "GEN-NCB-1");
    } else if s.into.ocean && s.kind == AttackKind::Close {
        dice.add(
            say!("gen-mod-shore-vs-boat"),
            v.shore_vs_boat_dice,
            "GEN-NCB-2",
        );
    }
    if let Some((cap, name, rule)) = cap(s) {
        // `name` reads "…: at most {cap} dice".
        let now = dice.total();
        if now > cap as i32 {
            dice.add(name, cap as i32 - now, rule);
        }
    }
    for (name, n, rule) in &s.bonus {
        dice.add(name.clone(), *n, rule.clone());
    }
    if dice.total() < 0 {
        dice.add(say!("gen-mod-no-fewer-than-0"), -dice.total(), "GEN-NCB-1");
    }
    Ok(dice)
}

/// The tightest terrain cap on an attack's dice before bonuses, with its
/// modifier's name ("close combat with a Marsh hex: at most 2 dice") and
/// rule.
fn cap(s: &AttackSetup) -> Option<(u32, String, &'static str)> {
    let mut caps: Vec<(u32, String, &'static str)> = Vec::new();
    match s.kind {
        AttackKind::Close => {
            for (t, other) in [(s.from, s.into), (s.into, s.from)] {
                if let Some(c) = t.close_cap {
                    // GEN-STK-4: across the stockade boundary only; GEN-MSH-4:
                    // into or out of a marsh.
                    if !t.cap_across_boundary_only || other.key != t.key {
                        let rule = if t.cap_across_boundary_only {
                            "GEN-STK-4"
                        } else {
                            "GEN-MSH-4"
                        };
                        caps.push((
                            c,
                            say!("gen-mod-cap-close", terrain = t.name, cap = c),
                            rule,
                        ));
                    }
                }
            }
        }
        AttackKind::Work => {}
        AttackKind::Ranged(_) => {
            if let Some(c) = s.from.ranged_cap_from {
                caps.push((
                    c,
                    say!("gen-mod-cap-fire-from", terrain = s.from.name, cap = c),
                    "GEN-MSH-4",
                ));
            }
            // GEN-STK-4: fire from outside into the stockade; the occupant's own
            // fire is not capped.
            if let Some(c) = s.into.ranged_cap_into
                && s.from.key != s.into.key
            {
                caps.push((
                    c,
                    say!("gen-mod-cap-fire-into", terrain = s.into.name, cap = c),
                    "GEN-STK-4",
                ));
            }
        }
    }
    caps.into_iter().min_by_key(|c| c.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::genpei::data::GenTables;

    fn setup<'a>(
        t: &'a GenTables,
        unit: &str,
        kind: AttackKind,
        from: &str,
        into: &str,
    ) -> AttackSetup<'a> {
        AttackSetup {
            unit: t.unit(unit).expect("unit"),
            kind,
            moved: 0,
            embarked: false,
            onslaught: false,
            from: t.hex(from).expect("from"),
            into: t.hex(into).expect("into"),
            in_tower: false,
            bonus: Vec::new(),
        }
    }

    fn n(t: &GenTables, s: &AttackSetup) -> i32 {
        attack_dice(s, &t.combat).expect("legal").total()
    }

    fn rule(t: &GenTables, s: &AttackSetup) -> String {
        attack_dice(s, &t.combat).expect_err("refused").rule
    }

    #[test]
    fn gc_gen_02_naval_dice_reductions() {
        // GEN-NCB-1, GEN-NCB-3: Sohei Warriors at sea 3 - 1; Sohei Archers at
        // sea that moved fire 2 - 1, no further reduction for moving at sea.
        let t = GenTables::load().expect("tables");
        let w = setup(&t, "sohei_warriors", AttackKind::Close, "ocean", "ocean");
        assert_eq!(n(&t, &w), 2);
        let mut a = setup(&t, "sohei_archers", AttackKind::Ranged(2), "ocean", "ocean");
        a.moved = 1;
        assert_eq!(n(&t, &a), 1);
        let d = attack_dice(&a, &t.combat).expect("legal");
        assert!(d.explain().contains("GEN-NCB-1"), "{}", d.explain());
        assert!(!d.explain().contains("after moving"));
        assert!(d.explain().contains("GEN-NCB-3"), "{}", d.explain());
    }

    #[test]
    fn gc_gen_03_shore_unit_against_a_boat() {
        // GEN-NCB-2: close combat from the shore loses a die, ranged does not.
        let t = GenTables::load().expect("tables");
        let w = setup(&t, "sohei_warriors", AttackKind::Close, "clear", "ocean");
        assert_eq!(n(&t, &w), 2);
        let a = setup(&t, "sohei_archers", AttackKind::Ranged(2), "clear", "ocean");
        assert_eq!(n(&t, &a), 2);
    }

    #[test]
    fn a_naval_unit_battles_after_a_full_naval_move() {
        // GEN-NCB-4: 2 hexes at sea, still battles; on land it may not (GEN-UNIT-1).
        let t = GenTables::load().expect("tables");
        let mut w = setup(&t, "sohei_warriors", AttackKind::Close, "ocean", "ocean");
        w.moved = 2;
        assert_eq!(n(&t, &w), 2);
        let mut l = setup(&t, "sohei_warriors", AttackKind::Close, "clear", "clear");
        l.moved = 2;
        assert_eq!(rule(&t, &l), "GEN-UNIT-1");
        let mut y = setup(&t, "ashigaru_yari", AttackKind::Close, "ocean", "ocean");
        y.moved = 2;
        assert_eq!(n(&t, &y), 2);
    }

    #[test]
    fn gc_gen_09_marsh_caps() {
        // GEN-MSH-4: A 3-dice unit from a marsh: 2. B Sohei Archers in a marsh
        // fire 1. C fire into a marsh is unaffected: 2.
        let t = GenTables::load().expect("tables");
        let a = setup(&t, "ashigaru_yari", AttackKind::Close, "marsh", "clear");
        assert_eq!(n(&t, &a), 2);
        let into = setup(&t, "ashigaru_yari", AttackKind::Close, "clear", "marsh");
        assert_eq!(n(&t, &into), 2);
        let b = setup(&t, "sohei_archers", AttackKind::Ranged(3), "marsh", "clear");
        assert_eq!(n(&t, &b), 1);
        let c = setup(&t, "sohei_archers", AttackKind::Ranged(3), "clear", "marsh");
        assert_eq!(n(&t, &c), 2);
    }

    #[test]
    fn stockade_caps_close_combat_across_its_boundary_and_fire_into_it() {
        // GEN-STK-4: 4-dice Samurai attack into a stockade roll 2, plus one
        // Inspiration die after the cap; the occupant's own fire is not capped.
        let t = GenTables::load().expect("tables");
        let mut s = setup(
            &t,
            "samurai_infantry",
            AttackKind::Close,
            "clear",
            "stockade",
        );
        assert_eq!(n(&t, &s), 2);
        s.bonus
            .push(("Leader Inspiration".into(), 1, "GEN-BASE".into()));
        assert_eq!(n(&t, &s), 3);
        let out = setup(
            &t,
            "samurai_infantry",
            AttackKind::Close,
            "stockade",
            "clear",
        );
        assert_eq!(n(&t, &out), 2);
        let within = setup(
            &t,
            "samurai_infantry",
            AttackKind::Close,
            "stockade",
            "stockade",
        );
        assert_eq!(n(&t, &within), 4);
        let fire_in = setup(
            &t,
            "mounted_archers",
            AttackKind::Ranged(2),
            "clear",
            "stockade",
        );
        assert_eq!(n(&t, &fire_in), 2);
        let fire_out = setup(
            &t,
            "mounted_archers",
            AttackKind::Ranged(2),
            "stockade",
            "clear",
        );
        assert_eq!(n(&t, &fire_out), 3);
    }

    #[test]
    fn gc_gen_08_an_attack_on_the_stockade_itself_rolls_its_full_dice() {
        // GEN-STK-6: 4 close-combat dice against the stockade, not capped at
        // 2; Inspiration adds to them. Against its occupant: 2 (GEN-STK-4).
        let t = GenTables::load().expect("tables");
        let mut s = setup(
            &t,
            "samurai_infantry",
            AttackKind::Work,
            "clear",
            "stockade",
        );
        assert_eq!(n(&t, &s), 4);
        let d = attack_dice(&s, &t.combat).expect("legal");
        assert!(d.explain().contains("GEN-STK-6"), "{}", d.explain());
        s.bonus
            .push(("Leader Inspiration".into(), 1, "GEN-BASE".into()));
        assert_eq!(n(&t, &s), 5);
        s.kind = AttackKind::Close;
        assert_eq!(n(&t, &s), 3);
    }

    #[test]
    fn gc_gen_12_arrow_tower_range() {
        // GEN-TWR-3: Sohei Archers in an arrow tower fire 2 dice at 4 hexes.
        let t = GenTables::load().expect("tables");
        let mut s = setup(
            &t,
            "sohei_archers",
            AttackKind::Ranged(4),
            "stockade",
            "clear",
        );
        assert_eq!(rule(&t, &s), "GEN-BASE");
        s.in_tower = true;
        assert_eq!(n(&t, &s), 2);
        s.kind = AttackKind::Ranged(5);
        assert_eq!(rule(&t, &s), "GEN-TWR-3");
    }

    #[test]
    fn gc_gen_13_sohei_archers_dice() {
        // GEN-UNIT-2: (a) 3, (b) 2 after moving, (c) none under Infantry
        // Onslaught, (d) ranged 2, (e) 1 after moving, (f) no battle after 2 hexes.
        let t = GenTables::load().expect("tables");
        let a = setup(&t, "sohei_archers", AttackKind::Close, "clear", "clear");
        assert_eq!(n(&t, &a), 3);
        let mut b = a.clone();
        b.moved = 1;
        assert_eq!(n(&t, &b), 2);
        let mut c = a.clone();
        c.onslaught = true;
        assert_eq!(rule(&t, &c), "GEN-UNIT-2");
        let d = setup(&t, "sohei_archers", AttackKind::Ranged(3), "clear", "clear");
        assert_eq!(n(&t, &d), 2);
        let mut e = setup(&t, "sohei_archers", AttackKind::Ranged(2), "clear", "clear");
        e.moved = 1;
        assert_eq!(n(&t, &e), 1);
        let mut f = a.clone();
        f.moved = 2;
        assert_eq!(rule(&t, &f), "GEN-UNIT-1");
        let adjacent = setup(&t, "sohei_archers", AttackKind::Ranged(1), "clear", "clear");
        assert_eq!(rule(&t, &adjacent), "GEN-BASE");
    }

    #[test]
    fn gc_gen_16_no_battle_in_the_turn_a_unit_embarks() {
        // GEN-AMP-1.
        let t = GenTables::load().expect("tables");
        let mut s = setup(&t, "samurai_infantry", AttackKind::Close, "ocean", "ocean");
        s.embarked = true;
        assert_eq!(rule(&t, &s), "GEN-AMP-1");
    }
}
