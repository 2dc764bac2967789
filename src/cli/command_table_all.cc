// gpq-net's table: every subcommand, run in this process.
#include "cli/command_table.h"

namespace gpq::cli {

void hand_over(const CLI::App& /*app*/, int /*argc*/, char** /*argv*/) {}

std::span<const AddCommand> command_table() {
#define GPQ_COMMAND(name, add) add,
#define GPQ_NET_COMMAND(name, add, description) add,
  static constexpr AddCommand kCommands[] = {
#include "cli/commands.inc"
  };
#undef GPQ_COMMAND
#undef GPQ_NET_COMMAND
  return kCommands;
}

}  // namespace gpq::cli
