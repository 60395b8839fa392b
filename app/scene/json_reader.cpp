// SPDX-License-Identifier: MIT
#include "scene/json_reader.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

namespace pickray::scene::json_reader {
namespace {

// Builds the document as nlohmann's own parser does, but reads each number with a fraction or an
// exponent straight from its text into a float (std::from_chars).
struct FloatExactParser : nlohmann::detail::json_sax_dom_parser<json> {
    using json_sax_dom_parser::json_sax_dom_parser;
    bool number_float(double value, const std::string& text) {
        float f = 0.0f;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), f);
        const bool exact = error == std::errc{} && end == text.data() + text.size() && std::isfinite(f);
        return json_sax_dom_parser::number_float(exact ? static_cast<double>(f) : value, text);
    }
};

bool fitsFloat(const json& v) { return v.is_number() && std::isfinite(static_cast<float>(v.get<double>())); }

}  // namespace

void Place::fail(const std::string& field, const std::string& what) const {
    throw FormatError(where + ": field \"" + field + "\": " + what);
}

json parseExact(const std::string& text) {
    json root;
    FloatExactParser parser(root);
    json::sax_parse(text, &parser);
    return root;
}

std::string plainWords(std::string message) {
    if (message.rfind("[json.exception.", 0) == 0) message.erase(0, message.find("] ") + 2);
    if (message.rfind("parse error ", 0) == 0) message.erase(0, std::string("parse error ").size());
    return message;
}

const json& field(const json& j, const std::string& name, const Place& place) {
    if (!j.is_object()) throw FormatError(place.where + ": expected an object, got " + j.type_name());
    if (!j.contains(name)) place.fail(name, "missing");
    return j.at(name);
}

bool readBool(const json& j, const std::string& name, const Place& place) {
    const json& v = field(j, name, place);
    if (!v.is_boolean()) place.fail(name, std::string("expected true or false, got ") + v.type_name());
    return v.get<bool>();
}

std::string readString(const json& j, const std::string& name, const Place& place) {
    const json& v = field(j, name, place);
    if (!v.is_string()) place.fail(name, std::string("expected a string, got ") + v.type_name());
    return v.get<std::string>();
}

double readNumber(const json& j, const std::string& name, const Place& place) {
    const json& v = field(j, name, place);
    if (!v.is_number()) place.fail(name, std::string("expected a number, got ") + v.type_name());
    const double d = v.get<double>();
    if (!std::isfinite(d)) place.fail(name, "must be finite");
    return d;
}

float readFloat(const json& j, const std::string& name, const Place& place) {
    const json& v = field(j, name, place);
    if (!v.is_number()) place.fail(name, std::string("expected a number, got ") + v.type_name());
    if (!fitsFloat(v)) place.fail(name, "must be a finite number that fits a float");
    return static_cast<float>(v.get<double>());
}

float readFloat(const json& j, const std::string& name, const Place& place, float fallback) {
    return j.contains(name) ? readFloat(j, name, place) : fallback;
}

glm::vec3 readVec3(const json& j, const std::string& name, const Place& place) {
    const json& v = field(j, name, place);
    if (!v.is_array() || v.size() != 3) place.fail(name, "expected an array of 3 numbers");
    glm::vec3 out;
    for (std::size_t i = 0; i < 3; ++i) {
        if (!v[i].is_number()) place.fail(name, "element " + std::to_string(i) + " is not a number");
        if (!fitsFloat(v[i])) place.fail(name, "elements must be finite numbers");
        out[static_cast<glm::length_t>(i)] = static_cast<float>(v[i].get<double>());
    }
    return out;
}

glm::vec3 readVec3(const json& j, const std::string& name, const Place& place, glm::vec3 fallback) {
    return j.contains(name) ? readVec3(j, name, place) : fallback;
}

glm::vec2 readFloatPair(const json& j, const std::string& name, const std::string& what, const Place& place) {
    const json& v = field(j, name, place);
    if (!v.is_array() || v.size() != 2 || !fitsFloat(v[0]) || !fitsFloat(v[1])) place.fail(name, "expected " + what);
    return {static_cast<float>(v[0].get<double>()), static_cast<float>(v[1].get<double>())};
}

std::size_t readIndex(const json& j, const std::string& name, const Place& place) {
    const json& v = field(j, name, place);
    if (!v.is_number_unsigned()) place.fail(name, "expected an object's index (a whole number from 0)");
    return v.get<std::size_t>();
}

}  // namespace pickray::scene::json_reader
