// SPDX-License-Identifier: MIT
// The pick audit end to end (issue 25): `--audit OUT.json` on the default scene at 640x360, both
// projections, against a brute force computed here: the same run's --id-buffer PNG read back,
// every pixel centre's ray made with the library's cursorRay from matrices built here with GLM
// (not the app's camera code), each object's hit by the library's own routine (raycast, no BVH),
// the nearest before the far plane (ties to the lower index, as a click). The app's `mismatches`
// must be this count exactly: the rays are the same float arithmetic on the same floats, so every
// pixel's answer is the same bit for bit, even on an edge.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "e2e_support.hpp"
#include "pickray/picking.hpp"
#include "pickray/query.hpp"

namespace {

using namespace e2e;

struct Matrices {
    glm::mat4 view;
    glm::mat4 projection;
    pickray::Viewport viewport;
    pickray::ClipDepth depth;
};

// The camera's matrices as docs/SCENE_FORMAT.md defines them (lookAt; perspective or orthographic
// of the file's near and far, in the file's clip-depth convention), built here.
Matrices matricesOf(const ps::Camera& c, glm::ivec2 size) {
    const float aspect = static_cast<float>(size.x) / static_cast<float>(size.y);
    const bool zo = c.clipDepth == pickray::ClipDepth::ZeroToOne;
    glm::mat4 projection;
    if (c.projection == ps::Projection::Perspective) {
        const float fovY = glm::radians(c.fovYDegrees);
        projection =
            zo ? glm::perspectiveZO(fovY, aspect, c.near, c.far) : glm::perspectiveNO(fovY, aspect, c.near, c.far);
    } else {
        const float h = 0.5f * c.orthoHeight, w = h * aspect;
        projection = zo ? glm::orthoZO(-w, w, -h, h, c.near, c.far) : glm::orthoNO(-w, w, -h, h, c.near, c.far);
    }
    return {glm::lookAt(c.eye, c.target, c.up), projection,
            pickray::Viewport{0, 0, static_cast<float>(size.x), static_cast<float>(size.y), 0, 1}, c.clipDepth};
}

// Brute force: the object (index + 1) a click at the pixel's centre picks, 0 for none.
std::uint32_t bruteForceId(const ps::Scene& scene, const Matrices& m, int x, int y) {
    const glm::vec2 cursor(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
    const pickray::Ray ray = pickray::cursorRay(cursor, m.view, m.projection, m.viewport, m.depth);
    const glm::vec3 far = pickray::screenToWorld(glm::vec3(cursor, 1.0f), m.view, m.projection, m.viewport, m.depth);
    const float tFar = glm::dot(far - ray.origin, ray.direction);
    std::uint32_t best = 0;
    float bestT = 0.0f;
    for (std::size_t i = 0; i < scene.objects.size(); ++i) {
        const auto hit = pickray::raycast(ray, scene.objects[i].shape);
        if (hit && hit->t <= tFar && (best == 0 || hit->t < bestT)) {
            best = static_cast<std::uint32_t>(i + 1);
            bestT = hit->t;
        }
    }
    return best;
}

void auditAgainstBruteForce(const std::string& name, const std::vector<std::string>& extra) {
    const fs::path dir = tempDir() / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::vector<std::string> args{"--headless", "--size", "640x360", "--scene", kDefaultScene.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    for (const std::string& a : {std::string("--id-buffer"), (dir / "ids.png").string(), std::string("--audit"),
                                 (dir / "audit.json").string(), std::string("--save"), (dir / "scene.json").string()})
        args.push_back(a);
    const ProcessResult run = runPickray(args);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("audit saved"), std::string::npos) << run.output;
    auto loaded = ps::loadScene(dir / "scene.json");  // the scene and camera as audited
    ASSERT_TRUE(loaded.scene) << loaded.error;
    const ps::Scene& scene = *loaded.scene;
    const Image ids = loadPng(dir / "ids.png");
    ASSERT_EQ(glm::ivec2(ids.width, ids.height), kSize);
    const json audit = readJson(dir / "audit.json");

    const Matrices m = matricesOf(scene.camera, kSize);
    int pixels = 0, mismatches = 0;
    for (int y = 0; y < kSize.y; ++y)
        for (int x = 0; x < kSize.x; ++x, ++pixels) mismatches += idAt(ids, x, y) != bruteForceId(scene, m, x, y);
    ASSERT_EQ(pixels, 640 * 360);
    EXPECT_EQ(audit["size"], json::array({640, 360}));
    EXPECT_EQ(audit["pixels"], pixels);
    EXPECT_EQ(audit["objects"], scene.objects.size());
    EXPECT_EQ(audit["projection"],
              scene.camera.projection == ps::Projection::Perspective ? "perspective" : "orthographic");
    EXPECT_EQ(audit["clip_depth"],
              scene.camera.clipDepth == pickray::ClipDepth::ZeroToOne ? "zero_to_one" : "negative_one_to_one");
    EXPECT_EQ(audit["mismatches"], mismatches);
    // Each listed robust mismatch is one here too: the PNG's value and the brute force's differ.
    int listed = 0;
    for (const json& w : audit["worst"]) {
        const int x = w["pixel"][0], y = w["pixel"][1];
        EXPECT_EQ(w["gpu_id"], idAt(ids, x, y));
        EXPECT_EQ(w["cpu_id"], bruteForceId(scene, m, x, y));
        EXPECT_NE(w["gpu_id"], w["cpu_id"]);
        ++listed;
    }
    EXPECT_EQ(listed, std::min(audit["robust_mismatches"].get<int>(), 20));
    std::printf("precision: audit %s at 640x360: %d mismatches (brute force %d), %d robust, %d depth ties\n",
                name.c_str(), audit["mismatches"].get<int>(), mismatches, audit["robust_mismatches"].get<int>(),
                audit["depth_ties"].get<int>());
    // The mesh renderer's silhouettes are within a pixel of the true ones (docs/DEMO.md): its
    // mismatches are edge pixels, a thin line around each object, far fewer than 2% of the view...
    EXPECT_LT(mismatches, pixels / 50);
    EXPECT_GT(mismatches, 0) << "a tessellated picture is not exact";
    // ... and within a pixel: the worst robust mismatch (listed first) has the CPU giving the
    // GPU's answer at a neighbouring pixel. Measured 104 robust of 104 (perspective) and 165 of
    // 167 (orthographic): at 1e-3 px nearly every silhouette pixel is robust; all within 1 px.
    EXPECT_LE(audit["robust_mismatches"].get<int>(), mismatches);
    if (!audit["worst"].empty()) {
        EXPECT_EQ(audit["worst"][0]["distance_px"], 1);
    }
}

// Issue 25: the audit's end-to-end runs are not in the sanitizer stage (their brute force over
// every pixel takes long under ASan; the audit's code runs there in its unit tests).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

}  // namespace

TEST(PickAudit, PerspectiveDefaultSceneCountsEqualABruteForceOverTheLibrarysRoutines) {
    if (kSanitized) GTEST_SKIP() << "not in the sanitizer stage (issue 25)";
    auditAgainstBruteForce("audit_perspective", {});
}

TEST(PickAudit, OrthographicOpenGlDepthDefaultSceneCountsEqualABruteForceOverTheLibrarysRoutines) {
    if (kSanitized) GTEST_SKIP() << "not in the sanitizer stage (issue 25)";
    auditAgainstBruteForce("audit_orthographic", {"--projection", "orthographic", "--clip-depth", "opengl"});
}
