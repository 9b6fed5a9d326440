// Reader and writer of the findings schema (docs/findings.md). Reading is
// tolerant: a bad line costs that line only, never the file.
#include "results/finding.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace assay {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Typed access to one field: throws with the field's name when required and
// missing, or present with the wrong type.
template <typename T>
std::optional<T> field(const json& j, const char* key, bool required, const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (required) {
      throw std::runtime_error(fmt::format("{}missing required field '{}'", where, key));
    }
    return std::nullopt;
  }
  const bool well_typed = [&] {
    if constexpr (std::is_same_v<T, std::string>) return it->is_string();
    if constexpr (std::is_integral_v<T>) return it->is_number_integer();
    if constexpr (std::is_same_v<T, std::vector<std::string>>) {
      return it->is_array() &&
             std::all_of(it->begin(), it->end(), [](const json& e) { return e.is_string(); });
    }
    return true;
  }();
  if (!well_typed) {
    throw std::runtime_error(fmt::format("{}field '{}' has the wrong type", where, key));
  }
  return it->get<T>();
}

Access access_from_json(const json& j, const std::string& where) {
  if (!j.is_object()) throw std::runtime_error(where + "not an object");
  Access a;
  a.op = *field<std::string>(j, "op", true, where);
  a.kind = *field<std::string>(j, "kind", true, where);
  if (a.kind != "read" && a.kind != "write" && a.kind != "call") {
    throw std::runtime_error(
        fmt::format("{}kind must be read, write or call, got '{}'", where, a.kind));
  }
  a.rank = field<int>(j, "rank", false, where).value_or(-1);
  a.addr = field<std::string>(j, "addr", false, where).value_or("");
  a.size = field<std::int64_t>(j, "size", false, where).value_or(0);
  a.file = field<std::string>(j, "file", false, where).value_or("");
  a.line = field<int>(j, "line", false, where).value_or(0);
  a.function = field<std::string>(j, "function", false, where).value_or("");
  a.stack = field<std::vector<std::string>>(j, "stack", false, where)
                .value_or(std::vector<std::string>{});
  a.time = field<std::int64_t>(j, "time", false, where);
  a.end_time = field<std::int64_t>(j, "end_time", false, where);
  return a;
}

json access_to_json(const Access& a) {
  json j = {{"op", a.op},     {"kind", a.kind},         {"rank", a.rank},
            {"addr", a.addr}, {"size", a.size},         {"file", a.file},
            {"line", a.line}, {"function", a.function}, {"stack", a.stack}};
  if (a.time) j["time"] = *a.time;
  if (a.end_time) j["end_time"] = *a.end_time;
  return j;
}

}  // namespace

json to_json(const Finding& f) {
  json accesses = json::array();
  for (const auto& a : f.accesses) accesses.push_back(access_to_json(a));
  return {{"backend", f.backend}, {"class", f.error_class}, {"severity", f.severity},
          {"rank", f.rank},       {"message", f.message},   {"accesses", std::move(accesses)}};
}

Finding finding_from_json(const json& j) {
  if (!j.is_object()) throw std::runtime_error("not a JSON object");
  Finding f;
  f.backend = *field<std::string>(j, "backend", true, "");
  f.error_class = *field<std::string>(j, "class", true, "");
  f.severity = field<std::string>(j, "severity", false, "").value_or("error");
  if (f.severity != "error" && f.severity != "warning") {
    throw std::runtime_error(
        fmt::format("severity must be error or warning, got '{}'", f.severity));
  }
  f.rank = field<int>(j, "rank", false, "").value_or(-1);
  f.message = field<std::string>(j, "message", false, "").value_or("");
  const auto accesses = j.find("accesses");
  if (accesses != j.end() && !accesses->is_null()) {
    if (!accesses->is_array()) throw std::runtime_error("field 'accesses' has the wrong type");
    for (std::size_t i = 0; i < accesses->size(); ++i) {
      f.accesses.push_back(access_from_json((*accesses)[i], fmt::format("accesses[{}]: ", i)));
    }
  }
  return f;
}

std::vector<Finding> read_findings_text(const std::string& text, const std::string& origin,
                                        std::vector<Problem>& problems) {
  std::vector<Finding> findings;
  std::istringstream lines(text);
  int line_number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) {
      const bool last_unterminated = lines.eof() && !text.empty() && text.back() != '\n';
      problems.push_back({origin, line_number, last_unterminated ? truncated_line_message : "not valid JSON (garbage)"});
      continue;
    }
    try {
      findings.push_back(finding_from_json(j));
    } catch (const std::exception& e) {
      problems.push_back({origin, line_number, e.what()});
    }
  }
  return findings;
}

std::vector<Finding> read_findings_dir(const std::string& dir, std::vector<Problem>& problems) {
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ".jsonl")
      files.push_back(entry.path());
  }
  // A missing folder means the backend wrote nothing: no findings, no problem.
  if (ec && ec != std::errc::no_such_file_or_directory) {
    problems.push_back({dir, 0, fmt::format("cannot list the findings folder: {}", ec.message())});
  }
  std::sort(files.begin(), files.end());

  std::vector<Finding> findings;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    const std::string text(std::istreambuf_iterator<char>(in), {});
    if (!in.is_open() || in.bad()) {
      problems.push_back({file.string(), 0, "cannot read the file"});
      continue;
    }
    auto more = read_findings_text(text, file.string(), problems);
    std::move(more.begin(), more.end(), std::back_inserter(findings));
  }
  return findings;
}

}  // namespace assay
