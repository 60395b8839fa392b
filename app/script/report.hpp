// SPDX-License-Identifier: MIT
#pragma once
// The scripted mode's report: {"clicks": [{"cursor", "ray", "picked", "hits"}]} (names other tools
// read: they stay), "frame": {"ms", "pickMs", "drawCalls", ...}, "index", "memory", GL problems
// and "errors" (docs/DEMO.md describes every field).

#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "editor/pick.hpp"
#include "panels/drawn_panels.hpp"
#include "viewport/observer.hpp"
#include "viewport/performance.hpp"

namespace pickray::app {

/// The observer's view as the last frame drew it: the report's `observer`.
struct ObserverReport {
    std::string mode;  ///< "pip" or "main"
    scene::Camera camera;
    WindowRect inset;    ///< the corner picture, window units
    std::string corner;  ///< where it is asked to be (cornerName)
    float zoom = 1.0f;   ///< --observer-zoom, as its camera was first placed
    FrustumOutline frustum;
    std::string label;  ///< frustumLabel: what the view says when the frustum is not drawn as it is
};

/// The window as the script left it: its size, its title and where each panel was drawn last
/// (none while the panels are hidden).
struct WindowReport {
    glm::ivec2 size{0};
    std::string title;
    std::vector<PanelRect> panels;
    std::vector<std::string> outlinerRows;    ///< the names the outliner shows (its filter and scroll)
    std::vector<std::string> browserRows;     ///< the open file browser's rows (none when closed)
    std::vector<PanelRect> menus;             ///< the menu bar's menus (File, Edit, ...), where they are
    std::vector<TooltipRect> tooltips;        ///< every control drawn last frame that has a tooltip
    std::optional<std::string> tooltipShown;  ///< the tooltip under the cursor last frame
    std::vector<std::string> messages;        ///< the messages (toasts) shown, "error: ..." for errors
    // The editor at the end: what stays picked, what is selected, the undo history, the file.
    std::optional<std::string> picked;
    std::optional<std::string> hovered;  ///< what the cursor was over in the last frame (the Pick panel's "hover")
    std::vector<std::string> selection;
    std::size_t undoSteps = 0;
    bool unsaved = false;
    std::string gizmoMode = "move";          ///< "move", "rotate" or "scale"
    std::string gizmoSpace = "world";        ///< "world" or "local"
    bool gizmoShown = true;                  ///< View > Transform gizmo
    std::optional<std::string> snapShown;    ///< what the Inspector says Ctrl does (none: not drawn)
    std::vector<DrawnText> numberTexts;      ///< the panels' pieces of text with numbers, as drawn
    std::optional<std::string> sizeWarning;  ///< the Inspector's size warning (none: not shown)
    std::optional<TooltipRect> recentMenu;   ///< File > Open recent's entry, where it was measured
    std::vector<MenuEntry> recentEntries;    ///< its list as last drawn
    float lineHeight = 0.0f;                 ///< one line of text's height
    float uiScale = 1.0f;
    scene::Camera camera;  ///< the view's camera at the end (orbits included)
    /// View > Constructions: what its panel listed (and its object's name), its (s, t) square,
    /// the labels written in the view.
    std::optional<ShownConstruction> construction;
    std::string constructionObject;
    std::optional<DrawnHeatMap> heatMap;
    std::vector<DrawnLabel> viewLabels;
    std::vector<ScreenSegment> viewLines;     ///< the lines the labels keep off
    std::vector<ScreenSegment> gizmoHandles;  ///< the gizmo's handles the labels keep off
    glm::vec2 freeHalf{0.0f};                 ///< the centred part of the view no panel covers (F frames there)
    std::optional<ObserverReport> observer;   ///< none while the observer is off
};

/// `frame.pickMs` is the median of the clicks' query times (clicks on the UI left out); `errors`
/// lists the script's failed steps, one message each.
[[nodiscard]] std::string reportJson(const std::vector<ClickRecord>& clicks, const Performance& performance,
                                     const std::vector<std::string>& errors, const WindowReport& window = {});

}  // namespace pickray::app
