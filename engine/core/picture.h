// A structured, game-independent picture of a state (State::picture), for viewers such as
// the HTML report: boards of cells (square grids, hex boards) holding stones or tiles, card
// tables as named zones holding face-up cards or face-down counts, and key/value facts.
// A viewer draws any game from these few shapes, so it never needs a game's rules. A seat's
// picture holds only what that seat may know, exactly like its observation.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace arena {

// One cell of a board. Only cells that exist are listed (a hex board has no corners).
struct PictureCell {
  // Where it is drawn. Square boards: column from the left, row from the bottom. Hex boards
  // (pointy-top, rows offset by half a cell): x counts half cells from the left, y rows from
  // the top.
  int x = 0, y = 0;
  std::string name;  // its coordinate in move notation, e.g. "c4"
  int stone = 0;     // seat 1..N whose stone lies here, 0 none
  std::string tile;  // a placed tile's name ("" none), with its rotation
  int rotation = 0;
  // For tiles: the sides each path joins (hex sides numbered clockwise from north-east,
  // 0..5) and the seat whose flow runs along it (0 none).
  struct Link {
    int a = 0, b = 0, seat = 0;
    bool operator==(const Link&) const = default;
  };
  std::vector<Link> links;
  bool operator==(const PictureCell&) const = default;
};

struct PictureBoard {
  enum class Shape { kSquare, kHex };
  Shape shape = Shape::kSquare;
  int width = 0, height = 0;  // in x and y units of the cells
  std::vector<PictureCell> cells;
  // Hex boards: the seat owning each of the six board sides (clockwise from the north), 0
  // none. Square boards: the seat joining the bottom and top edges ([0]) and the left and
  // right edges ([1]).
  std::vector<int> edge_seats;
  // Square boards: a ring of neutral stones one cell wide around the cells, counted as occupied
  // by the rules (Flume's border walls).
  bool walls = false;
  bool operator==(const PictureBoard&) const = default;
};

// How a face-up card looks: its rank or value, the suit of the French deck it belongs to (drawn
// as a symbol, hearts and diamonds red), a short note ("skip", "high", "=9": a Flush card
// standing for a 9) and whether it is one of the game's own special cards (jokers, Flush, Skip
// and Bonus cards), which viewers draw apart from the plain ones.
struct PictureCard {
  enum class Suit { kNone, kSpades, kHearts, kDiamonds, kClubs };
  std::string rank;  // "10", "Q", "A", "Joker", "Flush"
  Suit suit = Suit::kNone;
  std::string note;
  bool special = false;
  bool operator==(const PictureCard&) const = default;
};

// A place where cards lie: a hand, the pile, a trick, face-up bases, blinds, the stock.
struct PictureZone {
  std::string name;                // "hand", "pile", "trick", "bases", "blinds", "stock", ...
  int seat = 0;                    // owner 1..N, 0 the table
  std::vector<std::string> cards;  // face-up cards in notation, in order
  std::vector<int> played_by;      // for tricks and piles: the seat of each card (or empty)
  int hidden = 0;                  // face-down cards this viewer may only count
  // The face of each card in `cards`, or empty: viewers then show the notation as it is (a
  // Flows tile is no card).
  std::vector<PictureCard> faces;
  bool operator==(const PictureZone&) const = default;
};

// A fact worth showing: a score, a bid, trump, the phase.
struct PictureValue {
  std::string key, value;
  int seat = 0;  // the seat it belongs to, 0 the whole table
  bool operator==(const PictureValue&) const = default;
};

// Where a state stands in a game's own structure, for viewers' jumps: a part the game counts
// ("hand", "trick") and the number of the one in progress, 0 between two (a trick between two
// hands). A viewer jumps to each position where the number differs from the position before and
// is not 0, so the game decides where its hands and tricks start; viewers know no rules.
struct PicturePart {
  std::string kind;
  int number = 0;
  bool operator==(const PicturePart&) const = default;
};

// Something a viewer highlights in a seat's colour, named as the viewer drew it (a cell by its
// name, a card by its notation in a zone), so it needs no rules. Kinds: "win", the structure
// that won the game (a winning chain or route, the winner's stones), at the end; "trick", the
// card that won a complete trick shown.
struct PictureHighlight {
  std::string kind;
  int seat = 0;        // whose: drawn in its colour
  std::string target;  // a cell's name, or a card's notation
  std::string zone;    // "": a cell of the boards; else the zone holding the card...
  int zone_seat = 0;   // ...and its owner (0 the table)
  bool operator==(const PictureHighlight&) const = default;
};

struct Picture {
  int seat = 0;  // whose view this is, 0 the full table
  int players = 0;
  int to_move = 0;      // seat to act, 0 chance or over
  std::string caption;  // one line: what is happening
  std::vector<PictureBoard> boards;
  std::vector<PictureZone> zones;
  std::vector<PictureValue> values;
  std::vector<PicturePart> parts;  // card games: the hand and the trick in progress
  std::vector<PictureHighlight> highlights;
  bool operator==(const Picture&) const = default;
};

class State;

// A picture with seat, players, to_move and a default caption filled in: where games start
// their own pictures.
Picture picture_frame(const State& state, int seat);

}  // namespace arena
