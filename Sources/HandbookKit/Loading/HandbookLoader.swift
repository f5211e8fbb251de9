import Foundation
import HandbookMarkdown

/// Reads the content folder into a `Handbook`: discovers files, checks their encoding, parses
/// front matter and Markdown, and recognises sections and rules. Problems go to the log; what
/// could be read is still returned so that later checks can report their problems too.
public struct HandbookLoader: Sendable {
    public var contentDirectory: URL
    public var displayRoot: String
    public var languages: HandbookLanguages
    /// What `serve` keeps of an earlier load (parsed chapters, conversions, the glossary, the
    /// figures' checks); without caches, everything is read.
    var layer = IncrementalLayer(caches: nil)

    public init(contentDirectory: URL, displayRoot: String, languages: HandbookLanguages = .standard) {
        self.contentDirectory = contentDirectory
        self.displayRoot = displayRoot
        self.languages = languages
    }

    static let partFields: [FrontMatterField] = [
        .init(name: "title", kind: .string, isRequired: true),
        .init(name: "summary", kind: .string, isRequired: true),
        .init(name: "weight", kind: .integer, isRequired: true),
    ]

    static let chapterFields: [FrontMatterField] = [
        .init(name: "id", kind: .string, isRequired: true),
        .init(name: "title", kind: .string, isRequired: true),
        .init(name: "summary", kind: .string, isRequired: true),
        .init(name: "weight", kind: .integer, isRequired: true),
        .init(name: "edition", kind: .string, isRequired: true),
        .init(name: "status", kind: .oneOf([Status.current, .legacy].map(\.rawValue)), isRequired: true),
        .init(name: "legacy-note", kind: .string, isRequired: false),
        .init(name: "related", kind: .stringList, isRequired: false),
        .init(name: "basis", kind: .stringList, isRequired: false),
        .init(name: "tags", kind: .stringList, isRequired: false),
    ]

