// SPDX-License-Identifier: MIT
// The transform gizmo's math: handles found by the library's ray routines, drags measured against
// closest points solved here in long double, and what each drag does to every kind of shape.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "viewport/gizmo.hpp"

namespace pickray::app {
namespace {

using ld = long double;

// The parameter along the line o + t·u (u unit) closest to the line p + s·d, solved in long double.
ld closestAlong(glm::vec3 o, glm::vec3 u, glm::vec3 p, glm::vec3 d) {
    const ld ux = u.x, uy = u.y, uz = u.z, dx = d.x, dy = d.y, dz = d.z;
    const ld wx = ld(o.x) - p.x, wy = ld(o.y) - p.y, wz = ld(o.z) - p.z;
    const ld a = ux * ux + uy * uy + uz * uz, b = ux * dx + uy * dy + uz * dz, c = dx * dx + dy * dy + dz * dz;
    const ld e = ux * wx + uy * wy + uz * wz, f = dx * wx + dy * wy + dz * wz;
    return (b * f - c * e) / (a * c - b * b);
}

// |actual - expected|, in long double, printed on a "precision: " line beside its tolerance, and
// checked against it.
void expectWithin(const char* what, ld actual, ld expected, ld tolerance) {
    const ld error = std::abs(actual - expected);
    std::printf("precision: %s: off by %.3Lg (tolerance %.3Lg)\n", what, error, tolerance);
    EXPECT_LE(error, tolerance) << what;
}

ld distanceLd(glm::vec3 a, glm::vec3 b) {
    const ld x = ld(a.x) - b.x, y = ld(a.y) - b.y, z = ld(a.z) - b.z;
    return std::sqrt(x * x + y * y + z * z);
}

scene::Object object(const char* name, Shape shape) { return scene::Object{name, glm::vec3(0.5f), shape, {}}; }

Gizmo worldGizmo(glm::vec3 origin, GizmoMode mode) {
    Gizmo g;
    g.origin = origin;
    g.size = 2.0f;
    g.mode = mode;
    return g;
}

// A drag as the camera at `eye` sees it: pressed on the cursor ray through `from`, now on the one
// through `to`.
std::optional<GizmoDrag> dragSeenFrom(const Gizmo& g, GizmoHandle handle, glm::vec3 eye, glm::vec3 from, glm::vec3 to,
                                      bool snap) {
    return dragHandle(g, handle, Ray{eye, from - eye}, Ray{eye, to - eye}, snap);
}

TEST(Gizmo, TheRayMeetsTheHandleItPointsAtAndTheCentreIsNoHandle) {
    const Gizmo g = worldGizmo({10.0f, 0.0f, 0.0f}, GizmoMode::Move);
    // Down onto the middle of the x handle, from above.
    EXPECT_EQ(pickHandle(g, Ray{{11.2f, 5.0f, 0.0f}, {0.0f, -1.0f, 0.0f}}), (GizmoHandle{GizmoHandle::Kind::Axis, 0}));
    // Along -z onto the xy plane's square (its normal is z).
    EXPECT_EQ(pickHandle(g, Ray{{10.78f, 0.78f, 5.0f}, {0.0f, 0.0f, -1.0f}}),
              (GizmoHandle{GizmoHandle::Kind::Plane, 2}));
    // Through the centre along a diagonal: clear of the axes (which start a little way out) and
    // of the planes' squares.
    EXPECT_FALSE(pickHandle(g, Ray{{15.0f, 5.0f, 5.0f}, {-1.0f, -1.0f, -1.0f}})) << "the centre is clear";
    EXPECT_FALSE(pickHandle(g, Ray{{20.0f, 5.0f, 0.0f}, {0.0f, -1.0f, 0.0f}}));
    const Gizmo rings = worldGizmo({0.0f, 0.0f, 0.0f}, GizmoMode::Rotate);
    EXPECT_EQ(pickHandle(rings, Ray{{1.2f, 1.2f, 5.0f}, {0.0f, 0.0f, -1.0f}}),
              (GizmoHandle{GizmoHandle::Kind::Ring, 2}));
}

TEST(Gizmo, AnAxisDragMovesByWhatTheRaysSayAndOnlyAlongTheAxis) {
    const glm::vec3 origin{10000.0f, 0.3f, -0.7f};
    const Gizmo g = worldGizmo(origin, GizmoMode::Move);
    const glm::vec3 eye{10006.0f, 4.0f, 8.0f};
    const glm::vec3 d0 = glm::normalize(glm::vec3(10000.9f, 0.31f, -0.69f) - eye);
    const glm::vec3 d1 = glm::normalize(glm::vec3(10003.4f, 0.2f, -0.8f) - eye);
    const auto drag = dragHandle(g, {GizmoHandle::Kind::Axis, 0}, Ray{eye, d0}, Ray{eye, d1}, false);
    ASSERT_TRUE(drag);
    const ld expected = closestAlong(origin, {1, 0, 0}, eye, d1) - closestAlong(origin, {1, 0, 0}, eye, d0);
    // Relative: a float within an ulp of the long-double answer, 2 · 2^-24 (the parameters are solved
    // about the gizmo, not at x = 10000, so the origin's large ulp does not enter).
    expectWithin("axis drag at x = 10000, relative", ld(drag->translation.x) / expected, 1.0L, 2 * 0x1p-24L);
    EXPECT_EQ(drag->translation.y, 0.0f);
    EXPECT_EQ(drag->translation.z, 0.0f);
    const auto moved = applyDrag(object("s", Sphere{origin, 1.0f}), g, {GizmoHandle::Kind::Axis, 0}, *drag);
    ASSERT_TRUE(moved);
    const glm::vec3 c = std::get<Sphere>(moved->shape).center;
    EXPECT_EQ(c.y, origin.y) << "bit for bit";
    EXPECT_EQ(c.z, origin.z) << "bit for bit";
    const auto snapped = dragHandle(g, {GizmoHandle::Kind::Axis, 0}, Ray{eye, d0}, Ray{eye, d1}, true);
    EXPECT_EQ(std::fmod(snapped->translation.x, kMoveSnap), 0.0f) << snapped->translation.x;
    // A ray along the axis says nothing.
    EXPECT_FALSE(dragHandle(g, {GizmoHandle::Kind::Axis, 0}, Ray{eye, d0}, Ray{{0, 0.3f, -0.7f}, {1, 0, 0}}, false));
}

TEST(Gizmo, APlaneDragStaysInThePlaneExactly) {
    const Gizmo g = worldGizmo({1.0f, 2.0f, 3.0f}, GizmoMode::Move);
    const glm::vec3 eye{4.0f, 9.0f, 7.0f};
    const auto drag =
        dragSeenFrom(g, {GizmoHandle::Kind::Plane, 1}, eye, {1.2f, 2.0f, 3.3f}, {2.5f, 2.0f, 2.1f}, false);
    ASSERT_TRUE(drag);
    EXPECT_EQ(drag->translation.y, 0.0f);
    // The rays meet the plane y = 2 at the floats they were aimed at: 1.3 and -1.2 within an ulp of
    // [1, 2), 2^-23.
    expectWithin("plane drag x", drag->translation.x, ld(2.5f) - ld(1.2f), 0x1p-23L);
    expectWithin("plane drag z", drag->translation.z, ld(2.1f) - ld(3.3f), 0x1p-23L);
}

TEST(Gizmo, ARingTurnsEveryKindAboutTheGizmoAndAnAabbCannotTurn) {
    const Gizmo g = worldGizmo({0.0f, 0.0f, 0.0f}, GizmoMode::Rotate);
    const glm::vec3 eye{0.0f, 0.0f, 10.0f};
    // From the +x side of the z ring to the +y side: a quarter turn about z.
    const auto drag = dragSeenFrom(g, {GizmoHandle::Kind::Ring, 2}, eye, {1, 0, 0}, {0, 1, 0}, false);
    ASSERT_TRUE(drag);
    // Within an ulp of pi/2 in [1, 2), 2^-23: the float nearest pi/2 is itself that far off.
    expectWithin("quarter turn, radians", drag->angle, 1.57079632679489661923132169163975144L, 0x1p-23L);
    const GizmoHandle ring{GizmoHandle::Kind::Ring, 2};
    const auto capsule = applyDrag(object("c", Capsule{{1, 0, 0}, {3, 0, 0}, 0.5f}), g, ring, *drag);
    ASSERT_TRUE(capsule);
    const Capsule& c = std::get<Capsule>(capsule->shape);
    // A point at distance r from the axis moves r times the angle's error (up to 2^-23 above) and
    // the rotation's few roundings add about as much: 2 · r · 2^-23 (a: r = 1, b: r = 3, the box:
    // r = 2).
    expectWithin("turned capsule end a", distanceLd(c.a, {0, 1, 0}), 0, 2 * 1 * 0x1p-23L);
    expectWithin("turned capsule end b", distanceLd(c.b, {0, 3, 0}), 0, 2 * 3 * 0x1p-23L);
    scene::Object box = object("b", OrientedBox{});
    box.placement.position = {2, 0, 0};
    box.shape = scene::placedBox(Aabb{glm::vec3(-0.5f), glm::vec3(0.5f)}, box.placement);
    const auto turned = applyDrag(box, g, ring, *drag);
    ASSERT_TRUE(turned);
    // An ulp of 90 (in [64, 128): 2^-17).
    expectWithin("turned box, degrees", turned->placement.rotationDegrees.z, 90, 0x1p-17L);
    expectWithin("turned box's position", distanceLd(turned->placement.position, {0, 2, 0}), 0, 2 * 2 * 0x1p-23L);
    EXPECT_FALSE(scene::validate(*turned)) << "the box's matrix follows its placement";
    EXPECT_FALSE(applyDrag(object("a", Aabb{glm::vec3(-1), glm::vec3(1)}), g, ring, *drag));
    const auto snapped = dragSeenFrom(g, ring, eye, {1, 0, 0}, {1, 0.45f, 0}, true);
    // 24.2 degrees snap to 30.
    // Within an ulp of pi/6 in [0.5, 1), 2^-24.
    expectWithin("snapped turn, radians", snapped->angle, 0.523598775598298873077107230546583814L, 0x1p-24L);
}

TEST(Gizmo, ScalingStretchesABoxAlongItsOwnAxisAndGrowsARoundShapesRadius) {
    scene::Object box = object("b", OrientedBox{});
    box.placement.rotationDegrees = {0, 0, 30};
    box.shape = scene::placedBox(Aabb{glm::vec3(-0.5f), glm::vec3(0.5f)}, box.placement);
    const Gizmo g = makeGizmo({&box}, GizmoMode::Scale, GizmoSpace::World, 2.0f);
    EXPECT_FALSE(g.worldAxes) << "scaling is always along the box's own axes";
    const glm::vec3 x = g.axes[0];
    const ld c30 = 0.866025403784438646763723170752936183L;
    // Each component within about an ulp of cos 30 and sin 30 (in [0.5, 1): 2^-24), so the dot
    // within 2 · 2^-24. A turn about z alone leaves z exactly 0.
    expectWithin("box's own x, dot with (cos 30, sin 30, 0)", ld(x.x) * c30 + ld(x.y) * 0.5L, 1, 2 * 0x1p-24L);
    expectWithin("box's own x, z", x.z, 0, 0);
    GizmoDrag twice;
    twice.factor = 2.0f;
    const auto stretched = applyDrag(box, g, {GizmoHandle::Kind::Scale, 0}, twice);
    ASSERT_TRUE(stretched);
    EXPECT_EQ(stretched->placement.scale, glm::vec3(2, 1, 1));
    const auto sphere = applyDrag(object("s", Sphere{{0, 0, 0}, 1.5f}), g, {GizmoHandle::Kind::Scale, 1}, twice);
    EXPECT_EQ(std::get<Sphere>(sphere->shape).radius, 3.0f);
    const auto aabb = applyDrag(object("a", Aabb{{0, 0, 0}, {2, 4, 6}}), g, {GizmoHandle::Kind::Scale, 1}, twice);
    EXPECT_EQ(std::get<Aabb>(aabb->shape).min, glm::vec3(0, -2, 0));
    EXPECT_EQ(std::get<Aabb>(aabb->shape).max, glm::vec3(2, 6, 6));
    GizmoDrag flat;
    flat.factor = 0.0f;
    EXPECT_FALSE(applyDrag(box, g, {GizmoHandle::Kind::Scale, 0}, flat)) << "a zero size is refused";
    flat.factor = -1.0f;
    EXPECT_FALSE(applyDrag(object("s", Sphere{{0, 0, 0}, 1.5f}), g, {GizmoHandle::Kind::Scale, 0}, flat));
}

TEST(Gizmo, TheGizmoSitsAtTheSelectionsCentreWithLocalAxesOnRequest) {
    const scene::Object a = object("a", Sphere{{0, 0, 0}, 1});
    const scene::Object b = object("b", Capsule{{2, 0, 0}, {2, 0, 4}, 0.5f});
    const Gizmo world = makeGizmo({&a, &b}, GizmoMode::Move, GizmoSpace::World, 1.0f);
    EXPECT_EQ(world.origin, glm::vec3(1, 0, 1));
    EXPECT_TRUE(world.worldAxes);
    const Gizmo local = makeGizmo({&a, &b}, GizmoMode::Move, GizmoSpace::Local, 1.0f);
    // The capsule's axis is its z: (0, 0, 4) normalised is (0, 0, 1) exactly.
    expectWithin("capsule's local z", distanceLd(local.axes[2], {0, 0, 1}), 0, 0);
    EXPECT_EQ(handleName({GizmoHandle::Kind::Plane, 2}), "xy plane");
    EXPECT_EQ(handleName({GizmoHandle::Kind::Ring, 1}), "y ring");
}

}  // namespace
}  // namespace pickray::app

