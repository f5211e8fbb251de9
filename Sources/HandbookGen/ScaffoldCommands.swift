import ArgumentParser
import Foundation
import HandbookKit

/// `HandbookGen init DIR`: a handbook of one's own that builds and checks clean at once.
struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a new handbook in a folder: configuration, one part and chapter per language, templates.",
        discussion: "Then: cd DIR && HandbookGen build")

    @Argument(help: "The folder to create (it must not exist or be empty).")
    var folder: String

    @Option(name: .long, help: "The templates to copy (default: ./templates, else the ones beside this program).")
    var templates: String?

    func run() async throws {
        let fileManager = FileManager.default
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        if let existing = try? fileManager.contentsOfDirectory(atPath: root.path), !existing.isEmpty {
            throw ValidationError("'\(folder)' is not empty; choose a new folder")
        }
        guard let source = Self.templatesSource(templates) else {
            throw ValidationError("cannot find the templates to copy; pass --templates PATH")
        }
        let configuration = HandbookConfiguration()
        try write(Scaffold.handbook(configuration: configuration), under: root)
        try fileManager.copyItem(at: source, to: root.appendingPathComponent(configuration.templates))
        print("Created a handbook in \(folder)/. Next: cd \(folder) && HandbookGen build")
    }

    /// The templates folder: the one given, `templates` here, or the one a release ships beside
    /// the program (`bin/HandbookGen` and `templates/`).
    static func templatesSource(_ given: String?) -> URL? {
        let fileManager = FileManager.default
        var candidates = [given, "templates"].compactMap { $0 }.map { URL(fileURLWithPath: $0) }
        let program = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(program.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("templates"))
        return candidates.first { fileManager.fileExists(atPath: $0.appendingPathComponent("layout.mustache").path) }
    }
}

/// `HandbookGen new chapter PART/ID`, `HandbookGen new part PART`.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add a chapter or a part in every language of the handbook.",
        subcommands: [NewChapter.self, NewPart.self])
}

struct NewChapter: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapter",
        abstract: "Write a chapter in every language, with matching anchors and a first rule, and record it for translation tracking.")

    @OptionGroup var sources: SourceOptions

    @Argument(help: "The chapter's id, PART/ID, e.g. controls/toggles.")
    var id: String

    @Option(name: .customLong("title"), parsing: .upToNextOption,
            help: "Titles per language as CODE=TITLE, e.g. --title en=Toggles zh=开关.")
    var titles: [String] = []

    @Option(help: "The edition of the guidelines the chapter retells.")
    var edition = "iOS 26"

    func run() async throws {
        guard let chapterID = ChapterID(id) else {
            throw ValidationError("a chapter id is PART/ID in lowercase words joined by hyphens, e.g. controls/toggles")
        }
        var configuration = try sources.resolve()
        configuration.baselinePath = nil
        let file = try sources.handbookConfiguration()
        let (part, slug) = (chapterID.part.text, chapterID.slug)
        let content = configuration.contentURL
        // A generated language gets the chapter by conversion: only the written ones are checked.
        for language in file.languages where language.opencc == nil {
            let folder = content.appendingPathComponent("\(language.code)/\(part)")
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("_index.md").path) else {
                throw ValidationError("there is no part '\(part)' in \(language.code); add it with: HandbookGen new part \(part)")
            }
            guard !FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(slug).md").path) else {
                throw ValidationError("chapter '\(id)' exists already (\(language.code))")
            }
        }
        let weight = Scaffold.nextWeight(inPart: content.appendingPathComponent("\(file.languages[0].code)/\(part)"))
        var relative = file
        relative.content = configuration.contentPath
        let files = Scaffold.chapter(part: part, slug: slug, weight: weight, edition: edition,
                                     titles: try Scaffold.titles(titles), configuration: relative)
        try write(files, under: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        // The new units enter the translation lock at once, so a later edit of one language shows.
        let outcome = await HandbookBuilder(configuration: configuration).check()
        Report.print(outcome.diagnostics, format: sources.diagnosticsFormat)
        guard outcome.succeeded else { throw ExitCode.failure }
        let lock = try TranslationLock.read(contentDirectory: content, languages: configuration.languages).accepting([id], from: outcome.freshness)
        try lock.serialized(languages: configuration.languages).write(to: TranslationLock.url(inContent: content), atomically: true, encoding: .utf8)
        print("Created \(files.map(\.path).joined(separator: ", ")); recorded its units in \(configuration.contentPath)/\(TranslationLock.fileName).")
    }
}

struct NewPart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "part", abstract: "Write a part's _index.md in every language.")

    @OptionGroup var sources: SourceOptions

    @Argument(help: "The part's id, e.g. controls.")
    var id: String

    @Option(name: .customLong("title"), parsing: .upToNextOption, help: "Titles per language as CODE=TITLE.")
    var titles: [String] = []

    func run() async throws {
        guard Scaffold.isIdentifier(id) else {
            throw ValidationError("a part id is lowercase words joined by hyphens, e.g. controls")
        }
        let configuration = try sources.resolve()
        let file = try sources.handbookConfiguration()
        let content = configuration.contentURL
        for language in file.languages where FileManager.default.fileExists(
            atPath: content.appendingPathComponent("\(language.code)/\(id)/_index.md").path) {
            throw ValidationError("part '\(id)' exists already (\(language.code))")
        }
        let weight = Scaffold.nextPartWeight(in: content.appendingPathComponent(file.languages[0].code))
        var relative = file
        relative.content = configuration.contentPath
        let files = Scaffold.part(id, weight: weight, titles: try Scaffold.titles(titles), configuration: relative)
        try write(files, under: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        print("Created \(files.map(\.path).joined(separator: ", ")).")
    }
}

private func write(_ files: [Scaffold.File], under root: URL) throws {
    for file in files {
        let url = root.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
    }
}
