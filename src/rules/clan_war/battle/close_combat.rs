//! The Close Combat phase (CW-CC) and a hostage's holder lost in it
//! (CW-HOS).

use super::*;

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

    /// The Close Combat phase (automatic after the stances): simultaneous
    /// attacks of every grounded unit in contact (stand-in), stances against
    /// the captor (CW-HOS-3), Morale, the hostage destruction test
    /// (CW-HOS-4), the captor wiped out (CW-HOS-7), recovery (CW-HOS-6,
    /// CW-HOS-8 … CW-HOS-10).
    #[allow(clippy::too_many_lines)]
    pub(super) fn resolve_close_combat(
        &mut self,
        tables: &CwTables,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        let conv = tables.settings.convention;
        let before: BTreeMap<u32, u32> = self.units.iter().map(|u| (u.id, u.models)).collect();
        let contacts: BTreeMap<u32, Vec<u32>> = self
            .units
            .iter()
            .map(|u| (u.id, self.enemies_in_contact(u)))
            .filter(|(_, v)| !v.is_empty())
            .collect();
        if contacts.is_empty() {
            return;
        }
        let holder_id = self.holder().map(|h| h.id);
        let mut entries = Vec::new();
        let mut inflicted: BTreeMap<(u32, u32), u32> = BTreeMap::new();
        let mut all_out = false;
        for (&a, targets) in &contacts {
            let Some(au) = self.unit(a).cloned() else {
                continue;
            };
            let Some(card) = tables.unit(&au.unit_type) else {
                continue;
            };
            if au.spent > 0 || au.condition == Condition::Routing {
                entries.push(LogEntry::event(
                    "CW-GEN-3",
                    vec![a],
                    say!("cw-log-spent-no-attack", unit = au.name),
                ));
                continue;
            }
            if let Some(Err(r)) = self.fly_by.get(&a).map(FlyByRecord::check_close_combat) {
                entries.push(LogEntry::event(&r.rule, vec![a], r.reason));
                continue;
            }
            let t = targets[0];
            let Some(tu) = self.unit(t).cloned() else {
                continue;
            };
            let Some(tcard) = tables.unit(&tu.unit_type) else {
                continue;
            };
            let mut sit = AttackSituation::default();
            if holder_id == Some(t) && self.is_hindered(&au, tables) {
                let rec = self.stances.get(&a).copied().unwrap_or_default();
                let st = match rec.stance {
                    Some(s) => s,
                    None => {
                        entries.push(LogEntry::event(
                            "CW-HOS-3",
                            vec![a, t],
                            say!("cw-log-no-stance-strike-easy", unit = au.name),
                        ));
                        self.stances.insert(
                            a,
                            StanceRecord {
                                stance: Some(Stance::StrikeEasy),
                                all_out_paid: rec.all_out_paid,
                            },
                        );
                        Stance::StrikeEasy
                    }
                };
                if st == Stance::AllOutAttack {
                    all_out = true;
                }
                sit.stance = Some(st);
            }
            let r = resolve_attack(
                dice,
                conv,
                &Attack {
                    kind: AttackKind::CloseCombat,
                    rule: "CW-GEN-3".into(),
                    attacker: a,
                    target: t,
                    dice: au.models,
                    att: attack_value(card.att, &sit),
                    dam: damage_value(card.dam, &sit),
                    atn: tcard.atn_close,
                },
            );
            entries.extend(r.entries);
            *inflicted.entry((a, t)).or_default() += r.wounds;
        }
        let mut on: BTreeMap<u32, (u32, u8)> = BTreeMap::new();
        for (&(a, t), &w) in &inflicted {
            let side = self.unit(a).map_or(0, |u| u.side);
            let e = on.entry(t).or_insert((0, side));
            e.0 += w;
        }
        let holder_engaged: Vec<(u32, u8)> = holder_id
            .and_then(|h| contacts.get(&h))
            .map(|v| {
                v.iter()
                    .filter_map(|id| self.unit(*id).map(|u| (u.id, u.side)))
                    .collect()
            })
            .unwrap_or_default();
        for (&t, &(w, side)) in &on {
            self.take_wounds(t, w, Some(side), tables, &mut entries);
        }
        // Declared sacrifices, now that the enemy's attack is resolved (CW-HOS-6 (b)).
        let mut sacrificed: BTreeMap<u32, u32> = BTreeMap::new();
        let mut declared = std::mem::take(&mut self.sacrifices);
        declared.sort_unstable();
        for id in declared {
            let Some(u) = self.unit_mut(id) else {
                continue;
            };
            if u.models <= 2 {
                let name = u.name.clone();
                entries.push(LogEntry::event(
                    "CW-HOS-6",
                    vec![id],
                    say!("cw-log-no-models-to-sacrifice", unit = name),
                ));
                continue;
            }
            u.models -= 2;
            let name = u.name.clone();
            sacrificed.insert(id, 2);
            entries.push(LogEntry::event(
                "CW-HOS-6",
                vec![id],
                say!("cw-log-sacrifices", unit = name),
            ));
        }
        // Morale after the phase's losses.
        for (&id, enemies) in &contacts {
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
            self.morale_after_losses(
                id,
                b,
                enemy_models,
                received > dealt,
                tables,
                dice,
                &mut entries,
            );
        }
        // The hostage.
        if let (Some(hid), Some(h)) = (holder_id, self.hostage.clone()) {
            let mut state = h.state.clone();
            // CW-HOS-4 is the captor unit's test: a captor removed entirely
            // makes none, and its hostage goes to an engaged unit (CW-HOS-7).
            let holder_gone = self.unit(hid).is_none_or(|u| !u.alive());
            if let Some(out) = destruction_test(
                dice,
                conv,
                &mut state,
                all_out && !holder_gone,
                self.captor_wounds_this_turn,
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
                let engaged: Vec<(u32, u8)> = holder_engaged
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
                let holder = self.unit(hid).cloned();
                let hl = holder
                    .as_ref()
                    .and_then(|u| tables.unit(&u.unit_type))
                    .map_or(0, UnitStats::commander_leadership);
                for (cid, cside) in &holder_engaged {
                    let Some(c) = self.unit(*cid).cloned() else {
                        continue;
                    };
                    if !c.alive() {
                        continue;
                    }
                    let claim = RecoveryClaim {
                        engaged_with_holder: self.enemies_in_contact(&c).contains(&hid),
                        wounds_inflicted: inflicted.get(&(*cid, hid)).copied().unwrap_or(0),
                        wounds_received: inflicted.get(&(hid, *cid)).copied().unwrap_or(0),
                        models_sacrificed: sacrificed.get(cid).copied().unwrap_or(0),
                        condition: c.condition,
                        spent: c.spent > 0,
                    };
                    match recovery_eligibility(&claim) {
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
                                &mut state,
                                &RecoveryTest {
                                    unit: *cid,
                                    side: *cside,
                                    leadership: card.map_or(0, UnitStats::commander_leadership),
                                    holder_leadership: hl,
                                    tl: card.map_or(10, |c| c.tl),
                                },
                            );
                            entries.extend(out.entries);
                            if out.recovered {
                                break;
                            }
                        }
                    }
                }
            }
            if state.holder != h.state.holder || !state.alive {
                self.stances.clear();
            }
            if let Some(hh) = self.hostage.as_mut() {
                hh.state = state;
            }
        }
        // Stances last until the engagement with the captor ends (CW-HOS-3).
        let holder_now = self.holder().cloned();
        let still: Vec<u32> = holder_now
            .map(|h| self.enemies_in_contact(&h))
            .unwrap_or_default();
        self.stances.retain(|id, _| still.contains(id));
        self.push(log, entries);
    }
}
