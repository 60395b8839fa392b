// SPDX-License-Identifier: MIT
// The pick audit end to end: `--audit OUT.json` at 640x360 on the default scene (both
// projections), generated scenes of 1e3 and 1e4 objects, and the default scene with its camera
// moved 1e4 from the world origin at far/near 1e6, against a brute force computed here: the same
// run's --id-buffer PNG read back, every pixel centre's ray made with the library's
// cursorRayFromEye from matrices built here with GLM (lookAt from the origin towards target − eye,
// not the app's camera code), each object's hit by the library's own routine (raycast, no BVH),
// the nearest before the far plane (ties to the lower index, as a click). The app's `mismatches`
// must be this count exactly: the rays are the same float arithmetic on the same floats, so every
// pixel's answer is the same bit for bit, even on an edge. For the big scenes each object is only
// tried at the pixels of a screen rectangle this test works out from the shape's own parameters.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "e2e_support.hpp"
#include "pickray/picking.hpp"
#include "pickray/query.hpp"

namespace {

using namespace e2e;

struct Matrices {
    glm::mat4 rotation;  ///< the view of the camera moved to the origin
    glm::dvec3 eye;
    glm::mat4 projection;
    pickray::Viewport viewport;
    pickray::ClipDepth depth;
};

// The camera's matrices as docs/SCENE_FORMAT.md defines them (lookAt; perspective or orthographic
// of the file's near and far, in the file's clip-depth convention), built here; the view as its
// rotation (lookAt from the origin towards target − eye) and the eye, as a click's ray is built.
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
    return {glm::lookAt(glm::vec3(0.0f), c.target - c.eye, c.up), glm::dvec3(c.eye), projection,
            pickray::Viewport{0, 0, static_cast<float>(size.x), static_cast<float>(size.y), 0, 1}, c.clipDepth};
}

