// SPDX-License-Identifier: MIT
#include "panels/construction_panel.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>
#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "panels/number_text.hpp"
#include "panels/widgets.hpp"
#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

// The gap between a label's point and its box at the nearest places (pixels at scale 1).
constexpr float kLabelGap = 5.0f;

ImU32 color32(glm::vec3 c, float alpha = 1.0f) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, alpha)); }
void coloredText(glm::vec3 c, const std::string& text) {
    ImGui::TextColored(ImVec4(c.r, c.g, c.b, 1.0f), "%s", text.c_str());
}
std::string behind(bool isBehind) { return isBehind ? " (behind L)" : ""; }
void section(const char* title) {
    ImGui::Separator();
    ImGui::TextDisabled("%s", title);
}

void infiniteCylinder(UiState& state, const InfiniteCylinderConstruction& c) {
    ImGui::TextUnformatted(caseName(c.kind));
    ImGui::TextDisabled("Q = L + aV on the line, R = P1 + bS on the axis; R1Q1, R2Q2 perpendicular to it, length r");
    switch (c.kind) {
        case InfiniteCylinderCase::kCrosses:
            numberLine(state, {"a1", numberText(c.a1), "a2", numberText(c.a2)});
            vectorLine(state, ("Q1" + behind(c.q1Behind)).c_str(), c.q1);
            vectorLine(state, ("Q2" + behind(c.q2Behind)).c_str(), c.q2);
            numberLine(state, {"b1", numberText(c.b1), "b2", numberText(c.b2)});
            vectorLine(state, "R1", c.r1);
            vectorLine(state, "R2", c.r2);
            break;
        case InfiniteCylinderCase::kParallelInside:
        case InfiniteCylinderCase::kParallelOutside:
            numberLine(state, {"distance from the axis", numberText(c.axisDistance)});
            if (c.kind == InfiniteCylinderCase::kParallelInside)
                ImGui::TextDisabled("a1 = -inf, a2 = +inf (the article's A == 0 says no collision)");
            break;
        default: break;
    }
}

void capLine(UiState& state, const char* name, const CapPlaneCrossing& cap) {
    if (!cap.crosses) {
        ImGui::Text("%s: not crossed (the line is parallel to the cap planes)", name);
        return;
    }
    coloredText(cap.onCap ? kOnCapColor : kOffCapColor,
                std::string(name) + (cap.onCap ? ": on the cap" : ": off the cap") + behind(cap.behind));
    numberLine(state, {"  t", numberText(cap.t)});
    vectorLine(state, "  at", cap.point);
}

void cylinder(UiState& state, const CylinderConstruction& c) {
    ImGui::TextUnformatted(caseName(c.kind));
    if (c.kind == CylinderCase::kInvalid || c.kind == CylinderCase::kDegenerate) return;
    section("the side (article 000's construction)");
    infiniteCylinder(state, c.side);
    section("the cap planes");
    if (c.parallelToCaps)
        ImGui::TextUnformatted(c.betweenCaps ? "parallel to the caps, between them: the side alone bounds it"
                                             : "parallel to the caps, outside them: a miss");
    capLine(state, "cap A (plane through a)", c.capA);
    capLine(state, "cap B (plane through b)", c.capB);
    if (c.kind != CylinderCase::kHit) return;
    section("the span");
    numberLine(state, {"enter", numberText(c.enter),
                       std::string("through ") + partName(c.enterSurface) + behind(c.enterBehind)});
    numberLine(state,
               {"exit ", numberText(c.exit), std::string("through ") + partName(c.exitSurface) + behind(c.exitBehind)});
}

