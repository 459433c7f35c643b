//! Rule modules, one folder each, and the registry: the one place that
//! lists them. Modules use the engine and never each other. Adding a module
//! is its folder plus one line in [`visit_all`].

pub mod clan_war;
pub mod genpei;
pub mod ran;
pub mod samurai_battles;
pub mod warstrike;

use crate::engine::core::Rules;
use crate::engine::table_game::TableRules;
use crate::engine::table_module::TableModule;

/// Code written once for every module: [`visit_all`] calls
/// [`ModuleVisitor::visit`] with each registered module's core type.
pub trait ModuleVisitor {
    /// Called once per registered module, in registry order.
    fn visit<R: Rules>(&mut self);
    /// Called for an open-table module written against [`TableRules`]; by
    /// default the same as [`ModuleVisitor::visit`] with its core type (the
    /// table app overrides it to reach the table-specific views).
    fn visit_table<T: TableRules>(&mut self) {
        self.visit::<TableModule<T>>();
    }
}

/// Visits every registered module. The registry.
pub fn visit_all(v: &mut impl ModuleVisitor) {
    v.visit::<samurai_battles::Module>();
    v.visit_table::<warstrike::WarStrike>();
    v.visit_table::<clan_war::ClanWar>();
    v.visit::<ran::Module>();
    v.visit::<genpei::Module>();
}

/// The `ruleset` keys of every registered module, in registry order.
pub fn rulesets() -> Vec<&'static str> {
    struct Keys(Vec<&'static str>);
    impl ModuleVisitor for Keys {
        fn visit<R: Rules>(&mut self) {
            self.0.push(R::RULESET);
        }
    }
    let mut k = Keys(Vec::new());
    visit_all(&mut k);
    k.0
}
