// SPDX-License-Identifier: MIT
// Editing as people do it in the three.js editor, Blender and Godot, end to end on the real binary
// (headless scripts, and once in a real X window driven by xdotool): click versus drag, undo and
// redo byte for byte, every shortcut, panels that stay in the window. Expected picks and pixels
// are computed here from the scene file (e2e_support.hpp), not by the application.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtx/euler_angles.hpp>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"

using namespace e2e;  // NOLINT: the shared helpers read as part of the tests

namespace {

const std::vector<std::string> kHeadless = {"--headless", "--size", "640x360", "--hide-ui"};

std::vector<std::string> script(std::initializer_list<std::string> steps, bool hideUi = true) {
    std::vector<std::string> args = {"--headless", "--size", "640x360"};
    if (hideUi) args.push_back("--hide-ui");
    args.insert(args.end(), steps);
    return args;
}

// A pixel of the background (nothing on it), checked with the reference.
glm::ivec2 skyPixel() {
    const ps::Scene scene = loadDefaultScene();
    const glm::ivec2 sky{600, 20};
    EXPECT_FALSE(ReferenceScene(scene).nearestHit(rayAt(sky, frameFor(scene.camera, kSize)))) << "sky is empty";
    return sky;
}

std::string dragArg(glm::ivec2 from, glm::ivec2 to, const std::string& button = "") {
    return pixelArg(from) + "," + pixelArg(to) + (button.empty() ? "" : "," + button);
}

// The default scene as pickray saves it, before anything is done to it.
std::string savedUntouched() {
    const fs::path path = tempDir() / "untouched.json";
    const ProcessResult run = runPickray(script({"--save", path.string()}));
    EXPECT_EQ(run.exitCode, 0) << run.output;
    return fileText(path);
}

ps::Scene loadSaved(const fs::path& path) {
    auto loaded = ps::loadScene(path);
    EXPECT_TRUE(loaded.scene) << loaded.error;
    return loaded.scene ? *loaded.scene : ps::Scene{};
}

// ---- pictures of a real X window while it shows something ---------------------------------------
// pickray takes its own picture only on quitting (--screenshot) or on F12, which a question that
// has the keyboard does not let through; Xvfb keeps its screen in a file instead (-fbdir, in XWD
// format), which a session copies while the window shows what is to be read.

// xvfb-run as xvfbRun() gives it, its screen kept in `dir`/Xvfb_screen0.
std::string xvfbRunKeepingTheScreenIn(const fs::path& dir) {
    std::string run = xvfbRun();
    EXPECT_EQ(run.back(), '\'') << "the server's options end the command: " << run;
    run.insert(run.size() - 1, " -fbdir " + dir.string());
    return run;
}

// The window's part of a copy of that screen. XWD: a header of 25 big-endian 32-bit fields (its
// own size, the version, the format, the depth, the width, the height, ..., the byte order, ...,
// the bits a pixel, the bytes a row, the class, the red, green and blue masks, ..., the number of
// colours), the window's name to the header's end, the colour map (12 bytes a colour), then the
// rows of pixels. `geometry`: what `xdotool getwindowgeometry --shell` says of the window (its X,
// Y, WIDTH and HEIGHT). An empty image when either cannot be read.
Image windowInScreen(const fs::path& xwd, const fs::path& geometry) {
    Image image;
    std::map<std::string, int> g;
    std::istringstream lines(fileText(geometry));
    for (std::string line; std::getline(lines, line);)
        if (const auto eq = line.find('='); eq != std::string::npos)
            g[line.substr(0, eq)] = std::atoi(line.c_str() + eq + 1);
    const std::string bytes = fileText(xwd);
    if (bytes.size() < 100 || !g.count("X") || !g.count("WIDTH")) return image;
    const auto word = [&](std::size_t at) {
        std::uint32_t v = 0;
        for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(bytes[at + i]);
        return v;
    };
    const auto field = [&](std::size_t i) { return word(4 * i); };
    const std::uint32_t width = field(4), height = field(5), lsbFirst = field(7) == 0, rowBytes = field(12);
    const std::array<std::uint32_t, 3> masks{field(14), field(15), field(16)};
    const std::size_t start = field(0) + 12 * std::size_t{field(19)};
    const glm::ivec2 at(g["X"], g["Y"]), size(g["WIDTH"], g["HEIGHT"]);
    // ZPixmap (2) at 32 bits a pixel, as Xvfb keeps a 24-bit screen.
    if (field(2) != 2 || field(11) != 32 || at.x < 0 || at.y < 0 || at.x + size.x > static_cast<int>(width) ||
        at.y + size.y > static_cast<int>(height) || bytes.size() < start + std::size_t{rowBytes} * height)
        return image;
    image.width = size.x;
    image.height = size.y;
    image.rgba.resize(4 * static_cast<std::size_t>(size.x) * static_cast<std::size_t>(size.y), 255);
    for (int y = 0; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x) {
            const std::size_t from = start + std::size_t{rowBytes} * static_cast<std::size_t>(at.y + y) +
                                     4 * static_cast<std::size_t>(at.x + x);
            std::uint32_t v = word(from);
            if (lsbFirst) v = (v & 0xffu) << 24 | (v & 0xff00u) << 8 | (v >> 8 & 0xff00u) | v >> 24;
            const std::size_t to =
                4 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(size.x) + static_cast<std::size_t>(x));
            for (std::size_t c = 0; c < 3; ++c)
                image.rgba[to + c] = static_cast<unsigned char>((v & masks[c]) >> std::countr_zero(masks[c]));
        }
    return image;
}

// Text: bright and nearly grey (the largest channel at least 0.6, the three within 0.15 of each
// other), as ImGui's dark style draws it (1, 1, 1) with a font that has no antialiasing; every
// window, title bar, frame and button colour of the style is darker or blue.
bool looksLikeText(glm::ivec3 c) {
    const int high = std::max({c.r, c.g, c.b});
    return high >= 153 && high - std::min({c.r, c.g, c.b}) <= 38;
}

// The columns from the first to the last text pixel in rows [top, bottom) and columns [left, right)
// of `image`; 0 with none.
int textWidth(const Image& image, int top, int bottom, int left, int right) {
    int first = right, last = left - 1;
    for (int y = std::max(top, 0); y < std::min(bottom, image.height); ++y)
        for (int x = std::max(left, 0); x < std::min(right, image.width); ++x)
            if (looksLikeText(image.at(x, y))) {
                first = std::min(first, x);
                last = std::max(last, x);
            }
    return last >= first ? last - first + 1 : 0;
}

// Each glyph of the font (ProggyClean at 13 pixels, pickray's at UI scale 1) is 7 pixels wide, its
// ink inside that: a line of n characters has text n * 7 wide less the ink's margins in its first
// and last cells, at most one cell (measured: 2 and 1 of 7).
constexpr int kGlyph = 7;
bool widthOfCharacters(int width, std::size_t characters) {
    const int n = static_cast<int>(characters);
    return width <= n * kGlyph && width >= (n - 1) * kGlyph;
}

// A button's frame: ImGui's Button (0.26, 0.59, 0.98) at alpha 0.4 over a window, or opaque under
// the pointer; the only blue in a question's body (its text is white, its body near black).
bool looksLikeButton(glm::ivec3 c) { return c.b >= 100 && c.b - c.r >= 50; }

// Why the question titled `title` asking `text` with `buttons` answers is not seen in the middle of
// `image`, a picture of the window (empty: it is). question() (app/ui_frame.cpp) centres it in the
// window, its title bar focused (TitleBgActive) over a body of PopupBg. Read: the title bar's rows
// in the window's middle column above its centre; the bar's span along the row 2 below its top and
// the body's bottom in the column 2 inside its left edge (inside the padding, where nothing is
// drawn: read as panelNotDrawn reads a panel), centred in the window within a pixel (its place
// rounded to whole pixels: half a pixel; an odd size against an even one: half again); the
// title's text as wide as its characters, the text above the buttons as wide as `text`'s (one
// line: pickray wraps at 420 pixels, 60 characters), and `buttons` frames along the buttons' row.
// `measured`: what was read.
std::string questionNotSeen(const Image& image, const std::string& title, const std::string& text, int buttons,
                            std::string& measured) {
    if (image.rgba.empty()) return "no picture";
    const int cx = image.width / 2;
    const int cy = image.height / 2;
    const glm::ivec3 titleBar(41, 74, 122);
    int top = -1;
    for (int y = 0; y < cy && top < 0; ++y)
        if (closeTo(image.at(cx, y), titleBar)) top = y;
    if (top < 0) return "no focused title bar in the window's middle column above its centre";
    int titleEnd = top;
    while (titleEnd < cy && closeTo(image.at(cx, titleEnd), titleBar)) ++titleEnd;
    int left = cx, right = cx;  // the bar's first and last pixel along its row
    while (left > 0 && closeTo(image.at(left - 1, top + 2), titleBar)) --left;
    while (right + 1 < image.width && closeTo(image.at(right + 1, top + 2), titleBar)) ++right;
    int bottom = titleEnd;  // the body's first row past its end
    while (bottom < image.height && looksLikePanelBody(image.at(left + 2, bottom))) ++bottom;
    int buttonsTop = titleEnd;  // the buttons' frames start at the content's left, 8 inside the edge
    while (buttonsTop < bottom && !looksLikeButton(image.at(left + 9, buttonsTop))) ++buttonsTop;
    int frames = 0;
    if (buttonsTop + 1 < image.height)
        for (int x = left; x <= right; ++x)
            frames += looksLikeButton(image.at(x, buttonsTop + 1)) &&
                      (x == left || !looksLikeButton(image.at(x - 1, buttonsTop + 1)));
    const int titleWidth = textWidth(image, top, titleEnd, left, right + 1);
    const int textWidthRead = textWidth(image, titleEnd, buttonsTop, left, right + 1);
    const float centreX = 0.5f * static_cast<float>(left + right + 1);
    const float centreY = 0.5f * static_cast<float>(top + bottom);
    char centre[64];
    std::snprintf(centre, sizeof centre, "(%.1f, %.1f)", double(centreX), double(centreY));
    measured = "title bar " + std::to_string(titleEnd - top) + " rows, " + std::to_string(right + 1 - left) +
               " wide, centred at " + centre + " in the " + std::to_string(image.width) + "x" +
               std::to_string(image.height) + " window; title text " + std::to_string(titleWidth) +
               " pixels wide, text " + std::to_string(textWidthRead) + ", " + std::to_string(frames) + " buttons";
    if (titleEnd - top < 13) return "a title bar lower than the font: " + measured;
    if (std::fabs(centreX - static_cast<float>(cx)) > 1.0f || std::fabs(centreY - static_cast<float>(cy)) > 1.0f)
        return "not centred in the window: " + measured;
    if (!widthOfCharacters(titleWidth, title.size())) return "not the title's width: " + measured;
    if (!widthOfCharacters(textWidthRead, text.size())) return "not the text's width: " + measured;
    if (frames != buttons) return "not " + std::to_string(buttons) + " buttons: " + measured;
    return "";
}

}  // namespace

