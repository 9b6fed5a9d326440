#include "exec/process.hpp"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <string_view>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <system_error>
#include <time.h>
#include <unistd.h>
#include <utility>

extern char** environ;

namespace assay {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr const char* kTokenVar = "ASSAY_JOB_TOKEN";
constexpr auto kVanishTimeout = 2s;  // how long SIGKILLed processes get to disappear
constexpr auto kDrainTimeout = 1s;   // how long processes may outlive their exited launcher
constexpr auto kTick = 10ms;         // polling interval while waiting

volatile std::sig_atomic_t g_interrupt_signal = 0;

void note_interrupt(int sig) { g_interrupt_signal = sig; }

void nap(Clock::duration d) {
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(d).count();
  if (ns <= 0) return;
  timespec ts{ns / 1'000'000'000, ns % 1'000'000'000};
  ::nanosleep(&ts, nullptr);  // a signal cuts it short, which is what we want
}

// ---- /proc ------------------------------------------------------------------

std::string read_file(const std::string& path) {
  std::string data;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return data;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) data.append(buf, static_cast<std::size_t>(n));
    else if (n < 0 && errno == EINTR) continue;
    else break;
  }
  ::close(fd);
  return data;
}

struct ProcEntry {
  pid_t pid, ppid, sid;
};

std::optional<ProcEntry> read_stat(pid_t pid) {
  // "pid (comm) state ppid pgrp session ..."; comm may itself hold ')' and spaces.
  const std::string stat = read_file(fmt::format("/proc/{}/stat", pid));
  const auto comm_end = stat.rfind(')');
  if (comm_end == std::string::npos) return std::nullopt;
  char state = 0;
  long ppid = 0, pgrp = 0, sid = 0;
  const int fields =
      std::sscanf(stat.c_str() + comm_end + 1, " %c %ld %ld %ld", &state, &ppid, &pgrp, &sid);
  if (fields != 4 || state == 'Z') return std::nullopt;
  return ProcEntry{pid, static_cast<pid_t>(ppid), static_cast<pid_t>(sid)};
}

// Every process that is alive (not a zombie), except the calling one.
std::vector<ProcEntry> live_processes() {
  std::vector<ProcEntry> procs;
  DIR* dir = ::opendir("/proc");
  if (!dir) return procs;
  const pid_t self = ::getpid();
  while (const dirent* e = ::readdir(dir)) {
    char* end = nullptr;
    const long pid = std::strtol(e->d_name, &end, 10);
    if (*end != '\0' || pid <= 0 || pid == self) continue;
    if (auto p = read_stat(static_cast<pid_t>(pid))) procs.push_back(*p);
  }
  ::closedir(dir);
  return procs;
}

// The NUL-delimited environ entry "\0ASSAY_JOB_TOKEN=<token>\0".
std::string token_entry(const std::string& token) {
  return std::string(1, '\0') + kTokenVar + '=' + token + '\0';
}

bool holds_token(pid_t pid, const std::string& entry) {
  const std::string env = '\0' + read_file(fmt::format("/proc/{}/environ", pid));
  return env.find(entry) != std::string::npos;
}

// Every live process of a job: its session, its descendants (only while the
// leader is unreaped, so its pid cannot have been reused) and its token holders.
std::vector<pid_t> job_processes(pid_t leader, bool leader_reaped, const std::string& token) {
  const auto procs = live_processes();
  std::set<pid_t> tree;
  for (const auto& p : procs)
    if (p.sid == leader) tree.insert(p.pid);
  if (!leader_reaped) {
    std::set<pid_t> family{leader};
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& p : procs)
        if (family.count(p.ppid) && family.insert(p.pid).second) grew = true;
    }
    for (const auto& p : procs)
      if (family.count(p.pid)) tree.insert(p.pid);
  }
  const std::string entry = token_entry(token);
  for (const auto& p : procs)
    if (!tree.count(p.pid) && holds_token(p.pid, entry)) tree.insert(p.pid);
  return {tree.begin(), tree.end()};
}

void signal_all(const std::vector<pid_t>& pids, int sig) {
  for (pid_t pid : pids) ::kill(pid, sig);
}

// ---- launching ----------------------------------------------------------------

class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  Fd(Fd&& o) noexcept : fd_(o.release()) {}
  Fd& operator=(Fd&&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset() {
    if (fd_ >= 0) ::close(std::exchange(fd_, -1));
  }

 private:
  int fd_;
};

