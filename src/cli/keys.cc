// `gpq keys create|list|revoke`: the API keys `gpq serve` accepts. A new key is printed
// once; the database keeps only its hash.
#include <fmt/core.h>

#include "cli/context.h"
#include "gpq/error.h"
#include "gpq/query_service.h"
#include "http/key_material.h"
#include "http/quota.h"
#include "storage/api_keys.h"

namespace gpq::cli {

void add_keys_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("keys", kKeysDescription);
  cmd->require_subcommand(1);
  cmd->footer(
      "Examples:\n"
      "  gpq keys create --label ops        prints the new key once\n"
      "  gpq keys list                      ids, labels, and this month's requests\n"
      "  gpq keys revoke 3                  a running gpq serve refuses it within a second");

  CLI::App* create = cmd->add_subcommand("create", "Make a key and print it (only this once)");
  auto label = std::make_shared<std::string>();
  create->add_option("--label", *label, "A name to recognise the key by (who uses it)");
  create->callback([&ctx, label] {
    if (label->size() > 200) {
      fail(Errc::bad_request, "--label is {} characters long; keep it to 200", label->size());
    }
    const std::string key = http::generate_api_key();
    storage::ApiKeys keys(ctx.database_for_writing());
    const std::int64_t id = keys.add(http::hash_api_key(key), *label, system_now());
    if (ctx.quiet()) {
      fmt::print("{}\n", key);
    } else {
      fmt::print("{}\nkey id {}{}: store it now, it cannot be shown again; send it as the "
                 "X-Api-Key header\n",
                 key, id, label->empty() ? "" : " (" + *label + ")");
    }
  });

  CLI::App* list = cmd->add_subcommand("list", "List keys: id, label, created, revoked, use");
  list->callback([&ctx] {
    const TimePoint now = system_now();
    storage::ApiKeys keys(ctx.database_for_writing());
    const std::string month = http::month_of(now);
    fmt::print("{:>4}  {:<24}  {:<24}  {:<24}  {}\n", "ID", "LABEL", "CREATED", "REVOKED",
               "REQUESTS " + month);
    for (const storage::ApiKeyInfo& key : keys.list(month)) {
      fmt::print("{:>4}  {:<24}  {:<24}  {:<24}  {}\n", key.id, key.label,
                 format_iso8601_millis(key.created),
                 key.revoked ? format_iso8601_millis(*key.revoked) : "-", key.used_this_month);
    }
  });

  CLI::App* revoke = cmd->add_subcommand("revoke", "Revoke a key (a running server stops "
                                                   "accepting it within a second)");
  auto id = std::make_shared<std::int64_t>(0);
  revoke->add_option("id", *id, "Key id, as gpq keys list shows it")->required();
  revoke->callback([&ctx, id] {
    storage::ApiKeys keys(ctx.database_for_writing());
    if (!keys.revoke(*id, system_now())) {
      fail(Errc::not_found, "no key has id {}; see gpq keys list", *id);
    }
    if (!ctx.quiet()) {
      fmt::print("key {} revoked\n", *id);
    }
  });
}

}  // namespace gpq::cli
