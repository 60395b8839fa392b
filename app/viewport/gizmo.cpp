// SPDX-License-Identifier: MIT
#include "viewport/gizmo.hpp"
#include "scene/frame_along.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtx/euler_angles.hpp>
#include <glm/trigonometric.hpp>

#include "pickray/collision/distance.hpp"
#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

// Fractions of the gizmo's size (about 90 pixels).
constexpr float kHandleRadius = 0.07f;  // a shaft or ring is picked within about 6 pixels either side
constexpr float kAxisStart = 0.18f;     // axis handles start clear of the centre
constexpr float kShaftEnd = 0.78f;      // a move axis's cone runs from here to the tip (1) ...
constexpr float kConeRadius = 0.08f;    // ... with this radius at its base
constexpr float kPlaneNear = 0.28f;     // plane handles: squares between these along two axes
constexpr float kPlaneFar = 0.5f;
constexpr float kRingRadius = 0.85f;
constexpr int kRingSegments = 48;
constexpr float kScaleTip = 0.08f;  // half the side of the cube at a scale handle's tip

// The sine of the angle between `u` and the line to the eye: how long `u` looks on screen.
float sineToEye(const Gizmo& g, glm::vec3 u) {
    if (g.toEye == glm::vec3(0.0f)) return 1.0f;
    return glm::length(u - glm::dot(u, g.toEye) * g.toEye);
}

// How near the segment p0 p1 comes to the line through the origin to the eye (where the centre is
// on screen), as a fraction of the size.
float offCentre(const Gizmo& g, glm::vec3 p0, glm::vec3 p1) {
    const auto flat = [&](glm::vec3 p) {
        const glm::vec3 d = p - g.origin;
        return d - glm::dot(d, g.toEye) * g.toEye;
    };
    const glm::vec3 a = flat(p0);
    const glm::vec3 ab = flat(p1) - a;
    const float t = glm::dot(ab, ab) > 0.0f ? std::clamp(-glm::dot(a, ab) / glm::dot(ab, ab), 0.0f, 1.0f) : 0.0f;
    return glm::length(a + t * ab) / g.size;
}

glm::mat3 rotationOf(const scene::Transform& placement) {
    return glm::mat3(glm::eulerAngleZYX(glm::radians(placement.rotationDegrees.z),
                                        glm::radians(placement.rotationDegrees.y),
                                        glm::radians(placement.rotationDegrees.x)));
}

// The object's own axes: a box's rotation, the axis of a capsule or cylinder as z; the world's
// for spheres and axis-aligned boxes.
glm::mat3 ownAxes(const scene::Object& o) {
    return std::visit(scene::Overloaded{
                          [&](const OrientedBox&) { return rotationOf(o.placement); },
                          [](const Capsule& c) {
                              return c.a == c.b ? glm::mat3(1.0f) : scene::frameAlong(glm::normalize(c.b - c.a));
                          },
                          [](const Cylinder& c) { return scene::frameAlong(glm::normalize(c.b - c.a)); },
                          [](const InfiniteCylinder& c) { return scene::frameAlong(glm::normalize(c.b - c.a)); },
                          [](const Sphere&) { return glm::mat3(1.0f); },
                          [](const Aabb&) { return glm::mat3(1.0f); },
                      },
                      o.shape);
}

// A box of half-extents `half` around `centre`, turned by `axes`.
OrientedBox boxAround(glm::vec3 centre, const glm::mat3& axes, glm::vec3 half) {
    glm::mat4 toWorld(axes);
    toWorld[3] = glm::vec4(centre, 1.0f);
    return OrientedBox{Aabb{-half, half}, toWorld};
}

// Where the ray meets the plane through `point` with normal `n`; nullopt when it runs along it.
std::optional<glm::vec3> onPlane(const Ray& ray, glm::vec3 point, glm::vec3 n) {
    const float facing = glm::dot(ray.direction, n);
    if (std::abs(facing) < 1e-6f * glm::length(ray.direction)) return std::nullopt;
    return ray.origin + (glm::dot(point - ray.origin, n) / facing) * ray.direction;
}

// The parameter along the line through the gizmo's origin in `u` closest to the ray's line
// (pickray::closestPoints); nullopt when the two are parallel.
std::optional<float> alongAxis(glm::vec3 origin, glm::vec3 u, const Ray& ray) {
    const glm::vec3 d = glm::normalize(ray.direction);
    if (std::abs(glm::dot(d, u)) > 0.9995f) return std::nullopt;
    return closestPoints(Line{origin, u}, Line{ray.origin, d}).t1;
}

