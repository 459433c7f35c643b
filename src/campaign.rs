//! Campaigns: a module's scenarios played battle by battle, in order, each
//! result carried into the next battle by the campaign file's rules (the
//! project's own design, cited as `KAS-CAMP-*`), with a campaign score, its
//! own autosave and *Resume*.
//!
//! A campaign file (`campaigns/*.ron`) names its module, its two sides, its
//! battles (scenario files, relative to the campaign file's folder) and
//! what carries over ([`CarryRule`]: a boon the module knows, given to the
//! winner or the loser of the battle before). The progress of a campaign is
//! plain data ([`CampaignProgress`]): the results so far, the seats and the
//! seed. The battle under way is an ordinary save beside it
//! ([`battle_path`]); each battle is built again from the campaign file and
//! the results before it, so a battle save that does not match is never
//! resumed by mistake.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::briefing::{Bilingual, Briefing};
use crate::engine::core::{Module, checksum};
use crate::engine::game::{Game, write_atomically};
use crate::engine::scenario::{LoadError, parse_ron};
use crate::engine::seats::Seats;
use crate::i18n::{Lang, with_lang};
use crate::opponent::driver::Seat;
use crate::session::{self, Flow, SimRun, WithModule, with_module};

/// The campaign progress format this build writes and reads.
pub const PROGRESS_FORMAT: u32 = 1;

/// Who a carried boon goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Recipient {
    /// The side that won the battle before.
    Winner,
    /// The side that lost it.
    Loser,
}

impl Recipient {
    /// The side that gets the boon after a battle `winner` won.
    pub fn side(self, winner: u8) -> u8 {
        match self {
            Recipient::Winner => winner,
            Recipient::Loser => 1 - winner.min(1),
        }
    }
}

/// A rule of the campaign with its ID and words (the project's own).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignRule {
    /// Rule ID, `KAS-CAMP-n`.
    pub id: String,
    /// The rule in words, both languages.
    pub text: Bilingual,
}

/// What one battle's result gives in the next battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarryRule {
    /// The rule it is.
    pub rule: CampaignRule,
    /// Who gets the boon (nobody after a drawn battle).
    pub to: Recipient,
    /// The module's boon key ([`crate::engine::core::Rules::campaign_boons`]).
    pub boon: String,
    /// How many times, 1 or more.
    #[serde(default = "one")]
    pub amount: u32,
}

fn one() -> u32 {
    1
}

/// One battle of a campaign.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleSpec {
    /// The scenario file, relative to the campaign file's folder.
    pub scenario: String,
}

/// A whole campaign file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignSpec {
    /// Rule module key; every battle is of this module.
    pub ruleset: String,
    /// Title.
    pub name: Bilingual,
    /// The campaign's briefing.
    pub briefing: Briefing,
    /// The two sides, named as every battle's scenario names them, in
    /// side order.
    pub sides: Vec<String>,
    /// The battles, in the order they are played; at least two.
    pub battles: Vec<BattleSpec>,
    /// How the campaign is scored and won.
    pub score_rule: CampaignRule,
    /// What carries from each battle into the next.
    #[serde(default)]
    pub carry: Vec<CarryRule>,
    /// The campaign's seed (battle `i` plays with seed `seed + i`).
    #[serde(default)]
    pub seed: u64,
}

/// How one battle of a campaign ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleResult {
    /// The scenario's name.
    pub name: String,
    /// The winning side, or `None` for a draw.
    pub winner: Option<u8>,
    /// Each side's campaign points from it (banners in Commands & Colors).
    pub points: [u32; 2],
    /// The result in words (English).
    pub text: String,
    /// The commands played.
    pub commands: usize,
}

/// Where a campaign stands: plain data, saved atomically between battles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignProgress {
    /// [`PROGRESS_FORMAT`].
    pub format: u32,
    /// The campaign file.
    pub campaign: PathBuf,
    /// Who plays each side, and the computer's seed.
    pub seats: Seats,
    /// The seed the battles' seeds come from.
    pub seed: u64,
    /// The battles played, in order.
    pub results: Vec<BattleResult>,
}

/// The campaign's standing: points and battles won per side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Campaign points per side.
    pub points: [u32; 2],
    /// Battles won per side.
    pub wins: [u32; 2],
}

impl Standing {
    /// The leading side by the score rule: more points, then more battles
    /// won; `None` when level.
    pub fn leader(&self) -> Option<u8> {
        let key = |s: usize| (self.points[s], self.wins[s]);
        match key(0).cmp(&key(1)) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }
}

