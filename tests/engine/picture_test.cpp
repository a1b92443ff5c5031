// The picture hook (engine/core/picture.h), over every registered game and player count: a
// seat's picture holds nothing hidden from that seat (it is the same in every state sampled
// from what the seat saw, and in Flush when the hidden cards are reshuffled), and the full
// picture agrees with the state (cells, stones, tiles and cards counted).
#include "engine/core/picture.h"

#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "engine/clump/clump_state.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/sampled_state.h"
#include "engine/flows/flows_state.h"
#include "engine/flume/flume_state.h"
#include "engine/flume_cards/flume_cards_state.h"
#include "engine/flush/flush_state.h"
#include "tests/engine/every_spec.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace picture_test {

using namespace arena;

namespace {

// A readable dump for failure messages.
std::string describe(const Picture& p) {
  std::string out = "seat " + std::to_string(p.seat) + ": " + p.caption + "\n";
  for (const PictureZone& z : p.zones) {
    out += "  " + z.name + " " + std::to_string(z.seat) + ":";
    for (const std::string& c : z.cards) out += " " + c;
    out += " +" + std::to_string(z.hidden) + " hidden\n";
  }
  for (const PictureValue& v : p.values)
    out += "  " + v.key + "[" + std::to_string(v.seat) + "] " + v.value + "\n";
  return out;
}

int zone_cards(const Picture& p, const std::string& name, int seat, bool hidden) {
  for (const PictureZone& z : p.zones)
    if (z.name == name && z.seat == seat) return hidden ? z.hidden : static_cast<int>(z.cards.size());
  return 0;
}

// Plays one random game; at every `stride`-th decision compares the deciding seat's picture
// with its picture in states sampled from its views. Returns the decisions whose sampled
// full pictures differed (hidden parts were drawn anew, so the comparison meant something).
int check_game(const Game& game, std::uint64_t seed, int stride, int samples) {
  Rng rng(seed);
  auto state = game.new_initial_state();
  std::vector<Move> scratch;
  int decisions = 0, varied = 0;
  while (!state->is_terminal()) {
    if (!state->is_chance() && ++decisions % stride == 0) {
      const int seat = state->current_player();
      const Picture mine = state->picture(seat);
      REQUIRE(mine.seat == seat);
      REQUIRE(mine.to_move == seat);
      const auto seen = seen_by(game, seat, state->history());
      bool differed = false;
      for (int k = 0; k < samples; ++k) {
        auto sampled = game.sample_state(seat, seen, rng);
        const Picture theirs = sampled->picture(seat);
        INFO(game.spec() << " seed " << seed << " ply " << state->history().size() << "\n"
                         << describe(mine) << "sampled:\n"
                         << describe(theirs));
        REQUIRE(theirs == mine);
        differed = differed || sampled->picture(0) != state->picture(0);
      }
      varied += differed;
    }
    state->apply(random_action(*state, rng, scratch));
  }
  return varied;
}

}  // namespace

TEST_CASE("picture: a seat's picture is the same in every state it cannot tell apart", "[engine][picture]") {
  for (const std::string& spec : arena::test::every_spec()) {
    auto game = make_game(spec);
    int varied = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) varied += check_game(*game, seed, 4, 2);
    INFO(spec);
    if (!game->hidden_information())
      CHECK(varied == 0);
    else if (game->id() != "flows")
      CHECK(varied > 0);  // the samples really differed where the seat could not see
  }
}

TEST_CASE("picture: flush seats see the same picture when hidden cards are reshuffled", "[engine][picture]") {
  using namespace arena::flush;
  std::vector<Move> scratch;
  int changed = 0;
  for (int players = 2; players <= 6; ++players)
    for (int g = 0; g < 6; ++g) {
      auto game = make_game("flush:players=" + std::to_string(players));
      Rng rng(derive_seed(91, players * 100 + g));
      auto state = game->new_initial_state();
      const int stop = 30 + static_cast<int>(rng.below(200));
      for (int i = 0; i < stop && !state->is_terminal(); ++i)
        state->apply(random_action(*state, rng, scratch));
      const auto& s = static_cast<const FlushState&>(*state);
      const int seat = 1 + static_cast<int>(rng.below(players));
      // The cards the seat cannot see (other hands, the unseen rest) dealt again at random.
      std::vector<int> pool;
      auto take = [&](const Cards& c) {
        for (int k = 0; k < kNumKinds; ++k)
          for (int i = 0; i < c[k]; ++i) pool.push_back(k);
      };
      for (int o = 1; o <= players; ++o)
        if (o != seat) take(s.seat_cards(o).hand);
      take(s.unseen());
      for (std::size_t i = pool.size(); i > 1; --i) std::swap(pool[i - 1], pool[rng.below(i)]);
      std::vector<Cards> hands(players);
      std::size_t next = 0;
      for (int o = 1; o <= players; ++o) {
        if (o == seat) hands[o - 1] = s.seat_cards(o).hand;
        for (int i = 0; o != seat && i < s.seat_cards(o).hand.size(); ++i) hands[o - 1].add(pool[next++]);
      }
      Cards unseen;
      while (next < pool.size()) unseen.add(pool[next++]);
      auto other = state->clone();
      static_cast<FlushState&>(*other).redistribute_hidden(hands, unseen);
      changed += other->picture(0) != state->picture(0);
      INFO(describe(state->picture(seat)) << describe(other->picture(seat)));
      CHECK(other->picture(seat) == state->picture(seat));
    }
  CHECK(changed > 10);
}

