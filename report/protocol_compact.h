// The compact form in which the report embeds the lines a seat was sent for each decision
// (ReportOptions::protocol_lines): most of a decision's lines repeat the seat's previous
// decision (board rows, hands), and a changed line mostly differs in a few words (the legal
// list after one move). The page (protocolLines in decision.js) turns it back into lines.
#pragma once

#include <boost/json/array.hpp>
#include <string>
#include <vector>

namespace arena::report {

// [ply, item...], one item per line:
// - a number k: line k (0-based) of the seat's previous decision, unchanged;
// - a string: the line itself (always so for "go", the one line that depends on measured times);
// - an array [k, op...]: line k of the previous decision edited word by word (words split at
//   single spaces): a positive op copies that many of its words, a negative one skips that
//   many, a string op inserts its text (words joined by spaces). Words not reached are dropped.
// - an object {"e": [k, n]}: n event lines, those of actions k..k+n-1 (0-based) as the seat saw
//   them ("event ACTOR TOKEN", ACTOR "chance" or the seat, TOKEN the replay's "w" entry of the
//   seat, else the action's text); given `events`, the line each action's event would be.
// `previous` holds the previous decision's lines and receives this one's.
boost::json::array compact_decision(int ply, const std::string& text, std::vector<std::string>& previous,
                                    const std::vector<std::string>& events = {});

// The event line of every action of `replay` ({"a", "w"}: report/replay.h) as `seat` saw it.
std::vector<std::string> seat_event_lines(const boost::json::object& replay, int seat);

}  // namespace arena::report
