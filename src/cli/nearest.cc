// `gpq nearest`: the one set closest in time to an epoch.
#include <fmt/core.h>

#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"

namespace gpq::cli {

void add_nearest_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("nearest", "Print the element set closest to an epoch");
  auto norad_id = std::make_shared<std::string>();
  auto params = std::make_shared<Params>();
  cmd->add_option("norad_id", *norad_id, "NORAD catalog number")->required();
  add_param(*cmd, "--epoch", "epoch", params, "ISO 8601, jd:<julian date> or unix:<seconds>")
      ->required();
  add_param(*cmd, "--source", "data_source", params, "spacetrack, celestrak or all (default)");
  add_as_of(*cmd, params);
  add_tle_layout(*cmd, params);
  add_quality(*cmd, params);
  cmd->footer(
      "Examples:\n"
      "  gpq nearest 25544 --epoch 2026-06-15T12:00:00Z --format tle\n"
      "  gpq nearest 25544 --epoch unix:1781524800 --format json");
  cmd->callback([&ctx, norad_id, params] {
    const Params all = ctx.with_output(*params);
    const auto bound = bind_nearest(*norad_id, all, FrontEnd::cli);
    const QueryService& core = ctx.core(all);
    const Nearest found = core.nearest(bound.query);
    if (!ctx.quiet() && bound.format == Format::table) {
      fmt::print(stderr, "epoch delta: {:.3f} s\n", found.delta_seconds);
    }
    auto judge = events::judge_for(bound, ctx.core(), core);
    print_set(bound.format, bound.tle_layout, found.set, judge ? &*judge : nullptr);
  });
}

}  // namespace gpq::cli
