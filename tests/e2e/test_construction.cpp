// SPDX-License-Identifier: MIT
// The constructions end to end: View > Constructions (C) after a click on each of the default scene's
// infinite cylinder (article 000), capped cylinder (002) and box (003), and with its two capsules
// selected (001). The report's `construction`, the panel's drawn numbers, the view's labels and
// the (s, t) heat map are checked against the articles' constructions worked out here in long
// double from the scene's shapes and the click's ray, with none of the library's code: the
// quadratic of 000, the cap planes' crossings of 002, the slabs of 003 in the box's own frame
// (the scene's transform inverted here), and f(s, t) and its minimum by the clamped normal
// equations of two segments.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"
#include "reference/camera_reference.hpp"

using namespace e2e;  // NOLINT: the shared helpers read as part of the tests

namespace {

using pickref::Real;
using pickref::Vec;

// The library forms each value in double from the float inputs (the same ray and shapes as here)
// and rounds it to float once: a value of size up to ~20 (t, coordinates) is within 2^-24 · 20
// ≈ 1.2e-6 of the exact one, plus the double work's ~1e-14. 1e-5 bounds that with room; a wrong
// construction (another root, another plane, a point off the axis) is off by far more.
constexpr Real kValue = 1e-5L;
// A label sits at its point's window position: the float frame's projection against the exact
// one, a few 1e-7 of 1280 px, plus the value's error above (1e-5 world ~ 1e-3 px here).
constexpr double kPixel = 0.01;
// The panel prints 4 decimals: half a unit of the last is 5e-5.
constexpr double kPrinted = 5e-5;

Vec exact(const json& v) { return {v.at(0).get<Real>(), v.at(1).get<Real>(), v.at(2).get<Real>()}; }
Real gapBetween(Vec a, Vec b) { return pickref::length(a - b); }

struct Line {
    Vec origin, direction;
    [[nodiscard]] Vec at(Real t) const { return origin + t * direction; }
};

Line clickRay(const json& report) {
    const json& ray = report.at("clicks").at(0).at("ray");
    return {exact(ray.at("origin")), exact(ray.at("direction"))};
}

json sceneObject(const std::string& name) {
    const json scene = readJson(kDefaultScene);
    for (const json& o : scene.at("objects"))
        if (o.at("name") == name) return o;
    ADD_FAILURE() << name << " is not in the default scene";
    return json::object();
}

pickref::Camera camera(const json& report) {
    const json& c = report.at("window").at("camera");
    pickref::Camera out{exact(c.at("eye")), exact(c.at("target")), exact(c.at("up"))};
    out.fovYDegrees = c.at("fovYDegrees").get<Real>();
    out.near = c.at("near").get<Real>();
    out.width = report.at("window").at("size").at(0).get<Real>();
    out.height = report.at("window").at("size").at(1).get<Real>();
    return out;
}

// The label `text` is written at `point`'s window position (the window's size in pixels is its
// drawable's here).
void expectLabelAt(const json& report, const std::string& text, Vec point) {
    const auto at = pickref::project(camera(report), point);
    ASSERT_TRUE(at) << text << " is behind the eye";
    int found = 0;
    for (const json& l : report.at("window").at("viewLabels"))
        if (l.at("text") == text) {
            ++found;
            EXPECT_NEAR(l.at("at").at(0).get<double>(), static_cast<double>(at->x), kPixel) << text;
            EXPECT_NEAR(l.at("at").at(1).get<double>(), static_cast<double>(at->y), kPixel) << text;
        }
    EXPECT_EQ(found, 1) << "the label " << text;
}

void expectNear(const json& actual, Vec expected, const std::string& what) {
    EXPECT_LE(gapBetween(exact(actual), expected), kValue) << what << ": " << actual;
}

// Article 000 for the line and the axis through p1, p2 of radius r: Q = L + aV meets the surface
// where |Q − P1|² − ((Q − P1)·s)² = r², a quadratic in a.
struct Crossing {
    Real a1, a2;
    Vec q1, q2, r1, r2;
    Real b1, b2;
};
Crossing sideCrossing(const Line& line, Vec p1, Vec p2, Real r) {
    const Vec axis = p2 - p1;
    const Vec s = pickref::normalize(axis);
    const Vec w = line.origin - p1;
    const Vec vPerp = line.direction - pickref::dot(line.direction, s) * s;
    const Vec wPerp = w - pickref::dot(w, s) * s;
    const Real A = pickref::dot(vPerp, vPerp), B = pickref::dot(vPerp, wPerp), C = pickref::dot(wPerp, wPerp) - r * r;
    const Real root = std::sqrt(B * B - A * C);
    Crossing c{(-B - root) / A, (-B + root) / A, {}, {}, {}, {}, 0, 0};
    c.q1 = line.at(c.a1);
    c.q2 = line.at(c.a2);
    c.b1 = pickref::dot(c.q1 - p1, axis) / pickref::dot(axis, axis);
    c.b2 = pickref::dot(c.q2 - p1, axis) / pickref::dot(axis, axis);
    c.r1 = p1 + c.b1 * axis;
    c.r2 = p1 + c.b2 * axis;
    return c;
}

void expectSide(const json& side, const Crossing& c) {
    EXPECT_EQ(side.at("case"), "crosses: enters at Q1, leaves at Q2");
    EXPECT_NEAR(side.at("a1").get<double>(), static_cast<double>(c.a1), static_cast<double>(kValue));
    EXPECT_NEAR(side.at("a2").get<double>(), static_cast<double>(c.a2), static_cast<double>(kValue));
    EXPECT_NEAR(side.at("b1").get<double>(), static_cast<double>(c.b1), static_cast<double>(kValue));
    EXPECT_NEAR(side.at("b2").get<double>(), static_cast<double>(c.b2), static_cast<double>(kValue));
    expectNear(side.at("q1"), c.q1, "Q1");
    expectNear(side.at("q2"), c.q2, "Q2");
    expectNear(side.at("r1"), c.r1, "R1");
    expectNear(side.at("r2"), c.r2, "R2");
}

void expectLabelsOfSide(const json& report, const Crossing& c) {
    expectLabelAt(report, "Q1", c.q1);
    expectLabelAt(report, "Q2", c.q2);
    expectLabelAt(report, "R1", c.r1);
    expectLabelAt(report, "R2", c.r2);
}

// Clicked where the object is seen, then seen 35 degrees round: the ray and
// what is built along it stand apart in the picture.
json constructionRun(const std::string& name, const std::string& object, std::vector<std::string> extra = {}) {
    const glm::ivec2 pixel = pixelOf(object, {1280, 720});
    std::vector<std::string> args = {"--headless", "--size",     "1280x720", "--scene", kDefaultScene.string(),
                                     "--no-stats", "--ui-scale", "1",        "--click", pixelArg(pixel),
                                     "--key",      "c",          "--orbit",  "35,5"};
    args.insert(args.end(), extra.begin(), extra.end());
    const json r = runForReport(name, args);
    EXPECT_EQ(r.at("clicks").at(0).at("picked"), object);
    EXPECT_EQ(r.at("window").at("construction").at("object"), object);
    return r;
}

}  // namespace

