// SPDX-License-Identifier: MIT
#include "viewport/label_places.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <tuple>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "pickray/picking.hpp"
#include "pickray/query/shape.hpp"
#include "scene/camera_math.hpp"
#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

// A point relative to the eye (as a click's ray is built), and its depth in front of the eye: the
// view's -z, which the near plane bounds.
struct EyePoint {
    glm::vec3 rel{0.0f};
    float depth = 0.0f;
};
EyePoint fromEye(glm::vec3 world, const FrameMatrices& frame) {
    const glm::vec3 rel(glm::dvec3(world) - glm::dvec3(frame.eye));
    return {rel, -(frame.rotationView * glm::vec4(rel, 0.0f)).z};
}

std::optional<glm::vec2> onScreen(glm::vec3 rel, const FrameMatrices& frame) {
    const glm::vec3 s = worldToScreen(rel, frame.rotationView, frame.projection, frame.viewport, frame.clipDepth);
    if (!(std::isfinite(s.x) && std::isfinite(s.y))) return std::nullopt;
    return glm::vec2(s) / frame.pixelsPerWindowUnit;
}

// The part of a..b in front of the near plane (a hair inside it, so that its projection is finite).
std::optional<std::pair<glm::vec3, glm::vec3>> inFront(EyePoint a, EyePoint b, float near) {
    const float plane = near * (1.0f + 1e-4f);
    if (a.depth < plane && b.depth < plane) return std::nullopt;
    const auto cut = [&](EyePoint from, EyePoint to) {  // `from` behind, `to` in front
        const float s = (plane - from.depth) / (to.depth - from.depth);
        return from.rel + s * (to.rel - from.rel);
    };
    if (a.depth < plane) return std::pair{cut(a, b), b.rel};
    if (b.depth < plane) return std::pair{a.rel, cut(b, a)};
    return std::pair{a.rel, b.rel};
}

// A rectangle as a segment along its middle, widened by half its narrower side: the same area.
ScreenSegment asSegment(glm::vec2 lo, glm::vec2 hi) {
    const glm::vec2 mid = 0.5f * (lo + hi);
    const glm::vec2 half = 0.5f * (hi - lo);
    if (half.x >= half.y) return {{lo.x + half.y, mid.y}, {hi.x - half.y, mid.y}, half.y};
    return {{mid.x, lo.y + half.x}, {mid.x, hi.y - half.x}, half.x};
}

// Whether the segment a..b meets the box (Liang-Barsky: the parameter interval inside each slab).
bool segmentMeetsBox(glm::vec2 a, glm::vec2 b, glm::vec2 lo, glm::vec2 hi) {
    float t0 = 0.0f, t1 = 1.0f;
    const glm::vec2 d = b - a;
    for (int i = 0; i < 2; ++i) {
        if (d[i] == 0.0f) {
            if (a[i] < lo[i] || a[i] > hi[i]) return false;
            continue;
        }
        float ta = (lo[i] - a[i]) / d[i], tb = (hi[i] - a[i]) / d[i];
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
        if (t0 > t1) return false;
    }
    return true;
}

// Whether the segment's band passes through the point (a line the label at it names).
bool through(const ScreenSegment& s, glm::vec2 p) {
    const glm::vec2 d = s.b - s.a;
    const float length2 = glm::dot(d, d);
    const float t = length2 > 0.0f ? std::clamp(glm::dot(p - s.a, d) / length2, 0.0f, 1.0f) : 0.0f;
    return glm::length(s.a + t * d - p) <= s.halfWidth + kThroughPoint;
}

bool inside(const ScreenBox& box, const ScreenBox& window) {
    return box.pos.x >= window.pos.x && box.pos.y >= window.pos.y && box.max().x <= window.max().x &&
           box.max().y <= window.max().y;
}

// The places tried for a label. A point at or past the window's edge may have none inside it:
// they are then moved in, so that the label is seen whole (a leader goes to its point).
std::vector<ScreenBox> placesFor(glm::vec2 at, glm::vec2 size, float gap, const ScreenBox& window) {
    std::vector<ScreenBox> places = labelCandidates(at, size, gap);
    if (std::any_of(places.begin(), places.end(), [&](const ScreenBox& b) { return inside(b, window); })) return places;
    for (ScreenBox& b : places) b.pos = glm::max(glm::min(b.pos, window.max() - b.size), window.pos);
    return places;
}

}  // namespace

std::vector<ScreenSegment> screenSegments(std::span<const render::DebugLine> lines, const FrameMatrices& frame) {
    std::vector<ScreenSegment> out;
    if (!frame.pickable) return out;
    const float widthScale = render::outputPixelScale(frame.viewport.height) / frame.pixelsPerWindowUnit.y;
    for (const render::DebugLine& l : lines) {
        const auto part = inFront(fromEye(l.a, frame), fromEye(l.b, frame), frame.camera.near);
        if (!part) continue;
        const auto a = onScreen(part->first, frame);
        const auto b = onScreen(part->second, frame);
        if (a && b) out.push_back({*a, *b, 0.5f * std::max(l.width, l.widthAtB) * widthScale});
    }
    return out;
}

