// SPDX-License-Identifier: MIT
#pragma once
// The window's commands on the document's files: Open and Save as (asking first when something
// would be lost or overwritten), the recent files, the file browser's listing, the window's title.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "editor/commands.hpp"
#include "editor/editor.hpp"
#include "editor/files.hpp"
#include "panels/ui.hpp"

struct SDL_Window;

namespace pickray::app {

class DocumentFiles {
public:
    /// `bundledScene`: the scene shipped with pickray, which Save does not overwrite. A window of
    /// the user's (not `headless`) keeps the recent files between runs; a script neither reads nor
    /// changes them.
    DocumentFiles(std::filesystem::path bundledScene, bool headless);

    /// What a window command leads to: nothing more (refused, or a question asked first in `ui`),
    /// or the editor's command to apply now.
    struct Next {
        bool accepted = false;
        std::optional<EditorCommand> apply;
    };
    [[nodiscard]] Next open(const command::Open& c, const Editor& editor, UiState& ui) const;
    [[nodiscard]] Next saveAs(const command::SaveAs& c, UiState& ui) const;
    void forgetMissingRecent();
    /// A load or a save of `path` went through.
    void remember(const std::string& path);
    [[nodiscard]] const std::vector<std::string>& recent() const { return recent_.items(); }

    /// The file Save writes without asking: the document's, unless it has none (a generated scene)
    /// or it is the scene shipped with pickray.
    [[nodiscard]] std::string savablePath(const Editor& editor) const;
    /// The file browser's directory listed, again when it changed or was asked for.
    [[nodiscard]] const Listing* listing(FileDialog& dialog);

    /// The document's file name, "*" when it has unsaved changes.
    [[nodiscard]] static std::string title(const Editor& editor);
    /// Sets `window`'s title to title() when it changed.
    void showTitle(SDL_Window* window, const Editor& editor);

private:
    void saveRecent() const;

    std::filesystem::path bundledScene_;
    bool headless_ = false;
    RecentFiles recent_;
    Listing listing_;
    std::string shownTitle_;
};

}  // namespace pickray::app
