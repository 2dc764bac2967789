// fork/exec with both output streams captured through temporary files (no pipes to
// drain, so a chatty child cannot deadlock the test).
#include "support/process.h"

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <signal.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace gpq::test {
namespace {

std::string slurp_and_remove(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  std::remove(path.c_str());
  return text.str();
}

int temp_file(std::string& path) {
  std::string pattern = "/tmp/gpq-child-XXXXXX";
  const int fd = mkstemp(pattern.data());
  path = pattern;
  return fd;
}

}  // namespace

ProcessResult run_process_interrupted(const std::vector<std::string>& argv,
                                      Interruption interruption,
                                      const std::vector<std::string>& env) {
  std::string out_path;
  std::string err_path;
  const int out_fd = temp_file(out_path);
  const int err_fd = temp_file(err_path);
  const auto started = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    const int null_fd = open("/dev/null", O_RDONLY);
    dup2(null_fd, STDIN_FILENO);
    dup2(out_fd, STDOUT_FILENO);
    dup2(err_fd, STDERR_FILENO);
    for (const std::string& entry : env) {
      putenv(const_cast<char*>(entry.c_str()));
    }
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const std::string& arg : argv) {
      args.push_back(const_cast<char*>(arg.c_str()));
    }
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(out_fd);
  close(err_fd);
  int status = 0;
  ProcessResult result;
  bool ended = false;
  if (interruption.signal != 0) {
    auto ready_at = started;
    while (interruption.ready && !ended && !interruption.ready()) {
      ended = waitpid(pid, &status, WNOHANG) == pid;
      usleep(200);
      ready_at = std::chrono::steady_clock::now();
    }
    const auto due = ready_at + interruption.after;
    while (!ended && std::chrono::steady_clock::now() < due) {
      ended = waitpid(pid, &status, WNOHANG) == pid;
      if (!ended) {
        usleep(200);
      }
    }
    if (!ended) {
      kill(pid, interruption.signal);
      result.signalled = true;
    }
  }
  const auto signalled_at = std::chrono::steady_clock::now();
  if (!ended) {
    waitpid(pid, &status, 0);
  }
  if (result.signalled) {
    result.ended_after_signal = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - signalled_at);
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.term_signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  result.out = slurp_and_remove(out_path);
  result.err = slurp_and_remove(err_path);
  return result;
}

int stop_child(pid_t pid, std::chrono::milliseconds patience) {
  kill(pid, SIGCONT);  // a paused process cannot act on SIGTERM
  kill(pid, SIGTERM);
  int status = 0;
  const auto due = std::chrono::steady_clock::now() + patience;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > due) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      break;
    }
    usleep(10'000);
  }
  return status;
}

ProcessResult run_process(const std::vector<std::string>& argv,
                          const std::vector<std::string>& env) {
  return run_process_interrupted(argv, {}, env);
}

ProcessResult run_gpq(const std::vector<std::string>& args, const std::vector<std::string>& env) {
  std::vector<std::string> argv{GPQ_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_process(argv, env);
}

ProcessResult run_gpq_interrupted(const std::vector<std::string>& args, Interruption interruption,
                                  const std::vector<std::string>& env) {
  std::vector<std::string> argv{GPQ_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_process_interrupted(argv, interruption, env);
}

}  // namespace gpq::test
