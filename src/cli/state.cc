// `gpq state`: where one object is at an instant, from the element set the archive names; with
// --all, where every object of the catalog is (the snapshot's members, each from its nearest
// set).
#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/orbit_format.h"

#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"
#include "core/answer_coverage.h"
#include "orbit/orbit_service.h"

namespace gpq::cli {
namespace {

void print_state(Context& ctx, const std::string& norad_id, const Params& params) {
  const Params all = ctx.with_output(params);
  const auto bound = bind_state(norad_id, all, FrontEnd::cli);
  const orbit::OrbitService service(ctx.core(all));
  const StateAnswer answer = service.state(bound.query);
  Printer printer;
  write_state(bound.format, answer, printer.buffer(), terminal_width(), stdout_wants_colour());
  if (bound.format == Format::json) {
    printer.buffer() += '\n';
  }
}

// Rows stream as they are computed; a table names the objects without a state on stderr.
void print_catalog_state(Context& ctx, const Params& params) {
  const Params all = ctx.with_output(params);
  const auto bound = bind_catalog_state(all, FrontEnd::cli);
  const QueryService& core = ctx.core(all);
  const orbit::OrbitService service(core);
  const std::optional<Coverage> coverage = coverage_for(bound, core);
  const auto writer = make_catalog_state_writer(bound.format, bound.query, stdout_wants_colour(),
                                                coverage ? &*coverage : nullptr);
  const bool table = bound.format == Format::table;
  std::vector<std::string> errors;
  Printer printer;
  std::string& out = printer.buffer();
  writer->begin(out);
  const CatalogStatePage page =
      service.catalog_state(bound.query, bound.paging, [&](std::span<const CatalogStateRow> rows) {
        writer->rows(rows, out);
        for (const CatalogStateRow& row : rows) {
          if (table && !row.error.empty()) {
            errors.push_back(row.error);
          }
        }
        printer.maybe_flush();
      });
  writer->end(page, {}, {}, out);
  report_coverage(bound.format, coverage);
  if (bound.format == Format::json) {
    out += '\n';
  }
  if (!ctx.quiet()) {
    for (const std::string& error : errors) {
      fmt::print(stderr, "no state: {}\n", error);
    }
  }
}

}  // namespace

void add_state_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand(
      "state", "Print where an object (or, with --all, every object) is at an instant (SGP4)");
  auto norad_id = std::make_shared<std::string>();
  auto all = std::make_shared<bool>(false);
  auto params = std::make_shared<Params>();
  const CLI::Option* id_given =
      cmd->add_option("norad_id", *norad_id, "NORAD catalog number (omit with --all)");
  cmd->add_flag("--all", *all,
                "Every object of the catalog at the instant, each from its nearest set (the "
                "members of gp --epoch)");
  add_param(*cmd, "--at", "epoch", params,
            "The instant: ISO 8601, jd:<julian date> or unix:<seconds>")
      ->required();
  add_param(*cmd, "--set", "set", params,
            "Which set answers: nearest (default, the closest in time), before (the last at or "
            "before the instant) or latest; --all takes nearest only");
  add_param(*cmd, "--frame", "frame", params,
            "teme (default, SGP4's frame), itrf (Earth-fixed) or geodetic (WGS-84 latitude, "
            "longitude, height)");
  add_param(*cmd, "--group", "group", params, "With --all: " + group_names());
  add_param(*cmd, "--type", "object_type", params, "With --all: " + object_type_names());
  add_param(*cmd, "--regime", "orbit_regime", params,
            "With --all: " + orbit_regime_names() + " (of the set propagated)");
  add_param(*cmd, "--sort", "sort", params,
            "With --all: order every row by a field (HEIGHT_KM, SET_AGE_HOURS, OBJECT_NAME, X, "
            "...; those of the frame's rows), then page");
  add_param(*cmd, "--order", "order", params, "With --sort: asc (default) or desc");
  add_allow_stale(*cmd, params);
  add_coverage(*cmd, params)
      ->description(
          "With --all: how much of the catalog the states stand on (json's meta, else on stderr)");
  add_as_of(*cmd, params);
  cmd->footer(
      "Formats: json, csv, table.\n"
      "Examples:\n"
      "  gpq state 25544 --at 2026-06-15T12:00:00Z --format json\n"
      "  gpq state 25544 --at unix:1781524800 --frame geodetic\n"
      "  gpq state 25544 --at 2026-06-15T12:00:00Z --set before --frame itrf --format csv\n"
      "  gpq state --all --at 2026-06-15T12:00:00Z --group starlink --format csv > starlink.csv\n"
      "  gpq state --all --at 2026-06-15T12:00:00Z --frame geodetic --sort HEIGHT_KM --limit 10");
  cmd->callback([&ctx, id_given, norad_id, all, params] {
    const bool one = id_given->count() > 0;  // given empty is a wrong id, not none
    if (*all && one) {
      fail(Errc::bad_request, "give a NORAD id or --all, not both");
    }
    if (!*all && !one) {
      fail(Errc::bad_request, "give a NORAD id, or --all for every object of the catalog");
    }
    if (!*all && params->contains("include")) {
      fail(Errc::bad_request, "--coverage applies to the catalog's states (--all)");
    }
    if (*all) {
      print_catalog_state(ctx, *params);
    } else {
      print_state(ctx, *norad_id, *params);
    }
  });
}

}  // namespace gpq::cli
