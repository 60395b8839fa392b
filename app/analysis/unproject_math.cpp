// SPDX-License-Identifier: MIT
#include "analysis/unproject_math.hpp"

#include "scene/camera_math.hpp"

namespace pickray::app {
namespace {

glm::mat4 projectionIn(scene::Camera camera, ClipDepth depth, const Viewport& viewport) {
    camera.clipDepth = depth;
    return scene::projectionMatrix(camera, viewport.width / viewport.height);
}

}  // namespace

HitDepth hitDepth(glm::vec3 world, const FrameMatrices& frame) {
    // The point in the camera's space: rotation · (world − eye) in double (no float translation).
    const glm::dvec4 view(glm::dmat3(frame.rotationView) * (glm::dvec3(world) - glm::dvec3(frame.eye)), 1.0);
    const auto ndcDepth = [&](ClipDepth depth) {
        const glm::dvec4 clip = glm::dmat4(projectionIn(frame.camera, depth, frame.viewport)) * view;
        return clip.z / clip.w;
    };
    const double minZ = frame.viewport.minZ, range = double(frame.viewport.maxZ) - minZ;
    HitDepth d;
    d.ndcGl = ndcDepth(ClipDepth::NegativeOneToOne);
    d.windowGl = minZ + 0.5 * (d.ndcGl + 1.0) * range;
    d.ndcD3d = ndcDepth(ClipDepth::ZeroToOne);
    d.windowD3d = minZ + d.ndcD3d * range;
    return d;
}

UnprojectMath unprojectMath(const Pick& pick) {
    const FrameMatrices& frame = pick.frame;
    UnprojectMath m;
    m.pixel = pick.cursor;
    m.viewport = frame.viewport;
    m.clipDepth = frame.clipDepth;
    m.viewportMatrix = viewportMatrix(frame.viewport, frame.clipDepth);
    m.projection = frame.projection;
    m.projectionGl = projectionIn(frame.camera, ClipDepth::NegativeOneToOne, frame.viewport);
    m.projectionD3d = projectionIn(frame.camera, ClipDepth::ZeroToOne, frame.viewport);
    m.view = frame.view;
    m.steps = clickUnprojection(frame).steps(pick.cursor);
    if (const auto hit = pick.picked()) m.hitDepth = hitDepth(hit->hit.point, frame);
    return m;
}

bool projectionsDiffer(const UnprojectMath& math, int column, int row) noexcept {
    return math.projectionGl[column][row] != math.projectionD3d[column][row];
}

}  // namespace pickray::app
