// SPDX-License-Identifier: MIT
// F beside the explaining panels, and the constructions' labels: after a click, C (or M) and F, at
// the usual window sizes, the framed object drawn where no panel is, and each label in a dark box
// that lies on no panel and crosses no line through the point it names. The object's bounds on the
// screen come from the scene file and the report's camera by the long-double reference
// (camera_reference.hpp), not from the application; the lines a label names are the report's
// lines through its point; the boxes' darkness is read in the picture, against the same view
// with the constructions off.
#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
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

const glm::ivec2 kSizes[] = {{1280, 720}, {1024, 768}};

Vec exact(const json& v) { return {v.at(0).get<Real>(), v.at(1).get<Real>(), v.at(2).get<Real>()}; }

pickref::Camera camera(const json& report) {
    const json& c = report.at("window").at("camera");
    pickref::Camera out{exact(c.at("eye")), exact(c.at("target")), exact(c.at("up"))};
    out.perspective = !c.at("orthographic").get<bool>();
    out.fovYDegrees = c.at("fovYDegrees").get<Real>();
    out.orthoHeight = c.at("orthoHeight").get<Real>();
    out.near = c.at("near").get<Real>();
    out.width = report.at("window").at("size").at(0).get<Real>();
    out.height = report.at("window").at("size").at(1).get<Real>();
    return out;
}

struct Bounds {
    glm::dvec2 min{1e300};
    glm::dvec2 max{-1e300};
    void add(const pickref::Camera& c, Vec p) {
        const auto s = pickref::project(c, p);
        ASSERT_TRUE(s) << "a point of the object is behind the eye";
        min = glm::min(min, glm::dvec2(static_cast<double>(s->x), static_cast<double>(s->y)));
        max = glm::max(max, glm::dvec2(static_cast<double>(s->x), static_cast<double>(s->y)));
    }
};

// Two unit vectors across `axis`.
std::pair<Vec, Vec> across(Vec axis) {
    const Vec a = pickref::normalize(axis);
    const Vec other = std::abs(a.x) < 0.9L ? Vec{1, 0, 0} : Vec{0, 1, 0};
    const Vec u = pickref::normalize(other - pickref::dot(other, a) * a);
    const Vec v{a.y * u.z - a.z * u.y, a.z * u.x - a.x * u.z, a.x * u.y - a.y * u.x};
    return {u, v};
}

// The object's rectangle on the screen: a cylinder is the hull of its two cap circles, a capsule
// of its two end spheres, each sampled finely (a step of 0.25 degrees moves a silhouette point by
// r · 1e-5, far below a pixel).
void addObject(Bounds& b, const pickref::Camera& c, const json& o) {
    const Real r = o.at("radius").get<Real>();
    const Vec a = exact(o.at("a")), e = exact(o.at("b"));
    constexpr int kSteps = 1440;
    const Real step = 2 * 3.14159265358979323846L / kSteps;
    if (o.at("type") == "cylinder") {
        const auto [u, v] = across(e - a);
        for (int i = 0; i < kSteps; ++i)
            for (const Vec centre : {a, e}) b.add(c, centre + r * std::cos(i * step) * u + r * std::sin(i * step) * v);
        return;
    }
    ASSERT_EQ(o.at("type"), "capsule");
    for (int i = 0; i <= kSteps / 2; ++i)  // latitude
        for (int j = 0; j < kSteps / 4; ++j) {
            const Real theta = i * step, phi = 4 * j * step;
            const Vec d{std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)};
            for (const Vec centre : {a, e}) b.add(c, centre + r * d);
        }
}

json sceneObject(const std::string& name) {
    const json scene = readJson(kDefaultScene);
    for (const json& o : scene.at("objects"))
        if (o.at("name") == name) return o;
    ADD_FAILURE() << name;
    return json::object();
}

struct Rect {
    glm::dvec2 min, max;
};
Rect rectOf(const json& r) {
    const glm::dvec2 pos(r.at("pos").at(0).get<double>(), r.at("pos").at(1).get<double>());
    return {pos, pos + glm::dvec2(r.at("size").at(0).get<double>(), r.at("size").at(1).get<double>())};
}
bool overlap(const Rect& a, const Rect& b) {
    return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}
// Built with += : GCC 12 warns falsely (-Wrestrict) on a chain of string +.
std::string text(const Rect& r) {
    std::string out = "(";
    for (const double v : {r.min.x, r.min.y, r.max.x, r.max.y}) {
        out += std::to_string(v);
        out += ", ";
    }
    out += ")";
    return out;
}

// The panels a framed object and a label must keep off: every one of the report's but the
// messages' toast, which comes and goes.
std::vector<std::pair<std::string, Rect>> panelsOf(const json& report) {
    std::vector<std::pair<std::string, Rect>> out;
    for (const json& p : report.at("window").at("panels"))
        if (p.at("name") != "Messages") out.emplace_back(p.at("name").get<std::string>(), rectOf(p));
    return out;
}

