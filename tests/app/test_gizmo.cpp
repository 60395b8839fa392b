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
    // about the gizmo, not at x = 10000, so the origin's large ulp does not enter); measured 1.45e-8.
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
    // [1, 2), 2^-23; measured 0 (exact).
    expectWithin("plane drag x", drag->translation.x, ld(2.5f) - ld(1.2f), 0x1p-23L);
    expectWithin("plane drag z", drag->translation.z, ld(2.1f) - ld(3.3f), 0x1p-23L);
}

TEST(Gizmo, ARingTurnsEveryKindAboutTheGizmoAndAnAabbCannotTurn) {
    const Gizmo g = worldGizmo({0.0f, 0.0f, 0.0f}, GizmoMode::Rotate);
    const glm::vec3 eye{0.0f, 0.0f, 10.0f};
    // From the +x side of the z ring to the +y side: a quarter turn about z.
    const auto drag = dragSeenFrom(g, {GizmoHandle::Kind::Ring, 2}, eye, {1, 0, 0}, {0, 1, 0}, false);
    ASSERT_TRUE(drag);
    // Within an ulp of pi/2 in [1, 2), 2^-23: measured 4.37e-8, the float nearest pi/2 itself.
    expectWithin("quarter turn, radians", drag->angle, 1.57079632679489661923132169163975144L, 0x1p-23L);
    const GizmoHandle ring{GizmoHandle::Kind::Ring, 2};
    const auto capsule = applyDrag(object("c", Capsule{{1, 0, 0}, {3, 0, 0}, 0.5f}), g, ring, *drag);
    ASSERT_TRUE(capsule);
    const Capsule& c = std::get<Capsule>(capsule->shape);
    // A point at distance r from the axis moves r times the angle's error (up to 2^-23 above) and
    // the rotation's few roundings add about as much: 2 · r · 2^-23; measured r · 4.37e-8 (a: r = 1,
    // b: r = 3, the box: r = 2), the float pi/2's own error.
    expectWithin("turned capsule end a", distanceLd(c.a, {0, 1, 0}), 0, 2 * 1 * 0x1p-23L);
    expectWithin("turned capsule end b", distanceLd(c.b, {0, 3, 0}), 0, 2 * 3 * 0x1p-23L);
    scene::Object box = object("b", OrientedBox{});
    box.placement.position = {2, 0, 0};
    box.shape = scene::placedBox(Aabb{glm::vec3(-0.5f), glm::vec3(0.5f)}, box.placement);
    const auto turned = applyDrag(box, g, ring, *drag);
    ASSERT_TRUE(turned);
    // An ulp of 90 (in [64, 128): 2^-17); measured 0.
    expectWithin("turned box, degrees", turned->placement.rotationDegrees.z, 90, 0x1p-17L);
    expectWithin("turned box's position", distanceLd(turned->placement.position, {0, 2, 0}), 0, 2 * 2 * 0x1p-23L);
    EXPECT_FALSE(scene::validate(*turned)) << "the box's matrix follows its placement";
    EXPECT_FALSE(applyDrag(object("a", Aabb{glm::vec3(-1), glm::vec3(1)}), g, ring, *drag));
    const auto snapped = dragSeenFrom(g, ring, eye, {1, 0, 0}, {1, 0.45f, 0}, true);
    // 24.2 degrees snap to 30.
    // Within an ulp of pi/6 in [0.5, 1), 2^-24; measured 1.46e-8.
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
    // within 2 · 2^-24; measured 1.35e-8. A turn about z alone leaves z exactly 0.
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
    // The capsule's axis is its z: (0, 0, 4) normalised is (0, 0, 1) exactly; measured 0.
    expectWithin("capsule's local z", distanceLd(local.axes[2], {0, 0, 1}), 0, 0);
    EXPECT_EQ(handleName({GizmoHandle::Kind::Plane, 2}), "xy plane");
    EXPECT_EQ(handleName({GizmoHandle::Kind::Ring, 1}), "y ring");
}

}  // namespace
}  // namespace pickray::app
