#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "engine/core/perft.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/flume_cards/flume_cards_state.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace flume_cards_test {

using namespace arena;
using namespace arena::flume_cards;

namespace {

const FlumeCardsState& fs(const State& s) { return dynamic_cast<const FlumeCardsState&>(s); }

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> w;
  for (std::string t; in >> t;) w.push_back(t);
  return w;
}

void play(State& s, const std::string& moves) {
  for (const auto& m : words(moves)) {
    INFO("move " << m << "\n" << s.render());
    s.apply(parse_or_throw(s, m));
  }
}

Card card(const std::string& t) { return *parse_card(t); }

CardMask mask(const std::string& cards) {
  CardMask m = 0;
  for (const auto& c : words(cards)) m |= bit(card(c));
  return m;
}

// The chance actions of a first deal: the dealer, then six rounds from the dealer's left.
std::string deal_text(int dealer, const std::vector<std::string>& hands) {
  const int n = static_cast<int>(hands.size());
  std::vector<std::vector<std::string>> cards;
  for (const auto& h : hands) cards.push_back(words(h));
  std::string s = "dealer:" + std::to_string(dealer);
  for (int r = 0; r < 6; ++r)
    for (int i = 1; i <= n; ++i) s += " deal:" + cards[(dealer - 1 + i) % n][r];
  return s;
}

// The dealer discards everything but `keep`, in ascending order (the only order allowed).
void dealer_keep(State& s, const std::string& keep) {
  const CardMask k = mask(keep);
  while (fs(s).phase() == Phase::kDealerDiscard) {
    const CardMask rest = fs(s).hand(fs(s).dealer()) & ~k;
    REQUIRE(rest != 0);
    play(s, "discard:" + card_name(std::countr_zero(rest)));
  }
  CHECK(fs(s).hand(fs(s).dealer()) == k);
}

ParsedMove::Status status(const State& s, const std::string& text) { return s.parse_move(text).status; }

std::vector<std::string> legal_texts(const State& s) {
  std::vector<std::string> v;
  for (Move m : s.legal_moves()) v.push_back(s.move_to_string(m));
  return v;
}

// Scenario A (4 players, dealer 4, hearts trump): every point card in play.
const std::vector<std::string> kHandsA = {"AH KH QH JH JD TH", "9H 8H 7H AS KS QS", "6H 5H AC KC QC JC",
                                          "2H HJ LJ AD KD QD"};
const char* kPlayA = "AH 9H 6H 2H  KH 8H 5H HJ  QH 7H AC LJ  JH AS KC AD  JD KS QC KD  TH QS JC QD";

// Deals scenario A with `dealer`, rotated so the AH hand sits at the dealer's left (and
// so wins every trick of kPlayA), then bids, names trump and completes the second deal.
void deal_a(State& s, int dealer, const std::string& bids, const std::string& trump) {
  std::vector<std::string> hands(4);
  for (int i = 0; i < 4; ++i) hands[(dealer + i) % 4] = kHandsA[i];
  std::string text = deal_text(dealer, hands);
  if (!s.history().empty()) text = text.substr(text.find(' ') + 1);  // later hands: dealer known
  play(s, text);
  play(s, bids + " " + trump + " discard:- discard:- discard:-");
  dealer_keep(s, kHandsA[3]);
}

std::unique_ptr<State> scenario_a(const Game& g, const std::string& bids, const std::string& trump) {
  auto s = g.new_initial_state();
  deal_a(*s, 4, bids, trump);
  return s;
}

}  // namespace

TEST_CASE("flume-cards: deck, names and trump ranking", "[flume-cards]") {
  std::set<std::string> names;
  int points = 0;
  for (Card c = 0; c < kDeckSize; ++c) {
    names.insert(card_name(c));
    CHECK(parse_card(card_name(c)) == c);
    points += game_points(c);
  }
  CHECK(names.size() == 46);
  CHECK(points == 80);
  CHECK(names.count("3H") == 0);
  CHECK(!parse_card("4S"));
  CHECK(card_name(-1) == "??");
  CHECK(parse_card("10d") == card("TD"));
  const int H = *parse_suit("H");
  CHECK(std::popcount(trump_mask(H)) == 14);
  // A K Q RB LB T 9 8 7 6 5 2 HJ LJ, strictly descending.
  const auto order = words("AH KH QH JH JD TH 9H 8H 7H 6H 5H 2H HJ LJ");
  for (size_t i = 0; i + 1 < order.size(); ++i)
    CHECK(trump_strength(card(order[i]), H) > trump_strength(card(order[i + 1]), H));
  CHECK(trump_strength(card("JC"), H) == 0);
  CHECK(effective_suit(card("JD"), H) == H);  // the left bower is a heart, not a diamond
  CHECK(effective_suit(card("JD"), *parse_suit("S")) == *parse_suit("D"));
  CHECK(effective_suit(card("HJ"), *parse_suit("C")) == *parse_suit("C"));
  CHECK(left_bower(*parse_suit("S")) == card("JC"));
  const auto plain = words("AS KS QS JS TS 9S 8S 7S 6S 5S 2S");
  for (size_t i = 0; i + 1 < plain.size(); ++i)
    CHECK(plain_strength(card(plain[i])) > plain_strength(card(plain[i + 1])));
}

