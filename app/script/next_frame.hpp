// SPDX-License-Identifier: MIT
#pragma once
// The next frame, drawn and saved: a screenshot, its object IDs, or their audit against the CPU's
// pick (Captures asks, the frame takes them at their place).

#include <optional>
#include <string>

#include "analysis/audit.hpp"
#include "shell/app.hpp"

namespace pickray::app {

/// The next frame saved as a PNG (with the panels when `withUi`); false on failure (said).
bool screenshotOfNextFrame(App& app, const std::string& path, bool withUi);
/// The next frame's object IDs saved as a PNG (writeIdBuffer); false on failure (said).
bool idBufferOfNextFrame(App& app, const std::string& path);
/// The next frame's object IDs audited against the CPU's pick; nothing on failure (said).
std::optional<AuditCounts> auditOfNextFrame(App& app);

}  // namespace pickray::app
