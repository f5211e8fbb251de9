import Yams

/// `content/<code>-overrides.yaml` of a generated language: reviewed phrases whose form the
/// conversion does not give, each with where it comes from:
///
/// ```yaml
/// - {zh-Hans: 导航栏, zh-Hant: 導覽列, note: "s2twp gives 導航欄", source: "…"}
/// ```
///
/// The keys are the source language's tag and the generated language's; `note` and `source`
/// are for reviewers. The file is optional.
struct ConversionOverrides: Sendable {
    var pairs: [(source: String, target: String)] = []

    static func fileName(for language: Language) -> String { "\(language.code)-overrides.yaml" }

    static func parse(_ file: SourceFile, from source: Language, to target: Language,
                      log: inout DiagnosticLog) -> ConversionOverrides {
        func location(_ mark: Mark?) -> SourceLocation {
            file.location(line: mark?.line ?? 1, column: mark?.column ?? 1)
        }
        let root = YAMLDocument.compose(file, log: &log)
        guard let root else { return ConversionOverrides() }
        let fields = [source.tag, target.tag, "note", "source"]
        let shape = "{\(source.tag): …, \(target.tag): …, note: …, source: …}"
        guard case .sequence(let items) = root else {
            log.error(id: "overrides.not-a-list", "the overrides must be a list of entries ('- \(shape)')", at: location(root.mark))
            return ConversionOverrides()
        }
        var overrides = ConversionOverrides()
        var seen: [String: SourceLocation] = [:]
        for item in items {
            guard case .mapping(let mapping) = item else {
                log.error(id: "overrides.entry-not-a-mapping", "an override must be a mapping: \(shape)", at: location(item.mark))
                continue
            }
            var values: [String: String] = [:]
            for (keyNode, value) in mapping {
                let key = keyNode.string ?? ""
                guard fields.contains(key) else {
                    log.error(id: "overrides.unknown-key", "unknown key '\(key)'" + Suggestion.didYouMean(key, in: fields), at: location(keyNode.mark))
                    continue
                }
                guard case .scalar(let scalar) = value, !scalar.string.isEmpty, !scalar.string.contains(where: \.isNewline) else {
                    log.error(id: "overrides.wrong-value", "'\(key)' must be a non-empty line of text", at: location(value.mark))
                    continue
                }
                values[key] = scalar.string
            }
            guard let from = values[source.tag], let to = values[target.tag] else {
                for key in [source.tag, target.tag] where values[key] == nil && mapping[key] == nil {
                    log.error(id: "overrides.missing-key", "override is missing '\(key)'", at: location(item.mark))
                }
                continue
            }
            if let first = seen[from] {
                log.error(id: "overrides.duplicate", "'\(from)' is overridden twice", at: location(item.mark), notes: [.note("first here", at: first)])
                continue
            }
            seen[from] = location(item.mark)
            overrides.pairs.append((from, to))
        }
        return overrides
    }
}
