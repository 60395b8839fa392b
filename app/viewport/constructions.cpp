// SPDX-License-Identifier: MIT
#include "viewport/constructions.hpp"
#include "scene/frame_along.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>

#include "scene/camera_math.hpp"
#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

constexpr int kCircleSides = 64;
constexpr float kLinePixels = 2.0f;
constexpr float kRadiusPixels = 3.0f;  // R–Q, the cap's centre to its crossing
constexpr float kSpanPixels = 5.0f;
constexpr float kDotPixels = 4.0f;  // half the side of a point's dot

// Lines and dots in 720p pixels at the points they are drawn at; every line over everything.
class Pen {
public:
    explicit Pen(const FrameMatrices& frame)
        : frame_(frame),
          scale_(render::outputPixelScale(frame.viewport.height)),
          right_(glm::normalize(glm::cross(frame.camera.target - frame.camera.eye, frame.camera.up))) {}

    [[nodiscard]] float pixels(glm::vec3 at, float n) const {
        return n * scale_ * scene::worldPerPixel(frame_.camera, at, frame_.viewport.height);
    }
    void line(glm::vec3 a, glm::vec3 b, glm::vec3 color, float width = kLinePixels) {
        if (isFinite(a) && isFinite(b)) out.draw.lines.push_back({a, b, color, width, width, true});
    }
    // A square dot: a line as long as it is wide, across the screen.
    void dot(glm::vec3 p, glm::vec3 color, float half = kDotPixels) {
        const glm::vec3 h = pixels(p, half) * right_;
        line(p - h, p + h, color, 2.0f * half);
    }
    void circle(glm::vec3 center, glm::vec3 axis, float radius, glm::vec3 color) {
        // Turned half a turn from frameAlong's (the same circle, drawn from the opposite point).
        const glm::mat3 around = scene::frameAlong(glm::normalize(axis));
        const glm::vec3 u = -around[0];
        const glm::vec3 v = -around[1];
        for (int i = 0; i < kCircleSides; ++i) {
            const float a0 = glm::two_pi<float>() * static_cast<float>(i) / kCircleSides;
            const float a1 = glm::two_pi<float>() * static_cast<float>(i + 1) / kCircleSides;
            line(center + radius * (std::cos(a0) * u + std::sin(a0) * v),
                 center + radius * (std::cos(a1) * u + std::sin(a1) * v), color);
        }
    }
    void label(std::string text, glm::vec3 at, glm::vec3 color) {
        if (isFinite(at)) out.labels.push_back({std::move(text), at, color});
    }
    [[nodiscard]] glm::vec3 toEye(glm::vec3 p) const {
        return frame_.camera.projection == scene::Projection::Orthographic ? frame_.camera.eye - frame_.camera.target
                                                                           : frame_.camera.eye - p;
    }

    ConstructionDrawing out;

private:
    static bool isFinite(glm::vec3 p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }
    const FrameMatrices& frame_;
    float scale_;
    glm::vec3 right_;
};

std::string behind(const char* name, bool isBehind) { return isBehind ? std::string(name) + " (behind)" : name; }

