// SPDX-License-Identifier: MIT
#include "viewport/overlay.hpp"
#include "scene/frame_along.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>

#include "analysis/construction.hpp"
#include "analysis/precision.hpp"
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

}  // namespace

PairState pairState(const Capsule& first, const Capsule& second, const CapsuleProximity& proximity) {
    const float touching = kTouchingFraction * (first.radius + second.radius);
    if (proximity.gap > touching) return PairState::Separate;
    return proximity.gap < -touching ? PairState::Overlapping : PairState::Touching;
}

const char* pairStateName(PairState state) {
    switch (state) {
        case PairState::Separate: return "separate";
        case PairState::Touching: return "touching";
        case PairState::Overlapping: return "overlapping";
    }
    return "?";
}

render::DebugDraw overlay(const scene::Scene& scene, const std::vector<std::size_t>& selection,
                          const std::optional<Pick>& pick, const FrameMatrices& frame) {
    render::DebugDraw d;
    const scene::Camera& cam = scene.camera;
    const float height = frame.viewport.height;
    // Sizes in pixels of a 720p picture, whatever the distance: markers and the normal's arrow
    // stay readable, and look the same at every output size (render::outputPixelScale).
    const float scale = render::outputPixelScale(height);
    auto pixels = [&](glm::vec3 at, float n) { return n * scale * scene::worldPerPixel(cam, at, height); };
    if (pick) {
        const Ray& r = pick->ray;
        d.lines.push_back({r.origin, pointAt(r, cam.far), kRayColor});
        for (const scene::ObjectSpan& s : pick->spans)
            for (auto [t, color] : {std::pair{s.span.enter, kEnterColor}, std::pair{s.span.exit, kExitColor}})
                if (std::isfinite(t))
                    d.markers.push_back({pointAt(r, t), pixels(pointAt(r, t), kSpanMarkerPixels), color});
        if (auto n = pick->picked()) {
            const glm::vec3 p = n->hit.point;
            const glm::vec3 tip = p + pixels(p, kNormalArrowPixels) * n->hit.normal;
            const glm::vec3 base = tip - pixels(tip, kArrowHeadPixels) * n->hit.normal;
            // The shaft ends 3 px inside the head, where the head is still wider than it: its end's
            // fade and the head's base's do not leave a seam.
            const glm::vec3 shaftEnd = tip - pixels(tip, kArrowHeadPixels - 3.0f) * n->hit.normal;
            d.markers.push_back({p, pixels(p, kHitMarkerPixels), kHitColor});
            // The head a triangle facing the screen, tapering to its tip.
            d.lines.push_back({p, shaftEnd, kNormalColor, kNormalShaftPixels, kNormalShaftPixels});
            d.lines.push_back({base, tip, kNormalColor, kArrowHeadWidthPixels, 0.0f});
        }
    }
    // Capsule pair: the two last selected capsules' closest points and the segment between them.
    if (const auto pair = capsulePair(scene, selection)) {
        const Capsule& c1 = std::get<Capsule>(scene.objects[pair->first].shape);
        const Capsule& c2 = std::get<Capsule>(scene.objects[pair->second].shape);
        const CapsuleProximity prox = proximity(c1, c2);
        const glm::vec3 color = pairStateColor(pairState(c1, c2, prox));
        // Over everything: touching or overlapping, the segment lies inside the capsules.
        d.lines.push_back({prox.axes.p1, prox.axes.p2, color, kPairSegmentPixels, kPairSegmentPixels, true});
        d.markers.push_back({prox.axes.p1, pixels(prox.axes.p1, 3.0f), color});
        d.markers.push_back({prox.axes.p2, pixels(prox.axes.p2, 3.0f), color});
        if (prox.axes.distance > 0.0f && prox.gap > 0.0f) {
            // The closest points on the surfaces lie on the axis-to-axis segment.
            const glm::vec3 dir = (prox.axes.p2 - prox.axes.p1) / prox.axes.distance;
            const glm::vec3 s1 = prox.axes.p1 + c1.radius * dir;
            const glm::vec3 s2 = prox.axes.p2 - c2.radius * dir;
            d.markers.push_back({s1, pixels(s1, 4.0f), color});
            d.markers.push_back({s2, pixels(s2, 4.0f), color});
        }
    }
    return d;
}

