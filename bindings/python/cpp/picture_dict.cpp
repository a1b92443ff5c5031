#include "bindings/python/cpp/picture_dict.h"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace arena::python {

namespace {

py::dict cell_dict(const PictureCell& c) {
  py::dict d;
  d["x"] = c.x;
  d["y"] = c.y;
  d["name"] = c.name;
  d["stone"] = c.stone;
  if (!c.tile.empty()) {
    d["tile"] = c.tile;
    d["rotation"] = c.rotation;
    py::list links;
    for (const PictureCell::Link& l : c.links) links.append(py::make_tuple(l.a, l.b, l.seat));
    d["links"] = links;
  }
  return d;
}

py::dict board_dict(const PictureBoard& b) {
  py::list cells;
  for (const PictureCell& c : b.cells) cells.append(cell_dict(c));
  py::dict d;
  d["shape"] = b.shape == PictureBoard::Shape::kHex ? "hex" : "square";
  d["width"] = b.width;
  d["height"] = b.height;
  d["edge_seats"] = b.edge_seats;
  d["walls"] = b.walls;
  d["cells"] = cells;
  return d;
}

py::dict zone_dict(const PictureZone& z) {
  static constexpr const char* kSuits[] = {"", "spades", "hearts", "diamonds", "clubs"};
  py::list faces;
  for (const PictureCard& f : z.faces) {
    py::dict face;
    face["rank"] = f.rank;
    face["suit"] = kSuits[static_cast<int>(f.suit)];
    face["note"] = f.note;
    face["special"] = f.special;
    faces.append(face);
  }
  py::dict d;
  d["name"] = z.name;
  d["seat"] = z.seat;
  d["cards"] = z.cards;
  d["played_by"] = z.played_by;
  d["hidden"] = z.hidden;
  d["faces"] = faces;
  return d;
}

py::dict highlight_dict(const PictureHighlight& h) {
  py::dict d;
  d["kind"] = h.kind;
  d["seat"] = h.seat;
  d["target"] = h.target;
  d["zone"] = h.zone;
  d["zone_seat"] = h.zone_seat;
  return d;
}

}  // namespace

py::dict picture_dict(const Picture& p) {
  py::list boards, zones, values, highlights;
  for (const PictureBoard& b : p.boards) boards.append(board_dict(b));
  for (const PictureZone& z : p.zones) zones.append(zone_dict(z));
  for (const PictureValue& v : p.values) {
    py::dict d;
    d["key"] = v.key;
    d["value"] = v.value;
    d["seat"] = v.seat;
    values.append(d);
  }
  for (const PictureHighlight& h : p.highlights) highlights.append(highlight_dict(h));
  py::dict parts;
  for (const PicturePart& part : p.parts) parts[py::str(part.kind)] = part.number;
  py::dict d;
  d["seat"] = p.seat;
  d["players"] = p.players;
  d["to_move"] = p.to_move;
  d["caption"] = p.caption;
  d["boards"] = boards;
  d["zones"] = zones;
  d["values"] = values;
  d["parts"] = parts;
  d["highlights"] = highlights;
  return d;
}

}  // namespace arena::python
