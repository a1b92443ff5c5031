// Reading PGN text into GameRecords (docs/records.md): tags, action comments, games; one
// bad game is reported with its line and skipped, the rest are read.
#include <map>
#include <set>

#include "records/bot_lines.h"
#include "records/pgn.h"
#include "records/pgn_text.h"

namespace arena {

using namespace pgn_detail;

namespace {

struct Tag {
  std::string name, value;
  int line = 0;
};

struct GameText {
  int game = 0;
  int first_line = 0;
  int movetext_line = 0;
  std::vector<Tag> tags;
  std::vector<RecordedAction> actions;
  std::vector<int> action_lines;
  std::vector<BotLine> bot_lines;
  std::vector<int> bot_line_lines;
  std::string result;
  int result_line = 0;
};

struct ParseFailure {
  int line;
  std::string message;
};

// Reads `[Name "value"]` pairs from one line; throws ParseFailure.
void read_tag_line(std::string_view s, int line, std::vector<Tag>& tags) {
  size_t i = 0;
  auto skip_ws = [&] {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  };
  skip_ws();
  while (i < s.size()) {
    if (s[i] != '[') throw ParseFailure{line, "expected '[' to start a tag pair"};
    ++i;
    skip_ws();
    size_t name_start = i;
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
    if (i == name_start) throw ParseFailure{line, "tag pair without a name"};
    Tag tag{std::string(s.substr(name_start, i - name_start)), "", line};
    skip_ws();
    if (i >= s.size() || s[i] != '"')
      throw ParseFailure{line, "tag " + tag.name + ": expected a quoted value"};
    ++i;
    bool closed = false;
    while (i < s.size()) {
      char c = s[i++];
      if (c == '"') {
        closed = true;
        break;
      }
      if (c != '\\') {
        tag.value += c;
        continue;
      }
      if (i >= s.size()) break;
      char e = s[i++];
      switch (e) {
        case '"':
          tag.value += '"';
          break;
        case '\\':
          tag.value += '\\';
          break;
        case 'n':
          tag.value += '\n';
          break;
        case 'r':
          tag.value += '\r';
          break;
        case 't':
          tag.value += '\t';
          break;
        case 'x': {
          int hi = i < s.size() ? hex_value(s[i]) : -1;
          int lo = i + 1 < s.size() ? hex_value(s[i + 1]) : -1;
          if (hi < 0 || lo < 0) throw ParseFailure{line, "tag " + tag.name + ": bad \\x escape"};
          tag.value += static_cast<char>(hi * 16 + lo);
          i += 2;
          break;
        }
        default:
          throw ParseFailure{line, "tag " + tag.name + ": unknown escape '\\" + std::string(1, e) + "'"};
      }
    }
    if (!closed) throw ParseFailure{line, "tag " + tag.name + ": value has no closing quote"};
    skip_ws();
    if (i >= s.size() || s[i] != ']') throw ParseFailure{line, "tag " + tag.name + ": expected ']'"};
    ++i;
    skip_ws();
    tags.push_back(std::move(tag));
  }
}

// One `{N. actor text [time]}` comment. Returns false for a comment that is not an
// action (free annotation), which readers skip.
bool read_action(std::string_view body, int line, size_t expected_index, RecordedAction& out) {
  auto tokens = split_ws(body);
  if (tokens.empty() || tokens[0].size() < 2 || tokens[0].back() != '.') return false;
  size_t number = 0;
  if (!parse_int(tokens[0].substr(0, tokens[0].size() - 1), number)) return false;
  const std::string where = "action {" + std::string(body) + "}: ";
  if (number != expected_index)
    throw ParseFailure{line, where + "expected action number " + std::to_string(expected_index)};
  if (tokens.size() < 3 || tokens.size() > 4)
    throw ParseFailure{line, where + "expected 'N. sK MOVE TIME' or 'N. chance OUTCOME'"};
  if (tokens[1] == "chance") {
    out.actor = kChance;
    if (tokens.size() != 3) throw ParseFailure{line, where + "a chance outcome has no time"};
  } else {
    int seat = 0;
    if (tokens[1].size() < 2 || tokens[1][0] != 's' || !parse_int(tokens[1].substr(1), seat) || seat < 1)
      throw ParseFailure{line, where + "actor must be sK (seat K >= 1) or 'chance'"};
    out.actor = seat;
  }
  auto text = decode_token(tokens[2]);
  if (!text) throw ParseFailure{line, where + "bad %-escape in '" + std::string(tokens[2]) + "'"};
  out.text = std::move(*text);
  out.micros = -1;
  if (tokens.size() == 4) {
    auto micros = parse_seconds(tokens[3]);
    if (!micros)
      throw ParseFailure{line, where + "bad time '" + std::string(tokens[3]) + "' (expected e.g. 0.512s)"};
    out.micros = *micros;
  }
  return true;
}

// A `{N: sK info|stderr TEXT}` comment: a bot's line of the decision of action N, which
// follows it (so N is one past the actions read). Other free comments are skipped.
void read_bot_line(std::string_view body, int line, GameText& g) {
  std::optional<BotLine> bot;
  try {
    bot = read_bot_line_comment(body);
  } catch (const std::string& why) {
    throw ParseFailure{line, "bot line {" + std::string(body.substr(0, 40)) + "}: " + why};
  }
  if (!bot) return;
  if (static_cast<size_t>(bot->ply) != g.actions.size() + 1)
    throw ParseFailure{line, "bot line {" + std::string(body.substr(0, 40)) + "} before action " +
                                 std::to_string(g.actions.size() + 1) + " must be numbered " +
                                 std::to_string(g.actions.size() + 1)};
  g.bot_lines.push_back(std::move(*bot));
  g.bot_line_lines.push_back(line);
}

const Tag* find_tag(const GameText& g, std::string_view name) {
  for (const Tag& t : g.tags)
    if (t.name == name) return &t;
  return nullptr;
}

std::vector<std::string_view> split_list(const Tag& t, size_t expected) {
  auto items = split_ws(t.value);
  if (items.size() != expected)
    throw ParseFailure{t.line, "tag " + t.name + " has " + std::to_string(items.size()) + " values for " +
                                   std::to_string(expected) + " seats"};
  return items;
}

// The free-text tags, "?" (or the tag's other placeholder) read back as empty.
void read_text_tags(const GameText& g, GameRecord& r) {
  auto text_tag = [&](const char* name, std::string& field, const char* unknown) {
    if (const Tag* t = find_tag(g, name)) field = t->value == unknown ? std::string() : t->value;
  };
  r.event.clear();
  text_tag("Event", r.event, "?");
  text_tag("Site", r.site, "?");
  text_tag("Date", r.date, "????.??.??");
  text_tag("Round", r.round, "?");
  text_tag("TimeControl", r.time_control, "?");
  text_tag("TerminationDetail", r.termination_detail, "");
  text_tag("RefereeVersion", r.referee_version, "");
}

// Seat1..SeatN without gaps, and White/Black agreeing with them.
void read_seats(const GameText& g, GameRecord& r) {
  for (int seat = 1;; ++seat) {
    const Tag* t = find_tag(g, "Seat" + std::to_string(seat));
    if (!t) break;
    r.players.push_back(t->value);
  }
  if (r.players.empty()) throw ParseFailure{g.first_line, "missing [Seat1 \"bot\"] tag"};
  const size_t n = r.players.size();
  for (const Tag& t : g.tags) {
    int k = 0;
    if (t.name.size() > 4 && t.name.compare(0, 4, "Seat") == 0 &&
        parse_int(std::string_view(t.name).substr(4), k) && (k < 1 || static_cast<size_t>(k) > n))
      throw ParseFailure{t.line, "tag " + t.name + " without the seats before it"};
  }
  if (const Tag* w = find_tag(g, "White"); w && (n != 2 || w->value != r.players[0]))
    throw ParseFailure{w->line, "White tag '" + w->value + "' does not match Seat1"};
  if (const Tag* b = find_tag(g, "Black"); b && (n != 2 || b->value != r.players[1]))
    throw ParseFailure{b->line, "Black tag '" + b->value + "' does not match Seat2"};
}

void read_termination(const GameText& g, GameRecord& r) {
  if (const Tag* t = find_tag(g, "Termination")) {
    auto term = termination_from_name(t->value);
    if (!term)
      throw ParseFailure{t->line,
                         "unknown Termination '" + t->value + "' (known: " + termination_names() + ")"};
    r.termination = *term;
  }
  if (const Tag* t = find_tag(g, "FaultSeat")) {
    const size_t n = r.players.size();
    if (!parse_int(std::string_view(t->value), r.fault_seat) || r.fault_seat < 1 ||
        static_cast<size_t>(r.fault_seat) > n)
      throw ParseFailure{t->line,
                         "FaultSeat '" + t->value + "' is not a seat from 1 to " + std::to_string(n)};
  }
}

// Ranks, Scores and Teams: one value per seat each; the Result tag must agree with them.
void read_ranked_results(const Tag& ranks, const Tag* scores, const Tag* teams, const Tag& result,
                         GameRecord& r) {
  const size_t n = r.players.size();
  r.results.resize(n);
  auto items = split_list(ranks, n);
  for (size_t i = 0; i < n; ++i)
    if (!parse_int(items[i], r.results[i].rank) || r.results[i].rank < 1 ||
        r.results[i].rank > static_cast<int>(n))
      throw ParseFailure{
          ranks.line, "Ranks: '" + std::string(items[i]) + "' is not a rank from 1 to " + std::to_string(n)};
  if (!scores) throw ParseFailure{ranks.line, "Ranks without a Scores tag"};
  items = split_list(*scores, n);
  for (size_t i = 0; i < n; ++i)
    if (!parse_double(items[i], r.results[i].score))
      throw ParseFailure{scores->line, "Scores: '" + std::string(items[i]) + "' is not a number"};
  for (size_t i = 0; i < n; ++i) r.results[i].team = static_cast<int>(i);
  if (teams) {
    items = split_list(*teams, n);
    for (size_t i = 0; i < n; ++i)
      if (!parse_int(items[i], r.results[i].team) || r.results[i].team < 0)
        throw ParseFailure{teams->line, "Teams: '" + std::string(items[i]) + "' is not a team index"};
  }
  const std::string expected = result_token(r);
  if (expected != result.value)
    throw ParseFailure{result.line, "Result " + result.value + " disagrees with Ranks '" + ranks.value +
                                        "' (expected " + expected + ")"};
}

// The outcome: Ranks/Scores/Teams when present, else what a plain two-seat PGN result
// says (e.g. a record edited by a chess tool); '*' only for an aborted game.
void read_results(const GameText& g, GameRecord& r) {
  const size_t n = r.players.size();
  const Tag* result = find_tag(g, "Result");
  if (!result) throw ParseFailure{g.first_line, "missing [Result] tag"};
  if (!is_result_token(result->value))
    throw ParseFailure{result->line, "Result '" + result->value + "' is not 1-0, 0-1, 1/2-1/2 or *"};
  if (result->value != g.result)
    throw ParseFailure{g.result_line,
                       "movetext ends in " + g.result + " but the Result tag says " + result->value};
  const Tag* ranks = find_tag(g, "Ranks");
  const Tag* scores = find_tag(g, "Scores");
  const Tag* teams = find_tag(g, "Teams");
  if (ranks) {
    read_ranked_results(*ranks, scores, teams, *result, r);
  } else if (scores || teams) {
    throw ParseFailure{(scores ? scores : teams)->line, "Scores/Teams without a Ranks tag"};
  } else if (result->value != "*") {
    if (n != 2)
      throw ParseFailure{result->line, "a game with " + std::to_string(n) + " seats needs a Ranks tag"};
    double s1 = result->value == "1-0" ? 1 : result->value == "0-1" ? 0 : 0.5;
    r.results = {{s1 < 0.5 ? 2 : 1, s1, 0}, {s1 > 0.5 ? 2 : 1, 1 - s1, 1}};
  } else if (r.termination != Termination::kAborted) {
    throw ParseFailure{result->line, "result '*' without Ranks is only allowed for an aborted game"};
  }
}

// The bots' lines (docs/records.md, "Bot lines"): seats in range, and the cap's tag.
void read_bot_lines(const GameText& g, GameRecord& r) {
  const size_t n = r.players.size();
  for (size_t i = 0; i < g.bot_lines.size(); ++i)
    if (static_cast<size_t>(g.bot_lines[i].seat) > n)
      throw ParseFailure{g.bot_line_lines[i], "bot line of seat s" + std::to_string(g.bot_lines[i].seat) +
                                                  " but the game has " + std::to_string(n) + " seats"};
  r.bot_lines = g.bot_lines;
  if (const Tag* t = find_tag(g, "BotLinesCut"); t && !read_bot_lines_cut_tag(t->value, r))
    throw ParseFailure{t->line, "BotLinesCut '" + t->value + "' is not 'PLY BYTES' (e.g. '37 2450')"};
}

// Turns a syntactically complete game into a record, checking that the tags agree.
GameRecord build_record(const GameText& g) {
  GameRecord r;
  std::map<std::string, int> seen;
  for (const Tag& t : g.tags)
    if (++seen[t.name] > 1) throw ParseFailure{t.line, "tag " + t.name + " appears twice"};
  read_text_tags(g, r);
  const Tag* game = find_tag(g, "Game");
  if (!game || game->value.empty()) throw ParseFailure{g.first_line, "missing [Game \"spec\"] tag"};
  r.spec = game->value;
  read_seats(g, r);
  if (const Tag* t = find_tag(g, "Seed"); t && !parse_int(std::string_view(t->value), r.seed))
    throw ParseFailure{t->line, "Seed '" + t->value + "' is not an unsigned integer"};
  if (const Tag* t = find_tag(g, "OpeningPlies");
      t && (!parse_int(std::string_view(t->value), r.opening_plies) || r.opening_plies < 0 ||
            static_cast<std::size_t>(r.opening_plies) > g.actions.size()))
    throw ParseFailure{t->line, "OpeningPlies '" + t->value + "' is not a count of the game's first actions"};
  read_termination(g, r);
  read_results(g, r);
  const size_t n = r.players.size();
  for (size_t i = 0; i < g.actions.size(); ++i)
    if (g.actions[i].actor != kChance && static_cast<size_t>(g.actions[i].actor) > n)
      throw ParseFailure{g.action_lines[i], "action " + std::to_string(i + 1) + ": seat s" +
                                                std::to_string(g.actions[i].actor) + " but the game has " +
                                                std::to_string(n) + " seats"};
  r.actions = g.actions;
  read_bot_lines(g, r);
  for (const Tag& t : g.tags)
    if (!is_known_tag(t.name)) r.extra_tags.emplace_back(t.name, t.value);
  return r;
}

class Reader {
 public:
  Reader(std::string_view text, std::vector<PgnError>& errors) : errors_(errors) {
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      lines_.push_back(line);
      start = end + 1;
    }
  }

