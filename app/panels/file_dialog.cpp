// SPDX-License-Identifier: MIT
#include "panels/file_dialog.hpp"

#include <algorithm>
#include <filesystem>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "panels/widgets.hpp"

namespace pickray::app {

void openFileDialog(UiState& state, FileDialog::Mode mode, const std::string& documentPath) {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path document = documentPath.empty() ? fs::path() : fs::absolute(documentPath, error);
    state.fileDialog.mode = mode;
    state.fileDialog.directory = document.empty() ? fs::current_path(error).string() : document.parent_path().string();
    state.fileDialog.name =
        mode == FileDialog::Mode::SaveAs ? (document.empty() ? "scene.json" : document.filename().string()) : "";
    state.fileDialog.focusName = true;
    state.fileDialog.relist = true;
}

// The file browser: the directory's folders and scene files, a name field (a file name, or a
// path relative to the folder or absolute), Enter or the button to confirm, Esc to cancel.
void fileDialog(UiState& state, const UiView& view, std::vector<Command>& out) {
    namespace fs = std::filesystem;
    FileDialog& dialog = state.fileDialog;
    if (dialog.mode == FileDialog::Mode::Closed) return;
    const bool opening = dialog.mode == FileDialog::Mode::Open;
    const char* title = opening ? "Open scene" : "Save scene as";
    if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
    const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
    ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(560.0f, static_cast<float>(view.windowSize.x) - 20.0f),
                                    std::min(420.0f, static_cast<float>(view.windowSize.y) - 40.0f)),
                             ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
    state.drawn->panels.push_back(measuredRect(title));
    const fs::path directory(dialog.directory);
    ImGui::TextUnformatted(directory.string().c_str());
    // The name field first: it takes the keyboard as the browser opens (a field further down is
    // clipped in a popup's first frame and cannot take it; asked again until it has it).
    if (dialog.focusName) ImGui::SetKeyboardFocusHere();
    const float em = ImGui::GetFontSize() / 13.0f;
    ImGui::SetNextItemWidth(-180.0f * em);
    bool confirm = ImGui::InputText("##name", &dialog.name, ImGuiInputTextFlags_EnterReturnsTrue);
    // Enter while the field has the keyboard (seen in the events, as ImGui may miss a quick one).
    confirm |= ImGui::IsItemActive() && keyPressed(view, SDLK_RETURN);
    if (ImGui::IsItemActive()) dialog.focusName = false;
    ImGui::SameLine();
    confirm |= ImGui::Button(opening ? "Open" : "Save", ImVec2(80.0f * em, 0));
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel", ImVec2(80.0f * em, 0)) || keyPressed(view, SDLK_ESCAPE);
    ImGui::BeginChild("entries", ImVec2(0, 0), true);
    if (view.listing != nullptr && !view.listing->error.empty()) {
        ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", view.listing->error.c_str());
    }
    if (directory.has_parent_path() && directory != directory.root_path()) {
        if (ImGui::Selectable("../")) dialog.directory = directory.parent_path().string();
        state.drawn->browserRows.push_back("../");
    }
    if (view.listing != nullptr) {
        for (const FileEntry& e : view.listing->entries) {
            if (!e.isDirectory && e.kind != scene::JsonFileKind::Scene) continue;  // said below
            const std::string label = e.name + (e.isDirectory ? "/" : "");
            state.drawn->browserRows.push_back(label);
            if (ImGui::Selectable(label.c_str(), !e.isDirectory && dialog.name == e.name,
                                  ImGuiSelectableFlags_AllowDoubleClick)) {
                if (e.isDirectory) {
                    dialog.directory = (directory / e.name).string();
                    dialog.focusName = true;
                } else {
                    dialog.name = e.name;
                    confirm = ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
                }
            }
        }
        if (const std::string hidden = hiddenFilesText(*view.listing); !hidden.empty()) {
            ImGui::TextDisabled("%s", hidden.c_str());
            state.drawn->browserRows.push_back(hidden);
        }
    }
    ImGui::EndChild();
    if (confirm && !dialog.name.empty()) {
        fs::path path = directory / dialog.name;  // an absolute name stands as it is
        if (!opening && !path.has_extension()) path += ".json";
        if (view.isDirectory != nullptr && view.isDirectory((directory / dialog.name).string())) {
            dialog.directory = (directory / dialog.name).string();  // a folder's name: go into it
            dialog.name.clear();
            dialog.focusName = true;  // Enter let go of the field: it takes the keyboard again
        } else {
            if (opening) out.push_back(command::Open{path.string()});
            else out.push_back(command::SaveAs{path.string()});
            dialog.mode = FileDialog::Mode::Closed;
        }
    }
    if (cancel) {
        dialog.mode = FileDialog::Mode::Closed;
        state.afterSave.reset();  // "Save first" cancelled: nothing goes on
    }
    if (dialog.mode == FileDialog::Mode::Closed) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace pickray::app
