#include "engine/progress.hpp"

#include <unistd.h>

#include <fmt/format.h>

namespace assay {

Progress::Progress(std::FILE* out, bool quiet)
    : out_(out), quiet_(quiet), tty_(isatty(fileno(out)) != 0) {}

void Progress::begin(const std::string& phase, std::size_t total) {
  phase_ = phase;
  total_ = total;
  done_ = 0;
  counts_.clear();
  start_ = std::chrono::steady_clock::now();
}

std::string Progress::status() const {
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string counts;
  for (const auto& [o, n] : counts_) counts += fmt::format(" {} {}", o, n);
  std::string eta = "";
  if (done_ > 0 && done_ < total_) {
    auto left = static_cast<long>(elapsed / static_cast<double>(done_) * static_cast<double>(total_ - done_));
    eta = fmt::format("  ETA {}m{:02}s", left / 60, left % 60);
  }
  return fmt::format("{} [{}/{}]{}{}", phase_, done_, total_, counts, eta);
}

void Progress::item(const std::string& outcome, const std::string& label, double seconds) {
  ++done_;
  ++counts_[outcome];
  if (quiet_) return;
  if (tty_) {
    std::fprintf(out_, "\r\033[K%s", status().c_str());
    line_open_ = true;
  } else {
    int width = static_cast<int>(std::to_string(total_).size());
    std::fprintf(out_, "%s [%*zu/%zu] %-3s %s (%.1fs)\n", phase_.c_str(), width, done_, total_,
                 outcome.c_str(), label.c_str(), seconds);
  }
  std::fflush(out_);
}

void Progress::note(const std::string& line) {
  if (line_open_) std::fprintf(out_, "\r\033[K");
  std::fprintf(out_, "%s\n", line.c_str());
  if (line_open_) std::fprintf(out_, "%s", status().c_str());
  std::fflush(out_);
}

void Progress::end() {
  if (quiet_) return;
  if (line_open_) std::fprintf(out_, "\r\033[K");
  std::fprintf(out_, "%s\n", status().c_str());
  line_open_ = false;
  std::fflush(out_);
}

}  // namespace assay
