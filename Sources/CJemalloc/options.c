// jemalloc's options. jemalloc reads this variable when the process starts (before the
// MALLOC_CONF environment variable, which can still override it).
//
// dirty_decay_ms: how long pages a build has freed stay with the process before they are given
// back. The default, ten seconds, outlives a build, so the peak memory would hold everything
// ever freed; 10 ms keeps the peak where glibc's allocator had it (92–93 MB at 1,000 synthetic
// chapters a language; docs/performance.md, session 32) at no measurable cost in time.
const char *malloc_conf = "dirty_decay_ms:10";
