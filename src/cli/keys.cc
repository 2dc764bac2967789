// `gpq keys create|list|revoke`: the API keys `gpq serve` accepts. The rules are
// KeyService's (gpq/key_service.h); this file translates flags and prints. A new key is
// printed once; the database keeps only its hash.
#include <fmt/core.h>

#include "gpq/key_service.h"

#include "cli/context.h"
#include "keys/key_material.h"
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
    storage::ApiKeys store(ctx.database_for_writing());
    const keys::Sha256KeyMinter minter;
    const NewKey made = KeyService(store, minter).create(*label, system_now());
    if (ctx.quiet()) {
      fmt::print("{}\n", made.key);
    } else {
      fmt::print(
          "{}\nkey id {}{}: store it now, it cannot be shown again; send it as the "
          "X-Api-Key header\n",
          made.key, made.id, label->empty() ? "" : " (" + *label + ")");
    }
  });

  CLI::App* list = cmd->add_subcommand("list", "List keys: id, label, created, revoked, use");
  list->callback([&ctx] {
    storage::ApiKeys store(ctx.database_for_reading());
    const keys::Sha256KeyMinter minter;
    const KeyListing listing = KeyService(store, minter).list(system_now());
    fmt::print("{:>4}  {:<24}  {:<24}  {:<24}  {}\n", "ID", "LABEL", "CREATED", "REVOKED",
               "REQUESTS " + listing.month);
    for (const ApiKeyInfo& key : listing.keys) {
      fmt::print("{:>4}  {:<24}  {:<24}  {:<24}  {}\n", key.id, key.label,
                 format_iso8601_millis(key.created),
                 key.revoked ? format_iso8601_millis(*key.revoked) : "-", key.used_this_month);
    }
  });

  CLI::App* revoke = cmd->add_subcommand("revoke",
                                         "Revoke a key (a running server stops "
                                         "accepting it within a second)");
  auto id = std::make_shared<std::int64_t>(0);
  revoke->add_option("id", *id, "Key id, as gpq keys list shows it")->required();
  revoke->callback([&ctx, id] {
    storage::ApiKeys store(ctx.database_for_writing());
    const keys::Sha256KeyMinter minter;
    KeyService(store, minter).revoke(*id, system_now());
    if (!ctx.quiet()) {
      fmt::print("key {} revoked\n", *id);
    }
  });
}

}  // namespace gpq::cli
