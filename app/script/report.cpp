// SPDX-License-Identifier: MIT
#include "script/report.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "analysis/construction.hpp"
#include "analysis/precision.hpp"
#include "analysis/unproject_math.hpp"
#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

nlohmann::json vec(glm::vec3 v) { return nlohmann::json::array({v.x, v.y, v.z}); }

template <int N>
nlohmann::json vec(const glm::vec<N, double>& v) {
    nlohmann::json out = nlohmann::json::array();
    for (int i = 0; i < N; ++i) out.push_back(v[i]);
    return out;
}

// Direct3D's row-vector layout (v · M): the rows are GLM's columns (M · v), the transpose.
nlohmann::json rows(const glm::mat4& m) {
    nlohmann::json out = nlohmann::json::array();
    for (int column = 0; column < 4; ++column) out.push_back(vec(glm::dvec4(m[column])));
    return out;
}

// The click's unprojection, in doubles, under names other tools read (docs/DEMO.md).
nlohmann::json unprojectJson(const Pick& pick) {
    const UnprojectMath m = unprojectMath(pick);
    const Viewport& v = m.viewport;
    const Unprojection::Steps& s = m.steps;
    nlohmann::json out = {
        {"pixel", vec(glm::dvec2(m.pixel))},
        {"viewport",
         {{"x", v.x}, {"y", v.y}, {"width", v.width}, {"height", v.height}, {"min_z", v.minZ}, {"max_z", v.maxZ}}},
        {"viewport_matrix", rows(m.viewportMatrix)},
        {"projection", rows(m.projection)},
        {"view", rows(m.view)},
        {"ndc_near", vec(s.nearPoint.ndc)},
        {"ndc_far", vec(s.farPoint.ndc)},
        {"clip_near", vec(s.nearPoint.clip)},
        {"clip_far", vec(s.farPoint.clip)},
        {"view_near", vec(s.nearPoint.view)},
        {"view_far", vec(s.farPoint.view)},
        {"world_near", vec(s.nearPoint.world)},
        {"world_far", vec(s.farPoint.world)},
        {"hit_depth", nullptr}};
    if (const std::optional<HitDepth>& d = m.hitDepth)
        out["hit_depth"] = {
            {"ndc_gl", d->ndcGl}, {"window_gl", d->windowGl}, {"ndc_d3d", d->ndcD3d}, {"window_d3d", d->windowD3d}};
    return out;
}

