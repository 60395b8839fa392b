// SPDX-License-Identifier: MIT
#include "panels/ui.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "editor/construction.hpp"
#include "editor/object_size.hpp"
#include "input/shortcuts.hpp"
#include "panels/construction_panel.hpp"
#include "panels/math_panel.hpp"
#include "panels/number_text.hpp"
#include "panels/panel_layout.hpp"
#include "panels/pick_json.hpp"
#include "panels/widgets.hpp"
#include "pickray/collision/overlap.hpp"
#include "scene/generate.hpp"
#include "scene/overloaded.hpp"
#include "viewport/audit_heat_map.hpp"
#include "viewport/overlay.hpp"

namespace pickray::app {
namespace {

using scene::Overloaded;

using scene::Object;

// Each editor returns true when the user changed a value; the copy is then sent back as an Edit.
// In a narrow panel the labels go above their fields, so that the fields keep room for their values.
struct Fields {
    bool labelsAbove = false;

    bool vec(const char* label, glm::vec3& v, float speed = 0.01f, const char* fixed = "%.3f") const {
        const char* format = fieldFormat(std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}), fixed);
        return withLabel(label, [&](const char* id) { return ImGui::DragFloat3(id, &v.x, speed, 0.0f, 0.0f, format); });
    }
    bool radius(float& r) const {
        const char* format = fieldFormat(r);
        return withLabel("radius",
                         [&](const char* id) { return ImGui::DragFloat(id, &r, 0.005f, 0.0f, 0.0f, format); });
    }
    bool color(glm::vec3& c) const {
        return withLabel("color", [&](const char* id) { return ImGui::ColorEdit3(id, &c.x); });
    }
    bool minMax(Aabb& b) const { return vec("min", b.min) | vec("max", b.max); }

    template <class Edit>
    bool withLabel(const char* label, Edit edit) const {
        if (!labelsAbove) return edit(label);
        ImGui::TextUnformatted(label);
        ImGui::SetNextItemWidth(-1.0f);
        const std::string id = std::string("##") + label;
        return edit(id.c_str());
    }
};

bool editShape(Object& o, const Fields& field) {
    return std::visit(
        Overloaded{
            [&](Sphere& s) -> bool { return field.vec("center", s.center) | field.radius(s.radius); },
            [&](Capsule& s) -> bool { return field.vec("a", s.a) | field.vec("b", s.b) | field.radius(s.radius); },
            [&](Cylinder& s) -> bool { return field.vec("a", s.a) | field.vec("b", s.b) | field.radius(s.radius); },
            [&](InfiniteCylinder& s) -> bool {
                return field.vec("p1", s.p1) | field.vec("p2", s.p2) | field.radius(s.radius);
            },
            [&](Aabb& b) -> bool { return field.minMax(b); },
            [&](OrientedBox& b) -> bool {
                bool changed = field.minMax(b.local);
                ImGui::Separator();
                scene::Transform& t = o.placement;
                changed |= field.vec("position", t.position);
                changed |= field.vec("rotation (deg)", t.rotationDegrees, 0.5f, "%.1f");
                changed |= field.vec("scale", t.scale);
                changed |= field.vec("shear", t.shear);  // (xy, xz, yz), as the file's
                if (changed) b = scene::placedBox(b.local, t);
                return changed;
            },
        },
        o.shape);
}

// "sphere\0capsule\0...\0\0": every kind's name, as ImGui::Combo takes them.
const char* kindNamesForCombo() {
    static const std::string names = [] {
        std::string list;
        for (ShapeKind kind = 0; kind < kShapeKindCount; ++kind) (list += kindName(kind)) += '\0';
        return list;
    }();
    return names.c_str();
}

bool isSelected(const UiView& view, std::size_t i) {
    return std::find(view.selection.begin(), view.selection.end(), i) != view.selection.end();
}

// The rows the outliner lists: every object, or those whose name holds the filter's text.
std::vector<std::size_t> outlinerRows(const UiState& state, const UiView& view) {
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < view.scene.objects.size(); ++i)
        if (state.outlinerFilter.empty() || view.scene.objects[i].name.find(state.outlinerFilter) != std::string::npos)
            rows.push_back(i);
    return rows;
}

