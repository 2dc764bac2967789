// Global options and the lazily opened database.
#include "cli/context.h"

#include <filesystem>
#include <system_error>

#include "gpq/error.h"

#include "cli/output.h"
#include "storage/database.h"
#include "storage/sqlite_store.h"

namespace gpq::cli {

Context::Context() = default;
Context::~Context() = default;

void Context::add_global_options(CLI::App& app) {
  app.add_option_function<std::string>(
         "--db", [this](const std::string& path) { db_path_ = path; },
         "Database file (default: $GPQ_DB, else $XDG_DATA_HOME/gpq/gpq.db)")
      ->type_name("PATH");
  app.add_option("--format", format_, "Output format: json, tle, 2le, xml, kvn, csv, table, oem")
      ->type_name("FORMAT");
  const auto given = [](std::optional<std::string>& field) {
    return [&field](const std::string& value) { field = value; };
  };
  app.add_option_function<std::string>("--limit", given(limit_), "Print at most N records")
      ->type_name("N");
  app.add_option_function<std::string>("--page", given(page_),
                                       "Page number (with --per-page; default: every record)")
      ->type_name("N");
  app.add_option_function<std::string>("--per-page", given(per_page_), "Records per page, 1 to 500")
      ->type_name("N");
  app.add_flag("-q,--quiet", quiet_, "Print errors only");
  app.add_flag("-v,--verbose", verbose_, "Print more detail (every skipped record on import)");
}

storage::Database& Context::database_for_writing() {
  if (!database_) {
    database_ = storage::Database::open(storage::resolve_database_path(db_path_),
                                        storage::Database::Mode::read_write);
  }
  return *database_;
}

storage::Database& Context::database_for_reading() {
  if (!database_) {
    database_ = storage::Database::open(storage::resolve_database_path(db_path_),
                                        storage::Database::Mode::read_only);
  }
  return *database_;
}

std::filesystem::path Context::database_path() const {
  return storage::resolve_database_path(db_path_);
}

const QueryService& Context::core() {
  if (!core_) {
    // A query never creates the database (sync and keys do): an empty one would answer "not
    // found" for everything and hide a mistyped path.
    const std::filesystem::path path = database_path();
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
      fail(Errc::internal,
           "no such database: {} (gpq sync creates it; --db or GPQ_DB names another)",
           path.string());
    }
    store_ = storage::SqliteStore::open(path);
    core_ = std::make_unique<QueryService>(*store_);
  }
  return *core_;
}

const QueryService& Context::core(const Params& params) {
  const std::optional<TimePoint> as_of = bind_as_of(params);
  const QueryService& now = core();
  if (!as_of) {
    return now;
  }
  // Asked again for the same instant (a command's second question), the same view: a new one
  // would leave what the first answered with pointing at a view gone.
  if (!as_of_core_ || as_of_core_instant_ != *as_of) {
    as_of_core_ = std::make_unique<AsOfCore>(*store_, *as_of);
    as_of_core_instant_ = *as_of;
  }
  return as_of_core_->core();
}

Params Context::with_output(Params params) const {
  params["format"] = !format_.empty() ? format_ : (stdout_is_terminal() ? "table" : "json");
  const std::pair<const char*, const std::optional<std::string>*> paging[] = {
      {"limit", &limit_}, {"page", &page_}, {"per_page", &per_page_}};
  for (const auto& [key, value] : paging) {
    if (value->has_value()) {
      params[key] = **value;
    }
  }
  return params;
}

}  // namespace gpq::cli
