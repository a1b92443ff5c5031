// The Weng–Lin Plackett–Luce update against a published example (OpenSkill's documentation:
// two teams of two, the first wins) and its basic properties: ties, order independence, a
// winner gaining, uncertainty shrinking.
#include "ratings/weng_lin.h"

#include <catch2/catch.hpp>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace weng_lin_test {

using arena::SkillBelief;

TEST_CASE("weng-lin: the published two-team example", "[ratings][weng-lin]") {
  // openskill 3.3 README: a1 = (25, 8.333), a2 = (32.444, 5.123) beat b1 = (43.381, 2.421),
  // b2 = (25.188, 6.211).
  SkillBelief a1{25.0, 25.0 / 3.0}, a2{32.444, 5.123}, b1{43.381, 2.421}, b2{25.188, 6.211};
  std::vector<std::vector<SkillBelief*>> teams{{&a1, &a2}, {&b1, &b2}};
  arena::weng_lin_update(teams, {1, 2});
  CHECK(a1.mu == Approx(28.669648436582808).epsilon(1e-12));
  CHECK(a1.sigma == Approx(8.071520788025197).epsilon(1e-12));
  CHECK(a2.mu == Approx(33.83086971107981).epsilon(1e-12));
  CHECK(a2.sigma == Approx(5.062772998705765).epsilon(1e-12));
  CHECK(b1.mu == Approx(43.071274808241974).epsilon(1e-12));
  CHECK(b1.sigma == Approx(2.4166900452721256).epsilon(1e-12));
  CHECK(b2.mu == Approx(23.149503312339064).epsilon(1e-12));
  CHECK(b2.sigma == Approx(6.1378606973362135).epsilon(1e-12));
}

TEST_CASE("weng-lin: winners gain, losers lose, ties between equals change nothing", "[ratings][weng-lin]") {
  SkillBelief a, b, c;
  std::vector<std::vector<SkillBelief*>> game{{&a}, {&b}, {&c}};
  arena::weng_lin_update(game, {1, 2, 3});
  CHECK(a.mu > 25);
  CHECK(c.mu < 25);
  CHECK(a.mu > b.mu);
  CHECK(b.mu > c.mu);
  for (const SkillBelief* p : {&a, &b, &c}) CHECK(p->sigma < 25.0 / 3.0);
  SkillBelief x, y;
  std::vector<std::vector<SkillBelief*>> tie{{&x}, {&y}};
  arena::weng_lin_update(tie, {1, 1});
  CHECK(x.mu == Approx(25.0));
  CHECK(y.mu == Approx(25.0));
  CHECK(x.sigma < 25.0 / 3.0);
}

TEST_CASE("weng-lin: the order teams are listed in does not matter", "[ratings][weng-lin]") {
  SkillBelief a{30, 5}, b{20, 7}, c{25, 3};
  SkillBelief a2 = a, b2 = b, c2 = c;
  std::vector<std::vector<SkillBelief*>> one{{&a}, {&b}, {&c}}, two{{&c2}, {&a2}, {&b2}};
  arena::weng_lin_update(one, {2, 1, 3});
  arena::weng_lin_update(two, {3, 2, 1});
  CHECK(a.mu == Approx(a2.mu));
  CHECK(b.sigma == Approx(b2.sigma));
  CHECK(c.mu == Approx(c2.mu));
}

}  // namespace weng_lin_test
