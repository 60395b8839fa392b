// SPDX-License-Identifier: MIT
// The pick audit's comparison (analysis/audit.hpp) on planted buffers: the CPU's answers
// and the GPU's IDs are written here by hand, so every count is known in advance; and the CPU's
// side (cpuPicks) on scenes whose answer at every pixel is known without the BVH: the far plane,
// a depth tie between two copies of one sphere.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "analysis/audit.hpp"
#include "scene/generate.hpp"

namespace pa = pickray::app;
namespace ps = pickray::scene;

namespace {

constexpr glm::ivec2 kSize{12, 8};

// Left of column 6 the CPU says object 1, from column 6 on object 2; the pixels of columns 5 and
// 6 are not robust (a probe crosses the edge), every other pixel is.
std::vector<pa::CpuPixel> twoHalves() {
    std::vector<pa::CpuPixel> cpu(static_cast<std::size_t>(kSize.x * kSize.y));
    for (int y = 0; y < kSize.y; ++y)
        for (int x = 0; x < kSize.x; ++x) {
            pa::CpuPixel& c = cpu[static_cast<std::size_t>(y * kSize.x + x)];
            c.id = x < 6 ? 1u : 2u;
            c.t = 10.0f + static_cast<float>(x);
            c.probes = {c.id, c.id, c.id, c.id};
            if (x == 5) c.probes[1] = 2;  // the right probe is over the edge
            if (x == 6) c.probes[0] = 1;  // the left one
        }
    return cpu;
}

std::vector<std::uint32_t> idsOf(const std::vector<pa::CpuPixel>& cpu) {
    std::vector<std::uint32_t> ids;
    for (const pa::CpuPixel& c : cpu) ids.push_back(c.id);
    return ids;
}

std::size_t at(int x, int y) { return static_cast<std::size_t>(y * kSize.x + x); }

// The GPU's t the audit asks for: a value that tells which pixel and ID it was asked about.
std::optional<float> plantedT(glm::ivec2 pixel, std::uint32_t id) {
    return static_cast<float>(1000u * id) + static_cast<float>(10 * pixel.x + pixel.y);
}

// The classes a test planted: every pixel agrees (0) but those listed, with the bits given.
std::vector<std::uint8_t> plantedClasses(std::initializer_list<std::pair<std::size_t, std::uint8_t>> planted) {
    std::vector<std::uint8_t> classes(static_cast<std::size_t>(kSize.x * kSize.y), 0);
    for (const auto& [pixel, bits] : planted) classes[pixel] = bits;
    return classes;
}

}  // namespace

TEST(Audit, TheCpusOwnAnswersAsTheBufferGiveNoMismatch) {
    const auto cpu = twoHalves();
    const pa::AuditCounts c = pa::compareIds(idsOf(cpu), kSize, cpu, plantedT);
    EXPECT_EQ(c.pixels, 96u);
    EXPECT_EQ(c.mismatches, 0u);
    EXPECT_EQ(c.robustMismatches, 0u);
    EXPECT_EQ(c.depthTies, 0u);
    EXPECT_TRUE(c.worst.empty());
    EXPECT_EQ(c.classes, plantedClasses({})) << "every pixel agrees";
}

TEST(Audit, AWrongIdAtARobustPixelIsARobustMismatchListedWithBothAnswersAndBothT) {
    const auto cpu = twoHalves();
    auto gpu = idsOf(cpu);
    gpu[at(2, 3)] = 2;  // the CPU says 1 there, robustly
    const pa::AuditCounts c = pa::compareIds(gpu, kSize, cpu, plantedT);
    EXPECT_EQ(c.mismatches, 1u);
    EXPECT_EQ(c.robustMismatches, 1u);
    ASSERT_EQ(c.worst.size(), 1u);
    const pa::AuditMismatch& m = c.worst[0];
    EXPECT_EQ(m.pixel, glm::ivec2(2, 3));
    EXPECT_EQ(m.gpuId, 2u);
    EXPECT_EQ(m.cpuId, 1u);
    EXPECT_EQ(m.cpuT, std::optional(12.0f));
    EXPECT_EQ(m.gpuT, std::optional(2023.0f)) << "the GPU's object's t at that pixel";
    EXPECT_EQ(m.distance, std::optional(4)) << "column 6, the nearest where the CPU says 2, is 4 pixels away";
    EXPECT_EQ(c.classes, plantedClasses({{at(2, 3), pa::kAuditMismatch | pa::kAuditRobust}}))
        << "that pixel alone, a robust mismatch";
}

