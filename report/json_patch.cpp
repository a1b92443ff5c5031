// JSON patches (report/json_patch.h): objects and arrays are patched field by field or
// element by element when that is shorter than writing the new value out.
#include "report/json_patch.h"

#include <boost/json/serialize.hpp>
#include <string>

namespace arena::report {

namespace json = boost::json;

namespace {

json::value replacement(const json::value& after) {
  if (after.is_object()) return json::object{{"=", after}};
  return after;
}

json::value patch_object(const json::object& before, const json::object& after) {
  json::object out;
  for (const auto& [key, value] : after) {
    const json::value* old = before.if_contains(key);
    if (!old)
      out[key] = json::object{{"=", value}};
    else if (*old != value)
      out[key] = json_patch(*old, value);
  }
  // Pictures keep their fields; a field that disappears still reads right as a replacement.
  for (const auto& [key, value] : before)
    if (!after.contains(key)) return json::object{{"=", after}};
  return out;
}

json::value patch_array(const json::array& before, const json::array& after) {
  json::object out;
  out["#"] = after.size();
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (i < before.size() && before[i] == after[i]) continue;
    out[std::to_string(i)] =
        i < before.size() ? json_patch(before[i], after[i]) : json::object{{"=", after[i]}};
  }
  return out;
}

}  // namespace

json::value json_patch(const json::value& before, const json::value& after) {
  if (before == after) return nullptr;
  json::value patch;
  if (before.is_object() && after.is_object())
    patch = patch_object(before.get_object(), after.get_object());
  else if (before.is_array() && after.is_array())
    patch = patch_array(before.get_array(), after.get_array());
  else
    return replacement(after);
  // A patch longer than the value itself is no saving.
  json::value whole = replacement(after);
  return json::serialize(patch).size() < json::serialize(whole).size() ? patch : whole;
}

json::value apply_json_patch(const json::value& before, const json::value& patch) {
  if (!patch.is_object()) return patch;
  const json::object& p = patch.get_object();
  if (const json::value* v = p.if_contains("=")) return *v;
  if (const json::value* n = p.if_contains("#")) {
    json::array out = before.is_array() ? before.get_array() : json::array{};
    out.resize(static_cast<std::size_t>(n->to_number<std::int64_t>()));
    for (const auto& [key, value] : p)
      if (key != "#") {
        const std::size_t i = std::stoul(std::string(key));
        out[i] = apply_json_patch(out[i], value);
      }
    return out;
  }
  json::object out = before.is_object() ? before.get_object() : json::object{};
  for (const auto& [key, value] : p)
    out[key] = apply_json_patch(out.contains(key) ? out[key] : json::value{}, value);
  return out;
}

}  // namespace arena::report
