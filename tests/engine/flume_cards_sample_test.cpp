// flume-cards' sampled states (FlumeCardsGame::sample_state): many samples at fixed
// positions of seeded random games. The seat's own hand is always its real hand, cards seen
// played are in no hand, a seat that showed out of a suit holds none of it, other seats'
// discards hold no trump, the bidder does not hold the card it called; and the unseen cards
// really are drawn (they land in different seats across samples, about as often as chance
// says where nothing constrains them). Also: the dealer's view of taking the stock.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <functional>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/sampled_state.h"
#include "engine/core/user_error.h"
#include "engine/flume_cards/flume_cards_state.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace flume_cards_sample_test {

using namespace arena;
using namespace arena::flume_cards;

namespace {

const FlumeCardsState& fs(const State& s) { return dynamic_cast<const FlumeCardsState&>(s); }

// Plays a seeded random game until `stop` holds at a player's decision; null if it ended first.
std::unique_ptr<State> play_until(const Game& game, std::uint64_t seed,
                                  const std::function<bool(const FlumeCardsState&)>& stop) {
  Rng rng(seed);
  std::vector<Move> scratch;
  auto s = game.new_initial_state();
  while (!s->is_terminal()) {
    if (!s->is_chance() && stop(fs(*s))) return s;
    s->apply(random_action(*s, rng, scratch));
  }
  return nullptr;
}

std::vector<std::string> legal_texts(const State& s) {
  std::vector<std::string> out;
  for (Move m : s.legal_moves()) out.push_back(s.move_to_string(m));
  return out;
}

bool same_views(const std::vector<SeenAction>& a, const std::vector<SeenAction>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].actor != b[i].actor || a[i].view != b[i].view) return false;
  return true;
}

// The cards played so far this hand, and per seat the effective suits it showed out of.
struct PlayFacts {
  CardMask played = 0;
  std::array<unsigned, kMaxPlayers> voids{};
};
PlayFacts play_facts(const FlumeCardsState& s, int players) {
  PlayFacts f;
  if (s.phase() != Phase::kPlay) return f;
  for (int t = 0; t <= s.tricks_played() && t < kTricks; ++t) {
    const Trick& tr = s.trick(t);
    for (int k = 0; k < tr.count; ++k) {
      f.played |= bit(tr.cards[k]);
      const int led = effective_suit(tr.cards[0], s.trump());
      if (effective_suit(tr.cards[k], s.trump()) != led) f.voids[(tr.leader + k) % players] |= 1u << led;
    }
  }
  return f;
}

CardMask suit_cards(int suit, int trump) {
  CardMask m = 0;
  for (Card c = 0; c < kDeckSize; ++c)
    if (effective_suit(c, trump) == suit) m |= bit(c);
  return m;
}

// Where each card was across samples: a bit per seat (0..4) and bit 5 for "in no hand".
struct Spread {
  std::array<unsigned, kDeckSize> places{};
  std::array<std::array<int, kMaxPlayers>, kDeckSize> held{};
  int samples = 0;
};

// Checks every sample at the position; returns where the cards went.
Spread check_samples(const Game& game, const State& real, int samples, std::uint64_t seed) {
  const int n = game.num_players();
  const int seat = real.current_player();
  const FlumeCardsState& r = fs(real);
  const auto seen = seen_by(game, seat, real.history());
  const PlayFacts facts = play_facts(r, n);
  const auto legal = legal_texts(real);
  Spread spread;
  Rng rng(seed);
  for (int k = 0; k < samples; ++k) {
    auto sampled = game.sample_state(seat, seen, rng);
    const FlumeCardsState& s = fs(*sampled);
    INFO("sample " << k << "\n" << real.render() << s.render());
    REQUIRE(s.hand(seat - 1) == r.hand(seat - 1));
    REQUIRE(sampled->observation(seat) == real.observation(seat));
    REQUIRE(legal_texts(*sampled) == legal);
    if (k < 3) REQUIRE(same_views(seen_by(game, seat, sampled->history()), seen));
    for (int o = 0; o < n; ++o) {
      CHECK((s.hand(o) & facts.played) == 0);
      for (int suit = 0; suit < kSuits; ++suit)
        if (facts.voids[o] >> suit & 1u) CHECK((s.hand(o) & suit_cards(suit, s.trump())) == 0);
      if (s.trump() >= 0 && o != s.dealer()) CHECK((s.discarded(o) & trump_mask(s.trump())) == 0);
      if (s.called_card() >= 0 && o == s.bidder() && !(facts.played & bit(s.called_card())))
        CHECK((s.hand(o) & bit(s.called_card())) == 0);
      for (CardMask m = s.hand(o); m; m &= m - 1) {
        spread.places[std::countr_zero(m)] |= 1u << o;
        ++spread.held[std::countr_zero(m)][o];
      }
    }
  }
  spread.samples = samples;
  return spread;
}

