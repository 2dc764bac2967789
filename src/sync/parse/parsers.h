// The format parsers. Each reads one already-detected stream and hands every
// record to the sink; none throws for a malformed record (it is skipped and
// counted), only for an unreadable stream.
#pragma once

#include <optional>

#include "gpq/element_set.h"

#include "sync/detect.h"
#include "sync/input.h"
#include "sync/record_sink.h"

namespace gpq::sync {

struct ParseOptions {
  // Set by `--source`: every set counts as this source. Otherwise Space-Track-shaped OMM JSON
  // (string numbers, GP_ID/ORIGINATOR fields) is spacetrack and everything else celestrak.
  std::optional<DataSource> forced_source;
  TimePoint collected_at;
};

// 3LE/TLE/2LE text: name lines optional (`0 NAME` as Space-Track writes them, or a bare name).
void parse_tle_text(LineReader& lines, const ParseOptions& options, RecordSink& sink);
// OMM CSV (CelesTrak's 17 columns, or any column order with a header row).
void parse_omm_csv(LineReader& lines, const ParseOptions& options, RecordSink& sink);
// OMM KVN, objects concatenated, each starting at CCSDS_OMM_VERS.
void parse_omm_kvn(LineReader& lines, const ParseOptions& options, RecordSink& sink);
// SATCAT CSV (CelesTrak's columns, with a header row).
void parse_satcat_csv(LineReader& lines, const ParseOptions& options, RecordSink& sink);
// JSON: an array of flat objects, or such an array wrapped in an object ({"data":[...]}).
// Each object is an OMM/GP record (CelesTrak numbers, or Space-Track strings, or only
// TLE_LINE1/TLE_LINE2) or a SATCAT record (Space-Track's SATNAME/INTLDES, or CelesTrak's
// OWNER/OPS_STATUS_CODE/LAUNCH_SITE without EPOCH); decided per record. Records are flat: one
// holding an object or array is skipped.
void parse_json_records(ByteStream& in, const ParseOptions& options, RecordSink& sink);
// CCSDS OMM NDM/XML: one <ndm> with any number of <omm>, or a lone <omm>.
void parse_omm_xml(ByteStream& in, const ParseOptions& options, RecordSink& sink);

// The parser of `kind` over `in` (nothing for FileKind::unknown and the archive kinds).
void parse_detected(FileKind kind, ByteStream& in, const ParseOptions& options, RecordSink& sink);

}  // namespace gpq::sync