void outliner(UiState& state, const UiView& view, const Layout& layout, float top, std::vector<Command>& out) {
    beginPanel(state, view, "Scene", false, layout.sceneAt, layout.sceneSize, top);
    ImGui::SetNextItemWidth(-1.0f * em());
    ImGui::InputTextWithHint("##filter", "filter by name", &state.outlinerFilter);
    const std::vector<std::size_t> rows = outlinerRows(state, view);
    const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
    const float listHeight =  // the rest of the panel keeps room for the five rows of controls below
        std::max(3.0f * rowHeight, ImGui::GetContentRegionAvail().y - 5.0f * ImGui::GetFrameHeightWithSpacing());
    ImGui::BeginChild("objects", ImVec2(0, listHeight), true);
    // The picked or primary selected object's row is scrolled into view when it changes: unless
    // all of it is in view already, to the middle of the list (where all of it is: the list is at
    // least three rows high).
    std::optional<std::size_t> focus = view.selection.empty() ? std::nullopt : std::optional(view.selection.back());
    if (!focus && view.pick && view.pick->nearest()) focus = view.pick->nearest()->object;
    if (focus != state.scrolledTo) {
        state.scrolledTo = focus;
        const auto row = focus ? std::find(rows.begin(), rows.end(), *focus) : rows.end();
        if (row != rows.end()) {
            // The row's highlight, from the list's top as it is scrolled now (the cursor's start
            // is below the window padding, less the scroll): it reaches half the item spacing
            // above and below its text. What shows is the list's height inside its borders.
            const float rowTop = ImGui::GetCursorStartPos().y + static_cast<float>(row - rows.begin()) * rowHeight -
                                 std::floor(0.5f * ImGui::GetStyle().ItemSpacing.y);
            const float border = ImGui::GetStyle().ChildBorderSize;
            const float visible = ImGui::GetWindowHeight();
            if (rowTop < border || rowTop + rowHeight > visible - border)
                ImGui::SetScrollY(ImGui::GetScrollY() + rowTop + 0.5f * (rowHeight - visible));
        }
    }
    // Only the visible rows are built: the list may hold 100,000 objects.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.size()), rowHeight);
    state.drawn->outlinerRows.clear();
    while (clipper.Step())
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            const std::size_t i = rows[static_cast<std::size_t>(r)];
            const Object& o = view.scene.objects[i];
            const std::string label = o.name + "  [" + kindLabel(o.shape) + "]##" + std::to_string(i);
            if (ImGui::Selectable(label.c_str(), isSelected(view, i)))
                out.push_back(command::Select{i, ImGui::GetIO().KeyCtrl});
            tooltip(state, "Click selects; Ctrl+click adds to the selection or takes out of it");
            if (ImGui::IsItemVisible()) state.drawn->outlinerRows.push_back(o.name);
        }
    ImGui::EndChild();
    ImGui::SetNextItemWidth(-70.0f * em());
    ImGui::Combo("##kind", &state.addKind, kindNamesForCombo());
    ImGui::SameLine();
    if (ImGui::Button("Add")) out.push_back(command::Add{static_cast<ShapeKind>(state.addKind)});
    if (!view.selection.empty()) {
        if (ImGui::Button("Duplicate")) out.push_back(command::DuplicateSelection{});
        shortcutTooltip(state, Action::DuplicateSelection);
        sameLineIfFits(buttonWidth("Delete"));
        if (ImGui::Button("Delete")) out.push_back(command::DeleteSelection{});
        shortcutTooltip(state, Action::DeleteSelection);
        const std::size_t primary = view.selection.back();
        if (state.renameFor != primary || state.renameForName != view.scene.objects[primary].name) {
            state.renameText = view.scene.objects[primary].name;
            state.renameFor = primary;
            state.renameForName = view.scene.objects[primary].name;
        }
        ImGui::SetNextItemWidth(-(buttonWidth("Rename") + ImGui::GetStyle().ItemSpacing.x));
        ImGui::InputText("##rename", &state.renameText);
        ImGui::SameLine();
        if (ImGui::Button("Rename")) out.push_back(command::Rename{primary, state.renameText});
    }
    ImGui::SetNextItemWidth(-90.0f * em());
    const std::int64_t step = 1000, stepFast = 10000;
    ImGui::InputScalar("##count", ImGuiDataType_S64, &state.generateCount, &step, &stepFast);
    tooltip(state, "How many objects Generate makes: 1 to " + std::to_string(scene::kMaxGenerated));
    ImGui::SameLine();
    if (ImGui::Button("Generate")) out.push_back(command::Generate{state.generateCount});
    tooltip(state, "Generate: replace the scene by that many objects of every kind (Ctrl+Z undoes)");
    if (ImGui::Button("Screenshot")) out.push_back(command::Screenshot{state.screenshotWithUi});
    shortcutTooltip(state, Action::Screenshot);
    sameLineIfFits(checkWidth("with panels"));
    ImGui::Checkbox("with panels", &state.screenshotWithUi);
    endPanel();
}

