//! Morale tests and rallying along the unit condition track of
//! [`super::condition`] (CW-GEN-3 base terms;
//! the procedure is a [stand-in] from base_rules.md §4), with the honor
//! modifiers of CW-HON-3 … CW-HON-5, CW-HON-9 and the immunity of CW-HON-10.
//!
//! Stand-in procedure: one die + Leadership + modifiers ≥ TL (CW-GEN-2);
//! −1 for each earlier Morale test of the unit this turn; a failure moves the
//! unit one step down formed → unformed → broken → routing → destroyed; a
//! rally test in the End phase moves it one step back up.

use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry, Modifier};

use super::condition::Condition;
use super::data::{MoraleTriggers, Settings};
use super::honor::{HonorTest, morale_bonus, takes_honor_test};
use super::test_roll::{Comparison, Convention, TestRoll, TestSpec, roll_test};

/// Why a Morale test is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoraleCause {
    /// One of the base triggers (see [`triggers`]).
    Trigger(MoraleTrigger),
    /// An honor level (CW-HON-4, CW-HON-5, CW-HON-9): ignores the cumulative
    /// modifier of earlier tests this turn, adds the level's modifier, and is
    /// skipped by Non-human and Creature units (CW-HON-10).
    Honor(HonorTest),
}

/// A base Morale trigger (base_rules.md §4, Daimyo reference sheet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoraleTrigger {
    /// Losses reached 25 %, 50 % or 75 % of starting strength (the percentage).
    Losses(u32),
    /// Lost 25 % of its current strength in one phase.
    PhaseLosses,
    /// Outnumbered 2:1 while losing, or 4:1.
    Outnumbered,
    /// Lost its commander.
    CommanderLost,
    /// A friendly unit within 8" broke or routed (ignored at Morale Level 5).
    FriendBroke,
    /// Engaged while broken or unformed.
    EngagedWhileShaken,
}

impl MoraleTrigger {
    /// The trigger as the log names it.
    pub fn name(self) -> String {
        match self {
            MoraleTrigger::Losses(pct) => say!("cw-trigger-losses", pct = pct),
            MoraleTrigger::PhaseLosses => say!("cw-trigger-phase-losses"),
            MoraleTrigger::Outnumbered => say!("cw-trigger-outnumbered"),
            MoraleTrigger::CommanderLost => say!("cw-trigger-commander-lost"),
            MoraleTrigger::FriendBroke => say!("cw-trigger-friend-broke"),
            MoraleTrigger::EngagedWhileShaken => say!("cw-trigger-engaged-while-shaken"),
        }
    }
}

/// What the turn engine knows about a unit when looking for triggers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TriggerInput {
    /// Models at the start of the battle.
    pub starting_models: u32,
    /// Models at the start of this phase.
    pub models_before: u32,
    /// Models now.
    pub models_now: u32,
    /// Enemy models engaged with the unit (0 if not engaged).
    pub enemy_models_engaged: u32,
    /// The unit lost this Close Combat phase.
    pub losing: bool,
    /// Its commander was lost this phase.
    pub commander_lost: bool,
    /// A friendly unit within 8" broke or routed this phase.
    pub friend_broke_nearby: bool,
    /// The unit's Morale Level.
    pub morale_level: i32,
    /// It was engaged while broken or unformed.
    pub engaged_while_shaken: bool,
}

/// The whole in per cent: the triggers' losses are percentages of a unit's
/// models. A unit of measure, not a rule value.
const PERCENT: u32 = 100;

/// The base Morale triggers met (CW-GEN-3; base_rules.md §4). Each becomes
/// one test; the second and later tests of the turn take the cumulative
/// modifier ([`MoraleTest::earlier_tests_this_turn`]).
pub fn triggers(i: &TriggerInput, n: &MoraleTriggers) -> Vec<MoraleTrigger> {
    let mut out = Vec::new();
    let lost_before = i.starting_models.saturating_sub(i.models_before);
    let lost_now = i.starting_models.saturating_sub(i.models_now);
    for &pct in &n.losses_pct {
        let threshold = i.starting_models * pct;
        if lost_before * PERCENT < threshold && lost_now * PERCENT >= threshold {
            out.push(MoraleTrigger::Losses(pct));
        }
    }
    let phase_lost = i.models_before.saturating_sub(i.models_now);
    if i.models_before > 0
        && phase_lost * PERCENT >= i.models_before * n.phase_losses_pct
        && phase_lost > 0
    {
        out.push(MoraleTrigger::PhaseLosses);
    }
    let own = i.models_now.max(1);
    if i.enemy_models_engaged >= n.outnumbered * own
        || (i.losing && i.enemy_models_engaged >= n.outnumbered_losing * own)
    {
        out.push(MoraleTrigger::Outnumbered);
    }
    if i.commander_lost {
        out.push(MoraleTrigger::CommanderLost);
    }
    if i.friend_broke_nearby && i.morale_level < n.friend_broke_immune_level {
        out.push(MoraleTrigger::FriendBroke);
    }
    if i.engaged_while_shaken {
        out.push(MoraleTrigger::EngagedWhileShaken);
    }
    out
}

