import Foundation
import TextBytes
import RulesCatalog

/// A rule's `measures` attribute: the numbers it states that a tool can check, written
/// `<applies> <comparison> [~]<value> <unit>` and separated by `;`:
///
/// ```markdown
/// > [!DO minimum-touch-target] … {measures="touch-target >= 44 pt"}
/// > [!DO ipad-tab-counts] … {measures="tabs-in-main-view <= ~7 items; tabs-in-popover <= ~5 items"}
/// > [!DO contrast-ratio] … {measures="contrast >= 4.5:1"}
/// ```
///
/// The comparison is `>=` (min), `<=` (max), `<` (below), `>` (above) or `=` (exact); `~` marks
/// a rough guide ("about seven"). The unit is one of `Catalog.Rule.Measure.Unit`, with `%` for
/// percent and `:1` for a ratio (`4.5:1`).
enum RuleMeasures {
    typealias Measure = Catalog.Rule.Measure

    static let comparisons: [(String, Measure.Comparison)] = [
        (">=", .min), ("<=", .max), ("<", .below), (">", .above), ("=", .exact),
    ]

    /// The units as authors write them.
    static let units: [(String, Measure.Unit)] = Measure.Unit.allCases.map { unit in
        switch unit {
        case .percent: ("%", unit)
        case .ratio: (":1", unit)
        default: (unit.rawValue, unit)
        }
    }

    /// Units that count whole things.
    static let counts: Set<Measure.Unit> = [.characters, .words, .lines, .items]

    /// The measures of an attribute's value, or the first problem with it, described for a
    /// diagnostic.
    static func parse(_ text: String) -> Result<[Measure], Problem> {
        var measures: [Measure] = []
        let items = text.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        for item in items {
            guard !item.isEmpty else {
                return .failure(Problem("empty measure in measures=\"\(text)\"; separate measures with ';'"))
            }
            switch parseOne(item) {
            case .success(let measure):
                if measures.contains(where: { $0.applies == measure.applies && $0.comparison == measure.comparison && $0.unit == measure.unit }) {
                    return .failure(Problem("measure '\(item)' repeats the '\(measure.applies)' \(symbol(of: measure.comparison)) of another"))
                }
                measures.append(measure)
            case .failure(let problem):
                return .failure(problem)
            }
        }
        return .success(measures)
    }

    /// One `<applies> <comparison> [~]<value> <unit>`.
    static func parseOne(_ item: String) -> Result<Measure, Problem> {
        let form = "write '<what> <comparison> <value> <unit>', e.g. 'touch-target >= 44 pt'"
        let words = item.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 3 else {
            return .failure(Problem("measure '\(item)' is incomplete: \(form)"))
        }
        let applies = String(words[0])
        guard Identifier.isValid(applies) else {
            return .failure(Problem("measure '\(item)' names '\(applies)': what it applies to is lowercase words joined by hyphens (\(form))"))
        }
        guard let comparison = comparisons.first(where: { $0.0 == words[1] })?.1 else {
            return .failure(Problem("unknown comparison '\(words[1])' in measure '\(item)'; use >=, <=, <, > or ="))
        }
        var amount = words[2...].joined(separator: " ")
        var approximate: Bool?
        if amount.hasPrefix("~") {
            approximate = true
            amount.removeFirst()
        }
        let number = amount.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unitText = amount.dropFirst(number.count).trimmingSpaces()
        guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, !number.hasPrefix("."), !number.hasSuffix("."),
              let value = Double(number), value.isFinite else {
            return .failure(Problem("measure '\(item)' has no number: write digits after the comparison, e.g. '44' or '4.5'"))
        }
        guard !unitText.isEmpty else {
            return .failure(Problem("measure '\(item)' has no unit; use \(units.map(\.0).joined(separator: ", "))"))
        }
        guard let unit = units.first(where: { $0.0 == unitText })?.1 else {
            return .failure(Problem("unknown unit '\(unitText)' in measure '\(item)'; use \(units.map(\.0).joined(separator: ", "))"
                                    + Suggestion.didYouMean(unitText, in: units.map(\.0))))
        }
        if counts.contains(unit), value.rounded() != value {
            return .failure(Problem("measure '\(item)' counts \(unit.rawValue): the number must be whole"))
        }
        if unit == .ratio, value < 1 {
            return .failure(Problem("measure '\(item)' gives a ratio below 1:1; write the larger side first, e.g. '4.5:1'"))
        }
        if value == 0, comparison == .below {
            return .failure(Problem("measure '\(item)' asks for less than nothing"))
        }
        return .success(Measure(applies: applies, comparison: comparison, value: value, unit: unit, approximate: approximate))
    }

    static func symbol(of comparison: Measure.Comparison) -> String {
        comparisons.first { $0.1 == comparison }!.0
    }

    struct Problem: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

/// A rule's `good` and `bad` attributes: short texts in this language that follow the advice
/// or break it (button titles, alert wording), separated by `|`:
/// `{good="Add to List|Send" bad="OK"}`. Every language gives as many of each, in the same order.
enum RuleExamples {
    static func parse(_ text: String) -> Result<[String], RuleMeasures.Problem> {
        let items = text.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        if items.contains(where: \.isEmpty) {
            return .failure(.init("empty example in \"\(text)\"; separate examples with '|'"))
        }
        return .success(items)
    }
}
