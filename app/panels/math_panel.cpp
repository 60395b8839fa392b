// SPDX-License-Identifier: MIT
#include "panels/math_panel.hpp"

#include <cstddef>
#include <string>
#include <tuple>

#include <imgui.h>

#include "analysis/precision.hpp"
#include "analysis/unproject_math.hpp"
#include "panels/math_text.hpp"
#include "panels/number_text.hpp"
#include "panels/widgets.hpp"

namespace pickray::app {
namespace {

const ImVec4 kDiffers(1.0f, 0.7f, 0.25f, 1.0f);  // amber: an entry the two projections do not share
constexpr int kDecimals = 6;                     // where the column has room; fewer, or scientific, where not

// Two things side by side, each under its title (the viewport matrix's two layouts, the two
// projections): a table of two columns.
template <class Left, class Right>
void sideBySide(const char* id, const std::string& leftTitle, Left left, const std::string& rightTitle, Right right) {
    // Stacked where two would leave a matrix's cells under 8 characters each ("-250.000").
    if (ImGui::GetContentRegionAvail().x < 2.0f * 4.0f * 9.0f * ImGui::CalcTextSize("0").x) {
        ImGui::TextUnformatted(leftTitle.c_str());
        left();
        ImGui::TextUnformatted(rightTitle.c_str());
        right();
        return;
    }
    if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchSame)) return;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(leftTitle.c_str());
    left();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(rightTitle.c_str());
    right();
    ImGui::EndTable();
}

constexpr ImGuiTableFlags kTableFlags =
    ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchSame;

// A matrix as a 4x4 table: GLM's columns as rows (`transpose`: Direct3D's v · M) or as written in
// math (M · v); entries `marked(c, r)` in amber.
template <class Marked>
void matrixTable(UiState& state, const char* id, const glm::mat4& m, bool transpose, Marked marked) {
    if (!ImGui::BeginTable(id, 4, kTableFlags)) return;
    for (int line = 0; line < 4; ++line) {
        ImGui::TableNextRow();
        for (int k = 0; k < 4; ++k) {
            ImGui::TableNextColumn();
            const int column = transpose ? line : k, row = transpose ? k : line;
            const bool mark = marked(column, row);
            if (mark) ImGui::PushStyleColor(ImGuiCol_Text, kDiffers);
            fixedCellNumber(state, m[column][row], kDecimals);
            if (mark) ImGui::PopStyleColor();
        }
    }
    ImGui::EndTable();
}
void matrixTable(UiState& state, const char* id, const glm::mat4& m, bool transpose) {
    matrixTable(state, id, m, transpose, [](int, int) { return false; });
}

// One row of the stages' table: the stage's name and up to four numbers.
template <int N>
void stageRow(UiState& state, const char* name, const glm::vec<N, double>& v) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name);
    for (int i = 0; i < 4; ++i) {
        ImGui::TableNextColumn();
        if (i < N) fixedCellNumber(state, v[i], kDecimals);
    }
}

void pointRows(UiState& state, const char* title, const Unprojection::Stages& s) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", title);
    stageRow(state, "window", s.window);
    stageRow(state, "NDC", s.ndc);
    stageRow(state, "clip", s.clip);
    stageRow(state, "view", s.view);
    stageRow(state, "world", s.world);
}

void stagesTable(UiState& state, const UnprojectMath& m) {
    if (!ImGui::BeginTable("stages", 5, kTableFlags)) return;
    ImGui::TableSetupColumn("stage", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("window ").x);
    for (const char* axis : {"x", "y", "z", "w"}) ImGui::TableSetupColumn(axis);
    ImGui::TableHeadersRow();
    pointRows(state, "near", m.steps.nearPoint);
    pointRows(state, "far", m.steps.farPoint);
    ImGui::EndTable();
}

void projections(UiState& state, const UnprojectMath& m) {
    const auto differ = [&](int c, int r) { return projectionsDiffer(m, c, r); };
    const auto title = [&](ClipDepth depth) {
        return std::string(depth == ClipDepth::NegativeOneToOne ? "OpenGL -1..1" : "Direct3D 0..1") +
               (depth == m.clipDepth ? " (inverted)" : "");
    };
    sideBySide(
        "projections", title(ClipDepth::NegativeOneToOne),
        [&] { matrixTable(state, "projection gl", m.projectionGl, true, differ); }, title(ClipDepth::ZeroToOne),
        [&] { matrixTable(state, "projection d3d", m.projectionD3d, true, differ); });
    ImGui::TextDisabled(
        "Rows, v * M. Amber: the entries that differ (z's). The viewport matrix maps either NDC depth range onto "
        "MinZ..MaxZ, so the near and far points, and the ray, are the same in both.");
}

void hitDepth(UiState& state, const UnprojectMath& m) {
    if (!m.hitDepth) {
        ImGui::TextDisabled("No hit under this pixel.");
        return;
    }
    const HitDepth& d = *m.hitDepth;
    if (!ImGui::BeginTable("hit depth", 3, kTableFlags)) return;
    ImGui::TableSetupColumn("");
    ImGui::TableSetupColumn("OpenGL -1..1");
    ImGui::TableSetupColumn("Direct3D 0..1");
    ImGui::TableHeadersRow();
    // Perspective depth crowds towards 1: nine decimals show where.
    for (const auto& [name, gl, d3d] :
         {std::tuple("NDC z", d.ndcGl, d.ndcD3d), std::tuple("window z", d.windowGl, d.windowD3d)}) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(name);
        ImGui::TableNextColumn();
        fixedCellNumber(state, gl, 9);
        ImGui::TableNextColumn();
        fixedCellNumber(state, d3d, 9);
    }
    ImGui::EndTable();
    ImGui::TextDisabled("The window depths agree: the conventions differ in NDC only.");
}

