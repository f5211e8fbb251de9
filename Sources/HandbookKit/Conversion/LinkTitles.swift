/// The titles a cross-link without its own text shows, by target as written: `controls` (a
/// part), `controls/buttons` (a chapter), `controls/buttons#system-buttons` (a section or rule)
/// and `rule:controls.buttons.verb-titles`. Made from the source language, for a generated
/// language's conversion to space such links like the text they read as.
struct LinkTitles: Sendable {
    var byTarget: [String: String] = [:]

    init(parts: [Part], chapters: [Chapter]) {
        for part in parts { byTarget[part.id] = part.title }
        for chapter in chapters {
            byTarget[chapter.id] = chapter.title
            for section in chapter.sections { byTarget[chapter.id + "#" + section.anchor] = section.titleText }
            for rule in chapter.rules {
                byTarget[chapter.id + "#" + rule.localID] = rule.title
                byTarget["rule:" + chapter.ruleID(rule.localID)] = rule.title
            }
        }
    }
}
