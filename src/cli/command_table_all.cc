// gpq-net's table: every subcommand, run in this process.
#include "cli/command_table.h"

namespace gpq::cli {

void hand_over(const CLI::App& /*app*/, int /*argc*/, char** /*argv*/) {}

std::span<const AddCommand> command_table() {
  static constexpr AddCommand kCommands[] = {
      add_gp_command,      add_history_command,  add_nearest_command,   add_adjacent_command,
      add_range_command,   add_state_command,    add_ephemeris_command, add_passes_command,
      add_events_command,      add_catalog_command, add_sync_command,     add_serve_command,     add_keys_command,
      add_status_command,  add_complete_command,
  };
  return kCommands;
}

}  // namespace gpq::cli
