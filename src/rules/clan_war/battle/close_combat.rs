//! The Close Combat phase (CW-CC) and a hostage's holder lost in it
//! (CW-HOS).

use std::collections::BTreeMap;

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{LogEntry, LogSink};

use crate::rules::clan_war::combat::{
    Attack, AttackKind, AttackSituation, attack_value, convolve, damage_value, models_lost,
    resolve_attack, wound_distribution,
};
use crate::rules::clan_war::condition::Condition;
use crate::rules::clan_war::data::{CwTables, UNKNOWN_CARD_TL, UnitStats};
use crate::rules::clan_war::fly_by::FlyByRecord;
use crate::rules::clan_war::hostage::{
    Hostage, RecoveryClaim, RecoveryTest, Stance, StanceRecord, captor_wiped_out,
    destruction_survival_chance, destruction_test, recovery_eligibility, recovery_test,
};
use crate::rules::clan_war::morale::{MoraleCause, TriggerInput, morale_value, triggers};
use crate::rules::clan_war::test_roll::Comparison;

use super::state::{CwBattle, CwPhase, CwUnit, refuse};

/// One unit's part in a Close Combat phase ([`CwBattle::close_combat_attack`]).
pub(super) enum CcStep {
    /// It may not attack: the log entry says why.
    Barred(LogEntry),
    /// It attacks, with this stance against the captor (CW-HOS-3).
    Attack {
        /// The attack rolled.
        attack: Attack,
        /// Its stance, when it attacks the captor while hindered.
        stance: Option<Stance>,
    },
}

impl CwBattle {
    /// The destroyed unit `id` held the living hostage: a unit engaged with
    /// it (`engaged`, at that moment) recovers it automatically (CW-HOS-7);
    /// with none, the hostage is lost with it [stand-in].
    pub(super) fn holder_destroyed(
        &mut self,
        id: u32,
        engaged: &[(u32, u8)],
        entries: &mut Vec<LogEntry>,
    ) {
        let Some(h) = self.hostage.as_mut() else {
            return;
        };
        if !h.state.alive || h.state.holder != id {
            return;
        }
        match captor_wiped_out(&mut h.state, engaged, None) {
            Some(e) => entries.push(e),
            None => {
                h.state.alive = false;
                entries.push(LogEntry::event(
                    "CW-HOS-7",
                    vec![id],
                    say!("cw-log-hostage-lost-no-enemy"),
                ));
            }
        }
        self.stances.clear();
    }

    /// Every grounded unit in contact with an enemy, with the enemies in
    /// contact (the first is the one it attacks, stand-in).
    pub(super) fn close_combat_contacts(&self) -> BTreeMap<u32, Vec<u32>> {
        self.units
            .iter()
            .map(|u| (u.id, self.enemies_in_contact(u)))
            .filter(|(_, v)| !v.is_empty())
            .collect()
    }

    /// What unit `a`, in contact with `targets`, does in the Close Combat
    /// phase, as [`Self::resolve_close_combat`] rolls it and the odds read
    /// it: barred (spent or routing, CW-GEN-3; a Fly-By roll taken,
    /// CW-FBY-5), or its attack on the first enemy in contact (stand-in),
    /// with its stance against the captor `holder` (CW-HOS-3: Strike Easy
    /// when none was chosen). `None` for a unit or card that is gone.
    pub(super) fn close_combat_attack(
        &self,
        a: u32,
        targets: &[u32],
        holder: Option<u32>,
        tables: &CwTables,
    ) -> Option<CcStep> {
        let au = self.unit(a)?;
        let card = tables.unit(&au.unit_type)?;
        if au.spent > 0 || au.condition == Condition::Routing {
            return Some(CcStep::Barred(LogEntry::event(
                "CW-GEN-3",
                vec![a],
                say!("cw-log-spent-no-attack", unit = au.name),
            )));
        }
        if let Some(Err(r)) = self.fly_by.get(&a).map(FlyByRecord::check_close_combat) {
            return Some(CcStep::Barred(LogEntry::event(&r.rule, vec![a], r.reason)));
        }
        let t = *targets.first()?;
        let tu = self.unit(t)?;
        let tcard = tables.unit(&tu.unit_type)?;
        let mut sit = AttackSituation::default();
        let mut stance = None;
        if holder == Some(t) && self.is_hindered(au, tables) {
            let st = self
                .stances
                .get(&a)
                .and_then(|r| r.stance)
                .unwrap_or(Stance::StrikeEasy);
            sit.stance = Some((st, st.att_modifier(&tables.settings.hostage)));
            stance = Some(st);
        }
        Some(CcStep::Attack {
            attack: Attack {
                kind: AttackKind::CloseCombat,
                rule: "CW-GEN-3".into(),
                attacker: a,
                target: t,
                dice: au.models,
                att: attack_value(card.att, &sit),
                dam: damage_value(card.dam, &sit),
                atn: tcard.atn_close,
            },
            stance,
        })
    }

