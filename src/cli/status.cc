// `gpq status`: what the mirror holds and how fresh it is (the same facts as /status).
#include "gpq/format.h"
#include "gpq/request.h"

#include "cli/context.h"
#include "cli/output.h"

namespace gpq::cli {

void add_status_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand(
      "status", "Show the mirror's size and its last sync per source (exit 0 even if stale)");
  cmd->footer(
      "Examples:\n"
      "  gpq status                         sizes and the last sync of each source\n"
      "  gpq status --format json           the same document as GET /api/v1/status");
  cmd->callback([&ctx] {
    // Bound first: a format status cannot write is refused before the database is read.
    const Format format = bind_status_format(ctx.with_output({}), FrontEnd::cli);
    const ServiceStatus status = ctx.core().status();
    Printer printer;
    if (format == Format::json) {
      write_status_json(status, GPQ_VERSION, printer.buffer(), SyncErrors::full);
      printer.buffer() += '\n';
    } else {
      write_status_text(status, GPQ_VERSION, printer.buffer(), stdout_wants_colour());
    }
  });
}

}  // namespace gpq::cli
