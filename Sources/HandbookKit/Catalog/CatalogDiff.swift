import Foundation
import RulesCatalog

/// What changed between a published catalogue (the baseline) and a new one, by rule id.
public struct CatalogDiff: Sendable, Equatable {
    /// In the new catalogue only.
    public var added: [String] = []
    /// Title, text, kind or status (other than deprecation) differ in either language.
    public var changed: [String] = []
    /// Deprecated in the new catalogue, not in the baseline.
    public var deprecated: [String] = []
    /// In the baseline, gone from the new catalogue: a broken promise to every consumer.
    public var removed: [String] = []

    public var isEmpty: Bool { added.isEmpty && changed.isEmpty && deprecated.isEmpty && removed.isEmpty }

    public init(added: [String] = [], changed: [String] = [], deprecated: [String] = [], removed: [String] = []) {
        self.added = added
        self.changed = changed
        self.deprecated = deprecated
        self.removed = removed
    }

    public init(baseline: Catalog, current: Catalog) {
        // Positions, not copies: a rule is a few dozen strings.
        let old = Dictionary(baseline.rules.indices.map { (baseline.rules[$0].id, $0) }) { first, _ in first }
        let new = Set(current.rules.lazy.map(\.id))
        for index in current.rules.indices {
            let rule = current.rules[index]
            guard let position = old[rule.id] else {
                added.append(rule.id)
                continue
            }
            let before = baseline.rules[position]
            if rule.status == .deprecated && before.status != .deprecated {
                deprecated.append(rule.id)
            } else if rule.title != before.title || rule.text != before.text || rule.kind != before.kind
                        || rule.status != before.status {
                changed.append(rule.id)
            }
        }
        removed = baseline.rules.map(\.id).filter { !new.contains($0) }
        added.sort()
        changed.sort()
        deprecated.sort()
        removed.sort()
    }
}
