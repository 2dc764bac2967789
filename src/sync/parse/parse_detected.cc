// Dispatch from a detected kind to its parser.
#include "sync/parse/parsers.h"

namespace gpq::sync {

void parse_detected(FileKind kind, ByteStream& in, const ParseOptions& options, RecordSink& sink) {
  LineReader lines(in);
  switch (kind) {
    case FileKind::tle:
      return parse_tle_text(lines, options, sink);
    case FileKind::omm_csv:
      return parse_omm_csv(lines, options, sink);
    case FileKind::satcat_csv:
      return parse_satcat_csv(lines, options, sink);
    case FileKind::omm_kvn:
      return parse_omm_kvn(lines, options, sink);
    case FileKind::json:
      return parse_json_records(in, options, sink);
    case FileKind::omm_xml:
      return parse_omm_xml(in, options, sink);
    case FileKind::zip_archive:  // archives are walked by archive_import.cc
    case FileKind::tar_archive:
    case FileKind::unknown:
      return;
  }
}

}  // namespace gpq::sync
