// SPDX-License-Identifier: MIT
#pragma once
// pickray in a real X window under Xvfb, driven by xdotool as a hand would, for the end-to-end
// tests. XSession writes the session's shell script: pickray started with --status, then steps
// that each send input and wait until the window has handled it (its status file says the events
// grew and it is idle again), never for a fixed time, so no verdict depends on the host's speed.
// A condition that never comes fails the test after a generous time-out, naming what was awaited.
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"

namespace e2e {

/// Whether xvfb-run, xdotool and `more` are installed. Where one is missing the test is skipped
/// or, built with PICKRAY_REQUIRE_ALL_TESTS, fails; either way the caller returns at once.
[[nodiscard]] inline bool xToolsInstalled(const std::vector<std::string>& more = {}) {
    std::vector<std::string> tools = {"xvfb-run", "xdotool"};
    tools.insert(tools.end(), more.begin(), more.end());
    std::string missing;
    for (const std::string& tool : tools)
        if (std::system(("command -v " + tool + " > /dev/null 2>&1").c_str()) != 0)
            missing += (missing.empty() ? "" : ", ") + tool;
    if (missing.empty()) return true;
    if (PICKRAY_REQUIRE_ALL_TESTS) ADD_FAILURE() << missing << " not installed (PICKRAY_REQUIRE_ALL_TESTS)";
    else [&] { GTEST_SKIP() << missing << " not installed"; }();
    return false;
}

/// xvfb-run as xvfbRun() gives it, its screen kept in the file `dir`/Xvfb_screen0.
inline std::string xvfbRunKeepingTheScreenIn(const fs::path& dir) {
    std::string run = xvfbRun();
    run.insert(run.size() - 1, " -fbdir " + dir.string());  // the server's options end the command
    return run;
}

/// `text` as one shell word, whatever it holds.
inline std::string shellWord(const std::string& text) {
    std::string word = "'";
    for (const char c : text) word += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return word + "'";
}

class XSession {
public:
    /// What a session left: the report (when --report report.json was given), the script's output
    /// (pickray's too) and the folder it ran in.
    struct Result {
        json report;
        std::string output;
        fs::path dir;
        bool ok = false;  ///< the script ran to its end and pickray quit
    };

    /// A session in the empty folder tempDir()/name; $WID is the window, $PID pickray, $SCREEN
    /// the screen's file (keepScreen()); XDG_CONFIG_HOME is the folder's config/.
    explicit XSession(const std::string& name) : dir_(scratchDir(name)) {}

    /// pickray's options, as shell words (the session adds --status status.json).
    XSession& options(const std::string& words) {
        options_ = words;
        return *this;
    }
    /// Shell lines run in the folder before pickray starts.
    XSession& before(const std::string& lines) {
        before_ += lines;
        return *this;
    }
    /// Xvfb keeps its screen in the file $SCREEN, which shell() steps may copy.
    XSession& keepScreen() {
        keepScreen_ = true;
        return *this;
    }
    /// The steps end pickray themselves (--quit-after-clicks): no Ctrl+Q, its exit is waited for.
    XSession& quitsByItself() {
        quitsByItself_ = true;
        return *this;
    }
    /// On quitting, Enter answers a question (unsaved changes: "Save and quit").
    XSession& answerTheQuit() {
        answerQuit_ = true;
        return *this;
    }

    // ---- steps: each sends its input, then waits until the window has handled it ---------------