// The ray through a pixel's centre and the t of the far plane along it.
struct PixelRay {
    pickray::Ray ray;
    float tFar;
};
PixelRay pixelRay(const Matrices& m, int x, int y) {
    const glm::vec2 cursor(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
    const pickray::Ray ray = pickray::cursorRayFromEye(cursor, m.eye, m.rotation, m.projection, m.viewport, m.depth);
    // The far plane's point, relative to the eye, then t along the ray in double.
    const glm::vec3 far =
        pickray::screenToWorld(glm::vec3(cursor, 1.0f), m.rotation, m.projection, m.viewport, m.depth);
    const double tFar = glm::dot(m.eye + glm::dvec3(far) - glm::dvec3(ray.origin), glm::dvec3(ray.direction));
    return {ray, static_cast<float>(tFar)};
}

// Brute force: the object (index + 1) a click at the pixel's centre picks among `candidates`
// (object indices, ascending), 0 for none.
std::uint32_t bruteForceId(const ps::Scene& scene, const Matrices& m, int x, int y,
                           const std::vector<std::uint32_t>& candidates) {
    const PixelRay r = pixelRay(m, x, y);
    std::uint32_t best = 0;
    float bestT = 0.0f;
    for (const std::uint32_t i : candidates) {
        const auto hit = pickray::raycast(r.ray, scene.objects[i].shape);
        if (hit && hit->t <= r.tFar && (best == 0 || hit->t < bestT)) {
            best = i + 1;
            bestT = hit->t;
        }
    }
    return best;
}

// The corners of a box holding the shape, from its own parameters (a capsule's or cylinder's
// segment's box grown by the radius holds it; an oriented box's corners are toWorld of its local
// box's); none for an infinite cylinder, which may cover any pixel.
std::optional<std::array<glm::dvec3, 8>> cornersAround(const pickray::Shape& shape) {
    glm::dvec3 lo(0.0), hi(0.0);
    std::array<glm::dvec3, 8> corners;
    const auto boxCorners = [&] {
        for (std::size_t k = 0; k < 8; ++k)
            corners[k] = {k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z};
    };
    if (const auto* s = std::get_if<pickray::Sphere>(&shape)) {
        lo = glm::dvec3(s->center) - double{s->radius};
        hi = glm::dvec3(s->center) + double{s->radius};
    } else if (const auto* c = std::get_if<pickray::Capsule>(&shape)) {
        lo = glm::min(glm::dvec3(c->a), glm::dvec3(c->b)) - double{c->radius};
        hi = glm::max(glm::dvec3(c->a), glm::dvec3(c->b)) + double{c->radius};
    } else if (const auto* y = std::get_if<pickray::Cylinder>(&shape)) {
        lo = glm::min(glm::dvec3(y->a), glm::dvec3(y->b)) - double{y->radius};
        hi = glm::max(glm::dvec3(y->a), glm::dvec3(y->b)) + double{y->radius};
    } else if (const auto* a = std::get_if<pickray::Aabb>(&shape)) {
        lo = glm::dvec3(a->min);
        hi = glm::dvec3(a->max);
    } else if (const auto* b = std::get_if<pickray::OrientedBox>(&shape)) {
        lo = glm::dvec3(b->local.min);
        hi = glm::dvec3(b->local.max);
        boxCorners();
        for (glm::dvec3& p : corners) p = glm::dvec3(glm::dmat4(b->toWorld) * glm::dvec4(p, 1.0));
        return corners;
    } else {
        return std::nullopt;  // the infinite cylinder
    }
    boxCorners();
    return corners;
}

// The pixels (x0, y0, x1, y1, inclusive) whose centre rays may meet the shape: the projected
// corners' rectangle (a convex solid in front of the near plane projects inside the hull of its
// box's projected corners) grown by 2 px, far more than the rays' float error (below 1e-3 px);
// the whole view when a corner is not in front of the near plane (or unbounded).
std::array<int, 4> screenRectangle(const pickray::Shape& shape, const Matrices& m, const ps::Camera& c) {
    const int w = static_cast<int>(m.viewport.width), h = static_cast<int>(m.viewport.height);
    const std::array<int, 4> all{0, 0, w - 1, h - 1};
    const auto corners = cornersAround(shape);
    if (!corners) return all;
    glm::dvec2 lo(1e300), hi(-1e300);
    for (const glm::dvec3& p : *corners) {
        const glm::dvec4 eyeSpace = glm::dmat4(m.rotation) * glm::dvec4(p - m.eye, 1.0);
        if (c.projection == ps::Projection::Perspective && !(-eyeSpace.z > double{c.near})) return all;
        const glm::dvec4 clip = glm::dmat4(m.projection) * eyeSpace;
        const glm::dvec2 ndc = glm::dvec2(clip) / clip.w;
        const glm::dvec2 pixel((1.0 + ndc.x) * 0.5 * w, (1.0 - ndc.y) * 0.5 * h);
        lo = glm::min(lo, pixel);
        hi = glm::max(hi, pixel);
    }
    // Pixel i's centre is i + 0.5.
    return {std::max(0, static_cast<int>(std::floor(lo.x - 2.5))),
            std::max(0, static_cast<int>(std::floor(lo.y - 2.5))),
            std::min(w - 1, static_cast<int>(std::ceil(hi.x + 2.5))),
            std::min(h - 1, static_cast<int>(std::ceil(hi.y + 2.5)))};
}

// The brute force's answer at every pixel (top row first): each object tried at the pixels of its
// screen rectangle only, through tiles of 8x8 pixels holding the objects that may cover them (in
// index order, so ties still go to the lower index); rows shared between two threads.
std::vector<std::uint32_t> bruteForceIds(const ps::Scene& scene, const Matrices& m, glm::ivec2 size) {
    constexpr int kTile = 8;
    const glm::ivec2 tiles((size.x + kTile - 1) / kTile, (size.y + kTile - 1) / kTile);
    std::vector<std::vector<std::uint32_t>> candidates(static_cast<std::size_t>(tiles.x * tiles.y));
    for (std::size_t i = 0; i < scene.objects.size(); ++i) {
        const auto [x0, y0, x1, y1] = screenRectangle(scene.objects[i].shape, m, scene.camera);
        for (int ty = y0 / kTile; ty <= y1 / kTile && y0 <= y1; ++ty)
            for (int tx = x0 / kTile; tx <= x1 / kTile && x0 <= x1; ++tx)
                candidates[static_cast<std::size_t>(ty * tiles.x + tx)].push_back(static_cast<std::uint32_t>(i));
    }
    std::vector<std::uint32_t> ids(static_cast<std::size_t>(size.x * size.y));
    const auto rows = [&](int first) {
        for (int y = first; y < size.y; y += 2)
            for (int x = 0; x < size.x; ++x)
                ids[static_cast<std::size_t>(y * size.x + x)] = bruteForceId(
                    scene, m, x, y, candidates[static_cast<std::size_t>((y / kTile) * tiles.x + x / kTile)]);
    };
    std::thread other(rows, 1);
    rows(0);
    other.join();
    return ids;
}

// Half a float step of the eye's largest |component| in world units, and the world size of a
// pixel at the target's distance, worked out here from the camera (analysis/audit.hpp's contract).
double expectedProbePixels(const ps::Camera& c, int height) {
    const float largest = std::max({std::abs(c.eye.x), std::abs(c.eye.y), std::abs(c.eye.z)});
    int exponent = 0;
    std::frexp(double{largest}, &exponent);
    const double rounding = largest > 0.0f ? std::ldexp(1.0, exponent - 25) : 0.0;
    const double pixel = c.projection == ps::Projection::Perspective
                             ? 2.0 * glm::distance(glm::dvec3(c.target), glm::dvec3(c.eye)) *
                                   std::tan(glm::radians(double{c.fovYDegrees}) / 2.0) / height
                             : double{c.orthoHeight} / height;
    return std::max(1e-3, 2.0 * std::sqrt(3.0) * rounding / pixel);  // audit.hpp: 2·√3 roundings
}

struct AuditResult {
    json audit;
    int pixels = 0;
    int mismatches = 0;
    int edgePixels = 0;        ///< pixels with an 8-neighbour the brute force answers differently
    int farFromAgreement = 0;  ///< mismatches with no 8-neighbour where the brute force gives the GPU's ID
    int inside = 0;            ///< mismatches that are not edge pixels (all 8 neighbours the pixel's answer)
    double seconds = 0.0;
};

AuditResult auditAgainstBruteForce(const std::string& name, const std::vector<std::string>& extra) {
    const auto start = std::chrono::steady_clock::now();
    AuditResult result;
    const fs::path dir = scratchDir(name);
    std::vector<std::string> args{"--headless", "--size", "640x360"};
    args.insert(args.end(), extra.begin(), extra.end());
    for (const std::string& a : {std::string("--id-buffer"), (dir / "ids.png").string(), std::string("--audit"),
                                 (dir / "audit.json").string(), std::string("--save"), (dir / "scene.json").string()})
        args.push_back(a);
    const ProcessResult run = runPickray(args);
    EXPECT_EQ(run.exitCode, 0) << run.output;
    if (run.exitCode != 0) return result;
    EXPECT_NE(run.output.find("audit saved"), std::string::npos) << run.output;
    auto loaded = ps::loadScene(dir / "scene.json");  // the scene and camera as audited
    EXPECT_TRUE(loaded.scene) << loaded.error;
    if (!loaded.scene) return result;
    const ps::Scene& scene = *loaded.scene;
    const Image ids = loadPng(dir / "ids.png");
    EXPECT_EQ(glm::ivec2(ids.width, ids.height), kSize);
    if (glm::ivec2(ids.width, ids.height) != kSize) return result;
    const json audit = readJson(dir / "audit.json");
    result.audit = audit;

    const Matrices m = matricesOf(scene.camera, kSize);
    const std::vector<std::uint32_t> brute = bruteForceIds(scene, m, kSize);
    const auto bruteAt = [&](int x, int y) { return brute[static_cast<std::size_t>(y * kSize.x + x)]; };
    for (int y = 0; y < kSize.y; ++y)
        for (int x = 0; x < kSize.x; ++x, ++result.pixels) {
            bool edge = false, agreeingNeighbour = false;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    if ((dx == 0 && dy == 0) || nx < 0 || ny < 0 || nx >= kSize.x || ny >= kSize.y) continue;
                    edge = edge || bruteAt(nx, ny) != bruteAt(x, y);
                    agreeingNeighbour = agreeingNeighbour || bruteAt(nx, ny) == idAt(ids, x, y);
                }
            result.edgePixels += edge;
            if (idAt(ids, x, y) == bruteAt(x, y)) continue;
            ++result.mismatches;
            result.farFromAgreement += !agreeingNeighbour;
            result.inside += !edge;
        }
    EXPECT_EQ(result.pixels, 640 * 360);
    EXPECT_EQ(audit["size"], json::array({640, 360}));
    EXPECT_EQ(audit["pixels"], result.pixels);
    EXPECT_EQ(audit["objects"], scene.objects.size());
    EXPECT_EQ(audit["projection"],
              scene.camera.projection == ps::Projection::Perspective ? "perspective" : "orthographic");
    EXPECT_EQ(audit["clip_depth"],
              scene.camera.clipDepth == pickray::ClipDepth::ZeroToOne ? "zero_to_one" : "negative_one_to_one");
    EXPECT_EQ(audit["mismatches"], result.mismatches);
    // The probe as audit.hpp derives it, worked out here in double from the saved camera; the app
    // works the pixel's size out in float: a few roundings, 1e-6 of it allows them.
    const double probe = expectedProbePixels(scene.camera, kSize.y);
    EXPECT_NEAR(audit["probe_px"].get<double>(), probe, 1e-6 * probe);
    // Each listed robust mismatch is one here too: the PNG's value and the brute force's differ.
    int listed = 0;
    for (const json& w : audit["worst"]) {
        const int x = w["pixel"][0], y = w["pixel"][1];
        EXPECT_EQ(w["gpu_id"], idAt(ids, x, y));
        EXPECT_EQ(w["cpu_id"], bruteAt(x, y));
        EXPECT_NE(w["gpu_id"], w["cpu_id"]);
        ++listed;
    }
    EXPECT_EQ(listed, std::min(audit["robust_mismatches"].get<int>(), 20));
    EXPECT_LE(audit["robust_mismatches"].get<int>(), result.mismatches);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "precision: audit %s at 640x360: %zu objects, %d pixels, %d mismatches (brute force %d), %d robust, %d depth "
        "ties, probe %.4g px (origin rounding %.3g), %d edge pixels, %d mismatches off an edge, %d with no neighbour "
        "agreeing; %.1f s\n",
        name.c_str(), scene.objects.size(), result.pixels, audit["mismatches"].get<int>(), result.mismatches,
        audit["robust_mismatches"].get<int>(), audit["depth_ties"].get<int>(), audit["probe_px"].get<double>(),
        audit["origin_rounding"].get<double>(), result.edgePixels, result.inside, result.farFromAgreement,
        result.seconds);
    return result;
}

