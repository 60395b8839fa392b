// SPDX-License-Identifier: MIT
#pragma once
// From the command line to an exit code: parses options, decides between a window and the
// headless scripted mode (also the fallback when there is no display), loads the scene, runs.

#include <ostream>
#include <string>
#include <vector>

namespace pickray::app {

/// Exit codes: 0 success, 1 runtime failure (scene file, GL, file writes), 2 bad arguments.
int runFromCommandLine(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace pickray::app