void box(UiState& state, const BoxConstruction& c) {
    ImGui::TextUnformatted(caseName(c.kind));
    if (c.kind == BoxCase::kInvalid) return;
    ImGui::TextDisabled("the ray in the box's own frame (t as in the world):");
    vectorLine(state, "origin   ", c.localOrigin);
    vectorLine(state, "direction", c.localDirection);
    constexpr ImGuiTableFlags kFlags =
        ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchSame;
    if (ImGui::BeginTable("slabs", 4, kFlags)) {
        for (const char* title : {"slab", "t_near", "t_far", "faces"}) ImGui::TableSetupColumn(title);
        ImGui::TableHeadersRow();
        static const char* const kAxes[] = {"x", "y", "z"};
        for (int axis = 0; axis < 3; ++axis) {
            const SlabInterval& s = c.slabs[static_cast<std::size_t>(axis)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            coloredText(kSlabColors[axis], kAxes[axis]);
            ImGui::TableNextColumn();
            cellNumber(state, s.tNear);
            ImGui::TableNextColumn();
            cellNumber(state, s.tFar);
            ImGui::TableNextColumn();
            if (s.parallel) ImGui::TextUnformatted(s.inside ? "parallel, in" : "parallel, out");
            else ImGui::Text("%s %s", faceName(s.nearFace), faceName(s.farFace));
        }
        ImGui::EndTable();
    }
    numberLine(state, {"t = max t_near", numberText(c.enter),
                       std::string("face ") + faceName(c.enterFace) + behind(c.enterBehind)});
    numberLine(state, {"t_max = min t_far", numberText(c.exit),
                       std::string("face ") + faceName(c.exitFace) + behind(c.exitBehind)});
}

// f's value to a colour: dark blue at the minimum, through teal and green to yellow at the
// square's largest, by distance (the square root of f) so that the valley reads.
glm::vec3 heat(float fraction) {
    constexpr glm::vec3 kStops[] = {
        {0.10f, 0.08f, 0.35f}, {0.10f, 0.45f, 0.55f}, {0.35f, 0.75f, 0.35f}, {0.98f, 0.9f, 0.2f}};
    const float x = std::clamp(fraction, 0.0f, 1.0f) * 3.0f;
    const int i = std::min(static_cast<int>(x), 2);
    return kStops[i] + (x - static_cast<float>(i)) * (kStops[i + 1] - kStops[i]);
}

void pairSection(UiState& state, const UiView& view, std::size_t first, std::size_t second) {
    const auto& c1 = std::get<Capsule>(view.scene.objects[first].shape);
    const auto& c2 = std::get<Capsule>(view.scene.objects[second].shape);
    const PairMap map = pairMap(c1, c2, kPairMapCells);
    const SegmentPairConstruction& axes = map.pair.axes;
    ImGui::TextWrapped("article 001: capsule vs capsule, %s and %s", view.scene.objects[first].name.c_str(),
                       view.scene.objects[second].name.c_str());
    ImGui::TextDisabled("f(s, t) = |P(s) - Q(t)|^2 over the axes, s along the first, t the second");
    const float side = kPairMapPixels * em();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(side, side));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    float largest = 0.0f;
    for (const float f : map.values) largest = std::max(largest, f);
    const float scale = largest > 0.0f ? 1.0f / std::sqrt(largest) : 0.0f;
    const float cell = side / static_cast<float>(map.cells);
    for (int j = 0; j < map.cells; ++j)
        for (int i = 0; i < map.cells; ++i) {
            const float f = map.values[static_cast<std::size_t>(j * map.cells + i)];
            // t grows upwards, as the plane's second axis.
            const ImVec2 a(origin.x + static_cast<float>(i) * cell, origin.y + side - static_cast<float>(j + 1) * cell);
            draw->AddRectFilled(a, ImVec2(a.x + cell, a.y + cell), color32(heat(std::sqrt(f) * scale)));
            if (f <= map.overlapLevel)  // the capsules overlap at these (s, t): hatched red
                draw->AddRectFilled(a, ImVec2(a.x + cell, a.y + cell), color32({1.0f, 0.15f, 0.15f}, 0.45f));
        }
    draw->AddRect(origin, ImVec2(origin.x + side, origin.y + side), color32({0.8f, 0.8f, 0.8f}));
    const ImVec2 minimum(origin.x + axes.s * side, origin.y + (1.0f - axes.t) * side);
    const float arm = 6.0f * em();
    for (const auto& [w, c] : {std::pair{3.0f, glm::vec3(0.0f)}, std::pair{1.5f, glm::vec3(1.0f)}}) {
        draw->AddLine(ImVec2(minimum.x - arm, minimum.y - arm), ImVec2(minimum.x + arm, minimum.y + arm), color32(c),
                      w);
        draw->AddLine(ImVec2(minimum.x - arm, minimum.y + arm), ImVec2(minimum.x + arm, minimum.y - arm), color32(c),
                      w);
    }
    state.drawn->heatMap = DrawnHeatMap{toVec(origin),  glm::vec2(side), map.cells,         map.values,
                                        toVec(minimum), axes.parallel,   axes.firstIsPoint, axes.secondIsPoint};
    ImGui::TextDisabled("s 0..1 to the right, t 0..1 upwards; red: f <= (r1 + r2)^2, they overlap");
    numberLine(state, {"minimum at s", numberText(axes.s), "t", numberText(axes.t)});
    numberLine(state, {"axis distance", numberText(axes.distance), "gap", numberText(map.pair.gap)});
    if (axes.parallel)
        ImGui::TextColored(ImVec4(1.0f, 0.65f, 0.0f, 1.0f),
                           "parallel axes: f is smallest along a whole segment of the square; the cross is the "
                           "library's point of it (from s = 0)");
    if (axes.firstIsPoint || axes.secondIsPoint)
        ImGui::TextColored(
            ImVec4(1.0f, 0.65f, 0.0f, 1.0f), "%s",
            axes.firstIsPoint && axes.secondIsPoint
                ? "both axes are points: f is the same over the whole square"
                : (axes.firstIsPoint ? "the first axis is a point: f does not depend on s (taken as 0)"
                                     : "the second axis is a point: f does not depend on t (taken as 0)"));
}

}  // namespace

