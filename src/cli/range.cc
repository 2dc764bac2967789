// `gpq range`: how much history the mirror holds for one object.
#include <fmt/core.h>

#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"

namespace gpq::cli {

void add_range_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("range", "Print the epoch span and set count of one object");
  auto norad_id = std::make_shared<std::string>();
  auto params = std::make_shared<Params>();
  cmd->add_option("norad_id", *norad_id, "NORAD catalog number")->required();
  add_as_of(*cmd, params);
  cmd->footer(
      "Examples:\n"
      "  gpq range 25544\n"
      "  gpq range 25544 --format json");
  cmd->callback([&ctx, norad_id, params] {
    const Params all = ctx.with_output(*params);
    const auto bound = bind_range(*norad_id, all, FrontEnd::cli);
    const RangeInfo range = ctx.core(all).range(bound.query);
    Printer printer;
    if (bound.format == Format::table) {
      fmt::format_to(std::back_inserter(printer.buffer()),
                     "norad_id        {}\ntotal_elsets    {}\nyear_files      {}\n"
                     "earliest_epoch  {}\nlatest_epoch    {}\n",
                     range.norad_id, range.total_elsets, range.year_files,
                     format_iso8601_millis(range.earliest_epoch),
                     format_iso8601_millis(range.latest_epoch));
      return;
    }
    write_range_json(range, printer.buffer());
    printer.buffer() += '\n';
  });
}

}  // namespace gpq::cli
