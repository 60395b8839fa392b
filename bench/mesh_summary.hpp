// SPDX-License-Identifier: MIT
#pragma once
// bench_mesh's summary: Google Benchmark's console output as usual, then, once every row has run,
// the median of each row's repetitions (CPU time: the process's own, less what a busy machine
// takes from it) and pickray's ratios to each Embree configuration: time per
// ray (pickray's ÷ Embree's: below 1 is pickray faster), build time, bytes, and the aimed rays'
// slips and double hits. report.py --mesh makes the same tables from the JSON output.

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

namespace bench {

class SummaryReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& run : runs) {
            if (run.run_type != Run::RT_Iteration || run.error_occurred) continue;
            Row& row = rows_[run.benchmark_name().substr(0, run.benchmark_name().find("/repeats:"))];
            row.times.push_back(run.GetAdjustedCPUTime());
            row.unit = benchmark::GetTimeUnitString(run.time_unit);
            for (const auto& [name, counter] : run.counters) row.counters[name] = counter.value;
        }
        ConsoleReporter::ReportRuns(runs);
    }

    void printSummary() const {
        std::vector<std::string> models, methods;
        for (const auto& [name, row] : rows_) {
            const auto parts = split(name);
            if (parts.size() < 2) continue;
            const std::string method = parts[0].substr(parts[0].find('_') + 1);
            if (method != "pickray" && std::find(methods.begin(), methods.end(), method) == methods.end())
                methods.push_back(method);
            if (std::find(models.begin(), models.end(), parts[1]) == models.end()) models.push_back(parts[1]);
        }
        std::printf(
            "\nMedians of the repetitions; ratio = pickray's ÷ Embree's (below 1: pickray faster or smaller).\n");
        std::printf("\n%-8s %-7s %12s", "model", "rays", "pickray");
        for (const std::string& m : methods) std::printf(" %16s %7s", m.c_str(), "ratio");
        std::printf("\n");
        for (const std::string& model : models) {
            for (const char* set : {"camera", "random", "aimed"}) {
                const Row* ours = find("Nearest_pickray/" + model + "/" + set);
                if (!ours) continue;
                std::printf("%-8s %-7s %9.0f ns", model.c_str(), set, ours->median());
                for (const std::string& m : methods) cell(ours, find("Nearest_" + m + "/" + model + "/" + set), " ns");
                std::printf("\n");
            }
            const Row* build = find("Build_pickray/" + model);
            if (build) {
                std::printf("%-8s %-7s %9.1f ms", model.c_str(), "build", build->median());
                for (const std::string& m : methods) cell(build, find("Build_" + m + "/" + model), " ms");
                std::printf("\n");
            }
            const Row* bytes = find("Nearest_pickray/" + model + "/random");
            if (bytes) {
                std::printf("%-8s %-7s %8.1f B/t", model.c_str(), "memory", bytes->counters.at("bytes_per_triangle"));
                for (const std::string& m : methods) {
                    const Row* theirs = find("Nearest_" + m + "/" + model + "/random");
                    if (!theirs) continue;
                    const double b = theirs->counters.at("bytes_per_triangle");
                    std::printf(" %12.1f B/t %7.2f", b, bytes->counters.at("bytes_per_triangle") / b);
                }
                std::printf("\n");
            }
        }
        std::printf("\n%-8s %-16s %7s %12s %12s\n", "model", "method", "aimed", "slips", "double hits");
        for (const std::string& model : models) {
            std::vector<std::string> all = {"pickray"};
            all.insert(all.end(), methods.begin(), methods.end());
            for (const std::string& m : all) {
                const Row* row = find("Nearest_" + m + "/" + model + "/aimed");
                if (!row || !row->counters.contains("slips")) continue;
                std::printf("%-8s %-16s %7.0f %12.0f %12.0f\n", model.c_str(), m.c_str(), row->counters.at("aimed"),
                            row->counters.at("slips"), row->counters.at("double_hits"));
            }
        }
    }

private:
    struct Row {
        std::vector<double> times;
        std::string unit;
        std::map<std::string, double> counters;
        [[nodiscard]] double median() const {
            std::vector<double> t = times;
            std::sort(t.begin(), t.end());
            const std::size_t n = t.size();
            return n % 2 == 1 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
        }
    };

    [[nodiscard]] const Row* find(const std::string& name) const {
        const auto it = rows_.find(name);
        return it == rows_.end() ? nullptr : &it->second;
    }
    static std::vector<std::string> split(const std::string& name) {
        std::vector<std::string> parts;
        for (std::size_t from = 0;;) {
            const std::size_t slash = name.find('/', from);
            parts.push_back(name.substr(from, slash - from));
            if (slash == std::string::npos) return parts;
            from = slash + 1;
        }
    }
    static void cell(const Row* ours, const Row* theirs, const char* unit) {
        if (!theirs) {
            std::printf(" %16s %7s", "-", "-");
            return;
        }
        std::printf(" %13.*f%s %7.2f", unit[1] == 'n' ? 0 : 1, theirs->median(), unit,
                    ours->median() / theirs->median());
    }

    std::map<std::string, Row> rows_;
};

}  // namespace bench
