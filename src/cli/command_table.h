// The subcommands an executable offers, from the one list of commands.inc. gpq itself
// answers queries and hands sync, serve and keys to gpq-net with the same arguments
// (forward_command.h), so that a query loads no TLS, HTTP or parser library; gpq-net has
// every subcommand. The help, options and behaviour a user sees are the same either way.
#pragma once

#include <span>
#include <string_view>

#include "cli/context.h"

namespace gpq::cli {

std::span<const AddCommand> command_table();

// The names of the subcommands a user types, in --help's order (commands.inc, hidden ones left
// out); the same in both executables.
std::span<const std::string_view> command_names();

// Called once the table is registered, before parsing: gpq becomes gpq-net here when the
// arguments name a subcommand it hands over (and never returns then); gpq-net does nothing.
void hand_over(const CLI::App& app, int argc, char** argv);

}  // namespace gpq::cli
