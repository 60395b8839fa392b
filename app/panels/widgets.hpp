// SPDX-License-Identifier: MIT
#pragma once
// The panels' shared pieces: sizes that follow the UI scale, a panel of the layout, tooltips, and
// numbers drawn whole (never wrapped, recorded for the report). For the panels' own .cpp files only.

#include <string>
#include <vector>

#include <imgui.h>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "input/shortcuts.hpp"
#include "panels/ui.hpp"

namespace pickray::app {

[[nodiscard]] glm::vec2 toVec(ImVec2 v);
[[nodiscard]] ImVec2 toImVec(glm::vec2 v);
/// A shape's kind as the panels name it ("sphere", "capsule", ...).
[[nodiscard]] std::string kindLabel(const Shape& shape);
/// A key pressed this frame, from SDL's events (UiView::keys), which ImGui may have missed.
[[nodiscard]] bool keyPressed(const UiView& view, SDL_Keycode key);
/// Inside a window's Begin/End: its rectangle for the report, and whether its content was cut off
/// on the right last frame (ImGui measures a window's content as it ends it).
[[nodiscard]] PanelRect measuredRect(const char* name);
/// The tooltip of a control that does what a shortcut does: "What it does (its keys)".
[[nodiscard]] std::string shortcutTooltipText(Action action, const char* what);
/// After a control: its tooltip, shown while the cursor is on it, and listed for the report; in a
/// menu (`besideMenu`), beside the menu's window.
void showTooltip(UiState& state, const std::string& text, bool besideMenu);
/// One pixel at UI scale 1, at the current scale (ImGui's font is 13 pixels at scale 1).
[[nodiscard]] float em();
/// SameLine() when an item `width` pixels wide still fits on the line.
void sameLineIfFits(float width);
/// A panel of the layout, kept in the window, its text wrapping at its edge; endPanel() closes it.
void beginPanel(UiState& state, const UiView& view, const char* name, bool rightAnchored, glm::vec2 at, glm::vec2 size,
                float top);
void endPanel();
/// The width of a button, or of a radio button or checkbox, labelled `label`.
[[nodiscard]] float buttonWidth(const char* label);
[[nodiscard]] float checkWidth(const char* label);
/// A piece of text with numbers, drawn whole and recorded for the report (DrawnPanels::numberTexts).
void numberItem(UiState& state, const std::string& text);
/// Pieces of text on one line while they fit: a line breaks between numbers, never inside one.
void numberLine(UiState& state, const std::vector<std::string>& pieces);
/// How many characters of numbers the room left on this line (or table cell) holds.
[[nodiscard]] int charactersThatFit();
/// "label (x, y, z)", breaking between the components.
void vectorLine(UiState& state, const char* label, glm::vec3 v);
/// A number in a table cell: fixed, or scientific where the fixed form would not fit the column.
void cellNumber(UiState& state, double value, int decimals = 4);
/// The same, but fewer decimals before scientific (-1.002000, -1.00200, ... -1): for columns of
/// numbers of one size (matrices, stages), where 640.0000 reads better than 6.4000e2.
void fixedCellNumber(UiState& state, double value, int decimals);

}  // namespace pickray::app
