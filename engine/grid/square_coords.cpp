#include "engine/grid/square_coords.h"

namespace arena::grid {

std::string cell_name(int cell, int size) {
  std::string s(1, static_cast<char>('a' + cell % size));
  s += std::to_string(cell / size + 1);
  return s;
}

CoordRead read_cell(std::string_view text, int size) {
  CoordRead r;
  if (text.empty()) return r;
  char letter = text[0];
  if (letter >= 'A' && letter <= 'Z') letter = static_cast<char>(letter - 'A' + 'a');
  if (letter < 'a' || letter > 'z') return r;
  std::size_t i = 1;
  if (i >= text.size() || text[i] < '1' || text[i] > '9') return r;  // no digits or a leading zero
  long row = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9' && row <= kMaxSize) {
    row = row * 10 + (text[i] - '0');
    ++i;
  }
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;  // absurdly long numbers: off board
  r.length = i;
  int column = letter - 'a';
  if (column >= size || row > size) {
    r.status = CoordRead::Status::kOffBoard;
    return r;
  }
  r.status = CoordRead::Status::kOk;
  r.cell = static_cast<int>(row - 1) * size + column;
  return r;
}

std::string column_labels(int size, int width) {
  std::string s;
  for (int c = 0; c < size; ++c) {
    s += static_cast<char>('a' + c);
    s.append(static_cast<std::size_t>(width - 1), ' ');
  }
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

}  // namespace arena::grid