// The gizmo's modes and axes, and framing the selection, as buttons with their keys.
void gizmoBar(UiState& state, const UiView& view, std::vector<Command>& out) {
    const auto mode = [&](const char* label, GizmoMode m, Action action, bool last = false) {
        const bool on = state.gizmoMode == m;
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::SmallButton(label)) state.gizmoMode = m;
        if (on) ImGui::PopStyleColor();
        shortcutTooltip(state, action);
        if (!last) ImGui::SameLine();
    };
    mode("move", GizmoMode::Move, Action::GizmoMove);
    mode("rotate", GizmoMode::Rotate, Action::GizmoRotate);
    mode("scale", GizmoMode::Scale, Action::GizmoScale, true);
    sameLineIfFits(checkWidth("local"));
    bool local = state.gizmoSpace == GizmoSpace::Local;
    if (ImGui::Checkbox("local", &local)) state.gizmoSpace = local ? GizmoSpace::Local : GizmoSpace::World;
    shortcutTooltip(state, Action::GizmoSpace);
    sameLineIfFits(buttonWidth("frame"));
    if (ImGui::SmallButton("frame")) {
        const float aspect = view.windowSize.y > 0
                                 ? static_cast<float>(view.windowSize.x) / static_cast<float>(view.windowSize.y)
                                 : 1.0f;
        out.push_back(command::Frame{false, aspect});
    }
    shortcutTooltip(state, Action::FrameSelection);
    // Which snap Ctrl gives in this mode and space: the grid's origin differs between the two.
    const std::string snap = snapDescription(state.gizmoMode, state.gizmoSpace);
    ImGui::TextDisabled("%s", snap.c_str());
    state.drawn->snapShown = snap;
}

// The selected object's size warning (object_size.hpp), computed again only when the objects or
// the selection change: it reads every object's size.
const std::optional<std::string>& sizeWarning(UiState& state, const UiView& view, std::size_t index) {
    UiState::SizeWarningCache& cache = state.sizeWarning;
    if (cache.revision != view.revision || cache.object != index || view.revision == 0) {
        const std::optional<Outsized> o = outsizedObject(view.scene, index);
        cache = {view.revision, index,
                 o ? std::optional(sizeWarningText(view.scene.objects[index], *o)) : std::nullopt};
    }
    return cache.text;
}

