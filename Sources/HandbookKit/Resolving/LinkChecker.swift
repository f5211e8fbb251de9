import HandbookMarkdown
/// Walks every link in the handbook: reports the ones that do not resolve, checks `related`,
/// and collects backlinks and rule-to-rule references.
struct LinkChecker: Sendable {
    let resolver: LinkResolver

    struct Findings: Sendable {
        /// Per language: chapter id → ids of chapters that link to it, sorted.
        var backlinks: [Language: [String: [String]]]
        /// Rule id → ids of the rules its body links to, sorted (taken from the English text,
        /// which every handbook has; each translation's are compared with the source's below).
        var ruleReferences: [String: [String]]
        /// Per language: glossary term id → ids of the chapters that link it, in reading order.
        var termUses: [Language: [String: [String]]] = [:]
    }

    /// Each chapter's links, checked on its own (on all cores; kept between builds by `serve`).
    struct ChapterLinks: ChapterWork {
        let checker: LinkChecker

        var chapters: [Chapter] {
            let handbook = checker.resolver.index.handbook
            return handbook.languages.all.flatMap { handbook.chapters(in: $0) }
        }

        func output(for chapter: Chapter) -> ChapterFindings { checker.check(chapter) }
    }

    var chapterLinks: ChapterLinks { ChapterLinks(checker: self) }

    func check(log: inout DiagnosticLog) async -> Findings {
        await check(await chapterLinks.outputs(), log: &log)
    }

    /// The parts' links, then the chapters' findings (`chapterLinks`' outputs) merged.
    func check(_ findings: [ChapterFindings], log: inout DiagnosticLog) async -> Findings {
        let handbook = resolver.index.handbook
        var backlinks: [Language: [String: [String]]] = [:]
        var references: [Language: [String: Set<String>]] = [:]
        let languages = handbook.languages
        for language in languages.all {
            for part in handbook.parts(in: language) {
                for block in part.body {
                    visitLinks(in: block) { link, position in
                        guard case .wiki(let raw) = link else { return }
                        if case .failure(.message(let message)) = resolver.resolve(wikiTarget: raw, from: nil, language: language),
                           let position {
                            log.error(id: "link.unresolved", message, at: SourceLocation(file: part.source.file, line: position.line, column: position.column))
                        }
                    }
                }
            }
        }
        for found in findings { log.merge(found.log) }
        // Each language's backlinks and rule references are gathered on a core of their own.
        let gathered = await ParallelMap.map(languages.all, runLength: 1) { language in
            var languageBacklinks: [String: Set<String>] = [:]
            var languageReferences: [String: Set<String>] = [:]
            for found in findings where found.language == language {
                for target in found.linkedChapters { languageBacklinks[target, default: []].insert(found.chapterID) }
                for (ruleID, targets) in found.ruleReferences { languageReferences[ruleID, default: []].formUnion(targets) }
            }
            return (languageBacklinks.mapValues { $0.sorted() }, languageReferences)
        }
        for (language, (languageBacklinks, languageReferences)) in zip(languages.all, gathered) {
            if !languageBacklinks.isEmpty { backlinks[language] = languageBacklinks }
            if !languageReferences.isEmpty { references[language] = languageReferences }
        }
        for translation in languages.translations {
            for (ruleID, targets) in (references[languages.source] ?? [:]).sorted(by: { $0.key < $1.key })
            where references[translation]?[ruleID] != targets {
                if let (_, rule) = resolver.index.rule(ruleID, in: translation) {
                    log.warning(id: "link.differs-between-languages", "rule '\(rule.localID)' links to different rules in the two languages",
                                at: rule.location)
                }
            }
        }
        var termUses: [Language: [String: [String]]] = [:]
        for found in findings {  // chapters in reading order, language by language
            for term in found.linkedTerms { termUses[found.language, default: [:]][term, default: []].append(found.chapterID) }
        }
        return Findings(
            backlinks: backlinks,
            ruleReferences: (references[.en] ?? [:]).mapValues { $0.sorted() },
            termUses: termUses)
    }

