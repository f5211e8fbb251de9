/// The generator's version: `HandbookGen --version`, the MCP server's `serverInfo`. The one
/// place it is written; bump it when a release of the tool is tagged.
public enum HandbookGenVersion {
    public static let current = "0.9.0"
}
