//! Rolling battle dice (GEN-DICE-1, GEN-DICE-2) through the one `Dice`,
//! with the Sohei keep-and-reroll of H&F (GEN-UNIT-1, GEN-UNIT-2,
//! GEN-UNIT-3) and the H&F that Leader Inspiration cancels.

use serde::{Deserialize, Serialize};

use crate::engine::dice::{Dice, Die};
use crate::engine::view::{DieFaces, DieGlyph};

use super::data::{BattleDie, Face};

/// A die can reroll at most this many times; with a die that has any
/// other face the chance of reaching it is below 10⁻⁷⁰⁰, it only guards a
/// loaded test die that shows H&F forever.
pub const REROLL_GUARD: usize = 1000;

/// How one battle die came out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieResult {
    /// The first roll.
    pub first: Face,
    /// Rerolls after a kept H&F, in order (GEN-UNIT-3); the last one is not
    /// H&F unless the guard stopped it.
    pub rerolls: Vec<Face>,
    /// This die's H&F was the one Leader Inspiration cancels: no token, no
    /// reroll (GEN-UNIT-1).
    pub cancelled: bool,
}

/// A battle roll: one result per die, in roll order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleRoll {
    /// The dice.
    pub dice: Vec<DieResult>,
}

/// What a roll shows, counted: every kept face of every die.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Counts {
    /// Circles.
    pub circle: u32,
    /// Triangles.
    pub triangle: u32,
    /// Squares.
    pub square: u32,
    /// Swords.
    pub swords: u32,
    /// Flags.
    pub flags: u32,
    /// H&F symbols that earn a token (the cancelled one does not).
    pub hf: u32,
    /// 1 if an H&F was cancelled by Leader Inspiration.
    pub cancelled_hf: u32,
}

impl Counts {
    /// How many of `face` the roll shows (kept H&F for `HonorFortune`).
    pub fn of(&self, face: Face) -> u32 {
        match face {
            Face::Circle => self.circle,
            Face::Triangle => self.triangle,
            Face::Square => self.square,
            Face::Sword => self.swords,
            Face::Flag => self.flags,
            Face::HonorFortune => self.hf,
        }
    }

    fn add(&mut self, face: Face) {
        match face {
            Face::Circle => self.circle += 1,
            Face::Triangle => self.triangle += 1,
            Face::Square => self.square += 1,
            Face::Sword => self.swords += 1,
            Face::Flag => self.flags += 1,
            Face::HonorFortune => self.hf += 1,
        }
    }
}

impl BattleRoll {
    /// Every face of the roll counted (GEN-DICE-1). A kept Sohei H&F counts
    /// and so does the reroll it earned (GEN-UNIT-3).
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for d in &self.dice {
            if d.cancelled {
                c.cancelled_hf += 1;
                continue;
            }
            c.add(d.first);
            for f in &d.rerolls {
                c.add(*f);
            }
        }
        c
    }

    /// The roll as the log shows it: "3 battle dice (GEN-DICE-2): sword,
    /// flag, H&F→square (H&F kept and rerolled, GEN-UNIT-3)".
    pub fn describe(&self) -> String {
        let words: Vec<String> = self
            .dice
            .iter()
            .map(|d| {
                let mut s = if d.cancelled {
                    say!("gen-die-cancelled", face = face_name(d.first))
                } else {
                    face_name(d.first)
                };
                for f in &d.rerolls {
                    s.push('→');
                    s.push_str(&face_name(*f));
                }
                s
            })
            .collect();
        let (n, faces) = (self.dice.len(), words.join(", "));
        if self.dice.iter().any(|d| !d.rerolls.is_empty()) {
            say!("gen-dice-rolled-rerolls", n = n, faces = faces)
        } else {
            say!("gen-dice-rolled", n = n, faces = faces)
        }
    }
}

/// A face as the player reads it.
pub fn face_name(f: Face) -> String {
    match f {
        Face::Circle => say!("gen-face-circle"),
        Face::Triangle => say!("gen-face-triangle"),
        Face::Square => say!("gen-face-square"),
        Face::Sword => say!("gen-face-sword"),
        Face::Flag => say!("gen-face-flag"),
        Face::HonorFortune => say!("gen-face-hf"),
    }
}

fn roll_face(die: &BattleDie, dice: &mut Dice) -> Face {
    // GEN-DICE-2: every die of the variant is a battle die, read from a d6.
    let r = dice.roll(Die::D6);
    die.face(r).unwrap_or(Face::Flag)
}

