//! What happens around flying units: Fly-By attacks (CW-FBY),
//! reactionary fire (CW-LAND-3) and parting shots (CW-ENG-7).

use crate::engine::dice::Dice;
use crate::engine::log::{LogEntry, LogSink};

use crate::rules::clan_war::combat::{
    Attack, AttackKind, AttackSituation, attack_value, damage_value, resolve_attack,
};
use crate::rules::clan_war::condition::Condition;
use crate::rules::clan_war::data::CwTables;
use crate::rules::clan_war::fly_by::{RankContact, fly_by_attack};
use crate::rules::clan_war::landing::reactionary_fire_band;
use crate::rules::clan_war::ranged::RangeBand;

use super::state::{CwBattle, CwUnit};

impl CwBattle {
    /// Notes the Fly-By contacts of a move (CW-FBY-1, CW-FBY-2): no
    /// engagement, the dice wait for the end of the phase.
    pub(super) fn note_fly_by(
        &mut self,
        u: &CwUnit,
        contacts: &[(u32, Vec<RankContact>, Vec<RankContact>)],
        entries: &mut Vec<LogEntry>,
    ) {
        for (t, ranks, theirs) in contacts {
            let tname = self.unit(*t).map_or("?", |o| o.name.as_str()).to_string();
            let mine = self.note_dice(u.id, *t, ranks);
            let back = self.note_dice(*t, u.id, theirs);
            if mine + back == 0 {
                continue;
            }
            entries.push(LogEntry::event(
                "CW-FBY-2",
                vec![u.id, *t],
                say!(
                    "cw-log-passes-in-air",
                    unit = u.name,
                    target = tname,
                    mine = mine,
                    back = back
                ),
            ));
        }
    }

    /// Notes `unit`'s Fly-By dice against `target` (CW-FBY-2); returns them.
    pub(super) fn note_dice(&mut self, unit: u32, target: u32, ranks: &[RankContact]) -> u32 {
        let rec = self.fly_by.entry(unit).or_default();
        let before = rec.pending_dice;
        rec.note_contacts(ranks);
        let added = rec.pending_dice - before;
        if added > 0 {
            *self
                .fly_by_dice
                .entry(unit)
                .or_default()
                .entry(target)
                .or_default() += added;
        }
        added
    }

    /// The reactionary fire of `t` at `m`, which lands engaging it
    /// (CW-LAND-3), as [`Self::reactionary_fire`] rolls it and the landing
    /// odds read it: `None` when `t` may not fire (no ranged attack, not in
    /// play, airborne, spent, broken or routing, or engaged). The band is
    /// that of CW-LAND-3 from the distance measured with `m` where it lands.
    pub(super) fn reactionary_attack(
        &self,
        m: &CwUnit,
        t: &CwUnit,
        tables: &CwTables,
    ) -> Option<(Attack, RangeBand)> {
        let (mcard, tcard) = (tables.unit(&m.unit_type)?, tables.unit(&t.unit_type)?);
        if tcard.range.is_none()
            || !t.alive()
            || t.airborne()
            || t.spent > 0
            || matches!(t.condition, Condition::Broken | Condition::Routing)
            || self.engaged(t)
        {
            return None;
        }
        let measured = self.range_of(t, m, tables).unwrap_or(RangeBand::OutOfRange);
        let band = reactionary_fire_band(true, measured);
        let sit = AttackSituation {
            range_band: Some((band, band.att_modifier(&tables.settings.ranged))),
            ..Default::default()
        };
        Some((
            Attack {
                kind: AttackKind::Ranged,
                rule: "CW-LAND-3".into(),
                attacker: t.id,
                target: m.id,
                dice: t.models,
                att: attack_value(tcard.att, &sit),
                dam: damage_value(tcard.dam, &sit),
                atn: mcard.atn_ranged,
            },
            band,
        ))
    }

    /// Reactionary fire (CW-LAND-3): grounded ranged unit `target`, if it can
    /// shoot (not broken, routing, spent or engaged), fires at the airborne
    /// unit `mover` engaging it, always at close range, before the landing
    /// test; one die per model against the mover's ranged ATN.
    pub(super) fn reactionary_fire(
        &mut self,
        mover: u32,
        target: u32,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let (Some(m), Some(t)) = (self.unit(mover).cloned(), self.unit(target).cloned()) else {
            return;
        };
        let Some((attack, band)) = self.reactionary_attack(&m, &t, tables) else {
            return;
        };
        entries.push(LogEntry::event(
            "CW-LAND-3",
            vec![target, mover],
            match band {
                RangeBand::Close => say!("cw-log-reactionary-close", unit = t.name, mover = m.name),
                RangeBand::Extended => {
                    say!("cw-log-reactionary-extended", unit = t.name, mover = m.name)
                }
                RangeBand::OutOfRange => {
                    say!("cw-log-reactionary-out", unit = t.name, mover = m.name)
                }
            },
        ));
        let r = resolve_attack(dice, tables.settings.convention, &attack);
        entries.extend(r.entries);
        self.take_wounds(mover, r.wounds, Some(t.side), tables, entries);
        self.morale_after_losses(mover, m.models, 0, false, tables, dice, entries);
    }

