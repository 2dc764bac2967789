// `gpq gp`: the current set of one object, a filtered search of current sets,
// or (with --epoch) the snapshot of the catalog at an epoch.
#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"
#include "core/answer_coverage.h"

namespace gpq::cli {

void add_gp_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("gp", "Print current element sets: one object, or a search");
  auto norad_id = std::make_shared<std::string>();
  auto params = std::make_shared<Params>();
  // Given empty ("$ID" unset) is a wrong id, not a search of everything.
  const CLI::Option* id_given =
      cmd->add_option("norad_id", *norad_id, "NORAD catalog number (omit to search)");
  add_param(*cmd, "--search", "search", params, "Name contains this text (any case)");
  add_param(*cmd, "--group", "group", params, group_names());
  add_param(*cmd, "--intdes", "intdes", params, "Launch (1998-067) or piece (1998-067A)");
  add_param(*cmd, "--ids", "norad_ids", params, "Comma-separated NORAD ids, at most 100");
  add_param(*cmd, "--regime", "orbit_regime", params, orbit_regime_names());
  add_param(*cmd, "--type", "object_type", params, object_type_names());
  add_switch(*cmd, "--decayed", "decay", params, "Include decayed objects");
  add_param(*cmd, "--epoch", "epoch", params,
            "Snapshot: each object's set nearest this time (ISO 8601, jd:, unix:)");
  add_tle_layout(*cmd, params);
  add_quality(*cmd, params);
  add_coverage(*cmd, params);
  add_as_of(*cmd, params);
  cmd->footer(
      "Examples:\n"
      "  gpq gp 25544 --format tle          latest ISS set as a 3-line TLE\n"
      "  gpq gp --group stations            current sets of the space stations\n"
      "  gpq gp --search starlink --regime LEO --format csv > starlink.csv\n"
      "  gpq gp --epoch 2026-06-01T00:00:00Z --type PAYLOAD --limit 20");
  cmd->callback([&ctx, id_given, norad_id, params] {
    const Params all = ctx.with_output(*params);
    if (id_given->count() > 0) {
      const auto bound = bind_latest(*norad_id, all, FrontEnd::cli);
      const QueryService& core = ctx.core(all);
      auto judge = events::judge_for(bound, ctx.core(), core);
      print_set(bound.format, bound.tle_layout, core.latest(bound.query),
                judge ? &*judge : nullptr);
      return;
    }
    if (all.contains("epoch")) {
      const auto bound = bind_snapshot(all, FrontEnd::cli);
      const QueryService& core = ctx.core(all);
      auto judge = events::judge_for(bound, ctx.core(), core);
      print_set_list(
          bound.format, bound.tle_layout,
          [&](const SetVisitor& visit) { return core.snapshot(bound.query, bound.paging, visit); },
          nullptr, judge ? &*judge : nullptr, coverage_for(bound, core));
      return;
    }
    const auto bound = bind_gp_search(all, FrontEnd::cli);
    const QueryService& core = ctx.core(all);
    auto judge = events::judge_for(bound, ctx.core(), core);
    print_set_list(
        bound.format, bound.tle_layout,
        [&](const SetVisitor& visit) { return core.search(bound.query, bound.paging, visit); },
        nullptr, judge ? &*judge : nullptr, coverage_for(bound, core));
  });
}

}  // namespace gpq::cli