// The mesh renderer's silhouettes are within a pixel of the true ones (docs/DEMO.md): every
// mismatch is an edge pixel of the CPU's picture (one of its 8 neighbours answers otherwise), so
// there are at most as many as edge pixels; a tessellated picture has some.
void expectOnTheEdges(const AuditResult& r) {
    EXPECT_EQ(r.inside, 0);
    EXPECT_LE(r.mismatches, r.edgePixels);
    EXPECT_GT(r.mismatches, 0) << "a tessellated picture is not exact";
}

// On a sparse scene (no object hidden right behind another's edge) each mismatch also has an
// 8-neighbour where the CPU gives the GPU's answer, and the worst robust mismatch (listed first) is
// 1 px from agreement. (Not so on the generated scenes: there the GPU shows, through the gap
// between a tessellated silhouette and the true one, objects the CPU finds hidden at every pixel
// near, distance_px null: the baseline the analytic renderer must beat.)
void expectWithinAPixelOfTheEdges(const AuditResult& r) {
    expectOnTheEdges(r);
    EXPECT_EQ(r.farFromAgreement, 0);
    if (!r.audit.is_null() && !r.audit["worst"].empty()) {
        EXPECT_EQ(r.audit["worst"][0]["distance_px"], 1);
    }
}

// The analytic renderer (the default) draws each pixel by its centre's ray: the audit
// finds no robust mismatch, and every mismatch is an edge pixel of the CPU's picture (its float
// ray and the GPU's round differently there) — except, at 1e5, where an object thinner than the
// pixel spacing may be met by one centre's ray and by none of its neighbours' (`onTheEdges` false).
void expectExact(const AuditResult& r, bool onTheEdges = true) {
    ASSERT_FALSE(r.audit.is_null());
    EXPECT_EQ(r.audit["robust_mismatches"].get<int>(), 0) << r.audit["worst"].dump();
    if (onTheEdges) {
        EXPECT_EQ(r.inside, 0);
    }
}

}  // namespace

