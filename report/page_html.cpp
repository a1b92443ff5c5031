#include "report/page_html.h"

#include "report/report_page.h"

namespace arena::report {

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

}  // namespace

std::string script_safe(const std::string& text) {
  std::string out;
  out.reserve(text.size() + 64);
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += "\\";
  }
  return out;
}

std::string json_element(const std::string& id, const std::string& json) {
  return "<script type=\"application/json\" id=\"" + id + "\">" + script_safe(json) + "</script>\n";
}

std::vector<std::string_view> page_scripts(bool live) {
  std::vector<std::string_view> scripts;
  for (const PageScript& s : kPageScripts)
    if (live || !s.live_only) scripts.push_back(s.text);
  return scripts;
}

std::string script_element_text(std::string_view script) { return "\n" + std::string(script); }

std::string page_html(const std::string& title, const std::string& data, bool live) {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  html += "<title>" + html_escape(title) + "</title>\n<style>\n";
  html += kPageCSS;
  if (live) html += kPageLiveCSS;
  html += "</style>\n</head>\n<body>\n";
  html += kPageHTML;
  html += data;
  for (std::string_view script : page_scripts(live))
    html += "<script>" + script_element_text(script) + "</script>\n";
  html += "</body>\n</html>\n";
  return html;
}

}  // namespace arena::report
