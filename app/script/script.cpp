// SPDX-License-Identifier: MIT
#include "script/script.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <glm/trigonometric.hpp>

#include "analysis/aim.hpp"
#include "editor/orbit_camera.hpp"
#include "panels/observer_label.hpp"
#include "scene/overloaded.hpp"
#include "script/audit_json.hpp"
#include "script/hand.hpp"
#include "script/next_frame.hpp"
#include "script/report.hpp"
#include "shell/gif.hpp"
#include "shell/platform.hpp"
#include "shell/screenshot.hpp"

namespace pickray::app {
namespace {

bool writeAudit(App& app, const std::string& path);

/// --record-gif as the script runs: its frames, and whether its recording has begun (at the
/// start, or at the --gif-start step).
struct GifRecording {
    GifFrames frames;
    bool started = false;
};

/// The recording begins (once): each frame from now on is added, lasting `delay` 1/100 s.
void startGif(App& app, const Options& options, GifRecording& gif, int delay) {
    if (options.recordGif.empty() || gif.started) return;
    gif.started = true;
    app.captures().recordGif(&gif.frames, options.gifWidth.value_or(kGifWidth), delay);
}

// ---- a recorded session, replayed -----------------------------------------------------------------

/// Plays the session's frames on `app`, its positions moved to this window's pixels (scaledEvent)
/// and its resizes by the same factor; `paced`: each when its time comes (a window's replay).
/// `gif`: the frames being recorded (added with no delay of their own), each made to last until
/// the next session frame's time, the times rounded to 1/100 s (so the rounding does not add up),
/// the last for --gif-delay.
void replaySession(App& app, const Session& session, const Options& options, bool paced,
                   std::vector<std::string>& errors, GifFrames* gif = nullptr) {
    glm::ivec2 recorded = session.start.windowSize;
    const glm::dvec2 factor = glm::dvec2(app.windowSize()) / glm::dvec2(recorded);
    const std::filesystem::path folder = replayOutputFolder(options.replay);
    std::map<std::string, std::string> savedAs;  // a file the session saved, and where the replay saved it
    int shots = 0;
    const auto start = std::chrono::steady_clock::now();
    long shown = 0;  // the session's time the GIF's frames cover so far, in 1/100 s
    const auto showUntil = [&](double seconds) {
        const long due = std::lround(seconds * 100.0);
        if (gif && !gif->delays.empty()) gif->delays.back() += static_cast<int>(due - shown);
        shown = due;
    };
    for (const SessionFrame& f : session.frames) {
        if (!app.running()) break;  // the window was closed
        if (f.windowSize) {
            recorded = *f.windowSize;
            resize(app, glm::max(glm::ivec2(glm::round(glm::dvec2(recorded) * factor)), glm::ivec2(1)));
        }
        SessionFrame here = f;
        for (InputEvent& e : here.events) e = scaledEvent(e, recorded, app.windowSize());
        for (EditorCommand& c : here.commands) {
            if (auto* save = std::get_if<command::Save>(&c)) {
                std::error_code error;
                std::filesystem::create_directories(folder, error);
                const std::string to = (folder / std::filesystem::path(save->path).filename()).string();
                savedAs[save->path] = to;
                save->path = to;
            }
            if (auto* load = std::get_if<command::Load>(&c); load && savedAs.contains(load->path))
                load->path = savedAs[load->path];
        }
        if (paced) {
            const auto due = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                         std::chrono::duration<double>(f.seconds));
            while (app.running() && std::chrono::steady_clock::now() < due) {
                SDL_Delay(5);
                app.frame();  // the window stays responsive (and can be closed) between frames
            }
        }
        showUntil(f.seconds);
        app.replayFrame(here);
        if (f.screenshot) {
            std::error_code error;
            std::filesystem::create_directories(folder, error);
            const std::string path = (folder / ("shot-" + std::to_string(++shots) + ".png")).string();
            if (!screenshotOfNextFrame(app, path, *f.screenshot && !options.hideUi))
                errors.push_back("--replay: " + path + ": not saved");
        }
    }
    if (gif && !gif->delays.empty()) gif->delays.back() += options.gifDelay.value_or(kGifFrameDelay);
}

// ---- the steps ------------------------------------------------------------------------------------

std::string selectError(const step::Select& s) { return "--select " + s.name + ": no object of that name"; }

/// --select NAME, the one place it is read: selects the object of that name (`additive`: adds it,
/// as a run of --select steps does); false, with a message, when there is none.
bool select(App& app, const step::Select& s, bool additive) {
    const auto object = app.editor().find(s.name);
    if (!object) {
        app.message(selectError(s), true);
        return false;
    }
    app.apply(command::Select{object, additive});
    return true;
}

/// --click-object NAME[@U,V]: a click at the robust pixel of the object's visible area (off the
/// panels) that aim.hpp chooses, said in a message; false, with the reason, when there is none or
/// the click picked something else (a gizmo handle over it).
bool clickObject(App& app, const step::ClickObject& c, std::string& error) {
    const std::string option = "--click-object " + c.name;
    const auto object = app.editor().find(c.name);
    if (!object) {
        error = option + ": no object of that name";
        return false;
    }
    const FrameMatrices frame = frameMatrices(app.view().camera(app.editor()), app.windowSize(), app.drawableSize());
    const glm::vec2 scale = frame.pixelsPerWindowUnit;
    const std::vector<PanelRect> panels = app.panelsShown() ? app.drawnPanels().panels : std::vector<PanelRect>{};
    const auto covered = [&](glm::ivec2 pixel) {
        const glm::vec2 p = (glm::vec2(pixel) + 0.5f) / scale;
        return std::any_of(panels.begin(), panels.end(), [&](const PanelRect& r) {
            return p.x >= r.pos.x && p.y >= r.pos.y && p.x < r.pos.x + r.size.x && p.y < r.pos.y + r.size.y;
        });
    };
    const std::optional<glm::ivec2> pixel = robustPixelOf(app.editor().index(), frame, *object, c.at, covered);
    if (!pixel) {
        error = option + ": no pixel of it is visible where a click picks it robustly";
        return false;
    }
    const glm::ivec2 at(glm::floor((glm::vec2(*pixel) + 0.5f) / scale));
    click(app, at);
    const auto& clicks = app.view().clicks();
    if (clicks.empty() || clicks.back().hitNames.empty() || clicks.back().onUi || clicks.back().onGizmo ||
        clicks.back().hitNames.front() != c.name) {
        error = option + ": the click at " + std::to_string(at.x) + "," + std::to_string(at.y) +
                " picked something else (a gizmo handle or panel over the object)";
        return false;
    }
    app.messages().print(option + ": clicked at " + std::to_string(at.x) + "," + std::to_string(at.y) +
                         " (its pick is robust there)");
    return true;
}

/// One run of the script's steps; what failed goes to `errors`.
void runSteps(App& app, const Options& options, std::vector<std::string>& errors, GifRecording& gif) {
    bool afterSelect = false;  // a run of --select steps makes one selection
    for (const ScriptStep& s : options.script) {
        const bool isSelect = std::holds_alternative<step::Select>(s);
        std::visit(scene::Overloaded{
                       [&](const step::Click& c) { click(app, c.at); },
                       [&](const step::ClickObject& c) {
                           std::string error;
                           if (!clickObject(app, c, error)) {
                               app.message(error, true);
                               errors.push_back(error);
                           }
                       },
                       [&](const step::Drag& d) { drag(app, d.from, d.to, d.button, d.ctrl); },
                       [&](const step::Key& k) { key(app, k.chord); },
                       [&](const step::Type& t) { type(app, t.text); },
                       [&](const step::Hover& h) { hover(app, h.at); },
                       [&](const step::Select& c) {
                           if (!select(app, c, afterSelect)) return errors.push_back(selectError(c));
                           app.frame();
                       },
                       // The GUI's Duplicate and Delete buttons act on the selection.
                       [&](const step::Duplicate&) {
                           if (!app.apply(command::DuplicateSelection{}))
                               errors.push_back("--duplicate: nothing selected");
                           app.frame();
                       },
                       [&](const step::Delete&) {
                           if (!app.apply(command::DeleteSelection{})) errors.push_back("--delete: nothing selected");
                           app.frame();
                       },
                       [&](const step::Load& l) {
                           // A refused file says why and leaves the scene as it was; the script fails.
                           if (!app.apply(command::Load{l.path})) errors.push_back("--load " + l.path + ": not loaded");
                           app.frame();
                       },
                       [&](const step::Save& c) {
                           if (!app.apply(command::Save{c.path})) errors.push_back("--save " + c.path + ": not saved");
                       },
                       [&](const step::Screenshot& c) {
                           if (!screenshotOfNextFrame(app, c.path, !options.hideUi))
                               errors.push_back("--screenshot " + c.path + ": not saved");
                       },
                       [&](const step::IdBuffer& c) {
                           if (!idBufferOfNextFrame(app, c.path))
                               errors.push_back("--id-buffer " + c.path + ": not saved");
                       },
                       [&](const step::Audit& c) {
                           if (!writeAudit(app, c.path)) errors.push_back("--audit " + c.path + ": not saved");
                       },
                       [&](const step::Orbit& o) {
                           if (!options.orbitAboutPick) return orbitCamera(app, o.degrees, o.frames);
                           const auto& pick = app.editor().lastPick();
                           if (!pick || !pick->picked()) {
                               const std::string error = "--orbit with --orbit-about pick: nothing is picked";
                               app.message(error, true);
                               return errors.push_back(error);
                           }
                           orbitCamera(app, o.degrees, o.frames, pick->picked()->hit.point);
                       },
                       [&](const step::ObserverOrbit& o) {
                           if (orbitObserver(app, o.degrees, o.frames)) return;
                           const std::string error = "--observer-orbit: the observer is not shown (--observer pip)";
                           app.message(error, true);
                           errors.push_back(error);
                       },
                       [&](const step::Resize& r) {
                           const glm::ivec2 now = resize(app, r.size);
                           if (now != r.size)
                               app.message("--resize " + std::to_string(r.size.x) + "x" + std::to_string(r.size.y) +
                                               ": the window is " + std::to_string(now.x) + "x" + std::to_string(now.y),
                                           false);
                       },
                       [&](const step::Minimize&) { minimizeAndRestore(app); },
                       [&](const step::GifStart&) {
                           if (gif.started) return;  // a later --repeat round
                           startGif(app, options, gif, options.gifDelay.value_or(kGifFrameDelay));
                           app.frame();  // the GIF's first frame: the picture the steps before made
                       },
                   },
                   s);
        afterSelect = isSelect;
    }
}

// ---- the end of a run -----------------------------------------------------------------------------

// --audit: the next frame audited (App::audit), its counts written as JSON.
bool writeAudit(App& app, const std::string& path) {
    const std::optional<AuditCounts> counts = auditOfNextFrame(app);
    if (!counts) return false;  // the app said why
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << auditJson(*counts);
    out.flush();
    if (!out) {
        app.message("audit not saved: " + path + ": could not write the file", true);
        return false;
    }
    std::error_code error;
    const std::filesystem::path shown = std::filesystem::absolute(path, error);
    app.message("audit saved: " + (error ? path : shown.string()) + " (" + std::to_string(counts->pixels) +
                    " pixels, " + std::to_string(counts->mismatches) + " mismatches, " +
                    std::to_string(counts->robustMismatches) + " robust)",
                false);
    return true;
}

bool writeReport(App& app, const std::string& path, const std::vector<std::string>& errors) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    WindowReport window;
    window.size = app.windowSize();
    window.title = app.title();
    const UiState& ui = app.ui();
    const Editor& editor = app.editor();
    const DrawnPanels& drawn = app.drawnPanels();
    window.panels = drawn.panels;
    window.menus = drawn.menus;
    window.tooltips = drawn.tooltips;
    window.tooltipShown = drawn.tooltipShown;
    for (const Toast& t : ui.toasts) window.messages.push_back((t.isError ? "error: " : "") + t.text);
    if (app.panelsShown()) window.outlinerRows = drawn.outlinerRows;
    window.browserRows = drawn.browserRows;
    if (const auto& pick = editor.lastPick(); pick && pick->picked())
        window.picked = editor.scene().objects[pick->picked()->object].name;
    if (const auto& hover = editor.hover(); hover && hover->picked())
        window.hovered = editor.scene().objects[hover->picked()->object].name;
    for (std::size_t i : editor.selection()) window.selection.push_back(editor.scene().objects[i].name);
    window.undoSteps = editor.history().steps();
    window.unsaved = editor.unsaved();
    constexpr const char* kModes[] = {"move", "rotate", "scale"};
    window.gizmoMode = kModes[static_cast<int>(ui.gizmoMode)];
    window.gizmoSpace = ui.gizmoSpace == GizmoSpace::World ? "world" : "local";
    window.gizmoShown = ui.gizmoShown;
    if (app.panelsShown()) window.snapShown = drawn.snapShown;
    if (app.panelsShown()) window.numberTexts = drawn.numberTexts;
    window.lineHeight = drawn.lineHeight;
    if (app.panelsShown()) window.sizeWarning = drawn.sizeWarning;
    window.recentMenu = drawn.recentMenu;
    window.recentEntries = drawn.recentEntries;
    window.uiScale = app.uiScale();
    window.camera = app.view().camera(editor);
    window.construction = drawn.construction;
    if (drawn.construction) window.constructionObject = editor.scene().objects.at(drawn.construction->object).name;
    window.heatMap = drawn.heatMap;
    window.viewLabels = drawn.viewLabels;
    window.viewLines = drawn.viewLines;
    window.gizmoHandles = drawn.gizmoHandles;
    window.freeHalf = drawn.freeHalf;
    if (const auto& frustum = app.observedFrustum())
        window.observer = ObserverReport{ui.observer == ObserverMode::Main ? "main" : "pip",
                                         app.observerView().drawnCamera().value_or(app.observer().camera()),
                                         observerInset(ui, app.windowSize()),
                                         cornerName(ui.observerCorner),
                                         app.observerView().framing().zoom,
                                         *frustum,
                                         frustumLabel(*frustum)};
    out << reportJson(app.view().clicks(), app.performance(), errors, window);
    out.flush();
    if (!out) {
        app.messages().err() << "pickray: " << path << ": could not write the report\n";
        return false;
    }
    std::error_code error;
    const std::filesystem::path shown = std::filesystem::absolute(path, error);
    app.messages().out() << "pickray: report saved: " << (error ? path : shown.string()) << "\n";
    return true;
}

