// The body of every parser target: the input as a stream, the parser over it into a
// CheckedSink, then the sink's checks of what was kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <fmt/core.h>

#include "gpq/error.h"

#include "checked_sink.h"
#include "core/printable_text.h"
#include "fuzz_input.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"

namespace gpq::fuzz {

// `parse(stream, options, sink)` with no forced source, as `gpq sync --from` reads a file.
// A parser refuses a whole document only as a bad request (an XML document declaring
// entities) with a printable one-line message; anything else it throws is a finding.
template <typename Parse>
int run_parser(const std::uint8_t* data, std::size_t size, Parse parse) {
  CheckedSink sink;
  const auto in = sync::open_bytes(std::string(as_text(data, size)));
  const sync::ParseOptions options{std::nullopt,
                                   TimePoint::from_unix_micros(1'780'000'000'000'000)};
  try {
    parse(*in, options, sink);
  } catch (const Error& error) {
    if (error.code() != Errc::bad_request || text_field_problem("message", error.what())) {
      broken(fmt::format("a parser threw {}", error.what()));
    }
  }
  sink.finish();
  return 0;
}

// The same for the parsers that read lines.
template <typename Parse>
int run_line_parser(const std::uint8_t* data, std::size_t size, Parse parse) {
  return run_parser(data, size, [&](sync::ByteStream& in, const auto& options, auto& sink) {
    sync::LineReader lines(in);
    parse(lines, options, sink);
  });
}

}  // namespace gpq::fuzz