// Cards that landed in at least two different seats' hands.
int cards_moving(const Spread& sp) {
  int moving = 0;
  for (unsigned p : sp.places) moving += std::popcount(p) >= 2;
  return moving;
}

bool in_play_after_tricks(const FlumeCardsState& s, int hand, int tricks) {
  return s.phase() == Phase::kPlay && s.hands_dealt() >= hand && s.tricks_played() >= tricks;
}

}  // namespace

TEST_CASE("flume-cards sampler: positions in play keep what the seat saw and draw the rest",
          "[flume-cards][sampled]") {
  for (const char* spec : {"flume-cards", "flume-cards:players=5"}) {
    auto game = make_game(spec);
    int positions = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      // Late in a second hand (earlier hands in the history), and early in a first one.
      for (int tricks : {0, 2, 4}) {
        auto real = play_until(*game, seed, [&](const FlumeCardsState& s) {
          return in_play_after_tricks(s, tricks == 2 ? 1 : 2, tricks);
        });
        if (!real) continue;
        INFO(spec << " seed " << seed << " tricks " << tricks);
        const Spread sp = check_samples(*game, *real, 60, seed);
        // Unseen cards are drawn: several of them land in different seats.
        CHECK(cards_moving(sp) >= (tricks == 4 ? 2 : 6));
        ++positions;
      }
    }
    CHECK(positions >= 10);
  }
}

TEST_CASE("flume-cards sampler: every phase of a hand, every seat", "[flume-cards][sampled]") {
  for (const char* spec : {"flume-cards", "flume-cards:players=5"}) {
    auto game = make_game(spec);
    for (Phase phase : {Phase::kBid, Phase::kTrump, Phase::kDiscard, Phase::kDealerDiscard, Phase::kCall}) {
      if (phase == Phase::kCall && game->num_players() == 4) continue;
      for (std::uint64_t seed = 11; seed <= 14; ++seed) {
        auto real = play_until(*game, seed, [&](const FlumeCardsState& s) { return s.phase() == phase; });
        if (!real) continue;
        INFO(spec << " seed " << seed << " phase " << static_cast<int>(phase));
        check_samples(*game, *real, 20, seed);
      }
    }
  }
}

TEST_CASE("flume-cards sampler: where nothing constrains them, unseen cards spread as dealt",
          "[flume-cards][sampled]") {
  // At the first bid every card the bidder has not seen is in each other hand with
  // probability 6/40 (the rest in the stock).
  auto game = make_game("flume-cards");
  auto real = play_until(*game, 3, [](const FlumeCardsState& s) { return s.phase() == Phase::kBid; });
  REQUIRE(real);
  const int seat = real->current_player();
  const int samples = 400;
  const Spread sp = check_samples(*game, *real, samples, 99);
  int checked = 0;
  for (Card c = 0; c < kDeckSize; ++c) {
    if (fs(*real).hand(seat - 1) & bit(c)) continue;
    for (int o = 0; o < 4; ++o) {
      if (o == seat - 1) continue;
      const double p = static_cast<double>(sp.held[c][o]) / samples;
      INFO(card_name(c) << " in seat " << o + 1 << ": " << p);
      CHECK(p > 0.15 - 0.08);
      CHECK(p < 0.15 + 0.08);
      ++checked;
    }
  }
  CHECK(checked == 40 * 3);
}

TEST_CASE("flume-cards sampler: a seat that showed out of a suit never gets it back",
          "[flume-cards][sampled]") {
  // Find positions where some other seat has shown out of a suit, then sample there.
  auto game = make_game("flume-cards");
  int found = 0;
  for (std::uint64_t seed = 20; seed < 60 && found < 5; ++seed) {
    auto real = play_until(*game, seed, [](const FlumeCardsState& s) {
      if (s.phase() != Phase::kPlay || s.tricks_played() < 2) return false;
      const PlayFacts f = play_facts(s, 4);
      for (int o = 0; o < 4; ++o)
        if (o != s.current_player() - 1 && f.voids[o] && std::popcount(s.hand(o)) >= 2) return true;
      return false;
    });
    if (!real) continue;
    INFO("seed " << seed);
    check_samples(*game, *real, 40, seed);
    ++found;
  }
  CHECK(found == 5);
}

