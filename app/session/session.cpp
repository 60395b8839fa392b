// SPDX-License-Identifier: MIT
#include "session/session.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "scene/json_reader.hpp"
#include "scene/overloaded.hpp"
#include "scene/scene_io.hpp"
#include "scene/scene_json.hpp"

namespace pickray::app {
namespace {

using nlohmann::json;

constexpr int kFormatVersion = 1;
/// Larger session files are refused: an hour of steady mouse motion is about 25 MB.
constexpr std::uintmax_t kMaxSessionFileBytes = 256ull * 1024 * 1024;

// ---- names ---------------------------------------------------------------------------------------

constexpr const char* kButtons[] = {"left", "right", "middle"};
constexpr const char* kGizmoModes[] = {"move", "rotate", "scale"};
constexpr const char* kGizmoSpaces[] = {"world", "local"};
constexpr const char* kObserverModes[] = {"off", "pip", "main"};

template <std::size_t N>
std::optional<int> indexOf(const char* const (&names)[N], const std::string& name) {
    for (std::size_t i = 0; i < N; ++i)
        if (name == names[i]) return static_cast<int>(i);
    return std::nullopt;
}

template <std::size_t N>
std::string nameList(const char* const (&names)[N]) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i)
        out += (i == 0 ? "\"" : i + 1 == N ? " or \"" : ", \"") + std::string(names[i]) + "\"";
    return out;
}

// ---- writing -------------------------------------------------------------------------------------

json heldJson(const Modifiers& held) {
    json out = json::array();
    if (held.ctrl) out.push_back("ctrl");
    if (held.shift) out.push_back("shift");
    if (held.alt) out.push_back("alt");
    return out;
}

// The centre of `pixel` as a share of the window: [0, 1) across it.
json relative(glm::ivec2 pixel, glm::ivec2 window) {
    return json::array({(pixel.x + 0.5) / window.x, (pixel.y + 0.5) / window.y});
}

json eventJson(const InputEvent& e, glm::ivec2 window) {
    return std::visit(scene::Overloaded{
                          [&](const event::ButtonDown& d) -> json {
                              return {{"press", kButtons[static_cast<int>(d.button)]},
                                      {"at", relative(d.at, window)},
                                      {"held", heldJson(d.held)}};
                          },
                          [&](const event::ButtonUp& u) -> json {
                              return {{"release", kButtons[static_cast<int>(u.button)]},
                                      {"at", relative(u.at, window)},
                                      {"held", heldJson(u.held)}};
                          },
                          [&](const event::Motion& m) -> json {
                              return {{"move", relative(m.at, window)}, {"held", heldJson(m.held)}};
                          },
                          [&](const event::Leave&) -> json {
                              return {{"leave", true}};
                          },
                          [&](const event::Wheel& w) -> json {
                              return {{"wheel", w.steps}};
                          },
                          [&](const event::KeyDown& k) -> json {
                              // The label for people; the key code and modifiers are what is read back.
                              const std::string label =
                                  chordLabel(k.chord);  // a modifier's own key has none ("Ctrl+?")
                              return {{"key", label.ends_with('?') ? "code " + std::to_string(k.chord.key) : label},
                                      {"code", static_cast<std::int64_t>(k.chord.key)},
                                      {"held", heldJson({k.chord.ctrl, k.chord.shift, k.chord.alt})}};
                          },
                          [&](const event::KeyUp& k) -> json {
                              return {{"keyUp", heldJson(k.held)}};
                          },
                          [&](const event::Close&) -> json {
                              return {{"close", true}};
                          },
                      },
                      e);
}

json optionalIndex(const std::optional<std::size_t>& i) { return i ? json(*i) : json(nullptr); }

