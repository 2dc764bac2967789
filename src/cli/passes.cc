// `gpq passes`: when an object rises, culminates and sets for an observer.
#include "gpq/orbit_format.h"

#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"
#include "orbit/orbit_service.h"

namespace gpq::cli {

void add_passes_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand(
      "passes", "Print an object's passes over an observer: rise, culmination and set");
  auto norad_id = std::make_shared<std::string>();
  auto params = std::make_shared<Params>();
  cmd->add_option("norad_id", *norad_id, "NORAD catalog number")->required();
  add_param(*cmd, "--lat", "lat", params, "Observer's geodetic latitude, degrees north (-90..90)")
      ->required();
  add_param(*cmd, "--lon", "lon", params, "Observer's longitude, degrees east (-180..180)")
      ->required();
  add_param(*cmd, "--alt", "alt", params, "Observer's height above WGS-84, metres (default 0)");
  add_param(*cmd, "--from", "start", params, "Start of the window (ISO 8601, jd:, unix:)")
      ->required();
  add_param(*cmd, "--to", "end", params, "End of the window, at most 31 days later")->required();
  add_param(*cmd, "--min-elevation", "min_elevation", params,
            "Elevation a pass must reach, degrees (default 10)");
  add_allow_stale(*cmd, params);
  add_as_of(*cmd, params);
  cmd->footer(
      "Formats: json, csv, table. Times are when the elevation crosses --min-elevation\n"
      "(geometric, no refraction), to within a second.\n"
      "Examples:\n"
      "  gpq passes 25544 --lat 51.4779 --lon=-0.0015 --alt 46 --from 2026-06-15 --to 2026-06-17\n"
      "  gpq passes 25544 --lat 48.85 --lon 2.35 --from 2026-06-15 --to 2026-06-22 "
      "--min-elevation 30 --format csv");
  cmd->callback([&ctx, norad_id, params] {
    const Params all = ctx.with_output(*params);
    const auto bound = bind_passes(*norad_id, all, FrontEnd::cli);
    const orbit::OrbitService service(ctx.core(all));
    const PassList passes = service.passes(bound.query);
    Printer printer;
    write_passes(bound.format, passes, printer.buffer(), terminal_width(), stdout_wants_colour());
    if (bound.format == Format::json) {
      printer.buffer() += '\n';
    }
  });
}

}  // namespace gpq::cli