TEST(PickAudit, PerspectiveDefaultSceneCountsEqualABruteForceOverTheLibrarysRoutines) {
    expectExact(auditAgainstBruteForce("audit_perspective_analytic", {"--scene", kDefaultScene.string()}));
    const AuditResult r =
        auditAgainstBruteForce("audit_perspective", {"--scene", kDefaultScene.string(), "--renderer", "mesh"});
    expectWithinAPixelOfTheEdges(r);
    // The default scene's edges are a thin line around seven objects: far fewer than 2% of the view.
    EXPECT_LT(r.mismatches, r.pixels / 50);
}

TEST(PickAudit, OrthographicOpenGlDepthDefaultSceneCountsEqualABruteForceOverTheLibrarysRoutines) {
    const std::vector<std::string> view{"--scene",      kDefaultScene.string(), "--projection",
                                        "orthographic", "--clip-depth",         "opengl"};
    expectExact(auditAgainstBruteForce("audit_orthographic_analytic", view));
    std::vector<std::string> mesh = view;
    mesh.insert(mesh.end(), {"--renderer", "mesh"});
    const AuditResult r = auditAgainstBruteForce("audit_orthographic", mesh);
    expectWithinAPixelOfTheEdges(r);
    EXPECT_LT(r.mismatches, r.pixels / 50);
}

// Generated scenes: 1e3, 1e4 and 1e5 objects, each in both projections and both clip-depth
// conventions over the pair of runs.
// `onTheEdges`: every mismatch an edge pixel of the CPU's picture. Not at 1e5, where objects are
// a pixel or two across: one thinner than the pixel spacing can be drawn at a pixel whose centre
// and whose neighbours' centres it misses, so there
// the counts' equality and the worst list's are what is checked, and the rest is printed.
// Each run twice: drawn analytic (exact) and as meshes (the baseline).
void auditGenerated(const std::string& count, bool onTheEdges) {
    int checked = 0;
    for (const bool perspective : {true, false})
        for (const std::string renderer : {"analytic", "mesh"}) {
            const std::string name = "audit_generated_" + count + (perspective ? "" : "_orthographic") + "_" + renderer;
            const AuditResult r =
                perspective ? auditAgainstBruteForce(
                                  name, {"--generate", count, "--clip-depth", "direct3d", "--renderer", renderer})
                            : auditAgainstBruteForce(name, {"--generate", count, "--projection", "orthographic",
                                                            "--clip-depth", "opengl", "--renderer", renderer});
            ASSERT_FALSE(r.audit.is_null());
            if (renderer == "analytic") {
                expectExact(r, onTheEdges);
            } else {
                if (onTheEdges) expectOnTheEdges(r);
                EXPECT_GT(r.mismatches, 0) << "a tessellated picture is not exact";
            }
            ++checked;
        }
    EXPECT_EQ(checked, 4);
}

TEST(PickAudit, GeneratedSceneOf1e3ObjectsCountsEqualABruteForce) { auditGenerated("1000", true); }

TEST(PickAudit, GeneratedSceneOf1e4ObjectsCountsEqualABruteForce) { auditGenerated("10000", true); }

TEST(PickAudit, GeneratedSceneOf1e5ObjectsCountsEqualABruteForce) { auditGenerated("100000", false); }

// The default scene and its camera moved 1e4 from the world origin (|offset| = 10000.5, along no
// axis; the eye's largest coordinate past 8192, where a float step is 2^-10), near 0.01 and far
// 1e4: far/near 1e6. The rays are built relative to the camera; the probe is the origin's rounding
// in pixels (analysis/audit.hpp).
std::vector<std::string> farFromTheOrigin() {
    return {"--scene", kDefaultScene.string(), "--move-all", "2400,9200,3100", "--near", "0.01", "--far", "1e4"};
}

TEST(PickAudit, FarFromTheOriginBothProjectionsAndClipDepthsCountsEqualABruteForce) {
    int checked = 0;
    for (const char* projection : {"perspective", "orthographic"})
        for (const char* depth : {"opengl", "direct3d"}) {
            std::vector<std::string> args = farFromTheOrigin();
            for (const char* a : {"--projection", projection, "--clip-depth", depth}) args.emplace_back(a);
            const std::string name = std::string("audit_far_") + projection + "_" + depth;
            const AuditResult analytic = auditAgainstBruteForce(name + "_analytic", args);
            expectExact(analytic);
            args.insert(args.end(), {"--renderer", "mesh"});
            const AuditResult r = auditAgainstBruteForce(name, args);
            ASSERT_FALSE(r.audit.is_null());
            EXPECT_GT(r.audit["probe_px"].get<double>(), 1e-3);  // the origin's rounding, not the floor
            expectWithinAPixelOfTheEdges(r);
            ++checked;
        }
    EXPECT_EQ(checked, 4);
}