/// One Morale test to take.
#[derive(Clone, Debug, PartialEq)]
pub struct MoraleTest {
    /// Testing unit.
    pub unit: u32,
    /// Unit name, for the log.
    pub name: String,
    /// Leadership of its commander.
    pub leadership: i32,
    /// Training Level: the target.
    pub tl: i32,
    /// Current condition.
    pub condition: Condition,
    /// The unit is airborne: it cannot become unformed (CW-FLY-14).
    pub airborne: bool,
    /// It made a Full Retreat earlier this turn.
    pub full_retreat_this_turn: bool,
    /// Morale tests it already took this turn.
    pub earlier_tests_this_turn: u32,
    /// Its own army's current honor (CW-HON-3).
    pub army_honor: i32,
    /// Non-human or Creature (CW-HON-10).
    pub honor_immune: bool,
    /// Why it tests.
    pub cause: MoraleCause,
    /// Further modifiers (cards, skills), each with its rule.
    pub extra: Vec<Modifier>,
}

/// Result of a Morale test.
#[derive(Clone, Debug, PartialEq)]
pub struct MoraleOutcome {
    /// Passed.
    pub pass: bool,
    /// Condition before.
    pub before: Condition,
    /// Condition after.
    pub after: Condition,
    /// The roll.
    pub roll: TestRoll,
    /// Log entries: the roll, then the change of condition if any.
    pub entries: Vec<LogEntry>,
}

/// The itemized value of a Morale test: Leadership, honor +1 (CW-HON-3,
/// none if immune, CW-HON-10), condition and Full Retreat modifiers, the
/// cumulative −1 per earlier test (not for honor tests, CW-HON-4), the
/// honor-level modifier (CW-HON-5, CW-HON-9), and `extra`.
pub fn morale_value(t: &MoraleTest, s: &Settings) -> Itemized {
    let mut v = Itemized::new(say!("cw-item-leadership"), t.leadership);
    v.add(
        say!("cw-item-army-honor-at", at = s.honor_ladder.morale_bonus_at),
        morale_bonus(t.army_honor, t.honor_immune, &s.honor_ladder),
        "CW-HON-3",
    );
    let cond = match t.condition {
        Condition::Unformed => s.morale.unformed,
        Condition::Broken => s.morale.broken,
        Condition::Routing => s.morale.routing,
        _ => 0,
    };
    v.add(t.condition.name(), cond, "CW-GEN-3");
    if t.full_retreat_this_turn {
        v.add(
            say!("cw-item-full-retreat"),
            s.morale.full_retreat,
            "CW-GEN-3",
        );
    }
    match t.cause {
        MoraleCause::Honor(h) => {
            v.add(
                say!("cw-item-honor-level", level = h.level),
                h.modifier,
                h.rule,
            );
        }
        MoraleCause::Trigger(_) => v.add(
            say!("cw-item-earlier-tests", tests = t.earlier_tests_this_turn),
            s.morale.per_earlier_test * t.earlier_tests_this_turn as i32,
            "CW-GEN-3",
        ),
    }
    for m in &t.extra {
        v.add(m.name.clone(), m.value, m.rule.clone());
    }
    v
}

/// Takes a Morale test. Returns `None` when an honor-triggered test is
/// skipped by a Non-human or Creature unit (CW-HON-10) or the unit is
/// already destroyed. A failure moves the unit one step down the track; an
/// airborne formed unit skips "unformed" and becomes broken (CW-FLY-14,
/// [stand-in]).
pub fn morale_test(
    dice: &mut Dice,
    conv: Convention,
    s: &Settings,
    t: &MoraleTest,
) -> Option<MoraleOutcome> {
    if t.condition == Condition::Destroyed {
        return None;
    }
    let rule = match t.cause {
        MoraleCause::Honor(h) => {
            if !takes_honor_test(t.honor_immune) {
                return None;
            }
            h.rule
        }
        MoraleCause::Trigger(_) => "CW-GEN-3",
    };
    let why = match t.cause {
        MoraleCause::Honor(h) => say!("cw-item-honor-level", level = h.level),
        MoraleCause::Trigger(tr) => tr.name(),
    };
    let roll = roll_test(
        dice,
        conv,
        TestSpec {
            rule,
            units: vec![t.unit],
            what: say!("cw-log-morale-test", unit = t.name, why = why, tl = t.tl),
            value: morale_value(t, s),
            target: t.tl,
            comparison: Comparison::AtLeast,
        },
    );
    let mut after = t.condition;
    let mut entries = vec![roll.entry.clone()];
    if !roll.pass {
        after = t.condition.after_morale_failure();
        entries.push(LogEntry::event(
            if t.airborne { "CW-FLY-14" } else { "CW-GEN-3" },
            vec![t.unit],
            say!(
                "cw-log-morale-fails",
                unit = t.name,
                before = t.condition.name(),
                after = after.name()
            ),
        ));
    }
    Some(MoraleOutcome {
        pass: roll.pass,
        before: t.condition,
        after,
        roll,
        entries,
    })
}

