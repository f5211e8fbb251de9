// Search query: the ranked search over a HandbookSearchIndex — a query's alternatives (glossary
// names and synonyms, pinyin), matching, scores, facets, typo correction (docs/search-index.md:
// Matching, Ranking, Pinyin, Typos). No DOM.
// A module of search.js (the files of assets/search/ are published as one script, in name
// order): HandbookSearchQuery(data, index, text) with `data` the index's data, `index` =
// HandbookSearchIndex(data, text), `text` = HandbookSearchText(data.variants).
// A search takes the chosen facets as `choice`: { scopes: [...], edition: "", advice: [...],
// status: [...] } (parts and result types in `scopes`; no value chosen in a group: all pass).
var HandbookSearchQuery = function (data, index, text) {
  "use strict";
  var chunked = index.chunked;
  var normalize = text.normalize, tokens = text.tokens, isHanCode = text.isHanCode, find = text.find, occurs = text.occurs;
  var WHOLE_WORD = text.WHOLE_WORD, WORD_START = text.WORD_START;
  var records = index.records, titleLengths = index.titleLengths, kindOrders = index.kindOrders, KIND_ORDER = index.KIND_ORDER;
  var textPostings = index.textPostings, titlePostings = index.titlePostings;
  var NONE = index.NONE, union = index.union, intersection = index.intersection;
  var includes = index.includes, countDistinct = index.countDistinct, want = index.want;
  var facetRecords = index.facetRecords, total = index.total;

  var synonyms = data.synonyms;

  // Sources/HandbookSearch/SearchRanking.swift ranks the same way for `rules` and MCP: a change
  // here goes there too (SearchRankingTests compares the numbers; docs/search-index.md, Ranking).
  // Score weights. A token in the title counts at least TITLE, one in the body only at most
  // BODY + BODY_WHOLE + BODY_WORD_START: a record matching in its body only scores at most
  // BODY_ONLY_BEST (with its kind's bonus) less the alternative's penalty.
  var TITLE = 100, TITLE_WHOLE = 30, TITLE_WORD_START = 20, TITLE_START = 25, TITLE_COVER = 40;
  var BODY = 10, BODY_WHOLE = 5, BODY_WORD_START = 3;
  var BODY_ONLY_BEST = BODY + BODY_WHOLE + BODY_WORD_START + 3;
  var BEST = TITLE + TITLE_WHOLE + TITLE_WORD_START + TITLE_START + TITLE_COVER + 3;

  // One alternative of a query (see alternatives()), ready to match: its tokens, which of them
  // are Han, and for each Latin-script token the records holding it as a whole word.
  function prepare(alternative) {
    var queryTokens = tokens(alternative[0]);
    return {
      tokens: queryTokens,
      han: queryTokens.map(function (t) { return isHanCode(t.charCodeAt(0)); }),
      wholeWords: queryTokens.map(function (t) { return textPostings.wholeWord(t); }),
      penalty: alternative[1]
    };
  }

  // The score of record `i`, which matches `query`. Of a chunked index, a record whose chunk is
  // not loaded yet scores `bound` (the most it could) and its chunk is wanted.
  function score(i, query, bound) {
    var record = records[i], total = 0, titleChars = 0;
    if (!record) {
      want([index.chunkOf(i)]);
      return bound;
    }
    for (var k = 0; k < query.tokens.length; k++) {
      var t = query.tokens[k];
      var inTitle = find(record.nTitle, t, query.han[k]);
      if (inTitle >= 0) {
        total += TITLE + (inTitle & WHOLE_WORD ? TITLE_WHOLE : 0) + (inTitle & WORD_START ? TITLE_WORD_START : 0) +
          (inTitle < 4 ? TITLE_START : 0);
        titleChars += t.length;
        continue;
      }
      // A Latin token not in the title starts a word in the body; whether it is a whole word
      // there the postings tell, where find() would step through every occurrence of a prefix.
      if (query.wholeWords[k]) {
        total += BODY + BODY_WORD_START + (includes(query.wholeWords[k], i) ? BODY_WHOLE : 0);
        continue;
      }
      var inBody = find(record.nBody, t, query.han[k]);
      if (inBody < 0) return 0;
      total += BODY + (inBody & WHOLE_WORD ? BODY_WHOLE : 0) + (inBody & WORD_START ? BODY_WORD_START : 0);
    }
    total = total / query.tokens.length;
    // The more of the title the query covers, the closer the match ("Tab Bars" before "Tab bar controller").
    if (titleChars) total += Math.round(TITLE_COVER * titleChars / Math.max(record.nTitle.length, 1));
    return total + (3 - KIND_ORDER[record.kind]);
  }

  // The query itself, plus the terms it names through the glossary (other language, variants):
  // [text, penalty]. A name typed in full counts more than one it only begins.
  function alternatives(query) {
    var q = normalize(query).trim();
    var alts = [[query, 0]];
    if (q.length < 2) return alts;
    var seen = {};
    for (var i = 0; i < synonyms.length; i++) {
      var key = synonyms[i][0], term = synonyms[i][1];
      if (seen[term]) continue;
      if (key === q) { alts.splice(1, 0, [term, 5]); seen[term] = true; }
      else if (key.indexOf(q) === 0 && q.length >= 3 && alts.length < 5) { alts.push([term, 15]); seen[term] = true; }
    }
    return alts.concat(pinyinAlternatives(q));
  }

  // ---- pinyin: a Latin query read as the pinyin of titles (docs/search-index.md, Pinyin) ----
  // Each record whose title has Han characters carries their readings, one syllable each. A
  // query of Latin letters (spaces ignored, ü typed as v or u) matches consecutive syllables of
  // one Han run, each typed in full or by its initial (zh, ch, sh or the first letter), the last
  // one possibly begun only: `dhl`, `daohanglan`, `dao hang`, `daoh`. The Han text so read
  // becomes an alternative of the query, searched like any other.
  var PINYIN = 6, PINYIN_SPANS = 3;
  // The distinct Han runs of titles with their syllables; a run's best kind (a whole chapter or
  // term title counts most) and how many titles hold it rank the spans read from it.
  function readPinyinRuns(records) {
    var runs = new Map(), readings = Object.create(null), syllable = "";
    (data.readings || "").replace(/[a-z]+|[^a-z]/g, function (piece) {
      if (piece.length > 1 || piece < "{") syllable = piece; else readings[piece] = syllable;
      return "";
    });
    records.forEach(function (record) {
      var title = record.nTitle, k = 0, run = "", from = 0, syllables = record.pinyin ? record.pinyin.split(" ") : [];
      if (!record.pinyin) {
        for (var c = 0; c < title.length; c++) if (isHanCode(title.charCodeAt(c))) syllables.push(readings[title[c]] || "-");
        if (!syllables.length) return;
      }
      var whole = (record.kind === "c" || record.kind === "t");
      function close() {
        if (!run) return;
        var entry = runs.get(run);
        if (!entry) runs.set(run, (entry = { text: run, syllables: syllables.slice(from, from + run.length), titles: 0, whole: false }));
        entry.titles++;
        if (whole && run.length === title.length) entry.whole = true;
        run = "";
      }
      for (var i = 0; i < title.length && k < syllables.length; i++) {
        if (isHanCode(title.charCodeAt(i))) { if (!run) from = k; run += title[i]; k++; } else close();
      }
      close();
    });
    return Array.from(runs.values());
  }
  // From the records, or for a chunked index from titles.js (loaded on the first pinyin query).
  var titleRuns = chunked ? [] : readPinyinRuns(records), titleRunsRead = !chunked;
  function pinyinRunsLoaded() {
    if (titleRunsRead || !data.titles) return titleRuns;
    var titleEntries = index.titleEntries();
    if (!titleEntries) { want(["titles"]); return titleRuns; }
    titleRunsRead = true;
    return (titleRuns = readPinyinRuns(titleEntries.map(function (t) { return { kind: t[0], nTitle: normalize(t[1]), pinyin: t[2] || "" }; })));
  }
  function initialOf(syllable) {
    var two = syllable.slice(0, 2);
    return two === "zh" || two === "ch" || two === "sh" ? two : syllable[0];
  }
  // The end (exclusive) of the syllables from `at` that `letters` from `q` spell, and how many
  // were typed in full (as best): { end, full } or null.
  function spell(letters, q, syllables, at) {
    if (q === letters.length) return { end: at, full: 0 };
    if (at === syllables.length || syllables[at] === "-") return null;
    var syllable = syllables[at], rest = letters.length - q, best = null;
    if (letters.startsWith(syllable, q)) {
      var whole = spell(letters, q + syllable.length, syllables, at + 1);
      if (whole) best = { end: whole.end, full: whole.full + 1 };
    }
    if (!best && rest < syllable.length && syllable.startsWith(letters.slice(q))) {
      best = { end: at + 1, full: rest > 1 ? 1 : 0 };
    }
    if (!best) {
      var initial = initialOf(syllable);
      for (var n = initial.length; n >= 1 && !best; n--) {
        if (letters.startsWith(initial.slice(0, n), q)) best = spell(letters, q + n, syllables, at + 1);
      }
    }
    return best;
  }
  // The Han texts the query may be the pinyin of, best first, as [text, penalty].
  function pinyinAlternatives(q) {
    if (!(chunked ? data.titles : titleRuns.length) || !/^[a-z ]+$/.test(q)) return [];
    var letters = q.replace(/ /g, "").replace(/v/g, "u");
    if (letters.length < 2) return [];
    var pinyinRuns = pinyinRunsLoaded();
    var spans = new Map();
    for (var r = 0; r < pinyinRuns.length; r++) {
      var run = pinyinRuns[r], syllables = run.syllables, first = letters[0];
      for (var at = 0; at < syllables.length; at++) {
        if (syllables[at][0] !== first && !(first === "u" && syllables[at][0] === "v")) continue;
        var found = spell(letters, 0, syllables, at);
        if (!found || found.end - at < 2) continue;  // one syllable reads as too many characters
        var text = run.text.slice(at, found.end), span = spans.get(text);
        if (!span) spans.set(text, (span = { text: text, titles: 0, whole: false, full: found.full }));
        span.titles += run.titles;
        span.whole = span.whole || (run.whole && at === 0 && found.end === syllables.length);
        span.full = Math.max(span.full, found.full);
      }
    }
    return Array.from(spans.values()).sort(function (a, b) {
      return (b.whole - a.whole) || (b.full - a.full) || (b.titles - a.titles) || (a.text < b.text ? -1 : 1);
    }).slice(0, PINYIN_SPANS).map(function (span, rank) { return [span.text, PINYIN + rank]; });
  }

  // Facets: parts and result types (`scope`), a rule's advice, the status and the edition, as
  // `choice` holds them (the interface passes the status: on the search page current records
  // only until another status is chosen). OR within a group, AND across groups.
  var ADVICE = { d: "do", a: "avoid", c: "consider" };
  var STATUS = { "": "current", l: "legacy", x: "deprecated" };

  var KINDS_BY_NAME = { chapters: "c", sections: "s", rules: "r", terms: "t" };
  // For the chips chosen, a flag per record (null when none is): parts and kinds narrow together.
  var scopeFilter = { key: "", allowed: null };
  function allowedRecords(choice) {
    var key = [choice.scopes.join(","), choice.edition, choice.advice.join(","), choice.status.join(",")].join("|");
    if (key === scopeFilter.key) return scopeFilter.allowed;
    var allowed = key !== "|||" ? new Uint8Array(total) : null;
    if (allowed) for (var i = 0; i < total; i++) allowed[i] = facetMisses(facetRecords[i], choice) ? 0 : 1;
    scopeFilter = { key: key, allowed: allowed };
    return allowed;
  }

  // Each group's value of a record, and the groups whose choice it fails: a bit per group.
  var GROUPS = ["part", "type", "advice", "status", "edition"];
  function facetValue(record, group) {
    switch (group) {
      case "part": return record.scope >= 0 ? data.scopes[record.scope][0] : "";
      case "type": return { c: "chapters", s: "sections", r: "rules", t: "terms" }[record.kind];
      case "advice": return ADVICE[record.advice] || "";
      case "status": return STATUS[record.status];
      default: return record.edition;
    }
  }
  function chosen(choice, group) {
    switch (group) {
      case "part": return choice.scopes.filter(function (s) { return !KINDS_BY_NAME[s]; });
      case "type": return choice.scopes.filter(function (s) { return KINDS_BY_NAME[s]; });
      case "advice": return choice.advice;
      case "status": return choice.status;
      default: return choice.edition ? [choice.edition] : [];
    }
  }
  function facetMisses(record, choice) {
    var misses = 0;
    GROUPS.forEach(function (group, bit) {
      var values = chosen(choice, group);
      if (values.length && values.indexOf(facetValue(record, group)) < 0) misses |= 1 << bit;
    });
    return misses;
  }
  // For every group and value, how many of `matches` the chips would give: the record passes
  // the other groups' choices and has that value.
  function facetCounts(matches, choice) {
    var counts = {};
    GROUPS.forEach(function (group) { counts[group] = Object.create(null); });
    for (var m = 0; m < matches.length; m++) {
      var record = facetRecords[matches[m]], misses = facetMisses(record, choice);
      GROUPS.forEach(function (group, bit) {
        if (misses & ~(1 << bit)) return;
        var value = facetValue(record, group);
        counts[group][value] = (counts[group][value] || 0) + 1;
      });
    }
    return counts;
  }

  // The records (numbers, increasing) that match every token and the chosen chips.
  function matching(query, unfiltered, choice) {
    var exact = true;
    var lists = query.tokens.map(function (t) {
      var found = textPostings.lookup(t);
      exact = exact && found.exact;
      return found.records;
    });
    var found = intersection(lists);
    var allowed = unfiltered ? null : allowedRecords(choice);
    if (allowed) found = found.filter(function (i) { return allowed[i] === 1; });
    if (exact) return found;
    return found.filter(function (i) {
      var record = records[i];
      // Of a chunked index, a record not loaded yet counts as the postings say (it holds each
      // triple of a long Han run, each letter of another script): it is checked once loaded,
      // as it is when shown.
      if (!record) return true;
      return query.tokens.every(function (t, k) {
        return occurs(record.nTitle, t, query.han[k]) || occurs(record.nBody, t, query.han[k]);
      });
    });
  }
  // For each token, the records whose title may hold it.
  function inTitles(query) {
    return query.tokens.map(function (t) { return titlePostings.lookup(t).records; });
  }
  var scores = new Float64Array(total);
  var scoredBy = new Int32Array(total).fill(-1);
  // Bit k: the title may hold token k; the title holds token k as a word.
  var inTitle = new Uint8Array(total), wholeInTitle = new Uint8Array(total), startInTitle = new Uint8Array(total);

  function search(query, limit, choice) {
    index.forgetWanted();
    var alts = alternatives(query).map(prepare), matched = [];
    var everything = alts.map(function (alt) { return alt.tokens.length ? matching(alt, true) : NONE; });
    var allowed = allowedRecords(choice);
    var found = allowed ? everything.map(function (list) { return list.filter(function (i) { return allowed[i] === 1; }); }) : everything;
    var suggestion = forgiveTypos(alts, found, choice);
    function scoreOne(i, altIndex, bound) {
      var s = score(i, alts[altIndex], bound) - alts[altIndex].penalty;
      if (scoredBy[i] < 0) { matched.push(i); scoredBy[i] = altIndex; scores[i] = s; }
      // On a tie the earlier alternative's tokens are highlighted, whichever was scored first.
      else if (scores[i] < s || (scores[i] === s && altIndex < scoredBy[i])) { scoredBy[i] = altIndex; scores[i] = s; }
    }
    function better(a, b) {
      return scores[b] - scores[a] || kindOrders[a] - kindOrders[b] || a - b;
    }
    var top;
    if (!limit) {
      found.forEach(function (list, altIndex) {
        for (var c = 0; c < list.length; c++) scoreOne(list[c], altIndex, BEST);
      });
      top = matched.slice().sort(better);
    } else {
      var list = new TopList(limit, better);
      var rank = function (i, altIndex, bound) {
        var scoredBefore = scoredBy[i] >= 0;
        scoreOne(i, altIndex, bound);
        list.offer(i, scoredBefore);
      };
      // Few matches are scored in full. Of many, the title matches first, from the highest
      // bound on their score down: they outrank any match in the body only, and usually fill
      // the list long before the bounds fall below it. (Of a chunked index, always so: each
      // record scored needs its chunk.)
      var bodiesLeft = [];
      found.forEach(function (matches, altIndex) {
        if (matches.length <= limit * 4 && !chunked) {
          for (var c = 0; c < matches.length; c++) rank(matches[c], altIndex, BEST);
          return;
        }
        // Those whose title may hold a token: all others match in their body only.
        var titleLists = inTitles(alts[altIndex]);
        var candidates = intersection([matches, union(titleLists)]);
        var bounds = titleBounds(candidates, alts[altIndex], titleLists);
        var byBound = descending(bounds.map(function (bound) { return 2 * bound; }));
        for (var b = 0; b < byBound.length; b++) {
          var at = byBound[b];
          if (list.full() && scores[list.worst()] > bounds[at]) break;
          // One whose bound only ties the last could enter by kind and place alone.
          if (list.full() && !list.couldTie(bounds[at], candidates[at])) continue;
          rank(candidates[at], altIndex, bounds[at] + alts[altIndex].penalty);
        }
        bodiesLeft.push(altIndex);
      });
      // Then the matches in the body only, in record order, for as long as one could still
      // enter the list.
      bodiesLeft.forEach(function (altIndex) {
        var matches = found[altIndex], penalty = alts[altIndex].penalty;
        for (var c = 0; c < matches.length && list.bodyCouldEnter(penalty, c ? matches[c - 1] : -1); c++) {
          var i = matches[c], most = bodyBound(i, alts[altIndex]);
          // Scored only if what it could score would place it (of a chunked index, each one
          // scored needs its chunk).
          if (scoredBy[i] !== altIndex && (!list.full() || list.couldTie(most - penalty, i))) rank(i, altIndex, most);
        }
      });
      top = list.items;
    }
    // Of a chunked index, the records loaded so far (the others are on their way).
    var results = top.filter(function (i) { return records[i]; }).map(function (i) {
      return { record: records[i], score: scores[i], tokens: alts[scoredBy[i]].tokens };
    });
    for (var r = 0; r < matched.length; r++) scoredBy[matched[r]] = -1;
    results.total = countDistinct(found);
    results.suggestion = suggestion;
    results.facets = function () { return facetCounts(union(everything), choice); };
    return results;
  }

  // ---- typos: English words of four letters or more, at one edit ----
  // When the query and its alternatives find fewer than TYPO_FEW records, each Latin word of
  // four letters or more that starts no indexed word is replaced by the indexed words (or their
  // beginnings) one edit away — a letter added, dropped, changed, or two swapped — those that
  // more likely first (see corrections()); the corrected queries' alternatives are searched with TYPO more
  // penalty. Returns the best correction when the query itself found nothing, else "".
  // (and 25 more for the second correction, so that it follows the first).
  var TYPO = 20, TYPO_FEW = 3, TYPO_CORRECTIONS = 2;
  function forgiveTypos(alts, found, choice) {
    var already = countDistinct(found);
    // Of a chunked index, only once the query's own chunks are in: they may hold enough.
    if (already >= TYPO_FEW || !alts.length || index.waiting()) return "";
    var queryTokens = alts[0].tokens, corrected = null;
    for (var k = 0; k < queryTokens.length; k++) {
      var t = queryTokens[k];
      if (t.length < 4 || textPostings.wholeWord(t) === null) continue;
      var begins = textPostings.lookup(t).records.length;
      // Of a chunked index, whether it begins a word is known once its shard is in.
      if (begins || index.waiting()) continue;
      var options = corrections(t);
      if (!options.length) continue;
      if (!corrected) corrected = options.map(function () { return queryTokens.slice(); });
      corrected.forEach(function (tokensOf, n) { tokensOf[k] = options[Math.min(n, options.length - 1)]; });
    }
    if (!corrected) return "";
    var best = "", seen = {};
    corrected.forEach(function (tokensOf, n) {
      var text = tokensOf.join(" ");
      if (seen[text]) return;
      seen[text] = true;
      alternatives(text).forEach(function (alt) {
        var prepared = prepare([alt[0], alt[1] + TYPO + 25 * n]), matches = prepared.tokens.length ? matching(prepared, false, choice) : NONE;
        if (!matches.length) return;
        alts.push(prepared);
        found.push(matches);
        if (!best) best = text;
      });
    });
    return already ? "" : best;
  }
  // The indexed words, or their beginnings, one edit away from `t`: at most TYPO_CORRECTIONS,
  // whole words first, then a letter left out or two swapped before one mistyped before one
  // too many, then those that more records hold.
  function corrections(t) {
    var words = textPostings.sortedWords, found = new Map();
    for (var w = 0; w < words.length; w++) {
      var word = words[w];
      if (word.length < t.length - 1) continue;
      for (var length = Math.min(word.length, t.length + 1); length >= t.length - 1; length--) {
        var edit = editKind(t, word, length);
        if (edit < 0) continue;
        var whole = length === word.length, start = whole ? word : word.slice(0, length), known = found.get(start);
        if (!known) found.set(start, (known = { whole: whole, edit: edit, count: textPostings.wordsStartingWith(start).records.length }));
        known.whole = known.whole || whole;
        break;
      }
    }
    return Array.from(found.keys()).sort(function (a, b) {
      var x = found.get(a), y = found.get(b);
      return (y.whole - x.whole) || (x.edit - y.edit) || (y.count - x.count) || (a < b ? -1 : 1);
    }).slice(0, TYPO_CORRECTIONS);
  }
  // How the first `lb` letters of `b` are one edit from `a`: 0 a letter added to `a` or two
  // adjacent letters swapped, 1 a letter changed, 2 a letter dropped; -1 when they are not
  // (or are equal). Compared in place: this runs for every indexed word.
  function editKind(a, b, lb) {
    var la = a.length;
    if (la - lb > 1 || lb - la > 1) return -1;
    var i = 0;
    while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    if (la === lb) {
      if (i === la) return -1;
      if (i + 1 < la && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) &&
        same(a, i + 2, b, i + 2, la - i - 2)) return 0;
      return same(a, i + 1, b, i + 1, la - i - 1) ? 1 : -1;
    }
    if (la > lb) return same(a, i + 1, b, i, lb - i) ? 2 : -1;
    return same(a, i, b, i + 1, la - i) ? 0 : -1;
  }
  function same(a, from, b, bFrom, count) {
    for (var k = 0; k < count; k++) if (a.charCodeAt(from + k) !== b.charCodeAt(bFrom + k)) return false;
    return true;
  }

  // The most record `i` could score from its body alone: a Latin token starts a word there,
  // whole as the postings say; a Han token counts at its best.
  function bodyBound(i, query) {
    var sum = 0;
    for (var k = 0; k < query.tokens.length; k++) sum += bodyTokenBound(i, query, k);
    return sum / query.tokens.length + 3 - kindOrders[i];
  }
  function bodyTokenBound(i, query, k) {
    var whole = query.wholeWords[k];
    return BODY + BODY_WORD_START + (!whole || includes(whole, i) ? BODY_WHOLE : 0);
  }

  // For each title candidate, the most it could score (rounded up to a half): each token its title may
  // hold (by `titleLists`) found there at the start unless the term shards rule that out, as a
  // whole word unless the postings rule that out; each other token in the body, as a whole word
  // unless the postings rule that out. Only the first 8 tokens are told apart; the others count
  // as in the title, as whole words.
  function titleBounds(candidates, query, titleLists) {
    var n = query.tokens.length, wholeLists = [], startLists = [];
    query.tokens.forEach(function (t, k) {
      if (k >= 8) return;
      wholeLists[k] = query.han[k] ? null : titlePostings.wholeWord(t);
      // Of a chunked index, the shards tell which titles may start with the token.
      startLists[k] = titlePostings.startsTitle(t);
      mark(titleLists[k], inTitle, 1 << k);
      if (wholeLists[k]) mark(wholeLists[k], wholeInTitle, 1 << k);
      if (startLists[k]) mark(startLists[k], startInTitle, 1 << k);
    });
    var bounds = new Float64Array(candidates.length);
    for (var c = 0; c < candidates.length; c++) {
      var i = candidates[c], sum = 0, chars = 0;
      for (var k = 0; k < n; k++) {
        if (k < 8 && !(inTitle[i] & (1 << k))) { sum += bodyTokenBound(i, query, k); continue; }
        var whole = k >= 8 || !wholeLists[k] || (wholeInTitle[i] & (1 << k));
        var start = k >= 8 || !startLists[k] || (startInTitle[i] & (1 << k));
        sum += TITLE + (whole ? TITLE_WHOLE : 0) + TITLE_WORD_START + (start ? TITLE_START : 0);
        chars += query.tokens[k].length;
      }
      var cover = chars ? Math.round(TITLE_COVER * chars / Math.max(titleLengths[i], 1)) : 0;
      bounds[c] = Math.ceil(2 * (sum / n + cover + 3 - kindOrders[i] - query.penalty)) / 2;
    }
    titleLists.forEach(function (list, k) { if (k < 8) mark(list, inTitle, 0); });
    wholeLists.forEach(function (list) { if (list) mark(list, wholeInTitle, 0); });
    startLists.forEach(function (list) { if (list) mark(list, startInTitle, 0); });
    return bounds;
  }
  // Sets `bit` of flags[i] for every record i of `list`; with 0, clears them all.
  function mark(list, flags, bit) {
    for (var at = 0; at < list.length; at++) flags[list[at]] = bit ? flags[list[at]] | bit : 0;
  }
  // Positions of `values` (small whole numbers) from the largest value down: a counting sort.
  function descending(values) {
    if (!values.length) return new Int32Array(0);
    var low = Infinity, high = -Infinity;
    values.forEach(function (value) { low = Math.min(low, value); high = Math.max(high, value); });
    var starts = new Int32Array(high - low + 2), out = new Int32Array(values.length);
    values.forEach(function (value) { starts[high - value + 1]++; });
    for (var v = 1; v < starts.length; v++) starts[v] += starts[v - 1];
    values.forEach(function (value, at) { out[starts[high - value]++] = at; });
    return out;
  }

  // The best `limit` records offered, best first.
  function TopList(limit, better) {
    this.items = [];
    this.limit = limit;
    this.better = better;
  }
  TopList.prototype.full = function () { return this.items.length === this.limit; };
  TopList.prototype.worst = function () { return this.items[this.items.length - 1]; };
  // Whether record `i` scoring `bound` would come before the last.
  TopList.prototype.couldTie = function (bound, i) {
    var worst = this.worst(), bar = scores[worst];
    return bound > bar || (bound === bar && (kindOrders[i] < kindOrders[worst] || (kindOrders[i] === kindOrders[worst] && i < worst)));
  };
  // `listed`: the record may be in the list already (offered again, its score risen).
  TopList.prototype.offer = function (i, listed) {
    var items = this.items;
    var at = listed ? items.indexOf(i) : -1;
    if (at >= 0) items.splice(at, 1);
    if (this.full() && this.better(this.worst(), i) <= 0) return;
    at = items.length;
    while (at > 0 && this.better(items[at - 1], i) > 0) at--;
    items.splice(at, 0, i);
    if (items.length > this.limit) items.pop();
  };
  // Whether a record after `after` that matches in its body only, under an alternative with
  // `penalty`, could still enter: it scores at most BODY_ONLY_BEST less its kind's place and
  // the penalty, and ties go to the kind first, then to the earlier record.
  TopList.prototype.bodyCouldEnter = function (penalty, after) {
    if (!this.full()) return true;
    var worst = this.worst(), bar = scores[worst];
    for (var order = 0; order <= 3; order++) {  // KIND_ORDER's places
      var most = BODY_ONLY_BEST - order - penalty;
      if (most > bar || (most === bar && (order < kindOrders[worst] || (order === kindOrders[worst] && worst > after)))) {
        return true;
      }
    }
    return false;
  };

  // Whether `text` matches `query` by the search's rules (the sidebar filter): every token of
  // one of the query's alternatives occurs in it.
  function matches(query, haystack) {
    var n = normalize(haystack);
    return alternatives(query).some(function (alt) {
      var queryTokens = tokens(alt[0]);
      return queryTokens.length > 0 && queryTokens.every(function (t) { return find(n, t, isHanCode(t.charCodeAt(0))) >= 0; });
    });
  }

  return {
    // search(query, limit?, choice) → results best first, each { record, score, tokens }, with
    // `total` (all matches before the limit), `suggestion` ("did you mean", or "") and
    // `facets()` (per group and value, how many results choosing it would give).
    search: search,
    // [text, penalty] for the query and the terms it names (glossary, synonyms, pinyin).
    alternatives: alternatives, matches: matches,
    // The values of a facet group ("part", "type", "advice", "status", "edition") `choice` holds.
    chosen: chosen,
    corrections: corrections, editKind: editKind
  };
};
if (typeof module === "object" && module.exports) module.exports = HandbookSearchQuery;
