// SPDX-License-Identifier: MIT
// libFuzzer target: the command-line parser on arbitrary argument vectors (NUL-separated).
// Checked: no crash or undefined behaviour; a refusal always carries a message, on one line.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <variant>
#include <vector>

#include "cli/cli.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> args(1);
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0) {
            args.emplace_back();
        } else {
            args.back().push_back(static_cast<char>(data[i]));
        }
    }
    const auto parsed = pickray::app::parseCommandLine(args);
    if (const auto* bad = std::get_if<pickray::app::UsageError>(&parsed)) {
        if (bad->message.empty()) {
            std::fprintf(stderr, "usage error without a message\n");
            std::abort();
        }
        if (bad->message.find('\n') != std::string::npos) {  // one line naming the problem
            std::fprintf(stderr, "usage error over several lines: %s\n", bad->message.c_str());
            std::abort();
        }
    }
    return 0;
}
