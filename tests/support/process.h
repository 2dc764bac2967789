// Runs a program as a child process and captures its output and exit status;
// integration tests drive the real gpq binary this way.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace gpq::test {

struct ProcessResult {
  int exit_code = -1;   // -1 when killed by a signal
  int term_signal = 0;  // the signal that ended the child, when one did
  std::string out;
  std::string err;
  bool signalled = false;  // Interruption: the signal was sent (the child was still running)
  std::chrono::milliseconds ended_after_signal{0};  // from the signal to the child's end
};

// A signal sent to the child `after` it started, unless it has ended by then.
struct Interruption {
  std::chrono::microseconds after{0};
  int signal = 0;
  // When set, `after` counts from the first moment this returns true (polled every 200 µs),
  // not from the start: a slow start (a sanitizer build, a loaded machine) then cannot put
  // the signal before the child is ready for it.
  std::function<bool()> ready;
};

// Runs argv[0] (searched in PATH when it has no '/') with the given environment additions
// ("NAME=value"), stdin from /dev/null. Blocks until the child ends.
ProcessResult run_process(const std::vector<std::string>& argv,
                          const std::vector<std::string>& env = {});

// As run_process, with `interruption` sent to the child while it runs.
ProcessResult run_process_interrupted(const std::vector<std::string>& argv,
                                      Interruption interruption,
                                      const std::vector<std::string>& env = {});

// Sends SIGTERM to `pid` (a SIGCONT first, for a paused one), waits for it, and after `patience`
// kills it. Returns waitpid's status.
int stop_child(pid_t pid, std::chrono::milliseconds patience);

// Runs the gpq binary under test with `args`.
ProcessResult run_gpq(const std::vector<std::string>& args,
                      const std::vector<std::string>& env = {});
ProcessResult run_gpq_interrupted(const std::vector<std::string>& args, Interruption interruption,
                                  const std::vector<std::string>& env = {});

}  // namespace gpq::test
