// SPDX-License-Identifier: MIT
#pragma once
// A small Wavefront OBJ reader for the mesh benchmark: positions ("v x y z [w]") and faces
// ("f a b c ..." with a, a/t, a/t/n or a//n; 1-based, or negative: counted back from the last
// position read so far), each polygon triangulated as a fan from its first corner. Every other
// kind of line (vt, vn, o, g, s, usemtl, mtllib, comments) is skipped. A malformed v or f line,
// an index of 0 or out of range, is refused: std::runtime_error naming the file and line.

#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

namespace bench {

struct ObjMesh {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;  // three a triangle, 0-based
};

namespace detail {

[[noreturn]] inline void refuse(const std::string& where, std::size_t line, const std::string& why) {
    throw std::runtime_error(where + ":" + std::to_string(line) + ": " + why);
}

/// The position index of one face corner ("7", "7/2", "7//3", "-1/2/3"), 0-based.
inline std::uint32_t cornerIndex(const std::string& corner, std::size_t positionCount, const std::string& where,
                                 std::size_t line) {
    const std::string number = corner.substr(0, corner.find('/'));
    std::size_t used = 0;
    long long index = 0;
    try {
        index = std::stoll(number, &used);
    } catch (const std::exception&) {
        refuse(where, line, "face corner '" + corner + "' does not start with an index");
    }
    if (used != number.size()) refuse(where, line, "face corner '" + corner + "' is not an index");
    const auto count = static_cast<long long>(positionCount);
    const long long zeroBased = index > 0 ? index - 1 : count + index;
    if (index == 0) refuse(where, line, "face index 0: OBJ counts positions from 1 (or back from -1)");
    if (zeroBased < 0 || zeroBased >= count) {
        refuse(where, line,
               "face index " + number + " is not one of the " + std::to_string(count) + " positions so far");
    }
    return static_cast<std::uint32_t>(zeroBased);
}

}  // namespace detail

/// Parses OBJ text; `where` names it in error messages.
inline ObjMesh parseObj(std::istream& in, const std::string& where) {
    ObjMesh mesh;
    std::string text;
    for (std::size_t line = 1; std::getline(in, text); ++line) {
        if (!text.empty() && text.back() == '\r') text.pop_back();
        std::istringstream words(text);
        std::string kind;
        if (!(words >> kind)) continue;
        if (kind == "v") {
            glm::vec3 p;
            if (!(words >> p.x >> p.y >> p.z)) detail::refuse(where, line, "a position needs three numbers");
            float w = 1.0f;  // an optional weight, read and dropped; nothing may follow it
            if (!(words >> std::ws).eof() && (!(words >> w) || !(words >> std::ws).eof())) {
                detail::refuse(where, line, "a position has three or four numbers");
            }
            if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
                detail::refuse(where, line, "a position is not finite");
            }
            mesh.positions.push_back(p);
        } else if (kind == "f") {
            std::vector<std::uint32_t> corners;
            for (std::string corner; words >> corner;) {
                corners.push_back(detail::cornerIndex(corner, mesh.positions.size(), where, line));
            }
            if (corners.size() < 3) detail::refuse(where, line, "a face needs three corners or more");
            for (std::size_t k = 1; k + 1 < corners.size(); ++k) {
                mesh.indices.insert(mesh.indices.end(), {corners[0], corners[k], corners[k + 1]});
            }
        }
    }
    return mesh;
}

/// Reads an OBJ file; throws std::runtime_error when it cannot be opened or is malformed.
inline ObjMesh readObj(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot be opened");
    return parseObj(in, path);
}

}  // namespace bench
