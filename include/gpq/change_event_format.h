// One change (gpq/change_event.h) as the stream and the webhooks send it: field names in
// docs/STREAM.md "Events".
#pragma once

#include <string>
#include <string_view>

#include "gpq/catalog.h"
#include "gpq/change_event.h"
#include "gpq/element_set.h"

namespace gpq {

// What the mirror holds about a change when it is sent; each part may be missing.
struct ChangeContext {
  std::string_view object_name;           // empty: unknown (null)
  const ElementSet* set = nullptr;        // the set a change came with
  const CatalogRecord* record = nullptr;  // a SATCAT decay's record
};

// {"id":..,"event":"set",...,"data":{...}}: `data` is what the rest of the API writes for the
// thing that changed: the GP record of a new set, the events row of a manoeuvre or of a decay
// found in the sets, the SATCAT record of a decay date; null when the mirror no longer holds it.
void write_change_event_json(const ChangeEvent& event, const ChangeContext& context,
                             std::string& out);

}  // namespace gpq
