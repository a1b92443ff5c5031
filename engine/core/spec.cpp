#include "engine/core/spec.h"

#include <charconv>
#include <sstream>

namespace arena {

namespace {

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += sep;
    out += items[i];
  }
  return out;
}

bool parse_long(std::string_view s, long& out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

std::string allowed(const ParamSpec& p) {
  switch (p.kind) {
    case ParamSpec::Kind::kInt: {
      std::string s = "an integer from " + std::to_string(p.min) + " to " + std::to_string(p.max);
      if (!p.constraint.empty()) s += ", " + p.constraint;
      return s;
    }
    case ParamSpec::Kind::kBool:
      return "true or false";
    case ParamSpec::Kind::kChoice:
      return "one of " + join(p.choices, ", ");
    case ParamSpec::Kind::kText:
      return p.constraint.empty() ? "text" : p.constraint;
  }
  return "";
}

const ParamSpec* find_param(const GameInfo& info, std::string_view name) {
  for (const auto& p : info.params)
    if (p.name == name) return &p;
  return nullptr;
}

// Canonical text of a value, or throws when it does not fit the parameter.
std::string check_value(const GameInfo& info, const ParamSpec& p, const std::string& v) {
  auto bad = [&] {
    return SpecError(info.id + ": bad value '" + v + "' for " + p.name + " (expected " + allowed(p) + ")");
  };
  switch (p.kind) {
    case ParamSpec::Kind::kInt: {
      long n;
      if (!parse_long(v, n) || n < p.min || n > p.max) throw bad();
      return std::to_string(n);
    }
    case ParamSpec::Kind::kBool:
      if (v == "true" || v == "1" || v == "yes") return "true";
      if (v == "false" || v == "0" || v == "no") return "false";
      throw bad();
    case ParamSpec::Kind::kChoice:
      for (const auto& c : p.choices)
        if (c == v) return v;
      throw bad();
    case ParamSpec::Kind::kText:
      if (v.empty() || v.find_first_of(" ,:=\t\r\n") != std::string::npos) throw bad();
      return v;
  }
  throw bad();
}

}  // namespace

const char* param_kind_name(ParamSpec::Kind kind) {
  switch (kind) {
    case ParamSpec::Kind::kInt:
      return "int";
    case ParamSpec::Kind::kBool:
      return "bool";
    case ParamSpec::Kind::kChoice:
      return "choice";
    case ParamSpec::Kind::kText:
      return "text";
  }
  return "text";
}

ParamSpec int_param(std::string name, long def, long min, long max, std::string help,
                    std::string constraint) {
  ParamSpec p;
  p.name = std::move(name);
  p.kind = ParamSpec::Kind::kInt;
  p.default_value = std::to_string(def);
  p.help = std::move(help);
  p.min = min;
  p.max = max;
  p.constraint = std::move(constraint);
  return p;
}

ParamSpec bool_param(std::string name, bool def, std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.kind = ParamSpec::Kind::kBool;
  p.default_value = def ? "true" : "false";
  p.help = std::move(help);
  return p;
}

ParamSpec choice_param(std::string name, std::string def, std::vector<std::string> choices,
                       std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.kind = ParamSpec::Kind::kChoice;
  p.default_value = std::move(def);
  p.choices = std::move(choices);
  p.help = std::move(help);
  return p;
}

ParamSpec text_param(std::string name, std::string def, std::string help, std::string format) {
  ParamSpec p;
  p.name = std::move(name);
  p.kind = ParamSpec::Kind::kText;
  p.default_value = std::move(def);
  p.help = std::move(help);
  p.constraint = std::move(format);
  return p;
}

const std::string& Params::text(std::string_view name) const {
  for (const auto& [k, v] : values)
    if (k == name) return v;
  throw SpecError("no parameter named '" + std::string(name) + "'");
}

long Params::integer(std::string_view name) const {
  long n = 0;
  if (!parse_long(text(name), n)) throw SpecError("parameter '" + std::string(name) + "' is not an integer");
  return n;
}

bool Params::boolean(std::string_view name) const { return text(name) == "true"; }

RawSpec split_spec(std::string_view spec) {
  RawSpec raw;
  auto colon = spec.find(':');
  raw.id = std::string(spec.substr(0, colon));
  if (raw.id.empty()) throw SpecError("empty game id in spec '" + std::string(spec) + "'");
  if (colon == std::string_view::npos) return raw;
  std::string_view rest = spec.substr(colon + 1);
  while (true) {
    auto comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw SpecError("bad parameter '" + std::string(item) + "' in spec '" + std::string(spec) +
                      "' (expected key=value)");
    raw.pairs.emplace_back(std::string(item.substr(0, eq)), std::string(item.substr(eq + 1)));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return raw;
}

Params resolve_params(const GameInfo& info, const RawSpec& raw) {
  std::vector<std::string> given;
  for (const auto& [k, v] : raw.pairs) {
    if (!find_param(info, k)) {
      std::vector<std::string> names;
      for (const auto& p : info.params) names.push_back(p.name);
      throw SpecError(info.id + ": unknown parameter '" + k +
                      "' (allowed: " + (names.empty() ? std::string("none") : join(names, ", ")) + ")");
    }
    for (const auto& g : given)
      if (g == k) throw SpecError(info.id + ": parameter '" + k + "' given twice");
    given.push_back(k);
  }
  Params params;
  for (const auto& p : info.params) {
    std::string value = p.default_value;
    for (const auto& [k, v] : raw.pairs)
      if (k == p.name) value = v;
    params.values.emplace_back(p.name, check_value(info, p, value));
  }
  return params;
}

std::string canonical_spec(const GameInfo& info, const Params& params) {
  std::string s = info.id;
  char sep = ':';
  for (const auto& [k, v] : params.values) {
    s += sep;
    s += k + "=" + v;
    sep = ',';
  }
  return s;
}

std::string describe_params(const GameInfo& info) {
  std::ostringstream out;
  for (const auto& p : info.params)
    out << "  " << p.name << " = " << p.default_value << "  (" << allowed(p) << ")  " << p.help << "\n";
  return out.str();
}

std::string spec_for(const GameInfo& info, int players, bool quick) {
  std::string params = info.min_players == info.max_players ? "" : "players=" + std::to_string(players);
  if (quick && !info.quick_params.empty()) params += (params.empty() ? "" : ",") + info.quick_params;
  return params.empty() ? info.id : info.id + ":" + params;
}

}  // namespace arena
