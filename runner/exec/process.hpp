// Running child commands so that nothing they start can outlive them: each job
// runs in its own session, carries a unique token in its environment, and is
// killed as a whole tree (session + descendants + token holders) on timeout or
// interruption. The runner process is a child subreaper, so orphaned
// grandchildren come back to it: they are reaped, and killed with the job that
// alone can have started them (double-forked daemons that dropped session and token).
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace assay {

struct Command {
  // Members all have initializers so designated initialization needs only what differs.
  std::vector<std::string> argv{};           // argv[0] is looked up in PATH
  std::map<std::string, std::string> env{};  // added to / overriding the runner's environment
  std::string cwd{};                         // "" = inherit
  // Output files (truncated; relative to the runner's cwd); "" = /dev/null;
  // the same path for both = one shared file.
  std::string stdout_path{}, stderr_path{};
  std::chrono::milliseconds timeout{0};      // 0 = none
  std::chrono::milliseconds kill_grace{2000};  // SIGTERM -> SIGKILL delay
  // > 0: of each output file keep only the first and the last keep_output bytes;
  // the output streams through the runner (a pipe), whose memory stays
  // bounded too (ExitInfo::output_dropped). 0 = the job writes the files itself.
  std::size_t keep_output = 0;
};

struct ExitInfo {
  bool started = false;      // false: the command could not be run (reason in `error`)
  std::string error;
  bool timed_out = false;
  int exit_code = -1;        // when exited normally
  int signal = 0;            // when killed by a signal
  // Processes of the job that outlived it. After a normal exit: stray token holders
  // (e.g. daemons), which were then killed. After a kill: those that survived it.
  // Either way a healthy job leaves this empty.
  std::vector<pid_t> leftovers;
  std::string token;         // the job's ASSAY_JOB_TOKEN
  std::size_t output_dropped = 0;  // bytes of output not kept (Command::keep_output)
  std::chrono::steady_clock::time_point start, end;
  double seconds() const;
};

// Makes the calling process a child subreaper (prctl PR_SET_CHILD_SUBREAPER).
void become_subreaper();

// Runs jobs concurrently. Not thread-safe; drive it from one thread.
// It reaps *every* child of the process (waitpid(-1)), so don't mix it with
// system()/popen() in the same process.
class Supervisor {
 public:
  using Done = std::function<void(const ExitInfo&)>;
  Supervisor();
  Supervisor(const Supervisor&) = delete;
  Supervisor& operator=(const Supervisor&) = delete;
  ~Supervisor();  // kills whatever still runs, without calling callbacks

  // Starts `cmd` now; `done` is called from poll()/wait_all() when it ended
  // (also when it could not be started). Returns a job id.
  int start(const Command& cmd, Done done);
  // Reaps exited children, enforces timeouts, calls `done` callbacks.
  // Blocks at most `max_wait` for a job to end or an interrupt to arrive.
  // Returns the number still running.
  std::size_t poll(std::chrono::milliseconds max_wait);
  // Waits for every job; once interrupted() turns true, kills them all first.
  void wait_all();
  std::size_t running() const;
  // Kills every running job's tree (used on SIGINT/SIGTERM); callbacks still fire with signal set.
  void kill_all();
  // From now on, while it polls, rewrites `path` (every 250 ms) with the pid and
  // start time of every process below this one: what a SIGKILLed runner leaves
  // for kill_recorded_processes() on the next start. The destructor removes it.
  void record_processes(const std::string& path);

 private:
  struct Job;
  std::map<int, std::unique_ptr<Job>> jobs_;
  int next_id_ = 1;
  std::string log_path_;
  std::chrono::steady_clock::time_point last_log_;
  // Sleeps up to `d`, reading the jobs' capped outputs as they come (a job must
  // not stall on a full pipe while we sleep); a signal cuts it short.
  void wait_for_output(std::chrono::steady_clock::duration d);
  void reap_children();
  std::vector<std::unique_ptr<Job>> take_finished();
};

// Kills (SIGKILL) the processes listed by a Supervisor::record_processes() file
// that still run: same boot, same pid, same start time (a reused pid is never
// touched). Waits until they are gone, removes the file, returns how many.
int kill_recorded_processes(const std::string& path);

// Synchronous convenience wrapper around Supervisor.
ExitInfo run_command(const Command& cmd);

// Runs `argv` (with `timeout`) and returns what it wrote to stdout; `exit`, when
// given, receives how it ended.
std::string capture_output(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                           ExitInfo* exit = nullptr);

// Every live process (pid) whose environment holds ASSAY_JOB_TOKEN=<token>;
// zombies and the calling process are skipped.
std::vector<pid_t> processes_with_token(const std::string& token);

// Installs SIGINT/SIGTERM/SIGHUP handlers that set a flag (no other work in the handler).
void install_interrupt_flag();
bool interrupted();       // true once one of those signals arrived
int interrupt_signal();   // which one (0 if none)

}  // namespace assay
