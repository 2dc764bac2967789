// Runs a program as a child process and captures its output and exit status;
// integration tests drive the real gpq binary this way.
#pragma once

#include <string>
#include <vector>

namespace gpq::test {

struct ProcessResult {
  int exit_code = -1;  // -1 when killed by a signal
  std::string out;
  std::string err;
};

// Runs argv[0] (searched in PATH when it has no '/') with the given environment additions
// ("NAME=value"), stdin from /dev/null. Blocks until the child ends.
ProcessResult run_process(const std::vector<std::string>& argv,
                          const std::vector<std::string>& env = {});

// Runs the gpq binary under test with `args`.
ProcessResult run_gpq(const std::vector<std::string>& args,
                      const std::vector<std::string>& env = {});

}  // namespace gpq::test
