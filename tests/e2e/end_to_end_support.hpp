// SPDX-License-Identifier: MIT
#pragma once
// What the picking, hostile-input and at-scale end-to-end tests share: float tolerances
// derived from rounding, the script steps' helpers, reports of a frame, the checks of a report's numbers.
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb_image.h>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"
#include "scene/generate.hpp"
#include "scene/scene_io.hpp"

namespace end_to_end {

using namespace e2e;  // NOLINT

// How far the application's float answers may be from the reference's long-double ones: distances
// in world units (for unit vectors, about the angle in radians). Each is derived from float
// rounding, in ulps (the float spacing at the size of the numbers involved), and the measured
// worst over its tolerance is printed in the "precision:" lines (on x86-64 with Mesa llvmpipe,
// 0.11 to 0.25 of each: the bounds are 4 to 9 times the worst seen).

// The float spacing at magnitude m: 2^(m's binary exponent − 23). A float of size m is rounded to
// within half of it.
inline pickref::Real ulpAt(pickref::Real m) { return std::ldexp(1.0L, std::ilogb(m) - 23); }

// The ray's origin, on the near plane beside the eye: the eye's coordinates and a few roundings
// of the unprojection, each under an ulp at the eye's distance from the world's origin.
inline pickref::Real originTolerance(const pickref::Ray& ray) { return 4 * ulpAt(pickref::length(ray.origin)); }
// The ray's unit direction, components below 1: an ulp of 1 is 2^-23.
inline constexpr pickref::Real kDirectionTolerance = 4 * 0x1p-23L;
// t and the hit point: the origin's error, the direction's carried over t (under an ulp at
// |origin| + t together), and the ray routine's own roundings.
inline pickref::Real hitTolerance(const pickref::Ray& ray, pickref::Real t) {
    return 4 * ulpAt(pickref::length(ray.origin) + t);
}
// The normal is the point's offset from the axis or centre over the radius: the roundings of the
// point and of that offset (ulps at |point|) over the radius of curvature, the default scene's
// smallest being the pole's 0.3.
inline pickref::Real normalTolerance(pickref::Vec point) { return 8 * ulpAt(pickref::length(point)) / 0.3L; }

inline std::size_t objectsNamed(const ps::Scene& scene, const std::string& prefix) {
    return static_cast<std::size_t>(std::count_if(scene.objects.begin(), scene.objects.end(),
                                                  [&](const ps::Object& o) { return o.name.rfind(prefix, 0) == 0; }));
}

// The capsule pair's colour when apart, (0.95, 0.95, 0.95) in app/viewport/overlay.hpp, unlit in its
// markers and its segment: no lit surface of the capsules near the closest points comes within 2 of
// it in 8 bits (capsule A (0.3, 0.7, 0.35) and B (0.2, 0.6, 0.7) stay far below 0.95 in red, even
// with the key light's highlight of at most 0.25).
inline bool looksProximity(glm::ivec3 c) { return closeTo(c, glm::ivec3(242, 242, 242)); }

// How many pixels within `reach` of `centre` look like the proximity colour.
inline int proximityPixelsNear(const Image& image, glm::vec2 centre, int reach) {
    int found = 0;
    const glm::ivec2 c(glm::floor(centre));
    for (int y = c.y - reach; y <= c.y + reach; ++y)
        for (int x = c.x - reach; x <= c.x + reach; ++x)
            if (x >= 0 && y >= 0 && x < image.width && y < image.height && looksProximity(image.at(x, y))) ++found;
    return found;
}

inline json frameReport(const std::vector<std::string>& sceneArgs, const std::string& name,
                        std::vector<std::string> more = {}) {
    const fs::path report = tempDir() / (name + ".json");
    std::vector<std::string> args{"--headless", "--size", "640x360", "--hide-ui", "--report", report.string()};
    args.insert(args.end(), sceneArgs.begin(), sceneArgs.end());
    args.insert(args.end(), more.begin(), more.end());
    const ProcessResult run = runPickray(args);
    EXPECT_EQ(run.exitCode, 0) << run.output;
    return run.exitCode == 0 ? readJson(report) : json::object();
}

// While the camera moves the view may be approximate, the frame after it is
// exact. A right drag orbits a generated scene; the report lists every redraw.

inline void orbitThenStill(const std::string& renderer) {
    SCOPED_TRACE(renderer);
    const fs::path dir = tempDir();
    const fs::path saved = dir / ("orbited_" + renderer + ".json");
    const fs::path afterOrbit = dir / ("after_orbit_" + renderer + ".png");
    const json report =
        frameReport({"--generate", "10000", "--renderer", renderer}, "orbit_10000_" + renderer,
                    {"--drag", "560,40,620,10,right", "--save", saved.string(), "--screenshot", afterOrbit.string()});
    ASSERT_TRUE(report.contains("frame") && report["frame"].contains("redraws"));
    const json& redraws = report["frame"]["redraws"];
    // The drag's frames: the press and its four moves (script.cpp) are drawn approximate, in a row,
    // and the release's frame, the first still one, exactly at the same camera as the last move.
    std::size_t firstMoving = redraws.size();
    for (std::size_t i = 0; i < redraws.size() && firstMoving == redraws.size(); ++i)
        if (redraws[i]["approximate"].get<bool>()) firstMoving = i;
    ASSERT_LT(firstMoving, redraws.size()) << "no redraw was approximate";
    std::size_t moving = 0;
    while (firstMoving + moving < redraws.size() && redraws[firstMoving + moving]["approximate"].get<bool>()) ++moving;
    EXPECT_EQ(moving, 5u);
    for (std::size_t i = firstMoving + moving; i < redraws.size(); ++i)
        EXPECT_FALSE(redraws[i]["approximate"].get<bool>()) << "redraw " << i << " after the drag";
    ASSERT_LT(firstMoving + moving, redraws.size()) << "the frame after the drag was not redrawn";
    const json& lastMoving = redraws[firstMoving + moving - 1];
    const json& still = redraws[firstMoving + moving];
    // Same camera, same scene: approximate means more of the objects as dots; as meshes, fewer
    // triangles and other levels of detail; analytic, fewer objects by their rays and none a dot
    // when still.
    EXPECT_GT(lastMoving["dots"].get<int>(), still["dots"].get<int>());
    if (renderer == "mesh") {
        EXPECT_LT(lastMoving["triangles"].get<std::size_t>(), still["triangles"].get<std::size_t>());
        EXPECT_NE(lastMoving["levels"], still["levels"]);
        EXPECT_EQ(still["triangles"], report["frame"]["triangles"]);  // the measured frames are exact too
    } else {
        EXPECT_LT(lastMoving["rayCast"].get<std::size_t>(), still["rayCast"].get<std::size_t>());
        EXPECT_EQ(still["dots"].get<int>(), 0);
        EXPECT_EQ(report["frame"]["dots"].get<int>(), 0);  // the measured frames are exact too
        EXPECT_EQ(still["rayCast"], report["frame"]["rayCast"]);
    }

    // The still frame, as the screenshot after it reads it, is the one a run without any orbit
    // draws at that camera (the saved scene holds it, every float read back bit for bit): equal
    // byte for byte, no tolerance. The drag ends on the background, so nothing is hovered when it
    // ends: nothing but the end of the motion makes that frame be drawn again.
    const fs::path direct = dir / ("no_orbit_" + renderer + ".png");
    const ProcessResult run = runPickray({"--headless", "--size", "640x360", "--hide-ui", "--scene", saved.string(),
                                          "--renderer", renderer, "--screenshot", direct.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const Image a = loadPng(afterOrbit);
    const Image b = loadPng(direct);
    ASSERT_EQ(a.width, 640);
    ASSERT_EQ(a.height, 360);
    ASSERT_EQ(b.width, a.width);
    ASSERT_EQ(b.height, a.height);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < a.rgba.size(); i += 4)
        if (!std::equal(a.rgba.begin() + static_cast<std::ptrdiff_t>(i),
                        a.rgba.begin() + static_cast<std::ptrdiff_t>(i + 3),
                        b.rgba.begin() + static_cast<std::ptrdiff_t>(i)))
            ++differing;
    EXPECT_EQ(differing, 0u) << "pixels of the still frame after the orbit unlike a frame drawn without it";
}

// NaN and infinity are written as null by nlohmann::json: a report has no null number.
// Returns how many numbers it checked.
inline int expectAllNumbersFinite(const json& j, const std::string& where) {
    int checked = 0;
    if (j.is_number_float()) {
        EXPECT_TRUE(std::isfinite(j.get<double>())) << where;
        ++checked;
    }
    if (j.is_structured())
        for (auto it = j.begin(); it != j.end(); ++it)
            checked += expectAllNumbersFinite(*it, where + "/" + (j.is_object() ? it.key() : std::string("[]")));
    if (j.is_object() && j.contains("ray")) {
        for (const char* field : {"origin", "direction"})
            for (const json& v : j["ray"][field]) EXPECT_TRUE(v.is_number()) << where << "/ray/" << field;
    }
    return checked;
}

// A small tmpfs at `dir` (we run as root); false when mounting is not permitted here.
inline bool mountTmpfs(const fs::path& dir, const std::string& size) {
    fs::create_directories(dir);
    return std::system(("mount -t tmpfs -o size=" + size + " tmpfs " + quote(dir.string()) + " 2>/dev/null").c_str()) ==
           0;
}

inline void unmount(const fs::path& dir) {
    EXPECT_EQ(std::system(("umount " + quote(dir.string())).c_str()), 0);
    fs::remove_all(dir);
}

}  // namespace end_to_end