    public func load(log: inout DiagnosticLog) async -> Handbook {
        guard ContentDiscovery.kind(of: contentDirectory) == .directory else {
            log.error(id: "content.missing-folder", "content folder '\(displayRoot)' does not exist or is not a folder", at: nil)
            return Handbook(languages: languages, parts: [:], chapters: [:], glossary: Glossary(entries: []))
        }
        let discovery = ContentDiscovery(root: contentDirectory, displayRoot: displayRoot)
        // OpenCC reads its dictionaries when a conversion is first opened (tens of milliseconds
        // on one core): begun now, beside the glossary and the written chapters, so that the
        // generated chapters do not wait for it. (Its failure is reported where it is used.)
        let openCCConfigurations = Set(languages.conversions.values.map(\.openCC))
        async let openedConverters: Void = { for configuration in openCCConfigurations { _ = OpenCCConverter.shared(configuration) } }()
        let allowed = loadAllowedCharacters(discovery: discovery, log: &log)
        // The glossary comes first: the chapters are checked against the forms it marks to avoid.
        let glossary = loadGlossary(discovery: discovery, allowed: allowed, log: &log)
        let terminology = loadTerminology(discovery: discovery, glossary: glossary, log: &log)
        // A chapter's warnings and a generated chapter's text depend on these files as well as
        // on its own text.
        layer.beginLoading {
            let overrides = languages.all.filter(languages.isGenerated).map(ConversionOverrides.fileName(for:))
            return ([AllowedCharacters.fileName, "glossary.yaml", Terminology.fileName] + overrides).flatMap { name -> [UInt8] in
                let bytes = try? SourceFile.contents(of: contentDirectory.appendingPathComponent(name).path).get()
                return (bytes ?? []) + [0]
            }
        }
        // The figures are read and checked beside the chapters.
        let figureFolder = (contentDirectory, displayRoot), figureMemo = layer.figureChecks
        async let figures = { () -> (FigureLibrary, DiagnosticLog) in
            var figureLog = DiagnosticLog()
            let library = FigureLoader.load(contentDirectory: figureFolder.0, displayRoot: figureFolder.1, log: &figureLog,
                                            memo: figureMemo)
            return (library, figureLog)
        }()
        var parts: [Language: [Part]] = [:]
        var chapters: [Language: [Chapter]] = [:]
        var chapterFiles: [ChapterFile] = []
        var folders: [(language: Language, folder: ContentDiscovery.PartFolder)] = []
        for language in languages.all {
            folders += discovery.partFolders(of: language, required: !languages.isGenerated(language), log: &log)
                .map { (language, $0) }
        }
        // Each part's folder is listed and its `_index.md` read on any core.
        let listed = await ParallelMap.map(folders, runLength: 1) { language, folder in
            var partLog = DiagnosticLog()
            let files = discovery.partFiles(folder, indexRequired: !languages.isGenerated(language), log: &partLog)
            let part = files.flatMap { files in
                files.index.flatMap {
                    loadPart(file: $0, path: files.indexPath, id: files.id, language: language, allowed: allowed,
                             terminology: terminology, log: &partLog)
                }
            }
            return (files, part, partLog)
        }
        var listedFiles: [Language: [ContentDiscovery.PartFiles]] = [:]
        for ((language, _), (files, part, partLog)) in zip(folders, listed) {
            log.merge(partLog)
            if let part { parts[language, default: []].append(part) }
            if let files {
                listedFiles[language, default: []].append(files)
                chapterFiles += files.chapters.map { ChapterFile(language: language, part: files.id, file: $0.file, path: $0.path) }
            }
        }
        // The written chapters first: a generated chapter's links read as the source's titles,
        // known once those are parsed. Chapters are independent of each other: each batch is
        // parsed in one parallel loop; the order is restored by sorting below.
        let written = await ParallelMap.map(chapterFiles) { file in
            var chapterLog = DiagnosticLog()
            let chapter = loadChapter(file: file.file, path: file.path, part: file.part, language: file.language,
                                      allowed: allowed, terminology: terminology, log: &chapterLog)
            return (chapter, chapterLog)
        }
        for (chapter, chapterLog) in written {
            log.merge(chapterLog)
            if let chapter { chapters[chapter.language, default: []].append(chapter) }
        }
        // A generated language's parts and chapters that are not written in it are converted
        // from the source's files, their links showing the source's titles (not made when no
        // language is generated: a table of every title, on one core).
        let titles = languages.conversions.isEmpty ? LinkTitles(parts: [], chapters: [])
            : LinkTitles(parts: parts[languages.source] ?? [], chapters: chapters[languages.source] ?? [])
        let makeConversions = { () -> ConversionSetup in
            var setupLog = DiagnosticLog()
            let conversions = loadConversions(discovery: discovery, glossary: glossary, titles: titles, log: &setupLog)
            return ConversionSetup(conversions: conversions, glossary: Self.convertingNotes(of: glossary, with: conversions, from: languages.source),
                                   log: setupLog)
        }
        // Kept by `serve` while the files they are made from and the source's titles (what a
        // link without its own text reads as) are the same.
        await openedConverters
        let setup = layer.conversions(titles: titles.byTarget, make: makeConversions)
        log.merge(setup.log)
        let conversions = setup.conversions, definedGlossary = setup.glossary
        let (generatedParts, generatedChapters) = generatedFiles(listedFiles, conversions: conversions)
        let converted = await ParallelMap.map(generatedParts, runLength: 1) { language, files, conversion in
            var partLog = DiagnosticLog()
            let part = files.index.flatMap {
                loadPart(file: $0, path: files.indexPath, id: files.id, language: language, allowed: allowed,
                         terminology: terminology, conversion: conversion, log: &partLog)
            }
            return (part, partLog)
        }
        for (part, partLog) in converted {
            log.merge(partLog)
            if let part { parts[part.language, default: []].append(part) }
        }
        let generated = await ParallelMap.map(generatedChapters) { file in
            var chapterLog = DiagnosticLog()
            let chapter = loadChapter(file: file.file, path: file.path, part: file.part, language: file.language,
                                      allowed: allowed, terminology: terminology, conversion: file.conversion, log: &chapterLog)
            return (chapter, chapterLog)
        }
        for (chapter, chapterLog) in generated {
            log.merge(chapterLog)
            if let chapter { chapters[chapter.language, default: []].append(chapter) }
        }
        for language in languages.all {
            let languageParts = (parts[language] ?? []).sorted { ($0.weight, $0.id) < ($1.weight, $1.id) }
            let partOrder = Dictionary(uniqueKeysWithValues: languageParts.enumerated().map { ($1.id, $0) })
            parts[language] = languageParts
            // Each chapter's sort key is made once, not once per comparison.
            let list = chapters[language] ?? []
            let keys = list.map { (partOrder[$0.part] ?? .max, $0.weight, $0.id) }
            chapters[language] = list.indices.sorted { keys[$0] < keys[$1] }.map { list[$0] }
        }
        var handbook = Handbook(languages: languages, parts: parts, chapters: chapters, glossary: definedGlossary)
        handbook.conversions = conversions
        handbook.searchSynonyms = loadSearchSynonyms(discovery: discovery, glossary: glossary, allowed: allowed, log: &log)
        let (library, figureLog) = await figures
        handbook.figures = library
        log.merge(figureLog)
        return handbook
    }

