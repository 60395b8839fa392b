// SPDX-License-Identifier: MIT
#pragma once
// What the overlay and the report say about speed: the last frame's time and draw statistics,
// and how long the scene queries of the last pick and hover took. Plain values (no GL, no SDL).

#include <cstddef>
#include <optional>
#include <vector>

namespace pickray::app {

/// One redraw of the scene: whether it was approximate (the camera moving) and what it drew.
struct Redraw {
    bool approximate = false;
    /// The settle rule's clock when it was drawn: seconds since the camera last moved (none: it
    /// never moved), so that a report shows which frames the rule made approximate.
    std::optional<double> sinceCameraMoved;
    std::size_t instances = 0;
    std::size_t rayCast = 0;
    std::size_t triangles = 0;
    std::size_t dots = 0;
    std::vector<std::size_t> levels;
};

struct Performance {
    double frameMs = 0.0;   ///< wall time of the last frame (events, UI, queries, drawing, swap)
    double redrawMs = 0.0;  ///< the same for the last frame that redrew the scene (not just the UI)
    double pickMs = 0.0;    ///< the last click's scene queries (hits and line spans)
    double hoverMs = 0.0;   ///< the same for the hover pick of this frame
    int drawCalls = 0;
    std::size_t objects = 0;
    std::size_t instances = 0;  ///< mesh instances drawn (one per object, plus markers)
    std::size_t rayCast = 0;    ///< objects and markers drawn by their rays (the analytic renderer)
    std::size_t culled = 0;     ///< instances outside the view
    std::size_t triangles = 0;
    std::size_t dots = 0;             ///< objects drawn as one point (a pixel or so across)
    std::vector<std::size_t> levels;  ///< round instances per level of detail, finest first
    std::size_t bvhBuilds = 0;        ///< the scene index built from scratch (load, add, delete, generate)
    std::size_t bvhRefits = 0;        ///< ... and refitted after one object changed (edit, drag)
    int glErrors = 0;                 ///< GL errors over the run: glGetError and KHR_debug (checked once per frame)
    int glWarnings = 0;               ///< KHR_debug messages that are not errors (performance, portability, ...)
    bool glDebugOutput = false;       ///< the KHR_debug callback is installed
    std::size_t framesRun = 0;        ///< frames run since the window opened (a window of the user's sleeps when idle)
    // Resident memory (KiB) of the script: after the first frames, after its first round, at the end.
    std::size_t rssStartKiB = 0;
    std::size_t rssFirstRoundKiB = 0;
    std::size_t rssEndKiB = 0;
    /// The scene's redraws in order, the first kMostRedraws of them (a script's report lists them:
    /// which frames of a drag were approximate, and that the one after it was not).
    std::vector<Redraw> redraws;
    static constexpr std::size_t kMostRedraws = 1000;
    Redraw lastRedraw;  ///< the last of them, kept past kMostRedraws
    /// Adds the redraw whose statistics were just set (instances, rayCast, triangles, dots, levels).
    void noteRedraw(bool approximate, std::optional<double> sinceCameraMoved) {
        lastRedraw = {approximate, sinceCameraMoved, instances, rayCast, triangles, dots, levels};
        if (redraws.size() < kMostRedraws) redraws.push_back(lastRedraw);
    }
};

}  // namespace pickray::app