TEST(Editing, ADragWithinFourPixelsMovesNothingAndIsAClick) {
    const glm::ivec2 ball = pixelOf("ball");
    const fs::path saved = tempDir() / "small_drag.json";
    const fs::path report = tempDir() / "small_drag_report.json";
    const ProcessResult run = runPickray(
        script({"--drag", dragArg(ball, ball + glm::ivec2(2, -1)), "--drag", dragArg(ball, ball + glm::ivec2(-4, 4)),
                "--save", saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(fileText(saved), savedUntouched()) << "nothing moved";
    const json r = readJson(report);
    EXPECT_EQ(r["index"]["refits"], 0);
    EXPECT_EQ(r["editor"]["undoSteps"], 0);
    EXPECT_EQ(r["editor"]["picked"], "ball") << "each press picked the ball";
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"}));
}

TEST(Editing, ADragPastFourPixelsMovesTheObjectAsOneUndoStep) {
    const glm::ivec2 ball = pixelOf("ball");
    const fs::path saved = tempDir() / "drag5.json";
    const fs::path report = tempDir() / "drag5_report.json";
    const ProcessResult run = runPickray(script(
        {"--drag", dragArg(ball, ball + glm::ivec2(5, 0)), "--save", saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene before = loadDefaultScene();
    const ps::Scene after = loadSaved(saved);
    const auto& was = std::get<pickray::Sphere>(before.objects[objectNamed(before, "ball")].shape);
    const auto& now = std::get<pickray::Sphere>(after.objects[objectNamed(after, "ball")].shape);
    EXPECT_GT(glm::length(now.center - was.center), 0.01f) << "5 pixels moved it";
    EXPECT_EQ(readJson(report)["editor"]["undoSteps"], 1) << "a whole drag is one undo step";
}

TEST(Editing, ABackgroundClickClearsThePickAndTheSelection) {
    const fs::path report = tempDir() / "background_click.json";
    const ProcessResult run = runPickray(
        script({"--click", pixelArg(pixelOf("ball")), "--click", pixelArg(skyPixel()), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    ASSERT_EQ(r["clicks"].size(), 2u);
    EXPECT_TRUE(r["clicks"][1]["picked"].is_null());
    EXPECT_TRUE(r["editor"]["picked"].is_null());
    EXPECT_EQ(r["editor"]["selection"], json::array());
}

TEST(Editing, ABackgroundLeftDragOrbitsAndKeepsThePick) {
    const glm::ivec2 sky = skyPixel();
    const fs::path saved = tempDir() / "orbited.json";
    const fs::path report = tempDir() / "orbit_report.json";
    const ProcessResult run =
        runPickray(script({"--click", pixelArg(pixelOf("ball")), "--drag", dragArg(sky, sky - glm::ivec2(120, 0)),
                           "--save", saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    EXPECT_EQ(r["clicks"].size(), 1u) << "the drag was no click";
    EXPECT_EQ(r["editor"]["picked"], "ball") << "the pick stays through the orbit";
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"}));
    EXPECT_EQ(r["editor"]["undoSteps"], 0) << "the camera is not in the undo history";
    const ps::Scene before = loadDefaultScene();
    const ps::Scene after = loadSaved(saved);
    EXPECT_GT(glm::length(after.camera.eye - before.camera.eye), 1.0f) << "the camera orbited";
    EXPECT_EQ(after.camera.target, before.camera.target);
}

TEST(Editing, ADragThenCtrlZSavesByteForByteAsBeforeAndCtrlShiftZOrCtrlYBringsItBack) {
    const glm::ivec2 ball = pixelOf("ball");
    const fs::path edited = tempDir() / "edited.json";
    const fs::path undone = tempDir() / "undone.json";
    const fs::path redone = tempDir() / "redone.json";
    const fs::path undoneAgain = tempDir() / "undone_again.json";
    const fs::path redoneByY = tempDir() / "redone_y.json";
    const ProcessResult run = runPickray(script({"--drag", dragArg(ball, ball + glm::ivec2(60, -25)),
                                                 "--save", edited.string(),
                                                 "--key",  "ctrl+z",
                                                 "--save", undone.string(),
                                                 "--key",  "ctrl+shift+z",
                                                 "--save", redone.string(),
                                                 "--key",  "ctrl+z",
                                                 "--save", undoneAgain.string(),
                                                 "--key",  "ctrl+y",
                                                 "--save", redoneByY.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const std::string before = savedUntouched();
    ASSERT_NE(fileText(edited), before) << "the drag moved the ball";
    EXPECT_EQ(fileText(undone), before);
    EXPECT_EQ(fileText(redone), fileText(edited));
    EXPECT_EQ(fileText(undoneAgain), before);
    EXPECT_EQ(fileText(redoneByY), fileText(edited));
}

TEST(Editing, DeleteThenCtrlZPutsTheObjectBackInItsPlace) {
    const fs::path deleted = tempDir() / "deleted.json";
    const fs::path undone = tempDir() / "delete_undone.json";
    const ProcessResult run = runPickray(script({"--select", "capsule A", "--key", "delete", "--save", deleted.string(),
                                                 "--key", "ctrl+z", "--save", undone.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene afterDelete = loadSaved(deleted);
    EXPECT_EQ(afterDelete.objects.size(), loadDefaultScene().objects.size() - 1);
    EXPECT_TRUE(std::none_of(afterDelete.objects.begin(), afterDelete.objects.end(),
                             [](const ps::Object& o) { return o.name == "capsule A"; }));
    EXPECT_EQ(fileText(undone), savedUntouched()) << "back in its place in the list, byte for byte";
}

TEST(Editing, CtrlDDuplicatesTheSelectionAndSelectsTheCopies) {
    const fs::path saved = tempDir() / "duplicated.json";
    const fs::path report = tempDir() / "duplicated_report.json";
    const ProcessResult run = runPickray(script({"--select", "ball", "--select", "drum", "--key", "ctrl+d", "--save",
                                                 saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(loadSaved(saved).objects.size(), loadDefaultScene().objects.size() + 2);
    EXPECT_EQ(readJson(report)["editor"]["selection"], json::array({"ball copy", "drum copy"}));
    EXPECT_EQ(readJson(report)["editor"]["undoSteps"], 1);
}

TEST(Editing, FFramesTheSelectionAndHomeFramesEverything) {
    const fs::path framed = tempDir() / "framed.json";
    const fs::path all = tempDir() / "framed_all.json";
    const ProcessResult run = runPickray(
        script({"--select", "ball", "--key", "f", "--save", framed.string(), "--key", "home", "--save", all.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene before = loadDefaultScene();
    const auto& ball = std::get<pickray::Sphere>(before.objects[objectNamed(before, "ball")].shape);
    const ps::Camera camera = loadSaved(framed).camera;
    // Float roundings at the ball's centre (|centre| < 4: an ulp is 2^-22) and, for the unit
    // direction, at 1 (2^-23): 4 ulps each (measured: 2.7e-7 and 8.4e-8, about 1 ulp).
    expectNear(camera.target, ball.center, 4 * 0x1p-22f, "F: the camera looks at the ball's centre");
    const glm::vec3 was = glm::normalize(before.camera.eye - before.camera.target);
    const glm::vec3 now = glm::normalize(camera.eye - camera.target);
    expectNear(now, was, 4 * 0x1p-23f, "from the same direction");
    // The ball (radius 1) fits the view: the 45-degree field of view sees it whole and closely.
    const float distance = glm::length(camera.eye - camera.target);
    EXPECT_GT(distance, 1.0f / std::sin(glm::radians(22.5f)));
    EXPECT_LT(distance, 2.0f / std::sin(glm::radians(22.5f)));
    // Every object in view after Home: each one's inside point projects into the window.
    const ps::Scene framedAll = loadSaved(all);
    const Frame f = frameFor(framedAll.camera, kSize);
    std::size_t inView = 0;
    for (const ps::Object& o : framedAll.objects) {
        const glm::vec3 s = screenOf(ps::interiorPoint(o.shape), f);  // the reference's projection
        const glm::vec2 window(kSize);
        const bool in = s.x >= 0 && s.y >= 0 && s.x < window.x && s.y < window.y && s.z > framedAll.camera.near &&
                        s.z < framedAll.camera.far;
        EXPECT_TRUE(in) << o.name;
        inView += in ? 1 : 0;
    }
    EXPECT_EQ(inView, before.objects.size()) << "every object of the scene was checked";
}

TEST(Editing, EscClearsThePickAndTheSelection) {
    const fs::path report = tempDir() / "esc.json";
    const ProcessResult run =
        runPickray(script({"--click", pixelArg(pixelOf("drum")), "--key", "esc", "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    EXPECT_EQ(r["clicks"][0]["picked"], "drum");
    EXPECT_TRUE(r["editor"]["picked"].is_null());
    EXPECT_EQ(r["editor"]["selection"], json::array());
}

TEST(Editing, CtrlSSavesToTheOpenFileAndTheTitleSaysWhetherItIsSaved) {
    const fs::path file = tempDir() / "ctrl_s.json";
    fs::copy_file(kDefaultScene, file, fs::copy_options::overwrite_existing);
    const fs::path unsavedReport = tempDir() / "ctrl_s_unsaved.json";
    const fs::path savedReport = tempDir() / "ctrl_s_saved.json";
    ASSERT_EQ(runPickray({"--headless", "--size", "640x360", "--scene", file.string(), "--select", "ball", "--key",
                          "delete", "--report", unsavedReport.string()})
                  .exitCode,
              0);
    EXPECT_EQ(readJson(unsavedReport)["window"]["title"], "*ctrl_s.json - pickray");
    EXPECT_TRUE(readJson(unsavedReport)["editor"]["unsaved"].get<bool>());
    EXPECT_EQ(fileText(file), fileText(kDefaultScene)) << "not saved yet";
    const ProcessResult run =
        runPickray({"--headless", "--size", "640x360", "--scene", file.string(), "--select", "ball", "--key", "delete",
                    "--key", "ctrl+s", "--report", savedReport.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(readJson(savedReport)["window"]["title"], "ctrl_s.json - pickray");
    EXPECT_FALSE(readJson(savedReport)["editor"]["unsaved"].get<bool>());
    EXPECT_EQ(loadSaved(file).objects.size(), loadDefaultScene().objects.size() - 1) << "Ctrl+S wrote the open file";
}

TEST(Editing, HHidesAndShowsThePanelsAndF1ShowsTheHelp) {
    const fs::path hidden = tempDir() / "h_hidden.json";
    const fs::path shown = tempDir() / "h_shown.json";
    const fs::path plainPng = tempDir() / "h_plain.png";
    const fs::path hiddenPng = tempDir() / "h_hidden.png";
    const fs::path shownPng = tempDir() / "h_shown.png";
    ASSERT_EQ(runPickray(script({"--key", "h", "--report", hidden.string()}, false)).exitCode, 0);
    EXPECT_EQ(readJson(hidden)["window"]["panels"], json::array()) << "H hid the panels";
    ASSERT_EQ(
        runPickray(script({"--key", "h", "--key", "h", "--key", "f1", "--report", shown.string()}, false)).exitCode, 0);
    // The pictures from runs of their own (a picture's "screenshot saved" message would be in the
    // report), the timings left out so that the panels' pixels are the same on every run.
    ASSERT_EQ(runPickray(script({"--screenshot", plainPng.string()})).exitCode, 0);  // --hide-ui
    ASSERT_EQ(runPickray(script({"--no-stats", "--key", "h", "--screenshot", hiddenPng.string()}, false)).exitCode, 0);
    ASSERT_EQ(
        runPickray(
            script({"--no-stats", "--key", "h", "--key", "h", "--key", "f1", "--screenshot", shownPng.string()}, false))
            .exitCode,
        0);
    std::vector<std::string> names;
    const json report = readJson(shown);
    for (const json& p : report["window"]["panels"]) names.push_back(p["name"]);
    EXPECT_NE(std::find(names.begin(), names.end(), "Scene"), names.end()) << "H again showed them";
    EXPECT_NE(std::find(names.begin(), names.end(), "Help"), names.end()) << "F1 opened the help";
    // The pixels say the same: hidden, the picture is the one with no panels at all; shown, each
    // panel the report lists covers its rectangle (most of its pixels are not the scene's).
    const Image plain = loadPng(plainPng);
    ASSERT_EQ(plain.width, kSize.x);
    EXPECT_EQ(differingPixels(loadPng(hiddenPng), plain), 0) << "nothing of a panel is drawn";
    const Image withPanels = loadPng(shownPng);
    int covered = 0;
    for (const json& p : report["window"]["panels"]) {
        const glm::ivec2 min(p["pos"][0].get<float>(), p["pos"][1].get<float>());
        const glm::ivec2 max = min + glm::ivec2(p["size"][0].get<float>(), p["size"][1].get<float>());
        const int area = (max.x - min.x) * (max.y - min.y);
        ASSERT_GT(area, 0) << p.dump();
        EXPECT_GT(differingPixels(withPanels, plain, min, max), area / 2) << p["name"] << " is not drawn: " << p.dump();
        ++covered;
    }
    EXPECT_EQ(covered, static_cast<int>(names.size()));
    EXPECT_GE(covered, 2);
}

TEST(Editing, F12SavesAScreenshotInTheScreenshotsFolder) {
    const fs::path dir = tempDir() / "f12";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const ProcessResult run =
        runPickray(script({"--click", pixelArg(pixelOf("ball")), "--select", "drum", "--key", "f12"}),
                   "cd " + quote(dir.string()) + " &&");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    ASSERT_TRUE(fs::exists(dir / "screenshots")) << run.output;
    std::vector<fs::path> shots;
    for (const auto& entry : fs::directory_iterator(dir / "screenshots")) shots.push_back(entry.path());
    ASSERT_EQ(shots.size(), 1u);
    EXPECT_EQ(shots[0].extension(), ".png");
    // The file is the frame: pixel for pixel (2/255 a channel, as the docs' pictures are compared)
    // the picture --screenshot takes of the same steps.
    const fs::path direct = dir / "direct.png";
    ASSERT_EQ(
        runPickray(script({"--click", pixelArg(pixelOf("ball")), "--select", "drum", "--screenshot", direct.string()}))
            .exitCode,
        0);
    const Image a = loadPng(shots[0]);
    const Image b = loadPng(direct);
    ASSERT_EQ(a.width, kSize.x);
    ASSERT_EQ(a.height, kSize.y);
    ASSERT_EQ(b.width, kSize.x);
    ASSERT_EQ(b.height, kSize.y);
    EXPECT_EQ(differingPixels(a, b), 0);
    // And it shows the frame's pick: the ball outlined in the highlight colour (the drum selected
    // after the click keeps the gizmo away from the ball's outline).
    const ps::Scene scene = loadDefaultScene();
    EXPECT_GE(outlinedDirections(scene, objectNamed(scene, "ball"), pixelOf("ball"), a, looksHighlighted, kSize, 1), 7);
    fs::remove_all(dir);
}

TEST(Editing, KeysGoToAFocusedTextFieldNotToTheScene) {
    // (150, 63): the outliner's filter box, which takes the keyboard once clicked.
    const fs::path report = tempDir() / "keys_in_field.json";
    const ProcessResult run = runPickray(
        script({"--select", "ball", "--click", "150,63", "--key", "delete", "--key", "h", "--report", report.string()},
               false));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    EXPECT_TRUE(r["clicks"][0]["onUi"].get<bool>()) << "the click landed on the filter box";
    EXPECT_EQ(r["editor"]["undoSteps"], 0) << "Delete did not reach the scene";
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"}));
    EXPECT_FALSE(r["window"]["panels"].empty()) << "H did not hide the panels";
    // The pixels: the Scene panel is still drawn where the report puts it (most of its rectangle
    // differs from the picture without panels), in a picture of the same steps.
    const fs::path plainPng = tempDir() / "keys_in_field_plain.png";
    const fs::path shownPng = tempDir() / "keys_in_field.png";
    ASSERT_EQ(runPickray(script({"--screenshot", plainPng.string()})).exitCode, 0);  // --hide-ui
    ASSERT_EQ(runPickray(script({"--no-stats", "--select", "ball", "--click", "150,63", "--key", "delete", "--key", "h",
                                 "--screenshot", shownPng.string()},
                                false))
                  .exitCode,
              0);
    const Image plain = loadPng(plainPng);
    const Image shown = loadPng(shownPng);
    ASSERT_EQ(plain.width, kSize.x);
    int scenePanels = 0;
    for (const json& p : r["window"]["panels"]) {
        if (p["name"] != "Scene") continue;
        ++scenePanels;
        const glm::ivec2 min(p["pos"][0].get<float>(), p["pos"][1].get<float>());
        const glm::ivec2 max = min + glm::ivec2(p["size"][0].get<float>(), p["size"][1].get<float>());
        EXPECT_GT(differingPixels(shown, plain, min, max), (max.x - min.x) * (max.y - min.y) / 2) << p.dump();
    }
    EXPECT_EQ(scenePanels, 1);
}

TEST(Editing, PanelsStayInsideTheWindowAcrossResizesAndTheRightOnesKeepToTheRightEdge) {
    for (const std::string& sizes :
         {std::string("800x500"), std::string("1x1,1280x720"), std::string("800x500,1600x900")}) {
        std::vector<std::string> args = {"--headless", "--size", "1280x720"};
        std::string last;
        for (std::size_t start = 0; start < sizes.size();) {
            const std::size_t comma = std::min(sizes.find(',', start), sizes.size());
            last = sizes.substr(start, comma - start);
            args.insert(args.end(), {"--resize", last});
            start = comma + 1;
        }
        const fs::path report = tempDir() / "resize.json";
        const fs::path picture = tempDir() / "resize.png";
        // The picture first: its "screenshot saved" message is then in the report only.
        args.insert(args.end(), {"--no-stats", "--screenshot", picture.string(), "--report", report.string()});
        const ProcessResult run = runPickray(args);
        ASSERT_EQ(run.exitCode, 0) << run.output;
        const json w = readJson(report)["window"];
        const glm::vec2 window(w["size"][0].get<float>(), w["size"][1].get<float>());
        EXPECT_EQ(std::to_string(static_cast<int>(window.x)) + "x" + std::to_string(static_cast<int>(window.y)), last);
        ASSERT_GE(w["panels"].size(), 4u) << sizes;
        // The pixels: the picture is the window's size, and every panel is drawn where the report
        // puts it, inside the picture (its bar along its whole width, its body at its bottom).
        const Image image = loadPng(picture);
        EXPECT_EQ(glm::ivec2(image.width, image.height), glm::ivec2(window)) << sizes;
        int drawn = 0;
        for (const json& p : w["panels"]) {
            if (p["name"] == "Messages") continue;  // the screenshot's message, after the picture
            EXPECT_EQ(panelNotDrawn(image, p), "") << sizes << ": " << p.dump();
            ++drawn;
        }
        EXPECT_EQ(drawn, static_cast<int>(w["panels"].size()) - 1) << sizes << ": one message, the others panels";
        for (const json& p : w["panels"]) {
            const glm::vec2 pos(p["pos"][0].get<float>(), p["pos"][1].get<float>());
            const glm::vec2 size(p["size"][0].get<float>(), p["size"][1].get<float>());
            EXPECT_TRUE(pos.x >= 0 && pos.y >= 0 && pos.x + size.x <= window.x + 0.5f &&
                        pos.y + size.y <= window.y + 0.5f)
                << sizes << ": " << p.dump();
            if (p["name"] == "Pick" || p["name"] == "Camera") {
                EXPECT_NEAR(pos.x + size.x, window.x - 8.0f, 0.5f) << sizes << ": anchored right: " << p.dump();
            }
        }
    }
}

TEST(Editing, UndoAndRedoInARealXWindowUnderXvfbWithXdotool) {
    // Undo and redo run under ASan headless (EditorUndo.*, Editing.*); the real window's keys here.
    if (kSanitized) GTEST_SKIP() << "the real window's undo keys are checked in the uninstrumented build";
    if (std::system("command -v xvfb-run > /dev/null 2>&1 && command -v xdotool > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "xvfb-run or xdotool not installed";
    const glm::ivec2 ball = pixelOf("ball");
    const auto session = [&](const std::string& name, const std::string& actions) {
        const fs::path saved = tempDir() / (name + ".json");
        const fs::path sh = tempDir() / (name + ".sh");
        const fs::path scene = tempDir() / (name + "_scene.json");  // a copy the session may write
        fs::copy_file(kDefaultScene, scene, fs::copy_options::overwrite_existing);
        // The demo as a normal X client; xdotool presses, moves and releases the real pointer in
        // the window, types keys, then Ctrl+Q quits (with unsaved changes it asks, and Enter
        // answers "Save and quit") and --save writes the scene on quitting.
        std::ofstream(sh) << "set -e\n"
                          << "unset SDL_VIDEODRIVER\n"
                          << quote(PICKRAY_EXE) << " --size 640x360 --hide-ui --scene " << quote(scene.string())
                          << " --save " << quote(saved.string()) << " &\n"
                          << "PID=$!\n"
                          << "WID=$(timeout 20 xdotool search --sync --onlyvisible --name 'pickray$' | head -n1)\n"
                          << "[ -n \"$WID\" ]\n"
                          << "sleep 0.5\n"
                          << "xdotool mousemove --window \"$WID\" " << ball.x << " " << ball.y << "\n"
                          << "sleep 0.2\n"
                          << actions << "sleep 0.3\n"
                          << "xdotool key ctrl+q\n"
                          << "sleep 0.5\n"
                          << "if kill -0 $PID 2> /dev/null; then xdotool key Return; fi\n"
                          << "timeout 20 tail --pid=$PID -f /dev/null\n"
                          << "wait $PID\n";
        const std::string command = "ASAN_OPTIONS=detect_leaks=0 timeout 90 " + xvfbRun() + " sh " +
                                    quote(sh.string()) + " > " + quote((tempDir() / (name + ".txt")).string()) +
                                    " 2>&1";
        EXPECT_EQ(std::system(command.c_str()), 0) << fileText(tempDir() / (name + ".txt"));
        return fileText(saved);
    };
    const std::string drag =
        "xdotool mousedown 1\nsleep 0.2\n"
        "for i in 1 2 3 4 5 6; do xdotool mousemove_relative -- 10 -4; sleep 0.1; done\n"
        "xdotool mouseup 1\nsleep 0.2\n";
    const std::string twoPixels =
        "xdotool mousedown 1\nsleep 0.2\nxdotool mousemove_relative -- 2 0\nsleep 0.2\n"
        "xdotool mouseup 1\nsleep 0.2\n";
    const std::string untouched = savedUntouched();
    EXPECT_EQ(session("xvfb_two_pixels", twoPixels), untouched) << "a 2-pixel drag moved something";
    const std::string moved = session("xvfb_drag", drag);
    EXPECT_NE(moved, untouched) << "the drag moved the ball";
    EXPECT_EQ(session("xvfb_drag_undo", drag + "xdotool key ctrl+z\n"), untouched);
    // Redone, the ball is where the drag put it (the pointer's path, and so the last bits of the
    // sum of its steps, may differ from one X session to the next).
    const auto ballIn = [](const std::string& text) {
        const auto loaded = ps::parseScene(text, "saved");
        EXPECT_TRUE(loaded.scene) << loaded.error;
        if (!loaded.scene) return glm::vec3(0.0f);
        return std::get<pickray::Sphere>(loaded.scene->objects[objectNamed(*loaded.scene, "ball")].shape).center;
    };
    const std::string redone =
        session("xvfb_drag_undo_redo", drag + "xdotool key ctrl+z\nsleep 0.2\nxdotool key ctrl+shift+z\n");
    // The sum of the drag's six steps rounded differently: half an ulp each at the centre's size
    // (< 4: 2^-22), 8 ulps with room (measured: 0, bit for bit, in the runs seen).
    expectNear(ballIn(redone), ballIn(moved), 8 * 0x1p-22f, "redone drag");
    EXPECT_NE(redone, untouched);
}

// ---- files ------------------------------------------------------------------------------------

namespace {

// A folder of its own with a copy of the default scene in it, for tests that write files.
fs::path folderWithScene(const std::string& name) {
    const fs::path dir = tempDir() / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::copy_file(kDefaultScene, dir / "scene.json");
    return dir;
}

std::vector<std::string> panelNames(const json& report) {
    std::vector<std::string> names;
    for (const json& p : report["window"]["panels"]) names.push_back(p["name"]);
    return names;
}

bool has(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// Why the dialog of that title the report lists is not drawn where it says in the picture (taken
// just before the report; empty: it is): its title bar and body, read as panelNotDrawn reads them.
std::string questionNotDrawn(const fs::path& picture, const json& report, const std::string& title) {
    const Image image = loadPng(picture);
    const json& panels = report["window"]["panels"];
    for (const json& p : panels)
        if (p["name"] == title) return panelNotDrawn(image, p, panels);
    return "not in the report";
}

}  // namespace

TEST(Files, CtrlOOpensAFileThroughTheBrowserAndSaveThenWritesThatFile) {
    const fs::path dir = folderWithScene("open");
    fs::create_directories(dir / "sub");
    fs::copy_file(dir / "scene.json", dir / "sub" / "other.json");
    const fs::path report = tempDir() / "open_report.json";
    // Into the folder by typing its path, then the file by its name; then edit and Ctrl+S.
    const ProcessResult run =
        runPickray({"--headless", "--size", "1280x720", "--key",      "ctrl+o", "--type",   (dir / "sub").string(),
                    "--key",      "enter",  "--type",   "other.json", "--key",  "enter",    "--select",
                    "ball",       "--key",  "delete",   "--key",      "ctrl+s", "--report", report.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json r = readJson(report);
    EXPECT_EQ(r["window"]["title"], "other.json - pickray") << "the title follows the opened file";
    EXPECT_FALSE(r["editor"]["unsaved"].get<bool>());
    EXPECT_EQ(loadSaved(dir / "sub" / "other.json").objects.size(), loadDefaultScene().objects.size() - 1)
        << "Ctrl+S wrote the file that was opened";
    EXPECT_EQ(fileText(dir / "scene.json"), fileText(kDefaultScene)) << "and no other";
}

TEST(Files, SaveAsOntoAnExistingFileAsksAndEscKeepsTheFile) {
    const fs::path dir = folderWithScene("save_as");
    const std::string target = (dir / "scene.json").string();
    const fs::path asked = tempDir() / "save_as_asked.json";
    const fs::path askedPng = tempDir() / "save_as_asked.png";
    const fs::path kept = tempDir() / "save_as_kept.json";
    ASSERT_EQ(runPickray({"--headless", "--size", "1280x720", "--select", "ball", "--key", "delete", "--key",
                          "ctrl+shift+s", "--type", target, "--key", "enter", "--no-stats", "--screenshot",
                          askedPng.string(), "--report", asked.string()})
                  .exitCode,
              0);
    EXPECT_TRUE(has(panelNames(readJson(asked)), "Replace the file?")) << readJson(asked)["window"].dump();
    EXPECT_EQ(questionNotDrawn(askedPng, readJson(asked), "Replace the file?"), "");
    EXPECT_EQ(fileText(target), fileText(kDefaultScene)) << "nothing written while it asks";
    ASSERT_EQ(
        runPickray({"--headless", "--size", "1280x720", "--select", "ball", "--key", "delete", "--key", "ctrl+shift+s",
                    "--type", target, "--key", "enter", "--key", "esc", "--report", kept.string()})
            .exitCode,
        0);
    EXPECT_FALSE(has(panelNames(readJson(kept)), "Replace the file?"));
    EXPECT_EQ(fileText(target), fileText(kDefaultScene)) << "Esc: the file is kept";
    EXPECT_TRUE(readJson(kept)["editor"]["unsaved"].get<bool>());
}

TEST(Files, SaveAsOntoAnExistingFileReplacesItWhenTheAnswerIsEnter) {
    const fs::path dir = folderWithScene("replace");
    const std::string target = (dir / "scene.json").string();
    const fs::path report = tempDir() / "replace_report.json";
    ASSERT_EQ(
        runPickray({"--headless", "--size", "1280x720", "--select", "ball", "--key", "delete", "--key", "ctrl+shift+s",
                    "--type", target, "--key", "enter", "--key", "enter", "--report", report.string()})
            .exitCode,
        0);
    EXPECT_EQ(loadSaved(target).objects.size(), loadDefaultScene().objects.size() - 1);
    EXPECT_EQ(readJson(report)["window"]["title"], "scene.json - pickray") << "the document is the file saved";
    EXPECT_FALSE(readJson(report)["editor"]["unsaved"].get<bool>());
}

TEST(Files, SaveNeverOverwritesTheShippedSceneItAsksWhereInstead) {
    const std::string shipped = fileText(kDefaultScene);
    const fs::path report = tempDir() / "shipped_report.json";
    const fs::path picture = tempDir() / "shipped_report.png";
    ASSERT_EQ(runPickray({"--headless", "--size", "1280x720", "--select", "ball", "--key", "delete", "--key", "ctrl+s",
                          "--no-stats", "--screenshot", picture.string(), "--report", report.string()})
                  .exitCode,
              0);
    EXPECT_TRUE(has(panelNames(readJson(report)), "Save scene as")) << "Ctrl+S on the shipped scene is Save as";
    EXPECT_EQ(questionNotDrawn(picture, readJson(report), "Save scene as"), "");
    EXPECT_EQ(fileText(kDefaultScene), shipped) << "the shipped scene is untouched";
}

TEST(Files, OpeningWithUnsavedChangesAsksFirstAndCtrlZUndoesTheOpen) {
    const fs::path dir = folderWithScene("discard");
    const std::string other = (dir / "scene.json").string();
    const fs::path kept = tempDir() / "discard_kept.json";
    const fs::path opened = tempDir() / "discard_opened.json";
    const fs::path undone = tempDir() / "discard_undone.json";
    // Unsaved: the ball deleted. Esc at the question keeps the scene as it is.
    ASSERT_EQ(runPickray(script({"--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type", other, "--key",
                                 "enter", "--key", "esc", "--save", kept.string()},
                                false))
                  .exitCode,
              0);
    EXPECT_EQ(loadSaved(kept).objects.size(), loadDefaultScene().objects.size() - 1) << "Esc kept the edited scene";
    // Before Esc, the question is shown: listed in the report and drawn where it says.
    const fs::path asking = tempDir() / "discard_asking.json";
    const fs::path askingPng = tempDir() / "discard_asking.png";
    ASSERT_EQ(
        runPickray(script({"--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type", other, "--key", "enter",
                           "--no-stats", "--screenshot", askingPng.string(), "--report", asking.string()},
                          false))
            .exitCode,
        0);
    EXPECT_EQ(questionNotDrawn(askingPng, readJson(asking), "Discard the unsaved changes?"), "");
    // "Open anyway" (its button, where the report's tooltips say) opens it; Ctrl+Z puts the edited
    // scene back. (Enter is "Save first": discard_save_first's tests.)
    std::string openAnyway;
    const json askingReport = readJson(asking);
    for (const json& t : askingReport["window"]["tooltips"])
        if (t["text"] == "Open, losing the changes")
            openAnyway = std::to_string(static_cast<int>(t["pos"][0].get<float>() + t["size"][0].get<float>() / 2)) +
                         "," +
                         std::to_string(static_cast<int>(t["pos"][1].get<float>() + t["size"][1].get<float>() / 2));
    ASSERT_FALSE(openAnyway.empty()) << askingReport["window"]["tooltips"].dump();
    ASSERT_EQ(runPickray(script({"--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type", other, "--key",
                                 "enter", "--click", openAnyway, "--save", opened.string(), "--key", "ctrl+z", "--save",
                                 undone.string()},
                                false))
                  .exitCode,
              0);
    EXPECT_EQ(loadSaved(opened).objects.size(), loadDefaultScene().objects.size());
    EXPECT_EQ(fileText(undone), fileText(kept)) << "undoing the open gives the edited objects back";
}

TEST(Files, SaveFirstSavesToTheDocumentThenOpensAndOpensNothingIfThatSaveFails) {
    const fs::path dir = folderWithScene("discard_save_first");
    const fs::path document = dir / "scene.json";
    fs::copy_file(kDefaultScene, dir / "other.json");
    const std::string other = (dir / "other.json").string();
    const fs::path report = dir / "report.json";
    const std::size_t all = loadDefaultScene().objects.size();
    // The ball deleted, then Open: Enter answers "Save first".
    const auto run = [&](const std::string& scene) {
        return runPickray(script({"--scene", scene, "--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type",
                                  other, "--key", "enter", "--key", "enter", "--report", report.string()}));
    };
    ASSERT_EQ(run(document.string()).exitCode, 0);
    EXPECT_EQ(loadSaved(document).objects.size(), all - 1) << "saved first, without the ball";
    json r = readJson(report);
    EXPECT_EQ(r["window"]["title"], "other.json - pickray") << "then opened";
    EXPECT_FALSE(r["editor"]["unsaved"].get<bool>());
    // A save that fails (its temporary file's name taken by a folder) opens nothing: the edited
    // scene stays, unsaved, with the reason shown.
    const fs::path blocked = dir / "blocked.json";
    fs::copy_file(kDefaultScene, blocked);
    fs::create_directories(dir / "blocked.json.tmp");
    ASSERT_EQ(run(blocked.string()).exitCode, 0);
    r = readJson(report);
    EXPECT_EQ(r["window"]["title"], "*blocked.json - pickray") << "not opened";
    EXPECT_TRUE(r["editor"]["unsaved"].get<bool>());
    EXPECT_EQ(loadSaved(blocked).objects.size(), all) << "the file as it was";
    EXPECT_FALSE(has(panelNames(r), "Discard the unsaved changes?")) << "not asked again either";
    ASSERT_FALSE(r["window"]["messages"].empty());
    EXPECT_NE(r["window"]["messages"].back().get<std::string>().find("save failed"), std::string::npos)
        << r["window"]["messages"].dump();
}

TEST(Files, SaveFirstWithoutADocumentGoesThroughSaveAsThenOpens) {
    const fs::path dir = folderWithScene("discard_save_as");
    const std::string other = (dir / "scene.json").string();
    const fs::path saved = dir / "kept.json";
    const fs::path report = dir / "report.json";
    // The shipped scene (Save never writes it): "Save first" asks where, then opens.
    ASSERT_EQ(
        runPickray(script({"--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type", other, "--key", "enter",
                           "--key", "enter", "--type", saved.string(), "--key", "enter", "--report", report.string()}))
            .exitCode,
        0);
    EXPECT_EQ(loadSaved(saved).objects.size(), loadDefaultScene().objects.size() - 1);
    EXPECT_EQ(readJson(report)["window"]["title"], "scene.json - pickray");
    // Esc in the browser: nothing saved, nothing opened.
    ASSERT_EQ(runPickray(script({"--select", "ball", "--key", "delete", "--key", "ctrl+o", "--type", other, "--key",
                                 "enter", "--key", "enter", "--key", "esc", "--report", report.string()}))
                  .exitCode,
              0);
    EXPECT_EQ(readJson(report)["window"]["title"], "*default.json - pickray");
}

TEST(Files, ASizeOver1000TimesTheOthersMedianIsKeptWithAWarningBesideItsField) {
    // The ball's radius 1e30 (the others' sizes: 0.3 to 1.76, their median 0.9): the library takes
    // it, so loading and saving keep it; the Inspector says it stands out.
    const fs::path dir = tempDir() / "outsized";
    fs::create_directories(dir);
    std::string text = fileText(kDefaultScene);
    const std::string from = "\"center\": [-3.0, 1.0, 0.5], \"radius\": 1.0";
    ASSERT_NE(text.find(from), std::string::npos);
    text.replace(text.find(from), from.size(), "\"center\": [-3.0, 1.0, 0.5], \"radius\": 1e30");
    const fs::path scene = dir / "scene.json";
    std::ofstream(scene) << text;
    const fs::path report = dir / "report.json";
    const fs::path saved = dir / "saved.json";
    ASSERT_EQ(runPickray(script({"--scene", scene.string(), "--select", "ball", "--save", saved.string(), "--report",
                                 report.string()},
                                false))
                  .exitCode,
              0);
    EXPECT_EQ(std::get<pickray::Sphere>(loadSaved(saved).objects[0].shape).radius, 1e30f) << "accepted as it is";
    const json warned = readJson(report)["window"]["sizeWarning"];
    ASSERT_TRUE(warned.is_string()) << warned;
    EXPECT_EQ(warned, "Size: its radius is 1e+30, more than 1000x the median size of the other objects (0.9)");
    // The others are ordinary: no warning (the crate, whose others' median includes the ball).
    ASSERT_EQ(runPickray(script({"--scene", scene.string(), "--select", "crate", "--report", report.string()}, false))
                  .exitCode,
              0);
    EXPECT_TRUE(readJson(report)["window"]["sizeWarning"].is_null());
}

TEST(Files, QuittingWithUnsavedChangesAsksInARealWindowUnderXvfb) {
    if (std::system("command -v xvfb-run > /dev/null 2>&1 && command -v xdotool > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "xvfb-run or xdotool not installed";
    const fs::path dir = folderWithScene("quit");
    const fs::path scene = dir / "scene.json";
    const fs::path config = dir / "config";
    const fs::path sh = tempDir() / "quit.sh";
    const fs::path screen = dir / "screen";  // Xvfb's screen, kept in a file
    const fs::path geometry = dir / "geometry.txt";
    const fs::path asking = dir / "asking.xwd";
    const fs::path answered = dir / "answered.xwd";
    fs::create_directories(screen);
    // Delete the ball (Delete on the selection given by --select), Ctrl+Q: the question appears and
    // the program keeps running; Esc; Ctrl+Q again and Enter ("Save and quit").
    std::ofstream(sh) << "set -e\n"
                      << "unset SDL_VIDEODRIVER\n"
                      << "export XDG_CONFIG_HOME=" << quote(config.string()) << "\n"
                      << quote(PICKRAY_EXE) << " --size 800x600 --scene " << quote(scene.string())
                      << " --select ball &\n"
                      << "PID=$!\n"
                      << "WID=$(timeout 20 xdotool search --sync --onlyvisible --name 'pickray$' | head -n1)\n"
                      << "[ -n \"$WID\" ]\n"
                      << "sleep 0.5\n"
                      << "xdotool mousemove --window \"$WID\" 600 300\nsleep 0.2\n"
                      << "xdotool key Delete\nsleep 0.3\n"
                      << "xdotool key ctrl+q\nsleep 0.5\n"
                      << "kill -0 $PID\n"  // still running: it asked
                      // The pointer, which Xvfb draws in its screen, off the question; then the
                      // screen copied while the question is shown, and again once Esc answered it.
                      << "xdotool mousemove --window \"$WID\" 10 590\nsleep 0.3\n"
                      << "xdotool getwindowgeometry --shell \"$WID\" > " << quote(geometry.string()) << "\n"
                      << "cp " << quote((screen / "Xvfb_screen0").string()) << " " << quote(asking.string()) << "\n"
                      << "xdotool key Escape\nsleep 0.3\n"
                      << "cp " << quote((screen / "Xvfb_screen0").string()) << " " << quote(answered.string()) << "\n"
                      << "xdotool key ctrl+q\nsleep 0.5\n"
                      << "xdotool key Return\n"
                      << "timeout 20 tail --pid=$PID -f /dev/null\n"
                      << "wait $PID\n";
    const std::string command = "ASAN_OPTIONS=detect_leaks=0 timeout 90 " + xvfbRunKeepingTheScreenIn(screen) + " sh " +
                                quote(sh.string()) + " > " + quote((tempDir() / "quit.txt").string()) + " 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << fileText(tempDir() / "quit.txt");
    // The question as it was shown: in the middle of the window, its title, its text and its three
    // answers (the scene has a file: "Save and quit", "Quit without saving", "Cancel"); gone once
    // answered.
    std::string measured;
    EXPECT_EQ(questionNotSeen(windowInScreen(asking, geometry), "Quit with unsaved changes?",
                              "The scene has changes that are not saved. Save them first?", 3, measured),
              "");
    std::printf("precision: the quit question read from the screen: %s\n", measured.c_str());
    EXPECT_NE(questionNotSeen(windowInScreen(answered, geometry), "Quit with unsaved changes?",
                              "The scene has changes that are not saved. Save them first?", 3, measured),
              "")
        << "the question is read after Esc answered it";
    EXPECT_EQ(loadSaved(scene).objects.size(), loadDefaultScene().objects.size() - 1) << "saved before quitting";
    // The save is remembered among the recent files, in the user's config folder.
    EXPECT_EQ(fileText(config / "pickray" / "recent-files"), fs::canonical(scene).string() + "\n");
}

TEST(Editing, TheUiScaleGrowsThePanelsAndTheyStillFitTheWindow) {
    const auto widthOfScene = [](const std::string& scale) {
        const fs::path report = tempDir() / ("scale_" + scale + ".json");
        const ProcessResult run =
            runPickray({"--headless", "--size", "2000x1125", "--ui-scale", scale, "--report", report.string()});
        EXPECT_EQ(run.exitCode, 0) << run.output;
        const json r = readJson(report);
        float width = 0.0f;
        for (const json& p : r["window"]["panels"]) {
            const float x = p["pos"][0], y = p["pos"][1], w = p["size"][0], h = p["size"][1];
            EXPECT_TRUE(x >= 0 && y >= 0 && x + w <= 2000.5f && y + h <= 1125.5f) << scale << ": " << p.dump();
            if (p["name"] == "Scene") width = w;
        }
        return width;
    };
    const float normal = widthOfScene("1");
    const float large = widthOfScene("1.5");
    EXPECT_NEAR(large / normal, 1.5f, 0.01f);
}

// ---- the transform gizmo ---------------------------------------------------------------------

namespace {

// The gizmo as docs/DEMO.md states it, computed here: at the selection's centre, its axis handles
// run from 0.18 to 1 of 90 pixels' worth of world at that centre.
float worldPerPixel(const ps::Camera& c, glm::vec3 p, float height) {
    const glm::vec3 forward = glm::normalize(c.target - c.eye);
    return 2.0f * glm::dot(p - c.eye, forward) * std::tan(glm::radians(c.fovYDegrees) / 2.0f) / height;
}

// Where the reference camera draws `p`, in pixels.
glm::vec2 pixelsOf(glm::vec3 p, const Frame& f) { return glm::vec2(screenOf(p, f)); }

// The pixel `along` (0..1) of the way out on the gizmo's x handle, and the screen direction of x.
std::pair<glm::ivec2, glm::vec2> onXHandle(const ps::Camera& camera, glm::vec3 centre, glm::ivec2 size, float along) {
    const Frame f = frameFor(camera, size);
    const float length = 90.0f * worldPerPixel(camera, centre, static_cast<float>(size.y));
    const glm::vec2 from = pixelsOf(centre, f);
    const glm::vec2 to = pixelsOf(centre + glm::vec3(length, 0, 0), f);
    return {glm::ivec2(glm::floor(from + along * (to - from))), glm::normalize(to - from)};
}

// The parameter along the line through `o` in +x closest to the (reference's) ray's line, in long
// double.
long double alongX(glm::vec3 o, const pickref::Ray& r) {
    using ld = long double;
    const ld dx = r.direction.x, dy = r.direction.y, dz = r.direction.z;
    const ld wx = ld(o.x) - r.origin.x, wy = ld(o.y) - r.origin.y, wz = ld(o.z) - r.origin.z;
    const ld b = dx, c = dx * dx + dy * dy + dz * dz, e = wx, f = dx * wx + dy * wy + dz * wz;
    return (b * f - c * e) / (c - b * b);
}

}  // namespace

TEST(Gizmo, AnAxisDragFarFromTheOriginMovesByWhatTheRaySaysAndLeavesTheOtherTwoCoordinatesBitForBit) {
    // The object 1e4 from the origin, far/near = 1e6: where float unprojection falls apart.
    ps::Scene scene;
    scene.camera.eye = {10006.0f, 4.0f, 8.0f};
    scene.camera.target = {10000.0f, 0.3f, -0.7f};
    scene.camera.near = 0.01f;
    scene.camera.far = 1e4f;
    scene.objects.push_back({"far", glm::vec3(0.6f), pickray::Sphere{{10000.0f, 0.3f, -0.7f}, 0.25f}, {}});
    const fs::path file = tempDir() / "far.json";
    ASSERT_FALSE(ps::saveScene(scene, file));
    const glm::ivec2 window{1280, 720};
    const glm::vec3 centre = std::get<pickray::Sphere>(scene.objects[0].shape).center;
    const Frame f = frameFor(scene.camera, window);
    for (const float pixels : {40.0f, 300.0f}) {
        const auto [from, direction] = onXHandle(scene.camera, centre, window, 0.6f);
        const glm::ivec2 to = from + glm::ivec2(glm::round(pixels * direction));
        const fs::path saved = tempDir() / "far_moved.json";
        const ProcessResult run =
            runPickray({"--headless", "--size", "1280x720", "--hide-ui", "--scene", file.string(), "--select", "far",
                        "--drag", pixelArg(from) + "," + pixelArg(to), "--save", saved.string()});
        ASSERT_EQ(run.exitCode, 0) << run.output;
        const long double expected = alongX(centre, rayAt(to, f)) - alongX(centre, rayAt(from, f));
        const glm::vec3 moved = std::get<pickray::Sphere>(loadSaved(saved).objects[0].shape).center;
        const long double got = static_cast<long double>(moved.x) - centre.x;
        ASSERT_GT(std::abs(expected), 0.5L) << "the drag moved the cursor along the axis";
        // The position is a float: at 1e4 its steps are 2^-10. The object lands on the float
        // nearest to where the rays say, give or take one step; over a drag of several units that
        // is within 1e-4 of the distance.
        const float where = static_cast<float>(static_cast<long double>(centre.x) + expected);
        EXPECT_LE(std::abs(moved.x - where), std::nextafter(where, 2e4f) - where)
            << "moved to " << moved.x << ", the rays say " << where;
        const long double relative = std::abs((got - expected) / expected);
        if (pixels > 100.0f) {
            EXPECT_LT(relative, 1e-4L) << "moved " << double(got) << ", the rays say " << double(expected);
        }
        EXPECT_EQ(moved.y, centre.y) << "bit for bit";
        EXPECT_EQ(moved.z, centre.z) << "bit for bit";
        std::printf(
            "precision: gizmo x drag of %.0f px at 1e4, far/near 1e6: moved %.9Lg, the rays say %.9Lg "
            "(relative %.2Lg; a float step there is %.2g)\n",
            double(pixels), got, expected, relative, double(std::nextafter(where, 2e4f) - where));
    }
}

// Ctrl snaps the sphere's centre, off the grid at the press (x = 0.2), onto the world's grid of
// half units; the other two coordinates stay bit for bit.
TEST(Gizmo, HandlesComeBeforeObjectsAndCtrlSnapsToTheWorldGridOfHalfUnits) {
    ps::Scene scene;
    scene.camera.eye = {6.0f, 4.0f, 8.0f};
    scene.camera.target = {0.0f, 0.0f, 0.0f};
    scene.objects.push_back({"small", glm::vec3(0.6f), pickray::Sphere{{0.2f, 0.1f, 0.0f}, 0.2f}, {}});
    // A big sphere right behind the x handle, from the camera.
    scene.objects.push_back({"behind", glm::vec3(0.3f), pickray::Sphere{{-3.0f, -2.0f, -4.0f}, 3.0f}, {}});
    const fs::path file = tempDir() / "precedence.json";
    ASSERT_FALSE(ps::saveScene(scene, file));
    const auto [from, direction] = onXHandle(scene.camera, {0.2f, 0.1f, 0.0f}, kSize, 0.6f);
    const Frame f = frameFor(scene.camera, kSize);
    const auto behind = ReferenceScene(scene).nearestHit(rayAt(from, f));
    ASSERT_TRUE(behind && scene.objects[behind->object].name == "behind") << "the handle lies over the other sphere";
    const glm::ivec2 to = from + glm::ivec2(glm::round(57.0f * direction));
    const fs::path saved = tempDir() / "snapped.json";
    const fs::path report = tempDir() / "snapped_report.json";
    const ProcessResult run = runPickray(
        {"--headless", "--size", "640x360", "--hide-ui", "--scene", file.string(), "--select", "small", "--drag",
         pixelArg(from) + "," + pixelArg(to) + ",ctrl+left", "--save", saved.string(), "--report", report.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene after = loadSaved(saved);
    const glm::vec3 moved = std::get<pickray::Sphere>(after.objects[0].shape).center;
    EXPECT_NE(moved.x, 0.0f) << "the handle moved the selected sphere";
    EXPECT_EQ(std::fmod(moved.x, 0.5f), 0.0f) << "Ctrl snapped it onto the grid of half units: " << moved.x;
    EXPECT_EQ(moved.y, 0.1f) << "bit for bit";
    EXPECT_EQ(moved.z, 0.0f);
    EXPECT_EQ(std::get<pickray::Sphere>(after.objects[1].shape).center, glm::vec3(-3, -2, -4)) << "the other stayed";
    EXPECT_EQ(readJson(report)["editor"]["selection"], json::array({"small"})) << "the press selected nothing else";
}

// The name of the object the reference sees under `pixel` of a window of `size` ("" for none).
std::string nameUnder(const ps::Scene& scene, glm::ivec2 pixel, glm::ivec2 size) {
    const auto hit = ReferenceScene(scene).nearestHit(rayAt(pixel, frameFor(scene.camera, size)));
    return hit ? scene.objects[hit->object].name : "";
}

// Issue 23's steps: with the crate selected, its y handle crosses the ball at (525, 343) of a
// 1280x720 window. A click there is the handle's: nothing behind it is picked or selected.
TEST(Gizmo, AClickOnAHandleIsTheHandlesAndPicksNothingBehindIt) {
    const ps::Scene scene = loadDefaultScene();
    const glm::ivec2 at{525, 343};
    ASSERT_EQ(nameUnder(scene, at, {1280, 720}), "ball") << "the ball lies under the handle";
    const fs::path withGizmo = tempDir() / "handle_click.json";
    const fs::path withoutGizmo = tempDir() / "no_gizmo_click.json";
    const std::vector<std::string> window = {"--headless", "--size", "1280x720", "--hide-ui"};
    std::vector<std::string> args = window;
    args.insert(args.end(),
                {"--select", "crate", "--key", "w", "--click", pixelArg(at), "--report", withGizmo.string()});
    const ProcessResult run = runPickray(args);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    // The same click with nothing selected (no gizmo): the ball, as the reference says.
    args = window;
    args.insert(args.end(), {"--click", pixelArg(at), "--report", withoutGizmo.string()});
    const ProcessResult control = runPickray(args);
    ASSERT_EQ(control.exitCode, 0) << control.output;
    EXPECT_EQ(readJson(withoutGizmo)["editor"]["selection"], json::array({"ball"}));

    const json r = readJson(withGizmo);
    EXPECT_EQ(r["editor"]["selection"], json::array({"crate"})) << "the selection stays";
    EXPECT_TRUE(r["editor"]["picked"].is_null()) << "nothing picked behind the handle";
    EXPECT_EQ(r["editor"]["undoSteps"], 0);
    ASSERT_EQ(r["clicks"].size(), 1u) << "the report lists the click ...";
    EXPECT_TRUE(r["clicks"][0]["onGizmo"].get<bool>());
    EXPECT_TRUE(r["clicks"][0]["picked"].is_null()) << "... on the handle, picking nothing behind it";
    EXPECT_TRUE(r["clicks"][0]["hits"].empty());
}

// Issue 23, point 3: the Inspector says which snap Ctrl gives, the world's grid or the object's own.
TEST(Gizmo, TheInspectorSaysWhichGridCtrlSnapsTo) {
    const auto reportAfter = [](const std::string& name, std::vector<std::string> keys) {
        const fs::path report = tempDir() / name;
        std::vector<std::string> args = {"--headless", "--size", "1280x720", "--select", "crate"};
        for (const std::string& k : keys) args.insert(args.end(), {"--key", k});
        args.insert(args.end(), {"--report", report.string()});
        const ProcessResult run = runPickray(args);
        EXPECT_EQ(run.exitCode, 0) << run.output;
        return report;
    };
    const fs::path world = reportAfter("snap_world.json", {});
    const fs::path local = reportAfter("snap_local.json", {"q"});
    const fs::path hidden = reportAfter("snap_hidden.json", {"h"});
    EXPECT_EQ(readJson(world)["window"]["snapShown"], "Ctrl snaps onto the world grid of 0.5");
    EXPECT_EQ(readJson(local)["window"]["snapShown"], "Ctrl snaps to steps of 0.5 along its own axes");
    EXPECT_TRUE(readJson(hidden)["window"]["snapShown"].is_null()) << "no panels, no Inspector";
}

// Issue 23, point 4. The ball clicked where the y handle will cross it, then W: the hit marker is
// drawn over the handle, not hidden by it.
TEST(Gizmo, TheHitMarkerStaysInSightOverTheHandles) {
    const fs::path picture = tempDir() / "marker_over_gizmo.png";
    const ProcessResult run = runPickray({"--headless", "--size", "1280x720", "--hide-ui", "--click", "470,300",
                                          "--key", "w", "--screenshot", picture.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const Image image = loadPng(picture);
    ASSERT_EQ(image.width, 1280);
    // The marker is white and 5 pixels in radius: the pixel clicked and its neighbours within 2.
    int white = 0;
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx)
            white += glm::all(glm::greaterThanEqual(image.at(470 + dx, 300 + dy), glm::ivec3(250))) ? 1 : 0;
    EXPECT_EQ(white, 25) << "the hit marker, not the y handle over it";
}

// Issue 23, point 4: the gizmo's x handle, told from a picture without it (the same scene with
// nothing selected), at two window sizes: its shaft is a band at least 3 pixels wide (and no
// wider than the 3 pixels and the rasterizer's coverage of a slanted band allow, 6) and its end is
// a cone, as wide as its radius says (0.08 of the 90-pixel gizmo at its base, tapering to the tip).
TEST(Gizmo, TheMoveHandlesAreThreePixelBandsEndingInConesAtAnySize) {
    ps::Scene scene;
    scene.camera.eye = {6.0f, 4.0f, 8.0f};
    scene.camera.target = {0.0f, 0.0f, 0.0f};
    scene.objects.push_back({"small", glm::vec3(0.6f), pickray::Sphere{{0.0f, 0.0f, 0.0f}, 0.2f}, {}});
    const fs::path file = tempDir() / "looks.json";
    ASSERT_FALSE(ps::saveScene(scene, file));
    int sizes = 0;
    for (const glm::ivec2 size : {glm::ivec2(640, 360), glm::ivec2(1920, 1080)}) {
        const std::string sizeArg = std::to_string(size.x) + "x" + std::to_string(size.y);
        const fs::path with = tempDir() / "looks_gizmo.png";
        const fs::path without = tempDir() / "looks_plain.png";
        for (const auto& [select, picture] : {std::pair{true, with}, std::pair{false, without}}) {
            std::vector<std::string> args = {"--headless", "--size", sizeArg, "--hide-ui", "--scene", file.string()};
            if (select) args.insert(args.end(), {"--select", "small"});
            args.insert(args.end(), {"--screenshot", picture.string()});
            const ProcessResult run = runPickray(args);
            ASSERT_EQ(run.exitCode, 0) << run.output;
        }
        const Image a = loadPng(with);
        const Image b = loadPng(without);
        ASSERT_EQ(a.width, size.x);
        ASSERT_EQ(b.width, size.x);
        const auto ink = [&](glm::vec2 p) {
            const glm::ivec2 q(glm::floor(p));
            if (q.x < 0 || q.y < 0 || q.x >= size.x || q.y >= size.y) return false;
            const glm::ivec3 d = glm::abs(a.at(q.x, q.y) - b.at(q.x, q.y));
            return std::max({d.r, d.g, d.b}) > 40;
        };
        // Pixels of gizmo across the x handle at `along` of its length: one-pixel steps across it.
        const auto widthAt = [&](float along) {
            const auto [at, direction] = onXHandle(scene.camera, {0, 0, 0}, size, along);
            const glm::vec2 across(-direction.y, direction.x);
            int count = 0;
            for (int k = -12; k <= 12; ++k) count += ink(glm::vec2(at) + 0.5f + static_cast<float>(k) * across) ? 1 : 0;
            return count;
        };
        const int shaft = widthAt(0.5f);
        EXPECT_GE(shaft, 3) << sizeArg << ": the shaft is at least 3 pixels wide";
        EXPECT_LE(shaft, 6) << sizeArg;
        // The cone at 0.84 of the length: a radius of 0.08 · 90 · (1 - 0.84) / 0.22 = 5.2 pixels,
        // about 10 across; at least 8 allows for the pixel grid at its two edges.
        const int cone = widthAt(0.84f);
        EXPECT_GE(cone, 8) << sizeArg << ": a cone, wider than the shaft";
        std::printf("%s: shaft %d pixels, cone %d pixels across\n", sizeArg.c_str(), shaft, cone);
        ++sizes;
    }
    EXPECT_EQ(sizes, 2);
}

// Issue 23's steps: click the ball, Ctrl+click the crate, drag the crate. Both move by the same
// offset as one undo step, and both stay selected.
TEST(Editing, ADragOnOneOfTwoSelectedObjectsMovesBothAsOneUndoStep) {
    const ps::Scene scene = loadDefaultScene();
    const glm::ivec2 size{1280, 720};
    const glm::ivec2 ball{470, 300};
    const glm::ivec2 crate{520, 420};
    ASSERT_EQ(nameUnder(scene, ball, size), "ball");
    ASSERT_EQ(nameUnder(scene, crate, size), "crate");
    const fs::path moved = tempDir() / "multi_moved.json";
    const fs::path undone = tempDir() / "multi_undone.json";
    const fs::path report = tempDir() / "multi_report.json";
    const ProcessResult run =
        runPickray({"--headless", "--size", "1280x720", "--hide-ui", "--click", pixelArg(ball), "--drag",
                    dragArg(crate, crate, "ctrl+left"), "--drag", dragArg(crate, {640, 400}), "--save", moved.string(),
                    "--report", report.string(), "--key", "ctrl+z", "--save", undone.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene after = loadSaved(moved);
    const auto centre = [](const ps::Scene& s, const std::string& name) {
        const pickray::Aabb b = pickray::bounds(s.objects[objectNamed(s, name)].shape);
        return 0.5f * (b.min + b.max);
    };
    const glm::vec3 ballMoved = centre(after, "ball") - centre(scene, "ball");
    const glm::vec3 crateMoved = centre(after, "crate") - centre(scene, "crate");
    EXPECT_GT(glm::length(crateMoved), 1.0f) << "120 pixels moved the crate";
    // One offset added to each object's coordinates (below 8: half an ulp is 2^-21), then the
    // bounds' centres taken from them: the two moves agree within a few ulps, 2^-18.
    EXPECT_LT(glm::length(ballMoved - crateMoved), 0x1p-18f) << "the ball moved with the crate";
    // The others, not selected, stay bit for bit: each one's saved text as before.
    int others = 0;
    for (const ps::Object& o : after.objects) {
        if (o.name == "ball" || o.name == "crate") continue;
        ps::Scene was;
        ps::Scene now;
        was.objects = {scene.objects[objectNamed(scene, o.name)]};
        now.objects = {o};
        EXPECT_EQ(ps::toJsonText(now), ps::toJsonText(was)) << o.name << " was not selected";
        ++others;
    }
    EXPECT_EQ(others, static_cast<int>(scene.objects.size()) - 2);
    const json r = readJson(report);
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball", "crate"})) << "both stay selected";
    EXPECT_EQ(fileText(undone), savedUntouched()) << "one undo puts both back, byte for byte";
}

TEST(Gizmo, TwoCapsulesMoveTogetherTheirPairPanelStaysAndOneUndoPutsBothBack) {
    const ps::Scene scene = loadDefaultScene();
    const auto& a = std::get<pickray::Capsule>(scene.objects[objectNamed(scene, "capsule A")].shape);
    const auto& b = std::get<pickray::Capsule>(scene.objects[objectNamed(scene, "capsule B")].shape);
    const glm::vec3 centre = 0.25f * (a.a + a.b + b.a + b.b);
    const glm::ivec2 window{1280, 720};
    const auto [from, direction] = onXHandle(scene.camera, centre, window, 0.65f);
    const glm::ivec2 to = from + glm::ivec2(glm::round(50.0f * direction));
    const fs::path moved = tempDir() / "pair_moved.json";
    const fs::path undone = tempDir() / "pair_undone.json";
    const fs::path report = tempDir() / "pair_report.json";
    const ProcessResult run =
        runPickray({"--headless", "--size", "1280x720", "--select", "capsule A", "--select", "capsule B", "--drag",
                    pixelArg(from) + "," + pixelArg(to), "--save", moved.string(), "--report", report.string(), "--key",
                    "ctrl+z", "--save", undone.string()});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene after = loadSaved(moved);
    const auto& a2 = std::get<pickray::Capsule>(after.objects[objectNamed(after, "capsule A")].shape);
    const auto& b2 = std::get<pickray::Capsule>(after.objects[objectNamed(after, "capsule B")].shape);
    const float dx = a2.a.x - a.a.x;
    EXPECT_GT(std::abs(dx), 0.05f);
    for (const auto& [was, now] :
         {std::pair{a.a, a2.a}, std::pair{a.b, a2.b}, std::pair{b.a, b2.a}, std::pair{b.b, b2.b}}) {
        // Each moved coordinate is rounded once, to half an ulp at its size (< 4: 2^-22): the moves
        // agree within one ulp (measured: 6e-8).
        EXPECT_NEAR(now.x - was.x, dx, 0x1p-22f) << "both capsules moved by the same";
        EXPECT_EQ(now.y, was.y);
        EXPECT_EQ(now.z, was.z);
    }
    const json r = readJson(report);
    EXPECT_EQ(r["editor"]["selection"], json::array({"capsule A", "capsule B"}));
    EXPECT_TRUE(has(panelNames(r), "Capsule pair")) << "the pair's panel stays";
    EXPECT_EQ(fileText(undone), savedUntouched()) << "one undo puts both back, byte for byte";
}

TEST(Gizmo, WERAndQSwitchItAndAScaleDragStretchesTheCrateAlongItsOwnXOnly) {
    const fs::path modes = tempDir() / "gizmo_modes.json";
    ASSERT_EQ(
        runPickray(script({"--select", "crate", "--key", "e", "--key", "q", "--report", modes.string()})).exitCode, 0);
    EXPECT_EQ(readJson(modes)["editor"]["gizmo"], (json{{"mode", "rotate"}, {"space", "local"}}));
    ASSERT_EQ(runPickray(script({"--key", "r", "--key", "q", "--key", "q", "--key", "w", "--report", modes.string()}))
                  .exitCode,
              0);
    EXPECT_EQ(readJson(modes)["editor"]["gizmo"], (json{{"mode", "move"}, {"space", "world"}}));

    // R: the crate's x scale handle, along the crate's own x (its rotation, computed here).
    const ps::Scene scene = loadDefaultScene();
    const ps::Object& crate = scene.objects[objectNamed(scene, "crate")];
    const glm::mat3 turn(glm::eulerAngleZYX(glm::radians(crate.placement.rotationDegrees.z),
                                            glm::radians(crate.placement.rotationDegrees.y),
                                            glm::radians(crate.placement.rotationDegrees.x)));
    const glm::vec3 centre = ps::interiorPoint(crate.shape);
    const Frame f = frameFor(scene.camera, kSize);
    const float length = 90.0f * worldPerPixel(scene.camera, centre, static_cast<float>(kSize.y));
    const glm::vec2 origin = pixelsOf(centre, f);
    const glm::vec2 tip = pixelsOf(centre + length * turn[0], f);
    const glm::ivec2 from(glm::floor(origin + 0.6f * (tip - origin)));
    const glm::ivec2 to = from + glm::ivec2(glm::round(30.0f * glm::normalize(tip - origin)));
    const fs::path saved = tempDir() / "scaled.json";
    ASSERT_EQ(runPickray(script({"--select", "crate", "--key", "r", "--drag", pixelArg(from) + "," + pixelArg(to),
                                 "--save", saved.string()}))
                  .exitCode,
              0);
    const ps::Scene scaled = loadSaved(saved);
    const ps::Object& after = scaled.objects[objectNamed(scaled, "crate")];
    EXPECT_GT(after.placement.scale.x, crate.placement.scale.x * 1.1f) << "stretched along its own x";
    EXPECT_EQ(after.placement.scale.y, crate.placement.scale.y);
    EXPECT_EQ(after.placement.scale.z, crate.placement.scale.z);
    EXPECT_EQ(after.placement.position, crate.placement.position) << "scaled about its centre";
    EXPECT_EQ(after.placement.rotationDegrees, crate.placement.rotationDegrees);
}

TEST(Editing, TheOutlinerScrollsToThePickedObjectAndFiltersByName) {
    // 10,000 objects: the one picked at the centre is thousands of rows down the list.
    const fs::path report = tempDir() / "outliner.json";
    ASSERT_EQ(runPickray({"--headless", "--size", "1280x720", "--generate", "10000", "--click", "640,360", "--report",
                          report.string()})
                  .exitCode,
              0);
    const json r = readJson(report);
    ASSERT_FALSE(r["editor"]["picked"].is_null());
    const std::string picked = r["editor"]["picked"];
    const json rows = r["window"]["outlinerRows"];
    EXPECT_NE(std::find(rows.begin(), rows.end(), picked), rows.end()) << picked << " not among " << rows.dump();
    EXPECT_NE(rows.front(), "sphere #0") << "the list scrolled";
    // The filter box: typed into after a click on it, only the names holding the text remain.
    const fs::path filtered = tempDir() / "filtered.json";
    ASSERT_EQ(runPickray({"--headless", "--size", "1280x720", "--click", "150,63", "--type", "caps", "--report",
                          filtered.string()})
                  .exitCode,
              0);
    EXPECT_EQ(readJson(filtered)["window"]["outlinerRows"], json::array({"capsule A", "capsule B"}));
}

TEST(Editing, AMessageRepeatedIsPrintedOnce) {
    const ProcessResult run = runPickray(script({"--key", "delete", "--key", "delete", "--key", "delete"}), "", "2>&1");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    std::size_t count = 0;
    for (std::size_t at = run.output.find("nothing selected to delete"); at != std::string::npos;
         at = run.output.find("nothing selected to delete", at + 1))
        ++count;
    EXPECT_EQ(count, 1u) << run.output;
}

// Then a second drag of the same handle with Ctrl held (the cursor is still on it: the handle
// followed it) puts the ball's centre onto the world grid of half units.
TEST(Gizmo, AnAxisDragInARealXWindowUnderXvfbMovesTheBallAlongXOnlyAndCtrlSnapsItOntoTheGrid) {
    if (std::system("command -v xvfb-run > /dev/null 2>&1 && command -v xdotool > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "xvfb-run or xdotool not installed";
    const ps::Scene scene = loadDefaultScene();
    const glm::vec3 centre = std::get<pickray::Sphere>(scene.objects[objectNamed(scene, "ball")].shape).center;
    const auto [from, direction] = onXHandle(scene.camera, centre, kSize, 0.6f);
    const glm::ivec2 step(glm::round(12.0f * direction));
    const fs::path copy = tempDir() / "xvfb_gizmo_scene.json";
    fs::copy_file(kDefaultScene, copy, fs::copy_options::overwrite_existing);
    const fs::path saved = tempDir() / "xvfb_gizmo.json";
    const fs::path sh = tempDir() / "xvfb_gizmo.sh";
    // The real pointer on the x handle, pressed, moved in four steps, released; again with Ctrl
    // held; then Ctrl+Q and
    // Enter ("Save and quit"), and --save writes the scene on quitting.
    std::ofstream(sh) << "set -e\n"
                      << "unset SDL_VIDEODRIVER\n"
                      << quote(PICKRAY_EXE) << " --size 640x360 --hide-ui --scene " << quote(copy.string())
                      << " --select ball --save " << quote(saved.string()) << " &\n"
                      << "PID=$!\n"
                      << "WID=$(timeout 20 xdotool search --sync --onlyvisible --name 'pickray$' | head -n1)\n"
                      << "[ -n \"$WID\" ]\n"
                      << "sleep 0.5\n"
                      << "xdotool mousemove --window \"$WID\" " << from.x << " " << from.y << "\nsleep 0.3\n"
                      << "xdotool mousedown 1\nsleep 0.2\n"
                      << "for i in 1 2 3 4; do xdotool mousemove_relative -- " << step.x << " " << step.y
                      << "; sleep 0.1; done\n"
                      << "xdotool mouseup 1\nsleep 0.3\n"
                      << "xdotool keydown ctrl\nsleep 0.2\nxdotool mousedown 1\nsleep 0.2\n"
                      << "for i in 1 2 3 4; do xdotool mousemove_relative -- " << step.x << " " << step.y
                      << "; sleep 0.1; done\n"
                      << "xdotool mouseup 1\nsleep 0.2\nxdotool keyup ctrl\nsleep 0.3\n"
                      << "xdotool key ctrl+q\nsleep 0.5\n"
                      << "if kill -0 $PID 2> /dev/null; then xdotool key Return; fi\n"
                      << "timeout 20 tail --pid=$PID -f /dev/null\n"
                      << "wait $PID\n";
    const std::string command = "ASAN_OPTIONS=detect_leaks=0 timeout 90 " + xvfbRun() + " sh " + quote(sh.string()) +
                                " > " + quote((tempDir() / "xvfb_gizmo.txt").string()) + " 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << fileText(tempDir() / "xvfb_gizmo.txt");
    const ps::Scene after = loadSaved(saved);
    const glm::vec3 moved = std::get<pickray::Sphere>(after.objects[objectNamed(after, "ball")].shape).center;
    EXPECT_GT(std::abs(moved.x - centre.x), 0.3f) << "the handle moved the ball";
    // The first drag leaves it off the grid (the cursor's ray says where); the second, with Ctrl,
    // puts it on: relative steps of 0.5 from an unsnapped place would not.
    EXPECT_EQ(std::fmod(moved.x, 0.5f), 0.0f) << "Ctrl snapped it onto the grid: " << moved.x;
    EXPECT_EQ(moved.y, centre.y) << "bit for bit";
    EXPECT_EQ(moved.z, centre.z) << "bit for bit";
}

// ---- the same under Xvfb: a real X window, the real pointer and keyboard ------------------------

namespace {

struct XSession {
    json report;
    std::string output;
};

// Runs pickray as a normal X client on a copy of the default scene from a folder of its own
// (F12's screenshots land there), plays `actions` (xdotool lines, $WID the window), then quits with
// Ctrl+Q (and Enter, should it ask); the report comes from quitting. `before`: shell lines run in
// that folder before pickray starts; `options`: more of pickray's options (e.g. --screenshot, whose
// picture is taken on quitting). `keepScreen`: Xvfb keeps its screen in the file $SCREEN, which
// `actions` may copy.
XSession xSession(const std::string& name, const std::string& actions, const std::string& before = "",
                  const std::string& options = "", bool keepScreen = false) {
    const fs::path dir = tempDir() / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::copy_file(kDefaultScene, dir / "scene.json");
    if (keepScreen) fs::create_directories(dir / "screen");
    const fs::path sh = dir / "session.sh";
    std::ofstream(sh) << "set -e\n"
                      << "unset SDL_VIDEODRIVER\n"
                      << "cd " << quote(dir.string()) << "\n"
                      << "SCREEN=" << quote((dir / "screen" / "Xvfb_screen0").string()) << "\n"
                      << "export XDG_CONFIG_HOME=" << quote((dir / "config").string()) << "\n"
                      << before << quote(PICKRAY_EXE) << " --size 640x360 --scene scene.json --report report.json "
                      << options << " &\n"
                      << "PID=$!\n"
                      << "WID=$(timeout 20 xdotool search --sync --onlyvisible --name 'pickray$' | head -n1)\n"
                      << "[ -n \"$WID\" ]\n"
                      << "sleep 0.5\n"
                      << actions << "sleep 0.3\n"
                      << "xdotool key ctrl+q\nsleep 0.5\n"
                      << "if kill -0 $PID 2> /dev/null; then xdotool key Return; fi\n"
                      << "timeout 20 tail --pid=$PID -f /dev/null\n"
                      << "wait $PID\n";
    const std::string command = "ASAN_OPTIONS=detect_leaks=0 timeout 120 " +
                                (keepScreen ? xvfbRunKeepingTheScreenIn(dir / "screen") : xvfbRun()) + " sh " +
                                quote(sh.string()) + " > " + quote((dir / "output.txt").string()) + " 2>&1";
    const int status = std::system(command.c_str());
    EXPECT_EQ(status, 0) << fileText(dir / "output.txt");
    XSession s;
    s.output = fileText(dir / "output.txt");
    if (fs::exists(dir / "report.json")) s.report = readJson(dir / "report.json");
    return s;
}

std::string keys(std::initializer_list<const char*> list) {
    std::string lines;
    for (const char* k : list) lines += std::string("xdotool key ") + k + "\nsleep 0.25\n";
    return lines;
}

}  // namespace

TEST(Xvfb, ABackgroundDragOrbitsAndKeepsThePickInARealWindow) {
    if (std::system("command -v xvfb-run > /dev/null 2>&1 && command -v xdotool > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "xvfb-run or xdotool not installed";
    const glm::ivec2 ball = pixelOf("ball");
    const glm::ivec2 sky = skyPixel();
    const XSession s = xSession(
        "x_orbit", "xdotool mousemove --window \"$WID\" " + std::to_string(ball.x) + " " + std::to_string(ball.y) +
                       "\nsleep 0.2\nxdotool click 1\nsleep 0.3\n" + "xdotool mousemove --window \"$WID\" " +
                       std::to_string(sky.x) + " " + std::to_string(sky.y) +
                       "\nsleep 0.2\nxdotool mousedown 1\nsleep 0.2\n"
                       "for i in 1 2 3 4 5 6; do xdotool mousemove_relative -- -15 0; sleep 0.1; done\n"
                       "xdotool mouseup 1\nsleep 0.3\n");
    ASSERT_TRUE(s.report.contains("editor")) << s.output;
    ASSERT_EQ(s.report["clicks"].size(), 1u) << "the drag was no click";
    EXPECT_EQ(s.report["clicks"][0]["picked"], "ball");
    EXPECT_EQ(s.report["editor"]["picked"], "ball") << "the pick stays through the orbit";
    EXPECT_EQ(s.report["editor"]["selection"], json::array({"ball"}));
    EXPECT_EQ(s.report["editor"]["undoSteps"], 0);
}

TEST(Xvfb, EveryShortcutInARealWindowAndPanelsInsideAfterAResize) {
    if (std::system("command -v xvfb-run > /dev/null 2>&1 && command -v xdotool > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "xvfb-run or xdotool not installed";
    const glm::ivec2 ball = pixelOf("ball");
    const std::string actions =
        "xdotool mousemove --window \"$WID\" " + std::to_string(ball.x) + " " + std::to_string(ball.y) +
        "\nsleep 0.2\nxdotool click 1\nsleep 0.3\n" +                 // the ball picked and selected
        "xdotool mousemove --window \"$WID\" 630 350\nsleep 0.2\n" +  // out of the way, not over a panel
        keys({"Delete", "ctrl+z", "ctrl+shift+z",
              "ctrl+z", "ctrl+y", "ctrl+z",  // ball back, selected
              "ctrl+d", "ctrl+z",            // duplicated, undone
              "f",      "Home",   "w",
              "r",      "e",      "q",  // frame, gizmo: rotate, local
              "h",      "h",      "F12",
              "ctrl+o", "Escape",               // panels off and on, a shot, Open closed
              "F1",     "ctrl+s", "Escape"}) +  // help; saved; pick and selection cleared
        "xdotool windowsize \"$WID\" 800 500\nsleep 0.5\nxdotool windowsize \"$WID\" 640 360\nsleep 0.5\n";
    const XSession s = xSession("x_shortcuts", actions, "", "--no-stats --screenshot quit.png");
    ASSERT_TRUE(s.report.contains("editor")) << s.output;
    const json& editor = s.report["editor"];
    EXPECT_TRUE(editor["picked"].is_null()) << "Esc cleared the pick";
    EXPECT_EQ(editor["selection"], json::array()) << "and the selection";
    EXPECT_EQ(editor["gizmo"], (json{{"mode", "rotate"}, {"space", "local"}})) << "W, R, E, Q";
    EXPECT_FALSE(editor["unsaved"].get<bool>()) << "Ctrl+S saved";
    const fs::path dir = tempDir() / "x_shortcuts";
    // Delete, undo, redo, undo, redo (Ctrl+Y), undo; Ctrl+D, undo: the objects are the scene's own.
    ps::Scene saved = loadSaved(dir / "scene.json");
    ps::Scene original = loadDefaultScene();
    saved.camera = original.camera;
    EXPECT_EQ(ps::toJsonText(saved), ps::toJsonText(original)) << s.output;
    EXPECT_NE(loadSaved(dir / "scene.json").camera.eye, original.camera.eye) << "F and Home moved the camera";
    std::vector<fs::path> shots;
    for (const auto& entry : fs::directory_iterator(dir / "screenshots")) shots.push_back(entry.path());
    ASSERT_EQ(shots.size(), 1u) << "F12";
    // The file is a picture of the window: its size, and a frame drawn (not one colour, as a
    // picture read from the wrong buffer comes out): most pixels differ from the corner's.
    const Image shot = loadPng(shots[0]);
    ASSERT_EQ(shot.width, 640) << shots[0];
    ASSERT_EQ(shot.height, 360) << shots[0];
    Image uniform = shot;
    for (std::size_t i = 0; i < uniform.rgba.size(); ++i) uniform.rgba[i] = shot.rgba[i % 4];
    EXPECT_GT(differingPixels(shot, uniform), 640 * 360 / 2) << "F12's picture is blank";
    std::vector<std::string> names;
    const json window = s.report["window"];
    // And the picture taken on quitting, after the resize back: the window's size, and each panel
    // drawn where the report puts it (the messages' box aside: its pixels are the messages'; the
    // Help window lies over the others, whose pixels are read where it does not).
    const Image last = loadPng(dir / "quit.png");
    EXPECT_EQ(glm::ivec2(last.width, last.height), glm::ivec2(640, 360)) << "the picture on quitting";
    int drawn = 0;
    for (const json& p : window["panels"]) {
        names.push_back(p["name"]);
        const float x = p["pos"][0], y = p["pos"][1], w = p["size"][0], h = p["size"][1];
        EXPECT_TRUE(x >= 0 && y >= 0 && x + w <= 640.5f && y + h <= 360.5f) << "inside after the resize: " << p.dump();
        if (p["name"] == "Messages") continue;
        EXPECT_EQ(panelNotDrawn(last, p, window["panels"]), "") << "drawn after the resize: " << p.dump();
        ++drawn;
    }
    EXPECT_GE(drawn, 4) << "the menu bar, Scene, Inspector, Pick, Camera, Help";
    EXPECT_EQ(window["size"], json::array({640, 360}));
    EXPECT_TRUE(has(names, "Scene")) << "H twice: the panels are back";
    EXPECT_TRUE(has(names, "Help")) << "F1";
    EXPECT_FALSE(has(names, "Open scene")) << "Esc closed the file browser";
    for (const char* said : {"deleted ball", "undid delete ball", "redid delete ball", "duplicated as ball copy",
                             "undid duplicate ball copy", "screenshot saved", "saved "})
        EXPECT_NE(s.output.find(said), std::string::npos) << said << "\n" << s.output;
}

TEST(Xvfb, FileOpenRecentOpensARememberedSceneInARealWindow) {
    if (std::system("command -v xvfb-run > /dev/null 2>&1 && command -v xdotool > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "xvfb-run or xdotool not installed";
    // Where File > Open recent's entry will be: the File menu's entries, from a headless run (a
    // script shows no recent files, so the submenu's one entry is placed from them: beside the
    // menu, on the row after Open...).
    const fs::path report = tempDir() / "file_menu.json";
    const fs::path menuPng = tempDir() / "file_menu.png";
    ASSERT_EQ(runPickray({"--headless", "--size", "640x360", "--click", "25,10", "--screenshot", menuPng.string(),
                          "--report", report.string()})
                  .exitCode,
              0);
    glm::vec2 openMin(0.0f), openSize(0.0f);
    const json menu = readJson(report);
    for (const json& t : menu["window"]["tooltips"])
        if (t["text"].get<std::string>().rfind("Open a scene file", 0) == 0) {
            openMin = {t["pos"][0].get<float>(), t["pos"][1].get<float>()};
            openSize = {t["size"][0].get<float>(), t["size"][1].get<float>()};
        }
    ASSERT_GT(openSize.x, 0.0f) << "File > Open... has its tooltip";
    // The menu's entries where the report puts them: the rows of the entries with a tooltip (the
    // menu's width, from its left), and Open recent's between Open... and Save.
    struct Entry {
        std::string label;
        glm::ivec2 min, max;
    };
    std::vector<Entry> entries;
    for (const auto& [label, tooltip] :
         std::vector<std::pair<std::string, std::string>>{{"Open...", "Open a scene file"},
                                                          {"Save", "Save the scene to its file"},
                                                          {"Save as...", "Save the scene as another file"},
                                                          {"Screenshot", "Save a screenshot"},
                                                          {"Quit", "Quit"}})
        for (const json& t : menu["window"]["tooltips"])
            if (t["text"].get<std::string>().rfind(tooltip, 0) == 0 && t["pos"][0].get<float>() == openMin.x &&
                t["size"][0].get<float>() == openSize.x) {
                const PanelRect r = panelRect(t);
                entries.push_back({label, r.min, r.max});
            }
    ASSERT_EQ(entries.size(), 5u) << menu["window"].dump();
    entries.insert(entries.begin() + 1,
                   {"Open recent", {entries[0].min.x, entries[0].max.y}, {entries[0].max.x, entries[1].min.y}});
    ASSERT_GT(entries[1].max.y - entries[1].min.y, 10) << "a row between Open... and Save";
    // Read: an entry's label in ImGui's Text colour (1, 1, 1), the font drawing it exactly; one that
    // cannot be chosen at DisabledAlpha 0.6 over the menu (161 in each channel); the shortcuts in
    // TextDisabled (0.5) or dimmer. A script shows no recent files: Open recent is drawn disabled.
    const auto count = [](const Image& image, const Entry& e, glm::ivec3 colour) {
        int n = 0;
        for (int y = e.min.y; y < e.max.y; ++y)
            for (int x = e.min.x; x < e.max.x; ++x) n += closeTo(image.at(x, y), colour);
        return n;
    };
    const glm::ivec3 white(255), dimmed(161);
    const Image headless = loadPng(menuPng);
    ASSERT_EQ(headless.width, 640);
    for (const Entry& e : entries) {
        if (e.label == "Open recent") {
            EXPECT_EQ(count(headless, e, white), 0) << "a script's Open recent can be chosen";
            EXPECT_GT(count(headless, e, dimmed), 0) << "a script's Open recent is not drawn";
        } else {
            EXPECT_GT(count(headless, e, white), 0) << e.label << " not drawn where the report puts it";
        }
    }
    const glm::ivec2 recentRow(openMin + glm::vec2(20.0f, openSize.y * 1.5f));
    const glm::ivec2 recentEntry(openMin + glm::vec2(openSize.x + 30.0f, openSize.y * 1.5f));
    // The remembered scene: the default one without its first object, as pickray writes scenes.
    ps::Scene other = loadDefaultScene();
    other.objects.erase(other.objects.begin());
    const std::string before =
        "mkdir -p config/pickray\n"
        "cat > other.json <<'SCENE'\n" +
        ps::toJsonText(other) +
        "SCENE\n"
        "printf '%s\\n' \"$PWD/other.json\" > config/pickray/recent-files\n";
    const auto at = [](glm::ivec2 p) {  // a real move: SDL's mouse state follows only a relative one
        return "xdotool mousemove --window \"$WID\" " + std::to_string(p.x - 1) + " " + std::to_string(p.y) +
               "\nsleep 0.1\nxdotool mousemove_relative -- 1 0\nsleep 0.3\n";
    };
    // The screen is copied with the pointer on the remembered file's entry, before the click.
    const XSession s = xSession("x_recent",
                                at({25, 10}) + "xdotool click 1\nsleep 0.4\n" + at(recentRow) + "sleep 0.4\n" +
                                    at({recentEntry.x, recentRow.y}) + at(recentEntry) +
                                    "xdotool getwindowgeometry --shell \"$WID\" > geometry.txt\n"
                                    "cp \"$SCREEN\" menu.xwd\n"
                                    "xdotool click 1\nsleep 0.5\n",
                                before, "", true);
    ASSERT_FALSE(s.report.is_null()) << s.output;
    // In the real window: every entry where the headless run put it, Open recent now in the Text
    // colour (it can be chosen), and beside it the submenu's entry: the remembered file's path, its
    // text as wide as its characters (the pointer, which Xvfb draws in the screen, lies inside it).
    const fs::path dir = tempDir() / "x_recent";
    const Image shown = windowInScreen(dir / "menu.xwd", dir / "geometry.txt");
    ASSERT_EQ(glm::ivec2(shown.width, shown.height), glm::ivec2(640, 360)) << fileText(dir / "geometry.txt");
    for (const Entry& e : entries) EXPECT_GT(count(shown, e, white), 0) << e.label << " not drawn in the real window";
    const std::string path = (dir / "other.json").string();
    // Its columns of text from the menu's right edge on, up to the first gap of two glyphs (the
    // path has no space; the Pick panel's text further right is more than that away).
    int first = -1, last = -1;
    for (int x = entries[1].max.x; x < shown.width && (last < 0 || x - last <= 2 * kGlyph); ++x)
        for (int y = entries[1].min.y; y < entries[1].max.y; ++y)
            if (closeTo(shown.at(x, y), white)) {
                if (first < 0) first = x;
                last = x;
                break;
            }
    const int width = first < 0 ? 0 : last - first + 1;
    std::printf("precision: File > Open recent > %s read from the screen: %d pixels wide (%zu characters)\n",
                path.c_str(), width, path.size());
    EXPECT_TRUE(widthOfCharacters(width, path.size())) << width << " pixels for " << path;
    EXPECT_EQ(s.report["window"]["title"], "other.json - pickray") << s.output;
    EXPECT_EQ(s.report["frame"]["objects"], other.objects.size());
}

// Issue 23, point 5: after a free drag of the picked object the pick follows it. The grabbed point
// stays under the cursor, so the pick is the ray through the cursor's last pixel on the moved
// scene, and it names the ball, as the reference's ray there does on the saved scene (long
// double), meeting it at the grabbed point moved with the ball. The press's ray misses the moved
// ball: re-cast along it, as every edit re-casts the pick, the Pick panel said "picked: nothing"
// while the ball stayed selected. (The report names the pick but gives no hit point: the
// SceneView test ThePickFollowsADraggedObject... checks the point against the reference.)
TEST(Editing, AfterDraggingTheBallThePickFollowsItUnderTheCursor) {
    const glm::ivec2 ball = pixelOf("ball");
    const glm::ivec2 end = ball + glm::ivec2(60, -25);
    const fs::path saved = tempDir() / "pick_follows.json";
    const fs::path report = tempDir() / "pick_follows_report.json";
    const ProcessResult run =
        runPickray(script({"--drag", dragArg(ball, end), "--save", saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene before = loadDefaultScene();
    const ps::Scene after = loadSaved(saved);
    const std::size_t index = objectNamed(after, "ball");
    const Frame f = frameFor(after.camera, kSize);
    ASSERT_EQ(after.camera.eye, before.camera.eye) << "a drag does not move the camera";
    ASSERT_EQ(after.camera.target, before.camera.target);
    const pickref::Vec offset = ref(std::get<pickray::Sphere>(after.objects[index].shape).center) -
                                ref(std::get<pickray::Sphere>(before.objects[index].shape).center);
    ASSERT_GT(distance(offset, {0, 0, 0}), 1.0L) << "60 pixels at the ball's depth moved it";

    const ReferenceScene moved(after);
    const std::vector<ReferenceHit> underCursor = moved.allHits(rayAt(end, f));
    ASSERT_TRUE(robustHit(underCursor)) << "no float rounding can change what the cursor's ray meets first";
    EXPECT_EQ(underCursor.front().object, index) << "the reference sees the ball under the cursor";
    for (const ReferenceHit& h : moved.allHits(rayAt(ball, f)))
        EXPECT_NE(h.object, index) << "the press's ray misses the moved ball (why the old pick said nothing)";
    // The grabbed point (the press's first hit, by the reference on the scene before) moved with
    // the ball is where the cursor's ray meets it.
    const auto grabbed = ReferenceScene(before).nearestHit(rayAt(ball, f));
    ASSERT_TRUE(grabbed && grabbed->object == objectNamed(before, "ball"));
    const pickref::Real off = distance(underCursor.front().answer.point, grabbed->answer.point + offset);
    std::printf("precision: the dragged ball's grabbed point is %.3Lg world units off the cursor ray's hit\n", off);
    // The engine's float rays, grabbed point and offset, the centre saved as a float: measured
    // 1.1e-7 world units; 1e-6 is about one float ulp of the eye's coordinates (up to 9: 9.5e-7).
    EXPECT_LT(off, 1e-6L);

    const json r = readJson(report);
    EXPECT_EQ(r["editor"]["picked"], "ball") << "the pick followed the dragged ball";
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"}));
    EXPECT_EQ(r["editor"]["undoSteps"], 1);
    ASSERT_EQ(r["clicks"].size(), 1u) << "the press, listed once; the drag is no second click";
    EXPECT_EQ(r["clicks"][0]["picked"], "ball");
}

// Issue 23, point 5: undoing a whole-scene change forgets the pick, as doing it does (redo and the
// hover: EditorUndo.UndoOrRedoOfAWholeSceneChange...). Generate (the Scene panel's button, 50 objects), H hides the panels, a click on
// an object of the generated scene, Ctrl+Z: nothing is picked. The click's pixel is chosen with
// the reference so that its ray (the generated scene's camera) also meets an object of the
// default scene: re-cast against the restored scene, as every undo re-casts the pick, it named
// that object (the Pick panel showed the generated scene's ray). Then the same with --load.
TEST(Editing, UndoingGenerateOrALoadForgetsThePick) {
    const std::vector<std::string> window = {"--headless", "--size", "1280x720"};
    const glm::ivec2 size{1280, 720};
    // Where the count field and the Generate button are: the controls with their tooltips.
    const fs::path layout = tempDir() / "generate_layout.json";
    std::vector<std::string> args = window;
    args.insert(args.end(), {"--report", layout.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    const json controls = readJson(layout)["window"]["tooltips"];
    const auto control = [&](const std::string& tooltip) {
        for (const json& t : controls)
            if (t["text"].get<std::string>().rfind(tooltip, 0) == 0)
                return glm::ivec2(static_cast<int>(t["pos"][0].get<float>() + t["size"][0].get<float>() / 2),
                                  static_cast<int>(t["pos"][1].get<float>() + t["size"][1].get<float>() / 2));
        ADD_FAILURE() << "no control with the tooltip " << tooltip;
        return glm::ivec2(0);
    };
    std::vector<std::string> generate = window;
    generate.insert(generate.end(),
                    {"--click", pixelArg(control("How many objects Generate makes")), "--key", "ctrl+a", "--type", "50",
                     "--click", pixelArg(control("Generate: replace the scene")), "--key", "h"});
    // The generated scene and its camera, as that run has it.
    const fs::path generatedFile = tempDir() / "generated50.json";
    args = generate;
    args.insert(args.end(), {"--save", generatedFile.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    const ps::Scene generated = loadSaved(generatedFile);
    ASSERT_EQ(generated.objects.size(), 50u);
    const ps::Scene untouched = loadDefaultScene();
    // A pixel (every 16th along each axis) where the generated scene's camera sees an object of
    // its own and whose ray meets one of the default scene's too, both robustly.
    const Frame f = frameFor(generated.camera, size);
    const ReferenceScene inGenerated(generated), inDefault(untouched);
    std::optional<glm::ivec2> pixel;
    int tried = 0;
    for (int y = 8; y < size.y && !pixel; y += 16)
        for (int x = 8; x < size.x && !pixel; x += 16, ++tried)
            if (robustHit(inGenerated.allHits(rayAt({x, y}, f))) && robustHit(inDefault.allHits(rayAt({x, y}, f))))
                pixel = glm::ivec2(x, y);
    ASSERT_TRUE(pixel) << "no such pixel among " << tried;
    const std::string seenBefore = untouched.objects[inDefault.nearestHit(rayAt(*pixel, f))->object].name;
    const std::string picked = generated.objects[inGenerated.nearestHit(rayAt(*pixel, f))->object].name;

    const fs::path report = tempDir() / "generate_undone.json";
    args = generate;
    args.insert(args.end(), {"--click", pixelArg(*pixel), "--key", "ctrl+z", "--report", report.string()});
    ASSERT_EQ(runPickray(args).exitCode, 0);
    json r = readJson(report);
    ASSERT_EQ(r["clicks"].size(), 3u) << "the count field, Generate and the object";
    EXPECT_EQ(r["clicks"][2]["picked"], picked) << "the click picked in the generated scene";
    EXPECT_EQ(r["frame"]["objects"], untouched.objects.size()) << "Ctrl+Z undid Generate";
    EXPECT_TRUE(r["editor"]["picked"].is_null()) << "still picked after the undo: " << r["editor"]["picked"]
                                                 << " (the ray meets " << seenBefore << " in the default scene)";
    EXPECT_EQ(r["editor"]["selection"], json::array()) << "the selection before Generate: none";

    // A load: the same scene again, so the click's ray meets the ball in both.
    const glm::ivec2 ball = pixelOf("ball");
    const fs::path loaded = tempDir() / "load_undone.json";
    ASSERT_EQ(runPickray(script({"--click", pixelArg(ball), "--load", kDefaultScene.string(), "--click", pixelArg(ball),
                                 "--key", "ctrl+z", "--report", loaded.string()}))
                  .exitCode,
              0);
    r = readJson(loaded);
    ASSERT_EQ(r["clicks"].size(), 2u);
    EXPECT_EQ(r["clicks"][1]["picked"], "ball") << "the click picked in the loaded scene";
    EXPECT_EQ(r["editor"]["undoSteps"], 0) << "Ctrl+Z undid the load";
    EXPECT_TRUE(r["editor"]["picked"].is_null()) << "still picked after the undo: " << r["editor"]["picked"];
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"})) << "the selection before the load";
}

// Issue 23, point 5, with the gizmo: the ball clicked, then dragged by its x handle. The pick
// follows it (the ray through where its picked point, moved with it, is drawn) and names the ball,
// as the reference does at that point's pixel on the saved scene; the click's ray misses the moved
// ball (re-cast along it, the Pick panel said "picked: nothing").
TEST(Gizmo, AfterAHandleDragOfThePickedBallThePickFollowsIt) {
    const ps::Scene before = loadDefaultScene();
    const std::size_t index = objectNamed(before, "ball");
    const glm::vec3 centre = std::get<pickray::Sphere>(before.objects[index].shape).center;
    const glm::ivec2 ball = pixelOf("ball");
    const auto [from, direction] = onXHandle(before.camera, centre, kSize, 0.6f);
    const glm::ivec2 to = from + glm::ivec2(glm::round(70.0f * direction));
    const fs::path saved = tempDir() / "gizmo_pick_follows.json";
    const fs::path report = tempDir() / "gizmo_pick_follows_report.json";
    const ProcessResult run = runPickray(script({"--click", pixelArg(ball), "--drag", dragArg(from, to), "--save",
                                                 saved.string(), "--report", report.string()}));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const ps::Scene after = loadSaved(saved);
    const glm::vec3 moved = std::get<pickray::Sphere>(after.objects[index].shape).center;
    ASSERT_GT(moved.x - centre.x, 1.0f) << "the handle moved the ball along x";
    const Frame f = frameFor(before.camera, kSize);
    const auto clicked = ReferenceScene(before).nearestHit(rayAt(ball, f));
    ASSERT_TRUE(clicked && clicked->object == index);
    const ReferenceScene now(after);
    for (const ReferenceHit& h : now.allHits(rayAt(ball, f)))
        EXPECT_NE(h.object, index) << "the click's ray misses the moved ball";
    const glm::vec3 point = screenOf(toFloat(clicked->answer.point + (ref(moved) - ref(centre))), f);
    const std::vector<ReferenceHit> there =
        now.allHits(rayAt(glm::ivec2(static_cast<int>(std::floor(point.x)), static_cast<int>(std::floor(point.y))), f));
    ASSERT_TRUE(robustHit(there));
    EXPECT_EQ(there.front().object, index) << "the reference sees the ball where its picked point is drawn now";
    const json r = readJson(report);
    EXPECT_EQ(r["editor"]["picked"], "ball") << "the pick followed the ball";
    EXPECT_EQ(r["editor"]["selection"], json::array({"ball"}));
    EXPECT_EQ(r["editor"]["undoSteps"], 1);
}

// Issue 24, point 5: launched on a scene that will not load, with a display, the window opens on
// an empty untitled scene and says why (stderr as well); Ctrl+S then asks where (Save as) and never
// writes over the bad file. The run ends normally (exit code 0).
TEST(Xvfb, ABadSceneOpensTheWindowOnAnEmptyUntitledSceneThatSavesElsewhere) {
    if (std::system("command -v xvfb-run > /dev/null 2>&1 && command -v xdotool > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "xvfb-run or xdotool not installed";
    const fs::path dir = tempDir() / "bad_scene_window";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string bad = "{ \"objects\": [ not json";
    std::ofstream(dir / "bad.json") << bad;
    const fs::path sh = dir / "session.sh";
    std::ofstream(sh) << "set -e\n"
                      << "unset SDL_VIDEODRIVER\n"
                      << "cd " << quote(dir.string()) << "\n"
                      << "export XDG_CONFIG_HOME=" << quote((dir / "config").string()) << "\n"
                      << quote(PICKRAY_EXE) << " --size 640x360 --scene bad.json --report report.json 2> stderr.txt &\n"
                      << "PID=$!\n"
                      << "WID=$(timeout 20 xdotool search --sync --onlyvisible --name 'pickray$' | head -n1)\n"
                      << "[ -n \"$WID\" ]\n"
                      << "sleep 0.5\n"
                      << "xdotool getwindowname \"$WID\" > title.txt\n"
                      << "xdotool key ctrl+s\nsleep 0.5\n"
                      << "xdotool type --delay 30 saved.json\nsleep 0.3\n"
                      << "xdotool key Return\nsleep 0.5\n"
                      << "xdotool key ctrl+q\nsleep 0.5\n"
                      << "if kill -0 $PID 2> /dev/null; then xdotool key Return; fi\n"
                      << "timeout 20 tail --pid=$PID -f /dev/null\n"
                      << "wait $PID\n";
    const std::string command = "ASAN_OPTIONS=detect_leaks=0 timeout 90 " + xvfbRun() + " sh " + quote(sh.string()) +
                                " > " + quote((dir / "output.txt").string()) + " 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << fileText(dir / "output.txt") << fileText(dir / "stderr.txt");
    EXPECT_EQ(fileText(dir / "title.txt"), "untitled - pickray\n");
    const std::string stderrText = fileText(dir / "stderr.txt");
    EXPECT_NE(stderrText.find("bad.json: not valid JSON at line 1"), std::string::npos) << stderrText;
    EXPECT_NE(stderrText.find("an empty, untitled scene instead"), std::string::npos) << stderrText;
    EXPECT_EQ(fileText(dir / "bad.json"), bad) << "the bad file is never written over";
    const auto saved = ps::loadScene(dir / "saved.json");
    ASSERT_TRUE(saved.scene) << saved.error;
    EXPECT_TRUE(saved.scene->objects.empty());
    EXPECT_EQ(readJson(dir / "report.json")["window"]["title"], "saved.json - pickray");
}
