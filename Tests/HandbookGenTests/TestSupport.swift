import Foundation
import Testing
@testable import HandbookKit

/// A copy of the fixture handbook in a fresh temporary folder, with the repo's templates.
struct FixtureHandbook {
    let root: URL
    /// The standard two, or those of the three-language fixture's handbook.yaml.
    var languages = HandbookLanguages.standard

    static var repoRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var fixtureContent: URL {
        repoRoot.appendingPathComponent("Tests/HandbookGenTests/Fixtures/handbook/content")
    }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("handbookgen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtureContent, to: root.appendingPathComponent("content"))
        try FileManager.default.copyItem(at: Self.repoRoot.appendingPathComponent("templates"),
                                         to: root.appendingPathComponent("templates"))
        try FileManager.default.copyItem(at: Self.fixtureContent.deletingLastPathComponent().appendingPathComponent("baseline.json"),
                                         to: root.appendingPathComponent("baseline.json"))
    }

    /// The fixture with a third language, Traditional Chinese (`Fixtures/handbook-zh-Hant`): its
    /// content folder beside the other two, its translation lock, and its handbook.yaml's languages.
    static func threeLanguages() throws -> FixtureHandbook {
        var fixture = try FixtureHandbook()
        let addition = repoRoot.appendingPathComponent("Tests/HandbookGenTests/Fixtures/handbook-zh-Hant")
        try FileManager.default.copyItem(at: addition.appendingPathComponent("content/zh-Hant"),
                                         to: fixture.content.appendingPathComponent("zh-Hant"))
        try FileManager.default.removeItem(at: fixture.content.appendingPathComponent(TranslationLock.fileName))
        try FileManager.default.copyItem(at: addition.appendingPathComponent("content/\(TranslationLock.fileName)"),
                                         to: fixture.content.appendingPathComponent(TranslationLock.fileName))
        var log = DiagnosticLog()
        let configuration = HandbookConfiguration.load(path: addition.appendingPathComponent("handbook.yaml").path, log: &log)
        #expect(log.diagnostics.isEmpty)
        fixture.languages = configuration.handbookLanguages
        return fixture
    }

    var content: URL { root.appendingPathComponent("content") }
    var output: URL { root.appendingPathComponent("_site") }

    var configuration: BuildConfiguration {
        // The fixture's baseline differs from it in one rule's title, so the changelog has an
        // unreleased change to show.
        BuildConfiguration(contentPath: content.path, templatesPath: root.appendingPathComponent("templates").path,
                           outputPath: output.path, baselinePath: root.appendingPathComponent("baseline.json").path,
                           languages: languages)
    }

    func build() async -> HandbookBuilder.Outcome {
        await HandbookBuilder(configuration: configuration).build()
    }

    /// Validates without writing.
    func check() async -> HandbookBuilder.Outcome {
        await HandbookBuilder(configuration: configuration).check()
    }

    func write(_ relativePath: String, _ text: String) throws {
        let url = content.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relativePath: String) throws -> String {
        try String(contentsOf: content.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// Replaces the first occurrence of `old` in a content file.
    func edit(_ relativePath: String, replacing old: String, with new: String) throws {
        let text = try read(relativePath)
        precondition(text.contains(old), "fixture \(relativePath) does not contain \(old)")
        try write(relativePath, text.replacingOccurrences(of: old, with: new, options: [], range: text.range(of: old)))
    }

    /// Every file of the output folder with its bytes, by relative path.
    func snapshot() throws -> [String: Data] {
        try Self.snapshot(of: output)
    }

    static func snapshot(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return files }
        for case let url as URL in enumerator
        where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            files[relative] = try Data(contentsOf: url)
        }
        return files
    }

    /// Diagnostics as printed, with the temporary folder removed from paths.
    func lines(_ outcome: HandbookBuilder.Outcome) -> [String] {
        outcome.diagnostics.map { $0.description.replacingOccurrences(of: root.path + "/", with: "") }
    }

    /// Builds the fixture once (the "previous site"), breaks it with `mutate`, builds again, and
    /// returns the diagnostics of the failed build after checking that the old site is untouched
    /// and no staging folder is left.
    static func failingBuild(_ mutate: (FixtureHandbook) throws -> Void) async throws -> [String] {
        let fixture = try FixtureHandbook()
        #expect(await fixture.build().succeeded)
        let before = try fixture.snapshot()
        try mutate(fixture)
        let outcome = await fixture.build()
        #expect(!outcome.succeeded)
        #expect(try fixture.snapshot() == before, "the previous site changed")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0.contains(".staging-") }
        #expect(leftovers.isEmpty, "staging folders left behind: \(leftovers)")
        return fixture.lines(outcome)
    }
}