void inspector(UiState& state, const UiView& view, const Layout& layout, float top, std::vector<Command>& out) {
    beginPanel(state, view, "Inspector", false, layout.inspectorAt, layout.inspectorSize, top);
    if (view.selection.empty()) {
        ImGui::TextDisabled("Click an object or pick one in the outliner.");
    } else {
        const std::size_t index = view.selection.back();
        Object copy = view.scene.objects[index];
        ImGui::Text("%s  (%s)", copy.name.c_str(), kindLabel(copy.shape).c_str());
        gizmoBar(state, view, out);
        // Labels right of the fields (room for the longest, "rotation (deg)"), or above them when
        // that would leave three values too little room.
        const float labelRoom = 110.0f * em();
        const Fields fields{ImGui::GetContentRegionAvail().x - labelRoom < 3.0f * 62.0f * em()};
        ImGui::PushItemWidth(fields.labelsAbove ? -1.0f : -labelRoom);
        bool changed = fields.color(copy.color);
        changed |= editShape(copy, fields);
        ImGui::PopItemWidth();
        // Under the shape's fields, whose last is its size (radius, max, or scale and shear): a size that
        // stands out among the others' is said, and stays as it is.
        if (const std::optional<std::string>& warning = sizeWarning(state, view, index)) {
            ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.25f, 1.0f), "%s", warning->c_str());  // wraps
            state.drawn->sizeWarning = *warning;
        }
        // A field dragged over many frames changes the object every frame: one undo step while
        // the same widget stays held.
        const bool held = ImGui::IsAnyItemActive();
        if (changed) {
            out.push_back(command::Edit{index, copy, state.editHeld && state.editHeldObject == index});
            state.editHeldObject = index;
        }
        state.editHeld = held && (changed || state.editHeld);
    }
    endPanel();
}

void cameraPanel(UiState& state, const UiView& view, const Layout& layout, float top, std::vector<Command>& out) {
    beginPanel(state, view, "Camera", true, layout.cameraAt, layout.cameraSize, top);
    scene::Camera c = view.scene.camera;
    bool changed = false;
    int projection = c.projection == scene::Projection::Perspective ? 0 : 1;
    changed |= ImGui::RadioButton("perspective", &projection, 0);
    sameLineIfFits(checkWidth("orthographic"));
    changed |= ImGui::RadioButton("orthographic", &projection, 1);
    c.projection = projection == 0 ? scene::Projection::Perspective : scene::Projection::Orthographic;
    int depth = c.clipDepth == ClipDepth::NegativeOneToOne ? 0 : 1;
    changed |= ImGui::RadioButton("OpenGL -1..1", &depth, 0);
    tooltip(state,
            "The projection maps near..far to NDC z -1..1 (glm::perspective); the viewport matrix maps that "
            "to MinZ..MaxZ: the same ray as Direct3D's (see View > Math panel)");
    sameLineIfFits(checkWidth("Direct3D 0..1"));
    changed |= ImGui::RadioButton("Direct3D 0..1", &depth, 1);
    tooltip(state,
            "The projection maps near..far to NDC z 0..1 (glm::perspectiveZO); the viewport matrix maps that "
            "to MinZ..MaxZ: the same ray as OpenGL's (see View > Math panel)");
    c.clipDepth = depth == 0 ? ClipDepth::NegativeOneToOne : ClipDepth::ZeroToOne;
    ImGui::PushItemWidth(-100.0f * em());
    changed |= ImGui::DragFloat("fov Y (deg)", &c.fovYDegrees, 0.2f, 1.0f, 179.0f, "%.1f");
    changed |= ImGui::DragFloat("near", &c.near, 0.001f, 0.0f, 0.0f, "%.4f");
    changed |= ImGui::DragFloat("far", &c.far, 0.5f, 0.0f, 0.0f, "%.1f");
    changed |= ImGui::DragFloat("ortho height", &c.orthoHeight, 0.05f, 0.0f, 0.0f, "%.2f");
    ImGui::PopItemWidth();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("drag: orbit  shift/middle drag: pan  wheel: zoom  F: frame selected");
    ImGui::PopStyleColor();
    if (changed) out.push_back(command::SetCamera{c});
    endPanel();
}