namespace {

// The analytic renderer's test scenes: their objects seen by one camera (both scenes' views
// differ only in what is in them), written to the tests' temporary directory.
fs::path writeAnalyticScene(const json& objects, const std::string& file) {
    return writeSceneFile({7.0, 5.5, 10.0}, {0.0, 0.8, 0.0}, objects, file);
}

// Spheres only, of several sizes (from 2 px across to a third of the view),
// overlapping in pairs and triples, a few a pixel or less across, in front of the grid; written
// here so that the test owns its scene.
fs::path sphereScene() {
    struct Ball {
        glm::vec3 center;
        float radius;
    };
    const Ball balls[] = {
        {{-3.0f, 1.0f, 0.5f}, 1.0f},   {{-2.2f, 1.3f, 0.9f}, 0.6f},  {{0.0f, 0.8f, 0.0f}, 1.5f},
        {{1.2f, 1.6f, -0.5f}, 0.9f},   {{3.0f, 0.5f, 1.0f}, 0.7f},   {{3.4f, 0.9f, 1.3f}, 0.5f},
        {{-1.0f, 2.5f, -3.0f}, 2.0f},  {{0.5f, 0.3f, 2.5f}, 0.3f},   {{2.0f, 2.5f, 2.0f}, 0.05f},
        {{-4.0f, 0.2f, 2.0f}, 0.02f},  {{4.0f, 1.0f, -2.0f}, 0.01f}, {{-2.5f, 2.0f, 3.0f}, 0.03f},
        {{1.0f, 0.1f, 3.5f}, 0.1f},    {{1.1f, 0.15f, 3.55f}, 0.1f}, {{-4.5f, 1.5f, -1.0f}, 0.25f},
        {{-4.3f, 1.6f, -0.9f}, 0.25f}, {{2.5f, 0.4f, -3.5f}, 0.4f},  {{0.9f, 1.9f, 0.6f}, 0.4f},
    };
    json objects = json::array();
    int i = 0;
    for (const Ball& b : balls) {
        const float shade = static_cast<float>(i % 5) / 5.0f;
        objects.push_back({{"name", "ball " + std::to_string(i++)},
                           {"type", "sphere"},
                           {"color", {0.3f + 0.6f * shade, 0.45f, 0.8f - 0.5f * shade}},
                           {"center", {b.center.x, b.center.y, b.center.z}},
                           {"radius", b.radius}});
    }
    return writeAnalyticScene(objects, "analytic_spheres.json");
}

// The analytic renderer's audit of the sphere scene: 0 robust mismatches (the counts equal the
// brute force's, auditAgainstBruteForce checks it). Any robust mismatch is the picture being
// wrong, so the bound is 0, not a tolerance.
void expectNoRobustMismatch(const std::string& name, std::vector<std::string> args,
                            const fs::path& scene = sphereScene()) {
    for (const char* a : {"--renderer", "analytic", "--scene"}) args.emplace_back(a);
    args.push_back(scene.string());
    const AuditResult r = auditAgainstBruteForce(name, args);
    ASSERT_FALSE(r.audit.is_null());
    EXPECT_EQ(r.audit["robust_mismatches"], 0);
    // No dots: a sphere of 2 px or less is still drawn exactly where its rays hit it, so no
    // mismatch lies off the CPU picture's edges either.
    EXPECT_EQ(r.inside, 0);
}

}  // namespace

TEST(PickAudit, AnalyticSpheresPerspectiveBothClipDepthsHaveNoRobustMismatch) {
    expectNoRobustMismatch("analytic_perspective_opengl", {"--clip-depth", "opengl"});
    expectNoRobustMismatch("analytic_perspective_direct3d", {"--clip-depth", "direct3d"});
}

TEST(PickAudit, AnalyticSpheresOrthographicBothClipDepthsHaveNoRobustMismatch) {
    expectNoRobustMismatch("analytic_orthographic_opengl", {"--projection", "orthographic", "--clip-depth", "opengl"});
    expectNoRobustMismatch("analytic_orthographic_direct3d",
                           {"--projection", "orthographic", "--clip-depth", "direct3d"});
}

// The eye inside the largest ball (radius 2 around (-1, 2.5, -3)), looking out: every pixel shows
// the ball's exit, as a click there picks it; and the eye just outside a ball whose front the near
// plane cuts (the near-plane point inside it: the exit again).
TEST(PickAudit, AnalyticSpheresFromInsideABallHaveNoRobustMismatch) {
    expectNoRobustMismatch("analytic_inside", {"--eye", "-1,2.5,-2.2", "--target", "0,0.8,0"});
    // Ball 2 (radius 1.5 around (0, 0.8, 0)) from 1.55 away, near 0.2: its front is cut by the near plane.
    expectNoRobustMismatch("analytic_near_cut", {"--eye", "0,0.8,1.55", "--target", "0,0.8,0", "--near", "0.2"});
}

// The same scene drawn as meshes has robust mismatches (the tessellated silhouettes): the test
// above can fail.
TEST(PickAudit, MeshSpheresHaveRobustMismatches) {
    const AuditResult r =
        auditAgainstBruteForce("mesh_spheres", {"--renderer", "mesh", "--scene", sphereScene().string()});
    ASSERT_FALSE(r.audit.is_null());
    EXPECT_GT(r.audit["robust_mismatches"].get<int>(), 0);
}

