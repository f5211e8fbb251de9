import Foundation
import TextBytes
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
        if let generated = catalog.generated {
            json.key("generated")
            json.beginObject()
            for tag in generated.keys.sorted() {
                json.key(tag)
                json.beginObject()
                json.member("from", generated[tag]!.from)
                json.member("method", generated[tag]!.method)
                json.endObject()
            }
            json.endObject()
        }
        json.member("languages", catalog.languages)
        if let released = catalog.released { json.member("released", released) }
        json.key("rules")
        json.beginArray()
        for index in catalog.rules.indices { write(catalog.rules[index], into: &json) }
        json.endArray()
        json.member("schemaVersion", catalog.schemaVersion)
        json.key("scopes")
        json.beginArray()
        for scope in catalog.scopes { write(scope, into: &json) }
        json.endArray()
        if let version = catalog.version { json.member("version", version) }
        json.endObject()
        json.endLine()
        return json.bytes
    }

    private static func write(_ chapter: Catalog.Chapter, into json: inout JSONTextWriter) {
        json.beginObject()
        json.member("edition", chapter.edition)
        if let generated = chapter.generated { json.member("generated", generated) }
        json.member("id", chapter.id)
        if let note = chapter.note { write("note", note, into: &json) }
        if let permalink = chapter.permalink { write("permalink", permalink, into: &json) }
        json.member("related", chapter.related)
        json.member("scope", chapter.scope)
        json.member("status", chapter.status.rawValue)
        write("summary", chapter.summary, into: &json)
        if let tags = chapter.tags { json.member("tags", tags) }
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
        if let examples = rule.examples {
            json.key("examples")
            json.beginArray()
            for example in examples {
                json.beginObject()
                json.member("kind", example.kind.rawValue)
                write("text", example.text, into: &json)
                json.endObject()
            }
            json.endArray()
        }
        if let figures = rule.figures {
            json.key("figures")
            json.beginArray()
            for figure in figures {
                json.beginObject()
                write("alt", figure.alt, into: &json)
                json.member("src", figure.src)
                json.endObject()
            }
            json.endArray()
        }
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
        if let measures = rule.measures {
            json.key("measures")
            json.beginArray()
            for measure in measures {
                json.beginObject()
                json.member("applies", measure.applies)
                if let approximate = measure.approximate { json.member("approximate", approximate) }
                json.member("comparison", measure.comparison.rawValue)
                json.member("unit", measure.unit.rawValue)
                json.member("value", measure.value)
                json.endObject()
            }
            json.endArray()
        }
        if let note = rule.note { write("note", note, into: &json) }
        if let permalink = rule.permalink { write("permalink", permalink, into: &json) }
        if let position = rule.position { json.member("position", position) }
        json.member("related", rule.related)
        json.member("replacedBy", rule.replacedBy)
        json.member("scope", rule.scope)
        if let section = rule.section { json.member("section", section) }
        if let sectionTitle = rule.sectionTitle { write("sectionTitle", sectionTitle, into: &json) }
        json.member("status", rule.status.rawValue)
        if let tags = rule.tags { json.member("tags", tags) }
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
        if let permalink = scope.permalink { write("permalink", permalink, into: &json) }
        write("summary", scope.summary, into: &json)
        write("title", scope.title, into: &json)
        write("url", scope.url, into: &json)
        json.member("weight", scope.weight)
        json.endObject()
    }

    /// `glossary.json`'s bytes, like `rules.json`'s (the same as `JSONEncoder`'s, sorted keys).
    static func encode(_ glossary: GlossaryCatalog) -> [UInt8] {
        var json = JSONTextWriter(pretty: true, capacity: 512 * glossary.terms.count)
        json.beginObject()
        json.member("languages", glossary.languages)
        json.member("schemaVersion", glossary.schemaVersion)
        json.key("terms")
        json.beginArray()
        for term in glossary.terms {
            json.beginObject()
            if let definition = term.definition { write("definition", definition, into: &json) }
            json.member("id", term.id)
            write("term", term.term, into: &json)
            json.member("variants", term.variants)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.endLine()
        return json.bytes
    }

    private static func write(_ key: String, _ text: LocalizedText, into json: inout JSONTextWriter) {
        json.key(key)
        json.beginObject()
        for language in text.languages { json.member(language.tag, text[language]!) }
        json.endObject()
    }
}