TEST_CASE("flume-cards: trick winners with bowers and jokers", "[flume-cards]") {
  const int H = *parse_suit("H");
  auto winner = [&](const std::string& cards) {
    Trick t;
    for (const auto& c : words(cards)) t.cards[t.count++] = card(c);
    return winning_index(t, H);
  };
  CHECK(winner("TH JD 9H AS") == 1);  // left bower over the ten
  CHECK(winner("JD JH QH 2H") == 2);  // Q over the right bower
  CHECK(winner("JH JD KH 2H") == 2);
  CHECK(winner("JD JH 2H 5H") == 1);  // right over left
  CHECK(winner("2S AS LJ KS") == 2);  // the lowest trump beats a plain ace
  CHECK(winner("LJ HJ 2S 5H") == 3);
  CHECK(winner("LJ HJ 2S 9C") == 1);
  CHECK(winner("5D AC JD KD") == 2);  // the left bower is no diamond, but it trumps
  CHECK(winner("5D AC 2D 6D") == 3);  // off-suit ace loses to the led suit
}

TEST_CASE("flume-cards: following suit with the left bower and jokers", "[flume-cards]") {
  auto g = make_game("flume-cards");
  auto s = g->new_initial_state();
  const std::vector<std::string> hands = {"AH 2D 5D AS KS 6C", "JD 9C 8C 7C 6S 5S", "HJ AD KD QD 9S 8S",
                                          "KH QH JH TH 2H LJ"};
  play(*s, deal_text(4, hands));
  play(*s, "bid3 pass pass pass trumpH discard:- discard:- discard:-");
  // The dealer holds 11 trumps: every non-trump and five unprotected trumps must go.
  dealer_keep(*s, "2H JH LJ KH QH TH");
  CHECK(fs(*s).phase() == Phase::kPlay);
  CHECK(s->current_player() == 1);
  play(*s, "2D");
  CHECK(legal_texts(*s).size() == 6);  // JD is a trump, so seat 2 has no diamond
  play(*s, "9C");
  CHECK(legal_texts(*s) == std::vector<std::string>{"play:QD", "play:KD", "play:AD"});  // HJ is no diamond
  play(*s, "AD");
  CHECK(legal_texts(*s).size() == 6);
  play(*s, "TH");
  CHECK(fs(*s).trick(0).winner == 3);
  CHECK(s->current_player() == 4);
  play(*s, "KH");
  CHECK(legal_texts(*s) == std::vector<std::string>{"play:AH"});
  play(*s, "AH");
  CHECK(legal_texts(*s) == std::vector<std::string>{"play:JD"});  // the left bower follows trumps
  auto p = s->parse_move("8C");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK(p.error.find("follow") != std::string::npos);
  play(*s, "JD");
  CHECK(legal_texts(*s) == std::vector<std::string>{"play:HJ"});  // so does a joker
  play(*s, "HJ");
  CHECK(fs(*s).trick(1).winner == 0);
}

TEST_CASE("flume-cards: bidding once around, raises only, redeal by the same dealer", "[flume-cards]") {
  auto g = make_game("flume-cards");
  auto s = g->new_initial_state();
  play(*s, deal_text(2, kHandsA));
  CHECK(fs(*s).phase() == Phase::kBid);
  CHECK(s->current_player() == 3);  // left of the dealer
  CHECK(legal_texts(*s) == std::vector<std::string>{"pass", "bid3", "bid4", "bid5", "bid6"});
  play(*s, "bid4");
  CHECK(legal_texts(*s) == std::vector<std::string>{"pass", "bid5", "bid6"});
  auto p = s->parse_move("bid3");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK(p.error.find("higher than 4") != std::string::npos);
  CHECK(status(*s, "bid7") == ParsedMove::Status::kIllegal);
  CHECK(status(*s, "bidx") == ParsedMove::Status::kUnparseable);
  play(*s, "bid:6");
  CHECK(legal_texts(*s) == std::vector<std::string>{"pass"});
  play(*s, "pass pass");
  CHECK(fs(*s).phase() == Phase::kTrump);
  CHECK(s->current_player() == 4);
  CHECK(fs(*s).bidder() == 3);
  CHECK(fs(*s).high_bid() == 6);

  auto r = g->new_initial_state();
  play(*r, deal_text(2, kHandsA));
  play(*r, "pass pass pass pass");
  CHECK(r->is_chance());
  CHECK(fs(*r).dealer() == 1);  // the same dealer
  CHECK(fs(*r).hands_dealt() == 2);
  CHECK(fs(*r).stock() == kFullDeck);
  CHECK(r->legal_moves().size() == 46);
  play(*r, deal_text(2, kHandsA).substr(9));  // same deal again, without the dealer action
  CHECK(r->current_player() == 3);
}

TEST_CASE("flume-cards: discards of non-trumps and refill, 5-player cap of three", "[flume-cards]") {
  auto g = make_game("flume-cards");
  auto s = g->new_initial_state();
  play(*s, deal_text(4, kHandsA));
  play(*s, "bid3 pass pass pass trumpH");
  CHECK(s->current_player() == 1);
  CHECK(legal_texts(*s) == std::vector<std::string>{"discard:-"});  // six trumps
  CHECK(status(*s, "discard:AH") == ParsedMove::Status::kIllegal);
  play(*s, "discard:-");
  // Seat 2: three hearts, three spades: any subset of the spades.
  CHECK(legal_texts(*s) == std::vector<std::string>{"discard:-", "discard:QS", "discard:KS", "discard:AS",
                                                    "discard:QS.KS", "discard:QS.AS", "discard:KS.AS",
                                                    "discard:QS.KS.AS"});
  CHECK(status(*s, "discard:9H") == ParsedMove::Status::kIllegal);
  CHECK(status(*s, "discard:2C") == ParsedMove::Status::kIllegal);
  CHECK(status(*s, "discard:ZZ") == ParsedMove::Status::kUnparseable);
  CHECK(status(*s, "discard:AS.AS") == ParsedMove::Status::kUnparseable);
  play(*s, "discard:AS,qs");  // any order and case are read; the canonical text is sorted
  CHECK(fs(*s).discarded(1) == mask("QS AS"));
  CHECK(s->is_chance());
  CHECK(s->chance_outcomes().size() == 22);
  CHECK(s->action_view(2, s->legal_moves()[0]) == "deal:2C");
  CHECK(s->action_view(1, s->legal_moves()[0]) == "deal:?");
  play(*s, "deal:2C deal:5C");
  CHECK(std::popcount(fs(*s).hand(1)) == 6);
  CHECK(s->current_player() == 3);
  CHECK(std::popcount(fs(*s).stock()) == 20);

  // 5 players: a hand of five non-trumps may shed at most three.
  auto g5 = make_game("flume-cards:players=5");
  auto f = g5->new_initial_state();
  play(*f, deal_text(5, {"AS KS QS JS TS 2H", "AC KC QC JC TC 9C", "AD KD QD JD TD 9D", "AH KH QH JH TH 9H",
                         "9S 8S 7S 6S 5S 2S"}));
  play(*f, "bid3 pass pass pass pass trumpH");
  CHECK(f->legal_moves().size() == 1 + 5 + 10 + 10);
  CHECK(status(*f, "discard:AS.KS.QS.JS") == ParsedMove::Status::kIllegal);
  play(*f, "discard:AS.KS.QS deal:2C deal:5C deal:6C");
  CHECK(f->legal_moves().size() == 1 + 6 + 15 + 20);  // seat 2: six clubs
}

