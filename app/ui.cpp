// SPDX-License-Identifier: MIT
#include "ui.hpp"

#include <cstdio>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "pickray/collision/overlap.hpp"
#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

using scene::Overloaded;

using scene::Object;

void text(const char* label, glm::vec3 v) {
    ImGui::Text("%s (%.4f, %.4f, %.4f)", label, double(v.x), double(v.y), double(v.z));
}

// Each editor returns true when the user changed a value; the copy is then sent back as an Edit.
bool editVec(const char* label, glm::vec3& v) { return ImGui::DragFloat3(label, &v.x, 0.01f, 0.0f, 0.0f, "%.3f"); }
bool editRadius(float& r) { return ImGui::DragFloat("radius", &r, 0.005f, 0.0f, 0.0f, "%.3f"); }

bool editMinMax(Aabb& b) { return editVec("min", b.min) | editVec("max", b.max); }

bool editShape(Object& o) {
    return std::visit(
        Overloaded{
            [](Sphere& s) -> bool { return editVec("center", s.center) | editRadius(s.radius); },
            [](Capsule& s) -> bool { return editVec("a", s.a) | editVec("b", s.b) | editRadius(s.radius); },
            [](Cylinder& s) -> bool { return editVec("a", s.a) | editVec("b", s.b) | editRadius(s.radius); },
            [](InfiniteCylinder& s) -> bool {
                return editVec("p1", s.p1) | editVec("p2", s.p2) | editRadius(s.radius);
            },
            [](Aabb& b) -> bool { return editMinMax(b); },
            [&o](OrientedBox& b) -> bool {
                bool changed = editMinMax(b.local);
                ImGui::Separator();
                scene::Transform& t = o.placement;
                changed |= editVec("position", t.position);
                changed |= ImGui::DragFloat3("rotation (deg)", &t.rotationDegrees.x, 0.5f, 0.0f, 0.0f, "%.1f");
                changed |= editVec("scale", t.scale);
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

std::string kindLabel(const Shape& shape) { return std::string(kindName(shape)); }

bool isSelected(const UiView& view, std::size_t i) {
    for (std::size_t s : view.selection)
        if (s == i) return true;
    return false;
}

void outliner(UiState& state, const UiView& view, std::vector<Command>& out) {
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_Once);
    ImGui::SetNextWindowSize(ImVec2(300, 330), ImGuiCond_Once);
    ImGui::Begin("Scene");
    ImGui::BeginChild("objects", ImVec2(0, 120), true);
    // Only the visible rows are built: the list may hold 100,000 objects.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(view.scene.objects.size()));
    while (clipper.Step())
        for (auto i = static_cast<std::size_t>(clipper.DisplayStart); i < static_cast<std::size_t>(clipper.DisplayEnd);
             ++i) {
            const Object& o = view.scene.objects[i];
            const std::string label = o.name + "  [" + kindLabel(o.shape) + "]##" + std::to_string(i);
            if (ImGui::Selectable(label.c_str(), isSelected(view, i)))
                out.push_back(command::Select{i, ImGui::GetIO().KeyCtrl});
        }
    ImGui::EndChild();
    ImGui::SetNextItemWidth(150);
    ImGui::Combo("##kind", &state.addKind, kindNamesForCombo());
    ImGui::SameLine();
    if (ImGui::Button("Add")) out.push_back(command::Add{static_cast<ShapeKind>(state.addKind)});
    const std::optional<std::size_t> primary =
        view.selection.empty() ? std::nullopt : std::optional(view.selection.back());
    if (primary) {
        if (ImGui::Button("Duplicate")) out.push_back(command::Duplicate{*primary});
        ImGui::SameLine();
        if (ImGui::Button("Delete")) out.push_back(command::Delete{*primary});
        if (state.renameFor != primary) {
            state.renameText = view.scene.objects[*primary].name;
            state.renameFor = primary;
        }
        ImGui::SetNextItemWidth(150);
        ImGui::InputText("##rename", &state.renameText);
        ImGui::SameLine();
        if (ImGui::Button("Rename")) out.push_back(command::Rename{*primary, state.renameText});
    }
    ImGui::SetNextItemWidth(150);
    ImGui::InputInt("##count", &state.generateCount, 1000, 10000);
    ImGui::SameLine();
    if (ImGui::Button("Generate") && state.generateCount > 0)
        out.push_back(command::Generate{static_cast<std::size_t>(state.generateCount)});
    ImGui::Separator();
    ImGui::SetNextItemWidth(200);
    ImGui::InputText("##load", &state.scenePath);
    ImGui::SameLine();
    if (ImGui::Button("Load")) out.push_back(command::Load{state.scenePath});
    ImGui::SetNextItemWidth(200);
    ImGui::InputText("##save", &state.savePath);
    ImGui::SameLine();
    if (ImGui::Button("Save")) out.push_back(command::Save{state.savePath});
    if (ImGui::Button("Screenshot (F12)")) out.push_back(command::Screenshot{state.screenshotWithUi});
    ImGui::SameLine();
    ImGui::Checkbox("with UI", &state.screenshotWithUi);
    if (!state.message.empty()) {
        const ImVec4 color = state.messageIsError ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.6f, 0.9f, 0.6f, 1.0f);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(color, "%s", state.message.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
}

void inspector(const UiView& view, std::vector<Command>& out) {
    ImGui::SetNextWindowPos(ImVec2(10, 350), ImGuiCond_Once);
    ImGui::SetNextWindowSize(ImVec2(300, 200), ImGuiCond_Once);
    ImGui::Begin("Inspector");
    if (view.selection.empty()) {
        ImGui::TextDisabled("Click an object or pick one in the outliner.");
    } else {
        const std::size_t index = view.selection.back();
        Object copy = view.scene.objects[index];
        ImGui::Text("%s  (%s)", copy.name.c_str(), kindLabel(copy.shape).c_str());
        bool changed = ImGui::ColorEdit3("color", &copy.color.x);
        changed |= editShape(copy);
        if (changed) out.push_back(command::Edit{index, copy});
    }
    ImGui::End();
}

void cameraPanel(const UiView& view, std::vector<Command>& out) {
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(view.windowSize.x) - 330.0f, 380), ImGuiCond_Once);
    ImGui::SetNextWindowSize(ImVec2(320, 190), ImGuiCond_Once);
    ImGui::Begin("Camera");
    scene::Camera c = view.scene.camera;
    bool changed = false;
    int projection = c.projection == scene::Projection::Perspective ? 0 : 1;
    changed |= ImGui::RadioButton("perspective", &projection, 0);
    ImGui::SameLine();
    changed |= ImGui::RadioButton("orthographic", &projection, 1);
    c.projection = projection == 0 ? scene::Projection::Perspective : scene::Projection::Orthographic;
    int depth = c.clipDepth == ClipDepth::NegativeOneToOne ? 0 : 1;
    changed |= ImGui::RadioButton("OpenGL -1..1", &depth, 0);
    ImGui::SameLine();
    changed |= ImGui::RadioButton("Direct3D 0..1", &depth, 1);
    c.clipDepth = depth == 0 ? ClipDepth::NegativeOneToOne : ClipDepth::ZeroToOne;
    changed |= ImGui::DragFloat("fov Y (deg)", &c.fovYDegrees, 0.2f, 1.0f, 179.0f, "%.1f");
    changed |= ImGui::DragFloat("near", &c.near, 0.001f, 0.0f, 0.0f, "%.4f");
    changed |= ImGui::DragFloat("far", &c.far, 0.5f, 0.0f, 0.0f, "%.1f");
    changed |= ImGui::DragFloat("ortho height", &c.orthoHeight, 0.05f, 0.0f, 0.0f, "%.2f");
    ImGui::TextDisabled("drag: orbit  shift/middle drag: pan  wheel: zoom");
    if (changed) out.push_back(command::SetCamera{c});
    ImGui::End();
}

void pickPanel(const UiView& view, std::vector<Command>& out) {
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(view.windowSize.x) - 330.0f, 10), ImGuiCond_Once);
    ImGui::SetNextWindowSize(ImVec2(320, 360), ImGuiCond_Once);
    ImGui::Begin("Pick");
    const Performance& perf = view.performance;
    ImGui::Text("frame %.1f ms (scene %.1f ms)  pick %.3f ms  hover %.3f ms", perf.frameMs, perf.redrawMs, perf.pickMs,
                perf.hoverMs);
    ImGui::TextDisabled("%zu objects  %d draw calls  %zu instances  %zu dots  %zu culled", perf.objects, perf.drawCalls,
                        perf.instances, perf.dots, perf.culled);
    ImGui::TextDisabled("BVH: %zu builds, %zu refits", perf.bvhBuilds, perf.bvhRefits);
    if (view.hover) {
        const auto n = view.hover->nearest();
        ImGui::Text("hover: %s", n ? view.scene.objects[n->object].name.c_str() : "-");
    }
    if (!view.pick) {
        ImGui::TextDisabled("Left-click in the view to pick.");
        ImGui::End();
        return;
    }
    const Pick& p = *view.pick;
    ImGui::Text("cursor (%d, %d)  pixel (%.1f, %.1f)", p.cursorWindow.x, p.cursorWindow.y, double(p.cursor.x),
                double(p.cursor.y));
    text("ray origin", p.ray.origin);
    text("ray dir   ", p.ray.direction);
    if (auto n = p.nearest()) {
        const Object& o = view.scene.objects[n->object];
        ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.1f, 1.0f), "picked: %s (%s)", o.name.c_str(),
                           kindLabel(o.shape).c_str());
        ImGui::Text("t = %.5f", double(n->hit.t));
        text("point ", n->hit.point);
        text("normal", n->hit.normal);
    } else {
        ImGui::Text("picked: nothing");
    }
    if (ImGui::Button("Clear pick")) out.push_back(command::ClearPick{});
    ImGui::Separator();
    ImGui::Text("Line through the ray (enter / exit):");
    if (ImGui::BeginTable("spans", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY,
                          ImVec2(0, 0))) {
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
                ImGui::Text("%.4f", double(s.span.enter));
                ImGui::TableNextColumn();
                ImGui::Text("%.4f", double(s.span.exit));
            }
        ImGui::EndTable();
    }
    ImGui::End();
}

