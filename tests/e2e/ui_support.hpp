// SPDX-License-Identifier: MIT
#pragma once
// What the panels' end-to-end tests share: lines cut off in a picture, tooltips and menus found in
// a report, a real X window driven by xdotool (xWindow), the CPU time it took, its status.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"
#include "x_session.hpp"

namespace ui {

using namespace e2e;  // NOLINT

inline glm::ivec2 centreOf(const json& rect) {
    return {static_cast<int>(rect["pos"][0].get<float>() + rect["size"][0].get<float>() / 2),
            static_cast<int>(rect["pos"][1].get<float>() + rect["size"][1].get<float>() / 2)};
}

// The selection's outline, (0.35, 0.72, 1) in DEMO.md: a light blue. The hover's, (0.9, 0.92,
// 0.95): near white.
inline bool looksSelected(glm::ivec3 c) { return c.b > 220 && c.g > 150 && c.g < 215 && c.r < 130; }
inline bool looksHovered(glm::ivec3 c) { return c.r > 200 && c.g > 200 && c.b > 200; }

// ---- a line cut off, in the picture ------------------------------------------------------------
// A panel's content is clipped ImGui's half window padding (4 pixels) inside its right edge, or
// that and a scrollbar (14 pixels) further left when one is drawn; content that fits ends a whole
// window padding (8 pixels) inside the edge (app/imgui_layer.cpp keeps ImGui's sizes at scale 1).
// So the 4 columns just left of the clip edge are padding where nothing fitting is drawn; a line
// cut off leaves its clipped glyph's ink in them. 3 of those 4 are read: measuredRect (ui_frame.cpp)
// allows a wrapped line to reach a pixel into the padding, and that line is not cut.
inline constexpr int kHalfPadding = 4;
inline constexpr int kScrollbar = 14;
inline constexpr int kEdgeColumns = 3;
inline constexpr int kTitleBar = 19;  // the font's 13 pixels and the frame padding's 3 above and below

// Ink: a pixel of text. The font (ProggyClean, no antialiasing) draws each glyph pixel in the
// text's colour exactly, opaque over anything: in ImGui's dark style Text (1, 1, 1) and
// TextDisabled (0.5, 0.5, 0.5); the panels' coloured lines (app/ui.cpp) the picked object's
// (1, 0.8, 0.1), the capsule pair's "touching" and "overlapping" in viewport/overlay.hpp's
// kPairStateColors ("separate" is near white). Bright and nearly grey
// (the largest channel at least 0.6, the three within 0.15 of each other) takes white text and any
// pale grey, and leaves out every window, frame, header and button colour of the style (at most
// 0.2 bright or blue: b - r >= 0.5, whatever their alpha over the scene); the others within 2 of
// 255 times their colour. The separator (0.43, 0.43, 0.5) and the scrollbar's grab (0.31) are
// none of these.
inline bool looksLikeInk(glm::ivec3 c) {
    const int high = std::max({c.r, c.g, c.b});
    if (high >= 153 && high - std::min({c.r, c.g, c.b}) <= 38) return true;
    for (const glm::ivec3 text :
         {glm::ivec3(128, 128, 128), glm::ivec3(255, 204, 26), glm::ivec3(255, 166, 0), glm::ivec3(255, 38, 38)})
        if (closeTo(c, text)) return true;
    return false;
}

// The scrollbar's grab, ScrollbarGrab (0.31) or, under the pointer, ScrollbarGrabHovered (0.41).
inline bool looksLikeScrollGrab(glm::ivec3 c) { return closeTo(c, glm::ivec3(79)) || closeTo(c, glm::ivec3(105)); }

struct EdgeInk {
    int rows = 0;           // body rows read
    int ink = 0;            // ink pixels in the strip left of the clip edge
    int firstRow = -1;      // the first row with ink
    int nearest = 1 << 30;  // columns between the rightmost ink of a row and the clip edge, least
    std::string problem;    // the picture disagrees with the report on where the content ends
};

// The strip just left of where `panel`'s content is clipped, read in `image` in each row of its
// body (below its title bar, above its bottom border) that no other panel of `panels` covers.
inline EdgeInk inkAtTheClipEdge(const Image& image, const json& panel, const json& panels) {
    EdgeInk e;
    const PanelRect r = panelRect(panel);
    const auto covered = [&](int x, int y) { return coveredByAnother(x, y, panel, panels); };
    const int top = r.min.y + kTitleBar;
    const int bottom = std::min(r.max.y - 1, image.height);
    // A scrollbar is drawn when its grab is: its middle column is 8 pixels inside the edge. Where
    // another panel hides that whole column, the picture cannot tell: the report's edge is taken if
    // it is one of the two.
    bool seen = false;
    bool scrollbar = false;
    for (int y = top; y < bottom; ++y)
        if (!covered(r.max.x - 8, y)) {
            seen = true;
            scrollbar |= looksLikeScrollGrab(image.at(r.max.x - 8, y));
        }
    // The report's room for the content, from its left (inside the window padding, 8): the same edge.
    const int reported =
        static_cast<int>(std::lround(panel["pos"][0].get<float>() + 8.0f + panel["roomWidth"].get<float>()));
    if (!seen) scrollbar = reported == r.max.x - kHalfPadding - kScrollbar;
    const int clip = r.max.x - kHalfPadding - (scrollbar ? kScrollbar : 0);
    if (reported != clip)
        e.problem = "content clipped at x = " + std::to_string(reported) + " in the report, " + std::to_string(clip) +
                    " in the picture (scrollbar " + (scrollbar ? "drawn" : "not drawn") + ")";
    for (int y = top; y < bottom; ++y) {
        if (covered(clip - kEdgeColumns, y) || covered(clip - 1, y)) continue;
        ++e.rows;
        for (int x = clip - kEdgeColumns; x < clip; ++x)
            if (looksLikeInk(image.at(x, y))) {
                ++e.ink;
                if (e.firstRow < 0) e.firstRow = y;
            }
        for (int x = clip - 1; x > r.min.x; --x)
            if (looksLikeInk(image.at(x, y))) {
                e.nearest = std::min(e.nearest, clip - 1 - x);
                break;
            }
    }
    return e;
}

// Whether the panel's rectangle meets the help window's.
inline bool overlapsHelp(const json& panel, const json& panels) {
    for (const json& h : panels) {
        if (h["name"] != "Help") continue;
        const auto lo = [](const json& r, std::size_t i) { return r["pos"][i].get<float>(); };
        const auto hi = [](const json& r, std::size_t i) {
            return r["pos"][i].get<float>() + r["size"][i].get<float>();
        };
        return lo(panel, 0) < hi(h, 0) && lo(h, 0) < hi(panel, 0) && lo(panel, 1) < hi(h, 1) && lo(h, 1) < hi(panel, 1);
    }
    return false;
}

// The rectangle of the control whose tooltip starts with `text`, in a run of `args`.
inline json controlWithTooltip(const std::string& name, const std::vector<std::string>& args, const std::string& text) {
    const json r = runForReport(name, args);
    for (const json& t : r["window"]["tooltips"])
        if (t["text"].get<std::string>().rfind(text, 0) == 0) return t;
    ADD_FAILURE() << "no control with the tooltip " << text << ": " << r["window"].dump();
    return json{{"pos", {0, 0}}, {"size", {0, 0}}};
}

// The outliner's selected row in a picture: ImGui's Header colour (0.26, 0.59, 0.98) at alpha 0.31
// over the panel's body, which is grey (WindowBg 0.06 at 0.94) but for 6% of the scene behind it.
// Blue minus red is then 0.31 * (0.98 - 0.26) * 255 = 57, moved at most 0.69 * 0.06 * 170 = 7 by
// a scene colour whose blue and red differ by up to 170: 50 to 64. The frames of the filter and
// the buttons (FrameBg (0.16, 0.29, 0.48) at 0.54: 44, at most 5 more) and the focused title bar
// (81, opaque) are outside that.
inline bool looksLikeSelectedRow(glm::ivec3 c) { return c.b - c.r >= 50 && c.b - c.r <= 64 && c.r < 80; }

// The picture's runs of selected-row rows (top, height) inside `panel`: rows below its title bar
// where at least half the pixels from 12 pixels in from its left to 30 in from its right (clear of
// the list's scrollbar and border) look like the selected row (the row's text covers less).
inline std::vector<glm::ivec2> selectedRowBands(const Image& image, const json& panel) {
    const PanelRect r = panelRect(panel);
    const int left = r.min.x + 12, right = r.max.x - 30;
    std::vector<glm::ivec2> bands;
    int start = -1;
    const int bottom = r.max.y - 1;  // its bottom border
    for (int y = r.min.y + 19; y <= bottom; ++y) {
        int hits = 0;
        for (int x = left; x < right && y < bottom; ++x) hits += looksLikeSelectedRow(image.at(x, y));
        if (2 * hits >= right - left && y < bottom) {
            if (start < 0) start = y;
        } else if (start >= 0) {
            bands.emplace_back(start, y - start);
            start = -1;
        }
    }
    return bands;
}

struct Box {
    glm::ivec2 min{1 << 30};
    glm::ivec2 max{-1};  // one past
    void add(glm::ivec2 p) {
        min = glm::min(min, p);
        max = glm::max(max, p + 1);
    }
    [[nodiscard]] bool contains(glm::ivec2 p) const {
        return glm::all(glm::greaterThanEqual(p, min)) && glm::all(glm::lessThan(p, max));
    }
};

// ImGui's dark popup background (0.08 grey at 0.94 alpha, over the menu's own dark grey): where a
// tooltip covers an entry, its pixels are this dark. A pixel of the entry that is not, kept its ink
// (tinted by the hover highlight: a checked entry's anti-aliased check mark is no longer grey there).
inline bool looksLikeTooltipBackground(glm::ivec3 c) { return std::max({c.r, c.g, c.b}) < 48; }

inline Box rectOf(const json& t) {
    const PanelRect r = panelRect(t);
    return {r.min, r.max};
}

// pickray in a real X window under Xvfb, as a user has it (x_session.hpp): the default scene at
// `size` from a folder of its own; the steps are the caller's, then Ctrl+Q; the report and the
// picture (quit.png) are written on quitting.
inline XSession xWindow(const std::string& name, const std::string& options = "", const std::string& size = "640x360") {
    XSession s(name);
    s.options("--size " + size + " --scene " + quote(kDefaultScene.string()) +
              " --no-stats --report report.json --screenshot quit.png " + options);
    return s;
}

// A scene whose pick shows numbers at both ends: the camera two million units out on x (its ray
// origin too wide for fixed notation), a ground ball of radius 1e5 under it (a normal of
// (-1e-6, 1, 1e-6), "-0.0000" in fixed), and a slab far behind the camera that the line through
// the ray crosses at t near -1e12 (cells far too narrow for its fixed form).
inline fs::path numbersScene() {
    const fs::path path = tempDir() / "numbers.json";
    std::ofstream(path) << R"({
  "camera": {"eye": [-2000000.0, 2.0, 6.0], "target": [-2000000.0, 0.0, 0.0], "fovYDegrees": 45.0,
             "near": 0.1, "far": 100.0},
  "objects": [
    {"name": "ground", "type": "sphere", "color": [0.5, 0.6, 0.5], "center": [-2000000.0, -100000.0, 0.0],
     "radius": 100000.0},
    {"name": "slab", "type": "aabb", "color": [0.6, 0.6, 0.7], "min": [-1e13, 1e11, 1e11], "max": [1e13, 1e13, 1e13]}
  ]
})";
    return path;
}