json commandJson(const EditorCommand& command) {
    namespace c = command;
    return std::visit(
        scene::Overloaded{
            [](const c::Select& s) -> json {
                return {{"select", {{"object", optionalIndex(s.object)}, {"additive", s.additive}}}};
            },
            [](const c::Add& a) -> json {
                return {{"add", std::string(kindName(a.kind))}};
            },
            [](const c::Duplicate& d) -> json {
                return {{"duplicate", d.object}};
            },
            [](const c::Delete& d) -> json {
                return {{"delete", d.object}};
            },
            [](const c::Rename& r) -> json {
                return {{"rename", {{"object", r.object}, {"name", r.name}}}};
            },
            [](const c::Edit& e) -> json {
                return {{"edit",
                         {{"object", e.object},
                          {"value", scene::objectJson(e.value)},
                          {"continuesGesture", e.continuesGesture}}}};
            },
            [](const c::SetCamera& s) -> json {
                return {{"setCamera", scene::cameraJson(s.camera)}};
            },
            [](const c::Load& l) -> json {
                return {{"load", l.path}};
            },
            [](const c::Save& s) -> json {
                return {{"save", s.path}};
            },
            [](const c::ClearPick&) -> json {
                return {{"clearPick", true}};
            },
            [](const c::Generate& g) -> json {
                return {{"generate", g.count}};
            },
            [](const c::DeleteSelection&) -> json {
                return {{"deleteSelection", true}};
            },
            [](const c::DuplicateSelection&) -> json {
                return {{"duplicateSelection", true}};
            },
            [](const c::ClearSelection&) -> json {
                return {{"clearSelection", true}};
            },
            [](const c::Frame& f) -> json {
                return {{"frame", {{"all", f.all}, {"aspect", f.aspect}, {"room", {f.room.x, f.room.y}}}}};
            },
            [](const c::Undo&) -> json {
                return {{"undo", true}};
            },
            [](const c::Redo&) -> json {
                return {{"redo", true}};
            },
        },
        command);
}

json settingsJson(const SessionSettings& s) {
    return {{"gizmo", kGizmoModes[static_cast<int>(s.gizmoMode)]},
            {"gizmoSpace", kGizmoSpaces[static_cast<int>(s.gizmoSpace)]},
            {"pickAudit", s.pickAudit},
            {"mathPanel", s.mathPanel},
            {"constructions", s.constructions},
            {"mathOfHover", s.mathOfHover},
            {"analyticRenderer", s.analyticRenderer},
            {"fxaa", s.fxaa},
            {"naiveRay", s.naiveRay},
            {"help", s.showHelp},
            {"hideUi", s.hideUi},
            {"observer", kObserverModes[static_cast<int>(s.observer)]},
            {"gizmoShown", s.gizmoShown}};
}

json sizeJson(glm::ivec2 size) { return json::array({size.x, size.y}); }

// ---- reading -------------------------------------------------------------------------------------

using scene::json_reader::field;
using scene::json_reader::FormatError;
using scene::json_reader::Place;
using scene::json_reader::readBool;
using scene::json_reader::readFloat;
using scene::json_reader::readFloatPair;
using scene::json_reader::readIndex;
using scene::json_reader::readString;

template <std::size_t N>
int readName(const json& j, const std::string& name, const char* const (&names)[N], const Place& place) {
    const std::string text = readString(j, name, place);
    const auto i = indexOf(names, text);
    if (!i) place.fail(name, "\"" + text + "\" is not " + nameList(names));
    return *i;
}

glm::ivec2 readSize(const json& j, const std::string& name, const Place& place) {
    const json& v = field(j, name, place);
    const auto whole = [](const json& e) {
        return e.is_number_integer() && e.get<std::int64_t>() >= 1 && e.get<std::int64_t>() <= 16384;
    };
    if (!v.is_array() || v.size() != 2 || !whole(v[0]) || !whole(v[1]))
        place.fail(name, "expected [width, height], whole numbers from 1 to 16384");
    return {v[0].get<int>(), v[1].get<int>()};
}

Modifiers readHeld(const json& j, const Place& place) {
    if (j.is_object() && !j.contains("held")) return {};  // none held
    const json& v = field(j, "held", place);
    if (!v.is_array()) place.fail("held", "expected an array of \"ctrl\", \"shift\", \"alt\"");
    Modifiers held;
    for (const json& m : v) {
        if (m == "ctrl") held.ctrl = true;
        else if (m == "shift") held.shift = true;
        else if (m == "alt") held.alt = true;
        else place.fail("held", m.dump() + " is not \"ctrl\", \"shift\" or \"alt\"");
    }
    return held;
}