// Article 000's picture: the cross-section circles through Q1 and Q2 around R1 and R2, their
// radii R1Q1 and R2Q2, and the axis between; a parallel line with the circle around it.
void drawSide(Pen& pen, const InfiniteCylinderConstruction& c, glm::vec3 p1, glm::vec3 p2, float radius,
              const Ray& ray) {
    const glm::vec3 axis = p2 - p1;
    if (glm::dot(axis, axis) == 0.0f) return;
    const glm::vec3 unit = glm::normalize(axis);
    if (c.kind == InfiniteCylinderCase::kCrosses) {
        pen.line(c.r1 - radius * unit, c.r2 + radius * unit, kAxisColor);
        for (const auto& [r, q] : {std::pair{c.r1, c.q1}, std::pair{c.r2, c.q2}}) {
            pen.circle(r, axis, radius, kCircleColor);
            pen.line(r, q, kCircleColor, kRadiusPixels);
            pen.dot(r, kAxisColor);
            pen.dot(q, kCircleColor);
        }
        const bool tangent = c.q1 == c.q2;
        pen.label(behind(tangent ? "Q1 = Q2" : "Q1", c.q1Behind), c.q1, kCircleColor);
        pen.label(tangent ? "R1 = R2" : "R1", c.r1, kAxisColor);
        if (!tangent) {
            pen.label(behind("Q2", c.q2Behind), c.q2, kCircleColor);
            pen.label("R2", c.r2, kAxisColor);
        }
    } else if (c.kind == InfiniteCylinderCase::kParallelInside || c.kind == InfiniteCylinderCase::kParallelOutside) {
        // The line is at the same distance from the axis all along: the cross-section circle
        // through P1, and the line's point M level with it, show whether it runs inside.
        const glm::vec3 level = ray.origin + glm::dot(p1 - ray.origin, ray.direction) * ray.direction;
        pen.line(p1 - 2.0f * radius * unit, p1 + 2.0f * radius * unit, kAxisColor);
        pen.circle(p1, axis, radius, kCircleColor);
        pen.line(p1, level, kCircleColor, kRadiusPixels);
        pen.dot(p1, kAxisColor);
        pen.dot(level, kCircleColor);
        pen.label("P1", p1, kAxisColor);
        pen.label(c.kind == InfiniteCylinderCase::kParallelInside ? "M: parallel, inside" : "M: parallel, outside",
                  level, kCircleColor);
    }
}

void drawCylinder(Pen& pen, const CylinderConstruction& c, const Cylinder& cylinder, const Ray& ray) {
    drawSide(pen, c.side, cylinder.a, cylinder.b, cylinder.radius, ray);
    const glm::vec3 axis = cylinder.b - cylinder.a;
    const std::pair<const CapPlaneCrossing&, glm::vec3> caps[] = {{c.capA, cylinder.a}, {c.capB, cylinder.b}};
    const char* names[] = {"cap A plane", "cap B plane"};
    for (int i = 0; i < 2; ++i) {
        const auto& [cap, center] = caps[i];
        if (!cap.crosses) continue;
        const glm::vec3 color = cap.onCap ? kOnCapColor : kOffCapColor;
        pen.circle(center, axis, cylinder.radius, color);
        pen.line(center, cap.point, color, kRadiusPixels);
        pen.dot(cap.point, color);
        pen.label(behind(names[i], cap.behind) + (cap.onCap ? ", on the cap" : ", off the cap"), cap.point, color);
    }
    if (c.kind != CylinderCase::kHit) return;
    pen.line(pointAt(ray, c.enter), pointAt(ray, c.exit), kSpanColor, kSpanPixels);
    pen.label(std::string("enter: ") + partName(c.enterSurface), pointAt(ray, c.enter), kSpanColor);
    pen.label(std::string("exit: ") + partName(c.exitSurface), pointAt(ray, c.exit), kSpanColor);
}

