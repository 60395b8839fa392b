// SPDX-License-Identifier: MIT
#pragma once
// The command line, parsed into plain options (no SDL here, so it is unit-testable). The script
// is an ordered list of steps, run in the order given (script.hpp).

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "input/input_events.hpp"
#include "input/shortcuts.hpp"
#include "scene/generate.hpp"
#include "scene/scene.hpp"

namespace pickray::app {

/// The largest --resize accepted (the driver's render target limit is checked when drawing).
inline constexpr int kMaxResize = 16384;
/// The largest --supersample accepted (the driver's largest target is checked when drawing: at
/// 1280x720 llvmpipe's 16384 allows 12).
inline constexpr int kMaxSupersample = 64;
/// The most turns of one --orbit step.
inline constexpr int kMaxOrbitFrames = 1000;
/// The largest --repeat accepted.
inline constexpr int kMaxRepeat = 100'000;
/// --gif-delay's range in 1/100 s: browsers show a delay of 0 or 1 as 10; a GIF holds 16 bits.
inline constexpr int kMinGifDelay = 2, kMaxGifDelay = 65535;
/// --gif-width's range in pixels (the window's width, when smaller, is the limit).
inline constexpr int kMinGifWidth = 16, kMaxGifWidth = 8192;

/// The steps of the headless script, one type per option (window pixels: top-left origin).
namespace step {
struct Click {  ///< --click X,Y: press and release the left button there
    glm::ivec2 at{0};
};
struct Drag {  ///< --drag X1,Y1,X2,Y2[,[ctrl+]left|right|middle]: a button held from one point to the other
    glm::ivec2 from{0}, to{0};
    MouseButton button = MouseButton::Left;
    bool ctrl = false;  ///< Ctrl held throughout ("ctrl+left": the gizmo snaps)
};
/// --click-object NAME[@U,V]: a left click on the object of that name, at a pixel where the pick is
/// robust (analysis/aim.hpp): the deepest inside its visible area, or the nearest to the fraction
/// (U, V) of the area's bounding box.
struct ClickObject {
    std::string name;
    std::optional<glm::vec2> at;
};
struct Hover {  ///< --hover X,Y: the cursor rests there (the hover highlight)
    glm::ivec2 at{0};
};
struct Select {  ///< --select NAME: a run of consecutive --select steps selects those objects
    std::string name;
};
struct Duplicate {};  ///< --duplicate: the GUI's Duplicate on the primary (last) selection
struct Delete {};     ///< --delete: the GUI's Delete on the primary selection
struct Load {         ///< --load FILE: the GUI's Load
    std::string path;
};
struct Save {  ///< --save FILE: the GUI's Save
    std::string path;
};
struct Screenshot {  ///< --screenshot FILE: the next frame as a PNG (with the UI unless --hide-ui)
    std::string path;
};
struct Orbit {  ///< --orbit YAW,PITCH[,N]: the camera orbits by these degrees (the pick ray stays)
    glm::vec2 degrees{0.0f};
    int frames = 1;  ///< in N equal turns, a frame drawn after each (an animation's orbit, --record-gif)
};
struct ObserverOrbit {  ///< --observer-orbit YAW,PITCH[,N]: the observer's camera orbits about its target
    glm::vec2 degrees{0.0f};
    int frames = 1;  ///< in N equal turns, a frame drawn after each
};
struct Resize {  ///< --resize WxH: SDL's window size call (SDL may refuse or clamp)
    glm::ivec2 size{0};
};
struct Minimize {};  ///< --minimize: minimise, draw, restore, draw
struct GifStart {};  ///< --gif-start: --record-gif's recording begins here (the steps before it left out)
struct Key {         ///< --key SPEC: a key pressed and released with its modifiers ("ctrl+z")
    KeyChord chord;
};
struct Type {  ///< --type TEXT: the text typed into whatever has the keyboard (a field, a dialog)
    std::string text;
};
/// --id-buffer OUT.png: the scene's objects, a pixel each, as a 24-bit RGB PNG: object index + 1
/// (its place in the scene file's `objects`), R the high byte; 0 the background (docs/DEMO.md).
struct IdBuffer {
    std::string path;
};
/// --audit OUT.json: the pick audit of the next frame (analysis/audit.hpp): its ID buffer against
/// the CPU's pick at every pixel, the counts as JSON (docs/DEMO.md).
struct Audit {
    std::string path;
};
}  // namespace step

using ScriptStep =
    std::variant<step::Click, step::Drag, step::Hover, step::Select, step::Duplicate, step::Delete, step::Load,
                 step::Save, step::Screenshot, step::Orbit, step::Resize, step::Minimize, step::Key, step::Type,
                 step::IdBuffer, step::Audit, step::ClickObject, step::GifStart, step::ObserverOrbit>;

/// The option that makes a step, for messages ("--click").
[[nodiscard]] const char* optionName(const ScriptStep& step) noexcept;

/// --observer-corner: where the corner picture goes (the order of viewport's InsetCorner).
enum class ObserverCorner { Top, TopLeft, TopRight, BottomLeft, BottomRight };

/// The Math panel's sections, as --math-sections names them, in the panel's order.
inline constexpr std::array<std::string_view, 5> kMathSections = {"viewport", "points", "projections", "depth",
                                                                  "precision"};
/// Which of kMathSections are open.
using MathSections = std::array<bool, kMathSections.size()>;
/// --renderer: how the scene is drawn (render::Renderer::useAnalyticSpheres).
enum class RendererKind { Mesh, Analytic };
/// --observer: the observer's view at the start: none, in the corner, or as the main view.
enum class ObserverStart { Off, Inset, Main };

struct Options {
    bool headless = false;
    std::string scenePath;                ///< empty: the default scene
    std::optional<std::size_t> generate;  ///< a generated stress scene of this many objects instead
    glm::ivec2 size{1280, 720};           ///< window size in window units
    /// In the order given. Interactive runs take only --select (the starting selection) and
    /// --screenshot and --save (on quitting); the others need --headless.
    std::vector<ScriptStep> script;
    int repeat = 1;          ///< runs of the whole script (soak tests)
    std::string reportPath;  ///< written after the script (or on quitting)
    bool hideUi = false;
    bool naiveRay = false;         ///< --naive-ray: the naive float ray drawn beside the pick ray (UiState::naiveRay)
    bool noStats = false;          ///< no timings in the panels (pictures that do not change from run to run)
    std::optional<float> uiScale;  ///< the panels' scale (default: the display's, see ImGuiLayer)
    int quitAfterClicks = 0;       ///< interactive mode: quit after this many left clicks (0: never)
    RendererKind renderer = RendererKind::Analytic;  ///< --renderer
    bool fxaa = true;                                ///< --aa fxaa (default) or off (View > Anti-aliasing (FXAA))
    int supersample = 1;  ///< --supersample N: screenshots drawn at N times the size, box-filtered down
    ObserverStart observer = ObserverStart::Off;          ///< --observer pip|main|off (View > Observer view)
    ObserverCorner observerCorner = ObserverCorner::Top;  ///< --observer-corner (View > Observer corner)
    std::optional<glm::vec3> observerEye;                 ///< --observer-eye: where the observer starts
    std::optional<glm::vec3> observerTarget;              ///< --observer-target: what it starts looking at
    float observerZoom = 1.0f;                            ///< --observer-zoom: its eye that many times closer
    bool gizmo = true;                                    ///< --gizmo on (default) or off (View > Transform gizmo)
    MathSections mathSections = {true, true, true, true, true};  ///< --math-sections: open at first
    bool provokeGlError = false;  ///< hidden, for tests: one invalid GL call, to prove errors are counted
    // Camera overrides, applied after the scene is loaded.
    std::optional<ClipDepth> clipDepth;
    std::optional<scene::Projection> projection;
    std::optional<glm::vec3> eye;
    std::optional<glm::vec3> target;
    std::optional<float> fovYDegrees;
    std::optional<float> orthoHeight;
    std::optional<float> nearPlane;  ///< --near: 0 < near (< far, checked with the scene's far after loading)
    std::optional<float> farPlane;   ///< --far
    /// --move-all X,Y,Z: the scene and its camera (after the overrides above) moved together.
    std::optional<glm::vec3> moveAll;
    std::string recordGif;  ///< --record-gif OUT.gif: the script's frames as an animated GIF (shell/gif.hpp)
    std::string gifFrames;  ///< --gif-frames DIR: the GIF's frames before quantisation, as PNGs (the docs' check)
    std::optional<bool> gifDither;  ///< --gif-dither ordered (true, the default) or off (shell/gif_palette.hpp)
    std::optional<int> gifDelay;    ///< --gif-delay CS: each drawn frame's time in 1/100 s (none: shell/gif.hpp's)
    std::optional<int> gifWidth;    ///< --gif-width W: the GIF at most this wide (none: shell/gif.hpp's)
    bool sizeGiven = false;         ///< --size was given (a replay otherwise takes its recording's size)
    /// --record-input FILE: the interactive session's input written as it goes (session.hpp).
    std::string recordInput;
    /// --replay FILE: a recorded session's start is the starting scene, and its frames are played
    /// before the other steps (headless) or in the window, at the recorded pace.
    std::string replay;
    /// --status FILE: the window's state rewritten after every frame, for a program driving it.
    std::string statusPath;
    /// --orbit-about pick: the --orbit steps turn the camera about the picked point, which stays
    /// where it is drawn, instead of about the camera's target.
    bool orbitAboutPick = false;
};

/// A refused command line: one line naming the problem (the caller adds the hint to --help).
struct UsageError {
    std::string message;
};

/// --help: the text to print.
struct HelpRequested {
    std::string text;
};

using ParseResult = std::variant<Options, UsageError, HelpRequested>;

/// `args` without the program name. A single-value option given twice keeps its last value.
[[nodiscard]] ParseResult parseCommandLine(const std::vector<std::string>& args);
/// The line that follows every UsageError.
inline constexpr const char* kHelpHint = "Run 'pickray --help' for the options.";

}  // namespace pickray::app
