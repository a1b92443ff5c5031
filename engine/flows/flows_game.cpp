#include "engine/flows/flows_game.h"

#include <sstream>

namespace arena::flows {

namespace {

RouteSolver& solver() {
  // One solver per thread: its scratch tables are reused by every state.
  thread_local RouteSolver s;
  return s;
}

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

FlowsGame::FlowsGame(const GameInfo& info, Params params, Seating seating, Legality legality)
    : Game(info, std::move(params)), seating_(std::move(seating)), legality_(legality) {}

std::unique_ptr<State> FlowsGame::new_initial_state() const { return std::make_unique<FlowsState>(*this); }

FlowsState::FlowsState(const FlowsGame& game) : StateBase<FlowsState>(game) {
  unplaced_.fill(kCopiesPerType);
  legal_.reserve(kCells * kHexSides);
}

int FlowsState::mover() const {
  if (over_) return 0;
  const auto& cycle = rules().seating().turn_cycle;
  return cycle[turn_ % cycle.size()];
}

int FlowsState::current_player() const {
  if (over_) return kTerminal;
  return drawn_ < 0 ? kChance : mover();
}

void FlowsState::legal_moves(std::vector<Move>& out) const {
  out.clear();
  if (over_) return;
  if (drawn_ < 0) {
    for (int t = 0; t < kTileTypes; ++t)
      if (unplaced_[t] > 0) out.push_back(kDrawBase + t);
    return;
  }
  out.assign(legal_.begin(), legal_.end());
}

std::vector<std::pair<Move, double>> FlowsState::chance_outcomes() const {
  if (!is_chance()) return State::chance_outcomes();
  int total = 0;
  for (int t = 0; t < kTileTypes; ++t) total += unplaced_[t];
  std::vector<std::pair<Move, double>> out;
  for (int t = 0; t < kTileTypes; ++t)
    if (unplaced_[t] > 0) out.emplace_back(kDrawBase + t, static_cast<double>(unplaced_[t]) / total);
  return out;
}

void FlowsState::do_apply(Move m) {
  if (drawn_ < 0) {
    drawn_ = m - kDrawBase;
    solver().legal_placements(board_, rules().seating().axes, rules().legality(), drawn_, legal_);
    if (legal_.empty()) {
      // Nowhere to put the drawn tile: its holder (and their team) wins at once. The
      // holder is read before the game is marked over (mover() is 0 once it is).
      const int holder = mover();
      over_ = true;
      unplayable_ = true;
      winners_ = static_cast<std::uint8_t>(1u << rules().seating().axis_of_seat(holder));
    }
    return;
  }
  const int cell = m / kHexSides, rotation = m % kHexSides;
  board_.pairing[cell] = static_cast<std::int8_t>(tile_pairing(drawn_, rotation));
  --unplaced_[drawn_];
  drawn_ = -1;
  legal_.clear();
  winners_ = joined_axes(board_, rules().seating().axes);
  if (winners_) {
    over_ = true;
    return;
  }
  ++turn_;
  bool full = true;
  for (int c = 0; c < kCells; ++c) full &= !board_.empty(c);
  // Unreachable under both legality rules (a full board without a win has no routes);
  // kept so that a game can never stall.
  if (full) over_ = true;
}

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

std::string FlowsState::render() const {
  const Geometry& g = geometry();
  std::ostringstream out;
  out << "            side 0 (N)\n";
  for (int row = 0; row < kRows; ++row) {
    out << std::string(3 * (row < 3 ? 3 - row : row - 3) + 2, ' ');
    for (int i = 0; i < g.row_length[row]; ++i) {
      int c = g.row_start[row] + i;
      std::string cellText;
      if (board_.empty(c)) {
        cellText = cell_name(c) + "..";
      } else {
        TileRotation tr = tile_of_pairing(board_.pairing[c]);
        cellText = tile_name(tr.type) + ":" + std::to_string(tr.rotation);
      }
      out << cellText << "  ";
    }
    out << "\n";
  }
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

std::vector<SeatResult> FlowsState::results() const {
  const Seating& st = rules().seating();
  std::vector<SeatResult> r(st.players);
  for (int s = 1; s <= st.players; ++s) {
    bool won = winners_ >> st.axis_of_seat(s) & 1;
    r[s - 1].rank = winners_ == 0 || won ? 1 : 2;
    r[s - 1].score = won ? 1.0 : 0.0;
    r[s - 1].team = game().team_of(s);
  }
  return r;
}

namespace {

std::unique_ptr<Game> make_flows(const GameInfo& info, const Params& params) {
  int players = static_cast<int>(params.integer("players"));
  Seating seating = make_seating(players, params.text("sides"));
  Legality legality = params.text("legality") == "independent" ? Legality::kIndependent : Legality::kDistinct;
  // Canonical spec: "default" for the default seating (however it was spelled), else the
  // explicit list, so equal games always have equal specs.
  Params canonical = params;
  for (auto& [key, value] : canonical.values)
    if (key == "sides")
      value = seating.side_of_seat == default_sides(players) ? "default" : seating.to_text();
  return std::make_unique<FlowsGame>(info, std::move(canonical), std::move(seating), legality);
}

}  // namespace

// With 5 players the solo seat also plays the black side's turn: twice in every round.
const std::vector<RareSituation>& FlowsGame::rare_situations() const {
  static const std::vector<RareSituation> list = {
      {"extra_turn", "the 5-player extra turn", 5, seat_acts_early},
  };
  return list;
}

}  // namespace arena::flows

namespace arena {

const GameEntry& flows_entry() {
  using namespace flows;
  static const GameEntry entry{
      GameInfo{
          "flows",
          "Flows (Quortex)",
          2,
          6,
          {int_param("players", 2, 2, 6, "number of players"),
           choice_param("legality", "distinct", {"distinct", "independent"},
                        "distinct: all players/teams must keep routes at once; independent: each alone"),
           text_param("sides", "default",
                      "board side of each seat, seat 1 first then clockwise, e.g. 0-2-4; default: 2p 0-2, "
                      "3p 0-2-4, 4p 0-1-3-4, 5p 0-1-2-3-4, 6p 0-1-2-3-4-5",
                      "'default' or sides 0..5 joined by '-' in clockwise order")}},
      make_flows};
  return entry;
}

}  // namespace arena
