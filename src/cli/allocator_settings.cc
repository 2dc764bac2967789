// jemalloc's settings for gpq-net, read by jemalloc itself at its first allocation (the
// MALLOC_CONF environment variable still overrides them): a background thread returns freed
// pages to the system as they age, while the server is idle too (docs/SERVE.md, "Memory").
extern "C" {
// NOLINTNEXTLINE(cppcoreguidelines-avoid-non-const-global-variables): jemalloc's interface
const char* malloc_conf = "background_thread:true";
}
