#include "ratings/head_to_head.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>

#include "ratings/ratings.h"
#include "tests/ratings/ratings_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace head_to_head_test {

using namespace arena;
using namespace arena::test;

// Published figures: fastchess's Elo unit tests and match reports, cutechess-cli output.
TEST_CASE("head to head: W/L/D to Elo and interval as fastchess", "[ratings]") {
  // Hand-worked: W 0, D 14, L 36: s = 0.14, σ² = (14·0.36² + 36·0.14²)/50 = 0.0504,
  // se = √(σ²/50); ± = (elo(s + 1.96·se) − elo(s − 1.96·se)) / 2.
  EloEstimate e = trinomial_elo(0, 14, 36);
  const double se = std::sqrt(0.0504 / 50);
  CHECK(e.elo == Approx(-400 * std::log10(1 / 0.14 - 1)).margin(1e-9));
  CHECK(e.error == Approx((elo_from_score(0.14 + 1.959963984540054 * se) -
                           elo_from_score(0.14 - 1.959963984540054 * se)) /
                          2)
                       .margin(1e-9));
  // fastchess's Elo unit tests (W, L, D) = (0, 36, 14), (859, 772, 1329), (1164, 1267, 3049)
  // published -315.34 ± 95.43, 10.21 ± 9.28, -6.53 ± 6.12; their ± came from an older
  // approximate normal quantile (those checks are disabled in fastchess today), so the ±
  // agree to 0.2% and the Elo exactly.
  CHECK(e.elo == Approx(-315.34).margin(0.01));
  CHECK(e.error == Approx(95.43).epsilon(0.002));
  e = trinomial_elo(859, 1329, 772);
  CHECK(e.elo == Approx(10.21).margin(0.01));
  CHECK(e.error == Approx(9.28).epsilon(0.002));
  e = trinomial_elo(1164, 3049, 1267);
  CHECK(e.elo == Approx(-6.53).margin(0.01));
  CHECK(e.error == Approx(6.12).epsilon(0.002));
  // cutechess-cli: "99 - 97 - 104 ... Elo difference: 2.3 +/- 31.8, LOS: 55.7 %".
  e = trinomial_elo(99, 104, 97);
  CHECK(e.elo == Approx(2.3).margin(0.05));
  CHECK(e.error == Approx(31.8).epsilon(0.003));
  CHECK(e.los == Approx(0.557).margin(0.0005));
}

TEST_CASE("head to head: pentanomial Elo, nElo and interval as fastchess reports", "[ratings]") {
  // "Elo: 72.85 +/- 22.33, nElo: 132.30 +/- 39.32 ... Ptnml(0-2): [1, 10, 78, 48, 13]"
  EloEstimate e = pentanomial_elo({1, 10, 78, 48, 13});
  CHECK(e.elo == Approx(72.85).margin(0.005));
  CHECK(e.error == Approx(22.33).margin(0.005));
  CHECK(e.nelo == Approx(132.30).margin(0.005));
  CHECK(e.nelo_error == Approx(39.32).margin(0.005));
  // "Elo: 19.83 +/- 6.77, nElo: 24.25 +/- 8.26 ... Ptnml(0-2): [352, 579, 1264, 743, 464]"
  e = pentanomial_elo({352, 579, 1264, 743, 464});
  CHECK(e.elo == Approx(19.83).margin(0.005));
  CHECK(e.error == Approx(6.77).margin(0.005));
  CHECK(e.nelo == Approx(24.25).margin(0.005));
  CHECK(e.nelo_error == Approx(8.26).margin(0.005));
  // "Elo: 190.85 +/- 65.54, nElo: 549.34 +/- 152.27 ... Ptnml(0-2): [0, 0, 1, 8, 1]"
  e = pentanomial_elo({0, 0, 1, 8, 1});
  CHECK(e.elo == Approx(190.85).margin(0.005));
  CHECK(e.error == Approx(65.54).margin(0.005));
  CHECK(e.nelo == Approx(549.34).margin(0.005));
  CHECK(e.nelo_error == Approx(152.27).margin(0.005));
  // "Elo: -0.00 +/- 296.58, nElo: 0.00 +/- 340.48 ... Ptnml(0-2): [0, 1, 0, 1, 0]"
  e = pentanomial_elo({0, 1, 0, 1, 0});
  CHECK(e.elo == Approx(0).margin(1e-9));
  CHECK(e.error == Approx(296.58).margin(0.005));
  CHECK(e.nelo_error == Approx(340.48).margin(0.005));
}

