// SPDX-License-Identifier: MIT
#include "panels/ui.hpp"

#include <imgui.h>

#include "panels/audit_panel.hpp"
#include "panels/camera_panel.hpp"
#include "panels/capsule_pair_panel.hpp"
#include "panels/construction_panel.hpp"
#include "panels/help.hpp"
#include "panels/inspector.hpp"
#include "panels/math_panel.hpp"
#include "panels/menu_bar.hpp"
#include "panels/outliner.hpp"
#include "panels/panel_layout.hpp"
#include "panels/panels_hint.hpp"
#include "panels/pick_panel.hpp"
#include "panels/questions.hpp"
#include "panels/toast_window.hpp"

namespace pickray::app {
namespace {

// The band's panels open now, in the band's order. One just opened comes to the front; when the
// front one closes, the last of the others does.
std::vector<BandPanel> openBandPanels(UiState& state) {
    const std::array<bool, kBandPanels> open{state.pickAudit, state.mathPanel, state.constructions};
    std::vector<BandPanel> out;
    for (std::size_t i = 0; i < kBandPanels; ++i) {
        if (open[i] && !state.bandWasOpen[i]) state.bandFront = BandPanel(i);
        if (open[i]) out.push_back(BandPanel(i));
    }
    state.bandWasOpen = open;
    if (!out.empty() && !open[static_cast<std::size_t>(state.bandFront)]) state.bandFront = out.back();
    return out;
}

// buildUi with state.drawn set.
std::vector<Command> drawWindows(UiState& state, const UiView& view, bool panels) {
    std::vector<Command> out;
    state.drawn->panels.clear();
    state.drawn->tooltips.clear();
    state.drawn->tooltipShown.reset();
    state.drawn->snapShown.reset();
    state.drawn->numberTexts.clear();
    state.drawn->construction.reset();
    state.drawn->heatMap.reset();
    state.drawn->sizeWarning.reset();
    state.drawn->lineHeight = ImGui::GetTextLineHeight();
    escapeClosesPopups(state, view);          // before the menus are drawn: one closed by Esc is not drawn
    if (!panels) state.drawn->menus.clear();  // no menu bar
    if (!panels) {                            // what must be answered, and the messages (a key's result must show)
        fileWindows(state, view, out);
        toastWindow(state, view);
        panelsHint(state, view);
        return out;
    }
    const float top = menuBar(state, view, out);
    const Layout layout = defaultLayout(view.windowSize, top, openBandPanels(state));
    outliner(state, view, layout, top, out);
    inspector(state, view, layout, top, out);
    cameraPanel(state, view, layout, top, out);
    pickPanel(state, view, layout, top, out);
    capsulePanel(state, view, layout, top);
    auditPanel(state, view, layout, top);
    mathPanel(state, view, layout, top);
    constructionPanel(state, view, layout, top);
    helpWindow(state);
    fileWindows(state, view, out);
    toastWindow(state, view);
    state.resetLayout = false;
    return out;
}

}  // namespace

std::vector<Command> buildUi(UiState& state, const UiView& view, bool panels, DrawnPanels& drawn) {
    state.drawn = &drawn;  // for this call only: the record is the caller's
    std::vector<Command> out = drawWindows(state, view, panels);
    // Where F frames from now on: the part of the view these panels leave.
    state.freeView = freeView(drawn.panels, glm::vec2(view.windowSize));
    drawn.freeHalf = state.freeView.half;
    state.drawn = nullptr;
    return out;
}

}  // namespace pickray::app