// Article 000: the pole, an infinite cylinder; its Q1, Q2, R1, R2 in the report, the panel and
// the view.
TEST(Constructions, TheInfiniteCylindersQAndRAreTheArticles) {
    // The same panel, overlay and labels run under ASan in the capped cylinder's and the box's tests.
    const json r = constructionRun("construction_000", "pole");
    const json pole = sceneObject("pole");
    const json& c = r.at("window").at("construction");
    ASSERT_EQ(c.at("article"), "000");
    const Crossing expected =
        sideCrossing(clickRay(r), exact(pole.at("p1")), exact(pole.at("p2")), pole.at("radius").get<Real>());
    expectSide(c, expected);
    expectLabelsOfSide(r, expected);
    const std::vector<double> numbers = drawnNumbers(r);
    for (const Real v : {expected.a1, expected.a2, expected.b1, expected.b2, expected.q1.x, expected.q2.z,
                         expected.r1.x, expected.r2.y})
        EXPECT_TRUE(drawn(numbers, static_cast<double>(v), kPrinted)) << static_cast<double>(v);
}

// Article 002: the drum; the side as 000, both cap planes' crossings (on the caps or off them)
// and which surface bounds the span; and article 001 for the two capsules selected after it.
TEST(Constructions, TheCappedCylindersCapPlanesAndTheCapsulesSquareAreTheArticles) {
    const json r = constructionRun("construction_002", "drum", {"--select", "capsule A", "--select", "capsule B"});
    const json drum = sceneObject("drum");
    const json& c = r.at("window").at("construction");
    ASSERT_EQ(c.at("article"), "002");
    const Line line = clickRay(r);
    const Vec a = exact(drum.at("a")), b = exact(drum.at("b"));
    const Real radius = drum.at("radius").get<Real>();
    const Crossing side = sideCrossing(line, a, b, radius);
    expectSide(c.at("side"), side);
    expectLabelsOfSide(r, side);
    // The cap planes: (P − a)·S = 0 and (P − b)·S = 0 along the line.
    const Vec axis = b - a;
    const Real capT[2] = {pickref::dot(a - line.origin, axis) / pickref::dot(line.direction, axis),
                          pickref::dot(b - line.origin, axis) / pickref::dot(line.direction, axis)};
    const Vec centres[2] = {a, b};
    bool onCap[2] = {};
    for (int i = 0; i < 2; ++i) {
        const json& cap = c.at(i == 0 ? "cap_a" : "cap_b");
        EXPECT_TRUE(cap.at("crosses").get<bool>());
        EXPECT_NEAR(cap.at("t").get<double>(), static_cast<double>(capT[i]), static_cast<double>(kValue));
        expectNear(cap.at("point"), line.at(capT[i]), "cap crossing");
        onCap[i] = gapBetween(line.at(capT[i]), centres[i]) <= radius;
        EXPECT_EQ(cap.at("on_cap").get<bool>(), onCap[i]) << i;
        expectLabelAt(
            r, std::string(i == 0 ? "cap A plane" : "cap B plane") + (onCap[i] ? ", on the cap" : ", off the cap"),
            line.at(capT[i]));
    }
    // The span: the side's and the slab between the caps', the tighter bound naming the surface.
    const Real capNear = std::min(capT[0], capT[1]), capFar = std::max(capT[0], capT[1]);
    const Real enter = std::max(side.a1, capNear), exit = std::min(side.a2, capFar);
    ASSERT_LT(enter, exit) << "the click hits the drum";
    EXPECT_NEAR(c.at("enter").get<double>(), static_cast<double>(enter), static_cast<double>(kValue));
    EXPECT_NEAR(c.at("exit").get<double>(), static_cast<double>(exit), static_cast<double>(kValue));
    const auto capName = [&](Real t) { return t == capT[0] ? "cap A" : "cap B"; };
    EXPECT_EQ(c.at("enter_surface"), side.a1 >= capNear ? "side" : capName(capNear));
    EXPECT_EQ(c.at("exit_surface"), side.a2 <= capFar ? "side" : capName(capFar));
    expectLabelAt(r, "enter: " + c.at("enter_surface").get<std::string>(), line.at(enter));
    const std::vector<double> numbers = drawnNumbers(r);
    for (const Real v : {capT[0], capT[1], enter, exit})
        EXPECT_TRUE(drawn(numbers, static_cast<double>(v), kPrinted)) << static_cast<double>(v);

    // Article 001: f(s, t) = |P(s) − Q(t)|² at the cells' centres, and the cross at its minimum,
    // found here by the clamped normal equations (the minimum of a convex quadratic on a square
    // lies inside or on an edge; each edge's minimum by clamping the one-variable solution).
    const json capA = sceneObject("capsule A"), capB = sceneObject("capsule B");
    const Vec a1 = exact(capA.at("a")), d1 = exact(capA.at("b")) - a1, a2 = exact(capB.at("a")),
              d2 = exact(capB.at("b")) - a2;
    const auto f = [&](Real s, Real t) {
        const Vec gap = (a1 + s * d1) - (a2 + t * d2);
        return pickref::dot(gap, gap);
    };
    const json& map = r.at("window").at("heatMap");
    ASSERT_FALSE(map.is_null()) << "two capsules selected: the (s, t) square is drawn";
    const int cells = map.at("cells").get<int>();
    ASSERT_EQ(map.at("values").size(), static_cast<std::size_t>(cells * cells));
    for (int j = 0; j < cells; ++j)
        for (int i = 0; i < cells; ++i) {
            const Real expected = f((i + 0.5L) / cells, (j + 0.5L) / cells);  // relative: f rounded to float once
            ASSERT_NEAR(map.at("values").at(static_cast<std::size_t>(j * cells + i)).get<double>(),
                        static_cast<double>(expected), static_cast<double>(1e-6L * expected + 1e-12L))
                << i << "," << j;
        }
    const Real dd1 = pickref::dot(d1, d1), e = pickref::dot(d2, d2), bb = pickref::dot(d1, d2);
    const Real cc = pickref::dot(d1, a1 - a2), ff = pickref::dot(d2, a1 - a2);
    const auto clamp01 = [](Real x) { return std::clamp(x, Real{0}, Real{1}); };
    // The library solves the same equations in double from the float ends and rounds s and t to
    // float once. Each product and sum it forms is off by a few roundings of 2^-53 of its size; a
    // solution divides them by what it solves against (det inside, e or dd1 on an edge), so its
    // error is at most 2^-48 (32 roundings) times the sizes over the divisor. `work` is that bound
    // for the minimum found here.
    constexpr Real kWork = 0x1p-48L;
    Real bestS = 0, bestT = 0, best = f(0, 0), workS = 0, workT = 0;
    const auto consider = [&](Real s, Real t, Real errorS, Real errorT) {
        if (f(s, t) < best) best = f(s, t), bestS = s, bestT = t, workS = errorS, workT = errorT;
    };
    const Real det = dd1 * e - bb * bb;
    if (det > 0) {
        const Real s = (bb * ff - cc * e) / det, t = (dd1 * ff - bb * cc) / det;
        if (s >= 0 && s <= 1 && t >= 0 && t <= 1)
            consider(s, t, kWork * (std::fabs(bb * ff) + std::fabs(cc * e) + std::fabs(s) * dd1 * e) / det,
                     kWork * (std::fabs(dd1 * ff) + std::fabs(bb * cc) + std::fabs(t) * dd1 * e) / det);
    }
    for (const Real s : {Real{0}, Real{1}})
        consider(s, clamp01((bb * s + ff) / e), 0, kWork * (std::fabs(bb) + std::fabs(ff) + e) / e);
    for (const Real t : {Real{0}, Real{1}})
        consider(clamp01((bb * t - cc) / dd1), t, kWork * (std::fabs(bb) + std::fabs(cc) + dd1) / dd1, 0);
    // s and t within 2^-24 (rounded once, at most 1) and the work's error; the cross at
    // pos + s·side and pos + (1 − t)·side in float: 1 − t, the product and the sum each rounded
    // once more, each within 2^-24 of its size (at most |pos| + side).
    constexpr Real kHalfStep = 0x1p-24L;
    const Real squareSide = map.at("size").at(0).get<Real>();
    const Real x = map.at("pos").at(0).get<Real>() + bestS * squareSide;
    const Real y = map.at("pos").at(1).get<Real>() + (1 - bestT) * squareSide;
    const Real errorX = squareSide * (kHalfStep + workS) + 2 * kHalfStep * (std::fabs(x) + squareSide);
    const Real errorY = squareSide * (kHalfStep + workT) + 3 * kHalfStep * (std::fabs(y) + squareSide);
    const Real offX = std::fabs(map.at("minimumAt").at(0).get<Real>() - x);
    const Real offY = std::fabs(map.at("minimumAt").at(1).get<Real>() - y);
    std::printf(
        "precision: the (s, t) square's cross %.3Lg and %.3Lg px off the exact minimum, bounds %.3Lg and %.3Lg\n", offX,
        offY, errorX, errorY);
    EXPECT_LE(offX, errorX);
    EXPECT_LE(offY, errorY);
    // The panel prints s and the axis distance to 4 decimals, half a unit of the last off at most.
    EXPECT_TRUE(drawn(numbers, static_cast<double>(bestS), static_cast<double>(kPrinted + kHalfStep + workS)))
        << "s " << static_cast<double>(bestS);
    EXPECT_TRUE(drawn(numbers, static_cast<double>(std::sqrt(best)), kPrinted + static_cast<double>(kValue)))
        << "axis distance";
}

