// One game's replay for the page (report/page_replay.h).
#include "report/page_replay.h"

#include <boost/json/array.hpp>
#include <string>
#include <vector>

#include "engine/core/user_error.h"
#include "report/page_keys.h"
#include "report/protocol_compact.h"
#include "report/replay.h"

namespace arena::report {

namespace json = boost::json;

namespace {

// "q": per seat, its decisions' lines (compact_decision); nothing when the record does not replay.
void add_protocol_lines(json::object& replay, const GameRecord& record, const ProtocolLines& lines_of) {
  std::vector<SeatDecisionLines> seats;
  try {
    seats = lines_of(record);
  } catch (const UserError&) {
    return;
  }
  json::array q;
  for (const SeatDecisionLines& decisions : seats) {
    json::array seat;
    std::vector<std::string> previous;
    const std::vector<std::string> events = seat_event_lines(replay, static_cast<int>(q.size()) + 1);
    for (const auto& [ply, text] : decisions) seat.push_back(compact_decision(ply, text, previous, events));
    q.push_back(std::move(seat));
  }
  replay[page_key::replay::kProtocol] = std::move(q);
}

}  // namespace

json::object page_replay(const GameRecord& record, const ProtocolLines& protocol_lines) {
  json::object replay = replay_json(record, true);
  if (protocol_lines) add_protocol_lines(replay, record, protocol_lines);
  return replay;
}

}  // namespace arena::report
