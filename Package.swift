// swift-tools-version:6.1
import Foundation
import PackageDescription

let package = Package(
    name: "HandbookGen",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "HandbookGen", targets: ["HandbookGen"]),
        .library(name: "HandbookKit", targets: ["HandbookKit"]),
    ],
    dependencies: [
        // The rules.json types: a package of its own, so that tools reading the catalogue
        // depend on it alone (README, "rules.json").
        .package(path: "Packages/RulesCatalog"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // OpenCC, which writes a generated language (zh-Hant from zh-Hans) at build time.
        .systemLibrary(
            name: "COpenCC",
            pkgConfig: "opencc",
            providers: [.apt(["libopencc-dev"]), .brew(["opencc"])]
        ),
        // jemalloc, the executable's malloc on Linux (Debian's libjemalloc-dev): linked into the
        // executable, its malloc and free take the place of glibc's for the whole process,
        // runtime and libraries included; `options.c` sets its options. A build allocates and
        // frees millions of small blocks on two threads: jemalloc takes 6–15 % less of the
        // build's time than glibc's allocator, for the same peak memory (docs/performance.md,
        // session 32). macOS keeps its own allocator.
        .target(name: "CJemalloc", linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]),
        // Markdown through cmark-gfm: the only target that calls into CCmark, and the Markdown
        // model it gives (blocks, inlines, cross-links, source positions).
        .target(name: "HandbookMarkdown", dependencies: ["CCmark", "TextBytes"]),
        // The project's Mustache engine: parser and renderer, on nothing but Foundation.
        .target(name: "TemplateEngine"),
        // Text as UTF-8 bytes, shared by the targets above and below: searches and trims of
        // strings, scalar decoding, eight-bytes-at-a-time tests, and JSON written straight into
        // bytes (rules.json, the search index's scripts).
        .target(name: "TextBytes"),
        // The search index's format and its ranking, the Swift side of templates/assets/search/:
        // what the generator writes and what `rules` and the MCP server read and rank, apart
        // from the handbook's model.
        .target(
            name: "HandbookSearch",
            dependencies: ["TextBytes", .product(name: "RulesCatalog", package: "RulesCatalog")]
        ),
        .target(
            name: "HandbookKit",
            dependencies: [
                "COpenCC",
                "HandbookMarkdown",
                "HandbookSearch",
                "TextBytes",
                .product(name: "RulesCatalog", package: "RulesCatalog"),
                "TemplateEngine",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The Model Context Protocol server over the catalogue (`HandbookGen mcp`).
        .target(
            name: "HandbookMCP",
            dependencies: [
                "HandbookKit",
                "HandbookSearch",
                .product(name: "RulesCatalog", package: "RulesCatalog"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The live preview (`HandbookGen serve`): rebuilds on change, reloads open pages.
        .target(
            name: "HandbookServe",
            dependencies: [
                "HandbookKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "HandbookGen",
            dependencies: [
                "HandbookKit",
                "HandbookSearch",
                "HandbookMCP",
                "HandbookServe",
                .target(name: "CJemalloc", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "HandbookGenTests",
            dependencies: [
                "HandbookKit", "HandbookMarkdown", "HandbookSearch", "TextBytes",
                .product(name: "RulesCatalog", package: "RulesCatalog"), "HandbookMCP", "HandbookServe",
                "TemplateEngine",
                // The reference the template engine is compared with.
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["Fixtures", "Golden", "GoldenThreeLanguages"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer target exists only for scripts/fuzz.sh, which builds it with -sanitize=fuzzer:
// without that flag it has no main and would not link.
if ProcessInfo.processInfo.environment["HANDBOOKGEN_FUZZ"] == "1" {
    package.targets.append(.executableTarget(name: "HandbookFuzz", dependencies: ["HandbookKit"], path: "Fuzz/HandbookFuzz"))
}
