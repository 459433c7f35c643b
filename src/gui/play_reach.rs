//! The reach the board shows for the selected unit: which choice (the
//! armed one, else its move), and the hexes, targets and move paths of it,
//! asked of the module through `engine::reach` on the acting side's
//! observation.

use crate::engine::core::Module;
use crate::engine::game::Game;
use crate::engine::reach::Verdict;
use crate::engine::view::{Choice, MovePath, Needs};

/// The unit and key of the choice whose reach the board shows: the armed
/// choice when it needs a hex or a target, else the selected unit's first
/// choice that needs a hex. `None` when nobody here acts.
pub(crate) fn reach_for(
    actor: Option<u8>,
    selected: Option<u32>,
    armed: &Option<Choice>,
    choices: &[Choice],
) -> Option<(u32, String)> {
    actor?;
    let unit = selected?;
    armed
        .iter()
        .chain(
            choices
                .iter()
                .filter(|c| c.needs == Needs::Hex && c.refused.is_none()),
        )
        .find(|c| matches!(c.needs, Needs::Hex | Needs::Target))
        .map(|c| (unit, c.key.clone()))
}

/// With no choice armed, the reach of `key` ([`reach_for`]); when that is
/// no move with a path, the reach of the unit's first other hex choice
/// that is one (a Samurai Battles unit's March rather than its Defend
/// facing), so the board shows where the unit can go.
pub(crate) fn move_reach<R: Module>(
    g: &Game<R>,
    actor: Option<u8>,
    key: Option<(u32, String)>,
    choices: &[Choice],
    scene: &crate::engine::view::Scene,
) -> (Option<(u32, String)>, Reach) {
    let first = reach_of::<R>(g, actor, &key, scene);
    let Some((unit, k)) = key.clone() else {
        return (key, first);
    };
    let first_is_hex = choices.iter().any(|c| c.key == k && c.needs == Needs::Hex);
    if !first.2.is_empty() || !first_is_hex {
        return (key, first);
    }
    choices
        .iter()
        .filter(|c| c.needs == Needs::Hex && c.key != k && c.refused.is_none())
        .map(|c| Some((unit, c.key.clone())))
        .map(|other| {
            let reach = reach_of::<R>(g, actor, &other, scene);
            (other, reach)
        })
        .find(|(_, r)| !r.2.is_empty())
        .unwrap_or((key, first))
}

/// The hexes and the targets of a reach, each with its verdict, and the
/// accepted moves' paths.
pub(crate) type Reach = (
    Vec<(hexx::Hex, Verdict)>,
    Vec<(u32, Verdict)>,
    Vec<(hexx::Hex, MovePath)>,
);

/// The hexes and targets of the reach choice `key` (for its unit), asked
/// of the module through `engine::reach` on the acting side's
/// observation: the targets tried are the units the viewer sees in
/// `scene`. Empty on the open table, which draws no reach.
pub(crate) fn reach_of<R: Module>(
    g: &Game<R>,
    actor: Option<u8>,
    key: &Option<(u32, String)>,
    scene: &crate::engine::view::Scene,
) -> Reach {
    // A reach of hexes only on the hex board (the open table has its drag
    // ghost); targets on both.
    let (Some(side), Some((unit, key))) = (actor, key) else {
        return Reach::default();
    };
    let Some(choice) = R::choices(&g.ctx, &g.state, side, *unit)
        .into_iter()
        .find(|c| &c.key == key)
    else {
        return Reach::default();
    };
    let who = (side, *unit, key.as_str());
    // Judged on what the side may see: a hidden enemy neither blocks a
    // shaded hex nor shows as a refused target before it is revealed.
    let obs = R::observation(&g.ctx, &g.state, side);
    match choice.needs {
        Needs::Hex => {
            let reach = crate::engine::reach::hex_reach::<R>(&g.ctx, &obs, &g.dice, who);
            let paths = crate::engine::reach::hex_paths::<R>(&g.ctx, &obs, who, &reach);
            (reach, Vec::new(), paths)
        }
        Needs::Target => {
            let units = crate::engine::reach::targets_in(scene);
            let targets =
                crate::engine::reach::target_reach::<R>(&g.ctx, &obs, &g.dice, who, &units);
            (Vec::new(), targets, Vec::new())
        }
        _ => Reach::default(),
    }
}
