//! Hostages, as used in the "Desperate Journey" tournament scenario
//! (CW-HOS-1 … CW-HOS-11): the captor unit, the Strike Easy / All-Out Attack
//! stances, the hostage destruction test, deliberate execution, and
//! recovery and recapture.

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};

use super::condition::Condition;
use super::test_roll::{Comparison, Convention, TestRoll, TestSpec, roll_test};

/// The hostage rules' numbers (`settings.ron` `hostage`; seed 000 L80–L99).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostageValues {
    /// Honor an army loses for an All-Out Attack or an execution (CW-HOS-3,
    /// CW-HOS-5: 5).
    pub honor_loss: i32,
    /// Victory points it loses for either (CW-HOS-3, CW-HOS-5: 2).
    pub vp_loss: i32,
    /// ATT modifier of Strike Easy against the captor (CW-HOS-3: −1).
    pub strike_easy_att: i32,
    /// ATT modifier of All-Out Attack until the end of the engagement
    /// (CW-HOS-3: +1).
    pub all_out_att: i32,
    /// TN of the hostage destruction test (CW-HOS-4: 2).
    pub destruction_tn: i32,
    /// The destruction test takes −1 for every this many Wounds the captor
    /// unit suffered this turn, rounded down (CW-HOS-4: 2).
    pub wounds_per_destruction_step: u32,
    /// Models a unit sacrifices to earn a Recovery test (CW-HOS-6: 2).
    pub recovery_sacrifice: u32,
    /// Modifier of a recapture attempt (CW-HOS-10: −1).
    pub recapture: i32,
}

/// The hostage (CW-HOS-1, CW-HOS-2): a distinct model in the unit holding it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hostage {
    /// The hostage's clan (chosen by the captor when taken).
    pub clan: String,
    /// The unit holding the hostage now.
    pub holder: u32,
    /// Side of the holding unit.
    pub holder_side: u8,
    /// Side that first took the hostage (recapture, CW-HOS-10).
    pub captor_side: u8,
    /// Still alive (false once destroyed, CW-HOS-4, CW-HOS-5).
    pub alive: bool,
}

/// Takes a hostage (CW-HOS-1): the captor names the hostage's clan and the
/// captor unit, which then holds a distinct hostage model (CW-HOS-2).
pub fn take_hostage(clan: &str, captor_unit: u32, captor_side: u8) -> (Hostage, LogEntry) {
    (
        Hostage {
            clan: clan.to_string(),
            holder: captor_unit,
            holder_side: captor_side,
            captor_side,
            alive: true,
        },
        LogEntry::event(
            "CW-HOS-1",
            vec![captor_unit],
            say!("cw-log-hostage-taken", clan = clan),
        ),
    )
}

/// Whether a unit suffers the hostage's hindering effects (CW-HOS-1): only
/// units of the hostage's clan or units serving in an army of that clan.
pub fn hindered(h: &Hostage, unit_clan: Option<&str>, army_clan: &str) -> bool {
    unit_clan == Some(h.clan.as_str()) || army_clan == h.clan
}

/// A hostage never moves between units by any order or effect (CW-HOS-2);
/// only a recovery moves it ([`transfer`], CW-HOS-9).
///
/// # Errors
/// Always a [`Refusal`] under CW-HOS-2.
pub fn check_move_hostage() -> Result<(), Refusal> {
    Err(Refusal::new("CW-HOS-2", say!("cw-why-hostage-not-moved")))
}

/// An army's honor and victory points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Current honor.
    pub honor: i32,
    /// Victory points.
    pub vp: i32,
}

/// The stance of a unit engaged with the captor unit (CW-HOS-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Stance {
    /// Holding back: −1 ATT while engaged with the captor.
    StrikeEasy,
    /// Risking the hostage: −5 Honor and −2 VP at once, +1 ATT until the end
    /// of the engagement, hostage destruction tests.
    AllOutAttack,
}

