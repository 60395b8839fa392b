// SPDX-License-Identifier: MIT
// The command line on CLI11: it knows the options and their arity; the values are read and
// checked here (exact formats like WxH, ranges), and the script steps are put in the order CLI11
// saw them (App::parse_order()).
#include "cli/cli.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <type_traits>

#include <CLI/CLI.hpp>

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

/// A value that does not read: "--size 800: expects WxH ...".
struct BadValue {
    std::string message;
};

[[noreturn]] void refuse(const std::string& option, const std::string& value, const std::string& expectation) {
    throw BadValue{option + " " + (value.empty() ? "\"\"" : value) + ": " + expectation};
}

glm::ivec2 pair(const std::string& option, const std::string& value, char sep, const std::string& expectation) {
    const auto n = numbers<int>(value, sep, 2);
    if (!n) refuse(option, value, expectation);
    return {(*n)[0], (*n)[1]};
}

glm::ivec2 windowPoint(const std::string& option, const std::string& value) {
    const glm::ivec2 p = pair(option, value, ',', "expects X,Y in window pixels, e.g. 640,360");
    if (p.x < 0 || p.y < 0) refuse(option, value, "expects X,Y in window pixels, e.g. 640,360");
    return p;
}

glm::vec3 point3(const std::string& option, const std::string& value) {
    const auto n = numbers<float>(value, ',', 3);
    if (!n) refuse(option, value, "expects X,Y,Z");
    return {(*n)[0], (*n)[1], (*n)[2]};
}

float positive(const std::string& option, const std::string& value) {
    const auto n = numbers<float>(value, ',', 1);
    if (!n || !((*n)[0] > 0.0f)) refuse(option, value, "expects a positive number");
    return (*n)[0];
}

/// --math-sections: "none", or names of kMathSections separated by commas, each at most once.
MathSections mathSections(const std::string& value) {
    const std::string expectation =
        "expects a comma-separated list of viewport, points, projections, depth and precision, or none";
    MathSections open{};
    if (value == "none") return open;
    std::size_t begin = 0;
    for (;;) {
        const std::size_t end = std::min(value.find(',', begin), value.size());
        const std::string name = value.substr(begin, end - begin);
        const auto* named = std::find(kMathSections.begin(), kMathSections.end(), name);
        if (named == kMathSections.end()) refuse("--math-sections", value, expectation);
        const auto index = static_cast<std::size_t>(named - kMathSections.begin());
        if (open[index]) refuse("--math-sections", value, "names " + name + " twice");
        open[index] = true;
        if (end == value.size()) return open;
        begin = end + 1;
    }
}

template <class T>
T count(const std::string& option, const std::string& value, T lo, T hi, const std::string& expectation) {
    const auto n = numbers<T>(value, ',', 1);
    if (!n || (*n)[0] < lo || (*n)[0] > hi) refuse(option, value, expectation);
    return (*n)[0];
}

const std::string& nonEmpty(const std::string& option, const std::string& value) {
    if (value.empty()) refuse(option, value, "expects a value");
    return value;
}

