// SPDX-License-Identifier: MIT
// The procedural meshes are fine enough that a silhouette is within a pixel of the analytic shape
// at 1080p. Measured from the generators' vertex data, with the shape filling the full
// height of a 1920x1080 view (radius 540 px), not taken from a constant.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "render/meshes.hpp"
#include "render/renderer.hpp"  // kLongSideRings

namespace pr = pickray::render;

namespace {

constexpr double kRadiusPixels = 540.0;  // half of 1080: the shape fills the view's height

glm::dvec3 at(const pr::MeshData& m, std::size_t index) { return glm::dvec3(m.vertices[m.indices[index]].position); }

// Sphere: every silhouette of the mesh is made of its facets; the deepest a facet gets below the
// unit sphere is 1 − (distance of its plane from the centre). Computed here on its own.
double sphereDeviation(const pr::MeshData& m) {
    double deepest = 0.0;
    for (std::size_t i = 0; i + 2 < m.indices.size(); i += 3) {
        const glm::dvec3 a = at(m, i), b = at(m, i + 1), c = at(m, i + 2);
        const glm::dvec3 n = glm::cross(b - a, c - a);
        if (glm::length(n) == 0.0) continue;
        deepest = std::max(deepest, 1.0 - std::abs(glm::dot(glm::normalize(n), a)));
    }
    return deepest;
}

// Round outline in the xy plane (cylinder side, disk rim): the deepest point of each edge between
// two rim vertices (radius 1) is its midpoint, r·(1 − cos(half the angle)).
double ringDeviation(const pr::MeshData& m) {
    double deepest = 0.0;
    for (std::size_t i = 0; i < m.indices.size(); i += 3)
        for (int e = 0; e < 3; ++e) {
            const glm::dvec3 a = at(m, i + static_cast<std::size_t>(e)),
                             b = at(m, i + static_cast<std::size_t>((e + 1) % 3));
            const glm::dvec2 pa(a), pb(b);
            if (std::abs(glm::length(pa) - 1.0) > 1e-6 || std::abs(glm::length(pb) - 1.0) > 1e-6)
                continue;                               // not a rim edge
            if (glm::length(pa - pb) < 1e-9) continue;  // along the axis
            deepest = std::max(deepest, 1.0 - glm::length(0.5 * (pa + pb)));
        }
    return deepest;
}

}  // namespace

TEST(Meshes, EverySilhouetteIsWithinAPixelAt1080p) {
    // What the renderer draws at full size: spheres, capsules (two hemispheres and a side),
    // capped cylinders (side and rims), and the infinite cylinders' long side.
    const pr::MeshData capsule = pr::makeCapsule();
    const double sphere = sphereDeviation(pr::makeSphere()) * kRadiusPixels;
    const double capsuleEnds = sphereDeviation(capsule) * kRadiusPixels;  // the side has no area unstretched
    const double capsuleSide = ringDeviation(capsule) * kRadiusPixels;
    const double cylinder = ringDeviation(pr::makeCappedCylinder()) * kRadiusPixels;
    const double longSide = ringDeviation(pr::makeCylinderSide(pr::kRoundSegments, pr::kLongSideRings)) * kRadiusPixels;
    std::printf(
        "worst silhouette deviation at 540 px radius: sphere %.3f px, capsule ends %.3f px, capsule side "
        "%.3f px, capped cylinder %.3f px, infinite cylinder %.3f px\n",
        sphere, capsuleEnds, capsuleSide, cylinder, longSide);
    for (double px : {sphere, capsuleEnds, capsuleSide, cylinder, longSide}) {
        EXPECT_GT(px, 0.0);
        EXPECT_LE(px, 1.0);
    }
}

// The renderer picks levels of detail from silhouetteDeviation: it must measure what this test does.
TEST(Meshes, SilhouetteDeviationOfEveryLevelMatchesTheVertexData) {
    for (int segments : pr::kLodSegments) {
        EXPECT_NEAR(pr::silhouetteDeviation(pr::makeSphere(segments)), sphereDeviation(pr::makeSphere(segments)), 1e-6)
            << segments;
        EXPECT_NEAR(pr::silhouetteDeviation(pr::makeCylinderSide(segments)),
                    ringDeviation(pr::makeCylinderSide(segments)), 1e-6)
            << segments;
        const pr::MeshData capsule = pr::makeCapsule(segments);
        EXPECT_NEAR(pr::silhouetteDeviation(capsule), std::max(sphereDeviation(capsule), ringDeviation(capsule)), 1e-6)
            << segments;
    }
    // Coarser levels deviate more, so the renderer's search from fine to coarse is monotonic.
    for (std::size_t l = 1; l < pr::kLodCount; ++l)
        EXPECT_GT(pr::silhouetteDeviation(pr::makeSphere(pr::kLodSegments[l])),
                  pr::silhouetteDeviation(pr::makeSphere(pr::kLodSegments[l - 1])));
}

// The renderer culls back faces of closed meshes: every facet must wind counter-clockwise seen
// from outside (GL's default front face), i.e. its winding normal points away from the inside.
namespace {

// Positions with the stretch applied (length 2 for capsules and cylinders), and for each facet a
// point inside the solid next to it (the nearest point of its axis segment).
int inwardFacets(const pr::MeshData& m, glm::dvec3 axisA, glm::dvec3 axisB) {
    int inward = 0;
    auto pos = [&](std::size_t index) {
        const pr::Vertex& v = m.vertices[m.indices[index]];
        return glm::dvec3(v.position) + glm::dvec3(0, 0, 2.0 * static_cast<double>(v.stretch));
    };
    for (std::size_t i = 0; i + 2 < m.indices.size(); i += 3) {
        const glm::dvec3 a = pos(i), b = pos(i + 1), c = pos(i + 2);
        const glm::dvec3 n = glm::cross(b - a, c - a);
        if (glm::length(n) < 1e-12) continue;
        const glm::dvec3 centroid = (a + b + c) / 3.0;
        const glm::dvec3 axis = axisB - axisA;
        const double s = glm::dot(axis, axis) > 0
                             ? std::clamp(glm::dot(centroid - axisA, axis) / glm::dot(axis, axis), 0.0, 1.0)
                             : 0.0;
        if (glm::dot(n, centroid - (axisA + s * axis)) <= 0.0) ++inward;
    }
    return inward;
}

}  // namespace

TEST(Meshes, ClosedMeshesWindOutwards) {
    for (int segments : pr::kLodSegments) {
        EXPECT_EQ(inwardFacets(pr::makeSphere(segments), {0, 0, 0}, {0, 0, 0}), 0) << "sphere " << segments;
        EXPECT_EQ(inwardFacets(pr::makeCapsule(segments), {0, 0, 0}, {0, 0, 2}), 0) << "capsule " << segments;
        // A cap's facets contain the axis end: measure from just inside.
        EXPECT_EQ(inwardFacets(pr::makeCappedCylinder(segments), {0, 0, 0.01}, {0, 0, 1.99}), 0)
            << "cylinder " << segments;
    }
    EXPECT_EQ(inwardFacets(pr::makeCube(), {0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}), 0);
}
