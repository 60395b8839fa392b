// SPDX-License-Identifier: MIT
#include "panels/camera_panel.hpp"

#include <imgui.h>

#include "panels/widgets.hpp"

namespace pickray::app {

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

}  // namespace pickray::app
