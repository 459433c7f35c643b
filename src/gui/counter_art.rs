//! The face of a hex counter: its unit symbol (crossed swords, a spear, a
//! bow, a gun, a horseshoe, a war fan) in the counter's ink, and the cue
//! that tells the sides apart without colour: side 0 carries a dark band
//! along its top edge, side 1 a frame inside its edge. Pure shapes, made
//! meshes by the hex board (`board_view.rs`).

use std::f32::consts::PI;

use bevy::prelude::*;

use super::terrain_art::Shape;
use crate::engine::view::UnitSymbol;

/// The counter's size in px (width × height): inside a hex of
/// `HEX_SIZE` 44 (76 px across its flats).
pub const COUNTER: Vec2 = Vec2::new(60.0, 44.0);

/// The counter label's font size, px at zoom 1: at the hex board's
/// starting zoom (`camera::HEX_ZOOM`) it is drawn at least
/// [`MIN_LABEL_SCREEN_PX`] on screen at 100% UI scale.
pub const LABEL_PX: f32 = 15.0;

/// The least size of counter text on screen, px at 100% UI scale.
pub const MIN_LABEL_SCREEN_PX: f32 = 11.0;

/// The least contrast of a counter's text against the counter (WCAG AA
/// for normal text).
pub const MIN_CONTRAST: f32 = 4.5;

/// An sRGB channel (0..1) in linear light (WCAG 2 relative luminance).
fn linear(c: f32) -> f32 {
    if c <= 0.040_45 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// The WCAG 2 relative luminance of an sRGB colour (channels 0..1), 0..1.
pub fn relative_luminance(c: [f32; 3]) -> f32 {
    0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2])
}

/// The WCAG 2 contrast ratio of two sRGB colours, 1..21.
pub fn contrast_ratio(a: [f32; 3], b: [f32; 3]) -> f32 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The black ink of light counters.
pub const DARK_INK: [f32; 3] = [0.0, 0.0, 0.0];
/// The white ink of dark counters.
pub const LIGHT_INK: [f32; 3] = [1.0, 1.0, 1.0];

/// The counter's ink on a side colour `base` (sRGB 0..1): black or
/// white, whichever stands out more. Either way the contrast is at least
/// 4.5:1 (the worst base, a mid grey, still gives about 4.6).
pub fn ink_for(base: [f32; 3]) -> [f32; 3] {
    if contrast_ratio(DARK_INK, base) >= contrast_ratio(LIGHT_INK, base) {
        DARK_INK
    } else {
        LIGHT_INK
    }
}

/// Where the symbol's centre sits on the counter, px from its centre.
pub const SYMBOL_AT: Vec2 = Vec2::new(0.0, 4.0);

/// What colour a piece takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// The counter's ink (dark on a light side, white on a dark one).
    Ink,
    /// The side's own colour (cuts a gap in an ink shape).
    Base,
    /// The side's colour darkened (side 0's band).
    Shade,
}

/// One piece of a counter's face, px from the counter's centre.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Piece {
    /// The shape.
    pub shape: Shape,
    /// Its centre.
    pub at: Vec2,
    /// Its turn, radians anticlockwise.
    pub angle: f32,
    /// Its colour.
    pub paint: Paint,
}

fn piece(shape: Shape, x: f32, y: f32, angle: f32, paint: Paint) -> Piece {
    Piece {
        shape,
        at: SYMBOL_AT + Vec2::new(x, y),
        angle,
        paint,
    }
}

/// An arrow pointing right with its tip at `(x, y)`, `len` px long.
fn arrow(out: &mut Vec<Piece>, x: f32, y: f32, len: f32, angle: f32) {
    let dir = Vec2::new(angle.cos(), angle.sin());
    let mid = Vec2::new(x, y) - dir * (len / 2.0);
    out.push(piece(
        Shape::Rect(len - 3.0, 1.4),
        mid.x - dir.x * 1.5,
        mid.y - dir.y * 1.5,
        angle,
        Paint::Ink,
    ));
    out.push(piece(
        Shape::Peak(4.5, 5.0),
        x - dir.x * 2.5,
        y - dir.y * 2.5,
        angle - PI / 2.0,
        Paint::Ink,
    ));
}