impl CampaignProgress {
    /// A campaign not yet begun.
    pub fn new(campaign: PathBuf, seats: Seats, seed: u64) -> Self {
        Self {
            format: PROGRESS_FORMAT,
            campaign,
            seats,
            seed,
            results: Vec::new(),
        }
    }

    /// Points and wins so far.
    pub fn standing(&self) -> Standing {
        let mut s = Standing {
            points: [0; 2],
            wins: [0; 2],
        };
        for r in &self.results {
            s.points[0] += r.points[0];
            s.points[1] += r.points[1];
            if let Some(w) = r.winner {
                s.wins[usize::from(w.min(1))] += 1;
            }
        }
        s
    }

    /// Whether every battle of `spec` is played.
    pub fn is_over(&self, spec: &CampaignSpec) -> bool {
        self.results.len() >= spec.battles.len()
    }

    /// Writes the progress to `path` atomically.
    ///
    /// # Errors
    /// An I/O error, as a sentence naming the path.
    pub fn save_atomically(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        write_atomically(path, text.as_bytes())
    }

    /// Reads a progress file.
    ///
    /// # Errors
    /// Unreadable, malformed (file, line and column) or of another format.
    pub fn load(path: &Path) -> Result<Self, LoadError> {
        let (file, text) = session::read(path)?;
        let p: Self = parse_ron(&file, &text)?;
        if p.format != PROGRESS_FORMAT {
            return Err(LoadError::plain(
                &file,
                format!(
                    "campaign progress format {} (this build reads {PROGRESS_FORMAT})",
                    p.format
                ),
            ));
        }
        Ok(p)
    }
}

/// The save of the battle under way beside a campaign's progress file
/// (`x.ron` → `x.battle.ron`).
pub fn battle_path(progress: &Path) -> PathBuf {
    progress.with_extension("battle.ron")
}

/// The shipped campaign files in `campaigns/`, sorted.
pub fn shipped_campaigns() -> Vec<PathBuf> {
    session::ron_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("campaigns"))
}

/// Whether a RON text is a campaign file (it has `battles` and
/// `score_rule` at the top), for `kassen check`.
pub fn is_campaign_text(text: &str) -> bool {
    text.contains("battles:") && text.contains("score_rule:")
}

/// Reads a campaign file.
///
/// # Errors
/// Unreadable or malformed (file, line and column), fewer than two battles
/// or not two sides.
pub fn load(path: &Path) -> Result<CampaignSpec, LoadError> {
    let (file, text) = session::read(path)?;
    parse(&file, &text)
}

/// Parses a campaign file's text.
///
/// # Errors
/// As [`load`].
pub fn parse(file: &str, text: &str) -> Result<CampaignSpec, LoadError> {
    let spec: CampaignSpec = parse_ron(file, text)?;
    if spec.sides.len() != 2 || spec.sides[0] == spec.sides[1] {
        return Err(LoadError::at(
            file,
            text,
            &["sides"],
            "a campaign needs two sides with different names",
        ));
    }
    if spec.battles.len() < 2 {
        return Err(LoadError::at(
            file,
            text,
            &["battles"],
            "a campaign needs at least two battles",
        ));
    }
    if let Some(c) = spec.carry.iter().find(|c| c.amount == 0) {
        return Err(LoadError::at(
            file,
            text,
            &[&format!("\"{}\"", c.rule.id)],
            format!("{}: a boon's amount is at least 1", c.rule.id),
        ));
    }
    Ok(spec)
}

/// A battle of a campaign, ready to play: the scenario with the boons the
/// battle before carries, and those boons in words.
pub struct BattleSetup<R: Module> {
    /// The scenario file (for messages).
    pub file: String,
    /// The scenario, boons given.
    pub scenario: R::Scenario,
    /// Each boon given, "KAS-CAMP-2: Minamoto: one more Command card …".
    pub carried: Vec<String>,
    /// The battle's dice seed.
    pub seed: u64,
}

