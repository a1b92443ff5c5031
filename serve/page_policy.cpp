#include "serve/page_policy.h"

#include "report/page_html.h"
#include "serve/script_hash.h"

namespace arena::serve {

namespace {

// Every script of the live page, which holds the report's too (report/page_html.h).
std::string make_policy() {
  std::string scripts;
  for (std::string_view s : report::page_scripts(true))
    scripts += script_hash_source(report::script_element_text(s)) + " ";
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