TEST_CASE("flume-cards: the dealer's discard limits", "[flume-cards]") {
  auto g = make_game("flume-cards");
  auto s = g->new_initial_state();
  play(*s,
       deal_text(4, {"AH 2D 5D AS KS 6C", "JD 9C 8C 7C 6S 5S", "HJ AD KD QD 9S 8S", "KH QH JH TH 2H LJ"}));
  play(*s, "bid3 pass pass pass trumpH discard:- discard:- discard:-");
  REQUIRE(fs(*s).phase() == Phase::kDealerDiscard);
  CHECK(std::popcount(fs(*s).hand(3)) == 28);
  CHECK(fs(*s).stock() == 0);
  // 11 trumps: protected ones (2H JH LJ) never; other trumps and non-trumps may go.
  for (const auto& t : legal_texts(*s)) {
    CHECK(t.rfind("discard:", 0) == 0);
    CHECK(t != "discard:2H");
    CHECK(t != "discard:JH");
    CHECK(t != "discard:LJ");
  }
  auto p = s->parse_move("discard:2H");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK(p.error.find("never discarded") != std::string::npos);
  CHECK(status(*s, "discard:2C.5C") == ParsedMove::Status::kIllegal);  // one card per move
  p = s->parse_move("discard:-");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK(p.error.find("down to six") != std::string::npos);
  CHECK(status(*s, "discard:") == ParsedMove::Status::kUnparseable);
  // Above six trumps every non-trump must go, so in ascending order 2C comes first.
  p = s->parse_move("discard:5C");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK(p.error.find("could not be completed") != std::string::npos);
  // Discard everything below the hearts, then five of the unprotected trumps 5H..9H.
  while (true) {
    const CardMask low = fs(*s).hand(3) & ((bit(card("2H"))) - 1);
    if (!low) break;
    play(*s, "discard:" + card_name(std::countr_zero(low)));
  }
  play(*s, "discard:5H discard:6H discard:7H discard:8H discard:9H");
  // Six trumps left: no more trumps may go.
  p = s->parse_move("discard:TH");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK(p.error.find("more than six trumps") != std::string::npos);
  dealer_keep(*s, "2H JH LJ KH QH TH");
  CHECK(fs(*s).discarded(3) & mask("5H 6H 7H 8H 9H"));
  CHECK(std::popcount(fs(*s).discarded(3)) == 22);
  CHECK(fs(*s).phase() == Phase::kPlay);

  // Holding three trumps, the dealer keeps them and three of 25 non-trumps: no trump is
  // legal, the non-trumps go in ascending order.
  auto a = g->new_initial_state();
  play(*a, deal_text(4, kHandsA));
  play(*a, "bid4 pass pass pass trumpH discard:- discard:- discard:-");
  for (const auto& t : legal_texts(*a)) CHECK(!is_trump(card(t.substr(8)), *parse_suit("H")));
  CHECK(legal_texts(*a).size() == 4);  // 2C 5C 6C 7C: 22 of 25 leaves at most three skipped
  p = a->parse_move("discard:HJ");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK(p.error.find("never discarded") != std::string::npos);
  p = a->parse_move("discard:5H");
  CHECK(p.error.find("not in your hand") != std::string::npos);
  play(*a, "discard:5C");
  p = a->parse_move("discard:2C");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK(p.error.find("ascending") != std::string::npos);
  dealer_keep(*a, "2C 2H HJ LJ KD AD");  // the skipped 2C stays
  CHECK(fs(*a).phase() == Phase::kPlay);
}

TEST_CASE("flume-cards: seven points and making the bid", "[flume-cards]") {
  auto g = make_game("flume-cards");
  auto s = scenario_a(*g, "bid4 pass pass pass", "trumpH");
  play(*s, kPlayA);
  // Seats 1+3 (bidders) take High, both bowers, both jokers and Game; seats 2+4 take Low (the 2H).
  const auto& lp = fs(*s).last_points();
  CHECK(lp.points[0] == 6);
  CHECK(lp.points[1] == 1);
  CHECK(lp.side[kLow] == 1);
  CHECK(lp.side[kHigh] == 0);
  CHECK(lp.side[kGame] == 0);
  CHECK(lp.card_points[0] == 49);
  for (int seat = 0; seat < 4; ++seat) CHECK(fs(*s).score(seat) == (seat % 2 == 0 ? 6 : 1));
  CHECK(fs(*s).dealer() == 0);  // the deal passes left
  CHECK(fs(*s).hands_dealt() == 2);
  CHECK(s->observation(2).find("last_hand bidder 1 bid 4 side 1 3 points 6-1") != std::string::npos);
}

