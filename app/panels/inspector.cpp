// SPDX-License-Identifier: MIT
#include "panels/inspector.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <variant>

#include <imgui.h>

#include "analysis/object_size.hpp"
#include "panels/gizmo_bar.hpp"
#include "panels/number_text.hpp"
#include "panels/widgets.hpp"
#include "scene/overloaded.hpp"

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
                return field.vec("p1", s.a) | field.vec("p2", s.b) | field.radius(s.radius);
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

}  // namespace

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

}  // namespace pickray::app
