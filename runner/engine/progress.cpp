#include "engine/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace assay {

namespace {

long whole_seconds(Progress::Clock::duration d) {
  return static_cast<long>(std::chrono::duration<double>(d).count() + 0.5);
}

// Columns of the terminal: the status line must not wrap (\r would then redraw only its last row).
std::size_t terminal_width(std::FILE* out) {
  winsize w{};
  if (ioctl(fileno(out), TIOCGWINSZ, &w) == 0 && w.ws_col > 20) return w.ws_col;
  return 120;
}

}  // namespace

std::string rough_duration(double seconds) {
  const auto minutes = static_cast<long>(seconds / 60 + 0.5);
  if (minutes < 2) return seconds < 45 ? "under a minute" : "a minute";
  if (minutes < 60) return fmt::format("{} min", minutes);
  return fmt::format("{} h {:02} min", minutes / 60, minutes % 60);
}

Progress::Progress(std::FILE* out, bool quiet, Mode mode, std::chrono::seconds heartbeat)
    : out_(out),
      quiet_(quiet),
      tty_(mode == Mode::detect ? isatty(fileno(out)) != 0 : mode == Mode::terminal),
      heartbeat_(heartbeat) {}

void Progress::begin(const std::string& phase, std::size_t total, std::size_t compiles, Clock::time_point now) {
  phase_ = phase;
  total_ = total;
  compiles_ = compiles;
  done_ = compiled_ = failed_compiles_ = 0;
  counts_.clear();
  running_.clear();
  start_ = last_news_ = now;
  last_draw_ = Clock::time_point{};
  next_refine_ = 10;
}

double Progress::eta_s(Clock::time_point now) const {
  if (done_ == 0 || done_ >= total_) return done_ >= total_ && total_ > 0 ? 0 : -1;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  return elapsed / static_cast<double>(done_) * static_cast<double>(total_ - done_);
}

std::string Progress::running_text(Clock::time_point now, std::size_t max_items) const {
  // Longest-running first: those are the ones worth seeing.
  std::vector<std::pair<Clock::time_point, std::string>> by_start;
  for (const auto& [label, since] : running_) by_start.emplace_back(since, label);
  std::sort(by_start.begin(), by_start.end());
  std::string text;
  for (std::size_t i = 0; i < by_start.size() && i < max_items; ++i)
    text += fmt::format("{}{} ({} s)", i ? ", " : "", by_start[i].second, whole_seconds(now - by_start[i].first));
  if (by_start.size() > max_items) text += fmt::format(" and {} more", by_start.size() - max_items);
  return text;
}

std::string Progress::status(Clock::time_point now) const {
  std::string counts;
  for (const auto& [o, n] : counts_) counts += fmt::format(" {} {}", o, n);
  std::string text = fmt::format("{} [{}/{}]{}", phase_, done_, total_, counts);
  if (compiles_ > 0 && compiled_ < compiles_) text += fmt::format(" | compiled {}/{}", compiled_, compiles_);
  if (const double left = eta_s(now); left >= 0 && done_ < total_) {
    const auto s = static_cast<long>(left);
    text += fmt::format(" | ETA {}m{:02}s", s / 60, s % 60);
  }
  if (!running_.empty()) text += " | running: " + running_text(now, 3);
  return text;
}

void Progress::draw(Clock::time_point now) {
  std::string line = status(now);
  const std::size_t width = terminal_width(out_) - 1;
  if (line.size() > width) line = line.substr(0, width - 1) + "…";
  std::fprintf(out_, "\r\033[K%s", line.c_str());
  std::fflush(out_);
  line_open_ = true;
  last_draw_ = now;
}

void Progress::started(const std::string& label, Clock::time_point now) { running_[label] = now; }

void Progress::compiled(bool ok) {
  ++compiled_;
  if (!ok) ++failed_compiles_;
}

void Progress::item(const std::string& outcome, const std::string& label, double seconds, Clock::time_point now) {
  ++done_;
  ++counts_[outcome];
  running_.erase(label);
  last_news_ = now;
  if (quiet_) return;
  if (tty_) {
    draw(now);
  } else {
    int width = static_cast<int>(std::to_string(total_).size());
    std::fprintf(out_, "%s [%*zu/%zu] %-3s %s (%.1fs)\n", phase_.c_str(), width, done_, total_, outcome.c_str(),
                 label.c_str(), seconds);
    std::fflush(out_);
  }
  // The plan's estimate was a guess; say it again from the pace of the runs so far.
  if (done_ >= next_refine_ && done_ < total_) {
    note(fmt::format("estimate after {} of {} runs: about {} left (the pace so far)", done_, total_,
                     rough_duration(eta_s(now))));
    next_refine_ = done_ + std::max<std::size_t>(10, total_ / 4);
  }
}

void Progress::tick(Clock::time_point now) {
  if (quiet_) return;
  if (tty_) {
    if (now - last_draw_ >= std::chrono::seconds(1)) draw(now);
    return;
  }
  if (running_.empty() || now - last_news_ < heartbeat_) return;
  std::string compiles =
      compiles_ > 0 && compiled_ < compiles_ ? fmt::format(", compiled {}/{}", compiled_, compiles_) : "";
  std::fprintf(out_, "%s [%zu/%zu] still running: %s%s\n", phase_.c_str(), done_, total_,
               running_text(now, 8).c_str(), compiles.c_str());
  std::fflush(out_);
  last_news_ = now;
}

void Progress::note(const std::string& line) {
  if (line_open_) std::fprintf(out_, "\r\033[K");
  std::fprintf(out_, "%s\n", line.c_str());
  if (line_open_) {
    line_open_ = false;
    draw(Clock::now());
  }
  std::fflush(out_);
}

void Progress::end() {
  if (quiet_) return;
  running_.clear();
  if (line_open_) std::fprintf(out_, "\r\033[K");
  std::fprintf(out_, "%s\n", status(Clock::now()).c_str());
  line_open_ = false;
  std::fflush(out_);
}

}  // namespace assay