float snapped(float value, float step) { return std::round(value / step) * step; }

glm::vec3 rotated(glm::vec3 p, glm::vec3 origin, const glm::mat3& r) { return origin + r * (p - origin); }

// World-grid snap along world axis k: the origin moved by `distance` goes to the nearest grid line.
void snapToGrid(GizmoDrag& drag, const Gizmo& g, int k, float distance) {
    const float target = snapped(g.origin[k] + distance, kMoveSnap);
    drag.translation[k] = target - g.origin[k];
    drag.gridOrigin[k] = target;
    drag.onGrid[k] = true;
}

// An object whose own position is the gizmo's origin is put on the grid exactly: position +
// (target - position) can round off it.
void putOnGrid(scene::Object& moved, const scene::Object& original, const Gizmo& g, const GizmoDrag& drag) {
    const auto place = [&](glm::vec3& position) {
        for (int k = 0; k < 3; ++k)
            if (drag.onGrid[k]) position[k] = drag.gridOrigin[k];
    };
    if (const auto* s = std::get_if<Sphere>(&original.shape); s && s->center == g.origin)
        place(std::get<Sphere>(moved.shape).center);
    if (auto* box = std::get_if<OrientedBox>(&moved.shape); box && original.placement.position == g.origin) {
        place(moved.placement.position);
        *box = scene::placedBox(box->local, moved.placement);
    }
}

}  // namespace

std::string handleName(const GizmoHandle& h) {
    const std::string axis(1, "xyz"[h.axis]);
    const std::string plane = std::string(1, "xyz"[(h.axis + 1) % 3]) + "xyz"[(h.axis + 2) % 3];
    switch (h.kind) {
        case GizmoHandle::Kind::Axis: return axis;
        case GizmoHandle::Kind::Plane: return plane + " plane";
        case GizmoHandle::Kind::Ring: return axis + " ring";
        case GizmoHandle::Kind::Scale: return axis + " scale";
    }
    return "?";
}

Gizmo makeGizmo(const std::vector<const scene::Object*>& objects, GizmoMode mode, GizmoSpace space, float size) {
    Gizmo g;
    g.mode = mode;
    g.size = size;
    if (objects.empty()) return g;
    glm::vec3 sum(0.0f);
    for (const scene::Object* o : objects) sum += scene::interiorPoint(o->shape);
    g.origin = sum / static_cast<float>(objects.size());
    // Scaling is along an object's own axes: a box's sides (world axes would shear it, which
    // T·R·S cannot hold).
    if (space == GizmoSpace::Local || mode == GizmoMode::Scale) {
        g.axes = ownAxes(*objects.back());
        g.worldAxes = g.axes == glm::mat3(1.0f);
    }
    return g;
}

std::optional<float> shaftStart(const Gizmo& g, int axis) {
    const float sine = sineToEye(g, g.axes[axis]);
    if (sine < kHiddenBelowSine) return std::nullopt;
    return std::max(kAxisStart, kCentreClear / sine);
}

