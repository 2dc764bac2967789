// Where the importer's parsers deliver: records collected into batches of
// ImportOptions::batch_size sets, each batch one transaction, written on a second thread
// while parsing goes on.
#pragma once

#include <cstdint>
#include <future>
#include <string>
#include <vector>

#include "storage/writer.h"
#include "sync/importer.h"
#include "sync/record_sink.h"

namespace gpq::sync {

class BatchingSink final : public RecordSink {
 public:
  // Every reference must outlive the sink.
  BatchingSink(storage::Writer& writer, std::int64_t run_id, const ImportOptions& options,
               ImportSummary& summary, const ImportProgress& progress);
  // Waits for the batch in flight (never leaves the writing thread running past the writer).
  ~BatchingSink() override;
  BatchingSink(const BatchingSink&) = delete;
  BatchingSink& operator=(const BatchingSink&) = delete;
  BatchingSink(BatchingSink&&) = delete;
  BatchingSink& operator=(BatchingSink&&) = delete;

  // The file or archive member the next records come from: skipped records and the progress
  // name it ("history.zip:2004.txt").
  void start_file(std::string name) override;

  void element_set(ElementSet&& set) override;
  void catalog_record(CatalogRecord&& record) override;
  void skip(std::uint64_t line, std::string reason) override;

  // Hands the batch to the writing thread and goes on parsing; at most one batch is in
  // flight, so parsing and writing overlap on two cores.
  void flush();
  // Waits for the batch in flight; rethrows what its transaction threw.
  void wait();

 private:
  storage::Writer& writer_;
  std::int64_t run_id_;
  const ImportOptions& options_;
  ImportSummary& summary_;
  const ImportProgress& progress_;
  std::string file_;
  std::vector<ElementSet> sets_;
  std::vector<CatalogRecord> records_;
  std::vector<ElementSet> writing_sets_;
  std::vector<CatalogRecord> writing_records_;
  std::future<storage::WriteCounts> in_flight_;
};

}  // namespace gpq::sync