// What the child reports through the CLOEXEC pipe when it cannot exec.
struct ChildFailure {
  enum Step : int { kChdir, kExec } step;
  int error;
};

// Everything the child needs, prepared before fork: after fork only
// async-signal-safe calls are allowed.
struct ChildPlan {
  int in, out, err, report;
  char** argv;
  char** envp;
  const char* cwd;  // nullptr = inherit
  pid_t parent;
  int max_fd;
};

[[noreturn]] void child_fail(int report_fd, ChildFailure::Step step) {
  const ChildFailure failure{step, errno};
  [[maybe_unused]] const ssize_t n = ::write(report_fd, &failure, sizeof failure);
  ::_exit(127);
}

[[noreturn]] void run_child(const ChildPlan& p) {
  ::setsid();
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the launcher must not outlive a SIGKILLed runner
  if (::getppid() != p.parent) ::_exit(127);  // the runner died before prctl took effect
  // exec keeps the signal mask and ignored signals; the job gets a clean slate.
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &dfl, nullptr);
  ::dup2(p.in, 0);
  ::dup2(p.out, 1);
  ::dup2(p.err, 2);
  // Mark (not close) the rest CLOEXEC so the report pipe stays open until exec.
  if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
    for (int fd = 3; fd < p.max_fd; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  if (p.cwd && ::chdir(p.cwd) != 0) child_fail(p.report, ChildFailure::kChdir);
  environ = p.envp;  // so execvp searches the job's PATH
  ::execvp(p.argv[0], p.argv);
  child_fail(p.report, ChildFailure::kExec);
}

std::vector<std::string> job_environment(const Command& cmd, const std::string& token) {
  std::map<std::string, std::string> env;
  for (char** e = environ; *e; ++e) {
    const std::string_view entry(*e);
    const auto eq = entry.find('=');
    if (eq != std::string_view::npos) env.emplace(entry.substr(0, eq), entry.substr(eq + 1));
  }
  for (const auto& [key, value] : cmd.env) env[key] = value;
  env[kTokenVar] = token;
  std::vector<std::string> entries;
  for (const auto& [key, value] : env) entries.push_back(key + '=' + value);
  return entries;
}

std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> ptrs;
  for (auto& s : strings) ptrs.push_back(s.data());
  ptrs.push_back(nullptr);
  return ptrs;
}

Fd open_fd(const std::string& path, int flags, std::string& error) {
  Fd fd(::open(path.c_str(), flags | O_CLOEXEC, 0644));
  if (fd.get() < 0 && error.empty())
    error = fmt::format("cannot open '{}': {}", path, std::strerror(errno));
  return fd;
}

Fd open_output(const std::string& path, std::string& error) {
  return open_fd(path.empty() ? "/dev/null" : path, O_WRONLY | O_CREAT | O_TRUNC, error);
}

// Forks and execs `cmd`; returns the pid, or -1 with `error` set.
pid_t launch(const Command& cmd, const std::string& token, std::string& error) {
  if (cmd.argv.empty()) {
    error = "cannot run an empty command";
    return -1;
  }
  Fd in = open_fd("/dev/null", O_RDONLY, error);
  Fd out = open_output(cmd.stdout_path, error);
  Fd err = cmd.stderr_path == cmd.stdout_path ? Fd() : open_output(cmd.stderr_path, error);
  if (!error.empty()) return -1;
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) {
    error = fmt::format("cannot create a pipe: {}", std::strerror(errno));
    return -1;
  }
  Fd report_read(pipe_fds[0]), report_write(pipe_fds[1]);

  auto args = cmd.argv;
  auto argv = c_strings(args);
  auto env = job_environment(cmd, token);
  auto envp = c_strings(env);
  const ChildPlan plan{in.get(),
                       out.get(),
                       err.get() >= 0 ? err.get() : out.get(),
                       report_write.get(),
                       argv.data(),
                       envp.data(),
                       cmd.cwd.empty() ? nullptr : cmd.cwd.c_str(),
                       ::getpid(),
                       static_cast<int>(std::min(::sysconf(_SC_OPEN_MAX), 65536L))};

  const pid_t pid = ::fork();
  if (pid < 0) {
    error = fmt::format("cannot fork: {}", std::strerror(errno));
    return -1;
  }
  if (pid == 0) run_child(plan);

  report_write.reset();
  ChildFailure failure{};
  ssize_t n;
  do n = ::read(report_read.get(), &failure, sizeof failure);
  while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(sizeof failure)) return pid;  // EOF: exec closed the pipe

  int status;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const char* reason = std::strerror(failure.error);
  error = failure.step == ChildFailure::kChdir
              ? fmt::format("cannot change to directory '{}': {}", cmd.cwd, reason)
              : fmt::format("cannot run '{}': {}", cmd.argv[0], reason);
  return -1;
}