TEST_CASE("flume-cards: failing the bid loses it, the other side scores what it made", "[flume-cards]") {
  auto g = make_game("flume-cards");
  auto s = scenario_a(*g, "pass pass pass bid3", "trumpH");
  play(*s, kPlayA);
  for (int seat = 0; seat < 4; ++seat) CHECK(fs(*s).score(seat) == (seat % 2 == 0 ? 6 : -3));
}

TEST_CASE("flume-cards: High and Low fall to the next trump in play, jokers are not low", "[flume-cards]") {
  const int S = *parse_suit("S");
  auto trick = [&](int leader, const std::string& cards, int winner) {
    Trick t;
    t.leader = leader;
    for (const auto& c : words(cards)) t.cards[t.count++] = card(c);
    t.winner = winner;
    return t;
  };
  // No AS, no 2S: High is the KS (seat 3), Low the 5S (seat 2), not the jokers.
  std::vector<Trick> tricks = {trick(0, "KS 5S LJ HJ", 2), trick(2, "9S 6S JC 7S", 0)};
  HandTally h = tally_hand(tricks.data(), 2, 4, S);
  CHECK(h.seat[kHigh] == 0);
  CHECK(h.seat[kLow] == 1);
  CHECK(h.seat[kLowJokerPoint] == 2);
  CHECK(h.seat[kHighJokerPoint] == 2);
  CHECK(h.seat[kLeft] == 0);    // JC won by seat 1
  CHECK(h.seat[kRight] == -1);  // JS not in play: nobody
  // Low goes to whoever played the 2, whoever wins its trick.
  tricks = {trick(1, "2S AS 5S 6S", 2)};
  h = tally_hand(tricks.data(), 1, 4, S);
  CHECK(h.seat[kLow] == 1);
  CHECK(h.seat[kHigh] == 2);
  // Only jokers as trumps: High to the High Joker, no Low at all.
  tricks = {trick(0, "HJ 2D 5D 6D", 0)};
  h = tally_hand(tricks.data(), 1, 4, S);
  CHECK(h.seat[kHigh] == 0);
  CHECK(h.seat[kLow] == -1);
}

TEST_CASE("flume-cards: Game goes to more card points, none on a tie", "[flume-cards]") {
  const int C = *parse_suit("C");
  std::array<bool, kMaxPlayers> side{true, false, true, false, false};
  HandTally h;
  h.seat.fill(-1);
  h.card_points = {20, 20, 20, 20, 0};
  SidePoints sp = side_points(h, 4, side);
  CHECK(sp.side[kGame] == -1);
  CHECK(sp.points[0] + sp.points[1] == 0);
  h.card_points = {20, 21, 20, 19, 0};
  CHECK(side_points(h, 4, side).side[kGame] == -1);
  h.card_points = {20, 22, 20, 19, 0};
  CHECK(side_points(h, 4, side).side[kGame] == 1);
  // Tens dominate Game: a trick of four tens outweighs all the aces, kings and queens... nearly.
  Trick t;
  t.leader = 0;
  for (const auto& c : words("TC TD TH TS")) t.cards[t.count++] = card(c);
  t.winner = 1;
  h = tally_hand(&t, 1, 4, C);
  CHECK(h.card_points[1] == 40);
}

TEST_CASE("flume-cards: 5 players, the called partner found, discarded, or alone", "[flume-cards]") {
  auto g = make_game("flume-cards:players=5");
  const std::vector<std::string> hands = {"AS KS QS JS TS 2H", "AC KC QC JC TC 9C", "AD KD QD JD TD 9D",
                                          "AH KH QH JH TH 9H", "9S 8S 7S 6S 5S 2S"};
  auto setup = [&](const std::string& call) {
    auto s = g->new_initial_state();
    play(*s, deal_text(5, hands));
    // Seat 1 bids, spades trump; seat 2 discards the AC.
    play(*s, "bid3 pass pass pass pass trumpS discard:- discard:AC deal:2C discard:- discard:-");
    while (fs(*s).phase() == Phase::kDealerDiscard) s->apply(s->legal_moves()[0]);
    REQUIRE(fs(*s).phase() == Phase::kCall);
    CHECK(s->current_player() == 1);
    auto p = s->parse_move("call:KS");
    CHECK(p.status == ParsedMove::Status::kIllegal);
    CHECK(p.error.find("own hand") != std::string::npos);
    CHECK(s->legal_moves().size() == 1 + 40);
    play(*s, call);
    return s;
  };
  auto finish_hand = [](State& s, std::uint64_t seed, int called_holder) {
    Rng rng(seed);
    std::vector<Move> scratch;
    bool revealed = false;
    while (fs(s).hands_dealt() == 1) {
      const Move m = random_action(s, rng, scratch);
      if (fs(s).called_card() >= 0 && s.move_to_string(m) == "play:" + card_name(fs(s).called_card()))
        revealed = true;
      s.apply(m);
      if (revealed && fs(s).hands_dealt() == 1)
        for (int seat = 1; seat <= 5; ++seat)
          CHECK(s.observation(seat).find("partner " + std::to_string(called_holder + 1)) !=
                std::string::npos);
    }
    CHECK(revealed == (called_holder >= 0));
  };

  SECTION("found: the holder of the KH is the secret partner") {
    auto s = setup("call:KH");
    CHECK(fs(*s).partner() == 3);
    CHECK(s->observation(4).find("partner you") != std::string::npos);
    for (int seat : {1, 2, 3, 5}) CHECK(s->observation(seat).find("partner") == std::string::npos);
    CHECK(s->observation(2).find("called KH") != std::string::npos);
    finish_hand(*s, 11, 3);
    const auto& side = fs(*s).last_bidding_side();
    CHECK((side[0] && side[3] && !side[1] && !side[2] && !side[4]));
    CHECK(fs(*s).score(0) == fs(*s).score(3));
    CHECK(fs(*s).score(1) == fs(*s).score(2));
    CHECK(fs(*s).score(1) == fs(*s).score(4));
    const auto& lp = fs(*s).last_points();
    CHECK(fs(*s).score(0) == (lp.points[0] >= 3 ? lp.points[0] : -3));
    CHECK(fs(*s).score(1) == lp.points[1]);
  }
  SECTION("discarded: the bidder plays alone") {
    auto s = setup("call:AC");
    CHECK(fs(*s).partner() == -1);
    for (int seat = 1; seat <= 5; ++seat) CHECK(s->observation(seat).find("partner") == std::string::npos);
    finish_hand(*s, 12, -1);
    const auto& side = fs(*s).last_bidding_side();
    CHECK((side[0] && !side[1] && !side[2] && !side[3] && !side[4]));
    for (int seat = 2; seat < 5; ++seat) CHECK(fs(*s).score(seat) == fs(*s).score(1));
  }
  SECTION("alone by choice") {
    auto s = setup("alone");
    CHECK(fs(*s).partner() == -1);
    CHECK(s->observation(3).find("called alone") != std::string::npos);
    finish_hand(*s, 13, -1);
    const auto& lp = fs(*s).last_points();
    CHECK(fs(*s).score(0) == (lp.points[0] >= 3 ? lp.points[0] : -3));
    for (int seat = 1; seat < 5; ++seat) CHECK(fs(*s).score(seat) == lp.points[1]);
  }
}

