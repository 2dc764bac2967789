// The primary sweep, for a few primaries against many objects: every primary at every sample,
// each other object only at the samples where it could be within reach of one. At a sample
// where an object is D from a primary, the two come no closer than D - (s_o + s_p) tau within
// tau seconds (s: the speed bounds of their radial bands, sweep_bounds.h), so the object is
// next looked at in the first sample whose interval reaches past t + min over primaries of
// (D - d) / (s_o + s_p). The primaries are paired with each other at every sample. Following
// the archive, an object is looked at only while its set is current, and an object is due again
// no later than the sample where a primary's next set becomes current.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "orbit/approach_refine.h"
#include "orbit/sgp4_batch.h"
#include "orbit/sweep.h"
#include "orbit/sweep_bounds.h"

namespace gpq::orbit {
namespace {

class PrimarySweep {
 public:
  PrimarySweep(std::span<const ScreeningObject> objects, std::span<const RadialBand> bands,
               const ScreeningWindow& window, std::uint32_t begin, std::uint32_t end)
      : objects_(objects),
        bands_(bands),
        window_(window),
        grid_(window, kPrimaryStepSeconds),
        begin_(begin),
        end_(end),
        due_(end > begin ? end - begin : 0),
        speed_(objects.size()),
        offset_(objects.size()),
        cursor_(objects.size()),
        position_(objects.size()),
        velocity_(objects.size()),
        acceleration_(objects.size()),
        valid_(objects.size()),
        has_failed_(objects.size()) {
    for (std::uint32_t i = 0; i < objects.size(); ++i) {
      speed_[i] = speed_bound(bands[i]);
      offset_[i] = minutes_between(window.from, objects[i].epoch);
      if (objects[i].primary) {
        primaries_.push_back(i);
      } else {
        const std::uint32_t first = std::max(begin, grid_.sample_holding(objects[i].from_seconds));
        if (first < end && objects[i].current_within(grid_.lower(first), grid_.upper(first))) {
          due_[first - begin].push_back(i);
        }
      }
    }
  }

  void run() {
    for (std::uint32_t k = begin_; k < end_; ++k) {
      std::vector<std::uint32_t>& due = due_[k - begin_];
      current_primaries_.clear();
      for (const std::uint32_t p : primaries_) {
        if (objects_[p].current_within(grid_.lower(k), grid_.upper(k))) {
          current_primaries_.push_back(p);
        }
      }
      take_states(k, due);
      const double before = grid_.at(k) - grid_.lower(k);
      const double after = grid_.upper(k) - grid_.at(k);
      for (std::size_t a = 0; a < current_primaries_.size(); ++a) {
        for (std::size_t b = a + 1; b < current_primaries_.size(); ++b) {
          consider(current_primaries_[a], current_primaries_[b], before, after);
        }
      }
      for (const std::uint32_t object : due) {
        look_at(object, k, before, after);
      }
      due.clear();
      due.shrink_to_fit();
      refine_pending(objects_, window_, grid_, k, pending_, part);
    }
  }

  SweepPart part;