// --record-gif: the frames recorded as a GIF, and with --gif-frames each as a PNG too.
bool writeRecordedGif(App& app, const Options& options, GifFrames& frames) {
    foldShortGifFrames(frames);
    const auto written = writeGif(options.recordGif, frames, kGifMaxBytes,
                                  options.gifDither.value_or(true) ? GifDither::Ordered : GifDither::Off);
    if (const auto* why = std::get_if<std::string>(&written)) {
        app.message("GIF not saved: " + options.recordGif + ": " + *why, true);
        return false;
    }
    std::error_code error;
    const std::filesystem::path shown = std::filesystem::absolute(options.recordGif, error);
    app.message("GIF saved: " + (error ? options.recordGif : shown.string()) + " (" +
                    std::to_string(frames.rgb.size()) + " frames, " + std::to_string(frames.size.x) + "x" +
                    std::to_string(frames.size.y) + ", " + std::to_string(std::get<std::size_t>(written)) + " bytes)",
                false);
    if (options.gifFrames.empty()) return true;
    for (std::size_t f = 0; f < frames.rgb.size(); ++f) {
        std::vector<std::uint8_t> rgba;
        rgba.reserve(frames.rgb[f].size() / 3 * 4);
        for (std::size_t i = 0; i < frames.rgb[f].size(); i += 3)
            rgba.insert(rgba.end(), {frames.rgb[f][i], frames.rgb[f][i + 1], frames.rgb[f][i + 2], std::uint8_t{255}});
        char name[32];
        std::snprintf(name, sizeof name, "frame-%03zu.png", f);
        if (const auto failed = writePng(std::filesystem::path(options.gifFrames) / name, rgba, frames.size)) {
            app.message("GIF frames not saved: " + *failed, true);
            return false;
        }
    }
    return true;
}

}  // namespace

