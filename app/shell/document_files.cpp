// SPDX-License-Identifier: MIT
#include "shell/document_files.hpp"

#include <SDL.h>

#include <utility>

namespace pickray::app {

DocumentFiles::DocumentFiles(std::filesystem::path bundledScene, bool headless)
    : bundledScene_(std::move(bundledScene)), headless_(headless) {
    if (const auto file = recentFilesPath(); file && !headless_) recent_.load(*file);
}

DocumentFiles::Next DocumentFiles::open(const command::Open& c, const Editor& editor, UiState& ui) const {
    if (c.onlyIfSaved && editor.unsaved()) return {};  // "Save first" whose save failed
    if (!editor.unsaved()) return {true, command::Load{c.path}};
    ui.confirmDiscard = c.path;  // asked first; the answer comes back as a Load
    return {true, std::nullopt};
}

DocumentFiles::Next DocumentFiles::saveAs(const command::SaveAs& c, UiState& ui) const {
    std::error_code error;
    if (!std::filesystem::exists(c.path, error)) return {true, command::Save{c.path}};
    ui.confirmOverwrite = c.path;  // asked first; the answer comes back as a Save
    return {true, std::nullopt};
}

void DocumentFiles::saveRecent() const {
    if (const auto file = recentFilesPath(); file && !headless_) recent_.save(*file);
}

void DocumentFiles::forgetMissingRecent() {
    recent_.removeMissing();
    saveRecent();
}

void DocumentFiles::remember(const std::string& path) {
    recent_.add(path);
    saveRecent();
}

std::string DocumentFiles::savablePath(const Editor& editor) const {
    const std::string& path = editor.documentPath();
    std::error_code error;
    if (path.empty() || std::filesystem::equivalent(path, bundledScene_, error)) return "";
    return path;
}

const Listing* DocumentFiles::listing(FileDialog& dialog) {
    if (dialog.mode != FileDialog::Mode::Closed) {
        std::error_code error;
        const auto wanted = std::filesystem::absolute(dialog.directory, error).lexically_normal();
        if (wanted != listing_.directory || dialog.relist) listing_ = listDirectory(wanted);
        dialog.relist = false;
        dialog.directory = listing_.directory.string();
    }
    return &listing_;
}

std::string DocumentFiles::title(const Editor& editor) {
    const std::string& path = editor.documentPath();
    // No file: a generated scene, or the empty one opened instead of a scene that would not load.
    const std::string name = path.empty() ? "untitled" : std::filesystem::path(path).filename().string();
    return (editor.unsaved() ? "*" : "") + name + " - pickray";
}

void DocumentFiles::showTitle(SDL_Window* window, const Editor& editor) {
    if (const std::string now = title(editor); now != shownTitle_) {
        SDL_SetWindowTitle(window, now.c_str());
        shownTitle_ = now;
    }
}

}  // namespace pickray::app
