// SPDX-License-Identifier: MIT
#pragma once
// The CPU a benchmark ran on, for the run's context (report.py prints it above the tables).

#include <fstream>
#include <string>

namespace bench {

/// The CPU's model name, with its family and model numbers (a VM may name only "AMD EPYC"), as
/// /proc/cpuinfo gives them for the first processor ("" where there is none).
inline std::string cpuModel() {
    std::ifstream in("/proc/cpuinfo");
    std::string name, family, model;
    for (std::string line; std::getline(in, line) && !line.empty();) {
        const auto colon = line.find(':');
        if (colon == std::string::npos || colon + 2 > line.size()) continue;
        const std::string value = line.substr(colon + 2);
        if (line.rfind("model name", 0) == 0) name = value;
        else if (line.rfind("cpu family", 0) == 0) family = value;
        else if (line.rfind("model\t", 0) == 0 || line.rfind("model ", 0) == 0) model = value;
    }
    if (!family.empty()) name += " (family " + family + (model.empty() ? "" : ", model " + model) + ")";
    return name;
}

}  // namespace bench