// The click's nearest hit three ways (analysis/precision.hpp, docs/DEMO.md): null for a miss.
nlohmann::json precisionJson(const ClickRecord& click) {
    const auto p = click.nearestShape ? precisionOf(click.pick, *click.nearestShape) : std::nullopt;
    if (!p) return nullptr;
    const auto orNull = [](const auto& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
    return {{"t", p->t},
            {"t_double", p->tDouble},
            {"t_naive", orNull(p->tNaive)},
            {"ulps", p->ulps},
            {"ulps_naive", orNull(p->ulpsNaive)},
            {"naive_ray_angle", p->naiveRayAngle}};
}

nlohmann::json sideJson(const InfiniteCylinderConstruction& c) {
    return {{"case", caseName(c.kind)},
            {"a1", c.a1},
            {"a2", c.a2},
            {"q1", vec(c.q1)},
            {"q2", vec(c.q2)},
            {"b1", c.b1},
            {"b2", c.b2},
            {"r1", vec(c.r1)},
            {"r2", vec(c.r2)},
            {"q1_behind", c.q1Behind},
            {"q2_behind", c.q2Behind},
            {"axis_distance", c.axisDistance}};
}

nlohmann::json capJson(const CapPlaneCrossing& c) {
    return {{"crosses", c.crosses}, {"t", c.t}, {"point", vec(c.point)}, {"on_cap", c.onCap}, {"behind", c.behind}};
}

// View > Constructions' numbers, as the library gave them (docs/DEMO.md names the fields).
nlohmann::json constructionJson(const ShownConstruction& shown, const std::string& object) {
    nlohmann::json out = {{"article", articleOf(shown.of)}, {"object", object}};
    std::visit(scene::Overloaded{
                   [&](const InfiniteCylinderConstruction& c) { out.update(sideJson(c)); },
                   [&](const CylinderConstruction& c) {
                       out.update({{"case", caseName(c.kind)},
                                   {"side", sideJson(c.side)},
                                   {"cap_a", capJson(c.capA)},
                                   {"cap_b", capJson(c.capB)},
                                   {"parallel_to_caps", c.parallelToCaps},
                                   {"between_caps", c.betweenCaps},
                                   {"enter", c.enter},
                                   {"exit", c.exit},
                                   {"enter_surface", partName(c.enterSurface)},
                                   {"exit_surface", partName(c.exitSurface)}});
                   },
                   [&](const BoxConstruction& c) {
                       nlohmann::json slabs = nlohmann::json::array();
                       for (const SlabInterval& s : c.slabs)
                           slabs.push_back({{"parallel", s.parallel},
                                            {"inside", s.inside},
                                            {"t_near", s.tNear},
                                            {"t_far", s.tFar},
                                            {"near_face", faceName(s.nearFace)},
                                            {"far_face", faceName(s.farFace)}});
                       out.update({{"case", caseName(c.kind)},
                                   {"local_origin", vec(c.localOrigin)},
                                   {"local_direction", vec(c.localDirection)},
                                   {"slabs", slabs},
                                   {"enter", c.enter},
                                   {"exit", c.exit},
                                   {"enter_face", faceName(c.enterFace)},
                                   {"exit_face", faceName(c.exitFace)}});
                   },
               },
               shown.of);
    return out;
}

nlohmann::json observerJson(const ObserverReport& o) {
    const scene::Camera& c = o.camera;
    const FrustumOutline& f = o.frustum;
    const auto corners = [](const std::array<glm::dvec3, 4>& four) {
        nlohmann::json out = nlohmann::json::array();
        for (const glm::dvec3& p : four) out.push_back(vec(p));
        return out;
    };
    return {{"mode", o.mode},
            {"camera",
             {{"eye", vec(c.eye)},
              {"target", vec(c.target)},
              {"up", vec(c.up)},
              {"fovYDegrees", c.fovYDegrees},
              {"near", c.near},
              {"far", c.far}}},
            {"inset", {{"pos", {o.inset.min.x, o.inset.min.y}}, {"size", {o.inset.size.x, o.inset.size.y}}}},
            {"corner", o.corner},
            {"zoom", o.zoom},
            {"frustum",
             {{"eye", vec(f.eye)},
              {"near", corners(f.nearCorners)},
              {"nearDrawn", corners(f.nearDrawn)},
              {"nearScale", f.nearScale},
              {"far", corners(f.farCorners)},
              {"nearDistance", f.nearDistance},
              {"farDistance", f.farDistance},
              {"drawnFar", f.drawnFar},
              {"truncated", f.truncated}}},
            {"label", o.label}};
}

}  // namespace