    /// A chapter file to read: its language's own, or the source's to convert.
    struct ChapterFile: Sendable {
        var language: Language
        var part: String
        var file: String
        var path: String
        var conversion: ScriptConversion?
    }

    /// The source's part indexes and chapters that each generated language does not have
    /// written in its own folder: they are converted.
    private func generatedFiles(_ listed: [Language: [ContentDiscovery.PartFiles]], conversions: [Language: ScriptConversion])
        -> (parts: [(language: Language, files: ContentDiscovery.PartFiles, conversion: ScriptConversion)], chapters: [ChapterFile]) {
        var parts: [(language: Language, files: ContentDiscovery.PartFiles, conversion: ScriptConversion)] = []
        var chapters: [ChapterFile] = []
        for language in languages.all {
            guard let conversion = conversions[language] else { continue }
            let own = listed[language] ?? []
            let ownParts = Set(own.filter { $0.index != nil }.map(\.id))
            let ownChapters = Set(own.flatMap { files in files.chapters.map { files.id + "/" + Self.fileName($0.path) } })
            for files in listed[languages.source] ?? [] {
                if !ownParts.contains(files.id) { parts.append((language, files, conversion)) }
                for chapter in files.chapters where !ownChapters.contains(files.id + "/" + Self.fileName(chapter.path)) {
                    chapters.append(ChapterFile(language: language, part: files.id, file: chapter.file, path: chapter.path,
                                                conversion: conversion))
                }
            }
        }
        return (parts, chapters)
    }

    /// The last component of a path.
    static func fileName(_ path: String) -> Substring {
        path[(path.utf8.lastIndex(of: UInt8(ascii: "/")).map(path.utf8.index(after:)) ?? path.startIndex)...]
    }