TEST_CASE("head to head: SPRT on the normalised-Elo model", "[ratings]") {
  // fastchess: "Ptnml(0-2): [0, 0, 1, 8, 1] ... LLR: 1.24 (42.1%) (-2.94, 2.94) [0.00, 50.00]"
  SprtResult r = sprt_test({0, 0, 1, 8, 1}, parse_sprt("elo0=0,elo1=50,alpha=0.05,beta=0.05"));
  CHECK(r.llr == Approx(1.24).margin(0.005));
  CHECK(r.lower == Approx(-2.94).margin(0.005));
  CHECK(r.upper == Approx(2.94).margin(0.005));
  CHECK(r.decision == SprtDecision::kContinue);
  // Symmetry: swapping the bots and the hypotheses' signs gives the same LLR.
  CHECK(sprt_llr({3, 10, 40, 12, 5}, 0, 5) == Approx(sprt_llr({5, 12, 40, 10, 3}, 0, -5)).epsilon(1e-9));
  // At the observed normalised Elo the LLR of (nelo, nelo + d) is ≤ 0 and of (nelo − d, nelo) ≥ 0.
  const EloEstimate e = pentanomial_elo({30, 100, 300, 120, 40});
  CHECK(sprt_llr({30, 100, 300, 120, 40}, e.nelo, e.nelo + 5) < 0);
  CHECK(sprt_llr({30, 100, 300, 120, 40}, e.nelo - 5, e.nelo) > 0);
  // Many strong results cross the upper bound.
  r = sprt_test({10, 200, 1000, 400, 100}, parse_sprt("elo0=0,elo1=5,alpha=0.05,beta=0.05"));
  CHECK(r.decision == SprtDecision::kAcceptH1);
  r = sprt_test({100, 400, 1000, 200, 10}, parse_sprt("alpha=0.05,beta=0.05,elo0=0,elo1=5"));
  CHECK(r.decision == SprtDecision::kAcceptH0);
  CHECK_THROWS_AS(parse_sprt("elo0=0,elo1=5"), UserError);
  CHECK_THROWS_AS(parse_sprt("elo0=5,elo1=0,alpha=0.05,beta=0.05"), UserError);
  CHECK_THROWS_AS(parse_sprt("elo0=0,elo1=x,alpha=0.05,beta=0.05"), UserError);
  CHECK_THROWS_AS(parse_sprt("elo0=0,elo1=5,alpha=0.05,gamma=0.05"), UserError);
}

TEST_CASE("head to head: games pair up by key with seats swapped", "[ratings]") {
  std::vector<RatedGame> games;
  auto game = [&](const char* w, const char* b, double score_w, const char* key) {
    RatedGame g = duel(w, b, score_w);
    g.pairing = key;
    games.push_back(g);
  };
  game("A", "B", 1, "s1");    // A wins as seat 1
  game("B", "A", 0.5, "s1");  // draw: pair s1 = 1.5 for A
  game("A", "B", 0, "s2");
  game("B", "A", 1, "s2");    // pair s2 = 0
  game("A", "B", 0.5, "s3");  // partner missing: unpaired
  game("A", "B", 1, "s4");
  game("A", "B", 1, "s4");  // same seats: not a pair
  auto h = head_to_head(games);
  REQUIRE(h);
  CHECK(h->first == "A");
  CHECK(h->wins == 3);
  CHECK(h->losses == 2);
  CHECK(h->draws == 2);
  CHECK(h->pairs == 2);
  CHECK(h->unpaired == 3);
  CHECK(h->pentanomial == std::array<int, 5>{1, 0, 0, 1, 0});
  CHECK(h->draw_ratio == Approx(2.0 / 7));
  // Three bots: no head-to-head.
  games.push_back(duel("A", "C", 1));
  CHECK_FALSE(head_to_head(games));
}