// Article 003: the crate, an oriented box; the ray moved into its frame by the scene transform's
// inverse (written here: S⁻¹ · Rx⁻¹ · Ry⁻¹ · Rz⁻¹ · (p − T)), each slab's t_near and t_far there,
// and t and t_max.
TEST(Constructions, TheBoxsSlabsAreTheArticlesInItsOwnFrame) {
    const json r = constructionRun("construction_003", "crate");
    const json crate = sceneObject("crate");
    const json& c = r.at("window").at("construction");
    ASSERT_EQ(c.at("article"), "003");
    const json& placement = crate.at("transform");
    const Vec position = exact(placement.at("position")), degrees = exact(placement.at("rotationDegrees"));
    const Vec scale = exact(placement.at("scale"));
    const auto turn = [](Vec v, int axis, Real deg) {  // rotate v about a world axis by -deg
        const Real rad = -deg * 3.14159265358979323846264338327950288L / 180, co = std::cos(rad), si = std::sin(rad);
        if (axis == 0) return Vec{v.x, co * v.y - si * v.z, si * v.y + co * v.z};
        if (axis == 1) return Vec{co * v.x + si * v.z, v.y, -si * v.x + co * v.z};
        return Vec{co * v.x - si * v.y, si * v.x + co * v.y, v.z};
    };
    const auto toLocal = [&](Vec v) {
        v = turn(turn(turn(v, 2, degrees.z), 1, degrees.y), 0, degrees.x);
        return Vec{v.x / scale.x, v.y / scale.y, v.z / scale.z};
    };
    const Line line = clickRay(r);
    const Vec origin = toLocal(line.origin - position), direction = toLocal(line.direction);
    expectNear(c.at("local_origin"), origin, "local origin");
    expectNear(c.at("local_direction"), direction, "local direction");
    const Vec lo = exact(crate.at("min")), hi = exact(crate.at("max"));
    Real enter = -INFINITY, exit = INFINITY;
    for (int axis = 0; axis < 3; ++axis) {
        const auto pick = [axis](Vec v) { return axis == 0 ? v.x : (axis == 1 ? v.y : v.z); };
        const Real t0 = (pick(lo) - pick(origin)) / pick(direction), t1 = (pick(hi) - pick(origin)) / pick(direction);
        const json& slab = c.at("slabs").at(static_cast<std::size_t>(axis));
        EXPECT_NEAR(slab.at("t_near").get<double>(), static_cast<double>(std::min(t0, t1)),
                    static_cast<double>(kValue));
        EXPECT_NEAR(slab.at("t_far").get<double>(), static_cast<double>(std::max(t0, t1)), static_cast<double>(kValue));
        enter = std::max(enter, std::min(t0, t1));
        exit = std::min(exit, std::max(t0, t1));
    }
    ASSERT_LT(enter, exit);
    EXPECT_NEAR(c.at("enter").get<double>(), static_cast<double>(enter), static_cast<double>(kValue));
    EXPECT_NEAR(c.at("exit").get<double>(), static_cast<double>(exit), static_cast<double>(kValue));
    expectLabelAt(r, "t", line.at(enter));
    expectLabelAt(r, "t_max", line.at(exit));
    const std::vector<double> numbers = drawnNumbers(r);
    for (const Real v : {enter, exit}) EXPECT_TRUE(drawn(numbers, static_cast<double>(v), kPrinted));
}

