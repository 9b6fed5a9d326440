// The results journal: JSON lines, append-only, one record per run
// (docs/journal.md). Survives SIGKILL: each record is one write(); a torn last
// line is reported and skipped by readers, and fenced off by the next writer.
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "corpus/case.hpp"

namespace assay {

struct RunKey {
  std::string case_id, backend, mpi;
  int np = 0;
  int run = 1;  // 1..runs
  auto tie() const { return std::tie(case_id, backend, mpi, np, run); }
  bool operator<(const RunKey& o) const { return tie() < o.tie(); }
  bool operator==(const RunKey& o) const { return tie() == o.tie(); }
};

RunKey key_of(const nlohmann::json& record);  // from a "result" record

// "pmpi mpich rma/x/put-nok run 2": how progress and check lines name a run;
// " run <k>" only for a case of several runs.
std::string run_label(const RunKey& key, bool several_runs);

// Why a "result" record cannot be trusted: the first known field that is missing
// or has the wrong type ("field 'np': expected an integer, found string"), or
// empty when every field is as docs/journal.md describes it.
std::string result_field_error(const nlohmann::json& record);

// What reading a journal line by line found besides its records.
struct JournalScan {
  std::vector<Problem> problems;  // torn or garbage lines, with file:line
  std::vector<Problem> invalid;   // valid JSON whose fields are wrongly typed: file:line: field ...
  int record_lines = 0;           // lines that were JSON objects (valid or not)
  int session_or_result = 0;      // of them, records typed "session" or "result"
};

// Streams `path` (missing file: nothing), calling `on_record` with each object
// line whose fields are as expected, and its line number; a result record with a
// wrongly typed field goes to `invalid` instead. Memory: one line at a time.
JournalScan scan_journal(const std::string& path, const std::function<void(nlohmann::json&&, int line)>& on_record);

struct JournalContents {
  std::vector<nlohmann::json> records;  // every well-formed line, in file order
  std::vector<Problem> problems;        // torn or garbage lines, with file:line
  std::vector<Problem> invalid;         // records skipped for a wrongly typed field (see scan_journal)
  // Last "result" record per key (later records supersede earlier ones).
  std::map<RunKey, nlohmann::json> latest_results() const;
};

JournalContents read_journal(const std::string& path);  // missing file -> empty

class JournalWriter {
 public:
  // Creates the file (and parent dirs) if needed and takes an exclusive lock on
  // "<path>.lock". Throws std::runtime_error ("journal X is in use by pid N") when
  // another process holds it. If the file ends in a torn line, appends "\n" first.
  explicit JournalWriter(const std::string& path);
  ~JournalWriter();
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;

  void append(const nlohmann::json& record);  // one write() of dump()+"\n", then fdatasync
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
  int lock_fd_ = -1;
};

}  // namespace assay
