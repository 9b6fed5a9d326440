#include "overhead/record.hpp"

#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace assay::overhead {

using nlohmann::json;

std::string status_name(RunStatus s) {
  switch (s) {
    case RunStatus::ok: return "ok";
    case RunStatus::failed: return "failed";
    case RunStatus::timeout: return "timeout";
    case RunStatus::skipped: return "skipped";
  }
  return "?";
}

RunStatus status_from_name(const std::string& name) {
  for (RunStatus s : {RunStatus::ok, RunStatus::failed, RunStatus::timeout, RunStatus::skipped})
    if (status_name(s) == name) return s;
  throw std::invalid_argument("unknown run status '" + name + "'");
}

json to_json(const RunRecord& r) {
  return {{"kernel", r.spec.kernel},   {"variant", r.spec.variant},   {"np", r.spec.np},
          {"backend", r.spec.backend}, {"mpi", r.spec.mpi},           {"size", r.size},
          {"iterations", r.iterations}, {"repetitions", r.repetitions}, {"status", status_name(r.status)},
          {"error", r.error},          {"times_s", r.times_s},        {"checksum", r.checksum},
          {"context", r.context},      {"wall_s", r.wall_s},          {"run_dir", r.run_dir},
          {"findings", r.findings},    {"finding_lines", r.finding_lines}, {"tool_failure", r.tool_failure},
          {"launcher", r.launcher},    {"cpu_bind", r.cpu_bind},      {"nodes", r.nodes},
          {"tasks", r.tasks},          {"launches", r.launches},      {"stopped", r.stopped},
          {"median_ci_s", {r.median_low_s, r.median_high_s}}, {"load1", r.load1}, {"others_cores", r.others_cores},
          {"cpus", r.cpus},            {"unreliable", r.unreliable},  {"binary", r.binary},
          {"flavour", r.flavour},      {"compile_command", r.compile_command}, {"backend_stats", r.backend_stats}};
}

RunRecord record_from_json(const json& j) {
  RunRecord r;
  r.spec = {j.at("kernel").get<std::string>(), j.at("variant").get<std::string>(), j.at("np").get<int>(),
            j.at("backend").get<std::string>(), j.at("mpi").get<std::string>()};
  r.size = j.at("size").get<std::string>();
  r.iterations = j.at("iterations").get<int>();
  r.repetitions = j.at("repetitions").get<int>();
  r.status = status_from_name(j.at("status").get<std::string>());
  r.error = j.value("error", "");
  r.times_s = j.at("times_s").get<std::vector<double>>();
  r.checksum = j.value("checksum", "");
  r.context = j.value("context", json::object());
  r.wall_s = j.value("wall_s", 0.0);
  r.run_dir = j.value("run_dir", "");
  r.findings = j.value("findings", -1);
  r.finding_lines = j.value("finding_lines", std::vector<std::string>{});
  r.tool_failure = j.value("tool_failure", "");
  r.launcher = j.value("launcher", "local");
  r.cpu_bind = j.value("cpu_bind", "");
  r.nodes = j.value("nodes", 0);
  r.tasks = j.value("tasks", 0);
  r.launches = j.value("launches", 1);
  r.stopped = j.value("stopped", "");
  if (j.contains("median_ci_s") && j["median_ci_s"].is_array() && j["median_ci_s"].size() == 2) {
    r.median_low_s = j["median_ci_s"][0].get<double>();
    r.median_high_s = j["median_ci_s"][1].get<double>();
  }
  r.load1 = j.value("load1", -1.0);
  r.others_cores = j.value("others_cores", -1.0);
  r.cpus = j.value("cpus", 0);
  r.unreliable = j.value("unreliable", "");
  r.binary = j.value("binary", "");
  r.flavour = j.value("flavour", "");
  r.compile_command = j.value("compile_command", "");
  if (j.contains("backend_stats")) r.backend_stats = j["backend_stats"];
  return r;
}

namespace {

double seconds_per_unit(const std::string& unit) {
  if (unit == "ns") return 1e-9;
  if (unit == "us") return 1e-6;
  if (unit == "ms") return 1e-3;
  if (unit == "s") return 1;
  throw std::runtime_error("unknown time unit '" + unit + "' in the benchmark output");
}

}  // namespace

std::vector<double> repetition_times(const json& benchmark_output) {
  std::vector<double> times;
  for (const auto& b : benchmark_output.at("benchmarks")) {
    if (b.value("run_type", "iteration") != "iteration") continue;
    if (b.contains("error_occurred") && b["error_occurred"].get<bool>())
      throw std::runtime_error("the benchmark reported an error: " + b.value("error_message", ""));
    times.push_back(b.at("real_time").get<double>() * seconds_per_unit(b.value("time_unit", "ns")));
  }
  if (times.empty()) throw std::runtime_error("the benchmark output holds no repetition");
  return times;
}

std::string find_checksum(const std::string& output, const std::string& kernel, const std::string& variant) {
  std::istringstream lines(output);
  std::string line;
  const std::string prefix = "checksum " + kernel + " " + variant + " ";
  // Anywhere in the line: a console reporter may leave a colour reset before it.
  while (std::getline(lines, line))
    if (auto at = line.find(prefix); at != std::string::npos) return line.substr(at + prefix.size());
  return "";
}

std::vector<std::string> checksum_mismatches(const std::vector<RunRecord>& records) {
  using Key = std::tuple<std::string, std::string, int>;
  std::map<Key, std::map<std::string, std::vector<std::string>>> seen;  // key -> checksum -> runs
  for (const auto& r : records)
    if (r.status == RunStatus::ok)
      seen[{r.spec.kernel, r.spec.variant, r.spec.np}][r.checksum].push_back(r.spec.backend + "/" + r.spec.mpi);
  std::vector<std::string> messages;
  for (const auto& [key, by_value] : seen) {
    if (by_value.size() < 2) continue;
    std::string text = std::get<0>(key) + " " + std::get<1>(key) + " np=" + std::to_string(std::get<2>(key)) +
                       ": checksums differ:";
    for (const auto& [value, runs] : by_value) {
      text += " " + (value.empty() ? std::string("(none)") : value) + " [";
      for (std::size_t i = 0; i < runs.size(); ++i) text += (i ? ", " : "") + runs[i];
      text += "]";
    }
    messages.push_back(text);
  }
  return messages;
}

}  // namespace assay::overhead
