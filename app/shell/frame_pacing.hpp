// SPDX-License-Identifier: MIT
#pragma once
// When a window of the user's draws its next frame: only when something may have changed, so that
// an idle pickray sleeps instead of redrawing a still picture. After any event (input, expose,
// resize, focus) a few frames more, which ImGui needs (a release seen the frame after its press, a
// window fitted to its contents); apart from those, only when the picture changes by itself (a
// toast fading, the caret blinking) or is not final yet (an approximate view, a quit pending); and
// never faster than 60 frames a second by the clock, where vsync does not pace the swap (software
// GL, Xvfb, remote X). Scripts do not use it: they never wait. Pure: the caller gives the times.

#include <limits>
#include <optional>

namespace pickray::app {

/// What one frame tells the pacer.
struct FrameActivity {
    bool hadEvents = false;  ///< SDL delivered an event during the frame
    bool notFinal = false;   ///< the picture drawn is not the final one (approximate, a quit pending)
    /// When the picture next changes by itself (toasts, the caret), in seconds from now.
    double secondsUntilChange = std::numeric_limits<double>::infinity();
};

class FramePacer {
public:
    /// Frames drawn after the one that received events.
    static constexpr int kFramesAfterEvents = 3;
    /// The shortest frame: 60 a second.
    static constexpr double kShortestFrameSeconds = 1.0 / 60.0;

    /// After a frame: how long to wait for an event before drawing the next one, in seconds
    /// (0: draw it at once; infinity: only when an event comes). The first frames after the
    /// window opens count as after an event.
    [[nodiscard]] double waitAfter(const FrameActivity& frame);
    /// How long to sleep before the next frame may start, after a frame that took `frameSeconds`:
    /// what is left of the shortest frame.
    [[nodiscard]] static double capDelay(double frameSeconds);

private:
    int framesOwed_ = kFramesAfterEvents;
};

/// How long a window's view stays approximate after the camera stops: a wheel's steps come a few
/// tens of milliseconds apart, and an exact frame between two (most of a second at 1e5 objects on
/// software GL) would stall the zoom. Times are seconds on the caller's steady clock.
class SettleRule {
public:
    static constexpr double kSettleSeconds = 0.25;
    /// The camera moved in the frame at `now`.
    void cameraMoved(double now) { movedAt_ = now; }
    /// Less than kSettleSeconds since the camera last moved.
    [[nodiscard]] bool settling(double now) const;
    /// Seconds from `now` until it has settled (negative once it has; infinity: it never moved).
    [[nodiscard]] double secondsUntilSettled(double now) const;
    /// Seconds from the last camera move to `now` (none: it never moved).
    [[nodiscard]] std::optional<double> secondsSinceMoved(double now) const {
        return movedAt_ ? std::optional<double>(now - *movedAt_) : std::nullopt;
    }

private:
    std::optional<double> movedAt_;
};

}  // namespace pickray::app
