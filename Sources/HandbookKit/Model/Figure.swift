import Foundation
import Synchronization

/// A picture kept in `content/figures/` (SVG, PNG or WebP), checked and ready to publish under a
/// name that changes with its bytes, so that a browser never shows a stale copy.
public struct Figure: Sendable, Equatable {
    /// The file name in `content/figures/`, e.g. `navigation-bar.svg`.
    public var name: String
    public var data: Data
    public var width: Int
    public var height: Int
    /// Where the site publishes it, e.g. `assets/figures/navigation-bar-3f2a9c1e.svg`.
    public var sitePath: String
    /// `<name>.dark.<ext>` beside it: the picture shown in dark mode.
    public var dark: DarkVariant?

    public struct DarkVariant: Sendable, Equatable {
        public var data: Data
        public var sitePath: String
    }
}

/// The figures of a handbook, by file name.
public struct FigureLibrary: Sendable {
    public static let folder = "figures"
    public var figures: [String: Figure] = [:]
    /// Where each file was read, for diagnostics (unused figures).
    var locations: [String: SourceLocation] = [:]

    public init() {}

    /// The figure a Markdown image's source names: `../../figures/x.svg` from a chapter,
    /// `../figures/x.svg` from a part, or `figures/x.svg`; nil for anything else.
    public static func name(ofSource source: String) -> String? {
        var rest = Substring(source)
        while rest.hasPrefix("../") { rest = rest.dropFirst(3) }
        if rest.hasPrefix("./") { rest = rest.dropFirst(2) }
        guard rest.hasPrefix(folder + "/") else { return nil }
        let name = rest.dropFirst(folder.count + 1)
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return String(name)
    }

    public func figure(forSource source: String) -> Figure? {
        Self.name(ofSource: source).flatMap { figures[$0] }
    }
}

/// Reads and checks `content/figures/`. SVG files are checked for what could run or reach out
/// (they are shown with `<img>`, where nothing runs, but a reader may open one directly).
enum FigureLoader {
    static let extensions = ["svg", "png", "webp"]
    /// Above this, a figure is refused; above `heavy`, an SVG drawing is reported as too heavy.
    static let maximumBytes = 1 << 20
    static let heavyBytes = 40 * 1024