TEST_CASE("picture: the full picture agrees with the state", "[engine][picture]") {
  std::vector<Move> scratch;
  for (const std::string& spec : arena::test::every_spec()) {
    auto game = make_game(spec);
    Rng rng(derive_seed(7, spec.size()));
    auto state = game->new_initial_state();
    for (int ply = 0; !state->is_terminal() && ply < 400; ++ply) {
      if (ply % 7 == 0) {
        const Picture p = state->picture(0);
        INFO(spec << " ply " << ply << "\n" << state->render() << describe(p));
        CHECK(p.players == game->num_players());
        CHECK(p.to_move == std::max(0, state->current_player()));
        for (const PictureZone& z : p.zones) CHECK((z.faces.empty() || z.faces.size() == z.cards.size()));
        if (auto* c = dynamic_cast<const clump::ClumpState*>(state.get())) {
          REQUIRE(p.boards.size() == 1);
          REQUIRE(p.boards[0].cells.size() == static_cast<std::size_t>(c->size() * c->size()));
          CHECK_FALSE(p.boards[0].walls);
          for (int i = 0; i < c->size() * c->size(); ++i) CHECK(p.boards[0].cells[i].stone == c->at(i) + 1);
        } else if (auto* f = dynamic_cast<const flume::FlumeState*>(state.get())) {
          int stones[3] = {0, 0, 0};
          for (const PictureCell& cell : p.boards.at(0).cells) ++stones[cell.stone];
          CHECK(p.boards[0].walls);  // the ring of border stones
          CHECK(stones[1] == f->stones(flume::kRed));
          CHECK(stones[2] == f->stones(flume::kBlue));
          CHECK(stones[0] == f->empty_cells());
        } else if (auto* w = dynamic_cast<const flows::FlowsState*>(state.get())) {
          REQUIRE(p.boards.at(0).cells.size() == static_cast<std::size_t>(flows::kCells));
          for (int i = 0; i < flows::kCells; ++i) {
            CHECK(p.boards[0].cells[i].tile.empty() == w->board().empty(i));
            CHECK(p.boards[0].cells[i].links.size() == (w->board().empty(i) ? 0u : 3u));
          }
        } else if (auto* s = dynamic_cast<const flush::FlushState*>(state.get())) {
          for (int seat = 1; seat <= game->num_players(); ++seat) {
            CHECK(zone_cards(p, "hand", seat, false) == s->seat_cards(seat).hand.size());
            CHECK(zone_cards(p, "bases", seat, false) == s->seat_cards(seat).up.size());
            CHECK(zone_cards(p, "blinds", seat, true) == s->seat_cards(seat).blinds);
            // Another seat's hand is a count only.
            const Picture other = state->picture(seat % game->num_players() + 1);
            CHECK(zone_cards(other, "hand", seat, false) == 0);
            CHECK(zone_cards(other, "hand", seat, true) == s->seat_cards(seat).hand.size());
          }
          CHECK(zone_cards(p, "pile", 0, false) == s->pile_cards().size());
          CHECK(zone_cards(p, "unseen", 0, true) == s->unseen().size());
        } else if (auto* m = dynamic_cast<const flume_cards::FlumeCardsState*>(state.get())) {
          int cards = zone_cards(p, "stock", 0, false) + zone_cards(p, "trick", 0, false);
          for (int seat = 1; seat <= game->num_players(); ++seat) {
            CHECK(zone_cards(p, "hand", seat, false) == std::popcount(m->hand(seat - 1)));
            cards += zone_cards(p, "hand", seat, false) + zone_cards(p, "discards", seat, false);
            const Picture other = state->picture(seat % game->num_players() + 1);
            CHECK(zone_cards(other, "hand", seat, false) == 0);
          }
          CHECK(cards <= flume_cards::kDeckSize);
        }
      }
      state->apply(random_action(*state, rng, scratch));
    }
  }
}

