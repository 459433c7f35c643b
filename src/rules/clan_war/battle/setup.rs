//! Setting up a Clan War battle: the scenario's set-up block (clans and the
//! hostage) and the battle's first state (CW-HON-1 army honor, CW-HOS-1 the
//! hostage taken).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::table::{Footprint, TablePos};
use crate::engine::table_scenario::{TableCatalog, TableScenario};

use super::super::condition::Condition;
use super::super::data::{CwTables, UnitStats};
use super::super::honor::{HonorTrack, Personality, starting_honor};
use super::super::hostage::take_hostage;
use super::state::{CwArmy, CwBattle, CwHostage, CwPhase, CwUnit};

/// A scenario's Clan War army: the clan of the side named `side`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CwArmySpec {
    /// Side name from the scenario's `sides`.
    pub side: String,
    /// Clan key ("lion", "crane"), for base Honor (CW-HON-1) and the
    /// hostage's hindering effect (CW-HOS-1).
    pub clan: String,
}

/// The hostage of the Desperate Journey set-up (CW-HOS-1).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CwHostageSpec {
    /// Id of the captor unit holding the hostage model.
    pub captor: u32,
    /// The hostage's clan key.
    pub clan: String,
    /// The hostage's name, for the log.
    pub name: String,
}

/// Module setup block of a Clan War scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CwSetup {
    /// One entry per side: its clan.
    #[serde(default)]
    pub armies: Vec<CwArmySpec>,
    /// The hostage, if the scenario has one.
    #[serde(default)]
    pub hostage: Option<CwHostageSpec>,
}

/// A Clan War table scenario.
pub type CwScenario = TableScenario<CwSetup>;

/// What a Clan War game reads besides its state: scenario, table, tables.
pub type CwCtx = crate::engine::table_kit::TableCtx<CwSetup, CwTables>;

impl TableCatalog for CwTables {
    fn ruleset(&self) -> &str {
        "clan_war"
    }

    fn unit_types(&self) -> Vec<(String, String)> {
        self.units
            .units
            .iter()
            .map(|u| (u.key.clone(), u.name.clone()))
            .collect()
    }

    fn unit_type_models(&self, unit_type: &str) -> Option<u32> {
        self.unit(unit_type).map(UnitStats::total_models)
    }

    fn footprint(&self, unit_type: &str, models: u32, per_rank: Option<u32>) -> Footprint {
        match self.unit(unit_type) {
            Some(u) => Footprint::from_models(
                models,
                per_rank.unwrap_or(u.footprint.per_rank),
                u.footprint.frontage,
                u.footprint.depth,
            ),
            None => Footprint::from_models(models, per_rank.unwrap_or(1), 1.0, 1.0),
        }
    }
}

impl CwBattle {
    /// A new battle from a validated scenario: units by id, army honor
    /// (CW-HON-1), the hostage taken (CW-HOS-1), deciding from the first
    /// phase that has a decision.
    pub fn new(scenario: &CwScenario, tables: &CwTables) -> Self {
        let mut specs: Vec<_> = scenario.units.iter().collect();
        specs.sort_by_key(|u| u.id);
        let mut units = Vec::new();
        for s in specs {
            let Some(card) = tables.unit(&s.unit_type) else {
                continue;
            };
            let side = scenario.side_index(&s.side).unwrap_or(0);
            let models = s.models.unwrap_or(card.total_models());
            let per_rank = s.per_rank.unwrap_or(card.footprint.per_rank).max(1);
            units.push(CwUnit {
                id: s.id,
                side,
                name: s.name.clone().unwrap_or_else(|| card.name.clone()),
                unit_type: s.unit_type.clone(),
                models,
                starting_models: models,
                per_rank,
                pos: TablePos {
                    x: s.at.0,
                    y: s.at.1,
                    facing: s.facing,
                },
                footprint: tables.footprint(&s.unit_type, models, Some(per_rank)),
                condition: Condition::Formed,
                spent: 0,
                flight: super::super::flight::deployment_state(),
                wounds: 0,
                personality: card.personality.as_ref().map(|p| p.name.clone()),
                morale_tests: 0,
                hidden: s.hidden,
            });
        }
        let side_names = [0, 1].map(|i| {
            scenario
                .sides
                .get(i)
                .map_or(format!("Side {i}"), |s| s.name.clone())
        });
        let armies = [0u8, 1].map(|side| {
            let name = &side_names[side as usize];
            let clan = scenario
                .setup
                .armies
                .iter()
                .find(|a| &a.side == name)
                .map(|a| a.clan.clone())
                .or_else(|| {
                    units
                        .iter()
                        .filter(|u| u.side == side)
                        .find_map(|u| tables.unit(&u.unit_type)?.clan.clone())
                })
                .unwrap_or_default();
            let personalities: Vec<Personality> = units
                .iter()
                .filter(|u| u.side == side)
                .filter_map(|u| tables.unit(&u.unit_type)?.personality.clone())
                .map(|p| Personality {
                    clan: p.clan,
                    honor: p.honor,
                })
                .collect();
            let base = tables.clan_base_honor(&clan).unwrap_or(0);
            CwArmy {
                honor: HonorTrack::new(starting_honor(&clan, base, &personalities)),
                clan,
                vp: 0,
            }
        });
        let hostage = scenario.setup.hostage.as_ref().and_then(|h| {
            let captor = units.iter().find(|u| u.id == h.captor)?;
            Some(CwHostage {
                name: h.name.clone(),
                state: take_hostage(&h.clan, h.captor, captor.side).0,
            })
        });
        let mut b = CwBattle {
            turn: 1,
            turn_limit: scenario.turn_limit.unwrap_or(tables.settings.turn_limit),
            phase: CwPhase::SpecialOrders,
            active: 0,
            units,
            armies,
            hostage,
            acted: Vec::new(),
            shots: Vec::new(),
            fly_by: BTreeMap::new(),
            fly_by_dice: BTreeMap::new(),
            fly_by_declined: Vec::new(),
            stances: BTreeMap::new(),
            sacrifices: Vec::new(),
            captor_wounds_this_turn: 0,
            side_names,
            result: None,
            reveal_within: scenario.hidden_deployment.map(|h| h.reveal_within),
        };
        // Special Orders and the start of Primary Movement roll nothing, so
        // the first decision can be found without dice.
        if !b.has_decisions(0, tables) {
            b.active = 1;
            if !b.has_decisions(1, tables) {
                b.phase = CwPhase::PrimaryMovement;
                b.active = if b.has_decisions(0, tables) { 0 } else { 1 };
            }
        }
        b
    }
}