// --key's help: every shortcut as --key spells it, from the shortcut table itself.
const std::string& keyHelp() {
    static const std::string text = [] {
        std::string keys;
        for (const Shortcut& s : shortcuts()) {
            std::string spelled = chordLabel(s.chord);
            std::transform(spelled.begin(), spelled.end(), spelled.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            if (keys.find(" " + spelled + ",") != std::string::npos) continue;
            keys += " " + spelled + ",";
        }
        keys.pop_back();
        return "press a key with its modifiers; the shortcuts:" + keys + " (and enter, tab, space, letters, F-keys)";
    }();
    return text;
}

// --orbit and --observer-orbit: YAW,PITCH[,N].
template <class Step>
Step orbitStep(const std::string& option, const std::string& value) {
    const std::string expectation =
        "expects YAW,PITCH in degrees, and optionally N turns from 1 to " + std::to_string(kMaxOrbitFrames);
    if (const auto n = numbers<float>(value, ',', 3)) {
        const float turns = (*n)[2];
        if (!(turns >= 1.0f && turns <= kMaxOrbitFrames && turns == static_cast<float>(static_cast<int>(turns))))
            refuse(option, value, expectation);
        return Step{{(*n)[0], (*n)[1]}, static_cast<int>(turns)};
    }
    const auto n = numbers<float>(value, ',', 2);
    if (!n) refuse(option, value, expectation);
    return Step{{(*n)[0], (*n)[1]}};
}

// The step an option makes, from its value ("" for the flags).
ScriptStep makeStep(const std::string& option, const std::string& value) {
    if (option == "--click") return step::Click{windowPoint(option, value)};
    if (option == "--hover") return step::Hover{windowPoint(option, value)};
    if (option == "--click-object") {
        // NAME, or NAME@U,V when what follows the last @ is two numbers in [0, 1] (a name may hold @).
        if (const auto sign = value.rfind('@'); sign != std::string::npos && sign > 0) {
            const auto uv = numbers<float>(value.substr(sign + 1), ',', 2);
            if (uv) {
                if (!((*uv)[0] >= 0.0f && (*uv)[0] <= 1.0f && (*uv)[1] >= 0.0f && (*uv)[1] <= 1.0f))
                    refuse(option, value, "expects NAME or NAME@U,V with U and V in 0..1");
                return step::ClickObject{value.substr(0, sign), glm::vec2((*uv)[0], (*uv)[1])};
            }
        }
        return step::ClickObject{nonEmpty(option, value), std::nullopt};
    }
    if (option == "--drag") {
        const std::string expectation =
            "expects X1,Y1,X2,Y2 in window pixels, then optionally ,left ,right or ,middle (ctrl+ before it: Ctrl "
            "held)";
        std::string points = value;
        MouseButton button = MouseButton::Left;
        bool ctrl = false;
        if (const auto comma = value.rfind(','); comma != std::string::npos) {
            std::string last = value.substr(comma + 1);
            if (last.rfind("ctrl+", 0) == 0) {
                ctrl = true;
                last = last.substr(5);
            }
            if (last == "left" || last == "right" || last == "middle") {
                button = last == "right"    ? MouseButton::Right
                         : last == "middle" ? MouseButton::Middle
                                            : MouseButton::Left;
                points = value.substr(0, comma);
            } else if (ctrl) {
                refuse(option, value, expectation);
            }
        }
        const auto n = numbers<int>(points, ',', 4);
        if (!n || (*n)[0] < 0 || (*n)[1] < 0 || (*n)[2] < 0 || (*n)[3] < 0) refuse(option, value, expectation);
        return step::Drag{{(*n)[0], (*n)[1]}, {(*n)[2], (*n)[3]}, button, ctrl};
    }
    if (option == "--type") return step::Type{nonEmpty(option, value)};
    if (option == "--key") {
        const auto chord = parseKeySpec(value);
        if (!chord)
            refuse(option, value,
                   "expects a key with optional modifiers, e.g. ctrl+z, ctrl+shift+z, delete, f, home, esc, h, f1");
        return step::Key{*chord};
    }
    if (option == "--select") return step::Select{nonEmpty(option, value)};
    if (option == "--load") return step::Load{nonEmpty(option, value)};
    if (option == "--save") return step::Save{nonEmpty(option, value)};
    if (option == "--screenshot") return step::Screenshot{nonEmpty(option, value)};
    if (option == "--id-buffer") return step::IdBuffer{nonEmpty(option, value)};
    if (option == "--audit") return step::Audit{nonEmpty(option, value)};
    if (option == "--orbit") return orbitStep<step::Orbit>(option, value);
    if (option == "--observer-orbit") return orbitStep<step::ObserverOrbit>(option, value);
    if (option == "--resize") {
        const glm::ivec2 s = pair(option, value, 'x', "");
        if (s.x < 0 || s.y < 0 || s.x > kMaxResize || s.y > kMaxResize)
            refuse(option, value, "expects WxH with both between 0 and " + std::to_string(kMaxResize));
        return step::Resize{s};
    }
    if (option == "--minimize") return step::Minimize{};
    if (option == "--gif-start") return step::GifStart{};
    if (option == "--duplicate") return step::Duplicate{};
    if (option == "--delete") return step::Delete{};
    // An option put in the steps' group without a step of its own: a programming error, said
    // rather than run as some other step.
    refuse(option, value, "is in the script steps' group but makes no step");
}

/// Every value of the single-value options, as strings (the last one given).
struct Values {
    std::string scene, generate, size, report, quitAfterClicks, repeat, clipDepth, projection, eye, target, fov,
        orthoHeight, uiScale, nearPlane, farPlane, moveAll, renderer, aa, supersample, observer, gizmo, recordGif,
        gifFrames, gifDither, gifDelay, gifWidth, recordInput, replay, status, orbitAbout, observerEye, observerTarget,
        observerZoom, observerCorner, mathSections;
};

void addOptions(CLI::App& cli, Options& o, Values& v) {
    const auto single = [&](const char* name, std::string& into, const char* what) {
        return cli.add_option(name, into, what)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    };
    cli.add_flag("--headless", o.headless, "no visible window (SDL's offscreen driver): run the script and exit");
    single("--scene", v.scene, "scene JSON file (default: assets/scenes/default.json)")->type_name("FILE");
    single("--generate", v.generate, "a generated stress scene of N mixed objects instead of --scene")->type_name("N");
    single("--size", v.size, "window size in pixels (default 1280x720, 16 to 8192 each)")->type_name("WxH");
    cli.add_flag("--hide-ui", o.hideUi,
                 "start with the panels hidden, as H hides them: the scene stays with what is drawn over it (markers, "
                 "lines, labels); clicks anywhere reach the view");
    cli.add_flag("--naive-ray", o.naiveRay,
                 "draw the naive float ray (one inverted float viewport·projection·view) beside the pick ray");
    cli.add_flag("--no-stats", o.noStats, "no timings in the panels: the same picture on every run (docs)");
    single("--ui-scale", v.uiScale, "scale of the panels and their text, 0.5 to 3 (default: the display's)")
        ->type_name("S");
    single("--report", v.report, "write the clicks' picks, frame times and memory as JSON after the script")
        ->type_name("OUT.json");
    single("--repeat", v.repeat, "run the whole script N times (soak tests)")->type_name("N");
    single("--quit-after-clicks", v.quitAfterClicks, "interactive mode: quit after N left clicks (automation)")
        ->type_name("N");
    single("--renderer", v.renderer,
           "analytic (default: every shape drawn by each pixel's ray, as a click picks) or mesh (tessellated "
           "meshes, for the pick audit's comparison)")
        ->type_name("KIND");
    single("--aa", v.aa, "fxaa (default: the colour's edges smoothed by an FXAA pass, not the object IDs) or off")
        ->type_name("MODE");
    single("--gizmo", v.gizmo,
           "on (default: the transform gizmo on the selection) or off (not drawn; a click where a handle would be "
           "picks what is there)")
        ->type_name("on|off");
    single("--math-sections", v.mathSections,
           "the Math panel's sections open when it first shows: a comma-separated list of viewport, points, "
           "projections, depth and precision, or none (default: all; a click on a section's header opens or "
           "closes it)")
        ->type_name("LIST");
    single("--supersample", v.supersample,
           "screenshots drawn at N times the width and height and box-filtered down (1 to 64; the GPU's largest "
           "target limits it; object IDs stay at 1x)")
        ->type_name("N");
    single("--observer", v.observer,
           "the observer's view of the camera, its frustum and the pick ray: pip (in the corner), main (filling the "
           "window, the camera's picture in the corner) or off (default)")
        ->type_name("MODE");
    single("--record-gif", v.recordGif,
           "write the frames the script draws as an animated GIF (from the start, or from a --gif-start step; "
           "box-filtered to at most --gif-width; one palette, dithered; at most 2 MB; a --replay's frames last "
           "as long as they did when recorded)")
        ->type_name("OUT.gif");
    single("--gif-frames", v.gifFrames, "with --record-gif: also write its frames before quantisation as PNGs")
        ->type_name("DIR");
    single("--gif-dither", v.gifDither,
           "with --record-gif: ordered (default: a colour between the palette's entries as a fixed 4x4 pattern of "
           "them, no bands) or off (each pixel its nearest entry)")
        ->type_name("MODE");
    single("--gif-delay", v.gifDelay, "with --record-gif: each drawn frame's time in 1/100 s (default 5; 2 to 65535)")
        ->type_name("CS");
    single("--gif-width", v.gifWidth,
           "with --record-gif: the GIF at most W pixels wide, by the smallest whole factor (default 640; 16 to 8192; "
           "never wider than the window)")
        ->type_name("W");
    single("--record-input", v.recordInput,
           "interactive: write what you do as a session file as you go (the start, then clicks, drags, camera moves "
           "and the panels' and keys' commands), for --replay")
        ->type_name("FILE.json");
    single("--replay", v.replay,
           "play a session written by --record-input from its starting scene: headless before the other steps, or "
           "in the window at its pace; at the recorded --size unless one is given")
        ->type_name("FILE.json");
    single("--status", v.status,
           "interactive: after every frame, replace FILE with one line of JSON saying the frames run, the events "
           "handled, whether the window sleeps until an event or when it asked to wake, its title and its last "
           "redraw (for a program that drives the window and waits on it)")
        ->type_name("FILE.json");
    cli.add_flag("--debug-provoke-gl-error", o.provokeGlError, "one invalid GL call (tests)")->group("");

    const char* steps = "Script steps (with --headless; run in the order given, each as often as given)";
    const auto step = [&](const char* name, const char* type, const char* what) {
        cli.add_option(name)
            ->description(what)
            ->type_name(type)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
            ->group(steps);
    };
    step("--click", "X,Y", "left click at window pixels from the top-left");
    step("--click-object", "NAME[@U,V]",
         "left click on the object of that name where its pick is robust: deep inside its visible area, or "
         "nearest to the fraction U,V (0..1, from the top-left) of that area; says which pixel it chose");
    step("--drag", "X1,Y1,X2,Y2[,B]",
         "drag with button B (left, right, middle; default left; ctrl+left holds Ctrl): left moves the grabbed "
         "object or gizmo handle once past 4 pixels and orbits on the background, right orbits, middle pans");
    step("--type", "TEXT", "type the text into what has the keyboard (a text field, the file browser's name)");
    step("--key", "SPEC", keyHelp().c_str());
    step("--hover", "X,Y", "leave the cursor here (the hover highlight)");
    step("--select", "NAME", "select an object by name; consecutive --select steps select several");
    cli.add_flag("--duplicate")->description("duplicate the selected objects (the GUI's Duplicate)")->group(steps);
    cli.add_flag("--delete")->description("delete the selected objects (the GUI's Delete)")->group(steps);
    step("--load", "FILE", "load a scene as the GUI's Load does");
    step("--save", "FILE", "save the scene as the GUI's Save does (interactive: on quitting)");
    step("--screenshot", "OUT.png", "save the next frame (interactive: on quitting)");
    step("--id-buffer", "OUT.png",
         "save the scene's object IDs, a pixel each (index + 1 as 24-bit RGB, R high; 0 background; "
         "interactive: on quitting)");
    step("--audit", "OUT.json",
         "audit the next frame's object IDs against the CPU's pick at every pixel: counts of mismatches, "
         "robust mismatches and depth ties as JSON (interactive: on quitting)");
    single("--orbit-about", v.orbitAbout,
           "what the --orbit steps turn the camera about: target (the camera's target, default) or pick (the "
           "picked point, which stays where it is drawn)")
        ->type_name("target|pick");
    step("--orbit", "YAW,PITCH[,N]",
         "orbit the camera by these degrees (the pick ray stays), in N equal turns drawn one by one (default 1)");
    step("--observer-orbit", "YAW,PITCH[,N]",
         "orbit the observer's camera about its target by these degrees, in N equal turns drawn one by one "
         "(default 1); it needs the observer shown (--observer or --key o)");
    step("--resize", "WxH", "resize the window (0 to 16384; SDL may refuse or clamp)");
    cli.add_flag("--minimize")->description("minimise the window, draw, restore")->group(steps);
    cli.add_flag("--gif-start")
        ->description(
            "--record-gif's recording begins here: the steps before it (the setup) are not in the GIF, "
            "whose first frame is the picture after them")
        ->group(steps);

    const char* observer = "The observer's view (--observer)";
    single("--observer-eye", v.observerEye,
           "where the observer's eye starts (default: behind, above and to the right of the camera, framing its "
           "frustum and the objects)")
        ->type_name("X,Y,Z")
        ->group(observer);
    single("--observer-target", v.observerTarget,
           "the point the observer starts looking at (default: the middle of what it frames)")
        ->type_name("X,Y,Z")
        ->group(observer);
    single("--observer-zoom", v.observerZoom,
           "the observer's eye starts F times closer to its target (0.5: twice as far; default 1)")
        ->type_name("F")
        ->group(observer);
    single("--observer-corner", v.observerCorner,
           "where the corner picture goes in the part of the window the panels leave free: top (default, the "
           "middle of its top edge), top-left, top-right, bottom-left or bottom-right")
        ->type_name("CORNER")
        ->group(observer);

    const char* camera = "Camera overrides (applied to the scene's camera)";
    single("--clip-depth", v.clipDepth, "opengl or direct3d")->group(camera);
    single("--projection", v.projection, "perspective or orthographic")->group(camera);
    single("--eye", v.eye, "eye position")->type_name("X,Y,Z")->group(camera);
    single("--target", v.target, "point looked at")->type_name("X,Y,Z")->group(camera);
    single("--fov", v.fov, "vertical field of view")->type_name("DEGREES")->group(camera);
    single("--ortho-height", v.orthoHeight, "orthographic view height")->type_name("H")->group(camera);
    single("--near", v.nearPlane, "near plane distance (0 < near < far)")->type_name("N")->group(camera);
    single("--far", v.farPlane, "far plane distance (greater than near)")->type_name("F")->group(camera);
    single("--move-all", v.moveAll,
           "move every object and the camera (after the overrides above) by this vector: the same picture "
           "further from the world origin")
        ->type_name("X,Y,Z")
        ->group(camera);
}

// The single-value options that were given, read and checked.
void readValues(const CLI::App& cli, const Values& v, Options& o) {
    const auto given = [&](const char* option) { return cli.count(option) > 0; };
    if (given("--scene")) o.scenePath = nonEmpty("--scene", v.scene);
    if (given("--generate")) {
        o.generate = count<std::size_t>("--generate", v.generate, 1, scene::kMaxGenerated,
                                        "expects a count of objects from 1 to " + std::to_string(scene::kMaxGenerated));
    }
    if (given("--size")) {
        const std::string expectation = "expects WxH with both between 16 and 8192, e.g. 1280x720";
        o.size = pair("--size", v.size, 'x', expectation);
        if (o.size.x < 16 || o.size.y < 16 || o.size.x > 8192 || o.size.y > 8192) refuse("--size", v.size, expectation);
        o.sizeGiven = true;
    }
    if (given("--record-input")) o.recordInput = nonEmpty("--record-input", v.recordInput);
    if (given("--replay")) o.replay = nonEmpty("--replay", v.replay);
    if (given("--status")) o.statusPath = nonEmpty("--status", v.status);
    if (given("--orbit-about")) {
        if (v.orbitAbout != "target" && v.orbitAbout != "pick")
            refuse("--orbit-about", v.orbitAbout, "expects target or pick");
        o.orbitAboutPick = v.orbitAbout == "pick";
    }
    if (given("--report")) o.reportPath = nonEmpty("--report", v.report);
    if (given("--record-gif")) o.recordGif = nonEmpty("--record-gif", v.recordGif);
    if (given("--gif-frames")) o.gifFrames = nonEmpty("--gif-frames", v.gifFrames);
    if (given("--gif-dither")) {
        if (v.gifDither != "ordered" && v.gifDither != "off")
            refuse("--gif-dither", v.gifDither, "expects ordered or off");
        o.gifDither = v.gifDither == "ordered";
    }
    if (given("--gif-delay"))
        o.gifDelay = count("--gif-delay", v.gifDelay, kMinGifDelay, kMaxGifDelay,
                           "expects a frame time in 1/100 s from " + std::to_string(kMinGifDelay) + " to " +
                               std::to_string(kMaxGifDelay) + " (browsers show 0 and 1 as 10)");
    if (given("--gif-width"))
        o.gifWidth = count(
            "--gif-width", v.gifWidth, kMinGifWidth, kMaxGifWidth,
            "expects a width in pixels from " + std::to_string(kMinGifWidth) + " to " + std::to_string(kMaxGifWidth));
    if (given("--ui-scale")) {
        const auto n = numbers<float>(v.uiScale, ',', 1);
        if (!n || !((*n)[0] >= 0.5f && (*n)[0] <= 3.0f))
            refuse("--ui-scale", v.uiScale, "expects a scale from 0.5 to 3");
        o.uiScale = (*n)[0];
    }
    if (given("--repeat"))
        o.repeat =
            count("--repeat", v.repeat, 1, kMaxRepeat, "expects a count from 1 to " + std::to_string(kMaxRepeat));
    if (given("--quit-after-clicks"))
        o.quitAfterClicks = count("--quit-after-clicks", v.quitAfterClicks, 1, 1 << 30, "expects a positive count");
    if (given("--renderer")) {
        if (v.renderer == "mesh") o.renderer = RendererKind::Mesh;
        else if (v.renderer == "analytic") o.renderer = RendererKind::Analytic;
        else refuse("--renderer", v.renderer, "expects mesh or analytic");
    }
    if (given("--aa")) {
        if (v.aa == "fxaa") o.fxaa = true;
        else if (v.aa == "off") o.fxaa = false;
        else refuse("--aa", v.aa, "expects fxaa or off");
    }
    if (given("--observer")) {
        if (v.observer == "pip") o.observer = ObserverStart::Inset;
        else if (v.observer == "main") o.observer = ObserverStart::Main;
        else if (v.observer == "off") o.observer = ObserverStart::Off;
        else refuse("--observer", v.observer, "expects pip, main or off");
    }
    if (given("--observer-eye")) o.observerEye = point3("--observer-eye", v.observerEye);
    if (given("--observer-target")) o.observerTarget = point3("--observer-target", v.observerTarget);
    if (o.observerEye && o.observerEye == o.observerTarget)
        refuse("--observer-target", v.observerTarget,
               "must differ from --observer-eye (it looks from one to the other)");
    if (given("--observer-zoom")) o.observerZoom = positive("--observer-zoom", v.observerZoom);
    if (given("--observer-corner")) {
        constexpr const char* kCorners[] = {"top", "top-left", "top-right", "bottom-left", "bottom-right"};
        const auto* named = std::find(std::begin(kCorners), std::end(kCorners), v.observerCorner);
        if (named == std::end(kCorners))
            refuse("--observer-corner", v.observerCorner,
                   "expects top, top-left, top-right, bottom-left or bottom-right");
        o.observerCorner = static_cast<ObserverCorner>(named - std::begin(kCorners));
    }
    if (given("--gizmo")) {
        if (v.gizmo == "on") o.gizmo = true;
        else if (v.gizmo == "off") o.gizmo = false;
        else refuse("--gizmo", v.gizmo, "expects on or off");
    }
    if (given("--math-sections")) o.mathSections = mathSections(v.mathSections);
    if (given("--supersample"))
        o.supersample = count("--supersample", v.supersample, 1, kMaxSupersample,
                              "expects a whole factor from 1 to " + std::to_string(kMaxSupersample));
    if (given("--clip-depth")) {
        if (v.clipDepth == "opengl" || v.clipDepth == "negative_one_to_one") o.clipDepth = ClipDepth::NegativeOneToOne;
        else if (v.clipDepth == "direct3d" || v.clipDepth == "zero_to_one") o.clipDepth = ClipDepth::ZeroToOne;
        else refuse("--clip-depth", v.clipDepth, "expects opengl or direct3d");
    }
    if (given("--projection")) {
        if (v.projection == "perspective") o.projection = scene::Projection::Perspective;
        else if (v.projection == "orthographic") o.projection = scene::Projection::Orthographic;
        else refuse("--projection", v.projection, "expects perspective or orthographic");
    }
    if (given("--eye")) o.eye = point3("--eye", v.eye);
    if (given("--target")) o.target = point3("--target", v.target);
    if (given("--fov")) o.fovYDegrees = positive("--fov", v.fov);
    if (given("--ortho-height")) o.orthoHeight = positive("--ortho-height", v.orthoHeight);
    if (given("--near")) o.nearPlane = positive("--near", v.nearPlane);
    if (given("--far")) o.farPlane = positive("--far", v.farPlane);
    if (o.nearPlane && o.farPlane && !(*o.nearPlane < *o.farPlane))
        refuse("--far", v.farPlane, "expects a distance greater than --near " + v.nearPlane);
    if (given("--move-all")) o.moveAll = point3("--move-all", v.moveAll);
}

// The script steps, in the order CLI11 saw their options.
void readScript(const CLI::App& cli, Options& o) {
    std::map<const CLI::Option*, std::size_t> used;  // values of each option taken so far
    for (const CLI::Option* option : cli.parse_order()) {
        if (option->get_group().rfind("Script steps", 0) != 0) continue;
        const std::string name = option->get_name();
        const std::vector<std::string>& values = option->results();
        const std::size_t k = used[option]++;
        o.script.push_back(makeStep(name, option->get_expected_max() == 0 || k >= values.size() ? "" : values[k]));
    }
}

// What the options say together: clicks inside the window they land in, one scene, script steps
// only where there is a script.
std::optional<std::string> checkTogether(const Options& o) {
    glm::ivec2 window = o.size;
    for (const ScriptStep& s : o.script) {
        if (const auto* r = std::get_if<step::Resize>(&s)) window = r->size;
        if (const auto* c = std::get_if<step::Click>(&s); c && (c->at.x >= window.x || c->at.y >= window.y)) {
            return "--click " + std::to_string(c->at.x) + "," + std::to_string(c->at.y) + ": outside the " +
                   std::to_string(window.x) + "x" + std::to_string(window.y) + " window";
        }
    }
    if (o.generate && !o.scenePath.empty()) return "--generate and --scene: give one scene, not both";
    if (!o.replay.empty() && (o.generate || !o.scenePath.empty()))
        return "--replay starts from the scene its session recorded: not with --scene or --generate";
    if (!o.recordInput.empty() && o.headless)
        return "--record-input records what a hand does in a window: not with --headless";
    if (!o.recordInput.empty() && !o.replay.empty()) return "--record-input and --replay: record or replay, not both";
    if (!o.statusPath.empty() && o.headless) return "--status reports a window's frames: not with --headless";
    if (!o.headless) {
        for (const ScriptStep& s : o.script) {
            if (!std::holds_alternative<step::Select>(s) && !std::holds_alternative<step::Screenshot>(s) &&
                !std::holds_alternative<step::Save>(s) && !std::holds_alternative<step::IdBuffer>(s) &&
                !std::holds_alternative<step::Audit>(s))
                return std::string(optionName(s)) + " is a script step: it needs --headless";
        }
        if (o.repeat != 1) return "--repeat repeats the script: it needs --headless";
        if (!o.recordGif.empty()) return "--record-gif records the script's frames: it needs --headless";
    }
    if (o.recordGif.empty()) {
        if (!o.gifFrames.empty()) return "--gif-frames writes --record-gif's frames: it needs it";
        if (o.gifDither) return "--gif-dither sets how --record-gif writes colours: it needs it";
        if (o.gifDelay) return "--gif-delay sets --record-gif's frame time: it needs it";
        if (o.gifWidth) return "--gif-width sets --record-gif's width: it needs it";
    }
    const auto starts = std::count_if(o.script.begin(), o.script.end(),
                                      [](const ScriptStep& s) { return std::holds_alternative<step::GifStart>(s); });
    if (starts > 0 && o.recordGif.empty()) return "--gif-start begins --record-gif's recording: it needs it";
    if (starts > 1) return "--gif-start given " + std::to_string(starts) + " times: the recording begins once";
    return std::nullopt;
}

/// The message on one line: control characters (a newline in an argument, say) as escapes.
std::string oneLine(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) {
            out += c;
        } else {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned char>(c));
            out += escaped;
        }
    }
    return out;
}

}  // namespace

