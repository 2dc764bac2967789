// SATCAT fields by name to a CatalogRecord, shared by the CelesTrak CSV and the
// Space-Track JSON parsers. Missing fields stay empty; nothing is invented.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gpq/catalog.h"

namespace gpq::sync {

// Looks a field up by its upstream name; std::nullopt when absent or null.
using FieldLookup = std::optional<std::string_view> (*)(const void* context, std::string_view name);

// Reads CelesTrak names (OBJECT_NAME, OBJECT_ID, NORAD_CAT_ID, OBJECT_TYPE, OPS_STATUS_CODE,
// OWNER, LAUNCH_DATE, LAUNCH_SITE, DECAY_DATE, PERIOD, INCLINATION, APOGEE, PERIGEE) and, when
// absent, Space-Track ones (SATNAME, INTLDES, COUNTRY, LAUNCH, SITE, DECAY). Without an
// OPS_STATUS_CODE field, decayed objects get `D`. False with `error` on a bad value.
bool build_catalog_record(FieldLookup lookup, const void* context, CatalogRecord& out,
                          std::string& error);

}  // namespace gpq::sync
