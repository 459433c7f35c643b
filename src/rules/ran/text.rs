//! RAN's own text in English and Spanish: the catalogue
//! `src/rules/ran/locales/<lang>/*.ftl`, built into the binary, through which
//! the module writes its phase names, choices, refusals, log entries and
//! game-over sentence with `say!` and a `ran-…` key in the player's language
//! ([`crate::i18n::say`]). Every key the module's code names is in both
//! languages (`i18n_tests`). `TEXT` is the catalogue.

fluent_templates::static_loader! {
    pub(crate) static TEXT = {
        locales: "./src/rules/ran/locales",
        fallback_language: "en-US",
        // egui draws Unicode isolation marks as boxes: no isolation.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}
