// SPDX-License-Identifier: MIT
#pragma once
// What the panels drew in a frame, as they measured it: each window's rectangle and whether its
// content was cut off, the menus, the controls with tooltips, the outliner's rows in view. The
// panels write it; whoever describes the window (the script's report) reads it. Plain values.

#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "analysis/construction.hpp"
#include "viewport/label_places.hpp"

namespace pickray::app {

/// A panel's rectangle on screen (window units, top-left origin), and whether something in it
/// reaches past its right edge (text or a widget cut off: its content is wider than the room).
struct PanelRect {
    std::string name;
    glm::vec2 pos{0.0f};
    glm::vec2 size{0.0f};
    float contentWidth = 0.0f;  ///< the widest line of its content last frame, in pixels
    float roomWidth = 0.0f;     ///< the width its content has, inside the padding
    bool cut = false;           ///< contentWidth > roomWidth: something is cut off on the right
    bool docked = false;        ///< a panel with a place in the layout (or the menu bar), not a popup or toast
};

/// A control's tooltip (what it does and its keys), and where the control is.
struct TooltipRect {
    std::string text;
    glm::vec2 pos{0.0f};
    glm::vec2 size{0.0f};
};

/// A menu entry as drawn: its label, whether it could be chosen, where it is.
struct MenuEntry {
    std::string text;
    bool enabled = true;
    glm::vec2 pos{0.0f};
    glm::vec2 size{0.0f};
};

/// A piece of text with numbers, as drawn: its rectangle (one line high unless it wrapped) and the
/// right edge of the room it had (the panel's, or its table column's).
struct DrawnText {
    std::string text;
    glm::vec2 pos{0.0f};
    glm::vec2 size{0.0f};
    float roomRight = 0.0f;
};

/// A label of the view's construction (View > Constructions): the point it names, where its text
/// starts, and the dark box drawn behind the text (window units). `clear`: the box crosses no line
/// of the view's lines, no gizmo handle, no panel and no label placed before it.
struct DrawnLabel {
    std::string text;
    glm::vec2 at{0.0f};
    glm::vec2 textAt{0.0f};
    glm::vec2 boxPos{0.0f};
    glm::vec2 boxSize{0.0f};
    bool clear = true;
};

/// Article 001's (s, t) square as the Constructions panel drew it: its rectangle, the sampled f
/// (PairMap::values) and where the minimum's cross is.
struct DrawnHeatMap {
    glm::vec2 pos{0.0f};
    glm::vec2 size{0.0f};
    int cells = 0;
    std::vector<float> values;
    glm::vec2 minimumAt{0.0f};
    bool parallel = false;  ///< the callouts shown (SegmentPairConstruction's flags)
    bool firstIsPoint = false;
    bool secondIsPoint = false;
};

/// Everything the panels drew in one frame (the menus' places are kept from the frame a menu was
/// last closed in: an open menu's title cannot be measured).
struct DrawnPanels {
    std::vector<PanelRect> panels;            ///< every ImGui window drawn, in drawing order
    std::vector<PanelRect> menus;             ///< the menu bar's menus, in its order
    std::vector<TooltipRect> tooltips;        ///< every control drawn that has a tooltip
    std::optional<std::string> tooltipShown;  ///< the one under the cursor
    std::vector<std::string> outlinerRows;    ///< the outliner's rows in view (its filter and scroll)
    std::vector<std::string> browserRows;     ///< the file browser's rows, and its "Not shown" line
    std::optional<std::string> snapShown;     ///< what the Inspector says Ctrl does to a gizmo drag
    std::optional<std::string> sizeWarning;   ///< the Inspector's warning beside the size fields
    /// File > Open recent: its entry's rectangle (measured while its list is closed) and its list's
    /// entries as last drawn ("(missing)" marked), kept after the menu closes.
    std::optional<TooltipRect> recentMenu;
    std::vector<MenuEntry> recentEntries;
    std::vector<DrawnText> numberTexts;             ///< the pieces of text with numbers (Pick, Capsule pair)
    float lineHeight = 0.0f;                        ///< one line of text's height, in pixels
    std::optional<ShownConstruction> construction;  ///< what the Constructions panel listed
    std::optional<DrawnHeatMap> heatMap;            ///< its (s, t) square
    std::vector<DrawnLabel> viewLabels;             ///< the construction's labels in the view
    std::vector<ScreenSegment> viewLines;           ///< the lines the labels keep off (the ray, the construction)
    std::vector<ScreenSegment> gizmoHandles;        ///< the gizmo's handles, each as a thick segment
    glm::vec2 freeHalf{0.0f};                       ///< the free view's half extents (free_view.hpp), centred
};

}  // namespace pickray::app