void expectObjectsClearOfPanels(const json& report, const std::vector<std::string>& names, const std::string& where) {
    const pickref::Camera c = camera(report);
    for (const std::string& name : names) {
        Bounds b;
        addObject(b, c, sceneObject(name));
        const Rect object{b.min, b.max};
        EXPECT_GT(object.max.x - object.min.x, 0.1 * static_cast<double>(c.height))
            << where << ": " << name << " is framed, not lost";
        for (const auto& [panel, rect] : panelsOf(report))
            EXPECT_FALSE(overlap(object, rect))
                << where << ": " << name << " at " << text(object) << " under " << panel << " at " << text(rect);
    }
}

// The distance from p to the segment a..b of the report (window units).
double distanceTo(glm::dvec2 p, const json& s) {
    const glm::dvec2 a(s.at("a").at(0).get<double>(), s.at("a").at(1).get<double>());
    const glm::dvec2 b(s.at("b").at(0).get<double>(), s.at("b").at(1).get<double>());
    const glm::dvec2 d = b - a;
    const double length2 = glm::dot(d, d);
    const double t = length2 > 0 ? std::clamp(glm::dot(p - a, d) / length2, 0.0, 1.0) : 0.0;
    return glm::length(a + t * d - p);
}

// Whether the segment's band (half its width either side) meets the box: the box grown by the
// half width against the segment, by the parameter interval inside each slab.
bool crosses(const Rect& box, const json& s) {
    const double w = s.at("halfWidth").get<double>();
    const glm::dvec2 lo = box.min - w, hi = box.max + w;
    const glm::dvec2 a(s.at("a").at(0).get<double>(), s.at("a").at(1).get<double>());
    const glm::dvec2 d = glm::dvec2(s.at("b").at(0).get<double>(), s.at("b").at(1).get<double>()) - a;
    double t0 = 0, t1 = 1;
    for (int i = 0; i < 2; ++i) {
        if (d[i] == 0) {
            if (a[i] < lo[i] || a[i] > hi[i]) return false;
            continue;
        }
        const double ta = (lo[i] - a[i]) / d[i], tb = (hi[i] - a[i]) / d[i];
        t0 = std::max(t0, std::min(ta, tb));
        t1 = std::min(t1, std::max(ta, tb));
    }
    return t0 <= t1;
}

// Each label's box lies on no panel, and crosses no line that passes through its point (within
// 1.5 units of its band: a line the label names, as the ray names "enter" and the radius R1Q1
// names Q1 and R1).
void expectLabelsClear(const json& report, const std::string& where) {
    const json& labels = report.at("window").at("viewLabels");
    const json& lines = report.at("window").at("viewLines");
    EXPECT_FALSE(lines.empty()) << where;
    for (const json& l : labels) {
        std::string name = where;
        name += ": the label ";
        name += l.at("text").get<std::string>();
        const Rect box = rectOf(l.at("box"));
        for (const auto& [panel, rect] : panelsOf(report))
            EXPECT_FALSE(overlap(box, rect)) << name << " at " << text(box) << " under " << panel;
        const glm::dvec2 at(l.at("at").at(0).get<double>(), l.at("at").at(1).get<double>());
        int named = 0;
        for (const json& s : lines)
            if (distanceTo(at, s) <= s.at("halfWidth").get<double>() + 1.5) {
                ++named;
                EXPECT_FALSE(crosses(box, s)) << name << " at " << text(box) << " crosses the line " << s;
            }
        EXPECT_GT(named, 0) << name << ": no line through its point";
    }
}

// The label boxes' sides (the padding left and right of the text, where no glyph is) are darker
// than the same pixels with the constructions off: a box is drawn behind each label. Pixels where
// the view is already near black say nothing and are left out.
void expectLabelsBacked(const json& report, const Image& on, const Image& off, const std::string& where) {
    int read = 0;
    for (const json& l : report.at("window").at("viewLabels")) {
        const Rect box = rectOf(l.at("box"));
        double with = 0, without = 0;
        int n = 0;
        for (int y = static_cast<int>(std::ceil(box.min.y)) + 1; y < static_cast<int>(box.max.y) - 1; ++y)
            for (const int x : {static_cast<int>(std::ceil(box.min.x)) + 1, static_cast<int>(box.max.x) - 2}) {
                const auto light = [](glm::ivec3 c) { return (c.r + c.g + c.b) / 3.0; };
                with += light(on.at(x, y));
                without += light(off.at(x, y));
                ++n;
            }
        if (n == 0 || without / n < 25) continue;
        ++read;
        // The box is black at 2/3 opacity: a third of the scene's light is left.
        EXPECT_LT(with / n, 0.6 * without / n + 4) << where << ": no dark box behind " << l.at("text");
    }
    EXPECT_GE(read, 3) << where << ": too few labels over a lit part of the view to read";
}