  std::vector<GameRecord> read_all(std::vector<PgnLocation>* locations) {
    std::vector<GameRecord> games;
    while (true) {
      skip_blank();
      if (i_ >= lines_.size()) break;
      GameText g;
      g.game = ++game_no_;
      g.first_line = line_no();
      try {
        read_game(g);
        games.push_back(build_record(g));
        if (locations) locations->push_back({g.game, g.first_line, g.action_lines});
      } catch (const ParseFailure& f) {
        errors_.push_back({g.game, f.line, f.message});
        const size_t start = static_cast<size_t>(g.first_line - 1);
        recover();
        if (i_ <= start) i_ = start + 1;  // always move on, whatever the damage
      }
    }
    return games;
  }

 private:
  int line_no() const { return static_cast<int>(i_) + 1; }
  static bool starts_tag(std::string_view l) {
    size_t k = l.find_first_not_of(" \t");
    return k != std::string_view::npos && l[k] == '[';
  }
  static bool blank(std::string_view l) { return l.find_first_not_of(" \t") == std::string_view::npos; }

  void skip_blank() {
    // '%' in column one escapes a line from PGN processing.
    while (i_ < lines_.size() && (blank(lines_[i_]) || lines_[i_][0] == '%')) ++i_;
  }

  // After a failure: move to the next tag section, so one bad game costs only itself.
  void recover() {
    while (i_ < lines_.size() && starts_tag(lines_[i_])) {
      std::vector<Tag> line_tags;
      try {
        read_tag_line(lines_[i_], line_no(), line_tags);
      } catch (const ParseFailure&) {
      }
      if (starts_next_game(line_tags)) return;
      for (const Tag& t : line_tags) seen_.insert(t.name);
      ++i_;
    }
    while (i_ < lines_.size() && !starts_tag(lines_[i_])) ++i_;
  }

