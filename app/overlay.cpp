// SPDX-License-Identifier: MIT
#include "overlay.hpp"

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

}  // namespace pickray::app