TEST(Audit, AWrongIdAtAPixelOnAnEdgeIsAMismatchButNotARobustOne) {
    const auto cpu = twoHalves();
    auto gpu = idsOf(cpu);
    gpu[at(5, 0)] = 2;  // the edge's pixels: the probes disagree
    gpu[at(6, 7)] = 1;
    const pa::AuditCounts c = pa::compareIds(gpu, kSize, cpu, plantedT);
    EXPECT_EQ(c.mismatches, 2u);
    EXPECT_EQ(c.robustMismatches, 0u);
    EXPECT_TRUE(c.worst.empty());
    EXPECT_EQ(c.classes, plantedClasses({{at(5, 0), pa::kAuditMismatch}, {at(6, 7), pa::kAuditMismatch}}))
        << "those two pixels, mismatches but not robust";
}

TEST(Audit, DepthTiesAreCountedWhateverTheBufferSays) {
    auto cpu = twoHalves();
    for (const std::size_t i : {at(0, 0), at(5, 5), at(11, 7)}) cpu[i].depthTie = true;
    auto gpu = idsOf(cpu);
    gpu[at(0, 0)] = 2;
    const pa::AuditCounts c = pa::compareIds(gpu, kSize, cpu, plantedT);
    EXPECT_EQ(c.depthTies, 3u);
    EXPECT_EQ(c.mismatches, 1u);
    EXPECT_EQ(c.classes, plantedClasses({{at(0, 0), pa::kAuditDepthTie | pa::kAuditMismatch | pa::kAuditRobust},
                                         {at(5, 5), pa::kAuditDepthTie},
                                         {at(11, 7), pa::kAuditDepthTie}}))
        << "the ties flagged whether or not they agree; (0,0) a robust mismatch too";
}

TEST(Audit, TheWorstAreTwentyFarthestFromAgreementFirstAndTheBackgroundHasNoGpuT) {
    const auto cpu = twoHalves();
    auto gpu = idsOf(cpu);
    int planted = 0;
    // Every robust pixel of object 1 (columns 0 to 4) drawn as background (0): no pixel of the
    // CPU's says 0, so none has a distance, and they come first; and one pixel of object 2 drawn
    // as 1, at column 9: the CPU says 1 in column 5, 4 pixels away, so it comes after them all.
    for (int y = 0; y < kSize.y; ++y)
        for (int x = 0; x < 5; ++x, ++planted) gpu[at(x, y)] = 0;
    gpu[at(9, 4)] = 1;
    ++planted;
    ASSERT_EQ(planted, 41);
    const pa::AuditCounts c = pa::compareIds(gpu, kSize, cpu, plantedT);
    EXPECT_EQ(c.mismatches, 41u);
    EXPECT_EQ(c.robustMismatches, 41u);
    ASSERT_EQ(c.worst.size(), pa::kAuditWorst);
    for (std::size_t i = 0; i < pa::kAuditWorst; ++i) {
        EXPECT_EQ(c.worst[i].gpuId, 0u) << i;
        EXPECT_FALSE(c.worst[i].distance) << i;
        EXPECT_FALSE(c.worst[i].gpuT) << "the background has no t";
    }
    EXPECT_EQ(c.worst[0].pixel, glm::ivec2(0, 0)) << "ties in reading order";
    EXPECT_EQ(c.worst[19].pixel, glm::ivec2(4, 3));
    std::size_t robustPixels = 0;  // the classes: the 41 planted, robust mismatches all
    for (int y = 0; y < kSize.y; ++y)
        for (int x = 0; x < kSize.x; ++x) {
            const bool plantedHere = x < 5 || (x == 9 && y == 4);
            EXPECT_EQ(c.classes[at(x, y)], plantedHere ? pa::kAuditMismatch | pa::kAuditRobust : 0) << x << "," << y;
            robustPixels += plantedHere;
        }
    EXPECT_EQ(robustPixels, 41u);
    EXPECT_EQ(c.classes.size(), 96u);
}

TEST(Audit, BuffersOfTheWrongSizeAreRefused) {
    const auto cpu = twoHalves();
    auto gpu = idsOf(cpu);
    gpu.pop_back();
    EXPECT_THROW((void)pa::compareIds(gpu, kSize, cpu, plantedT), std::invalid_argument);
}

