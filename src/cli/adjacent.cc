// `gpq adjacent`: the sets just before and just after an epoch.
#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"

namespace gpq::cli {

void add_adjacent_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("adjacent", "Print the element sets bracketing an epoch");
  auto norad_id = std::make_shared<std::string>();
  auto params = std::make_shared<Params>();
  cmd->add_option("norad_id", *norad_id, "NORAD catalog number")->required();
  add_param(*cmd, "--epoch", "epoch", params, "ISO 8601, jd:<julian date> or unix:<seconds>")
      ->required();
  add_quality(*cmd, params);
  add_as_of(*cmd, params);
  cmd->footer(
      "Examples:\n"
      "  gpq adjacent 25544 --epoch 2026-06-15T12:00:00Z\n"
      "  gpq adjacent 25544 --epoch jd:2461207.0 --format json | jq .gap_hours");
  cmd->callback([&ctx, norad_id, params] {
    const Params all = ctx.with_output(*params);
    const auto bound = bind_adjacent(*norad_id, all, FrontEnd::cli);
    const QueryService& core = ctx.core(all);
    const Adjacent found = core.adjacent(bound.query);
    Printer printer;
    if (auto judge = events::judge_for(bound, ctx.core(), core)) {
      const AdjacentQuality quality = events::flags_of(*judge, found);
      write_adjacent_answer(bound.format, found, terminal_style(TleLayout::source, true),
                            printer.buffer(), &quality);
    } else {
      write_adjacent_answer(bound.format, found, terminal_style(TleLayout::source),
                            printer.buffer());
    }
  });
}

}  // namespace gpq::cli