/// Rally in the End phase [stand-in]: an unformed, broken or routing unit
/// takes a Morale test (no cumulative or honor-level modifier; honor +1 still
/// applies, CW-HON-3); a pass moves it one step up the track. Formed and
/// destroyed units do not test (`None`).
pub fn rally(
    dice: &mut Dice,
    conv: Convention,
    s: &Settings,
    t: &MoraleTest,
) -> Option<MoraleOutcome> {
    if matches!(t.condition, Condition::Formed | Condition::Destroyed) {
        return None;
    }
    let mut plain = t.clone();
    plain.earlier_tests_this_turn = 0;
    plain.cause = MoraleCause::Trigger(MoraleTrigger::EngagedWhileShaken);
    let roll = roll_test(
        dice,
        conv,
        TestSpec {
            rule: "CW-GEN-3",
            units: vec![t.unit],
            what: say!("cw-log-rally-test", unit = t.name, tl = t.tl),
            value: morale_value(&plain, s),
            target: t.tl,
            comparison: Comparison::AtLeast,
        },
    );
    let after = if roll.pass {
        t.condition.better()
    } else {
        t.condition
    };
    let mut entries = vec![roll.entry.clone()];
    if after != t.condition {
        entries.push(LogEntry::event(
            "CW-GEN-3",
            vec![t.unit],
            say!(
                "cw-log-rallies",
                unit = t.name,
                before = t.condition.name(),
                after = after.name()
            ),
        ));
    }
    Some(MoraleOutcome {
        pass: roll.pass,
        before: t.condition,
        after,
        roll,
        entries,
    })
}

