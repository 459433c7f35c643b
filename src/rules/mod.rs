//! Rule modules, one folder each, and the registry: the one place that
//! lists them. Modules use the engine and never each other. Adding a module
//! is its folder plus one line in [`visit_all`].

pub mod clan_war;
pub mod genpei;
pub mod ran;
pub mod samurai_battles;
pub mod warstrike;

#[cfg(test)]
mod literal_scan_tests;

use crate::engine::core::Module;

/// Code written once for every module: [`visit_all`] calls
/// [`ModuleVisitor::visit`] with each registered module's core type.
pub trait ModuleVisitor {
    /// Called once per registered module, in registry order.
    fn visit<R: Module>(&mut self);
}

/// Visits every registered module. The registry.
pub fn visit_all(v: &mut impl ModuleVisitor) {
    v.visit::<samurai_battles::Module>();
    v.visit::<warstrike::Module>();
    v.visit::<clan_war::Module>();
    v.visit::<ran::Module>();
    v.visit::<genpei::Module>();
}

/// The `ruleset` keys of every registered module, in registry order.
pub fn rulesets() -> Vec<&'static str> {
    struct Keys(Vec<&'static str>);
    impl ModuleVisitor for Keys {
        fn visit<R: Module>(&mut self) {
            self.0.push(R::RULESET);
        }
    }
    let mut k = Keys(Vec::new());
    visit_all(&mut k);
    k.0
}