void pickPanel(UiState& state, const UiView& view, const Layout& layout, float top, std::vector<Command>& out) {
    beginPanel(state, view, "Pick", true, layout.pickAt, layout.pickSize, top);
    const Performance& perf = view.performance;
    if (!state.noStats)
        ImGui::Text("frame %.1f ms (scene %.1f ms)  pick %.3f ms  hover %.3f ms", perf.frameMs, perf.redrawMs,
                    perf.pickMs, perf.hoverMs);  // wraps in a narrow panel
    ImGui::TextDisabled("%zu objects  %d draw calls  %zu instances", perf.objects, perf.drawCalls, perf.instances);
    ImGui::TextDisabled("%zu ray-cast  %zu dots  %zu culled", perf.rayCast, perf.dots, perf.culled);
    ImGui::TextDisabled("BVH: %zu builds, %zu refits", perf.bvhBuilds, perf.bvhRefits);
    // Always drawn, "-" when the cursor is on no object or on a panel: the lines below stay put
    // as the cursor moves onto a button of this panel.
    const auto hovered = view.hover ? view.hover->nearest() : std::nullopt;
    ImGui::Text("hover: %s", hovered ? view.scene.objects[hovered->object].name.c_str() : "-");
    if (!view.pick) {
        ImGui::TextDisabled("Left-click in the view to pick.");
        endPanel();
        return;
    }
    const Pick& p = *view.pick;
    numberLine(state, {"cursor (" + std::to_string(p.cursorWindow.x) + ",", std::to_string(p.cursorWindow.y) + ")",
                       "pixel (" + numberText(p.cursor.x, 1) + ",", numberText(p.cursor.y, 1) + ")"});
    vectorLine(state, "ray origin", p.ray.origin);
    vectorLine(state, "ray dir   ", p.ray.direction);
    if (auto n = p.nearest()) {
        const Object& o = view.scene.objects[n->object];
        ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.1f, 1.0f), "picked: %s (%s)", o.name.c_str(),
                           kindLabel(o.shape).c_str());
        numberLine(state, {"t =", numberText(n->hit.t, 5, std::min(14, charactersThatFit()))});
        vectorLine(state, "point ", n->hit.point);
        vectorLine(state, "normal", n->hit.normal);
    } else {
        ImGui::Text("picked: nothing");
    }
    if (ImGui::Button("Clear pick")) out.push_back(command::ClearPick{});
    shortcutTooltip(state, Action::ClearSelection, "clear the pick (the key clears the selection too)");
    sameLineIfFits(buttonWidth("Copy as JSON"));
    if (ImGui::Button("Copy as JSON")) ImGui::SetClipboardText(pickJson(p, view.scene).c_str());
    tooltip(state, "Copy the ray, the pick and the hits as JSON (every float exact)");
    ImGui::Separator();
    ImGui::Text("Line through the ray (enter / exit):");
    // The rest of the panel, but room for its header and four rows at the least (the panel scrolls
    // to it): with none left the table was a sliver no scrolling could show.
    const float tableHeight = std::max(ImGui::GetContentRegionAvail().y, 5.0f * ImGui::GetFrameHeightWithSpacing());
    if (ImGui::BeginTable("spans", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY,
                          ImVec2(0, tableHeight))) {
        ImGui::TableSetupColumn("object");
        ImGui::TableSetupColumn("enter t");
        ImGui::TableSetupColumn("exit t");
        ImGui::TableHeadersRow();
        ImGuiListClipper rows;
        rows.Begin(static_cast<int>(p.spans.size()));
        while (rows.Step())
            for (int row = rows.DisplayStart; row < rows.DisplayEnd; ++row) {
                const scene::ObjectSpan& s = p.spans[static_cast<std::size_t>(row)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(view.scene.objects[s.object].name.c_str());
                ImGui::TableNextColumn();
                cellNumber(state, s.span.enter);
                ImGui::TableNextColumn();
                cellNumber(state, s.span.exit);
            }
        ImGui::EndTable();
    }
    endPanel();
}

