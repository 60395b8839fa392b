// SPDX-License-Identifier: MIT
// The file browser's listing and the recent files, on a scratch folder.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "editor/files.hpp"
#include "scene/scene_io.hpp"

namespace pickray::app {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
    std::string folder = "pickray_files_";  // in steps: GCC 12 warns falsely (-Wrestrict) on "literal" + string
    folder += name;
    folder += "_";
    folder += std::to_string(::getpid());
    const fs::path dir = fs::temp_directory_path() / folder;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

TEST(Files, AListingHasFoldersFirstThenSceneFilesEachByNameAndNothingHidden) {
    const fs::path dir = scratch("listing");
    for (const char* file : {"b.json", "A.json", "c.JSON", "notes.txt", ".hidden.json", "noext"})
        std::ofstream(dir / file) << "{}";
    for (const char* folder : {"zeta", "Alpha", ".git"}) fs::create_directories(dir / folder);
    const Listing listing = listDirectory(dir);
    EXPECT_TRUE(listing.error.empty()) << listing.error;
    const std::vector<FileEntry> expected = {
        {"Alpha", true}, {"zeta", true}, {"A.json", false}, {"b.json", false}, {"c.JSON", false}};
    EXPECT_EQ(listing.entries, expected);
    EXPECT_TRUE(listing.hasFile("b.json"));
    EXPECT_FALSE(listing.hasFile("zeta")) << "a folder is no file";
    EXPECT_FALSE(listing.hasFile("notes.txt")) << "only scene files are listed";
    EXPECT_EQ(listing.directory, fs::canonical(dir));
    fs::remove_all(dir);
}

TEST(Files, EachJsonFileIsJudgedByTheTopLevelKeyThatDecidesWhatItHolds) {
    using scene::JsonFileKind;
    const fs::path dir = scratch("kinds");
    const auto kindOf = [&](const std::string& name, const std::string& text) {
        std::ofstream(dir / name) << text;
        return scene::jsonFileKind(dir / name);
    };
    EXPECT_EQ(kindOf("scene.json", R"({"camera": {"eye": [1, 2, 3]}, "objects": []})"), JsonFileKind::Scene);
    // Decided at "objects": the rest is not read, so a scene of any size is judged at once (and
    // one broken further on is a scene whose load says what is wrong).
    EXPECT_EQ(kindOf("broken_later.json", R"({"objects": [{"name": "a"}, oops)"), JsonFileKind::Scene);
    EXPECT_EQ(kindOf("report.json", R"({"clicks": [], "editor": {}, "framesRun": 3})"), JsonFileKind::Report);
    EXPECT_EQ(kindOf("audit.json", R"({"clip_depth": "zero_to_one", "objects": 6, "probe_px": 0.001})"),
              JsonFileKind::Audit)
        << "an audit's \"objects\" is a count, not a scene's list";
    EXPECT_EQ(kindOf("session.json", R"({"pickraySession": 1, "start": {}, "frames": []})"), JsonFileKind::Session);
    EXPECT_EQ(kindOf("nested.json", R"({"data": {"objects": [], "clicks": []}})"), JsonFileKind::Other)
        << "only top-level keys count";
    EXPECT_EQ(kindOf("array.json", R"([{"objects": []}])"), JsonFileKind::Other);
    EXPECT_EQ(kindOf("objects_not_a_list.json", R"({"objects": {}})"), JsonFileKind::Other);
    EXPECT_EQ(kindOf("not_json.json", "name,x,y\n"), JsonFileKind::Other);
    EXPECT_EQ(kindOf("empty.json", ""), JsonFileKind::Other);
    std::ofstream(dir / "huge.json") << R"({"objects": [)";
    fs::resize_file(dir / "huge.json", scene::kMaxSceneFileBytes + 1);  // sparse: nothing is written
    EXPECT_EQ(scene::jsonFileKind(dir / "huge.json"), JsonFileKind::Other) << "larger than a scene may be";
    EXPECT_EQ(scene::jsonFileKind(dir / "missing.json"), JsonFileKind::Other);

    const Listing listing = listDirectory(dir);
    EXPECT_TRUE(listing.hasFile("report.json")) << "listed, so that Save as asks before overwriting it";
    EXPECT_EQ(hiddenFilesText(listing), "Not shown: 1 report, 1 session, 1 pick audit, 6 other .json files");
    fs::remove_all(dir);
}

TEST(Files, AFolderThatCannotBeReadSaysWhy) {
    const Listing missing = listDirectory("/nonexistent/folder");
    EXPECT_TRUE(missing.entries.empty());
    EXPECT_NE(missing.error.find("/nonexistent/folder"), std::string::npos) << missing.error;
    EXPECT_NE(missing.error.find("No such file"), std::string::npos) << missing.error;
}

TEST(Files, RecentFilesAreNewestFirstEachOnceAtMostEightAndSurviveASession) {
    const fs::path dir = scratch("recent");
    RecentFiles recent;
    for (int i = 0; i < 10; ++i) {
        std::string name = "s";
        name += std::to_string(i);
        name += ".json";
        recent.add(dir / name);
    }
    recent.add(dir / "s5.json");  // again: to the front, not twice
    ASSERT_EQ(recent.items().size(), RecentFiles::kMost);
    EXPECT_EQ(recent.items()[0], (dir / "s5.json").string());
    EXPECT_EQ(recent.items()[1], (dir / "s9.json").string());
    EXPECT_EQ(std::count(recent.items().begin(), recent.items().end(), (dir / "s5.json").string()), 1);
    const fs::path file = dir / "config" / "pickray" / "recent-files";
    ASSERT_TRUE(recent.save(file));
    RecentFiles again;
    again.load(file);
    EXPECT_EQ(again.items(), recent.items());
    RecentFiles none;
    none.load(dir / "missing");
    EXPECT_TRUE(none.items().empty());
    fs::remove_all(dir);
}

TEST(Files, RemoveMissingDropsOnlyTheRecentFilesThatNoLongerExist) {
    const fs::path dir = scratch("recent_missing");
    std::ofstream(dir / "here.json") << "{}";
    std::ofstream(dir / "gone.json") << "{}";
    RecentFiles recent;
    recent.add(dir / "here.json");
    recent.add(dir / "gone.json");
    recent.add(dir / "never.json");
    fs::remove(dir / "gone.json");
    EXPECT_TRUE(pathExists((dir / "here.json").string()));
    EXPECT_FALSE(pathExists((dir / "gone.json").string()));
    EXPECT_EQ(recent.removeMissing(), 2u);
    ASSERT_EQ(recent.items().size(), 1u);
    EXPECT_EQ(recent.items()[0], (dir / "here.json").string());
    EXPECT_EQ(recent.removeMissing(), 0u) << "nothing more to drop";
    fs::remove_all(dir);
}

TEST(Files, RecentFilesLiveInTheUsersConfigFolder) {
    const char* config = std::getenv("XDG_CONFIG_HOME");
    const std::string saved = config != nullptr ? config : "";
    ::setenv("XDG_CONFIG_HOME", "/tmp/xdg", 1);
    EXPECT_EQ(recentFilesPath(), fs::path("/tmp/xdg/pickray/recent-files"));
    ::unsetenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    if (home != nullptr) {
        EXPECT_EQ(recentFilesPath(), fs::path(home) / ".config/pickray/recent-files");
    }
    if (config != nullptr) ::setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
}

}  // namespace
}  // namespace pickray::app
