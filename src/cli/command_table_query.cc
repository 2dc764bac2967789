// gpq's table: the queries run here; sync, serve and keys run in gpq-net.
#include "cli/command_table.h"
#include "cli/forward_command.h"

namespace gpq::cli {
namespace {

void forward_sync(CLI::App& app, Context& /*ctx*/) {
  add_forwarded_command(app, "sync", kSyncDescription);
}

void forward_serve(CLI::App& app, Context& /*ctx*/) {
  add_forwarded_command(app, "serve", kServeDescription);
}

void forward_keys(CLI::App& app, Context& /*ctx*/) {
  add_forwarded_command(app, "keys", kKeysDescription);
}

}  // namespace

void hand_over(const CLI::App& app, int argc, char** argv) {
  hand_over_forwarded_command(app, argc, argv);
}

std::span<const AddCommand> command_table() {
  static constexpr AddCommand kCommands[] = {
      add_gp_command,      add_history_command,  add_nearest_command,   add_adjacent_command,
      add_range_command,   add_state_command,    add_ephemeris_command, add_passes_command,
      add_events_command,      add_catalog_command, forward_sync,         forward_serve,         forward_keys,
      add_status_command,  add_complete_command,
  };
  return kCommands;
}

}  // namespace gpq::cli
