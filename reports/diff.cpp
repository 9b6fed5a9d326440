#include "reports/diff.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "reports/escape.hpp"

using nlohmann::json;

namespace assay {

namespace {

bool inconclusive(Outcome o) {
  return o == Outcome::TO || o == Outcome::RE || o == Outcome::TF || o == Outcome::CE;
}

std::string key_text(const RunKey& k) {
  return fmt::format("{} {}/{} np={} run={}", k.case_id, k.backend, k.mpi, k.np, k.run);
}

const char* heading(ChangeKind k) {
  switch (k) {
    case ChangeKind::regression: return "Regressions";
    case ChangeKind::improvement: return "Improvements";
    case ChangeKind::change: return "Other changes";
    case ChangeKind::added: return "Added runs";
    case ChangeKind::removed: return "Removed runs";
  }
  return "?";
}

std::string transition(const RunChange& c) {
  return fmt::format("{} -> {}", c.before ? outcome_name(*c.before) : "none", c.after ? outcome_name(*c.after) : "none");
}

}  // namespace

const char* change_kind_name(ChangeKind k) {
  switch (k) {
    case ChangeKind::regression: return "regression";
    case ChangeKind::improvement: return "improvement";
    case ChangeKind::change: return "change";
    case ChangeKind::added: return "added";
    case ChangeKind::removed: return "removed";
  }
  return "?";
}

int JournalDiff::count(ChangeKind k) const {
  return static_cast<int>(std::count_if(changes.begin(), changes.end(), [k](const RunChange& c) { return c.kind == k; }));
}

std::optional<std::pair<ChangeKind, std::string>> judge_change(Outcome before, Outcome after) {
  using O = Outcome;
  if (before == after) return std::nullopt;
  if (before == O::TP) return std::pair{ChangeKind::regression, std::string("detection lost")};
  if (after == O::FP) return std::pair{ChangeKind::regression, std::string("new false alarm")};
  if (inconclusive(after)) return std::pair{ChangeKind::regression, fmt::format("new {}", outcome_name(after))};
  if (after == O::TP) return std::pair{ChangeKind::improvement, std::string("now detected")};
  if (before == O::FP) return std::pair{ChangeKind::improvement, std::string("false alarm gone")};
  if (inconclusive(before)) return std::pair{ChangeKind::improvement, fmt::format("{} gone", outcome_name(before))};
  return std::pair{ChangeKind::change, std::string("outcome changed")};
}

namespace {
// The distinct values of a field per (backend, mpi) among the rows.
using Versions = std::map<std::pair<std::string, std::string>, std::set<std::string>>;
Versions versions(const std::map<RunKey, ResultRow>& rows, const std::string* ResultRow::*field) {
  Versions out;
  for (const auto& [key, row] : rows) out[{key.backend, key.mpi}].insert(*(row.*field));
  return out;
}

std::vector<std::string> tool_changes(const std::map<RunKey, ResultRow>& before, const std::map<RunKey, ResultRow>& after) {
  std::vector<std::string> lines;
  for (const auto& [field, label] : {std::pair{&ResultRow::backend_version, "backend version"},
                                     std::pair{&ResultRow::manifest_hash, "manifest"}}) {
    Versions was = versions(before, field), now = versions(after, field);
    for (const auto& [tool, values] : now) {
      auto it = was.find(tool);
      if (it != was.end() && it->second != values)
        lines.push_back(fmt::format("{} on {}: {} {} -> {}", tool.first, tool.second, label,
                                    fmt::join(it->second, ", "), fmt::join(values, ", ")));
    }
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::vector<std::string> skipped_lines(const JournalInput& j) {
  std::vector<std::string> out;
  for (const auto& p : j.unreadable) out.push_back(p.str());
  for (const auto& p : j.invalid) out.push_back(p.str());
  return out;
}
}  // namespace

JournalDiff diff_journals(const JournalInput& old_journal, const JournalInput& new_journal) {
  JournalDiff d;
  const auto& before = old_journal.latest;
  const auto& after = new_journal.latest;
  for (const auto& [key, rec] : after) {
    auto now = outcome_from_name(rec.outcome);
    auto it = before.find(key);
    if (it == before.end()) {
      d.changes.push_back({key, ChangeKind::added, std::nullopt, now, "new run", rec.reason});
      continue;
    }
    auto was = outcome_from_name(it->second.outcome);
    if (was == Outcome::TP && !now) {  // a detection lost to an outcome nobody knows
      d.changes.push_back({key, ChangeKind::regression, was, now,
                           fmt::format("detection lost (unknown outcome '{}')", rec.outcome), rec.reason});
      continue;
    }
    if (!was || !now) continue;
    if (auto judged = judge_change(*was, *now))
      d.changes.push_back({key, judged->first, was, now, judged->second, rec.reason});
  }
  for (const auto& [key, rec] : before)
    if (!after.count(key)) {
      auto was = outcome_from_name(rec.outcome);
      if (was == Outcome::TP)
        d.changes.push_back({key, ChangeKind::regression, was, std::nullopt, "detection lost (no longer run)", rec.reason});
      else
        d.changes.push_back({key, ChangeKind::removed, was, std::nullopt, "no longer run", rec.reason});
    }
  std::stable_sort(d.changes.begin(), d.changes.end(), [](const RunChange& a, const RunChange& b) {
    return std::make_pair(a.kind, a.key) < std::make_pair(b.kind, b.key);
  });
  d.tool_changes = tool_changes(before, after);
  d.old_skipped = skipped_lines(old_journal);
  d.new_skipped = skipped_lines(new_journal);
  return d;
}

const std::vector<std::string>& diff_formats() {
  static const std::vector<std::string> names{"terminal", "md", "json"};
  return names;
}

void render_diff(const JournalDiff& d, const std::string& format, std::ostream& out) {
  const ChangeKind kinds[] = {ChangeKind::regression, ChangeKind::improvement, ChangeKind::change, ChangeKind::added,
                              ChangeKind::removed};
  if (format == "json") {
    json doc = {{"old", d.old_label}, {"new", d.new_label}, {"regressions", d.count(ChangeKind::regression)},
                {"tool_changes", d.tool_changes},
                {"old_skipped", d.old_skipped}, {"new_skipped", d.new_skipped},
                {"changes", json::array()}};
    for (const auto& c : d.changes)
      doc["changes"].push_back({{"kind", change_kind_name(c.kind)}, {"case", c.key.case_id},
                                {"backend", c.key.backend}, {"mpi", c.key.mpi}, {"np", c.key.np},
                                {"run", c.key.run},
                                {"before", c.before ? json(outcome_name(*c.before)) : json(nullptr)},
                                {"after", c.after ? json(outcome_name(*c.after)) : json(nullptr)},
                                {"why", c.why}, {"reason", c.reason}});
    out << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
    return;
  }
  const bool md = format == "md";
  if (!md && format != "terminal")
    throw std::invalid_argument(fmt::format("unknown diff format '{}' (one of: terminal, md, json)", format));
  auto text = [md](const std::string& s) { return md ? escape_markdown(s) : one_line(s); };
  out << (md ? "# Journal diff\n\n" : "") << text(fmt::format("{} -> {}", d.old_label, d.new_label)) << ": "
      << fmt::format("{} regression(s), {} improvement(s), {} other change(s), {} added, {} removed\n",
                     d.count(ChangeKind::regression), d.count(ChangeKind::improvement), d.count(ChangeKind::change),
                     d.count(ChangeKind::added), d.count(ChangeKind::removed))
      << (d.old_skipped.size() + d.new_skipped.size() > 0
              ? fmt::format("{} line(s) skipped\n", d.old_skipped.size() + d.new_skipped.size())
              : "");
  for (const auto& [label, lines] : {std::pair{d.old_label, &d.old_skipped}, std::pair{d.new_label, &d.new_skipped}}) {
    if (lines->empty()) continue;
    out << (md ? "\n## " : "\n") << text(fmt::format("{}: {} line(s) skipped (their runs count as missing)", label, lines->size()))
        << "\n" << (md ? "\n" : "");
    for (const auto& line : *lines) out << (md ? "- " : "  ") << text(line) << "\n";
  }
  if (!d.tool_changes.empty()) {
    out << (md ? "\n## Tools changed\n\n" : "\nTools changed (outcomes may differ for that reason)\n");
    for (const auto& line : d.tool_changes) out << (md ? "- " : "  ") << text(line) << "\n";
  }
  for (ChangeKind k : kinds) {
    if (d.count(k) == 0) continue;
    out << (md ? "\n## " : "\n") << heading(k) << "\n" << (md ? "\n" : "");
    for (const auto& c : d.changes)
      if (c.kind == k)
        out << (md ? "- " : "  ") << text(fmt::format("{}: {} ({}){}", key_text(c.key), transition(c), c.why,
                                                      c.reason.empty() ? "" : " - " + c.reason))
            << "\n";
  }
}

}  // namespace assay
