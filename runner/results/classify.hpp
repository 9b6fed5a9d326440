// Turns one run (what happened + what the backend found) into an outcome
// against the case's ground truth (docs/outcomes.md).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "corpus/case.hpp"
#include "results/finding.hpp"

namespace assay {

enum class Outcome { TP, WC, FN, TN, FP, TO, RE, CE, TF, NS };
const char* outcome_name(Outcome o);            // "TP", ...
std::optional<Outcome> outcome_from_name(std::string_view s);
inline constexpr Outcome kAllOutcomes[] = {Outcome::TP, Outcome::WC, Outcome::FN, Outcome::TN,
                                           Outcome::FP, Outcome::TO, Outcome::RE, Outcome::CE,
                                           Outcome::TF, Outcome::NS};

struct RunFacts {            // what happened, independent of the case's expectation
  bool compiled = true;      // false -> CE
  bool tool_failed = false;  // the backend itself failed (missing tool, own crash) -> TF
  bool timed_out = false;
  int exit_code = 0;         // valid when !timed_out && signal == 0
  int signal = 0;            // terminating signal of the launcher, 0 if none
  bool backend_supports_case = true;  // false when no expected class is supported
};

struct Verdict {
  Outcome outcome;
  bool detected = false;     // erroneous case and at least one error/warning finding
  bool classified = false;   // a finding of an expected class (or of its group, see below)
  bool located = false;      // ...that also names every EXPECT-AT line of that class
  std::vector<std::string> matched_classes;
  std::string reason;        // one line: why this outcome
};

// A finding whose class is a group id ("rma.local") classifies any class of
// that group, for backends that only report the group.
Verdict classify(const Case& c, const RunFacts& facts, const std::vector<Finding>& findings);

}  // namespace assay
