// FlowsState's text: move notation and parsing with reasons, what each seat is told of an
// action, the observation bots read, the notation help and the rendering for people.
#include <sstream>

#include "engine/core/picture.h"
#include "engine/flows/flows_state.h"

namespace arena::flows {

namespace {

std::string tile_name(int type) {
  std::string s(1, 'T');  // appends, not "T" + ...: g++ 12 -O3 reports a false -Wrestrict
  s += std::to_string(type);
  return s;
}

std::string placement_text(Move m) { return cell_name(m / kHexSides) + ":" + std::to_string(m % kHexSides); }

ParsedMove unparseable(std::string error) {
  ParsedMove p;
  p.status = ParsedMove::Status::kUnparseable;
  p.error = std::move(error);
  return p;
}

ParsedMove illegal(std::string error) {
  ParsedMove p;
  p.status = ParsedMove::Status::kIllegal;
  p.error = std::move(error);
  return p;
}

ParsedMove ok(Move m) {
  ParsedMove p;
  p.status = ParsedMove::Status::kOk;
  p.move = m;
  return p;
}

// "T0".."T3" (either case) -> type, else -1.
int parse_tile(std::string_view text) {
  if (text.size() != 2 || (text[0] != 'T' && text[0] != 't') || text[1] < '0' || text[1] > '3') return -1;
  return text[1] - '0';
}

const char* kLegalityNames[] = {"distinct", "independent"};

}  // namespace

std::string FlowsState::move_to_string(Move m) const {
  if (m >= kDrawBase) return tile_name(m - kDrawBase);
  return placement_text(m);
}

std::string FlowsState::action_view(int seat, Move m) const {
  if (drawn_ < 0 && !over_) return seat == mover() ? tile_name(m - kDrawBase) : "?";
  // The placement reveals the tile to everybody: "T1@d4:2".
  return tile_name(drawn_) + "@" + placement_text(m);
}

ParsedMove FlowsState::parse_move(std::string_view text) const {
  if (over_) return illegal("the game is over");
  if (drawn_ < 0) {
    int t = parse_tile(text);
    if (t < 0)
      return unparseable(std::string("'").append(text) + "' is not a tile draw (expected T0, T1, T2 or T3)");
    if (unplaced_[t] == 0) return illegal("no " + tile_name(t) + " tiles are left to draw");
    return ok(kDrawBase + t);
  }
  std::string_view body = text;
  int named_tile = -1;
  if (auto at = text.find('@'); at != std::string_view::npos) {
    named_tile = parse_tile(text.substr(0, at));
    if (named_tile < 0)
      return unparseable(std::string("'").append(text) + "': '" + std::string(text.substr(0, at)) +
                         "' is not a tile (expected T0..T3 before '@')");
    body = text.substr(at + 1);
  }
  auto colon = body.find(':');
  if (colon == std::string_view::npos)
    return unparseable(std::string("'").append(text) +
                       "' is not a placement (expected HEX:ROTATION, e.g. d4:2)");
  int cell = parse_cell(body.substr(0, colon));
  if (cell < 0)
    return unparseable(std::string("'").append(text) + "': '" + std::string(body.substr(0, colon)) +
                       "' is not a hex (a1-a4, b1-b5, c1-c6, d1-d7, e1-e6, f1-f5, g1-g4)");
  std::string_view rot_text = body.substr(colon + 1);
  if (rot_text.size() != 1 || rot_text[0] < '0' || rot_text[0] > '5')
    return unparseable(std::string("'").append(text) + "': rotation must be a digit 0..5");
  if (named_tile >= 0 && named_tile != drawn_)
    return illegal(std::string("'").append(text) + "': the tile in hand is " + tile_name(drawn_) + ", not " +
                   tile_name(named_tile));
  if (!board_.empty(cell))
    return illegal(std::string("'").append(text) + "': " + cell_name(cell) + " already holds a tile");
  int rotation = canonical_rotation(drawn_, rot_text[0] - '0');
  Move m = cell * kHexSides + rotation;
  for (Move legal : legal_)
    if (legal == m) return ok(m);
  return illegal(
      std::string("'").append(text) + "' (" + tile_name(drawn_) + " on " + cell_name(cell) + ", rotation " +
      std::to_string(rotation) + ") would leave some player or team without a route to a win (legality=" +
      kLegalityNames[static_cast<int>(rules().legality())] + ")" + legal_moves_hint(*this, legal_));
}

std::string FlowsState::observation(int seat) const {
  const Seating& st = rules().seating();
  std::ostringstream out;
  out << "game " << game().spec() << "\n";
  out << "seat " << seat << "\n";
  out << "sides";
  for (int side : st.side_of_seat) out << ' ' << side;
  out << "\nteams";
  for (int team : st.team_of_seat) out << ' ' << team;
  out << "\nturn " << turn_ + 1 << "\n";
  if (over_) {
    out << "phase over\n";
  } else {
    out << "to_move " << mover() << "\n";
    out << "phase " << (drawn_ < 0 ? "draw" : "place") << "\n";
    if (drawn_ >= 0) out << "tile " << (seat == mover() ? tile_name(drawn_) : "?") << "\n";
  }
  out << "unplaced";
  for (int t = 0; t < kTileTypes; ++t) out << ' ' << static_cast<int>(unplaced_[t]);
  out << "\nboard";
  for (int c = 0; c < kCells; ++c) {
    if (board_.empty(c)) {
      out << " .";
      continue;
    }
    TileRotation tr = tile_of_pairing(board_.pairing[c]);
    out << ' ' << tile_name(tr.type) << ':' << tr.rotation;
  }
  out << "\n";
  if (over_) {
    out << "winners";
    for (int s = 1; s <= st.players; ++s)
      if (winners_ >> st.axis_of_seat(s) & 1) out << ' ' << s;
    out << (unplayable_ ? "\nend unplayable_tile\n" : "\nend flow\n");
  }
  return out.str();
}

// The notation summary of docs/rules/flows.md, for a person at the terminal.
std::string FlowsState::notation_help() const {
  return "Place the tile you drew: HEX:ROT, the hex and the rotation, e.g. d4:2;\n"
         "the tile type may be written in front, T1@d4:2. Draws (chance) are T0..T3.\n";
}

// The board for people, one cell as three lines of nine characters, paths drawn by their ends:
// the two sides a path joins carry the same mark, the digit of the seat whose flow runs along
// it, or a letter (a, b, c) for a path no seat's flow reaches yet; the tile and its rotation in
// the middle. Sides: NW and NE on the top line, W and E on the middle one, SW and SE below.
std::string FlowsState::board_text() const {
  const Picture p = picture(0);
  const PictureBoard& board = p.boards.front();
  constexpr int kWidth = 9, kPitch = 5;  // a cell's width; columns per half cell
  std::vector<std::string> lines(3 * kRows, std::string(kPitch * 2 * kRows + kWidth, ' '));
  // Where side k's mark goes in a cell (line, column); sides clockwise from the north-east.
  static constexpr int kSideLine[kHexSides] = {0, 1, 2, 2, 1, 0}, kSideColumn[kHexSides] = {6, 8, 6, 2, 0, 2};
  for (const PictureCell& c : board.cells) {
    const int top = 3 * c.y, left = kPitch * c.x + 2;
    const std::string label = c.tile.empty() ? c.name : c.tile + ":" + std::to_string(c.rotation);
    lines[top + 1].replace(left + (kWidth - static_cast<int>(label.size())) / 2, label.size(), label);
    for (int k = 0; k < kHexSides; ++k) lines[top + kSideLine[k]][left + kSideColumn[k]] = '.';
    char letter = 'a';
    for (const PictureCell::Link& l : c.links) {
      const char mark = l.seat ? static_cast<char>('0' + l.seat) : letter++;
      lines[top + kSideLine[l.a]][left + kSideColumn[l.a]] = mark;
      lines[top + kSideLine[l.b]][left + kSideColumn[l.b]] = mark;
    }
  }
  std::string out;
  for (std::string& line : lines) {
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  return out;
}

std::string FlowsState::render() const {
  std::ostringstream out;
  out << "            side 0 (N)\n";
  out << board_text();
  out << "            side 3 (S)\n";
  const Seating& st = rules().seating();
  for (int s = 1; s <= st.players; ++s)
    out << "seat " << s << ": side " << st.side_of_seat[s - 1] << ", team " << game().team_number(s) << "\n";
  if (over_) {
    out << "over: winners";
    for (int s = 1; s <= st.players; ++s)
      if (winners_ >> st.axis_of_seat(s) & 1) out << ' ' << s;
    out << (unplayable_ ? " (unplayable tile)\n" : "\n");
  } else {
    out << "to move: seat " << mover();
    if (drawn_ >= 0) out << " holding " << tile_name(drawn_);
    out << "\n";
  }
  return out.str();
}

}  // namespace arena::flows