// A Flows path is drawn in one colour from end to end: every tile's path has the seat of the
// path it meets across each side in the neighbouring tile (the seat of either end, the lower
// when the ends reach two seats' borders), so no flow changes colour along its length.
TEST_CASE("picture: a flows path has one seat along its whole length", "[engine][picture]") {
  const flows::Geometry& g = flows::geometry();
  std::vector<Move> scratch;
  int joins = 0;
  for (int players = 2; players <= 6; ++players) {
    auto game = make_game("flows:players=" + std::to_string(players));
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      Rng rng(derive_seed(seed, players));
      auto state = game->new_initial_state();
      while (!state->is_terminal()) state->apply(random_action(*state, rng, scratch));
      const Picture picture = state->picture(0);
      const std::vector<PictureCell>& cells = picture.boards.at(0).cells;
      REQUIRE(cells.size() == static_cast<std::size_t>(flows::kCells));
      for (int cell = 0; cell < flows::kCells; ++cell)
        for (const PictureCell::Link& link : cells[cell].links)
          for (const int side : {link.a, link.b}) {
            const int next = g.neighbour[cell][side];
            if (next < 0) continue;
            for (const PictureCell::Link& mate : cells[next].links) {
              if (mate.a != flows::opposite(side) && mate.b != flows::opposite(side)) continue;
              INFO("flows:players=" << players << " seed " << seed << ": " << cells[cell].name << " side "
                                    << side << " seat " << link.seat << ", " << cells[next].name << " seat "
                                    << mate.seat);
              CHECK(mate.seat == link.seat);
              ++joins;
            }
          }
    }
  }
  CHECK(joins > 1000);
}

// Before its first deal a card game still has a table to draw: flume-cards shows every hand
// empty and the whole deck as the stock (face up to the full table, a count to each seat).
TEST_CASE("picture: flume-cards before the first deal shows the deck and the empty hands",
          "[engine][picture]") {
  for (const int players : {4, 5}) {
    auto game = make_game("flume-cards:players=" + std::to_string(players));
    auto state = game->new_initial_state();
    REQUIRE(state->is_chance());
    const Picture full = state->picture(0), seat = state->picture(2);
    INFO(describe(full) << describe(seat));
    CHECK(zone_cards(full, "stock", 0, false) == flume_cards::kDeckSize);
    CHECK(zone_cards(seat, "stock", 0, true) == flume_cards::kDeckSize);
    int hands = 0;
    for (const PictureZone& z : full.zones) hands += z.name == "hand" && z.cards.empty() && z.hidden == 0;
    CHECK(hands == players);
  }
}

// Cards are drawn as cards: flume-cards gives rank and printed suit, its jokers special; Flush
// gives the value, Skip and Bonus cards and the Flush card special with their mark as a note.
TEST_CASE("picture: card faces carry rank, suit and the special cards", "[engine][picture]") {
  auto fc = make_game("flume-cards");
  const Picture deck = fc->new_initial_state()->picture(0);
  const PictureZone* stock = nullptr;
  for (const PictureZone& z : deck.zones)
    if (z.name == "stock") stock = &z;
  REQUIRE(stock != nullptr);
  REQUIRE(stock->faces.size() == stock->cards.size());
  std::map<std::string, PictureCard> face;
  for (std::size_t i = 0; i < stock->cards.size(); ++i) face[stock->cards[i]] = stock->faces[i];
  CHECK(face.at("TD") == PictureCard{"10", PictureCard::Suit::kDiamonds, "", false});
  CHECK(face.at("AS") == PictureCard{"A", PictureCard::Suit::kSpades, "", false});
  CHECK(face.at("2C") == PictureCard{"2", PictureCard::Suit::kClubs, "", false});
  CHECK(face.at("QH") == PictureCard{"Q", PictureCard::Suit::kHearts, "", false});
  CHECK(face.at("HJ") == PictureCard{"Joker", PictureCard::Suit::kNone, "high", true});
  CHECK(face.at("LJ") == PictureCard{"Joker", PictureCard::Suit::kNone, "low", true});

  // Flush: every face-up card of a random game, its face against its notation.
  auto fl = make_game("flush:players=3,max_rounds=2");
  Rng rng(11);
  std::vector<Move> scratch;
  std::set<std::string> seen;
  for (auto state = fl->new_initial_state(); !state->is_terminal();
       state->apply(random_action(*state, rng, scratch))) {
    for (const PictureZone& z : state->picture(0).zones) {
      REQUIRE(z.faces.size() == z.cards.size());
      for (std::size_t i = 0; i < z.cards.size(); ++i) {
        const std::string& text = z.cards[i];
        const PictureCard& f = z.faces[i];
        INFO(z.name << " " << text);
        const std::size_t mimic = text.find('=');
        const std::string kind = text.substr(0, mimic);
        if (kind == "F") {
          CHECK(f == PictureCard{"Flush", PictureCard::Suit::kNone, "", true});
          continue;
        }
        const char mark = kind.back() == 's' || kind.back() == 'b' ? kind.back() : 0;
        std::string note = mark == 's' ? "skip" : mark == 'b' ? "bonus" : "";
        if (mimic != std::string::npos) note += (note.empty() ? "" : " ") + text.substr(mimic);
        CHECK(f == PictureCard{kind.substr(0, kind.size() - (mark ? 1 : 0)), PictureCard::Suit::kNone, note,
                               mark != 0});
        seen.insert(mark ? std::string(1, mark) : mimic != std::string::npos ? "=" : "plain");
      }
    }
  }
  CHECK(seen.count("plain"));
  CHECK(seen.count("s"));
  CHECK(seen.count("b"));
}

