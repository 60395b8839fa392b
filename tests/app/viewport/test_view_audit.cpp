// SPDX-License-Identifier: MIT
// View > Pick audit beside the frames (viewport/view_audit.hpp), with no window: object IDs made
// on the CPU stand for the GPU's. A still view is audited once, its counts those of auditFrame on
// the same IDs, and its heat map is shown only over the view it was made of.
#include <cstdint>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "scene/generate.hpp"
#include "viewport/view_audit.hpp"

namespace pa = pickray::app;
namespace ps = pickray::scene;

namespace {

struct Fixture {
    ps::Scene scene = ps::generateStressScene(60);
    ps::SceneIndex index{scene};
    glm::ivec2 size{48, 32};
    pa::FrameMatrices frame = pa::frameMatrices(scene.camera, size, size);
    // The CPU's own answers as the "GPU's" IDs, one of them changed: the audit finds that one.
    std::vector<std::uint32_t> ids = [&] {
        const std::vector<pa::CpuPixel> cpu = pa::cpuPicks(index, frame).value();
        std::vector<std::uint32_t> out;
        for (const pa::CpuPixel& c : cpu) out.push_back(c.id);
        out[out.size() / 2 + 7] += 1;
        return out;
    }();
    int drawn = 0;  // how many times the audit asked for the object IDs
    pa::ViewAudit::DrawIds draw = [this]() -> std::optional<std::vector<std::uint32_t>> {
        ++drawn;
        return ids;
    };
    pa::ViewAudit::Frame still(std::uint64_t revision) const {
        pickray::render::FrameView view;
        view.drawableSize = size;
        return {{revision, view, true}, true, true, true};
    }
};

TEST(ViewAudit, AStillViewIsAuditedOnceWithTheCountsOfItsIds) {
    Fixture f;
    pa::ViewAudit audit;
    audit.update(f.still(1), f.index, f.frame, f.draw);
    const std::optional<pa::AuditCounts> expected = pa::auditFrame(f.ids, f.index, f.frame);
    ASSERT_TRUE(expected.has_value());
    ASSERT_NE(audit.counts(), nullptr);
    EXPECT_EQ(audit.counts()->pixels, expected->pixels);
    EXPECT_EQ(audit.counts()->mismatches, expected->mismatches);
    EXPECT_EQ(audit.counts()->robustMismatches, expected->robustMismatches);
    EXPECT_EQ(audit.counts()->classes, expected->classes);
    EXPECT_GE(audit.counts()->mismatches, 1u);
    ASSERT_NE(audit.heatMap(), nullptr);
    EXPECT_FALSE(audit.heatMap()->empty());
    // The same view again: shown, not audited again.
    audit.update(f.still(1), f.index, f.frame, f.draw);
    EXPECT_NE(audit.counts(), nullptr);
    EXPECT_EQ(f.drawn, 1);
}

TEST(ViewAudit, AMovingViewOrAnEditedSceneHidesTheHeatMapUntilAudited) {
    Fixture f;
    pa::ViewAudit audit;
    audit.update(f.still(1), f.index, f.frame, f.draw);
    ASSERT_NE(audit.counts(), nullptr);
    pa::ViewAudit::Frame moving = f.still(1);
    moving.still = false;
    audit.update(moving, f.index, f.frame, f.draw);
    EXPECT_EQ(audit.counts(), nullptr);
    EXPECT_EQ(audit.heatMap(), nullptr);
    EXPECT_EQ(f.drawn, 1);
    // The scene edited (another revision), moving: not shown, nothing started.
    pa::ViewAudit::Frame edited = f.still(2);
    edited.still = false;
    audit.update(edited, f.index, f.frame, f.draw);
    EXPECT_EQ(audit.counts(), nullptr);
    EXPECT_EQ(f.drawn, 1);
    // Still again: audited anew.
    audit.update(f.still(2), f.index, f.frame, f.draw);
    EXPECT_NE(audit.counts(), nullptr);
    EXPECT_EQ(f.drawn, 2);
}

TEST(ViewAudit, OffItStartsNothingAndShowsNothing) {
    Fixture f;
    pa::ViewAudit audit;
    pa::ViewAudit::Frame off = f.still(1);
    off.enabled = false;
    audit.update(off, f.index, f.frame, f.draw);
    EXPECT_EQ(f.drawn, 0);
    EXPECT_FALSE(audit.running());
    EXPECT_EQ(audit.counts(), nullptr);
    // Turned on, then off: the finished audit is not shown while off, and hide() hides it.
    audit.update(f.still(1), f.index, f.frame, f.draw);
    ASSERT_NE(audit.counts(), nullptr);
    audit.hide();
    EXPECT_EQ(audit.counts(), nullptr);
    EXPECT_EQ(audit.milliseconds(), 0.0);
    audit.update(off, f.index, f.frame, f.draw);
    EXPECT_EQ(audit.counts(), nullptr);
}

TEST(ViewAudit, IdsThatCannotBeDrawnStartNothing) {
    Fixture f;
    pa::ViewAudit audit;
    int asked = 0;
    audit.update(f.still(1), f.index, f.frame, [&]() -> std::optional<std::vector<std::uint32_t>> {
        ++asked;
        return std::nullopt;
    });
    EXPECT_EQ(asked, 1);
    EXPECT_FALSE(audit.running());
    EXPECT_EQ(audit.counts(), nullptr);
}

}  // namespace
