// SPDX-License-Identifier: MIT
#pragma once
// The frame's CPU stage (collect.cpp): sorts a scene's objects into the passes' per-frame lists.

#include "render/frame.hpp"
#include "scene/scene.hpp"

namespace pickray::render {

class AnalyticPass;
class MeshPass;
class OutlinePass;

/// The passes whose per-frame lists collectDraws fills (it and its Collector are their friends).
struct DrawLists {
    MeshPass& mesh;
    AnalyticPass& analytic;
    OutlinePass& outlines;
    bool analyticShapes = false;  ///< Renderer::useAnalyticSpheres: every kind to `analytic`
};

/// Culls, makes dots, picks a level of detail per round instance (or an analytic instance), and
/// the rectangles the outline pass covers; the lists are cleared first.
void collectDraws(const DrawLists& lists, const scene::Scene& scene, const FrameView& view, const DrawStyle& style,
                  const DebugDraw& debug, FrameStats& stats);

}  // namespace pickray::render
