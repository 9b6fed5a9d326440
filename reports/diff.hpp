// Compares two journals run by run (latest record per key): regressions first,
// then improvements, then other changes.
#pragma once
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "results/classify.hpp"
#include "reports/model.hpp"

namespace assay {

enum class ChangeKind { regression, improvement, change, added, removed };
const char* change_kind_name(ChangeKind k);

struct RunChange {
  RunKey key;
  ChangeKind kind;
  std::optional<Outcome> before, after;  // nullopt: no record on that side
  std::string why;                       // "detection lost", "new false alarm", ...
  std::string reason;                    // the new record's reason (or the old one when removed)
};

struct JournalDiff {
  std::string old_label, new_label;
  std::vector<RunChange> changes;  // sorted: regressions, improvements, changes, added, removed; then by key
  // Backends whose version or manifest differs between the journals, one line
  // each ("pmpi on openmpi: backend version a -> b"): outcomes may differ for that reason.
  std::vector<std::string> tool_changes;
  // Lines of each journal that were not read: torn or garbage lines and records
  // with a wrongly typed field ("file:line: ..."). Their runs count as missing.
  std::vector<std::string> old_skipped, new_skipped;
  int count(ChangeKind k) const;
  bool has_regression() const { return count(ChangeKind::regression) > 0; }
};

// Classifies one change of outcome; nullopt when nothing changed.
std::optional<std::pair<ChangeKind, std::string>> judge_change(Outcome before, Outcome after);

// A run detected (TP) before and missing now, or anything else now, is a regression.
JournalDiff diff_journals(const JournalInput& old_journal, const JournalInput& new_journal);

const std::vector<std::string>& diff_formats();  // terminal md json
// Throws std::invalid_argument for an unknown format.
void render_diff(const JournalDiff& d, const std::string& format, std::ostream& out);

}  // namespace assay