std::vector<HandleShape> handleShapes(const Gizmo& g) {
    std::vector<HandleShape> shapes;
    const float r = kHandleRadius * g.size;
    for (int k = 0; k < 3; ++k) {
        const glm::vec3 u = g.axes[k];
        const std::optional<float> start = shaftStart(g, k);
        switch (g.mode) {
            case GizmoMode::Move: {
                const GizmoHandle axis{GizmoHandle::Kind::Axis, k};
                if (start) {
                    const glm::vec3 base = g.origin + kShaftEnd * g.size * u;
                    if (*start < kShaftEnd) shapes.push_back({axis, Capsule{g.origin + *start * g.size * u, base, r}});
                    shapes.push_back({axis, Cylinder{base, g.origin + g.size * u, kConeRadius * g.size}});
                }
                // The square in the plane whose normal is u, unless the plane is seen nearly edge-on.
                if (g.toEye != glm::vec3(0.0f) && std::abs(glm::dot(u, g.toEye)) < kHiddenBelowSine) break;
                const glm::vec3 v = g.axes[(k + 1) % 3];
                const glm::vec3 w = g.axes[(k + 2) % 3];
                const float mid = 0.5f * (kPlaneNear + kPlaneFar) * g.size;
                const float half = 0.5f * (kPlaneFar - kPlaneNear) * g.size;
                glm::mat3 axes(v, w, u);
                shapes.push_back({{GizmoHandle::Kind::Plane, k},
                                  boxAround(g.origin + mid * (v + w), axes, glm::vec3(half, half, 0.2f * r))});
                break;
            }
            case GizmoMode::Rotate: {
                const glm::mat3 frame = scene::frameAlong(u);
                for (int i = 0; i < kRingSegments; ++i) {
                    const float a0 = glm::two_pi<float>() * static_cast<float>(i) / kRingSegments;
                    const float a1 = glm::two_pi<float>() * static_cast<float>(i + 1) / kRingSegments;
                    const glm::vec3 p0 =
                        g.origin + kRingRadius * g.size * (std::cos(a0) * frame[0] + std::sin(a0) * frame[1]);
                    const glm::vec3 p1 =
                        g.origin + kRingRadius * g.size * (std::cos(a1) * frame[0] + std::sin(a1) * frame[1]);
                    // Seen nearly edge-on, a ring crosses the centre: those segments are left out.
                    if (g.toEye != glm::vec3(0.0f) && offCentre(g, p0, p1) < kCentreClear) continue;
                    shapes.push_back({{GizmoHandle::Kind::Ring, k}, Capsule{p0, p1, r}});
                }
                break;
            }
            case GizmoMode::Scale: {
                if (!start) break;
                const GizmoHandle h{GizmoHandle::Kind::Scale, k};
                const float shaftEnd = 1.0f - kScaleTip;
                if (*start < shaftEnd)
                    shapes.push_back({h, Capsule{g.origin + *start * g.size * u, g.origin + shaftEnd * g.size * u, r}});
                shapes.push_back({h, boxAround(g.origin + g.size * u, g.axes, glm::vec3(kScaleTip * g.size))});
                break;
            }
        }
    }
    return shapes;
}

std::optional<GizmoHandle> pickHandle(const Gizmo& gizmo, const Ray& ray) {
    std::optional<GizmoHandle> nearest;
    float nearestT = kInfinity;
    for (const HandleShape& h : handleShapes(gizmo)) {
        if (const auto hit = raycast(ray, h.shape, nearestT); hit && hit->t < nearestT) {
            nearestT = hit->t;
            nearest = h.handle;
        }
    }
    return nearest;
}

std::string snapDescription(GizmoMode mode, GizmoSpace space) {
    char text[96];
    switch (mode) {
        case GizmoMode::Move:
            if (space == GizmoSpace::World)
                std::snprintf(text, sizeof text, "Ctrl snaps onto the world grid of %g", double(kMoveSnap));
            else std::snprintf(text, sizeof text, "Ctrl snaps to steps of %g along its own axes", double(kMoveSnap));
            break;
        case GizmoMode::Rotate:
            std::snprintf(text, sizeof text, "Ctrl snaps to steps of %g degrees", double(kRotateSnapDegrees));
            break;
        case GizmoMode::Scale:
            std::snprintf(text, sizeof text, "Ctrl snaps the factor to steps of %g", double(kScaleSnap));
            break;
    }
    return text;
}

std::optional<GizmoDrag> dragHandle(const Gizmo& g, const GizmoHandle& h, const Ray& pressed, const Ray& now,
                                    bool snap) {
    const glm::vec3 u = g.axes[h.axis];
    GizmoDrag drag;
    switch (h.kind) {
        case GizmoHandle::Kind::Axis: {
            const auto t0 = alongAxis(g.origin, u, pressed);
            const auto t1 = alongAxis(g.origin, u, now);
            if (!t0 || !t1) return std::nullopt;
            const float distance = *t1 - *t0;
            if (snap && g.worldAxes) {
                snapToGrid(drag, g, h.axis, distance);  // exactly zero in the other two
            } else if (g.worldAxes) {
                drag.translation[h.axis] = distance;  // exactly zero in the other two
            } else {
                drag.translation = (snap ? snapped(distance, kMoveSnap) : distance) * u;
            }
            return drag;
        }
        case GizmoHandle::Kind::Plane: {
            const auto p0 = onPlane(pressed, g.origin, u);
            const auto p1 = onPlane(now, g.origin, u);
            if (!p0 || !p1) return std::nullopt;
            glm::vec3 move = *p1 - *p0;
            move -= glm::dot(move, u) * u;
            const int v = (h.axis + 1) % 3;
            const int w = (h.axis + 2) % 3;
            if (snap && g.worldAxes) {
                snapToGrid(drag, g, v, move[v]);
                snapToGrid(drag, g, w, move[w]);
                return drag;  // exactly zero along the normal
            }
            if (snap)  // the object's own grid: whole steps along each of its two axes in the plane
                move = snapped(glm::dot(move, g.axes[v]), kMoveSnap) * g.axes[v] +
                       snapped(glm::dot(move, g.axes[w]), kMoveSnap) * g.axes[w];
            if (g.worldAxes) move[h.axis] = 0.0f;  // in the plane, exactly
            drag.translation = move;
            return drag;
        }
        case GizmoHandle::Kind::Ring: {
            const auto p0 = onPlane(pressed, g.origin, u);
            const auto p1 = onPlane(now, g.origin, u);
            if (!p0 || !p1) return std::nullopt;
            const glm::vec3 v0 = *p0 - g.origin;
            const glm::vec3 v1 = *p1 - g.origin;
            if (glm::length(v0) < 1e-6f * g.size || glm::length(v1) < 1e-6f * g.size) return std::nullopt;
            float angle = std::atan2(glm::dot(glm::cross(v0, v1), u), glm::dot(v0, v1));
            if (snap) angle = glm::radians(snapped(glm::degrees(angle), kRotateSnapDegrees));
            drag.axis = u;
            drag.angle = angle;
            return drag;
        }
        case GizmoHandle::Kind::Scale: {
            const auto t0 = alongAxis(g.origin, u, pressed);
            const auto t1 = alongAxis(g.origin, u, now);
            if (!t0 || !t1 || std::abs(*t0) < 1e-6f * g.size) return std::nullopt;
            float factor = *t1 / *t0;  // the grabbed point follows the cursor along the axis
            if (snap) factor = snapped(factor, kScaleSnap);
            drag.axis = u;
            drag.factor = factor;
            return drag;
        }
    }
    return std::nullopt;
}