namespace {

// The round kinds: capsules, capped cylinders and infinite cylinders of several sizes and
// orientations, overlapping, among them a zero-length capsule (a sphere), a thin capsule a pixel or
// two across, a flat drum and a long thin cylinder; written here so that the test owns its scene.
fs::path roundScene() {
    struct Round {
        const char* type;
        glm::vec3 a, b;
        float radius;
    };
    const Round rounds[] = {
        {"capsule", {-3.0f, 0.6f, 0.0f}, {-1.0f, 1.8f, -0.5f}, 0.5f},
        {"capsule", {-1.8f, 0.4f, 0.6f}, {-1.2f, 2.4f, 0.1f}, 0.3f},
        {"capsule", {1.0f, 1.0f, 2.0f}, {1.0f, 1.0f, 2.0f}, 0.4f},  // a == b: a sphere
        {"capsule", {-4.0f, 0.3f, 2.5f}, {-2.0f, 0.3f, 3.0f}, 0.02f},
        {"capsule", {2.0f, 0.5f, -3.0f}, {4.0f, 2.5f, -2.0f}, 0.8f},
        {"cylinder", {0.0f, 0.0f, 0.0f}, {0.0f, 1.6f, 0.0f}, 1.2f},
        {"cylinder", {0.5f, 0.8f, 0.5f}, {2.5f, 1.2f, 1.5f}, 0.4f},
        {"cylinder", {3.0f, 0.0f, 1.0f}, {3.0f, 0.15f, 1.0f}, 0.9f},
        {"cylinder", {-3.5f, 2.8f, -3.0f}, {3.5f, 2.9f, -3.5f}, 0.1f},
        {"infinite_cylinder", {-4.5f, 0.0f, -4.0f}, {-4.5f, 1.0f, -4.0f}, 0.3f},
        {"infinite_cylinder", {0.0f, 3.5f, -1.0f}, {1.0f, 3.7f, -1.2f}, 0.25f},
    };
    json objects = json::array();
    int i = 0;
    for (const Round& r : rounds) {
        const float shade = static_cast<float>(i % 5) / 5.0f;
        const bool infinite = std::string(r.type) == "infinite_cylinder";
        objects.push_back({{"name", std::string(r.type) + " " + std::to_string(i++)},
                           {"type", r.type},
                           {"color", {0.3f + 0.6f * shade, 0.55f, 0.8f - 0.5f * shade}},
                           {infinite ? "p1" : "a", {r.a.x, r.a.y, r.a.z}},
                           {infinite ? "p2" : "b", {r.b.x, r.b.y, r.b.z}},
                           {"radius", r.radius}});
    }
    return writeAnalyticScene(objects, "analytic_rounds.json");
}

}  // namespace

TEST(PickAudit, AnalyticRoundKindsBothProjectionsAndClipDepthsHaveNoRobustMismatch) {
    expectNoRobustMismatch("analytic_rounds_perspective_opengl", {"--clip-depth", "opengl"}, roundScene());
    expectNoRobustMismatch("analytic_rounds_orthographic_direct3d",
                           {"--projection", "orthographic", "--clip-depth", "direct3d"}, roundScene());
}

// The eye inside cylinder 5 (radius 1.2 around the y axis from 0 to 1.6, looking away from cylinder
// 6 whose cap it touches) and inside capsule 4: every pixel of each shows its exit (or a shape
// inside it) as a click there picks it.
TEST(PickAudit, AnalyticRoundKindsFromInsideACylinderAndACapsuleHaveNoRobustMismatch) {
    expectNoRobustMismatch("analytic_rounds_inside_cylinder", {"--eye", "0.3,0.9,0.2", "--target", "2,0.3,-1"},
                           roundScene());
    expectNoRobustMismatch("analytic_rounds_inside_capsule", {"--eye", "3,1.5,-2.5", "--target", "0,1,0"},
                           roundScene());
}

// The eye on the first infinite cylinder's axis: every pixel its exit; and cylinder 5 cut by the
// near plane (the near-plane point inside it: the exit again).
TEST(PickAudit, AnalyticRoundKindsFromInsideAnInfiniteCylinderAndCutByTheNearPlaneHaveNoRobustMismatch) {
    expectNoRobustMismatch("analytic_rounds_inside_infinite", {"--eye", "-4.5,5,-4", "--target", "0,0.8,0"},
                           roundScene());
    // Cylinder 5 from just outside its side (1.25 from the axis), near 0.2: the near plane cuts it.
    expectNoRobustMismatch("analytic_rounds_near_cut", {"--eye", "0,0.8,1.25", "--target", "0,0.8,0", "--near", "0.2"},
                           roundScene());
}

// The same scene drawn as meshes has robust mismatches: the tests above can fail.
TEST(PickAudit, MeshRoundKindsHaveRobustMismatches) {
    const AuditResult r =
        auditAgainstBruteForce("mesh_rounds", {"--renderer", "mesh", "--scene", roundScene().string()});
    ASSERT_FALSE(r.audit.is_null());
    EXPECT_GT(r.audit["robust_mismatches"].get<int>(), 0);
}

