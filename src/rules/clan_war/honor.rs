//! The honor track (CW-HON-1 … CW-HON-10): starting honor, the +1 Morale at
//! 20, the first crossings of 40, 60, 80… that make the enemy test, and the
//! low-honor tests at −50, −60….

use std::collections::BTreeSet;

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

/// Morale bonus from the army's own honor: +1 at 20 or more (CW-HON-3);
/// none for non-human or creature units (CW-HON-10).
pub fn morale_bonus(honor: i32, immune: bool) -> i32 {
    i32::from(honor >= 20 && !immune)
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
}

/// An army's honor with the levels already crossed (each triggers once).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HonorTrack {
    /// Current honor.
    pub honor: i32,
    /// Levels whose test has been spent.
    pub spent: BTreeSet<i32>,
}

impl HonorTrack {
    /// A track at `honor`.
    pub fn new(honor: i32) -> Self {
        Self {
            honor,
            spent: BTreeSet::new(),
        }
    }

    /// End of turn: the tests of every level first reached (CW-HON-4, CW-HON-5,
    /// CW-HON-9; a turn that jumps several levels triggers each, CW-HON-6).
    /// High levels are those of 40 and each further 20 at or below the current
    /// honor; low levels are −50 and each further −10 at or above it.
    pub fn end_of_turn(&mut self) -> Vec<HonorTest> {
        let mut tests = Vec::new();
        let mut level = 40;
        while level <= self.honor {
            if self.spent.insert(level) {
                tests.push(HonorTest {
                    level,
                    enemy_tests: true,
                    modifier: -(level - 40) / 20,
                });
            }
            level += 20;
        }
        let mut level = -50;
        while level >= self.honor {
            if self.spent.insert(level) {
                tests.push(HonorTest {
                    level,
                    enemy_tests: false,
                    modifier: -(-40 - level) / 10,
                });
            }
            level -= 10;
        }
        tests
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(morale_bonus(20, false), 1);
        assert_eq!(morale_bonus(19, false), 0);
        assert_eq!(morale_bonus(25, true), 0);
    }

    #[test]
    fn gc_cw_03_forty_honor_first_time_only() {
        // GC-CW-03 (CW-HON-4): 38 -> 41 in turn 3, 35 in turn 4, 42 in turn 5.
        let mut t = HonorTrack::new(38);
        t.honor = 41;
        assert_eq!(
            t.end_of_turn(),
            vec![HonorTest {
                level: 40,
                enemy_tests: true,
                modifier: 0
            }]
        );
        t.honor = 35;
        assert!(t.end_of_turn().is_empty());
        t.honor = 42;
        assert!(t.end_of_turn().is_empty());
        // CW-HON-5, CW-HON-6: a jump past 60 and 80 triggers both, at -1 and -2.
        t.honor = 85;
        let m: Vec<(i32, i32)> = t
            .end_of_turn()
            .iter()
            .map(|x| (x.level, x.modifier))
            .collect();
        assert_eq!(m, vec![(60, -1), (80, -2)]);
    }

    #[test]
    fn gc_cw_05_low_honor_levels_below_minus_forty() {
        // GC-CW-05 (CW-HON-9): -50, -60, -70, each once, at -1, -2, -3, for the own army.
        let mut t = HonorTrack::new(0);
        let mut seen = Vec::new();
        for h in [-45, -50, -52, -60, -55, -70] {
            t.honor = h;
            seen.extend(
                t.end_of_turn()
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
