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
#include "report/report_page.h"

namespace arena::report {

std::string script_safe(const std::string& text) {
  std::string out;
  out.reserve(text.size() + 64);
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += "\\";
  }
  return out;
}

namespace fs = std::filesystem;

namespace {

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

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
  std::string html;
  html += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  html += "<title>" + html_escape(options.title) + "</title>\n<style>\n";
  html += kPageCSS;
  html += "</style>\n</head>\n<body>\n";
  html += kPageHTML;
  html +=
      "<script type=\"application/json\" id=\"arena-data\">" + script_safe(json_text(data)) + "</script>\n";
  html += embedded_replays(replays);
  html += "<script>\n";
  html += kPageFramesJS;  // before report.js, which calls it
  html += "</script>\n<script>\n";
  html += kPageBotLinesJS;  // before report.js, which calls it
  html += "</script>\n<script>\n";
  html += kPageDecisionJS;  // before report.js, which calls it
  html += "</script>\n<script>\n";
  html += kPageLeagueJS;  // before report.js, which calls it
  html += "</script>\n<script>\n";
  html += kPageJS;
  html += "</script>\n</body>\n</html>\n";
  return html;
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
