// Top-level CLI: builds the command table, parses, and maps every failure to
// one line on stderr and an exit code.
#include "cli/app.h"

#include <cstdio>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gpq/error.h"

#include "cli/command_table.h"
#include "cli/context.h"
#include "cli/output.h"
#include "core/stop_request.h"
#include "storage/database.h"

namespace gpq::cli {
namespace {

int report(std::string_view message, Errc code) {
  fmt::print(stderr, "gpq: {}\n", message);
  return exit_code(code);
}

// CLI11 messages can span lines; the contract is one line on stderr.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n') {
      c = ' ';
    }
  }
  while (!text.empty() && text.back() == ' ') {
    text.pop_back();
  }
  return text;
}

}  // namespace

int run(int argc, char** argv) {
  try {
    CLI::App app{"gpq: a local mirror of satellite element sets (GP/TLE/OMM) and SATCAT"};
    app.name("gpq");
    app.require_subcommand(1);
    app.fallthrough();  // global options may follow the subcommand: `gpq gp 25544 --format tle`
    app.set_version_flag("--version", fmt::format("gpq {} (commit {})\nSQLite {}", GPQ_VERSION,
                                                  GPQ_GIT_COMMIT, storage::sqlite_version()));
    Context ctx;
    ctx.add_global_options(app);
    for (const AddCommand add : command_table()) {
      add(app, ctx);
    }
    hand_over(app, argc, argv);
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) {
        const int code = app.exit(e);  // --help, --version
        finish_output();
        return code;
      }
      if (app.get_subcommands().empty() && argc > 1) {
        for (int i = 1; i < argc; ++i) {
          const std::string_view previous = argv[i - 1];
          const bool option_value = i > 1 && previous.starts_with("--") &&
                                    previous.find('=') == std::string_view::npos &&
                                    previous != "--quiet" && previous != "--verbose";
          if (argv[i][0] != '-' && !option_value) {
            return report(fmt::format("unknown command '{}'; commands: {} (see gpq --help)",
                                      argv[i], fmt::join(command_names(), ", ")),
                          Errc::bad_request);
          }
        }
      }
      return report(one_line(e.what()) + " (see gpq --help)", Errc::bad_request);
    }
    finish_output();
    return 0;
  } catch (const Error& e) {
    if (e.code() == Errc::interrupted && process_stop_request().signal() > 0) {
      fmt::print(stderr, "gpq: {}\n", one_line(e.what()));
      return 128 + process_stop_request().signal();  // as a shell reports the signal
    }
    return report(one_line(e.what()), e.code());
  } catch (const std::exception& e) {
    return report(one_line(e.what()), Errc::internal);
  }
}

}  // namespace gpq::cli
