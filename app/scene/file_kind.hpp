// SPDX-License-Identifier: MIT
#pragma once
// What a .json file holds, as far as pickray can tell: a scene, or one of the other files it
// writes (a recorded session, a report, a pick audit), or something else. The file browser lists
// scenes only, and opening another kind says what it is rather than which field it lacks.

#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace pickray::scene {

enum class JsonFileKind {
    Scene,    ///< an object with an "objects" array (docs/SCENE_FORMAT.md)
    Session,  ///< --record-input's file ("pickraySession")
    Report,   ///< --report's file ("clicks", "framesRun")
    Audit,    ///< --audit's file ("robust_mismatches", "probe_px")
    Other,    ///< anything else: another program's JSON, not JSON, unreadable, too large
};

/// The kind of the file at `path`, judged by the first top-level key that decides it (the rest of
/// the file is not read: a scene's "objects" array may hold 100,000 objects). A scene judged so
/// may still fail to load; its load says why.
[[nodiscard]] JsonFileKind jsonFileKind(const std::filesystem::path& path);

/// The same judgement on a parsed document (a whole file, read to load it).
[[nodiscard]] JsonFileKind jsonKind(const nlohmann::json& root);

/// What a file of that kind is, for a message: "a session recorded by --record-input (play it
/// with --replay)". Nothing for Scene and Other.
[[nodiscard]] std::optional<std::string> notASceneBecause(JsonFileKind kind);

}  // namespace pickray::scene
