// SPDX-License-Identifier: MIT
#pragma once
// Messages for the user: a toast in the window, and a line on the output (errors on the error
// stream), unless it is the line printed last (a refused value while a field is dragged).

#include <ostream>
#include <string>
#include <utility>

#include "panels/toasts.hpp"
#include "panels/ui.hpp"

namespace pickray::app {

class Messages {
public:
    Messages(std::ostream& out, std::ostream& err) : out_(out), err_(err) {}
    void say(UiState& ui, std::string text, bool isError) {
        if (text != lastPrinted_) (isError ? err_ : out_) << "pickray: " << text << "\n";
        lastPrinted_ = text;
        postToast(ui, std::move(text), isError);
    }
    /// A line on the output and no toast: what a script step reports of itself, kept out of the
    /// pictures and GIFs made after it.
    void print(std::string text) {
        out_ << "pickray: " << text << "\n";
        lastPrinted_ = std::move(text);
    }
    [[nodiscard]] std::ostream& out() { return out_; }
    [[nodiscard]] std::ostream& err() { return err_; }

private:
    std::ostream& out_;
    std::ostream& err_;
    std::string lastPrinted_;
};

}  // namespace pickray::app