TEST_CASE("flume-cards: notation, unparseable versus illegal", "[flume-cards]") {
  auto g = make_game("flume-cards");
  auto s = g->new_initial_state();
  CHECK(legal_texts(*s) == std::vector<std::string>{"dealer:1", "dealer:2", "dealer:3", "dealer:4"});
  CHECK(status(*s, "dealer:5") == ParsedMove::Status::kIllegal);
  CHECK(status(*s, "pass") == ParsedMove::Status::kIllegal);
  CHECK(status(*s, "hello") == ParsedMove::Status::kUnparseable);
  CHECK(status(*s, "") == ParsedMove::Status::kUnparseable);
  play(*s, deal_text(4, kHandsA));
  auto p = s->parse_move("deal:AS");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK(p.error.find("chance") != std::string::npos);
  CHECK(status(*s, "trumpH") == ParsedMove::Status::kIllegal);
  CHECK(status(*s, "trumpX") == ParsedMove::Status::kUnparseable);
  CHECK(status(*s, "call:ZZ") == ParsedMove::Status::kUnparseable);
  CHECK(status(*s, "call:KS") == ParsedMove::Status::kIllegal);
  CHECK(status(*s, "Pass") == ParsedMove::Status::kOk);
  play(*s, "bid4 pass pass pass trumph discard:- discard:- discard:-");
  dealer_keep(*s, kHandsA[3]);
  p = s->parse_move("play:9H");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK(p.error.find("not in your hand") != std::string::npos);
  CHECK(s->parse_move("ah").move == s->parse_move("play:AH").move);
  CHECK(s->parse_move("AH").ok());
  // Every move's text is one token and parses back to the same move.
  for (Move m : s->legal_moves()) {
    const auto t = s->move_to_string(m);
    CHECK(t.find(' ') == std::string::npos);
    CHECK(s->parse_move(t).move == m);
  }
}

TEST_CASE("flume-cards: observations show only what a seat may know", "[flume-cards]") {
  auto g = make_game("flume-cards");
  auto s = g->new_initial_state();
  play(*s, deal_text(4, kHandsA));
  const std::string o = s->observation(2);
  CHECK(o.find("cards 7H 8H 9H QS KS AS") != std::string::npos);
  for (const auto& c : words(kHandsA[0] + " " + kHandsA[2] + " " + kHandsA[3]))
    CHECK(o.find(c) == std::string::npos);
  CHECK(o.find("stock 22") != std::string::npos);
  play(*s, "bid4 pass pass pass trumpH discard:- discard:QS.KS");
  CHECK(s->action_view(3, s->legal_moves()[0]) == "deal:?");
  play(*s, "deal:2C deal:5C");
  const std::string o3 = s->observation(3);
  CHECK(o3.find("discards 1:0 2:2 3:- 4:-") != std::string::npos);
  CHECK(o3.find("QS") == std::string::npos);
  CHECK(o3.find("2C") == std::string::npos);
  // The discard itself shows others its size only.
  auto t = g->new_initial_state();
  play(*t, deal_text(4, kHandsA));
  play(*t, "bid4 pass pass pass trumpH discard:-");
  const Move d = t->parse_move("discard:QS.KS").move;
  CHECK(t->action_view(2, d) == "discard:QS.KS");
  CHECK(t->action_view(1, d) == "discard:2");
  CHECK(t->action_view(3, d) == "discard:2");
}