    /// Each generated language's conversion: OpenCC's configuration, with the reviewed overrides
    /// (`content/<code>-overrides.yaml`) and then the glossary's terms as fixed phrases. When
    /// OpenCC cannot be opened that is an error, and the text is copied unconverted so that the
    /// other checks still run.
    private func loadConversions(discovery: ContentDiscovery, glossary: Glossary, titles: LinkTitles,
                                 log: inout DiagnosticLog) -> [Language: ScriptConversion] {
        var conversions: [Language: ScriptConversion] = [:]
        for language in languages.all {
            guard let conversion = languages.conversions[language] else { continue }
            var converter: OpenCCConverter?
            switch OpenCCConverter.shared(conversion.openCC) {
            case .success(let opened): converter = opened
            case .failure(let failure): log.error(id: "opencc.unavailable", "\(failure)", at: nil)
            }
            var pairs: [(source: String, target: String)] = []
            let name = ConversionOverrides.fileName(for: language)
            let url = contentDirectory.appendingPathComponent(name)
            if ContentDiscovery.kind(of: url) == .file,
               let file = SourceFile.read(at: url, displayPath: discovery.display(name), log: &log) {
                pairs = ConversionOverrides.parse(file, from: conversion.from, to: language, log: &log).pairs
            }
            pairs += glossary.entries.map { ($0.term(in: conversion.from), $0.term(in: language)) }
            // How each link without its own text reads: a term as the language's term, any other
            // target as its source title with the fixed phrases put in (which is what decides
            // whether it begins or ends with Latin or Han text).
            let phrases = FixedPhrases(pairs)
            let fixedOnly = ScriptConversion(converter: nil, phrases: phrases)
            var links = titles.byTarget.compactMapValues { fixedOnly.convert($0) }
            for entry in glossary.entries where links["term:" + entry.id] == nil { links["term:" + entry.id] = entry.term(in: language) }
            conversions[language] = ScriptConversion(converter: converter, phrases: phrases, linkTexts: links)
        }
        return conversions
    }

    /// What generating languages needs, made once per build from the overrides, the glossary
    /// and the source's titles: each generated language's conversion, the glossary with its
    /// definitions converted, and what reading the overrides reported.
    struct ConversionSetup: Sendable {
        var conversions: [Language: ScriptConversion]
        var glossary: Glossary
        var log: DiagnosticLog
    }

    /// The glossary with each generated language's definitions converted from the source's.
    static func convertingNotes(of glossary: Glossary, with conversions: [Language: ScriptConversion],
                                from source: Language) -> Glossary {
        guard !conversions.isEmpty else { return glossary }
        return glossary.replacingEntries(glossary.entries.map { entry in
            var entry = entry
            for (language, conversion) in conversions {
                guard let note = entry.note?[source], let converted = conversion.convert(note) else { continue }
                entry.note?[language] = converted
            }
            return entry
        })
    }

    private func loadAllowedCharacters(discovery: ContentDiscovery, log: inout DiagnosticLog) -> AllowedCharacters {
        let url = contentDirectory.appendingPathComponent(AllowedCharacters.fileName)
        guard ContentDiscovery.kind(of: url) == .file,
              let file = SourceFile.read(at: url, displayPath: discovery.display(AllowedCharacters.fileName), log: &log)
        else { return AllowedCharacters() }
        return AllowedCharacters.parse(file, log: &log)
    }

    private func loadTerminology(discovery: ContentDiscovery, glossary: Glossary,
                                 log: inout DiagnosticLog) -> TerminologyScanner {
        var terminology = Terminology()
        let url = contentDirectory.appendingPathComponent(Terminology.fileName)
        if ContentDiscovery.kind(of: url) == .file,
           let file = SourceFile.read(at: url, displayPath: discovery.display(Terminology.fileName), log: &log) {
            terminology = Terminology.parse(file, languages: languages, log: &log)
            for form in terminology.forms.values.joined() {
                if let term = form.term, !glossary.contains(term) {
                    log.error(id: "terminology.unknown-term", "'\(form.avoid)' names unknown glossary term '\(term)'"
                              + Suggestion.didYouMean(term, in: glossary.entries.map(\.id)), at: form.location)
                }
            }
        }
        terminology.add(glossary)
        return TerminologyScanner(terminology: terminology)
    }

    /// Warns about invisible and bidirectional characters anywhere in a source file.
    private func checkCharacters(_ file: SourceFile, allowed: AllowedCharacters, log: inout DiagnosticLog) {
        let relative = file.path.hasPrefix(displayRoot + "/") ? String(file.path.dropFirst(displayRoot.count + 1)) : file.path
        InvisibleCharacters.report(in: file, allowed: allowed.allowed(for: relative), log: &log)
    }

