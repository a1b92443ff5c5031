#include "ratings/calibration.h"

#include <catch2/catch.hpp>

#include "ratings/rating_table.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace calibration_test {

using namespace arena;

namespace {

RatingTable table_of(std::vector<RatedBot> bots) {
  RatingTable t;
  t.bots = std::move(bots);
  return t;
}

RatedBot rated(const std::string& name, double elo, double error, int component = 0) {
  RatedBot b;
  b.name = name;
  b.elo = elo;
  b.error = error;
  b.component = component;
  return b;
}

}  // namespace

TEST_CASE("calibration: the references' part is shifted by their weighted mean offset", "[ratings]") {
  // Measured -100 and +100 (pool average); published 400 and 620: offsets 500 and 520, the
  // second twice as certain (variance 10^2+10^2 against 20^2+10^2... weights 1/200 and 1/500).
  RatingTable t = table_of({rated("ref-a", -100, 10), rated("mine", 50, 30), rated("ref-b", 100, 20),
                            rated("elsewhere", 0, 40, 1)});
  const Calibration c =
      calibrate(t, {{"ref-a", 400, 10}, {"ref-b", 620, 10}, {"absent", 0, 5}}, "the test ladder");
  const double wa = 1.0 / 200, wb = 1.0 / 500;
  const double shift = (wa * 500 + wb * 520) / (wa + wb);
  CHECK(c.references == 2);
  CHECK(c.shift == Approx(shift));
  CHECK(t.bots[0].elo == Approx(-100 + shift));
  CHECK(t.bots[1].elo == Approx(50 + shift));  // every difference the games measured is kept
  CHECK(t.bots[2].elo == Approx(100 + shift));
  CHECK(t.bots[3].elo == 0);  // another part was never measured against the references
  CHECK(t.calibration == "the test ladder");
  CHECK(render_ratings_text(t).find("scale of the test ladder") != std::string::npos);
}

TEST_CASE("calibration: without a rated reference the table keeps its scale", "[ratings]") {
  RatingTable t = table_of({rated("mine", 50, 30)});
  const Calibration c = calibrate(t, {{"ref-a", 400, 10}}, "the test ladder");
  CHECK(c.references == 0);
  CHECK(t.bots[0].elo == 50);
  CHECK(t.calibration.empty());
}

}  // namespace calibration_test
