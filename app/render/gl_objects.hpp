// SPDX-License-Identifier: MIT
#pragma once
// Move-only owners of GL object names, so every buffer, array and program is deleted exactly once.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <glm/vec2.hpp>

namespace pickray::render {

template <void (*Delete)(GLuint)>
class GlName {
public:
    GlName() = default;
    explicit GlName(GLuint name) : name_(name) {}
    GlName(GlName&& other) noexcept : name_(other.name_) { other.name_ = 0; }
    GlName& operator=(GlName&& other) noexcept {
        if (this != &other) {
            reset();
            name_ = other.name_;
            other.name_ = 0;
        }
        return *this;
    }
    GlName(const GlName&) = delete;
    GlName& operator=(const GlName&) = delete;
    ~GlName() { reset(); }
    [[nodiscard]] GLuint get() const { return name_; }

private:
    void reset() {
        if (name_ != 0) Delete(name_);
        name_ = 0;
    }
    GLuint name_ = 0;
};

void deleteBuffer(GLuint name);
void deleteVertexArray(GLuint name);
void deleteProgram(GLuint name);
void deleteFramebuffer(GLuint name);
void deleteRenderbuffer(GLuint name);
void deleteTexture(GLuint name);

using Buffer = GlName<deleteBuffer>;
using VertexArray = GlName<deleteVertexArray>;
using Program = GlName<deleteProgram>;
using Framebuffer = GlName<deleteFramebuffer>;
using Renderbuffer = GlName<deleteRenderbuffer>;
using Texture = GlName<deleteTexture>;

[[nodiscard]] Buffer makeBuffer();
[[nodiscard]] VertexArray makeVertexArray();
[[nodiscard]] Framebuffer makeFramebuffer();
[[nodiscard]] Renderbuffer makeRenderbuffer();
[[nodiscard]] Texture makeTexture();

/// A framebuffer whose one attachment is an RGBA8 colour renderbuffer of `size` (the window's own,
/// the resolved colour, the second view's); throws std::runtime_error naming `what` when the
/// driver finds it incomplete. Leaves the framebuffer bound.
struct ColorTarget {
    Framebuffer framebuffer;
    Renderbuffer color;
};
[[nodiscard]] ColorTarget makeColorTarget(glm::ivec2 size, const char* what);

/// The bytes of `v`'s elements, for glBufferData.
template <class T>
GLsizeiptr byteSize(const std::vector<T>& v) {
    return static_cast<GLsizeiptr>(v.size() * sizeof(T));
}

/// Vertex attribute `location` of the bound vertex array: `components` floats at byte `offset` of
/// records `stride` bytes long in the bound GL_ARRAY_BUFFER; `divisor` 1 for one per instance.
void floatAttribute(GLuint location, GLint components, GLsizei stride, std::size_t offset, GLuint divisor = 0);
/// The same for an unsigned integer attribute (read as uint in the shader, not converted).
void uintAttribute(GLuint location, GLint components, GLsizei stride, std::size_t offset, GLuint divisor = 0);

/// Compiles and links `dir/name.vert` + `dir/name.frag`, with `defines` (lines such as
/// "#define X 1\n") inserted after their #version line; throws std::runtime_error with the file
/// name and the driver's log on failure.
[[nodiscard]] Program loadProgram(const std::filesystem::path& dir, const std::string& name,
                                  const std::string& defines = "");

}  // namespace pickray::render