/// Battle `index` of `spec` (read from `dir`, the campaign file's folder)
/// after `results`: its scenario, checked against the campaign's sides,
/// with what the battle before carries (the carry rules, for its winner or
/// loser), checked again as a scenario.
///
/// # Errors
/// The scenario cannot be read or parsed, names other sides, or a boon is
/// unknown or breaks it.
pub fn battle<R: Module>(
    spec: &CampaignSpec,
    dir: &Path,
    results: &[BattleResult],
    seed: u64,
) -> Result<BattleSetup<R>, LoadError> {
    let index = results.len();
    let b = spec.battles.get(index).ok_or_else(|| {
        LoadError::plain(
            "campaign",
            format!("the campaign has no battle {}", index + 1),
        )
    })?;
    let (file, text) = session::read(&dir.join(&b.scenario))?;
    let mut scenario = R::parse_scenario(&file, &text)?;
    let sides = R::describe(&scenario).sides;
    if sides != spec.sides {
        return Err(LoadError::plain(
            &file,
            format!(
                "the campaign's sides are {} but this battle's are {}",
                spec.sides.join(" and "),
                sides.join(" and ")
            ),
        ));
    }
    let mut carried = Vec::new();
    if let Some(before) = results.last()
        && let Some(w) = before.winner
    {
        for c in &spec.carry {
            let side = c.to.side(w);
            R::campaign_boon(&mut scenario, side, &c.boon, c.amount)
                .map_err(|e| LoadError::plain(&file, format!("{}: {e}", c.rule.id)))?;
            carried.push(format!(
                "{}: {} ({}): {}",
                c.rule.id,
                spec.sides[usize::from(side)],
                before.name,
                c.rule.text.en
            ));
        }
        // The scenario with its boons must still be a valid scenario.
        let again = ron::ser::to_string(&scenario)
            .map_err(|e| LoadError::plain(&file, format!("the scenario with its boons: {e}")))?;
        scenario = R::parse_scenario(&file, &again)
            .map_err(|e| LoadError::plain(&file, format!("with the campaign's boons: {e}")))?;
    }
    Ok(BattleSetup {
        file,
        scenario,
        carried,
        seed: seed.wrapping_add(index as u64),
    })
}

/// The result of a finished battle for the campaign (its words in English).
pub fn battle_result<R: Module>(game: &Game<R>) -> Option<BattleResult> {
    let outcome = with_lang(Lang::English, || game.outcome())?;
    Some(BattleResult {
        name: R::describe(game.scenario()).name,
        winner: outcome.winner,
        points: [0, 1].map(|s| R::campaign_points(&game.ctx, &game.state, s)),
        text: outcome.text,
        commands: game.journal.entries.len(),
    })
}

/// The battle under way: the save at `path` when it is a save of exactly
/// `setup`'s scenario (boons and all), else a new game of it.
///
/// # Errors
/// The scenario's context cannot be built (a broken table).
pub fn open_battle<R: Module>(
    setup: &BattleSetup<R>,
    path: Option<&Path>,
    seats: &Seats,
) -> Result<Game<R>, LoadError> {
    let wanted = checksum(&setup.scenario);
    let saved = path
        .filter(|p| p.is_file())
        .and_then(|p| session::read(p).ok())
        .and_then(|(f, t)| Game::<R>::load_save(&f, &t).ok())
        .filter(|g| checksum(g.scenario()) == wanted);
    if let Some(g) = saved {
        return Ok(g);
    }
    let mut g = Game::<R>::new(setup.scenario.clone(), setup.seed, Vec::new())?;
    g.seats = *seats;
    Ok(g)
}

/// Plays `progress`'s campaign headless from where it stands to its end:
/// each battle by the seats (a human side by the scripted play), its
/// result recorded, the progress saved atomically to `autosave` between
/// battles and the battle under way beside it at every phase.
/// `on_phase` may stop the run at any phase, as a killed process would;
/// the return is then `Ok(false)`.
///
/// # Errors
/// A battle that cannot be set up, or one that stops without a result;
/// an autosave that cannot be written.
fn play<R: Module>(
    spec: &CampaignSpec,
    progress: &mut CampaignProgress,
    autosave: Option<&Path>,
    on_phase: &mut dyn FnMut() -> Flow,
    report: &mut dyn FnMut(&str),
) -> Result<bool, String> {
    let dir = folder_of(&progress.campaign);
    let battle_file = autosave.map(battle_path);
    while !progress.is_over(spec) {
        let setup =
            battle::<R>(spec, &dir, &progress.results, progress.seed).map_err(|e| e.to_string())?;
        for c in &setup.carried {
            report(c);
        }
        let mut game = open_battle(&setup, battle_file.as_deref(), &progress.seats)
            .map_err(|e| e.to_string())?;
        let mut seats = Seat::pair(&game.seats);
        let mut stopped = false;
        let mut failure = None;
        let mut hook = |g: &Game<R>, run: &mut SimRun| {
            if let Some(p) = battle_file.as_deref() {
                match g.autosave(p) {
                    Ok(_) => run.autosaves += 1,
                    Err(e) => failure = Some(format!("autosave: {e}")),
                }
            }
            let flow = on_phase();
            stopped |= flow == Flow::Stop;
            flow
        };
        session::run_sim_hooked(&mut game, None, None, Some(&mut seats), &mut hook);
        if let Some(e) = failure {
            return Err(e);
        }
        if stopped {
            return Ok(false);
        }
        let result = battle_result(&game).ok_or_else(|| {
            format!(
                "{}: the battle stopped at turn {} without a result",
                setup.file,
                game.turn()
            )
        })?;
        report(&format!(
            "battle {} of {}: {}: {}",
            progress.results.len() + 1,
            spec.battles.len(),
            result.name,
            result.text
        ));
        progress.results.push(result);
        if let Some(p) = autosave {
            progress.save_atomically(p)?;
            if let Some(b) = battle_file.as_deref() {
                // The next battle never resumes this one's save (its
                // scenario differs); removing it keeps the folder tidy.
                let _ = std::fs::remove_file(b);
            }
        }
    }
    Ok(true)
}

