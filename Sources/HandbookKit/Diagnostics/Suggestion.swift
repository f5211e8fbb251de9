/// "Did you mean" suggestions for misspelt ids and keys.
public enum Suggestion {
    /// The candidate closest to `input` by edit distance, if it is close enough to be a likely typo.
    public static func closest(to input: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(2, input.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(input, candidate)
            if distance <= limit, best == nil || distance < best!.1
                || (distance == best!.1 && candidate < best!.0) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// " (did you mean 'x'?)" or "".
    public static func didYouMean(_ input: String, in candidates: some Sequence<String>) -> String {
        closest(to: input, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
