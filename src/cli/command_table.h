// The subcommands an executable offers, one row each (ninja's ChooseTool table). gpq itself
// answers queries and hands sync, serve and keys to gpq-net with the same arguments
// (forward_command.h), so that a query loads no TLS, HTTP or parser library; gpq-net has
// every subcommand. The help, options and behaviour a user sees are the same either way.
#pragma once

#include <span>

#include "cli/context.h"

namespace gpq::cli {

std::span<const AddCommand> command_table();

// Called once the table is registered, before parsing: gpq becomes gpq-net here when the
// arguments name a subcommand it hands over (and never returns then); gpq-net does nothing.
void hand_over(const CLI::App& app, int argc, char** argv);

}  // namespace gpq::cli
