import HandbookSearch

extension ChineseVariantTable {
    /// The table, or nil with the `opencc.missing-table` diagnostic.
    public static func load(explicitPath: String? = nil, log: inout DiagnosticLog) -> ChineseVariantTable? {
        guard let table = load(explicitPath: explicitPath) else {
            log.error(id: "opencc.missing-table", "cannot find OpenCC's Traditional-to-Simplified table (TSCharacters); install OpenCC (Debian's 'opencc' package or Homebrew's 'opencc'; scripts/install-deps.sh does) or pass --opencc-table FILE", at: nil)
            return nil
        }
        return table
    }
}