    /// The exact chance that the hostage comes through this Close Combat
    /// phase's destruction test (CW-HOS-4), from the same steps the phase
    /// rolls: every attack on the captor ([`Self::close_combat_attack`]),
    /// its wounds ([`wound_distribution`]), the captor wiped out making no
    /// test (CW-HOS-7), and the test at the turn's wounds
    /// ([`destruction_survival_chance`]). 1 when no All-Out Attack is made.
    pub(super) fn hostage_survival_chance(&self, tables: &CwTables) -> f64 {
        let conv = tables.settings.convention;
        let Some(h) = self.holder() else {
            return 1.0;
        };
        let contacts = self.close_combat_contacts();
        let mut dist = vec![1.0];
        let mut dealt = vec![1.0];
        let mut all_out = false;
        for (a, targets) in &contacts {
            if let Some(CcStep::Attack { attack, stance }) =
                self.close_combat_attack(*a, targets, Some(h.id), tables)
            {
                all_out |= stance == Some(Stance::AllOutAttack);
                if attack.target == h.id {
                    dist = convolve(&dist, &wound_distribution(conv, &attack));
                }
                if *a == h.id {
                    dealt = wound_distribution(conv, &attack);
                }
            }
        }
        if !all_out {
            return 1.0;
        }
        let per = tables.unit(&h.unit_type).map_or(1, |c| c.wounds);
        let mut p = 0.0;
        for (w, pw) in dist.iter().enumerate() {
            let w = w as u32;
            if models_lost(per, h.wounds, w).0 >= h.models {
                p += pw;
                continue;
            }
            let test = destruction_survival_chance(
                conv,
                self.captor_wounds_this_turn + w,
                &tables.settings.hostage,
            );
            for (d, pd) in dealt.iter().enumerate() {
                // A captor its Morale tests remove makes no test (CW-HOS-7).
                let gone = self.captor_morale_removal(h, w, d as u32, &contacts, tables);
                p += pw * pd * (gone + (1.0 - gone) * test);
            }
        }
        p
    }

    /// The exact chance that the captor `h`, taking `received` wounds and
    /// dealing `dealt` in this Close Combat phase, is destroyed by the
    /// Morale tests [`Self::morale_after_losses`] then makes (CW-GEN-3, base
    /// rules §4): each trigger of [`triggers`] is one test at the chance of
    /// [`morale_value`] against its TL, a failure worsens its condition
    /// ([`Condition::after_morale_failure`]). The enemies' models count with
    /// the captor's wounds on its target only; tests other units' breaking
    /// brings on it (the friend-broke trigger) are not counted.
    pub(super) fn captor_morale_removal(
        &self,
        h: &CwUnit,
        received: u32,
        dealt: u32,
        contacts: &BTreeMap<u32, Vec<u32>>,
        tables: &CwTables,
    ) -> f64 {
        let Some(card) = tables.unit(&h.unit_type) else {
            return 0.0;
        };
        let conv = tables.settings.convention;
        let per = card.wounds;
        let (lost, _) = models_lost(per, h.wounds, received);
        let enemies = contacts.get(&h.id).cloned().unwrap_or_default();
        let target = enemies.first().copied();
        let enemy_models: u32 = enemies
            .iter()
            .filter_map(|e| self.unit(*e))
            .map(|e| {
                if Some(e.id) == target {
                    let ew = tables.unit(&e.unit_type).map_or(1, |c| c.wounds);
                    e.models.saturating_sub(models_lost(ew, e.wounds, dealt).0)
                } else {
                    e.models
                }
            })
            .sum();
        let found = triggers(
            &TriggerInput {
                starting_models: h.starting_models,
                models_before: h.models,
                models_now: h.models.saturating_sub(lost),
                enemy_models_engaged: enemy_models,
                losing: received > dealt,
                commander_lost: false,
                friend_broke_nearby: false,
                morale_level: card.morale_level,
                engaged_while_shaken: false,
            },
            &tables.settings.morale.triggers,
        );
        // (condition, earlier tests this turn, chance)
        let mut states = vec![(h.condition, h.morale_tests, 1.0)];
        for tr in found {
            let mut next = Vec::new();
            for (c, earlier, p) in states {
                if c == Condition::Destroyed {
                    next.push((c, earlier, p));
                    continue;
                }
                let mut now = h.clone();
                now.condition = c;
                now.morale_tests = earlier;
                let t = self.morale_test_for(&now, card, MoraleCause::Trigger(tr));
                let v = morale_value(&t, &tables.settings).total();
                let pass = conv.success_chance(v, t.tl, Comparison::AtLeast);
                next.push((c, earlier + 1, p * pass));
                next.push((c.after_morale_failure(), earlier + 1, p * (1.0 - pass)));
            }
            states = next;
        }
        states
            .iter()
            .filter(|(c, _, _)| *c == Condition::Destroyed)
            .map(|(_, _, p)| p)
            .sum()
    }

