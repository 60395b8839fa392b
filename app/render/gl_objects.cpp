// SPDX-License-Identifier: MIT
#include "render/gl_objects.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace pickray::render {

void deleteBuffer(GLuint name) { glDeleteBuffers(1, &name); }
void deleteVertexArray(GLuint name) { glDeleteVertexArrays(1, &name); }
void deleteProgram(GLuint name) { glDeleteProgram(name); }
void deleteFramebuffer(GLuint name) { glDeleteFramebuffers(1, &name); }
void deleteRenderbuffer(GLuint name) { glDeleteRenderbuffers(1, &name); }
void deleteTexture(GLuint name) { glDeleteTextures(1, &name); }

namespace {

/// One new name from a glGen* function.
GLuint generateName(void (*generate)(GLsizei, GLuint*)) {
    GLuint name = 0;
    generate(1, &name);
    return name;
}

}  // namespace

Framebuffer makeFramebuffer() { return Framebuffer(generateName(glGenFramebuffers)); }
Renderbuffer makeRenderbuffer() { return Renderbuffer(generateName(glGenRenderbuffers)); }

ColorTarget makeColorTarget(glm::ivec2 size, const char* what) {
    ColorTarget t{makeFramebuffer(), makeRenderbuffer()};
    glBindRenderbuffer(GL_RENDERBUFFER, t.color.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, size.x, size.y);
    glBindFramebuffer(GL_FRAMEBUFFER, t.framebuffer.get());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t.color.get());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw std::runtime_error(std::string(what) + "'s framebuffer is incomplete");
    return t;
}
Texture makeTexture() { return Texture(generateName(glGenTextures)); }
Buffer makeBuffer() { return Buffer(generateName(glGenBuffers)); }
VertexArray makeVertexArray() { return VertexArray(generateName(glGenVertexArrays)); }

void floatAttribute(GLuint location, GLint components, GLsizei stride, std::size_t offset, GLuint divisor) {
    glEnableVertexAttribArray(location);
    // The offset goes in as a pointer, as glVertexAttribPointer takes it for a bound buffer.
    glVertexAttribPointer(location, components, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offset));
    if (divisor != 0) glVertexAttribDivisor(location, divisor);
}

void uintAttribute(GLuint location, GLint components, GLsizei stride, std::size_t offset, GLuint divisor) {
    glEnableVertexAttribArray(location);
    glVertexAttribIPointer(location, components, GL_UNSIGNED_INT, stride, reinterpret_cast<const void*>(offset));
    if (divisor != 0) glVertexAttribDivisor(location, divisor);
}

namespace {

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path.string() + ": cannot open shader file");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string infoLog(GLuint object, bool isProgram) {
    GLint length = 0;
    if (isProgram) glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
    else glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(length) + 1, '\0');
    if (isProgram) glGetProgramInfoLog(object, length, nullptr, log.data());
    else glGetShaderInfoLog(object, length, nullptr, log.data());
    return log.data();
}

GLuint compile(GLenum stage, const std::filesystem::path& path, const std::string& defines) {
    std::string source = readText(path);
    // The defines go right after the #version line (which must come first).
    if (!defines.empty()) {
        const std::size_t version = source.find("#version");
        const std::size_t lineEnd = version == std::string::npos ? version : source.find('\n', version);
        if (lineEnd == std::string::npos) throw std::runtime_error(path.string() + ": no #version line");
        source.insert(lineEnd + 1, defines);
    }
    const char* text = source.c_str();
    const GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        const std::string log = infoLog(shader, false);
        glDeleteShader(shader);
        throw std::runtime_error(path.string() + ": " + log);
    }
    return shader;
}

}  // namespace

Program loadProgram(const std::filesystem::path& dir, const std::string& name, const std::string& defines) {
    const GLuint vs = compile(GL_VERTEX_SHADER, dir / (name + ".vert"), defines);
    GLuint fs = 0;
    try {
        fs = compile(GL_FRAGMENT_SHADER, dir / (name + ".frag"), defines);
    } catch (...) {
        glDeleteShader(vs);
        throw;
    }
    Program program(glCreateProgram());
    glAttachShader(program.get(), vs);
    glAttachShader(program.get(), fs);
    glLinkProgram(program.get());
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program.get(), GL_LINK_STATUS, &ok);
    if (!ok) throw std::runtime_error((dir / name).string() + ": link failed: " + infoLog(program.get(), true));
    return program;
}

}  // namespace pickray::render
