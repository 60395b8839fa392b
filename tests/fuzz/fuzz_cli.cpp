// SPDX-License-Identifier: MIT
// libFuzzer target: the command-line parser on arbitrary argument vectors (NUL-separated).
// Checked: no crash or undefined behaviour; a refusal always carries a message.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <variant>
#include <vector>

#include "cli.hpp"

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
    if (const auto* bad = std::get_if<pickray::app::UsageError>(&parsed); bad && bad->message.empty()) {
        std::fprintf(stderr, "usage error without a message\n");
        std::abort();
    }
    return 0;
}
