import Foundation

/// The files of a new handbook, part or chapter, in every language of the handbook, ready to
/// build and check clean: `HandbookGen init` and `HandbookGen new`.
public enum Scaffold {
    /// A file to write, by its path relative to the handbook's root.
    public struct File: Sendable, Equatable {
        public var path: String
        public var text: String
    }

    /// Starter text per language; languages without their own use English.
    struct Words {
        var partSummary: String
        var partBody: String
        var chapterSummary: String
        var opening: String
        var section: String
        var ruleTitle: String
        var ruleBody: String
        var chapterTitle: String
        var partTitle: String

        static func of(_ code: String) -> Words {
            code == "zh" ? chinese : english
        }

        static let english = Words(
            partSummary: "One sentence on what this part covers.",
            partBody: "What the chapters of this part have in common.",
            chapterSummary: "One sentence: what this element is and when to use it.",
            opening: "What this element is, when people meet it, and how it relates to the other chapters.",
            section: "Overview",
            ruleTitle: "State the first piece of advice as an instruction",
            ruleBody: "Why it matters, in one or two sentences.",
            chapterTitle: "New chapter",
            partTitle: "New part")

        static let chinese = Words(
            partSummary: "用一句话说明这一部分讲什么。",
            partBody: "这一部分各章的共同点。",
            chapterSummary: "用一句话说明这个元素是什么、什么时候用。",
            opening: "这个元素是什么，人们在什么情况下会遇到它，它和其他章节有什么关系。",
            section: "概述",
            ruleTitle: "用一句指令写下第一条建议",
            ruleBody: "用一两句话说明这条建议的理由。",
            chapterTitle: "新章节",
            partTitle: "新部分")
    }

    /// `content/<lang>/<part>/_index.md` for every written language (a generated one's would
    /// win over its conversion).
    public static func part(_ part: String, weight: Int, titles: [String: String] = [:],
                            configuration: HandbookConfiguration) -> [File] {
        configuration.languages.filter { $0.opencc == nil }.map { language in
            let words = Words.of(language.code)
            return File(path: "\(configuration.content)/\(language.code)/\(part)/_index.md", text: """
                ---
                title: \(yamlText(titles[language.code] ?? words.partTitle))
                summary: \(yamlText(words.partSummary))
                weight: \(weight)
                ---

                \(words.partBody)

                """)
        }
    }

    /// `content/<lang>/<part>/<slug>.md` for every written language, with the same anchor and
    /// rule id (a generated language's would win over its conversion).
    public static func chapter(part: String, slug: String, weight: Int, edition: String, titles: [String: String] = [:],
                               configuration: HandbookConfiguration) -> [File] {
        configuration.languages.filter { $0.opencc == nil }.map { language in
            let words = Words.of(language.code)
            return File(path: "\(configuration.content)/\(language.code)/\(part)/\(slug).md", text: """
                ---
                id: \(part)/\(slug)
                title: \(yamlText(titles[language.code] ?? words.chapterTitle))
                summary: \(yamlText(words.chapterSummary))
                weight: \(weight)
                edition: \(yamlText(edition))
                status: current
                related: []
                ---

                \(words.opening)

                ## \(words.section) {#overview}

                > [!DO first-rule] \(words.ruleTitle)
                > \(words.ruleBody)

                """)
        }
    }

    /// A handbook of one's own: the configuration, one part with one chapter in every language,
    /// and an empty glossary. The templates are copied by the caller.
    public static func handbook(configuration: HandbookConfiguration) -> [File] {
        let languages = configuration.languages.map {
            "  - {code: \($0.code), tag: \($0.tag)\($0.source == true ? ", source: true" : "")\($0.opencc.map { ", opencc: \($0)" } ?? "")}"
        }
        let config = File(path: HandbookConfiguration.fileName, text: """
            # The handbook's configuration, read by every HandbookGen command.
            content: \(configuration.content)
            templates: \(configuration.templates)
            output: \(configuration.output)
            # After the first `HandbookGen release`, name the published catalogue here:
            # baseline: baseline/rules.json
            languages:
            \(languages.joined(separator: "\n"))

            """)
        let glossary = File(path: "\(configuration.content)/glossary.yaml", text: """
            # One entry per concept; see the authoring guide (Glossary).
            []

            """)
        return [config, glossary]
            + part("guide", weight: 1, titles: ["zh": "指南", "en": "Guide"], configuration: configuration)
            + chapter(part: "guide", slug: "getting-started", weight: 10, edition: "1.0",
                      titles: ["zh": "入门", "en": "Getting started"], configuration: configuration)
    }

    /// Lowercase ASCII words joined by hyphens, the shape of every id.
    public static func isIdentifier(_ text: String) -> Bool { Identifier.isValid(text) }

    /// `en=Toggles zh=开关` as titles by language code.
    public static func titles(_ pairs: [String]) throws -> [String: String] {
        var titles: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else { throw BadTitle(text: pair) }
            titles[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return titles
    }

    public struct BadTitle: Error, CustomStringConvertible {
        var text: String
        public var description: String { "a title is CODE=TITLE, e.g. en=Toggles, not '\(text)'" }
    }

    /// Ten more than the largest chapter weight in a part's folder (10 for an empty part).
    public static func nextWeight(inPart folder: URL) -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let weights = files.filter { $0.hasSuffix(".md") && $0 != "_index.md" }
            .compactMap { weight(in: folder.appendingPathComponent($0)) }
        return (weights.max() ?? 0) + 10
    }

    /// One more than the largest part weight in a language's folder.
    public static func nextPartWeight(in folder: URL) -> Int {
        let parts = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return (parts.compactMap { weight(in: folder.appendingPathComponent("\($0)/_index.md")) }.max() ?? 0) + 1
    }

    private static func weight(in file: URL) -> Int? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").lazy.compactMap { line in
            line.hasPrefix("weight:") ? Int(line.dropFirst("weight:".count).trimmingCharacters(in: .whitespaces)) : nil
        }.first
    }

    /// A YAML scalar that reads back as the same text.
    static func yamlText(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { !":#[]{},&*!|>'\"%@`".unicodeScalars.contains($0) }
            && !text.hasPrefix("-") && !text.hasPrefix("?") && text.trimmingCharacters(in: .whitespaces) == text
        return plain ? text : "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
