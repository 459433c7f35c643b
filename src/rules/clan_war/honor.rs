//! The honor track (CW-HON-1 … CW-HON-10): starting honor, honor gains, the
//! +1 Morale at 20, the first crossings of 40, 60, 80… that make the enemy
//! test, the extra Tactical Card of the highest honor, the (missing) low-honor
//! consequences and the low-honor tests at −50, −60….

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::engine::log::LogEntry;

/// A personality's clan and personal Honor, for starting honor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Personality {
    /// Clan key, or `None` for an unaligned personality.
    pub clan: Option<String>,
    /// Personal Honor.
    pub honor: i32,
}

/// Starting honor: the clan's base Honor plus the personal Honor of the
/// army's personalities of that clan only (CW-HON-1).
pub fn starting_honor(clan: &str, base: i32, personalities: &[Personality]) -> i32 {
    base + personalities
        .iter()
        .filter(|p| p.clan.as_deref() == Some(clan))
        .map(|p| p.honor)
        .sum::<i32>()
}

/// Honor gained per event (CW-HON-2). The seed names the events but not the
/// amounts: all three are [stand-in] values in `settings.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HonorGains {
    /// Destroying an enemy unit.
    pub destroy_unit: i32,
    /// Destroying an enemy personality.
    pub destroy_personality: i32,
    /// Winning a duel.
    pub win_duel: i32,
    /// Which amounts are stand-ins.
    pub stand_in: String,
}

/// The honor ladder (`settings.ron` `honor_ladder`; seed 000 L7–L13): the
/// Morale bonus of high honor, the levels that make the enemy test, and the
/// low levels that make the army's own units test. Values in honor points;
/// modifiers are added to a d10 Morale roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HonorLadder {
    /// CW-HON-3 (L7): at this honor or more, every unit gains
    /// [`HonorLadder::morale_bonus`] to all Morale tests (20).
    pub morale_bonus_at: i32,
    /// CW-HON-3 (L7): that bonus (+1).
    pub morale_bonus: i32,
    /// CW-HON-4 (L8): the first level whose first reaching makes every enemy
    /// unit test (40).
    pub enemy_test_from: i32,
    /// CW-HON-5 (L9): each further level this many points higher (20: 60, 80,
    /// 100…).
    pub enemy_test_every: i32,
    /// CW-HON-5 (L9): the cumulative modifier per level above the first (−1).
    pub enemy_test_step: i32,
    /// CW-HON-8, CW-HON-9 (L12–L13): below this honor the army is under the
    /// level tests (−40); its own tests count their levels from here.
    pub low_tests_below: i32,
    /// CW-HON-9 (L13): the first level whose first reaching makes every unit
    /// of the army test (−50).
    pub own_test_from: i32,
    /// CW-HON-9 (L13): each further level this many points lower (10: −60,
    /// −70…).
    pub own_test_every: i32,
    /// CW-HON-9 (L13): the cumulative modifier per level crossed (−1).
    pub own_test_step: i32,
    /// The honor track's marks on the overlay reach up to this level (100)…
    pub track_high: i32,
    /// …and down to this one (−70). Display only.
    pub track_low: i32,
}

impl HonorLadder {
    /// The levels marked on the honor track, for the overlay: the Morale
    /// bonus, then the enemy-test levels up to [`HonorLadder::track_high`],
    /// then the own-test levels down to [`HonorLadder::track_low`].
    pub fn marks(&self) -> Vec<i32> {
        let mut out = vec![self.morale_bonus_at];
        let mut level = self.enemy_test_from;
        while level <= self.track_high && self.enemy_test_every > 0 {
            out.push(level);
            level += self.enemy_test_every;
        }
        let mut level = self.own_test_from;
        while level >= self.track_low && self.own_test_every > 0 {
            out.push(level);
            level -= self.own_test_every;
        }
        out
    }
}

/// An event that gains honor (CW-HON-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum HonorEvent {
    /// An enemy unit destroyed.
    DestroyedUnit,
    /// An enemy personality destroyed.
    DestroyedPersonality,
    /// A duel won.
    WonDuel,
    /// A Tactical Card, item, spell or Force Card giving the printed amount.
    Card(i32),
}

/// Honor an event gains (CW-HON-2): the settings' amount, or a card's printed
/// amount.
pub fn honor_gain(event: HonorEvent, gains: &HonorGains) -> i32 {
    match event {
        HonorEvent::DestroyedUnit => gains.destroy_unit,
        HonorEvent::DestroyedPersonality => gains.destroy_personality,
        HonorEvent::WonDuel => gains.win_duel,
        HonorEvent::Card(n) => n,
    }
}

