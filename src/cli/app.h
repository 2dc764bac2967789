// The gpq command line: global options, the table of subcommands, and the one
// place that turns errors into a message on stderr and an exit code.
#pragma once

namespace gpq::cli {

// Parses argv, runs the chosen subcommand, returns the process exit code
// (0 ok, 2 bad arguments, 3 not found, 4 upstream failure, 1 anything else).
int run(int argc, char** argv);

}  // namespace gpq::cli
