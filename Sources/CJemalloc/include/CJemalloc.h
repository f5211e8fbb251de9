// Nothing to call. Linking this target (Linux only, Package.swift) makes jemalloc the process's
// malloc, and options.c gives its options.
