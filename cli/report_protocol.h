// The report's protocol lines (report/report_data.h, ReportOptions::protocol_lines) from the
// referee's transcript of each seat (referee/seat_transcript.h): report/ may not include the
// referee, so the command line joins the two.
#pragma once

#include "report/report_data.h"

namespace arena::cli {

report::ProtocolLines referee_protocol_lines();

}  // namespace arena::cli
