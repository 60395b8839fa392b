// SPDX-License-Identifier: MIT
#include "scene/scene_io.hpp"
#include "scene/file_kind.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "scene/json_reader.hpp"
#include "scene/overloaded.hpp"
#include "scene/scene_json.hpp"

namespace pickray::scene {
namespace {

using nlohmann::json;

using json_reader::FormatError;
using json_reader::parseExact;
using json_reader::Place;
using json_reader::plainWords;
using json_reader::readFloat;
using json_reader::readString;
using json_reader::readVec3;

Camera readCamera(const json& j) {
    const Place ctx{"camera"};
    if (!j.is_object()) throw FormatError("camera: expected an object");
    Camera c;
    c.eye = readVec3(j, "eye", ctx, c.eye);
    c.target = readVec3(j, "target", ctx, c.target);
    c.up = readVec3(j, "up", ctx, c.up);
    c.fovYDegrees = readFloat(j, "fovYDegrees", ctx, c.fovYDegrees);
    c.near = readFloat(j, "near", ctx, c.near);
    c.far = readFloat(j, "far", ctx, c.far);
    c.orthoHeight = readFloat(j, "orthoHeight", ctx, c.orthoHeight);
    if (j.contains("projection")) {
        const std::string p = readString(j, "projection", ctx);
        if (p == "perspective") c.projection = Projection::Perspective;
        else if (p == "orthographic") c.projection = Projection::Orthographic;
        else ctx.fail("projection", "\"" + p + "\" is not \"perspective\" or \"orthographic\"");
    }
    if (j.contains("clipDepth")) {
        const std::string d = readString(j, "clipDepth", ctx);
        if (d == "negative_one_to_one") c.clipDepth = ClipDepth::NegativeOneToOne;
        else if (d == "zero_to_one") c.clipDepth = ClipDepth::ZeroToOne;
        else ctx.fail("clipDepth", "\"" + d + "\" is not \"negative_one_to_one\" or \"zero_to_one\"");
    }
    if (auto e = validate(c)) throw FormatError("camera: field " + *e);
    return c;
}

// Reads the fields of one kind into `o.shape` (already of that kind) and, for boxes, `o.placement`.
void readShape(Object& o, const json& j, const Place& ctx) {
    std::visit(
        Overloaded{
            [&](Sphere& s) {
                s = Sphere{readVec3(j, "center", ctx), readFloat(j, "radius", ctx)};
            },
            [&](Capsule& s) {
                s = Capsule{readVec3(j, "a", ctx), readVec3(j, "b", ctx), readFloat(j, "radius", ctx)};
            },
            [&](Cylinder& s) {
                s = Cylinder{readVec3(j, "a", ctx), readVec3(j, "b", ctx), readFloat(j, "radius", ctx)};
            },
            [&](InfiniteCylinder& s) {
                s = InfiniteCylinder{readVec3(j, "p1", ctx), readVec3(j, "p2", ctx), readFloat(j, "radius", ctx)};
            },
            [&](Aabb& s) {
                s = Aabb{readVec3(j, "min", ctx), readVec3(j, "max", ctx)};
            },
            [&](OrientedBox& s) {
                const Aabb local{readVec3(j, "min", ctx), readVec3(j, "max", ctx)};
                Transform& t = o.placement;
                if (j.contains("transform")) {
                    const json& tj = j.at("transform");
                    const Place tctx{ctx.where + ": field \"transform\""};
                    if (!tj.is_object()) ctx.fail("transform", "expected an object");
                    t.position = readVec3(tj, "position", tctx, t.position);
                    t.rotationDegrees = readVec3(tj, "rotationDegrees", tctx, t.rotationDegrees);
                    t.scale = readVec3(tj, "scale", tctx, t.scale);
                    t.shear = readVec3(tj, "shear", tctx, t.shear);
                }
                s = placedBox(local, t);
            },
        },
        o.shape);
}

// "sphere, capsule, ... or box": every kind's name, for messages.
std::string kindList() {
    std::string list;
    for (ShapeKind kind = 0; kind < kShapeKindCount; ++kind)
        list += std::string(kind == 0 ? "" : kind + 1 == kShapeKindCount ? " or " : ", ") + std::string(kindName(kind));
    return list;
}

Object readObject(const json& j, std::size_t index) {
    Place ctx{"objects[" + std::to_string(index) + "]"};
    if (!j.is_object()) throw FormatError(ctx.where + ": expected an object");
    Object o;
    o.name = readString(j, "name", ctx);
    ctx.where += " (\"" + o.name + "\")";
    const std::string type = readString(j, "type", ctx);
    const auto kind = kindFromName(type);
    if (!kind) ctx.fail("type", "unknown type \"" + type + "\" (expected " + kindList() + ")");
    o.color = readVec3(j, "color", ctx, o.color);
    o.shape = *shapeOfKind(*kind);  // a kind kindFromName found
    readShape(o, j, ctx);
    if (auto e = validate(o)) throw FormatError(ctx.where + ": field " + *e);
    return o;
}

json vec(glm::vec3 v) { return json::array({v.x, v.y, v.z}); }

// The document as dump(2) lays it out, but arrays of up to four numbers on one line, and
// every float as floatText writes it (dump writes a float's double: 0.1f as 0.10000000149011612).
void write(std::string& out, const json& j, int indent) {
    const auto isNumbers = [](const json& a) {
        return a.size() <= 4 && std::all_of(a.begin(), a.end(), [](const json& e) { return e.is_number(); });
    };
    if (j.is_number_float()) {
        out += floatText(static_cast<float>(j.get<double>()));  // every float in a scene came from a float
    } else if (j.is_array() && isNumbers(j)) {
        out += "[";
        for (std::size_t i = 0; i < j.size(); ++i) {
            if (i > 0) out += ", ";
            write(out, j[i], 0);
        }
        out += "]";
    } else if ((j.is_array() || j.is_object()) && !j.empty()) {
        out += j.is_array() ? "[\n" : "{\n";
        bool first = true;
        for (auto it = j.begin(); it != j.end(); ++it) {
            out += first ? "" : ",\n";
            first = false;
            out.append(static_cast<std::size_t>(indent + 2), ' ');
            if (j.is_object()) out += json(it.key()).dump() + ": ";
            write(out, it.value(), indent + 2);
        }
        out += "\n";
        out.append(static_cast<std::size_t>(indent), ' ');
        out += j.is_array() ? "]" : "}";
    } else {
        out += j.dump();
    }
}

}  // namespace

json objectJson(const Object& o) {
    json j = {{"name", o.name}, {"type", std::string(kindName(o.shape))}, {"color", vec(o.color)}};
    struct Writer {
        json& j;
        const Transform& placement;
        void operator()(const Sphere& s) const {
            j["center"] = vec(s.center);
            j["radius"] = s.radius;
        }
        void operator()(const Capsule& s) const { ends("a", s.a, "b", s.b, s.radius); }
        void operator()(const Cylinder& s) const { ends("a", s.a, "b", s.b, s.radius); }
        void operator()(const InfiniteCylinder& s) const { ends("p1", s.a, "p2", s.b, s.radius); }
        // Two points and a radius, the fields of every axis shape.
        void ends(const char* first, glm::vec3 a, const char* second, glm::vec3 b, float radius) const {
            j[first] = vec(a);
            j[second] = vec(b);
            j["radius"] = radius;
        }
        void operator()(const Aabb& s) const {
            j["min"] = vec(s.min);
            j["max"] = vec(s.max);
        }
        void operator()(const OrientedBox& s) const {
            j["min"] = vec(s.local.min);
            j["max"] = vec(s.local.max);
            j["transform"] = {{"position", vec(placement.position)},
                              {"rotationDegrees", vec(placement.rotationDegrees)},
                              {"scale", vec(placement.scale)}};
            // Written only when there is one: unsheared boxes keep the files they had.
            if (placement.shear != glm::vec3(0.0f)) j["transform"]["shear"] = vec(placement.shear);
        }
    };
    std::visit(Writer{j, o.placement}, o.shape);
    return j;
}

json cameraJson(const Camera& c) {
    return {
        {"eye", vec(c.eye)},
        {"target", vec(c.target)},
        {"up", vec(c.up)},
        {"fovYDegrees", c.fovYDegrees},
        {"near", c.near},
        {"far", c.far},
        {"projection", c.projection == Projection::Perspective ? "perspective" : "orthographic"},
        {"orthoHeight", c.orthoHeight},
        {"clipDepth", c.clipDepth == ClipDepth::NegativeOneToOne ? "negative_one_to_one" : "zero_to_one"},
    };
}

std::variant<Object, std::string> objectFromJson(const json& j, const std::string& where) {
    try {
        return readObject(j, 0);
    } catch (const FormatError& e) {
        std::string text = e.what();  // "objects[0] (...)": the caller's place instead
        if (text.rfind("objects[0]", 0) == 0) text.replace(0, std::string("objects[0]").size(), where);
        return text;
    } catch (const json::exception& e) {
        return where + ": " + plainWords(e.what());
    }
}

std::variant<Camera, std::string> cameraFromJson(const json& j, const std::string& where) {
    try {
        return readCamera(j);
    } catch (const FormatError& e) {
        return where + ": " + e.what();
    } catch (const json::exception& e) {
        return where + ": " + plainWords(e.what());
    }
}

LoadResult parseScene(const std::string& text, const std::string& source) {
    try {
        const json root = parseExact(text);
        if (!root.is_object()) return {std::nullopt, source + ": the top level must be a JSON object"};
        if (auto what = notASceneBecause(jsonKind(root))) return {std::nullopt, source + ": " + *what};
        Scene scene;
        if (root.contains("camera")) scene.camera = readCamera(root.at("camera"));
        if (!root.contains("objects")) return {std::nullopt, source + ": field \"objects\": missing"};
        const json& objects = root.at("objects");
        if (!objects.is_array()) return {std::nullopt, source + ": field \"objects\": expected an array"};
        // A set, not a scan of the objects so far: a scan is quadratic in the objects.
        std::unordered_set<std::string> names;
        for (std::size_t i = 0; i < objects.size(); ++i) {
            Object o = readObject(objects[i], i);
            if (!names.insert(o.name).second)
                throw FormatError("objects[" + std::to_string(i) + "]: field \"name\": \"" + o.name +
                                  "\" is used twice (names identify objects in reports)");
            scene.objects.push_back(std::move(o));
        }
        return {std::move(scene), {}};
    } catch (const json::parse_error& e) {
        return {std::nullopt, source + ": not valid JSON " + plainWords(e.what())};
    } catch (const json::out_of_range& e) {
        // 406: a number literal such as 1e400 that overflows a double; found while parsing.
        return {std::nullopt, source + ": not valid JSON: " + plainWords(e.what())};
    } catch (const FormatError& e) {
        return {std::nullopt, source + ": " + e.what()};
    } catch (const json::exception& e) {
        return {std::nullopt, source + ": " + plainWords(e.what())};
    }
}

namespace {
std::string megabytes(std::uintmax_t bytes) {
    std::ostringstream out;
    out.precision(1);
    out << std::fixed << static_cast<double>(bytes) / (1024.0 * 1024.0) << " MB";
    return out.str();
}
}  // namespace

LoadResult loadScene(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec) return {std::nullopt, name + ": cannot open the file: " + ec.message()};
    // Opening a directory succeeds on Linux and reads as empty text: say what it is instead.
    if (std::filesystem::is_directory(status)) return {std::nullopt, name + ": is a directory, not a scene file"};
    if (std::filesystem::is_regular_file(status)) {
        const std::uintmax_t size = std::filesystem::file_size(path, ec);
        if (!ec && size > kMaxSceneFileBytes)
            return {std::nullopt, name + ": the file is " + megabytes(size) + ", more than the " +
                                      megabytes(kMaxSceneFileBytes) + " a scene file may have"};
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return {std::nullopt, name + ": cannot open the file: " + std::strerror(errno)};
    // In chunks, stopping past the limit: a pipe or device (no size known beforehand) cannot grow
    // the text without bound either.
    std::string text;
    std::string chunk(1 << 20, '\0');
    while (in && text.size() <= kMaxSceneFileBytes) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        text.append(chunk, 0, static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) return {std::nullopt, name + ": read error: " + std::strerror(errno)};
    if (text.size() > kMaxSceneFileBytes)
        return {std::nullopt, name + ": more than the " + megabytes(kMaxSceneFileBytes) + " a scene file may have"};
    return parseScene(text, name);
}

std::string floatText(float value) {
    if (!std::isfinite(value)) return "null";  // as nlohmann writes them; a scene holds none
    std::array<char, 32> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    std::string text(buffer.data(), end);
    // A whole number still reads as one with a fraction: 7.0, not 7.
    if (text.find_first_of(".e") == std::string::npos) text += ".0";
    return text;
}

std::string toJsonText(const Scene& scene) {
    json root;
    root["camera"] = cameraJson(scene.camera);
    root["objects"] = json::array();
    for (const Object& o : scene.objects) root["objects"].push_back(objectJson(o));
    std::string text;
    write(text, root, 0);
    return text + "\n";
}

std::optional<std::string> saveScene(const Scene& scene, const std::filesystem::path& path) {
    const std::string text = toJsonText(scene);
    // Never write a file that loadScene would refuse.
    if (text.size() > kMaxSceneFileBytes)
        return path.string() + ": not saved: the scene's text is " + megabytes(text.size()) + ", more than the " +
               megabytes(kMaxSceneFileBytes) + " a scene file may have (about 140,000 objects)";
    std::filesystem::path temp = path;
    temp += ".tmp";
    // POSIX calls rather than a stream: a full disk or a read-only file system must be reported
    // with errno's reason, and fsync makes the data durable before the rename makes it visible.
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return path.string() + ": not saved: cannot create " + temp.string() + ": " + std::strerror(errno);
    auto fail = [&](const char* what) {
        const int error = errno;
        ::close(fd);
        std::error_code ignored;
        std::filesystem::remove(temp, ignored);
        return path.string() + ": not saved (the old file is unchanged): " + what + " " + temp.string() + ": " +
               std::strerror(error);
    };
    for (std::size_t written = 0; written < text.size();) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return fail("writing");
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) return fail("flushing");
    if (::close(fd) != 0) {
        const int error = errno;  // before remove() can change it
        std::error_code ignored;
        std::filesystem::remove(temp, ignored);
        return path.string() + ": not saved (the old file is unchanged): closing " + temp.string() + ": " +
               std::strerror(error);
    }
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);  // atomic on POSIX within one file system
    if (ec) {
        std::error_code ignored;
        std::filesystem::remove(temp, ignored);
        return path.string() + ": cannot replace the file: " + ec.message();
    }
    return std::nullopt;
}

}  // namespace pickray::scene
