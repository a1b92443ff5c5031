# Writes report/page/{report.html,report.css,report.js,botlines.js} into one C++ header as raw string
# literals, so the `arena` binary carries the report page and writes it with no files beside it.
# Usage: cmake -DDIR=<report/page> -DOUT=<header> -P embed_report_page.cmake
set(text "// Generated from report/page/ by cmake/embed_report_page.cmake; do not edit.\n#pragma once\n#include <string_view>\nnamespace arena::report {\n")
foreach(part html css js)
  file(READ "${DIR}/report.${part}" content)
  string(FIND "${content}" ")ARENA_PAGE\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "report.${part} contains the raw string delimiter")
  endif()
  string(TOUPPER "${part}" name)
  string(APPEND text "inline constexpr std::string_view kPage${name} = R\"ARENA_PAGE(${content})ARENA_PAGE\";\n")
endforeach()
# The bots' lines (console, value chart, marks): a script of its own, loaded before report.js.
file(READ "${DIR}/botlines.js" content)
string(FIND "${content}" ")ARENA_PAGE\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "botlines.js contains the raw string delimiter")
endif()
string(APPEND text "inline constexpr std::string_view kPageBotLinesJS = R\"ARENA_PAGE(${content})ARENA_PAGE\";\n")
string(APPEND text "}  // namespace arena::report\n")
file(WRITE "${OUT}.tmp" "${text}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
