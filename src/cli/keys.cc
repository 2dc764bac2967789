// `gpq keys create|list|revoke`: the API keys `gpq serve` accepts. The rules are
// KeyService's (gpq/key_service.h); this file translates flags and prints. A new key is
// printed once; the database keeps only its hash.
#include <optional>
#include <string_view>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/key_format.h"
#include "gpq/key_service.h"
#include "gpq/request.h"

#include "cli/context.h"
#include "cli/params.h"
#include "cli/redis_option.h"
#include "core/printable_text.h"
#include "core/request_output.h"
#include "http/limits/redis_connection.h"
#include "http/limits/redis_key_store.h"
#include "keys/key_material.h"
#include "storage/api_keys.h"

namespace gpq::cli {
namespace {

// The commands wait longer for Redis than a request does: nobody is queued behind them.
constexpr std::chrono::milliseconds kRedisCommandTimeout{2000};

// Runs `act` on the key store: the shared Redis when --redis (or redis.url) names one, else
// the database (`writing`: opened for writing).
template <typename Act>
void with_key_store(Context& ctx, const RedisChoice& choice, bool writing, Act&& act) {
  const std::string url = redis_url(choice);
  if (url.empty()) {
    storage::ApiKeys store(writing ? ctx.database_for_writing() : ctx.database_for_reading());
    act(static_cast<KeyStore&>(store));
    return;
  }
  http::RedisPool pool(http::parse_redis_url(url), {kRedisCommandTimeout, kRedisCommandTimeout});
  http::RedisKeyStore store(pool);
  act(static_cast<KeyStore&>(store));
}

// In the CLI's words rather than CLI11's ("Could not convert: id = abc").
std::int64_t parse_key_id(std::string_view text) {
  const std::optional<std::int64_t> id = detail::parse_whole(text);
  if (!id) {
    fail(Errc::bad_request, "key id '{}' is not a whole number; see gpq keys list",
         excerpt(text, 64));
  }
  return *id;
}

// gpq keys create: a new key, printed once.
void add_create_subcommand(CLI::App& keys, Context& ctx) {
  CLI::App* create = keys.add_subcommand("create", "Make a key and print it (only this once)");
  auto label = std::make_shared<std::string>();
  create->add_option("--label", *label, "A name to recognise the key by (who uses it)");
  auto scope = std::make_shared<std::string>("api");
  create
      ->add_option("--scope", *scope,
                   "api: reads the public API; replication: reads only the change stream "
                   "replicas pull (gpq sync --from-peer)")
      ->check(CLI::IsMember(choices(key_scope_names())))
      ->capture_default_str();
  auto redis = std::make_shared<RedisChoice>();
  add_redis_options(*create, redis);
  create->callback([&ctx, label, scope, redis] {
    with_key_store(ctx, *redis, true, [&](KeyStore& store) {
      const keys::Sha256KeyMinter minter;
      const NewKey made =
          KeyService(store, minter)
              .create(*label, parse_key_scope(*scope).value_or(KeyScope::api), system_now());
      if (ctx.quiet()) {
        fmt::print("{}\n", made.key);
      } else {
        fmt::print(
            "{}\nkey id {}{}{}: store it now, it cannot be shown again; send it as the "
            "X-Api-Key header\n",
            made.key, made.id, label->empty() ? "" : " (" + *label + ")",
            *scope == "api" ? "" : ", scope " + *scope);
      }
    });
  });
}

// gpq keys list: every key with its use this month.
void add_list_subcommand(CLI::App& keys, Context& ctx) {
  CLI::App* list = keys.add_subcommand("list", "List keys: id, label, created, revoked, use");
  auto list_redis = std::make_shared<RedisChoice>();
  add_redis_options(*list, list_redis);
  list->footer("Formats: table (the default, also when piped), json, csv.");
  list->callback([&ctx, list_redis] {
    // A table unless --format asks otherwise, piped or not: it was one before json and csv
    // came, and scripts that read it keep working. Bound before the store is opened.
    Params given;
    if (!ctx.format().empty()) {
      given["format"] = ctx.format();
    }
    const Format format = bind_keys_format(given, FrontEnd::cli);
    with_key_store(ctx, *list_redis, false, [&](KeyStore& store) {
      const keys::Sha256KeyMinter minter;
      std::string out;
      write_key_listing(format, KeyService(store, minter).list(system_now()), out);
      fmt::print("{}", out);
    });
  });
}

// gpq keys revoke ID.
void add_revoke_subcommand(CLI::App& keys, Context& ctx) {
  CLI::App* revoke = keys.add_subcommand("revoke",
                                         "Revoke a key (running servers stop "
                                         "accepting it within 50 ms)");
  auto id_text = std::make_shared<std::string>();
  revoke->add_option("id", *id_text, "Key id, as gpq keys list shows it")->required();
  auto revoke_redis = std::make_shared<RedisChoice>();
  add_redis_options(*revoke, revoke_redis);
  revoke->callback([&ctx, id_text, revoke_redis] {
    const std::int64_t id = parse_key_id(*id_text);
    with_key_store(ctx, *revoke_redis, true, [&](KeyStore& store) {
      const keys::Sha256KeyMinter minter;
      KeyService(store, minter).revoke(id, system_now());
    });
    if (!ctx.quiet()) {
      fmt::print("key {} revoked\n", id);
    }
  });
}

}  // namespace

void add_keys_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("keys", kKeysDescription);
  cmd->require_subcommand(1);
  cmd->footer(
      "Examples:\n"
      "  gpq keys create --label ops        prints the new key once\n"
      "  gpq keys list                      ids, labels, and this month's requests\n"
      "  gpq keys revoke 3                  running servers refuse it within 50 ms\n"
      "  gpq keys create --redis redis://10.0.0.5:6379   a key for every server of a fleet\n"
      "  gpq keys create --scope replication --label replica-2   for gpq sync --from-peer");
  add_create_subcommand(*cmd, ctx);
  add_list_subcommand(*cmd, ctx);
  add_revoke_subcommand(*cmd, ctx);
}

}  // namespace gpq::cli
