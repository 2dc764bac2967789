#include "cli/forward_command.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "gpq/error.h"

namespace gpq::cli {
namespace {

namespace fs = std::filesystem;

// gpq-net beside this executable (a build tree), else in ../libexec/gpq (an installation).
fs::path net_executable() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error) {
    fail(Errc::internal, "cannot find this executable to run gpq-net: {}", error.message());
  }
  const fs::path candidates[] = {self.parent_path() / "gpq-net",
                                 self.parent_path() / ".." / "libexec" / "gpq" / "gpq-net"};
  for (const fs::path& candidate : candidates) {
    if (::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  fail(Errc::internal, "gpq-net is not installed beside {} (looked in {} and {})", self.string(),
       candidates[0].string(), candidates[1].lexically_normal().string());
}

// The subcommand `argv` names: the first argument that is not an option of `app` (global
// options may come first: `gpq --db X sync`) or the value of one.
std::string_view named_subcommand(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (!arg.starts_with("-")) {
      return arg;
    }
    if (arg == "--" || arg.find('=') != std::string_view::npos) {
      continue;
    }
    const CLI::Option* option = app.get_option_no_throw(std::string(arg));
    if (option != nullptr && option->get_expected_min() > 0) {
      ++i;  // its value
    }
  }
  return {};
}

// The names add_forwarded_command() registered (one executable, one table: set once at start).
std::vector<std::string>& forwarded_names() {
  static std::vector<std::string> names;
  return names;
}

}  // namespace

void add_forwarded_command(CLI::App& app, const char* name, const char* description) {
  app.add_subcommand(name, description)->allow_extras();
  forwarded_names().emplace_back(name);
}

void hand_over_forwarded_command(const CLI::App& app, int argc, char** argv) {
  const std::string_view name = named_subcommand(app, argc, argv);
  const auto& forwarded = forwarded_names();
  if (name.empty() || std::find(forwarded.begin(), forwarded.end(), name) == forwarded.end()) {
    return;  // a subcommand of this executable, or none
  }
  const fs::path net = net_executable();
  std::fflush(stdout);
  ::execv(net.c_str(), argv);
  fail(Errc::internal, "cannot run {}: {}", net.string(), std::strerror(errno));
}

}  // namespace gpq::cli