// Every number in `text` (a piece of a panel's line: "(3.5244,", "-1.2e12)", "t =").
inline std::vector<std::string> numbersIn(const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < text.size();) {
        const bool starts =
            std::isdigit(static_cast<unsigned char>(text[i])) ||
            (text[i] == '-' && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1])));
        if (!starts) {
            ++i;
            continue;
        }
        std::size_t end = i + 1;
        while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '.' ||
                                     text[end] == 'e' || (text[end] == '-' && text[end - 1] == 'e')))
            ++end;
        out.push_back(text.substr(i, end - i));
        i = end;
    }
    return out;
}

// The process's CPU time so far, in clock ticks (/proc/PID/stat's utime + stime), as a shell line
// that appends it to cpu.txt.
inline const std::string kCpuTicks = "awk '{print $14 + $15}' /proc/$PID/stat >> cpu.txt\n";

inline std::vector<long> cpuTicks(const fs::path& dir) {
    std::ifstream in(dir / "cpu.txt");
    std::vector<long> ticks;
    for (long t = 0; in >> t;) ticks.push_back(t);
    return ticks;
}

// A copy of the window's status file (--status) that a session took (XSession::snapshot).
inline json statusIn(const XSession::Result& r, const std::string& file) {
    const fs::path path = r.dir / file;
    return fs::exists(path) ? readJson(path) : json::object();
}

// How much a number of the status grew from one copy to another.
inline long grew(const json& from, const json& to, const char* field) {
    return to.value(field, 0L) - from.value(field, 0L);
}

}  // namespace ui
