// The coverage an answer includes when asked (`include=coverage`, `--coverage`), at the instant
// its question names (docs/DECISIONS.md "Coverage"): now, or the `as_of` instant, for the
// searches; the epoch of a snapshot (else now) and of the catalog's states. Conjunctions name
// their window's start, which the screening resolves: answering.coverage(page.from).
#pragma once

#include <optional>

#include "gpq/conjunction_query.h"
#include "gpq/orbit_query.h"
#include "gpq/query_service.h"
#include "gpq/request.h"

namespace gpq {

inline TimePoint coverage_instant(const GpFilter&, const QueryService& answering) {
  return answering.now();
}
inline TimePoint coverage_instant(const CatalogFilter&, const QueryService& answering) {
  return answering.now();
}
inline TimePoint coverage_instant(const SnapshotQuery& query, const QueryService& answering) {
  return query.epoch.value_or(answering.now());
}
inline TimePoint coverage_instant(const CatalogStateQuery& query, const QueryService&) {
  return query.epoch;
}

// The request's coverage when it asked for it, else none.
template <typename Query>
std::optional<Coverage> coverage_for(const BoundRequest<Query>& bound,
                                     const QueryService& answering) {
  if (!bound.coverage) {
    return std::nullopt;
  }
  return answering.coverage(coverage_instant(bound.query, answering));
}

// A screening's: at the window's start as the screening resolved it.
inline std::optional<Coverage> coverage_for(const BoundRequest<ConjunctionQuery>& bound,
                                            const QueryService& answering,
                                            const ConjunctionPage& page) {
  if (!bound.coverage) {
    return std::nullopt;
  }
  return answering.coverage(page.from);
}

}  // namespace gpq