// A share of the window back to its pixel: the one whose centre it is.
glm::ivec2 readPosition(const json& j, const std::string& name, glm::ivec2 window, const Place& place) {
    const json& v = field(j, name, place);
    // Outside [0, 1) too: a drag held past the window's edge goes on there. At most 10,000 windows
    // out: the pixel then fits an int at every size a session may have and at any other a replay
    // scales it to (a million windows of 16384 pixels did not: undefined).
    const auto share = [](const json& e) { return e.is_number() && std::abs(e.get<double>()) < 1e4; };
    if (!v.is_array() || v.size() != 2 || !share(v[0]) || !share(v[1]))
        place.fail(name, "expected [x, y], shares of the window (0 to 1 inside it)");
    return {static_cast<int>(std::floor(v[0].get<double>() * window.x)),
            static_cast<int>(std::floor(v[1].get<double>() * window.y))};
}

InputEvent readEvent(const json& j, glm::ivec2 window, const Place& place) {
    if (!j.is_object()) throw FormatError(place.where + ": expected an object, got " + j.type_name());
    if (j.contains("press"))
        return event::ButtonDown{static_cast<MouseButton>(readName(j, "press", kButtons, place)),
                                 readPosition(j, "at", window, place), readHeld(j, place)};
    if (j.contains("release"))
        return event::ButtonUp{static_cast<MouseButton>(readName(j, "release", kButtons, place)),
                               readPosition(j, "at", window, place), readHeld(j, place)};
    if (j.contains("move")) return event::Motion{readPosition(j, "move", window, place), readHeld(j, place)};
    if (j.contains("leave")) return event::Leave{};
    if (j.contains("wheel")) return event::Wheel{readFloat(j, "wheel", place)};
    if (j.contains("key")) {
        const json& code = field(j, "code", place);
        if (!code.is_number_integer()) place.fail("code", "expected an SDL key code (a whole number)");
        const Modifiers held = readHeld(j, place);
        return event::KeyDown{
            KeyChord{static_cast<SDL_Keycode>(code.get<std::int64_t>()), held.ctrl, held.shift, held.alt}};
    }
    if (j.contains("keyUp")) {
        json up = {{"held", j.at("keyUp")}};
        return event::KeyUp{readHeld(up, place)};
    }
    if (j.contains("close")) return event::Close{};
    throw FormatError(place.where + ": not an event (press, release, move, leave, wheel, key, keyUp)");
}

EditorCommand readCommand(const json& j, const Place& place) {
    namespace c = command;
    if (!j.is_object() || j.size() != 1) throw FormatError(place.where + ": expected an object of one command");
    const std::string name = j.begin().key();
    const json& v = j.begin().value();
    const Place in = place.at("." + name);
    const auto object = [&](const json& o) {
        if (!o.is_object()) throw FormatError(in.where + ": expected an object");
        return o;
    };
    if (name == "select") {
        const json& o = object(v);
        const json& which = field(o, "object", in);
        std::optional<std::size_t> index;
        if (!which.is_null()) index = readIndex(o, "object", in);
        return c::Select{index, readBool(o, "additive", in)};
    }
    if (name == "add") {
        if (!v.is_string()) throw FormatError(in.where + ": expected a kind's name");
        const auto kind = kindFromName(v.get<std::string>());
        if (!kind) throw FormatError(in.where + ": \"" + v.get<std::string>() + "\" is not a kind of object");
        return c::Add{*kind};
    }
    const json wrapped = {{"object", v}};
    if (name == "duplicate") return c::Duplicate{readIndex(wrapped, "object", in)};
    if (name == "delete") return c::Delete{readIndex(wrapped, "object", in)};
    if (name == "rename") return c::Rename{readIndex(object(v), "object", in), readString(v, "name", in)};
    if (name == "edit") {
        const json& o = object(v);
        auto value = scene::objectFromJson(field(o, "value", in), in.where + ".value");
        if (auto* why = std::get_if<std::string>(&value)) throw FormatError(*why);
        return c::Edit{readIndex(o, "object", in), std::get<scene::Object>(std::move(value)),
                       readBool(o, "continuesGesture", in)};
    }
    if (name == "setCamera") {
        auto camera = scene::cameraFromJson(v, in.where);
        if (auto* why = std::get_if<std::string>(&camera)) throw FormatError(*why);
        return c::SetCamera{std::get<scene::Camera>(camera)};
    }
    if (name == "load" || name == "save") {
        if (!v.is_string()) throw FormatError(in.where + ": expected a file's path");
        if (name == "load") return c::Load{v.get<std::string>()};
        return c::Save{v.get<std::string>()};
    }
    if (name == "generate") {
        if (!v.is_number_integer()) throw FormatError(in.where + ": expected a whole number");
        return c::Generate{v.get<std::int64_t>()};
    }
    if (name == "frame") {
        // A recording made before the panels' room was kept frames in the whole view.
        const glm::vec2 room =
            v.contains("room") ? readFloatPair(v, "room", "[width, height] parts of the view", in) : glm::vec2(1.0f);
        return c::Frame{readBool(object(v), "all", in), readFloat(v, "aspect", in), room};
    }
    if (name == "clearPick") return c::ClearPick{};
    if (name == "deleteSelection") return c::DeleteSelection{};
    if (name == "duplicateSelection") return c::DuplicateSelection{};
    if (name == "clearSelection") return c::ClearSelection{};
    if (name == "undo") return c::Undo{};
    if (name == "redo") return c::Redo{};
    throw FormatError(place.where + ": \"" + name + "\" is not a command");
}

