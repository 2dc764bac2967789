// Streams the leaf objects (objects holding no object or array) out of a JSON
// document of any size: `[{...},{...}]` or `{"data":[{...}]}` alike, one at a time.
// An object inside an array that holds an object or array is reported as a problem.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

#include "sync/input.h"

namespace gpq::sync {

struct JsonObjectSplitterLimits {
  std::size_t max_object_bytes = 1 << 20;
};

// Calls `object(bytes, line)` for every leaf object, `line` being the 1-based line where it
// starts, and `problem(line, why)` for one that is too large, not flat, or cut off at the end.
void split_json_objects(ByteStream& in,
                        const std::function<void(std::string_view, std::uint64_t)>& object,
                        const std::function<void(std::uint64_t, std::string_view)>& problem,
                        JsonObjectSplitterLimits limits = {});

}  // namespace gpq::sync
