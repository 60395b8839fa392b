// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "editor/commands.hpp"
#include "panels/ui.hpp"

namespace pickray::app {

/// The main menu bar (File, Edit, View, Help); returns its height in pixels.
float menuBar(UiState& state, const UiView& view, std::vector<Command>& out);
/// Esc pressed this frame while a menu or a popup is open (not one of the questions or the file
/// browser, which answer Esc themselves): closes them all, and sets state.escapeClosedPopup.
void escapeClosesPopups(UiState& state, const UiView& view);

}  // namespace pickray::app