std::string make_token(int job_id) {
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  return fmt::format("{}-{}-{:x}", ::getpid(), job_id, ns);
}

}  // namespace

// ---- Job ----------------------------------------------------------------------

// A job goes Running -> (Terminating: SIGTERM sent) -> (Killing: SIGKILL sent) -> Done,
// or, when its leader exits first, Running -> Draining -> Done (or -> Killing).
// It is Done only once its leader is reaped and none of its processes is left,
// or when the survivors of SIGKILL have been given up on (then: leftovers).
struct Supervisor::Job {
  enum class Phase { kRunning, kDraining, kTerminating, kKilling, kDone };
  pid_t pid = -1;
  bool reaped = false;
  Phase phase = Phase::kRunning;
  Clock::time_point deadline;  // of the current phase: timeout, SIGKILL, giving up
  std::chrono::milliseconds kill_grace{};
  std::set<pid_t> sent_sigterm;
  Done done;
  ExitInfo info;

  std::vector<pid_t> processes() const { return job_processes(pid, reaped, info.token); }

  void exited(int status) {
    reaped = true;
    info.end = Clock::now();
    if (WIFEXITED(status)) info.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) info.signal = WTERMSIG(status);
  }

  // Once per process: a launcher may take a second SIGTERM as "abort now".
  void send_sigterm(const std::vector<pid_t>& procs) {
    for (pid_t p : procs) {
      if (!sent_sigterm.insert(p).second) continue;
      ::kill(p, SIGTERM);
      ::kill(p, SIGCONT);  // a stopped process would never see the SIGTERM
    }
  }

  void terminate(Clock::time_point now) {
    send_sigterm(processes());
    phase = Phase::kTerminating;
    deadline = now + kill_grace;
  }

  void kill_now(Clock::time_point now) {
    signal_all(processes(), SIGKILL);
    phase = Phase::kKilling;
    deadline = now + kVanishTimeout;
  }

  void advance(Clock::time_point now) {
    switch (phase) {
      case Phase::kRunning:
        if (reaped) {
          // Ranks may still be exiting just after their launcher (an MPI abort):
          // give them a moment before calling them leftovers.
          phase = Phase::kDraining;
          deadline = now + kDrainTimeout;
          advance(now);
        } else if (now >= deadline) {
          info.timed_out = true;
          terminate(now);
        }
        return;
      case Phase::kDraining: {
        const auto procs = processes();
        if (procs.empty()) {
          phase = Phase::kDone;
        } else if (now >= deadline) {
          info.leftovers = procs;  // e.g. a daemon the job started
          kill_now(now);
        }
        return;
      }
      case Phase::kTerminating: {
        const auto procs = processes();
        if (reaped && procs.empty()) phase = Phase::kDone;
        else if (now >= deadline) kill_now(now);
        else send_sigterm(procs);  // those forked since the last pass
        return;
      }
      case Phase::kKilling: {
        const auto procs = processes();
        if (reaped && procs.empty()) {
          phase = Phase::kDone;
        } else if (now >= deadline) {
          std::set<pid_t> all(info.leftovers.begin(), info.leftovers.end());
          all.insert(procs.begin(), procs.end());
          info.leftovers.assign(all.begin(), all.end());
          phase = Phase::kDone;
        } else {
          signal_all(procs, SIGKILL);  // again: catches what was forked since
        }
        return;
      }
      case Phase::kDone:
        return;
    }
  }
};

// ---- Supervisor ---------------------------------------------------------------

Supervisor::Supervisor() = default;