// The CPU's side on a real index: a sphere filling the middle of the view.
namespace {

ps::Scene sphereAhead(float distance, int copies) {
    ps::Scene scene;
    scene.camera.eye = {0.0f, 0.0f, distance};
    scene.camera.target = {0.0f, 0.0f, 0.0f};
    scene.camera.far = 20.0f;
    for (int i = 0; i < copies; ++i)
        scene.objects.push_back({"ball", glm::vec3(0.5f), pickray::Sphere{{0, 0, 0}, 1.0f}, {}});
    return scene;
}

}  // namespace

TEST(Audit, CpuPicksStopAtTheFarPlaneAndSeeTwoCopiesOfASphereAsADepthTie) {
    const glm::ivec2 size(32, 24);
    const auto count = [&](const ps::Scene& scene) {
        const ps::SceneIndex index(scene);
        const std::vector<pa::CpuPixel> cpu = pa::cpuPicks(index, pa::frameMatrices(scene.camera, size, size)).value();
        EXPECT_EQ(cpu.size(), 32u * 24u);
        std::size_t hit = 0, ties = 0, robust = 0;
        for (const pa::CpuPixel& c : cpu) {
            hit += c.id == 1;
            ties += c.depthTie;
            robust += c.robust();
        }
        return std::array<std::size_t, 3>{hit, ties, robust};
    };
    // At 5 from the eye the sphere (radius 1) fills pixels around the middle; every one of its
    // pixels is found (ID 1: index 0 + 1), none a tie; the centre pixel's ray hits at t < far.
    const auto near = count(sphereAhead(5.0f, 1));
    EXPECT_GT(near[0], 20u);
    EXPECT_EQ(near[1], 0u);
    EXPECT_GT(near[2], 32u * 24u / 2) << "most pixels are not on the edge";
    // Two copies: index 0 wins (ties go to the lower index) and every hit pixel is a tie (the
    // same routine on the same numbers: t equal, 0 float steps apart).
    const auto twice = count(sphereAhead(5.0f, 2));
    EXPECT_EQ(twice[0], near[0]);
    EXPECT_EQ(twice[1], near[0]);
    // Beyond the far plane (20): 25 from the eye, nothing is drawn, nothing picked.
    const auto far = count(sphereAhead(25.0f, 1));
    EXPECT_EQ(far[0], 0u);
}

// kDepthTieSteps, measured: one surface given twice, by two of the library's routines or by the
// same routine on differently rounded numbers (a sphere and a zero-length capsule; an Aabb and the
// same box as an OrientedBox: of identity placement, centred and moved into place, and turned 90
// degrees about y with its x and z sizes swapped, where cos 90 rounds to -4.4e-8), seen through
// every pixel of a 160x90 view at three distances: how many float steps apart the two t are. The
// largest is what rounding puts between one surface's two answers, and a depth tie must cover it:
// every pixel of such a pair is a tie.
TEST(Audit, OneSurfaceGivenTwiceIsADepthTieAtEveryPixelAndKCoversTheLargestGap) {
    const glm::ivec2 size(160, 90);
    int largest = 0;
    std::size_t pairs = 0, hitPixels = 0, tiePixels = 0;
    const pickray::Aabb box{{-0.7f, -0.4f, -0.9f}, {0.6f, 0.5f, 0.8f}};
    const glm::vec3 centre = 0.5f * (box.min + box.max), half = 0.5f * (box.max - box.min);
    const std::vector<pickray::Shape> twins{
        pickray::OrientedBox{box, glm::mat4(1.0f)},
        pickray::OrientedBox{{-half, half}, glm::translate(glm::mat4(1.0f), centre)},
        pickray::OrientedBox{
            {{-half.z, -half.y, -half.x}, {half.z, half.y, half.x}},
            glm::rotate(glm::translate(glm::mat4(1.0f), centre), glm::radians(90.0f), glm::vec3(0.0f, 1.0f, 0.0f))}};
    for (const float distance : {2.5f, 6.0f, 30.0f})
        for (std::size_t pair = 0; pair <= twins.size(); ++pair) {
            ps::Scene scene;
            scene.camera.eye = glm::vec3(0.3f, 0.4f, 1.0f) * distance;
            scene.camera.target = {0.0f, 0.0f, 0.0f};
            if (pair == twins.size()) {
                scene.objects.push_back({"s", glm::vec3(0.5f), pickray::Sphere{{0.1f, 0.2f, 0.0f}, 0.8f}, {}});
                scene.objects.push_back(
                    {"c", glm::vec3(0.5f), pickray::Capsule{{0.1f, 0.2f, 0.0f}, {0.1f, 0.2f, 0.0f}, 0.8f}, {}});
            } else {
                scene.objects.push_back({"a", glm::vec3(0.5f), box, {}});
                scene.objects.push_back({"o", glm::vec3(0.5f), twins[pair], {}});
            }
            ++pairs;
            const pa::FrameMatrices frame = pa::frameMatrices(scene.camera, size, size);
            const ps::SceneIndex index(scene);
            const std::vector<pa::CpuPixel> cpu = pa::cpuPicks(index, frame).value();
            for (int y = 0; y < size.y; ++y)
                for (int x = 0; x < size.x; ++x) {
                    const pa::AuditRay r = pa::auditRay(glm::vec2(x, y) + 0.5f, frame);
                    const auto a = pickray::raycast(r.ray, scene.objects[0].shape);
                    const auto b = pickray::raycast(r.ray, scene.objects[1].shape);
                    if (!a || !b) continue;
                    ++hitPixels;
                    int steps = 0;
                    for (float t = std::min(a->t, b->t); t < std::max(a->t, b->t) && steps < 1000;
                         t = std::nextafter(t, INFINITY))
                        ++steps;
                    largest = std::max(largest, steps);
                    tiePixels += cpu[static_cast<std::size_t>(y * size.x + x)].depthTie;
                }
        }
    std::printf("precision: one surface given twice: at most %d float steps apart in t over %zu pixels\n", largest,
                hitPixels);
    EXPECT_EQ(pairs, 12u);
    EXPECT_GT(hitPixels, 12u * 500u);
    EXPECT_LE(largest, pa::kDepthTieSteps);
    EXPECT_EQ(tiePixels, hitPixels);
}

