import Foundation
import Synchronization

/// Traditional → Simplified character mapping, read at build time from OpenCC's
/// `TSCharacters` dictionary (Debian's `opencc` package, or a text copy of it).
public struct ChineseVariantTable: Sendable {
    /// Traditional character → its Simplified form (the first one OpenCC lists).
    public let simplified: [Character: Character]
    /// The scalars a character of the table can start with, as written or decomposed (a
    /// compatibility ideograph equals its decomposition as a `Character`), and every
    /// compatibility ideograph: text with none of them is its own Simplified form.
    private let mayChange: ScalarBitmap

    public init(simplified: [Character: Character]) {
        self.simplified = simplified
        mayChange = Self.firstScalars(of: simplified.keys)
    }

    /// Parses OpenCC's text format: `TRAD<TAB>SIMP [SIMP…]` per line.
    public init(openCCText text: String) {
        var map: [Character: Character] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 2, fields[0].count == 1,
                  let target = fields[1].split(separator: " ").first, target.count == 1 else { continue }
            let from = fields[0].first!, to = target.first!
            if from != to { map[from] = to }
        }
        self.init(simplified: map)
    }

    /// `toSimplified` of one scalar that is a character by itself (a CJK ideograph): nil when
    /// it stays as it is.
    package func simplified(scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard mayChange.contains(scalar.value), let to = simplified[Character(scalar)],
              to.unicodeScalars.count == 1 else { return nil }
        return to.unicodeScalars.first
    }

    public func toSimplified(_ text: String) -> String {
        // Most text (all English, most Simplified Chinese) has no Traditional character: a look
        // at each scalar in a bitmap says so, where a dictionary lookup per character was a
        // seventh of `rules`' time.
        guard text.unicodeScalars.contains(where: { mayChange.contains($0.value) }) else { return text }
        return String(text.map { simplified[$0] ?? $0 })
    }

    private static func firstScalars(of keys: some Sequence<Character>) -> ScalarBitmap {
        var bitmap = ScalarBitmap()
        for key in keys {
            for form in [String(key), String(key).decomposedStringWithCanonicalMapping] {
                if let first = form.unicodeScalars.first { bitmap.insert(first.value) }
            }
        }
        for value in UInt32(0xF900)...0xFAFF { bitmap.insert(value) }
        for value in UInt32(0x2F800)...0x2FA1F { bitmap.insert(value) }
        return bitmap
    }

    /// A set of scalar values, one bit each below U+30000; any scalar above is taken as in it
    /// (the slow path, never a wrong answer).
    private struct ScalarBitmap: Sendable {
        private static let limit: UInt32 = 0x30000
        private var bits = [UInt64](repeating: 0, count: Int(limit / 64))

        package mutating func insert(_ value: UInt32) {
            guard value < Self.limit else { return }
            bits[Int(value >> 6)] |= 1 << UInt64(value & 63)
        }

        package func contains(_ value: UInt32) -> Bool {
            value >= Self.limit || bits[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
        }
    }

    /// Where OpenCC's data is looked for: Debian's folder, then Homebrew's (Apple silicon, then
    /// Intel). A text dictionary is read as it is; a binary one is converted to text by
    /// `opencc_dict`, which comes with the same package.
    package static let dataFolders = ["/usr/share/opencc", "/opt/homebrew/share/opencc", "/usr/local/share/opencc"]
    static let textCandidates = dataFolders.map { $0 + "/TSCharacters.txt" }
    static let binaryCandidates = dataFolders.map { $0 + "/TSCharacters.ocd2" }
    static let converterCandidates = ["/usr/bin/opencc_dict", "/opt/homebrew/bin/opencc_dict", "/usr/local/bin/opencc_dict"]

    /// Loads the table once per process and path; later calls reuse it.
    /// Nil when neither `explicitPath` nor OpenCC's data is found.
    public static func load(explicitPath: String? = nil) -> ChineseVariantTable? {
        let key = explicitPath ?? ""
        if let cached = cache.value(for: key) { return cached }
        guard let table = read(explicitPath: explicitPath) else { return nil }
        cache.store(table, for: key)
        return table
    }

    private static let cache = TableCache()

    private static func read(explicitPath: String?) -> ChineseVariantTable? {
        let fileManager = FileManager.default
        for path in [explicitPath].compactMap({ $0 }) + textCandidates where fileManager.isReadableFile(atPath: path) {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                return ChineseVariantTable(openCCText: text)
            }
        }
        if let binaryDictionary = binaryCandidates.first(where: { fileManager.isReadableFile(atPath: $0) }),
           let converter = converterCandidates.first(where: { fileManager.isExecutableFile(atPath: $0) }) {
            let output = fileManager.temporaryDirectory
                .appendingPathComponent("handbookgen-ts-\(UUID().uuidString).txt")
            defer { try? fileManager.removeItem(at: output) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: converter)
            process.arguments = ["-i", binaryDictionary, "-o", output.path, "-f", "ocd2", "-t", "text"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            if (try? process.run()) != nil {
                process.waitUntilExit()
                if process.terminationStatus == 0, let text = try? String(contentsOf: output, encoding: .utf8) {
                    return ChineseVariantTable(openCCText: text)
                }
            }
        }
        return nil
    }
}

/// The tables read so far, shared by the builds of one process (tests run many at once).
private final class TableCache: Sendable {
    private let tables = Mutex<[String: ChineseVariantTable]>([:])

    package func value(for key: String) -> ChineseVariantTable? {
        tables.withLock { $0[key] }
    }

    package func store(_ table: ChineseVariantTable, for key: String) {
        tables.withLock { $0[key] = table }
    }
}
