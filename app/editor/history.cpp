// SPDX-License-Identifier: MIT
#include "editor/history.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

namespace pickray::app {
namespace {

std::size_t objectsHeld(const HistoryStep& step) {
    std::size_t count = 0;
    for (const Splice& s : step.splices) count += s.removed.size() + s.inserted.size();
    return count;
}

bool isSingleEdit(const Splice& s) { return s.removed.size() == 1 && s.inserted.size() == 1; }

}  // namespace

std::uint64_t History::record(HistoryStep step) {
    for (const HistoryStep& dropped : redo_) heldObjects_ -= objectsHeld(dropped);
    redo_.clear();
    HistoryStep* last = undo_.empty() ? nullptr : &undo_.back();
    const bool merges = step.gesture != 0 && last != nullptr && last->gesture == step.gesture &&
                        std::all_of(step.splices.begin(), step.splices.end(), isSingleEdit);
    if (merges) {
        // The step keeps each object's state from before the gesture and takes the newest after.
        heldObjects_ -= objectsHeld(*last);
        for (Splice& change : step.splices) {
            const auto same = std::find_if(last->splices.begin(), last->splices.end(),
                                           [&](const Splice& s) { return isSingleEdit(s) && s.at == change.at; });
            if (same != last->splices.end()) same->inserted = std::move(change.inserted);
            else last->splices.push_back(std::move(change));
        }
        last->selectionAfter = std::move(step.selectionAfter);
        heldObjects_ += objectsHeld(*last);
        return state_;  // still the gesture's state: one step, one id
    }
    step.stateBefore = state_;
    step.stateAfter = state_ = nextState_++;
    heldObjects_ += objectsHeld(step);
    undo_.push_back(std::move(step));
    trim();
    return state_;
}

const HistoryStep* History::undo() {
    if (undo_.empty()) return nullptr;
    redo_.push_back(std::move(undo_.back()));  // moved, not copied: a load's step holds two scenes
    undo_.pop_back();
    state_ = redo_.back().stateBefore;
    return &redo_.back();
}

const HistoryStep* History::redo() {
    if (redo_.empty()) return nullptr;
    undo_.push_back(std::move(redo_.back()));
    redo_.pop_back();
    state_ = undo_.back().stateAfter;
    undo_.back().gesture = 0;  // a redone step is closed: nothing merges into it any more
    return &undo_.back();
}

void History::closeGesture() {
    if (!undo_.empty()) undo_.back().gesture = 0;
}

void History::trim() {
    std::size_t drop = 0;
    std::size_t held = heldObjects_;
    // The newest step always stays, however large.
    while (undo_.size() - drop > 1 && (undo_.size() - drop > kMaxSteps || held > kMaxObjects))
        held -= objectsHeld(undo_[drop++]);
    undo_.erase(undo_.begin(), undo_.begin() + static_cast<std::ptrdiff_t>(drop));
    heldObjects_ = held;
}

void applySplices(std::vector<scene::Object>& objects, const HistoryStep& step, bool forwards) {
    const auto splice = [&](const Splice& s, const std::vector<scene::Object>& out,
                            const std::vector<scene::Object>& in) {
        const auto at = objects.begin() + static_cast<std::ptrdiff_t>(s.at);
        if (out.size() == in.size()) {
            std::copy(in.begin(), in.end(), at);
            return;
        }
        objects.erase(at, at + static_cast<std::ptrdiff_t>(out.size()));
        objects.insert(objects.begin() + static_cast<std::ptrdiff_t>(s.at), in.begin(), in.end());
    };
    if (forwards) {
        for (const Splice& s : step.splices) splice(s, s.removed, s.inserted);
    } else {
        for (auto s = step.splices.rbegin(); s != step.splices.rend(); ++s) splice(*s, s->inserted, s->removed);
    }
}

}  // namespace pickray::app