TEST(Audit, CpuPicksInBandsAreEachPixelsOwnPick) {
    // A view of 2 bands and a part (kAuditBandRows = 32: 75 rows are 32 + 32 + 11) of a generated
    // scene, every pixel's five rays against each one cast alone: auditRay with the frame (its
    // matrices inverted for that ray) and the index's nearestHit (no batch), hits beyond the far
    // plane left out. Any ray of a band put at another pixel, or a band cut short, differs.
    static_assert(75 % pa::kAuditBandRows != 0 && 75 > 2 * pa::kAuditBandRows);
    const glm::ivec2 size(40, 75);
    const ps::Scene scene = ps::generateStressScene(300);
    const ps::SceneIndex index(scene);
    const pa::FrameMatrices frame = pa::frameMatrices(scene.camera, size, size);
    const std::vector<pa::CpuPixel> cpu = pa::cpuPicks(index, frame).value();
    ASSERT_EQ(cpu.size(), 40u * 75u);
    const float probe = pa::auditProbePixels(frame);
    const glm::vec2 offsets[5] = {{0.0f, 0.0f}, {-probe, 0.0f}, {probe, 0.0f}, {0.0f, -probe}, {0.0f, probe}};
    const auto idAlone = [&](glm::vec2 cursor, float* t) -> std::uint32_t {
        const pa::AuditRay r = pa::auditRay(cursor, frame);
        const auto hit = index.nearestHit(r.ray);
        if (!hit || hit->hit.t > r.tFar) return 0;
        if (t) *t = hit->hit.t;
        return static_cast<std::uint32_t>(hit->object + 1);
    };
    int checked = 0, hitPixels = 0;
    for (int y = 0; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x) {
            const pa::CpuPixel& c = cpu[static_cast<std::size_t>(y * size.x + x)];
            const glm::vec2 centre = glm::vec2(x, y) + 0.5f;
            float t = std::numeric_limits<float>::quiet_NaN();
            EXPECT_EQ(c.id, idAlone(centre, &t)) << x << "," << y;
            if (c.id != 0) {
                EXPECT_EQ(c.t, t) << x << "," << y;
                ++hitPixels;
            }
            for (std::size_t k = 0; k < 4; ++k) EXPECT_EQ(c.probes[k], idAlone(centre + offsets[k + 1], nullptr)) << k;
            ++checked;
        }
    EXPECT_EQ(checked, 40 * 75);
    // Both objects and background in the view, in every band.
    EXPECT_GT(hitPixels, 0);
    EXPECT_LT(hitPixels, checked);
}

