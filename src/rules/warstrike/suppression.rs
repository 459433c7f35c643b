//! Suppression: the hit-die, nerve markers and Steadfast (WS-SUP-*, WS-HIT-*,
//! WS-NV-*, WS-SPC-2).

/// Hits per nerve marker: 6, or 12 for a Steadfast unit (WS-HIT-2, WS-SPC-2).
pub fn hits_per_marker(steadfast: bool) -> u32 {
    if steadfast { 12 } else { 6 }
}

/// Adds `hits` to a hit-die showing `shown` (0 = no hit-die, not suppressed)
/// that wraps every `cycle` hits (WS-HIT-1, WS-HIT-2). Returns the value shown
/// afterwards (1..=cycle, or 0 with no hits at all) and the nerve markers
/// gained: one each time the count reaches `cycle`.
pub fn add_hits(shown: u32, hits: u32, cycle: u32) -> (u32, u32) {
    let total = shown + hits;
    let gained = total / cycle - shown / cycle;
    let after = if total == 0 {
        0
    } else {
        (total - 1) % cycle + 1
    };
    (after, gained)
}

/// A unit's suppression state: the hit-die count (0 = unsuppressed, WS-SUP-2)
/// and its nerve markers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Suppression {
    /// Hits shown on the hit-die (1..=6, or 1..=12 on a Steadfast unit's two dice); 0 = none.
    pub hit_die: u32,
    /// Nerve markers held, never more than the starting Nv (WS-NV-2).
    pub nerve_markers: u32,
}

impl Suppression {
    /// Whether the unit is suppressed (WS-SUP-2).
    pub fn suppressed(self) -> bool {
        self.hit_die > 0
    }

    /// One salvo's effect (WS-GLO-1): hits counted on the hit-die, then one
    /// extra marker if it failed any saving throw (WS-HIT-4), then the cap at
    /// the starting Nv (WS-NV-2), in that order (WS-HIT-5).
    pub fn take_salvo(
        self,
        hits: u32,
        failed_saves: u32,
        steadfast: bool,
        starting_nv: u32,
    ) -> Suppression {
        let (hit_die, gained) = add_hits(self.hit_die, hits, hits_per_marker(steadfast));
        let from_saves = u32::from(failed_saves > 0);
        Suppression {
            hit_die,
            nerve_markers: (self.nerve_markers + gained + from_saves).min(starting_nv),
        }
    }

    /// Clears suppression: removes the hit-die, both dice of a Steadfast unit
    /// (WS-CLR-1, WS-CLR-2, WS-SPC-2).
    pub fn cleared(self) -> Suppression {
        Suppression { hit_die: 0, ..self }
    }

    /// Removes one nerve marker, if any (WS-CLR-3 … WS-CLR-5).
    pub fn less_one_marker(self) -> Suppression {
        Suppression {
            nerve_markers: self.nerve_markers.saturating_sub(1),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gc_ws_01_fifteen_hits() {
        // GC-WS-01 (WS-HIT-1, WS-HIT-2, WS-HIT-3).
        let s = Suppression::default().take_salvo(15, 0, false, 5);
        assert_eq!((s.nerve_markers, s.hit_die, s.suppressed()), (2, 3, true));
    }

    #[test]
    fn gc_ws_02_twelve_hits() {
        // GC-WS-02 (WS-HIT-2, WS-HIT-3).
        let s = Suppression::default().take_salvo(12, 0, false, 5);
        assert_eq!((s.nerve_markers, s.hit_die), (2, 6));
        // A die showing 6 that takes one more hit shows 1 and gains nothing.
        assert_eq!(add_hits(6, 1, 6), (1, 0));
    }

    #[test]
    fn gc_ws_07_failed_saves_add_one_marker_per_salvo() {
        // GC-WS-07 (WS-HIT-4, WS-HIT-2).
        let s = Suppression::default().take_salvo(7, 2, false, 5);
        assert_eq!((s.nerve_markers, s.hit_die), (2, 1));
    }

    #[test]
    fn gc_ws_08_steadfast() {
        // GC-WS-08 (WS-SPC-2).
        let t = |h| Suppression::default().take_salvo(h, 0, true, 5);
        assert_eq!((t(15).nerve_markers, t(15).hit_die), (1, 3));
        assert_eq!((t(12).nerve_markers, t(12).hit_die), (1, 12));
        assert_eq!((t(24).nerve_markers, t(24).hit_die), (2, 12));
        assert!(!t(24).cleared().suppressed());
    }

    #[test]
    fn nerve_markers_are_capped_at_the_starting_nv() {
        // WS-NV-2.
        let s = Suppression::default().take_salvo(30, 1, false, 3);
        assert_eq!(s.nerve_markers, 3);
        assert_eq!(s.less_one_marker().nerve_markers, 2);
    }
}