/// Which army (index into `honors`) draws the extra Tactical Card at the
/// start of the End phase: the one with the highest current honor
/// (CW-HON-7). A tie for highest gives no extra card [stand-in, the seed is
/// silent]. Empty input gives `None`.
pub fn extra_card_army(honors: &[i32]) -> Option<usize> {
    let best = *honors.iter().max()?;
    let mut at_best = honors.iter().enumerate().filter(|(_, h)| **h == best);
    let first = at_best.next().map(|(i, _)| i);
    if at_best.next().is_some() {
        None
    } else {
        first
    }
}

/// The continuing effect of an army's low honor level (CW-HON-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LowHonorEffect {
    /// No effect: honor above 0, or a level between 0 and −40 whose
    /// consequence the source does not give.
    None,
    /// Below −40: the level tests of CW-HON-9 apply (once per level, see
    /// [`HonorTrack::end_of_turn`]).
    LevelTests,
}

/// Continuing effect of low honor (CW-HON-8). The consequence list for the
/// levels from 0 down to −40 is MISSING from the source; this [stand-in]
/// gives no effect there, until the rulebook values are known. Only the
/// current level counts (effects are not cumulative). Below −40 the army is
/// under the CW-HON-9 tests.
pub fn low_honor_effect(honor: i32, ladder: &HonorLadder) -> LowHonorEffect {
    if honor < ladder.low_tests_below {
        LowHonorEffect::LevelTests
    } else {
        LowHonorEffect::None
    }
}

/// Whether a unit takes an honor-triggered Morale test (CW-HON-4, CW-HON-5,
/// CW-HON-9): never if it is Non-human or a Creature (CW-HON-10).
pub fn takes_honor_test(immune: bool) -> bool {
    !immune
}

/// Morale bonus from the army's own honor: +1 at 20 or more (CW-HON-3, the
/// ladder's values); none for non-human or creature units (CW-HON-10).
pub fn morale_bonus(honor: i32, immune: bool, ladder: &HonorLadder) -> i32 {
    if honor >= ladder.morale_bonus_at && !immune {
        ladder.morale_bonus
    } else {
        0
    }
}

/// A Morale test that honor calls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HonorTest {
    /// The level crossed (40, 60, … or −50, −60, …).
    pub level: i32,
    /// True: every enemy unit tests (CW-HON-4, CW-HON-5); false: every unit of
    /// this army tests (CW-HON-9).
    pub enemy_tests: bool,
    /// Modifier to that test: 0 at 40, −1 at 60, −2 at 80…; −1 at −50, −2 at −60….
    pub modifier: i32,
    /// The rule that calls for it: CW-HON-4 for the first enemy-test level,
    /// CW-HON-5 for the further ones, CW-HON-9 for the army's own tests.
    pub rule: &'static str,
}

/// An army's honor with the levels already crossed (each triggers once).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HonorTrack {
    /// Current honor.
    pub honor: i32,
    /// Levels whose test has been spent.
    pub spent: BTreeSet<i32>,
    /// The highest and lowest honor reached this turn, if it changed: a
    /// level reached during the turn and left again still triggers its
    /// test at the end of it (CW-HON-4, CW-HON-5, CW-HON-9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_range: Option<(i32, i32)>,
}

impl HonorTrack {
    /// A track at `honor`.
    pub fn new(honor: i32) -> Self {
        Self {
            honor,
            spent: BTreeSet::new(),
            turn_range: None,
        }
    }

    /// Adds `delta` (negative for a loss) to the honor (CW-HON-2 gains,
    /// CW-HOS-3 / CW-HOS-5 losses), returning the log entry under `rule`.
    pub fn change(&mut self, delta: i32, rule: &str, why: &str) -> LogEntry {
        let before = self.honor;
        self.honor += delta;
        let (lo, hi) = self.turn_range.unwrap_or((before, before));
        self.turn_range = Some((lo.min(self.honor), hi.max(self.honor)));
        LogEntry::event(
            rule,
            vec![],
            say!(
                "cw-log-honor-change",
                why = why,
                before = before,
                delta = format!("{delta:+}"),
                after = self.honor
            ),
        )
    }

