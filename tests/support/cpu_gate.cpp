// SPDX-License-Identifier: MIT
// Runs a per-level test only where the level is real: `cpu_gate FEATURE... -- COMMAND ARGS...`.
// Each FEATURE is a CPU feature the code under test needs (avx, avx2, avx512f, avx512dq,
// avx512vl) or `kernels` (this build has the batch routines' vector objects,
// PICKRAY_SIMD_KERNELS). When one is missing, the library would quietly run a lower level and the
// test would pass for a level it never ran: instead the gate prints why on a line starting
// `skipped: ` and exits with 77, which ctest reports as Skipped (SKIP_RETURN_CODE,
// tests/CMakeLists.txt). Otherwise it runs COMMAND and ends as it ended (a 77 of COMMAND's own
// becomes 1, so that only the gate can skip). The features are read here with the compiler's
// own CPU detection, not with the library's dispatch, which the tests check.
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kSkip = 77;

// 1 when this CPU (and the OS, which must save the wide registers) has the feature, 0 when not,
// -1 for a name the gate does not know.
int cpuHas(const std::string& feature) {
#if defined(__x86_64__) || defined(__i386__)
    // __builtin_cpu_supports takes a literal only.
    if (feature == "avx") return __builtin_cpu_supports("avx") ? 1 : 0;
    if (feature == "avx2") return __builtin_cpu_supports("avx2") ? 1 : 0;
    if (feature == "avx512f") return __builtin_cpu_supports("avx512f") ? 1 : 0;
    if (feature == "avx512dq") return __builtin_cpu_supports("avx512dq") ? 1 : 0;
    if (feature == "avx512vl") return __builtin_cpu_supports("avx512vl") ? 1 : 0;
    return -1;
#else
    const bool known =
        feature == "avx" || feature == "avx2" || feature == "avx512f" || feature == "avx512dq" || feature == "avx512vl";
    return known ? 0 : -1;
#endif
}

}  // namespace

int main(int argc, char** argv) {
    int separator = 1;
    while (separator < argc && std::strcmp(argv[separator], "--") != 0) ++separator;
    if (separator >= argc - 1 || separator == 1) {
        std::fprintf(stderr, "usage: cpu_gate FEATURE... -- COMMAND [ARGS...]\n");
        return 2;
    }
    std::string needed, lacking;
    for (int i = 1; i < separator; ++i) {
        const std::string feature = argv[i];
        needed += (needed.empty() ? "" : " ") + feature;
        int has = 0;
        if (feature == "kernels") {
#if PICKRAY_GATE_SIMD_KERNELS
            has = 1;
#endif
        } else {
            has = cpuHas(feature);
        }
        if (has < 0) {
            std::fprintf(stderr, "cpu_gate: unknown feature %s\n", feature.c_str());
            return 2;
        }
        if (has == 0) {
            if (!lacking.empty()) lacking += ", ";
            lacking += feature == "kernels" ? "the vector objects (built with PICKRAY_SIMD_KERNELS=OFF)" : feature;
        }
    }
    if (!lacking.empty()) {
#if defined(__x86_64__) || defined(__i386__)
        const char* machine = "this machine";
#else
        const char* machine = "this machine (not x86)";
#endif
        const char* level = std::getenv("PICKRAY_SIMD");
        std::printf("skipped: PICKRAY_SIMD=%s needs %s; %s lacks %s, so the library would run a lower level\n",
                    level != nullptr ? level : "(unset)", needed.c_str(), machine, lacking.c_str());
        return kSkip;
    }
    std::fflush(stdout);
    const pid_t child = fork();
    if (child < 0) {
        std::perror("cpu_gate: fork");
        return 2;
    }
    if (child == 0) {
        execvp(argv[separator + 1], argv + separator + 1);
        std::perror("cpu_gate: exec");
        _exit(127);
    }
    int status = 0;
    if (waitpid(child, &status, 0) < 0) {
        std::perror("cpu_gate: waitpid");
        return 2;
    }
    if (WIFSIGNALED(status)) {
        // End the same way, so that ctest says what it says of the test itself (e.g. "Subprocess aborted").
        std::signal(WTERMSIG(status), SIG_DFL);
        std::raise(WTERMSIG(status));
        return 128 + WTERMSIG(status);
    }
    const int code = WEXITSTATUS(status);
    return code == kSkip ? 1 : code;
}
