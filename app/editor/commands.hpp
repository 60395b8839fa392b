// SPDX-License-Identifier: MIT
#pragma once
// What the UI asks for, as two kinds of command by owner: an EditorCommand changes the document
// (the scene, the selection, the files; Editor::apply, one function per command), a WindowCommand
// changes the window (screenshots, panels, questions, quitting; the App). Panels and keys only
// read state and return these, so no panel touches the scene, the files or GL directly.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include <glm/vec2.hpp>

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
    /// The same drag of an inspector field as the edit before it: one undo step for the whole drag.
    bool continuesGesture = false;
};
struct SetCamera {
    scene::Camera camera;
};
/// Open a scene file, replacing the document (unsaved changes are lost: Open asks first).
struct Load {
    std::string path;
};
/// Save the scene to `path` (an existing file is replaced: SaveAs asks first).
struct Save {
    std::string path;
};
struct ClearPick {};
/// Replace the scene by a generated stress scene of `count` objects (scene::generateStressScene).
struct Generate {
    std::int64_t count;  ///< as typed: zero or negative is refused with a message
};
/// Every selected object, as one undo step (the Delete and Ctrl+D keys).
struct DeleteSelection {};
struct DuplicateSelection {};
/// Clear the selection and the pick (Esc).
struct ClearSelection {};
/// Move the camera to frame the selection, or every object (F, Home): the view's aspect ratio, and
/// the rectangle centred in the view that no panel covers, its half width and half height as
/// parts of the view's (frameSphere's `room`).
struct Frame {
    bool all = false;
    float aspect = 16.0f / 9.0f;
    glm::vec2 room{1.0f};
};
/// Undo the last change of the objects (history.hpp), or redo the last one undone.
struct Undo {};
struct Redo {};

// The window's commands.

/// The File menu's Open: the window first asks before unsaved changes are lost, then loads.
struct Open {
    std::string path;
    bool onlyIfSaved = false;  ///< after "Save first": no opening if that save failed
};
/// Save As: the window first asks before an existing file is replaced, then saves.
struct SaveAs {
    std::string path;
};
struct Screenshot {
    bool withUi;
};
/// File > Open recent > Remove missing: the recent files that no longer exist are dropped.
struct ForgetMissingRecent {};
/// Hide or show the panels (H), the help window (F1).
struct ToggleUi {};
struct ToggleHelp {};
/// Quit; interactively, with unsaved changes and not `force`, the window asks first.
struct Quit {
    bool force = false;
    bool onlyIfSaved = false;  ///< "Save and quit": no quitting if that save failed
};

}  // namespace pickray::app::command

namespace pickray::app {

using EditorCommand = std::variant<command::Select, command::Add, command::Duplicate, command::Delete, command::Rename,
                                   command::Edit, command::SetCamera, command::Load, command::Save, command::ClearPick,
                                   command::Generate, command::DeleteSelection, command::DuplicateSelection,
                                   command::ClearSelection, command::Frame, command::Undo, command::Redo>;
using WindowCommand = std::variant<command::Open, command::SaveAs, command::Screenshot, command::ToggleUi,
                                   command::ToggleHelp, command::Quit, command::ForgetMissingRecent>;
/// What a panel or a key asks for: either kind (a command converts to it implicitly).
using Command = std::variant<EditorCommand, WindowCommand>;

}  // namespace pickray::app
