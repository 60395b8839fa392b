// SPDX-License-Identifier: MIT
#pragma once
// The script driver: the command line's steps (--click, --drag, --key, --select, ...) played on
// the App as a hand would play them, with SDL events through the window's own event queue, so a
// script drives the same interaction code a user does; and the end of a run: the --screenshot,
// --save and --report outputs, interactive or headless.

#include "cli/cli.hpp"
#include "shell/app.hpp"

namespace pickray::app {

/// Headless: runs options.script on `app` (--repeat times over), then writes options.reportPath.
/// Returns the exit code: 1 when a screenshot, a save or a --select failed, or the report could
/// not be written.
int runScript(App& app, const Options& options);

/// Interactive: the --select steps make the starting selection, then frames until the window is
/// closed, then the command line's --screenshot, --save and --report. Returns the exit code.
int runInteractive(App& app, const Options& options);

}  // namespace pickray::app
