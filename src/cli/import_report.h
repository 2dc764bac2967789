// What `gpq sync --from` reports when it is done: the summary on stdout, each damaged or
// refused member on stderr, and past 20 of a list, how many more (--verbose lists them all).
#pragma once

#include "sync/importer.h"

namespace gpq::cli {

// "Imported N file(s) ...", then the skipped records and the files not imported.
void print_import_summary(const sync::ImportSummary& summary, bool verbose);
// "gpq: <file or archive:member>: ..." for each file or member that could not be read.
void print_import_problems(const sync::ImportSummary& summary, bool verbose);

}  // namespace gpq::cli
