// Conjunctions written whole (src/format/conjunction_format.cc, cdm_format.cc): JSON with the
// envelope of every list, CSV, the CLI's table, and CCSDS Conjunction Data Messages
// (508.0-B-1) in KVN or XML, one message per event (docs/CONJUNCTIONS.md, "Formats").
#pragma once

#include <span>
#include <string>

#include "gpq/conjunction_query.h"
#include "gpq/format.h"

namespace gpq {

// `events` are the page's; `links` its neighbours (none on the CLI).
void write_conjunctions(Format format, const ConjunctionQuery& query, const ConjunctionPage& page,
                        std::span<const ConjunctionEvent> events, const PageUrls& links,
                        const AnswerStyle& style, std::string& out);

// One event as a CDM: `xml` or KVN. A list of them in XML is one <ndm> holding each <cdm>;
// in KVN, the messages one after another.
void write_cdm(const ConjunctionEvent& event, const ConjunctionQuery& query, bool xml,
               std::string& out);

}  // namespace gpq