std::optional<scene::Object> applyDrag(const scene::Object& object, const Gizmo& g, const GizmoHandle& h,
                                       const GizmoDrag& drag) {
    using scene::Overloaded;
    scene::Object o = object;
    switch (h.kind) {
        case GizmoHandle::Kind::Axis:
        case GizmoHandle::Kind::Plane: {
            o = scene::translated(object, drag.translation);
            putOnGrid(o, object, g, drag);
            return o;
        }
        case GizmoHandle::Kind::Ring: {
            const glm::mat3 r(glm::rotate(glm::mat4(1.0f), drag.angle, drag.axis));
            const bool turned = std::visit(
                Overloaded{
                    [&](Sphere& s) { return s.center = rotated(s.center, g.origin, r), true; },
                    [&](Capsule& s) { return s.a = rotated(s.a, g.origin, r), s.b = rotated(s.b, g.origin, r), true; },
                    [&](Cylinder& s) { return s.a = rotated(s.a, g.origin, r), s.b = rotated(s.b, g.origin, r), true; },
                    [&](InfiniteCylinder& s) {
                        return s.a = rotated(s.a, g.origin, r), s.b = rotated(s.b, g.origin, r), true;
                    },
                    [](Aabb&) { return false; },  // axis-aligned by definition
                    [&](OrientedBox& s) {
                        float z = 0.0f, y = 0.0f, x = 0.0f;
                        glm::extractEulerAngleZYX(glm::mat4(r * rotationOf(o.placement)), z, y, x);
                        o.placement.rotationDegrees = glm::degrees(glm::vec3(x, y, z));
                        o.placement.position = rotated(o.placement.position, g.origin, r);
                        s = scene::placedBox(s.local, o.placement);
                        return true;
                    },
                },
                o.shape);
            if (!turned) return std::nullopt;
            return o;
        }
        case GizmoHandle::Kind::Scale: {
            const float f = drag.factor;
            if (!(f > 0.0f) || !std::isfinite(f)) return std::nullopt;
            std::visit(Overloaded{
                           [&](Sphere& s) { s.radius *= f; },
                           [&](Capsule& s) { s.radius *= f; },
                           [&](Cylinder& s) { s.radius *= f; },
                           [&](InfiniteCylinder& s) { s.radius *= f; },
                           [&](Aabb& s) {  // about its centre, along the world axis
                               const float centre = 0.5f * (s.min[h.axis] + s.max[h.axis]);
                               const float half = 0.5f * (s.max[h.axis] - s.min[h.axis]) * f;
                               s.min[h.axis] = centre - half;
                               s.max[h.axis] = centre + half;
                           },
                           [&](OrientedBox& s) {
                               o.placement.scale[h.axis] *= f;
                               s = scene::placedBox(s.local, o.placement);
                           },
                       },
                       o.shape);
            if (scene::validate(o)) return std::nullopt;
            return o;
        }
    }
    return std::nullopt;
}

}  // namespace pickray::app