/// Plays `progress`'s campaign headless with the campaign's own module,
/// from where it stands to its end (see `play`): each battle by the seats,
/// its result recorded, the progress saved atomically to `autosave`
/// between battles and the battle under way beside it at every phase;
/// `Ok(false)` when `on_phase` stopped it.
///
/// # Errors
/// A battle that cannot be set up or stops without a result, an autosave
/// that cannot be written, or a ruleset no module plays.
pub fn play_campaign(
    spec: &CampaignSpec,
    progress: &mut CampaignProgress,
    autosave: Option<&Path>,
    on_phase: &mut dyn FnMut() -> Flow,
    report: &mut dyn FnMut(&str),
) -> Result<bool, String> {
    struct Play<'a> {
        spec: &'a CampaignSpec,
        progress: &'a mut CampaignProgress,
        autosave: Option<&'a Path>,
        on_phase: &'a mut dyn FnMut() -> Flow,
        report: &'a mut dyn FnMut(&str),
    }
    impl WithModule for Play<'_> {
        type Out = Result<bool, String>;
        fn run<R: Module>(self) -> Result<bool, String> {
            play::<R>(
                self.spec,
                self.progress,
                self.autosave,
                self.on_phase,
                self.report,
            )
        }
    }
    let ruleset = spec.ruleset.clone();
    with_module(
        &ruleset,
        Play {
            spec,
            progress,
            autosave,
            on_phase,
            report,
        },
    )
    .unwrap_or_else(|| Err(format!("no module plays \"{ruleset}\"")))
}

