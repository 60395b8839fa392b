// SPDX-License-Identifier: MIT
#pragma once
// The script driver: the command line's steps (--click, --drag, --key, --select, ...) played on
// the App as a hand would play them, with SDL events through the window's own event queue, so a
// script drives the same interaction code a user does; and the end of a run: the --screenshot,
// --save and --report outputs, interactive or headless.

#include <string>

#include "cli/cli.hpp"
#include "session/session.hpp"
#include "shell/app.hpp"

namespace pickray::app {

/// Headless: plays `replay` (--replay, read from options.replay) if given, then runs
/// options.script on `app` (--repeat times over), then writes options.reportPath. Returns the exit
/// code: 1 when a screenshot, a save or a --select failed, or the report could not be written.
int runScript(App& app, const Options& options, const Session* replay = nullptr);

/// Interactive: the --select steps make the starting selection (or `replay` is played at its
/// pace), then frames until the window is closed, then the command line's --screenshot, --save and
/// --report. With --record-input the session is written as it goes. Returns the exit code.
int runInteractive(App& app, const Options& options, const Session* replay = nullptr);

/// Where a replay of the session file `sessionPath` writes what the session wrote: its
/// screenshots (shot-1.png, ...) and its saves (under their own file names), in a folder beside it
/// named after it ("drag.json": "drag-replay/"), never over the files the session wrote.
[[nodiscard]] std::string replayOutputFolder(const std::string& sessionPath);

}  // namespace pickray::app
