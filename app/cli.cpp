// SPDX-License-Identifier: MIT
#include "cli.hpp"

#include <charconv>
#include <cmath>
#include <sstream>

namespace pickray::app {
namespace {

// Splits "a<sep>b<sep>c" into exactly `count` finite numbers.
template <class T>
std::optional<std::vector<T>> numbers(const std::string& text, char sep, std::size_t count) {
    std::vector<T> out;
    std::size_t start = 0;
    while (out.size() < count) {
        const std::size_t end = text.find(sep, start);
        const std::string part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        T value{};
        const char* first = part.data();
        const char* last = part.data() + part.size();
        const auto [ptr, ec] = std::from_chars(first, last, value);
        if (part.empty() || ec != std::errc() || ptr != last) return std::nullopt;
        if constexpr (std::is_floating_point_v<T>)
            if (!std::isfinite(value)) return std::nullopt;
        out.push_back(value);
        if (end == std::string::npos) break;
        start = end + 1;
        if (out.size() == count) return std::nullopt;  // too many parts
    }
    if (out.size() != count) return std::nullopt;
    return out;
}

}  // namespace

std::string usage() {
    return "usage: pickray [--scene FILE] [--size WxH] [options]\n"
           "       pickray --headless --scene FILE --size WxH --click X,Y [--click X,Y ...]\n"
           "               --report OUT.json --screenshot OUT.png [--hide-ui]\n"
           "options:\n"
           "  --headless             no visible window (SDL offscreen driver); run the script and exit\n"
           "  --scene FILE           scene JSON (default: assets/scenes/default.json)\n"
           "  --generate N           a generated stress scene of N mixed objects instead of --scene\n"
           "  --size WxH             window size in pixels (default 1280x720)\n"
           "  --click X,Y            scripted left click, window pixels from the top-left (repeatable)\n"
           "  --hover X,Y            leave the cursor here before the screenshot (hover highlight)\n"
           "  --drag X1,Y1,X2,Y2     after the clicks, drag with the left button (moves the grabbed object)\n"
           "  --orbit YAW,PITCH      after the clicks, orbit the camera by these degrees (the pick ray stays)\n"
           "  --select NAME          select an object by name (after the clicks; repeatable)\n"
           "  --resize WxH           before the clicks, resize the window (0..16384; SDL may clamp; repeatable)\n"
           "  --minimize             before the clicks, minimise the window, draw, restore (repeatable)\n"
           "  --duplicate            after the selection, duplicate the selected object (each round)\n"
           "  --delete               after that, delete the selected object (each round)\n"
           "  --repeat N             run clicks, drags, selection, edits and loads N times (soak test)\n"
           "  --report OUT.json      write the picks of the clicks (at exit)\n"
           "  --load FILE            after the clicks, load FILE as the GUI's Load button does (repeatable)\n"
           "  --save FILE            at the end, save the scene as the GUI's Save button does\n"
           "  --quit-after-clicks N  interactive mode: quit after N left clicks (for automation)\n"
           "  --screenshot OUT.png   save the last frame\n"
           "  --hide-ui              no ImGui windows (scene only; clicks anywhere reach the view)\n"
           "  --clip-depth opengl|direct3d      override the scene's clip-depth convention\n"
           "  --projection perspective|orthographic\n"
           "  --eye X,Y,Z  --target X,Y,Z  --fov DEGREES  --ortho-height H   camera overrides\n"
           "  --help\n";
}

ParseResult parseCommandLine(const std::vector<std::string>& args) {
    Options o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= args.size()) return std::nullopt;
            return args[++i];
        };
        auto fail = [&](const std::string& why) { return UsageError{arg + ": " + why}; };
        auto vec2 = [&](char sep) -> std::optional<glm::ivec2> {
            auto v = value();
            if (!v) return std::nullopt;
            auto n = numbers<int>(*v, sep, 2);
            if (!n) return std::nullopt;
            return glm::ivec2((*n)[0], (*n)[1]);
        };
        auto vec3 = [&]() -> std::optional<glm::vec3> {
            auto v = value();
            if (!v) return std::nullopt;
            auto n = numbers<float>(*v, ',', 3);
            if (!n) return std::nullopt;
            return glm::vec3((*n)[0], (*n)[1], (*n)[2]);
        };
        auto number = [&]() -> std::optional<float> {
            auto v = value();
            if (!v) return std::nullopt;
            auto n = numbers<float>(*v, ',', 1);
            if (!n) return std::nullopt;
            return (*n)[0];
        };

        if (arg == "--help" || arg == "-h") return HelpRequested{};
        if (arg == "--headless") o.headless = true;
        else if (arg == "--hide-ui") o.hideUi = true;
        else if (arg == "--minimize") o.window.push_back(WindowStep{true, {}});
        else if (arg == "--duplicate") o.duplicate = true;
        else if (arg == "--delete") o.remove = true;
        else if (arg == "--debug-provoke-gl-error") o.provokeGlError = true;
        else if (arg == "--resize") {
            auto s = vec2('x');
            if (!s || s->x < 0 || s->y < 0 || s->x > kMaxResize || s->y > kMaxResize)
                return fail("expects WxH with both between 0 and " + std::to_string(kMaxResize));
            o.window.push_back(WindowStep{false, *s});
        } else if (arg == "--repeat") {
            auto v = value();
            auto n = v ? numbers<int>(*v, ',', 1) : std::nullopt;
            if (!n || (*n)[0] < 1 || (*n)[0] > kMaxRepeat)
                return fail("expects a count from 1 to " + std::to_string(kMaxRepeat));
            o.repeat = (*n)[0];
        } else if (arg == "--scene" || arg == "--report" || arg == "--screenshot" || arg == "--select" ||
                   arg == "--load" || arg == "--save") {
            auto v = value();
            if (!v || v->empty()) return fail("expects a value");
            if (arg == "--scene") o.scenePath = *v;
            else if (arg == "--load") o.load.push_back(*v);
            else if (arg == "--save") o.savePath = *v;
            else if (arg == "--report") o.reportPath = *v;
            else if (arg == "--screenshot") o.screenshotPath = *v;
            else o.select.push_back(*v);
        } else if (arg == "--size") {
            auto s = vec2('x');
            if (!s || s->x < 16 || s->y < 16 || s->x > 8192 || s->y > 8192)
                return fail("expects WxH with both between 16 and 8192, e.g. 1280x720");
            o.size = *s;
        } else if (arg == "--click" || arg == "--hover") {
            auto p = vec2(',');
            if (!p || p->x < 0 || p->y < 0) return fail("expects X,Y in window pixels, e.g. 640,360");
            if (arg == "--click") o.clicks.push_back(*p);
            else o.hover = *p;
        } else if (arg == "--drag") {
            auto v = value();
            auto n = v ? numbers<int>(*v, ',', 4) : std::nullopt;
            if (!n || (*n)[0] < 0 || (*n)[1] < 0 || (*n)[2] < 0 || (*n)[3] < 0)
                return fail("expects X1,Y1,X2,Y2 in window pixels");
            o.drags.emplace_back(glm::ivec2((*n)[0], (*n)[1]), glm::ivec2((*n)[2], (*n)[3]));
        } else if (arg == "--orbit") {
            auto v = value();
            auto n = v ? numbers<float>(*v, ',', 2) : std::nullopt;
            if (!n) return fail("expects YAW,PITCH in degrees");
            o.orbitDegrees = glm::vec2((*n)[0], (*n)[1]);
        } else if (arg == "--generate") {
            auto v = value();
            auto n = v ? numbers<long long>(*v, ',', 1) : std::nullopt;
            if (!n || (*n)[0] < 1 || (*n)[0] > static_cast<long long>(kMaxGenerated))
                return fail("expects a count of objects from 1 to " + std::to_string(kMaxGenerated));
            o.generate = static_cast<std::size_t>((*n)[0]);
        } else if (arg == "--quit-after-clicks") {
            auto v = value();
            auto n = v ? numbers<int>(*v, ',', 1) : std::nullopt;
            if (!n || (*n)[0] < 1) return fail("expects a positive count");
            o.quitAfterClicks = (*n)[0];
        } else if (arg == "--clip-depth") {
            auto v = value();
            if (v == "opengl" || v == "negative_one_to_one") o.clipDepth = ClipDepth::NegativeOneToOne;
            else if (v == "direct3d" || v == "zero_to_one") o.clipDepth = ClipDepth::ZeroToOne;
            else return fail("expects opengl or direct3d");
        } else if (arg == "--projection") {
            auto v = value();
            if (v == "perspective") o.projection = scene::Projection::Perspective;
            else if (v == "orthographic") o.projection = scene::Projection::Orthographic;
            else return fail("expects perspective or orthographic");
        } else if (arg == "--eye" || arg == "--target") {
            auto v = vec3();
            if (!v) return fail("expects X,Y,Z");
            (arg == "--eye" ? o.eye : o.target) = *v;
        } else if (arg == "--fov" || arg == "--ortho-height") {
            auto v = number();
            if (!v || *v <= 0.0f) return fail("expects a positive number");
            (arg == "--fov" ? o.fovYDegrees : o.orthoHeight) = *v;
        } else {
            return UsageError{"unknown argument: " + arg};
        }
    }
    // The clicks come after the window steps: they must lie in the window the last --resize left.
    glm::ivec2 clickWindow = o.size;
    for (const WindowStep& w : o.window)
        if (!w.minimize) clickWindow = w.size;
    for (glm::ivec2 c : o.clicks)
        if (c.x >= clickWindow.x || c.y >= clickWindow.y)
            return UsageError{"--click " + std::to_string(c.x) + "," + std::to_string(c.y) + ": outside the " +
                              std::to_string(clickWindow.x) + "x" + std::to_string(clickWindow.y) + " window"};
    if (o.generate && !o.scenePath.empty()) return UsageError{"--generate and --scene: give one scene, not both"};
    if (!o.headless && (!o.clicks.empty() || o.hover || !o.load.empty() || !o.drags.empty() || o.orbitDegrees ||
                        !o.window.empty() || o.repeat != 1 || o.duplicate || o.remove))
        return UsageError{
            "--click, --drag, --orbit, --hover, --load, --resize, --minimize, --duplicate, --delete and "
            "--repeat are script steps: they need --headless"};
    return o;
}

}  // namespace pickray::app