namespace {

struct Recorded {
  std::vector<std::string> texts;
  std::vector<Phase> phases;
  std::vector<std::vector<std::string>> views;  // per step, per seat
};

// Replays recorded texts with cards renamed by `perm` (deals and discards only: the
// only actions that carry cards a viewer may not see). The dealer's discard run is
// re-sorted, since its order is canonical. Returns false if the renamed deal is not legal.
bool replay(const Game& g, const Recorded& rec, const std::array<Card, kDeckSize>& perm, int players,
            std::unique_ptr<State>& out, std::vector<std::vector<std::string>>& views) {
  auto s = g.new_initial_state();
  views.clear();
  auto rename_list = [&](const std::string& list) {
    std::vector<Card> cs;
    std::string tok;
    std::istringstream in(list);
    while (std::getline(in, tok, '.')) cs.push_back(perm[card(tok)]);
    std::sort(cs.begin(), cs.end());
    std::string r;
    for (Card c : cs) r += (r.empty() ? "" : ".") + card_name(c);
    return r;
  };
  size_t i = 0;
  while (i < rec.texts.size()) {
    std::vector<std::string> batch;
    if (rec.phases[i] == Phase::kDealerDiscard) {
      std::vector<Card> cs;
      while (i < rec.texts.size() && rec.phases[i] == Phase::kDealerDiscard)
        cs.push_back(perm[card(rec.texts[i++].substr(8))]);
      std::sort(cs.begin(), cs.end());
      for (Card c : cs) batch.push_back("discard:" + card_name(c));
    } else {
      const std::string& t = rec.texts[i++];
      if (t.rfind("deal:", 0) == 0)
        batch.push_back("deal:" + card_name(perm[card(t.substr(5))]));
      else if (t.rfind("discard:", 0) == 0 && t != "discard:-")
        batch.push_back("discard:" + rename_list(t.substr(8)));
      else
        batch.push_back(t);
    }
    for (const auto& t : batch) {
      ParsedMove p = s->parse_move(t);
      if (!p.ok()) return false;
      std::vector<std::string> v;
      for (int seat = 1; seat <= players; ++seat) v.push_back(s->action_view(seat, p.move));
      views.push_back(v);
      s->apply(p.move);
    }
  }
  out = std::move(s);
  return true;
}

void hidden_information_property(const std::string& spec, int players) {
  auto g = make_game(spec);
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng(seed);
    std::vector<Move> scratch;
    auto s = g->new_initial_state();
    Recorded rec;
    // Play into the first hand up to a random cut.
    const int cut = 30 + static_cast<int>(rng.below(80));
    while (static_cast<int>(rec.texts.size()) < cut && fs(*s).hands_dealt() <= 1 && !s->is_terminal()) {
      const Move m = random_action(*s, rng, scratch);
      rec.texts.push_back(s->move_to_string(m));
      rec.phases.push_back(fs(*s).phase());
      std::vector<std::string> v;
      for (int seat = 1; seat <= players; ++seat) v.push_back(s->action_view(seat, m));
      rec.views.push_back(v);
      s->apply(m);
    }
    if (fs(*s).hands_dealt() != 1 || s->is_terminal()) continue;  // a thrown-in deal: other seeds cover it
    const FlumeCardsState& orig = fs(*s);
    CardMask played = 0;
    for (int t = 0; t <= orig.tricks_played() && t < kTricks; ++t)
      for (int k = 0; k < orig.trick(t).count; ++k) played |= bit(orig.trick(t).cards[k]);
    for (int viewer = 0; viewer < players; ++viewer) {
      // Everything the viewer ever held: its hand, its discards, its played cards.
      CardMask own = orig.hand(viewer) | orig.discarded(viewer);
      for (int t = 0; t <= orig.tricks_played() && t < kTricks; ++t)
        for (int k = 0; k < orig.trick(t).count; ++k)
          if ((orig.trick(t).leader + k) % players == viewer) own |= bit(orig.trick(t).cards[k]);
      const CardMask hidden = kFullDeck & ~own & ~played;
      // Shuffle hidden cards within classes the public actions constrain: effective suit
      // and protection once trump is named (follow-suit, discard rules); anything before.
      std::map<int, std::vector<Card>> classes;
      for (CardMask m = hidden; m; m &= m - 1) {
        const Card c = std::countr_zero(m);
        const int tr = orig.trump();
        classes[tr < 0 ? 0 : effective_suit(c, tr) * 2 + (is_trump(c, tr) && is_protected_trump(c, tr))]
            .push_back(c);
      }
      for (int attempt = 0; attempt < 5; ++attempt) {
        std::array<Card, kDeckSize> perm;
        for (Card c = 0; c < kDeckSize; ++c) perm[c] = c;
        bool moved = false;
        for (auto& [key, cs] : classes) {
          std::vector<Card> shuffled = cs;
          for (size_t k = shuffled.size(); k > 1; --k) std::swap(shuffled[k - 1], shuffled[rng.below(k)]);
          for (size_t k = 0; k < cs.size(); ++k) {
            perm[cs[k]] = shuffled[k];
            moved |= cs[k] != shuffled[k];
          }
        }
        std::unique_ptr<State> other;
        std::vector<std::vector<std::string>> views;
        if (!replay(*g, rec, perm, players, other, views)) continue;
        INFO("seed " << seed << " viewer " << viewer + 1 << "\n" << s->render() << other->render());
        REQUIRE(views.size() == rec.views.size());
        for (size_t k = 0; k < views.size(); ++k) CHECK(views[k][viewer] == rec.views[k][viewer]);
        CHECK(other->observation(viewer + 1) == s->observation(viewer + 1));
        // The shuffle did change what the others hold (so the comparison means something).
        if (moved) {
          bool differs = false;
          for (int o = 0; o < players; ++o) differs |= fs(*other).hand(o) != orig.hand(o);
          differs |= fs(*other).stock() != orig.stock();
          for (int o = 0; o < players; ++o) differs |= fs(*other).discarded(o) != orig.discarded(o);
          CHECK(differs);
        }
        ++compared;
        break;
      }
    }
  }
  CHECK(compared >= 60);
}

}  // namespace

