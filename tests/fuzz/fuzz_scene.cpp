// SPDX-License-Identifier: MIT
// libFuzzer target: the scene file parser on arbitrary text.
// Checked: no crash or undefined behaviour (ASan + UBSan), a hang is caught by libFuzzer's
// timeout; every input gives either a scene or a message naming the source; a scene that loads
// passes validation and survives save -> load with exactly the same text.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "scene/scene_io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const pickray::scene::LoadResult loaded = pickray::scene::parseScene(text, "fuzz.json");
    if (!loaded.scene) {
        if (loaded.error.find("fuzz.json") == std::string::npos) {
            std::fprintf(stderr, "error message does not name the file: %s\n", loaded.error.c_str());
            std::abort();
        }
        return 0;
    }
    const std::string saved = pickray::scene::toJsonText(*loaded.scene);
    const pickray::scene::LoadResult reloaded = pickray::scene::parseScene(saved, "saved.json");
    if (!reloaded.scene || pickray::scene::toJsonText(*reloaded.scene) != saved) {
        std::fprintf(stderr, "save -> load does not round-trip: %s\n", reloaded.error.c_str());
        std::abort();
    }
    return 0;
}
