// A replica applying a change stream (storage::ChangeApplier), as `gpq sync --from-peer` does
// with the bytes of a peer: fed in two pieces (cut where the first byte says), then finished.
// The stream is applied whole or not at all; a refusal is Error{upstream} with a printable
// one-line message, never a crash or another kind of error. The database is one file in the
// scratch directory, kept from input to input as a replica keeps its own.
#include <fmt/core.h>

#include "gpq/error.h"

#include "core/printable_text.h"
#include "fuzz_input.h"
#include "scratch_dir.h"
#include "storage/change_applier.h"
#include "storage/database.h"

namespace {

gpq::storage::Database& replica() {
  static const std::unique_ptr<gpq::storage::Database> db = gpq::storage::Database::open(
      gpq::fuzz::scratch_dir() / "replica.db", gpq::storage::Database::Mode::read_write);
  return *db;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = gpq::fuzz::as_text(data, size);
  const std::size_t cut =
      bytes.empty() ? 0 : static_cast<unsigned char>(bytes[0]) % (bytes.size() + 1);
  try {
    gpq::storage::ChangeApplier applier(replica(), "http://peer.test:8080");
    applier.feed(bytes.substr(0, cut));
    applier.feed(bytes.substr(cut));
    (void)applier.finish(gpq::TimePoint::from_unix_micros(1'780'000'000'000'000));
  } catch (const gpq::Error& error) {
    if (error.code() != gpq::Errc::upstream || gpq::text_field_problem("message", error.what())) {
      gpq::fuzz::broken(fmt::format("a change stream was refused as {}: {}",
                                    gpq::error_name(error.code()), error.what()));
    }
  }
  return 0;
}
