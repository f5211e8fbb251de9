import Foundation
import TextBytes
import RulesCatalog

/// `rules.json`'s and `glossary.json`'s bytes: the catalogue types' `Codable` form (RulesCatalog,
/// the one definition of their shape) as `JSONEncoder` writes it with `.prettyPrinted`,
/// `.sortedKeys` and `.withoutEscapingSlashes`, then a line break. `SortedJSONEncoder` writes
/// those bytes as it goes, without `JSONEncoder`'s tree of boxed values (for the 35 MB
/// `rules.json` of a large handbook that was a tenth of the build and its largest allocation).
enum CatalogJSON {
    static func encode(_ catalog: Catalog) throws -> [UInt8] {
        // A rule or chapter takes 600–700 bytes a language (1,316 for two languages at 1,000
        // synthetic chapters, 2,073 for the real handbook's three): room for all of it at once,
        // so that the buffer is not copied into one twice its size as it grows.
        try document(catalog, capacity: 750 * catalog.languages.count * (catalog.rules.count + catalog.chapters.count))
    }

    static func encode(_ glossary: GlossaryCatalog) throws -> [UInt8] {
        try document(glossary, capacity: 512 * glossary.terms.count)
    }

    private static func document(_ value: some Encodable, capacity: Int) throws -> [UInt8] {
        var bytes = try SortedJSONEncoder.encode(value, pretty: true, capacity: capacity + 1)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
