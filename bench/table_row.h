// One Markdown row of bench/run's table (| measurement | value | target | met |), and
// number formatting for its cells. Shared by the benchmark programs that print rows.
#pragma once

#include <cstdio>
#include <string>

namespace arena::bench {

inline void row(const std::string& what, const std::string& value, const std::string& target,
                const std::string& met) {
  std::printf("| %s | %s | %s | %s |\n", what.c_str(), value.c_str(), target.c_str(), met.c_str());
  std::fflush(stdout);  // rows appear as they are measured
}

// printf-style formatting of one number, e.g. fmt("%.1f µs", 2.9).
inline std::string fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace arena::bench