void capsulePanel(UiState& state, const UiView& view, const Layout& layout, float top) {
    const auto capsules = capsulePair(view.scene, view.selection);
    if (!capsules) return;
    const auto [first, second] = *capsules;
    const auto& c1 = std::get<Capsule>(view.scene.objects[first].shape);
    const auto& c2 = std::get<Capsule>(view.scene.objects[second].shape);
    const CapsuleProximity prox = proximity(c1, c2);
    beginPanel(state, view, "Capsule pair", false, layout.capsuleAt, layout.capsuleSize, top);
    ImGui::Text("%s  vs  %s", view.scene.objects[first].name.c_str(), view.scene.objects[second].name.c_str());
    numberLine(state, {"axis distance", numberText(prox.axes.distance)});
    numberLine(state, {"surface gap  ", numberText(prox.gap)});
    // In the colour of the closest segment drawn between them (viewport/overlay.hpp).
    const PairState pair = pairState(c1, c2, prox);
    const glm::vec3 color = pairStateColor(pair);
    ImGui::TextColored(ImVec4(color.r, color.g, color.b, 1), "%s", pairStateName(pair));
    vectorLine(state, "p1", prox.axes.p1);
    vectorLine(state, "p2", prox.axes.p2);
    endPanel();
}

// A colour's square, as in the legend of the heat map.
void swatch(const char* id, glm::vec4 color) {
    const float side = ImGui::GetTextLineHeight();
    ImGui::ColorButton(id, ImVec4(color.r, color.g, color.b, color.a),
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker | ImGuiColorEditFlags_NoDragDrop,
                       ImVec2(side, side));
    ImGui::SameLine();
}

std::string auditObjectName(const UiView& view, std::uint32_t id) {
    if (id == 0) return "background";
    const std::size_t index = id - 1;
    return index < view.scene.objects.size() ? view.scene.objects[index].name + " (" + std::to_string(id) + ")"
                                             : "? (" + std::to_string(id) + ")";
}

void auditPanel(UiState& state, const UiView& view, const Layout& layout, float top) {
    if (!state.pickAudit) return;
    beginPanel(state, view, "Pick audit", false, layout.auditAt, layout.auditSize, top);
    swatch("##robust", kAuditRobustColor);
    ImGui::TextUnformatted("robust mismatch");
    tooltip(state, "The GPU drew another object than a click there picks, whatever the float rounding of its ray");
    sameLineIfFits(ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize("on an edge").x);
    swatch("##edge", kAuditEdgeColor);
    ImGui::TextUnformatted("on an edge");
    tooltip(state, "A mismatch where rays 1e-3 px from the pixel's centre pick differently: an edge's rounding");
    const AuditStatus& audit = view.audit;
    if (!audit.counts) {
        ImGui::TextUnformatted(audit.running ? "Auditing..." : "Waiting for a still view.");
        endPanel();
        return;
    }
    const AuditCounts& c = *audit.counts;
    ImGui::Text("%zu pixels  %zu mismatches  %zu robust  %zu depth ties", c.pixels, c.mismatches, c.robustMismatches,
                c.depthTies);
    if (state.noStats) ImGui::Text("probe %g px", static_cast<double>(kAuditProbePixels));
    else ImGui::Text("probe %g px  audit %.0f ms", static_cast<double>(kAuditProbePixels), audit.ms);
    if (!c.worst.empty()) ImGui::TextDisabled("worst robust mismatches (pixel: GPU / CPU):");
    constexpr std::size_t kShown = 3;
    for (std::size_t i = 0; i < std::min(kShown, c.worst.size()); ++i) {
        const AuditMismatch& m = c.worst[i];
        ImGui::Text("(%d,%d): %s / %s", m.pixel.x, m.pixel.y, auditObjectName(view, m.gpuId).c_str(),
                    auditObjectName(view, m.cpuId).c_str());
    }
    endPanel();
}

}  // namespace

namespace {

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
    const Layout layout = defaultLayout(view.windowSize, top);
    outliner(state, view, layout, top, out);
    inspector(state, view, layout, top, out);
    cameraPanel(state, view, layout, top, out);
    pickPanel(state, view, layout, top, out);
    capsulePanel(state, view, layout, top);
    auditPanel(state, view, layout, top);
    mathPanel(state, view, layout.mathAt, layout.mathSize, top);
    constructionPanel(state, view, layout.constructionAt, layout.constructionSize, top);
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
    state.drawn = nullptr;
    return out;
}

}  // namespace pickray::app
