// SPDX-License-Identifier: MIT
// Hostile input end to end: bad arguments and scene files, no display, missing shaders, odd window
// sizes, GL errors, saving under failure, and long sessions whose memory stays flat.
#include "end_to_end_support.hpp"

using namespace e2e;         // NOLINT: the shared helpers read as part of the tests
using namespace end_to_end;  // NOLINT

TEST(EndToEnd, BadArgumentsGiveAHintToHelpAndExitCode2) {
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"--bogus"}, {"--headless", "--size", "12"}, {"--headless", "--click", "x,y"}, {"--scene"}}) {
        const ProcessResult run = runPickray(args);
        EXPECT_EQ(run.exitCode, 2) << args[0];
        EXPECT_NE(run.output.find("Run 'pickray --help' for the options."), std::string::npos) << run.output;
    }
}

TEST(EndToEnd, NoDisplayFallsBackToTheScriptedMode) {
    const fs::path dir = tempDir() / "fallback";
    fs::create_directories(dir);
    const ProcessResult run =
        runPickray({}, "cd " + quote(dir.string()) + " && env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("no display"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find((dir / "pickray-screenshot.png").string()), std::string::npos) << run.output;
    ASSERT_TRUE(fs::exists(dir / "pickray-report.json"));
    // It clicks where the default scene's first object is drawn, so the output shows a pick.
    const json report = readJson(dir / "pickray-report.json");
    const ps::Scene scene = loadDefaultScene();
    EXPECT_EQ(report["clicks"][0]["picked"], scene.objects.front().name) << report.dump();
    // The picture is the default window's (1280x720) and shows that pick: the first object's
    // silhouette (the reference's) outlined in the highlight colour.
    const Image shot = loadPng(dir / "pickray-screenshot.png");
    ASSERT_EQ(shot.width, 1280);
    ASSERT_EQ(shot.height, 720);
    const glm::ivec2 size(1280, 720);
    const auto inside = visiblePixelOf(scene, 0, frameFor(scene.camera, size), size);
    ASSERT_TRUE(inside);
    EXPECT_GE(outlinedDirections(scene, 0, *inside, shot, looksHighlighted, size, 1), 7) << "the pick is outlined";
}

TEST(EndToEnd, AnUnreachableDisplayFallsBackToTheScriptedModeOnce) {
    // DISPLAY names no server: SDL ends up at its offscreen driver, whose window nobody sees. That
    // counts as no display; the scene is loaded again and the script runs instead (it used to wait
    // for input in the invisible window forever).
    const fs::path dir = tempDir() / "unreachable";
    fs::create_directories(dir);
    const ProcessResult run = runPickray(
        {}, "cd " + quote(dir.string()) + " && env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY=:9999 timeout 60 env");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("no display could be opened (DISPLAY=:9999)"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("running the headless scripted mode"), std::string::npos) << run.output;
    ASSERT_TRUE(fs::exists(dir / "pickray-report.json"));
    EXPECT_EQ(readJson(dir / "pickray-report.json")["clicks"][0]["picked"], loadDefaultScene().objects.front().name);
}

TEST(EndToEnd, AFallBackWhoseSceneCannotBeReadAgainSaysSoAndExitsWith1) {
    // The fall-back loads the scene a second time. From a pipe, the first load has read it all:
    // the second finds nothing, and must say so rather than use a scene it does not have.
    const fs::path dir = tempDir() / "unreachable_pipe";
    fs::create_directories(dir);
    const ProcessResult run = runPickray(
        {"--scene", "/dev/stdin"}, "cd " + quote(dir.string()) + " && cat " + quote(kDefaultScene.string()) +
                                       " | env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY=:9999 timeout 60 env");
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("no display could be opened (DISPLAY=:9999)"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("pickray: /dev/stdin: not valid JSON"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(dir / "pickray-report.json")) << "no script ran";
}

TEST(EndToEnd, EveryClassOfHostileSceneFileLeavesTheOpenSceneByteForByte) {
    const fs::path dir = tempDir() / "hostile";
    fs::create_directories(dir);
    auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream(dir / name, std::ios::binary) << text;
        return (dir / name).string();
    };
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    // file -> what the message must say
    const std::vector<std::pair<std::string, std::string>> cases = {
        {write("truncated.json", fileText(kDefaultScene).substr(0, 300)), "not valid JSON"},
        {write("wrong_type.json",
               R"({"objects": [{"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": "1"}]})"),
         "objects[0] (\"x\"): field \"radius\": expected a number, got string"},
        {write("missing.json", R"({"objects": [{"name": "x", "type": "capsule", "a": [0, 0, 0], "radius": 1}]})"),
         "objects[0] (\"x\"): field \"b\": missing"},
        {write("unknown_kind.json", R"({"objects": [{"name": "x", "type": "cone"}]})"),
         "objects[0] (\"x\"): field \"type\": unknown type \"cone\""},
        {write("nan.json", R"({"objects": [{"name": "x", "type": "sphere", "center": [NaN, 0, 0], "radius": 1}]})"),
         "not valid JSON"},
        {write("huge.json", R"({"objects": [{"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": 1e39}]})"),
         "objects[0] (\"x\"): field \"radius\": must be a finite number that fits a float"},
        {write("overflow.json",
               R"({"objects": [{"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": 1e400}]})"),
         "number overflow parsing '1e400'"},
        {write("negative.json",
               R"({"objects": [{"name": "x", "type": "cylinder", "a": [0, 0, 0], "b": [0, 1, 0], "radius": -1}]})"),
         "objects[0] (\"x\"): field radius"},
        {write("deep.json", R"({"objects": )" + deep + "}"), "objects[0]: expected an object"},
        {(dir / "sub").string(), "is a directory, not a scene file"},
        {(dir / "missing_file.json").string(), "cannot open the file: No such file or directory"},
        {(dir / "truncated.json" / "x.json").string(), "cannot open the file: Not a directory"},
    };
    fs::create_directories(dir / "sub");
    {
        std::ofstream(dir / "huge_100mb.json") << "{";
        fs::resize_file(dir / "huge_100mb.json", 100ull * 1024 * 1024);  // sparse
    }
    const fs::path before = dir / "before.json";
    const fs::path after = dir / "after.json";
    const std::vector<std::string> common = {"--headless", "--size", "320x240", "--hide-ui", "--click", "160,120"};
    std::vector<std::string> args = common;
    args.insert(args.end(), {"--save", before.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);

    args = common;
    for (const auto& c : cases) args.insert(args.end(), {"--load", c.first});
    args.insert(args.end(), {"--load", (dir / "huge_100mb.json").string(), "--save", after.string()});
    const ProcessResult run = runPickray(args);
    ASSERT_EQ(run.exitCode, 1) << "every load failed, so the script did\n" << run.output;
    for (const auto& [file, message] : cases) {
        // One line per refused file, naming it, saying the scene is unchanged, and why.
        const std::string line = "load failed (scene unchanged): " + file + ": ";
        const std::size_t at = run.output.find(line);
        ASSERT_NE(at, std::string::npos) << file << "\n" << run.output;
        const std::string rest = run.output.substr(at, run.output.find('\n', at) - at);
        EXPECT_NE(rest.find(message), std::string::npos) << rest;
    }
    EXPECT_NE(run.output.find("huge_100mb.json: the file is 100.0 MB, more than the 64.0 MB a scene file may have"),
              std::string::npos)
        << run.output;
    EXPECT_EQ(fileText(after), fileText(before));
    EXPECT_FALSE(fileText(before).empty());
    fs::remove_all(dir);
}

TEST(EndToEnd, AHostileStartingSceneExitsWith1AndNamesIt) {
    const fs::path bad = tempDir() / "bad_start.json";
    std::ofstream(bad) << R"({"objects": [{"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": -1}]})";
    const ProcessResult run = runPickray({"--headless", "--scene", bad.string()});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.output.find("pickray: " + bad.string() + ": objects[0] (\"x\"): field radius"), std::string::npos)
        << run.output;
}

TEST(EndToEnd, EveryClassOfBadCommandLineGivesOneLineAndAHintOnStderrAndExit2) {
    const std::vector<std::vector<std::string>> cases = {
        {"--bogus"},
        {"-x"},
        {"--headless", "extra"},  // unknown
        {"--size"},
        {"--scene"},
        {"--headless", "--click"},
        {"--fov"},
        {"--save"},  // missing value
        {"--size", "0x0"},
        {"--size", "-5x5"},
        {"--size", "1e9x1"},
        {"--size", "12x"},  // malformed --size
        {"--size", "x12"},
        {"--size", "big"},
        {"--size", "99999999999x100"},
        {"--size", "1280x720x3"},
        {"--headless", "--click", "1,2,3"},
        {"--headless", "--click", "a,b"},
        {"--headless", "--click", ""},
        {"--headless", "--click", "1,"},
        {"--headless", "--click", ",1"},
        {"--headless", "--click", "1.5,2"},
    };
    for (const std::vector<std::string>& args : cases) {
        std::string shown;
        for (const std::string& a : args) shown += a + " ";
        // stdout to /dev/null: the usage must be on stderr.
        const ProcessResult run = runPickray(args, "", "3>&1 1>/dev/null 2>&3");  // stderr only
        EXPECT_EQ(run.exitCode, 2) << shown << run.output;
        // One line naming the problem, then the hint to --help, and nothing else.
        EXPECT_EQ(run.output.rfind("pickray: ", 0), 0u) << shown << run.output;
        const std::size_t firstLineEnd = run.output.find('\n');
        EXPECT_EQ(run.output.substr(firstLineEnd + 1), "Run 'pickray --help' for the options.\n")
            << shown << run.output;
    }
}

TEST(EndToEnd, MissingOrBrokenShadersNameTheFileAndTheLogAndExitNonZero) {
    const fs::path dir = scratchDir("shaders");
    const fs::path source = fs::path(PICKRAY_ASSET_DIR).parent_path() / "shaders";
    for (const auto& entry : fs::directory_iterator(source)) fs::copy_file(entry.path(), dir / entry.path().filename());
    const std::string env = "PICKRAY_SHADER_DIR=" + quote(dir.string());
    const std::vector<std::string> args = {"--headless", "--size", "64x64", "--hide-ui"};

    fs::remove(dir / "line.frag");
    ProcessResult run = runPickray(args, env);
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("pickray: " + (dir / "line.frag").string() + ": cannot open shader file"),
              std::string::npos)
        << run.output;

    fs::copy_file(source / "line.frag", dir / "line.frag");
    std::ofstream(dir / "mesh.vert", std::ios::app) << "\nthis is not GLSL;\n";
    run = runPickray(args, env);
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("pickray: " + (dir / "mesh.vert").string() + ": "), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("error"), std::string::npos) << "the compiler log: " << run.output;
    fs::remove_all(dir);
}