namespace {

// Looking straight down an upright infinite cylinder (orthographic): every click's ray is
// parallel to its axis. Two parallel capsules and one whose axis is a point, for article 001's
// special cases.
json parallelRun(const std::string& name, const std::vector<std::string>& steps) {
    const fs::path scene = tempDir() / (name + "_scene.json");
    std::ofstream(scene) << R"({"camera": {"eye": [-4.5, 10, -4], "target": [-4.5, 0, -4], "up": [0, 0, -1],
        "fovYDegrees": 45, "near": 0.1, "far": 100, "projection": "orthographic", "orthoHeight": 8,
        "clipDepth": "zero_to_one"},
      "objects": [
        {"name": "pole", "type": "infinite_cylinder", "color": [0.6, 0.35, 0.75], "p1": [-4.5, 0, -4], "p2": [-4.5, 1, -4], "radius": 0.3},
        {"name": "capsule P", "type": "capsule", "color": [0.3, 0.7, 0.35], "a": [-7, 0, -6], "b": [-7, 0, -3], "radius": 0.3},
        {"name": "capsule Q", "type": "capsule", "color": [0.2, 0.6, 0.7], "a": [-8, 0, -5], "b": [-8, 0, -1], "radius": 0.3},
        {"name": "dot", "type": "capsule", "color": [0.9, 0.6, 0.2], "a": [-2, 0, -2], "b": [-2, 0, -2], "radius": 0.3}]})";
    std::vector<std::string> args = {"--headless", "--size",     "640x480", "--scene", scene.string(),
                                     "--no-stats", "--ui-scale", "1",       "--key",   "c"};
    args.insert(args.end(), steps.begin(), steps.end());
    return runForReport(name, args);
}

