#include "sync/upstream/parsed_body.h"

#include <fmt/core.h>

#include "gpq/error.h"

#include "core/printable_text.h"
#include "sync/detect.h"
#include "sync/parse/parsers.h"

namespace gpq::sync {
namespace {

class MemorySink final : public RecordSink {
 public:
  explicit MemorySink(ParsedBody& body) : body_(body) {}
  void element_set(ElementSet&& set) override { body_.sets.push_back(std::move(set)); }
  void catalog_record(CatalogRecord&& record) override {
    body_.records.push_back(std::move(record));
  }
  void skip(std::uint64_t line, std::string reason) override {
    if (body_.skipped++ == 0) {
      body_.first_skip = fmt::format("line {}: {}", line, reason);
    }
  }

 private:
  ParsedBody& body_;
};

// The parsers skip a damaged last record like any other; a body cut short must instead be
// refused whole, so its end is checked: JSON closes its array or object, XML its root, and
// text ends with a line break.
bool looks_complete(FileKind kind, const std::string& body) {
  const std::size_t last = body.find_last_not_of(" \t\r\n");
  if (last == std::string::npos) {
    return false;
  }
  switch (kind) {
    case FileKind::json:
      return body[last] == ']' || body[last] == '}';
    case FileKind::omm_xml:
      return body[last] == '>';
    default:
      return body.back() == '\n';
  }
}

}  // namespace

ParsedBody parse_body(std::string body, DataSource source, TimePoint collected_at,
                      const std::string& what) {
  const FileKind kind = detect_kind(std::string_view(body).substr(0, 64 * 1024));
  if (kind == FileKind::unknown) {
    fail(Errc::upstream, "{}: the answer is not element sets or catalog records (starts: {})", what,
         excerpt(std::string_view(body).substr(0, body.find('\n')), 60));
  }
  if (!looks_complete(kind, body)) {
    fail(Errc::upstream,
         "{}: the answer is damaged or cut off (it does not end as a {} body "
         "ends)",
         what,
         kind == FileKind::json      ? "JSON"
         : kind == FileKind::omm_xml ? "XML"
                                     : "text");
  }
  ParsedBody parsed;
  MemorySink sink(parsed);
  const ParseOptions options{source, collected_at};
  const auto stream = open_bytes(std::move(body));
  try {
    parse_detected(kind, *stream, options, sink);
  } catch (const Error& error) {
    fail(Errc::upstream, "{}: the answer is damaged or cut off ({})", what, error.what());
  }
  return parsed;
}

}  // namespace gpq::sync
