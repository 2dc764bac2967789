// Writers of an object's events (gpq/event_query.h) for the CLI and the HTTP API alike.
// Field names: docs/EVENTS.md.
#pragma once

#include <string>

#include "gpq/event_query.h"
#include "gpq/format.h"

namespace gpq {

// json ({"data":[...],"meta":{...}}), csv (a header and a row an event) or table.
void write_events(Format format, const EventList& events, std::string& out, bool colour = false);

}  // namespace gpq
