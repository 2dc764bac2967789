// "Where is it" over the query core: which element set answers for an instant (the archive's
// choice, QueryService's nearest rule), its state in a frame, ephemerides that follow the
// archive from set to set, and passes over an observer. The CLI and the HTTP API call these
// and nothing else, as they call QueryService for the sets themselves (docs/ORBIT.md).
#pragma once

#include <functional>
#include <optional>
#include <span>

#include "gpq/conjunction_query.h"
#include "gpq/orbit_query.h"
#include "gpq/query_service.h"

#include "orbit/archive_track.h"

namespace gpq::orbit {

using PointVisitor = std::function<void(const OrbitPoint&)>;
using SegmentVisitor = std::function<void(const SetUse&)>;
// Rows of the catalog's states in order, a chunk at a time.
using CatalogStateVisitor = std::function<void(std::span<const CatalogStateRow>)>;
// The events of one page of conjunctions, in the query's order.
using ConjunctionVisitor = std::function<void(std::span<const ConjunctionEvent>)>;

// One page of an ephemeris: its plan (known before any point is computed, so that a writer can
// head each set's segment) and the points, computed as they are visited.
class Ephemeris {
 public:
  const EphemerisPlan& plan() const { return plan_; }
  // The page's points in time order, each run of points from one set after that run's
  // SetUse (plan().sets). Throws Error{unprocessable} at the first instant SGP4 cannot answer.
  // Not thread-safe (the sets' propagators are prepared on first use).
  void run(const SegmentVisitor& segment, const PointVisitor& point) const;

 private:
  friend class OrbitService;
  EphemerisPlan plan_;
  std::optional<ArchiveTrack> track_;
};

class OrbitService {
 public:
  // `core` must outlive the service. Thread-safe when `core` is.
  explicit OrbitService(const QueryService& core) : core_(core) {}

  // Every call throws Error{not_found} when the object has no set at all, and
  // Error{bad_request} when an instant is outside the archive (no set within
  // kMaxPropagationDays; with SetChoice::before, no set at or before it), after the object's
  // decay (SATCAT's DECAY_DATE, the day after it and later), and Error{unprocessable} where
  // SGP4 fails or the set that answers an instant is no SGP4 set (its EPHEMERIS_TYPE: SGP4-XP's
  // 4 and others, require_sgp4_set); an ephemeris checks every instant's set (not SGP4 itself)
  // before its first point.
  StateAnswer state(const StateQuery& query) const;
  Ephemeris ephemeris(const EphemerisQuery& query, const Paging& paging) const;
  PassList passes(const PassQuery& query) const;

  // The catalog's states (src/orbit/catalog_state.cc): the page `paging` asks of the members
  // of the snapshot at query.epoch (QueryService::snapshot: /gp/epoch's members, filters and
  // order), each propagated from the set the snapshot names, its nearest. One object never
  // fails the answer: a row whose set is more than kMaxPropagationDays from the instant, or
  // where SGP4 gives no state or must not propagate the set (its EPHEMERIS_TYPE), carries the
  // reason instead. Throws only what
  // QueryService::snapshot throws.
  CatalogStatePage catalog_state(const CatalogStateQuery& query, const Paging& paging,
                                 const CatalogStateVisitor& visit) const;

  // Conjunctions (src/orbit/conjunctions.cc, docs/CONJUNCTIONS.md): the members of the
  // snapshot at query.from, each propagated from the set the snapshot names, screened over
  // [from, to]; the page `paging` asks of every approach under the threshold, in the query's
  // order. Objects whose set is more than kMaxPropagationDays from the window's start, or no
  // SGP4 set, are left out and counted. Throws only what QueryService::snapshot throws.
  ConjunctionPage conjunctions(const ConjunctionQuery& query, const Paging& paging,
                               const ConjunctionVisitor& visit) const;

 private:
  ElementSet chosen_set(const StateQuery& query) const;
  // The sets answering for instants in [start, end]: those within it and the nearest outside
  // on either side.
  ArchiveTrack track_over(std::int32_t norad_id, TimePoint start, TimePoint end) const;
  void check_age(const ElementSet& set, TimePoint t) const;
  void check_not_decayed(std::int32_t norad_id, TimePoint t) const;
  [[noreturn]] void outside_archive(std::int32_t norad_id, TimePoint t, std::string_view problem,
                                    std::string_view advice) const;

  const QueryService& core_;
};

}  // namespace gpq::orbit
