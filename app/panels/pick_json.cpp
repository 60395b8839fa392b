// SPDX-License-Identifier: MIT
#include "panels/pick_json.hpp"

#include <nlohmann/json.hpp>

#include "scene/scene_io.hpp"

namespace pickray::app {
namespace {

using scene::floatText;

// Appends every piece to `out` (piece by piece: GCC 12 warns falsely (-Wrestrict) on a + b + c).
template <class... Pieces>
void append(std::string& out, const Pieces&... pieces) {
    ((out += pieces), ...);
}

std::string vec(glm::vec3 v) {
    std::string out;
    append(out, "[", floatText(v.x), ", ", floatText(v.y), ", ", floatText(v.z), "]");
    return out;
}

// A name as a JSON string, escaped as JSON wants it.
std::string quoted(const std::string& text) {
    return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string name(const scene::Scene& scene, std::size_t object) {
    return quoted(object < scene.objects.size() ? scene.objects[object].name : std::string());
}

}  // namespace

std::string pickJson(const Pick& pick, const scene::Scene& scene) {
    std::string out = "{\n";
    append(out, "  \"cursor\": [", std::to_string(pick.cursorWindow.x), ", ", std::to_string(pick.cursorWindow.y),
           "],\n");
    append(out, "  \"ray\": {\"origin\": ", vec(pick.ray.origin), ", \"direction\": ", vec(pick.ray.direction), "},\n");
    if (const auto n = pick.picked()) {
        append(out, "  \"pick\": {\"object\": ", name(scene, n->object), ", \"t\": ", floatText(n->hit.t),
               ", \"point\": ", vec(n->hit.point), ", \"normal\": ", vec(n->hit.normal), "},\n");
    } else {
        out += "  \"pick\": null,\n";
    }
    out += "  \"hits\": [";
    for (std::size_t i = 0; i < pick.spans.size(); ++i) {
        const scene::ObjectSpan& s = pick.spans[i];
        append(out, i == 0 ? "\n    " : ",\n    ", "{\"object\": ", name(scene, s.object),
               ", \"enter\": ", floatText(s.span.enter), ", \"exit\": ", floatText(s.span.exit), "}");
    }
    out += pick.spans.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

}  // namespace pickray::app
