// SPDX-License-Identifier: MIT
#pragma once
// Scene files: JSON, schema in docs/SCENE_FORMAT.md. Loading never half-succeeds: either a whole
// valid scene or a message naming the file, the object and the field. Saving is atomic.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>

#include "scene/scene.hpp"

namespace pickray::scene {

/// Larger scene files are refused (loading) or not written (saving), so that a hostile or mistaken
/// file cannot exhaust memory: a 100,000-object scene takes 47 MB, and parsing holds about five
/// times the text in memory.
inline constexpr std::uintmax_t kMaxSceneFileBytes = 64ull * 1024 * 1024;

/// A loaded scene, or why it could not be loaded.
struct LoadResult {
    std::optional<Scene> scene;
    std::string error;  ///< empty on success
};

/// Parses scene JSON text; `source` names it in error messages (usually the file path).
[[nodiscard]] LoadResult parseScene(const std::string& text, const std::string& source);
[[nodiscard]] LoadResult loadScene(const std::filesystem::path& path);

/// The JSON text of a scene (floats written so that they read back bit for bit).
[[nodiscard]] std::string toJsonText(const Scene& scene);

/// A float as scene files write it: the shortest text that reads back as the same float
/// (std::to_chars; 0.1f is "0.1", not the double's "0.10000000149011612"), with ".0" on a whole
/// number ("7.0"); "null" for one that is not finite (no scene holds one). Files are read with
/// std::from_chars into a float, so load, save, load keeps every float bit for bit.
[[nodiscard]] std::string floatText(float value);

/// Writes `path.tmp` next to the target, flushes it, then renames it over `path`, so `path` is
/// either the old file or the complete new one. Returns an error message, or nullopt on success.
[[nodiscard]] std::optional<std::string> saveScene(const Scene& scene, const std::filesystem::path& path);

}  // namespace pickray::scene
