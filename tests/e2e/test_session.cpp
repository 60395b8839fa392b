// SPDX-License-Identifier: MIT
// --record-input and --replay end to end: a session performed by xdotool in a real X
// window (Xvfb) and recorded, then replayed headless: at the recorded size its report and its
// saved scene are the session's; at half the size the same objects are picked.
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "e2e_support.hpp"
#include "x_session.hpp"

using namespace e2e;  // NOLINT: the shared helpers read as part of the tests

namespace {

// The report without what depends on the machine's speed (timings, frame counts, memory) or on
// where the panels were drawn: the picks, the editor's state, the camera and the constructions.
json comparable(const json& report) {
    json clicks = report.at("clicks");
    for (json& c : clicks) c.erase("queryMs");
    const json& w = report.at("window");
    return {{"clicks", clicks},
            {"editor", report.at("editor")},
            {"camera", w.at("camera")},
            {"construction", w.value("construction", json())},
            {"title", w.at("title")}};
}

std::vector<std::string> pickedNames(const json& report) {
    std::vector<std::string> names;
    for (const json& c : report.at("clicks"))
        names.push_back(c.at("picked").is_null() ? "" : c.at("picked").get<std::string>());
    return names;
}

TEST(Session, ASessionRecordedInARealWindowReplaysHeadlessToTheSameReportAndSavedScene) {
    if (!xToolsInstalled()) return;
    XSession recording("session");
    const fs::path dir = recording.dir();
    const fs::path scene = dir / "scene.json";  // a copy the session saves over
    fs::copy_file(kDefaultScene, scene);
    const fs::path session = dir / "session.json";
    const fs::path recordedReport = dir / "recorded.json";

    // Robust pixels of two objects in the starting view (the reference's ray hits them first,
    // away from their edges), at the recorded size and, the same places, at half of it.
    const glm::ivec2 size{1280, 720};
    const ps::Scene start = loadDefaultScene();
    const Frame frame = frameFor(start.camera, size);
    const auto ball = visiblePixelOf(start, objectNamed(start, "ball"), frame, size);
    const auto drum = visiblePixelOf(start, objectNamed(start, "drum"), frame, size);
    ASSERT_TRUE(ball && drum);
    // Moves are moveTo's (x_session.hpp): Xvfb's absolute move does not reach SDL's mouse state.
    recording
        .options("--size 1280x720 --scene " + quote(scene.string()) + " --record-input " + quote(session.string()) +
                 " --report " + quote(recordedReport.string()))
        .answerTheQuit()
        // Click the ball, then drag it (a move), then click the drum.
        .moveTo(*ball)
        .click()
        .drag({8, -3}, 6)
        .moveTo(*drum)
        .click()
        // Keys: the rotate gizmo, the constructions.
        .key("e")
        .key("c")
        // The camera, over the view above the objects (the panels are left, right and at the
        // bottom): orbit (right), pan (middle), zoom (the wheel, twice).
        .moveTo({640, 120})
        .drag({9, 2}, 4, 3)
        .drag({-5, 4}, 3, 2)
        .click(4)
        .click(4)
        // A screenshot (F12: into screenshots/ of the working folder), then save (the scene's own
        // file), quit.
        .key("F12")
        .key("ctrl+s");
    const XSession::Result recorded_ = recording.run();
    ASSERT_TRUE(recorded_.ok) << recorded_.output;
    const std::string savedInSession = fileText(scene);
    ASSERT_NE(savedInSession, fileText(kDefaultScene)) << "the session moved the ball and saved";
    const std::string text = fileText(session);
    ASSERT_TRUE(text.ends_with("]}\n")) << "a normal quit ends the file: valid JSON";
    const json recorded = readJson(recordedReport);
    // A press on an object picks it (the drag's too): three picks.
    ASSERT_EQ(pickedNames(recorded), (std::vector<std::string>{"ball", "ball", "drum"}));
    // What the file holds: the orbit as angles, the pan, the wheel, the keys' command (Save) and
    // settings (the rotate gizmo, the constructions).
    for (const char* kept :
         {"\"orbit\":", "\"pan\":", "\"zoom\":", "\"save\":", "\"gizmo\":\"rotate\"", "\"constructions\":true"})
        EXPECT_NE(text.find(kept), std::string::npos) << kept << " in\n" << text;

    // Replayed headless at the recorded size: the same report and, byte for byte, the same save
    // (written into session-replay/, not over the session's file).
    const fs::path replayed = dir / "replayed.json";
    ProcessResult run = runPickray({"--headless", "--replay", session.string(), "--report", replayed.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json again = readJson(replayed);
    EXPECT_EQ(comparable(again), comparable(recorded)) << "recorded:\n"
                                                       << comparable(recorded).dump(1) << "\nreplayed:\n"
                                                       << comparable(again).dump(1);
    EXPECT_EQ(again.at("window").at("size"), json::array({1280, 720})) << "the recorded size, no --size given";
    EXPECT_EQ(fileText(dir / "session-replay" / "scene.json"), savedInSession);
    EXPECT_EQ(fileText(scene), savedInSession) << "the session's own file untouched";
    // The session's screenshot (F12), taken again by the replay where the session took it, into
    // session-replay/ at the replay's size.
    ASSERT_EQ(std::distance(fs::directory_iterator(dir / "screenshots"), fs::directory_iterator{}), 1);
    const Image taken = loadPng(fs::directory_iterator(dir / "screenshots")->path());
    const Image retaken = loadPng(dir / "session-replay" / "shot-1.png");
    EXPECT_EQ(retaken.width, 1280);
    EXPECT_EQ(retaken.height, 720);
    ASSERT_EQ(taken.width, retaken.width);
    ASSERT_EQ(taken.height, retaken.height);
    // The picture is the same wherever no panel lies: the panels show the window's own timings and
    // toasts, which a replay cannot have, but the scene, its lines and labels are drawn exact from
    // the same state. Every panel and menu either run drew is left out (the reports list them).
    std::vector<std::array<int, 4>> panels;  // x0, y0, x1, y1
    for (const json* report : {&recorded, &again})
        for (const char* list : {"panels", "menus"})
            for (const json& p : report->at("window").at(list))
                panels.push_back({p.at("pos")[0].get<int>(), p.at("pos")[1].get<int>(),
                                  p.at("pos")[0].get<int>() + p.at("size")[0].get<int>(),
                                  p.at("pos")[1].get<int>() + p.at("size")[1].get<int>()});
    const auto underAPanel = [&](int x, int y) {
        return std::any_of(panels.begin(), panels.end(),
                           [&](const auto& r) { return x >= r[0] && y >= r[1] && x < r[2] && y < r[3]; });
    };
    int compared = 0, differing = 0;
    for (int y = 0; y < taken.height; ++y)
        for (int x = 0; x < taken.width; ++x) {
            if (underAPanel(x, y)) continue;
            ++compared;
            if (taken.at(x, y) != retaken.at(x, y)) ++differing;
        }
    std::printf("session screenshot: %d of %d pixels outside the panels compared, %d differ\n", compared,
                taken.width * taken.height, differing);
    EXPECT_GT(compared, taken.width * taken.height / 3) << "the view, not only the panels' gaps";
    EXPECT_EQ(differing, 0) << "the replayed screenshot's view differs from the recorded one's";

    // At half the size (the same aspect): the same objects picked, the camera moved by the same
    // angles (its orbit, pan and zoom are shares of the view, not pixels).
    const fs::path half = dir / "half.json";
    run = runPickray({"--headless", "--replay", session.string(), "--size", "640x360", "--report", half.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json small = readJson(half);
    EXPECT_EQ(pickedNames(small), pickedNames(recorded));
    EXPECT_EQ(loadPng(dir / "session-replay" / "shot-1.png").width, 640) << "the screenshot remade at this size";
    EXPECT_EQ(small.at("editor").at("selection"), recorded.at("editor").at("selection"));
    EXPECT_EQ(small.at("editor").at("gizmo"), recorded.at("editor").at("gizmo"));
    // The moves are replayed as recorded: orbit angles and wheel steps as they were, a pan's pixels
    // scaled by the heights' ratio (1/2, exact in float) and divided by the height again: the same
    // floats in the same operations, so the same camera to the bit.
    for (const char* v : {"eye", "target"})
        for (std::size_t i = 0; i < 3; ++i)
            EXPECT_EQ(small.at("window").at("camera").at(v)[i].get<double>(),
                      recorded.at("window").at("camera").at(v)[i].get<double>())
                << v << ": the same moves, as shares of the view";
}

TEST(Session, ABadSessionFileIsRefusedNamingItAndNothingIsWritten) {
    const fs::path dir = scratchDir("session_bad");
    const fs::path bad = dir / "bad.json";
    std::ofstream(bad) << R"({"pickraySession": 1, "start": {"window": [64, 64], "document": "", "selection": [],)"
                       << R"( "settings": {}, "scene": {"objects": []}}, "frames": []})";
    const fs::path report = dir / "r.json";
    ProcessResult run = runPickray({"--headless", "--replay", bad.string(), "--report", report.string()});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.output.find(bad.string() + ": start.settings: field \"gizmo\": missing"), std::string::npos)
        << run.output;
    EXPECT_FALSE(fs::exists(report));
    run = runPickray({"--headless", "--replay", (dir / "none.json").string()});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.output.find("none.json: cannot read the file"), std::string::npos) << run.output;
    run = runPickray({"--headless", "--record-input", (dir / "s.json").string()});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.output.find("--record-input records what a hand does in a window: not with --headless"),
              std::string::npos)
        << run.output;
    run = runPickray({"--headless", "--replay", bad.string(), "--scene", kDefaultScene.string()});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.output.find("--replay starts from the scene its session recorded"), std::string::npos) << run.output;
}

}  // namespace
