// SPDX-License-Identifier: MIT
#include "shell/frame_pacing.hpp"

#include <algorithm>

namespace pickray::app {

double FramePacer::waitAfter(const FrameActivity& frame) {
    if (frame.hadEvents) framesOwed_ = kFramesAfterEvents;
    if (framesOwed_ > 0) {
        --framesOwed_;
        return 0.0;
    }
    if (frame.notFinal) return 0.0;
    return std::max(0.0, frame.secondsUntilChange);
}

double FramePacer::capDelay(double frameSeconds) { return std::max(0.0, kShortestFrameSeconds - frameSeconds); }

bool SettleRule::settling(double now) const { return movedAt_ && now - *movedAt_ < kSettleSeconds; }

double SettleRule::secondsUntilSettled(double now) const {
    return movedAt_ ? kSettleSeconds - (now - *movedAt_) : std::numeric_limits<double>::infinity();
}

}  // namespace pickray::app
