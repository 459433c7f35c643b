//! What the board shows a Genpei player agrees with what the rules allow:
//! a section card's outlined zone holds exactly the units it may order.

#![cfg(test)]

use crate::engine::core::{Rules, RulesView, ToAct, dry_run};
use crate::engine::view::Place;

use super::game::Genpei;
use super::turn::GenCommand;

/// GEN-BASE: for every shipped scenario, at the first Command card play of
/// each side (and a few turns on), each section card in hand outlines a
/// zone, and after it is played the units `legal_commands` lets the side
/// order are exactly its units standing in that zone. While ordering, the
/// scene's zone is the card's.
#[test]
fn a_section_cards_zone_holds_the_units_it_may_order() {
    let mut checked = 0;
    for (file, text) in crate::conformance::scenarios_of::<Genpei>() {
        let mut g =
            crate::session::open_text::<Genpei>(&file, &text, false, Some(3), &[]).expect("opens");
        for _ in 0..6 {
            g.advance();
            let ToAct::Side(side) = g.to_act() else {
                break;
            };
            let obs = Genpei::observation(&g.ctx, &g.state, side);
            let scene = Genpei::scene(&g.ctx, &obs, Some(side));
            for card in scene.hand.iter().filter(|c| !c.zone.is_empty()) {
                let Some(key) = card.play.as_deref().and_then(|k| k.strip_prefix("play:")) else {
                    continue;
                };
                let play = GenCommand::PlayCard { card: key.into() };
                let after = dry_run::<Genpei>(&g.ctx, &obs, &play, &g.dice).expect("played");
                let may: Vec<u32> = Genpei::legal_commands(&g.ctx, &after, side)
                    .into_iter()
                    .filter_map(|c| match c {
                        GenCommand::Order { id } => Some(id),
                        _ => None,
                    })
                    .filter(|id| after.unit(*id).is_some())
                    .collect();
                let now = Genpei::scene(&g.ctx, &after, Some(side));
                assert_eq!(now.zone, card.zone, "{file}: {}", card.name);
                let inside: Vec<u32> = now
                    .units
                    .iter()
                    .filter(|u| u.side == side && after.unit(u.id).is_some())
                    .filter(
                        |u| matches!(u.place, Place::Hex { hex, .. } if card.zone.contains(&hex)),
                    )
                    .map(|u| u.id)
                    .collect();
                assert_eq!(may, inside, "{file}: {} orders {may:?}", card.name);
                checked += 1;
            }
            // Play on: the first legal command that is not a pass.
            let legal = Genpei::legal_commands(&g.ctx, &g.state, side);
            let Some(cmd) = legal.first().cloned() else {
                break;
            };
            if g.apply(&cmd).is_err() {
                break;
            }
        }
    }
    assert!(checked > 0, "no section card was checked");
}

/// Every Command and Dragon card, terrain and hexside feature has its name
/// (and a card its text) in Spanish, shown when the UI speaks Spanish and
/// the English otherwise.
#[test]
fn every_card_and_terrain_reads_in_spanish() {
    use crate::i18n::{Lang, with_lang};
    let commands = super::cards::CommandCards::load().expect("command cards");
    let dragons = super::dragon::DragonCards::load().expect("dragon cards");
    let tables = super::data::GenTables::load().expect("tables");
    // (name, text) as data, then as shown in English and in Spanish.
    let words = |data: (&str, &str), shown: &dyn Fn() -> (String, String)| {
        let data = (data.0.to_string(), data.1.to_string());
        (
            data,
            with_lang(Lang::English, shown),
            with_lang(Lang::Spanish, shown),
        )
    };
    let mut all = Vec::new();
    for c in &commands.cards {
        let shown = || (c.shown_name().to_string(), c.shown_text().to_string());
        all.push(words((&c.name, &c.text), &shown));
    }
    for c in &dragons.cards {
        let shown = || (c.shown_name().to_string(), c.shown_text().to_string());
        all.push(words((&c.name, &c.text), &shown));
    }
    let pairs: Vec<_> = all
        .into_iter()
        .map(|(data, en, es)| {
            assert_eq!(data, en, "the English is the data's");
            (data.0, es.0, data.1, es.1)
        })
        .collect();
    for (name, es_name, text, es_text) in &pairs {
        assert_ne!(name, es_name, "{name} has no Spanish name");
        assert_ne!(text, es_text, "{name} has no Spanish text");
    }
    let names = tables.terrain.hexes.iter().map(|h| (&h.name, &h.spanish));
    let sides = tables
        .terrain
        .hexsides
        .iter()
        .map(|h| (&h.name, &h.spanish));
    for (name, es) in names.chain(sides) {
        assert!(
            es.as_ref().is_some_and(|e| e != name),
            "{name} has no Spanish name"
        );
    }
    // The board reads them so.
    for (file, text) in crate::conformance::scenarios_of::<Genpei>() {
        let g =
            crate::session::open_text::<Genpei>(&file, &text, false, Some(3), &[]).expect("opens");
        let board = Genpei::hex_board(&g.ctx).expect("a hex board");
        for t in &board.table.terrain {
            let shown = with_lang(Lang::Spanish, || t.shown_name().to_string());
            assert_ne!(shown, t.name, "{file}: {}", t.name);
        }
    }
}
