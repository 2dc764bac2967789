// `gpq catalog`: SATCAT records, one by id or a search.
#include "cli/context.h"
#include "cli/output.h"
#include "cli/params.h"
#include "core/answer_coverage.h"

namespace gpq::cli {

void add_catalog_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("catalog", "Print satellite catalog (SATCAT) records");
  auto norad_id = std::make_shared<std::string>();
  auto params = std::make_shared<Params>();
  // Given empty ("$ID" unset) is a wrong id, not a search of everything.
  const CLI::Option* id_given =
      cmd->add_option("norad_id", *norad_id, "NORAD catalog number (omit to search)");
  add_param(*cmd, "--search", "search", params, "Name contains this text (any case)");
  add_param(*cmd, "--owner", "owner", params, "Owner or country code (US, CIS, PRC, ...)");
  add_param(*cmd, "--type", "object_type", params, object_type_names());
  add_param(*cmd, "--launch-year", "launch_year", params, "Launched in this year");
  cmd->add_flag_callback(
      "--all", [params] { (*params)["active_only"] = "false"; }, "Include decayed objects");
  add_coverage(*cmd, params);
  add_as_of(*cmd, params);
  cmd->footer(
      "Examples:\n"
      "  gpq catalog 25544\n"
      "  gpq catalog --owner PRC --type PAYLOAD --launch-year 2025 --format csv\n"
      "  gpq catalog --search vanguard --all");
  cmd->callback([&ctx, id_given, norad_id, params] {
    const Params all = ctx.with_output(*params);
    if (id_given->count() > 0) {
      const auto bound = bind_catalog_record(*norad_id, all, FrontEnd::cli);
      print_catalog_record(bound.format, ctx.core(all).catalog_record(bound.query));
      return;
    }
    const auto bound = bind_catalog_search(all, FrontEnd::cli);
    const QueryService& core = ctx.core(all);
    print_catalog_list(
        bound.format,
        [&](const CatalogVisitor& visit) {
          return core.catalog_search(bound.query, bound.paging, visit);
        },
        coverage_for(bound, core));
  });
}

}  // namespace gpq::cli