namespace {

// Boxes: an Aabb, oriented boxes rotated about every axis with non-uniform scale, three
// of them sheared (one of those mirrored in one axis, one in all three), a thin slab, a thin rod,
// two flat boxes (a zero extent: an Aabb and an oriented one), a box about a pixel across and two
// overlapping boxes; written here so that the test owns its scene.
fs::path boxScene() {
    struct Box {
        bool oriented;
        glm::vec3 min, max;
        glm::vec3 position, rotation, scale;  // an oriented box's transform
        glm::vec3 shear{0.0f};
    };
    const glm::vec3 none(0.0f), one(1.0f);
    const Box boxes[] = {
        {false, {-3.5f, 0.0f, -1.0f}, {-2.0f, 1.2f, 0.5f}, none, none, one},
        {true,
         {-1.0f, -1.0f, -1.0f},
         {1.0f, 1.0f, 1.0f},
         {0.0f, 0.8f, 0.0f},
         {20.0f, 35.0f, 10.0f},
         {1.5f, 0.5f, 0.8f},
         {0.6f, 0.0f, 0.3f}},
        {true, {-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}, {2.5f, 0.6f, 1.5f}, {0.0f, 60.0f, 0.0f}, {-1.0f, 0.7f, 1.3f}},
        {true, {-2.0f, -0.01f, -0.3f}, {2.0f, 0.01f, 0.3f}, {-1.0f, 2.5f, 2.0f}, {10.0f, -20.0f, 30.0f}, one},
        {true, {-1.5f, -0.005f, -0.005f}, {1.5f, 0.005f, 0.005f}, {1.5f, 2.8f, -1.0f}, {0.0f, 0.0f, 40.0f}, one},
        {false, {-1.0f, 0.05f, 2.5f}, {0.5f, 0.05f, 3.5f}, none, none, one},                               // flat
        {true, {-0.6f, -0.6f, 0.0f}, {0.6f, 0.6f, 0.0f}, {3.5f, 1.8f, -2.0f}, {30.0f, 45.0f, 0.0f}, one},  // flat
        {true,
         {-1.0f, -1.0f, -1.0f},
         {1.0f, 1.0f, 1.0f},
         {-1.0f, 2.0f, -3.5f},
         {0.0f, 25.0f, 0.0f},
         {2.0f, -1.5f, 2.5f},
         {0.0f, 0.4f, -0.3f}},
        {false, {4.0f, 1.0f, -2.5f}, {4.02f, 1.02f, -2.48f}, none, none, one},  // about a pixel
        {false, {0.6f, 0.2f, -0.6f}, {1.6f, 1.4f, 0.4f}, none, none, one},      // into box 1
        {true,
         {0.0f, 0.0f, 0.0f},
         {1.0f, 1.0f, 1.0f},
         {-2.5f, 0.6f, 3.5f},
         {15.0f, 0.0f, 70.0f},
         {-0.6f, -0.4f, -0.9f},
         {-0.5f, 0.3f, 0.7f}},
    };
    json objects = json::array();
    int i = 0;
    const auto vec = [](glm::vec3 v) { return json::array({v.x, v.y, v.z}); };
    for (const Box& b : boxes) {
        const float shade = static_cast<float>(i % 5) / 5.0f;
        json object = {{"name", "box " + std::to_string(i++)},
                       {"type", b.oriented ? "box" : "aabb"},
                       {"color", {0.35f + 0.6f * shade, 0.6f, 0.75f - 0.5f * shade}},
                       {"min", vec(b.min)},
                       {"max", vec(b.max)}};
        if (b.oriented)
            object["transform"] = {{"position", vec(b.position)},
                                   {"rotationDegrees", vec(b.rotation)},
                                   {"scale", vec(b.scale)},
                                   {"shear", vec(b.shear)}};
        objects.push_back(object);
    }
    return writeAnalyticScene(objects, "analytic_boxes.json");
}

// The box scene's audit drawn analytic (expectNoRobustMismatch), and the frame's report: no mesh
// instance and no dot, every box cast (the old renderer drew boxes as cube meshes).
void expectBoxesCast(const std::string& name, std::vector<std::string> args) {
    const fs::path report = tempDir() / (name + "_report.json");
    for (const std::string& a : {std::string("--report"), report.string()}) args.push_back(a);
    expectNoRobustMismatch(name, args, boxScene());
    const json frame = readJson(report).at("frame");
    EXPECT_EQ(frame.at("objects"), 11);
    EXPECT_EQ(frame.at("instances"), 0) << "boxes drawn as meshes";
    EXPECT_EQ(frame.at("dots"), 0);
}

}  // namespace

TEST(PickAudit, AnalyticBoxesBothProjectionsAndClipDepthsHaveNoRobustMismatch) {
    expectBoxesCast("analytic_boxes_perspective_opengl", {"--clip-depth", "opengl"});
    expectBoxesCast("analytic_boxes_orthographic_direct3d",
                    {"--projection", "orthographic", "--clip-depth", "direct3d"});
}

// The eye inside box 7 (mirrored in y, rotated, sheared, 4 x 3 x 5 around (-1, 2, -3.5)): every pixel of it
// shows its exit (or a box in it) as a click there picks it; and the Aabb (box 0) cut by the near
// plane: the eye 0.12 in front of its face z = 0.5, near 0.2 (the near-plane point inside: the exit).
TEST(PickAudit, AnalyticBoxesFromInsideABoxAndCutByTheNearPlaneHaveNoRobustMismatch) {
    expectBoxesCast("analytic_boxes_inside", {"--eye", "-1,2,-3.2", "--target", "0,0.8,0"});
    expectBoxesCast("analytic_boxes_near_cut",
                    {"--eye", "-2.75,0.6,0.62", "--target", "-2.75,0.6,-5", "--near", "0.2"});
}

// The same scene drawn as meshes: from outside its cube meshes' edges are the true ones (1
// mismatch, 0 robust, at the first view), but from inside box 7 its back faces are culled and the
// picture shows what lies behind it: the tests above can fail (the mesh build failed them so).
TEST(PickAudit, MeshBoxesFromInsideABoxHaveRobustMismatches) {
    const AuditResult r = auditAgainstBruteForce(
        "mesh_boxes_inside",
        {"--renderer", "mesh", "--scene", boxScene().string(), "--eye", "-1,2,-3.2", "--target", "0,0.8,0"});
    ASSERT_FALSE(r.audit.is_null());
    EXPECT_GT(r.audit["robust_mismatches"].get<int>(), 0);
}

