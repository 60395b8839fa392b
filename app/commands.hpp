// SPDX-License-Identifier: MIT
#pragma once
// What the UI asks the application to do. Panels only read state and return these; the App
// applies them (validating edits), so no panel touches the scene, the files or GL directly.

#include <cstddef>
#include <optional>
#include <string>
#include <variant>

#include "scene/scene.hpp"

namespace pickray::app::command {

struct Select {
    std::optional<std::size_t> object;  ///< nullopt clears the selection
    bool additive = false;              ///< toggle in a multi-selection (ctrl-click)
};
struct Add {
    ShapeKind kind;  ///< pickray::Shape's index
};
struct Duplicate {
    std::size_t object;
};
struct Delete {
    std::size_t object;
};
struct Rename {
    std::size_t object;
    std::string name;
};
/// Replace an object by an edited copy; refused with a message if it does not validate.
struct Edit {
    std::size_t object;
    scene::Object value;
};
struct SetCamera {
    scene::Camera camera;
};
struct Load {
    std::string path;
};
struct Save {
    std::string path;
};
struct Screenshot {
    bool withUi;
};
struct ClearPick {};
/// Replace the scene by a generated stress scene of `count` objects (scene::generateStressScene).
struct Generate {
    std::size_t count;
};

}  // namespace pickray::app::command

namespace pickray::app {

using Command = std::variant<command::Select, command::Add, command::Duplicate, command::Delete, command::Rename,
                             command::Edit, command::SetCamera, command::Load, command::Save, command::Screenshot,
                             command::ClearPick, command::Generate>;

}  // namespace pickray::app