std::string replayOutputFolder(const std::string& sessionPath) {
    const std::filesystem::path path(sessionPath);
    return (path.parent_path() / (path.stem().string() + "-replay")).string();
}

int runScript(App& app, const Options& options, const Session* replay) {
    if (replay) app.sessions().startFrom(replay->start);
    app.frame();  // let ImGui lay its windows out, so clicks on them are recognised
    // --record-gif: from the picture the script starts from, unless a --gif-start step comes later;
    // a replay's frames are paced by its times (replaySession).
    GifRecording gif;
    const bool startsLater = std::any_of(options.script.begin(), options.script.end(),
                                         [](const ScriptStep& s) { return std::holds_alternative<step::GifStart>(s); });
    if (!startsLater) startGif(app, options, gif, replay ? 0 : options.gifDelay.value_or(kGifFrameDelay));
    app.frame();
    Performance& performance = app.performance();
    performance.rssStartKiB = residentKiB();
    if (options.provokeGlError) app.provokeGlErrorForTests();
    std::vector<std::string> errors;
    if (replay) {
        replaySession(app, *replay, options, false, errors, gif.started ? &gif.frames : nullptr);
        app.captures().setGifDelay(options.gifDelay.value_or(kGifFrameDelay));
    }
    for (int round = 0; round < options.repeat; ++round) {
        runSteps(app, options, errors, gif);
        if (round == 0) performance.rssFirstRoundKiB = residentKiB();
    }
    app.captures().recordGif(nullptr);
    if (!options.recordGif.empty() && !writeRecordedGif(app, options, gif.frames))
        errors.push_back("--record-gif " + options.recordGif + ": not saved");
    if (!options.reportPath.empty()) app.measureFrames();
    performance.rssEndKiB = residentKiB();
    if (!options.reportPath.empty() && !writeReport(app, options.reportPath, errors)) return 1;
    return errors.empty() ? 0 : 1;
}

