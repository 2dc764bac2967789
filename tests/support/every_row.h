// The paging of every row of a list, as the CLI asks for it without --page/--per-page.
#pragma once

#include "gpq/query.h"

namespace gpq::test {

inline Paging every_row() {
  Paging paging;
  paging.all = true;
  return paging;
}

}  // namespace gpq::test
