// SPDX-License-Identifier: MIT
#pragma once

#include "panels/panel_layout.hpp"

namespace pickray::app {

/// The Capsule pair panel, for two selected capsules: their distance, gap and closest points.
void capsulePanel(UiState& state, const UiView& view, const Layout& layout, float top);

}  // namespace pickray::app