std::string reportJson(const std::vector<ClickRecord>& clicks, const Performance& performance,
                       const std::vector<std::string>& errors, const WindowReport& window) {
    nlohmann::json out;
    out["window"] = {
        {"size", {window.size.x, window.size.y}}, {"title", window.title}, {"panels", nlohmann::json::array()}};
    for (const PanelRect& p : window.panels)
        out["window"]["panels"].push_back({{"name", p.name},
                                           {"pos", {p.pos.x, p.pos.y}},
                                           {"size", {p.size.x, p.size.y}},
                                           {"contentWidth", p.contentWidth},
                                           {"roomWidth", p.roomWidth},
                                           {"cut", p.cut},
                                           {"docked", p.docked}});
    out["window"]["outlinerRows"] = window.outlinerRows;
    out["window"]["browserRows"] = window.browserRows;
    out["window"]["uiScale"] = window.uiScale;
    out["window"]["menus"] = nlohmann::json::array();
    for (const PanelRect& m : window.menus)
        out["window"]["menus"].push_back(
            {{"name", m.name}, {"pos", {m.pos.x, m.pos.y}}, {"size", {m.size.x, m.size.y}}});
    out["window"]["tooltips"] = nlohmann::json::array();
    for (const TooltipRect& t : window.tooltips)
        out["window"]["tooltips"].push_back(
            {{"text", t.text}, {"pos", {t.pos.x, t.pos.y}}, {"size", {t.size.x, t.size.y}}});
    out["window"]["tooltipShown"] =
        window.tooltipShown ? nlohmann::json(*window.tooltipShown) : nlohmann::json(nullptr);
    out["window"]["messages"] = window.messages;
    out["window"]["snapShown"] = window.snapShown ? nlohmann::json(*window.snapShown) : nlohmann::json(nullptr);
    out["window"]["numberTexts"] = nlohmann::json::array();
    for (const DrawnText& t : window.numberTexts)
        out["window"]["numberTexts"].push_back({{"text", t.text},
                                                {"pos", {t.pos.x, t.pos.y}},
                                                {"size", {t.size.x, t.size.y}},
                                                {"roomRight", t.roomRight}});
    out["window"]["lineHeight"] = window.lineHeight;
    out["window"]["sizeWarning"] = window.sizeWarning ? nlohmann::json(*window.sizeWarning) : nlohmann::json(nullptr);
    out["window"]["recentMenu"] =
        window.recentMenu ? nlohmann::json({{"pos", {window.recentMenu->pos.x, window.recentMenu->pos.y}},
                                            {"size", {window.recentMenu->size.x, window.recentMenu->size.y}}})
                          : nlohmann::json(nullptr);
    out["window"]["recentEntries"] = nlohmann::json::array();
    for (const MenuEntry& e : window.recentEntries)
        out["window"]["recentEntries"].push_back(
            {{"text", e.text}, {"enabled", e.enabled}, {"pos", {e.pos.x, e.pos.y}}, {"size", {e.size.x, e.size.y}}});
    const scene::Camera& cam = window.camera;
    out["window"]["camera"] = {{"eye", vec(cam.eye)},
                               {"target", vec(cam.target)},
                               {"up", vec(cam.up)},
                               {"fovYDegrees", cam.fovYDegrees},
                               {"near", cam.near},
                               {"far", cam.far},
                               {"orthographic", cam.projection == scene::Projection::Orthographic},
                               {"orthoHeight", cam.orthoHeight}};
    out["window"]["construction"] = window.construction
                                        ? constructionJson(*window.construction, window.constructionObject)
                                        : nlohmann::json(nullptr);
    out["window"]["heatMap"] = nullptr;
    if (const auto& m = window.heatMap)
        out["window"]["heatMap"] = {{"pos", {m->pos.x, m->pos.y}},
                                    {"size", {m->size.x, m->size.y}},
                                    {"cells", m->cells},
                                    {"values", m->values},
                                    {"minimumAt", {m->minimumAt.x, m->minimumAt.y}},
                                    {"parallel", m->parallel},
                                    {"firstIsPoint", m->firstIsPoint},
                                    {"secondIsPoint", m->secondIsPoint}};
    out["window"]["viewLabels"] = nlohmann::json::array();
    for (const DrawnLabel& l : window.viewLabels)
        out["window"]["viewLabels"].push_back(
            {{"text", l.text},
             {"at", {l.at.x, l.at.y}},
             {"textAt", {l.textAt.x, l.textAt.y}},
             {"box", {{"pos", {l.boxPos.x, l.boxPos.y}}, {"size", {l.boxSize.x, l.boxSize.y}}}},
             {"clear", l.clear}});
    const auto segments = [](const std::vector<ScreenSegment>& list) {
        nlohmann::json lines = nlohmann::json::array();
        for (const ScreenSegment& s : list)
            lines.push_back({{"a", {s.a.x, s.a.y}}, {"b", {s.b.x, s.b.y}}, {"halfWidth", s.halfWidth}});
        return lines;
    };
    out["window"]["viewLines"] = segments(window.viewLines);
    out["window"]["gizmoHandles"] = segments(window.gizmoHandles);
    out["window"]["freeView"] = {{"half", {window.freeHalf.x, window.freeHalf.y}}};
    const nlohmann::json gizmo = {
        {"mode", window.gizmoMode}, {"space", window.gizmoSpace}, {"shown", window.gizmoShown}};
    out["editor"] = {{"picked", window.picked ? nlohmann::json(*window.picked) : nlohmann::json(nullptr)},
                     {"hovered", window.hovered ? nlohmann::json(*window.hovered) : nlohmann::json(nullptr)},
                     {"selection", window.selection},
                     {"undoSteps", window.undoSteps},
                     {"unsaved", window.unsaved},
                     {"gizmo", gizmo}};
    out["observer"] = window.observer ? observerJson(*window.observer) : nlohmann::json(nullptr);
    out["clicks"] = nlohmann::json::array();
    for (const ClickRecord& c : clicks) {
        nlohmann::json click;
        click["cursor"] = {c.pick.cursorWindow.x, c.pick.cursorWindow.y};
        click["cursorPixel"] = {c.pick.cursor.x, c.pick.cursor.y};
        click["ray"] = {{"origin", vec(c.pick.ray.origin)}, {"direction", vec(c.pick.ray.direction)}};
        click["unproject"] = c.pick.frame.pickable ? unprojectJson(c.pick) : nlohmann::json(nullptr);
        click["precision"] = precisionJson(c);
        click["onUi"] = c.onUi;
        click["onGizmo"] = c.onGizmo;
        click["queryMs"] = c.pick.queryMs;
        click["hits"] = nlohmann::json::array();
        click["picked"] = nullptr;
        for (std::size_t i = 0; i < c.pick.hits.size(); ++i) {
            const RayHit& h = c.pick.hits[i].hit;
            click["hits"].push_back(
                {{"object", c.hitNames.at(i)}, {"t", h.t}, {"point", vec(h.point)}, {"normal", vec(h.normal)}});
        }
        if (!c.hitNames.empty()) click["picked"] = c.hitNames.front();
        out["clicks"].push_back(click);
    }
    std::vector<double> pickMs;
    for (const ClickRecord& c : clicks)
        if (!c.onUi && !c.onGizmo) pickMs.push_back(c.pick.queryMs);
    std::sort(pickMs.begin(), pickMs.end());
    out["frame"] = {{"ms", performance.frameMs},
                    {"pickMs", pickMs.empty() ? nlohmann::json(nullptr) : nlohmann::json(pickMs[pickMs.size() / 2])},
                    {"drawCalls", performance.drawCalls},
                    {"objects", performance.objects},
                    {"instances", performance.instances},
                    {"rayCast", performance.rayCast},
                    {"culled", performance.culled},
                    {"triangles", performance.triangles},
                    {"dots", performance.dots},
                    {"levels", performance.levels}};
    out["frame"]["redraws"] = nlohmann::json::array();
    for (const Redraw& r : performance.redraws)
        out["frame"]["redraws"].push_back(
            {{"approximate", r.approximate},
             {"sinceCameraMoved", r.sinceCameraMoved ? nlohmann::json(*r.sinceCameraMoved) : nlohmann::json(nullptr)},
             {"instances", r.instances},
             {"rayCast", r.rayCast},
             {"triangles", r.triangles},
             {"dots", r.dots},
             {"levels", r.levels}});
    out["index"] = {{"builds", performance.bvhBuilds}, {"refits", performance.bvhRefits}};
    out["glErrors"] = performance.glErrors;
    out["glWarnings"] = performance.glWarnings;
    out["glDebugOutput"] = performance.glDebugOutput;
    out["framesRun"] = performance.framesRun;
    out["memory"] = {{"rssStartKiB", performance.rssStartKiB},
                     {"rssFirstRoundKiB", performance.rssFirstRoundKiB},
                     {"rssEndKiB", performance.rssEndKiB}};
    out["errors"] = errors;
    return out.dump(2) + "\n";
}

}  // namespace pickray::app
