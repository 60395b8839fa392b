// SPDX-License-Identifier: MIT
#pragma once

#include "panels/panel_layout.hpp"

namespace pickray::app {

/// The Pick audit panel (View > Pick audit): the heat map's legend and the audit's counts.
void auditPanel(UiState& state, const UiView& view, const Layout& layout, float top);

}  // namespace pickray::app
