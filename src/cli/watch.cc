// `gpq watch add|list|remove`: the webhooks `gpq serve` posts each change to (docs/STREAM.md
// "Webhooks"). The filter binds through the core as /stream's does; the URL is checked as the
// server checks it before each delivery. A watch's secret is printed once.
#include "gpq/watch.h"

#include <memory>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/request.h"

#include "cli/context.h"
#include "cli/params.h"
#include "core/printable_text.h"
#include "core/request_output.h"
#include "http/server/webhook_target.h"
#include "keys/webhook_signature.h"
#include "storage/watches.h"

namespace gpq::cli {
namespace {

void add_add_subcommand(CLI::App& watch, Context& ctx) {
  CLI::App* add =
      watch.add_subcommand("add", "Post each change to a URL (its secret printed once)");
  auto url = std::make_shared<std::string>();
  add->add_option("--url", *url, "http(s) URL to POST each change to")->required();
  auto params = std::make_shared<Params>();
  add_param(*add, "--ids", "norad_ids", params,
            "Only these NORAD ids (comma-separated, at most 100)");
  add_param(*add, "--group", "group", params, "Only the members of a group: " + group_names());
  add_param(*add, "--events", "events", params,
            "Only these changes (comma-separated): " + change_kind_names());
  auto allow_private = std::make_shared<bool>(false);
  add->add_flag("--allow-private", *allow_private,
                "Let the URL name a loopback or private address (a receiver inside this "
                "network)");
  add->callback([&ctx, url, params, allow_private] {
    Watch made;
    made.filter = bind_change_filter(*params);
    const http::WebhookTarget target = http::parse_webhook_url(*url);
    http::resolve_webhook_host(target, *allow_private);
    made.url = *url;
    made.allow_private = *allow_private;
    made.secret = keys::generate_webhook_secret();
    made.created = system_now();
    const std::int64_t id = storage::Watches(ctx.database_for_writing()).add(made);
    if (ctx.quiet()) {
      fmt::print("{} {}\n", id, made.secret);
      return;
    }
    fmt::print(
        "{}\nwatch {}: gpq serve posts each change to {}; store the secret now, it cannot be "
        "shown again: each POST's X-Gpq-Signature is sha256= and the hex HMAC-SHA256 of its "
        "body under it\n",
        made.secret, id, *url);
  });
}

void add_list_subcommand(CLI::App& watch, Context& ctx) {
  CLI::App* list =
      watch.add_subcommand("list", "List watches: what each follows and how its deliveries go");
  list->footer("Formats: table (the default), json.");
  list->callback([&ctx] {
    const std::string name = ctx.format().empty() ? "table" : ctx.format();
    const std::optional<Format> format = parse_format(name);
    if (!format || (*format != Format::table && *format != Format::json)) {
      fail(Errc::bad_request, "gpq watch list writes table or json, not '{}'", excerpt(name));
    }
    std::string out;
    write_watch_listing(*format, storage::Watches(ctx.database_for_reading()).list(), out);
    fmt::print("{}", out);
  });
}

void add_remove_subcommand(CLI::App& watch, Context& ctx) {
  CLI::App* remove = watch.add_subcommand("remove", "Remove a watch (no more deliveries)");
  auto id_text = std::make_shared<std::string>();
  remove->add_option("id", *id_text, "Watch id, as gpq watch list shows it")->required();
  remove->callback([&ctx, id_text] {
    const std::optional<std::int64_t> id = detail::parse_whole(*id_text);
    if (!id) {
      fail(Errc::bad_request, "watch id '{}' is not a whole number; see gpq watch list",
           excerpt(*id_text, 64));
    }
    if (!storage::Watches(ctx.database_for_writing()).remove(*id)) {
      fail(Errc::not_found, "no watch {}; see gpq watch list", *id);
    }
    if (!ctx.quiet()) {
      fmt::print("watch {} removed\n", *id);
    }
  });
}

}  // namespace

void add_watch_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("watch", kWatchDescription);
  cmd->require_subcommand(1);
  cmd->footer(
      "Examples:\n"
      "  gpq watch add --url https://ops.example.org/hooks/gpq --ids 25544 --events manoeuvre\n"
      "  gpq watch add --url http://10.0.0.7:9000/in --group stations --allow-private\n"
      "  gpq watch list                     what each follows, delivered, failed, last answer\n"
      "  gpq watch remove 2");
  add_add_subcommand(*cmd, ctx);
  add_list_subcommand(*cmd, ctx);
  add_remove_subcommand(*cmd, ctx);
}

}  // namespace gpq::cli