impl Stance {
    /// ATT modifier against the captor unit (CW-HOS-3, `settings.ron`).
    pub fn att_modifier(self, hv: &HostageValues) -> i32 {
        match self {
            Stance::StrikeEasy => hv.strike_easy_att,
            Stance::AllOutAttack => hv.all_out_att,
        }
    }

    /// Name as printed.
    pub fn name(self) -> String {
        match self {
            Stance::StrikeEasy => say!("cw-stance-strike-easy"),
            Stance::AllOutAttack => say!("cw-stance-all-out"),
        }
    }
}

/// One unit's stance in its engagement with the captor unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StanceRecord {
    /// The declared stance (none yet).
    pub stance: Option<Stance>,
    /// The All-Out Attack penalty was paid in this engagement.
    pub all_out_paid: bool,
}

/// Result of declaring a stance.
#[derive(Clone, Debug, PartialEq)]
pub struct StanceChange {
    /// The unit's record afterwards.
    pub record: StanceRecord,
    /// Its army's honor and VP afterwards.
    pub standing: Standing,
    /// ATT modifier against the captor from now on.
    pub att_modifier: i32,
    /// Log entries.
    pub entries: Vec<LogEntry>,
}

/// A unit engaged with the captor declares or changes its stance
/// (CW-HOS-3). Strike Easy may switch to All-Out Attack at any time; All-Out
/// Attack lasts until the end of the engagement. The army loses 5 Honor and
/// 2 VP at once when the unit first declares All-Out Attack in this
/// engagement [stand-in reading: once per declaring unit per engagement].
///
/// # Errors
/// A [`Refusal`] under CW-HOS-3 when switching back from All-Out Attack.
pub fn declare_stance(
    unit: u32,
    record: StanceRecord,
    stance: Stance,
    standing: Standing,
    hv: &HostageValues,
) -> Result<StanceChange, Refusal> {
    if record.stance == Some(Stance::AllOutAttack) && stance == Stance::StrikeEasy {
        return Err(Refusal::new("CW-HOS-3", say!("cw-why-all-out-lasts")));
    }
    let mut entries = vec![LogEntry::event(
        "CW-HOS-3",
        vec![unit],
        say!(
            "cw-log-stance",
            stance = stance.name(),
            att = format!("{:+}", stance.att_modifier(hv))
        ),
    )];
    let mut out = standing;
    let mut rec = StanceRecord {
        stance: Some(stance),
        all_out_paid: record.all_out_paid,
    };
    if stance == Stance::AllOutAttack && !record.all_out_paid {
        out.honor -= hv.honor_loss;
        out.vp -= hv.vp_loss;
        rec.all_out_paid = true;
        entries.push(LogEntry::event(
            "CW-HOS-3",
            vec![unit],
            say!(
                "cw-log-all-out-cost",
                honor_loss = hv.honor_loss,
                honor_before = standing.honor,
                honor_after = out.honor,
                vp_loss = hv.vp_loss,
                vp_before = standing.vp,
                vp_after = out.vp
            ),
        ));
    }
    Ok(StanceChange {
        record: rec,
        standing: out,
        att_modifier: stance.att_modifier(hv),
        entries,
    })
}

/// The stance a unit engaged with the captor fights with (CW-HOS-3): a
/// hindered unit (CW-HOS-1) must have chosen one; an unhindered unit has
/// none and no modifier.
///
/// # Errors
/// A [`Refusal`] under CW-HOS-3 for a hindered unit with no stance.
pub fn required_stance(
    record: &StanceRecord,
    is_hindered: bool,
) -> Result<Option<Stance>, Refusal> {
    match (is_hindered, record.stance) {
        (false, _) => Ok(None),
        (true, Some(s)) => Ok(Some(s)),
        (true, None) => Err(Refusal::new("CW-HOS-3", say!("cw-why-must-choose-stance"))),
    }
}

/// Modifier to the destruction test: −1 per 2 Wounds the captor unit
/// suffered this turn, rounded down (CW-HOS-4) [stand-in rounding].
pub fn destruction_modifier(captor_wounds_this_turn: u32, hv: &HostageValues) -> i32 {
    -((captor_wounds_this_turn / hv.wounds_per_destruction_step.max(1)) as i32)
}