TEST_CASE("flume-cards: a seat's view is unchanged when hidden cards are shuffled (4 players)",
          "[flume-cards]") {
  hidden_information_property("flume-cards", 4);
}

TEST_CASE("flume-cards: a seat's view is unchanged when hidden cards are shuffled (5 players)",
          "[flume-cards]") {
  hidden_information_property("flume-cards:players=5", 5);
}

namespace {

// Plays random games to the end, checking invariants at every step; returns how many
// games ended on each kind of finish the win rules distinguish.
struct FinishKinds {
  int single = 0, both_reached_higher = 0, both_reached_equal = 0, cap = 0;
};

FinishKinds random_games(const std::string& spec, int games) {
  auto g = make_game(spec);
  const int n = g->num_players();
  const int target = static_cast<int>(g->params().integer("target"));
  FinishKinds kinds;
  std::vector<Move> legal;
  for (int game = 0; game < games; ++game) {
    Rng rng(derive_seed(99, game));
    auto s = g->new_initial_state();
    std::array<int, kMaxPlayers> before{};
    int hand = 0, steps = 0;
    while (!s->is_terminal()) {
      REQUIRE(steps++ < g->max_game_length());
      const auto& f = fs(*s);
      if (f.hands_dealt() != hand) {
        hand = f.hands_dealt();
        for (int i = 0; i < n; ++i) before[i] = f.score(i);
      }
      s->legal_moves(legal);
      REQUIRE(!legal.empty());
      // Every card is in exactly one place.
      CardMask all = f.stock();
      int count = std::popcount(f.stock());
      for (int i = 0; i < n; ++i) {
        all |= f.hand(i) | f.discarded(i);
        count += std::popcount(f.hand(i)) + std::popcount(f.discarded(i));
      }
      for (int t = 0; t <= f.tricks_played() && t < kTricks; ++t)
        for (int k = 0; k < f.trick(t).count; ++k) all |= bit(f.trick(t).cards[k]), ++count;
      if (f.phase() != Phase::kChooseDealer) {
        REQUIRE(all == kFullDeck);
        REQUIRE(count == kDeckSize);
      }
      if (s->is_chance()) {
        double sum = 0;
        for (auto& [m, p] : s->chance_outcomes()) sum += p;
        REQUIRE(sum == Approx(1.0));
      }
      s->apply(random_action(*s, rng, legal));
    }
    const auto& f = fs(*s);
    auto results = s->results();
    const auto& bidding = f.last_bidding_side();
    std::vector<int> reached;
    for (int i = 0; i < n; ++i)
      if (f.score(i) >= target) reached.push_back(i);
    if (reached.empty()) {
      ++kinds.cap;
      continue;
    }
    int best = INT32_MIN;
    for (int i : reached) best = std::max(best, f.score(i));
    std::vector<int> top;
    for (int i : reached)
      if (f.score(i) == best) top.push_back(i);
    bool any_bidding = false;
    for (int i : top) any_bidding |= bidding[i];
    // 4 players: partners share a total, so count sides, not seats.
    const size_t sides_reached = n == 4 ? reached.size() / 2 : reached.size();
    const size_t sides_top = n == 4 ? top.size() / 2 : top.size();
    if (sides_reached == 1)
      ++kinds.single;
    else if (sides_top == 1)
      ++kinds.both_reached_higher;
    else
      ++kinds.both_reached_equal;
    for (int i = 0; i < n; ++i) {
      const bool wins = std::count(top.begin(), top.end(), i) && (!any_bidding || bidding[i]);
      INFO("game " << game << " seat " << i + 1 << "\n" << s->observation(1));
      CHECK((results[i].rank == 1) == wins);
      CHECK(results[i].score == f.score(i));
      CHECK(results[i].team == g->team_of(i + 1));
      if (n == 4) CHECK(results[i].team == i % 2);
    }
  }
  return kinds;
}

}  // namespace

TEST_CASE("flume-cards: random 4-player games finish and follow the win rule", "[flume-cards]") {
  FinishKinds k = random_games("flume-cards", 60);
  CHECK(k.single > 0);
  // Both sides reaching the target on one hand is rare in random play: these seeds hold some.
  FinishKinds low = random_games("flume-cards:target=10", 1500);
  CHECK(low.both_reached_higher > 0);
}

TEST_CASE("flume-cards: random 5-player games finish and follow the win rule", "[flume-cards]") {
  FinishKinds k = random_games("flume-cards:players=5", 60);
  CHECK(k.single > 0);
  // Several players at the target on one hand: defenders share a total, so ties are common.
  FinishKinds low = random_games("flume-cards:players=5,target=10", 300);
  CHECK(low.both_reached_higher > 0);
  CHECK(low.both_reached_equal > 0);
}

TEST_CASE("flume-cards: the hand cap ends the game on the higher total", "[flume-cards]") {
  auto g = make_game("flume-cards:hand_cap=1");
  auto s = scenario_a(*g, "bid4 pass pass pass", "trumpH");
  play(*s, kPlayA);
  REQUIRE(s->is_terminal());
  auto r = s->results();
  CHECK(r[0].rank == 1);
  CHECK(r[2].rank == 1);
  CHECK(r[1].rank == 2);
  CHECK(r[3].rank == 2);
  CHECK(s->observation(1).find("result hand_cap") != std::string::npos);
  CHECK(s->observation(1).find("trick 6 lead 1: 1:TH 2:QS 3:JC 4:QD won 1") != std::string::npos);
  // A thrown-in deal counts as a hand: all pass, equal totals, everybody shares first place.
  auto t = g->new_initial_state();
  play(*t, deal_text(1, kHandsA));
  play(*t, "pass pass pass pass");
  REQUIRE(t->is_terminal());
  for (const auto& sr : t->results()) CHECK(sr.rank == 1);
  CHECK_THROWS_AS(make_game("flume-cards:players=6"), SpecError);
  CHECK_THROWS_AS(make_game("flume-cards:hand_cap=0"), SpecError);
}

