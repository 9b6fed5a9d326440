#include "overhead/report.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace assay::overhead {

namespace {

std::string group_label(const RunSpec& s) { return fmt::format("{} {} np={} {}", s.kernel, s.variant, s.np, s.mpi); }

bool same_group(const RunSpec& a, const RunSpec& b) {
  return a.kernel == b.kernel && a.variant == b.variant && a.np == b.np && a.mpi == b.mpi;
}

const RunRecord* baseline_of(const std::vector<RunRecord>& records, const RunSpec& spec) {
  for (const auto& r : records)
    if (r.status == RunStatus::ok && r.spec.backend == "native" && same_group(r.spec, spec)) return &r;
  return nullptr;
}

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// A round axis step giving at most six ticks.
double tick_step(double limit) {
  double step = std::pow(10.0, std::floor(std::log10(limit / 6)));
  for (double factor : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (limit / (step * factor) <= 6) return step * factor;
  return step * 10;
}

std::vector<std::string> backends_in_order(const std::vector<OverheadRow>& rows) {
  std::vector<std::string> names;
  for (const auto& r : rows)
    if (std::find(names.begin(), names.end(), r.spec.backend) == names.end()) names.push_back(r.spec.backend);
  return names;
}

std::string summary_table(const std::vector<OverheadRow>& rows) {
  std::string out = "| backend | runs with a baseline | overhead (geometric mean) | lowest | highest |\n"
                    "|---|---:|---:|---:|---:|\n";
  for (const auto& backend : backends_in_order(rows)) {
    std::vector<double> ratios;
    for (const auto& r : rows)
      if (r.spec.backend == backend && r.has_baseline) ratios.push_back(r.overhead.ratio);
    if (ratios.empty()) {
      out += fmt::format("| {} | 0 | – | – | – |\n", backend);
      continue;
    }
    out += fmt::format("| {} | {} | {:.3f} | {:.3f} | {:.3f} |\n", backend, ratios.size(), geometric_mean(ratios),
                       min_of(ratios), max_of(ratios));
  }
  return out;
}

std::string runs_table(const std::vector<OverheadRow>& rows, const std::vector<RunRecord>& records) {
  std::string out =
      "| kernel | variant | np | MPI | backend | median ms | median 95 % CI | launches | min ms | max ms | overhead | "
      "95 % CI | checksum |\n"
      "|---|---|---:|---|---|---:|---|---|---:|---:|---:|---|---|\n";
  for (const auto& r : rows) {
    std::string checksum, median_ci = "–", launches = "1";
    for (const auto& rec : records)
      if (rec.status == RunStatus::ok && rec.spec.kernel == r.spec.kernel && rec.spec.variant == r.spec.variant &&
          rec.spec.np == r.spec.np && rec.spec.mpi == r.spec.mpi && rec.spec.backend == r.spec.backend) {
        checksum = rec.checksum;
        if (rec.median_high_s > 0) {
          const double half = (rec.median_high_s - rec.median_low_s) / 2;
          median_ci = fmt::format("[{:.3f}, {:.3f}] ±{:.1f} %", 1e3 * rec.median_low_s, 1e3 * rec.median_high_s,
                                  r.median_s > 0 ? 100 * half / r.median_s : 0.0);
        }
        launches = fmt::format("{}{}", rec.launches,
                               rec.stopped.empty() || rec.stopped == "precise" ? "" : " (" + markdown_cell(rec.stopped) + ")");
      }
    std::string ratio = r.has_baseline ? fmt::format("{:.3f}", r.overhead.ratio) : "–";
    std::string ci = r.has_baseline ? fmt::format("[{:.3f}, {:.3f}]", r.overhead.low, r.overhead.high) : "–";
    out += fmt::format("| {} | {} | {} | {} | {} | {:.3f} | {} | {} | {:.3f} | {:.3f} | {} | {} | `{}` |\n", r.spec.kernel,
                       r.spec.variant, r.spec.np, r.spec.mpi, r.spec.backend, 1e3 * r.median_s, median_ci, launches, 1e3 * r.min_s,
                       1e3 * r.max_s, ratio, ci, checksum);
  }
  return out;
}

std::string context_lines(const std::vector<RunRecord>& records) {
  std::map<std::string, std::string> libraries;  // mpi -> library version line
  std::string size;
  int iterations = 0, repetitions = 0, cpus = 0;
  std::set<int> oversubscribed;  // np above the host's CPUs
  for (const auto& r : records) {
    size = r.size;
    iterations = r.iterations;
    repetitions = r.repetitions;
    if (r.context.contains("mpi_library")) libraries[r.spec.mpi] = r.context["mpi_library"].get<std::string>();
    const int n = r.context.is_object() ? r.context.value("num_cpus", 0) : 0;
    if (n > 0 && r.spec.np > n) {
      oversubscribed.insert(r.spec.np);
      cpus = n;
    }
  }
  std::string out = fmt::format(
      "Size {}, {} iterations × {} repetitions per launch; a run is launched again until the 95 % interval of "
      "its median is within `--precision` of it or its `--budget` of time is spent (columns median 95 % CI and "
      "launches, which names why a run stopped short). A repetition's time is the mean over its iterations "
      "of the slowest rank's step time; overhead = median(backend) / median(native) over the repetitions, "
      "95 % interval by bootstrap (2000 resamples, fixed seed).\n\n",
      size, iterations, repetitions);
  for (const auto& [mpi, library] : libraries) out += fmt::format("- {}: {}\n", mpi, library);
  // How the runs were launched and where they ran (launcher, binding, nodes × tasks).
  std::map<std::string, int> placements;
  for (const auto& r : records)
    if (r.status == RunStatus::ok)
      ++placements[fmt::format("{}{}, {} node{}, {} task{}", r.launcher,
                               r.cpu_bind.empty() ? "" : " (srun --cpu-bind=" + r.cpu_bind + ")", r.nodes,
                               r.nodes == 1 ? "" : "s", r.tasks, r.tasks == 1 ? "" : "s")];
  for (const auto& [placement, runs] : placements)
    out += fmt::format("- launched by {}: {} run{}\n", placement, runs, runs == 1 ? "" : "s");
  if (!oversubscribed.empty())
    out += fmt::format("- np {} exceeds the host's {} CPUs: ranks share cores and MPI's busy polling "
                       "dominates those times; read their overheads with care, or measure where each "
                       "rank has a core.\n",
                       fmt::join(oversubscribed, ", "), cpus);
  return out + "\n";
}

// Runs timed on a busy machine (record.hpp: unreliable): said first, with each reason.
std::string reliability_warning(const std::vector<RunRecord>& records) {
  std::string list;
  int timed = 0, busy = 0;
  for (const auto& r : records) {
    if (r.status != RunStatus::ok) continue;
    ++timed;
    if (r.unreliable.empty()) continue;
    ++busy;
    list += fmt::format("- {} {}: {}\n", group_label(r.spec), r.spec.backend, markdown_cell(r.unreliable));
  }
  if (busy == 0) return "";
  return fmt::format("**Warning: {} of {} runs were timed on a busy machine; their times and overheads are not "
                     "reliable.** Measure again on an idle machine (or with `--launcher slurm` on nodes of your own).\n\n{}\n",
                     busy, timed, list);
}

// Which binary each backend timed on each MPI (record.hpp: binary, flavour, compile_command).
std::string binaries_table(const std::vector<RunRecord>& records) {
  std::map<std::pair<std::string, std::string>, const RunRecord*> seen;  // (backend, MPI) -> its first record
  for (const auto& r : records)
    if (!r.binary.empty() || !r.compile_command.empty()) seen.emplace(std::pair{r.spec.backend, r.spec.mpi}, &r);
  if (seen.empty()) return "";
  std::string out = "| backend | MPI | flavour | binary | compiled by |\n|---|---|---|---|---|\n";
  for (const auto& [key, r] : seen)
    out += fmt::format("| {} | {} | {} | `{}` | {} |\n", key.first, key.second, markdown_cell(r->flavour),
                       markdown_cell(r->binary),
                       r->compile_command.empty()
                           ? "CMake (target `assay_overhead_" + key.second + "`; `benchmark-program.json` lists its flags)"
                           : "`" + markdown_cell(r->compile_command) + "`");
  return out;
}

// What backends wrote about themselves (record.hpp: backend_stats); for an
// instrumenting compiler, the accesses it instrumented in the whole binary and in
// the kernel's own file (<kernel>.cpp), and the checks the run made.
std::string backend_stats_lines(const std::vector<RunRecord>& records) {
  std::string out;
  for (const auto& r : records) {
    const auto& s = r.backend_stats;
    if (!s.is_object() || !s.contains("accesses") || !s.contains("instrumented")) continue;
    auto share = [](double part, double whole) { return whole > 0 ? 100 * part / whole : 0.0; };
    const double all = s["accesses"].get<double>(), instrumented = s["instrumented"].get<double>();
    std::string kernel_part;
    for (const auto& m : s.value("modules", nlohmann::json::array()))
      if (m.is_object() && m.value("source", "").ends_with("/" + r.spec.kernel + ".cpp")) {
        const double a = m.value("accesses", 0.0), i = m.value("instrumented", 0.0);
        kernel_part = fmt::format("; in {}.cpp {:.0f} of {:.0f} ({:.1f} %)", r.spec.kernel, i, a, share(i, a));
      }
    out += fmt::format("- {} {}: {:.0f} of {:.0f} memory accesses instrumented ({:.1f} %){}", group_label(r.spec),
                       r.spec.backend, instrumented, all, share(instrumented, all), kernel_part);
    if (s.contains("checks")) out += fmt::format("; {} checks at run time (first launch, rank 0)", s["checks"].dump());
    out += "\n";
  }
  return out;
}

}  // namespace

std::vector<OverheadRow> overhead_rows(const std::vector<RunRecord>& records) {
  std::vector<OverheadRow> rows;
  for (const auto& r : records) {
    if (r.status != RunStatus::ok || r.times_s.empty()) continue;
    OverheadRow row;
    row.spec = r.spec;
    row.median_s = median(r.times_s);
    row.min_s = min_of(r.times_s);
    row.max_s = max_of(r.times_s);
    if (const RunRecord* base = baseline_of(records, r.spec); base && !base->times_s.empty()) {
      row.has_baseline = true;
      row.overhead = ratio_of_medians(r.times_s, base->times_s);
    }
    rows.push_back(row);
  }
  return rows;
}

std::string markdown_report(const std::vector<RunRecord>& records, const std::vector<OverheadRow>& rows,
                            const std::vector<std::string>& mismatches, const std::string& plot_file) {
  std::string out = "# Overhead study\n\n" + context_lines(records);
  out += reliability_warning(records);
  out += "## Overhead per backend\n\n" + summary_table(rows) + "\n";
  out += fmt::format("![overhead per backend]({})\n\n", plot_file);
  out += "## Runs\n\n" + runs_table(rows, records) + "\n";
  if (const auto binaries = binaries_table(records); !binaries.empty()) out += "## Binaries timed\n\n" + binaries + "\n";
  if (const auto stats = backend_stats_lines(records); !stats.empty())
    out += "## What the backends report about themselves\n\n" + stats + "\n";
  std::string problems;
  for (const auto& r : records)
    if (r.status != RunStatus::ok)
      problems += fmt::format("- {} {}: {} — {}\n", group_label(r.spec), r.spec.backend, status_name(r.status),
                              markdown_cell(r.error));
  if (!problems.empty()) out += "## Runs without a time\n\n" + problems + "\n";
  // Without --inject the kernels are correct: any finding is a false alarm of the backend.
  std::string found;
  for (const auto& r : records) {
    if (r.findings <= 0 && r.tool_failure.empty()) continue;
    found += fmt::format("- {} {}: {} finding{}{}\n", group_label(r.spec), r.spec.backend,
                         std::max(r.findings, 0), r.findings == 1 ? "" : "s",
                         r.tool_failure.empty() ? "" : ", tool failure: " + markdown_cell(r.tool_failure));
    for (const auto& line : r.finding_lines) found += "  - " + markdown_cell(line) + "\n";
  }
  if (!found.empty()) out += "## Findings\n\nThe kernels are correct unless the study ran with `--inject=BUG`: without it, these are false alarms.\n\n" + found + "\n";
  out += "## Checksums\n\n";
  if (mismatches.empty()) out += "Every successful run of the same kernel, variant and np printed the same checksum.\n";
  for (const auto& m : mismatches) out += "- MISMATCH " + markdown_cell(m) + "\n";
  return out;
}

std::string svg_plot(const std::vector<OverheadRow>& rows) {
  std::vector<std::string> groups;
  for (const auto& r : rows)
    if (r.has_baseline && std::find(groups.begin(), groups.end(), group_label(r.spec)) == groups.end())
      groups.push_back(group_label(r.spec));
  const auto backends = backends_in_order(rows);
  static const char* colours[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1"};
  const double bar = 12, gap = 10, left = 230, width = 420, top = 40;
  const double group_height = std::max<double>(1, static_cast<double>(backends.size())) * bar + gap;
  const double height = top + static_cast<double>(groups.size()) * group_height + 40;
  // The axis follows the ratios, not the intervals: a noisy run must not squash
  // every bar; whiskers past the axis end in an arrow.
  double limit = 1.5;
  for (const auto& r : rows)
    if (r.has_baseline) limit = std::max(limit, r.overhead.ratio * 1.25);
  const double step = tick_step(limit);
  limit = std::ceil(limit / step) * step;
  auto x_of = [&](double ratio) { return left + width * std::min(ratio, limit) / limit; };

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" font-family=\"sans-serif\" "
      "font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{:.0f}\" y=\"18\" font-size=\"13\">Overhead = median(backend) / median(native), 95 % CI</text>\n",
      left + width + 140, height, left);
  for (std::size_t b = 0; b < backends.size(); ++b)
    svg += fmt::format("<rect x=\"{:.0f}\" y=\"{:.0f}\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{:.0f}\" "
                       "y=\"{:.0f}\">{}</text>\n",
                       left + width + 20, top + 16.0 * static_cast<double>(b), colours[b % 7], left + width + 34,
                       top + 16.0 * static_cast<double>(b) + 9, xml_escape(backends[b]));
  for (std::size_t g = 0; g < groups.size(); ++g) {
    double y0 = top + static_cast<double>(g) * group_height;
    svg += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" text-anchor=\"end\">{}</text>\n", left - 6,
                       y0 + group_height / 2, xml_escape(groups[g]));
    for (const auto& r : rows) {
      if (!r.has_baseline || group_label(r.spec) != groups[g]) continue;
      auto b = static_cast<std::size_t>(std::find(backends.begin(), backends.end(), r.spec.backend) - backends.begin());
      double y = y0 + static_cast<double>(b) * bar;
      svg += fmt::format(
          "<rect x=\"{:.0f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.0f}\" fill=\"{}\"><title>{} {}: {:.3f} "
          "[{:.3f}, {:.3f}]</title></rect>\n",
          left, y, x_of(r.overhead.ratio) - left, bar - 2, colours[b % 7], xml_escape(groups[g]),
          xml_escape(r.spec.backend), r.overhead.ratio, r.overhead.low, r.overhead.high);
      double mid = y + (bar - 2) / 2;
      svg += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"black\"/>\n",
                         x_of(r.overhead.low), x_of(r.overhead.high), mid, mid);
      if (r.overhead.high > limit)
        svg += fmt::format("<path d=\"M{0:.1f} {1:.1f} l-5 -4 v8 z\" fill=\"black\"/>\n", x_of(limit), mid);
    }
  }
  double axis_y = top + static_cast<double>(groups.size()) * group_height;
  svg += fmt::format("<line x1=\"{0:.0f}\" x2=\"{0:.0f}\" y1=\"{1:.0f}\" y2=\"{2:.0f}\" stroke=\"#888\" "
                     "stroke-dasharray=\"4 3\"/>\n",
                     x_of(1.0), top - 6, axis_y);
  svg += fmt::format("<line x1=\"{0:.0f}\" x2=\"{1:.0f}\" y1=\"{2:.0f}\" y2=\"{2:.0f}\" stroke=\"black\"/>\n", left,
                     left + width, axis_y);
  for (double value = 0; value <= limit + step / 2; value += step) {
    svg += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" text-anchor=\"middle\">{:g}</text>\n", x_of(value),
                       axis_y + 14, value);
  }
  if (groups.empty())
    svg += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\">no run with a native baseline</text>\n", left, top + 12);
  return svg + "</svg>\n";
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace assay::overhead
