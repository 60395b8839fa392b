// SPDX-License-Identifier: MIT
#include "panels/toasts.hpp"

#include <algorithm>
#include <cstddef>

namespace pickray::app {
namespace {

constexpr double kToastSeconds = 4.0;
constexpr double kErrorToastSeconds = 8.0;
constexpr double kFadeSeconds = 1.0;
constexpr std::size_t kMostToasts = 5;

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

}  // namespace pickray::app
