// Report assembly and input reading (report/report_html.h).
#include "report/report_html.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/user_error.h"
#include "records/json_text.h"
#include "records/pgn.h"
#include "report/page_engine.h"
#include "report/page_html.h"

namespace arena::report {

namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError(path.string() + ": cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void read_pgn_file(const fs::path& path, std::vector<GameRecord>& out) {
  std::vector<PgnError> errors;
  std::vector<GameRecord> games = parse_pgn(read_text(path), errors);
  if (!errors.empty())
    throw UserError(path.string() + ":" + std::to_string(errors[0].line) + ": game " +
                    std::to_string(errors[0].game) + ": " + errors[0].message);
  for (GameRecord& g : games) out.push_back(std::move(g));
}

// Each replay in its own element (report/embedded_replay.h), and the page's engine once when
// a record needs it. Base 85 without a '<' (report/replay_pack.h): nothing needs escaping.
std::string embedded_replays(const boost::json::object& replays) {
  std::string html;
  bool records = false;
  for (const auto& [key, value] : replays) {
    const bool record = value.is_object();
    records = records || record;
    html += std::string("<script type=\"application/x-arena-") + (record ? "record" : "replay") +
            "\" id=\"replay-" + std::string(key) + "\">" +
            std::string(record ? value.at("record").as_string() : value.as_string()) + "</script>\n";
  }
  if (records)
    html += "<script type=\"application/x-arena-engine\" id=\"arena-engine\">" +
            std::string(packed_page_engine()) + "</script>\n";
  return html;
}

}  // namespace

std::string report_html(const std::vector<GameRecord>& records, const ReportOptions& options) {
  // Each replay in its own element, parsed only when its game is opened: the first paint
  // parses the game list alone.
  boost::json::object data = report_data(records, options);
  boost::json::object replays = std::move(data["replays"].as_object());
  data.erase("replays");
  boost::json::array embedded;
  for (const auto& [key, value] : replays) embedded.push_back(std::stoi(std::string(key)));
  data["embedded"] = std::move(embedded);
  return page_html(options.title, json_element("arena-data", json_text(data)) + embedded_replays(replays),
                   false);
}

std::vector<GameRecord> read_report_inputs(const std::vector<std::string>& inputs) {
  std::vector<GameRecord> records;
  for (const std::string& input : inputs) {
    const fs::path path(input);
    if (!fs::is_directory(path)) {
      read_pgn_file(path, records);
      continue;
    }
    if (fs::exists(path / "games.pgn")) {
      read_pgn_file(path / "games.pgn", records);
      continue;
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(path))
      if (entry.path().extension() == ".pgn") files.push_back(entry.path());
    if (files.empty()) throw UserError(input + ": no games.pgn and no .pgn files in the folder");
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) read_pgn_file(f, records);
  }
  return records;
}

void write_report(const std::vector<std::string>& inputs, const std::string& out,
                  const ReportOptions& given) {
  ReportOptions options = given;
  // One knockout folder: its bracket replaces the crosstable (several inputs mix events).
  if (inputs.size() == 1 && options.bracket.empty() &&
      fs::is_regular_file(fs::path(inputs[0]) / "bracket.txt"))
    options.bracket = read_text(fs::path(inputs[0]) / "bracket.txt");
  // One file of records: the fault's repro commands on the page name it (records/repro_command.h).
  if (inputs.size() == 1 && options.records_file.empty()) {
    const fs::path path(inputs[0]);
    if (!fs::is_directory(path))
      options.records_file = inputs[0];
    else if (fs::exists(path / "games.pgn"))
      options.records_file = (path / "games.pgn").string();
  }
  if (!options.records_file.empty() && options.records_file_from_report.empty()) {
    std::error_code from_error, file_error;  // then the page names no file: "FILE.pgn"
    const fs::path from = fs::weakly_canonical(fs::absolute(out).parent_path(), from_error);
    const fs::path file = fs::weakly_canonical(fs::absolute(options.records_file), file_error);
    if (!from_error && !file_error) options.records_file_from_report = file.lexically_relative(from).string();
  }
  const std::string html = report_html(read_report_inputs(inputs), options);
  const std::string temporary = out + ".tmp";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file << html;
    if (!file.flush()) {
      std::error_code ignored;
      fs::remove(temporary, ignored);  // a full disk: no half-written file is left behind
      throw UserError(out + ": cannot write the report");
    }
  }
  std::error_code ec;
  fs::rename(temporary, out, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw UserError(out + ": cannot write the report: " + ec.message());
  }
}

}  // namespace arena::report