  // Tag names of the game being read: a name seen again means the next game's tags
  // begin (the previous game lost its movetext, e.g. a file cut short and appended to).
  bool starts_next_game(const std::vector<Tag>& line_tags) const {
    for (const Tag& t : line_tags)
      if (seen_.count(t.name)) return true;
    return false;
  }

  void read_game(GameText& g) {
    seen_.clear();
    if (!starts_tag(lines_[i_])) throw ParseFailure{line_no(), "movetext without tag pairs before it"};
    while (i_ < lines_.size() && starts_tag(lines_[i_])) {
      std::vector<Tag> line_tags;
      read_tag_line(lines_[i_], line_no(), line_tags);
      if (starts_next_game(line_tags))
        throw ParseFailure{g.first_line,
                           "the game has no movetext and no result (the next game's tags begin at line " +
                               std::to_string(line_no()) + ")"};
      for (size_t a = 0; a < line_tags.size(); ++a)
        for (size_t b = 0; b < a; ++b)
          if (line_tags[a].name == line_tags[b].name)
            throw ParseFailure{line_no(), "tag " + line_tags[a].name + " appears twice"};
      for (Tag& t : line_tags) {
        seen_.insert(t.name);
        g.tags.push_back(std::move(t));
      }
      ++i_;
    }
    skip_blank();
    g.movetext_line = line_no();
    read_movetext(g);
  }

