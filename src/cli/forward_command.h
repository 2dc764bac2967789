// Subcommands of gpq whose work is done by gpq-net: the process becomes gpq-net with the same
// arguments (execv, so the pid, the signals and the exit code are gpq-net's own).
#pragma once

#include <CLI/CLI.hpp>

namespace gpq::cli {

// Registers `name` with `description` for gpq --help; gpq-net parses its options.
void add_forwarded_command(CLI::App& app, const char* name, const char* description);

// Runs gpq-net in place of this process when the subcommand that `argv` names (the first
// argument that is neither an option of `app` nor its value) was added above; returns
// otherwise.
void hand_over_forwarded_command(const CLI::App& app, int argc, char** argv);

}  // namespace gpq::cli