SessionSettings readSettings(const json& j, const Place& place) {
    SessionSettings s;
    s.gizmoMode = static_cast<GizmoMode>(readName(j, "gizmo", kGizmoModes, place));
    s.gizmoSpace = static_cast<GizmoSpace>(readName(j, "gizmoSpace", kGizmoSpaces, place));
    s.pickAudit = readBool(j, "pickAudit", place);
    s.mathPanel = readBool(j, "mathPanel", place);
    s.constructions = readBool(j, "constructions", place);
    s.mathOfHover = readBool(j, "mathOfHover", place);
    s.analyticRenderer = readBool(j, "analyticRenderer", place);
    s.fxaa = readBool(j, "fxaa", place);
    s.naiveRay = readBool(j, "naiveRay", place);
    s.showHelp = readBool(j, "help", place);
    s.hideUi = readBool(j, "hideUi", place);
    s.observer = static_cast<ObserverMode>(readName(j, "observer", kObserverModes, place));
    // Sessions recorded before the gizmo could be hidden showed it.
    s.gizmoShown = !j.contains("gizmoShown") || readBool(j, "gizmoShown", place);
    return s;
}

template <typename T, typename Read>
std::vector<T> readArray(const json& j, const std::string& name, const Place& place, Read read) {
    std::vector<T> out;
    if (!j.contains(name)) return out;
    const json& v = j.at(name);
    if (!v.is_array()) place.fail(name, "expected an array");
    for (std::size_t i = 0; i < v.size(); ++i)
        out.push_back(read(v[i], place.at("." + name + "[" + std::to_string(i) + "]")));
    return out;
}

SessionFrame readFrame(const json& j, glm::ivec2& window, const Place& place) {
    SessionFrame f;
    f.seconds = readNumber(j, "t", place);
    if (j.contains("window")) window = *(f.windowSize = readSize(j, "window", place));
    f.events = readArray<InputEvent>(j, "events", place,
                                     [&](const json& e, const Place& p) { return readEvent(e, window, p); });
    if (j.contains("mouseOnUi")) f.mouseOnUi = readBool(j, "mouseOnUi", place);
    if (j.contains("camera")) {
        const json& m = j.at("camera");
        const Place in = place.at(".camera");
        CameraMove move;
        if (m.contains("zoom")) move.zoomSteps = readFloat(m, "zoom", in);
        if (m.contains("orbit")) move.orbitRadians = readFloatPair(m, "orbit", "[yaw, pitch] in radians", in);
        if (m.contains("pan")) {
            const json& p = m.at("pan");
            const Place at = in.at(".pan");
            move.panPixels = {readFloat(p, "x", at), readFloat(p, "y", at)};
            move.panDrawableHeight = readFloat(p, "ofHeight", at);
            if (!(move.panDrawableHeight > 0.0f)) at.fail("ofHeight", "must be above 0");
        }
        f.cameraMove = move;
    }
    f.commands = readArray<EditorCommand>(j, "commands", place, readCommand);
    if (j.contains("settings")) f.settings = readSettings(j.at("settings"), place.at(".settings"));
    if (j.contains("observerCamera")) {
        auto camera = scene::cameraFromJson(j.at("observerCamera"), place.where + ".observerCamera");
        if (auto* why = std::get_if<std::string>(&camera)) throw FormatError(*why);
        f.observerCamera = std::get<scene::Camera>(camera);
    }
    if (j.contains("screenshot")) f.screenshot = readBool(j.at("screenshot"), "withUi", place.at(".screenshot"));
    return f;
}