// The (s, t) of the heat map's cross, read back from where it is drawn.
std::pair<Real, Real> crossOf(const json& map) {
    const Real side = map.at("size").at(0).get<Real>();
    return {(map.at("minimumAt").at(0).get<Real>() - map.at("pos").at(0).get<Real>()) / side,
            1 - (map.at("minimumAt").at(1).get<Real>() - map.at("pos").at(1).get<Real>()) / side};
}

// f(s, t) between two capsules of the scene above, in long double.
Real squaredGap(Vec a1, Vec b1, Vec a2, Vec b2, Real s, Real t) {
    const Vec gap = (a1 + s * (b1 - a1)) - (a2 + t * (b2 - a2));
    return pickref::dot(gap, gap);
}

}  // namespace

// A ray along the axis: article 000's A == 0, which the article calls no collision. Within r of
// the axis the line is inside all along; farther, it never meets. The distance drawn is the
// line's from the axis, worked out here. The capsules' special cases: parallel axes (the minimum
// is a whole segment of the square: the cross is on it, f there is the lines' squared distance),
// and an axis that is a point (f is the same along t: the cross is at the point's distance).
TEST(Constructions, AParallelRayAndParallelOrPointCapsulesAreCalledWhatTheyAre) {
    // The same panel, overlay and labels run under ASan in the capped cylinder's and the box's tests.
    const json inside = parallelRun("construction_parallel_in", {"--click", "320,240", "--select", "pole", "--select",
                                                                 "capsule P", "--select", "dot"});
    const json& c = inside.at("window").at("construction");
    ASSERT_FALSE(c.is_null());
    EXPECT_EQ(c.at("case"), "parallel to the axis, within r: inside all along");
    const Line line = clickRay(inside);
    const Vec along = line.origin - Vec{-4.5L, 0, -4};
    const Real fromAxis = std::hypot(along.x, along.z);  // the axis is vertical
    EXPECT_NEAR(c.at("axis_distance").get<double>(), static_cast<double>(fromAxis), static_cast<double>(kValue));
    EXPECT_TRUE(drawn(drawnNumbers(inside), static_cast<double>(fromAxis), kPrinted));
    int labels = 0;
    for (const json& l : inside.at("window").at("viewLabels")) labels += l.at("text") == "M: parallel, inside";
    EXPECT_EQ(labels, 1);
    const json& pointMap = inside.at("window").at("heatMap");
    EXPECT_TRUE(pointMap.at("secondIsPoint").get<bool>());
    EXPECT_FALSE(pointMap.at("parallel").get<bool>());
    const auto [s1, t1] = crossOf(pointMap);
    // The point (-2, 0, -2) against P's axis x = -7, z in -6..-3: nearest at z = -3 (s = 1).
    const Real pointGap = squaredGap({-7, 0, -6}, {-7, 0, -3}, {-2, 0, -2}, {-2, 0, -2}, s1, t1);
    EXPECT_NEAR(static_cast<double>(pointGap), 26.0, 1e-4) << "f at the cross: 5² + 1²";

    const json outside = parallelRun("construction_parallel_out", {"--click", "360,240", "--select", "pole", "--select",
                                                                   "capsule P", "--select", "capsule Q"});
    const json& o = outside.at("window").at("construction");
    ASSERT_FALSE(o.is_null());
    EXPECT_EQ(o.at("case"), "parallel to the axis, farther than r: never meets");
    const Vec away = clickRay(outside).origin - Vec{-4.5L, 0, -4};
    EXPECT_NEAR(o.at("axis_distance").get<double>(), static_cast<double>(std::hypot(away.x, away.z)),
                static_cast<double>(kValue));
    const json& parallelMap = outside.at("window").at("heatMap");
    EXPECT_TRUE(parallelMap.at("parallel").get<bool>());
    const auto [s2, t2] = crossOf(parallelMap);
    // P's z -6..-3 and Q's -5..-1 overlap in -5..-3: there f is the lines' squared distance, 1.
    // The cross's (s, t) is read from pixels: 1e-4 px of a 150 px square moves f by ~1e-5.
    EXPECT_NEAR(static_cast<double>(squaredGap({-7, 0, -6}, {-7, 0, -3}, {-8, 0, -5}, {-8, 0, -1}, s2, t2)), 1.0, 1e-4);
}

