#include "corpus/taxonomy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>

namespace assay {

namespace {

// ordered_json keeps "families" in file order.
using Json = nlohmann::ordered_json;

bool is_id_part(std::string_view part) {
  return !part.empty() && std::all_of(part.begin(), part.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

// "family.group.name", each part [a-z0-9-]+.
bool is_class_id(std::string_view id) {
  const auto first = id.find('.');
  if (first == std::string_view::npos) return false;
  const auto second = id.find('.', first + 1);
  if (second == std::string_view::npos) return false;
  return is_id_part(id.substr(0, first)) && is_id_part(id.substr(first + 1, second - first - 1)) &&
         is_id_part(id.substr(second + 1));
}

std::string optional_string(const Json& entry, const char* key, std::vector<std::string>& errors,
                            const std::string& where) {
  if (!entry.contains(key)) return "";
  if (!entry[key].is_string()) {
    errors.push_back(fmt::format("{}: \"{}\" must be a string", where, key));
    return "";
  }
  return entry[key].get<std::string>();
}

// Validates one entry of "classes"; appends to `errors` and returns nullopt when bad.
std::optional<ErrorClass> read_class(const Json& entry, std::size_t index,
                                     const std::vector<std::string>& families,
                                     std::vector<std::string>& errors) {
  std::string where = fmt::format("classes[{}]", index);
  if (!entry.is_object()) {
    errors.push_back(where + ": not an object");
    return std::nullopt;
  }
  if (!entry.contains("id") || !entry["id"].is_string()) {
    errors.push_back(where + ": missing string \"id\"");
    return std::nullopt;
  }
  ErrorClass cls;
  cls.id = entry["id"].get<std::string>();
  where += fmt::format(" \"{}\"", cls.id);
  const std::size_t errors_before = errors.size();

  if (!is_class_id(cls.id)) {
    errors.push_back(where + ": id must be family.group.name with parts of [a-z0-9-]");
  } else if (std::find(families.begin(), families.end(), cls.family()) == families.end()) {
    errors.push_back(
        fmt::format("{}: family \"{}\" is not listed in \"families\"", where, cls.family()));
  }
  const std::string severity = optional_string(entry, "severity", errors, where);
  if (severity == "error") {
    cls.severity = Severity::error;
  } else if (severity == "warning") {
    cls.severity = Severity::warning;
  } else {
    errors.push_back(where + ": severity must be \"error\" or \"warning\"");
  }
  cls.mbi = optional_string(entry, "mbi", errors, where);
  cls.rmarace = optional_string(entry, "rmarace", errors, where);
  cls.meaning = optional_string(entry, "meaning", errors, where);
  if (errors.size() != errors_before) return std::nullopt;
  return cls;
}

std::string join_lines(const std::vector<std::string>& lines, const std::string& prefix) {
  std::string out;
  for (const auto& line : lines) out += (out.empty() ? "" : "\n") + prefix + line;
  return out;
}

}  // namespace

std::string ErrorClass::family() const { return id.substr(0, id.find('.')); }

std::string ErrorClass::group() const {
  const auto first = id.find('.');
  if (first == std::string::npos) return id;
  return id.substr(0, id.find('.', first + 1));
}

Taxonomy Taxonomy::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot read the taxonomy", path));
  std::ostringstream text;
  text << in.rdbuf();
  return from_json_text(text.str(), path);
}

Taxonomy Taxonomy::from_json_text(std::string_view text, const std::string& origin) {
  Json root;
  try {
    root = Json::parse(text);
  } catch (const Json::parse_error& e) {
    throw std::runtime_error(fmt::format("{}: not valid JSON: {}", origin, e.what()));
  }
  if (!root.is_object() || !root.contains("families") || !root["families"].is_object() ||
      !root.contains("classes") || !root["classes"].is_array()) {
    throw std::runtime_error(fmt::format(
        "{}: expected an object with \"families\" (object) and \"classes\" (array)", origin));
  }

  Taxonomy tax;
  for (const auto& [family, description] : root["families"].items()) {
    tax.families_.push_back(family);
    tax.family_descriptions_.push_back(description.is_string() ? description.get<std::string>() : "");
  }
  if (root.contains("about") && root["about"].is_string()) tax.about_ = root["about"].get<std::string>();
  std::vector<std::string> errors;
  std::set<std::string> seen;
  const Json& classes = root["classes"];
  for (std::size_t i = 0; i < classes.size(); ++i) {
    auto cls = read_class(classes[i], i, tax.families_, errors);
    if (!cls) continue;
    if (!seen.insert(cls->id).second) {
      errors.push_back(fmt::format("classes[{}] \"{}\": duplicate id", i, cls->id));
      continue;
    }
    tax.classes_.push_back(std::move(*cls));
  }
  if (!errors.empty()) throw std::runtime_error(join_lines(errors, origin + ": "));
  return tax;
}

const ErrorClass* Taxonomy::find(std::string_view id) const {
  const auto it = std::find_if(classes_.begin(), classes_.end(),
                               [id](const ErrorClass& c) { return c.id == id; });
  return it == classes_.end() ? nullptr : &*it;
}

std::vector<std::string> Taxonomy::families() const { return families_; }

}  // namespace assay

namespace assay {

const std::string& Taxonomy::family_description(const std::string& family) const {
  static const std::string none;
  auto it = std::find(families_.begin(), families_.end(), family);
  return it == families_.end() ? none : family_descriptions_[static_cast<std::size_t>(it - families_.begin())];
}

std::string taxonomy_markdown(const Taxonomy& taxonomy) {
  auto cell = [](std::string s) {
    std::string out;
    for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out.empty() ? std::string("—") : out;
  };
  std::string md =
      "# Taxonomy\n\n"
      "<!-- Generated from taxonomy/classes.json by `mpi-assay taxonomy`; do not edit by hand. -->\n\n" +
      taxonomy.about() +
      "\n\nClass ids are `family.group.name`. A finding matches a case's `EXPECT: error <class>` at three levels, "
      "reported separately: detected (any error finding), classified (the same class, or the same group when the "
      "backend reports only the group) and located (the finding names the lines of the `EXPECT-AT` markers).\n\n"
      "## What `EXPECT-AT` marks\n\n"
      "- races and conflicts (`rma.local.*`, `rma.remote.*`, `rma.shared.*`, `nb.buffer.*`, `coll.buffer.*`): both "
      "conflicting statements — the MPI call and the load/store, or the two MPI calls;\n"
      "- synchronisation and lifecycle (`rma.sync.*`, `rma.window.*`): the offending call, and the call that opened "
      "the epoch or created the window when the error is about it;\n"
      "- request lifecycle (`nb.request.*`, `coll.request.*`): the call that created the request, and the completion "
      "or reuse call involved where there is one;\n"
      "- matching (`coll.order.*`, `coll.arg.*`, `nb.match.*`): the mismatching calls on the ranks involved;\n"
      "- buffer semantics (`mem.*`): the MPI call whose buffer is at fault, and the access that reveals it;\n"
      "- leaks (`res.leak.*`, `rma.window.leak`): the creating call.\n\n"
      "A backend is located when its finding names every marked line (in any order, on any rank); naming more "
      "lines is fine.\n";
  for (const auto& family : taxonomy.families()) {
    md += "\n## `" + family + "` — " + taxonomy.family_description(family) +
          "\n\n| class | severity | MBI | RMARaceBench | meaning |\n|---|---|---|---|---|\n";
    for (const auto& c : taxonomy.classes())
      if (c.family() == family)
        md += "| `" + c.id + "` | " + (c.severity == Severity::error ? "error" : "warning") + " | " + cell(c.mbi) +
              " | " + cell(c.rmarace) + " | " + cell(c.meaning) + " |\n";
  }
  return md;
}

}  // namespace assay
