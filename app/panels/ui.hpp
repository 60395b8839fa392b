// SPDX-License-Identifier: MIT
#pragma once
// The ImGui panels: menu bar, outliner, inspector, camera, pick info, capsule pair, help, toasts.
// They read the state they are given and return commands; they make no GL calls and change
// nothing themselves. Each has a file of its own here, named after it; ui.cpp puts them together,
// panel_layout.cpp says where each goes, shortcut_commands.cpp what each shortcut key asks for.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "analysis/audit.hpp"
#include "editor/commands.hpp"
#include "editor/files.hpp"
#include "editor/history.hpp"
#include "editor/pick.hpp"
#include "input/shortcuts.hpp"
#include "panels/drawn_panels.hpp"
#include "panels/free_view.hpp"
#include "panels/toasts.hpp"
#include "scene/scene.hpp"
#include "viewport/gizmo.hpp"
#include "viewport/observer.hpp"
#include "viewport/performance.hpp"

namespace pickray::app {

/// Where a panel goes: `offset` from the window corner it is anchored to (top-left, or top-right
/// for the right-hand panels), and its size. Until the user moves or resizes it, the default
/// layout for the window's size; after that, where the user put it. Kept apart from where ImGui
/// has it now, so a window made tiny and large again puts every panel back.
struct PanelPlace {
    glm::vec2 offset{0.0f};
    glm::vec2 size{0.0f};
    bool userPlaced = false;
    glm::vec2 lastPos{-1.0f};  ///< where it was put last frame: a change is the user's move
    glm::vec2 lastSize{-1.0f};
};

/// The file browser of File > Open and Save As: which, where, the name typed.
struct FileDialog {
    enum class Mode { Closed, Open, SaveAs } mode = Mode::Closed;
    std::string directory;   ///< the listing shown (UiView::listing is of this directory)
    std::string name;        ///< a file name, or a path (relative to `directory` or absolute)
    bool focusName = false;  ///< give the name field the keyboard next frame
    bool relist = true;      ///< list the folder afresh (a file may have been saved since)
};

/// The panels along the bottom of the view, between the two columns, in the band's order.
enum class BandPanel { PickAudit, Math, Constructions };
inline constexpr std::size_t kBandPanels = 3;

/// State that belongs to the panels only (text being typed, chosen kind, messages, layout).
struct UiState {
    FileDialog fileDialog;
    /// Questions the window asks before something is lost; each answered in a modal window.
    std::optional<std::string> confirmOverwrite;  ///< Save As onto this existing file?
    std::optional<std::string> confirmDiscard;    ///< open this file, losing the unsaved changes?
    bool confirmQuit = false;                     ///< quit, losing the unsaved changes?
    /// What "Save first" (or Quit's "Save as...") asked for, done once the Save as it went through
    /// has saved (the window applies it then; a failed or cancelled save drops it).
    std::optional<Command> afterSave;
    /// The Inspector's size warning, kept while the scene's revision and the object stay the same
    /// (it reads every object's size).
    struct SizeWarningCache {
        std::uint64_t revision = 0;
        std::size_t object = 0;
        std::optional<std::string> text;
    } sizeWarning;
    std::string renameText;
    std::optional<std::size_t> renameFor;  ///< object whose name renameText was taken from ...
    std::string renameForName;             ///< ... and that name (an index alone may name another object later)
    int addKind = 0;
    std::int64_t generateCount = 1000;  ///< fluid on any machine; x10 for larger scenes
    bool screenshotWithUi = true;
    bool editHeld = false;           ///< an inspector field is held and has changed the object
    std::size_t editHeldObject = 0;  ///< ... this object
    bool showHelp = false;
    bool pickAudit = false;      ///< View > Pick audit: the view's audit and its heat map are shown
    bool mathPanel = false;      ///< View > Math panel (M): the unprojection step by step
    bool constructions = false;  ///< View > Constructions (C): the articles' constructions drawn and listed
    bool mathOfHover = false;    ///< the Math panel shows the hovered pixel's, not the last pick's
    /// The Math panel's sections open when it first shows (--math-sections), in the panel's order:
    /// viewport matrix, near and far points, projections, hit depth, precision.
    std::array<bool, 5> mathSections{true, true, true, true, true};
    /// Of the band's panels, the one drawn while they share one place (the last opened or the tab
    /// clicked), and which were open last frame (one just opened comes to the front).
    BandPanel bandFront = BandPanel::Math;
    std::array<bool, kBandPanels> bandWasOpen{};
    /// View > Analytic renderer (--renderer analytic): shapes drawn by each pixel's ray, where the
    /// renderer can; off, the mesh renderer, kept for the audit's comparison.
    bool analyticRenderer = false;
    /// View > Anti-aliasing (FXAA) (--aa): the colour's edges smoothed (Renderer::useFxaa).
    bool fxaa = true;
    /// View > Observer view / Observer as main view (--observer): the observer's view.
    ObserverMode observer = ObserverMode::Off;
    /// View > Observer corner (--observer-corner): where the corner picture goes.
    InsetCorner observerCorner = InsetCorner::Top;
    /// The precision view's naive float ray drawn beside the pick ray (--naive-ray; addNaiveRay).
    bool naiveRay = false;
    bool noStats = false;     ///< leave timings out (pictures that must not change from run to run)
    float scale = 1.0f;       ///< the UI scale (View > UI scale; the window applies it next frame)
    float scaleShown = 1.0f;  ///< the slider's value while it is held (taken when let go)
    bool scaleHeld = false;
    GizmoMode gizmoMode = GizmoMode::Move;
    GizmoSpace gizmoSpace = GizmoSpace::World;
    /// View > Transform gizmo (G, --gizmo): drawn on the selection; hidden, its handles take no clicks.
    bool gizmoShown = true;
    std::vector<Toast> toasts;
    std::string outlinerFilter;
    std::optional<std::size_t> scrolledTo;  ///< the object the outliner last scrolled to
    bool resetLayout = true;                ///< put every panel at its default place this frame
    /// This frame's Esc closed an open menu or popup, and does nothing else: the shortcut's
    /// ClearSelection waits for the next Esc.
    bool escapeClosedPopup = false;
    std::map<std::string, PanelPlace> panels;
    /// The part of the view the panels left free when last drawn: where F and Home frame.
    FreeView freeView;
    /// Where the panels write what they drew, while buildUi runs (the caller's record, not kept
    /// here: the panels' state is theirs, the record is for whoever describes the window).
    DrawnPanels* drawn = nullptr;
};

/// The pick audit of the view (View > Pick audit), for its panel: the window's.
struct AuditStatus {
    const AuditCounts* counts = nullptr;  ///< the audit of the view shown (null: none yet, or out of date)
    double ms = 0.0;                      ///< how long it took (the CPU's rays and the comparison)
    bool running = false;                 ///< an audit is under way
};

/// Read-only view of what the panels show.
struct UiView {
    const scene::Scene& scene;
    const std::vector<std::size_t>& selection;
    const std::optional<Pick>& pick;
    const std::optional<Pick>& hover;
    glm::ivec2 windowSize;
    const Performance& performance;
    const History& history;
    bool unsaved = false;
    const std::vector<std::string>& recentFiles;
    std::string documentPath;           ///< the file Save writes ("" when it must ask: a generated or bundled scene)
    const Listing* listing = nullptr;   ///< of fileDialog.directory, while the file browser is open
    const std::vector<KeyChord>& keys;  ///< keys pressed this frame (SDL's events)
    /// Whether a path names a folder (the file browser goes into a folder typed as its name).
    bool (*isDirectory)(const std::string& path) = nullptr;
    /// The user hid the panels (H, View > Hide panels): a hint in the view's corner says how to
    /// bring them back. Not for --hide-ui or a script: their pictures show the scene alone.
    bool showPanelsHint = false;
    /// Whether a file exists (the Open recent menu marks one that does not "(missing)").
    bool (*fileExists)(const std::string& path) = nullptr;
    std::uint64_t revision = 0;  ///< the scene's revision: changes whenever the objects do
    AuditStatus audit{};
};

/// Shows `text` as a toast, from now (toasts.hpp).
void postToast(UiState& state, std::string text, bool isError);

/// After a control: its tooltip, shown while the cursor is on it, and listed for the report.
void tooltip(UiState& state, const std::string& text);
/// The tooltip of a control that does what a shortcut does: "what it does (its keys)"; `what`
/// defaults to the help's words for the action.
void shortcutTooltip(UiState& state, Action action, const char* what = nullptr);

/// What the window knows that a shortcut's command needs.
struct ShortcutContext {
    std::string documentPath;  ///< the document's file ("" for a generated scene)
    std::string savablePath;   ///< the file Save writes without asking ("": Save asks, as Save as does)
    glm::ivec2 windowSize{0};  ///< the view's size (Frame; with UiState::freeView)
};
/// The command the menus give for a shortcut's action (shortcut_commands.cpp). The actions that
/// open a panel's window (Open, Save as) or set a panel's choice (the gizmo's mode and space)
/// change `state` instead and give none.
[[nodiscard]] std::optional<Command> commandFor(Action action, UiState& state, const ShortcutContext& context);

/// The frame's ImGui windows: all of them, or with `panels` false (the panels hidden) only what
/// must be answered: the file browser and the questions.
/// What they drew goes to `drawn` (the menus' places are read from it first: an open menu's title
/// is where it was last measured).
[[nodiscard]] std::vector<Command> buildUi(UiState& state, const UiView& view, bool panels, DrawnPanels& drawn);

}  // namespace pickray::app
