// SPDX-License-Identifier: MIT
// What surrounds the panels: the menu bar, the help window, the toasts, and where each panel goes.
#include <algorithm>
#include <cctype>
#include <filesystem>

#include <imgui.h>
#include <imgui_internal.h>  // a window's measured content size, to tell text that is cut off
#include <imgui_stdlib.h>
#include <glm/common.hpp>

#include "input/shortcuts.hpp"
#include "panels/ui.hpp"
#include "panels/widgets.hpp"

namespace pickray::app {
namespace {

// A menu entry with its shortcut from the one table, so menus and keys cannot disagree.
bool menuItem(UiState& state, const char* label, Action action, bool enabled = true, bool checked = false) {
    const bool chosen = ImGui::MenuItem(label, shortcutLabel(action).c_str(), checked, enabled);
    showTooltip(state, shortcutTooltipText(action, nullptr), true);
    return chosen;
}

// A menu of the menu bar, and where its title is, for the report: measured while it is closed
// (once open, the last item is its popup), else where it was measured last.
bool beginMenu(UiState& state, const std::vector<PanelRect>& before, const char* name) {
    const bool open = ImGui::BeginMenu(name);
    if (!open) {
        state.drawn->menus.push_back(PanelRect{name, toVec(ImGui::GetItemRectMin()), toVec(ImGui::GetItemRectSize())});
    } else {
        const auto last =
            std::find_if(before.begin(), before.end(), [&](const PanelRect& m) { return m.name == name; });
        if (last != before.end()) state.drawn->menus.push_back(*last);
    }
    return open;
}

}  // namespace

void postToast(UiState& state, std::string text, bool isError) {
    app::postToast(state.toasts, std::move(text), isError, ImGui::GetCurrentContext() ? ImGui::GetTime() : 0.0);
}

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

float menuBar(UiState& state, const UiView& view, std::vector<Command>& out) {
    const std::vector<PanelRect> menusBefore = std::move(state.drawn->menus);
    state.drawn->menus.clear();
    if (!ImGui::BeginMainMenuBar()) return 0.0f;
    if (beginMenu(state, menusBefore, "File")) {
        if (menuItem(state, "Open...", Action::Open)) openFileDialog(state, FileDialog::Mode::Open, view.documentPath);
        // A file that no longer exists stays listed, marked and disabled (as editors do: it may be
        // on a drive not mounted now), until "Remove missing" drops them.
        const bool recentOpen = ImGui::BeginMenu("Open recent", !view.recentFiles.empty());
        if (!recentOpen)
            state.drawn->recentMenu =
                TooltipRect{"Open recent", toVec(ImGui::GetItemRectMin()), toVec(ImGui::GetItemRectSize())};
        if (recentOpen) {
            state.drawn->recentEntries.clear();
            const auto record = [&](const std::string& text, bool enabled) {
                state.drawn->recentEntries.push_back(
                    MenuEntry{text, enabled, toVec(ImGui::GetItemRectMin()), toVec(ImGui::GetItemRectSize())});
            };
            bool anyMissing = false;
            for (const std::string& file : view.recentFiles) {
                const bool missing = view.fileExists != nullptr && !view.fileExists(file);
                anyMissing |= missing;
                const std::string label = missing ? file + "  (missing)" : file;
                if (ImGui::MenuItem(label.c_str(), nullptr, false, !missing)) out.push_back(command::Open{file});
                record(label, !missing);
            }
            if (anyMissing) {
                ImGui::Separator();
                if (ImGui::MenuItem("Remove missing")) out.push_back(command::ForgetMissingRecent{});
                record("Remove missing", true);
            }
            ImGui::EndMenu();
        }
        if (menuItem(state, "Save", Action::Save)) {
            if (view.documentPath.empty()) openFileDialog(state, FileDialog::Mode::SaveAs, view.documentPath);
            else out.push_back(command::Save{view.documentPath});
        }
        if (menuItem(state, "Save as...", Action::SaveAs))
            openFileDialog(state, FileDialog::Mode::SaveAs, view.documentPath);
        ImGui::Separator();
        if (menuItem(state, "Screenshot", Action::Screenshot))
            out.push_back(command::Screenshot{state.screenshotWithUi});
        ImGui::Separator();
        if (menuItem(state, "Quit", Action::Quit)) out.push_back(command::Quit{});
        ImGui::EndMenu();
    }
    if (beginMenu(state, menusBefore, "Edit")) {
        const std::string undo = "Undo " + view.history.undoLabel();
        const std::string redo = "Redo " + view.history.redoLabel();
        if (menuItem(state, undo.c_str(), Action::Undo, view.history.canUndo())) out.push_back(command::Undo{});
        if (menuItem(state, redo.c_str(), Action::Redo, view.history.canRedo())) out.push_back(command::Redo{});
        ImGui::Separator();
        const bool any = !view.selection.empty();
        if (menuItem(state, "Duplicate", Action::DuplicateSelection, any)) out.push_back(command::DuplicateSelection{});
        if (menuItem(state, "Delete", Action::DeleteSelection, any)) out.push_back(command::DeleteSelection{});
        if (menuItem(state, "Clear selection and pick", Action::ClearSelection))
            out.push_back(command::ClearSelection{});
        ImGui::EndMenu();
    }
    if (beginMenu(state, menusBefore, "View")) {
        const float aspect = view.windowSize.y > 0
                                 ? static_cast<float>(view.windowSize.x) / static_cast<float>(view.windowSize.y)
                                 : 1.0f;
        if (menuItem(state, "Frame selected", Action::FrameSelection, !view.selection.empty()))
            out.push_back(command::Frame{false, aspect});
        if (menuItem(state, "Frame all", Action::FrameAll)) out.push_back(command::Frame{true, aspect});
        ImGui::Separator();
        if (menuItem(state, "Gizmo: move", Action::GizmoMove, true, state.gizmoMode == GizmoMode::Move))
            state.gizmoMode = GizmoMode::Move;
        if (menuItem(state, "Gizmo: rotate", Action::GizmoRotate, true, state.gizmoMode == GizmoMode::Rotate))
            state.gizmoMode = GizmoMode::Rotate;
        if (menuItem(state, "Gizmo: scale", Action::GizmoScale, true, state.gizmoMode == GizmoMode::Scale))
            state.gizmoMode = GizmoMode::Scale;
        if (menuItem(state, "Gizmo: local axes", Action::GizmoSpace, true, state.gizmoSpace == GizmoSpace::Local))
            state.gizmoSpace = state.gizmoSpace == GizmoSpace::World ? GizmoSpace::Local : GizmoSpace::World;
        ImGui::Separator();
        if (menuItem(state, "Pick audit", Action::PickAudit, true, state.pickAudit)) state.pickAudit = !state.pickAudit;
        if (ImGui::MenuItem("Analytic renderer", nullptr, state.analyticRenderer))
            state.analyticRenderer = !state.analyticRenderer;
        showTooltip(state, "Analytic renderer: every shape drawn by each pixel's ray; off: as meshes", true);
        if (menuItem(state, "Hide panels", Action::ToggleUi)) out.push_back(command::ToggleUi{});
        if (ImGui::MenuItem("Reset layout")) state.resetLayout = true;
        showTooltip(state, "Reset layout: every panel back in its place, at its size for this window", true);
        // Taken when the slider is let go: applied while it is dragged, the menu would grow under
        // the cursor and the value would run away.
        if (!state.scaleHeld) state.scaleShown = state.scale;
        ImGui::SetNextItemWidth(120.0f * ImGui::GetFontSize() / 13.0f);
        ImGui::SliderFloat("UI scale", &state.scaleShown, 0.5f, 3.0f, "%.2f");
        state.scaleHeld = ImGui::IsItemActive();
        if (ImGui::IsItemDeactivatedAfterEdit() && state.scaleShown != state.scale) {
            state.scale = state.scaleShown;
            state.resetLayout = true;
        }
        // Last, so that the rows above keep their places (tests click them by their pixels).
        if (ImGui::MenuItem("Anti-aliasing (FXAA)", nullptr, state.fxaa)) state.fxaa = !state.fxaa;
        showTooltip(state, "Anti-aliasing (FXAA): smoother edges in the picture; object IDs unchanged", true);
        if (menuItem(state, "Math panel", Action::MathPanel, true, state.mathPanel)) state.mathPanel = !state.mathPanel;
        if (menuItem(state, "Constructions", Action::Constructions, true, state.constructions))
            state.constructions = !state.constructions;
        if (menuItem(state, "Observer view", Action::ObserverView, true, state.observer != ObserverMode::Off))
            state.observer = state.observer == ObserverMode::Off ? ObserverMode::Inset : ObserverMode::Off;
        if (ImGui::MenuItem("Observer as main view", nullptr, state.observer == ObserverMode::Main))
            state.observer = state.observer == ObserverMode::Main ? ObserverMode::Inset : ObserverMode::Main;
        showTooltip(state, "Observer as main view: the observer fills the window, the camera's picture in the corner",
                    true);
        ImGui::EndMenu();
    } else {
        state.scaleHeld = false;  // the slider is not shown: nothing holds it
    }
    if (beginMenu(state, menusBefore, "Help")) {
        if (menuItem(state, "Shortcuts and mouse", Action::Help)) state.showHelp = true;
        ImGui::EndMenu();
    }
    if (view.unsaved) {
        ImGui::Separator();
        ImGui::TextDisabled("unsaved changes");
    }
    const float height = ImGui::GetWindowSize().y;
    state.drawn->panels.push_back(measuredRect("Menu bar"));
    ImGui::EndMainMenuBar();
    return height;
}

void helpWindow(UiState& state) {
    if (!state.showHelp) return;
    ImGui::SetNextWindowSize(ImVec2(520.0f * ImGui::GetFontSize() / 13.0f, 0), ImGuiCond_Appearing);
    const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
    ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::Begin("Help", &state.showHelp, ImGuiWindowFlags_NoCollapse)) return ImGui::End();
    state.drawn->panels.push_back(measuredRect("Help"));
    ImGui::PushTextWrapPos(0.0f);  // every line wraps at the window's edge, none is cut off
    ImGui::TextUnformatted("Keys (when no text field has the keyboard):");
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 110.0f * ImGui::GetFontSize() / 13.0f);
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
        for (const Shortcut& s : shortcuts()) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(chordLabel(s.chord).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(s.what);
        }
        ImGui::EndTable();
    }
    ImGui::Separator();
    ImGui::TextUnformatted("Mouse in the view:");
    for (const char* line :
         {"left click: pick and select (Ctrl+click adds to the selection or takes an object out of it)",
          "left click on the background: clear the pick and the selection",
          "left drag on an object: move it (after 4 pixels; one undo step)",
          "left drag on the background, right drag: orbit (the pick stays)", "middle drag or Shift+left drag: pan",
          "wheel: zoom",
          "the gizmo on the selection: drag an axis, a plane's square, a ring or a scale handle (W, E, R); Ctrl "
          "while dragging snaps (0.5 units, 15 degrees, 0.1 times)"}) {
        ImGui::Bullet();  // BulletText would not wrap
        ImGui::TextUnformatted(line);
    }
    ImGui::Separator();
    ImGui::TextUnformatted(
        "Undo covers every change of the objects: edits, drags, add, duplicate, delete, rename, "
        "generate and load (undoing a load also brings back the camera the file replaced). Moving the "
        "camera is not a step of the history: undo does not move it back.");
    ImGui::PopTextWrapPos();
    ImGui::End();
}