// The parts a viewer jumps by: flume-cards numbers its hands from 1 at each deal, and its tricks
// 1 to 6 while a hand is played (0 between), each start one more than the last; each complete
// trick shown (the last trick, or the trick on the table at the end) has its winning card
// highlighted in its zone, in the winner's seat.
TEST_CASE("picture: flume-cards numbers hands and tricks and highlights each trick's winner",
          "[engine][picture]") {
  std::vector<Move> scratch;
  for (const int players : {4, 5}) {
    auto game = make_game("flume-cards:players=" + std::to_string(players));
    Rng rng(derive_seed(11, players));
    auto state = game->new_initial_state();
    int hand = 0, trick = 0, tricks = 0, highlighted = 0;
    while (!state->is_terminal()) {
      state->apply(random_action(*state, rng, scratch));
      const Picture p = state->picture(0);
      REQUIRE(p.parts.size() == 2);
      CHECK((p.parts[0].number == hand || p.parts[0].number == hand + 1));
      hand = p.parts[0].number;
      const int now = p.parts[1].number;
      if (now != trick && now != 0) {
        CHECK(now == (trick == 0 ? 1 : trick + 1));
        ++tricks;
      }
      trick = now;
      for (const PictureZone& z : p.zones) {
        if (z.name != "last trick") continue;
        int found = 0;
        for (const PictureHighlight& h : p.highlights)
          if (h.kind == "trick" && h.zone == "last trick")
            for (std::size_t k = 0; k < z.cards.size(); ++k)
              found += z.cards[k] == h.target && z.played_by[k] == h.seat;
        CHECK(found == 1);
        highlighted += found;
      }
    }
    CHECK(hand >= 1);
    CHECK(tricks >= 6);
    CHECK(highlighted > 0);
  }
}

// The structure that won, highlighted at the end: Clump's chain is the winner's stones and
// reaches both of its sides (Red rows 1 and the top, Blue columns a and the last).
TEST_CASE("picture: clump highlights the winning chain joining the winner's sides", "[engine][picture]") {
  std::vector<Move> scratch;
  int chains = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto game = make_game("clump:size=6");
    Rng rng(seed);
    auto state = game->new_initial_state();
    while (!state->is_terminal()) state->apply(random_action(*state, rng, scratch));
    const Picture p = state->picture(0);
    if (p.caption.find("by connection") == std::string::npos) continue;
    std::map<std::string, PictureCell> cells;
    for (const PictureCell& c : p.boards.at(0).cells) cells[c.name] = c;
    REQUIRE_FALSE(p.highlights.empty());
    const int winner = p.highlights[0].seat;
    bool first = false, last = false;
    for (const PictureHighlight& h : p.highlights) {
      const PictureCell& c = cells.at(h.target);
      CHECK(h.kind == "win");
      CHECK(c.stone == winner);
      const int along = winner == 1 ? c.y : c.x;
      first = first || along == 0;
      last = last || along == 5;
    }
    CHECK((first && last));
    ++chains;
  }
  CHECK(chains > 0);
}

}  // namespace picture_test
