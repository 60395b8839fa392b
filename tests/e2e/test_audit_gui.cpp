// SPDX-License-Identifier: MIT
// View > Pick audit end to end: in a real X window (Xvfb, xdotool) the key P turns the
// audit on (the window audits the still view on a worker thread); on quitting the window writes
// its picture with the panels, the same view's --audit JSON and its --id-buffer. The pixels the
// JSON lists as robust mismatches must be magenta in the picture, and pixels well inside one
// object's area of the ID buffer (no edge within 3 pixels) must be neither marker colour. And
// headless, after an edit: the heat map is the edited scene's.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"
#include "x_session.hpp"

using namespace e2e;  // NOLINT: the shared helpers read as part of the tests

namespace {

// The heat map's colours, as the panel's legend shows them (viewport/audit_heat_map.hpp), drawn
// opaque: robust mismatches magenta (255, 51, 255), others yellow (255, 230, 51). The scene under
// them is dimmed to half, at most 128 in a channel; 8 covers a rounding of the blend.
bool isColor(glm::ivec3 c, glm::ivec3 want) { return glm::all(glm::lessThanEqual(glm::abs(c - want), glm::ivec3(8))); }
constexpr glm::ivec3 kRobustColor{255, 51, 255};
constexpr glm::ivec3 kEdgeColor{255, 230, 51};

bool underAPanel(int x, int y, const json& panels) {
    for (const json& p : panels) {
        const PanelRect r = panelRect(p);
        if (x >= r.min.x && y >= r.min.y && x < r.max.x && y < r.max.y) return true;
    }
    return false;
}

// The checks of a picture with the heat map (`shot`) against the same view's --audit JSON and
// --id-buffer PNG, the panels the report lists: the Pick audit panel is one of them; the listed
// robust mismatches not under a panel are magenta; pixels away from every ID-buffer edge are
// neither marker colour.
void expectHeatMapOfThisView(const json& panels, const json& audit, const Image& shot, const Image& ids) {
    ASSERT_EQ(shot.width, ids.width);
    ASSERT_EQ(shot.height, ids.height);
    const bool panelShown =
        std::any_of(panels.begin(), panels.end(), [](const json& p) { return p["name"] == "Pick audit"; });
    EXPECT_TRUE(panelShown) << panels.dump();
    // The audit's worst robust mismatches, those not under a panel: magenta (the tests draw with the
    // mesh renderer, the analytic one has none).
    ASSERT_GT(audit["robust_mismatches"].get<int>(), 0) << "the mesh renderer's silhouettes are off somewhere";
    int listed = 0, magenta = 0;
    for (const json& m : audit["worst"]) {
        const int x = m["pixel"][0], y = m["pixel"][1];
        if (underAPanel(x, y, panels)) continue;
        ++listed;
        magenta += isColor(shot.at(x, y), kRobustColor);
        EXPECT_TRUE(isColor(shot.at(x, y), kRobustColor))
            << x << "," << y << ": " << shot.at(x, y).r << " " << shot.at(x, y).g << " " << shot.at(x, y).b;
    }
    EXPECT_GE(listed, 5) << "most of the 20 listed lie in the open view";
    EXPECT_EQ(magenta, listed);
    // Away from every edge of the ID buffer (the same ID within 3 pixels: a marker reaches 1 pixel
    // beyond a mismatch, and the audit found none farther than 1 pixel from the GPU's answer) and
    // from the panels: no marker colour.
    int away = 0, marked = 0;
    for (int y = 3; y < ids.height - 3; ++y)
        for (int x = 3; x < ids.width - 3; ++x) {
            if (underAPanel(x, y, panels)) continue;
            bool uniform = true;
            for (int dy = -3; dy <= 3 && uniform; ++dy)
                for (int dx = -3; dx <= 3 && uniform; ++dx) uniform = idAt(ids, x + dx, y + dy) == idAt(ids, x, y);
            if (!uniform) continue;
            ++away;
            marked += isColor(shot.at(x, y), kRobustColor) || isColor(shot.at(x, y), kEdgeColor);
        }
    EXPECT_GT(away, shot.width * shot.height / 8) << "the open view between the panels is mostly away from edges";
    EXPECT_EQ(marked, 0) << "of " << away << " pixels away from edges";
}

}  // namespace

TEST(Xvfb, PickAuditKeyShowsTheHeatMapWithItsRobustMismatchesInMagentaAndItsPanel) {
    if (!xToolsInstalled()) return;
    XSession session("x_pick_audit");
    const fs::path dir = session.dir();
    // The pointer on the sky (nothing hovered), P, then until the worker's audit of 640x360 is
    // done: the window, which looked at it ten times a second, sleeps again (the quitting picture
    // waits for it in any case); then Ctrl+Q.
    const XSession::Result r = session
                                   .options("--size 640x360 --scene " + quote(kDefaultScene.string()) +
                                            " --renderer mesh --no-stats --report report.json --screenshot quit.png "
                                            "--audit audit.json --id-buffer ids.png")
                                   .move({630, 40})
                                   .key("p")
                                   .waitAsleep("the audit done")
                                   .run();
    ASSERT_TRUE(r.ok) << r.output;
    const json report = readJson(dir / "report.json");
    const json audit = readJson(dir / "audit.json");
    const Image shot = loadPng(dir / "quit.png");
    const Image ids = loadPng(dir / "ids.png");
    ASSERT_EQ(shot.width, 640);
    ASSERT_EQ(ids.width, 640);
    expectHeatMapOfThisView(report["window"]["panels"], audit, shot, ids);
}

