// In-process latency of the query core over a real mirror file:
//
//   GPQ_BENCH_DB=/tmp/gpq-bench/base-10000000.db build/bench/gpq_query_bench
//   --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// The *AsOf benchmarks ask the same as of the middle of the first object's history; on a
// mirror whose sets carry a CREATION_DATE after their epoch (gpq_generate_archive
// --created-after-hours 3) they walk back past the sets published after that instant.
//
// Each benchmark asks for an object picked in turn from a fixed list, so the figures
// are not one hot B-tree path. Times include rendering to JSON, as a front end does.
#include <benchmark/benchmark.h>
#include <cstdlib>
#include <memory>
#include <optional>
#include <vector>

#include "gpq/as_of.h"
#include "gpq/error.h"
#include "gpq/format.h"
#include "gpq/query_service.h"

#include "events/set_quality.h"
#include "storage/sqlite_store.h"

namespace gpq::bench {
namespace {

struct Mirror {
  std::unique_ptr<storage::SqliteStore> store;
  std::unique_ptr<QueryService> core;
  std::unique_ptr<AsOfCore> then;  // as of `middle`
  std::vector<std::int32_t> ids;
  TimePoint middle;  // an epoch inside every object's history
};

Mirror& mirror() {
  static Mirror m = [] {
    const char* path = std::getenv("GPQ_BENCH_DB");
    Mirror made;
    made.store =
        storage::SqliteStore::open(path != nullptr ? path : "/tmp/gpq-bench/base-10000000.db");
    made.core = std::make_unique<QueryService>(*made.store);
    Paging all;
    all.all = true;
    std::vector<std::int32_t> every;
    std::int64_t newest = 0;
    made.core->search({}, all, [&](const ElementSet& set) {
      every.push_back(set.norad_id);
      newest = std::max(newest, set.epoch.unix_micros());
    });
    for (std::size_t i = 0; i < every.size(); i += std::max<std::size_t>(1, every.size() / 997)) {
      made.ids.push_back(every[i]);
    }
    const RangeInfo range = made.core->range(made.ids.front());
    made.middle = TimePoint::from_unix_micros(
        (range.earliest_epoch.unix_micros() + range.latest_epoch.unix_micros()) / 2);
    made.then = std::make_unique<AsOfCore>(*made.store, made.middle);
    return made;
  }();
  return m;
}

std::int32_t next_id(std::size_t& i) {
  const auto& ids = mirror().ids;
  return ids[i++ % ids.size()];
}

void BM_Latest(benchmark::State& state) {
  std::size_t i = 0;
  std::string out;
  for (auto _ : state) {
    out.clear();
    write_set(Format::json, mirror().core->latest(next_id(i)), out);
    benchmark::DoNotOptimize(out.data());
  }
}

void BM_Nearest(benchmark::State& state) {
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(mirror().core->nearest({next_id(i), mirror().middle}));
  }
}

void BM_LatestAsOf(benchmark::State& state) {
  std::size_t i = 0;
  std::string out;
  for (auto _ : state) {
    out.clear();
    try {
      write_set(Format::json, mirror().then->core().latest(next_id(i)), out);
    } catch (const Error& error) {
      if (error.code() != Errc::not_found) {  // an object not yet known then
        throw;
      }
    }
    benchmark::DoNotOptimize(out.data());
  }
}

void BM_NearestAsOf(benchmark::State& state) {
  std::size_t i = 0;
  const TimePoint day_before =
      TimePoint::from_unix_micros(mirror().middle.unix_micros() - kMicrosPerDay);
  for (auto _ : state) {
    try {
      benchmark::DoNotOptimize(mirror().then->core().nearest({next_id(i), day_before}));
    } catch (const Error& error) {
      if (error.code() != Errc::not_found) {
        throw;
      }
    }
  }
}

void BM_Adjacent(benchmark::State& state) {
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(mirror().core->adjacent({next_id(i), mirror().middle}));
  }
}

void BM_Range(benchmark::State& state) {
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(mirror().core->range(next_id(i)));
  }
}

// One set of a page, with its flags when a judge is given (`include=quality`).
void add(SetPageWriter& writer, events::SetQualityJudge* judge, const ElementSet& set,
         std::string& out) {
  if (judge != nullptr) {
    writer.set(set, judge->flags(set), out);
  } else {
    writer.set(set, out);
  }
}

// A page of current sets (/gp, the page's search), with their flags judged now when
// state.range(0) is 1.
void BM_CurrentPage500(benchmark::State& state) {
  const bool quality = state.range(0) == 1;
  Paging paging;
  paging.per_page = 500;
  std::int64_t page_number = 0;
  std::string out;
  for (auto _ : state) {
    paging.page = 1 + page_number++ % 30;  // another 500 objects each time
    out.clear();
    AnswerStyle style;
    style.quality = quality;
    SetPageWriter writer(Format::json, style);
    events::SetQualityJudge judge(*mirror().core, system_now());
    writer.begin(out);
    const PageInfo page = mirror().core->search({}, paging, [&](const ElementSet& set) {
      add(writer, quality ? &judge : nullptr, set, out);
    });
    writer.end(page, {}, nullptr, out);
    benchmark::DoNotOptimize(out.data());
  }
}