namespace {

// The docs' article 002 picture (docs/DEMO.md, construction_002.png) with `orbit` and `more`: its
// report, and its screenshot as `png`.
json drumPicture(const std::string& name, const std::string& orbit, std::vector<std::string> more,
                 const fs::path& png) {
    std::vector<std::string> args = {"--headless", "--scene", kDefaultScene.string(), "--size",   "1600x900",
                                     "--no-stats", "--eye",   "6.2,3.5,4.5",          "--target", "3.2,0.9,1",
                                     "--click",    "790,330"};
    args.insert(args.end(), more.begin(), more.end());
    args.insert(args.end(), {"--orbit", orbit, "--hover", "800,60", "--screenshot", png.string()});
    return runForReport(name, args);
}

// Whether a label's box is drawn: the padding at its two ends (where no glyph is) is darker than
// the same pixels with the constructions off (the box is black at 2/3 opacity).
bool boxDrawn(const json& label, const Image& on, const Image& off) {
    const glm::ivec2 pos(label.at("box").at("pos").at(0).get<float>(), label.at("box").at("pos").at(1).get<float>());
    const glm::ivec2 size(label.at("box").at("size").at(0).get<float>(), label.at("box").at("size").at(1).get<float>());
    const auto light = [](glm::ivec3 c) { return (c.r + c.g + c.b) / 3.0; };
    double with = 0, without = 0;
    int n = 0;
    for (int y = pos.y + 1; y < pos.y + size.y - 1; ++y)
        for (const int x : {pos.x + 1, pos.x + size.x - 2}) {
            with += light(on.at(x, y));
            without += light(off.at(x, y));
            ++n;
        }
    return n > 0 && with / n < 0.6 * without / n + 4;
}

bool insideTheWindow(const json& label, const json& window) {
    const json& box = label.at("box");
    const float x = box.at("pos").at(0), y = box.at("pos").at(1), w = box.at("size").at(0), h = box.at("size").at(1);
    return x >= 0 && y >= 0 && x + w <= window.at("size").at(0).get<float>() &&
           y + h <= window.at("size").at(1).get<float>();
}

}  // namespace

