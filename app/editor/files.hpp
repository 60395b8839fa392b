// SPDX-License-Identifier: MIT
#pragma once
// What the File menu needs from the file system, as plain values the panels can show: a
// directory's listing for the file browser (drawn with ImGui: no dialog library is packaged here),
// and the recently opened or saved scenes, kept between sessions. No SDL, no GL, no ImGui.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "scene/file_kind.hpp"

namespace pickray::app {

struct FileEntry {
    std::string name;
    bool isDirectory = false;
    scene::JsonFileKind kind = scene::JsonFileKind::Other;  ///< a file's (jsonFileKind)
    bool operator==(const FileEntry&) const = default;
};

/// A directory's subdirectories, then its *.json files of every kind (the browser shows the
/// scenes; Save as asks before overwriting any), each sorted by name (case-insensitive); hidden
/// entries (a leading '.') are left out. `error` says why a directory could not be read.
struct Listing {
    std::filesystem::path directory;
    std::vector<FileEntry> entries;
    std::string error;
    /// An entry of that name is a file in the listing (what Save As asks about before overwriting).
    [[nodiscard]] bool hasFile(const std::string& name) const;
};

[[nodiscard]] Listing listDirectory(const std::filesystem::path& directory);

/// The listing's .json files that are not scenes, counted by kind for the file browser, which shows
/// only the scenes: "Not shown: 2 reports, 1 session, 1 other .json file"; empty when all are.
[[nodiscard]] std::string hiddenFilesText(const Listing& listing);

/// The scenes opened or saved most recently, newest first, each once, at most kMost.
class RecentFiles {
public:
    static constexpr std::size_t kMost = 8;
    void add(const std::filesystem::path& file);
    [[nodiscard]] const std::vector<std::string>& items() const { return items_; }
    /// Drops the files that no longer exist (File > Open recent > Remove missing); the menu shows
    /// them marked "(missing)" and disabled until then. Returns how many were dropped.
    std::size_t removeMissing();
    /// One absolute path a line; a missing or unreadable file is an empty list.
    void load(const std::filesystem::path& from);
    /// Writes them (creating the directory); false when it cannot (the list is a convenience:
    /// nothing else depends on it).
    bool save(const std::filesystem::path& to) const;

private:
    std::vector<std::string> items_;
};

/// Whether a file (or anything) exists at `path`: what the Open recent menu marks "(missing)".
[[nodiscard]] bool pathExists(const std::string& path);

/// Where the recent files are kept: $XDG_CONFIG_HOME/pickray/recent-files, else
/// $HOME/.config/pickray/recent-files; nullopt with neither set.
[[nodiscard]] std::optional<std::filesystem::path> recentFilesPath();

}  // namespace pickray::app
