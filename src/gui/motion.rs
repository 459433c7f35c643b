//! Animation on the board: a counter glides to its new hex instead of
//! jumping there. The view alone moves; the game changed at once, so
//! animation never delays headless play or the computer's thinking. The
//! *Motion* setting makes it faster or turns it off
//! ([`super::settings::Motion`]).

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::camera::HEX_SIZE;
use super::settings::Motion;

/// A counter on its way: from where it was drawn to where it stands.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Glide {
    /// Where it started (world px).
    pub from: Vec3,
    /// Where it stands (world px).
    pub to: Vec3,
    /// Seconds since it set off.
    pub elapsed: f32,
    /// Seconds the glide takes.
    pub seconds: f32,
}

/// Seconds a glide of `distance` world px takes under `motion`: its time
/// per hex crossed, at most 4 hexes' worth; 0 (a jump) for reduced motion
/// or a move of under a pixel.
pub fn glide_seconds(motion: Motion, distance: f32) -> f32 {
    let hexes = distance / (HEX_SIZE * 3f32.sqrt());
    if distance < 1.0 {
        return 0.0;
    }
    motion.glide_seconds() * hexes.clamp(1.0, 4.0)
}

/// Where a glide is drawn after `elapsed` of `seconds`: eased in and out,
/// at `to` once done.
pub fn glide_at(from: Vec3, to: Vec3, elapsed: f32, seconds: f32) -> Vec3 {
    if seconds <= 0.0 || elapsed >= seconds {
        return to;
    }
    let t = (elapsed / seconds).clamp(0.0, 1.0);
    from.lerp(to, t * t * (3.0 - 2.0 * t))
}

/// Moves gliding counters on, and keeps the app awake until they arrive.
pub fn glide(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Transform, &mut Glide)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (e, mut tf, mut g) in &mut q {
        // A long frame (the app slept) never skips more than a tenth of a
        // second of the glide.
        g.elapsed += time.delta_secs().min(0.1);
        tf.translation = glide_at(g.from, g.to, g.elapsed, g.seconds);
        if g.elapsed >= g.seconds {
            commands.entity(e).remove::<Glide>();
        } else {
            redraw.write(RequestRedraw);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glide_eases_from_start_to_end_and_reduced_motion_jumps() {
        let (a, b) = (Vec3::new(0.0, 0.0, 5.0), Vec3::new(100.0, 0.0, 5.0));
        assert_eq!(glide_at(a, b, 0.0, 0.2), a);
        assert_eq!(glide_at(a, b, 0.1, 0.2).x, 50.0);
        assert_eq!(glide_at(a, b, 0.3, 0.2), b);
        let hex = HEX_SIZE * 3f32.sqrt();
        assert_eq!(glide_seconds(Motion::Reduced, 3.0 * hex), 0.0);
        assert!((glide_seconds(Motion::Normal, hex) - Motion::Normal.glide_seconds()).abs() < 1e-6);
        assert!(glide_seconds(Motion::Fast, 2.0 * hex) < glide_seconds(Motion::Normal, 2.0 * hex));
        // Capped at four hexes' worth, and nothing for no move.
        assert_eq!(
            glide_seconds(Motion::Normal, 40.0 * hex),
            glide_seconds(Motion::Normal, 4.0 * hex)
        );
        assert_eq!(glide_seconds(Motion::Normal, 0.5), 0.0);
    }
}
