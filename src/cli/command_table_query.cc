// gpq's table: the queries run here; sync, serve and keys run in gpq-net.
#include "cli/command_table.h"
#include "cli/forward_command.h"

namespace gpq::cli {

void hand_over(const CLI::App& app, int argc, char** argv) {
  hand_over_forwarded_command(app, argc, argv);
}

std::span<const AddCommand> command_table() {
#define GPQ_COMMAND(name, add) add,
#define GPQ_NET_COMMAND(name, add, description) \
  +[](CLI::App& app, Context& /*ctx*/) { add_forwarded_command(app, #name, description); },
  static constexpr AddCommand kCommands[] = {
#include "cli/commands.inc"
  };
#undef GPQ_COMMAND
#undef GPQ_NET_COMMAND
  return kCommands;
}

}  // namespace gpq::cli
