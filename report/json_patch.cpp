// JSON patches (report/json_patch.h): objects are patched field by field and arrays by an edit
// script (keep, delete, insert, patch an element) when that is shorter than the new value.
#include "report/json_patch.h"

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/user_error.h"
#include "report/page_keys.h"

namespace arena::report {

namespace json = boost::json;

namespace {

// Beyond this many element comparisons, an array's changed middle is paired element by element
// instead of aligned by longest common subsequence (pictures' arrays stay far below it).
constexpr std::size_t kAlignLimit = 1 << 14;

json::value replacement(const json::value& after) {
  if (after.is_object()) return json::object{{page_key::patch::kReplace, after}};
  return after;
}

json::value patch_object(const json::object& before, const json::object& after) {
  json::object out;
  for (const auto& [key, value] : after) {
    const json::value* old = before.if_contains(key);
    if (!old)
      out[key] = json::object{{page_key::patch::kReplace, value}};
    else if (*old != value)
      out[key] = json_patch(*old, value);
  }
  // Pictures keep their fields; a field that disappears still reads right as a replacement.
  for (const auto& [key, value] : before)
    if (!after.contains(key)) return json::object{{page_key::patch::kReplace, after}};
  return out;
}

// The edit script's ops, merging neighbours of one kind. A run of keeps or drops and a run of
// inserts are held aside until an op of another kind ends them (which also spares GCC's
// -Warray-bounds false positive on editing a json::array's last element in place).
class EditScript {
 public:
  void keep(std::int64_t n) { count(n); }
  void drop(std::int64_t n) { count(-n); }
  void insert(const json::value& v) {
    flush_count();
    inserts_.push_back(v);
  }
  void patch(json::value p) {
    flush_count();
    flush_inserts();
    ops_.push_back(std::move(p));
  }
  // Trailing keeps are implied.
  json::object finish() {
    flush_inserts();
    if (pending_ < 0) flush_count();
    return json::object{{page_key::patch::kEdit, std::move(ops_)}};
  }

 private:
  void count(std::int64_t n) {
    if (n == 0) return;
    flush_inserts();
    if (pending_ != 0 && (pending_ > 0) != (n > 0)) flush_count();
    pending_ += n;
  }
  void flush_count() {
    if (pending_ != 0) ops_.push_back(pending_);
    pending_ = 0;
  }
  void flush_inserts() {
    if (!inserts_.empty()) ops_.push_back(std::move(inserts_));
    inserts_ = json::array{};
  }
  json::array ops_;
  json::array inserts_;
  std::int64_t pending_ = 0;
};

// Pairs of equal elements (old index, new index) in order: a longest common subsequence.
std::vector<std::pair<std::size_t, std::size_t>> aligned(const json::value* a, std::size_t n,
                                                         const json::value* b, std::size_t m) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  if (n == 0 || m == 0 || n * m > kAlignLimit) return out;
  // Elements compared by hash first: each is hashed once, where comparing deeply every pair
  // (a card game's zones, each a list of cards) was most of a replay's cost.
  std::vector<std::size_t> hash_a(n), hash_b(m);
  for (std::size_t i = 0; i < n; ++i) hash_a[i] = std::hash<json::value>{}(a[i]);
  for (std::size_t j = 0; j < m; ++j) hash_b[j] = std::hash<json::value>{}(b[j]);
  auto equal = [&](std::size_t i, std::size_t j) { return hash_a[i] == hash_b[j] && a[i] == b[j]; };
  std::vector<std::uint16_t> len((n + 1) * (m + 1), 0);  // len[i][j]: LCS of a[i..], b[j..]
  auto at = [&](std::size_t i, std::size_t j) -> std::uint16_t& { return len[i * (m + 1) + j]; };
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      at(i, j) = equal(i, j) ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
  for (std::size_t i = 0, j = 0; i < n && j < m;) {
    if (equal(i, j)) {
      out.emplace_back(i++, j++);
    } else if (at(i + 1, j) >= at(i, j + 1)) {
      ++i;
    } else {
      ++j;
    }
  }
  return out;
}

// Old elements [i, i_end) become new ones [j, j_end): paired ones patched where that pays,
// the rest deleted or inserted.
void edit_run(EditScript& s, const json::array& before, std::size_t i, std::size_t i_end,
              const json::array& after, std::size_t j, std::size_t j_end) {
  for (; i < i_end && j < j_end; ++i, ++j) {
    if (before[i] == after[j]) {
      s.keep(1);
      continue;
    }
    const json::value p = json_patch(before[i], after[j]);
    if (p.is_object() && !p.get_object().contains(page_key::patch::kReplace)) {
      s.patch(p);
    } else {
      s.drop(1);
      s.insert(after[j]);
    }
  }
  if (i < i_end) s.drop(static_cast<std::int64_t>(i_end - i));
  for (; j < j_end; ++j) s.insert(after[j]);
}

json::value patch_array(const json::array& before, const json::array& after) {
  std::size_t head = 0;
  while (head < before.size() && head < after.size() && before[head] == after[head]) ++head;
  std::size_t tail = 0;
  while (tail < before.size() - head && tail < after.size() - head &&
         before[before.size() - 1 - tail] == after[after.size() - 1 - tail])
    ++tail;
  EditScript s;
  s.keep(static_cast<std::int64_t>(head));
  const std::size_t n = before.size() - head - tail, m = after.size() - head - tail;
  std::size_t i = head, j = head;
  for (const auto& [di, dj] : aligned(before.data() + head, n, after.data() + head, m)) {
    edit_run(s, before, i, head + di, after, j, head + dj);
    s.keep(1);
    i = head + di + 1;
    j = head + dj + 1;
  }
  edit_run(s, before, i, head + n, after, j, head + m);
  return s.finish();
}

std::size_t digits(std::uint64_t n) {
  std::size_t size = 1;
  for (; n >= 10; n /= 10) ++size;
  return size;
}

// The length of a string as json::serialize writes it, quotes included.
std::size_t written_size(json::string_view text) {
  std::size_t size = 2;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t')
      size += 2;
    else
      size += u < 0x20 ? 6 : 1;  // \u00XX
  }
  return size;
}

