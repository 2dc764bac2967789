// A RecordSink that keeps everything it is given, for parser tests.
#pragma once

#include <string>
#include <vector>

#include "sync/record_sink.h"

namespace gpq::test {

class CollectingSink final : public sync::RecordSink {
 public:
  struct Skip {
    std::uint64_t line;
    std::string reason;
  };

  void element_set(ElementSet&& set) override { sets.push_back(std::move(set)); }
  void catalog_record(CatalogRecord&& record) override { records.push_back(std::move(record)); }
  void skip(std::uint64_t line, std::string reason) override {
    skips.push_back({line, std::move(reason)});
  }

  std::vector<ElementSet> sets;
  std::vector<CatalogRecord> records;
  std::vector<Skip> skips;
};

}  // namespace gpq::test
