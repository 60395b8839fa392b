// SPDX-License-Identifier: MIT
#include "panels/widgets.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include <imgui_internal.h>  // a window's measured content size, to tell text that is cut off
#include <glm/common.hpp>

#include "input/shortcuts.hpp"
#include "panels/number_text.hpp"
#include "panels/panel_layout.hpp"

namespace pickray::app {

glm::vec2 toVec(ImVec2 v) { return glm::vec2(v.x, v.y); }
ImVec2 toImVec(glm::vec2 v) { return ImVec2(v.x, v.y); }

std::string kindLabel(const Shape& shape) { return std::string(kindName(shape)); }

// A key pressed this frame, from SDL's events: ImGui 1.86 sees a key only if it is still down when
// the frame starts, so a quick press and release between two slow frames would be lost to it.
bool keyPressed(const UiView& view, SDL_Keycode key) {
    return std::any_of(view.keys.begin(), view.keys.end(), [&](const KeyChord& k) { return k == KeyChord{key}; });
}

PanelRect measuredRect(const char* name) {
    const ImGuiWindow* window = ImGui::GetCurrentWindow();
    PanelRect rect{name, toVec(window->Pos), toVec(window->Size)};
    // Content starts inside the padding; what lies right of the clip rectangle is not drawn. (A
    // line wrapped at the work rectangle may reach a pixel into the padding: that still shows.)
    const float contentLeft = window->Pos.x + window->WindowPadding.x;
    rect.contentWidth = window->ContentSize.x;
    rect.roomWidth = window->InnerClipRect.Max.x - contentLeft;
    rect.cut = rect.contentWidth > rect.roomWidth;
    return rect;
}

// The tooltip of a control that does what a shortcut does: "What it does (its keys)".
std::string shortcutTooltipText(Action action, const char* what) {
    std::string text = what != nullptr ? what : actionText(action);
    if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text + " (" + allShortcutsLabel(action) + ")";
}

// After a control: its tooltip, shown while the cursor is on it, and listed for the report. In a
// menu (`besideMenu`) it goes beside the menu's window, not where ImGui puts a tooltip (below and
// right of the cursor, over the entries' shortcut column): right of the menu, else left of it,
// else below it, and inside the window.
void showTooltip(UiState& state, const std::string& text, bool besideMenu) {
    state.drawn->tooltips.push_back(TooltipRect{text, toVec(ImGui::GetItemRectMin()), toVec(ImGui::GetItemRectSize())});
    if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
    if (besideMenu) {
        const ImGuiStyle& style = ImGui::GetStyle();
        // A tooltip's window fits its line of text inside the window padding.
        const glm::vec2 size = toVec(ImGui::CalcTextSize(text.c_str())) + 2.0f * toVec(style.WindowPadding);
        const glm::vec2 menuMin = toVec(ImGui::GetWindowPos());
        const glm::vec2 menuMax = menuMin + toVec(ImGui::GetWindowSize());
        const glm::vec2 window = toVec(ImGui::GetIO().DisplaySize);
        const float gap = style.ItemSpacing.x;
        const float itemTop = ImGui::GetItemRectMin().y;
        glm::vec2 at(menuMin.x, menuMax.y + gap);  // below the menu
        if (menuMax.x + gap + size.x <= window.x) at = glm::vec2(menuMax.x + gap, itemTop);
        else if (menuMin.x - gap - size.x >= 0.0f) at = glm::vec2(menuMin.x - gap - size.x, itemTop);
        at = glm::floor(glm::clamp(at, glm::vec2(0.0f), glm::max(window - size, glm::vec2(0.0f))));
        ImGui::SetNextWindowPos(toImVec(at));
    }
    ImGui::SetTooltip("%s", text.c_str());
    state.drawn->tooltipShown = text;
}

void tooltip(UiState& state, const std::string& text) { showTooltip(state, text, false); }

void shortcutTooltip(UiState& state, Action action, const char* what) {
    showTooltip(state, shortcutTooltipText(action, what), false);
}

// Sizes in pixels at UI scale 1 grow with the scale: ImGui's font is 13 pixels at scale 1.
float em() { return ImGui::GetFontSize() / 13.0f; }

// SameLine() when an item `width` pixels wide still fits on the line; otherwise the next item
// starts a new line (a narrow panel stacks its buttons rather than cutting them off).
void sameLineIfFits(float width) {
    const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

// A panel of the layout: kept where it belongs in the window (keepPanelInWindow), its text
// wrapping at its edge rather than being cut off. endPanel() closes it.
void beginPanel(UiState& state, const UiView& view, const char* name, bool rightAnchored, glm::vec2 at, glm::vec2 size,
                float top) {
    ImGui::Begin(name);
    keepPanelInWindow(state, view, name, rightAnchored, at, size, top);
    ImGui::PushTextWrapPos(0.0f);
}

void endPanel() {
    ImGui::PopTextWrapPos();
    ImGui::End();
}

// The width of a button, radio button or checkbox labelled `label`.
float buttonWidth(const char* label) { return ImGui::CalcTextSize(label).x + 2.0f * ImGui::GetStyle().FramePadding.x; }
float checkWidth(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
}

// A piece of text with numbers, drawn whole (never wrapped) and recorded for the report.
void numberItem(UiState& state, const std::string& text) {
    const float roomRight = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    ImGui::PushTextWrapPos(-1.0f);  // no wrapping: a number is never split
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    state.drawn->numberTexts.push_back(
        DrawnText{text, toVec(ImGui::GetItemRectMin()), toVec(ImGui::GetItemRectSize()), roomRight});
}

// Pieces of text on one line while they fit, the next piece on a new line when it would not:
// a line breaks between numbers, never inside one.
void numberLine(UiState& state, const std::vector<std::string>& pieces) {
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (i > 0) sameLineIfFits(ImGui::CalcTextSize(pieces[i].c_str()).x);
        numberItem(state, pieces[i]);
    }
}

// How many characters of numbers the room left on this line (or in this table cell) holds.
int charactersThatFit() {
    const float digit = ImGui::CalcTextSize("0").x;  // the font is monospaced: every character as wide
    return std::max(1, static_cast<int>(ImGui::GetContentRegionAvail().x / std::max(digit, 1.0f)));
}

// "label (x, y, z)", breaking between the components; each number at most 12 characters, fewer
// if the panel is narrower.
void vectorLine(UiState& state, const char* label, glm::vec3 v) {
    const int width = std::min(12, charactersThatFit());
    const std::array<std::string, 3> parts = vectorParts(v, 4, width);
    numberLine(state, {label, parts[0], parts[1], parts[2]});
}

// A number in a table cell: fixed, or scientific where the fixed form would not fit the column.
void cellNumber(UiState& state, double value, int decimals) {
    int width = charactersThatFit();
    std::string text = numberText(value, decimals, width);
    while (width > 1 && ImGui::CalcTextSize(text.c_str()).x > ImGui::GetContentRegionAvail().x)
        text = numberText(value, decimals, --width);
    numberItem(state, text);
}

void fixedCellNumber(UiState& state, double value, int decimals) {
    const float room = ImGui::GetContentRegionAvail().x;
    for (int d = decimals; d >= 0; --d) {
        const std::string fixed = numberText(value, d, charactersThatFit());
        if (fixed.find('e') == std::string::npos && ImGui::CalcTextSize(fixed.c_str()).x <= room)
            return numberItem(state, fixed);
    }
    cellNumber(state, value, decimals);
}

}  // namespace pickray::app
