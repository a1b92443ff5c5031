#include "referee/legal_list.h"

#include <cstring>

#include "engine/core/move_name_table.h"

namespace arena {

void LegalList::build(const State& state) {
  state.legal_moves(moves_);
  if (const MoveNameTable* table = state.game().move_name_table()) {
    table->join(moves_, names_, ends_);
    return;
  }
  ends_.clear();
  names_.clear();
  for (Move m : moves_) {
    if (!names_.empty()) names_ += ' ';
    state.append_move_name(m, names_);
    ends_.push_back(static_cast<std::uint32_t>(names_.size()));
  }
}

int LegalList::find(std::string_view name) const {
  std::size_t begin = 0;
  for (std::size_t i = 0; i < ends_.size(); ++i) {
    const std::size_t end = ends_[i];
    if (end - begin == name.size() && std::memcmp(names_.data() + begin, name.data(), name.size()) == 0)
      return static_cast<int>(i);
    begin = end + 1;
  }
  return -1;
}

}  // namespace arena
