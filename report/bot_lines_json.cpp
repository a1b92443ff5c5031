// Bot lines in a replay (report/bot_lines_json.h).
#include "report/bot_lines_json.h"

#include <boost/json/array.hpp>

#include "records/decisions.h"
#include "report/page_keys.h"

namespace arena::report {

namespace json = boost::json;

void add_bot_lines_json(const GameRecord& record, json::object& replay) {
  if (!record.bot_lines.empty()) {
    json::array lines;
    lines.reserve(record.bot_lines.size());
    for (const BotLine& l : record.bot_lines)
      lines.push_back(
          json::array{decision_of(l), l.seat, l.kind == BotLine::Kind::kInfo ? 0 : 1, json::value(l.text)});
    replay[page_key::replay::kBotLines] = std::move(lines);
  }
  if (record.bot_lines_cut > 0)
    replay[page_key::replay::kBotLinesCut] = json::array{cut_decision(record), record.bot_lines_dropped};
}

}  // namespace arena::report