// llvmpipe's on-disk shader cache (Mesa 22.3) is keyed without LP_NATIVE_VECTOR_WIDTH: a run at
// 128 bits that loaded what a run at the default width (256 with AVX2) had cached crashed at its
// first draw with a corrupt heap. pickray gives a run that sets the width a cache of its own
// (platform.cpp). Here a fresh cache is filled at the default width first; on a CPU without AVX
// both runs are 128 wide and the order proves nothing (the pictures still must agree).
TEST(EndToEnd, ARunAt128BitsAfterOneAtTheDefaultWidthDrawsTheSamePicture) {
    const fs::path dir = scratchDir("vector_width");
    // Mesa's cache under this test's own XDG_CACHE_HOME, whatever the caller's environment chose.
    const std::string env =
        "env -u MESA_SHADER_CACHE_DIR -u MESA_GLSL_CACHE_DIR -u MESA_SHADER_CACHE_DISABLE "
        "-u LP_NATIVE_VECTOR_WIDTH XDG_CACHE_HOME=" +
        quote((dir / "cache").string());
    const auto run = [&](const std::string& name, const std::string& width) {
        const fs::path png = dir / (name + ".png");
        const ProcessResult r = runPickray({"--headless", "--generate", "10", "--size", "96x64", "--hide-ui",
                                            "--no-stats", "--screenshot", png.string()},
                                           env + width);
        EXPECT_EQ(r.exitCode, 0) << name << ": " << r.output;
        return loadPng(png);
    };
    const Image wide = run("default", "");
    const Image narrow = run("128", " LP_NATIVE_VECTOR_WIDTH=128");
    ASSERT_EQ(wide.width, 96);
    ASSERT_EQ(narrow.width, 96);
    ASSERT_EQ(narrow.rgba.size(), wide.rgba.size());
    // The same shaders at either width: at most rounding apart (fused multiply-adds at 256 bits,
    // none at 128), under png_diff's 2/255 a channel for the docs' pictures.
    int differing = 0;
    for (std::size_t i = 0; i < wide.rgba.size(); ++i)
        if (std::abs(wide.rgba[i] - narrow.rgba[i]) > 2) ++differing;
    EXPECT_EQ(differing, 0);
    fs::remove_all(dir);
}

