#include "ratings/rating_table.h"

#include <boost/json/serialize.hpp>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace arena {

namespace {

std::string fixed(double v, int decimals) {
  if (!std::isfinite(v)) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string percent(double fraction) {
  return std::isfinite(fraction) ? fixed(100 * fraction, 1) + "%" : "-";
}

std::string pad_left(const std::string& s, std::size_t w) {
  return s.size() >= w ? s : std::string(w - s.size(), ' ') + s;
}
std::string pad_right(const std::string& s, std::size_t w) {
  return s.size() >= w ? s : s + std::string(w - s.size(), ' ');
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

boost::json::value number_or_null(double v) {
  if (!std::isfinite(v)) return nullptr;
  return v;
}

}  // namespace

std::string rating_elo_text(const RatedBot& b, int decimals) {
  std::string s = fixed(b.elo, decimals);
  if (b.prior) s = "~" + s;
  if (b.edge > 0) s += "+";
  if (b.edge < 0) s += "-";
  return s;
}

std::string rating_marks_legend(const RatingTable& t) {
  for (const auto& b : t.bots)
    if (b.prior) return "~ held finite by the prior (see warnings); + won every game, - lost every game";
  return "";
}

std::string render_ratings_text(const RatingTable& t) {
  std::ostringstream out;
  out << t.model << " ratings from " << t.games << " game" << (t.games == 1 ? "" : "s") << ", ";
  if (!t.calibration.empty())
    out << "scale of " << t.calibration;
  else if (!t.anchor.empty())
    out << "anchored at " << t.anchor << " = " << fixed(t.anchor_elo, 1);
  else
    out << "pool average 0";
  out << "; Elo scale 400*log10, +/- is the 95% interval";
  if (t.bootstrap > 0) out << "; boot +/- from " << t.bootstrap << " bootstrap samples";
  out << "\n";
  std::size_t name_w = 4;
  for (const auto& b : t.bots) name_w = std::max(name_w, b.name.size());
  bool parts = false;
  for (const auto& b : t.bots) parts = parts || b.component != 0;
  out << pad_left("Rank", 4) << "  " << pad_right("Name", name_w) << "  " << pad_left("Elo", 9) << "  "
      << pad_left("+/-", 7);
  if (t.bootstrap > 0) out << "  " << pad_left("boot+/-", 7);
  out << "  " << pad_left("Games", 7) << "  " << pad_left("Score", 6) << "  " << pad_left("Draws", 6);
  if (t.multi_seat) out << "  " << pad_left("AvgRank", 7);
  out << "  " << pad_left("LOS", 6);
  if (parts) out << "  Part";
  out << "\n";
  for (std::size_t k = 0; k < t.bots.size(); ++k) {
    const RatedBot& b = t.bots[k];
    out << pad_left(std::to_string(k + 1), 4) << "  " << pad_right(b.name, name_w) << "  "
        << pad_left(rating_elo_text(b, 1), 9) << "  " << pad_left(fixed(b.error, 1), 7);
    if (t.bootstrap > 0) out << "  " << pad_left(fixed(b.bootstrap_error, 1), 7);
    out << "  " << pad_left(std::to_string(b.games), 7) << "  " << pad_left(percent(b.score), 6) << "  "
        << pad_left(percent(b.draws), 6);
    if (t.multi_seat) out << "  " << pad_left(fixed(b.average_rank, 2), 7);
    out << "  " << pad_left(percent(b.los_next), 6);
    if (parts) out << "  " << b.component;
    out << "\n";
  }
  if (const std::string legend = rating_marks_legend(t); !legend.empty()) out << legend << "\n";
  out << "LOS: likelihood that the bot is stronger than the next one down\n";
  for (const auto& w : t.warnings) out << "warning: " << w << "\n";
  return out.str();
}

std::string render_los_matrix_text(const RatingTable& t) {
  std::ostringstream out;
  if (t.los.empty()) {
    out << "(no likelihood-of-superiority matrix: too many bots or no intervals)\n";
    return out.str();
  }
  std::size_t name_w = 4;
  for (const auto& b : t.bots) name_w = std::max(name_w, b.name.size());
  out << "LOS (%): row stronger than column\n" << pad_right("", name_w);
  for (std::size_t j = 0; j < t.bots.size(); ++j) out << "  " << pad_left(std::to_string(j + 1), 5);
  out << "\n";
  for (std::size_t i = 0; i < t.bots.size(); ++i) {
    out << pad_right(t.bots[i].name, name_w);
    for (std::size_t j = 0; j < t.bots.size(); ++j)
      out << "  " << pad_left(i == j ? "" : fixed(100 * t.los[i][j], 1), 5);
    out << "\n";
  }
  return out.str();
}

std::string render_ratings_csv(const RatingTable& t) {
  std::ostringstream out;
  out << "rank,name,elo,error,bootstrap_error,games,score,draws,average_rank,los_next,flag,part\n";
  for (std::size_t k = 0; k < t.bots.size(); ++k) {
    const RatedBot& b = t.bots[k];
    auto num = [](double v, int d) { return std::isfinite(v) ? fixed(v, d) : std::string(); };
    std::string flag = b.edge > 0 ? "all-wins" : b.edge < 0 ? "all-losses" : b.prior ? "prior" : "";
    if (!b.separable) flag += flag.empty() ? "inseparable" : ";inseparable";
    out << k + 1 << "," << csv_field(b.name) << "," << num(b.elo, 2) << "," << num(b.error, 2) << ","
        << num(t.bootstrap > 0 ? b.bootstrap_error : NAN, 2) << "," << b.games << "," << num(100 * b.score, 2)
        << "," << num(100 * b.draws, 2) << "," << num(b.average_rank, 3) << "," << num(100 * b.los_next, 2)
        << "," << flag << "," << b.component << "\n";
  }
  return out.str();
}

boost::json::value ratings_to_json(const RatingTable& t) {
  boost::json::object o;
  o["model"] = t.model;
  o["games"] = t.games;
  o["scale"] = "400*log10";
  if (!t.anchor.empty()) {
    o["anchor"] = t.anchor;
    o["anchor_elo"] = t.anchor_elo;
  } else {
    o["anchor"] = nullptr;
    o["average"] = 0.0;
  }
  if (!t.calibration.empty()) o["calibration"] = t.calibration;
  o["bootstrap"] = t.bootstrap;
  boost::json::array bots;
  for (std::size_t k = 0; k < t.bots.size(); ++k) {
    const RatedBot& b = t.bots[k];
    boost::json::object j;
    j["rank"] = k + 1;
    j["name"] = b.name;
    j["elo"] = number_or_null(b.elo);
    j["error"] = number_or_null(b.error);
    if (t.bootstrap > 0) j["bootstrap_error"] = number_or_null(b.bootstrap_error);
    j["games"] = b.games;
    j["score"] = b.score;
    j["draws"] = b.draws;
    if (t.multi_seat) j["average_rank"] = b.average_rank;
    j["los_next"] = number_or_null(b.los_next);
    j["edge"] = b.edge > 0   ? boost::json::value("all wins")
                : b.edge < 0 ? boost::json::value("all losses")
                             : nullptr;
    j["prior"] = b.prior;
    j["separable"] = b.separable;
    j["part"] = b.component;
    bots.push_back(std::move(j));
  }
  o["bots"] = std::move(bots);
  if (!t.los.empty()) {
    boost::json::array m;
    for (const auto& row : t.los) {
      boost::json::array r;
      for (double v : row) r.push_back(number_or_null(v));
      m.push_back(std::move(r));
    }
    o["los"] = std::move(m);
  }
  boost::json::array w;
  for (const auto& s : t.warnings) w.push_back(boost::json::string(s));
  o["warnings"] = std::move(w);
  return o;
}

}  // namespace arena
