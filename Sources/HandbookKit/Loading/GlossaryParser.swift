import Yams

/// Reads `content/glossary.yaml`: a list of entries with id, en, zh, zh-Hant, variants, note.
struct GlossaryParser {
    static let fields = ["id", "en", "zh", "zh-Hant", "variants", "note", "avoid"]
    /// The languages `avoid` may name, by code.
    var languages = HandbookLanguages.standard

    func parse(_ file: SourceFile, log: inout DiagnosticLog) -> Glossary {
        func location(_ mark: Mark?) -> SourceLocation {
            file.location(line: mark?.line ?? 1, column: mark?.column ?? 1)
        }
        let root = YAMLDocument.compose(file, log: &log)
        guard let root else { return Glossary(entries: []) }
        guard case .sequence(let items) = root else {
            log.error(id: "glossary.not-a-list", "the glossary must be a list of entries ('- id: …')", at: location(root.mark))
            return Glossary(entries: [])
        }
        var entries: [GlossaryEntry] = []
        var seen: [String: [String: SourceLocation]] = ["id": [:], "en": [:], "zh": [:]]
        for item in items {
            guard case .mapping(let mapping) = item else {
                log.error(id: "glossary.entry-not-a-mapping", "a glossary entry must be a mapping of keys to values", at: location(item.mark))
                continue
            }
            var values: [String: String] = [:]
            var variants: [String] = []
            var note: LocalizedText?
            var avoid: [Language: [String]] = [:]
            var ok = true
            for (keyNode, value) in mapping {
                let key = keyNode.string ?? ""
                switch key {
                case "variants":
                    guard case .sequence(let list) = value else {
                        log.error(id: "glossary.wrong-value", "'variants' must be a list", at: location(value.mark)); ok = false; continue
                    }
                    variants = list.compactMap(\.string)
                case "note":
                    guard let zh = value["zh"]?.string, let en = value["en"]?.string else {
                        log.error(id: "glossary.wrong-value", "'note' must give both 'zh' and 'en'", at: location(value.mark)); ok = false; continue
                    }
                    note = LocalizedText(zhHans: zh, en: en)
                case "avoid":
                    // `avoid: {zh: [按住], en: [tap and hold]}`
                    guard case .mapping(let perLanguage) = value else {
                        log.error(id: "glossary.wrong-value", "'avoid' must map 'zh' or 'en' to a list of forms", at: location(value.mark)); ok = false; continue
                    }
                    for (languageNode, forms) in perLanguage {
                        guard let language = languages.language(code: languageNode.string ?? ""), case .sequence(let list) = forms else {
                            log.error(id: "glossary.wrong-value", "'avoid' must map 'zh' or 'en' to a list of forms", at: location(languageNode.mark))
                            ok = false
                            continue
                        }
                        avoid[language, default: []] += list.compactMap(\.string)
                    }
                case "id", "en", "zh", "zh-Hant":
                    guard case .scalar(let scalar) = value, !scalar.string.isEmpty else {
                        log.error(id: "glossary.wrong-value", "'\(key)' must be a non-empty string", at: location(value.mark)); ok = false; continue
                    }
                    guard !scalar.string.contains(where: \.isNewline) else {
                        log.error(id: "glossary.wrong-value", "'\(key)' must be one line: remove the line break", at: location(value.mark)); ok = false; continue
                    }
                    values[key] = scalar.string
                default:
                    log.error(id: "glossary.unknown-key", "unknown glossary key '\(key)'" + Suggestion.didYouMean(key, in: Self.fields),
                              at: location(keyNode.mark), length: key.unicodeScalars.count,
                              fixIts: FixIt.suggestion(for: key, at: location(keyNode.mark), in: Self.fields))
                    ok = false
                }
            }
            for key in ["id", "en", "zh", "zh-Hant"] where values[key] == nil {
                log.error(id: "glossary.missing-key", "glossary entry is missing '\(key)'", at: location(item.mark))
                ok = false
            }
            guard ok, let id = values["id"], let en = values["en"], let zh = values["zh"],
                  let hant = values["zh-Hant"] else { continue }
            if !Identifier.isValid(id) {
                log.error(id: "glossary.invalid-id", "invalid glossary id '\(id)'\(InvisibleCharacters.named(in: id)): use \(Identifier.rule)", at: location(item.mark))
                continue
            }
            var duplicate = false
            for (key, value) in [("id", id), ("en", en.lowercased()), ("zh", zh)] {
                if let first = seen[key]?[value] {
                    log.error(id: "glossary.duplicate", "duplicate glossary \(key) '\(value)'", at: location(item.mark),
                              notes: [.note("first used here", at: first)])
                    duplicate = true
                } else {
                    seen[key]?[value] = location(item.mark)
                }
            }
            if duplicate { continue }
            entries.append(GlossaryEntry(id: id, en: en, zh: zh, zhHant: hant, variants: variants,
                                         note: note, avoid: avoid, location: location(item.mark)))
        }
        return Glossary(entries: entries.sorted { $0.id < $1.id })
    }
}