namespace pickray::app {
namespace {

// With world axes Ctrl puts the gizmo's origin (here a sphere's centre, off the
// grid at the press) on the world's grid of kMoveSnap, exactly, and leaves the other coordinates
// bit for bit; with an object's own axes the move is whole steps along each of those axes.
TEST(Gizmo, CtrlSnapsTheOriginToTheWorldGridAndLocalMovesToWholeStepsOfItsOwnAxes) {
    const glm::vec3 origin{0.3f, 0.1f, -0.2f};
    const Gizmo g = worldGizmo(origin, GizmoMode::Move);
    const glm::vec3 eye{6.0f, 4.0f, 8.0f};
    const scene::Object ball = object("s", Sphere{origin, 0.5f});
    int checked = 0;
    for (float to = -2.9f; to < 3.0f; to += 0.37f) {
        const GizmoHandle axis{GizmoHandle::Kind::Axis, 0};
        const auto drag = dragSeenFrom(g, axis, eye, origin + glm::vec3(0.5f, 0, 0), {to, 0.1f, -0.2f}, true);
        ASSERT_TRUE(drag);
        const glm::vec3 c = std::get<Sphere>(applyDrag(ball, g, axis, *drag)->shape).center;
        EXPECT_EQ(std::fmod(c.x, kMoveSnap), 0.0f) << "on the world grid: " << c.x;
        // The nearest grid line to where the unsnapped drag leaves it, computed here.
        const auto free = dragSeenFrom(g, axis, eye, origin + glm::vec3(0.5f, 0, 0), {to, 0.1f, -0.2f}, false);
        EXPECT_EQ(c.x, std::round((origin.x + free->translation.x) / kMoveSnap) * kMoveSnap);
        EXPECT_EQ(c.y, origin.y) << "bit for bit";
        EXPECT_EQ(c.z, origin.z) << "bit for bit";
        // In a plane: both of its coordinates on the grid, the normal's untouched.
        const GizmoHandle plane{GizmoHandle::Kind::Plane, 1};
        const auto planar = dragSeenFrom(g, plane, eye, origin + glm::vec3(0.2f, 0, 0.2f), {to, 0.1f, 1.3f}, true);
        ASSERT_TRUE(planar);
        const glm::vec3 p = std::get<Sphere>(applyDrag(ball, g, plane, *planar)->shape).center;
        EXPECT_EQ(std::fmod(p.x, kMoveSnap), 0.0f) << p.x;
        EXPECT_EQ(std::fmod(p.z, kMoveSnap), 0.0f) << p.z;
        EXPECT_EQ(p.y, origin.y) << "bit for bit";
        ++checked;
    }
    EXPECT_EQ(checked, 16);

    // Local axes turned 30 degrees about z: a plane drag moves whole steps along the object's own x
    // and y, which are not the world's (snapping world coordinates would not give whole steps).
    Gizmo local = g;
    const float a = glm::radians(30.0f);
    local.axes =
        glm::mat3(glm::vec3(std::cos(a), std::sin(a), 0), glm::vec3(-std::sin(a), std::cos(a), 0), glm::vec3(0, 0, 1));
    local.worldAxes = false;
    const auto drag = dragSeenFrom(local, {GizmoHandle::Kind::Plane, 2}, eye, origin, {2.2f, -1.3f, -0.2f}, true);
    ASSERT_TRUE(drag);
    for (int k = 0; k < 2; ++k) {
        const ld along = ld(drag->translation.x) * local.axes[k].x + ld(drag->translation.y) * local.axes[k].y +
                         ld(drag->translation.z) * local.axes[k].z;
        // A whole number of steps: the step times a float axis of unit length within 2^-23, then
        // projected back; a few ulps of the offset (below 4), 2^-20.
        expectWithin(k == 0 ? "local x steps" : "local y steps", along, std::round(along / kMoveSnap) * kMoveSnap,
                     0x1p-20L);
        EXPECT_NE(std::round(along / kMoveSnap), 0.0L) << "it moved";
    }
}

// Each move axis ends in a cone, picked as a capped cylinder wider than the
// shaft: a ray past the shaft's radius but within the cone's meets it; one past the cone misses.
TEST(Gizmo, EachMoveAxisEndsInAConePickedAsACappedCylinder) {
    const Gizmo g = worldGizmo({0.0f, 0.0f, 0.0f}, GizmoMode::Move);
    int cones = 0;
    for (const HandleShape& h : handleShapes(g))
        if (const auto* c = std::get_if<Cylinder>(&h.shape)) {
            EXPECT_EQ(h.handle.kind, GizmoHandle::Kind::Axis);
            const glm::vec3 u = g.axes[h.handle.axis];
            EXPECT_EQ(c->b, g.size * u) << "the tip is the axis's end";
            EXPECT_LT(glm::length(c->a), g.size);
            ++cones;
        }
    EXPECT_EQ(cones, 3);
    // Straight down at 0.85 of the x axis, 0.075 of the size off it (the shaft is 0.07 thick, the
    // cone's base 0.08): the cone; at 0.09, nothing.
    const float s = g.size;
    EXPECT_EQ(pickHandle(g, Ray{{0.85f * s, 5.0f, 0.075f * s}, {0, -1, 0}}), (GizmoHandle{GizmoHandle::Kind::Axis, 0}));
    EXPECT_FALSE(pickHandle(g, Ray{{0.85f * s, 5.0f, 0.09f * s}, {0, -1, 0}}));
    // Scale handles end in cubes (boxes), rings are capsules.
    int cubes = 0;
    for (const HandleShape& h : handleShapes(worldGizmo({}, GizmoMode::Scale)))
        cubes += std::holds_alternative<OrientedBox>(h.shape) ? 1 : 0;
    EXPECT_EQ(cubes, 3);
}

// The smallest distance, in long double, from the segment ab to the line through o along e (unit):
// sampled finely (the segment is short; 4096 samples are within size/4096 of the minimum).
ld offViewLine(glm::vec3 a, glm::vec3 b, glm::vec3 o, glm::vec3 e) {
    ld best = 1e30L;
    for (int i = 0; i <= 4096; ++i) {
        const ld t = ld(i) / 4096;
        const ld p[3] = {a.x + t * (ld(b.x) - a.x) - o.x, a.y + t * (ld(b.y) - a.y) - o.y,
                         a.z + t * (ld(b.z) - a.z) - o.z};
        const ld along = p[0] * e.x + p[1] * e.y + p[2] * e.z;
        const ld q[3] = {p[0] - along * e.x, p[1] - along * e.y, p[2] - along * e.z};
        best = std::min(best, std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]));
    }
    return best;
}

