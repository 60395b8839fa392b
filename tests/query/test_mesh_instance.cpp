// SPDX-License-Identifier: MIT
// MeshInstance (query/mesh.hpp): a mesh under mirrors, shears and huge or tiny scales answers, bit
// for bit, as the brute force over its triangles for the ray moved into its space (meshRay), and
// its world points and normals lie within the bounds the header states.
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

#include <gtest/gtest.h>

#include "mesh_support.hpp"
#include "pickray/query.hpp"

namespace pickray {
namespace {

using test::MeshData;

struct Placement {
    const char* name;
    glm::mat4 toWorld;
};

std::vector<Placement> placements() {
    glm::mat4 shear(1.0f);
    shear[1][0] = 0.8f;   // x += 0.8·y
    shear[2][1] = -0.5f;  // y −= 0.5·z
    shear[3] = glm::vec4(1.5f, -2.0f, 0.25f, 1.0f);
    const glm::mat4 turn = glm::rotate(glm::mat4(1.0f), 0.7f, glm::normalize(glm::vec3(1, 2, 3)));
    return {
        {"mirror", glm::translate(glm::mat4(1.0f), {3, -2, 1}) * turn * glm::scale(glm::mat4(1.0f), {-1, 1, 2})},
        {"shear", shear * turn},
        {"huge",
         glm::translate(glm::mat4(1.0f), {1e16f, -3e15f, 0}) * turn * glm::scale(glm::mat4(1.0f), glm::vec3(1e15f))},
        {"tiny",
         glm::translate(glm::mat4(1.0f), {1e-14f, 0, 2e-14f}) * turn * glm::scale(glm::mat4(1.0f), glm::vec3(1e-15f))},
        {"mirrored shear", glm::scale(glm::mat4(1.0f), {1, 1, -3}) * shear},
    };
}

double frobenius(const glm::dmat3& m) {
    double sum = 0.0;
    for (int c = 0; c < 3; ++c) sum += glm::dot(m[c], m[c]);
    return std::sqrt(sum);
}

TEST(MeshInstance, AnswersAsTheBruteForceOnTheMovedRayWithinTheStatedBounds) {
    std::mt19937 rng(11);
    const std::vector<MeshData> meshes{test::icosphere(2), test::torus(1.5f, 0.5f, 20, 10),
                                       test::randomSoup(rng, 300, 2.0f)};
    for (const Placement& placement : placements()) {
        const glm::dmat3 linear(placement.toWorld);
        const glm::dvec3 translation(placement.toWorld[3]);
        const glm::dmat3 inverseTranspose = glm::transpose(glm::inverse(linear));
        const double kappa = frobenius(linear) * frobenius(glm::inverse(linear));
        double worstPoint = 0.0, worstNormal = 0.0;
        int wrong = 0, hits = 0;
        for (const MeshData& m : meshes) {
            const TriangleMesh mesh = m.mesh();
            const MeshInstance instance(mesh, placement.toWorld);
            ASSERT_TRUE(instance.validity().valid()) << instance.validity().message();
            for (const Ray& local : test::raysAt(m, rng, 200, 3.0f)) {
                const Ray ray{glm::vec3(placement.toWorld * glm::vec4(local.origin, 1.0f)),
                              glm::vec3(placement.toWorld * glm::vec4(local.direction, 0.0f))};
                const auto moved = instance.meshRay(ray);
                ASSERT_TRUE(moved);
                for (const Faces faces : {Faces::Both, Faces::FrontOnly}) {
                    const auto expected = test::bruteNearest(m, *moved, kInfinity, faces);
                    const auto got = instance.nearest(ray, kInfinity, faces);
                    wrong += expected.has_value() != got.has_value() ||
                             instance.anyHit(ray, kInfinity, faces) != got.has_value();
                    if (!got || !expected) continue;
                    ++hits;
                    wrong += got->t != expected->hit.t || got->triangle != expected->triangle ||
                             got->u != expected->hit.u || got->v != expected->hit.v ||
                             got->front != expected->hit.front;
                    const auto all = instance.allHits(ray, kInfinity, faces);
                    const auto brute = test::bruteAllHits(m, *moved, kInfinity, faces);
                    wrong += all.size() != brute.size();
                    for (std::size_t k = 0; k < std::min(all.size(), brute.size()); ++k)
                        wrong += all[k].t != brute[k].hit.t || all[k].triangle != brute[k].triangle;
                    // The point: the exact world image of the moved ray's point at t.
                    const glm::dvec3 localPoint =
                        glm::dvec3(moved->origin) + static_cast<double>(got->t) * glm::dvec3(moved->direction);
                    const glm::dvec3 world = linear * localPoint + translation;
                    const double scale =
                        frobenius(linear) * (glm::length(glm::dvec3(moved->origin)) +
                                             static_cast<double>(got->t) * glm::length(glm::dvec3(moved->direction))) +
                        glm::length(glm::dvec3(got->point));
                    worstPoint = std::max(worstPoint, glm::length(glm::dvec3(got->point) - world) / (scale * 0x1p-24));
                    // The normal: the exact local normal by the inverse transpose with the determinant's sign.
                    const Triangle tri = mesh.triangle(got->triangle);
                    const glm::dvec3 n =
                        glm::cross(glm::dvec3(tri.b) - glm::dvec3(tri.a), glm::dvec3(tri.c) - glm::dvec3(tri.a));
                    const glm::dvec3 expectedNormal = glm::normalize(inverseTranspose * n);
                    const glm::dvec3 error = glm::abs(glm::dvec3(got->normal) - expectedNormal);
                    worstNormal =
                        std::max(worstNormal, std::max(error.x, std::max(error.y, error.z)) / (kappa * 0x1p-21));
                }
                if (mesh.closed()) wrong += !test::sameSpans(instance.lineSpans(ray), test::bruteSpans(m, *moved));
            }
        }
        EXPECT_EQ(wrong, 0) << placement.name;
        EXPECT_GT(hits, 100) << placement.name;
        EXPECT_LE(worstPoint, 2.0) << placement.name;   // 2^-23 of the scale
        EXPECT_LE(worstNormal, 1.0) << placement.name;  // 2^-21 · κ a component
        std::printf(
            "mesh instance %s: worst point error %.2f x 2^-24 of its scale, worst normal %.3f x 2^-21 kappa (kappa "
            "%.1f)\n",
            placement.name, worstPoint, worstNormal, kappa);
    }
}

TEST(MeshInstance, KeepsTheMeshsSidesAndTheRaysParameter) {
    const TriangleMesh cube = test::cubeByFaces().mesh();
    const Ray ray{{-10, 0.25f, 0.5f}, {1, 0, 0}};
    for (const glm::vec3 scale : {glm::vec3(2, 2, 2), glm::vec3(-2, 2, 2), glm::vec3(2, -2, 2)}) {
        const MeshInstance instance(cube, glm::scale(glm::mat4(1.0f), scale));
        const auto hit = instance.nearest(ray);
        ASSERT_TRUE(hit);
        EXPECT_EQ(hit->t, 8.0f);  // the world cube [-2, 2]³ is entered at x = −2
        EXPECT_EQ(hit->point, glm::vec3(-2, 0.25f, 0.5f));
        EXPECT_TRUE(hit->front);  // the outside stays the front, mirrored or not
        EXPECT_EQ(hit->normal, glm::vec3(-1, 0, 0));
        EXPECT_EQ(instance.allHits(ray).size(), 2u);
        const auto spans = instance.lineSpans(ray);
        ASSERT_EQ(spans.size(), 1u);
        EXPECT_EQ(spans[0].enter, 8.0f);
        EXPECT_EQ(spans[0].exit, 12.0f);
        EXPECT_TRUE(instance.nearest(ray, kInfinity, Faces::FrontOnly));
        EXPECT_FALSE(instance.nearest(Ray{{0, 0, 0}, {1, 0, 0}}, kInfinity, Faces::FrontOnly));  // from inside
    }
    // The interpolated normal goes by the same inverse transpose.
    const std::vector<glm::vec3> p{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const std::vector<glm::vec3> n(3, glm::normalize(glm::vec3(1, 0, 1)));
    const TriangleMesh tilted(p, std::vector<std::uint32_t>{0, 1, 2}, n);
    const MeshInstance mirrored(tilted, glm::scale(glm::mat4(1.0f), {-1, 1, 1}));
    const auto hit = mirrored.nearest(Ray{{-0.25f, 0.25f, 1}, {0, 0, -1}});
    ASSERT_TRUE(hit && hit->interpolatedNormal);
    EXPECT_TRUE(hit->front);
    EXPECT_EQ(hit->normal, glm::vec3(0, 0, 1));
    EXPECT_NEAR(hit->interpolatedNormal->x, -std::sqrt(0.5f), 1e-7f);
    EXPECT_NEAR(hit->interpolatedNormal->z, std::sqrt(0.5f), 1e-7f);
}

TEST(MeshInstance, IdentityAnswersAsTheMeshItself) {
    std::mt19937 rng(12);
    const MeshData m = test::torus(2.0f, 0.5f, 16, 8);
    const TriangleMesh mesh = m.mesh();
    const MeshInstance instance(mesh, glm::mat4(1.0f));
    for (const Ray& ray : test::raysAt(m, rng, 300, 3.0f)) {
        const auto moved = instance.meshRay(ray);
        ASSERT_TRUE(moved);
        ASSERT_TRUE(moved->origin == ray.origin && moved->direction == ray.direction);
        const auto a = instance.nearest(ray), b = mesh.nearest(ray);
        ASSERT_EQ(a.has_value(), b.has_value());
        if (!a) continue;
        EXPECT_EQ(a->t, b->t);
        EXPECT_EQ(a->point, b->point);
        EXPECT_EQ(a->triangle, b->triangle);
        EXPECT_NEAR(glm::length(a->normal - b->normal), 0.0f, 0x1p-22f);
    }
}

TEST(MeshInstance, ASingularOrNonAffineTransformIsNeverHitAndSaysWhy) {
    const TriangleMesh mesh = test::icosphere(1).mesh();
    glm::mat4 projective(1.0f);
    projective[0][3] = 0.5f;
    glm::mat4 notFinite(1.0f);
    notFinite[3][1] = std::nanf("");
    glm::mat4 repeated(1.0f);
    repeated[1] = repeated[0];  // two equal columns: determinant exactly 0
    const Ray ray{{0, 0, -5}, {0, 0, 1}};
    for (const glm::mat4& m : {glm::scale(glm::mat4(1.0f), {1, 1, 0}), projective, notFinite, repeated}) {
        const MeshInstance instance(mesh, m);
        EXPECT_EQ(instance.validity().field, "toWorld") << instance.validity().message();
        EXPECT_FALSE(instance.meshRay(ray));
        EXPECT_FALSE(instance.nearest(ray));
        EXPECT_FALSE(instance.anyHit(ray));
        EXPECT_TRUE(instance.allHits(ray).empty());
        EXPECT_TRUE(instance.lineSpans(ray).empty());
    }
    // Nearly singular is valid, with the inverse it has.
    EXPECT_TRUE(MeshInstance(mesh, glm::scale(glm::mat4(1.0f), {1, 1, 1e-30f})).validity().valid());
    const TriangleMesh broken(std::vector<glm::vec3>{{0, 0, 0}}, std::vector<std::uint32_t>{0, 0});
    EXPECT_EQ(MeshInstance(broken, glm::mat4(1.0f)).validity().field, "indices");
    // A moved ray whose direction underflows: no hit.
    const MeshInstance vast(mesh, glm::scale(glm::mat4(1.0f), glm::vec3(1e30f)));
    EXPECT_FALSE(vast.meshRay(Ray{{0, 0, -5e30f}, {0, 0, 1e-15f}}));
    EXPECT_FALSE(vast.nearest(Ray{{0, 0, -5e30f}, {0, 0, 1e-15f}}));
}

}  // namespace
}  // namespace pickray