/// The value of the hostage destruction test (CW-HOS-4): no rating, −1 for
/// every 2 wounds the captor unit suffered this turn.
pub fn destruction_value(captor_wounds_this_turn: u32, hv: &HostageValues) -> Itemized {
    let mut v = Itemized::new(say!("cw-item-no-rating"), 0);
    v.add(
        say!("cw-item-captor-wounds", wounds = captor_wounds_this_turn),
        destruction_modifier(captor_wounds_this_turn, hv),
        "CW-HOS-4",
    );
    v
}

/// The exact chance that [`destruction_test`] spares the hostage, with
/// `captor_wounds_this_turn` wounds by the time it is rolled (CW-HOS-4).
pub fn destruction_survival_chance(
    conv: Convention,
    captor_wounds_this_turn: u32,
    hv: &HostageValues,
) -> f64 {
    conv.success_chance(
        destruction_value(captor_wounds_this_turn, hv).total(),
        hv.destruction_tn,
        Comparison::AtLeast,
    )
}

/// Result of a hostage destruction test.
#[derive(Clone, Debug, PartialEq)]
pub struct DestructionOutcome {
    /// The hostage was destroyed.
    pub destroyed: bool,
    /// The roll.
    pub roll: TestRoll,
}

/// The hostage destruction test at the end of a Close Combat phase in which
/// the captor unit was the target of an All-Out Attack (CW-HOS-4): die −
/// ⌊wounds/2⌋ ≥ TN 2 or the hostage is destroyed. `None` (no roll) when no
/// All-Out Attack was made this phase or the hostage is already dead.
pub fn destruction_test(
    dice: &mut Dice,
    conv: Convention,
    h: &mut Hostage,
    all_out_this_phase: bool,
    captor_wounds_this_turn: u32,
    hv: &HostageValues,
) -> Option<DestructionOutcome> {
    if !all_out_this_phase || !h.alive {
        return None;
    }
    let v = destruction_value(captor_wounds_this_turn, hv);
    let roll = roll_test(
        dice,
        conv,
        TestSpec {
            rule: "CW-HOS-4",
            units: vec![h.holder],
            what: say!("cw-log-destruction-test"),
            value: v,
            target: hv.destruction_tn,
            comparison: Comparison::AtLeast,
        },
    );
    let destroyed = !roll.pass;
    if destroyed {
        h.alive = false;
    }
    Some(DestructionOutcome { destroyed, roll })
}

/// The captor destroys its hostage as a Special Order (CW-HOS-5): the
/// hostage dies and the captor army loses 5 Honor and 2 VP. Returns the new
/// standing.
///
/// # Errors
/// A [`Refusal`] under CW-HOS-5 if the hostage is already dead or the
/// ordering side does not hold it.
pub fn execute_hostage(
    h: &mut Hostage,
    side: u8,
    standing: Standing,
    hv: &HostageValues,
) -> Result<(Standing, LogEntry), Refusal> {
    // CW-HOS-5 (L90): "the captor unit may also decide to destroy its
    // hostages": a unit of the army that took it, not a rescuer.
    if !h.alive || h.holder_side != side || h.captor_side != side {
        return Err(Refusal::new(
            "CW-HOS-5",
            say!("cw-why-only-holder-destroys"),
        ));
    }
    h.alive = false;
    let out = Standing {
        honor: standing.honor - hv.honor_loss,
        vp: standing.vp - hv.vp_loss,
    };
    Ok((
        out,
        LogEntry::event(
            "CW-HOS-5",
            vec![h.holder],
            say!(
                "cw-log-executes-hostage",
                honor_before = standing.honor,
                honor_after = out.honor,
                vp_before = standing.vp,
                vp_after = out.vp
            ),
        ),
    ))
}

/// How a unit earned its Recovery test (CW-HOS-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoveryRoute {
    /// Won the Close Combat phase against the holder (more Wounds inflicted
    /// than received).
    WonPhase,
    /// Sacrificed two models after the enemy's attack.
    Sacrifice,
}