TEST_CASE("head to head: the tally after each game equals the statistics of all games so far", "[ratings]") {
  const SprtParams params = parse_sprt("elo0=0,elo1=5,alpha=0.05,beta=0.05");
  std::vector<RatedGame> games;
  HeadToHeadTally tally;
  std::uint64_t state = 29;  // a fixed xorshift sequence: the same games every run
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (int i = 0; i < 300; ++i) {
    const bool swapped = next() % 2;
    RatedGame g = duel(swapped ? "B" : "A", swapped ? "A" : "B", double(next() % 3) / 2);
    if (next() % 8) g.pairing = "deal" + std::to_string(next() % 40);  // some games unpaired
    games.push_back(g);
    tally.add(g);
    const auto step = tally.summary(params), whole = head_to_head(games, params);
    REQUIRE(step);
    REQUIRE(whole);
    CHECK(step->wins == whole->wins);
    CHECK(step->draws == whole->draws);
    CHECK(step->losses == whole->losses);
    CHECK(step->pairs == whole->pairs);
    CHECK(step->unpaired == whole->unpaired);
    CHECK(step->pentanomial == whole->pentanomial);
    CHECK(step->sprt->llr == whole->sprt->llr);
    CHECK(step->sprt->decision == whole->sprt->decision);
    CHECK(step->sprt->pentanomial == whole->sprt->pentanomial);
  }
  // A third bot: no head to head from then on.
  tally.add(duel("A", "C", 1));
  CHECK_FALSE(tally.summary(params));
  tally.add(duel("A", "B", 1));
  CHECK_FALSE(tally.summary(params));
}

TEST_CASE("head to head: SPRT accumulator models and decision words", "[ratings]") {
  const SprtParams params = parse_sprt("elo0=0,elo1=5,alpha=0.05,beta=0.05");
  SprtAccumulator pairs;  // pair totals only, as the SPRT gauntlet adds them
  const std::array<int, 5> counts = {3, 10, 40, 12, 5};
  for (int k = 0; k < 5; ++k)
    for (int i = 0; i < counts[k]; ++i) pairs.add_pair(k);
  CHECK(pairs.test(params).pentanomial);
  CHECK(pairs.test(params).llr == sprt_test({3, 10, 40, 12, 5}, params).llr);
  SprtAccumulator games;  // an unpaired game keeps the trinomial model
  games.add_game(2);
  games.add_game(0);
  games.pair_up(2);
  CHECK(games.test(params).pentanomial);
  games.add_game(1);
  CHECK_FALSE(games.test(params).pentanomial);
  CHECK(games.test(params).llr == sprt_test({1, 1, 1}, params).llr);
  CHECK(std::string(sprt_decision_text(SprtDecision::kContinue)) == "continue");
  CHECK(std::string(sprt_decision_text(SprtDecision::kAcceptH1)) == "H1 accepted");
  CHECK(std::string(sprt_decision_text(SprtDecision::kAcceptH0)) == "H0 accepted");
}

TEST_CASE("head to head: the Elo text names an infinite bound", "[ratings]") {
  // 4 wins, 1 loss: s = 0.8, se = 0.179, so s + 1.96 se > 1 and the upper bound is infinite.
  const EloEstimate e = trinomial_elo(4, 0, 1);
  REQUIRE(std::isinf(e.upper));
  REQUIRE(std::isfinite(e.lower));
  char want[96];
  std::snprintf(want, sizeof want, "%.1f (95%%: %.1f to +\u221e)", e.elo, e.lower);
  CHECK(elo_interval_text(e, 1) == want);
  // One win, one loss: both bounds infinite.
  CHECK(elo_interval_text(trinomial_elo(1, 0, 1), 1) == "0.0 (95%: \u2212\u221e to +\u221e)");
  // Every game won or lost: the Elo itself is infinite.
  CHECK(elo_interval_text(trinomial_elo(3, 0, 0), 1) == "+\u221e (every game won)");
  CHECK(elo_interval_text(pentanomial_elo({2, 0, 0, 0, 0}), 0) == "\u2212\u221e (every game lost)");
  // A finite interval: the ± of the text table.
  const EloEstimate f = trinomial_elo(30, 20, 25);
  std::snprintf(want, sizeof want, "%.1f \u00b1 %.1f", f.elo, f.error);
  CHECK(elo_interval_text(f, 1) == want);
}

}  // namespace head_to_head_test
