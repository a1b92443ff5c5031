// The report as one self-contained HTML file: the page (report/page/, embedded at build
// time) with its data (report/report_data.h) inline. No network, no external fonts or
// scripts: it works opened from disk (docs/report.md).
#pragma once

#include <string>
#include <vector>

#include "records/record.h"
#include "report/report_data.h"

namespace arena::report {

std::string report_html(const std::vector<GameRecord>& records, const ReportOptions& options);

// Records from report inputs: PGN files, or folders (a tournament's games.pgn, else every
// *.pgn inside, by name). Throws UserError for an input that cannot be read or holds a
// record that does not parse.
std::vector<GameRecord> read_report_inputs(const std::vector<std::string>& inputs);

// Reads `inputs` and writes the report to `out` (through a temporary file, so a reader never
// sees half a report). Throws UserError when the inputs cannot be read or `out` written.
void write_report(const std::vector<std::string>& inputs, const std::string& out,
                  const ReportOptions& options);

}  // namespace arena::report