    /// What one chapter's links and metadata showed.
    struct ChapterFindings: Sendable {
        var language: Language
        var chapterID: String
        var log = DiagnosticLog()
        /// Other chapters this one links to.
        var linkedChapters = Set<String>()
        /// Rule id → the rules its body links to.
        var ruleReferences: [String: Set<String>] = [:]
        /// Glossary terms this one links.
        var linkedTerms = Set<String>()
    }

    fileprivate func check(_ chapter: Chapter) -> ChapterFindings {
        let language = chapter.language
        var found = ChapterFindings(language: language, chapterID: chapter.id)
        for relatedID in chapter.related where resolver.index.chapter(relatedID, in: language) == nil {
            found.log.error(id: "link.unknown-related-chapter", "'related' names unknown chapter '\(relatedID)'"
                            + Suggestion.didYouMean(relatedID, in: resolver.index.chapterIDs(in: language)),
                            at: chapter.metadataLocation(of: "related") ?? chapter.source)
        }
        func visit(_ blocks: [MarkdownBlock], rule: Rule?) {
            for block in blocks {
                visitLinks(in: block) { link, position in
                    let result: Result<LinkTarget, LinkResolver.Failure>
                    switch link {
                    case .wiki(let raw): result = resolver.resolve(wikiTarget: raw, from: chapter, language: language)
                    case .markdown(let raw): result = resolver.resolve(destination: raw, from: chapter, language: language)
                    }
                    switch result {
                    case .failure(.message(let message)):
                        let at = position ?? block.position
                        found.log.error(id: "link.unresolved", message, at: SourceLocation(file: chapter.source.file, line: at.line, column: at.column))
                    case .success(let target):
                        if case .term(let term) = target { found.linkedTerms.insert(term) }
                        if let targetChapter = target.chapterID, targetChapter != chapter.identifier {
                            found.linkedChapters.insert(targetChapter.description)
                        }
                        if let rule, let ruleID = referencedRule(target) {
                            found.ruleReferences[chapter.ruleID(rule.localID), default: []].insert(ruleID)
                        }
                    }
                }
            }
        }
        for block in chapter.content {
            switch block {
            case .markdown(let markdown): visit([markdown], rule: nil)
            case .section(let section):
                visit([.heading(level: section.level, section.title,
                                at: TextPosition(line: section.location.line, column: section.location.column))], rule: nil)
            case .rule(let rule):
                visit(rule.body, rule: rule)
                for earlier in rule.history { visit(earlier.body, rule: rule) }
                checkReplacements(of: rule, in: chapter, log: &found.log)
            }
        }
        return found
    }

    /// `replaced-by` must name live rules, so a consumer following it lands somewhere.
    private func checkReplacements(of rule: Rule, in chapter: Chapter, log: inout DiagnosticLog) {
        for id in rule.replacedBy {
            guard let (_, replacement) = resolver.index.rule(id, in: chapter.language) else {
                log.error(id: "rule.unknown-replacement", "replaced-by names unknown rule '\(id)'"
                          + Suggestion.didYouMean(id, in: resolver.index.ruleIDs(in: chapter.language)), at: rule.location)
                continue
            }
            if id == chapter.ruleID(rule.localID) {
                log.error(id: "rule.replaces-itself", "rule '\(rule.localID)' cannot replace itself", at: rule.location)
            } else if replacement.status == .deprecated {
                log.warning(id: "rule.replacement-deprecated", "rule '\(rule.localID)' is replaced by '\(id)', which is deprecated too; name its replacement",
                            at: rule.location)
            }
        }
    }

    private func referencedRule(_ target: LinkTarget) -> String? {
        switch target {
        case .rule(let id): return id.description
        case .chapter(let id, let anchor?):
            guard let chapter = resolver.index.chapter(id, in: resolver.index.handbook.languages.source),
                  chapter.rules.contains(where: { $0.localID == anchor.text }) else { return nil }
            return chapter.ruleID(anchor.text)
        default: return nil
        }
    }

    enum Link { case wiki(String), markdown(String) }

    private func visitLinks(in block: MarkdownBlock, _ visit: (Link, TextPosition?) -> Void) {
        block.forEachInline { inline in
            switch inline {
            case .wikiLink(let target, _, let at): visit(.wiki(target), at)
            case .link(let destination, _, _, let at): visit(.markdown(destination), at)
            default: break
            }
        }
    }
}
