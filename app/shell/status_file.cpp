// SPDX-License-Identifier: MIT
#include "shell/status_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>

#include <nlohmann/json.hpp>

namespace pickray::app {

namespace {

nlohmann::json orNull(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

}  // namespace

void StatusFile::frameDone(const FrameStatus& frame) {
    events_ += frame.events;
    // A frame without events follows either a wait of 0 (the frames owed after events, a picture
    // not final) or a wait that ran out: the time asked for or, after a wait for events only, a
    // wake nobody asked for (X traffic SDL keeps to itself).
    if (frame.events == 0 && frame.frames > 1 && lastWait_ > 0.0)
        ++(std::isinf(lastWait_) ? unaskedWakes_ : timedWakes_);
    if (frame.events > 0) eventsAt_ = frame.now;
    lastWait_ = frame.wait;
    if (frame.redrawn) {
        ++redraws_;
        const std::optional<double> sinceInput =
            eventsAt_ ? std::optional<double>(frame.now - *eventsAt_) : std::nullopt;
        lastRedraw_ = Redrawn{frame.approximate, sinceInput, frame.sinceCameraMoved};
    }
    const bool asleep = std::isinf(frame.wait);
    nlohmann::json out = {{"frames", frame.frames},
                          {"events", events_},
                          {"asleep", asleep},
                          {"idle", frame.wait > 0.0},
                          {"wake", asleep ? nlohmann::json(nullptr) : nlohmann::json(std::max(0.0, frame.wait))},
                          {"timedWakes", timedWakes_},
                          {"unaskedWakes", unaskedWakes_},
                          {"title", frame.title},
                          {"redraws", redraws_},
                          {"audit", frame.audit},
                          {"gizmo", frame.gizmoShown ? "shown" : "off"},
                          {"lastRedraw", nullptr}};
    if (lastRedraw_)
        out["lastRedraw"] = {{"approximate", lastRedraw_->approximate},
                             {"sinceInput", orNull(lastRedraw_->sinceInput)},
                             {"sinceCameraMoved", orNull(lastRedraw_->sinceCameraMoved)}};
    text_ = out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    write();
}

void StatusFile::write() {
    if (path_.empty()) return;
    const std::string temporary = path_ + ".tmp";
    bool written = false;
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        written = file && (file << text_) && file.flush();
    }
    const char* problem = nullptr;
    if (!written) problem = std::strerror(errno);
    else if (std::rename(temporary.c_str(), path_.c_str()) != 0) problem = std::strerror(errno);
    if (!problem || failed_) return;
    failed_ = true;
    say_("--status " + path_ + ": not written (" + problem + "); the window runs on without it", true);
}

}  // namespace pickray::app
