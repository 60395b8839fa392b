// SPDX-License-Identifier: MIT
#include "viewport/overlay.hpp"

#include <cmath>
#include <utility>

#include "pickray/collision/overlap.hpp"
#include "pickray/collision/ray.hpp"
#include "scene/camera_math.hpp"

namespace pickray::app {
namespace {

// Debug colours: distinct from every object colour and from the highlight.
constexpr glm::vec3 kRayColor{0.95f, 0.95f, 0.95f};
constexpr glm::vec3 kHitColor{1.0f, 1.0f, 1.0f};
constexpr glm::vec3 kNormalColor{0.2f, 0.9f, 1.0f};
constexpr glm::vec3 kEnterColor{0.25f, 1.0f, 0.35f};
constexpr glm::vec3 kExitColor{1.0f, 0.25f, 0.55f};
constexpr glm::vec3 kProximityColor{1.0f, 0.55f, 0.1f};

}  // namespace

render::DebugDraw overlay(const scene::Scene& scene, const std::vector<std::size_t>& selection,
                          const std::optional<Pick>& pick, const FrameMatrices& frame) {
    render::DebugDraw d;
    const scene::Camera& cam = scene.camera;
    const float height = frame.viewport.height;
    // Sizes in pixels, whatever the distance: markers and the normal's arrow stay readable.
    auto pixels = [&](glm::vec3 at, float n) { return n * scene::worldPerPixel(cam, at, height); };
    if (pick) {
        const Ray& r = pick->ray;
        d.lines.push_back({r.origin, pointAt(r, cam.far), kRayColor});
        for (const scene::ObjectSpan& s : pick->spans)
            for (auto [t, color] : {std::pair{s.span.enter, kEnterColor}, std::pair{s.span.exit, kExitColor}})
                if (std::isfinite(t)) d.markers.push_back({pointAt(r, t), pixels(pointAt(r, t), 4.0f), color});
        if (auto n = pick->nearest()) {
            const glm::vec3 p = n->hit.point;
            const glm::vec3 tip = p + pixels(p, 60.0f) * n->hit.normal;
            d.markers.push_back({p, pixels(p, 5.0f), kHitColor});
            d.lines.push_back({p, tip, kNormalColor});
            d.markers.push_back({tip, pixels(tip, 2.5f), kNormalColor});
        }
    }
    // Capsule pair: the two last selected capsules' closest points and the segment between them.
    std::vector<const Capsule*> capsules;
    for (std::size_t i : selection)
        if (const auto* c = std::get_if<Capsule>(&scene.objects[i].shape)) capsules.push_back(c);
    if (capsules.size() >= 2) {
        const Capsule& c1 = *capsules[capsules.size() - 2];
        const Capsule& c2 = *capsules.back();
        const CapsuleProximity prox = proximity(c1, c2);
        d.lines.push_back({prox.axes.p1, prox.axes.p2, kProximityColor});
        d.markers.push_back({prox.axes.p1, pixels(prox.axes.p1, 3.0f), kProximityColor});
        d.markers.push_back({prox.axes.p2, pixels(prox.axes.p2, 3.0f), kProximityColor});
        if (prox.axes.distance > 0.0f && prox.gap > 0.0f) {
            // The closest points on the surfaces lie on the axis-to-axis segment.
            const glm::vec3 dir = (prox.axes.p2 - prox.axes.p1) / prox.axes.distance;
            const glm::vec3 s1 = prox.axes.p1 + c1.radius * dir;
            const glm::vec3 s2 = prox.axes.p2 - c2.radius * dir;
            d.markers.push_back({s1, pixels(s1, 4.0f), kProximityColor});
            d.markers.push_back({s2, pixels(s2, 4.0f), kProximityColor});
        }
    }
    return d;
}

void addGizmo(render::DebugDraw& d, const Gizmo& g, const std::optional<GizmoHandle>& lit, const scene::Camera& camera,
              const FrameMatrices& frame) {
    constexpr glm::vec3 kAxisColors[3] = {{0.95f, 0.3f, 0.3f}, {0.4f, 0.9f, 0.35f}, {0.35f, 0.55f, 1.0f}};
    const glm::vec3 toEye = camera.projection == scene::Projection::Orthographic
                                ? glm::normalize(camera.eye - camera.target)
                                : glm::normalize(camera.eye - g.origin);
    const float pixel = scene::worldPerPixel(camera, g.origin, frame.viewport.height);
    // Three lines a pixel apart, across the view: GL 3.3 core has no wide lines.
    const auto thick = [&](glm::vec3 a, glm::vec3 b, glm::vec3 color) {
        glm::vec3 across = glm::cross(b - a, toEye);
        const float length = glm::length(across);
        across = length > 0.0f ? across / length * pixel : glm::vec3(0.0f);
        for (float k : {-1.0f, 0.0f, 1.0f}) d.onTop.push_back({a + k * across, b + k * across, color});
    };
    for (const HandleShape& h : handleShapes(g)) {
        const glm::vec3 color = lit == h.handle ? glm::vec3(1.0f, 0.8f, 0.1f) : kAxisColors[h.handle.axis];
        if (const auto* c = std::get_if<Capsule>(&h.shape)) {
            thick(c->a, c->b, color);
        } else if (const auto* box = std::get_if<OrientedBox>(&h.shape)) {
            // The square (or the cube's face towards the viewer): its four edges and a diagonal.
            const auto corner = [&](float x, float y) {
                return glm::vec3(box->toWorld * glm::vec4(x * box->local.max.x, y * box->local.max.y, 0.0f, 1.0f));
            };
            const glm::vec3 q[4] = {corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)};
            for (int i = 0; i < 4; ++i) thick(q[i], q[(i + 1) % 4], color);
            thick(q[0], q[2], color);
        }
    }
}

}  // namespace pickray::app
