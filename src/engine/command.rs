//! Refusals: what an illegal command gets back.

use bevy::prelude::Message;
use serde::{Deserialize, Serialize};

/// A command was refused. Nothing changed. Carries the rule that forbids it.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refusal {
    /// Rule ID that forbids the command (`SBA-GS-2`).
    pub rule: String,
    /// A sentence for the player.
    pub reason: String,
}

impl Refusal {
    /// A refusal from its parts.
    pub fn new(rule: &str, reason: impl Into<String>) -> Self {
        Self {
            rule: rule.to_string(),
            reason: reason.into(),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "refused ({}): {}", self.rule, self.reason)
    }
}
