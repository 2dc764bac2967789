// The subcommand names a user types, from the one list of commands.inc.
#include <algorithm>
#include <array>

#include "cli/command_table.h"

namespace gpq::cli {

std::span<const std::string_view> command_names() {
#define GPQ_COMMAND(name, add) std::string_view(#name),
#define GPQ_NET_COMMAND(name, add, description) std::string_view(#name),
  static constexpr std::string_view kAll[] = {
#include "cli/commands.inc"
  };
#undef GPQ_COMMAND
#undef GPQ_NET_COMMAND
  static constexpr auto kShown = [](std::string_view name) { return !name.starts_with("__"); };
  static constexpr auto kVisible = [] {
    std::array<std::string_view, std::ranges::count_if(kAll, kShown)> visible{};
    std::ranges::copy_if(kAll, visible.begin(), kShown);
    return visible;
  }();
  return kVisible;
}

}  // namespace gpq::cli
