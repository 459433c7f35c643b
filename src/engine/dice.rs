//! Seeded, portable dice: the one source of randomness in a game.
//!
//! Every die is drawn from [`Dice`], a ChaCha8 stream seeded from the scenario or
//! the command line. Die faces come from raw 32-bit words by rejection sampling,
//! so a seed gives the same faces on every platform and every `rand` release.
//! Forced ("loaded") values can be queued in front of the stream for tests and the
//! CLI's `--dice`.

use std::collections::VecDeque;

use bevy::prelude::Resource;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A kind of die. Faces are `1..=sides`, except [`Die::D10Zero`] which reads `0..=9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Die {
    /// Six-sided, faces 1–6.
    D6,
    /// Ten-sided, faces 1–10.
    D10,
    /// Ten-sided read 0–9 (RAN convention).
    D10Zero,
    /// Twenty-sided, faces 1–20.
    D20,
}

impl Die {
    /// Lowest face.
    pub fn min(self) -> u32 {
        match self {
            Die::D10Zero => 0,
            _ => 1,
        }
    }

    /// Highest face.
    pub fn max(self) -> u32 {
        match self {
            Die::D6 => 6,
            Die::D10 => 10,
            Die::D10Zero => 9,
            Die::D20 => 20,
        }
    }

    /// Number of faces.
    pub fn faces(self) -> u32 {
        self.max() - self.min() + 1
    }

    /// Short name as players write it ("d20").
    pub fn name(self) -> &'static str {
        match self {
            Die::D6 => "d6",
            Die::D10 => "d10",
            Die::D10Zero => "d10 (0-9)",
            Die::D20 => "d20",
        }
    }
}

/// The game's single random source: a ChaCha8 stream plus a queue of loaded values.
///
/// Loaded values are consumed first, one per die, and never advance the stream.
/// A loaded value outside the die's faces is clamped into range (the CLI rejects
/// such values before they get here). The whole resource is saved with the game.
#[derive(Resource, Clone, Debug, Serialize, Deserialize)]
#[serde(into = "DiceState", from = "DiceState")]
pub struct Dice {
    seed: u64,
    rng: ChaCha8Rng,
    loaded: VecDeque<u32>,
    rolled: u64,
}

/// The saved form of [`Dice`]: the seed, the stream position (a 128-bit word
/// count split in two, since RON has no 128-bit integers), loaded values and
/// the count of dice rolled.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DiceState {
    seed: u64,
    word_pos_high: u64,
    word_pos_low: u64,
    loaded: VecDeque<u32>,
    rolled: u64,
}

impl From<Dice> for DiceState {
    fn from(d: Dice) -> Self {
        let pos = d.rng.get_word_pos();
        Self {
            seed: d.seed,
            word_pos_high: (pos >> 64) as u64,
            word_pos_low: pos as u64,
            loaded: d.loaded,
            rolled: d.rolled,
        }
    }
}

impl From<DiceState> for Dice {
    fn from(s: DiceState) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(s.seed);
        rng.set_word_pos((u128::from(s.word_pos_high) << 64) | u128::from(s.word_pos_low));
        Self {
            seed: s.seed,
            rng,
            loaded: s.loaded,
            rolled: s.rolled,
        }
    }
}

impl Dice {
    /// A fresh stream for `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            loaded: VecDeque::new(),
            rolled: 0,
        }
    }

    /// The seed this stream started from (recorded in the log).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many dice have been rolled so far, loaded ones included.
    pub fn rolled(&self) -> u64 {
        self.rolled
    }

    /// Queues forced values; they are used, in order, before the stream.
    pub fn load(&mut self, values: impl IntoIterator<Item = u32>) {
        self.loaded.extend(values);
    }

    /// Loaded values not yet used.
    pub fn loaded_remaining(&self) -> usize {
        self.loaded.len()
    }

    /// Rolls one die.
    pub fn roll(&mut self, die: Die) -> u32 {
        self.rolled += 1;
        if let Some(v) = self.loaded.pop_front() {
            return v.clamp(die.min(), die.max());
        }
        let faces = die.faces();
        // Rejection sampling keeps every face equally likely and portable.
        let zone = u32::MAX - (u32::MAX % faces);
        loop {
            let word = self.rng.next_u32();
            if word < zone {
                return die.min() + word % faces;
            }
        }
    }

    /// Picks an index in `0..n` uniformly (a card from a deck, a shuffle
    /// step): one draw of the same stream, counted as a roll. A loaded
    /// value is used as the index, clamped into `0..n`. `n == 0` gives 0.
    pub fn pick(&mut self, n: u32) -> u32 {
        self.rolled += 1;
        if n == 0 {
            return 0;
        }
        if let Some(v) = self.loaded.pop_front() {
            return v.min(n - 1);
        }
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let word = self.rng.next_u32();
            if word < zone {
                return word % n;
            }
        }
    }

    /// Shuffles `items` in place (Fisher–Yates, one [`Dice::pick`] per
    /// position from the last down), so a seed gives one deck order.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.pick(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// Rolls `n` dice of one kind, in order.
    pub fn roll_n(&mut self, die: Die, n: u32) -> Vec<u32> {
        (0..n).map(|_| self.roll(die)).collect()
    }
}

