// SPDX-License-Identifier: MIT
// libFuzzer target: small triangle meshes and rays from arbitrary bytes, against the brute force
// over raycast(ray, Triangle) and intersectLine(ray, Triangle) (tests/query/mesh_support.hpp).
// Checked on every input:
//   * no crash, no undefined behaviour (run with ASan + UBSan);
//   * an invalid mesh (NaN or infinite positions, out-of-range indices) says why and is never hit;
//   * a valid one answers nearest, all hits, any hit and (when closed) the winding-rule spans bit
//     for bit as the brute force, both face modes, before and after setPositions() moves it;
//   * under a transform from the input, the instance answers as the brute force on meshRay(ray),
//     with finite points and unit normals, or says why it is refused.
// Coordinates come either as raw float bits or as small integers (halves), which put rays exactly
// through edges and vertices.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "fuzz/fuzz_input.hpp"
#include "pickray/query.hpp"
#include "query/mesh_support.hpp"

namespace {

// Raw floats, or with smallIntegers a byte each: a signed half, on the grid that puts rays exactly
// through edges and vertices.
struct Input {
    pickray::fuzz::Input raw;
    bool smallIntegers = false;
    std::uint8_t byte() {
        if (raw.size == 0) return 0;
        --raw.size;
        return *raw.data++;
    }
    float next() { return smallIntegers ? static_cast<float>(static_cast<std::int8_t>(byte())) * 0.5f : raw.next(); }
    glm::vec3 vec() { return {next(), next(), next()}; }
};

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "contract violated: %s\n", what);
        std::abort();
    }
}

bool unit(glm::vec3 n) { return std::abs(glm::length(glm::dvec3(n)) - 1.0) < 1e-6; }

void checkNothing(const pickray::TriangleMesh& mesh, const pickray::Ray& ray) {
    check(!mesh.nearest(ray) && mesh.allHits(ray).empty() && !mesh.anyHit(ray) && mesh.lineSpans(ray).empty(),
          "an invalid mesh is never hit");
}

void checkInstance(const pickray::TriangleMesh& mesh, const pickray::test::MeshData& m, const glm::mat4& toWorld,
                   const std::vector<pickray::Ray>& rays) {
    const pickray::MeshInstance instance(mesh, toWorld);
    for (const pickray::Ray& ray : rays) {
        const auto moved = instance.meshRay(ray);
        const auto hit = instance.nearest(ray);
        if (!instance.validity().valid() || !moved) {
            check(!hit && instance.allHits(ray).empty() && instance.lineSpans(ray).empty(), "no moved ray, no hit");
            continue;
        }
        const auto expected = pickray::test::bruteNearest(m, *moved, pickray::kInfinity, pickray::Faces::Both);
        if (hit) {
            check(expected && expected->hit.t == hit->t && expected->triangle == hit->triangle,
                  "an instance's nearest hit is the brute force's on the moved ray");
            check(pickray::detail::isFinite(hit->point) && unit(hit->normal), "finite point, unit normal");
        } else {
            // Only a hit whose world point overflows float is left out.
            check(!expected || !pickray::detail::isFinite(pickray::detail::pointAtExact(ray, expected->hit.t)),
                  "an instance misses only where the brute force on the moved ray does");
        }
        if (mesh.closed()) {
            check(pickray::test::sameSpans(instance.lineSpans(ray), pickray::test::bruteSpans(m, *moved)),
                  "an instance's spans are the brute force's on the moved ray");
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    const char* wanted = std::getenv("PICKRAY_SIMD");
    std::fprintf(stderr, "simd level: %s requested, BVH box test %s\n", wanted != nullptr ? wanted : "(none)",
                 std::string(pickray::Bvh::boxTest()).c_str());
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Input in{{data, size}};
    const std::uint8_t vertices = static_cast<std::uint8_t>(in.byte() % 16 + 1);
    const std::uint8_t triangles = static_cast<std::uint8_t>(in.byte() % 24);
    const std::uint8_t flags = in.byte();
    in.smallIntegers = (flags & 1) != 0;
    pickray::test::MeshData m;
    for (int v = 0; v < vertices; ++v) m.positions.push_back(in.vec());
    // Flag 8: an index may be one past the last vertex (an invalid mesh).
    const int range = vertices + ((flags & 8) != 0 ? 1 : 0);
    for (int i = 0; i < 3 * triangles; ++i) m.indices.push_back(static_cast<std::uint32_t>(in.byte() % range));
    std::vector<pickray::Ray> rays;
    in.smallIntegers = (flags & 2) != 0;
    for (int r = 0; r < 12 && in.raw.size > 0; ++r) rays.push_back({in.vec(), in.vec()});

    pickray::TriangleMesh mesh = m.mesh();
    if (!mesh.validity().valid()) {
        check(!mesh.validity().field.empty() && !mesh.validity().rule.empty() && !mesh.closed(), "a reason");
        for (const pickray::Ray& ray : rays) checkNothing(mesh, ray);
        return 0;
    }
    check(pickray::test::mismatches(mesh, m, rays) == 0, "the mesh answers as the brute force");
    // Flag 4: the vertices move (by a shift from the input) and the tree is refitted.
    if ((flags & 4) != 0) {
        const glm::vec3 shift = in.vec();
        for (std::size_t v = 0; v < m.positions.size(); v += 2) m.positions[v] += shift;
        mesh.setPositions(m.positions);
        if (!mesh.validity().valid()) {
            for (const pickray::Ray& ray : rays) checkNothing(mesh, ray);
            return 0;
        }
        check(mesh.closed() == m.mesh().closed(), "closedness after a move is a fresh build's");
        check(pickray::test::mismatches(mesh, m, rays) == 0, "the refitted mesh answers as the brute force");
    }
    // Flag 16: placed by a transform from the input (its bottom row from the input too).
    if ((flags & 16) != 0) {
        glm::mat4 toWorld(1.0f);
        for (int c = 0; c < 4; ++c) toWorld[c] = glm::vec4(in.vec(), c == 3 ? 1.0f : 0.0f);
        if ((flags & 32) != 0) toWorld[0][3] = in.next();
        checkInstance(mesh, m, toWorld, rays);
    }
    return 0;
}
