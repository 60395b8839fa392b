// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

namespace pickray::app {

/// Writes RGBA8 rows (top row first) as a PNG; returns an error message or nullopt.
[[nodiscard]] std::optional<std::string> writePng(const std::filesystem::path& path,
                                                  const std::vector<std::uint8_t>& rgba, glm::ivec2 size);

/// Writes object IDs (one a pixel, top row first) as the ID buffer's 24-bit RGB PNG: R the high
/// byte, B the low; returns an error message (an ID above 2^24 - 1, a marker's included) or
/// nullopt.
[[nodiscard]] std::optional<std::string> writeIdBuffer(const std::filesystem::path& path,
                                                       const std::vector<std::uint32_t>& ids, glm::ivec2 size);

}  // namespace pickray::app