Supervisor::~Supervisor() {
  auto now = Clock::now();
  for (auto& [id, job] : jobs_)
    if (job->phase != Job::Phase::kDone) job->kill_now(now);
  for (;;) {
    reap_children();
    now = Clock::now();
    bool all_done = true;
    for (auto& [id, job] : jobs_) {
      job->advance(now);
      all_done = all_done && job->phase == Job::Phase::kDone;
    }
    if (all_done) break;
    nap(kTick);
  }
}

int Supervisor::start(const Command& cmd, Done done) {
  const int id = next_id_++;
  auto job = std::make_unique<Job>();
  job->done = std::move(done);
  job->kill_grace = cmd.kill_grace;
  job->info.start = Clock::now();
  job->info.token = make_token(id);
  job->pid = launch(cmd, job->info.token, job->info.error);
  if (job->pid < 0) {
    job->info.end = Clock::now();
    job->phase = Job::Phase::kDone;
  } else {
    job->info.started = true;
    job->deadline = cmd.timeout > 0ms ? job->info.start + cmd.timeout : Clock::time_point::max();
  }
  jobs_.emplace(id, std::move(job));
  return id;
}

void Supervisor::reap_children() {
  int status;
  pid_t pid;
  while ((pid = ::waitpid(-1, &status, WNOHANG)) > 0) {
    for (auto& [id, job] : jobs_) {
      if (job->pid == pid && !job->reaped) {
        job->exited(status);
        break;
      }
    }
    // Any other pid is an orphan handed to us as subreaper: reaping it is all it needs.
  }
}

std::vector<std::unique_ptr<Supervisor::Job>> Supervisor::take_finished() {
  std::vector<std::unique_ptr<Job>> finished;
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    if (it->second->phase == Job::Phase::kDone) {
      finished.push_back(std::move(it->second));
      it = jobs_.erase(it);
    } else {
      ++it;
    }
  }
  return finished;
}

std::size_t Supervisor::poll(std::chrono::milliseconds max_wait) {
  const auto until = Clock::now() + max_wait;
  const int signal_before = interrupt_signal();
  for (;;) {
    reap_children();
    const auto now = Clock::now();
    for (auto& [id, job] : jobs_) job->advance(now);
    // Taken out of jobs_ first: a callback may start new jobs.
    const auto finished = take_finished();
    for (const auto& job : finished)
      if (job->done) job->done(job->info);
    const auto left = until - Clock::now();
    if (!finished.empty() || jobs_.empty() || left <= Clock::duration::zero() ||
        interrupt_signal() != signal_before)
      break;
    nap(std::min<Clock::duration>(kTick, left));
  }
  return running();
}

void Supervisor::wait_all() {
  while (!jobs_.empty()) {
    if (interrupted()) kill_all();
    poll(100ms);
  }
}

std::size_t Supervisor::running() const { return jobs_.size(); }

void Supervisor::kill_all() {
  const auto now = Clock::now();
  for (auto& [id, job] : jobs_)
    if (job->phase == Job::Phase::kRunning && !job->reaped) job->terminate(now);
}

// ---- free functions -----------------------------------------------------------

double ExitInfo::seconds() const { return std::chrono::duration<double>(end - start).count(); }

void become_subreaper() {
  if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
    throw std::system_error(errno, std::generic_category(), "prctl(PR_SET_CHILD_SUBREAPER)");
}

ExitInfo run_command(const Command& cmd) {
  ExitInfo result;
  Supervisor supervisor;
  supervisor.start(cmd, [&](const ExitInfo& info) { result = info; });
  supervisor.wait_all();
  return result;
}

std::string capture_output(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                           ExitInfo* exit) {
  char path[] = "/tmp/assay-output-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "mkstemp");
  ::close(fd);
  Command cmd;
  cmd.argv = argv;
  cmd.stdout_path = path;
  cmd.timeout = timeout;
  ExitInfo info = run_command(cmd);
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ::unlink(path);
  if (exit) *exit = std::move(info);
  return text;
}

std::vector<pid_t> processes_with_token(const std::string& token) {
  const std::string entry = token_entry(token);
  std::vector<pid_t> holders;
  for (const auto& p : live_processes())
    if (holds_token(p.pid, entry)) holders.push_back(p.pid);
  return holders;
}

void install_interrupt_flag() {
  struct sigaction sa {};
  sa.sa_handler = note_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: blocking calls return so the caller notices
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

bool interrupted() { return g_interrupt_signal != 0; }

int interrupt_signal() { return g_interrupt_signal; }

}  // namespace assay