    /// The pointer to window pixels (an absolute move: SDL's global mouse state does not follow).
    /// (A pointer already there makes no event: nothing is waited for then.)
    XSession& move(glm::ivec2 p) {
        const std::string xdotool = "mousemove --window \"$WID\" " + pair(p);
        script_ += "mark\nFROM=$(pointer)\nxdotool " + xdotool +
                   "\n[ \"$(pointer)\" = \"$FROM\" ] || wait_until handled " +
                   shellWord("xdotool " + xdotool + " handled") + "\n";
        return *this;
    }
    /// The pointer moved by `d` (a relative move: ImGui's hover and drags follow it).
    XSession& moveBy(glm::ivec2 d) { return input("mousemove_relative -- " + pair(d)); }
    /// The pointer to `p` in a move that ImGui sees: beside it, then one pixel relative.
    XSession& moveTo(glm::ivec2 p) { return move(p - glm::ivec2(1, 0)).moveBy({1, 0}); }
    XSession& click(int button = 1) { return input("click " + std::to_string(button)); }
    XSession& press(int button = 1) { return input("mousedown " + std::to_string(button)); }
    XSession& release(int button = 1) { return input("mouseup " + std::to_string(button)); }
    /// A press, `steps` relative moves of `step` each, a release: a drag as ImGui and the view see it.
    XSession& drag(glm::ivec2 step, int steps, int button = 1) {
        press(button);
        for (int i = 0; i < steps; ++i) moveBy(step);
        return release(button);
    }
    /// A key pressed and released ("ctrl+z", "F12", "Escape").
    /// Its press and release sent at once (no delay between them), so that the window takes both
    /// before it is idle again.
    XSession& key(const std::string& spec) { return input("key --delay 0 " + spec); }
    XSession& keyDown(const std::string& spec) { return input("keydown " + spec); }
    XSession& keyUp(const std::string& spec) { return input("keyup " + spec); }
    XSession& type(const std::string& text) { return input("type " + shellWord(text)); }
    XSession& resize(glm::ivec2 size) { return input("windowsize \"$WID\" " + pair(size)); }

    /// Shell lines as they are, with no wait (a copy of the screen, the clipboard, a measurement).
    XSession& shell(const std::string& lines) {
        script_ += lines;
        return *this;
    }
    /// Waits until the shell condition holds; `what` names it in the failure. The script's
    /// functions: `field NAME` (a field of the status file: frames, events, asleep, idle, wake,
    /// timedWakes, unaskedWakes, redraws), `handled` (the events sent since `mark` handled and the
    /// window idle).
    XSession& waitUntil(const std::string& condition, const std::string& what) {
        script_ += "wait_until " + shellWord(condition) + " " + shellWord(what) + "\n";
        return *this;
    }
    /// Waits until the window sleeps until an event and nothing else (no timed wake asked for).
    XSession& waitAsleep(const std::string& what) { return waitUntil("[ \"$(field asleep)\" = true ]", what); }
    /// Waits until the window's title is `title`.
    XSession& waitTitle(const std::string& title) {
        return waitUntil("grep -qF " + shellWord("\"title\":" + json(title).dump()) + " status.json",
                         "the title is " + title);
    }
    /// The status file as it is now, copied to `file` in the folder.
    XSession& snapshot(const std::string& file) { return shell("cp status.json " + shellWord(file) + "\n"); }

    /// Quits (Ctrl+Q; Enter after it where answerTheQuit()), waits until pickray has exited, and
    /// says what the session left. The test fails where the script did not run to its end.
    Result run() {
        const fs::path sh = dir_ / "session.sh";
        const fs::path output = dir_ / "output.txt";
        std::ofstream(sh) << header() << script_ << quit();
        const std::string command = "ASAN_OPTIONS=detect_leaks=0 timeout 600 " +
                                    (keepScreen_ ? xvfbRunKeepingTheScreenIn(dir_ / "screen") : xvfbRun()) + " sh " +
                                    quote(sh.string()) + " > " + quote(output.string()) + " 2>&1";
        if (keepScreen_) fs::create_directories(dir_ / "screen");
        const int status = std::system(command.c_str());
        Result r;
        r.dir = dir_;
        r.output = fileText(output);
        r.ok = status == 0;
        if (fs::exists(dir_ / "waits_failed.txt")) ADD_FAILURE() << fileText(dir_ / "waits_failed.txt");
        EXPECT_EQ(status, 0) << r.output;
        if (fs::exists(dir_ / "report.json")) r.report = readJson(dir_ / "report.json");
        return r;
    }
    [[nodiscard]] const fs::path& dir() const { return dir_; }

