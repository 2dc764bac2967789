// State shared by the subcommands: the global options, the database (opened on
// first use), and where output goes.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "gpq/as_of.h"
#include "gpq/query_service.h"
#include "gpq/request.h"

namespace gpq::storage {
class Database;
}

namespace gpq::cli {

class Context {
 public:
  Context();
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
  Context(Context&&) = delete;
  Context& operator=(Context&&) = delete;

  // Registers --db, --format, --quiet, --verbose on the top-level app.
  void add_global_options(CLI::App& app);

  // The database at --db, $GPQ_DB or the XDG default, created and migrated on first use.
  storage::Database& database_for_writing();
  storage::Database& database_for_reading();

  // --db, $GPQ_DB or the XDG default (nothing is opened).
  std::filesystem::path database_path() const;

  // The query core over the database, opened read-only on first use. Throws Error{internal}
  // (exit 1) "no such database: PATH" when the file does not exist: a query creates nothing.
  const QueryService& core();
  // core(), or with `as_of` in `params` the core over the archive as known then (gpq/as_of.h).
  const QueryService& core(const Params& params);

  // `params` plus the global output options (--format, --limit, --page, --per-page), with the
  // default format: table on a terminal, json otherwise.
  Params with_output(Params params) const;

  bool quiet() const { return quiet_; }
  bool verbose() const { return verbose_; }
  // --format as given, or empty when absent.
  const std::string& format() const { return format_; }

 private:
  std::optional<std::string> db_path_;
  std::string format_;
  // As given, empty included: `--limit ""` is a wrong limit, as `limit=` is in a URL.
  std::optional<std::string> limit_;
  std::optional<std::string> page_;
  std::optional<std::string> per_page_;
  bool quiet_ = false;
  bool verbose_ = false;
  std::unique_ptr<storage::Database> database_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<QueryService> core_;
  std::unique_ptr<AsOfCore> as_of_core_;
  TimePoint as_of_core_instant_;
};

// A subcommand's registration function, ninja-style: one row of command_table() each.
using AddCommand = void (*)(CLI::App&, Context&);

// The one-line descriptions of the subcommands gpq hands to gpq-net, shared by both tables.
inline constexpr const char* kSyncDescription =
    "Update the mirror from CelesTrak and Space-Track, or from files (--from)";
inline constexpr const char* kServeDescription = "Serve the read-only HTTP API (/api/v1)";
inline constexpr const char* kKeysDescription = "Create, list and revoke API keys for gpq serve";
inline constexpr const char* kWatchDescription =
    "Add, list and remove webhooks that gpq serve posts each change to";

void add_gp_command(CLI::App& app, Context& ctx);
void add_watch_command(CLI::App& app, Context& ctx);
void add_history_command(CLI::App& app, Context& ctx);
void add_nearest_command(CLI::App& app, Context& ctx);
void add_adjacent_command(CLI::App& app, Context& ctx);
void add_range_command(CLI::App& app, Context& ctx);
void add_state_command(CLI::App& app, Context& ctx);
void add_ephemeris_command(CLI::App& app, Context& ctx);
void add_passes_command(CLI::App& app, Context& ctx);
void add_events_command(CLI::App& app, Context& ctx);
void add_conjunctions_command(CLI::App& app, Context& ctx);
void add_catalog_command(CLI::App& app, Context& ctx);
void add_sync_command(CLI::App& app, Context& ctx);
void add_serve_command(CLI::App& app, Context& ctx);
void add_keys_command(CLI::App& app, Context& ctx);
void add_status_command(CLI::App& app, Context& ctx);
void add_complete_command(CLI::App& app, Context& ctx);

}  // namespace gpq::cli