    /// `content/search-synonyms.yaml`, which may be absent.
    private func loadSearchSynonyms(discovery: ContentDiscovery, glossary: Glossary, allowed: AllowedCharacters,
                                    log: inout DiagnosticLog) -> SearchSynonyms {
        let url = contentDirectory.appendingPathComponent(SearchSynonyms.fileName)
        guard ContentDiscovery.kind(of: url) == .file,
              let file = SourceFile.read(at: url, displayPath: discovery.display(SearchSynonyms.fileName), log: &log) else {
            return SearchSynonyms()
        }
        checkCharacters(file, allowed: allowed, log: &log)
        return SearchSynonyms.parse(file, glossary: glossary, log: &log)
    }

    private func loadGlossary(discovery: ContentDiscovery, allowed: AllowedCharacters,
                              log: inout DiagnosticLog) -> Glossary {
        let url = contentDirectory.appendingPathComponent("glossary.yaml")
        let path = discovery.display("glossary.yaml")
        switch ContentDiscovery.kind(of: url) {
        case .file:
            guard let file = SourceFile.read(at: url, displayPath: path, log: &log) else {
                return Glossary(entries: [])
            }
            checkCharacters(file, allowed: allowed, log: &log)
            let parse = {
                var parseLog = DiagnosticLog()
                return ParsedFile(value: GlossaryParser(languages: languages).parse(file, log: &parseLog), log: parseLog)
            }
            let parsed = layer.value(keptIn: \.glossary, for: file.text, make: parse)
            log.merge(parsed.log)
            return parsed.value
        case .missing:
            log.error(id: "glossary.missing", "missing glossary '\(path)'", at: nil)
        default:
            log.error(id: "glossary.not-a-file", "the glossary must be a regular file (symbolic links are not followed)",
                      at: SourceLocation(file: path, line: 1, column: 1))
        }
        return Glossary(entries: [])
    }

    /// With `conversion`, `file` is the source language's, converted; its problems are the
    /// source's, reported there.
    private func loadPart(file name: String, path: String, id: String, language: Language, allowed: AllowedCharacters,
                          terminology: TerminologyScanner, conversion: ScriptConversion? = nil,
                          log: inout DiagnosticLog) -> Part? {
        guard var file = SourceFile.read(file: name, displayPath: path, log: &log) else { return nil }
        var ownLog = DiagnosticLog()
        if let conversion {
            guard let converted = convert(file, with: conversion, log: &log) else { return nil }
            file = converted
        } else {
            checkCharacters(file, allowed: allowed, log: &log)
            terminology.report(in: file, language: language, log: &log)
        }
        defer { if conversion == nil { log.merge(ownLog) } }
        guard let parsed = FrontMatterParser().parse(file, fields: Self.partFields, log: &ownLog), parsed.isValid else {
            return nil
        }
        let frontMatter = parsed.frontMatter
        let (body, flattened) = MarkdownParser(scansWikiLinks: true).parseReportingFlattened(parsed.body, firstLine: parsed.bodyFirstLine)
        if let first = flattened.first {
            ownLog.warning(id: "markdown.too-deep", "nesting deeper than \(MarkdownParser.maximumDepth) levels is shown as plain text",
                           at: file.location(line: first.line, column: first.column))
        }
        return Part(id: id, language: language, title: frontMatter.string("title") ?? "",
                    summary: frontMatter.string("summary") ?? "", weight: frontMatter.integer("weight") ?? 0,
                    body: body, source: file.location(line: 1, column: 1))
    }

