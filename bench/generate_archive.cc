// gpq_generate_archive: a realistic archive of element sets (archive_generator.h) from the
// real current sets of $GPQ_REAL_DATA/gp, written as OMM CSV for `gpq sync --from`, or
// straight into a database for the largest sizes.
//
//   gpq_generate_archive --sets 20000000 --db /tmp/gpq-bench/archive-20M.db
//   gpq_generate_archive --sets 1000000 --csv archive.csv && gpq sync --from archive.csv
//   gpq_generate_archive --sets 1000000 --later-days 30 --csv next-month.csv
//   gpq_generate_archive --sets 20000000 --created-after-hours 3 --db /tmp/gpq-bench/asof-20M.db
//     (every set carries a CREATION_DATE that many hours after its epoch, as Space-Track's
//     do, so that `--as-of` sees the archive grow as it was published)
//   gpq_generate_archive --sets 20000000 --reissued-per-thousand 5 --db archive-20M.db
//     (that many sets in a thousand are published again later with the same epoch and new
//     numbers, as Space-Track's refits are: the mirror keeps both versions)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "gpq/format.h"

#include "archive_generator.h"
#include "read_any.h"
#include "storage/database.h"
#include "storage/sync_runs.h"
#include "storage/writer.h"
#include "sync/upstream/parsed_body.h"

namespace gpq::bench {
namespace {

namespace fs = std::filesystem;

// The newest set of every object in the files of `dir`, in NORAD order.
std::vector<ElementSet> current_sets(const fs::path& dir) {
  std::map<std::int32_t, ElementSet> newest;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (!entry.is_regular_file()) {
      continue;
    }
    sync::ParsedBody body = sync::parse_body(read_any(entry.path()), DataSource::celestrak,
                                             TimePoint(), entry.path().string());
    for (ElementSet& set : body.sets) {
      auto [it, inserted] = newest.try_emplace(set.norad_id, set);
      if (!inserted && set.epoch > it->second.epoch) {
        it->second = std::move(set);
      }
    }
  }
  std::vector<ElementSet> sets;
  sets.reserve(newest.size());
  for (auto& [id, set] : newest) {
    sets.push_back(std::move(set));
  }
  return sets;
}

int usage() {
  fmt::print(stderr,
             "usage: gpq_generate_archive --sets N (--csv FILE | --db FILE) [--seed S]\n"
             "                            [--later-days D]   (end D days after the newest set)\n"
             "                            [--created-after-hours H]  (CREATION_DATE = EPOCH + H)\n"
             "                            [--reissued-per-thousand N]  (N sets in 1000 twice)\n"
             "       reads the current sets of $GPQ_REAL_DATA/gp\n");
  return 2;
}

int run(int argc, char** argv) {
  ArchiveOptions options;
  std::string csv;
  std::string db;
  double later_days = 0;
  std::optional<double> created_after_hours;
  std::int64_t reissued_per_thousand = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--sets") {
      options.target_sets = std::atoll(argv[i + 1]);
    } else if (flag == "--later-days") {
      later_days = std::atof(argv[i + 1]);
    } else if (flag == "--created-after-hours") {
      created_after_hours = std::atof(argv[i + 1]);
    } else if (flag == "--reissued-per-thousand") {
      reissued_per_thousand = std::atoll(argv[i + 1]);
    } else if (flag == "--seed") {
      options.seed = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (flag == "--csv") {
      csv = argv[i + 1];
    } else if (flag == "--db") {
      db = argv[i + 1];
    } else {
      return usage();
    }
  }
  const char* data = std::getenv("GPQ_REAL_DATA");
  if (data == nullptr || (csv.empty() == db.empty()) || options.target_sets <= 0) {
    return usage();
  }
  const std::vector<ElementSet> current = current_sets(fs::path(data) / "gp");
  if (later_days > 0) {
    // The archive ends that many days after the newest real epoch: the sets that a mirror
    // built without the option would get from the syncs of those days.
    for (const ElementSet& set : current) {
      options.end = std::max(options.end, set.epoch);
    }
    options.end = TimePoint::from_unix_micros(options.end.unix_micros() +
                                              static_cast<std::int64_t>(later_days * 86400e6));
  }
  // Each generated set, with its CREATION_DATE when asked for.
  const auto created = [&](const ElementSet& set) {
    ElementSet stamped = set;
    if (created_after_hours) {
      stamped.creation_date = TimePoint::from_unix_micros(
          set.epoch.unix_micros() + static_cast<std::int64_t>(*created_after_hours * 3600e6));
    }
    return stamped;
  };
  // Each generated set as published: once, or for the sets chosen by a hash of the object and
  // epoch (the same for --csv and --db), a second time five hours later with new numbers, as a
  // refit re-published under the same epoch is. The later version is the one answering.
  const auto published = [&](const ElementSet& set, const auto& take) {
    const ElementSet first = created(set);
    take(first);
    std::uint64_t mix = (static_cast<std::uint64_t>(set.norad_id) << 40) ^
                        static_cast<std::uint64_t>(set.epoch.unix_micros());
    mix = (mix ^ (mix >> 30)) * 0xbf58476d1ce4e5b9ULL;
    mix = (mix ^ (mix >> 27)) * 0x94d049bb133111ebULL;
    mix ^= mix >> 31;
    if (static_cast<std::int64_t>(mix % 1000) >= reissued_per_thousand) {
      return;
    }
    ElementSet refit = first;
    const TimePoint before = first.creation_date.value_or(set.epoch);
    refit.creation_date = TimePoint::from_unix_micros(before.unix_micros() + 5 * 3600'000'000LL);
    // New numbers in the places a TLE has: a refit moves the fit, not the format.
    refit.mean_anomaly = std::round(std::fmod(refit.mean_anomaly + 0.0013, 360.0) * 1e4) / 1e4;
    refit.eccentricity = std::round((refit.eccentricity + 1e-7) * 1e7) / 1e7;
    take(refit);
  };
  ArchiveShape shape;
  if (!csv.empty()) {
    std::ofstream out(csv, std::ios::binary);
    const auto writer = make_set_list_writer(Format::csv);
    std::string buffer;
    writer->begin(buffer);
    shape = generate_archive(current, options, [&](const ElementSet& set) {
      published(set, [&](const ElementSet& version) { writer->set(version, buffer); });
      if (buffer.size() > (1 << 20)) {
        out << buffer;
        buffer.clear();
      }
    });
    writer->end(buffer);
    out << buffer;
  } else {
    const auto database = storage::Database::open(db, storage::Database::Mode::read_write);
    storage::SyncRuns runs(*database);
    const TimePoint started = TimePoint::from_unix_micros(0);
    const std::int64_t run_id = runs.start_run("generator", started);
    std::vector<ElementSet> batch;
    storage::RunCounts counts;
    {
      storage::Writer writer(*database);
      const auto flush = [&] {
        const storage::WriteCounts written = writer.write_batch(batch, {}, run_id);
        counts.sets_added += written.added;
        batch.clear();
      };
      shape = generate_archive(current, options, [&](const ElementSet& set) {
        published(set, [&](const ElementSet& version) { batch.push_back(version); });
        if (batch.size() >= 200'000) {
          flush();
        }
      });
      flush();
    }
    runs.finish_run(run_id, storage::RunOutcome::ok, counts);
  }
  fmt::print(stderr, "{} sets of {} objects over {:.1f} days\n", shape.sets, shape.objects,
             shape.days);
  return 0;
}

}  // namespace
}  // namespace gpq::bench

int main(int argc, char** argv) {
  return gpq::bench::run(argc, argv);
}