 private:
  // The states of the current primaries and of the objects due at sample k.
  void take_states(std::uint32_t k, const std::vector<std::uint32_t>& due) {
    batch_.assign(current_primaries_.begin(), current_primaries_.end());
    batch_.insert(batch_.end(), due.begin(), due.end());
    const double seconds = grid_.at(k);
    sets_.resize(batch_.size());
    minutes_.resize(batch_.size());
    cursors_.resize(batch_.size());
    results_.resize(batch_.size());
    for (std::size_t n = 0; n < batch_.size(); ++n) {
      const std::uint32_t i = batch_[n];
      sets_[n] = objects_[i].propagator;
      minutes_[n] = offset_[i] + seconds / 60;
      cursors_[n] = &cursor_[i];
    }
    propagate_batch(sets_, minutes_, cursors_, results_);
    for (std::size_t n = 0; n < batch_.size(); ++n) {
      const std::uint32_t i = batch_[n];
      const Sgp4Result& r = results_[n];
      valid_[i] = r.error == Sgp4Error::none;
      if (!valid_[i]) {
        if (!has_failed_[i]) {
          has_failed_[i] = 1;
          part.failed.push_back(i);
        }
        continue;
      }
      position_[i] = r.state.position_km;
      velocity_[i] = r.state.velocity_km_s;
      const auto& p = position_[i];
      const auto& v = velocity_[i];
      acceleration_[i] = acceleration_bound(std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]),
                                            std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]),
                                            kPrimaryStepSeconds / 2);
    }
  }

  bool screened_as_pair(std::uint32_t i, std::uint32_t j) const {
    return pairable(objects_[i], objects_[j]) &&
           bands_[i].overlaps(bands_[j], window_.threshold_km);
  }

  // Pairs i and j for sample k's bracket when they may come within the threshold in it.
  void consider(std::uint32_t i, std::uint32_t j, double before, double after) {
    if (!valid_[i] || !valid_[j] || !screened_as_pair(i, j)) {
      return;
    }
    if (may_come_within(difference(position_[j], position_[i]),
                        difference(velocity_[j], velocity_[i]), acceleration_[i] + acceleration_[j],
                        before, after, window_.threshold_km)) {
      pending_.push_back({std::min(i, j), std::max(i, j)});
    }
  }

  // An object due at sample k: paired with each primary it may meet in k's bracket, and due
  // again at the first sample it could be within reach of one.
  void look_at(std::uint32_t object, std::uint32_t k, double before, double after) {
    if (objects_[object].to_seconds <= grid_.lower(k)) {
      return;  // its set is no longer current (the next one is an object of its own)
    }
    double reach_seconds = std::numeric_limits<double>::infinity();
    for (const std::uint32_t primary : primaries_) {
      if (!screened_as_pair(object, primary)) {
        continue;
      }
      const ScreeningObject& p = objects_[primary];
      if (!p.current_within(grid_.lower(k), grid_.upper(k))) {
        if (p.from_seconds >= grid_.upper(k)) {  // becomes current later: look again then
          reach_seconds = std::min(reach_seconds, p.from_seconds - grid_.at(k));
        }
        continue;
      }
      if (!valid_[object] || !valid_[primary]) {
        reach_seconds = 0;  // no state to bound anything with: look again at the next sample
        continue;
      }
      consider(object, primary, before, after);
      const std::array<double, 3> d = difference(position_[object], position_[primary]);
      const double distance = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      const double closing_speed = speed_[object] + speed_[primary];
      reach_seconds = std::min(reach_seconds, (distance - window_.threshold_km) / closing_speed);
    }
    if (!(reach_seconds < std::numeric_limits<double>::infinity())) {
      return;  // no primary it can be paired with, or none it can ever reach
    }
    // The sample whose interval holds t + reach_seconds, and never k itself again.
    const std::uint32_t next = std::min(
        end_, std::max(k + 1, grid_.sample_holding(grid_.at(k) + std::max(reach_seconds, 0.0))));
    if (next < end_) {
      due_[next - begin_].push_back(object);
    }
  }

  static std::array<double, 3> difference(const std::array<double, 3>& a,
                                          const std::array<double, 3>& b) {
    return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
  }

  std::span<const ScreeningObject> objects_;
  std::span<const RadialBand> bands_;
  ScreeningWindow window_;
  SampleGrid grid_;
  std::uint32_t begin_;
  std::uint32_t end_;
  std::vector<std::uint32_t> primaries_;
  std::vector<std::uint32_t> current_primaries_;  // those whose set is current at the sample
  // due_[k - begin_]: the other objects to look at in sample k.
  std::vector<std::vector<std::uint32_t>> due_;
  std::vector<double> speed_;
  std::vector<double> offset_;
  std::vector<ResonanceCursor> cursor_;
  std::vector<std::array<double, 3>> position_;
  std::vector<std::array<double, 3>> velocity_;
  std::vector<double> acceleration_;
  std::vector<char> valid_;
  std::vector<char> has_failed_;
  // One sample's batch for propagate_batch.
  std::vector<std::uint32_t> batch_;
  std::vector<const Sgp4Propagator*> sets_;
  std::vector<double> minutes_;
  std::vector<ResonanceCursor*> cursors_;
  std::vector<Sgp4Result> results_;
  std::vector<Candidate> pending_;
};

}  // namespace

SweepPart sweep_from_primaries(std::span<const ScreeningObject> objects,
                               std::span<const RadialBand> bands, const ScreeningWindow& window,
                               std::uint32_t begin, std::uint32_t end) {
  PrimarySweep sweep(objects, bands, window, begin, end);
  sweep.run();
  return std::move(sweep.part);
}

}  // namespace gpq::orbit