    /// The Close Combat phase (automatic after the stances): simultaneous
    /// attacks of every grounded unit in contact (stand-in), stances against
    /// the captor (CW-HOS-3), Morale, the hostage destruction test
    /// (CW-HOS-4), the captor wiped out (CW-HOS-7), recovery (CW-HOS-6,
    /// CW-HOS-8 … CW-HOS-10).
    pub(super) fn resolve_close_combat(
        &mut self,
        tables: &CwTables,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        let before: BTreeMap<u32, u32> = self.units.iter().map(|u| (u.id, u.models)).collect();
        let contacts = self.close_combat_contacts();
        if contacts.is_empty() {
            return;
        }
        let holder_id = self.holder().map(|h| h.id);
        let mut entries = Vec::new();
        self.engaged_while_shaken_tests(&contacts, tables, dice, &mut entries);
        let (inflicted, all_out) =
            self.close_combat_attacks(&contacts, holder_id, tables, dice, &mut entries);
        let holder_engaged = self.engaged_with_holder(holder_id, &contacts);
        self.close_combat_wounds(&inflicted, tables, &mut entries);
        let sacrificed = self.take_sacrifices(tables, &mut entries);
        self.close_combat_morale(&contacts, &inflicted, &before, tables, dice, &mut entries);
        if let Some(hid) = holder_id {
            let results = CcResults {
                inflicted,
                sacrificed,
                holder_engaged,
                all_out,
            };
            self.hostage_after_close_combat(hid, &results, tables, dice, &mut entries);
        }
        // Stances last until the engagement with the captor ends (CW-HOS-3).
        let holder_now = self.holder().cloned();
        let still: Vec<u32> = holder_now
            .map(|h| self.enemies_in_contact(&h))
            .unwrap_or_default();
        self.stances.retain(|id, _| still.contains(id));
        self.push(log, entries);
    }

    /// Base rules §4 (CW-GEN-3): every unit in `contacts` engaged while
    /// broken or unformed tests, as the Close Combat phase begins
    /// [stand-in timing].
    fn engaged_while_shaken_tests(
        &mut self,
        contacts: &BTreeMap<u32, Vec<u32>>,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        for &id in contacts.keys() {
            if self
                .unit(id)
                .is_some_and(|u| matches!(u.condition, Condition::Unformed | Condition::Broken))
            {
                self.trigger_tests(id, |i| i.engaged_while_shaken = true, tables, dice, entries);
            }
        }
    }

