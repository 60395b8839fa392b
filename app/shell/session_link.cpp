// SPDX-License-Identifier: MIT
#include "shell/session_link.hpp"

#include <chrono>

#include "shell/ui_settings.hpp"

namespace pickray::app {

SessionStart SessionLink::start(glm::ivec2 windowSize) const {
    const std::string& document = p_.editor.documentPath();
    return SessionStart{p_.editor.scene(), document.empty() ? "" : absolutePath(document), windowSize,
                        p_.editor.selection(), settings()};
}

void SessionLink::record(SessionWriter* writer, glm::ivec2 windowSize) {
    p_.recorder.start(writer, std::chrono::steady_clock::now(), windowSize, settings());
}

void SessionLink::startFrom(const SessionStart& start) {
    for (const std::size_t i : start.selection) p_.editor.select(i, true);
    keepUiHidden_ = p_.hideUi;
    apply(start.settings);
}

void SessionLink::apply(const std::optional<SessionSettings>& settings) {
    if (settings) p_.hideUi = applySessionSettings(p_.ui, *settings) || keepUiHidden_;
}

SessionSettings SessionLink::settings() const { return sessionSettings(p_.ui, p_.hideUi); }

}  // namespace pickray::app
