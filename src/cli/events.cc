// `gpq events`: manoeuvres, decay and gaps in one object's history (docs/EVENTS.md).
#include "gpq/event_format.h"

#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"
#include "events/event_service.h"

namespace gpq::cli {

void add_events_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand(
      "events", "Print the manoeuvres, decay and gaps found in one object's history");
  auto norad_id = std::make_shared<std::string>();
  auto params = std::make_shared<Params>();
  cmd->add_option("norad_id", *norad_id, "NORAD catalog number")->required();
  add_param(*cmd, "--from", "start", params, "Events from this time (default: the first set)");
  add_param(*cmd, "--to", "end", params, "Events up to this time, inclusive (default: now)");
  add_as_of(*cmd, params);
  cmd->footer(
      "Formats: json, csv, table. A manoeuvre is a step in semi-major axis, inclination or\n"
      "eccentricity beyond the object's own noise; a decay, a perigee below 200 km and\n"
      "falling; a gap, no set for over four times the usual interval (docs/EVENTS.md).\n"
      "Examples:\n"
      "  gpq events 25544\n"
      "  gpq events 25544 --from 2026-06-01 --to 2026-07-01 --format csv");
  cmd->callback([&ctx, norad_id, params] {
    const Params all = ctx.with_output(*params);
    const auto bound = bind_events(*norad_id, all, FrontEnd::cli);
    const EventList found = events::EventService(ctx.core(all)).events(bound.query);
    Printer printer;
    write_events(bound.format, found, printer.buffer(), stdout_wants_colour());
    if (bound.format == Format::json) {
      printer.buffer() += '\n';
    }
  });
}

}  // namespace gpq::cli
