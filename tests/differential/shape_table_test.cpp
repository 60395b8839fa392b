// SPDX-License-Identifier: MIT
// The differential test's table of shapes: a row per ray TEST, each making a random shape, its
// reference solid and how to aim rays at it (ShapeCase), and the shape's own checks. One body,
// runShape (differential_test.cpp), runs them all.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <utility>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <pickray/collision.hpp>

#include "differential/ray_cases.hpp"

namespace {

using namespace pickdiff;

// ---- The table of shapes ------------------------------------------------------------------------

/// Where a shape goes: near the world origin, or (25%) about 1e3 away from it. Far shapes get
/// sizes from 0.5 up, near ones from 0.1 up.
struct Placement {
    glm::dvec3 center;
    double scale;
    bool far;
};
Placement randomPlacement(Rng& rng) {
    Placement p{};
    p.far = rng.chance(0.25);
    if (p.far) {
        p.center = rng.inCube() * 1500.0;
        const int k = rng.index(3);
        const double sign = rng.sign();
        p.center[k] = sign * rng.uniform(500.0, 1500.0);
        p.scale = rng.logUniform(0.5, 50.0);
    } else {
        p.center = rng.inCube() * 4.0;
        p.scale = rng.logUniform(0.1, 20.0);
    }
    return p;
}

glm::dvec3 randomAxis(Rng& rng) {
    if (rng.chance(0.25)) {  // exactly a coordinate axis
        glm::dvec3 a(0.0);
        const int k = rng.index(3);
        a[k] = rng.sign();
        return a;
    }
    return rng.unit();
}

/// A shape's recipe around its reference solid's bounding sphere.
RayRecipe boundingRecipe(const pickref::Solid& solid, double cross, glm::dvec3 axis) {
    return {toDouble(solid.position()), static_cast<double>(solid.size()) / 2, cross, axis, {}, {}};
}

/// A capsule's or a capped cylinder's segment ab (rounded to float) and radius, for its recipes.
struct Axial {
    glm::dvec3 a, b, axis;
    double r;
};

/// A capsule's or a capped cylinder's case: the shape around the segment of `half` length either
/// side of the placement's centre along `axis`, its solid, rays along `axis`, ρ = its radius, and
/// the parallel rule about ab. `out` gets the segment and radius as rounded.
template <class Shape, class Solid>
ShapeCase axialCase(const Placement& pl, glm::dvec3 axis, double half, double radius, Axial& out) {
    const Shape shape{toFloat(pl.center - axis * half), toFloat(pl.center + axis * half), static_cast<float>(radius)};
    ShapeCase sc;
    setShape(sc, shape);
    sc.solid = std::make_unique<Solid>(ref(shape.a), ref(shape.b), ref(shape.radius));
    sc.recipe = boundingRecipe(*sc.solid, static_cast<double>(shape.radius), axis);
    sc.curvatureRadius = ref(shape.radius);
    sc.parallelAxis = ref(shape.b) - ref(shape.a);
    out = {glm::dvec3(shape.a), glm::dvec3(shape.b), axis, static_cast<double>(shape.radius)};
    return sc;
}

ShapeCase sphereCase(Rng& rng) {
    const Placement pl = randomPlacement(rng);
    const pickray::Sphere sphere{toFloat(pl.center), static_cast<float>(pl.scale / 2)};
    ShapeCase sc;
    setShape(sc, sphere);
    sc.solid = std::make_unique<pickref::SphereSolid>(ref(sphere.center), ref(sphere.radius));
    const glm::dvec3 c(sphere.center);
    const double r = static_cast<double>(sphere.radius);
    sc.recipe = {c, r, r, glm::dvec3(0), {}, {}};
    sc.recipe.surface = [c, r](Rng& g) { return c + g.unit() * r; };
    sc.recipe.seam = sc.recipe.surface;
    sc.curvatureRadius = ref(sphere.radius);
    return sc;
}

ShapeCase capsuleCase(Rng& rng) {
    const Placement pl = randomPlacement(rng);
    const glm::dvec3 axis = randomAxis(rng);
    const double radius = pl.scale * rng.logUniform(0.02, 0.5);
    const double half = rng.chance(0.1) ? 0.0 : pl.scale * rng.uniform(0.0, 0.5);
    Axial s{};
    ShapeCase sc = axialCase<pickray::Capsule, pickref::CapsuleSolid>(pl, axis, half, radius, s);
    sc.recipe.surface = [s](Rng& g) {
        const glm::dvec3 u = g.unit();
        const glm::dvec3 end = glm::dot(u, s.axis) < 0 ? s.a : s.b;
        if (g.chance(0.5)) {
            return end + u * s.r;
        }
        const double along = g.uniform();
        return s.a + (s.b - s.a) * along + g.perpendicular(s.axis) * s.r;
    };
    sc.recipe.seam = [s](Rng& g) {  // the circles where the hemispheres meet the side, and the tips
        const glm::dvec3 end = g.chance(0.5) ? s.a : s.b;
        if (g.chance(0.2)) {
            return end + s.axis * (s.r * (end == s.a ? -1.0 : 1.0));
        }
        return end + g.perpendicular(s.axis) * s.r;
    };
    if (s.a != s.b) {  // the seam circles are a capped cylinder's rims (a and b are floats, exact)
        const auto rims =
            std::make_shared<pickref::CylinderSolid>(ref(toFloat(s.a)), ref(toFloat(s.b)), static_cast<Real>(s.r));
        sc.curvatureSeam = [rims](Vec p) { return rims->seamDistance(p); };
    }
    return sc;
}

ShapeCase cylinderCase(Rng& rng) {
    const Placement pl = randomPlacement(rng);
    const glm::dvec3 axis = randomAxis(rng);
    const double radius = pl.scale * rng.logUniform(0.02, 0.5);
    const double half = pl.scale * rng.logUniform(0.025, 0.5);
    Axial s{};
    ShapeCase sc = axialCase<pickray::Cylinder, pickref::CylinderSolid>(pl, axis, half, radius, s);
    sc.recipe.surface = [s](Rng& g) {
        const glm::dvec3 perp = g.perpendicular(s.axis);
        if (g.chance(0.5)) {
            return s.a + (s.b - s.a) * g.uniform() + perp * s.r;
        }
        const glm::dvec3 end = g.chance(0.5) ? s.a : s.b;
        return end + perp * (s.r * std::sqrt(g.uniform()));
    };
    sc.recipe.seam = [s](Rng& g) {  // the rims (and now and then a cap centre)
        const glm::dvec3 end = g.chance(0.5) ? s.a : s.b;
        return g.chance(0.1) ? end : end + g.perpendicular(s.axis) * s.r;
    };
    return sc;
}

ShapeCase infiniteCylinderCase(Rng& rng) {
    const Placement pl = randomPlacement(rng);
    const glm::dvec3 axis = randomAxis(rng);
    const double radius = pl.scale * rng.logUniform(0.05, 0.5);
    const pickray::InfiniteCylinder cylinder{toFloat(pl.center),
                                             toFloat(pl.center + axis * (pl.scale * rng.logUniform(0.01, 10.0))),
                                             static_cast<float>(radius)};
    ShapeCase sc;
    setShape(sc, cylinder);
    // The reference's infinite cylinder follows the parallel rule itself.
    sc.solid = std::make_unique<pickref::InfiniteCylinderSolid>(ref(cylinder.a), ref(cylinder.b), ref(cylinder.radius));
    const glm::dvec3 p1(cylinder.a);
    const glm::dvec3 u = glm::normalize(glm::dvec3(cylinder.b) - p1);
    const double r = static_cast<double>(cylinder.radius);
    sc.recipe = {p1, r, r, u, {}, {}};
    sc.recipe.surface = [p1, u, r](Rng& g) {
        const double along = g.uniform(-3.0, 3.0) * r;
        return p1 + u * along + g.perpendicular(u) * r;
    };
    sc.recipe.seam = sc.recipe.surface;
    sc.curvatureRadius = ref(cylinder.radius);
    const pickref::Solid* solid = sc.solid.get();
    sc.after = [solid](const pickray::Ray& ray, Rng&, RayStats& st) {
        const pickref::LineAnswer line = solid->line({ref(ray.origin), ref(ray.direction)});
        st.counts["parallel inside"] += line.meets && std::isinf(line.enter) ? 1 : 0;
    };
    return sc;
}

void infiniteCylinderFinish(RayStats& st) {
    std::printf("  lines inside and parallel to the axis (span -inf..inf): %ld\n", st.counts["parallel inside"]);
    EXPECT_GT(st.counts["parallel inside"], 100);
}

/// A point on a random edge of the box with corners given by `corner(bits)` (or a corner).
template <class Corner>
glm::dvec3 boxEdgePoint(Rng& g, const Corner& corner) {
    const unsigned from = static_cast<unsigned>(g.index(8));
    const unsigned bit = 1U << static_cast<unsigned>(g.index(3));
    const glm::dvec3 p = corner(from);
    return g.chance(0.2) ? p : p + (corner(from ^ bit) - p) * g.uniform();
}

/// A ray parallel to one or two faces of the box [lo, hi] in local coordinates: those direction
/// components are exactly zero, the origin's coordinates on those axes inside the slab, exactly on
/// a face plane, or just/far outside.
std::pair<glm::dvec3, glm::dvec3> faceParallelRay(Rng& rng, glm::dvec3 lo, glm::dvec3 hi) {
    const glm::dvec3 c = (lo + hi) * 0.5;
    const double R = glm::length(hi - lo) * 0.5 + 1e-30;
    glm::dvec3 origin = c + rng.unitTimes(R, 1.0, 20.0);
    glm::dvec3 dir = lo + (hi - lo) * rng.uniform3() - origin;
    const int first = rng.index(3);
    const int count = rng.chance(0.7) ? 1 : 2;
    for (int j = 0; j < count; ++j) {
        const int axis = (first + j) % 3;
        dir[axis] = 0.0;
        const double u = rng.uniform();
        const double ext = hi[axis] - lo[axis];
        if (u < 0.45) {
            origin[axis] = lo[axis] + ext * rng.uniform();
        } else if (u < 0.6) {
            origin[axis] = rng.chance(0.5) ? lo[axis] : hi[axis];
        } else {
            const double off = 2 * R * std::pow(10.0, rng.uniform(-6.0, 0.0));
            origin[axis] = rng.chance(0.5) ? lo[axis] - off : hi[axis] + off;
        }
    }
    if (glm::length(dir) == 0) {
        dir[(first + 2) % 3] = 1.0;
    }
    return {origin, glm::normalize(dir) * rng.logUniform(0.01, 100.0)};
}

/// The box [dlo, dhi] placed in the world by `world` (an affine map; the identity for the Aabb):
/// rays at its edges and faces, and (15%) rays parallel to its faces in its local space.
template <class World>
void setBoxRays(ShapeCase& sc, glm::dvec3 dlo, glm::dvec3 dhi, const World& world) {
    sc.recipe = boundingRecipe(*sc.solid, 0, glm::dvec3(0));
    const auto corner = [dlo, dhi, world](unsigned bits) {
        return world(glm::dvec3((bits & 1U) != 0 ? dhi.x : dlo.x, (bits & 2U) != 0 ? dhi.y : dlo.y,
                                (bits & 4U) != 0 ? dhi.z : dlo.z));
    };
    sc.recipe.seam = [corner](Rng& g) { return boxEdgePoint(g, corner); };
    sc.recipe.surface = [dlo, dhi, world](Rng& g) {
        glm::dvec3 p = dlo + (dhi - dlo) * g.uniform3();
        const int k = g.index(3);
        p[k] = g.chance(0.5) ? dlo[k] : dhi[k];
        return world(p);
    };
    sc.ownRay = [dlo, dhi, world](Rng& g) -> std::optional<pickray::Ray> {
        if (!g.chance(0.15)) {
            return std::nullopt;
        }
        const auto [o, d] = faceParallelRay(g, dlo, dhi);  // exactly parallel for the Aabb
        return pickray::Ray{toFloat(world(o)), toFloat(world(d) - world(glm::dvec3(0)))};
    };
}

/// The Aabb's own contract checks: a flat box is crossed with enter == exit, a ray starting
/// exactly on a face and entering there gets t = 0, and an identity OrientedBox answers exactly
/// as the Aabb.
void checkAabbContract(const pickray::Aabb& box, bool isFlat, const pickray::Ray& ray, Rng& rng, RayStats& st) {
    st.counts["flat"] += isFlat ? 1 : 0;
    st.counts["parallel"] += ray.direction.x == 0.0f || ray.direction.y == 0.0f || ray.direction.z == 0.0f ? 1 : 0;
    const int flatAxis = box.min.x == box.max.x ? 0 : (box.min.y == box.max.y ? 1 : (box.min.z == box.max.z ? 2 : -1));
    if (isFlat && flatAxis >= 0 && ray.direction[flatAxis] != 0.0f) {
        const auto span = pickray::intersectLine(ray, box);
        if (span && span->enter != span->exit) {
            ++st.counts["flat span mismatch"];
            st.report("flat box span with enter != exit", describe(box) + " " + describe(ray));
        }
    }
    if (!isFlat && rng.chance(0.2)) {
        glm::vec3 o;
        const glm::dvec3 dlo(box.min);
        const glm::dvec3 dhi(box.max);
        for (int k = 0; k < 3; ++k) {
            o[k] = std::clamp(toFloat(glm::dvec3(dlo + (dhi - dlo) * rng.uniform()))[k], box.min[k], box.max[k]);
        }
        const int k = rng.index(3);
        const bool atMin = rng.chance(0.5);
        o[k] = atMin ? box.min[k] : box.max[k];
        glm::dvec3 d = rng.unit();
        d[k] = (atMin ? 1.0 : -1.0) * std::max(std::fabs(d[k]), 0.1);
        const pickray::Ray onFace{o, toFloat(d * rng.logUniform(0.01, 100.0))};
        const auto h = pickray::raycast(onFace, box);
        ++st.counts["on face"];
        if (!h || h->t != 0.0f) {
            ++st.counts["on face wrong"];
            st.report("ray starting on a face and entering",
                      describe(box) + " " + describe(onFace) + (h ? " -> t " + str(h->t) : " -> no hit"));
        }
    }
    const pickray::OrientedBox same{box, glm::mat4(1.0f)};
    const auto h1 = pickray::raycast(ray, box);
    const auto h2 = pickray::raycast(ray, same);
    const auto s1 = pickray::intersectLine(ray, box);
    const auto s2 = pickray::intersectLine(ray, same);
    const bool equal = h1.has_value() == h2.has_value() && s1.has_value() == s2.has_value() &&
                       (!h1 || (h1->t == h2->t && h1->point == h2->point && h1->normal == h2->normal)) &&
                       (!s1 || (s1->enter == s2->enter && s1->exit == s2->exit));
    if (!equal) {
        ++st.counts["identity mismatch"];
        st.report("identity OrientedBox differs from the Aabb", describe(box) + " " + describe(ray));
    }
}

ShapeCase aabbCase(Rng& rng) {
    const Placement pl = randomPlacement(rng);
    glm::dvec3 ext = pl.scale * rng.logUniform3(0.05, 1.0);
    const bool isFlat = rng.chance(0.05);
    if (isFlat) {
        ext[rng.index(3)] = 0.0;
    }
    const glm::vec3 lo = toFloat(pl.center - ext * 0.5);
    glm::vec3 hi = toFloat(pl.center + ext * 0.5);
    for (int k = 0; k < 3; ++k) {
        if (ext[k] == 0.0) {
            hi[k] = lo[k];
        }
    }
    const pickray::Aabb box{lo, hi};
    ShapeCase sc;
    setShape(sc, box);
    sc.solid = std::make_unique<pickref::BoxSolid>(pickref::Box{ref(box.min), ref(box.max)});
    setBoxRays(sc, glm::dvec3(box.min), glm::dvec3(box.max), [](glm::dvec3 p) { return p; });
    sc.after = [box, isFlat](const pickray::Ray& ray, Rng& g, RayStats& st) {
        checkAabbContract(box, isFlat, ray, g, st);
    };
    return sc;
}

void aabbFinish(RayStats& st) {
    std::printf(
        "  flat boxes: %ld (enter != exit: %ld), rays with exactly zero direction components: %ld, identity "
        "OrientedBox mismatches: %ld\n  rays starting exactly on a face, entering: %ld, not answered with t = 0: "
        "%ld\n",
        st.counts["flat"], st.counts["flat span mismatch"], st.counts["parallel"], st.counts["identity mismatch"],
        st.counts["on face"], st.counts["on face wrong"]);
    EXPECT_EQ(st.counts["identity mismatch"], 0);
    EXPECT_EQ(st.counts["flat span mismatch"], 0);
    EXPECT_EQ(st.counts["on face wrong"], 0);
}

ShapeCase orientedBoxCase(Rng& rng) {
    const Placement pl = randomPlacement(rng);
    // Local box somewhere around the local origin.
    const glm::dvec3 ext = rng.logUniform3(0.1, 1.0);
    const glm::dvec3 localCenter = rng.inCube() * 0.5;
    // toWorld = T·R·S·H: random rotation, non-uniform scale 0.3..3, sometimes a shear.
    double q[4] = {rng.normal(), rng.normal(), rng.normal(), rng.normal()};
    const double qn = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (double& v : q) {
        v /= qn;
    }
    const double w = q[0];
    const double x = q[1];
    const double y = q[2];
    const double z = q[3];
    const double rot[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                              {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                              {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    const double s[3] = {pl.scale * rng.logUniform(0.3, 3.0), pl.scale * rng.logUniform(0.3, 3.0),
                         pl.scale * rng.logUniform(0.3, 3.0)};
    double shear[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    if (rng.chance(0.3)) {
        shear[0][1] = rng.uniform(-0.3, 0.3);
        shear[0][2] = rng.uniform(-0.3, 0.3);
        shear[1][2] = rng.uniform(-0.3, 0.3);
    }
    glm::mat4 toWorld(1.0f);
    std::array<std::array<Real, 3>, 3> m{};
    for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < 3; ++col) {
            double v = 0;
            for (int k = 0; k < 3; ++k) {
                v += rot[row][k] * s[k] * shear[k][col];
            }
            toWorld[col][row] = static_cast<float>(v);
            m[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = ref(toWorld[col][row]);
        }
    }
    const glm::vec3 translation = toFloat(pl.center);
    toWorld[3] = glm::vec4(translation, 1.0f);
    const pickray::OrientedBox box{{toFloat(localCenter - ext * 0.5), toFloat(localCenter + ext * 0.5)}, toWorld};
    ShapeCase sc;
    setShape(sc, box);
    auto solid = std::make_unique<pickref::OrientedBoxSolid>(pickref::Box{ref(box.local.min), ref(box.local.max)}, m,
                                                             ref(translation));
    sc.condition = solid->conditionNumber();
    sc.solid = std::move(solid);
    setBoxRays(sc, glm::dvec3(box.local.min), glm::dvec3(box.local.max), [translation, toWorld](glm::dvec3 p) {
        glm::dvec3 out(translation);
        for (int row = 0; row < 3; ++row) {
            for (int col = 0; col < 3; ++col) {
                out[row] += static_cast<double>(toWorld[col][row]) * p[col];
            }
        }
        return out;
    });
    return sc;
}

// ---- Ray tests, one per row of the table --------------------------------------------------------

const ShapeRow kSphere{"sphere", 1001, 20000, sphereCase};
const ShapeRow kCapsule{"capsule", 1002, 25000, capsuleCase};
const ShapeRow kCylinder{"cylinder", 1003, 25000, cylinderCase};
const ShapeRow kInfiniteCylinder{"infiniteCylinder", 1004, 20000, infiniteCylinderCase, infiniteCylinderFinish};
const ShapeRow kAabb{"aabb", 1005, 25000, aabbCase, aabbFinish};
const ShapeRow kOrientedBox{"orientedBox", 1006, 25000, orientedBoxCase};

TEST(Differential, Sphere) { runShape(kSphere); }
TEST(Differential, Capsule) { runShape(kCapsule); }
TEST(Differential, Cylinder) { runShape(kCylinder); }
TEST(Differential, InfiniteCylinder) { runShape(kInfiniteCylinder); }
TEST(Differential, Aabb) { runShape(kAabb); }
TEST(Differential, OrientedBox) { runShape(kOrientedBox); }

}  // namespace
