#include "screenshot.hpp"

#include <stb_image_write.h>  // the implementation is in Debian's libstb.so

namespace pickray::app {

std::optional<std::string> writePng(const std::filesystem::path& path, const std::vector<std::uint8_t>& rgba,
                                    glm::ivec2 size) {
    if (path.has_parent_path()) {
        std::error_code ignored;
        std::filesystem::create_directories(path.parent_path(), ignored);
    }
    if (stbi_write_png(path.c_str(), size.x, size.y, 4, rgba.data(), size.x * 4) == 0)
        return path.string() + ": could not write the PNG";
    return std::nullopt;
}

}  // namespace pickray::app