/// The folder a campaign file's battles are read from.
pub fn folder_of(campaign: &Path) -> PathBuf {
    campaign
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The campaign's standing in words (English), with the score rule cited.
pub fn standing_text(spec: &CampaignSpec, progress: &CampaignProgress) -> String {
    let s = progress.standing();
    let score = format!(
        "{}: {} {} ({} won), {} {} ({} won)",
        spec.score_rule.id,
        spec.sides[0],
        s.points[0],
        s.wins[0],
        spec.sides[1],
        s.points[1],
        s.wins[1]
    );
    if !progress.is_over(spec) {
        return format!(
            "after {} of {} battles: {score}",
            progress.results.len(),
            spec.battles.len()
        );
    }
    match s.leader() {
        Some(w) => format!("{} wins the campaign: {score}", spec.sides[usize::from(w)]),
        None => format!("the campaign is drawn: {score}"),
    }
}

/// `kassen check` on a campaign file: the file, every battle's scenario
/// (with the campaign's sides) and every boon given once to each battle.
///
/// # Errors
/// The first problem, naming its file (and line and column where it has
/// one).
pub fn check(path: &Path) -> Result<String, String> {
    let spec = load(path).map_err(|e| e.to_string())?;
    struct Check<'a> {
        spec: &'a CampaignSpec,
        dir: PathBuf,
        file: String,
    }
    impl WithModule for Check<'_> {
        type Out = Result<String, String>;
        fn run<R: Module>(self) -> Result<String, String> {
            let known: Vec<&str> = R::campaign_boons().iter().map(|(k, _)| *k).collect();
            if let Some(c) = self
                .spec
                .carry
                .iter()
                .find(|c| !known.contains(&c.boon.as_str()))
            {
                return Err(format!(
                    "{}: {}: {} has no campaign boon \"{}\" (it has: {})",
                    self.file,
                    c.rule.id,
                    R::TITLE,
                    c.boon,
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                ));
            }
            // Every battle with no boon, and after a win of each side
            // (every boon given once).
            for i in 0..self.spec.battles.len() {
                let winners: &[Option<u8>] = if i == 0 {
                    &[None]
                } else {
                    &[None, Some(0), Some(1)]
                };
                for &winner in winners {
                    let before: Vec<BattleResult> = (0..i)
                        .map(|_| BattleResult {
                            name: "the battle before".into(),
                            winner,
                            points: [0; 2],
                            text: String::new(),
                            commands: 0,
                        })
                        .collect();
                    battle::<R>(self.spec, &self.dir, &before, 0).map_err(|e| e.to_string())?;
                }
            }
            Ok(format!(
                "{}: ok (campaign \"{}\", {}, {} battles, {} carry rules)",
                self.file,
                self.spec.name.en,
                R::TITLE,
                self.spec.battles.len(),
                self.spec.carry.len()
            ))
        }
    }
    let ruleset = spec.ruleset.clone();
    with_module(
        &ruleset,
        Check {
            spec: &spec,
            dir: folder_of(path),
            file: path.display().to_string(),
        },
    )
    .unwrap_or_else(|| Err(format!("{}: no module plays \"{ruleset}\"", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::seats::Player;

    /// Plays the shipped Genpei campaign with the scripted play, stopping
    /// (as a killed process would) at each phase in `kills`, counted over
    /// the whole run, and resuming from the autosave each time.
    fn play_with_kills(kills: &[u32], dir: &Path) -> (CampaignProgress, u32) {
        let path = shipped_campaigns()
            .into_iter()
            .find(|p| p.ends_with("genpei_war.ron"))
            .expect("the Genpei War campaign ships");
        let spec = load(&path).expect("it loads");
        let autosave = dir.join("progress.ron");
        let seats = Seats {
            players: [Player::Default; 2],
            ai_seed: 1,
        };
        let mut progress = CampaignProgress::new(path, seats, spec.seed);
        let mut phases = 0u32;
        let mut resumes = 0;
        loop {
            let mut hook = || {
                phases += 1;
                if kills.contains(&phases) {
                    Flow::Stop
                } else {
                    Flow::Go
                }
            };
            let done = play_campaign(
                &spec,
                &mut progress,
                Some(&autosave),
                &mut hook,
                &mut |_| {},
            )
            .expect("the campaign plays");
            if done {
                return (progress, resumes);
            }
            // Killed: everything in memory is lost; go on from the files.
            resumes += 1;
            progress = if autosave.is_file() {
                CampaignProgress::load(&autosave).expect("the autosave reads")
            } else {
                CampaignProgress::new(progress.campaign.clone(), progress.seats, spec.seed)
            };
        }
    }

    #[test]
    fn a_campaign_killed_at_random_points_resumes_to_the_same_result() {
        let base = std::env::temp_dir().join(format!("kassen-campaign-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let (whole, _) = play_with_kills(&[], &base.join("whole"));
        let spec = load(&whole.campaign).expect("loads");
        assert!(whole.is_over(&spec));
        assert_eq!(whole.results.len(), spec.battles.len());
        // Points are the banners each side won; a winner has its banners.
        for r in &whole.results {
            assert!(r.commands > 0, "{r:?}");
            if let Some(w) = r.winner {
                assert!(r.points[usize::from(w)] > 0, "{r:?}");
            }
        }
        // Kill points spread over the whole run by a seeded generator.
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(35);
        for trial in 0..3 {
            let mut kills: Vec<u32> = (0..4).map(|_| rng.random_range(1..400)).collect();
            kills.sort_unstable();
            kills.dedup();
            let (broken, resumes) = play_with_kills(&kills, &base.join(format!("t{trial}")));
            assert!(resumes > 0, "trial {trial}: no kill landed ({kills:?})");
            assert_eq!(
                broken.results, whole.results,
                "trial {trial}, kills {kills:?}"
            );
        }
        let _ = std::fs::remove_dir_all(&base);
    }

    #[test]
    fn every_shipped_campaign_checks_and_a_broken_one_names_its_place() {
        let shipped = shipped_campaigns();
        assert!(!shipped.is_empty());
        for p in &shipped {
            check(p).unwrap_or_else(|e| panic!("{e}"));
        }
        let text = "(ruleset: \"genpei\", name: (en: \"x\"), briefing: (history: (en: \"h\")),\n sides: [\"Minamoto\"], battles: [], score_rule: (id: \"KAS-CAMP-1\", text: (en: \"s\")))";
        let e = parse("bad.ron", text).expect_err("one side");
        assert!(e.to_string().starts_with("bad.ron:2:"), "{e}");
        let e = parse("bad.ron", "(ruleset: 3)").expect_err("malformed");
        assert!(e.to_string().contains("bad.ron:1:"), "{e}");
    }
}
