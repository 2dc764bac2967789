// CCSDS OMM NDM/XML, streamed: each <omm> element is cut out of the byte stream
// and parsed alone with pugixml, so a file of any size reads in flat memory.
#include <algorithm>
#include <string>

#include <pugixml.hpp>

#include "gpq/error.h"

#include "core/text.h"
#include "sync/parse/omm_fields.h"
#include "sync/parse/parsers.h"

namespace gpq::sync {
namespace {

constexpr std::size_t kMaxOmmBytes = 1 << 20;

bool is_omm_open(std::string_view text, std::size_t at) {
  if (text.compare(at, 4, "<omm") != 0 || at + 4 >= text.size()) {
    return false;
  }
  const char next = text[at + 4];
  return next == ' ' || next == '>' || next == '\t' || next == '\r' || next == '\n';
}

// The OMM keywords anywhere below `root`, in document order, read without recursion: an
// element a megabyte deep must not take the stack with it.
void collect(const pugi::xml_node& root, OmmFields& fields) {
  pugi::xml_node node = root.first_child();
  while (node) {
    bool descend = false;
    if (node.type() == pugi::node_element) {
      if (const auto key = omm_key(node.name())) {
        fields.set(*key, node.child_value());
      } else {
        descend = static_cast<bool>(node.first_child());
      }
    }
    if (descend) {
      node = node.first_child();
      continue;
    }
    while (node != root && !node.next_sibling()) {
      node = node.parent();
    }
    if (node == root) {
      break;
    }
    node = node.next_sibling();
  }
}

// gpq expands no entities (pugixml never does); a document that declares any, which is how
// external-entity and entity-expansion attacks start, is refused whole rather than read with
// its references left as text.
void refuse_declarations(std::string_view prolog) {
  if (prolog.find("<!DOCTYPE") != std::string_view::npos ||
      prolog.find("<!ENTITY") != std::string_view::npos) {
    fail(Errc::bad_request,
         "XML with a document type declaration (<!DOCTYPE>, <!ENTITY>) is refused: OMM XML "
         "needs none, and gpq expands no entities");
  }
}

class OmmXmlParser {
 public:
  OmmXmlParser(const ParseOptions& options, RecordSink& sink)
      : options_(options),
        sink_(sink),
        source_(options.forced_source.value_or(DataSource::celestrak)) {}

  void element(std::string_view bytes, std::uint64_t line) {
    pugi::xml_document doc;
    const pugi::xml_parse_result parsed = doc.load_buffer(bytes.data(), bytes.size());
    if (!parsed) {
      sink_.skip(line, std::string("not well-formed XML: ") + parsed.description());
      return;
    }
    fields_.clear();
    const pugi::xml_node omm = doc.child("omm");
    collect(omm, fields_);
    const pugi::xml_node header = omm.child("header");
    if (const pugi::xml_node creation = header.child("CREATION_DATE")) {
      fields_.set(OmmKey::creation_date, creation.child_value());
    }
    ElementSet set;
    if (build_element_set(fields_, source_, options_.collected_at, set, error_)) {
      sink_.element_set(std::move(set));
    } else {
      sink_.skip(line, error_);
    }
  }

 private:
  const ParseOptions& options_;
  RecordSink& sink_;
  DataSource source_;
  OmmFields fields_;
  std::string error_;
};

// The next "<omm" at or after `from` that opens an element; npos when there is none yet.
std::size_t next_open(const std::string& buffer, std::size_t from) {
  std::size_t at = buffer.find("<omm", from);
  while (at != std::string::npos && !is_omm_open(buffer, at)) {
    at = buffer.find("<omm", at + 1);
  }
  return at;
}

// Advances `line` past the first `bytes` of `buffer`.
void count_lines(const std::string& buffer, std::size_t bytes, std::uint64_t& line) {
  line += static_cast<std::uint64_t>(
      std::count(buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(bytes), '\n'));
}

}  // namespace

void parse_omm_xml(ByteStream& in, const ParseOptions& options, RecordSink& sink) {
  OmmXmlParser parser(options, sink);
  std::string buffer;
  std::string chunk(1 << 16, '\0');
  std::uint64_t line = 1;   // line of buffer[0]
  std::size_t scanned = 0;  // bytes of buffer already searched for an opening tag
  std::size_t open = std::string::npos;
  std::uint64_t open_line = 0;
  for (;;) {
    const std::size_t got = in.read(chunk.data(), chunk.size());
    buffer.append(chunk.data(), got);
    for (;;) {
      if (open == std::string::npos) {
        const std::size_t at = next_open(buffer, scanned);
        refuse_declarations(std::string_view(buffer).substr(0, at));
        if (at == std::string::npos) {
          // Enough to find "<omm" or "<!DOCTYPE" across two reads.
          const std::size_t keep = std::min<std::size_t>(buffer.size(), 9);
          count_lines(buffer, buffer.size() - keep, line);
          buffer.erase(0, buffer.size() - keep);
          scanned = 0;
          break;
        }
        count_lines(buffer, at, line);
        buffer.erase(0, at);
        open = 0;
        open_line = line;
        scanned = 0;
      }
      const std::size_t close = buffer.find("</omm>", scanned);
      if (close == std::string::npos) {
        scanned = buffer.size() > 6 ? buffer.size() - 6 : 0;
        if (buffer.size() > kMaxOmmBytes) {
          sink.skip(open_line, "<omm> element larger than 1 MiB");
          buffer.erase(0, 4);  // look for the next opening tag past this one
          open = std::string::npos;
          scanned = 0;
          continue;
        }
        break;
      }
      const std::size_t end = close + 6;
      if (end > kMaxOmmBytes) {  // the same limit whichever read chunk brought the close
        sink.skip(open_line, "<omm> element larger than 1 MiB");
      } else {
        parser.element(std::string_view(buffer).substr(0, end), open_line);
      }
      count_lines(buffer, end, line);
      buffer.erase(0, end);
      open = std::string::npos;
      scanned = 0;
    }
    if (got == 0) {
      break;
    }
  }
  if (open != std::string::npos) {
    sink.skip(open_line, "<omm> element cut off at the end of the file");
  }
}

}  // namespace gpq::sync
