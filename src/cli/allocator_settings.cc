// jemalloc's settings for gpq-net, read by jemalloc itself at its first allocation (the
// MALLOC_CONF environment variable still overrides them): a background thread returns freed
// pages to the system within about a second (jemalloc's default waits ten), while the server
// is idle too, so that resident memory follows the live heap rather than the allocator's
// clock (docs/SERVE.md, "Memory").
extern "C" {
// NOLINTNEXTLINE(cppcoreguidelines-avoid-non-const-global-variables): jemalloc's interface
const char* malloc_conf = "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0";
}