// Seen from any direction, no axis shaft, cone or ring segment comes within
// kCentreClear of the centre on screen (where the hit marker and the pivot are), and an axis
// pointing within 17.5 degrees of the eye is left out rather than drawn as a blot over the centre.
TEST(Gizmo, SeenFromAnyDirectionTheCentreStaysClearAndAnAxisAlongTheViewIsLeftOut) {
    int views = 0, hidden = 0, pieces = 0;
    ld closest = 1e30L;
    // Directions spread over the sphere (a Fibonacci lattice), and the three axes themselves.
    std::vector<glm::vec3> directions = {{1, 0, 0}, {0, 1, 0}, {0, 0, -1}};
    for (int i = 0; i < 300; ++i) {
        const float z = 1.0f - 2.0f * (static_cast<float>(i) + 0.5f) / 300.0f;
        const float phi = 2.39996323f * static_cast<float>(i);
        directions.push_back(
            glm::normalize(glm::vec3(std::sqrt(1 - z * z) * std::cos(phi), std::sqrt(1 - z * z) * std::sin(phi), z)));
    }
    for (const glm::vec3 e : directions) {
        for (GizmoMode mode : {GizmoMode::Move, GizmoMode::Rotate, GizmoMode::Scale}) {
            Gizmo g = worldGizmo({1.0f, -2.0f, 0.5f}, mode);
            g.toEye = e;
            bool axisShown[3] = {false, false, false};
            for (const HandleShape& h : handleShapes(g)) {
                if (h.handle.kind != GizmoHandle::Kind::Ring)
                    axisShown[h.handle.axis] |= h.handle.kind != GizmoHandle::Kind::Plane;
                glm::vec3 a, b;
                float radius = 0.0f;
                if (const auto* c = std::get_if<Capsule>(&h.shape)) a = c->a, b = c->b;  // the drawn band's line
                else if (const auto* cone = std::get_if<Cylinder>(&h.shape))
                    a = cone->a, b = cone->b, radius = cone->radius;
                else continue;  // boxes: plane squares and the cubes at the axes' ends
                const ld off = offViewLine(a, b, g.origin, e) - radius;
                closest = std::min(closest, off / g.size);
                // Sampling error at most size/4096 (half a step of a segment no longer than the size).
                EXPECT_GE(off, ld(kCentreClear) * g.size - g.size / 4096.0L)
                    << handleName(h.handle) << ", mode " << int(mode);
                ++pieces;
            }
            if (mode == GizmoMode::Rotate) continue;
            for (int k = 0; k < 3; ++k) {
                const ld sine = std::sqrt(std::max(0.0L, 1.0L - ld(glm::dot(g.axes[k], e)) * glm::dot(g.axes[k], e)));
                EXPECT_EQ(axisShown[k], sine >= kHiddenBelowSine) << "axis " << k << ", sine " << double(sine);
                hidden += axisShown[k] ? 0 : 1;
            }
        }
        ++views;
    }
    std::printf("precision: closest piece to the centre: %.4Lg of the size (kept clear: %.2f)\n", closest,
                double(kCentreClear));
    EXPECT_EQ(views, 303);
    EXPECT_GT(pieces, 30000);
    EXPECT_GE(hidden, 6) << "the views along the axes hide them";
}

}  // namespace
}  // namespace pickray::app
