import Foundation
import RulesCatalog

/// `rules.json`'s bytes, written directly (see `JSONTextWriter`): the same bytes `JSONEncoder`
/// gives for the `Catalog` (pretty-printed, sorted keys), which `CatalogJSONTests` checks on the
/// handbook and on text that needs every kind of escape. A field added to the catalogue's types
/// must be added here too; that test fails until it is.
enum CatalogJSON {
    /// The document and the line break that ends the file.
    static func encode(_ catalog: Catalog) -> [UInt8] {
        var json = JSONTextWriter(pretty: true, capacity: 1024 * (catalog.rules.count + catalog.chapters.count))
        json.beginObject()
        json.key("chapters")
        json.beginArray()
        // By index: the elements are read in place, where `for … in` copies each one (a dozen
        // strings) before writing it.
        for index in catalog.chapters.indices { write(catalog.chapters[index], into: &json) }
        json.endArray()
        json.member("languages", catalog.languages)
        json.key("rules")
        json.beginArray()
        for index in catalog.rules.indices { write(catalog.rules[index], into: &json) }
        json.endArray()
        json.member("schemaVersion", catalog.schemaVersion)
        json.key("scopes")
        json.beginArray()
        for scope in catalog.scopes { write(scope, into: &json) }
        json.endArray()
        json.endObject()
        json.endLine()
        return json.bytes
    }

    private static func write(_ chapter: Catalog.Chapter, into json: inout JSONTextWriter) {
        json.beginObject()
        json.member("edition", chapter.edition)
        json.member("id", chapter.id)
        if let note = chapter.note { write("note", note, into: &json) }
        json.member("related", chapter.related)
        json.member("scope", chapter.scope)
        json.member("status", chapter.status.rawValue)
        write("summary", chapter.summary, into: &json)
        write("title", chapter.title, into: &json)
        write("url", chapter.url, into: &json)
        json.member("weight", chapter.weight)
        json.endObject()
    }

    private static func write(_ rule: Catalog.Rule, into json: inout JSONTextWriter) {
        json.beginObject()
        if let basis = rule.basis { json.member("basis", basis) }
        json.member("chapter", rule.chapter)
        json.member("edition", rule.edition)
        if let history = rule.history {
            json.key("history")
            json.beginArray()
            for earlier in history {
                json.beginObject()
                json.member("edition", earlier.edition)
                write("text", earlier.text, into: &json)
                json.endObject()
            }
            json.endArray()
        }
        json.member("id", rule.id)
        json.member("introducedIn", rule.introducedIn)
        json.member("kind", rule.kind.rawValue)
        if let note = rule.note { write("note", note, into: &json) }
        json.member("related", rule.related)
        json.member("replacedBy", rule.replacedBy)
        json.member("scope", rule.scope)
        if let section = rule.section { json.member("section", section) }
        json.member("status", rule.status.rawValue)
        write("text", rule.text, into: &json)
        write("title", rule.title, into: &json)
        json.key("translation")
        json.beginObject()
        for language in rule.translation.languages { json.member(language.tag, rule.translation[language]!.rawValue) }
        json.endObject()
        write("url", rule.url, into: &json)
        json.endObject()
    }

    private static func write(_ scope: Catalog.Scope, into json: inout JSONTextWriter) {
        json.beginObject()
        json.member("id", scope.id)
        write("summary", scope.summary, into: &json)
        write("title", scope.title, into: &json)
        write("url", scope.url, into: &json)
        json.member("weight", scope.weight)
        json.endObject()
    }

    private static func write(_ key: String, _ text: LocalizedText, into json: inout JSONTextWriter) {
        json.key(key)
        json.beginObject()
        for language in text.languages { json.member(language.tag, text[language]!) }
        json.endObject()
    }
}
