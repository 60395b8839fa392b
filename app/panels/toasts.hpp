// SPDX-License-Identifier: MIT
#pragma once
// Messages for the user, shown as toasts that fade: how long each stays and how it fades, and a
// later success clearing the errors before it. Pure: the time is given (ImGui's clock in the app).

#include <string>
#include <vector>

namespace pickray::app {

struct Toast {
    std::string text;
    bool isError = false;
    double shownAt = 0.0;  ///< the time it was posted, in seconds
};

/// Adds `text` shown from `now`: a success clears the errors before it; the same text again
/// renews the one shown; at most five stay, the newest.
void postToast(std::vector<Toast>& toasts, std::string text, bool isError, double now);
/// How long a toast stays: 4 s, an error 8 s.
[[nodiscard]] double toastSeconds(const Toast& toast);
/// How opaque it is at `now`: 1 until its last second, then fading to 0.
[[nodiscard]] float toastOpacity(const Toast& toast, double now);
/// Drops the toasts whose time is up.
void dropExpiredToasts(std::vector<Toast>& toasts, double now);
/// When the toasts' picture next changes by itself, in seconds from `now`: when the first fade
/// starts; while one fades, a 30th of a second (its next step); infinity with no toast. The
/// window sleeps until then when nothing else happens.
[[nodiscard]] double secondsUntilToastsChange(const std::vector<Toast>& toasts, double now);

}  // namespace pickray::app