  void read_movetext(GameText& g) {
    std::string comment;
    int comment_line = 0;
    bool in_comment = false;
    for (; i_ < lines_.size(); ++i_) {
      std::string_view l = lines_[i_];
      if (!in_comment && starts_tag(l))
        throw ParseFailure{line_no(),
                           "the game before this line has no result token (1-0, 0-1, 1/2-1/2 or *)"};
      if (in_comment && starts_tag(l)) throw ParseFailure{comment_line, "comment '{' is never closed"};
      if (!in_comment && !l.empty() && l[0] == '%') continue;
      size_t k = 0;
      while (k < l.size()) {
        if (in_comment) {
          size_t close = l.find('}', k);
          size_t reopen = l.find('{', k);
          if (reopen < close)
            throw ParseFailure{comment_line, "comment '{' is never closed before the next '{'"};
          if (close == std::string_view::npos) {
            comment.append(l.substr(k));
            comment += ' ';
            break;
          }
          comment.append(l.substr(k, close - k));
          k = close + 1;
          in_comment = false;
          RecordedAction a;
          if (read_action(comment, comment_line, g.actions.size() + 1, a)) {
            g.actions.push_back(std::move(a));
            g.action_lines.push_back(comment_line);
          } else {
            read_bot_line(comment, comment_line, g);
          }
          continue;
        }
        char c = l[k];
        if (c == ' ' || c == '\t') {
          ++k;
          continue;
        }
        if (c == '{') {
          in_comment = true;
          comment.clear();
          comment_line = line_no();
          ++k;
          continue;
        }
        if (c == ';') break;  // rest-of-line comment
        size_t end = l.find_first_of(" \t{;", k);
        if (end == std::string_view::npos) end = l.size();
        std::string_view token = l.substr(k, end - k);
        if (is_result_token(token)) {
          g.result = std::string(token);
          g.result_line = line_no();
          ++i_;
          return;
        }
        throw ParseFailure{line_no(),
                           "unexpected '" + std::string(token) +
                               "' in movetext (Arena records keep every action in a {N. ...} comment)"};
      }
    }
    if (in_comment) throw ParseFailure{comment_line, "comment '{' is never closed"};
    throw ParseFailure{g.first_line,
                       "the game has no result token (1-0, 0-1, 1/2-1/2 or *); the file may be truncated"};
  }

  std::vector<PgnError>& errors_;
  std::vector<std::string_view> lines_;
  size_t i_ = 0;
  int game_no_ = 0;
  std::set<std::string> seen_;
};

}  // namespace

std::vector<GameRecord> parse_pgn(std::string_view text, std::vector<PgnError>& errors) {
  return Reader(text, errors).read_all(nullptr);
}

std::vector<GameRecord> parse_pgn(std::string_view text, std::vector<PgnError>& errors,
                                  std::vector<PgnLocation>& locations) {
  return Reader(text, errors).read_all(&locations);
}

}  // namespace arena