/// Turns a unit stays spent after the End phase: one fewer (CW-GEN-3 "spent"
/// stand-in: a spent unit cannot act; CW-FRC-3 may add turns).
pub fn spent_after_end_phase(spent_turns: u32) -> u32 {
    spent_turns.saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped settings (`settings.ron`).
    fn settings() -> Settings {
        crate::rules::clan_war::data::CwTables::load()
            .expect("tables")
            .settings
    }

    fn unit() -> MoraleTest {
        MoraleTest {
            unit: 4,
            name: "Daidoji Bushi".into(),
            leadership: 3,
            tl: 6,
            condition: Condition::Formed,
            airborne: false,
            full_retreat_this_turn: false,
            earlier_tests_this_turn: 0,
            army_honor: 10,
            honor_immune: false,
            cause: MoraleCause::Trigger(MoraleTrigger::CommanderLost),
            extra: vec![],
        }
    }

    #[test]
    fn cumulative_minus_one_and_honor_bonus() {
        // CW-GEN-3 stand-in: -1 per earlier test; CW-HON-3 +1 at 20.
        let s = settings();
        let mut t = unit();
        t.earlier_tests_this_turn = 2;
        assert_eq!(morale_value(&t, &s).total(), 1);
        t.army_honor = 20;
        assert_eq!(morale_value(&t, &s).total(), 2);
        t.honor_immune = true;
        assert_eq!(morale_value(&t, &s).total(), 1);
    }

    #[test]
    fn cw_gen_3_a_failed_morale_test_breaks_a_formed_unit() {
        // D15, base rules §4: Morale failures go formed → broken → routing
        // → destroyed; unformed comes from failed Maneuver tests.
        let s = settings();
        let conv = crate::rules::clan_war::test_roll::tests::shipped_convention();
        let mut dice = Dice::new(0);
        dice.load([2, 2]);
        let o = morale_test(&mut dice, conv, &s, &unit()).expect("tested");
        assert_eq!((o.pass, o.after), (false, Condition::Broken));
        let mut t = unit();
        t.condition = Condition::Unformed;
        let o = morale_test(&mut dice, conv, &s, &t).expect("tested");
        assert_eq!((o.pass, o.after), (false, Condition::Broken));
        assert_eq!(Condition::Broken.after_morale_failure(), Condition::Routing);
        assert_eq!(
            Condition::Routing.after_morale_failure(),
            Condition::Destroyed
        );
    }

    #[test]
    fn failure_walks_the_condition_track() {
        // CW-GEN-3 stand-in track; CW-FLY-14 airborne skips unformed.
        let s = settings();
        let conv = crate::rules::clan_war::test_roll::tests::shipped_convention();
        let mut dice = Dice::new(0);
        dice.load([2, 2, 9]);
        let o = morale_test(&mut dice, conv, &s, &unit()).expect("tested");
        assert_eq!((o.pass, o.after), (false, Condition::Broken));
        let mut t = unit();
        t.airborne = true;
        let o = morale_test(&mut dice, conv, &s, &t).expect("tested");
        assert_eq!(o.after, Condition::Broken);
        t.condition = Condition::Broken;
        t.airborne = false;
        // 9 + 3 - 2 (broken) = 10 >= 6.
        let o = morale_test(&mut dice, conv, &s, &t).expect("tested");
        assert_eq!((o.pass, o.after), (true, Condition::Broken));
        assert_eq!(Condition::Routing.worse(), Condition::Destroyed);
    }

    #[test]
    fn gc_cw_03_honor_test_ignores_earlier_tests_but_keeps_broken() {
        // GC-CW-03 (CW-HON-4): X took a test earlier (-1 ignored), is broken (-2 kept),
        // level 40 modifier 0.
        let s = settings();
        let mut t = unit();
        t.condition = Condition::Broken;
        t.earlier_tests_this_turn = 1;
        t.cause = MoraleCause::Honor(HonorTest {
            level: 40,
            enemy_tests: true,
            modifier: 0,
            rule: "CW-HON-4",
        });
        let v = morale_value(&t, &s);
        assert_eq!(v.total(), 3 - 2);
        assert!(
            v.modifiers
                .iter()
                .all(|m| m.rule != "CW-GEN-3" || m.value == -2)
        );
        let mut dice = Dice::new(0);
        dice.load([5]);
        let o = morale_test(
            &mut dice,
            crate::rules::clan_war::test_roll::tests::shipped_convention(),
            &s,
            &t,
        )
        .expect("tested");
        assert_eq!(o.roll.total, 6);
        assert!(o.pass);
        assert_eq!(o.entries[0].rule, "CW-HON-4");
    }

    #[test]
    fn honor_tests_skip_immune_units() {
        // CW-HON-10 and the CW-HON-9 modifier.
        let s = settings();
        let mut t = unit();
        t.cause = MoraleCause::Honor(HonorTest {
            level: -60,
            enemy_tests: false,
            modifier: -2,
            rule: "CW-HON-9",
        });
        assert_eq!(morale_value(&t, &s).total(), 1);
        t.honor_immune = true;
        let mut dice = Dice::new(0);
        assert!(
            morale_test(
                &mut dice,
                crate::rules::clan_war::test_roll::tests::shipped_convention(),
                &s,
                &t
            )
            .is_none()
        );
        assert_eq!(dice.rolled(), 0);
    }

    #[test]
    fn rally_in_the_end_phase_and_spent_turns() {
        // CW-GEN-3 stand-in rally; spent counts down.
        let s = settings();
        let mut t = unit();
        t.condition = Condition::Routing;
        t.earlier_tests_this_turn = 3;
        let mut dice = Dice::new(0);
        dice.load([6]);
        // 6 + 3 - 3 (routing) = 6 >= 6, cumulative ignored.
        let o = rally(
            &mut dice,
            crate::rules::clan_war::test_roll::tests::shipped_convention(),
            &s,
            &t,
        )
        .expect("tested");
        assert_eq!(o.after, Condition::Broken);
        assert!(
            rally(
                &mut dice,
                crate::rules::clan_war::test_roll::tests::shipped_convention(),
                &s,
                &unit()
            )
            .is_none()
        );
        assert_eq!(spent_after_end_phase(2), 1);
        assert_eq!(spent_after_end_phase(0), 0);
    }

    #[test]
    fn base_triggers() {
        // CW-GEN-3 base triggers (base_rules.md §4).
        let i = TriggerInput {
            starting_models: 12,
            models_before: 10,
            models_now: 6,
            enemy_models_engaged: 12,
            losing: true,
            commander_lost: false,
            friend_broke_nearby: true,
            morale_level: 5,
            engaged_while_shaken: false,
        };
        assert_eq!(
            triggers(&i, &settings().morale.triggers),
            vec![
                MoraleTrigger::Losses(25),
                MoraleTrigger::Losses(50),
                MoraleTrigger::PhaseLosses,
                MoraleTrigger::Outnumbered
            ]
        );
    }
}