/// Rolls `n` battle dice (GEN-DICE-2). With `reroll_hf` every H&F is kept
/// and the die rolled again for another result, until it shows another
/// face (GEN-UNIT-3 [SIM]). With `inspired` the first H&F of the first
/// roll is cancelled: it earns no token and no reroll (GEN-UNIT-1).
/// Dice are rolled in order: the first roll of every die, then each
/// die's rerolls in die order.
pub fn roll(
    die: &BattleDie,
    n: u32,
    reroll_hf: bool,
    inspired: bool,
    dice: &mut Dice,
) -> BattleRoll {
    let mut out: Vec<DieResult> = (0..n)
        .map(|_| DieResult {
            first: roll_face(die, dice),
            rerolls: Vec::new(),
            cancelled: false,
        })
        .collect();
    if inspired && let Some(d) = out.iter_mut().find(|d| d.first == Face::HonorFortune) {
        d.cancelled = true;
    }
    if reroll_hf {
        for d in out.iter_mut().filter(|d| !d.cancelled) {
            let mut last = d.first;
            while last == Face::HonorFortune && d.rerolls.len() < REROLL_GUARD {
                last = roll_face(die, dice);
                d.rerolls.push(last);
            }
        }
    }
    BattleRoll { dice: out }
}

/// The battle die's face colours (sRGB): the rank symbols in their
/// standards' colours, the sword iron, the flag and the H&F token gold.
const CIRCLE_COLOR: [f32; 3] = [0.15, 0.6, 0.25];
const TRIANGLE_COLOR: [f32; 3] = [0.15, 0.35, 0.8];
const SQUARE_COLOR: [f32; 3] = [0.8, 0.15, 0.12];
const SWORD_COLOR: [f32; 3] = [0.2, 0.2, 0.22];
const FLAG_COLOR: [f32; 3] = [0.85, 0.6, 0.05];
const TOKEN_COLOR: [f32; 3] = [0.7, 0.5, 0.1];

/// The battle die's faces as the app draws them (GEN-DICE-1,
/// `battle_die.ron`, face 1 first): the rank symbols in their standard's
/// colours (circle green, triangle blue, square red), the sword, the flag
/// and the H&F token.
pub fn die_faces(die: &BattleDie) -> DieFaces {
    let glyph = |f: Face| match f {
        Face::Circle => (DieGlyph::Circle, CIRCLE_COLOR),
        Face::Triangle => (DieGlyph::Triangle, TRIANGLE_COLOR),
        Face::Square => (DieGlyph::Square, SQUARE_COLOR),
        Face::Sword => (DieGlyph::Sword, SWORD_COLOR),
        Face::Flag => (DieGlyph::Flag, FLAG_COLOR),
        Face::HonorFortune => (DieGlyph::Token, TOKEN_COLOR),
    };
    DieFaces {
        die: say!("gen-die-battle"),
        faces: die
            .faces
            .iter()
            .map(|f| {
                let (g, c) = glyph(*f);
                (g, c, face_name(*f))
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::genpei::data::GenTables;

    fn die() -> BattleDie {
        GenTables::load().expect("tables").die
    }

    #[test]
    fn faces_are_read_from_the_d6_in_table_order() {
        // GEN-DICE-1, GEN-DICE-2: 1 circle … 6 H&F.
        let mut dice = Dice::new(1);
        dice.load([1, 2, 3, 4, 5, 6]);
        let r = roll(&die(), 6, false, false, &mut dice);
        let c = r.counts();
        assert_eq!(
            (c.circle, c.triangle, c.square, c.swords, c.flags, c.hf),
            (1, 1, 1, 1, 1, 1)
        );
        assert_eq!(
            r.describe(),
            "6 battle dice (GEN-DICE-2): circle, triangle, square, sword, flag, H&F"
        );
    }

    #[test]
    fn sohei_keep_every_hf_and_reroll_it_until_another_face() {
        // GEN-UNIT-1, GEN-UNIT-3: H&F → H&F → flag, sword, H&F → circle.
        // First rolls of every die, then each die's rerolls in die order.
        let mut dice = Dice::new(1);
        dice.load([6, 4, 6, 6, 5, 1]);
        let r = roll(&die(), 3, true, false, &mut dice);
        let c = r.counts();
        assert_eq!((c.hf, c.swords, c.flags, c.circle), (3, 1, 1, 1));
        assert_eq!(r.dice[0].rerolls, vec![Face::HonorFortune, Face::Flag]);
        assert_eq!(r.dice[2].rerolls, vec![Face::Circle]);
        assert_eq!(dice.loaded_remaining(), 0);
        assert!(r.describe().contains("GEN-UNIT-3"), "{}", r.describe());
    }

    #[test]
    fn the_hf_inspiration_cancels_first_earns_no_token_and_no_reroll() {
        // GEN-UNIT-1 and GEN-UNIT-2: the first H&F on an Inspired roll.
        let mut dice = Dice::new(1);
        dice.load([6, 6, 2]);
        let r = roll(&die(), 2, true, true, &mut dice);
        let c = r.counts();
        assert_eq!((c.hf, c.cancelled_hf, c.triangle), (1, 1, 1));
        assert!(r.dice[0].cancelled && r.dice[0].rerolls.is_empty());
        assert!(r.describe().contains("cancelled"));
    }

    #[test]
    fn without_the_reroll_an_hf_is_one_token() {
        let mut dice = Dice::new(1);
        dice.load([6, 6]);
        let c = roll(&die(), 2, false, false, &mut dice).counts();
        assert_eq!(c.hf, 2);
    }
}
