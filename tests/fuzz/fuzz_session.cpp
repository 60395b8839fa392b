// SPDX-License-Identifier: MIT
// libFuzzer target: the session file reader (parseSession, what --replay reads) on arbitrary text.
// Checked: no crash or undefined behaviour (ASan + UBSan), a hang is caught by libFuzzer's timeout;
// every input gives either a session or a message naming the source. A session that reads keeps
// what session.hpp and its reader promise:
//   * every window size (the start's, each resize) is whole numbers from 1 to 16384;
//   * the start's selection names objects of the start's scene;
//   * it is complete exactly when the text is one JSON document (a file cut short reads, marked);
//   * each position is the pixel its share of the window falls in (a walk of the JSON apart from
//     the reader, for a whole file), and it scales to any window size (1 to 16384) as scaledPixel
//     says: to the pixel whose centre is nearest the same fraction (a replay at another size);
// and written again by SessionWriter it reads back (readSession) complete, with the same start and,
// line for line, the same frames; that file cut after its header anywhere reads too, cut short,
// keeping exactly the frames whose lines are whole ("loses at most its last, partly written line").
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "scene/overloaded.hpp"
#include "scene/scene_io.hpp"
#include "session/session.hpp"

namespace {

namespace app = pickray::app;

[[noreturn]] void violated(const std::string& what) {
    std::fprintf(stderr, "contract violated: %s\n", what.c_str());
    std::abort();
}

bool saneSize(glm::ivec2 size) { return size.x >= 1 && size.x <= 16384 && size.y >= 1 && size.y <= 16384; }

// A replay at another size moves each position to the pixel whose centre is nearest the same
// fraction of that window (scaledPixel); so it must for every size a session may have.
bool scalesToEverySize(glm::ivec2 at, glm::ivec2 window) {
    for (const glm::ivec2 to : {glm::ivec2(1, 1), glm::ivec2(16384, 16384), glm::ivec2(window.y, window.x)}) {
        const glm::ivec2 scaled = app::scaledPixel(at, window, to);
        for (int i = 0; i < 2; ++i) {
            const double share = (at[i] + 0.5) / window[i];
            const double off = std::abs(scaled[i] + 0.5 - share * to[i]);
            if (!(off <= 0.5 + 1e-9 * std::abs(share * to[i]))) return false;
        }
    }
    return true;
}

std::optional<glm::ivec2> positionOf(const app::InputEvent& e) {
    return std::visit(pickray::scene::Overloaded{
                          [](const app::event::ButtonDown& d) -> std::optional<glm::ivec2> { return d.at; },
                          [](const app::event::ButtonUp& u) -> std::optional<glm::ivec2> { return u.at; },
                          [](const app::event::Motion& m) -> std::optional<glm::ivec2> { return m.at; },
                          [](const auto&) -> std::optional<glm::ivec2> { return std::nullopt; },
                      },
                      e);
}

void checkPromises(const app::Session& s, const std::string& text) {
    if (!saneSize(s.start.windowSize)) violated("the start's window size is out of range");
    for (std::size_t i : s.start.selection)
        if (i >= s.start.scene.objects.size()) violated("the start's selection names no object of its scene");
    if (s.complete != nlohmann::json::accept(text))
        violated(s.complete ? "complete, but the text is no JSON document" : "cut short, but the text is JSON");
    glm::ivec2 window = s.start.windowSize;
    for (std::size_t f = 0; f < s.frames.size(); ++f) {
        if (s.frames[f].windowSize) {
            if (!saneSize(*s.frames[f].windowSize)) violated("frame " + std::to_string(f) + ": window out of range");
            window = *s.frames[f].windowSize;
        }
        for (const app::InputEvent& e : s.frames[f].events)
            if (const auto at = positionOf(e); at && !scalesToEverySize(*at, window))
                violated("frame " + std::to_string(f) + ": a position another window size cannot hold");
    }
}

// Where the text is one JSON document, a walk of it apart from the reader: each position is the
// pixel its share of the window (then) falls in, floor(share * size), as session.hpp's frames say.
void checkPositionsAgainstText(const app::Session& s, const std::string& text) {
    const nlohmann::json root = nlohmann::json::parse(text, nullptr, false);
    if (root.is_discarded()) return;  // cut short: its positions are checked in the written-again file
    const nlohmann::json& frames = root.at("frames");
    glm::dvec2 window(s.start.windowSize);
    for (std::size_t f = 0; f < frames.size(); ++f) {
        const nlohmann::json& frame = frames[f];
        if (frame.contains("window")) window = {frame["window"][0].get<double>(), frame["window"][1].get<double>()};
        if (!frame.contains("events")) continue;
        for (std::size_t e = 0; e < frame["events"].size(); ++e) {
            const nlohmann::json& event = frame["events"][e];
            const char* key = event.contains("press") || event.contains("release") ? "at"
                              : event.contains("move")                             ? "move"
                                                                                   : nullptr;
            if (key == nullptr) continue;
            const auto at = positionOf(s.frames[f].events[e]);
            const glm::dvec2 expected{std::floor(event[key][0].get<double>() * window.x),
                                      std::floor(event[key][1].get<double>() * window.y)};
            if (!at || glm::dvec2(*at) != expected)
                violated("frames[" + std::to_string(f) + "].events[" + std::to_string(e) +
                         "]: the position is not the pixel its share of the window falls in");
        }
    }
}

// Each frame's line as the writer writes it, in the window it was in.
std::vector<std::string> frameLines(const app::Session& s) {
    std::vector<std::string> lines;
    glm::ivec2 window = s.start.windowSize;
    for (const app::SessionFrame& f : s.frames) {
        lines.push_back(app::sessionFrameJson(f, window));
        if (f.windowSize) window = *f.windowSize;
    }
    return lines;
}

bool sameStart(const app::SessionStart& a, const app::SessionStart& b) {
    return a.windowSize == b.windowSize && a.documentPath == b.documentPath && a.selection == b.selection &&
           a.settings == b.settings && pickray::scene::toJsonText(a.scene) == pickray::scene::toJsonText(b.scene);
}

std::string fileText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The file the session is written again to: one per process, made once by mkstemp (a name of the
// same length on every run; with the process id in it, two runs of one seed differed by an edge of
// coverage from the first inputs on and walked different inputs), removed at exit.
const std::string& scratchPath() {
    static const std::string* const path = [] {
        auto* name = new std::string(
            (std::filesystem::temp_directory_path() / "pickray-fuzz-session-XXXXXX").string());  // kept to the end
        const int fd = mkstemp(name->data());
        if (fd < 0) violated("cannot make a scratch file " + *name);
        close(fd);
        std::atexit([] { std::remove(scratchPath().c_str()); });
        return name;
    }();
    return *path;
}

// Written by SessionWriter, the session reads back the same; cut, it keeps its whole lines.
void checkWrittenAgain(const app::Session& s, std::size_t cutSeed) {
    const std::string& path = scratchPath();
    {
        app::SessionWriter writer(path, s.start);
        for (const app::SessionFrame& f : s.frames)
            if (!writer.add(f)) violated("the writer failed: " + writer.error().value_or(""));
        if (writer.error()) violated("the writer failed: " + *writer.error());
    }
    const std::string written = fileText(path);
    const auto again = app::readSession(path);
    if (const auto* why = std::get_if<std::string>(&again)) violated("the written session does not read: " + *why);
    const app::Session& back = std::get<app::Session>(again);
    if (!back.complete) violated("the written session reads as cut short");
    if (!sameStart(back.start, s.start)) violated("the written session's start differs");
    const std::vector<std::string> lines = frameLines(s);
    if (frameLines(back) != lines) violated("the written session's frames differ");

    // Cut after the header, at a place the input chooses.
    const std::string header = "\"frames\": [\n";
    const std::size_t body = written.find(header);
    if (body == std::string::npos) violated("the written session has no frames line");
    const std::size_t first = body + header.size();
    const std::size_t cut = first + cutSeed % (written.size() - first + 1);
    const std::string shorter = written.substr(0, cut);
    const auto read = app::parseSession(shorter, "cut.json");
    if (const auto* why = std::get_if<std::string>(&read))
        violated("the session cut at byte " + std::to_string(cut) + " does not read: " + *why);
    const app::Session& kept = std::get<app::Session>(read);
    // A line is whole once its closing brace is in: the frames are one line each, no raw newlines.
    std::size_t whole = 0;
    for (std::size_t at = first; whole < lines.size() && at + lines[whole].size() <= cut; ++whole)
        at += lines[whole].size() + 2;  // and its ",\n"
    const std::vector<std::string> keptLines = frameLines(kept);
    if (keptLines != std::vector<std::string>(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(whole)))
        violated("the session cut at byte " + std::to_string(cut) + " keeps " + std::to_string(keptLines.size()) +
                 " frames, not its " + std::to_string(whole) + " whole lines");
    if (kept.complete != (cut >= written.rfind("]}") + 2))  // the writer's end, whole
        violated("the session cut at byte " + std::to_string(cut) + " is marked complete wrongly");
    if (!sameStart(kept.start, s.start)) violated("the cut session's start differs");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto read = app::parseSession(text, "fuzz-session.json");
    if (const auto* why = std::get_if<std::string>(&read)) {
        if (!why->starts_with("fuzz-session.json: ")) violated("the message does not name the source: " + *why);
        return 0;
    }
    const app::Session& session = std::get<app::Session>(read);
    checkPromises(session, text);
    checkPositionsAgainstText(session, text);
    checkWrittenAgain(session, size);
    return 0;
}
