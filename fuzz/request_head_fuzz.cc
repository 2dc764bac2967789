// The connection gate's judge of a request head (http/server/request_head.h), fed as the socket
// feeds it: bytes arrive in pieces, and what the gate decided on a prefix must hold when more
// arrives. A request judged whole on a prefix keeps its length; a refusal stays a refusal
// with its status; a whole request never claims more bytes than arrived.
#include <fmt/core.h>

#include "fuzz_input.h"
#include "http/server/request_head.h"

namespace {

using gpq::fuzz::broken;
using gpq::http::HeadJudgement;
using State = HeadJudgement::State;

// Small limits, so that inputs a few hundred bytes long reach every one of them.
constexpr gpq::http::HeadLimits kLimits{
    .line_bytes = 64, .head_bytes = 256, .header_count = 6, .body_bytes = 32};

void check_alone(const HeadJudgement& judgement, std::size_t size) {
  if (judgement.state == State::complete &&
      (judgement.request_bytes == 0 || judgement.request_bytes > size)) {
    broken(fmt::format("a whole request of {} bytes in {}", judgement.request_bytes, size));
  }
  if (judgement.state == State::refused && judgement.status != 400 && judgement.status != 414 &&
      judgement.status != 431) {
    broken(fmt::format("refused with {}", judgement.status));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = gpq::fuzz::as_text(data, size);
  const HeadJudgement whole = gpq::http::judge_request_head(bytes, kLimits);
  check_alone(whole, size);
  for (const std::size_t cut : {size / 3, size / 2, size - size / 4, size > 0 ? size - 1 : 0}) {
    const HeadJudgement early = gpq::http::judge_request_head(bytes.substr(0, cut), kLimits);
    check_alone(early, cut);
    if (early.state == State::complete &&
        (whole.state != State::complete || whole.request_bytes != early.request_bytes)) {
      broken(fmt::format("whole at {} of {} bytes, then not the same request with all {}",
                         early.request_bytes, cut, size));
    }
    if (early.state == State::refused &&
        (whole.state != State::refused || whole.status != early.status)) {
      broken(fmt::format("refused {} at {} bytes, then not with all {}", early.status, cut, size));
    }
  }
  return 0;
}
