// `gpq state`: where one object is at an instant, from the element set the archive names.
#include "gpq/orbit_format.h"

#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"
#include "orbit/orbit_service.h"

namespace gpq::cli {

void add_state_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd =
      app.add_subcommand("state", "Print where an object is at an instant (SGP4 from its set)");
  auto norad_id = std::make_shared<std::string>();
  auto params = std::make_shared<Params>();
  cmd->add_option("norad_id", *norad_id, "NORAD catalog number")->required();
  add_param(*cmd, "--at", "epoch", params,
            "The instant: ISO 8601, jd:<julian date> or unix:<seconds>")
      ->required();
  add_param(*cmd, "--set", "set", params,
            "Which set answers: nearest (default, the closest in time), before (the last at or "
            "before the instant) or latest");
  add_param(*cmd, "--frame", "frame", params,
            "teme (default, SGP4's frame), itrf (Earth-fixed) or geodetic (WGS-84 latitude, "
            "longitude, height)");
  cmd->footer(
      "Formats: json, csv, table.\n"
      "Examples:\n"
      "  gpq state 25544 --at 2026-06-15T12:00:00Z --format json\n"
      "  gpq state 25544 --at unix:1781524800 --frame geodetic\n"
      "  gpq state 25544 --at 2026-06-15T12:00:00Z --set before --frame itrf --format csv");
  cmd->callback([&ctx, norad_id, params] {
    const auto bound = bind_state(*norad_id, ctx.with_output(*params), FrontEnd::cli);
    const orbit::OrbitService service(ctx.core());
    const StateAnswer answer = service.state(bound.query);
    Printer printer;
    write_state(bound.format, answer, printer.buffer(), terminal_width(), stdout_wants_colour());
    if (bound.format == Format::json) {
      printer.buffer() += '\n';
    }
  });
}

}  // namespace gpq::cli
