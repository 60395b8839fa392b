// SPDX-License-Identifier: MIT
#include "panels/toasts.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>

namespace pickray::app {
namespace {

constexpr double kToastSeconds = 4.0;
constexpr double kErrorToastSeconds = 8.0;
constexpr double kFadeSeconds = 1.0;
constexpr std::size_t kMostToasts = 5;
constexpr double kFadeStepSeconds = 1.0 / 30.0;  // smooth enough for a fade; half the frames of 60 Hz

}  // namespace

void postToast(std::vector<Toast>& toasts, std::string text, bool isError, double now) {
    if (!isError) std::erase_if(toasts, [](const Toast& t) { return t.isError; });
    // The same message again (a refused value while a field is dragged) renews the one shown.
    std::erase_if(toasts, [&](const Toast& t) { return t.text == text; });
    toasts.push_back(Toast{std::move(text), isError, now});
    if (toasts.size() > kMostToasts)
        toasts.erase(toasts.begin(), toasts.end() - static_cast<std::ptrdiff_t>(kMostToasts));
}

double toastSeconds(const Toast& toast) { return toast.isError ? kErrorToastSeconds : kToastSeconds; }

float toastOpacity(const Toast& toast, double now) {
    const double left = toastSeconds(toast) - (now - toast.shownAt);
    return static_cast<float>(std::clamp(left / kFadeSeconds, 0.0, 1.0));
}

void dropExpiredToasts(std::vector<Toast>& toasts, double now) {
    std::erase_if(toasts, [&](const Toast& t) { return now - t.shownAt > toastSeconds(t); });
}

double secondsUntilToastsChange(const std::vector<Toast>& toasts, double now) {
    double soonest = std::numeric_limits<double>::infinity();
    for (const Toast& t : toasts) {
        const double fadeStarts = t.shownAt + toastSeconds(t) - kFadeSeconds;
        soonest = std::min(soonest, now < fadeStarts ? fadeStarts - now : kFadeStepSeconds);
    }
    return soonest;
}

}  // namespace pickray::app