/// The pieces of `symbol`, centred on [`SYMBOL_AT`], within 13 × 9 px of
/// it.
pub fn symbol_art(symbol: UnitSymbol) -> Vec<Piece> {
    let mut out = Vec::new();
    match symbol {
        UnitSymbol::Infantry => {
            for a in [0.5f32, PI - 0.5] {
                out.push(piece(Shape::Rect(22.0, 2.2), 0.0, 0.0, a, Paint::Ink));
                let hilt = -Vec2::new(a.cos(), a.sin()) * 7.0;
                out.push(piece(
                    Shape::Rect(6.0, 2.0),
                    hilt.x,
                    hilt.y,
                    a + PI / 2.0,
                    Paint::Ink,
                ));
            }
        }
        UnitSymbol::Spear => {
            out.push(piece(Shape::Rect(20.0, 2.0), -3.0, 0.0, 0.0, Paint::Ink));
            out.push(piece(
                Shape::Peak(6.0, 8.0),
                10.5,
                0.0,
                -PI / 2.0,
                Paint::Ink,
            ));
            out.push(piece(Shape::Rect(2.0, 5.0), 6.0, 0.0, 0.0, Paint::Ink));
        }
        UnitSymbol::Bow => {
            // The bow's limb: short strokes along an arc, then the string.
            let (c, r) = (Vec2::new(4.0, 0.0), 8.5);
            for k in 0..7 {
                let t = (110.0 + 140.0 * k as f32 / 6.0).to_radians();
                let p = c + Vec2::new(t.cos(), t.sin()) * r;
                out.push(piece(Shape::Rect(1.8, 3.8), p.x, p.y, t, Paint::Ink));
            }
            out.push(piece(
                Shape::Rect(1.0, 16.0),
                c.x + r * 110f32.to_radians().cos(),
                0.0,
                0.0,
                Paint::Ink,
            ));
            arrow(&mut out, 12.5, 0.0, 22.0, 0.0);
        }
        UnitSymbol::Gun => {
            out.push(piece(Shape::Rect(20.0, 2.6), 3.0, 1.5, 0.0, Paint::Ink));
            out.push(piece(Shape::Rect(9.0, 5.0), -9.0, -0.8, 0.3, Paint::Ink));
            out.push(piece(Shape::Rect(1.6, 4.5), -2.0, -1.8, 0.0, Paint::Ink));
        }
        UnitSymbol::Cavalry => horseshoe(&mut out, 0.0, 1.0, 1.0),
        UnitSymbol::MountedBow => {
            horseshoe(&mut out, -5.0, 1.0, 0.8);
            arrow(&mut out, 12.0, 4.0, 16.0, 0.45);
        }
        UnitSymbol::Leader => {
            out.push(piece(Shape::Disc(7.0), 0.0, 2.0, 0.0, Paint::Ink));
            out.push(piece(Shape::Disc(2.4), 0.0, 2.0, 0.0, Paint::Base));
            out.push(piece(Shape::Rect(2.2, 8.0), 0.0, -6.5, 0.0, Paint::Ink));
        }
    }
    out
}

/// A horseshoe opening downward at `(x, y)`, scaled by `k`.
fn horseshoe(out: &mut Vec<Piece>, x: f32, y: f32, k: f32) {
    out.push(piece(Shape::Ring(5.0 * k, 8.5 * k), x, y, 0.0, Paint::Ink));
    out.push(piece(
        Shape::Rect(7.0 * k, 7.0 * k),
        x,
        y - 5.5 * k,
        0.0,
        Paint::Base,
    ));
    for s in [-1.0f32, 1.0] {
        out.push(piece(
            Shape::Disc(0.9 * k),
            x + s * 6.8 * k,
            y + 1.5 * k,
            0.0,
            Paint::Base,
        ));
    }
}

/// The cue of `side` that is not colour: side 0 a dark band along the top
/// edge, side 1 a frame 3 px inside the edge.
pub fn side_cue(side: u8) -> Vec<Piece> {
    let (w, h) = (COUNTER.x, COUNTER.y);
    let at = |x: f32, y: f32, shape: Shape, paint: Paint| Piece {
        shape,
        at: Vec2::new(x, y),
        angle: 0.0,
        paint,
    };
    if side == 0 {
        vec![at(0.0, h / 2.0 - 3.5, Shape::Rect(w, 7.0), Paint::Shade)]
    } else {
        let t = 1.6;
        let (x, y) = (w / 2.0 - 3.0, h / 2.0 - 3.0);
        vec![
            at(0.0, y, Shape::Rect(2.0 * x, t), Paint::Ink),
            at(0.0, -y, Shape::Rect(2.0 * x, t), Paint::Ink),
            at(x, 0.0, Shape::Rect(t, 2.0 * y), Paint::Ink),
            at(-x, 0.0, Shape::Rect(t, 2.0 * y), Paint::Ink),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SYMBOLS: [UnitSymbol; 7] = [
        UnitSymbol::Infantry,
        UnitSymbol::Spear,
        UnitSymbol::Bow,
        UnitSymbol::Gun,
        UnitSymbol::Cavalry,
        UnitSymbol::MountedBow,
        UnitSymbol::Leader,
    ];

    #[test]
    fn every_symbol_is_its_own_and_stays_on_the_counter() {
        for (i, a) in SYMBOLS.iter().enumerate() {
            let art = symbol_art(*a);
            assert!(art.iter().any(|p| p.paint == Paint::Ink), "{a:?}");
            for p in &art {
                let d = p.at - SYMBOL_AT;
                assert!(d.x.abs() <= 14.0 && d.y.abs() <= 10.0, "{a:?} {p:?}");
            }
            for b in &SYMBOLS[i + 1..] {
                assert_ne!(art, symbol_art(*b), "{a:?} and {b:?}");
            }
        }
    }

    #[test]
    fn the_sides_cues_differ_in_shape_not_only_in_colour() {
        let (a, b) = (side_cue(0), side_cue(1));
        assert_ne!(a.len(), b.len());
        for p in a.iter().chain(&b) {
            assert!(p.at.x.abs() <= COUNTER.x / 2.0 && p.at.y.abs() <= COUNTER.y / 2.0);
        }
    }
}
