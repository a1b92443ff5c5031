#include "engine/core/move_name_table.h"

#include <algorithm>
#include <cstring>

namespace arena {

MoveNameTable::MoveNameTable(const std::vector<std::string>& names) {
  std::size_t longest = 0;
  for (const auto& name : names) longest = std::max(longest, name.size());
  stride_ = longest + 1 <= 8 ? 8 : longest + 1 <= 16 ? 16 : longest + 1;
  begin_.reserve(names.size());
  length_.reserve(names.size());
  for (const auto& name : names) {
    begin_.push_back(static_cast<std::uint32_t>(text_.size()));
    length_.push_back(static_cast<std::uint32_t>(name.size()));
    text_ += name;
    text_ += ' ';
  }
  text_.append(stride_, ' ');
}

namespace {
// Copies each name of `moves` with its space, `copy` moving one block; returns the length
// written, the last space included.
template <class Copy>
std::size_t copy_names(const std::vector<Move>& moves, const char* text, const std::uint32_t* begin,
                       const std::uint32_t* length, char* out, std::uint32_t* ends, Copy copy) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const std::size_t n = length[m];
    copy(out + at, text + begin[m], n + 1);
    at += n + 1;
    ends[i] = static_cast<std::uint32_t>(at - 1);
  }
  return at;
}
}  // namespace

void MoveNameTable::join(const std::vector<Move>& moves, std::string& joined,
                         std::vector<std::uint32_t>& ends) const {
  ends.resize(moves.size());
  joined.resize((moves.size() + 1) * stride_);
  const auto args = [&](auto copy) {
    return copy_names(moves, text_.data(), begin_.data(), length_.data(), joined.data(), ends.data(), copy);
  };
  std::size_t written;
  if (stride_ == 8)
    written = args([](char* to, const char* from, std::size_t) { std::memcpy(to, from, 8); });
  else if (stride_ == 16)
    written = args([](char* to, const char* from, std::size_t) { std::memcpy(to, from, 16); });
  else
    written = args([](char* to, const char* from, std::size_t n) { std::memcpy(to, from, n); });
  joined.resize(written == 0 ? 0 : written - 1);  // the last name's space dropped
}

}  // namespace arena
