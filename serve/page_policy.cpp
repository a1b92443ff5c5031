#include "serve/page_policy.h"

#include "report/report_page.h"
#include "serve/script_hash.h"

namespace arena::serve {

namespace {

// A script element's text as the pages write it: "<script>\n" + the file + "</script>"
// (serve/routes.cpp, report/report_html.cpp).
std::string element_hash(std::string_view script) { return script_hash_source("\n" + std::string(script)); }

std::string make_policy() {
  std::string scripts;
  for (std::string_view s : {report::kPageFramesJS, report::kPageBotLinesJS, report::kPageDecisionJS,
                             report::kPageLeagueJS, report::kPageJS, report::kPageLiveJS})
    scripts += element_hash(s) + " ";
  // 'wasm-unsafe-eval' lets a report.html with records compile the page's engine
  // (report/page/frames.js); it allows no JavaScript eval.
  return "default-src 'none'; script-src " + scripts +
         "'wasm-unsafe-eval'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; "
         "form-action 'none'; frame-ancestors 'none'";
}

}  // namespace

const std::string& content_policy() {
  static const std::string policy = make_policy();
  return policy;
}

}  // namespace arena::serve
