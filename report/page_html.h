// The page as HTML, one function for both pages that show it: the report (report_html.h, one
// file that works opened from disk) and the live page of `arena serve` (serve/routes.h). The
// page's parts are embedded at build time (report/page/, its scripts as scripts.txt lists them).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arena::report {

// JSON text safe inside a <script> element: "</" would end it early.
std::string script_safe(const std::string& text);

// A <script type="application/json" id="ID"> element holding `json` (made script_safe).
std::string json_element(const std::string& id, const std::string& json);

// The scripts the page runs, in order: the report's, and with `live` the live page's too.
std::vector<std::string_view> page_scripts(bool live);

// The text of the <script> element page_html writes for `script`: what a Content-Security-Policy
// hash covers (serve/page_policy.h).
std::string script_element_text(std::string_view script);

// The whole page: `title` (plain text, escaped here), the page's body, `data` (elements the
// scripts read: json_element's, the embedded replays) and then its scripts; `live` adds the
// live page's style and scripts.
std::string page_html(const std::string& title, const std::string& data, bool live);

}  // namespace arena::report