    static func load(contentDirectory: URL, displayRoot: String, log: inout DiagnosticLog, memo: FigureMemo? = nil) -> FigureLibrary {
        var library = FigureLibrary()
        let folder = contentDirectory.appendingPathComponent(FigureLibrary.folder)
        guard ContentDiscovery.kind(of: folder) == .directory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return library }
        for name in names.sorted() where !name.hasPrefix(".") {
            let display = displayRoot + "/" + FigureLibrary.folder + "/" + name
            let start = SourceLocation(file: display, line: 1, column: 1)
            let ext = (name as NSString).pathExtension.lowercased()
            guard extensions.contains(ext) else {
                log.error(id: "figure.unsupported-format", "figures are SVG, PNG or WebP files, not '\(name)'", at: start)
                continue
            }
            let base = (name as NSString).deletingPathExtension
            if base.hasSuffix(".dark") { continue }  // read with its light picture
            guard isValidName(base) else {
                log.error(id: "figure.invalid-name", "invalid figure name '\(base)'\(InvisibleCharacters.named(in: base)): use lowercase ASCII letters, "
                          + "digits and hyphens (a double hyphen may separate a chapter from a rule: 'tab-bar--few-tabs--do')", at: start)
                continue
            }
            guard let figure = read(folder.appendingPathComponent(name), name: name, display: display, log: &log, memo: memo) else { continue }
            var result = Figure(name: name, data: figure.data, width: figure.width, height: figure.height,
                                sitePath: sitePath(name, figure.data), dark: nil)
            let darkName = base + ".dark." + ext
            let darkURL = folder.appendingPathComponent(darkName)
            if ContentDiscovery.kind(of: darkURL) == .file,
               let dark = read(darkURL, name: darkName, display: displayRoot + "/" + FigureLibrary.folder + "/" + darkName, log: &log, memo: memo) {
                result.dark = .init(data: dark.data, sitePath: sitePath(darkName, dark.data))
            }
            library.figures[name] = result
            library.locations[name] = start
        }
        for name in names where name.contains(".dark.") {
            let light = name.replacingOccurrences(of: ".dark.", with: ".")
            if !names.contains(light) {
                log.error(id: "figure.dark-without-light", "'\(name)' is a dark variant without its light picture '\(light)'",
                          at: SourceLocation(file: displayRoot + "/" + FigureLibrary.folder + "/" + name, line: 1, column: 1))
            }
        }
        return library
    }

    private static func read(_ url: URL, name: String, display: String, log: inout DiagnosticLog, memo: FigureMemo?)
        -> (data: Data, width: Int, height: Int)? {
        let start = SourceLocation(file: display, line: 1, column: 1)
        guard ContentDiscovery.kind(of: url) == .file, let data = try? Data(contentsOf: url) else {
            log.error(id: "figure.unreadable", "cannot read the figure (symbolic links are not followed)", at: start)
            return nil
        }
        guard let memo else { return check(data, name: name, display: display, log: &log) }
        let (checked, checkLog) = memo.value(for: display, data: data) {
            var checkLog = DiagnosticLog()
            return (check(data, name: name, display: display, log: &checkLog).map { ($0.width, $0.height) }, checkLog)
        }
        log.merge(checkLog)
        return checked.map { (data, $0.width, $0.height) }
    }

    /// The figure's size once its bytes pass the checks (size, SVG safety, readable raster).
    private static func check(_ data: Data, name: String, display: String, log: inout DiagnosticLog)
        -> (data: Data, width: Int, height: Int)? {
        let start = SourceLocation(file: display, line: 1, column: 1)
        guard data.count <= maximumBytes else {
            log.error(id: "figure.too-large", "the figure has \(data.count / 1024) KB; the limit is \(maximumBytes / 1024) KB", at: start)
            return nil
        }
        let size: (Int, Int)?
        if name.lowercased().hasSuffix(".svg") {
            guard let text = String(data: data, encoding: .utf8) else {
                log.error(id: "figure.svg-not-utf8", "an SVG figure must be UTF-8 text", at: start)
                return nil
            }
            let problems = SVGCheck.problems(in: text)
            for problem in problems {
                log.error(id: "figure.svg-unsafe", problem.message, at: SourceLocation(file: display, line: problem.line, column: problem.column))
            }
            guard problems.isEmpty else { return nil }
            if data.count > heavyBytes {
                log.warning(id: "figure.svg-heavy", "the drawing has \(data.count / 1024) KB; keep figures under \(heavyBytes / 1024) KB", at: start)
            }
            size = SVGCheck.size(of: text)
            if size == nil {
                log.error(id: "figure.svg-no-size", "give the <svg> element width and height, or a viewBox, so that pages reserve its space", at: start)
            }
        } else {
            size = RasterSize.of(data)
            if size == nil { log.error(id: "figure.unreadable-raster", "not a PNG or WebP file that can be read", at: start) }
        }
        guard let (width, height) = size else { return nil }
        return (data, width, height)
    }

    /// Lowercase ASCII words joined by one or two hyphens.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.first != "-" && name.last != "-" && !name.contains("---")
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// `navigation-bar.svg` → `assets/figures/navigation-bar-<hash>.svg`.
    static func sitePath(_ name: String, _ data: Data) -> String {
        let hash = Fingerprint(utf8: Array(data)).description.prefix(10)
        let base = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        return "assets/figures/\(base)-\(hash).\(ext)"
    }
}

