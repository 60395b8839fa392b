// SPDX-License-Identifier: MIT
// The Math panel's "Copy as text" (panels/math_text.hpp): every number of the unprojection is in
// it, in its order, and reads back (std::from_chars) as the same double; the projections' entries
// that differ, and only those, are marked.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "analysis/unproject_math.hpp"
#include "editor/pick.hpp"
#include "panels/math_text.hpp"
#include "scene/scene_index.hpp"

namespace pickray::app {
namespace {

// Every number in `text`, in order: the longest run from_chars reads at each place a number starts.
std::vector<double> numbersIn(const std::string& text, int* marks) {
    std::vector<double> numbers;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        const bool starts = (*p >= '0' && *p <= '9') || (*p == '-' && p + 1 < end && p[1] >= '0' && p[1] <= '9');
        // A digit inside a word ("D3DVIEWPORT9", "x w") is no number: only after a space, '(' or '['.
        const bool afterBreak = p == text.data() || p[-1] == ' ' || p[-1] == '(' || p[-1] == '[';
        if (starts && afterBreak) {
            double value = 0.0;
            const auto [next, error] = std::from_chars(p, end, value);
            EXPECT_EQ(error, std::errc()) << std::string(p, 20);
            p = next;
            if (p < end && *p == '.') {  // "-1..1", "0..1": a depth range's name, no number
                ++p;
                continue;
            }
            numbers.push_back(value);
            if (p < end && *p == '*') ++*marks;
        } else {
            ++p;
        }
    }
    return numbers;
}

void appendMatrix(std::vector<double>& out, const glm::mat4& m, bool transpose) {
    for (int line = 0; line < 4; ++line)
        for (int k = 0; k < 4; ++k) out.push_back(transpose ? m[line][k] : m[k][line]);
}

template <int N>
void append(std::vector<double>& out, const glm::vec<N, double>& v) {
    for (int i = 0; i < N; ++i) out.push_back(v[i]);
}

TEST(MathText, EveryNumberOfTheUnprojectionReadsBackAsTheSameDoubleInOrder) {
    scene::Scene scene;
    scene.objects.push_back({"ball", glm::vec3(0.5f), Sphere{{0.0f, 0.5f, 0.0f}, 1.0f}});
    scene.camera.clipDepth = ClipDepth::ZeroToOne;
    const scene::SceneIndex index(scene);
    const FrameMatrices frame = frameMatrices(scene.camera, {1280, 720}, {1280, 720});
    const Pick pick = pickAtPixel(index, frame, {640.5f, 330.5f});
    ASSERT_TRUE(pick.nearest()) << "the ray through the view's middle meets the ball";
    const UnprojectMath m = unprojectMath(pick);
    int marks = 0;
    const std::string text = mathText(m, "last pick");
    const std::vector<double> numbers = numbersIn(text, &marks);

    // What the text must hold, in order, assembled from the values themselves.
    std::vector<double> want{m.pixel.x, m.pixel.y};
    const Viewport& v = m.viewport;
    for (float f : {v.x, v.y, v.width, v.height, v.minZ, v.maxZ}) want.push_back(f);
    appendMatrix(want, m.viewportMatrix, true);
    appendMatrix(want, m.viewportMatrix, false);
    appendMatrix(want, m.projectionGl, true);
    appendMatrix(want, m.projectionD3d, true);
    appendMatrix(want, m.view, true);
    for (const Unprojection::Stages* s : {&m.steps.nearPoint, &m.steps.farPoint}) {
        append(want, s->window);
        append(want, s->ndc);
        append(want, s->clip);
        append(want, s->view);
        append(want, s->world);
    }
    append(want, glm::dvec3(m.steps.ray.origin));
    append(want, glm::dvec3(m.steps.ray.direction));
    for (double d : {m.hitDepth->ndcGl, m.hitDepth->ndcD3d, m.hitDepth->windowGl, m.hitDepth->windowD3d})
        want.push_back(d);
    ASSERT_EQ(numbers.size(), want.size()) << text;
    for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(numbers[i], want[i]) << i << " in\n" << text;
    // Perspective: the depth row's entries P22 and P32 differ, in each of the two matrices.
    int differing = 0;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) differing += m.projectionGl[c][r] != m.projectionD3d[c][r];
    EXPECT_EQ(differing, 2);
    EXPECT_EQ(marks, 2 * differing) << text;
    EXPECT_NE(text.find("Direct3D 0..1"), std::string::npos);

    // With the precision view's numbers: they follow, in their order; a naive miss says "miss".
    Precision p;
    p.t = 13.936783f;
    p.tDouble = 13.93678310574116;
    p.tNaive = 13.810323f;
    p.ulps = -0.28188564255833626;
    p.ulpsNaive = -132603.28188564256;
    p.naiveRayAngle = 0.05824742949429797;
    int noMarks = 0;
    const std::vector<double> withPrecision = numbersIn(mathText(m, "last pick", p), &noMarks);
    ASSERT_EQ(withPrecision.size(), want.size() + 6);
    const std::vector<double> tail(withPrecision.end() - 6, withPrecision.end());
    EXPECT_EQ(tail, (std::vector<double>{p.t, p.tDouble, *p.tNaive, p.ulps, *p.ulpsNaive, p.naiveRayAngle}));
    p.tNaive.reset();
    p.ulpsNaive.reset();
    const std::string missed = mathText(m, "last pick", p);
    EXPECT_EQ(numbersIn(missed, &noMarks).size(), want.size() + 4);
    EXPECT_NE(missed.find("miss (naive float)"), std::string::npos) << missed;
}

TEST(MathText, ExactTextIsTheShortestThatReadsBack) {
    EXPECT_EQ(exactText(0.1), "0.1");
    EXPECT_EQ(exactText(-2.5e-7), "-2.5e-07");
    EXPECT_EQ(exactText(1280.0), "1280");
    for (double d : {1.0 / 3.0, std::nextafter(1.0, 2.0), std::numeric_limits<double>::denorm_min(),
                     std::numeric_limits<double>::max(), -0.0}) {
        const std::string s = exactText(d);
        double back = 1.0;
        std::from_chars(s.data(), s.data() + s.size(), back);
        EXPECT_EQ(std::signbit(back), std::signbit(d)) << s;
        EXPECT_EQ(back, d) << s;
    }
}

}  // namespace
}  // namespace pickray::app