/// A fresh seed from the operating system's entropy (`getrandom`): a new
/// game's computer, a hosted game's dice (which the guest must not be able
/// to guess), a network client's id. Where the system has none to give, the
/// clock (nanoseconds since 1970; 1 if the clock is before it).
pub fn fresh_seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_are_uniform_in_range_and_shuffles_repeat_with_the_seed() {
        let mut d = Dice::new(5);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[d.pick(7) as usize] += 1;
        }
        assert!(seen.iter().all(|c| (800..1200).contains(c)), "{seen:?}");
        assert_eq!(d.pick(0), 0);
        let (mut a, mut b): (Vec<u32>, Vec<u32>) = ((0..60).collect(), (0..60).collect());
        Dice::new(9).shuffle(&mut a);
        Dice::new(9).shuffle(&mut b);
        assert_eq!(a, b);
        assert_ne!(a, (0..60).collect::<Vec<u32>>());
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..60).collect::<Vec<u32>>());
        let mut l = Dice::new(1);
        l.load([9]);
        assert_eq!(l.pick(4), 3, "a loaded pick is clamped into range");
    }

    #[test]
    fn same_seed_same_faces() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        assert_eq!(a.roll_n(Die::D20, 50), b.roll_n(Die::D20, 50));
    }

    #[test]
    fn faces_stay_in_range_and_all_appear() {
        let mut d = Dice::new(1);
        for die in [Die::D6, Die::D10, Die::D10Zero, Die::D20] {
            let mut seen = vec![false; die.faces() as usize];
            for _ in 0..2000 {
                let v = d.roll(die);
                assert!(v >= die.min() && v <= die.max(), "{v} out of {die:?}");
                seen[(v - die.min()) as usize] = true;
            }
            assert!(seen.iter().all(|s| *s), "{die:?} missed a face");
        }
    }

    #[test]
    fn loaded_values_come_first_and_do_not_advance_the_stream() {
        let mut plain = Dice::new(3);
        let mut loaded = Dice::new(3);
        loaded.load([14, 2]);
        assert_eq!(loaded.roll(Die::D20), 14);
        assert_eq!(loaded.roll(Die::D20), 2);
        assert_eq!(loaded.roll(Die::D20), plain.roll(Die::D20));
        assert_eq!(loaded.rolled(), 3);
    }

    #[test]
    fn state_survives_a_ron_round_trip() {
        let mut d = Dice::new(99);
        // An odd number of draws leaves half a 64-bit block unused.
        d.roll_n(Die::D20, 13);
        d.load([5]);
        let text = ron::to_string(&d).expect("serialize");
        let mut back: Dice = ron::from_str(&text).expect("deserialize");
        assert_eq!(back.roll_n(Die::D20, 20), d.roll_n(Die::D20, 20));
    }
}