TEST(Xvfb, AnAuditThatFinishesWhileTheWindowWaitsIsShownWithoutAnEvent) {
    // The panels are built before the view is drawn, and the view takes the worker's result: the
    // frame that takes it shows "Auditing..." still, and a window that then slept until an event
    // would keep saying so. Each time the window sleeps again after the audit, the panel it drew
    // last must show the result: after P, and after an orbit (a right-drag of 30 px) and its audit.
    if (!xToolsInstalled()) return;
    XSession session("x_pick_audit_arrives");
    const fs::path dir = session.dir();
    const XSession::Result r =
        session.options("--size 640x360 --scene " + quote(kDefaultScene.string()) + " --renderer mesh --no-stats")
            .move({630, 40})
            .key("p")
            .waitAsleep("the first audit done")
            .snapshot("first.json")
            .move({320, 300})
            .drag({1, 0}, 30, 3)
            .waitAsleep("the orbited view's audit done")
            .snapshot("orbited.json")
            .run();
    ASSERT_TRUE(r.ok) << r.output;
    for (const char* file : {"first.json", "orbited.json"}) {
        const json status = readJson(dir / file);
        EXPECT_EQ(status["audit"], "shown") << file << ": " << status.dump();
    }
}

TEST(PickAudit, AfterAnEditTheHeatMapIsOfTheEditedSceneNotTheOneBefore) {
    // P, then the ball deleted: the next picture's heat map must be the edited scene's (the
    // ball's silhouette markers, over what is now background, are gone), a script's frame
    // waiting for its audit.
    const fs::path dir = scratchDir("pick_audit_edit");
    const ProcessResult run = runPickray({"--headless",
                                          "--size",
                                          "640x360",
                                          "--scene",
                                          kDefaultScene.string(),
                                          "--renderer",
                                          "mesh",
                                          "--no-stats",
                                          "--key",
                                          "p",
                                          "--select",
                                          "ball",
                                          "--key",
                                          "delete",
                                          "--screenshot",
                                          (dir / "shot.png").string(),
                                          "--audit",
                                          (dir / "audit.json").string(),
                                          "--id-buffer",
                                          (dir / "ids.png").string(),
                                          "--report",
                                          (dir / "report.json").string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json report = readJson(dir / "report.json");
    expectHeatMapOfThisView(report["window"]["panels"], readJson(dir / "audit.json"), loadPng(dir / "shot.png"),
                            loadPng(dir / "ids.png"));
}

namespace {

// One ball in front of the default camera: drawn as a mesh its silhouette has robust mismatches,
// drawn by its rays none (the analytic spheres, PickAudit.AnalyticSpheres...).
fs::path oneBallScene(const fs::path& dir) {
    const json scene = {{"objects", json::array({{{"name", "ball"},
                                                  {"type", "sphere"},
                                                  {"color", {0.8, 0.3, 0.3}},
                                                  {"center", {0.0, 1.0, 0.0}},
                                                  {"radius", 1.5}}})}};
    const fs::path path = dir / "ball.json";
    std::ofstream(path) << scene.dump(1);
    return path;
}

int magentaOutsidePanels(const Image& shot, const json& panels) {
    int count = 0;
    for (int y = 0; y < shot.height; ++y)
        for (int x = 0; x < shot.width; ++x)
            count += !underAPanel(x, y, panels) && isColor(shot.at(x, y), kRobustColor);
    return count;
}

// View > Analytic renderer, clicked in the menu (at UI scale 1: "View" at 113,10, the item at
// 150,161), from the mesh renderer's start: pictures and the audit after it are the analytic
// renderer's, and the heat map shown before it (of the mesh's picture) is not shown over the new one.
struct ToggleRun {
    json audit;
    json report;
    int magentaBefore = 0;
    int magentaAfter = 0;
};
ToggleRun toggleRenderer(const std::string& name, const std::string& startWith) {
    const fs::path dir = scratchDir(name);
    const ProcessResult run = runPickray({"--headless",   "--size",
                                          "640x360",      "--no-stats",
                                          "--scene",      oneBallScene(dir).string(),
                                          "--renderer",   startWith,
                                          "--key",        "p",
                                          "--screenshot", (dir / "before.png").string(),
                                          "--click",      "113,10",
                                          "--click",      "150,161",
                                          "--screenshot", (dir / "after.png").string(),
                                          "--audit",      (dir / "audit.json").string(),
                                          "--report",     (dir / "report.json").string()});
    EXPECT_EQ(run.exitCode, 0) << run.output;
    ToggleRun r;
    r.audit = readJson(dir / "audit.json");
    r.report = readJson(dir / "report.json");
    const json& panels = r.report["window"]["panels"];
    r.magentaBefore = magentaOutsidePanels(loadPng(dir / "before.png"), panels);
    r.magentaAfter = magentaOutsidePanels(loadPng(dir / "after.png"), panels);
    return r;
}

}  // namespace

TEST(PickAudit, TheViewMenusAnalyticRendererSwitchesTheRendererAndTheHeatMapFollows) {
    const ToggleRun fromMesh = toggleRenderer("toggle_from_mesh", "mesh");
    EXPECT_GT(fromMesh.magentaBefore, 0) << "the mesh ball's silhouette has robust mismatches";
    EXPECT_EQ(fromMesh.audit["robust_mismatches"], 0) << "after the toggle the ball is drawn by its rays";
    EXPECT_EQ(fromMesh.magentaAfter, 0) << "the mesh picture's heat map is still shown";
    const ToggleRun fromAnalytic = toggleRenderer("toggle_from_analytic", "analytic");
    EXPECT_EQ(fromAnalytic.magentaBefore, 0);
    EXPECT_GT(fromAnalytic.audit["robust_mismatches"].get<int>(), 0) << "after the toggle the ball is a mesh";
    EXPECT_GT(fromAnalytic.magentaAfter, 0);
}
