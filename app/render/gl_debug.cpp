// SPDX-License-Identifier: MIT
#include "render/gl_debug.hpp"

#include <algorithm>

#include <glad/gl.h>

namespace pickray::render {
namespace {

constexpr std::size_t kMaxKeptLines = 64;
constexpr int kMaxGetErrors = 64;  // after a lost context some drivers return an error forever

const char* errorName(GLenum e) {
    switch (e) {
        case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
        case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
        case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
        case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
        case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
        default: return "unknown GL error";
    }
}

const char* typeName(GLenum type) {
    switch (type) {
        case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: return "deprecated";
        case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: return "undefined behaviour";
        case GL_DEBUG_TYPE_PORTABILITY: return "portability";
        case GL_DEBUG_TYPE_PERFORMANCE: return "performance";
        default: return "other";
    }
}

void GLAD_API_PTR onMessage(GLenum /*source*/, GLenum type, GLuint /*id*/, GLenum severity, GLsizei length,
                            const GLchar* message, const void* user) {
    if (severity == GL_DEBUG_SEVERITY_NOTIFICATION) return;
    auto& received = *static_cast<GlDebugOutput::Received*>(const_cast<void*>(user));
    const bool error = type == GL_DEBUG_TYPE_ERROR;
    ++(error ? received.errors : received.warnings);
    if (received.lines.size() >= kMaxKeptLines) return;
    const std::string text =
        length >= 0 ? std::string(message, static_cast<std::size_t>(length)) : std::string(message);
    // "GL error" is what tests look for in the output: a debug error must be found as well.
    received.lines.push_back(error ? "GL error (debug output): " + text
                                   : std::string("GL warning (") + typeName(type) + "): " + text);
}

}  // namespace

GlDebugOutput::GlDebugOutput() {
    if (!GLAD_GL_KHR_debug) return;
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);  // the message arrives inside the failing call (a debugger can stop there)
    glDebugMessageCallback(onMessage, received_.get());
    installed_ = true;
}

GlDebugOutput::~GlDebugOutput() {
    if (installed_) glDebugMessageCallback(nullptr, nullptr);
}

GlProblems GlDebugOutput::take(std::ostream& log) {
    int fromGetError = 0;
    for (GLenum e = glGetError(); e != GL_NO_ERROR && fromGetError < kMaxGetErrors; e = glGetError(), ++fromGetError)
        log << "pickray: GL error " << errorName(e) << " (0x" << std::hex << e << std::dec << ")\n";
    for (const std::string& line : received_->lines) log << "pickray: " << line << "\n";
    // A bad call is reported by both glGetError and the callback: count it once. Each source is a
    // lower bound (glGetError keeps one flag per error code, the callback only sees what the
    // driver chooses to say), so the larger of the two is the better count.
    const GlProblems problems{std::max(fromGetError, received_->errors), received_->warnings};
    *received_ = Received{};
    return problems;
}

}  // namespace pickray::render
