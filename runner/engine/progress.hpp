// Progress of a long run: one rewritten status line on a terminal, plain lines
// otherwise (CI logs), so the user always sees done/total, outcomes so far and ETA.
#pragma once
#include <chrono>
#include <cstdio>
#include <map>
#include <string>

namespace assay {

class Progress {
 public:
  Progress(std::FILE* out, bool quiet);
  void begin(const std::string& phase, std::size_t total);
  // One item finished: `label` ("TN native openmpi rma/local/put-ok"), seconds it took.
  void item(const std::string& outcome, const std::string& label, double seconds);
  void end();
  void note(const std::string& line);  // a line that must not be overwritten

 private:
  std::FILE* out_;
  bool quiet_, tty_;
  std::string phase_;
  std::size_t total_ = 0, done_ = 0;
  std::map<std::string, int> counts_;
  std::chrono::steady_clock::time_point start_;
  bool line_open_ = false;
  std::string status() const;
};

}  // namespace assay