int runInteractive(App& app, const Options& options, const Session* replay) {
    int status = 0;
    // The --select steps are the starting selection.
    for (const ScriptStep& s : options.script)
        if (const auto* selectStep = std::get_if<step::Select>(&s); selectStep && !select(app, *selectStep, true))
            status = 1;
    if (replay) {
        app.sessions().startFrom(replay->start);
        std::vector<std::string> errors;
        replaySession(app, *replay, options, true, errors);
        if (!errors.empty()) status = 1;
        if (app.running()) app.message("replay done: " + std::to_string(replay->frames.size()) + " frames", false);
    }
    std::optional<SessionWriter> recording;
    if (!options.recordInput.empty()) {
        recording.emplace(options.recordInput, app.sessions().start(app.windowSize()));
        if (recording->error()) {
            app.message("not recording: " + *recording->error(), true);
            status = 1;
        } else {
            app.sessions().record(&*recording, app.windowSize());
            app.message("recording input to " + options.recordInput, false);
        }
    }
    app.runUntilClosed();
    app.sessions().record(nullptr, app.windowSize());
    if (recording && !recording->error()) {
        const std::size_t frames = recording->framesWritten();
        recording.reset();  // the file's end written: valid JSON
        app.messages().out() << "pickray: session saved: " << options.recordInput << " (" << frames << " frames)\n";
    }
    for (const ScriptStep& s : options.script) {
        if (const auto* shot = std::get_if<step::Screenshot>(&s);
            shot && !screenshotOfNextFrame(app, shot->path, !options.hideUi))
            status = 1;
        if (const auto* ids = std::get_if<step::IdBuffer>(&s); ids && !idBufferOfNextFrame(app, ids->path)) status = 1;
        if (const auto* audit = std::get_if<step::Audit>(&s); audit && !writeAudit(app, audit->path)) status = 1;
        if (const auto* save = std::get_if<step::Save>(&s); save && !app.apply(command::Save{save->path})) status = 1;
    }
    if (!options.reportPath.empty() && !writeReport(app, options.reportPath, {})) status = 1;
    return status;
}

}  // namespace pickray::app
