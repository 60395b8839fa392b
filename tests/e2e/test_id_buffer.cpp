// SPDX-License-Identifier: MIT
// The ID buffer: `--id-buffer OUT.png` writes which object each pixel shows, as a
// 24-bit RGB PNG (object index + 1, R the high byte; 0 the background; top row first), for the
// scene alone. Checked against the independent reference (e2e_support.hpp: the long-double camera
// and each object's hit by root finding): wherever the reference's answer is the same for every
// ray within 1.5 pixels of a pixel's centre (the mesh renderer's silhouettes are within a pixel
// of the true ones, docs/DEMO.md), the pixel must hold exactly the reference's object.
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "e2e_support.hpp"

namespace {

using namespace e2e;

// The reference's answer for the ray through window point (x, y): object index + 1, or 0.
std::uint32_t referenceId(const ReferenceScene& scene, const Frame& f, long double x, long double y) {
    const auto hit = scene.nearestHit(pickref::cursorRay(f.camera, x, y));
    return hit ? static_cast<std::uint32_t>(hit->object + 1) : 0u;
}

struct Comparison {
    int sampled = 0;
    int clear = 0;  // the reference's answer is the same 1.5 px around the centre
    int matching = 0;
    std::map<std::uint32_t, int> clearPerId;
    std::string firstMismatch;
};

// Every `step`-th pixel of `image` against the reference.
Comparison compare(const Image& image, const ps::Scene& scene, glm::ivec2 size, int step) {
    const ReferenceScene reference(scene);
    const Frame f = frameFor(scene.camera, size);
    Comparison c;
    constexpr long double kClearance = 1.5L;  // pixels: the silhouettes' 1 px, and half a pixel more
    for (int y = step / 2; y < size.y; y += step) {
        for (int x = step / 2; x < size.x; x += step) {
            ++c.sampled;
            const long double cx = x + 0.5L;
            const long double cy = y + 0.5L;
            const std::uint32_t want = referenceId(reference, f, cx, cy);
            bool clear = true;
            for (const auto& [dx, dy] : {std::pair{-1, -1}, {1, -1}, {-1, 1}, {1, 1}, {0, -1}, {0, 1}, {-1, 0}, {1, 0}})
                clear = clear && referenceId(reference, f, cx + dx * kClearance, cy + dy * kClearance) == want;
            if (!clear) continue;
            ++c.clear;
            ++c.clearPerId[want];
            const std::uint32_t got = idAt(image, x, y);
            if (got == want) ++c.matching;
            else if (c.firstMismatch.empty())
                c.firstMismatch = "pixel (" + std::to_string(x) + ", " + std::to_string(y) +
                                  "): " + std::to_string(got) + ", the reference says " + std::to_string(want);
        }
    }
    return c;
}

}  // namespace

TEST(IdBuffer, EachPixelHoldsTheObjectTheReferencesRayHitsAsIndexPlusOneIn24BitRgb) {
    const fs::path dir = scratchDir("id_buffer");
    const glm::ivec2 size(640, 360);
    // A pick first: its markers, ray and outline are drawn in the picture but are not objects.
    const ProcessResult run = runPickray({"--headless", "--size", "640x360", "--click", "320,180", "--id-buffer",
                                          (dir / "ids.png").string(), "--screenshot", (dir / "shot.png").string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("ID buffer saved"), std::string::npos) << run.output;
    const Image ids = loadPng(dir / "ids.png");
    ASSERT_EQ(glm::ivec2(ids.width, ids.height), size);
    // 24-bit RGB: no alpha channel in the file (stb reports the channels it found).
    int width = 0, height = 0, channels = 0;
    ASSERT_TRUE(stbi_info((dir / "ids.png").c_str(), &width, &height, &channels));
    EXPECT_EQ(channels, 3);

    const ps::Scene scene = loadDefaultScene();
    const Comparison c = compare(ids, scene, size, 4);
    std::printf(
        "precision: ID buffer at 640x360: %d of %d sampled pixels clear of every edge by 1.5 px, %d of "
        "them match the reference\n",
        c.clear, c.sampled, c.matching);
    EXPECT_EQ(c.matching, c.clear) << c.firstMismatch;
    EXPECT_GT(c.clear, c.sampled * 3 / 4) << "too few pixels judged";
    // Every object and the background are judged somewhere: a wrong index would show.
    EXPECT_EQ(c.clearPerId.size(), scene.objects.size() + 1);
    for (std::uint32_t id = 0; id <= scene.objects.size(); ++id)
        EXPECT_TRUE(c.clearPerId.count(id) == 1) << "ID " << id << " never judged";
    // The IDs are the scene's alone: no value past the last object anywhere (markers, lines).
    std::uint32_t largest = 0;
    for (int y = 0; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x) largest = std::max(largest, idAt(ids, x, y));
    EXPECT_EQ(largest, scene.objects.size());
}

TEST(IdBuffer, OrthographicAndMovedCameraToo) {
    // Another projection and another view of the same scene: the same rule.
    const fs::path dir = scratchDir("id_buffer_ortho");
    const ProcessResult run =
        runPickray({"--headless", "--size", "400x300", "--projection", "orthographic", "--orbit", "35,-20",
                    "--id-buffer", (dir / "ids.png").string(), "--save", (dir / "scene.json").string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    auto loaded = ps::loadScene(dir / "scene.json");  // the camera as it was when the buffer was drawn
    ASSERT_TRUE(loaded.scene) << loaded.error;
    const Comparison c = compare(loadPng(dir / "ids.png"), *loaded.scene, glm::ivec2(400, 300), 3);
    std::printf("precision: orthographic, orbited: %d of %d sampled pixels clear, %d match\n", c.clear, c.sampled,
                c.matching);
    EXPECT_EQ(c.matching, c.clear) << c.firstMismatch;
    EXPECT_GT(c.clear, c.sampled * 3 / 4);
}
