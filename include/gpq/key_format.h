// `gpq keys list` in its three forms: a table to read, JSON and CSV for scripts that rotate
// keys. The listing never holds a key itself, only what describes it.
#pragma once

#include <string>

#include "gpq/format.h"
#include "gpq/key_service.h"

namespace gpq {

// table: aligned columns; json: {"month","keys":[{"id","label","scope","created","revoked",
// "requests_this_month"}]}; csv: ID,LABEL,SCOPE,CREATED,REVOKED,MONTH,REQUESTS_THIS_MONTH.
void write_key_listing(Format format, const KeyListing& listing, std::string& out);

}  // namespace gpq