TEST_CASE("flume-cards: the dealer's view of taking the stock shows the stock", "[flume-cards][sampled]") {
  auto game = make_game("flume-cards");
  Rng rng(5);
  std::vector<Move> scratch;
  auto s = game->new_initial_state();
  int shown = 0;
  while (!s->is_terminal() && shown < 3) {
    const Move m = random_action(*s, rng, scratch);
    const int dealer = fs(*s).dealer();
    const bool dealing = fs(*s).phase() == Phase::kRefill || fs(*s).phase() == Phase::kDiscard;
    const bool deals_card = m >= kDealBase && m < kDealBase + kDeckSize;
    const CardMask stock_after = fs(*s).stock() & ~(deals_card ? bit(m - kDealBase) : 0);
    std::vector<std::string> views;
    for (int seat = 1; seat <= 4; ++seat) views.push_back(s->action_view(seat, m));
    s->apply(m);
    const bool took = dealing && fs(*s).phase() == Phase::kDealerDiscard;
    for (int seat = 1; seat <= 4; ++seat) {
      INFO("seat " << seat << " view " << views[seat - 1]);
      const bool has_stock = views[seat - 1].find("+stock:") != std::string::npos;
      CHECK(has_stock == (took && seat == dealer + 1));
      if (has_stock) {
        CHECK(views[seat - 1].ends_with("+stock:" + cards_text(stock_after, '.')));
        CHECK((fs(*s).hand(dealer) & stock_after) == stock_after);
      }
    }
    shown += took;
  }
  CHECK(shown == 3);
}

TEST_CASE("flume-cards sampler: views no game shows are a clear error", "[flume-cards][sampled]") {
  auto game = make_game("flume-cards");
  auto real = play_until(*game, 7, [](const FlumeCardsState& s) { return in_play_after_tricks(s, 1, 1); });
  REQUIRE(real);
  const int seat = real->current_player();
  auto seen = seen_by(*game, seat, real->history());
  Rng rng(1);
  // Another seat plays a card the seat itself was dealt.
  auto wrong = seen;
  for (auto& a : wrong)
    if (a.actor != seat && a.view.starts_with("play:")) {
      a.view = "play:" + card_name(std::countr_zero(fs(*real).hand(seat - 1)));
      break;
    }
  CHECK_THROWS_WITH(game->sample_state(seat, wrong, rng), Catch::Contains("no state shows seat"));
  // A play by a seat whose turn it is not (the replay's check, after retries).
  auto turn = seen;
  for (auto& a : turn)
    if (a.actor != seat && a.view.starts_with("play:")) {
      a.actor = a.actor % 4 + 1;
      break;
    }
  CHECK_THROWS_WITH(game->sample_state(seat, turn, rng), Catch::Contains("no state shows seat"));
  // A view that is no action of the game.
  auto garbage = seen;
  garbage[3].view = "deal:ZZ";
  CHECK_THROWS_AS(game->sample_state(seat, garbage, rng), UserError);
  CHECK_THROWS_AS(game->sample_state(9, seen, rng), UserError);
}

TEST_CASE("flume-cards sampler: cost per sample", "[.][flume-cards-sample-bench]") {
  for (const char* spec : {"flume-cards", "flume-cards:players=5"}) {
    auto game = make_game(spec);
    for (int hand : {1, 3, 6}) {
      auto real =
          play_until(*game, 4, [&](const FlumeCardsState& s) { return in_play_after_tricks(s, hand, 3); });
      if (!real) continue;
      const int seat = real->current_player();
      const auto seen = seen_by(*game, seat, real->history());
      Rng rng(1);
      const int samples = 2000;
      const auto t0 = std::chrono::steady_clock::now();
      for (int k = 0; k < samples; ++k) game->sample_state(seat, seen, rng);
      const auto t1 = std::chrono::steady_clock::now();
      // The same game replayed from its actions, for scale.
      const auto t2 = std::chrono::steady_clock::now();
      for (int k = 0; k < samples; ++k) {
        auto s = game->new_initial_state();
        for (const Action& a : real->history()) s->apply(a.move);
      }
      const auto t3 = std::chrono::steady_clock::now();
      // ... and replayed computing the seat's view of every action (seen_by).
      std::size_t views = 0;
      for (int k = 0; k < samples; ++k) views += seen_by(*game, seat, real->history()).size();
      const auto t4 = std::chrono::steady_clock::now();
      const auto us = [&](auto a, auto b) {
        return std::chrono::duration<double, std::micro>(b - a).count() / samples;
      };
      std::printf("%s hand %d (%zu actions): %.1f us per sample; replay %.1f us, with views %.1f us (%zu)\n",
                  spec, hand, real->history().size(), us(t0, t1), us(t2, t3), us(t3, t4), views / samples);
    }
  }
}

TEST_CASE("flume-cards: is_legal agrees with legal_moves", "[flume-cards][sampled]") {
  for (const char* spec : {"flume-cards:target=11", "flume-cards:players=5,target=11"}) {
    auto game = make_game(spec);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      Rng rng(seed);
      std::vector<Move> scratch;
      auto s = game->new_initial_state();
      while (!s->is_terminal()) {
        const auto legal = s->legal_moves();
        for (Move m = -2; m < kDiscardSetBase + 70; ++m) {
          const bool listed = std::find(legal.begin(), legal.end(), m) != legal.end();
          if (fs(*s).is_legal(m) != listed) FAIL_CHECK(s->render() << "move " << m << " listed " << listed);
        }
        s->apply(random_action(*s, rng, scratch));
      }
    }
  }
}

}  // namespace flume_cards_sample_test