struct Case {
    std::string name;
    std::vector<std::string> (*steps)(glm::ivec2 size);  // what is done after the window opens
    std::vector<std::string> objects;                    // the objects framed
    bool labels = false;                                 // the constructions' labels are drawn
};

void check(const Case& k) {
    for (const glm::ivec2 size : kSizes) {
        const std::string sizeArg = std::to_string(size.x) + "x" + std::to_string(size.y);
        std::string where = k.name;
        where += " at ";
        where += sizeArg;
        std::vector<std::string> args = {"--headless", "--scene", kDefaultScene.string(),
                                         "--size",     sizeArg,   "--no-stats"};
        const std::vector<std::string> steps = k.steps(size);
        args.insert(args.end(), steps.begin(), steps.end());
        const fs::path on = tempDir() / (k.name + sizeArg + "_on.png");
        args.insert(args.end(), {"--key", "f", "--screenshot", on.string()});
        const json report = runForReport(k.name + sizeArg, args);
        expectObjectsClearOfPanels(report, k.objects, where);
        if (!k.labels) continue;
        ASSERT_FALSE(report.at("window").at("viewLabels").empty()) << where;
        expectLabelsClear(report, where);
        // The same view with the constructions off (F has framed it already), for the pixels.
        const fs::path off = tempDir() / (k.name + sizeArg + "_off.png");
        args.insert(args.end(), {"--key", "c", "--screenshot", off.string()});
        runForReport(k.name + sizeArg + "_off", args);
        expectLabelsBacked(report, loadPng(on), loadPng(off), where);
    }
}

// A click on the drum (where the default camera draws its centre) and `key`.
std::vector<std::string> drumAnd(glm::ivec2 size, const char* key) {
    return {"--click", pixelArg(pixelOf("drum", size)), "--key", key};
}

}  // namespace

TEST(Constructions, FFramesTheDrumBesideThePanelsAndItsLabelsKeepOffPanelsAndTheirLines) {
    check({"drum", [](glm::ivec2 size) { return drumAnd(size, "c"); }, {"drum"}, true});
}

TEST(Constructions, FFramesTwoSelectedCapsulesBesideTheirSquaresPanel) {
    check({"capsules",
           [](glm::ivec2) {
               return std::vector<std::string>{"--select", "capsule A", "--select", "capsule B", "--key", "c"};
           },
           {"capsule A", "capsule B"}});
}

TEST(MathPanel, FFramesThePickedDrumBesideTheMathPanel) {
    check({"math", [](glm::ivec2 size) { return drumAnd(size, "m"); }, {"drum"}});
}

// The drum clicked, then the Constructions, the Math panel and the pick audit opened (C, M, P)
// and F: the three share the band along the bottom. Where it cannot hold them side by side they
// take one place, one shown at a time (one's text would show through another's): no two panels
// lie over each other, and a click on a tab brings that panel to the front.
TEST(BandPanels, TheBandsPanelsNeverLieOverEachOtherAndTheirTabsBringEachToTheFront) {
    for (const glm::ivec2 size : kSizes) {
        const std::string sizeArg = std::to_string(size.x) + "x" + std::to_string(size.y);
        const std::string drum = pixelArg(pixelOf("drum", size));
        std::vector<std::string> args = {
            "--headless", "--scene", kDefaultScene.string(), "--size", sizeArg, "--no-stats", "--click", drum};
        for (const char* key : {"c", "m", "p", "f"}) args.insert(args.end(), {"--key", key});
        const json report = runForReport("band_" + sizeArg, args);
        const auto panels = panelsOf(report);
        for (std::size_t i = 0; i < panels.size(); ++i)
            for (std::size_t j = i + 1; j < panels.size(); ++j)
                EXPECT_FALSE(overlap(panels[i].second, panels[j].second))
                    << sizeArg << ": " << panels[i].first << " at " << text(panels[i].second) << " lies over "
                    << panels[j].first << " at " << text(panels[j].second);
        expectObjectsClearOfPanels(report, {"drum"}, sizeArg);
        expectLabelsClear(report, sizeArg);
        std::optional<glm::ivec2> tab;
        for (const json& t : report.at("window").at("tooltips"))
            if (t.at("text").get<std::string>().rfind("Show the Constructions panel here", 0) == 0)
                tab = glm::ivec2(t.at("pos").at(0).get<float>() + 0.5f * t.at("size").at(0).get<float>(),
                                 t.at("pos").at(1).get<float>() + 0.5f * t.at("size").at(1).get<float>());
        ASSERT_TRUE(tab) << sizeArg << ": the band's panels share one place, with tabs";
        args.insert(args.end(), {"--click", pixelArg(*tab)});
        std::set<std::string> shown;
        for (const auto& [name, rect] : panelsOf(runForReport("band_tab_" + sizeArg, args))) shown.insert(name);
        EXPECT_TRUE(shown.count("Constructions")) << sizeArg << ": its tab brought the Constructions to the front";
        EXPECT_FALSE(shown.count("Math") || shown.count("Pick audit")) << sizeArg << ": one at a time";
    }
}
