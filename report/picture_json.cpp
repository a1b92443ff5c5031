// Picture to JSON (report/picture_json.h).
#include "report/picture_json.h"

#include "report/page_keys.h"

namespace arena::report {

namespace json = boost::json;

namespace {

json::array board_cells(const PictureBoard& b) {
  json::array cells;
  cells.reserve(b.cells.size());
  for (const PictureCell& c : b.cells) {
    json::array cell{c.x, c.y, c.name, c.stone};
    if (!c.tile.empty()) {
      json::array links;
      for (const PictureCell::Link& l : c.links) links.push_back(json::array{l.a, l.b, l.seat});
      cell.push_back(json::value(c.tile));
      cell.push_back(c.rotation);
      cell.push_back(std::move(links));
    }
    cells.push_back(std::move(cell));
  }
  return cells;
}

json::array string_array(const std::vector<std::string>& items) {
  json::array out;
  for (const std::string& s : items) out.push_back(json::value(s));
  return out;
}

// [rank, suit letter ("S", "H", "D", "C" or ""), note, special 0/1] per card.
json::array card_faces(const std::vector<PictureCard>& faces) {
  static constexpr const char* kSuits[] = {"", "S", "H", "D", "C"};
  json::array out;
  for (const PictureCard& f : faces)
    out.push_back(json::array{json::value(f.rank), kSuits[static_cast<int>(f.suit)], json::value(f.note),
                              f.special ? 1 : 0});
  return out;
}

}  // namespace

json::value picture_to_json(const Picture& p) {
  json::array boards;
  for (const PictureBoard& b : p.boards) {
    json::array edges(b.edge_seats.begin(), b.edge_seats.end());
    namespace key = page_key::board;
    json::object board{{key::kShape, b.shape == PictureBoard::Shape::kHex ? "hex" : "square"},
                       {key::kWidth, b.width},
                       {key::kHeight, b.height},
                       {key::kEdges, std::move(edges)},
                       {key::kCells, board_cells(b)}};
    if (b.walls) board[key::kWalls] = true;
    boards.push_back(std::move(board));
  }
  json::array zones;
  for (const PictureZone& z : p.zones) {
    json::array zone{json::value(z.name), z.seat, string_array(z.cards),
                     json::array(z.played_by.begin(), z.played_by.end()), z.hidden};
    if (!z.faces.empty()) zone.push_back(card_faces(z.faces));
    zones.push_back(std::move(zone));
  }
  json::array values;
  for (const PictureValue& v : p.values)
    values.push_back(json::array{json::value(v.key), json::value(v.value), v.seat});
  namespace key = page_key::picture;
  json::object out{{key::kSeat, p.seat},
                   {key::kPlayers, p.players},
                   {key::kToMove, p.to_move},
                   {key::kCaption, p.caption},
                   {key::kBoards, std::move(boards)},
                   {key::kZones, std::move(zones)},
                   {key::kValues, std::move(values)}};
  // {"hand": 3, "trick": 2}: an object, so a patch carries only the number that changed.
  if (!p.parts.empty()) {
    json::object parts;
    for (const PicturePart& part : p.parts) parts[part.kind] = part.number;
    out[key::kParts] = std::move(parts);
  }
  if (!p.highlights.empty()) {
    json::array highlights;
    for (const PictureHighlight& h : p.highlights) {
      json::array one{json::value(h.kind), h.seat, json::value(h.target)};
      if (!h.zone.empty()) one.insert(one.end(), {json::value(h.zone), json::value(h.zone_seat)});
      highlights.push_back(std::move(one));
    }
    out[key::kHighlights] = std::move(highlights);
  }
  return out;
}

}  // namespace arena::report