    /// Rolls the phase's attacks, in attacker id order
    /// ([`Self::close_combat_attack`], CW-GEN-3, CW-FBY-5): a hindered unit
    /// attacking the captor `holder_id` with no stance chosen fights with
    /// Strike Easy, logged and recorded (CW-HOS-3). Gives the wounds each
    /// attacker inflicted on each target, by (attacker, target), and
    /// whether an All-Out Attack was made.
    fn close_combat_attacks(
        &mut self,
        contacts: &BTreeMap<u32, Vec<u32>>,
        holder_id: Option<u32>,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) -> (BTreeMap<(u32, u32), u32>, bool) {
        let conv = tables.settings.convention;
        let mut inflicted: BTreeMap<(u32, u32), u32> = BTreeMap::new();
        let mut all_out = false;
        for (&a, targets) in contacts {
            let (attack, stance) = match self.close_combat_attack(a, targets, holder_id, tables) {
                None => continue,
                Some(CcStep::Barred(e)) => {
                    entries.push(e);
                    continue;
                }
                Some(CcStep::Attack { attack, stance }) => (attack, stance),
            };
            if let Some(st) = stance
                && self.stances.get(&a).and_then(|r| r.stance).is_none()
            {
                entries.push(LogEntry::event(
                    "CW-HOS-3",
                    vec![a, attack.target],
                    say!(
                        "cw-log-no-stance-strike-easy",
                        unit = self.unit(a).map(|u| u.name.clone()).unwrap_or_default()
                    ),
                ));
                let paid = self.stances.get(&a).is_some_and(|r| r.all_out_paid);
                self.stances.insert(
                    a,
                    StanceRecord {
                        stance: Some(st),
                        all_out_paid: paid,
                    },
                );
            }
            if stance == Some(Stance::AllOutAttack) {
                all_out = true;
            }
            let r = resolve_attack(dice, conv, &attack);
            entries.extend(r.entries);
            *inflicted.entry((a, attack.target)).or_default() += r.wounds;
        }
        (inflicted, all_out)
    }