std::vector<ScreenSegment> gizmoSegments(const Gizmo& gizmo, const FrameMatrices& frame) {
    std::vector<ScreenSegment> out;
    if (!frame.pickable) return out;
    const float height = frame.viewport.height;
    const auto thick = [&](glm::vec3 a, glm::vec3 b, float radius) {
        const auto part = inFront(fromEye(a, frame), fromEye(b, frame), frame.camera.near);
        if (!part) return;
        const auto sa = onScreen(part->first, frame);
        const auto sb = onScreen(part->second, frame);
        const glm::vec3 mid = 0.5f * (a + b);
        const float pixels = radius / scene::worldPerPixel(frame.camera, mid, height) / frame.pixelsPerWindowUnit.y;
        if (sa && sb && std::isfinite(pixels)) out.push_back({*sa, *sb, pixels});
    };
    for (const HandleShape& h : handleShapes(gizmo))
        std::visit(scene::Overloaded{[&](const Capsule& c) { thick(c.a, c.b, c.radius); },
                                     [&](const Cylinder& c) { thick(c.a, c.b, c.radius); },
                                     [&](const auto& shape) {
                                         const Aabb box = bounds(Shape(shape));
                                         glm::vec2 lo(std::numeric_limits<float>::max()), hi(-lo);
                                         for (int i = 0; i < 8; ++i) {
                                             const glm::vec3 corner((i & 1) ? box.max.x : box.min.x,
                                                                    (i & 2) ? box.max.y : box.min.y,
                                                                    (i & 4) ? box.max.z : box.min.z);
                                             const EyePoint p = fromEye(corner, frame);
                                             if (p.depth < frame.camera.near) return;
                                             const auto s = onScreen(p.rel, frame);
                                             if (!s) return;
                                             lo = glm::min(lo, *s);
                                             hi = glm::max(hi, *s);
                                         }
                                         out.push_back(asSegment(lo, hi));
                                     }},
                   h.shape);
    return out;
}

bool crosses(const ScreenBox& box, const ScreenSegment& s) {
    const glm::vec2 grow(s.halfWidth);
    return segmentMeetsBox(s.a, s.b, box.pos - grow, box.max() + grow);
}

bool overlaps(const ScreenBox& a, const ScreenBox& b) {
    return a.pos.x < b.max().x && b.pos.x < a.max().x && a.pos.y < b.max().y && b.pos.y < a.max().y;
}

std::vector<ScreenBox> labelCandidates(glm::vec2 at, glm::vec2 size, float gap) {
    std::vector<ScreenBox> out;
    for (const float g : {gap, 2.0f * gap, 4.0f * gap, 6.0f * gap, 8.0f * gap, 12.0f * gap}) {
        const float right = at.x + g, left = at.x - g - size.x, middleX = at.x - 0.5f * size.x;
        const float above = at.y - g - size.y, below = at.y + g, middleY = at.y - 0.5f * size.y;
        // Above and below, also with the box's left or right end over the point (a long label).
        const float fromPoint = at.x, toPoint = at.x - size.x;
        for (const glm::vec2 p : {glm::vec2(right, middleY), glm::vec2(left, middleY), glm::vec2(middleX, above),
                                  glm::vec2(middleX, below), glm::vec2(right, above), glm::vec2(right, below),
                                  glm::vec2(left, above), glm::vec2(left, below), glm::vec2(fromPoint, above),
                                  glm::vec2(fromPoint, below), glm::vec2(toPoint, above), glm::vec2(toPoint, below)})
            out.push_back({p, size});
    }
    return out;
}

std::vector<LabelPlace> placeLabels(std::span<const glm::vec2> points, std::span<const glm::vec2> sizes,
                                    const LabelObstacles& obstacles, float gap) {
    const std::size_t n = std::min(points.size(), sizes.size());
    // What a place costs, worst first: hidden (under a panel or off the window), over another
    // label, over a line through its point (one it names), over other lines or handles.
    using Cost = std::tuple<int, int, int, int>;
    const auto cost = [&](std::size_t i, const ScreenBox& box, std::span<const LabelPlace> placed) {
        int hidden = inside(box, obstacles.window) ? 0 : 1;
        int labels = 0, named = 0, lines = 0;
        for (const ScreenBox& p : obstacles.panels) hidden += overlaps(box, p);
        for (const LabelPlace& p : placed) labels += overlaps(box, p.box);
        for (const ScreenSegment& s : obstacles.lines)
            if (crosses(box, s)) ++(through(s, points[i]) ? named : lines);
        for (const ScreenSegment& s : obstacles.gizmo) lines += crosses(box, s);
        return Cost{hidden, labels, named, lines};
    };
    // The labels with the fewest clear places are placed first (the others have room to give).
    std::vector<std::pair<int, std::size_t>> order;
    for (std::size_t i = 0; i < n; ++i) {
        int clear = 0;
        for (const ScreenBox& box : placesFor(points[i], sizes[i], gap, obstacles.window))
            clear += cost(i, box, {}) == Cost{};
        order.emplace_back(clear, i);
    }
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<LabelPlace> placed;  // in the order placed
    std::vector<LabelPlace> out(n);
    for (const auto& [clear, i] : order) {
        std::optional<std::pair<Cost, ScreenBox>> best;
        for (const ScreenBox& box : placesFor(points[i], sizes[i], gap, obstacles.window)) {
            const Cost c = cost(i, box, placed);
            if (!best || c < best->first) best = {c, box};
            if (c == Cost{}) break;  // the first place that costs nothing is taken
        }
        out[i] = {best->second, best->first == Cost{}};
        placed.push_back(out[i]);
    }
    return out;
}

}  // namespace pickray::app