void constructionPanel(UiState& state, const UiView& view, const Layout& layout, float top) {
    if (!state.constructions) return;
    const std::optional<ShownConstruction> shown = constructionOf(view.scene, view.selection, view.pick);
    state.drawn->construction = shown;  // drawn in the view whether or not the panel is in front
    if (!bandPanelDrawn(state, layout, BandPanel::Constructions)) return;
    const Place& place = layout.band[static_cast<std::size_t>(BandPanel::Constructions)];
    beginPanel(state, view, "Constructions", false, place.at, place.size, top);
    bandTabs(state, layout);
    // The construction's numbers and the (s, t) square side by side where the panel is wide.
    const bool besideEachOther = shown && capsulePair(view.scene, view.selection) &&
                                 ImGui::GetContentRegionAvail().x > 2.0f * 270.0f * em() &&
                                 ImGui::BeginTable("constructions", 2, ImGuiTableFlags_SizingStretchSame);
    if (besideEachOther) ImGui::TableNextColumn();
    if (shown) {
        ImGui::Text("article %s: %s", articleOf(shown->of), articleTitle(shown->of));
        ImGui::Text("object: %s", view.scene.objects[shown->object].name.c_str());
        std::visit(scene::Overloaded{[&](const InfiniteCylinderConstruction& c) { infiniteCylinder(state, c); },
                                     [&](const CylinderConstruction& c) { cylinder(state, c); },
                                     [&](const BoxConstruction& c) { box(state, c); }},
                   shown->of);
    } else {
        ImGui::TextDisabled("Click a cylinder or a box (or select one, then click beside it).");
    }
    const auto pair = capsulePair(view.scene, view.selection);
    if (!pair) ImGui::TextDisabled("Select two capsules for article 001's (s, t) square.");
    if (pair && shown && besideEachOther) {
        ImGui::TableNextColumn();
    } else if (pair) {
        ImGui::Separator();
    }
    if (pair) pairSection(state, view, pair->first, pair->second);
    if (besideEachOther) ImGui::EndTable();
    endPanel();
}

void drawViewLabels(UiState& state, const ViewLabels& view, DrawnPanels& drawn) {
    drawn.viewLabels.clear();
    drawn.viewLines.clear();
    drawn.gizmoHandles.clear();
    if (!state.constructions) return;
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    // Each label's text in a dark box, a little off its point: on the first side where the box
    // crosses no line, handle, panel or earlier label (label_places.hpp).
    const glm::vec2 padding = glm::vec2(3.0f, 1.0f) * em();
    std::vector<glm::vec2> points, sizes;
    for (const ScreenLabel& l : view.labels) {
        points.push_back(l.at);
        sizes.push_back(toVec(ImGui::CalcTextSize(l.text.c_str())) + 2.0f * padding);
    }
    std::vector<ScreenBox> panels;
    // The docked panels: a toast or a popup comes and goes, and a label should not jump with it.
    for (const PanelRect& p : drawn.panels)
        if (p.docked) panels.push_back({p.pos, p.size});
    const LabelObstacles obstacles{
        view.lines, view.gizmo, panels, {glm::vec2(0.0f), toVec(ImGui::GetIO().DisplaySize)}};
    const std::vector<LabelPlace> places = placeLabels(points, sizes, obstacles, kLabelGap * em());
    for (std::size_t i = 0; i < places.size(); ++i) {
        const ScreenLabel& l = view.labels[i];
        // On whole pixels, square: a box at a fractional place, or its rounded corners, would be
        // anti-aliased, and the same picture could differ in its last bit between a window and a
        // headless run; whole pixels keep the text crisp too.
        ScreenBox box = places[i].box;
        box.pos = glm::round(box.pos);
        const glm::vec2 text = box.pos + padding;
        // A box set further off than the nearest places gets a thin leader to its point.
        const glm::vec2 nearest = glm::clamp(l.at, box.pos, box.max());
        if (glm::length(nearest - l.at) > 2.5f * kLabelGap * em()) {
            // Its anti-aliasing from geometry, not sampled from the font atlas: a line at a
            // fractional place samples between texels, and the atlas is laid out differently in a
            // window and headless, so the same picture would differ in the last bit.
            const ImDrawListFlags flags = draw->Flags;
            draw->Flags &= ~ImDrawListFlags_AntiAliasedLinesUseTex;
            draw->AddLine(toImVec(l.at), toImVec(nearest), color32(l.color, 0.6f), 1.0f);
            draw->Flags = flags;
        }
        draw->AddRectFilled(toImVec(box.pos), toImVec(box.max()), IM_COL32(0, 0, 0, 170));
        draw->AddText(toImVec(text), color32(l.color), l.text.c_str());
        drawn.viewLabels.push_back({l.text, l.at, text, box.pos, box.size, places[i].clear});
    }
    drawn.viewLines = view.lines;
    drawn.gizmoHandles = view.gizmo;
}

}  // namespace pickray::app
