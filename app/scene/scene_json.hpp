// SPDX-License-Identifier: MIT
#pragma once
// One object's and the camera's JSON, as scene files hold them (docs/SCENE_FORMAT.md), for other
// files that carry them (a recorded session's edits: session.hpp). Each float is held as the double
// of its value, so that nlohmann's dump and parse keep it bit for bit.

#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "scene/scene.hpp"

namespace pickray::scene {

[[nodiscard]] nlohmann::json objectJson(const Object& object);
[[nodiscard]] nlohmann::json cameraJson(const Camera& camera);
/// Read and validated as a scene file's are; the message names `where` and the field.
[[nodiscard]] std::variant<Object, std::string> objectFromJson(const nlohmann::json& j, const std::string& where);
[[nodiscard]] std::variant<Camera, std::string> cameraFromJson(const nlohmann::json& j, const std::string& where);

}  // namespace pickray::scene
