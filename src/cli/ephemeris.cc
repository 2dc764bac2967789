// `gpq ephemeris`: states at even steps over a span, each from the set nearest its instant.
#include <fmt/core.h>

#include "gpq/orbit_format.h"

#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"
#include "orbit/orbit_service.h"

namespace gpq::cli {

void add_ephemeris_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand(
      "ephemeris", "Print states at even steps, each from the element set nearest its instant");
  auto norad_id = std::make_shared<std::string>();
  auto params = std::make_shared<Params>();
  cmd->add_option("norad_id", *norad_id, "NORAD catalog number")->required();
  add_param(*cmd, "--from", "start", params, "First instant (ISO 8601, jd:, unix:)")->required();
  add_param(*cmd, "--to", "end", params, "Last instant, inclusive")->required();
  add_param(*cmd, "--step", "step", params,
            "Between instants: 60s (default), 500ms, 10min, 1.5h, 1d; at most 1,000,000 points");
  add_param(*cmd, "--frame", "frame", params, "teme (default), itrf or geodetic");
  add_allow_stale(*cmd, params);
  add_as_of(*cmd, params);
  cmd->footer(
      "Formats: json, csv, oem (CCSDS OEM 3.0 KVN, one segment per element set), table.\n"
      "Examples:\n"
      "  gpq ephemeris 25544 --from 2026-06-15 --to 2026-06-16 --step 60s --format oem > iss.oem\n"
      "  gpq ephemeris 25544 --from 2026-06-15T00:00Z --to 2026-06-15T01:30Z --frame geodetic "
      "--format csv");
  cmd->callback([&ctx, norad_id, params] {
    const Params all = ctx.with_output(*params);
    const auto bound = bind_ephemeris(*norad_id, all, FrontEnd::cli);
    const orbit::OrbitService service(ctx.core(all));
    const orbit::Ephemeris ephemeris = service.ephemeris(bound.query, bound.paging);
    const EphemerisPlan& plan = ephemeris.plan();
    if (!ctx.quiet() && bound.format == Format::table) {
      for (const SetUse& use : plan.sets) {
        fmt::print(stderr, "set of {} ({}): {} points from {}\n",
                   format_iso8601_millis(use.set_epoch), to_string(use.source), use.points,
                   format_iso8601_millis(use.first));
      }
    }
    EphemerisWriterOptions options;
    options.width = terminal_width();
    options.colour = stdout_wants_colour();
    const auto writer = make_ephemeris_writer(bound.format, options);
    Printer printer;
    std::string& out = printer.buffer();
    writer->begin(plan, out);
    ephemeris.run([&](const SetUse& use) { writer->segment(use, out); },
                  [&](const OrbitPoint& point) {
                    writer->point(point, out);
                    printer.maybe_flush();
                  });
    writer->end(out);
    if (bound.format == Format::json) {
      out += '\n';
    }
  });
}

}  // namespace gpq::cli
