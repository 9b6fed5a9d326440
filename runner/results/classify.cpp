// The outcome rules of docs/outcomes.md, applied in the order of its table.
#include "results/classify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

namespace assay {

namespace {

std::string group_of(const std::string& class_id) {
  const auto first = class_id.find('.');
  return first == std::string::npos ? class_id : class_id.substr(0, class_id.find('.', first + 1));
}

// A finding of the class itself, or of its group for backends that only know groups.
bool finding_matches(const Finding& f, const std::string& expected_class) {
  return f.error_class == expected_class || f.error_class == group_of(expected_class);
}

std::string basename_of(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

// The finding names every line in `lines` in the case's source file.
bool names_every_line(const Finding& f, const std::string& case_file,
                      const std::vector<int>& lines) {
  return std::all_of(lines.begin(), lines.end(), [&](int line) {
    return std::any_of(f.accesses.begin(), f.accesses.end(), [&](const Access& a) {
      return a.line == line && basename_of(a.file) == case_file;
    });
  });
}

// Located: one finding of a matched class names every EXPECT-AT line of that
// class. An expectation without EXPECT-AT lines cannot be located.
bool located(const Case& c, const std::vector<Finding>& findings) {
  const std::string case_file = basename_of(c.path);
  return std::any_of(c.errors.begin(), c.errors.end(), [&](const Expectation& e) {
    return !e.at_lines.empty() &&
           std::any_of(findings.begin(), findings.end(), [&](const Finding& f) {
             return finding_matches(f, e.error_class) && names_every_line(f, case_file, e.at_lines);
           });
  });
}

std::vector<std::string> matched_classes(const Case& c, const std::vector<Finding>& findings) {
  std::vector<std::string> matched;
  for (const auto& e : c.errors) {
    if (std::any_of(findings.begin(), findings.end(),
                    [&](const Finding& f) { return finding_matches(f, e.error_class); })) {
      matched.push_back(e.error_class);
    }
  }
  return matched;
}

// "a, b, c" (distinct, in order of first appearance).
std::string join_distinct(const std::vector<std::string>& words) {
  std::vector<std::string> distinct;
  for (const auto& w : words) {
    if (std::find(distinct.begin(), distinct.end(), w) == distinct.end()) distinct.push_back(w);
  }
  std::string out;
  for (const auto& w : distinct) out += (out.empty() ? "" : ", ") + w;
  return out;
}

std::string expected_list(const Case& c) {
  std::vector<std::string> classes;
  for (const auto& e : c.errors) classes.push_back(e.error_class);
  return join_distinct(classes);
}

std::string finding_list(const std::vector<Finding>& findings) {
  std::vector<std::string> classes;
  for (const auto& f : findings) classes.push_back(f.error_class);
  return fmt::format("finding{} {}", findings.size() == 1 ? "" : "s", join_distinct(classes));
}

// How a run that did not exit cleanly ended, for reasons ("" when it did).
std::string abnormal_end(const RunFacts& facts) {
  if (facts.timed_out) return "timed out";
  if (facts.signal != 0) return fmt::format("killed by signal {}", facts.signal);
  if (facts.exit_code != 0) return fmt::format("exited with code {}", facts.exit_code);
  return "";
}

Verdict verdict(Outcome outcome, std::string reason) {
  Verdict v{};
  v.outcome = outcome;
  v.reason = std::move(reason);
  return v;
}

Verdict erroneous_with_findings(const Case& c, const RunFacts& facts,
                                const std::vector<Finding>& findings) {
  Verdict v{};
  v.outcome = Outcome::WC;
  v.detected = true;
  v.matched_classes = matched_classes(c, findings);
  if (v.matched_classes.empty()) {
    v.reason = fmt::format("{}, expected {}", finding_list(findings), expected_list(c));
    return v;
  }
  v.outcome = Outcome::TP;
  v.classified = true;
  v.located = located(c, findings);
  v.reason = fmt::format("found {}{}", join_distinct(v.matched_classes),
                         v.located ? " at the marked lines" : " (marked lines not named)");
  if (const auto end = abnormal_end(facts); !end.empty()) v.reason += ", then the run " + end;
  return v;
}

}  // namespace

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::TP:
      return "TP";
    case Outcome::WC:
      return "WC";
    case Outcome::FN:
      return "FN";
    case Outcome::TN:
      return "TN";
    case Outcome::FP:
      return "FP";
    case Outcome::TO:
      return "TO";
    case Outcome::RE:
      return "RE";
    case Outcome::CE:
      return "CE";
    case Outcome::TF:
      return "TF";
    case Outcome::NS:
      return "NS";
  }
  return "?";  // not reached: every enumerator is handled above
}

std::optional<Outcome> outcome_from_name(std::string_view s) {
  for (const Outcome o : kAllOutcomes) {
    if (s == outcome_name(o)) return o;
  }
  return std::nullopt;
}

Verdict classify(const Case& c, const RunFacts& facts, const std::vector<Finding>& findings) {
  const bool erroneous = !c.correct();
  const bool found = !findings.empty();
  if (!facts.compiled) return verdict(Outcome::CE, "did not compile");
  if (facts.tool_failed) return verdict(Outcome::TF, "the tool failed");
  if (erroneous && found) return erroneous_with_findings(c, facts, findings);  // TP or WC
  if (!found && facts.timed_out) return verdict(Outcome::TO, "timed out with no finding");
  if (const auto end = abnormal_end(facts); !found && !end.empty()) {
    return verdict(Outcome::RE, end + " with no finding");
  }
  if (erroneous && !facts.backend_supports_case) {
    return verdict(Outcome::NS,
                   fmt::format("the backend does not support {}; no finding", expected_list(c)));
  }
  if (erroneous) return verdict(Outcome::FN, "no finding, expected " + expected_list(c));
  if (found) return verdict(Outcome::FP, finding_list(findings) + " on a correct case");
  return verdict(Outcome::TN, "no finding, exit status 0");
}

}  // namespace assay
