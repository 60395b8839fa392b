// SPDX-License-Identifier: MIT
#include "shell/imgui_layer.hpp"
#include "panels/ui_scale.hpp"

#include <algorithm>
#include <cmath>

#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

namespace pickray::app {
namespace {

// The draw lists first..end of `all`, over the same display rectangle.
void renderLists(const ImDrawData& all, int first, int end) {
    if (first >= end) return;
    ImDrawData part = all;
    part.CmdLists = all.CmdLists + first;
    part.CmdListsCount = end - first;
    ImGui_ImplOpenGL3_RenderDrawData(&part);
}

}  // namespace

ImGuiLayer::ImGuiLayer(SDL_Window* window, SDL_GLContext context) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // layouts are fixed by the app; no imgui.ini in the working directory
    setScale(1.0f);
    ImGui_ImplSDL2_InitForOpenGL(window, context);
    ImGui_ImplOpenGL3_Init("#version 330 core");
}

ImGuiLayer::~ImGuiLayer() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::processEvent(const SDL_Event& event) {
    if (event.type == SDL_MOUSEBUTTONDOWN || event.type == SDL_MOUSEBUTTONUP) {
        const int index = event.button.button == SDL_BUTTON_LEFT     ? 0
                          : event.button.button == SDL_BUTTON_RIGHT  ? 1
                          : event.button.button == SDL_BUTTON_MIDDLE ? 2
                                                                     : -1;
        if (index >= 0) held_[index] = event.type == SDL_MOUSEBUTTONDOWN;
    }
    ImGui_ImplSDL2_ProcessEvent(&event);
}

void ImGuiLayer::newFrame(SDL_Window* window) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    // The pointer where SDL's own motion events put it, whenever it is over this window. ImGui 1.86
    // asks SDL for the global position while the window has focus, and SDL's X11 driver refreshes
    // that only when a device moves: a pointer warped by a program (xdotool, keynav) would leave
    // ImGui's hover and tooltips where the pointer was. Outside the window (a drag carried beyond
    // its edge) the global position is the one there is.
    if ((SDL_GetWindowFlags(window) & SDL_WINDOW_INPUT_FOCUS) == 0 || SDL_GetMouseFocus() == window) {
        int x = 0;
        int y = 0;
        SDL_GetMouseState(&x, &y);
        ImGui::GetIO().MousePos = ImVec2(static_cast<float>(x), static_cast<float>(y));
    }
    for (int i = 0; i < 3; ++i) ImGui::GetIO().MouseDown[i] = ImGui::GetIO().MouseDown[i] || held_[i];
    if (fixedClock_) ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    rendererReady_ = true;  // ImGui_ImplOpenGL3_NewFrame has made the backend's objects
}

void ImGuiLayer::setScale(float scale) {
    scale_ = std::clamp(scale, 0.5f, 3.0f);
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.WindowRounding = 4.0f;
    style.ScaleAllSizes(scale_);
    ImGui::GetStyle() = style;
    // The font rasterised at its new size, not the 13-pixel atlas magnified (blurred).
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig font;
    font.SizePixels = 13.0f * scale_;
    io.Fonts->AddFontDefault(&font);
    // The font texture made again, once the backend has made its objects (its first frame does,
    // the font texture among them: making one before would leak it). Not all of them: 1.86's
    // backend would keep its old vertex buffer size for the new buffer.
    if (rendererReady_) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
}

float ImGuiLayer::displayScale(SDL_Window* window) {
    float dpi = 0.0f;
    if (SDL_GetDisplayDPI(SDL_GetWindowDisplayIndex(window), &dpi, nullptr, nullptr) != 0) return 1.0f;
    return uiScaleForDpi(dpi);
}

bool ImGuiLayer::wantsMouse() const { return ImGui::GetIO().WantCaptureMouse; }

bool ImGuiLayer::wantsKeyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }

bool ImGuiLayer::editingText() const { return ImGui::GetIO().WantTextInput; }

double ImGuiLayer::time() const { return ImGui::GetTime(); }

void ImGuiLayer::renderUnderPanels() {
    ImGui::Render();
    const ImDrawData& all = *ImGui::GetDrawData();
    // ImGui lists the background draw list first, when anything was drawn into it.
    listsUnderPanels_ = all.CmdListsCount > 0 && all.CmdLists[0] == ImGui::GetBackgroundDrawList() ? 1 : 0;
    renderLists(all, 0, listsUnderPanels_);
}

void ImGuiLayer::renderPanels() {
    const ImDrawData& all = *ImGui::GetDrawData();
    renderLists(all, listsUnderPanels_, all.CmdListsCount);
}

}  // namespace pickray::app
