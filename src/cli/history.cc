// `gpq history`: every set of one object in a time range, oldest first.
#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"

namespace gpq::cli {

void add_history_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("history", "Print the element sets of one object over time");
  auto norad_id = std::make_shared<std::string>();
  auto params = std::make_shared<Params>();
  cmd->add_option("norad_id", *norad_id, "NORAD catalog number")->required();
  add_param(*cmd, "--start", "start", params, "From this time (default: the first set)");
  add_param(*cmd, "--end", "end", params, "Up to this time, inclusive (default: now)");
  add_param(*cmd, "--source", "data_source", params, "spacetrack, celestrak or all (default)");
  add_tle_layout(*cmd, params);
  add_quality(*cmd, params);
  add_as_of(*cmd, params);
  cmd->footer(
      "Examples:\n"
      "  gpq history 25544 --start 2026-06-01 --end 2026-06-02 --format tle\n"
      "  gpq history 25544 --format csv | python3 analyse.py\n"
      "  gpq history 44713 --start jd:2461200.5 --source celestrak");
  cmd->callback([&ctx, norad_id, params] {
    const Params all = ctx.with_output(*params);
    const auto bound = bind_history(*norad_id, all, FrontEnd::cli);
    const QueryService& core = ctx.core(all);
    auto judge = events::judge_for(bound, ctx.core(), core);
    HistoryMeta meta;
    print_set_list(
        bound.format, bound.tle_layout,
        [&](const SetVisitor& visit) {
          return core.history(bound.query, bound.paging, visit, &meta);
        },
        &meta, judge ? &*judge : nullptr);
  });
}

}  // namespace gpq::cli