    /// The units in `contacts` with the captor `holder_id` (its enemies in
    /// contact), with their sides: those that may take its hostage when it
    /// is wiped out (CW-HOS-7) or try to recover it (CW-HOS-8 … CW-HOS-10).
    fn engaged_with_holder(
        &self,
        holder_id: Option<u32>,
        contacts: &BTreeMap<u32, Vec<u32>>,
    ) -> Vec<(u32, u8)> {
        holder_id
            .and_then(|h| contacts.get(&h))
            .map(|v| {
                v.iter()
                    .filter_map(|id| self.unit(*id).map(|u| (u.id, u.side)))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Every target takes the wounds `inflicted` on it, all at once, in
    /// target id order, credited to the side of its attackers (CW-GEN-3).
    fn close_combat_wounds(
        &mut self,
        inflicted: &BTreeMap<(u32, u32), u32>,
        tables: &CwTables,
        entries: &mut Vec<LogEntry>,
    ) {
        let mut on: BTreeMap<u32, (u32, u8)> = BTreeMap::new();
        for (&(a, t), &w) in inflicted {
            let side = self.unit(a).map_or(0, |u| u.side);
            let e = on.entry(t).or_insert((0, side));
            e.0 += w;
        }
        for (&t, &(w, side)) in &on {
            self.take_wounds(t, w, Some(side), tables, entries);
        }
    }

    /// Declared sacrifices, now that the enemy's attack is resolved
    /// (CW-HOS-6 (b)), in unit id order: a unit with more than two models
    /// gives two (`settings.ron` `hostage.recovery_sacrifice`), else none.
    /// Gives the models each unit sacrificed.
    fn take_sacrifices(
        &mut self,
        tables: &CwTables,
        entries: &mut Vec<LogEntry>,
    ) -> BTreeMap<u32, u32> {
        let sacrifice = tables.settings.hostage.recovery_sacrifice;
        let mut sacrificed: BTreeMap<u32, u32> = BTreeMap::new();
        let mut declared = std::mem::take(&mut self.sacrifices);
        declared.sort_unstable();
        for id in declared {
            let Some(u) = self.unit_mut(id) else {
                continue;
            };
            if u.models <= sacrifice {
                let name = u.name.clone();
                entries.push(LogEntry::event(
                    "CW-HOS-6",
                    vec![id],
                    say!("cw-log-no-models-to-sacrifice", unit = name),
                ));
                continue;
            }
            u.models -= sacrifice;
            let name = u.name.clone();
            sacrificed.insert(id, sacrifice);
            entries.push(LogEntry::event(
                "CW-HOS-6",
                vec![id],
                say!("cw-log-sacrifices", unit = name),
            ));
        }
        sacrificed
    }

    /// Morale after the phase's losses (CW-GEN-3, base rules §4), for every
    /// unit in `contacts` in id order ([`Self::morale_after_losses`]): the
    /// models it had `before` the phase, its enemies' models in contact, and
    /// whether it received more wounds than it dealt.
    fn close_combat_morale(
        &mut self,
        contacts: &BTreeMap<u32, Vec<u32>>,
        inflicted: &BTreeMap<(u32, u32), u32>,
        before: &BTreeMap<u32, u32>,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        for (&id, enemies) in contacts {
            let received: u32 = inflicted
                .iter()
                .filter(|((_, t), _)| *t == id)
                .map(|(_, w)| *w)
                .sum();
            let dealt: u32 = inflicted
                .iter()
                .filter(|((a, _), _)| *a == id)
                .map(|(_, w)| *w)
                .sum();
            let enemy_models: u32 = enemies
                .iter()
                .filter_map(|e| self.unit(*e))
                .map(|e| e.models)
                .sum();
            let b = before.get(&id).copied().unwrap_or(0);
            self.morale_after_losses(id, b, enemy_models, received > dealt, tables, dice, entries);
        }
    }

    /// The hostage after the phase, held by `hid` as it began: the captor's
    /// destruction test when an All-Out Attack was made on it and it still
    /// stands (CW-HOS-4); a captor wiped out gives the hostage to a unit
    /// still engaged with it, else it is lost (CW-HOS-7); a captor still
    /// standing faces its engaged enemies' recovery
    /// ([`Self::hostage_recovery_tests`]). Stances end when the hostage
    /// changes hands or dies (CW-HOS-3).
    fn hostage_after_close_combat(
        &mut self,
        hid: u32,
        results: &CcResults,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let conv = tables.settings.convention;
        let Some(h) = self.hostage.clone() else {
            return;
        };
        let mut state = h.state.clone();
        // CW-HOS-4 is the captor unit's test: a captor removed entirely
        // makes none, and its hostage goes to an engaged unit (CW-HOS-7).
        let holder_gone = self.unit(hid).is_none_or(|u| !u.alive());
        if let Some(out) = destruction_test(
            dice,
            conv,
            &mut state,
            results.all_out && !holder_gone,
            self.captor_wounds_this_turn,
            &tables.settings.hostage,
        ) {
            entries.push(out.roll.entry);
            if out.destroyed {
                entries.push(LogEntry::event(
                    "CW-HOS-4",
                    vec![hid],
                    say!("cw-log-hostage-killed", hostage = h.name),
                ));
            }
        }
        let holder_dead = self.unit(hid).is_none_or(|u| !u.alive());
        if state.alive && holder_dead {
            let engaged: Vec<(u32, u8)> = results
                .holder_engaged
                .iter()
                .copied()
                .filter(|(id, _)| self.unit(*id).is_some_and(CwUnit::alive))
                .collect();
            match captor_wiped_out(&mut state, &engaged, None) {
                Some(e) => entries.push(e),
                None => {
                    state.alive = false;
                    entries.push(LogEntry::event(
                        "CW-HOS-7",
                        vec![hid],
                        say!("cw-log-hostage-lost-no-enemy-left"),
                    ));
                }
            }
        } else if state.alive {
            self.hostage_recovery_tests(hid, &mut state, results, tables, dice, entries);
        }
        if state.holder != h.state.holder || !state.alive {
            self.stances.clear();
        }
        if let Some(hh) = self.hostage.as_mut() {
            hh.state = state;
        }
    }

    /// Each living unit engaged with the captor `hid` as the phase began,
    /// in order, may try to recover the hostage (CW-HOS-8 …
    /// CW-HOS-10, [`recovery_eligibility`]): from its wounds inflicted and
    /// received on the captor and its models sacrificed (CW-HOS-6); the
    /// first recovery ends the tries.
    fn hostage_recovery_tests(
        &mut self,
        hid: u32,
        state: &mut Hostage,
        results: &CcResults,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let conv = tables.settings.convention;
        let holder = self.unit(hid).cloned();
        let hl = holder
            .as_ref()
            .and_then(|u| tables.unit(&u.unit_type))
            .map_or(0, UnitStats::commander_leadership);
        for (cid, cside) in &results.holder_engaged {
            let Some(c) = self.unit(*cid).cloned() else {
                continue;
            };
            if !c.alive() {
                continue;
            }
            let claim = RecoveryClaim {
                engaged_with_holder: self.enemies_in_contact(&c).contains(&hid),
                wounds_inflicted: results.inflicted.get(&(*cid, hid)).copied().unwrap_or(0),
                wounds_received: results.inflicted.get(&(hid, *cid)).copied().unwrap_or(0),
                models_sacrificed: results.sacrificed.get(cid).copied().unwrap_or(0),
                condition: c.condition,
                spent: c.spent > 0,
            };
            match recovery_eligibility(&claim, &tables.settings.hostage) {
                Err(r) => entries.push(LogEntry::event(
                    &r.rule,
                    vec![*cid, hid],
                    say!("cw-log-may-not-recover", unit = c.name, reason = r.reason),
                )),
                Ok(_) => {
                    let card = tables.unit(&c.unit_type);
                    let out = recovery_test(
                        dice,
                        conv,
                        state,
                        &RecoveryTest {
                            unit: *cid,
                            side: *cside,
                            leadership: card.map_or(0, UnitStats::commander_leadership),
                            holder_leadership: hl,
                            tl: card.map_or(UNKNOWN_CARD_TL, |c| c.tl),
                        },
                        &tables.settings.hostage,
                    );
                    entries.extend(out.entries);
                    if out.recovered {
                        break;
                    }
                }
            }
        }
    }

    /// Checks a sacrifice declaration (CW-HOS-6 (b)): in the Close Combat
    /// phase, by a unit of the side deciding, engaged with the captor unit
    /// while the hostage lives, with more than two models, once.
    ///
    /// # Errors
    /// A refusal under CW-HOS-6.
    pub fn check_sacrifice(&self, unit: u32, tables: &CwTables) -> Result<&CwUnit, Refusal> {
        if self.phase != CwPhase::CloseCombat {
            return Err(refuse("CW-HOS-6", say!("cw-why-sacrifice-close-combat")));
        }
        let u = self.check_actor(unit)?;
        self.sacrifice_open(u, tables)?;
        Ok(u)
    }

    /// Whether `u` may still declare a sacrifice of two models this Close
    /// Combat (CW-HOS-6 (b); `settings.ron` `hostage.recovery_sacrifice`):
    /// the enemy holds a living hostage, `u` is
    /// engaged with the captor unit, has more than two models and has not
    /// declared one yet. Asked whatever stance it fights with: an All-Out
    /// Attack declared earlier in the engagement lasts (CW-HOS-3) and does
    /// not close this route.
    ///
    /// # Errors
    /// A refusal under CW-HOS-6 naming the missing condition.
    pub fn sacrifice_open(&self, u: &CwUnit, tables: &CwTables) -> Result<(), Refusal> {
        let holder = self
            .holder()
            .filter(|h| h.side != u.side && self.hostage.as_ref().is_some_and(|x| x.state.alive));
        let Some(h) = holder else {
            return Err(refuse("CW-HOS-6", say!("cw-why-enemy-holds-no-hostage")));
        };
        if !self.enemies_in_contact(u).contains(&h.id) {
            return Err(refuse(
                "CW-HOS-6",
                say!("cw-why-not-engaged-captor", unit = u.name),
            ));
        }
        if u.models <= tables.settings.hostage.recovery_sacrifice {
            return Err(refuse(
                "CW-HOS-6",
                say!("cw-why-no-two-models", unit = u.name),
            ));
        }
        if self.sacrifices.contains(&u.id) {
            return Err(refuse(
                "CW-HOS-6",
                say!("cw-why-already-sacrificed", unit = u.name),
            ));
        }
        Ok(())
    }
}

/// What a Close Combat phase's attacks left, for the hostage's tests after
/// them ([`CwBattle::hostage_after_close_combat`]).
struct CcResults {
    /// Wounds each attacker inflicted on each target, by (attacker, target).
    inflicted: BTreeMap<(u32, u32), u32>,
    /// Models each unit sacrificed (CW-HOS-6 (b)).
    sacrificed: BTreeMap<u32, u32>,
    /// The units engaged with the captor as the phase began, and their
    /// sides (CW-HOS-7 … CW-HOS-10).
    holder_engaged: Vec<(u32, u8)>,
    /// Whether an All-Out Attack was made (CW-HOS-4).
    all_out: bool,
}
