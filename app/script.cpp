// SPDX-License-Identifier: MIT
#include "script.hpp"

#include <string>
#include <vector>

#include "platform.hpp"
#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

/// One run of the script's steps; what failed goes to `errors`.
void runSteps(App& app, const Options& options, std::vector<std::string>& errors) {
    const auto fail = [&](const std::string& error) {
        app.message(error, true);
        errors.push_back(error);
    };
    bool afterSelect = false;  // a run of --select steps makes one selection
    for (const ScriptStep& s : options.script) {
        const bool isSelect = std::holds_alternative<step::Select>(s);
        std::visit(scene::Overloaded{
                       [&](const step::Click& c) { app.click(c.at); },
                       [&](const step::Drag& d) { app.drag(d.from, d.to, d.button, d.ctrl); },
                       [&](const step::Key& k) { app.key(k.chord); },
                       [&](const step::Type& t) { app.type(t.text); },
                       [&](const step::Hover& h) { app.hover(h.at); },
                       [&](const step::Select& c) {
                           const auto object = app.editor().find(c.name);
                           if (!object) return fail("--select " + c.name + ": no object of that name");
                           app.apply(command::Select{object, afterSelect});
                           app.frame();
                       },
                       // The GUI's Duplicate and Delete buttons act on the selection.
                       [&](const step::Duplicate&) {
                           if (!app.apply(command::DuplicateSelection{}))
                               errors.push_back("--duplicate: nothing selected");
                           app.frame();
                       },
                       [&](const step::Delete&) {
                           if (!app.apply(command::DeleteSelection{})) errors.push_back("--delete: nothing selected");
                           app.frame();
                       },
                       [&](const step::Load& l) {
                           // A refused file says why and leaves the scene as it was; the script fails.
                           if (!app.apply(command::Load{l.path})) errors.push_back("--load " + l.path + ": not loaded");
                           app.frame();
                       },
                       [&](const step::Save& c) {
                           if (!app.apply(command::Save{c.path})) errors.push_back("--save " + c.path + ": not saved");
                       },
                       [&](const step::Screenshot& c) {
                           if (!app.screenshot(c.path, !options.hideUi))
                               errors.push_back("--screenshot " + c.path + ": not saved");
                       },
                       [&](const step::Orbit& o) { app.orbit(o.degrees); },
                       [&](const step::Resize& r) {
                           const glm::ivec2 now = app.resize(r.size);
                           if (now != r.size)
                               app.message("--resize " + std::to_string(r.size.x) + "x" + std::to_string(r.size.y) +
                                               ": the window is " + std::to_string(now.x) + "x" + std::to_string(now.y),
                                           false);
                       },
                       [&](const step::Minimize&) { app.minimizeAndRestore(); },
                   },
                   s);
        afterSelect = isSelect;
    }
}

}  // namespace

int runScript(App& app, const Options& options) {
    app.frame();  // let ImGui lay its windows out, so clicks on them are recognised
    app.frame();
    Performance& performance = app.performance();
    performance.rssStartKiB = residentKiB();
    if (options.provokeGlError) app.provokeGlErrorForTests();
    std::vector<std::string> errors;
    for (int round = 0; round < options.repeat; ++round) {
        runSteps(app, options, errors);
        if (round == 0) performance.rssFirstRoundKiB = residentKiB();
    }
    if (!options.reportPath.empty()) app.measureFrames();
    performance.rssEndKiB = residentKiB();
    if (!options.reportPath.empty() && !app.writeReport(options.reportPath, errors)) return 1;
    return errors.empty() ? 0 : 1;
}

}  // namespace pickray::app