    /// How long a wait may take before the test fails: far more than any step needs.
    static constexpr int kTimeoutSeconds = 30;

private:
    static std::string pair(glm::ivec2 p) { return std::to_string(p.x) + " " + std::to_string(p.y); }

    // Input sent, then waited for: the events grew past the mark and the frames owed after them
    // were drawn.
    XSession& input(const std::string& xdotool) {
        script_ +=
            "mark\nxdotool " + xdotool + "\nwait_until handled " + shellWord("xdotool " + xdotool + " handled") + "\n";
        return *this;
    }

    std::string header() const {
        std::string s = "set -e\nunset SDL_VIDEODRIVER\ncd " + quote(dir_.string()) + "\n" +
                        "SCREEN=" + quote((dir_ / "screen" / "Xvfb_screen0").string()) + "\n" +
                        "export XDG_CONFIG_HOME=" + quote((dir_ / "config").string()) + "\n";
        std::string functions =
            R"sh(# field NAME: a number or word of the status file (one line of JSON, pickray --status).
field() { sed -n 's/.*"'"$1"'":\([^,}]*\).*/\1/p' status.json 2> /dev/null; }
# wait_until CONDITION WHAT: polls the condition (a 20 ms poll, not a step's sleep); after the
# time-out, says that WHAT never came, with the status, and fails the session.
wait_until() {
  end=$(($(date +%s) + TIMEOUT))
  until eval "$1"; do
    if [ "$(date +%s)" -ge "$end" ]; then
      echo "waited TIMEOUT s until $2: it never came (status: $(cat status.json 2> /dev/null))" >> waits_failed.txt
      cat waits_failed.txt >&2
      kill "$PID" 2> /dev/null || true
      exit 3
    fi
    sleep 0.02
  done
}
# mark, then input: `handled` once the window took events after the mark and is idle again.
mark() { EVENTS=$(field events); }
handled() { [ "$(field events)" -gt "$EVENTS" ] 2> /dev/null && [ "$(field idle)" = true ]; }
exited() { ! kill -0 "$PID" 2> /dev/null; }
# pointer: where the pointer is on the screen.
pointer() { xdotool getmouselocation | cut -d' ' -f1,2; }
)sh";
        for (std::size_t at; (at = functions.find("TIMEOUT")) != std::string::npos;)
            functions.replace(at, 7, std::to_string(kTimeoutSeconds));
        s += functions;
        s += before_ + quote(PICKRAY_EXE) + " --status status.json " + options_ + " &\nPID=$!\n";
        s += "WID=$(timeout " + std::to_string(kTimeoutSeconds) +
             " xdotool search --sync --onlyvisible --name 'pickray$' | head -n1)\n"
             "[ -n \"$WID\" ] || { echo 'no pickray window within the time-out' >&2; exit 3; }\n"
             "wait_until '[ \"$(field events)\" -gt 0 ] 2> /dev/null && [ \"$(field idle)\" = true ]' "
             "'the window drew its first frames'\n";
        return s;
    }

    std::string quit() const {
        if (quitsByItself_) return "wait_until exited 'pickray quit by itself'\nwait $PID\n";
        std::string s = "mark\nxdotool key --delay 0 ctrl+q\nwait_until 'exited || handled' 'Ctrl+Q handled'\n";
        if (answerQuit_) s += "if ! exited; then mark; xdotool key --delay 0 Return; fi\n";
        s += "wait_until exited 'pickray quit'\nwait $PID\n";
        return s;
    }

    fs::path dir_;
    std::string options_;
    std::string before_;
    std::string script_;
    bool keepScreen_ = false;
    bool answerQuit_ = false;
    bool quitsByItself_ = false;
};

}  // namespace e2e