namespace {

// The round kinds' screen quads (sphere.vert's ROUND variant: a rectangle along the projected axis
// around both ends' spheres, clipped to the view) under stress: long thin capsules and cylinders
// across the view and across its edges, seen sideways and end-on, one end near the eye (its
// sphere's projection a third of the view), one beside the eye reaching behind it (the whole
// view), two identical capsules (an exact depth tie: the lower index is drawn, as a click picks),
// an infinite cylinder whose axis is out of the view but its side in it, and one running to the
// far plane. Seen from the analytic scenes' camera (eye (7, 5.5, 10), target (0, 0.8, 0)).
fs::path roundProxyScene() {
    struct Round {
        const char* type;
        glm::vec3 a, b;
        float radius;
    };
    // The view direction (target - eye) / |target - eye|, for the shapes seen end-on.
    const glm::vec3 f = glm::normalize(glm::vec3(0.0f, 0.8f, 0.0f) - glm::vec3(7.0f, 5.5f, 10.0f));
    const glm::vec3 endOn(0.8f, 1.4f, 0.0f), drum(-2.0f, 1.0f, -1.0f);
    const glm::vec3 eye(7.0f, 5.5f, 10.0f);
    const glm::vec3 nearEye = eye + 0.6f * f + glm::vec3(0.15f, -0.08f, 0.0f);
    // The view's right and up; 8 along f the view is 8 tan(22.5°) 16/9 = 5.89 wide each side.
    const glm::vec3 right = glm::normalize(glm::cross(f, glm::vec3(0.0f, 1.0f, 0.0f)));
    const glm::vec3 up = glm::cross(right, f);
    const glm::vec3 offRight = eye + 8.0f * f + 1.05f * 5.89f * right;
    const Round rounds[] = {
        {"capsule", {-6.0f, 0.2f, 2.0f}, {5.0f, 3.5f, -5.0f}, 0.12f},                    // across the view, sideways
        {"capsule", endOn, endOn - 7.0f * f, 0.35f},                                     // end-on, its near end first
        {"cylinder", drum, drum - 3.0f * f, 0.5f},                                       // end-on: a disc
        {"cylinder", {-32.0f, 2.0f, -5.0f}, {-2.0f, 0.5f, 4.0f}, 0.3f},                  // across the left edge
        {"capsule", {-1.0f, 4.0f, -6.0f}, {3.0f, 9.0f, -3.0f}, 0.25f},                   // across the top edge
        {"capsule", {3.5f, 2.0f, 3.0f}, {9.5f, 7.0f, 13.0f}, 0.2f},                      // beside the eye, behind it
        {"capsule", nearEye, {0.0f, 0.0f, -3.0f}, 0.1f},                                 // one end 0.6 from the eye
        {"cylinder", {2.0f, 0.3f, 1.0f}, glm::vec3(2.5f, 0.3f, 1.0f) - 6.0f * f, 0.2f},  // nearly end-on, oblique
        {"capsule", {-3.0f, 2.5f, 3.0f}, {-0.5f, 2.0f, 3.5f}, 0.01f},                    // under a pixel wide
        {"capsule", {1.5f, 0.4f, 3.0f}, {3.0f, 1.5f, 2.0f}, 0.3f},                       // these two: the same
        {"capsule", {1.5f, 0.4f, 3.0f}, {3.0f, 1.5f, 2.0f}, 0.3f},
        // Its axis upright just right of the view (perspective), its side 27 px into it.
        {"infinite_cylinder", offRight, offRight + up, 0.8f},
        // On the grid from the view's edge to the far plane.
        {"infinite_cylinder", {-3.0f, 0.1f, 3.0f}, {-2.0f, 0.1f, 2.0f}, 0.1f},
    };
    json objects = json::array();
    int i = 0;
    for (const Round& r : rounds) {
        const float shade = static_cast<float>(i % 5) / 5.0f;
        const bool infinite = std::string(r.type) == "infinite_cylinder";
        objects.push_back({{"name", std::string(r.type) + " " + std::to_string(i++)},
                           {"type", r.type},
                           {"color", {0.8f - 0.5f * shade, 0.5f, 0.3f + 0.6f * shade}},
                           {infinite ? "p1" : "a", {r.a.x, r.a.y, r.a.z}},
                           {infinite ? "p2" : "b", {r.b.x, r.b.y, r.b.z}},
                           {"radius", r.radius}});
    }
    return writeAnalyticScene(objects, "analytic_round_proxies.json");
}

}  // namespace

// Every pixel a shape's ray test draws lies inside its quad: a quad that cut pixels off (shrunk by
// a few pixels, or not turned with the axis) leaves robust mismatches inside the shapes.
TEST(PickAudit, AnalyticRoundProxiesBothProjectionsHaveNoRobustMismatch) {
    expectNoRobustMismatch("analytic_proxies_perspective", {"--clip-depth", "opengl"}, roundProxyScene());
    expectNoRobustMismatch("analytic_proxies_orthographic",
                           {"--projection", "orthographic", "--clip-depth", "direct3d"}, roundProxyScene());
}

// Looking along capsule 0's axis from 1.5 beyond its end b (its end-on disc fills the middle of the
// view), and from close beside capsule 6's far end, the near plane at 0.3 cutting capsule 6.
TEST(PickAudit, AnalyticRoundProxiesEndOnAndCutByTheNearPlaneHaveNoRobustMismatch) {
    expectNoRobustMismatch("analytic_proxies_along_axis", {"--eye", "6.23,3.87,-5.78", "--target", "-6,0.2,2"},
                           roundProxyScene());
    expectNoRobustMismatch("analytic_proxies_near_cut", {"--eye", "0.2,0.3,-2.8", "--target", "6,5,9", "--near", "0.3"},
                           roundProxyScene());
}