// The length of json::serialize(v), counted without writing it (and without the copy
// replacement() makes): sizes decide every patch, and writing them was a tenth of the cost.
// The count stops once it passes `limit` (it then returns some size beyond it): a whole
// picture need only be counted until it outgrows its patch.
std::size_t written_size(const json::value& v, std::size_t limit = SIZE_MAX) {
  switch (v.kind()) {
    case json::kind::null:
      return 4;
    case json::kind::bool_:
      return v.get_bool() ? 4 : 5;
    case json::kind::string:
      return written_size(json::string_view(v.get_string()));
    case json::kind::array: {
      const json::array& a = v.get_array();
      std::size_t size = a.empty() ? 2 : 1 + a.size();  // brackets and commas
      for (auto e = a.begin(); e != a.end() && size <= limit; ++e) size += written_size(*e, limit - size);
      return size;
    }
    case json::kind::object: {
      const json::object& o = v.get_object();
      std::size_t size = o.empty() ? 2 : 1 + 2 * o.size();  // braces, colons and commas
      for (auto f = o.begin(); f != o.end() && size <= limit; ++f)
        size += written_size(f->key()) + written_size(f->value(), limit - size);
      return size;
    }
    case json::kind::int64: {
      const std::int64_t n = v.get_int64();
      return (n < 0 ? 1 : 0) +
             digits(n < 0 ? 0 - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n));
    }
    case json::kind::uint64:
      return digits(v.get_uint64());
    case json::kind::double_:
      break;
  }
  return json::serialize(v).size();  // a double, as the serializer writes it (pictures have few)
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
  // A patch longer than the value itself ({"=": value} for an object) is no saving.
  const std::size_t patch_size = written_size(patch);
  const std::size_t whole = written_size(after, patch_size) + (after.is_object() ? 6 : 0);
  return patch_size < whole ? patch : replacement(after);
}

namespace {

json::value apply_edits(const json::value& before, const json::array& ops) {
  const json::array empty;
  const json::array& old = before.is_array() ? before.get_array() : empty;
  json::array out;
  std::size_t i = 0;
  auto need = [&](std::size_t n) {
    if (i + n > old.size()) throw UserError("JSON patch: an array edit goes past the array's end");
  };
  for (const json::value& op : ops) {
    if (op.is_array()) {
      for (const json::value& v : op.get_array()) out.push_back(v);
    } else if (op.is_object()) {
      need(1);
      out.push_back(apply_json_patch(old[i++], op));
    } else {
      const std::int64_t n = op.to_number<std::int64_t>();
      need(static_cast<std::size_t>(n > 0 ? n : -n));
      if (n > 0)
        out.insert(out.end(), old.begin() + static_cast<std::ptrdiff_t>(i),
                   old.begin() + static_cast<std::ptrdiff_t>(i + n));
      i += static_cast<std::size_t>(n > 0 ? n : -n);
    }
  }
  out.insert(out.end(), old.begin() + static_cast<std::ptrdiff_t>(i), old.end());
  return out;
}

}  // namespace

json::value apply_json_patch(const json::value& before, const json::value& patch) {
  if (!patch.is_object()) return patch;
  const json::object& p = patch.get_object();
  if (const json::value* v = p.if_contains(page_key::patch::kReplace)) return *v;
  if (const json::value* ops = p.if_contains(page_key::patch::kEdit); ops && ops->is_array())
    return apply_edits(before, ops->get_array());
  json::object out = before.is_object() ? before.get_object() : json::object{};
  for (const auto& [key, value] : p)
    out[key] = apply_json_patch(out.contains(key) ? out[key] : json::value{}, value);
  return out;
}

}  // namespace arena::report