TEST(Audit, AStoppedAuditGivesNothingNotAPart) {
    const ps::Scene scene = sphereAhead(6.0f, 1);
    const ps::SceneIndex index(scene);
    const glm::ivec2 size(32, 24);
    const pa::FrameMatrices frame = pa::frameMatrices(scene.camera, size, size);
    const std::vector<std::uint32_t> gpu(32u * 24u, 0u);
    std::stop_source stop;
    // Not stopped: every pixel, and the audit's counts.
    EXPECT_EQ(pa::cpuPicks(index, frame, stop.get_token()).value().size(), 32u * 24u);
    EXPECT_EQ(pa::auditFrame(gpu, index, frame, stop.get_token()).value().pixels, 32u * 24u);
    // Stopped before it began: nothing at all.
    stop.request_stop();
    EXPECT_FALSE(pa::cpuPicks(index, frame, stop.get_token()).has_value());
    EXPECT_FALSE(pa::auditFrame(gpu, index, frame, stop.get_token()).has_value());
}

TEST(AuditProbe, TwoRootThreeHalfFloatStepsOfTheEyesLargestComponentInPixelsAtTheTarget) {
    // Hand-computed: a float in [2^(e-1), 2^e) is rounded by at most 2^(e-25).
    EXPECT_EQ(pa::originRounding({6.0f, 4.5f, 9.0f}), 0x1p-21);            // 9 in [8, 16)
    EXPECT_EQ(pa::originRounding({-10000.0f, 3.0f, 2.0f}), 0x1p-11);       // 1e4 in [8192, 16384)
    EXPECT_EQ(pa::originRounding({0.0f, 8192.0f, 0.0f}), 0x1p-11);         // the binade's first float
    EXPECT_EQ(pa::originRounding({0.0f, 8191.999f, 0.0f}), 0x1p-12);       // the one before it
    EXPECT_EQ(pa::originRounding({5779.5f, -5769.0f, 5782.5f}), 0x1p-12);  // [4096, 8192)
    EXPECT_EQ(pa::originRounding({0.0f, 0.0f, 0.0f}), 0.0);
    constexpr glm::ivec2 size{640, 360};
    ps::Camera camera;  // eye (6, 4.5, 9), target (0, 0.5, 0): |target - eye| = sqrt(133); 45 degrees
    // Near the origin the rounding is 2^-21 / (2·sqrt(133)·tan(22.5°)/360 = 0.02654) = 1.8e-5 px:
    // the probe stays 1e-3 px.
    EXPECT_EQ(pa::auditProbePixels(pa::frameMatrices(camera, size, size)), 1e-3f);
    // Moved by (5773.5, -5773.5, 5773.5), 1e4 from the origin: 2·√3 · 2^-12 / 0.0265399 = 0.03186787 px
    // (2^-12 · 360 / (2 · 11.5325626 · 0.41421356) = 0.00919946 worked by hand, times 3.4641016).
    // Allowed: the float pixel size's few roundings, 1e-6 of it.
    camera.eye += glm::vec3(5773.5f, -5773.5f, 5773.5f);
    camera.target += glm::vec3(5773.5f, -5773.5f, 5773.5f);
    const float moved = pa::auditProbePixels(pa::frameMatrices(camera, size, size));
    EXPECT_NEAR(moved, 0.03186787f, 1e-6f * 0.0319f + 1e-7f);
    // Orthographic, 8 high at 360 px: a pixel is 8/360 wide at every depth; the eye 1e4 out:
    // 2·√3 · 2^-11 · 45 = 3.4641016 · 0.02197265625 = 0.0761155 px.
    camera.projection = ps::Projection::Orthographic;
    camera.eye = {-10000.0f, 3.0f, 2.0f};
    camera.target = camera.eye + glm::vec3(1.0f, -0.5f, 0.25f);
    EXPECT_NEAR(pa::auditProbePixels(pa::frameMatrices(camera, size, size)), 0.0761155f, 1e-6f * 0.0762f);
    // Twice as many pixels, half as wide: twice the probe.
    EXPECT_NEAR(pa::auditProbePixels(pa::frameMatrices(camera, 2 * size, 2 * size)), 0.1522310f, 1e-6f * 0.153f);
}
