// SPDX-License-Identifier: MIT
#include "editor/files.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <system_error>

namespace pickray::app {
namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

}  // namespace

bool Listing::hasFile(const std::string& name) const {
    return std::any_of(entries.begin(), entries.end(),
                       [&](const FileEntry& e) { return !e.isDirectory && e.name == name; });
}

Listing listDirectory(const std::filesystem::path& directory) {
    Listing listing;
    std::error_code error;
    listing.directory = std::filesystem::absolute(directory, error).lexically_normal();
    std::filesystem::directory_iterator it(listing.directory, error);
    if (error) {
        listing.error = listing.directory.string() + ": " + error.message();
        return listing;
    }
    for (; it != std::filesystem::directory_iterator(); it.increment(error)) {
        if (error) break;
        const std::string name = it->path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        std::error_code kind;
        const bool isDirectory = it->is_directory(kind);
        if (isDirectory) listing.entries.push_back({name, true});
        else if (it->is_regular_file(kind) && lower(it->path().extension().string()) == ".json")
            listing.entries.push_back({name, false, scene::jsonFileKind(it->path())});
    }
    if (error) listing.error = listing.directory.string() + ": " + error.message();
    std::sort(listing.entries.begin(), listing.entries.end(), [](const FileEntry& a, const FileEntry& b) {
        if (a.isDirectory != b.isDirectory) return a.isDirectory;
        return lower(a.name) < lower(b.name);
    });
    return listing;
}

std::string hiddenFilesText(const Listing& listing) {
    using scene::JsonFileKind;
    struct Counted {
        JsonFileKind kind;
        const char* one;
        const char* many;
    };
    static constexpr Counted kKinds[] = {{JsonFileKind::Report, "report", "reports"},
                                         {JsonFileKind::Session, "session", "sessions"},
                                         {JsonFileKind::Audit, "pick audit", "pick audits"},
                                         {JsonFileKind::Other, "other .json file", "other .json files"}};
    std::string text;
    for (const Counted& k : kKinds) {
        const auto n = std::count_if(listing.entries.begin(), listing.entries.end(),
                                     [&](const FileEntry& e) { return !e.isDirectory && e.kind == k.kind; });
        if (n == 0) continue;
        text += (text.empty() ? "Not shown: " : ", ") + std::to_string(n) + " " + (n == 1 ? k.one : k.many);
    }
    return text;
}

void RecentFiles::add(const std::filesystem::path& file) {
    std::error_code error;
    const std::string path = std::filesystem::absolute(file, error).lexically_normal().string();
    std::vector<std::string> next{path};
    for (std::string& item : items_)
        if (item != path && next.size() < kMost) next.push_back(std::move(item));
    items_ = std::move(next);
}

std::size_t RecentFiles::removeMissing() {
    return std::erase_if(items_, [](const std::string& item) { return !pathExists(item); });
}

bool pathExists(const std::string& path) {
    std::error_code error;
    return std::filesystem::exists(path, error);
}

void RecentFiles::load(const std::filesystem::path& from) {
    items_.clear();
    std::ifstream in(from);
    for (std::string line; std::getline(in, line) && items_.size() < kMost;)
        if (!line.empty() && std::find(items_.begin(), items_.end(), line) == items_.end()) items_.push_back(line);
}

bool RecentFiles::save(const std::filesystem::path& to) const {
    std::error_code error;
    std::filesystem::create_directories(to.parent_path(), error);
    std::ofstream out(to, std::ios::trunc);
    for (const std::string& item : items_) out << item << '\n';
    return static_cast<bool>(out);
}

std::optional<std::filesystem::path> recentFilesPath() {
    if (const char* config = std::getenv("XDG_CONFIG_HOME"); config != nullptr && *config != '\0')
        return std::filesystem::path(config) / "pickray" / "recent-files";
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return std::filesystem::path(home) / ".config" / "pickray" / "recent-files";
    return std::nullopt;
}

}  // namespace pickray::app