// A page of 500 of one object's sets, each with its flags (`include=quality`) when `quality`.
void history_pages(benchmark::State& state, bool quality) {
  std::size_t i = 0;
  std::string out;
  Paging paging;
  paging.per_page = 500;
  AnswerStyle style;
  style.quality = quality;
  for (auto _ : state) {
    out.clear();
    SetPageWriter writer(Format::json, style);
    events::SetQualityJudge judge(*mirror().core, std::nullopt);
    writer.begin(out);
    HistoryMeta meta;
    const PageInfo page = mirror().core->history(
        {next_id(i), std::nullopt, std::nullopt, SourceFilter::all}, paging,
        [&](const ElementSet& set) { add(writer, quality ? &judge : nullptr, set, out); }, &meta);
    writer.end(page, {}, &meta, out);
    benchmark::DoNotOptimize(out.data());
  }
}

// A page of 500 of the snapshot at a new epoch each time (no cached snapshot answers it), the
// flags judged at that epoch when `quality`; with `as_of`, the snapshot as known at that epoch,
// through a view made for each page as a front end makes one for each request.
void snapshot_pages(benchmark::State& state, bool quality, bool as_of = false) {
  Paging paging;
  paging.per_page = 500;
  AnswerStyle style;
  style.quality = quality;
  std::int64_t shift = 0;
  std::string out;
  for (auto _ : state) {
    const SnapshotQuery query{TimePoint::from_unix_micros(mirror().middle.unix_micros() + shift),
                              std::nullopt, std::nullopt, std::nullopt};
    shift += 1'000'000;
    out.clear();
    SetPageWriter writer(Format::json, style);
    events::SetQualityJudge judge(*mirror().core, *query.epoch);
    std::optional<AsOfCore> then;
    if (as_of) {
      then.emplace(*mirror().store, *query.epoch);
    }
    const QueryService& core = as_of ? then->core() : *mirror().core;
    writer.begin(out);
    try {
      const PageInfo page = core.snapshot(query, paging, [&](const ElementSet& set) {
        add(writer, quality ? &judge : nullptr, set, out);
      });
      writer.end(page, {}, nullptr, out);
    } catch (const Error& error) {
      // As of an instant before anything was published (a mirror whose sets carry no
      // CREATION_DATE was all published when it was made): an empty snapshot, NotFound.
      if (error.code() != Errc::not_found) {
        throw;
      }
    }
    benchmark::DoNotOptimize(out.data());
  }
}

void BM_HistoryPage500(benchmark::State& state) {
  history_pages(state, false);
}
void BM_HistoryPage500Quality(benchmark::State& state) {
  history_pages(state, true);
}
void BM_SnapshotPage500(benchmark::State& state) {
  snapshot_pages(state, false);
}
void BM_SnapshotPage500Quality(benchmark::State& state) {
  snapshot_pages(state, true);
}
void BM_SnapshotPage500AsOf(benchmark::State& state) {
  snapshot_pages(state, false, true);
}

// An answer's coverage (`include=coverage`): state.range(0) 0 at now (a search's, from memory),
// 1 at a past instant, a new one each time (a snapshot's, reading the sets around it where
// they lie on both sides), 2 that as known at that instant (a view each time, as a front end
// makes one per request). It counts SATCAT's objects in orbit: on a mirror without SATCAT
// there is nothing to count (docs/PERFORMANCE.md "Coverage" imports it into a copy).
void BM_Coverage(benchmark::State& state) {
  const std::int64_t mode = state.range(0);
  std::int64_t shift = 0;
  for (auto _ : state) {
    const TimePoint instant = TimePoint::from_unix_micros(mirror().middle.unix_micros() + shift);
    shift += 1'000'000;
    Coverage coverage;
    if (mode == 0) {
      coverage = mirror().core->coverage(system_now());
    } else if (mode == 1) {
      coverage = mirror().core->coverage(instant);
    } else {
      const AsOfCore then(*mirror().store, instant);
      coverage = then.core().coverage(instant);
    }
    benchmark::DoNotOptimize(coverage.within_1_day);
    state.counters["on_orbit"] = static_cast<double>(coverage.on_orbit);
  }
}

void BM_NameSearch(benchmark::State& state) {
  Paging paging;
  for (auto _ : state) {
    GpFilter filter;
    filter.search = "SAT 12";
    std::int64_t rows = 0;
    try {
      mirror().core->search(filter, paging, [&](const ElementSet&) { ++rows; });
    } catch (const Error& error) {
      // A name no object has is NotFound: the search was done all the same.
      if (error.code() != Errc::not_found) {
        throw;
      }
    }
    benchmark::DoNotOptimize(rows);
  }
}

BENCHMARK(BM_Latest)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Nearest)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LatestAsOf)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_NearestAsOf)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Adjacent)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Range)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_HistoryPage500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SnapshotPage500)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_SnapshotPage500Quality)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_SnapshotPage500AsOf)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_HistoryPage500Quality)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CurrentPage500)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NameSearch)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Coverage)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gpq::bench

BENCHMARK_MAIN();