SessionStart readStart(const json& j, const std::string& source) {
    const Place place{"start"};
    SessionStart s;
    s.windowSize = readSize(j, "window", place);
    s.documentPath = readString(j, "document", place);
    s.selection = readArray<std::size_t>(j, "selection", place, [](const json& e, const Place& p) {
        const json wrapped = {{"object", e}};
        return readIndex(wrapped, "object", p);
    });
    s.settings = readSettings(field(j, "settings", place), place.at(".settings"));
    const scene::LoadResult loaded = scene::parseScene(field(j, "scene", place).dump(), source + ": start.scene");
    if (!loaded.scene) throw FormatError(loaded.error);
    s.scene = *loaded.scene;
    for (std::size_t i : s.selection)
        if (i >= s.scene.objects.size())
            place.fail("selection", std::to_string(i) + " is not an object of the scene (it has " +
                                        std::to_string(s.scene.objects.size()) + ")");
    return s;
}

}  // namespace

// ---- the file's lines -------------------------------------------------------------------------------

std::string sessionFrameJson(const SessionFrame& f, glm::ivec2 windowSize) {
    json j;
    j["t"] = f.seconds;
    if (f.windowSize) j["window"] = sizeJson(*f.windowSize);
    const glm::ivec2 window = f.windowSize.value_or(windowSize);
    if (!f.events.empty()) {
        j["events"] = json::array();
        for (const InputEvent& e : f.events) j["events"].push_back(eventJson(e, window));
    }
    if (f.mouseOnUi) j["mouseOnUi"] = true;
    if (f.cameraMove) {
        json& m = j["camera"] = json::object();
        const CameraMove& move = *f.cameraMove;
        if (move.zoomSteps != 0.0f) m["zoom"] = move.zoomSteps;
        if (move.orbitRadians != glm::vec2(0.0f)) m["orbit"] = json::array({move.orbitRadians.x, move.orbitRadians.y});
        if (move.panPixels != glm::vec2(0.0f))
            m["pan"] = {{"x", move.panPixels.x}, {"y", move.panPixels.y}, {"ofHeight", move.panDrawableHeight}};
    }
    if (!f.commands.empty()) {
        j["commands"] = json::array();
        for (const EditorCommand& c : f.commands) j["commands"].push_back(commandJson(c));
    }
    if (f.settings) j["settings"] = settingsJson(*f.settings);
    if (f.observerCamera) j["observerCamera"] = scene::cameraJson(*f.observerCamera);
    if (f.screenshot) j["screenshot"] = {{"withUi", *f.screenshot}};
    return j.dump();
}

SessionWriter::SessionWriter(const std::string& path, const SessionStart& start)
    : path_(path), out_(path, std::ios::binary | std::ios::trunc), windowSize_(start.windowSize) {
    // The scene as its file has it, every float as its exact double (scene_json.hpp).
    json objects = json::array();
    for (const scene::Object& o : start.scene.objects) objects.push_back(scene::objectJson(o));
    const json s = {{"window", sizeJson(start.windowSize)},
                    {"document", start.documentPath},
                    {"selection", start.selection},
                    {"settings", settingsJson(start.settings)},
                    {"scene", {{"camera", scene::cameraJson(start.scene.camera)}, {"objects", objects}}}};
    out_ << "{\"pickraySession\": " << kFormatVersion << ",\n\"start\": " << s.dump() << ",\n\"frames\": [\n";
    out_.flush();
    if (!out_) error_ = path + ": could not write the file";
}

SessionWriter::~SessionWriter() {
    if (error_) return;
    out_ << (written_ == 0 ? "" : "\n") << "]}\n";
    out_.flush();
}