// The pick's nearest hit three ways: pickray's, the same ray in double, the naive float way.
void precisionSection(UiState& state, const std::optional<Precision>& p) {
    ImGui::Checkbox("draw the naive ray", &state.naiveRay);
    tooltip(state,
            "Draw the naive float ray (magenta) beside the pick ray: the cursor through one inverted float "
            "viewport * projection * view, as tutorials do (orbit to see it from the side)");
    if (!p) {
        ImGui::TextDisabled("No hit under this pixel.");
        return;
    }
    if (ImGui::BeginTable("precision", 6, kTableFlags)) {
        ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("pickray ").x);
        for (const char* column : {"t", "steps", "point x", "y", "z"}) ImGui::TableSetupColumn(column);
        ImGui::TableHeadersRow();
        const auto row = [&](const char* name, std::optional<double> t, std::optional<double> steps,
                             std::optional<glm::dvec3> point) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(name);
            ImGui::TableNextColumn();
            if (t) fixedCellNumber(state, *t, kDecimals);
            else ImGui::TextDisabled("miss");
            ImGui::TableNextColumn();
            if (steps) fixedCellNumber(state, *steps, 2);
            for (int k = 0; k < 3; ++k) {
                ImGui::TableNextColumn();
                if (point) fixedCellNumber(state, (*point)[k], kDecimals);
            }
        };
        row("pickray", p->t, p->ulps, glm::dvec3(p->point));
        row("double", p->tDouble, std::nullopt, p->pointDouble);
        row("naive", p->tNaive ? std::optional<double>(*p->tNaive) : std::nullopt, p->ulpsNaive,
            p->pointNaive ? std::optional<glm::dvec3>(*p->pointNaive) : std::nullopt);
        ImGui::EndTable();
    }
    numberLine(state, {"naive ray off by", numberText(p->naiveRayAngle, 6), "rad"});
    ImGui::TextDisabled(
        "steps: t minus the double t, in floats' spacing there. double: pickray's ray, textbook formulas in "
        "double. naive: the cursor through one inverted float matrix, b*b - ac in float.");
}

/// A section's header: open or closed at first as state.mathSections says (--math-sections), then
/// as its header is clicked (ImGui keeps that).
bool section(const UiState& state, std::size_t index, const char* title) {
    ImGui::SetNextItemOpen(state.mathSections[index], ImGuiCond_Once);
    return ImGui::CollapsingHeader(title);
}

}  // namespace

void mathPanel(UiState& state, const UiView& view, const Layout& layout, float top) {
    if (!state.mathPanel || !bandPanelDrawn(state, layout, BandPanel::Math)) return;
    const Place& place = layout.band[static_cast<std::size_t>(BandPanel::Math)];
    beginPanel(state, view, "Math", false, place.at, place.size, top);
    bandTabs(state, layout);
    int source = state.mathOfHover ? 1 : 0;
    ImGui::RadioButton("last pick", &source, 0);
    tooltip(state, "The unprojection of the last click's pixel");
    sameLineIfFits(checkWidth("hover"));
    ImGui::RadioButton("hover", &source, 1);
    tooltip(state, "The unprojection of the pixel under the cursor, as it moves");
    state.mathOfHover = source == 1;
    const std::optional<Pick>& pick = state.mathOfHover ? view.hover : view.pick;
    if (!pick || !pick->frame.pickable) {
        ImGui::TextDisabled(state.mathOfHover ? "Move the cursor over the view." : "Left-click in the view to pick.");
        endPanel();
        return;
    }
    const UnprojectMath m = unprojectMath(*pick);
    sameLineIfFits(buttonWidth("Copy as text"));
    if (ImGui::Button("Copy as text"))
        ImGui::SetClipboardText(
            mathText(m, state.mathOfHover ? "hover" : "last pick", precisionOf(*pick, view.scene)).c_str());
    tooltip(state, "Copy every number of this panel as text (each double exact)");

    numberLine(state,
               {"pixel (" + std::to_string(pick->cursorWindow.x) + ",", std::to_string(pick->cursorWindow.y) + ")",
                "centre (" + numberText(m.pixel.x, 2) + ",", numberText(m.pixel.y, 2) + ")"});
    const Viewport& v = m.viewport;
    numberLine(state, {"D3DVIEWPORT9:", "X " + numberText(v.x, 0), "Y " + numberText(v.y, 0),
                       "Width " + numberText(v.width, 0), "Height " + numberText(v.height, 0),
                       "MinZ " + numberText(v.minZ, 2), "MaxZ " + numberText(v.maxZ, 2)});
    if (section(state, 0, "viewport matrix"))
        sideBySide(
            "viewport", "Direct3D (rows, v * M)", [&] { matrixTable(state, "viewport d3d", m.viewportMatrix, true); },
            "GLM (columns, M * v)", [&] { matrixTable(state, "viewport glm", m.viewportMatrix, false); });
    if (section(state, 1, "near and far points")) {
        ImGui::TextDisabled(
            "near: window z = MinZ, far: z = MaxZ; window -> NDC -> clip (NDC x w) -> view -> world, "
            "in double");
        stagesTable(state, m);
        vectorLine(state, "ray origin", m.steps.ray.origin);
        vectorLine(state, "ray dir   ", m.steps.ray.direction);
    }
    if (section(state, 2, "projections")) projections(state, m);
    if (section(state, 3, "hit depth")) hitDepth(state, m);
    const std::optional<Precision> precision = precisionOf(*pick, view.scene);
    if (section(state, 4, "precision")) precisionSection(state, precision);
    endPanel();
}

}  // namespace pickray::app
