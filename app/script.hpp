// SPDX-License-Identifier: MIT
#pragma once
// The headless script: the command line's steps in the order given, --repeat times over, then the
// report. It drives the App only through its public operations.

#include "app.hpp"
#include "cli.hpp"

namespace pickray::app {

/// Runs options.script on `app` and writes options.reportPath; returns the exit code: 1 when a
/// screenshot, a save or a --select failed, or the report could not be written.
int runScript(App& app, const Options& options);

}  // namespace pickray::app