    /// With `conversion`, `name` is the source language's file, converted: the chapter is
    /// generated, and its problems are the source's, reported there (diagnostics name the
    /// source's file, whose lines the conversion keeps).
    func loadChapter(file name: String, path: String, part: String, language: Language, allowed: AllowedCharacters,
                     terminology: TerminologyScanner, conversion: ScriptConversion? = nil,
                     log: inout DiagnosticLog) -> Chapter? {
        guard var file = SourceFile.read(file: name, displayPath: path, log: &log) else { return nil }
        // The file name without `.md` (discovery only lists `*.md` files).
        let fileName = Self.fileName(path)
        let slug = String(fileName.hasSuffix(".md") ? fileName.dropLast(3) : fileName)
        if let conversion {
            var conversionLog = DiagnosticLog()
            let original = file
            let make = { convert(original, with: conversion, chapter: part + "/" + slug, log: &conversionLog) }
            let key = language.code + ":" + path
            guard let converted = layer.converted(key, from: file.text, convert: make) else {
                log.merge(conversionLog)
                return nil
            }
            file = converted
        }
        let source = file
        let parse = { () -> (Chapter?, DiagnosticLog) in
            var parseLog = DiagnosticLog()
            // A generated chapter's text problems are its source's, reported there.
            if conversion == nil {
                checkCharacters(source, allowed: allowed, log: &parseLog)
                terminology.report(in: source, language: language, log: &parseLog)
            }
            var chapter = parseChapter(source, part: part, slug: slug,
                                       language: language, log: &parseLog)
            chapter?.isGenerated = conversion != nil
            return (chapter, parseLog)
        }
        let key = conversion == nil ? nil : language.code + ":" + path
        let (chapter, parseLog) = layer.chapter(parsing: file, key: key, parse: parse)
        if conversion == nil { log.merge(parseLog) }
        return chapter
    }

    /// `chapter`: the id of the chapter the file is, for its `[[#anchor]]` links.
    private func convert(_ file: SourceFile, with conversion: ScriptConversion, chapter: String? = nil,
                         log: inout DiagnosticLog) -> SourceFile? {
        guard let text = conversion.convert(file.text, chapter: chapter) else {
            log.error(id: "opencc.conversion-failed", "OpenCC could not convert this file", at: file.location(line: 1, column: 1))
            return nil
        }
        return SourceFile(path: file.path, text: text)
    }

    func parseChapter(_ file: SourceFile, part: String, slug: String, language: Language,
                      log: inout DiagnosticLog) -> Chapter? {
        // A front matter with errors still lets the body be checked: all of a file's problems in one run.
        guard let parsed = FrontMatterParser().parse(file, fields: Self.chapterFields, log: &log) else {
            return nil
        }
        let frontMatter = parsed.frontMatter
        let identifier = ChapterID(part: PartID(checked: part), slug: slug)
        let expectedID = identifier.description
        let id = frontMatter.string("id") ?? expectedID
        if id != expectedID {
            log.error(id: "chapter.id-mismatch", "chapter id '\(id)' does not match its path; it must be '\(expectedID)'",
                      at: frontMatter.valueLocation("id"))
        }
        let status = Status(rawValue: frontMatter.string("status") ?? "") ?? .current
        let legacyNote = frontMatter.string("legacy-note")
        if status == .legacy, legacyNote == nil {
            log.error(id: "chapter.missing-legacy-note", "a legacy chapter needs 'legacy-note': one sentence on what replaced it",
                      at: frontMatter.valueLocation("status"))
        }
        let (blocks, flattened) = MarkdownParser(scansWikiLinks: true).parseReportingFlattened(parsed.body, firstLine: parsed.bodyFirstLine)
        if let first = flattened.first {
            log.warning(id: "markdown.too-deep", "nesting deeper than \(MarkdownParser.maximumDepth) levels is shown as plain text",
                        at: file.location(line: first.line, column: first.column))
        }
        let content = ChapterBuilder(file: file).build(blocks, log: &log)
        return Chapter(
            id: identifier, language: language, title: frontMatter.string("title") ?? "",
            summary: frontMatter.string("summary") ?? "", weight: frontMatter.integer("weight") ?? 0,
            edition: frontMatter.string("edition") ?? "", status: status, legacyNote: legacyNote,
            related: frontMatter.list("related"), content: content,
            source: file.location(line: 1, column: 1), frontMatter: frontMatter.entries,
            frontMatterIsValid: parsed.isValid)
    }
}
