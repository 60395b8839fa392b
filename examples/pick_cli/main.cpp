// SPDX-License-Identifier: MIT
// pick_cli: the picking pipeline of pickray from the command line, top to bottom.
// A fixed camera looks at one solid of each kind; the cursor pixel given on the command line
// becomes a world ray (article 004), which is cast against every solid; hits are listed by t.
//
//   pick_cli [--cursor X,Y] [--size WxH] [--clip-depth gl|d3d]
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <pickray/collision.hpp>
#include <pickray/picking.hpp>

namespace {

struct Options {
    glm::vec2 cursor{640.5f, 360.5f};
    glm::vec2 size{1280, 720};
    pickray::ClipDepth depth = pickray::ClipDepth::ZeroToOne;
};

std::optional<Options> parse(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
        float a = 0, b = 0;
        char extra = 0;
        if (arg == "--cursor" && value && std::sscanf(value, "%f,%f%c", &a, &b, &extra) == 2) {
            options.cursor = {a, b};
        } else if (arg == "--size" && value && std::sscanf(value, "%fx%f%c", &a, &b, &extra) == 2 && a > 0 && b > 0) {
            options.size = {a, b};
        } else if (arg == "--clip-depth" && value &&
                   (std::strcmp(value, "gl") == 0 || std::strcmp(value, "d3d") == 0)) {
            options.depth =
                std::strcmp(value, "gl") == 0 ? pickray::ClipDepth::NegativeOneToOne : pickray::ClipDepth::ZeroToOne;
        } else {
            return std::nullopt;
        }
        ++i;
    }
    return options;
}

struct Hit {
    const char* name;
    pickray::RayHit hit;
};

template <typename Solid>
void collect(std::vector<Hit>& hits, const char* name, const pickray::Ray& ray, const Solid& solid) {
    if (const auto hit = pickray::raycast(ray, solid)) hits.push_back({name, *hit});
}

}  // namespace

int main(int argc, char** argv) {
    const auto options = parse(argc, argv);
    if (!options) {
        std::fprintf(stderr, "usage: pick_cli [--cursor X,Y] [--size WxH] [--clip-depth gl|d3d]\n");
        return 2;
    }
    // The frame's camera: these exact matrices are what the cursor ray inverts.
    const glm::mat4 view = glm::lookAt(glm::vec3(0, 4, 12), glm::vec3(0, 1, 0), glm::vec3(0, 1, 0));
    const float aspect = options->size.x / options->size.y;
    const glm::mat4 proj = options->depth == pickray::ClipDepth::ZeroToOne
                               ? glm::perspectiveZO(glm::radians(45.0f), aspect, 0.1f, 100.0f)
                               : glm::perspectiveNO(glm::radians(45.0f), aspect, 0.1f, 100.0f);
    const pickray::Viewport viewport{0, 0, options->size.x, options->size.y, 0, 1};
    const pickray::Ray ray = pickray::cursorRay(options->cursor, view, proj, viewport, options->depth);

    std::vector<Hit> hits;
    collect(hits, "sphere", ray, pickray::Sphere{{-4, 1, 0}, 1});
    collect(hits, "capsule", ray, pickray::Capsule{{-1.5f, 0.5f, 0}, {-1.5f, 2.5f, 0}, 0.6f});
    collect(hits, "cylinder", ray, pickray::Cylinder{{1, 0, 0}, {1, 2, 0}, 0.7f});
    collect(hits, "box", ray,
            pickray::OrientedBox{{{-0.7f, 0, -0.7f}, {0.7f, 1.4f, 0.7f}},
                                 glm::rotate(glm::translate(glm::mat4(1), {3.5f, 0, 0}), 0.6f, {0, 1, 0})});
    collect(hits, "pole", ray, pickray::InfiniteCylinder{{0, 0, -6}, {0, 1, -6}, 0.4f});
    std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) { return a.hit.t < b.hit.t; });

    std::printf("cursor (%g, %g) in a %gx%g view, %s depth\n", options->cursor.x, options->cursor.y, options->size.x,
                options->size.y, options->depth == pickray::ClipDepth::ZeroToOne ? "Direct3D 0..1" : "OpenGL -1..1");
    std::printf("ray origin (%.4f, %.4f, %.4f) direction (%.4f, %.4f, %.4f)\n", ray.origin.x, ray.origin.y,
                ray.origin.z, ray.direction.x, ray.direction.y, ray.direction.z);
    std::printf("picked: %s\n", hits.empty() ? "nothing" : hits.front().name);
    for (const Hit& h : hits) {
        std::printf("  %-8s t %8.4f  point (%.4f, %.4f, %.4f)  normal (%.4f, %.4f, %.4f)\n", h.name, h.hit.t,
                    h.hit.point.x, h.hit.point.y, h.hit.point.z, h.hit.normal.x, h.hit.normal.y, h.hit.normal.z);
    }
    return 0;
}