// The scene alone has one meaning: with the panels hidden by --hide-ui or by H, the docs' article
// 002 picture is the same bit for bit, with the same labels in the report, each drawn on its box.
TEST(Constructions, HideUiAndTheHKeyShowTheSameSceneWithItsLabels) {
    const fs::path dir = scratchDir("scene_alone");
    const json hidden = drumPicture("scene_alone_hide_ui", "-60,5", {"--hide-ui", "--key", "c"}, dir / "hide_ui.png");
    const json byKey = drumPicture("scene_alone_h", "-60,5", {"--key", "c", "--key", "h"}, dir / "h.png");
    drumPicture("scene_alone_off", "-60,5", {"--hide-ui"}, dir / "off.png");
    const json& labels = hidden.at("window").at("viewLabels");
    ASSERT_GE(labels.size(), 8u) << "Q1, R1, Q2, R2, the two cap planes, enter and exit";
    EXPECT_EQ(labels, byKey.at("window").at("viewLabels"));
    for (const json& p : byKey.at("window").at("panels"))
        EXPECT_EQ(p.at("name"), "Messages") << "H hid the panels (the screenshot's toast comes after it)";
    const Image a = loadPng(dir / "hide_ui.png"), b = loadPng(dir / "h.png"), off = loadPng(dir / "off.png");
    ASSERT_EQ(a.width, 1600);
    EXPECT_EQ(differingPixels(a, b), 0) << "--hide-ui and H: the same picture";
    for (const json& l : labels) EXPECT_TRUE(boxDrawn(l, a, off)) << "no box behind " << l.at("text");
}