void addNaiveRay(render::DebugDraw& d, const Pick& pick) {
    if (!pick.frame.pickable) return;
    const Ray naive = naiveRay(pick.cursor, pick.frame);
    const scene::Camera& cam = pick.frame.camera;
    // Depth along the camera's forward axis, in double: where the ray reaches the far plane.
    const glm::dvec3 forward = glm::normalize(glm::dvec3(cam.target) - glm::dvec3(cam.eye));
    const double depthRate = glm::dot(glm::dvec3(naive.direction), forward);
    const double originDepth = glm::dot(glm::dvec3(naive.origin) - glm::dvec3(cam.eye), forward);
    const double tEnd = (double{cam.far} - originDepth) / depthRate;
    if (!(depthRate > 0.0) || !std::isfinite(tEnd) || !std::isfinite(originDepth)) return;
    d.lines.push_back({naive.origin, pointAt(naive, static_cast<float>(std::max(tEnd, 0.0))), kNaiveRayColor});
}

void addGizmo(render::DebugDraw& d, const Gizmo& g, const std::optional<GizmoHandle>& lit, const scene::Camera& camera,
              const FrameMatrices& frame, const std::optional<Pick>& pick) {
    constexpr glm::vec3 kLitColor{1.0f, 0.8f, 0.1f};
    constexpr glm::vec3 kPivotColor{0.92f, 0.92f, 0.92f};
    constexpr int kConeSides = 20;
    const bool orthographic = camera.projection == scene::Projection::Orthographic;
    const auto toEye = [&](glm::vec3 p) {
        return glm::normalize(orthographic ? camera.eye - camera.target : camera.eye - p);
    };
    const auto pixel = [&](glm::vec3 p) { return scene::worldPerPixel(camera, p, frame.viewport.height); };
    struct Piece {
        render::DebugTriangle triangle;
        float distance;  // from the eye, for the back-to-front order
    };
    std::vector<Piece> pieces;
    const auto triangle = [&](glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec4 color) {
        const glm::vec3 centroid = (a + b + c) / 3.0f;
        pieces.push_back({{a, b, c, color}, glm::dot(centroid - camera.eye, -toEye(centroid))});
    };
    // Lit by how it faces the eye: a solid reads as one, not as a flat blot.
    const auto shaded = [&](glm::vec3 color, glm::vec3 a, glm::vec3 b, glm::vec3 c) {
        const glm::vec3 n = glm::cross(b - a, c - a);
        const float length = glm::length(n);
        const float facing = length > 0.0f ? std::abs(glm::dot(n / length, toEye(a))) : 1.0f;
        return glm::vec4(color * (0.55f + 0.45f * facing), 1.0f);
    };
    // A line as a band facing the eye, `pixels` wide at each end whatever the output size.
    const auto band = [&](glm::vec3 a, glm::vec3 b, glm::vec3 color, float pixels) {
        glm::vec3 across = glm::cross(b - a, toEye(0.5f * (a + b)));
        const float length = glm::length(across);
        if (!(length > 0.0f)) return;
        across /= length;
        const glm::vec3 ha = 0.5f * pixels * pixel(a) * across;
        const glm::vec3 hb = 0.5f * pixels * pixel(b) * across;
        triangle(a - ha, a + ha, b + hb, glm::vec4(color, 1.0f));
        triangle(a - ha, b + hb, b - hb, glm::vec4(color, 1.0f));
    };
    const auto cone = [&](const Cylinder& c, glm::vec3 color) {
        const glm::mat3 around = scene::frameAlong(glm::normalize(c.b - c.a));
        const glm::vec3 x = around[0];
        const glm::vec3 y = around[1];
        for (int i = 0; i < kConeSides; ++i) {
            const float a0 = glm::two_pi<float>() * static_cast<float>(i) / kConeSides;
            const float a1 = glm::two_pi<float>() * static_cast<float>(i + 1) / kConeSides;
            const glm::vec3 r0 = c.a + c.radius * (std::cos(a0) * x + std::sin(a0) * y);
            const glm::vec3 r1 = c.a + c.radius * (std::cos(a1) * x + std::sin(a1) * y);
            triangle(c.b, r0, r1, shaded(color, c.b, r0, r1));
            triangle(c.a, r1, r0, shaded(color, c.a, r1, r0));
        }
    };
    const auto corner = [](const OrientedBox& box, float x, float y, float z) {
        return glm::vec3(box.toWorld * glm::vec4(x * box.local.max.x, y * box.local.max.y, z * box.local.max.z, 1.0f));
    };
    for (const HandleShape& h : handleShapes(g)) {
        const bool isLit = lit == h.handle;
        const glm::vec3 color = isLit ? kLitColor : kGizmoAxisColors[h.handle.axis];
        const float width = isLit ? kGizmoLinePixels + 1.0f : kGizmoLinePixels;
        if (const auto* c = std::get_if<Capsule>(&h.shape)) {
            band(c->a, c->b, color, width);
        } else if (const auto* tip = std::get_if<Cylinder>(&h.shape)) {
            cone(*tip, color);
        } else if (const auto* box = std::get_if<OrientedBox>(&h.shape);
                   box && h.handle.kind == GizmoHandle::Kind::Plane) {
            // A translucent square with its edges.
            const glm::vec3 q[4] = {corner(*box, -1, -1, 0), corner(*box, 1, -1, 0), corner(*box, 1, 1, 0),
                                    corner(*box, -1, 1, 0)};
            const glm::vec4 fill(color, isLit ? 0.6f : 0.35f);
            triangle(q[0], q[1], q[2], fill);
            triangle(q[0], q[2], q[3], fill);
            for (int i = 0; i < 4; ++i) band(q[i], q[(i + 1) % 4], color, 2.0f);
        } else if (box) {
            // A cube: its six faces, two triangles each.
            constexpr int kFaces[6][4][3] = {
                {{-1, -1, -1}, {-1, 1, -1}, {1, 1, -1}, {1, -1, -1}}, {{-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}},
                {{-1, -1, -1}, {1, -1, -1}, {1, -1, 1}, {-1, -1, 1}}, {{-1, 1, -1}, {-1, 1, 1}, {1, 1, 1}, {1, 1, -1}},
                {{-1, -1, -1}, {-1, -1, 1}, {-1, 1, 1}, {-1, 1, -1}}, {{1, -1, -1}, {1, 1, -1}, {1, 1, 1}, {1, -1, 1}},
            };
            for (const auto& face : kFaces) {
                glm::vec3 q[4];
                for (int i = 0; i < 4; ++i)
                    q[i] = corner(*box, static_cast<float>(face[i][0]), static_cast<float>(face[i][1]),
                                  static_cast<float>(face[i][2]));
                const glm::vec4 lit4 = shaded(color, q[0], q[1], q[2]);
                triangle(q[0], q[1], q[2], lit4);
                triangle(q[0], q[2], q[3], lit4);
            }
        }
    }
    // The pivot: a thin circle inside the clear centre, around the hit marker, not over it.
    const glm::mat3 pivot = scene::frameAlong(toEye(g.origin));
    const glm::vec3 x = pivot[0];
    const glm::vec3 y = pivot[1];
    const float radius = 0.7f * kCentreClear * g.size;
    constexpr int kPivotSegments = 32;
    for (int i = 0; i < kPivotSegments; ++i) {
        const float a0 = glm::two_pi<float>() * static_cast<float>(i) / kPivotSegments;
        const float a1 = glm::two_pi<float>() * static_cast<float>(i + 1) / kPivotSegments;
        band(g.origin + radius * (std::cos(a0) * x + std::sin(a0) * y),
             g.origin + radius * (std::cos(a1) * x + std::sin(a1) * y), kPivotColor, 1.5f);
    }
    std::stable_sort(pieces.begin(), pieces.end(),
                     [](const Piece& a, const Piece& b) { return a.distance > b.distance; });
    for (const Piece& p : pieces) d.onTop.push_back(p.triangle);
    // The hit marker over it all: a disc as large as the marker, in its colour (markers are unlit).
    if (const auto hit = pick ? pick->picked() : std::nullopt) {
        const glm::vec3 p = hit->hit.point;
        const glm::mat3 disc = scene::frameAlong(toEye(p));
        const glm::vec3 u = disc[0];
        const glm::vec3 v = disc[1];
        const float r = kHitMarkerPixels * render::outputPixelScale(frame.viewport.height) * pixel(p);
        constexpr int kDiscSegments = 16;
        for (int i = 0; i < kDiscSegments; ++i) {
            const float a0 = glm::two_pi<float>() * static_cast<float>(i) / kDiscSegments;
            const float a1 = glm::two_pi<float>() * static_cast<float>(i + 1) / kDiscSegments;
            d.onTop.push_back({p, p + r * (std::cos(a0) * u + std::sin(a0) * v),
                               p + r * (std::cos(a1) * u + std::sin(a1) * v), glm::vec4(kHitColor, 1.0f)});
        }
    }
}

}  // namespace pickray::app