/// A unit's claim to a Recovery test at the end of a Close Combat phase,
/// after any Morale tests (CW-HOS-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecoveryClaim {
    /// Engaged with the unit holding the hostage.
    pub engaged_with_holder: bool,
    /// Wounds it inflicted on the holder this phase.
    pub wounds_inflicted: u32,
    /// Wounds it received from the holder this phase.
    pub wounds_received: u32,
    /// Models it sacrificed after the enemy's attack.
    pub models_sacrificed: u32,
    /// Its condition after the phase's Morale tests.
    pub condition: Condition,
    /// It is spent.
    pub spent: bool,
}

/// Whether a unit may try to recover (or recapture, CW-HOS-10) the hostage
/// (CW-HOS-6): engaged with the holder, and either won the phase or
/// sacrificed two models; never when unformed, spent, broken or routing.
///
/// # Errors
/// A [`Refusal`] under CW-HOS-6 naming the missing condition.
pub fn recovery_eligibility(
    c: &RecoveryClaim,
    hv: &HostageValues,
) -> Result<RecoveryRoute, Refusal> {
    if !c.engaged_with_holder {
        return Err(Refusal::new("CW-HOS-6", say!("cw-why-recover-engaged")));
    }
    if c.condition != Condition::Formed || c.spent {
        return Err(Refusal::new(
            "CW-HOS-6",
            if c.spent {
                say!("cw-why-recover-spent")
            } else {
                say!("cw-why-recover-condition", condition = c.condition.name())
            },
        ));
    }
    if c.wounds_inflicted > c.wounds_received {
        Ok(RecoveryRoute::WonPhase)
    } else if c.models_sacrificed >= hv.recovery_sacrifice {
        Ok(RecoveryRoute::Sacrifice)
    } else {
        Err(Refusal::new("CW-HOS-6", say!("cw-why-recovery-needs")))
    }
}

/// The captor unit was wiped out (CW-HOS-7): a unit engaged with it at that
/// moment recovers the hostage automatically, the owner choosing among
/// several (`choice`, which must be one of them) [stand-in: the first listed
/// when no choice is given]. `None` if no unit was engaged.
pub fn captor_wiped_out(
    h: &mut Hostage,
    engaged: &[(u32, u8)],
    choice: Option<u32>,
) -> Option<LogEntry> {
    let pick = choice
        .and_then(|c| engaged.iter().find(|(u, _)| *u == c))
        .or_else(|| engaged.first())
        .copied()?;
    let from = h.holder;
    h.holder = pick.0;
    h.holder_side = pick.1;
    Some(LogEntry::event(
        "CW-HOS-7",
        vec![pick.0, from],
        say!("cw-log-captor-wiped-out"),
    ))
}

/// A Recovery test to take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecoveryTest {
    /// The unit trying.
    pub unit: u32,
    /// Its side.
    pub side: u8,
    /// Leadership of its commander.
    pub leadership: i32,
    /// Leadership of the holding unit's commander.
    pub holder_leadership: i32,
    /// Its TL: the target.
    pub tl: i32,
}

/// Result of a Recovery test.
#[derive(Clone, Debug, PartialEq)]
pub struct RecoveryOutcome {
    /// Recovered (the hostage has moved).
    pub recovered: bool,
    /// A recapture by the captor's army (−1).
    pub recapture: bool,
    /// The roll.
    pub roll: TestRoll,
    /// Log entries: the roll, then the transfer if any.
    pub entries: Vec<LogEntry>,
}