bool SessionWriter::add(const SessionFrame& frame) {
    if (error_) return false;
    out_ << (written_ == 0 ? "" : ",\n") << sessionFrameJson(frame, windowSize_);
    out_.flush();  // a crash or a kill loses at most this line
    if (frame.windowSize) windowSize_ = *frame.windowSize;
    if (!out_) {
        error_ = path_ + ": could not write the file (frame " + std::to_string(written_) + ")";
        return false;
    }
    ++written_;
    return true;
}

// ---- reading ------------------------------------------------------------------------------------

std::variant<Session, std::string> parseSession(const std::string& text, const std::string& source) {
    Session session;
    json root;
    // nlohmann's own parser, not parseExact: a session holds doubles (its times), and each float
    // it holds was written as that float's double, which reads back exact.
    const auto parses = [&](const std::string& candidate) {
        root = json::parse(candidate, nullptr, false);
        return !root.is_discarded();
    };
    if (!parses(text)) {
        // Cut short (a crash, a kill): the frames written whole, and the end the writer would
        // have written; the last line too if it was written whole, else without it.
        session.complete = false;
        std::string whole = text;
        while (!whole.empty() && (whole.back() == '\n' || whole.back() == ',')) whole.pop_back();
        if (!parses(whole + "\n]}")) {
            whole.erase(std::min(whole.size(), whole.rfind('\n') == std::string::npos ? 0 : whole.rfind('\n')));
            while (!whole.empty() && (whole.back() == '\n' || whole.back() == ',')) whole.pop_back();
            if (!parses(whole + "\n]}")) {
                try {
                    root = json::parse(text);  // throws, with the place
                } catch (const json::exception& e) {
                    return source + ": not a session file (not valid JSON, even cut short: " +
                           scene::json_reader::plainWords(e.what()) + ")";
                }
            }
        }
    }
    try {
        if (!root.is_object() || !root.contains("pickraySession"))
            return source + ": not a session file (no \"pickraySession\" field; pickray --record-input writes them)";
        if (root.at("pickraySession") != kFormatVersion)
            return source + ": session format " + root.at("pickraySession").dump() + " is not " +
                   std::to_string(kFormatVersion) + ", the one this pickray reads";
        session.start = readStart(field(root, "start", {"session"}), source);
        glm::ivec2 window = session.start.windowSize;
        const json& frames = field(root, "frames", {"session"});
        if (!frames.is_array()) return source + ": field \"frames\": expected an array";
        for (std::size_t i = 0; i < frames.size(); ++i)
            session.frames.push_back(readFrame(frames[i], window, {"frames[" + std::to_string(i) + "]"}));
    } catch (const FormatError& e) {
        return source + ": " + e.what();
    } catch (const json::exception& e) {
        return source + ": " + e.what();
    }
    return session;
}

std::variant<Session, std::string> readSession(const std::string& path) {
    std::error_code error;
    const auto bytes = std::filesystem::file_size(path, error);
    if (error) return path + ": cannot read the file (" + error.message() + ")";
    if (bytes > kMaxSessionFileBytes) return path + ": larger than the 256 MB a session file may have";
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && bytes > 0) return path + ": cannot read the file";
    return parseSession(text.str(), path);
}

// ---- another window size ----------------------------------------------------------------------------

glm::ivec2 scaledPixel(glm::ivec2 pixel, glm::ivec2 from, glm::ivec2 to) {
    if (from == to) return pixel;
    const glm::dvec2 share = (glm::dvec2(pixel) + 0.5) / glm::dvec2(from);
    return glm::ivec2(glm::floor(share * glm::dvec2(to)));
}

InputEvent scaledEvent(const InputEvent& e, glm::ivec2 from, glm::ivec2 to) {
    InputEvent out = e;
    std::visit(scene::Overloaded{
                   [&](event::ButtonDown& d) { d.at = scaledPixel(d.at, from, to); },
                   [&](event::ButtonUp& u) { u.at = scaledPixel(u.at, from, to); },
                   [&](event::Motion& m) { m.at = scaledPixel(m.at, from, to); },
                   [](auto&) {},
               },
               out);
    return out;
}

}  // namespace pickray::app
