// A request's query parameters as the core binds them, and as pagination links repeat them.
#pragma once

#include <string>

#include <httplib.h>

#include "gpq/request.h"

namespace gpq::http {

// The parameters httplib decoded from the query string (the first of repeated names wins),
// plus kAcceptKey from the Accept header when the query has no `accept` of its own.
Params request_params(const httplib::Request& req);

// The query string of the parameters as received, percent-encoded again (httplib hands them
// over decoded), for pagination links.
std::string encoded_query(const httplib::Params& params);

}  // namespace gpq::http
