// `gpq conjunctions`: which objects come within a distance of which in a window, screened from
// the sets the archive names at its start (docs/CONJUNCTIONS.md).
#include <fmt/core.h>

#include "gpq/conjunction_format.h"

#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"
#include "core/answer_coverage.h"
#include "orbit/orbit_service.h"

namespace gpq::cli {
namespace {

// What the screening stood on, for a reader at a terminal (json and csv carry it in meta or
// not at all).
void print_counts(const ConjunctionPage& page) {
  const ConjunctionCounts& c = page.counts;
  fmt::print(stderr,
             "{} approaches from {} to {}: {} objects screened ({} primaries, {} sets) of {} in "
             "the snapshot; left out {} with a set over {} days old, {} not SGP4 sets; {} failed "
             "within the window; screened in {:.1f} s\n",
             c.approaches, format_iso8601_millis(page.from), format_iso8601_millis(page.to),
             c.screened, c.primaries, c.sets, c.objects, c.stale, kMaxPropagationDays, c.not_sgp4,
             c.failed, c.screening_seconds);
}

}  // namespace

void add_conjunctions_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand(
      "conjunctions", "Print which objects come within a distance of which in a time window");
  auto params = std::make_shared<Params>();
  add_param(*cmd, "--from", "from", params, "Start of the window (default: now)");
  add_param(*cmd, "--to", "to", params,
            "End of the window (default: 7 days after --from; at most 14 days)");
  add_param(*cmd, "--threshold", "threshold", params,
            "Report approaches closer than this, in km (default 5, at most 50)");
  add_param(*cmd, "--primaries", "primaries", params,
            "all (default: every object against every other) or active (the active group "
            "against the whole catalog)");
  add_param(*cmd, "--ids", "norad_ids", params, "Primaries: these NORAD ids (comma-separated)");
  add_param(*cmd, "--group", "group", params, "Primaries: " + group_names());
  add_param(*cmd, "--type", "object_type", params, "Primaries: " + object_type_names());
  add_switch(*cmd, "--exclude-same-constellation", "exclude_same_constellation", params,
             "Never pair two objects of one constellation (docs/CONJUNCTIONS.md)");
  add_switch(*cmd, "--follow-archive", "follow_archive", params,
             "Propagate each object from the set nearest each instant, switching where the "
             "archive does (default: the set at the window's start)");
  add_param(*cmd, "--hard-body-radius", "hard_body_radius", params,
            "Combined radius of the two objects for the maximum probability, in m (default 20)");
  add_param(*cmd, "--sort", "sort", params, "miss_distance (default), tca or probability");
  add_coverage(*cmd, params);
  add_as_of(*cmd, params);
  cmd->footer(
      "Formats: json, csv, table, kvn and xml (CCSDS CDM, one message per event).\n"
      "Each object is propagated from the set gp --epoch names at the window's start, or\n"
      "with --follow-archive from the set nearest each instant.\n"
      "Examples:\n"
      "  gpq conjunctions --ids 25544 --from 2026-06-10 --to 2026-06-17\n"
      "  gpq conjunctions --primaries active --threshold 2 --format csv > close.csv\n"
      "  gpq conjunctions --ids 25544 --sort probability --limit 1 --format kvn");
  cmd->callback([&ctx, params] {
    const Params all = ctx.with_output(*params);
    const auto bound = bind_conjunctions(all, FrontEnd::cli);
    const QueryService& core = ctx.core(all);
    std::vector<ConjunctionEvent> events;
    const ConjunctionPage page = orbit::OrbitService(core).conjunctions(
        bound.query, bound.paging, [&](std::span<const ConjunctionEvent> found) {
          events.assign(found.begin(), found.end());
        });
    AnswerStyle style = terminal_style(bound.tle_layout);
    style.coverage = coverage_for(bound, core, page);
    Printer printer;
    write_conjunctions(bound.format, bound.query, page, events, {}, style, printer.buffer());
    report_coverage(bound.format, style.coverage);
    if (bound.format == Format::table && !ctx.quiet()) {
      print_counts(page);
    }
  });
}

}  // namespace gpq::cli