/// What an SVG figure may not hold: scripts, event attributes, foreign objects, references to
/// anything outside the file, document type declarations (entities).
enum SVGCheck {
    struct Problem: Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// One pass over the drawing's bytes, ASCII letters compared without case (every pattern is
    /// ASCII); a line and column are counted only for a problem found.
    static func problems(in text: String) -> [Problem] {
        let bytes = Array(text.utf8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        var problems: [Problem] = []
        func report(_ message: String, at offset: Int) {
            let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let line = bytes[..<lineStart].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
            problems.append(Problem(message: message, line: line, column: column))
        }
        func word(at offset: Int, _ needle: [UInt8]) -> Bool {
            offset + needle.count <= bytes.count && bytes[offset..<(offset + needle.count)].elementsEqual(needle)
        }
        func skipSpace(_ offset: inout Int) { while offset < bytes.count, isSpace(bytes[offset]) { offset += 1 } }
        /// The run from `offset` up to a quote, white space (or a closing parenthesis).
        func reference(from offset: inout Int, stopsAtParenthesis: Bool) -> String {
            let start = offset
            while offset < bytes.count, !isSpace(bytes[offset]), bytes[offset] != UInt8(ascii: "\""),
                  bytes[offset] != UInt8(ascii: "'"), !(stopsAtParenthesis && bytes[offset] == UInt8(ascii: ")")) {
                offset += 1
            }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "@"),
               let (needle, message) = Self.forbidden.first(where: { word(at: offset, $0.needle) }) {
                report(message, at: offset)
                offset += needle.count
                continue
            }
            // Event attributes: white space, `on`, letters, `=` (onload=, onclick= …).
            if isSpace(byte), word(at: offset + 1, Self.on) {
                var end = offset + 3
                while end < bytes.count, bytes[end] >= 0x61, bytes[end] <= 0x7A { end += 1 }
                var equals = end
                skipSpace(&equals)
                if end > offset + 3, equals < bytes.count, bytes[equals] == UInt8(ascii: "=") {
                    let name = String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
                    report("SVG figures may not carry event attributes ('\(name)')", at: offset + 1)
                    offset = equals + 1
                    continue
                }
            }
            // References to anything but the drawing's own `#id`: href="…", xlink:href="…", url(…).
            if word(at: offset, Self.href) {
                let start = offset >= 6 && word(at: offset - 6, Self.xlink) ? offset - 6 : offset
                var cursor = offset + Self.href.count
                skipSpace(&cursor)
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") {
                    cursor += 1
                    skipSpace(&cursor)
                    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                        cursor += 1
                        skipSpace(&cursor)
                        let target = reference(from: &cursor, stopsAtParenthesis: false)
                        if !target.hasPrefix("#") {
                            report("SVG figures may only refer to their own elements (href=\"#id\"), not '\(target)'", at: start)
                        }
                        offset = cursor
                        continue
                    }
                }
            }
            if word(at: offset, Self.url) {
                var cursor = offset + Self.url.count
                skipSpace(&cursor)
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") { cursor += 1 }
                skipSpace(&cursor)
                let target = reference(from: &cursor, stopsAtParenthesis: true)
                if !target.hasPrefix("#") {
                    report("SVG figures may only use url(#id), not url(\(target))", at: offset)
                }
                offset = cursor
                continue
            }
            offset += 1
        }
        return problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private static let forbidden: [(needle: [UInt8], message: String)] = [
        ("<script", "SVG figures may not contain scripts"),
        ("<foreignobject", "SVG figures may not contain <foreignObject>"),
        ("<!doctype", "SVG figures may not declare a document type (entities)"),
        ("<!entity", "SVG figures may not declare entities"),
        ("@import", "SVG figures may not import style sheets"),
        ("<image", "SVG figures may not embed images; draw with shapes"),
    ].map { (Array($0.0.utf8), $0.1) }
    private static let on = Array("on".utf8)
    private static let href = Array("href".utf8)
    private static let xlink = Array("xlink:".utf8)
    private static let url = Array("url(".utf8)

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The root element's width and height, or its viewBox's.
    static func size(of text: String) -> (Int, Int)? {
        guard let open = text.range(of: "<svg") else { return nil }
        guard let close = text[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = text[open.upperBound..<close]
        let bytes = Array(tag.utf8)
        /// The quoted value of the attribute `name` (preceded by white space), if any.
        func value(_ name: String) -> String? {
            let name = Array(name.utf8)
            var index = 0
            while index + name.count < bytes.count {
                defer { index += 1 }
                guard isSpace(bytes[index]), bytes[(index + 1)...].starts(with: name) else { continue }
                var cursor = index + 1 + name.count
                while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { continue }
                cursor += 1
                while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { continue }
                let start = cursor + 1
                guard let end = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) else { continue }
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            return nil
        }
        if let width = value("width").flatMap(Self.number), let height = value("height").flatMap(Self.number) {
            return (width, height)
        }
        let box = value("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } ?? []
        guard box.count == 4, box[2] > 0, box[3] > 0 else { return nil }
        return (Int(box[2].rounded()), Int(box[3].rounded()))
    }

    /// `280`, `280px`, `280.0` → 280; percentages and other units are not a size.
    private static func number(_ text: String) -> Int? {
        let digits = text.hasSuffix("px") ? String(text.dropLast(2)) : text
        return Double(digits).map { Int($0.rounded()) }.flatMap { $0 > 0 ? $0 : nil }
    }
}

/// The pixel size of a PNG (its IHDR chunk) or a WebP (its VP8X, VP8 or VP8L header).
enum RasterSize {
    static func of(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data.prefix(64))
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        func le(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return (be32(16), be32(20))
        }
        guard bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8X": return (le(24, 3) + 1, le(27, 3) + 1)
        case "VP8 ": return (le(26, 2) & 0x3FFF, le(28, 2) & 0x3FFF)
        case "VP8L":
            let bits = le(21, 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        default: return nil
        }
    }
}

/// Figures checked by the previous build (`serve`), by path, while their bytes are the same:
/// reading the SVGs again is cheap, checking them is not.
final class FigureMemo: Sendable {
    private let checked = Mutex<[String: (data: Data, size: (width: Int, height: Int)?, log: DiagnosticLog)]>([:])

    func value(for path: String, data: Data,
               check: () -> ((width: Int, height: Int)?, DiagnosticLog)) -> ((width: Int, height: Int)?, DiagnosticLog) {
        if let kept = checked.withLock({ $0[path] }), kept.data == data { return (kept.size, kept.log) }
        let (size, log) = check()
        checked.withLock { $0[path] = (data, size, log) }
        return (size, log)
    }
}
