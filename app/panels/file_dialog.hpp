// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

#include "editor/commands.hpp"
#include "panels/ui.hpp"

namespace pickray::app {

/// Opens the file browser for File > Open or Save As, starting where the document is.
void openFileDialog(UiState& state, FileDialog::Mode mode, const std::string& documentPath);
/// The file browser of File > Open and Save As, while it is open.
void fileDialog(UiState& state, const UiView& view, std::vector<Command>& out);

}  // namespace pickray::app
