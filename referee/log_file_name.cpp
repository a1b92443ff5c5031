#include "referee/log_file_name.h"

#include <cstdint>
#include <cstdio>

namespace arena {

namespace {

constexpr std::size_t kMaxPlain = 48;  // a plain name up to this length is kept whole
constexpr std::size_t kKept = 40;      // of an altered name, before its hash

bool plain(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '_' ||
         c == '-';
}

std::uint32_t fnv1a(const std::string& s) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}

}  // namespace

std::string log_file_stem(const std::string& name) {
  std::string stem;
  bool altered = name.empty() || name.size() > kMaxPlain || name[0] == '.';
  for (unsigned char c : name) {
    if (stem.size() == kKept && altered) break;
    altered = altered || !plain(c);
    stem += plain(c) ? static_cast<char>(c) : '_';
  }
  if (!altered) return stem;
  if (stem.size() > kKept) stem.resize(kKept);
  if (!stem.empty() && stem[0] == '.') stem[0] = '_';
  char hash[16];
  std::snprintf(hash, sizeof hash, "-%08x", static_cast<unsigned>(fnv1a(name)));
  return stem + hash;
}

}  // namespace arena