TEST(EndToEnd, EveryReportCountsGlErrorsAndACleanRunHasNone) {
    const fs::path report = tempDir() / "gl_errors.json";
    const ProcessResult run = runPickray({"--headless", "--size", "320x240", "--click", "160,120", "--orbit", "30,10",
                                          "--clip-depth", "direct3d", "--report", report.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    ASSERT_TRUE(r.contains("glErrors")) << r.dump();
    EXPECT_EQ(r["glErrors"], 0);
}

TEST(WindowSizes, TinyMinimisedAndHugeWindowsThenAClickPicksAsWithoutThem) {
    const glm::ivec2 size(480, 360);
    const ps::Scene scene = loadDefaultScene();
    const auto pixel = visiblePixelOf(scene, 0, frameFor(scene.camera, size), size);
    ASSERT_TRUE(pixel);
    const std::string click = std::to_string(pixel->x) + "," + std::to_string(pixel->y);
    const fs::path plain = tempDir() / "window_plain.json";
    const fs::path resized = tempDir() / "window_resized.json";
    ASSERT_EQ(runPickray({"--headless", "--hide-ui", "--size", "480x360", "--click", click, "--report", plain.string()})
                  .exitCode,
              0);
    // SDL refuses 0x0 (the window stays as it was, which is said); 1x1 and 8192x8192 are drawn.
    const ProcessResult run = runPickray({"--headless", "--hide-ui", "--size", "480x360", "--resize", "1x1",
                                          "--minimize", "--resize", "0x0", "--resize", "8192x8192", "--minimize",
                                          "--resize", "480x360", "--click", click, "--report", resized.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(resized);
    const json p = readJson(plain);
    ASSERT_EQ(r["clicks"].size(), 1u) << r.dump();
    // The click's ray, t, point and normal (13 numbers) at least, and the frame's timings.
    EXPECT_GE(expectAllNumbersFinite(r, "report"), 15) << r.dump();
    EXPECT_EQ(r["clicks"][0]["picked"], scene.objects[0].name);
    EXPECT_EQ(r["clicks"][0]["picked"], p["clicks"][0]["picked"]);
    // The same window size and camera: the same arithmetic, so the same ray and hits bit for bit.
    EXPECT_EQ(r["clicks"][0]["ray"], p["clicks"][0]["ray"]);
    EXPECT_EQ(r["clicks"][0]["hits"], p["clicks"][0]["hits"]);
    EXPECT_NE(run.output.find("--resize 0x0: the window is 1x1"), std::string::npos) << run.output;
}

TEST(GlDebugOutput, AProvokedGlErrorIsPrintedAndCounted) {
    const fs::path report = tempDir() / "provoked.json";
    const ProcessResult run =
        runPickray({"--headless", "--size", "160x120", "--debug-provoke-gl-error", "--report", report.string()}, "",
                   "2>&1", /*glErrorExpected=*/true);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report, /*glErrorExpected=*/true);
    EXPECT_EQ(r["glErrors"], 1) << "counted once, though glGetError and the callback both saw it";
    EXPECT_NE(run.output.find("GL error GL_INVALID_ENUM"), std::string::npos) << run.output;
    // The suite runs on Mesa (llvmpipe, README "Tests"), which has KHR_debug: the debug-output
    // path is checked, not skipped when it is missing (a driver without it fails here, and says so).
    ASSERT_EQ(r["glDebugOutput"], true) << "no KHR_debug debug output on this driver: " << r.dump();
    EXPECT_NE(run.output.find("GL error (debug output): GL_INVALID_ENUM"), std::string::npos) << run.output;
}

TEST(SavingUnderFailure, AFullDiskAndAReadOnlyTargetLeaveTheOldFileAndSayWhy) {
    const fs::path dir = tempDir() / "small_fs";
    if (!mountTmpfs(dir, "64k")) {
        if (PICKRAY_REQUIRE_ALL_TESTS) FAIL() << "mounting a tmpfs is not permitted here (PICKRAY_REQUIRE_ALL_TESTS)";
        GTEST_SKIP() << "mounting a tmpfs is not permitted here";
    }
    const fs::path target = dir / "scene.json";
    fs::copy_file(kDefaultScene, target);
    const std::string old = fileText(target);

    // 1000 generated objects are ~475 KB of JSON: more than the 64 KB file system holds.
    ProcessResult run =
        runPickray({"--headless", "--size", "160x120", "--generate", "1000", "--save", target.string()});
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("save failed: " + target.string() + ": not saved"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("No space left on device"), std::string::npos) << run.output;
    EXPECT_EQ(fileText(target), old);
    EXPECT_FALSE(fs::exists(dir / "scene.json.tmp"));

    ASSERT_EQ(std::system(("mount -o remount,ro " + quote(dir.string())).c_str()), 0);
    run = runPickray({"--headless", "--size", "160x120", "--save", target.string()});
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("save failed: " + target.string() + ": not saved"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("Read-only file system"), std::string::npos) << run.output;
    EXPECT_EQ(fileText(target), old);
    EXPECT_FALSE(fs::exists(dir / "scene.json.tmp"));
    unmount(dir);
}

// 700 rounds of two clicks, a drag, a selection, Duplicate and Delete: 1,400 to 2,100 recorded clicks and
// 1,400 index rebuilds in one run. Resident memory after the first round (allocators and
// driver warmed up) to the end may grow by at most kSoakGrowthKiB: the click records the report
// keeps (~0.5 KB each) and allocator slack, not a per-frame or per-edit leak (which at ~30,000
// frames would show as megabytes).
TEST(LongSession, ThousandsOfClicksAndEditsKeepMemoryFlat) {
    // Under ASan its memory check cannot hold (the quarantine) and leaks are app_lsan_soak's.
    constexpr int kRounds = 700;
    constexpr std::size_t kSoakGrowthKiB = 2048;
    const fs::path report = tempDir() / "soak.json";
    // llvmpipe rasterising on the calling thread (LP_NUM_THREADS=0): its worker threads touch
    // megabytes of fresh memory at some frame or none, which says nothing about pickray's memory
    // (docs/RELIABILITY.md has the figures).
    const ProcessResult run = runPickray({"--headless", "--hide-ui", "--size", "160x120", "--click", "80,60", "--click",
                                          "40,30", "--drag", "80,60,90,65", "--select", "ball", "--duplicate",
                                          "--delete", "--repeat", std::to_string(kRounds), "--report", report.string()},
                                         "LP_NUM_THREADS=0");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    // Two clicks a round, and the drag's press when it grabs an object (on the background a drag
    // orbits and is no click; the orbits move the camera, so which it is changes from round to round).
    EXPECT_GE(r["clicks"].size(), 2u * kRounds);
    EXPECT_LE(r["clicks"].size(), 3u * kRounds);
    EXPECT_GE(r["index"]["builds"].get<int>(), 2 * kRounds) << "every Duplicate and Delete rebuilds the index";
    const auto first = r["memory"]["rssFirstRoundKiB"].get<std::size_t>();
    const auto end = r["memory"]["rssEndKiB"].get<std::size_t>();
    ASSERT_GT(first, 0u) << "/proc/self/statm was read";
    EXPECT_LE(end, first + kSoakGrowthKiB) << r["memory"].dump();
    // The scene is the one it started as: each round's copy was deleted again.
    EXPECT_EQ(r["frame"]["objects"], loadDefaultScene().objects.size());
}
