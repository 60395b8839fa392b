// SPDX-License-Identifier: MIT
#include "shell/screenshot.hpp"

#include <stb_image_write.h>  // the implementation is in Debian's libstb.so

namespace pickray::app {

std::optional<std::string> writePng(const std::filesystem::path& path, const std::vector<std::uint8_t>& rgba,
                                    glm::ivec2 size) {
    if (path.has_parent_path()) {
        std::error_code ignored;
        std::filesystem::create_directories(path.parent_path(), ignored);
    }
    // Alpha is always opaque: written as RGB, an eighth smaller for the same picture.
    std::vector<std::uint8_t> rgb;
    rgb.reserve(rgba.size() / 4 * 3);
    for (std::size_t i = 0; i + 3 < rgba.size(); i += 4) rgb.insert(rgb.end(), {rgba[i], rgba[i + 1], rgba[i + 2]});
    if (stbi_write_png(path.c_str(), size.x, size.y, 3, rgb.data(), size.x * 3) == 0)
        return path.string() + ": could not write the PNG";
    return std::nullopt;
}

std::optional<std::string> writeIdBuffer(const std::filesystem::path& path, const std::vector<std::uint32_t>& ids,
                                         glm::ivec2 size) {
    constexpr std::uint32_t kLargest = 0xFFFFFF;
    std::vector<std::uint8_t> rgba;
    rgba.reserve(ids.size() * 4);
    for (const std::uint32_t id : ids) {
        if (id > kLargest)
            return "pixel value " + std::to_string(id) + " does not fit the ID buffer's 24 bits (at most " +
                   std::to_string(kLargest) + " objects)";
        rgba.insert(rgba.end(), {static_cast<std::uint8_t>(id >> 16), static_cast<std::uint8_t>(id >> 8),
                                 static_cast<std::uint8_t>(id), std::uint8_t{255}});
    }
    return writePng(path, rgba, size);
}

}  // namespace pickray::app