    /// The log entries announcing each test of `end_of_turn`'s result
    /// (CW-HON-4, CW-HON-5, CW-HON-9).
    pub fn announce(tests: &[HonorTest]) -> Vec<LogEntry> {
        // Several levels reached in one turn each trigger (CW-HON-6).
        let several = tests.len() > 1;
        let count = tests.len();
        tests
            .iter()
            .map(|t| {
                let (level, modifier) = (t.level, format!("{:+}", t.modifier));
                let (rule, what) = match (t.enemy_tests, several) {
                    (true, false) => (
                        t.rule,
                        say!(
                            "cw-log-honor-level-enemy",
                            level = level,
                            modifier = modifier
                        ),
                    ),
                    (true, true) => (
                        t.rule,
                        say!(
                            "cw-log-honor-level-enemy-several",
                            level = level,
                            count = count,
                            modifier = modifier,
                            each_rule = "CW-HON-6"
                        ),
                    ),
                    (false, false) => (
                        t.rule,
                        say!("cw-log-honor-level-own", level = level, modifier = modifier),
                    ),
                    (false, true) => (
                        t.rule,
                        say!(
                            "cw-log-honor-level-own-several",
                            level = level,
                            count = count,
                            modifier = modifier,
                            each_rule = "CW-HON-6"
                        ),
                    ),
                };
                LogEntry::event(rule, vec![], what)
            })
            .collect()
    }