namespace {

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
    if (directory.has_parent_path() && directory != directory.root_path() && ImGui::Selectable("../"))
        dialog.directory = directory.parent_path().string();
    if (view.listing != nullptr) {
        for (const FileEntry& e : view.listing->entries) {
            const std::string label = e.name + (e.isDirectory ? "/" : "");
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

// A question with buttons, Enter taking the first and Esc the last; returns the one chosen or -1.
int question(UiState& state, const UiView& view, const char* title, const std::string& text,
             std::initializer_list<const char*> answers, std::initializer_list<std::string> tooltips = {}) {
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
        if (ImGui::Button(answer)) chosen = index;
        if (static_cast<std::size_t>(index) < tooltips.size()) tooltip(state, *(tooltips.begin() + index));
        ++index;
    }
    if (keyPressed(view, SDLK_RETURN) || keyPressed(view, SDLK_KP_ENTER)) chosen = 0;
    if (keyPressed(view, SDLK_ESCAPE)) chosen = index - 1;
    if (chosen >= 0) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return chosen;
}

}  // namespace

void escapeClosesPopups(UiState& state, const UiView& view) {
    state.escapeClosedPopup = false;
    const bool question = state.fileDialog.mode != FileDialog::Mode::Closed || state.confirmOverwrite ||
                          state.confirmDiscard || state.confirmQuit;
    if (question || !keyPressed(view, SDLK_ESCAPE) || !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
    ImGui::ClosePopupToLevel(0, true);  // the menu bar's menus, a combo's list, a colour picker
    state.escapeClosedPopup = true;
}

void fileWindows(UiState& state, const UiView& view, std::vector<Command>& out) {
    // One modal window at a time (two would take each other's place every frame): the browser,
    // then its questions, then quitting, which waits until they are answered.
    if (state.fileDialog.mode != FileDialog::Mode::Closed) return fileDialog(state, view, out);
    if (state.confirmOverwrite) {
        const int answer =
            question(state, view, "Replace the file?", *state.confirmOverwrite + " exists. Replace it with this scene?",
                     {"Replace", "Cancel"});
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
                : std::initializer_list<const char*>{"Save and quit", "Quit without saving", "Cancel"});
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

void toastWindow(UiState& state, const UiView& view) {
    const double now = ImGui::GetTime();
    dropExpiredToasts(state.toasts, now);
    if (state.toasts.empty()) return;
    const glm::vec2 window(view.windowSize);
    ImGui::SetNextWindowPos(ImVec2(window.x * 0.5f, window.y - 12.0f), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    ImGui::Begin("##toasts", nullptr, kFlags);
    state.drawn->panels.push_back(measuredRect("Messages"));
    ImGui::PushTextWrapPos(std::max(200.0f, window.x * 0.6f));
    for (const Toast& t : state.toasts) {
        const float alpha = toastOpacity(t, now);
        const ImVec4 color = t.isError ? ImVec4(1.0f, 0.45f, 0.4f, alpha) : ImVec4(0.6f, 0.9f, 0.6f, alpha);
        ImGui::TextColored(color, "%s", t.text.c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::End();
}

void panelsHint(UiState& state, const UiView& view) {
    if (!view.showPanelsHint) return;
    const float margin = 8.0f * ImGui::GetFontSize() / 13.0f;
    ImGui::SetNextWindowPos(ImVec2(margin, static_cast<float>(view.windowSize.y) - margin), ImGuiCond_Always,
                            ImVec2(0.0f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.6f);  // unobtrusive: the scene shows through
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    ImGui::Begin("##panels hint", nullptr, kFlags);
    state.drawn->panels.push_back(measuredRect("Hint"));
    const std::string text = shortcutLabel(Action::ToggleUi) + ": show the panels";  // the key from the one table
    ImGui::TextDisabled("%s", text.c_str());
    ImGui::End();
}

}  // namespace pickray::app
