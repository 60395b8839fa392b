// SPDX-License-Identifier: MIT
#pragma once
// A checked reader of the demo's JSON files (scenes, sessions): each value is looked for, its type
// and range checked, and a failure names where it sits ("objects[2] (\"pillar\"): field
// \"radius\": ..."). Numbers with a fraction or an exponent are read straight from their text into
// a float (parseExact), as the files' floats are kept.

#include <cstddef>
#include <stdexcept>
#include <string>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

namespace pickray::scene::json_reader {

using nlohmann::json;

/// Thrown by the reads; a file's reader catches it once and gives its message.
struct FormatError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Where a value sits, for messages.
struct Place {
    std::string where;
    /// Throws "WHERE: field "FIELD": WHAT".
    [[noreturn]] void fail(const std::string& field, const std::string& what) const;
    /// A place inside this one: where + `more`.
    [[nodiscard]] Place at(const std::string& more) const { return {where + more}; }
};

/// The document in `text`, each float-valued number read from its text into a float (through a
/// double a text on a float's rounding midpoint's doorstep could round twice). A number a float
/// cannot hold (1e39) keeps its double, so that its field is named when it is read. Throws
/// json::parse_error, and json::out_of_range for a number no double holds (1e400).
[[nodiscard]] json parseExact(const std::string& text);
/// nlohmann's message without its code: "[json.exception.parse_error.101] parse error at line 2,
/// column 5: ..." says "at line 2, column 5: ...".
[[nodiscard]] std::string plainWords(std::string message);

/// The field `name` of `j`; FormatError when `j` is not an object or has no such field.
[[nodiscard]] const json& field(const json& j, const std::string& name, const Place& place);
[[nodiscard]] bool readBool(const json& j, const std::string& name, const Place& place);
[[nodiscard]] std::string readString(const json& j, const std::string& name, const Place& place);
/// A finite number.
[[nodiscard]] double readNumber(const json& j, const std::string& name, const Place& place);
/// A finite number that fits a float.
[[nodiscard]] float readFloat(const json& j, const std::string& name, const Place& place);
[[nodiscard]] float readFloat(const json& j, const std::string& name, const Place& place, float fallback);
/// An array of three finite numbers that fit floats.
[[nodiscard]] glm::vec3 readVec3(const json& j, const std::string& name, const Place& place);
[[nodiscard]] glm::vec3 readVec3(const json& j, const std::string& name, const Place& place, glm::vec3 fallback);
/// An array of two finite numbers that fit floats; `what` says what was expected.
[[nodiscard]] glm::vec2 readFloatPair(const json& j, const std::string& name, const std::string& what,
                                      const Place& place);
/// A whole number from 0.
[[nodiscard]] std::size_t readIndex(const json& j, const std::string& name, const Place& place);

}  // namespace pickray::scene::json_reader
