// swift-tools-version:6.1
import PackageDescription

// The rules.json and glossary.json types, as a package of their own: a tool that reads the
// catalogue depends on this package alone and resolves nothing else (the generator, at the
// repository's root, uses it from here).
let package = Package(
    name: "RulesCatalog",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "RulesCatalog", targets: ["RulesCatalog"]),
    ],
    targets: [
        .target(
            name: "RulesCatalog",
            resources: [.copy("rules.schema.json"), .copy("glossary.schema.json")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
