//! `kassen campaign`: a campaign played headless from its first battle to
//! its last (or resumed from its autosave), each battle's result and what
//! it carries printed as it comes.

use std::path::PathBuf;

use crate::campaign::{self, CampaignProgress};
use crate::engine::seats::{Player, Seats};
use crate::session::Flow;

/// What `kassen campaign` was asked.
pub struct CampaignRun {
    /// The campaign file (a new campaign), or `None` with `resume`.
    pub file: Option<PathBuf>,
    /// Who plays each side (a new campaign).
    pub players: [Player; 2],
    /// The battles' seed (default: the campaign file's).
    pub seed: Option<u64>,
    /// The computer's seed.
    pub ai_seed: u64,
    /// The progress file written between battles (and the battle's save
    /// beside it at every phase).
    pub autosave: Option<PathBuf>,
    /// Go on from this progress file (its battle save beside it).
    pub resume: Option<PathBuf>,
}

/// Runs it, printing each carried boon, each battle's result and the
/// standing at the end.
///
/// # Errors
/// A campaign or progress file that cannot be read, a battle that cannot
/// be set up or played to its end, an autosave that cannot be written.
pub fn run(a: CampaignRun) -> Result<(), String> {
    let (mut progress, autosave) = match (&a.resume, &a.file) {
        (Some(p), _) => (
            CampaignProgress::load(p).map_err(|e| e.to_string())?,
            Some(a.autosave.clone().unwrap_or_else(|| p.clone())),
        ),
        (None, Some(f)) => {
            let spec = campaign::load(f).map_err(|e| e.to_string())?;
            let seats = Seats {
                players: a.players,
                ai_seed: a.ai_seed,
            };
            (
                CampaignProgress::new(f.clone(), seats, a.seed.unwrap_or(spec.seed)),
                a.autosave.clone(),
            )
        }
        (None, None) => return Err("kassen campaign: give a campaign file or --resume".into()),
    };
    let spec = campaign::load(&progress.campaign).map_err(|e| e.to_string())?;
    // A line that cannot be written stops nothing; the first failure is
    // the run's error at the end.
    let mut unwritten = None;
    campaign::play_campaign(
        &spec,
        &mut progress,
        autosave.as_deref(),
        &mut || Flow::Go,
        &mut |line| {
            if let Err(e) = crate::outln!("{line}") {
                unwritten.get_or_insert(e);
            }
        },
    )?;
    if let Some(e) = unwritten {
        return Err(e);
    }
    crate::outln!("{}", campaign::standing_text(&spec, &progress))?;
    Ok(())
}