// Orbited 150° round, the plane of cap A is crossed below the picture: its label's point is off
// the window, and the label lies inside it, drawn whole; so does every other label.
TEST(Constructions, ALabelWhosePointIsOutOfThePictureLiesInsideIt) {
    const fs::path dir = scratchDir("labels_inside");
    const json r = drumPicture("labels_inside", "-150,5", {"--hide-ui", "--key", "c"}, dir / "on.png");
    drumPicture("labels_inside_off", "-150,5", {"--hide-ui"}, dir / "off.png");
    const json& window = r.at("window");
    const Image on = loadPng(dir / "on.png"), off = loadPng(dir / "off.png");
    int outside = 0;
    for (const json& l : window.at("viewLabels")) {
        const float x = l.at("at").at(0), y = l.at("at").at(1);
        const bool pointOut = x < 0 || y < 0 || x >= 1600 || y >= 900;
        outside += pointOut;
        const bool inside = insideTheWindow(l, window);
        EXPECT_TRUE(inside) << l.dump();
        if (pointOut && inside) {
            EXPECT_TRUE(boxDrawn(l, on, off)) << "no box drawn for " << l.at("text");
        }
    }
    EXPECT_GE(outside, 1) << "a label's point lies out of the picture: " << window.at("viewLabels").dump();
}
