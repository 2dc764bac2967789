// `gpq __complete norad WORD`: NORAD ids for the shell completions, from the local mirror.
// Hidden from --help; the output is `ID<TAB>NAME` lines, at most kMaxCandidates.
#include <algorithm>
#include <filesystem>

#include <fmt/core.h>

#include "gpq/error.h"

#include "cli/context.h"
#include "cli/output.h"

namespace gpq::cli {
namespace {

constexpr std::size_t kMaxCandidates = 50;

bool all_digits(std::string_view word) {
  return std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

void print_norad_candidates(Context& ctx, const std::string& word) {
  // Tab must never create a database or print an error into the command line.
  std::error_code error;
  if (!std::filesystem::exists(ctx.database_path(), error)) {
    return;
  }
  GpFilter filter;
  if (!all_digits(word)) {
    filter.search = word;
  }
  Paging paging;
  paging.all = true;
  Printer printer;
  std::size_t shown = 0;
  const std::string prefix = all_digits(word) ? word : std::string();
  try {
    ctx.core().search(filter, paging, [&](const ElementSet& set) {
      if (shown == kMaxCandidates) {
        return;
      }
      const std::string id = fmt::format("{}", set.norad_id);
      if (id.starts_with(prefix)) {
        fmt::format_to(std::back_inserter(printer.buffer()), "{}\t{}\n", id, set.object_name);
        ++shown;
      }
    });
  } catch (const Error& failure) {
    if (failure.code() != Errc::not_found) {
      throw;
    }  // no candidates: nothing to print
  }
}

}  // namespace

void add_complete_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("__complete", "Candidates for the shell completions");
  cmd->group("");  // hidden
  auto kind = std::make_shared<std::string>();
  auto word = std::make_shared<std::string>();
  cmd->add_option("kind", *kind, "What to complete")->required()->check(CLI::IsMember({"norad"}));
  cmd->add_option("word", *word, "The word typed so far");
  cmd->callback([&ctx, word] {
    try {
      print_norad_candidates(ctx, *word);
    } catch (const std::exception&) {
      // A damaged or foreign file offers no candidates rather than an error mid-line.
    }
  });
}

}  // namespace gpq::cli
