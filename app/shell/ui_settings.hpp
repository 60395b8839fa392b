// SPDX-License-Identifier: MIT
#pragma once
// The panels' view settings: as the command line starts them, as a session keeps them.

#include "cli/cli.hpp"
#include "panels/ui.hpp"
#include "session/session.hpp"

namespace pickray::app {

/// The settings `options` start the panels with, at a UI scale of `displayScale` unless --ui-scale.
void applyOptions(UiState& ui, const Options& options, float displayScale);
/// The observer's camera as the command line asks it to start (--observer-eye, -target, -zoom).
[[nodiscard]] ObserverFraming observerFraming(const Options& options);

/// The settings `ui` shows, with the panels hidden or not (`hideUi`).
[[nodiscard]] SessionSettings sessionSettings(const UiState& ui, bool hideUi);
/// Sets `ui`'s settings to `settings`'; returns whether the panels are hidden.
bool applySessionSettings(UiState& ui, const SessionSettings& settings);

}  // namespace pickray::app