TEST_CASE("flume-cards: perft from recorded positions", "[flume-cards]") {
  auto g = make_game("flume-cards");
  auto s = g->new_initial_state();
  CHECK(perft(*s, 1) == 4);
  CHECK(perft(*s, 2) == 4 * 46);
  CHECK(perft(*s, 3) == 4 * 46 * 45);
  play(*s, deal_text(4, kHandsA));
  // Bids strictly rising over four seats: sum over k of C(4,k)^2 = 70 sequences.
  CHECK(perft(*s, 4) == 70);
  // Then trump (4 ways) after any of the 69 with a bidder, or a redeal's first card (46).
  CHECK(perft(*s, 5) == 69 * 4 + 46);
  // First trick of scenario A: seat 1 has 6 trumps; seats 2, 3, 4 hold 3, 2, 3 hearts.
  auto a = scenario_a(*g, "bid4 pass pass pass", "trumpH");
  // Lead of a trump forces 3*2*3 replies; the game has no non-trumps in seat 1's hand.
  CHECK(perft(*a, 4) == 6 * 3 * 2 * 3);

  // The dealer's 22 discards, one card a move in ascending order, reach each allowed
  // discard set exactly once: with 3 trumps, any 22 of 25 non-trumps (C(25,3) sets)...
  auto d = g->new_initial_state();
  play(*d, deal_text(4, kHandsA));
  play(*d, "bid4 pass pass pass trumpH discard:- discard:- discard:-");
  CHECK(perft(*d, 22) == 2300);
  // ...with 11 trumps, all 17 non-trumps and 5 of the 8 unprotected trumps (C(8,5) sets).
  auto e = g->new_initial_state();
  play(*e,
       deal_text(4, {"AH 2D 5D AS KS 6C", "JD 9C 8C 7C 6S 5S", "HJ AD KD QD 9S 8S", "KH QH JH TH 2H LJ"}));
  play(*e, "bid3 pass pass pass trumpH discard:- discard:- discard:-");
  CHECK(perft(*e, 22) == 56);
  CHECK(perft(*e, 23) == 56 * 6);  // then seat 1 leads any of its six cards

  // The same through the CLI, from the recorded actions.
  auto replay = g->new_initial_state();
  std::string recorded;
  for (const auto& act : a->history()) {
    recorded += (recorded.empty() ? "" : " ") + replay->move_to_string(act.move);
    replay->apply(act.move);
  }
  const std::string cmd =
      std::string(ARENA_BIN_DIR) + "/arena perft flume-cards --depth 4 --moves \"" + recorded + "\"";
  INFO("runs " << cmd << " (build the arena target too)");
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  char buf[128] = {};
  std::string outp;
  while (fgets(buf, sizeof buf, p)) outp += buf;
  CHECK(pclose(p) == 0);
  CHECK(outp == "108\n");
}

TEST_CASE("flume-cards: both sides reach the target on one hand with equal totals: the bidders win",
          "[flume-cards]") {
  auto g = make_game("flume-cards:target=7");
  auto s = g->new_initial_state();
  deal_a(*s, 4, "bid4 pass pass pass", "trumpH");  // seat 1 bids: 6 to seats 1+3, 1 to seats 2+4
  play(*s, kPlayA);
  REQUIRE(!s->is_terminal());
  CHECK(fs(*s).dealer() == 0);
  deal_a(*s, 1, "bid4 pass pass pass", "trumpH");  // seat 2 bids: 6 to seats 2+4, 1 to seats 1+3
  play(*s, kPlayA);
  REQUIRE(s->is_terminal());
  for (int seat = 0; seat < 4; ++seat) CHECK(fs(*s).score(seat) == 7);
  auto r = s->results();
  CHECK(r[1].rank == 1);
  CHECK(r[3].rank == 1);
  CHECK(r[0].rank == 2);
  CHECK(r[2].rank == 2);
  CHECK(s->observation(1).find("result target ranks 2 1 2 1") != std::string::npos);
}

TEST_CASE("flume-cards: any text at any point parses to a legal move or a clear error", "[flume-cards]") {
  std::vector<std::string> vocabulary = {
      "pass",     "alone",    "bid0",      "bid3",     "bid6",          "bid9",
      "bid",      "trumpC",   "trumpS",    "trumpX",   "dealer:0",      "dealer:1",
      "dealer:5", "dealer:6", "discard:-", "discard:", "discard:2C.HJ", "x",
      "play:",    "call:",    "deal:",     "QQ",       "10C",           "discard:AS.LJ.9D"};
  for (Card c = 0; c < kDeckSize; ++c)
    for (const char* prefix : {"", "play:", "deal:", "call:", "discard:"})
      vocabulary.push_back(prefix + card_name(c));
  for (const std::string spec : {"flume-cards", "flume-cards:players=5"}) {
    auto g = make_game(spec);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      Rng rng(seed);
      std::vector<Move> scratch;
      auto s = g->new_initial_state();
      for (int step = 0; step < 400 && !s->is_terminal(); ++step) {
        const auto legal = s->legal_moves();
        for (const auto& text : vocabulary) {
          const ParsedMove p = s->parse_move(text);
          INFO(text << " at step " << step << ": " << p.error);
          if (p.ok()) {
            CHECK(std::find(legal.begin(), legal.end(), p.move) != legal.end());
          } else {
            CHECK(!p.error.empty());
            CHECK(p.error.find(text) != std::string::npos);
          }
        }
        s->apply(random_action(*s, rng, scratch));
      }
    }
  }
}

}  // namespace flume_cards_test
