// Progress of a long run: one rewritten status line on a terminal, plain lines
// otherwise (CI logs), so the user always sees done/total, outcomes so far, the
// compiles, the runs in flight with their elapsed time, and an ETA. The line stays
// alive during long runs: tick() redraws it (terminal) or, when nothing finished for
// a heartbeat interval, prints which runs are still going and for how long (log).
#pragma once
#include <chrono>
#include <cstdio>
#include <map>
#include <string>

namespace assay {

class Progress {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Mode { detect, terminal, log };
  Progress(std::FILE* out, bool quiet, Mode mode = Mode::detect,
           std::chrono::seconds heartbeat = std::chrono::seconds(30));
  // A phase of `total` items, `compiles` binaries to build alongside.
  void begin(const std::string& phase, std::size_t total, std::size_t compiles = 0, Clock::time_point now = Clock::now());
  // One item started (shown among the running ones until item() with the same label).
  void started(const std::string& label, Clock::time_point now = Clock::now());
  // One item finished: `label` ("native openmpi rma/local/put-ok"), seconds it took.
  void item(const std::string& outcome, const std::string& label, double seconds, Clock::time_point now = Clock::now());
  void compiled(bool ok);  // one binary built (or not: CE)
  // Called often while waiting: redraws the terminal line at most once a second;
  // in a log, prints the running items when nothing finished for `heartbeat`.
  void tick(Clock::time_point now = Clock::now());
  void end();
  void note(const std::string& line);  // a line that must not be overwritten
  // Seconds left by the pace so far (-1 before the first item finished).
  double eta_s(Clock::time_point now = Clock::now()) const;

 private:
  std::FILE* out_;
  bool quiet_, tty_;
  std::chrono::seconds heartbeat_;
  std::string phase_;
  std::size_t total_ = 0, done_ = 0, compiles_ = 0, compiled_ = 0, failed_compiles_ = 0;
  std::map<std::string, int> counts_;
  std::map<std::string, Clock::time_point> running_;  // label -> start
  Clock::time_point start_, last_draw_, last_news_;
  std::size_t next_refine_ = 10;  // the estimate is said again when done_ reaches it
  bool line_open_ = false;
  std::string status(Clock::time_point now) const;
  std::string running_text(Clock::time_point now, std::size_t max_items) const;
  void draw(Clock::time_point now);
};

// "4 min", "a minute", "1 h 05 min": a duration as the plan and the estimates say it.
std::string rough_duration(double seconds);

}  // namespace assay