/// The Recovery test (CW-HOS-8): die + own commander's Leadership − the
/// holder's commander's Leadership, success only if strictly greater than
/// the unit's TL. A unit of the original captor's army recapturing takes −1
/// (CW-HOS-10). On success the hostage model moves to the unit (CW-HOS-9).
/// Eligibility is [`recovery_eligibility`].
pub fn recovery_test(
    dice: &mut Dice,
    conv: Convention,
    h: &mut Hostage,
    t: &RecoveryTest,
    hv: &HostageValues,
) -> RecoveryOutcome {
    let recapture = t.side == h.captor_side;
    let mut v = Itemized::new(say!("cw-item-own-leadership"), t.leadership);
    v.add(
        say!("cw-item-holding-leadership"),
        -t.holder_leadership,
        "CW-HOS-8",
    );
    if recapture {
        v.add(say!("cw-item-recapture"), hv.recapture, "CW-HOS-10");
    }
    let roll = roll_test(
        dice,
        conv,
        TestSpec {
            rule: if recapture { "CW-HOS-10" } else { "CW-HOS-8" },
            units: vec![t.unit, h.holder],
            what: say!("cw-log-recovery-test", tl = t.tl),
            value: v,
            target: t.tl,
            comparison: Comparison::Exceeds,
        },
    );
    let mut entries = vec![roll.entry.clone()];
    if roll.pass {
        entries.push(transfer(h, t.unit, t.side));
    }
    RecoveryOutcome {
        recovered: roll.pass,
        recapture,
        roll,
        entries,
    }
}

/// Moves the hostage model to the recovering unit (CW-HOS-9).
pub fn transfer(h: &mut Hostage, to: u32, side: u8) -> LogEntry {
    let from = h.holder;
    h.holder = to;
    h.holder_side = side;
    LogEntry::event("CW-HOS-9", vec![to, from], say!("cw-log-hostage-moves"))
}

/// Which hostage rules a battle uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostageScope {
    /// The final "Desperate Journey" tournament scenario.
    Tournament,
    /// Ordinary play with the full hostage rules of the rulebook.
    Standard,
}

/// Whether the rulebook's other ("normal") hostage rules, which are not in
/// the source, are in use (CW-HOS-11): not in the tournament scenario, which
/// uses the destruction and recovery rules (CW-HOS-4 … CW-HOS-10) with the
/// captor unit and stances they rest on (CW-HOS-1 … CW-HOS-3).
pub fn uses_book_hostage_rules(scope: HostageScope) -> bool {
    scope == HostageScope::Standard
}

/// The number of the last CW-HOS rule ID of this module (CW-HOS-11): the
/// numbering of the rule IDs, not a rule value.
const LAST_HOSTAGE_RULE: u32 = 11;

