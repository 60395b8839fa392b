// SPDX-License-Identifier: MIT
#pragma once
// The scripted mode's report: {"clicks": [{"cursor", "ray", "picked", "hits"}]} (names fixed by
// issue #3: other tools read them), plus "frame": {"ms", "pickMs", "drawCalls", ...} (issue #4).

#include <optional>
#include <string>
#include <vector>

#include "performance.hpp"
#include "pick.hpp"

namespace pickray::app {

/// A click as it was handled; names are taken at click time, since the scene may change after.
struct ClickRecord {
    Pick pick;
    bool onUi = false;                  ///< the click landed on an ImGui window, so it picked nothing
    std::vector<std::string> hitNames;  ///< name of the object of each of pick.hits
};

[[nodiscard]] ClickRecord makeClickRecord(const Pick& pick, bool onUi, const scene::Scene& scene);
/// `frame.pickMs` is the median of the clicks' query times (clicks on the UI left out).
[[nodiscard]] std::string reportJson(const std::vector<ClickRecord>& clicks, const Performance& performance);

}  // namespace pickray::app