void capsulePanel(const UiView& view) {
    std::vector<std::size_t> capsules;
    for (std::size_t i : view.selection)
        if (std::holds_alternative<Capsule>(view.scene.objects[i].shape)) capsules.push_back(i);
    if (capsules.size() < 2) return;
    const std::size_t first = capsules[capsules.size() - 2];
    const std::size_t second = capsules.back();
    const auto& c1 = std::get<Capsule>(view.scene.objects[first].shape);
    const auto& c2 = std::get<Capsule>(view.scene.objects[second].shape);
    const CapsuleProximity prox = proximity(c1, c2);
    ImGui::SetNextWindowPos(ImVec2(10, 560), ImGuiCond_Once);
    ImGui::SetNextWindowSize(ImVec2(300, 150), ImGuiCond_Once);
    ImGui::Begin("Capsule pair");
    ImGui::Text("%s  vs  %s", view.scene.objects[first].name.c_str(), view.scene.objects[second].name.c_str());
    ImGui::Text("axis distance %.4f", double(prox.axes.distance));
    ImGui::Text("surface gap   %.4f", double(prox.gap));
    const bool hit = overlaps(c1, c2);
    ImGui::TextColored(hit ? ImVec4(1, 0.4f, 0.4f, 1) : ImVec4(0.5f, 0.9f, 0.5f, 1), "%s",
                       hit ? "OVERLAP" : "separate");
    text("p1", prox.axes.p1);
    text("p2", prox.axes.p2);
    ImGui::End();
}

}  // namespace

std::vector<Command> buildUi(UiState& state, const UiView& view) {
    std::vector<Command> out;
    outliner(state, view, out);
    inspector(view, out);
    cameraPanel(view, out);
    pickPanel(view, out);
    capsulePanel(view);
    return out;
}

}  // namespace pickray::app