const char* optionName(const ScriptStep& s) noexcept {
    constexpr const char* kNames[] = {"--click",  "--drag",         "--hover",     "--select",        "--duplicate",
                                      "--delete", "--load",         "--save",      "--screenshot",    "--orbit",
                                      "--resize", "--minimize",     "--key",       "--type",          "--id-buffer",
                                      "--audit",  "--click-object", "--gif-start", "--observer-orbit"};
    static_assert(std::size(kNames) == std::variant_size_v<ScriptStep>);
    return kNames[s.index()];
}

ParseResult parseCommandLine(const std::vector<std::string>& args) {
    Options o;
    Values values;
    CLI::App cli{"Click objects, see where the cursor's ray hits them: the picking demo of pickray.", "pickray"};
    cli.footer(
        "The script steps run in the order given, then --report is written; --repeat N runs the whole\n"
        "list N times. Without --headless, --select gives the starting selection and --screenshot,\n"
        "--id-buffer, --audit and --save act on quitting.\n"
        "Example: pickray --headless --size 640x360 --click 320,180 --report r.json --screenshot s.png");
    addOptions(cli, o, values);
    // CLI11 takes its arguments last first.
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    try {
        cli.parse(reversed);
        readValues(cli, values, o);
        readScript(cli, o);
    } catch (const CLI::CallForHelp&) {
        return HelpRequested{cli.help()};
    } catch (const CLI::ParseError& e) {
        return UsageError{oneLine(e.what())};
    } catch (const BadValue& e) {
        return UsageError{oneLine(e.message)};
    }
    if (auto problem = checkTogether(o)) return UsageError{oneLine(*problem)};
    return o;
}

}  // namespace pickray::app