// Article 003's picture: each slab's interval of the line beside the ray, in its axis's colour,
// and what the three leave (t to t_max) on the ray itself.
void drawBox(Pen& pen, const BoxConstruction& c, const Ray& ray) {
    // The drawn stretch of the line: from the origin (or the earliest finite bound behind it) to
    // the last finite bound, with room around it for the intervals that do not end.
    float lo = 0.0f, hi = 0.0f;
    for (const SlabInterval& s : c.slabs)
        for (const float t : {s.tNear, s.tFar})
            if (std::isfinite(t)) lo = std::min(lo, t), hi = std::max(hi, t);
    // An interval far longer than the box's (a slab the line crosses at a grazing angle) is cut
    // to about the span's length either side of it: its ends would be off the picture.
    if (c.kind == BoxCase::kHit) {
        const float reach = c.exit - c.enter + 0.25f;
        lo = std::max(lo, c.enter - reach);
        hi = std::min(hi, c.exit + reach);
    }
    const float room = 0.15f * (hi - lo) + 0.25f;
    lo -= room;
    hi += room;
    const glm::vec3 mid = pointAt(ray, 0.5f * (lo + hi));
    const glm::vec3 side = glm::cross(ray.direction, pen.toEye(mid));
    const glm::vec3 sideUnit = glm::dot(side, side) > 0.0f ? glm::normalize(side) : glm::vec3(0.0f);
    static const char* const kAxes[] = {"x", "y", "z"};
    for (int axis = 0; axis < 3; ++axis) {
        const SlabInterval& s = c.slabs[static_cast<std::size_t>(axis)];
        const glm::vec3 color = kSlabColors[axis];
        const float from = std::max(s.tNear, lo), to = std::min(s.tFar, hi);
        const float offset = kSlabOffsetPixels * static_cast<float>(axis + 1);
        const auto beside = [&](float t) { return pointAt(ray, t) + pen.pixels(pointAt(ray, t), offset) * sideUnit; };
        if (!(from <= to)) {  // a parallel slab the line is outside of: it keeps nothing
            pen.label(std::string(kAxes[axis]) + ": parallel, outside", beside(0.0f), color);
            continue;
        }
        pen.line(beside(from), beside(to), color, 3.0f);
        for (const float t : {s.tNear, s.tFar})
            if (std::isfinite(t)) pen.dot(beside(t), color, 3.0f);
        pen.label(s.parallel ? std::string(kAxes[axis]) + ": parallel, inside" : kAxes[axis], beside(from), color);
    }
    if (c.kind == BoxCase::kHit) {
        pen.line(pointAt(ray, c.enter), pointAt(ray, c.exit), kSpanColor, kSpanPixels);
        pen.label(behind("t", c.enterBehind), pointAt(ray, c.enter), kSpanColor);
        pen.label(behind("t_max", c.exitBehind), pointAt(ray, c.exit), kSpanColor);
    } else if (c.kind == BoxCase::kMiss) {
        pen.label("miss: max t_near > min t_far", mid, kSpanColor);
    }
}

}  // namespace

ConstructionDrawing drawConstruction(const ShownConstruction& shown, const FrameMatrices& frame) {
    Pen pen(frame);
    std::visit(
        scene::Overloaded{
            [&](const InfiniteCylinderConstruction& c) {
                const auto& cylinder = std::get<InfiniteCylinder>(shown.shape);
                drawSide(pen, c, cylinder.a, cylinder.b, cylinder.radius, shown.ray);
            },
            [&](const CylinderConstruction& c) { drawCylinder(pen, c, std::get<Cylinder>(shown.shape), shown.ray); },
            [&](const BoxConstruction& c) { drawBox(pen, c, shown.ray); },
        },
        shown.of);
    return std::move(pen.out);
}

std::vector<ScreenLabel> screenLabels(const std::vector<ConstructionLabel>& labels, const FrameMatrices& frame) {
    std::vector<ScreenLabel> out;
    if (!frame.pickable) return out;
    for (const ConstructionLabel& l : labels) {
        // Relative to the eye, as a click's ray is built (exact far from the world origin too).
        const glm::vec3 s = worldToScreen(glm::vec3(glm::dvec3(l.at) - glm::dvec3(frame.eye)), frame.rotationView,
                                          frame.projection, frame.viewport, frame.clipDepth);
        if (!(std::isfinite(s.x) && std::isfinite(s.y) && std::isfinite(s.z)) || s.z < frame.viewport.minZ ||
            s.z > frame.viewport.maxZ)
            continue;
        out.push_back({l.text, glm::vec2(s) / frame.pixelsPerWindowUnit, l.color});
    }
    return out;
}

}  // namespace pickray::app
