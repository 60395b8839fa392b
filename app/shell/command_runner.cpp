// SPDX-License-Identifier: MIT
#include "shell/command_runner.hpp"

#include <ctime>
#include <variant>

#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

std::string timestampedScreenshotPath() {
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    return std::string("screenshots/pickray-") + stamp + ".png";
}

// A drag holds an object's index: it ends where indices change or the scene is replaced.
bool endsDrag(const EditorCommand& c) {
    return std::holds_alternative<command::Delete>(c) || std::holds_alternative<command::DeleteSelection>(c) ||
           std::holds_alternative<command::Load>(c) || std::holds_alternative<command::Generate>(c) ||
           std::holds_alternative<command::Undo>(c) || std::holds_alternative<command::Redo>(c);
}

}  // namespace

bool CommandRunner::apply(const Command& command) {
    return std::visit(scene::Overloaded{
                          [&](const EditorCommand& c) { return applyToEditor(c); },
                          [&](const WindowCommand& c) { return std::visit([&](const auto& w) { return run(w); }, c); },
                      },
                      command);
}

bool CommandRunner::applyToEditor(const EditorCommand& command) {
    if (endsDrag(command)) p_.view.cancelDrag();
    if (!p_.input.replaying()) p_.recorder.command(command);
    const Editor::Outcome outcome = p_.editor.apply(command);
    if (!outcome.message.empty()) p_.messages.say(p_.ui, outcome.message, outcome.refused);
    else if (!outcome.refused)
        std::erase_if(p_.ui.toasts, [](const Toast& t) { return t.isError; });  // a later success clears an old error
    if (!outcome.refused) {
        if (const auto* load = std::get_if<command::Load>(&command)) p_.files.remember(load->path);
        if (const auto* save = std::get_if<command::Save>(&command)) p_.files.remember(save->path);
    }
    // "Save first" (and Quit's "Save as...") through Save as: what was asked goes on once that save
    // went through; a failed save keeps the scene and asks nothing more.
    if (std::holds_alternative<command::Save>(command) && p_.ui.afterSave) {
        const Command next = *p_.ui.afterSave;
        p_.ui.afterSave.reset();
        if (!outcome.refused) apply(next);
    }
    return !outcome.refused;
}

bool CommandRunner::run(const command::Open& c) {
    const DocumentFiles::Next next = p_.files.open(c, p_.editor, p_.ui);
    return next.apply ? applyToEditor(*next.apply) : next.accepted;
}

bool CommandRunner::run(const command::SaveAs& c) {
    const DocumentFiles::Next next = p_.files.saveAs(c, p_.ui);
    return next.apply ? applyToEditor(*next.apply) : next.accepted;
}

bool CommandRunner::run(const command::Screenshot& c) {
    p_.recorder.screenshot(c.withUi);  // a replay takes it too, where it says
    p_.captures.requestScreenshot(timestampedScreenshotPath(), c.withUi);
    return true;  // taken at the end of this frame
}

bool CommandRunner::run(const command::ToggleUi&) {
    p_.hideUi = !p_.hideUi;
    hiddenByUser_ = p_.hideUi && !headless_;  // a script's pictures show no hint
    return true;
}

bool CommandRunner::run(const command::ToggleHelp&) {
    p_.ui.showHelp = !p_.ui.showHelp;
    return true;
}

bool CommandRunner::run(const command::Quit& c) {
    if (c.onlyIfSaved && p_.editor.unsaved()) return false;  // "Save and quit" whose save failed
    if (!c.force && p_.editor.unsaved() && !headless_) p_.ui.confirmQuit = true;
    else running_ = false;
    return true;
}

bool CommandRunner::run(const command::ForgetMissingRecent&) {
    p_.files.forgetMissingRecent();
    return true;
}

}  // namespace pickray::app
