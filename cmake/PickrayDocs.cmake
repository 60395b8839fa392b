# SPDX-License-Identifier: MIT
# The documentation installed with the library, into ${CMAKE_INSTALL_DOCDIR} (share/doc/pickray),
# laid out as in the sources so that the relative links between the files work there too:
#   QUICKSTART.md      the library from find_package to a picked object (its code is built and
#                      run as is by tests/install/consume_installed.cmake);
#   README.md          the sources' README.md from "## The library" up to "## Tests", under a
#                      short header (the rest is about the demo and the tests);
#   docs/              the documents with their pictures and recorded sessions;
#   examples/          stand-alone projects that use the installed package (examples/pick_cli);
#   CHANGELOG.md       user-visible changes by version (docs/ link to it);
#   copyright          the licence, where Debian keeps it.
include(GNUInstallDirs)

file(READ ${PROJECT_SOURCE_DIR}/README.md pickray_readme)
string(FIND "${pickray_readme}" "\n## The library\n" pickray_library_start)
string(FIND "${pickray_readme}" "\n## Tests\n" pickray_library_end)
if(pickray_library_start LESS 0 OR pickray_library_end LESS pickray_library_start)
  message(FATAL_ERROR "README.md has no \"## The library\" section followed by \"## Tests\": "
                      "the installed README.md is that section (cmake/PickrayDocs.cmake)")
endif()
math(EXPR pickray_library_length "${pickray_library_end} - ${pickray_library_start}")
string(SUBSTRING "${pickray_readme}" ${pickray_library_start} ${pickray_library_length} pickray_readme_library)
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/doc/README.md @ONLY CONTENT [[
# pickray: the library

The exact ray-picking and collision library of pickray, in C++20 with GLM. Start with
[QUICKSTART.md](QUICKSTART.md): from `find_package(pickray)` to a picked object in ten lines.
Below is the library's part of the project's README. The other documents are in `docs/`
([docs/LIBRARY.md](docs/LIBRARY.md) first), and [examples/pick_cli](examples/pick_cli/main.cpp)
is a complete outside project.
@pickray_readme_library@]])
# The installed README follows the sources' one.
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/README.md)

install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)
install(FILES ${PROJECT_BINARY_DIR}/doc/README.md ${PROJECT_SOURCE_DIR}/QUICKSTART.md ${PROJECT_SOURCE_DIR}/CHANGELOG.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
file(GLOB pickray_docs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${pickray_docs} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/screenshots ${PROJECT_SOURCE_DIR}/docs/sessions
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
