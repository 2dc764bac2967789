// The fields of one point of a state or an ephemeris, in the frame asked: EPOCH, then X, Y, Z
// (km), X_DOT, Y_DOT, Z_DOT (km/s) as CCSDS OEM names them, or LATITUDE_DEG, LONGITUDE_DEG,
// HEIGHT_KM for geodetic coordinates; then SET_EPOCH, the element set propagated. And a whole
// state: the object and the frame around its point (one state, or a row of the catalog's).
#pragma once

#include <string>
#include <vector>

#include "gpq/orbit_query.h"

#include "format/plain_table.h"

namespace gpq::format_detail {

// One state as `gpq state` writes it (docs/ORBIT.md "Fields"): the JSON object's fields
// without braces, and the CSV header and row without a line end. Coordinates that are not
// finite are null in JSON and empty cells in CSV.
// EPOCH - SET_EPOCH in hours: the set's age at the instant (negative: the set is later).
double set_age_hours(const OrbitPoint& point);

void append_state_json_fields(const ElementSet& set, SetChoice choice, OrbitFrame frame,
                              const OrbitPoint& point, std::string& out);
void append_state_csv_header(OrbitFrame frame, std::string& out);
void append_state_csv_row(const ElementSet& set, SetChoice choice, OrbitFrame frame,
                          const OrbitPoint& point, std::string& out);

// `"EPOCH":...,"X":...,...,"SET_EPOCH":...` (no braces).
void append_point_json_fields(const OrbitPoint& point, OrbitFrame frame, std::string& out);
// `EPOCH,X,...,SET_EPOCH` (no line end).
void append_point_csv_header(OrbitFrame frame, std::string& out);
void append_point_csv_row(const OrbitPoint& point, OrbitFrame frame, std::string& out);
// Appends the point's cells to a table row, their names to `header` (when not null) and
// their alignment to `right`.
void append_point_table(const OrbitPoint& point, OrbitFrame frame, TableRow& header, TableRow& row,
                        std::vector<bool>& right);

}  // namespace gpq::format_detail