/// Whether a CW-HOS rule applies under `scope` (CW-HOS-11): in the
/// tournament, CW-HOS-1 … CW-HOS-10 of this module do; anything else is a
/// rulebook hostage rule and does not.
pub fn hostage_rule_in_use(rule: &str, scope: HostageScope) -> bool {
    let ours = rule
        .strip_prefix("CW-HOS-")
        .and_then(|n| n.parse::<u32>().ok())
        .is_some_and(|n| (1..=LAST_HOSTAGE_RULE).contains(&n));
    ours || uses_book_hostage_rules(scope)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped hostage values (`settings.ron`).
    fn hv() -> HostageValues {
        crate::rules::clan_war::data::CwTables::load()
            .expect("tables")
            .settings
            .hostage
    }

    fn hostage() -> Hostage {
        take_hostage("crane", 10, 0).0
    }

    #[test]
    fn taking_a_hostage_and_who_is_hindered() {
        // CW-HOS-1, CW-HOS-2.
        let (h, e) = take_hostage("crane", 10, 0);
        assert_eq!((h.holder, h.captor_side, h.alive), (10, 0, true));
        assert_eq!(e.rule, "CW-HOS-1");
        assert!(hindered(&h, Some("crane"), "crane"));
        assert!(hindered(&h, None, "crane"));
        assert!(hindered(&h, Some("crane"), "phoenix"));
        assert!(!hindered(&h, Some("lion"), "lion"));
        assert_eq!(
            check_move_hostage().map_err(|r| r.rule),
            Err("CW-HOS-2".to_string())
        );
    }

    #[test]
    fn gc_cw_18_hostage_stances() {
        // GC-CW-18 (CW-HOS-3): ATT 4, honor 12, VP 10.
        let st = Standing { honor: 12, vp: 10 };
        let a =
            declare_stance(1, StanceRecord::default(), Stance::StrikeEasy, st, &hv()).expect("ok");
        assert_eq!(4 + a.att_modifier, 3);
        assert_eq!(a.standing, st);
        let b = declare_stance(1, StanceRecord::default(), Stance::AllOutAttack, st, &hv())
            .expect("ok");
        assert_eq!(b.standing, Standing { honor: 7, vp: 8 });
        assert_eq!(4 + b.att_modifier, 5);
        // Switching from Strike Easy to All-Out pays; declaring it again in the
        // same engagement does not pay twice; switching back is refused.
        let c = declare_stance(1, a.record, Stance::AllOutAttack, st, &hv()).expect("ok");
        assert_eq!(c.standing, Standing { honor: 7, vp: 8 });
        let d = declare_stance(1, c.record, Stance::AllOutAttack, c.standing, &hv()).expect("ok");
        assert_eq!(d.standing, Standing { honor: 7, vp: 8 });
        assert!(declare_stance(1, c.record, Stance::StrikeEasy, st, &hv()).is_err());
        // A hindered unit must have a stance.
        assert!(required_stance(&StanceRecord::default(), true).is_err());
        assert_eq!(required_stance(&StanceRecord::default(), false), Ok(None));
        assert_eq!(
            required_stance(&b.record, true),
            Ok(Some(Stance::AllOutAttack))
        );
    }

    #[test]
    fn gc_cw_19_hostage_destruction_test() {
        // GC-CW-19 (CW-HOS-4): 5 Wounds -> -2; survives on a raw 4+.
        assert_eq!(destruction_modifier(5, &hv()), -2);
        assert_eq!(destruction_modifier(1, &hv()), 0);
        assert_eq!(destruction_modifier(3, &hv()), -1);
        let conv = crate::rules::clan_war::test_roll::tests::shipped_convention();
        assert_eq!(
            conv.needed_face(
                destruction_modifier(5, &hv()),
                hv().destruction_tn,
                Comparison::AtLeast
            ),
            Some(4)
        );
        let mut dice = Dice::new(0);
        dice.load([4, 3]);
        let mut h = hostage();
        let o = destruction_test(&mut dice, conv, &mut h, true, 5, &hv()).expect("rolled");
        assert!(!o.destroyed && h.alive);
        assert!((o.roll.chance - 0.7).abs() < 1e-12);
        let o = destruction_test(&mut dice, conv, &mut h, true, 5, &hv()).expect("rolled");
        assert!(o.destroyed && !h.alive);
        // No All-Out Attack this phase: no test.
        let mut h = hostage();
        assert!(destruction_test(&mut dice, conv, &mut h, false, 5, &hv()).is_none());
    }

    #[test]
    fn gc_cw_20_deliberate_execution() {
        // GC-CW-20 (CW-HOS-5): honor 20, VP 15 -> 15, 13; hostage destroyed.
        let mut h = hostage();
        let (st, e) =
            execute_hostage(&mut h, 0, Standing { honor: 20, vp: 15 }, &hv()).expect("ok");
        assert_eq!(st, Standing { honor: 15, vp: 13 });
        assert!(!h.alive);
        assert_eq!(e.rule, "CW-HOS-5");
        assert!(execute_hostage(&mut h, 0, st, &hv()).is_err());
    }

    #[test]
    fn cw_hos_5_a_rescuer_may_not_execute_the_hostage() {
        // CW-HOS-5 (L90): only the captor may destroy its hostage. After a
        // recovery the hostage is held by the other army: refused.
        let mut h = hostage();
        h.holder = 11;
        h.holder_side = 1;
        let before = h.clone();
        let e =
            execute_hostage(&mut h, 1, Standing { honor: 20, vp: 15 }, &hv()).expect_err("rescuer");
        assert_eq!(e.rule, "CW-HOS-5");
        assert_eq!(h, before);
    }

    #[test]
    fn gc_cw_22_recovery_eligibility() {
        // GC-CW-22 (CW-HOS-6, CW-HOS-7).
        let a = RecoveryClaim {
            engaged_with_holder: true,
            wounds_inflicted: 3,
            wounds_received: 2,
            models_sacrificed: 0,
            condition: Condition::Formed,
            spent: false,
        };
        assert_eq!(recovery_eligibility(&a, &hv()), Ok(RecoveryRoute::WonPhase));
        let b = RecoveryClaim {
            wounds_inflicted: 1,
            wounds_received: 2,
            models_sacrificed: 2,
            ..a
        };
        assert_eq!(
            recovery_eligibility(&b, &hv()),
            Ok(RecoveryRoute::Sacrifice)
        );
        let c = RecoveryClaim {
            condition: Condition::Unformed,
            ..a
        };
        assert_eq!(
            recovery_eligibility(&c, &hv()).map_err(|r| r.rule),
            Err("CW-HOS-6".to_string())
        );
        // D: captor wiped out while engaged with unit E (id 20): automatic recovery.
        let mut h = hostage();
        let e = captor_wiped_out(&mut h, &[(20, 1)], None).expect("recovered");
        assert_eq!((h.holder, h.holder_side), (20, 1));
        assert_eq!(e.rule, "CW-HOS-7");
        // Others: spent, broken, not engaged, a tie without sacrifice.
        assert!(recovery_eligibility(&RecoveryClaim { spent: true, ..a }, &hv()).is_err());
        assert!(
            recovery_eligibility(
                &RecoveryClaim {
                    condition: Condition::Broken,
                    ..a
                },
                &hv()
            )
            .is_err()
        );
        assert!(
            recovery_eligibility(
                &RecoveryClaim {
                    engaged_with_holder: false,
                    ..a
                },
                &hv()
            )
            .is_err()
        );
        assert!(
            recovery_eligibility(
                &RecoveryClaim {
                    wounds_inflicted: 2,
                    ..a
                },
                &hv()
            )
            .is_err()
        );
    }

    #[test]
    fn recovery_needs_more_than_tl_and_recapture_is_at_minus_one() {
        // CW-HOS-8: d10 + 6 - 5 > 5; CW-HOS-9 transfer; CW-HOS-10 recapture -1.
        let conv = crate::rules::clan_war::test_roll::tests::shipped_convention();
        let mut h = hostage();
        let t = RecoveryTest {
            unit: 20,
            side: 1,
            leadership: 6,
            holder_leadership: 5,
            tl: 5,
        };
        let mut dice = Dice::new(0);
        dice.load([4, 5]);
        let o = recovery_test(&mut dice, conv, &mut h, &t, &hv());
        assert_eq!(o.roll.total, 5);
        assert!(!o.recovered, "equal is not enough");
        let o = recovery_test(&mut dice, conv, &mut h, &t, &hv());
        assert!(o.recovered && !o.recapture);
        assert_eq!((h.holder, h.holder_side), (20, 1));
        assert_eq!(o.entries[1].rule, "CW-HOS-9");
        // The captor's army tries to recapture: -1, needs total > TL.
        let r = RecoveryTest {
            unit: 10,
            side: 0,
            leadership: 5,
            holder_leadership: 6,
            tl: 6,
        };
        dice.load([7, 10]);
        let o = recovery_test(&mut dice, conv, &mut h, &r, &hv());
        assert!(o.recapture);
        assert_eq!(o.roll.total, 7 + 5 - 6 - 1);
        assert!(!o.recovered);
        let o = recovery_test(&mut dice, conv, &mut h, &r, &hv());
        assert!(o.recovered);
        assert_eq!(h.holder, 10);
    }

    #[test]
    fn tournament_scope() {
        // CW-HOS-11.
        assert!(!uses_book_hostage_rules(HostageScope::Tournament));
        assert!(uses_book_hostage_rules(HostageScope::Standard));
        assert!(hostage_rule_in_use("CW-HOS-4", HostageScope::Tournament));
        assert!(!hostage_rule_in_use(
            "book: ransom",
            HostageScope::Tournament
        ));
        assert!(hostage_rule_in_use("book: ransom", HostageScope::Standard));
    }
}