    /// End of turn: the tests of every level first reached (CW-HON-4, CW-HON-5,
    /// CW-HON-9; a turn that jumps several levels triggers each, CW-HON-6).
    /// High levels are those of 40 and each further 20 at or below the current
    /// honor; low levels are −50 and each further −10 at or above it (the
    /// ladder's values).
    pub fn end_of_turn(&mut self, ladder: &HonorLadder) -> Vec<HonorTest> {
        // CW-HON-4/5/9: "reaches", "descends to": any time in the turn.
        let (low, high) = self
            .turn_range
            .take()
            .map_or((self.honor, self.honor), |(lo, hi)| {
                (lo.min(self.honor), hi.max(self.honor))
            });
        let mut tests = Vec::new();
        let l = ladder;
        let mut level = l.enemy_test_from;
        while level <= high && l.enemy_test_every > 0 {
            if self.spent.insert(level) {
                tests.push(HonorTest {
                    level,
                    enemy_tests: true,
                    modifier: l.enemy_test_step
                        * ((level - l.enemy_test_from) / l.enemy_test_every),
                    rule: if level == l.enemy_test_from {
                        "CW-HON-4"
                    } else {
                        "CW-HON-5"
                    },
                });
            }
            level += l.enemy_test_every;
        }
        let mut level = l.own_test_from;
        while level >= low && l.own_test_every > 0 {
            if self.spent.insert(level) {
                tests.push(HonorTest {
                    level,
                    enemy_tests: false,
                    modifier: l.own_test_step * ((l.low_tests_below - level) / l.own_test_every),
                    rule: "CW-HON-9",
                });
            }
            level -= l.own_test_every;
        }
        tests
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped ladder (`settings.ron`).
    fn ladder() -> HonorLadder {
        crate::rules::clan_war::data::CwTables::load()
            .expect("tables")
            .settings
            .honor_ladder
    }

    #[test]
    fn cw_hon_4_a_level_reached_during_the_turn_triggers_even_if_lost_again() {
        // CW-HON-4 (L8): "at the end of the turn in which an army reaches
        // 40 Honor for the first time"; CW-HON-9: "descends to".
        let mut t = HonorTrack::new(38);
        t.change(2, "CW-HON-2", "");
        t.change(-5, "CW-HOS-3", "");
        assert_eq!(
            t.end_of_turn(&ladder()),
            vec![HonorTest {
                level: 40,
                enemy_tests: true,
                modifier: 0,
                rule: "CW-HON-4",
            }]
        );
        assert!(
            t.end_of_turn(&ladder()).is_empty(),
            "once, and the turn's range is spent"
        );
        let mut t = HonorTrack::new(-46);
        t.change(-5, "CW-HOS-3", "");
        t.change(2, "CW-HON-2", "");
        let tests = t.end_of_turn(&ladder());
        assert_eq!(tests.len(), 1, "{tests:?}");
        assert_eq!(tests[0].level, -50);
    }

    fn p(clan: Option<&str>, honor: i32) -> Personality {
        Personality {
            clan: clan.map(str::to_string),
            honor,
        }
    }

    #[test]
    fn gc_cw_01_starting_honor() {
        // GC-CW-01 (CW-HON-1): 10 + 3 + 2; the other clan's 4 and the unaligned 1 do not count.
        let army = [
            p(Some("crane"), 3),
            p(Some("crane"), 2),
            p(Some("lion"), 4),
            p(None, 1),
        ];
        assert_eq!(starting_honor("crane", 10, &army), 15);
    }

    #[test]
    fn gc_cw_02_twenty_honor_morale_bonus() {
        // GC-CW-02 (CW-HON-3); CW-HON-10: immune units get nothing.
        assert_eq!(morale_bonus(20, false, &ladder()), 1);
        assert_eq!(morale_bonus(19, false, &ladder()), 0);
        assert_eq!(morale_bonus(25, true, &ladder()), 0);
    }

    #[test]
    fn gc_cw_03_forty_honor_first_time_only() {
        // GC-CW-03 (CW-HON-4): 38 -> 41 in turn 3, 35 in turn 4, 42 in turn 5.
        let mut t = HonorTrack::new(38);
        t.honor = 41;
        assert_eq!(
            t.end_of_turn(&ladder()),
            vec![HonorTest {
                level: 40,
                enemy_tests: true,
                modifier: 0,
                rule: "CW-HON-4",
            }]
        );
        t.honor = 35;
        assert!(t.end_of_turn(&ladder()).is_empty());
        t.honor = 42;
        assert!(t.end_of_turn(&ladder()).is_empty());
        // CW-HON-5, CW-HON-6: a jump past 60 and 80 triggers both, at -1 and -2.
        t.honor = 85;
        let m: Vec<(i32, i32)> = t
            .end_of_turn(&ladder())
            .iter()
            .map(|x| (x.level, x.modifier))
            .collect();
        assert_eq!(m, vec![(60, -1), (80, -2)]);
    }

    #[test]
    fn honor_gains_use_the_settings() {
        // CW-HON-2 (stand-in amounts from settings.ron).
        let g = HonorGains {
            destroy_unit: 2,
            destroy_personality: 3,
            win_duel: 4,
            stand_in: String::new(),
        };
        assert_eq!(honor_gain(HonorEvent::DestroyedUnit, &g), 2);
        assert_eq!(honor_gain(HonorEvent::DestroyedPersonality, &g), 3);
        assert_eq!(honor_gain(HonorEvent::WonDuel, &g), 4);
        assert_eq!(honor_gain(HonorEvent::Card(5), &g), 5);
        let mut t = HonorTrack::new(18);
        let e = t.change(
            honor_gain(HonorEvent::DestroyedUnit, &g),
            "CW-HON-2",
            "unit destroyed",
        );
        assert_eq!(t.honor, 20);
        assert_eq!(e.rule, "CW-HON-2");
        // Now the +1 Morale applies (CW-HON-3).
        assert_eq!(morale_bonus(t.honor, false, &ladder()), 1);
    }

    #[test]
    fn highest_honor_draws_the_extra_card_and_a_tie_gives_none() {
        // CW-HON-7.
        assert_eq!(extra_card_army(&[12, 30]), Some(1));
        assert_eq!(extra_card_army(&[-5, -20]), Some(0));
        assert_eq!(extra_card_army(&[15, 15]), None);
        assert_eq!(extra_card_army(&[]), None);
    }

    #[test]
    fn low_honor_between_zero_and_minus_forty_has_no_effect() {
        // CW-HON-8 is missing from the source: stand-in no effect down to -40.
        for h in [10, 0, -10, -25, -40] {
            assert_eq!(low_honor_effect(h, &ladder()), LowHonorEffect::None);
        }
        assert_eq!(low_honor_effect(-41, &ladder()), LowHonorEffect::LevelTests);
    }

    #[test]
    fn immune_units_skip_honor_tests_and_announcements_name_the_rule() {
        // CW-HON-10; announcements for CW-HON-4, CW-HON-5, CW-HON-9.
        assert!(!takes_honor_test(true));
        assert!(takes_honor_test(false));
        let mut t = HonorTrack::new(35);
        t.honor = 62;
        let rules: Vec<String> = HonorTrack::announce(&t.end_of_turn(&ladder()))
            .into_iter()
            .map(|e| e.rule)
            .collect();
        assert_eq!(rules, vec!["CW-HON-4", "CW-HON-5"]);
    }

    #[test]
    fn gc_cw_05_low_honor_levels_below_minus_forty() {
        // GC-CW-05 (CW-HON-9): -50, -60, -70, each once, at -1, -2, -3, for the own army.
        let mut t = HonorTrack::new(0);
        let mut seen = Vec::new();
        for h in [-45, -50, -52, -60, -55, -70] {
            t.honor = h;
            seen.extend(
                t.end_of_turn(&ladder())
                    .into_iter()
                    .map(|x| (x.level, x.modifier, x.enemy_tests)),
            );
        }
        assert_eq!(
            seen,
            vec![(-50, -1, false), (-60, -2, false), (-70, -3, false)]
        );
    }
}
