// SPDX-License-Identifier: MIT
#include "shell/ui_settings.hpp"

#include <tuple>

namespace pickray::app {

void applyOptions(UiState& ui, const Options& options, float displayScale) {
    constexpr ObserverMode kObserverModes[] = {ObserverMode::Off, ObserverMode::Inset, ObserverMode::Main};
    ui.observer = kObserverModes[static_cast<int>(options.observer)];
    ui.observerCorner = static_cast<InsetCorner>(options.observerCorner);  // the same order
    ui.analyticRenderer = options.renderer == RendererKind::Analytic;
    ui.fxaa = options.fxaa;
    ui.gizmoShown = options.gizmo;
    ui.mathSections = options.mathSections;
    ui.noStats = options.noStats;
    ui.naiveRay = options.naiveRay;
    ui.scale = options.uiScale.value_or(displayScale);
}

static_assert(std::tuple_size_v<MathSections> == std::tuple_size_v<decltype(UiState::mathSections)>,
              "--math-sections names each of the Math panel's sections");
static_assert(static_cast<int>(InsetCorner::BottomRight) == static_cast<int>(ObserverCorner::BottomRight),
              "--observer-corner's names are InsetCorner's, in the same order");

ObserverFraming observerFraming(const Options& options) {
    return {options.observerEye, options.observerTarget, options.observerZoom};
}

SessionSettings sessionSettings(const UiState& ui, bool hideUi) {
    return SessionSettings{ui.gizmoMode,   ui.gizmoSpace,       ui.pickAudit, ui.mathPanel, ui.constructions,
                           ui.mathOfHover, ui.analyticRenderer, ui.fxaa,      ui.naiveRay,  ui.showHelp,
                           hideUi,         ui.observer,         ui.gizmoShown};
}

bool applySessionSettings(UiState& ui, const SessionSettings& s) {
    ui.gizmoMode = s.gizmoMode;
    ui.gizmoSpace = s.gizmoSpace;
    ui.pickAudit = s.pickAudit;
    ui.mathPanel = s.mathPanel;
    ui.constructions = s.constructions;
    ui.mathOfHover = s.mathOfHover;
    ui.analyticRenderer = s.analyticRenderer;
    ui.fxaa = s.fxaa;
    ui.naiveRay = s.naiveRay;
    ui.showHelp = s.showHelp;
    ui.observer = s.observer;
    ui.gizmoShown = s.gizmoShown;
    return s.hideUi;
}

}  // namespace pickray::app
