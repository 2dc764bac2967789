// Batches of parsed records, committed one transaction each on a writing thread.
#include "sync/batching_sink.h"

#include "core/stop_request.h"

namespace gpq::sync {

BatchingSink::BatchingSink(storage::Writer& writer, std::int64_t run_id,
                           const ImportOptions& options, ImportSummary& summary,
                           const ImportProgress& progress)
    : writer_(writer), run_id_(run_id), options_(options), summary_(summary), progress_(progress) {
  sets_.reserve(options.batch_size);
}

BatchingSink::~BatchingSink() {
  if (in_flight_.valid()) {
    in_flight_.wait();
  }
}

void BatchingSink::start_file(std::string name) {
  file_ = std::move(name);
  summary_.current = file_;
}

void BatchingSink::element_set(ElementSet&& set) {
  ++summary_.sets_read;
  sets_.push_back(std::move(set));
  if (sets_.size() >= options_.batch_size) {
    flush();
  }
}

void BatchingSink::catalog_record(CatalogRecord&& record) {
  records_.push_back(std::move(record));
  if (records_.size() >= options_.batch_size) {
    flush();
  }
}

void BatchingSink::skip(std::uint64_t line, std::string reason) {
  ++summary_.records_skipped;
  if (options_.max_reported_skips == 0 || summary_.skips.size() < options_.max_reported_skips) {
    summary_.skips.push_back({file_, line, std::move(reason)});
  }
}

void BatchingSink::flush() {
  wait();
  // A stop ends the import here, between two transactions: the one before is committed.
  process_stop_request().throw_if_requested();
  if (sets_.empty() && records_.empty()) {
    return;
  }
  writing_sets_.swap(sets_);
  writing_records_.swap(records_);
  sets_.clear();
  records_.clear();
  in_flight_ = std::async(std::launch::async, [this] {
    return writer_.write_batch(writing_sets_, writing_records_, run_id_);
  });
}

void BatchingSink::wait() {
  if (!in_flight_.valid()) {
    return;
  }
  const storage::WriteCounts counts = in_flight_.get();
  summary_.sets_added += counts.added;
  summary_.sets_updated += counts.updated;
  summary_.sets_unchanged += counts.unchanged;
  summary_.catalog_records += writing_records_.size();
  if (progress_) {
    progress_(summary_);
  }
}

}  // namespace gpq::sync
