// SPDX-License-Identifier: MIT
#pragma once
// What the editing, files and gizmo end-to-end tests share: headless scripts, the default scene as
// saved, pictures of a real X window while it shows something (Xvfb's screen file), text in them.
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
#include "x_session.hpp"

namespace editing {

using namespace e2e;  // NOLINT

inline const std::vector<std::string> kHeadless = {"--headless", "--size", "640x360", "--hide-ui"};

inline std::vector<std::string> script(std::initializer_list<std::string> steps, bool hideUi = true) {
    std::vector<std::string> args = {"--headless", "--size", "640x360"};
    if (hideUi) args.push_back("--hide-ui");
    args.insert(args.end(), steps);
    return args;
}

// A pixel of the background (nothing on it), checked with the reference.
inline glm::ivec2 skyPixel() {
    const ps::Scene scene = loadDefaultScene();
    const glm::ivec2 sky{600, 20};
    EXPECT_FALSE(ReferenceScene(scene).nearestHit(rayAt(sky, frameFor(scene.camera, kSize)))) << "sky is empty";
    return sky;
}

inline std::string dragArg(glm::ivec2 from, glm::ivec2 to, const std::string& button = "") {
    return pixelArg(from) + "," + pixelArg(to) + (button.empty() ? "" : "," + button);
}

// The default scene as pickray saves it, before anything is done to it.
inline std::string savedUntouched() {
    const fs::path path = tempDir() / "untouched.json";
    const ProcessResult run = runPickray(script({"--save", path.string()}));
    EXPECT_EQ(run.exitCode, 0) << run.output;
    return fileText(path);
}

inline ps::Scene loadSaved(const fs::path& path) {
    auto loaded = ps::loadScene(path);
    EXPECT_TRUE(loaded.scene) << loaded.error;
    return loaded.scene ? *loaded.scene : ps::Scene{};
}

// ---- pictures of a real X window while it shows something ---------------------------------------
// pickray takes its own picture only on quitting (--screenshot) or on F12, which a question that
// has the keyboard does not let through; Xvfb keeps its screen in a file instead (-fbdir, in XWD
// format: XSession::keepScreen), which a session copies while the window shows what is to be read.

// The window's part of a copy of that screen. XWD: a header of 25 big-endian 32-bit fields (its
// own size, the version, the format, the depth, the width, the height, ..., the byte order, ...,
// the bits a pixel, the bytes a row, the class, the red, green and blue masks, ..., the number of
// colours), the window's name to the header's end, the colour map (12 bytes a colour), then the
// rows of pixels. `geometry`: what `xdotool getwindowgeometry --shell` says of the window (its X,
// Y, WIDTH and HEIGHT). An empty image when either cannot be read.
inline Image windowInScreen(const fs::path& xwd, const fs::path& geometry) {
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
inline bool looksLikeText(glm::ivec3 c) {
    const int high = std::max({c.r, c.g, c.b});
    return high >= 153 && high - std::min({c.r, c.g, c.b}) <= 38;
}

// The columns from the first to the last text pixel in rows [top, bottom) and columns [left, right)
// of `image`; 0 with none.
inline int textWidth(const Image& image, int top, int bottom, int left, int right) {
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
// and last cells, at most one cell.
inline constexpr int kGlyph = 7;
inline bool widthOfCharacters(int width, std::size_t characters) {
    const int n = static_cast<int>(characters);
    return width <= n * kGlyph && width >= (n - 1) * kGlyph;
}

// A button's frame: ImGui's Button (0.26, 0.59, 0.98) at alpha 0.4 over a window, or opaque under
// the pointer; the only blue in a question's body (its text is white, its body near black).
inline bool looksLikeButton(glm::ivec3 c) { return c.b >= 100 && c.b - c.r >= 50; }

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
inline std::string questionNotSeen(const Image& image, const std::string& title, const std::string& text, int buttons,
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

// A folder of its own with a copy of the default scene in it, for tests that write files.
inline fs::path folderWithScene(const std::string& name) {
    const fs::path dir = scratchDir(name);
    fs::copy_file(kDefaultScene, dir / "scene.json");
    return dir;
}

inline std::vector<std::string> panelNames(const json& report) {
    std::vector<std::string> names;
    for (const json& p : report["window"]["panels"]) names.push_back(p["name"]);
    return names;
}

inline bool has(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// Why the dialog of that title the report lists is not drawn where it says in the picture (taken
// just before the report; empty: it is): its title bar and body, read as panelNotDrawn reads them.
inline std::string questionNotDrawn(const fs::path& picture, const json& report, const std::string& title) {
    const Image image = loadPng(picture);
    const json& panels = report["window"]["panels"];
    for (const json& p : panels)
        if (p["name"] == title) return panelNotDrawn(image, p, panels);
    return "not in the report";
}

// The gizmo as docs/DEMO.md states it, computed here: at the selection's centre, its axis handles
// run from 0.18 to 1 of 90 pixels' worth of world at that centre.
inline float worldPerPixel(const ps::Camera& c, glm::vec3 p, float height) {
    const glm::vec3 forward = glm::normalize(c.target - c.eye);
    return 2.0f * glm::dot(p - c.eye, forward) * std::tan(glm::radians(c.fovYDegrees) / 2.0f) / height;
}

// Where the reference camera draws `p`, in pixels.
inline glm::vec2 pixelsOf(glm::vec3 p, const Frame& f) { return glm::vec2(screenOf(p, f)); }

// The pixel `along` (0..1) of the way out on the gizmo's handle of the world `axis`, and the
// screen direction of that axis.
inline std::pair<glm::ivec2, glm::vec2> onHandle(const ps::Camera& camera, glm::vec3 centre, glm::ivec2 size,
                                                 float along, glm::vec3 axis) {
    const Frame f = frameFor(camera, size);
    const float length = 90.0f * worldPerPixel(camera, centre, static_cast<float>(size.y));
    const glm::vec2 from = pixelsOf(centre, f);
    const glm::vec2 to = pixelsOf(centre + length * axis, f);
    return {glm::ivec2(glm::floor(from + along * (to - from))), glm::normalize(to - from)};
}
inline std::pair<glm::ivec2, glm::vec2> onXHandle(const ps::Camera& camera, glm::vec3 centre, glm::ivec2 size,
                                                  float along) {
    return onHandle(camera, centre, size, along, {1, 0, 0});
}

// The parameter along the line through `o` in +x closest to the (reference's) ray's line, in long
// double.
inline long double alongX(glm::vec3 o, const pickref::Ray& r) {
    using ld = long double;
    const ld dx = r.direction.x, dy = r.direction.y, dz = r.direction.z;
    const ld wx = ld(o.x) - r.origin.x, wy = ld(o.y) - r.origin.y, wz = ld(o.z) - r.origin.z;
    const ld b = dx, c = dx * dx + dy * dy + dz * dz, e = wx, f = dx * wx + dy * wy + dz * wz;
    return (b * f - c * e) / (c - b * b);
}

// pickray as a normal X client (x_session.hpp) on a copy of the default scene from a folder of
// its own (F12's screenshots land there), quitting with Ctrl+Q (and Enter, should it ask); the
// report comes from quitting. `options`: more of pickray's options (e.g. --screenshot, whose
// picture is taken on quitting).
inline XSession xSession(const std::string& name, const std::string& options = "") {
    XSession s(name);
    fs::copy_file(kDefaultScene, s.dir() / "scene.json");
    s.options("--size 640x360 --scene scene.json --report report.json " + options).answerTheQuit();
    return s;
}

// Each key pressed in turn, each handled before the next.
inline XSession& keys(XSession& s, std::initializer_list<const char*> list) {
    for (const char* k : list) s.key(k);
    return s;
}

// The name of the object the reference sees under `pixel` of a window of `size` ("" for none).
inline std::string nameUnder(const ps::Scene& scene, glm::ivec2 pixel, glm::ivec2 size) {
    const auto hit = ReferenceScene(scene).nearestHit(rayAt(pixel, frameFor(scene.camera, size)));
    return hit ? scene.objects[hit->object].name : "";
}

}  // namespace editing
