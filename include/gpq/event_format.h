// Writers of an object's events (gpq/event_query.h) for the CLI and the HTTP API alike.
// Field names: docs/EVENTS.md.
#pragma once

#include <string>

#include "gpq/event_query.h"
#include "gpq/format.h"

namespace gpq {

// json ({"data":[...],"meta":{...}}), csv (a header and a row an event) or table.
// One event as a row of the json answer: {"TIME":...,"KIND":...}.
void write_orbit_event_json(const OrbitEvent& event, std::string& out);

void write_events(Format format, const EventList& events, std::string& out, bool colour = false);

}  // namespace gpq
