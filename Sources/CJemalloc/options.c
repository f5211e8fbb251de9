// jemalloc's options. jemalloc reads this variable when the process starts (before the
// MALLOC_CONF environment variable, which can still override it).
//
// dirty_decay_ms: how long pages a build has freed stay with the process before they are given
// back. The default, ten seconds, outlives a build, so its peak would hold everything ever freed
// (at 1,000 synthetic chapters a language 95 MB, against 94 MB with 300 ms, for no less time).
// Shorter costs time: each page given back is faulted in again when it is reused (100 ms took
// 4 % more CPU for 1 MB less, 10 ms 8 % more).
// narenas: one arena for all threads (the default is four per core). A build has a handful of
// threads on two cores; with one arena their freed blocks are reused by each other, which keeps
// the peak 2 MB lower at the same speed (docs/performance.md, session 32).
const char *malloc_conf = "narenas:1,dirty_decay_ms:300";