    /// Parting shots at `unit` leaving an engagement (CW-ENG-7): every enemy
    /// in `enemies`, in id order, rolls one die per model against the close
    /// ATN, at +`bonus` ATT/DAM (+1/+1 when it took flight).
    pub(super) fn parting_shots(
        &mut self,
        unit: u32,
        enemies: &[u32],
        bonus: (i32, i32),
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let before = self.unit(unit).map_or(0, |u| u.models);
        let mut ids = enemies.to_vec();
        ids.sort_unstable();
        for e in ids.clone() {
            let (Some(eu), Some(u)) = (self.unit(e).cloned(), self.unit(unit).cloned()) else {
                continue;
            };
            if !eu.alive() || !u.alive() {
                continue;
            }
            let (Some(ecard), Some(ucard)) =
                (tables.unit(&eu.unit_type), tables.unit(&u.unit_type))
            else {
                continue;
            };
            let sit = AttackSituation {
                parting_shot_at_flyer: bonus != (0, 0),
                ..Default::default()
            };
            let r = resolve_attack(
                dice,
                tables.settings.convention,
                &Attack {
                    kind: AttackKind::PartingShot,
                    rule: "CW-ENG-7".into(),
                    attacker: e,
                    target: unit,
                    dice: eu.models,
                    att: attack_value(ecard.att, &sit),
                    dam: damage_value(ecard.dam, &sit),
                    atn: ucard.atn_close,
                },
            );
            entries.extend(r.entries);
            // CW-HOS-7: the units shooting were engaged with it.
            let engaged: Vec<(u32, u8)> = ids
                .iter()
                .filter_map(|id| self.unit(*id).filter(|o| o.alive()))
                .map(|o| (o.id, o.side))
                .collect();
            self.take_wounds(unit, r.wounds, Some(eu.side), tables, entries);
            if self.unit(unit).is_some_and(|u| !u.alive()) {
                self.holder_destroyed(unit, &engaged, entries);
            }
        }
        self.morale_after_losses(unit, before, 0, false, tables, dice, entries);
    }

    /// Rolls the Fly-By attacks of both sides' units when a Primary or
    /// Cavalry Movement phase ends (CW-FBY-3), side 0's first, in unit-id order, against each
    /// enemy touched with the dice of the models that touched it, with the
    /// attacker's ATT and DAM against the target's close ATN; a unit whose owner declined keeps its dice
    /// (CW-FBY-4); a unit that already rolled this turn may not roll again.
    pub(super) fn fly_by_rolls(
        &mut self,
        tables: &CwTables,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        let Some(phase) = self.phase.movement() else {
            return;
        };
        // Every unit in play when the phase ends rolls, Lion's and Crane's
        // alike: one killed by an earlier roll of this step still rolls
        // its noted dice (the rolls are made together, CW-FBY-3).
        let mut ids: Vec<u32> = Vec::new();
        for side in [0u8, 1] {
            for (id, r) in &self.fly_by {
                if r.pending_dice > 0
                    && !self.fly_by_declined.contains(id)
                    && self.unit(*id).is_some_and(|u| u.side == side && u.alive())
                {
                    ids.push(*id);
                }
            }
        }
        let mut entries = Vec::new();
        let mut hit: Vec<(u32, u32)> = Vec::new();
        for id in ids {
            let Some(u) = self.unit(id).cloned() else {
                continue;
            };
            let Some(card) = tables.unit(&u.unit_type) else {
                continue;
            };
            let n = match self.fly_by.get_mut(&id).map(|r| r.roll(phase)) {
                Some(Ok(n)) => n,
                Some(Err(r)) => {
                    if let Some(rec) = self.fly_by.get_mut(&id) {
                        rec.pending_dice = 0;
                    }
                    self.fly_by_dice.remove(&id);
                    entries.push(LogEntry::event(&r.rule, vec![id], r.reason));
                    continue;
                }
                None => continue,
            };
            // Each enemy touched gets the dice of the models that touched it.
            let per_target = self.fly_by_dice.remove(&id).unwrap_or_default();
            debug_assert_eq!(per_target.values().sum::<u32>(), n);
            for (tid, k) in per_target {
                let target = self.unit(tid).filter(|t| t.alive()).cloned();
                let Some((t, tcard)) =
                    target.and_then(|t| tables.unit(&t.unit_type).map(|c| (t, c)))
                else {
                    entries.push(LogEntry::event(
                        "CW-FBY-3",
                        vec![id, tid],
                        say!("cw-log-fly-by-target-gone", unit = u.name, dice = k),
                    ));
                    continue;
                };
                entries.push(LogEntry::event(
                    "CW-FBY-3",
                    vec![id, t.id],
                    say!(
                        "cw-log-fly-by-attacks",
                        unit = u.name,
                        target = t.name,
                        dice = k
                    ),
                ));
                let r = fly_by_attack(
                    dice,
                    tables.settings.convention,
                    id,
                    t.id,
                    k,
                    (card.att, card.dam),
                    tcard.atn_close,
                );
                entries.extend(r.entries);
                if !hit.iter().any(|h| h.0 == t.id) {
                    hit.push((t.id, t.models));
                }
                // CW-HOS-7: the units engaged with it when it falls.
                let engaged = self.engaged_pairs(t.id);
                self.take_wounds(t.id, r.wounds, Some(u.side), tables, &mut entries);
                if self.unit(t.id).is_some_and(|x| !x.alive()) {
                    self.holder_destroyed(t.id, &engaged, &mut entries);
                }
            }
        }
        hit.sort_unstable();
        for (t, before) in hit {
            self.morale_after_losses(t, before, 0, false, tables, dice, &mut entries);
        }
        self.push(log, entries);
    }
}
