// SPDX-License-Identifier: MIT
// pickray: click objects, see where the cursor's ray hits them. See app.hpp and cli.cpp.
#include <iostream>
#include <string>
#include <vector>

#include "run.hpp"

int main(int argc, char** argv) {
    return pickray::app::runFromCommandLine(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
