// HandbookGen search: instant, bilingual, offline. The index is window.HANDBOOK_SEARCH_INDEX,
// loaded by <lang>/search-index.js (a script, so it works from file://; site.js loads both on first use). Shape: docs/search-index.md.
// Matching: a Latin query word matches the start of a word; a run of Han characters matches
// anywhere; Traditional characters are folded to Simplified; glossary variants and the other
// language's terms find the term. Results are built with DOM nodes and textContent only.
(function () {
  "use strict";
  var data = window.HANDBOOK_SEARCH_INDEX;
  var input = document.getElementById("search-input");
  if (!data || !input) return;

  var KINDS = { c: "chapter", s: "section", r: "rule", t: "term" };
  var KIND_ORDER = { c: 0, t: 1, s: 2, r: 3 };
  var root = document.body.getAttribute("data-root") || "";
  var searchPage = input.getAttribute("data-search-page");
  var onSearchPage = document.body.getAttribute("data-page") === "search";
  var panel = document.getElementById("search-panel");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var pageContainer = document.getElementById("search-page");

  // ---- normalisation (mirrors SearchNormalizer.swift) ----
  var variants = {};
  for (var v = 0; v + 1 < data.variants.length; v += 2) variants[data.variants[v]] = data.variants[v + 1];
  var folded = Object.create(null);
  function fold(ch) {
    var cached = folded[ch];
    if (cached !== undefined) return cached;
    var simple = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    return (folded[ch] = variants[simple] || simple);
  }
  function normalize(text) {
    var out = "";
    for (var i = 0; i < text.length; i++) out += fold(text[i]);
    return out;
  }
  // Normalised text plus, for each of its characters, the index of the original character.
  function normalizeWithMap(text) {
    var out = "", map = [];
    for (var i = 0; i < text.length; i++) {
      var f = fold(text[i]);
      for (var j = 0; j < f.length; j++) { out += f[j]; map.push(i); }
    }
    map.push(text.length);
    return { text: out, map: map };
  }
  function tokens(query) {
    return normalize(query).match(/[\u3400-\u9fff\uf900-\ufaff]+|[\p{L}\p{N}]+/gu) || [];
  }
  function isHanCode(c) { return (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff); }
  // Letters and digits of a Latin-script word (text is already folded to lowercase).
  function isWordCode(c) {
    return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) ||
      (c >= 0xc0 && c < 0x2000 && c !== 0xd7 && c !== 0xf7);
  }

  // Where `token` occurs in `text` as a match: Han anywhere, Latin at a word start.
  // Returns [position, wholeWord, startsWord] of the best occurrence, or null.
  function find(text, token, han) {
    var from = 0, best = null, length = token.length;
    while (true) {
      var at = text.indexOf(token, from);
      if (at < 0) return best;
      var before = at === 0 ? 32 : text.charCodeAt(at - 1);
      var startsWord = han ? !isHanCode(before) : !isWordCode(before);
      if (han || startsWord) {
        var after = at + length >= text.length ? 32 : text.charCodeAt(at + length);
        var whole = startsWord && (han || !isWordCode(after));
        if (!best || (whole && !best[1]) || (startsWord && !best[2])) best = [at, whole, startsWord];
        if (whole) return best;
      }
      from = at + 1;
    }
  }

  // ---- records ----
  var records = data.records.map(function (r, index) {
    return {
      kind: r[0], scope: r[1], title: r[2], text: r[3], context: r[4], url: r[5], ruleID: r[6],
      order: index, nTitle: normalize(r[2]), nText: normalize(r[3])
    };
  });
  records.forEach(function (record) {
    record.nBody = record.nText + " " + normalize(record.context) + " " + record.ruleID;
  });
  // All normalised text in two strings, one per script, so that one indexOf pass over the
  // right one finds the records holding a token: Han tokens search the Han runs only, Latin
  // tokens everything else. A candidate is only a candidate: score() checks the real text.
  function scanCorpus(keep) {
    var offsets = [], pieces = [], at = 0;
    records.forEach(function (record) {
      offsets.push(at);
      var piece = keep(record.nTitle + "\u0001" + record.nBody) + "\u0002";
      pieces.push(piece);
      at += piece.length;
    });
    offsets.push(at);
    return { text: pieces.join(""), offsets: offsets };
  }
  var hanCorpus = scanCorpus(function (text) { return text.replace(/[^\u3400-\u9fff\uf900-\ufaff]+/g, "\u0001"); });
  var otherCorpus = scanCorpus(function (text) { return text.replace(/[\u3400-\u9fff\uf900-\ufaff]+/g, " "); });
  function recordAt(offsets, position) {
    var low = 0, high = records.length - 1;
    while (low < high) {
      var mid = (low + high + 1) >> 1;
      if (offsets[mid] <= position) low = mid; else high = mid - 1;
    }
    return low;
  }
  // Indices of the records whose text contains `token` anywhere, in order.
  function containing(token) {
    var corpus = isHanCode(token.charCodeAt(0)) ? hanCorpus : otherCorpus;
    var found = [], from = 0;
    while (true) {
      var at = corpus.text.indexOf(token, from);
      if (at < 0) return found;
      var index = recordAt(corpus.offsets, at);
      found.push(index);
      from = corpus.offsets[index + 1];
    }
  }
  var synonyms = data.synonyms;

  function score(record, queryTokens, hanFlags) {
    var total = 0, titleChars = 0;
    for (var i = 0; i < queryTokens.length; i++) {
      var t = queryTokens[i];
      var inTitle = find(record.nTitle, t, hanFlags[i]);
      if (inTitle) {
        total += 100 + (inTitle[1] ? 30 : 0) + (inTitle[2] ? 20 : 0) + (inTitle[0] === 0 ? 25 : 0);
        titleChars += t.length;
        continue;
      }
      var inBody = find(record.nBody, t, hanFlags[i]);
      if (!inBody) return 0;
      total += 10 + (inBody[1] ? 5 : 0) + (inBody[2] ? 3 : 0);
    }
    total = total / queryTokens.length;
    // The more of the title the query covers, the closer the match ("Tab Bars" before "Tab bar controller").
    if (titleChars) total += Math.round(40 * titleChars / Math.max(record.nTitle.length, 1));
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
    return alts;
  }

  var state = { query: "", scopes: [] };

  function inScope(record) {
    if (!state.scopes.length) return true;
    var scopeIDs = [], kinds = [];
    state.scopes.forEach(function (s) { (KINDS_BY_NAME[s] ? kinds : scopeIDs).push(s); });
    var scopeOK = !scopeIDs.length || (record.scope >= 0 && scopeIDs.indexOf(data.scopes[record.scope][0]) >= 0);
    var kindOK = !kinds.length || kinds.indexOf(KINDS[record.kind] + "s") >= 0;
    return scopeOK && kindOK;
  }
  var KINDS_BY_NAME = { chapters: "c", sections: "s", rules: "r", terms: "t" };

  // Typing usually extends the last query: then only the last candidates can still match.
  var last = { tokens: null, scopes: "", candidates: null };

  // The last few full scans, by scope and token: while a query grows, the glossary terms it
  // names stay the same from keystroke to keystroke, and each would otherwise scan every record.
  var recent = Object.create(null), recentKeys = [];
  function forgetScans() { recent = Object.create(null); recentKeys = []; }

  function candidatesFor(queryTokens) {
    var key = state.scopes.join(",");
    var narrow = last.tokens && last.scopes === key && last.tokens.length <= queryTokens.length &&
      last.tokens.every(function (t, i) { return queryTokens[i].indexOf(t) === 0; });
    var longest = queryTokens.reduce(function (a, b) { return b.length > a.length ? b : a; });
    var found;
    // Filtering many candidates one by one costs more than one pass over a corpus.
    if (narrow && last.candidates.length <= 2000) {
      found = last.candidates.filter(function (i) { return records[i].nTitle.indexOf(longest) >= 0 || records[i].nBody.indexOf(longest) >= 0; });
    } else {
      var cacheKey = key + "\u0000" + longest;
      found = recent[cacheKey];
      if (!found) {
        found = containing(longest).filter(function (i) { return inScope(records[i]); });
        recent[cacheKey] = found;
        recentKeys.push(cacheKey);
        if (recentKeys.length > 16) delete recent[recentKeys.shift()];
      }
    }
    return found;
  }

  var scores = new Float64Array(records.length);
  var scoredBy = new Int32Array(records.length).fill(-1);

  // All matches, best first; with `limit`, only the best `limit` are sorted and returned
  // (`total` still counts every match).
  function search(query, limit) {
    var alts = alternatives(query);
    var altTokens = [];
    var matched = [];
    var bodyOnly = 0;  // matches counted but not ranked (see the fast path below)
    alts.forEach(function (alt, altIndex) {
      var queryTokens = tokens(alt[0]);
      altTokens.push(queryTokens);
      if (!queryTokens.length) return;
      var hanFlags = queryTokens.map(function (t) { return isHanCode(t.charCodeAt(0)); });
      var candidates = candidatesFor(queryTokens);
      if (altIndex === 0) last = { tokens: queryTokens, scopes: state.scopes.join(","), candidates: candidates };
      // One run of Han characters and no synonyms (the first keystrokes of a Chinese query):
      // every candidate matches, and a title match always outranks a body match, so when the
      // titles alone fill the list the bodies need counting, not scoring.
      if (limit && alts.length === 1 && queryTokens.length === 1 && hanFlags[0]) {
        var inTitle = candidates.filter(function (i) { return records[i].nTitle.indexOf(queryTokens[0]) >= 0; });
        if (inTitle.length >= limit) {
          bodyOnly = candidates.length - inTitle.length;
          candidates = inTitle;
        }
      }
      for (var c = 0; c < candidates.length; c++) {
        var i = candidates[c];
        var s = score(records[i], queryTokens, hanFlags);
        if (s <= 0) continue;
        s -= alt[1];
        if (scoredBy[i] < 0) { matched.push(i); scoredBy[i] = altIndex; scores[i] = s; }
        else if (scores[i] < s) { scoredBy[i] = altIndex; scores[i] = s; }
      }
    });
    function better(a, b) {
      return scores[b] - scores[a] || KIND_ORDER[records[a].kind] - KIND_ORDER[records[b].kind] || a - b;
    }
    var top;
    if (limit && matched.length > limit * 4) {
      // Keep a small sorted list instead of sorting every match.
      top = [];
      for (var m = 0; m < matched.length; m++) {
        var candidate = matched[m];
        if (top.length === limit && better(top[limit - 1], candidate) <= 0) continue;
        var at = top.length;
        while (at > 0 && better(top[at - 1], candidate) > 0) at--;
        top.splice(at, 0, candidate);
        if (top.length > limit) top.pop();
      }
    } else {
      top = matched.slice().sort(better);
      if (limit) top = top.slice(0, limit);
    }
    var results = top.map(function (i) {
      return { record: records[i], score: scores[i], tokens: altTokens[scoredBy[i]] };
    });
    for (var r = 0; r < matched.length; r++) scoredBy[matched[r]] = -1;
    results.total = matched.length + bodyOnly;
    return results;
  }

  // ---- rendering (textContent only) ----
  function highlighted(text, queryTokens) {
    var fragment = document.createDocumentFragment();
    var n = normalizeWithMap(text);
    var ranges = [];
    queryTokens.forEach(function (t) {
      var hit = find(n.text, t, isHanCode(t.charCodeAt(0)));
      if (hit) ranges.push([n.map[hit[0]], n.map[hit[0] + t.length]]);
    });
    ranges.sort(function (a, b) { return a[0] - b[0]; });
    var at = 0;
    ranges.forEach(function (r) {
      if (r[0] < at) return;
      fragment.appendChild(document.createTextNode(text.slice(at, r[0])));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(r[0], r[1]);
      fragment.appendChild(mark);
      at = r[1];
    });
    fragment.appendChild(document.createTextNode(text.slice(at)));
    return fragment;
  }

  // About 120 characters of the record's text around the first match.
  function snippet(record, queryTokens) {
    var text = record.text, n = record.nText;
    var start = 0;
    if (n.length === text.length) {
      for (var i = 0; i < queryTokens.length; i++) {
        var hit = find(n, queryTokens[i], isHanCode(queryTokens[i].charCodeAt(0)));
        if (hit) { start = Math.max(0, hit[0] - 30); break; }
      }
    }
    return (start > 0 ? "…" : "") + text.slice(start, start + 120) + (start + 120 < text.length ? "…" : "");
  }

  function kindLabel(kind) {
    return input.getAttribute("data-kind-" + KINDS[kind]) || KINDS[kind];
  }

  // In the dropdown a result is an option (no link inside: options hold no interactive
  // content); on the search page it is a list item with an ordinary link.
  function resultItem(result, index, prefix, asLink) {
    var record = result.record;
    var li = document.createElement("li");
    li.id = prefix + index;
    li.setAttribute("data-href", root + record.url);
    var link = document.createElement(asLink ? "a" : "span");
    if (asLink) {
      link.href = root + record.url;
    } else {
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
    }
    var kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = kindLabel(record.kind);
    var title = document.createElement("span");
    title.className = "title";
    title.appendChild(highlighted(record.title, result.tokens));
    link.appendChild(kind);
    link.appendChild(title);
    var context = document.createElement("span");
    context.className = "context";
    context.textContent = record.context;
    if (record.context) link.appendChild(context);
    if (record.text) {
      var text = document.createElement("span");
      text.className = "context snippet";
      text.appendChild(highlighted(snippet(record, result.tokens), result.tokens));
      link.appendChild(text);
    }
    li.appendChild(link);
    if (!asLink) {
      li.addEventListener("mousedown", function (event) {
        event.preventDefault();
        writeURL(false);
        location.href = li.getAttribute("data-href");
      });
    }
    return li;
  }

  function chips(container) {
    var existing = container.querySelector(".chips");
    if (existing) {
      existing.querySelectorAll(".chip").forEach(function (chip) {
        chip.setAttribute("aria-pressed", state.scopes.indexOf(chip.getAttribute("data-scope")) >= 0 ? "true" : "false");
      });
      return existing;
    }
    var group = document.createElement("div");
    group.className = "chips";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", input.getAttribute("placeholder"));
    var names = data.scopes.map(function (s) { return [s[0], s[1]]; }).concat(
      ["rules", "sections", "terms"].map(function (k) { return [k, input.getAttribute("data-kind-" + k.slice(0, -1)) || k]; }));
    names.forEach(function (pair) {
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "chip";
      chip.setAttribute("data-scope", pair[0]);
      chip.setAttribute("aria-pressed", state.scopes.indexOf(pair[0]) >= 0 ? "true" : "false");
      chip.textContent = pair[1];
      chip.addEventListener("mousedown", function (event) { event.preventDefault(); });
      chip.addEventListener("click", function () {
        var at = state.scopes.indexOf(pair[0]);
        if (at >= 0) state.scopes.splice(at, 1); else state.scopes.push(pair[0]);
        update(true);
        if (!onSearchPage) input.focus();
      });
      group.appendChild(chip);
    });
    container.appendChild(group);
    return group;
  }

  var active = -1;
  var current = [];
  var pageLimit = 200;

  function setActive(index) {
    var options = list.querySelectorAll('[role="option"]');
    if (!options.length) { active = -1; input.removeAttribute("aria-activedescendant"); return; }
    active = (index + options.length) % options.length;
    options.forEach(function (o, i) { o.setAttribute("aria-selected", i === active ? "true" : "false"); });
    input.setAttribute("aria-activedescendant", options[active].id);
    options[active].scrollIntoView({ block: "nearest" });
  }

  function announce(count) {
    var text = count ? (input.getAttribute("data-results") || "%d").replace("%d", count) : input.getAttribute("data-no-results");
    status.textContent = text;
    return text;
  }

  function render() {
    var query = state.query;
    current = query.trim() ? search(query, onSearchPage ? pageLimit : 12) : [];
    active = -1;
    input.removeAttribute("aria-activedescendant");
    list.textContent = "";
    var shown = onSearchPage ? [] : current.slice(0, 12);
    shown.forEach(function (result, i) { list.appendChild(resultItem(result, i, "search-option-", false)); });
    var open = !onSearchPage && query.trim() !== "";
    panel.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
    var summary = query.trim() ? announce(current.total) : "";
    if (open && !panel.querySelector(".chips")) panel.insertBefore(chips(panel), list);
    else if (open) chips(panel);
    if (onSearchPage && pageContainer) {
      chips(pageContainer);
      pageContainer.querySelectorAll(".search-count, .search-results, .more").forEach(function (node) { node.remove(); });
      var count = document.createElement("p");
      count.className = "meta search-count";
      count.textContent = summary;
      pageContainer.appendChild(count);
      var full = document.createElement("ul");
      full.className = "search-results";
      full.setAttribute("role", "list");
      current.slice(0, pageLimit).forEach(function (result, i) {
        full.appendChild(resultItem(result, i, "search-result-", true));
      });
      pageContainer.appendChild(full);
      if (current.total > pageLimit) {
        var more = document.createElement("button");
        more.type = "button";
        more.className = "chip more";
        more.textContent = "+" + (current.total - pageLimit);
        more.addEventListener("click", function () { pageLimit += 200; render(); });
        pageContainer.appendChild(more);
      }
    }
  }

  function urlFor() {
    var params = new URLSearchParams();
    if (state.query) params.set("q", state.query);
    if (state.scopes.length) params.set("scope", state.scopes.join(","));
    var search = params.toString();
    return location.pathname + (search ? "?" + search : "") + location.hash;
  }

  // Results render on every keystroke; the URL follows once typing pauses, because a history
  // update costs as much as the search itself. A scope change is a new history entry at once.
  var urlTimer = 0;
  function writeURL(push) {
    clearTimeout(urlTimer);
    try {
      if (push) history.pushState(state, "", urlFor()); else history.replaceState(state, "", urlFor());
    } catch (e) { /* some file:// setups refuse history changes; the search still works */ }
  }
  function update(push) {
    render();
    if (push) { writeURL(true); return; }
    clearTimeout(urlTimer);
    urlTimer = setTimeout(function () { writeURL(false); }, 250);
  }

  function readURL(keepTyped) {
    var params = new URLSearchParams(location.search);
    // Text typed while this script was loading is kept.
    state.query = params.get("q") || (keepTyped ? input.value : "");
    state.scopes = (params.get("scope") || "").split(",").filter(Boolean);
    input.value = state.query;
  }

  input.addEventListener("input", function () {
    state.query = input.value;
    update(false);
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") { event.preventDefault(); setActive(active + 1); }
    else if (event.key === "ArrowUp") { event.preventDefault(); setActive(active - 1); }
    else if (event.key === "Enter") {
      event.preventDefault();
      writeURL(false);  // so that Back returns to this search
      var options = list.querySelectorAll('[role="option"]');
      if (active >= 0 && options[active]) location.href = options[active].getAttribute("data-href");
      else if (onSearchPage && current.length) location.href = root + current[0].record.url;
      else if (searchPage && state.query) location.href = searchPage + "?" + new URLSearchParams({ q: state.query }).toString();
    } else if (event.key === "Escape") {
      event.preventDefault();
      input.value = "";
      state.query = "";
      update(false);
    }
  });
  input.addEventListener("blur", function () {
    setTimeout(function () { if (!onSearchPage) { panel.hidden = true; input.setAttribute("aria-expanded", "false"); } }, 150);
  });
  input.addEventListener("focus", function () { if (state.query.trim() && !onSearchPage) render(); });
  window.addEventListener("popstate", function () { readURL(); render(); });

  readURL(true);
  if (state.query || onSearchPage) render();

  // For tests and the keystroke benchmark: the same search the field runs.
  window.HandbookSearch = {
    search: function (query) { return search(query).map(function (r) { return r.record.url; }); },
    // The benchmark starts each typed query afresh.
    forgetScans: function () { forgetScans(); last = { tokens: null, scopes: "", candidates: null }; },
    normalize: normalize,
    // Whether `text` matches `query` by the search's rules (used by the sidebar filter).
    matches: function (query, text) {
      var n = normalize(text);
      return alternatives(query).some(function (alt) {
        var queryTokens = tokens(alt[0]);
        return queryTokens.length > 0 && queryTokens.every(function (t) { return find(n, t, isHanCode(t.charCodeAt(0))); });
      });
    }
  };
  document.dispatchEvent(new Event("handbook-search-ready"));
})();
