// SPDX-License-Identifier: MIT
#include "script/next_frame.hpp"

namespace pickray::app {

bool screenshotOfNextFrame(App& app, const std::string& path, bool withUi) {
    app.captures().requestScreenshot(path, withUi);
    app.frame();
    return !app.captures().screenshotError();
}

bool idBufferOfNextFrame(App& app, const std::string& path) {
    app.captures().requestIdBuffer(path);
    app.frame();
    return !app.captures().idBufferError();
}

std::optional<AuditCounts> auditOfNextFrame(App& app) {
    app.captures().requestAudit();
    app.frame();
    return app.captures().audit();
}

}  // namespace pickray::app
