// clang's static analyzer plist (`clang --analyze ... -o out.plist`): a dict with
// `diagnostics` (description, check_name, location, path of events) and `files`.
// Only optin.mpi.MPI-Checker diagnostics are findings; the analyzer's default
// checkers (null dereferences, dead stores, ...) are not MPI checks.
#include <cctype>
#include <fstream>
#include <set>

#include "adapter.hpp"

namespace assay::adapter {

namespace {

using nlohmann::json;

json plist_value(const XmlNode& n, const std::string& what) {
  if (n.name == "dict") {
    json d = json::object();
    for (std::size_t k = 0; k < n.children.size(); k += 2) {
      if (n.children[k].name != "key" || k + 1 >= n.children.size())
        throw ParseError(what + ": plist <dict> without key/value pairs");
      d[n.children[k].text] = plist_value(n.children[k + 1], what);
    }
    return d;
  }
  if (n.name == "array") {
    json a = json::array();
    for (const auto& c : n.children) a.push_back(plist_value(c, what));
    return a;
  }
  if (n.name == "string") return n.text;
  if (n.name == "integer") {
    try {
      return std::stoll(n.text);
    } catch (const std::exception&) {
      throw ParseError(what + ": plist <integer> '" + n.text + "'");
    }
  }
  if (n.name == "true") return true;
  if (n.name == "false") return false;
  if (n.name == "real" || n.name == "date" || n.name == "data") return n.text;
  throw ParseError(what + ": unknown plist element <" + n.name + ">");
}

int as_int(const json& j, const char* key) {
  return j.contains(key) && j[key].is_number_integer() ? j[key].get<int>() : 0;
}

std::string file_of(const json& loc, const json& files) {
  int index = as_int(loc, "file");
  return files.is_array() && index >= 0 && static_cast<std::size_t>(index) < files.size() &&
                 files[static_cast<std::size_t>(index)].is_string()
             ? files[static_cast<std::size_t>(index)].get<std::string>()
             : std::string();
}

// The name of the call at (line, col) of a source file: MPI-Checker's events point
// at the call but do not name it. Empty when the file cannot be read there.
std::string call_at(const std::string& file, int line, int col) {
  std::ifstream in(file);
  std::string text;
  for (int n = 0; n < line; ++n)
    if (!std::getline(in, text)) return {};
  if (col < 1 || static_cast<std::size_t>(col) > text.size()) return {};
  const std::size_t begin = static_cast<std::size_t>(col) - 1;
  std::size_t end = begin;
  while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
  return text.substr(begin, end - begin);
}

// The nonblocking collectives of MPI-3.1 §5.12 and §7.7.
bool is_nonblocking_collective(const std::string& call) {
  static const std::set<std::string> names{
      "MPI_Ibarrier",   "MPI_Ibcast",          "MPI_Igather",        "MPI_Igatherv",
      "MPI_Iscatter",   "MPI_Iscatterv",       "MPI_Iallgather",     "MPI_Iallgatherv",
      "MPI_Ialltoall",  "MPI_Ialltoallv",      "MPI_Ialltoallw",     "MPI_Ireduce",
      "MPI_Iallreduce", "MPI_Ireduce_scatter", "MPI_Ireduce_scatter_block",
      "MPI_Iscan",      "MPI_Iexscan",         "MPI_Ineighbor_allgather",
      "MPI_Ineighbor_allgatherv",              "MPI_Ineighbor_alltoall",
      "MPI_Ineighbor_alltoallv",               "MPI_Ineighbor_alltoallw"};
  return names.count(call) > 0;
}

// MPI-Checker's three reports (clang/lib/StaticAnalyzer/Checkers/MPI-Checker).
// `started_by`: the call that started the request, where the path names one.
std::string class_of(const std::string& description, const std::string& started_by) {
  if (description.rfind("Double nonblocking on request", 0) == 0) return "nb.request.reuse-active";
  if (description.find("has no matching wait") != std::string::npos)
    return is_nonblocking_collective(started_by) ? "coll.request.missing-completion" : "nb.request.missing-completion";
  // A wait on a request with no nonblocking call on this path: a request already
  // completed (or never started) waited for again.
  if (description.find("has no matching nonblocking call") != std::string::npos)
    return "nb.request.double-completion";
  return unclassified;
}

}  // namespace

std::vector<Finding> parse_clang_plist(const std::string& text, const std::string& what) {
  check_text(text, what, false);
  XmlNode root = parse_xml(text, what);
  if (root.name != "plist" || root.children.size() != 1) throw ParseError(what + ": not a plist");
  json doc = plist_value(root.children[0], what);
  if (!doc.is_object() || !doc.contains("diagnostics") || !doc["diagnostics"].is_array())
    throw ParseError(what + ": plist without a diagnostics array");
  const json files = doc.value("files", json::array());
  std::vector<Finding> out;
  for (const auto& d : doc["diagnostics"]) {
    if (!d.is_object()) throw ParseError(what + ": a diagnostic is not a dict");
    if (d.value("check_name", "") != "optin.mpi.MPI-Checker") continue;
    Finding f;
    f.message = d.value("description", "");
    const json loc = d.value("location", json::object());
    f.sites.push_back({"call", "call", -1, file_of(loc, files), as_int(loc, "line"), ""});
    // The path's events that point at the nonblocking call the report is about.
    std::string started_by;
    for (const auto& e : d.value("path", json::array())) {
      if (!e.is_object() || e.value("kind", "") != "event") continue;
      if (e.value("message", "").find("nonblocking call") == std::string::npos) continue;
      const json el = e.value("location", json::object());
      f.sites.push_back({"call", "call", -1, file_of(el, files), as_int(el, "line"), ""});
      started_by = call_at(file_of(el, files), as_int(el, "line"), as_int(el, "col"));
    }
    f.error_class = class_of(f.message, started_by);
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace assay::adapter
