// SPDX-License-Identifier: MIT
#include "panels/math_text.hpp"

#include <charconv>

namespace pickray::app {
namespace {

// Appends every piece to `out` (piece by piece: GCC 12 warns falsely (-Wrestrict) on a + b + c).
template <class... Pieces>
void append(std::string& out, const Pieces&... pieces) {
    ((out += pieces), ...);
}

template <int N>
std::string vectorText(const glm::vec<N, double>& v) {
    std::string out = "(";
    for (int i = 0; i < N; ++i) append(out, i == 0 ? "" : ", ", exactText(v[i]));
    return out + ")";
}

// A matrix's rows, one line each. `transpose`: GLM's columns as rows (Direct3D's row-vector
// layout, v · M); otherwise the matrix as written in math (row r holds m[c][r]: M · v).
// `marked(c, r)` puts "*" after an entry.
template <class Marked>
void matrixLines(std::string& out, const glm::mat4& m, bool transpose, Marked marked) {
    for (int line = 0; line < 4; ++line) {
        out += "  [";
        for (int k = 0; k < 4; ++k) {
            const int column = transpose ? line : k, row = transpose ? k : line;
            append(out, k == 0 ? "" : ", ", exactText(m[column][row]), marked(column, row) ? "*" : "");
        }
        out += "]\n";
    }
}
void matrixLines(std::string& out, const glm::mat4& m, bool transpose) {
    matrixLines(out, m, transpose, [](int, int) { return false; });
}

const char* conventionName(ClipDepth depth) { return depth == ClipDepth::ZeroToOne ? "Direct3D 0..1" : "OpenGL -1..1"; }

void pointLines(std::string& out, const char* name, const Unprojection::Stages& s) {
    append(out, name, "\n");
    append(out, "  window ", vectorText(s.window), "\n");
    append(out, "  ndc    ", vectorText(s.ndc), "\n");
    append(out, "  clip   ", vectorText(s.clip), "\n");
    append(out, "  view   ", vectorText(s.view), "\n");
    append(out, "  world  ", vectorText(s.world), "\n");
}

}  // namespace

std::string exactText(double value) {
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc() ? std::string(buffer, end) : std::string("?");
}

std::string mathText(const UnprojectMath& m, const std::string& source, const std::optional<Precision>& precision) {
    std::string out;
    append(out, "pickray: the unprojection of the ", source, ", the Direct3D way (clip depth ",
           conventionName(m.clipDepth), ")\n");
    append(out, "pixel centre ", vectorText(glm::dvec2(m.pixel)), "\n");
    const Viewport& v = m.viewport;
    append(out, "viewport (D3DVIEWPORT9): X ", exactText(v.x), ", Y ", exactText(v.y), ", Width ", exactText(v.width),
           ", Height ", exactText(v.height), ", MinZ ", exactText(v.minZ), ", MaxZ ", exactText(v.maxZ), "\n");
    out += "viewport matrix as Direct3D writes it (rows, v * M):\n";
    matrixLines(out, m.viewportMatrix, true);
    out += "viewport matrix as GLM holds it (columns, M * v):\n";
    matrixLines(out, m.viewportMatrix, false);
    const auto differ = [&](int c, int r) { return projectionsDiffer(m, c, r); };
    out += "projection, OpenGL -1..1 (rows, v * M; * differs from Direct3D's):\n";
    matrixLines(out, m.projectionGl, true, differ);
    out += "projection, Direct3D 0..1 (rows, v * M; * differs from OpenGL's):\n";
    matrixLines(out, m.projectionD3d, true, differ);
    out += "view (rows, v * M):\n";
    matrixLines(out, m.view, true);
    pointLines(out, "near point (window z = MinZ):", m.steps.nearPoint);
    pointLines(out, "far point (window z = MaxZ):", m.steps.farPoint);
    const Ray& r = m.steps.ray;
    append(out, "ray origin ", vectorText(glm::dvec3(r.origin)), " direction ", vectorText(glm::dvec3(r.direction)),
           "\n");
    if (const auto& d = m.hitDepth) {
        append(out, "hit depth: NDC ", exactText(d->ndcGl), " (OpenGL), ", exactText(d->ndcD3d), " (Direct3D); window ",
               exactText(d->windowGl), " (OpenGL), ", exactText(d->windowD3d), " (Direct3D)\n");
    } else {
        out += "hit depth: no hit\n";
    }
    if (const auto& p = precision) {
        append(out, "precision: t ", exactText(p->t), " (pickray), ", exactText(p->tDouble), " (double), ",
               p->tNaive ? exactText(*p->tNaive) : std::string("miss"), " (naive float)\n");
        append(out, "float steps from the double t: ", exactText(p->ulps), " (pickray), ",
               p->ulpsNaive ? exactText(*p->ulpsNaive) : std::string("miss"), " (naive); naive ray off by ",
               exactText(p->naiveRayAngle), " rad\n");
    }
    return out;
}

}  // namespace pickray::app
