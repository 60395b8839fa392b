// SPDX-License-Identifier: MIT
#include "panels/questions.hpp"

#include <initializer_list>
#include <string>

#include <imgui.h>

#include "panels/file_dialog.hpp"
#include "panels/widgets.hpp"

namespace pickray::app {
namespace {

// A question with buttons, Enter taking `enterTakes` (drawn framed, its tooltip naming Enter) and
// Esc the last; returns the one chosen or -1. Enter never takes an answer that loses something the
// user had: desktop dialogs make the safe answer the default, and Enter is pressed by habit.
int question(UiState& state, const UiView& view, const char* title, const std::string& text,
             std::initializer_list<const char*> answers, std::initializer_list<std::string> tooltips,
             int enterTakes = 0) {
    if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings))
        return -1;
    state.drawn->panels.push_back(measuredRect(title));
    ImGui::PushTextWrapPos(420.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    int chosen = -1;
    int index = 0;
    for (const char* answer : answers) {
        if (index > 0) ImGui::SameLine();
        const bool isDefault = index == enterTakes;
        if (isDefault) {
            ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 2.0f);
            ImGui::PushStyleColor(ImGuiCol_Border, ImGui::GetStyleColorVec4(ImGuiCol_NavHighlight));
        }
        if (ImGui::Button(answer)) chosen = index;
        if (isDefault) {
            ImGui::PopStyleColor();
            ImGui::PopStyleVar();
        }
        if (static_cast<std::size_t>(index) < tooltips.size())
            tooltip(state, *(tooltips.begin() + index) + (isDefault ? " (Enter)" : ""));
        ++index;
    }
    if (keyPressed(view, SDLK_RETURN) || keyPressed(view, SDLK_KP_ENTER)) chosen = enterTakes;
    if (keyPressed(view, SDLK_ESCAPE)) chosen = index - 1;
    if (chosen >= 0) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return chosen;
}

}  // namespace

void fileWindows(UiState& state, const UiView& view, std::vector<Command>& out) {
    // One modal window at a time (two would take each other's place every frame): the browser,
    // then its questions, then quitting, which waits until they are answered.
    state.drawn->browserRows.clear();
    if (state.fileDialog.mode != FileDialog::Mode::Closed) return fileDialog(state, view, out);
    if (state.confirmOverwrite) {
        const int answer =
            question(state, view, "Replace the file?", *state.confirmOverwrite + " exists. Replace it with this scene?",
                     {"Replace", "Cancel"},
                     {"Overwrite " + *state.confirmOverwrite + " with this scene", "Keep the file as it is"}, 1);
        if (answer == 0) out.push_back(command::Save{*state.confirmOverwrite});
        if (answer == 1) state.afterSave.reset();  // not saved: what waited on the save does not go on
        if (answer >= 0) state.confirmOverwrite.reset();
    } else if (state.confirmDiscard) {
        // "Save first" saves to the document's file, or asks where (Save as) when it has none, and
        // opens the file only once that save went through.
        const int answer = question(state, view, "Discard the unsaved changes?",
                                    "The scene has changes that are not saved. Save them first, or open " +
                                        *state.confirmDiscard + " and lose them? (Ctrl+Z undoes the open.)",
                                    {"Save first", "Open anyway", "Cancel"},
                                    {view.documentPath.empty() ? "Save the scene (asks where), then open"
                                                               : "Save to " + view.documentPath + ", then open",
                                     "Open, losing the changes", "Keep the scene as it is"});
        if (answer == 0 && view.documentPath.empty()) {
            state.afterSave = command::Open{*state.confirmDiscard, true};
            openFileDialog(state, FileDialog::Mode::SaveAs, "");
        }
        if (answer == 0 && !view.documentPath.empty()) {
            out.push_back(command::Save{view.documentPath});
            out.push_back(command::Open{*state.confirmDiscard, true});  // only if that save went through
        }
        if (answer == 1) out.push_back(command::Load{*state.confirmDiscard});
        if (answer >= 0) state.confirmDiscard.reset();
    } else if (state.confirmQuit) {
        const int answer = question(
            state, view, "Quit with unsaved changes?", "The scene has changes that are not saved. Save them first?",
            view.documentPath.empty()
                ? std::initializer_list<const char*>{"Save as...", "Quit without saving", "Cancel"}
                : std::initializer_list<const char*>{"Save and quit", "Quit without saving", "Cancel"},
            {view.documentPath.empty() ? "Save the scene (asks where), then quit"
                                       : "Save to " + view.documentPath + ", then quit",
             "Quit, losing the changes", "Keep working"});
        if (answer == 0 && view.documentPath.empty()) {
            state.afterSave = command::Quit{true, true};  // quits once the Save as went through
            openFileDialog(state, FileDialog::Mode::SaveAs, "");
        }
        if (answer == 0 && !view.documentPath.empty()) {
            out.push_back(command::Save{view.documentPath});
            out.push_back(command::Quit{true, true});  // only if that save went through
        }
        if (answer == 1) out.push_back(command::Quit{true});
        if (answer >= 0) state.confirmQuit = false;
    }
}

}  // namespace pickray::app
