// SPDX-License-Identifier: MIT
#include "scene/file_kind.hpp"

#include <fstream>
#include <string_view>

#include <nlohmann/json.hpp>

#include "scene/scene_io.hpp"

namespace pickray::scene {
namespace {

using json = nlohmann::json;

// The kind a top-level key decides, given whether its value is an array; nothing while undecided.
std::optional<JsonFileKind> decidedBy(std::string_view key, bool valueIsArray) {
    if (key == "pickraySession") return JsonFileKind::Session;
    if (key == "clicks" || key == "framesRun") return JsonFileKind::Report;
    if (key == "robust_mismatches" || key == "probe_px") return JsonFileKind::Audit;
    if (key == "objects" && valueIsArray) return JsonFileKind::Scene;
    return std::nullopt;
}

// Reads events until a top-level key decides the kind, then stops the parse.
class KindSniffer : public nlohmann::json_sax<json> {
public:
    std::optional<JsonFileKind> kind;

    bool null() override { return value(false); }
    bool boolean(bool) override { return value(false); }
    bool number_integer(number_integer_t) override { return value(false); }
    bool number_unsigned(number_unsigned_t) override { return value(false); }
    bool number_float(number_float_t, const string_t&) override { return value(false); }
    bool string(string_t&) override { return value(false); }
    bool binary(binary_t&) override { return value(false); }
    bool start_object(std::size_t) override {
        if (depth_ == 0) topIsObject_ = true;
        if (!value(false)) return false;
        ++depth_;
        return true;
    }
    bool end_object() override {
        --depth_;
        return true;
    }
    bool start_array(std::size_t) override {
        if (!value(true)) return false;
        ++depth_;
        return true;
    }
    bool end_array() override {
        --depth_;
        return true;
    }
    bool key(string_t& name) override {
        if (depth_ == 1) key_ = name;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    // A value begins: at depth 1 it is the value of key_; false (stop) once the kind is known.
    bool value(bool isArray) {
        if (depth_ == 0 && !topIsObject_) return false;  // not an object: not a file of ours
        if (depth_ != 1) return true;
        kind = decidedBy(key_, isArray);
        return !kind;
    }

    int depth_ = 0;
    bool topIsObject_ = false;
    std::string key_;
};

}  // namespace

JsonFileKind jsonFileKind(const std::filesystem::path& path) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (error || size > kMaxSceneFileBytes) return JsonFileKind::Other;
    std::ifstream in(path, std::ios::binary);
    if (!in) return JsonFileKind::Other;
    KindSniffer sniffer;
    json::sax_parse(in, &sniffer, json::input_format_t::json, false);
    return sniffer.kind.value_or(JsonFileKind::Other);
}

JsonFileKind jsonKind(const json& root) {
    if (!root.is_object()) return JsonFileKind::Other;
    for (const auto& [key, value] : root.items())
        if (const auto kind = decidedBy(key, value.is_array()); kind && kind != JsonFileKind::Scene) return *kind;
    if (root.contains("objects") && root.at("objects").is_array()) return JsonFileKind::Scene;
    return JsonFileKind::Other;
}

std::optional<std::string> notASceneBecause(JsonFileKind kind) {
    switch (kind) {
        case JsonFileKind::Session: return "a session recorded by --record-input (play it with --replay), not a scene";
        case JsonFileKind::Report: return "a report written by --report, not a scene";
        case JsonFileKind::Audit: return "a pick audit written by --audit, not a scene";
        case JsonFileKind::Scene:
        case JsonFileKind::Other: return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace pickray::scene
