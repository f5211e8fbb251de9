// HandbookGen search: instant, bilingual, offline. The index is window.HANDBOOK_SEARCH_INDEX,
// loaded by <lang>/search-index.js (a script, so it works from file://; site.js loads both on first use). Shape: docs/search-index.md.
// A large index keeps its records in chunks, <lang>/search-index/<n>.js, each a script that
// calls HANDBOOK_SEARCH_CHUNK: a query loads those the head's directory says can hold a match.
// Matching: a Latin query word matches the start of a word; a run of Han characters matches
// anywhere; Traditional characters are folded to Simplified; glossary variants and the other
// language's terms find the term. Results are built with DOM nodes and textContent only.
// Speed: postings built once when the index loads find the matching records without reading
// them, and of many matches only those that can still reach the list are scored in full.
(function () {
  "use strict";
  var data = window.HANDBOOK_SEARCH_INDEX;
  var input = document.getElementById("search-input");
  if (!data || !input) return;
  var chunked = !!data.chunks;
  var total = chunked ? data.total : data.records.length;

  var KINDS = { c: "chapter", s: "section", r: "rule", t: "term" };
  var KIND_ORDER = { c: 0, t: 1, s: 2, r: 3 };
  var root = document.body.getAttribute("data-root") || "";
  var searchPage = input.getAttribute("data-search-page");
  var onSearchPage = document.body.getAttribute("data-page") === "search";
  var panel = document.getElementById("search-panel");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var pageContainer = document.getElementById("search-page");

  // ---- normalisation and matching: 10-text.js ----
  var searchText = HandbookSearchText(data.variants);
  var normalize = searchText.normalize, normalizeWithMap = searchText.normalizeWithMap, tokens = searchText.tokens;
  var isHanCode = searchText.isHanCode, isWordCode = searchText.isWordCode, find = searchText.find;
  var occurs = searchText.occurs, WHOLE_WORD = searchText.WHOLE_WORD, WORD_START = searchText.WORD_START;

  // ---- records ----
  var normalizedContext = new Map();  // contexts repeat: one per chapter
  function normalizeContext(context) {
    var n = normalizedContext.get(context);
    if (n === undefined) normalizedContext.set(context, (n = normalize(context)));
    return n;
  }
  // Record number → record, filled as chunks load (all at once from a single index).
  var records = new Array(total);
  function recordOf(r, index) {
    var nText = normalize(r[3]);
    // The kind letter, a rule's advice letter (d, a, c), then l (legacy) or x (deprecated).
    var code = r[0], rule = code[0] === "r";
    return {
      kind: code[0], advice: rule ? code[1] : "", status: (rule ? code[2] : code[1]) || "", scope: r[1], title: r[2], text: r[3], context: r[4], url: r[5], ruleID: r[6], edition: r[7] || "", section: r[8] || "", pinyin: r[9] || "",
      order: index, nTitle: normalize(r[2]), nText: nText,
      // join() makes one flat string; `+` would make a rope that is slow to read a character at a time
      nBody: [nText, normalizeContext(r[4]), r[6]].join(" ")
    };
  }
  // What bounds a record's score, side by side for speed: its title's length and its kind.
  var titleLengths = new Int32Array(total), kindOrders = new Uint8Array(total);

  // ---- postings: which records hold what, built once when the index loads ----
  // So that no keystroke reads every record. For each Han character, and each pair and triple of
  // adjacent Han characters, and each other letter outside Latin-script words: the records
  // holding it. For each Latin-script word: the records holding it, found by prefix through the
  // sorted word list. A list holds record numbers in increasing order and is never modified.
  var WORD = 1, HAN = 2, OTHER_LETTER = 3, NOT_INDEXED = 4;
  var charClasses = new Uint8Array(0x10000);
  var letterOrDigit = /[\p{L}\p{N}]/u;
  function charClass(c) {
    var known = charClasses[c];
    if (known) return known;
    var kind = isWordCode(c) ? WORD : isHanCode(c) ? HAN :
      (c >= 0xd800 && c <= 0xdfff) || letterOrDigit.test(String.fromCharCode(c)) ? OTHER_LETTER : NOT_INDEXED;
    return (charClasses[c] = kind);
  }
  // Han characters as numbers below 0x6e00, so that two of them make one small integer.
  function denseHan(c) { return c <= 0x9fff ? c - 0x3400 : c - 0xf900 + 0x6c00; }
  function hanPair(a, b) { return denseHan(a) * 0x6e00 + denseHan(b); }
  var PAIR = -1;  // a pair's key is (hanPair, PAIR); a triple's is (hanPair of the first two, denseHan of the third)

  // Open addressing from (integer, integer) keys to ids, a slot being [first, second, id + 1]
  // side by side in one array (0 marks a free slot). A Map is several times slower here, and
  // would need string keys for triples.
  function GramTable(size) {
    this.count = 0;
    this.slots = new Int32Array(3 << (size || 16));
  }
  GramTable.prototype.slot = function (a, b) {
    var slots = this.slots, mask = slots.length / 3 - 1;
    var slot = Math.imul(a, 0xcc9e2d51) ^ b;  // then MurmurHash3's finaliser
    slot = Math.imul(slot ^ (slot >>> 16), 0x85ebca6b);
    slot = Math.imul(slot ^ (slot >>> 13), 0xc2b2ae35);
    slot = (slot ^ (slot >>> 16)) & mask;
    while (slots[3 * slot + 2] !== 0 && (slots[3 * slot] !== a || slots[3 * slot + 1] !== b)) slot = (slot + 1) & mask;
    return 3 * slot;
  };
  GramTable.prototype.get = function (a, b) { return this.slots[this.slot(a, b) + 2] - 1; };
  GramTable.prototype.set = function (a, b, id) {
    if (6 * (this.count + 1) > this.slots.length) {
      var old = this.slots;
      this.slots = new Int32Array(2 * old.length);
      for (var at = 0; at < old.length; at += 3) {
        if (old[at + 2] !== 0) this.put(this.slot(old[at], old[at + 1]), old[at], old[at + 1], old[at + 2]);
      }
    }
    this.put(this.slot(a, b), a, b, id + 1);
    this.count++;
  };
  GramTable.prototype.put = function (at, a, b, storedID) {
    this.slots[at] = a;
    this.slots[at + 1] = b;
    this.slots[at + 2] = storedID;
  };

  // Postings over the texts textsOf(record) gives for each record. One pass names the grams of
  // each record (hashing is the slow part, so it is done once); then the records are filed by
  // gram into one array.
  function Postings(recordCount, textsOf) {
    // A chunk's tables start small: a page may hold hundreds of chunks.
    var size = chunked ? 12 : 16;
    this.characters = chunked ? Object.create(null) : new Int32Array(0x10000).fill(-1);  // ids by code
    this.grams = new GramTable(size);                       // Han pairs and triples
    this.words = new Map();                                 // Latin-script words
    this.count = 0;
    this.counts = new Int32Array(1 << size);                // records per id
    this.last = new Int32Array(1 << size).fill(-1);         // the last record named with each id
    this.named = new Int32Array(1 << size);                 // ids, record after record
    this.namedLength = 0;
    var recordEnds = new Int32Array(recordCount);
    for (var record = 0; record < recordCount; record++) {
      var texts = textsOf(record);
      for (var t = 0; t < texts.length; t++) this.scan(record, texts[t]);
      recordEnds[record] = this.namedLength;
    }
    this.starts = new Int32Array(this.count + 1);
    for (var id = 0; id < this.count; id++) this.starts[id + 1] = this.starts[id] + this.counts[id];
    this.records = new Int32Array(this.starts[this.count]);
    var next = this.starts.slice(0, this.count);
    for (var r = 0, k = 0; r < recordCount; r++) {
      for (; k < recordEnds[r]; k++) this.records[next[this.named[k]]++] = r;
    }
    this.counts = this.last = this.named = null;
    this.sortedWords = Array.from(this.words.keys()).sort();
    // A query's first letter would otherwise merge the lists of hundreds of words per keystroke.
    this.initials = new Map();
    for (var w = 0; w < this.sortedWords.length;) {
      var initial = this.sortedWords[w][0], end = this.wordsFrom(initial, w);
      this.initials.set(initial, this.wordList(w, end));
      w = end;
    }
  }
  // Notes that `record` holds the gram `id`.
  Postings.prototype.name = function (id, record) {
    if (this.last[id] === record) return;
    this.last[id] = record;
    this.counts[id]++;
    if (this.namedLength === this.named.length) this.named = grown(this.named, 0);
    this.named[this.namedLength++] = id;
  };
  Postings.prototype.newID = function () {
    if (this.count === this.counts.length) {
      this.counts = grown(this.counts, 0);
      this.last = grown(this.last, -1);
    }
    return this.count++;
  };
  function grown(array, fill) {
    var larger = new Int32Array(2 * array.length).fill(fill);
    larger.set(array);
    return larger;
  }
  // Names every gram of `text`, giving new grams their ids.
  Postings.prototype.scan = function (record, text) {
    var before = -1, beforeThat = -1;  // the Han characters just before, if adjacent
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i), kind = charClass(c);
      if (kind === WORD) {
        var end = i + 1;
        while (end < text.length && isWordCode(text.charCodeAt(end))) end++;
        var word = text.slice(i, end), id = this.words.get(word);
        if (id === undefined) this.words.set(word, (id = this.newID()));
        this.name(id, record);
        i = end - 1;
        before = beforeThat = -1;
        continue;
      }
      if (kind === NOT_INDEXED) { before = beforeThat = -1; continue; }
      if (!(this.characters[c] >= 0)) this.characters[c] = this.newID();
      this.name(this.characters[c], record);
      if (kind !== HAN) { before = beforeThat = -1; continue; }
      if (before >= 0) {
        this.name(this.gram(hanPair(before, c), PAIR), record);
        if (beforeThat >= 0) this.name(this.gram(hanPair(beforeThat, before), denseHan(c)), record);
      }
      beforeThat = before;
      before = c;
    }
  };
  Postings.prototype.gram = function (a, b) {
    var id = this.grams.get(a, b);
    if (id < 0) this.grams.set(a, b, (id = this.newID()));
    return id;
  };
  var NONE = new Int32Array(0);
  Postings.prototype.list = function (id) {
    return id === undefined || id < 0 ? NONE : this.records.subarray(this.starts[id], this.starts[id + 1]);
  };

  // { records, exact }: the records in which `token` may match; with `exact`, it matches in
  // every one of them, else each still needs checking.
  Postings.prototype.lookup = function (token) {
    var first = token.charCodeAt(0);
    if (charClass(first) === WORD) return this.wordsStartingWith(token);
    if (charClass(first) === HAN) return this.hanRun(token);
    return this.letters(token);
  };
  // Latin: the records with a word that starts with the token's leading run of word characters.
  Postings.prototype.wordsStartingWith = function (token) {
    var length = 1;
    while (length < token.length && isWordCode(token.charCodeAt(length))) length++;
    var prefix = token.slice(0, length), records = this.initials.get(prefix) || NONE;
    if (length > 1) {
      var from = lowerBound(this.sortedWords, prefix);
      records = this.wordList(from, this.wordsFrom(prefix, from));
    }
    return { records: records, exact: length === token.length };
  };
  // The end of the run of sorted words that start with `prefix`, the first at `from`. Words
  // hold only codes below U+2000, so every one starting with `prefix` sorts before this.
  Postings.prototype.wordsFrom = function (prefix, from) {
    return lowerBound(this.sortedWords, prefix + "\u2000", from);
  };
  // The records holding any of the sorted words from `from` up to `to`.
  Postings.prototype.wordList = function (from, to) {
    var lists = [];
    for (var w = from; w < to; w++) lists.push(this.list(this.words.get(this.sortedWords[w])));
    return union(lists);
  };
  // Han: the records holding the token's leading Han run if it is at most three characters long,
  // else each of its triples.
  Postings.prototype.hanRun = function (token) {
    var length = 1;
    while (length < token.length && isHanCode(token.charCodeAt(length))) length++;
    var exact = length === token.length && length <= 3;
    if (length === 1) return { records: this.list(this.characters[token.charCodeAt(0)]), exact: exact };
    var c = function (i) { return token.charCodeAt(i); };
    if (length === 2) return { records: this.list(this.grams.get(hanPair(c(0), c(1)), PAIR)), exact: exact };
    var lists = [];
    for (var i = 2; i < length; i++) lists.push(this.list(this.grams.get(hanPair(c(i - 2), c(i - 1)), denseHan(c(i)))));
    return { records: intersection(lists), exact: exact };
  };
  // Other scripts: the records holding the token's rarest indexed character.
  Postings.prototype.letters = function (token) {
    var rarest = null;
    for (var i = 0; i < token.length; i++) {
      var c = token.charCodeAt(i);
      if (charClass(c) !== HAN && charClass(c) !== OTHER_LETTER) continue;
      var list = this.list(this.characters[c]);
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    return { records: rarest || NONE, exact: false };
  };

  // For a Latin-script token, the records holding it as a whole word; else null.
  Postings.prototype.wholeWord = function (token) {
    for (var i = 0; i < token.length; i++) if (!isWordCode(token.charCodeAt(i))) return null;
    return this.list(this.words.get(token));
  };

  // The first position from `low` (or 0) where `sorted` holds `value` or more.
  function lowerBound(sorted, value, low) {
    low = low || 0;
    var high = sorted.length;
    while (low < high) {
      var mid = (low + high) >> 1;
      if (sorted[mid] < value) low = mid + 1; else high = mid;
    }
    return low;
  }
  function includes(sorted, value) {
    var at = lowerBound(sorted, value);
    return at < sorted.length && sorted[at] === value;
  }
  // Record numbers in increasing order, without repeats: a counter per record, reused.
  var marks = new Int32Array(total);
  var markRound = 0;
  function nextMarkRound() {
    if (++markRound === 0x7fffffff) { marks.fill(0); markRound = 1; }
    return markRound;
  }
  // Merging costs each list once per level of a binary tree of merges; marking every record
  // and sweeping them all costs the lists once plus one pass over the records.
  function union(lists) {
    if (lists.length < 2) return lists[0] || NONE;
    var size = lists.reduce(function (sum, list) { return sum + list.length; }, 0);
    if (size * Math.ceil(Math.log2(lists.length)) < size + marks.length) {
      while (lists.length > 1) {
        var merged = [];
        for (var l = 0; l + 1 < lists.length; l += 2) merged.push(mergeTwo(lists[l], lists[l + 1]));
        if (lists.length % 2) merged.push(lists[lists.length - 1]);
        lists = merged;
      }
      return lists[0];
    }
    var round = nextMarkRound(), out = new Int32Array(size), n = 0;
    lists.forEach(function (list) {
      for (var i = 0; i < list.length; i++) marks[list[i]] = round;
    });
    for (var r = 0; r < marks.length; r++) if (marks[r] === round) out[n++] = r;
    return out.subarray(0, n);
  }
  function mergeTwo(a, b) {
    var out = new Int32Array(a.length + b.length), n = 0, i = 0, j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] < b[j]) out[n++] = a[i++];
      else if (b[j] < a[i]) out[n++] = b[j++];
      else { out[n++] = a[i++]; j++; }
    }
    while (i < a.length) out[n++] = a[i++];
    while (j < b.length) out[n++] = b[j++];
    return out.subarray(0, n);
  }
  function intersection(lists) {
    if (!lists.length) return NONE;
    lists = lists.slice().sort(function (a, b) { return a.length - b.length; });
    var out = lists[0];
    for (var l = 1; l < lists.length && out.length; l++) out = intersectTwo(out, lists[l]);
    return out;
  }
  // `small` ∩ `large`: a plain merge when they are of a size, else stepping through `large`
  // by galloping from the last position.
  function intersectTwo(small, large) {
    var out = new Int32Array(small.length), n = 0, at = 0;
    var gallop = large.length > 8 * small.length;
    for (var i = 0; i < small.length && at < large.length; i++) {
      var value = small[i];
      if (!gallop) {
        while (at < large.length && large[at] < value) at++;
      } else if (large[at] < value) {
        var step = 1;
        while (at + step < large.length && large[at + step] < value) step *= 2;
        var high = Math.min(at + step, large.length - 1);
        at += step >> 1;
        while (at < high) {
          var mid = (at + high) >> 1;
          if (large[mid] < value) at = mid + 1; else high = mid;
        }
      }
      if (large[at] === value) out[n++] = value;
    }
    return out.subarray(0, n);
  }

  // ---- chunks: each loaded chunk's records with its own postings ----
  // The loaded chunks in record order, each { first, text, title }: postings over its records'
  // title, text, context and rule ID (text), and over the titles alone (title).
  var loaded = [], loadedVersion = 0;
  function addChunk(first, rows) {
    rows.forEach(function (r, at) {
      var record = records[first + at] = recordOf(r, first + at);
      titleLengths[first + at] = record.nTitle.length;
      kindOrders[first + at] = KIND_ORDER[record.kind];
    });
    var chunk = {
      first: first,
      text: new Postings(rows.length, function (i) { return [records[first + i].nTitle, records[first + i].nBody]; }),
      title: new Postings(rows.length, function (i) { return [records[first + i].nTitle]; })
    };
    var at = loaded.length;
    while (at > 0 && loaded[at - 1].first > first) at--;
    loaded.splice(at, 0, chunk);
    loadedVersion++;
  }
  // The postings of every loaded chunk as one: the same questions as Postings, record numbers
  // across chunks (a chunk's lists shifted by its first record, chunks in order).
  function LoadedPostings(which) { this.which = which; }
  LoadedPostings.prototype.across = function (ask) {
    var parts = [];
    for (var c = 0; c < loaded.length; c++) {
      var list = ask(loaded[c][this.which]);
      if (list && list.length) parts.push(shifted(list, loaded[c].first));
    }
    if (parts.length < 2) return parts[0] || NONE;
    var out = new Int32Array(parts.reduce(function (sum, list) { return sum + list.length; }, 0)), n = 0;
    parts.forEach(function (list) { out.set(list, n); n += list.length; });
    return out;
  };
  function shifted(list, by) {
    if (!by) return list;
    var out = new Int32Array(list.length);
    for (var i = 0; i < list.length; i++) out[i] = list[i] + by;
    return out;
  }
  LoadedPostings.prototype.lookup = function (token) {
    var exact = true;
    var records = this.across(function (postings) { var found = postings.lookup(token); exact = found.exact; return found.records; });
    return { records: records, exact: exact };
  };
  LoadedPostings.prototype.wordsStartingWith = function (token) {
    var exact = true;
    var records = this.across(function (postings) { var found = postings.wordsStartingWith(token); exact = found.exact; return found.records; });
    return { records: records, exact: exact };
  };
  LoadedPostings.prototype.wholeWord = function (token) {
    for (var i = 0; i < token.length; i++) if (!isWordCode(token.charCodeAt(i))) return null;
    return this.across(function (postings) { return postings.wholeWord(token); });
  };
  // The distinct words of the loaded chunks, sorted.
  Object.defineProperty(LoadedPostings.prototype, "sortedWords", { get: function () {
    if (loaded.length === 1) return loaded[0][this.which].sortedWords;
    if (this.wordsVersion !== loadedVersion) {
      var all = new Set(), which = this.which;
      loaded.forEach(function (chunk) { chunk[which].sortedWords.forEach(function (w) { all.add(w); }); });
      this.words = Array.from(all).sort();
      this.wordsVersion = loadedVersion;
    }
    return this.words;
  } });

  // Everything a record can be found by (title, text, context, rule ID), and the titles alone.
  var textPostings = new LoadedPostings("text");
  var titlePostings = new LoadedPostings("title");
  if (!chunked) addChunk(0, data.records);

  // Chunks are loaded by script tags (so that file:// works): each calls this with its number
  // (or "titles") and its rows. chunkState: 1 requested, 2 loaded, 3 failed.
  var chunkState = Object.create(null), inFlight = 0, whenIdle = [], lastRender = 0;
  var chunkFolder = (input.getAttribute("data-index") || "search-index.js").replace(/[^\/]*$/, "") + "search-index/";
  var titleEntries = null;
  window.HANDBOOK_SEARCH_CHUNK = function (name, rows) {
    if (chunkState[name] === 2 || !chunked) return;
    chunkState[name] = 2;
    if (name === "titles") titleEntries = rows; else addChunk(data.chunks[name][0], rows);
  };
  // What the searches since the last call to wanted() could not read: chunks not loaded yet.
  var needed = [];
  function want(names) {
    names.forEach(function (name) { if (!(chunkState[name] >= 2)) needed.push(name); });
  }
  function wanted() {
    var names = needed.filter(function (name, at) { return needed.indexOf(name) === at && !(chunkState[name] >= 2); });
    needed = [];
    return names;
  }
  // At most four scripts at a time, in the order asked for: on a slow link the first chunks
  // arrive, and their results show, before the others.
  var queue = [];
  function request(names) {
    names.forEach(function (name) {
      if (chunkState[name]) return;
      chunkState[name] = 1;
      queue.push(name);
    });
    while (inFlight < 4 && queue.length) fetchChunk(queue.shift());
  }
  function fetchChunk(name) {
    inFlight++;
    var script = document.createElement("script");
    script.src = chunkFolder + name + ".js";
    script.setAttribute("data-search-chunk", name);
    script.onload = script.onerror = function () {
      if (chunkState[name] === 1) chunkState[name] = 3;
      inFlight--;
      if (queue.length) fetchChunk(queue.shift());
      arrived();
    };
    document.head.appendChild(script);
  }
  // Results show as chunks arrive (at once while none is shown, then at most every 150 ms) and
  // once more when the last is in.
  function arrived() {
    if ((inFlight === 0 || !current.length || performance.now() - lastRender > 150) && state.query.trim() &&
        (onSearchPage || document.activeElement === input)) render();
    if (inFlight === 0 && !queue.length) whenIdle.splice(0).forEach(function (done) { done(); });
  }

  // ---- the directory: which chunks may hold a record that matches a token ----
  var decodedSets = [];
  var BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  function chunksOfKey(key) {
    if (!Object.prototype.hasOwnProperty.call(data.directory, key)) return [];
    var set = data.directory[key], known = decodedSets[set];
    if (known) return known;
    var bits = data.sets[set], out = [];
    for (var i = 0; i < bits.length; i++) {
      var value = BASE64.indexOf(bits[i]);
      for (var b = 0; b < 6; b++) if (value & (1 << b)) out.push(6 * i + b);
    }
    return (decodedSets[set] = out);
  }
  var keysByLetter = null;
  // The keys of Latin-script words whose first letter or two pass `test`.
  function wordKeys(test) {
    if (!keysByLetter) keysByLetter = Object.keys(data.directory).filter(function (key) { return isWordCode(key.charCodeAt(0)); });
    return keysByLetter.filter(test);
  }
  function unionOf(lists) {
    var all = new Set();
    lists.forEach(function (list) { list.forEach(function (n) { all.add(n); }); });
    return Array.from(all).sort(function (a, b) { return a - b; });
  }
  function intersectionOf(lists) {
    return lists.reduce(function (out, list) {
      var holds = new Set(list);
      return out.filter(function (n) { return holds.has(n); });
    });
  }
  // A Latin word's key is its first two letters; a token of one letter may begin any of them.
  // Any other token: the keys of each of its Han characters and other letters, all needed.
  function chunksFor(token) {
    var first = token.charCodeAt(0);
    if (charClass(first) === WORD) {
      if (token.length > 1 && isWordCode(token.charCodeAt(1))) return chunksOfKey(token.slice(0, 2));
      return unionOf(wordKeys(function (key) { return key[0] === token[0]; }).map(chunksOfKey));
    }
    var lists = [];
    for (var i = 0; i < token.length; i++) {
      var c = token.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < token.length) { lists.push(chunksOfKey(token.substr(i, 2))); i++; }
      else if (charClass(c) === HAN || charClass(c) === OTHER_LETTER) lists.push(chunksOfKey(token[i]));
    }
    return lists.length ? intersectionOf(lists) : [];
  }
  // A word one edit from `t` (typos) begins with one of these letter pairs.
  function typoChunks(t) {
    return unionOf(wordKeys(function (key) {
      return key.length === 2 && (key[0] === t[0] || key[1] === t[0] || key[0] === t[1] || key[1] === t[1] || key === t[0] + t[2]);
    }).map(chunksOfKey));
  }

  var synonyms = data.synonyms;

  // Sources/HandbookKit/Search/SearchRanking.swift ranks the same way for `rules` and MCP: a change
  // here goes there too (SearchRankingTests compares the numbers; docs/search-index.md, Ranking).
  // Score weights. A token in the title counts at least TITLE, one in the body only at most
  // BODY + BODY_WHOLE + BODY_WORD_START: a record matching in its body only scores at most
  // BODY_ONLY_BEST (with its kind's bonus) less the alternative's penalty.
  var TITLE = 100, TITLE_WHOLE = 30, TITLE_WORD_START = 20, TITLE_START = 25, TITLE_COVER = 40;
  var BODY = 10, BODY_WHOLE = 5, BODY_WORD_START = 3;
  var BODY_ONLY_BEST = BODY + BODY_WHOLE + BODY_WORD_START + 3;

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

  // The score of record `i`, which matches `query`.
  function score(i, query) {
    var record = records[i], total = 0, titleChars = 0;
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

  // Facets: parts and result types (`scope`), a rule's advice, the status (the search page
  // shows current records only until another status is chosen) and the edition. OR within a
  // group, AND across groups.
  var state = { query: "", scopes: [], edition: "", advice: [], status: null };
  var ADVICE = { d: "do", a: "avoid", c: "consider" };
  var STATUS = { "": "current", l: "legacy", x: "deprecated" };
  function statuses() { return state.status || (onSearchPage ? ["current"] : []); }

  var KINDS_BY_NAME = { chapters: "c", sections: "s", rules: "r", terms: "t" };
  // For the chips chosen, a flag per record (null when none is): parts and kinds narrow together.
  var scopeFilter = { key: "", allowed: null };
  function allowedRecords() {
    var key = [state.scopes.join(","), state.edition, state.advice.join(","), statuses().join(",")].join("|");
    if (key === scopeFilter.key && loadedVersion === scopeFilter.version) return scopeFilter.allowed;
    var allowed = key !== "|||" ? new Uint8Array(records.length) : null;
    if (allowed) records.forEach(function (record, i) { allowed[i] = facetMisses(record) ? 0 : 1; });
    scopeFilter = { key: key, allowed: allowed, version: loadedVersion };
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
  function chosen(group) {
    switch (group) {
      case "part": return state.scopes.filter(function (s) { return !KINDS_BY_NAME[s]; });
      case "type": return state.scopes.filter(function (s) { return KINDS_BY_NAME[s]; });
      case "advice": return state.advice;
      case "status": return statuses();
      default: return state.edition ? [state.edition] : [];
    }
  }
  function facetMisses(record) {
    var misses = 0;
    GROUPS.forEach(function (group, bit) {
      var values = chosen(group);
      if (values.length && values.indexOf(facetValue(record, group)) < 0) misses |= 1 << bit;
    });
    return misses;
  }
  // For every group and value, how many of `matches` the chips would give: the record passes
  // the other groups' choices and has that value.
  function facetCounts(matches) {
    var counts = {};
    GROUPS.forEach(function (group) { counts[group] = Object.create(null); });
    for (var m = 0; m < matches.length; m++) {
      var record = records[matches[m]], misses = facetMisses(record);
      GROUPS.forEach(function (group, bit) {
        if (misses & ~(1 << bit)) return;
        var value = facetValue(record, group);
        counts[group][value] = (counts[group][value] || 0) + 1;
      });
    }
    return counts;
  }

  // The records (numbers, increasing) that match every token and the chosen chips.
  function matching(query, unfiltered) {
    if (chunked && query.tokens.length) want(intersectionOf(query.tokens.map(chunksFor)));
    var exact = true;
    var lists = query.tokens.map(function (t) {
      var found = textPostings.lookup(t);
      exact = exact && found.exact;
      return found.records;
    });
    var found = intersection(lists);
    var allowed = unfiltered ? null : allowedRecords();
    if (allowed) found = found.filter(function (i) { return allowed[i] === 1; });
    if (exact) return found;
    return found.filter(function (i) {
      var record = records[i];
      return query.tokens.every(function (t, k) {
        return occurs(record.nTitle, t, query.han[k]) || occurs(record.nBody, t, query.han[k]);
      });
    });
  }
  // For each token, the records whose title may hold it.
  function inTitles(query) {
    return query.tokens.map(function (t) { return titlePostings.lookup(t).records; });
  }
  function countDistinct(lists) {
    if (lists.length === 1) return lists[0].length;
    var round = nextMarkRound(), count = 0;
    lists.forEach(function (list) {
      for (var i = 0; i < list.length; i++) {
        if (marks[list[i]] !== round) { marks[list[i]] = round; count++; }
      }
    });
    return count;
  }

  var scores = new Float64Array(records.length);
  var scoredBy = new Int32Array(records.length).fill(-1);
  // Bit k: the title may hold token k; the title holds token k as a word.
  var inTitle = new Uint8Array(records.length), wholeInTitle = new Uint8Array(records.length);

  // All matches, best first; with `limit`, only the best `limit`, found without scoring every
  // match in full (`total` still counts them all).
  function search(query, limit) {
    needed = [];
    var alts = alternatives(query).map(prepare), matched = [];
    var everything = alts.map(function (alt) { return alt.tokens.length ? matching(alt, true) : NONE; });
    var allowed = allowedRecords();
    var found = allowed ? everything.map(function (list) { return list.filter(function (i) { return allowed[i] === 1; }); }) : everything;
    var suggestion = forgiveTypos(alts, found);
    function scoreOne(i, altIndex) {
      var s = score(i, alts[altIndex]) - alts[altIndex].penalty;
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
        for (var c = 0; c < list.length; c++) scoreOne(list[c], altIndex);
      });
      top = matched.slice().sort(better);
    } else {
      var list = new TopList(limit, better);
      var rank = function (i, altIndex) {
        var scoredBefore = scoredBy[i] >= 0;
        scoreOne(i, altIndex);
        list.offer(i, scoredBefore);
      };
      // Few matches are scored in full. Of many, the title matches first, from the highest
      // bound on their score down: they outrank any match in the body only, and usually fill
      // the list long before the bounds fall below it.
      var bodiesLeft = [];
      found.forEach(function (matches, altIndex) {
        if (matches.length <= limit * 4) {
          for (var c = 0; c < matches.length; c++) rank(matches[c], altIndex);
          return;
        }
        // Those whose title may hold a token: all others match in their body only.
        var titleLists = inTitles(alts[altIndex]);
        var candidates = intersection([matches, union(titleLists)]);
        var bounds = titleBounds(candidates, alts[altIndex], titleLists);
        var byBound = descending(bounds);
        for (var b = 0; b < byBound.length; b++) {
          var at = byBound[b];
          if (list.full() && scores[list.worst()] > bounds[at]) break;
          rank(candidates[at], altIndex);
        }
        bodiesLeft.push(altIndex);
      });
      // Then the matches in the body only, in record order, for as long as one could still
      // enter the list.
      bodiesLeft.forEach(function (altIndex) {
        var matches = found[altIndex], penalty = alts[altIndex].penalty;
        for (var c = 0; c < matches.length && list.bodyCouldEnter(penalty, c ? matches[c - 1] : -1); c++) {
          if (scoredBy[matches[c]] !== altIndex) rank(matches[c], altIndex);
        }
      });
      top = list.items;
    }
    var results = top.map(function (i) {
      return { record: records[i], score: scores[i], tokens: alts[scoredBy[i]].tokens };
    });
    for (var r = 0; r < matched.length; r++) scoredBy[matched[r]] = -1;
    results.total = countDistinct(found);
    results.suggestion = suggestion;
    results.facets = function () { return facetCounts(union(everything)); };
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
  function forgiveTypos(alts, found) {
    var already = countDistinct(found);
    // Of a chunked index, only once the query's own chunks are in: they may hold enough.
    if (already >= TYPO_FEW || !alts.length || needed.length) return "";
    var queryTokens = alts[0].tokens, corrected = null;
    for (var k = 0; k < queryTokens.length; k++) {
      var t = queryTokens[k];
      if (chunked && t.length >= 4) {
        want(chunksFor(t));
        if (needed.length) continue;  // whether it begins a word is known once they are in
      }
      if (t.length < 4 || textPostings.wholeWord(t) === null || textPostings.lookup(t).records.length) continue;
      if (chunked) want(typoChunks(t));
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
        var prepared = prepare([alt[0], alt[1] + TYPO + 25 * n]), matches = prepared.tokens.length ? matching(prepared) : NONE;
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

  // The "did you mean" line over the results, in the dropdown and on the search page, and
  // before the count the live region announces.
  function explain(suggestion) {
    [panel, pageContainer].forEach(function (container) {
      if (!container) return;
      var old = container.querySelector(".did-you-mean");
      if (old) old.remove();
      if (!suggestion || (container === panel) === onSearchPage) return;
      var template = panel.getAttribute("data-did-you-mean") || "Did you mean %s?", at = template.indexOf("%s");
      var line = document.createElement("p");
      line.className = "did-you-mean meta";
      line.appendChild(document.createTextNode(template.slice(0, Math.max(at, 0))));
      var button = document.createElement("button");
      button.type = "button";
      button.className = "chip";
      button.textContent = suggestion;
      button.addEventListener("mousedown", function (event) { event.preventDefault(); });
      button.addEventListener("click", function () {
        input.value = suggestion;
        state.query = suggestion;
        update(true);
        if (!onSearchPage) input.focus();
      });
      line.appendChild(button);
      if (at >= 0) line.appendChild(document.createTextNode(template.slice(at + 2)));
      var results = container === panel ? list : container.querySelector(".search-results");
      container.insertBefore(line, results);
      status.textContent = line.textContent + " " + status.textContent;
    });
  }

  // For each title candidate, the most it could score (rounded up): each token its title may
  // hold (by `titleLists`) found there at the start, as a whole word unless the postings rule
  // that out; each other token as a whole word in the body. Only the first 8 tokens are told
  // apart; the others count as in the title, as whole words.
  function titleBounds(candidates, query, titleLists) {
    var n = query.tokens.length, wholeLists = [];
    query.tokens.forEach(function (t, k) {
      if (k >= 8) return;
      wholeLists[k] = query.han[k] ? null : titlePostings.wholeWord(t);
      mark(titleLists[k], inTitle, 1 << k);
      if (wholeLists[k]) mark(wholeLists[k], wholeInTitle, 1 << k);
    });
    var bounds = new Float64Array(candidates.length);
    for (var c = 0; c < candidates.length; c++) {
      var i = candidates[c], sum = 0, chars = 0;
      for (var k = 0; k < n; k++) {
        if (k < 8 && !(inTitle[i] & (1 << k))) { sum += BODY + BODY_WHOLE + BODY_WORD_START; continue; }
        var whole = k >= 8 || !wholeLists[k] || (wholeInTitle[i] & (1 << k));
        sum += TITLE + (whole ? TITLE_WHOLE : 0) + TITLE_WORD_START + TITLE_START;
        chars += query.tokens[k].length;
      }
      var cover = chars ? Math.round(TITLE_COVER * chars / Math.max(titleLengths[i], 1)) : 0;
      bounds[c] = Math.ceil(sum / n + cover + 3 - kindOrders[i] - query.penalty);
    }
    titleLists.forEach(function (list, k) { if (k < 8) mark(list, inTitle, 0); });
    wholeLists.forEach(function (list) { if (list) mark(list, wholeInTitle, 0); });
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

  // ---- rendering (textContent only) ----
  function highlighted(text, queryTokens) {
    var fragment = document.createDocumentFragment();
    var n = normalizeWithMap(text);
    var ranges = [];
    queryTokens.forEach(function (t) {
      var hit = find(n.text, t, isHanCode(t.charCodeAt(0)));
      if (hit >= 0) ranges.push([n.map[hit >> 2], n.map[(hit >> 2) + t.length]]);
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
        if (hit >= 0) { start = Math.max(0, (hit >> 2) - 30); break; }
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

  // The chips of each facet group, with how many results each would give for the query. In
  // the dropdown: parts and result types; on the search page also advice and status, each group
  // labelled, and the edition as a list.
  function facetGroups() {
    var page = pageContainer || input;
    var label = function (name, fallback) { return page.getAttribute("data-" + name) || input.getAttribute("data-" + name) || fallback; };
    var groups = [
      ["part", data.scopes.map(function (s) { return [s[0], s[1]]; })],
      ["type", ["chapters", "sections", "rules", "terms"].filter(function (k) { return onSearchPage || k !== "chapters"; })
        .map(function (k) { return [k, label("kind-" + k.slice(0, -1), k)]; })]
    ];
    if (onSearchPage) {
      groups.push(["advice", ["do", "avoid", "consider"].map(function (k) { return [k, label("advice-" + k, k)]; })]);
      groups.push(["status", ["current", "legacy", "deprecated"].map(function (k) { return [k, label("status-" + k, k)]; })]);
    }
    return groups.map(function (g) { return { name: g[0], title: label("facet-" + g[0], g[0]), values: g[1] }; });
  }
  function isChosen(group, value) { return chosen(group).indexOf(value) >= 0; }
  function toggle(group, value) {
    if (group === "part" || group === "type") {
      var at = state.scopes.indexOf(value);
      if (at >= 0) state.scopes.splice(at, 1); else state.scopes.push(value);
    } else {
      var list = group === "advice" ? state.advice : statuses().slice();
      var index = list.indexOf(value);
      if (index >= 0) list.splice(index, 1); else list.push(value);
      if (group === "status") state.status = list.length ? list : ["current", "legacy", "deprecated"];
    }
  }

  function chips(container, counts) {
    var existing = container.querySelector(".facets");
    if (!existing) {
      existing = document.createElement("div");
      existing.className = "facets";
      facetGroups().forEach(function (group) {
        var box = document.createElement("div");
        box.className = "chips";
        box.setAttribute("role", "group");
        box.setAttribute("aria-label", onSearchPage ? group.title : input.getAttribute("placeholder"));
        if (onSearchPage) {
          var heading = document.createElement("span");
          heading.className = "facet-title meta";
          heading.textContent = group.title;
          // Styled here, not in style.css, which every page loads.
          heading.style.minWidth = "4.5rem";
          heading.style.alignSelf = "center";
          box.appendChild(heading);
        }
        group.values.forEach(function (pair) {
          var chip = document.createElement("button");
          chip.type = "button";
          chip.className = "chip";
          chip.setAttribute("data-facet", group.name);
          chip.setAttribute("data-scope", pair[0]);
          chip.appendChild(document.createTextNode(pair[1]));
          var count = document.createElement("span");
          count.className = "count";
          chip.appendChild(count);
          chip.addEventListener("mousedown", function (event) { event.preventDefault(); });
          chip.addEventListener("click", function () {
            toggle(group.name, pair[0]);
            update(true);
            if (!onSearchPage) input.focus();
          });
          box.appendChild(chip);
        });
        existing.appendChild(box);
      });
      container.appendChild(existing);
    }
    existing.querySelectorAll("button.chip").forEach(function (chip) {
      var group = chip.getAttribute("data-facet"), value = chip.getAttribute("data-scope");
      chip.setAttribute("aria-pressed", isChosen(group, value) ? "true" : "false");
      var n = counts ? counts[group][value] || 0 : null;
      chip.querySelector(".count").textContent = n === null ? "" : " " + n;
      var empty = n === 0 && !isChosen(group, value);
      chip.classList.toggle("empty", empty);
      chip.style.color = empty ? "var(--muted)" : "";
      chip.style.borderStyle = empty ? "dashed" : "";
    });
    return existing;
  }

  // The search page's edition filter: every edition a rule was first given in, oldest first,
  // with how many results each would give.
  function editionFilter(container, counts) {
    var existing = container.querySelector(".edition-filter select");
    if (!existing) {
      var names = (data.editions || []).slice();
      var number = function (name) { var n = parseFloat(name.split(" ").pop()); return isNaN(n) ? Infinity : n; };
      names.sort(function (a, b) { return number(a) - number(b) || (a < b ? -1 : a > b ? 1 : 0); });
      var label = document.createElement("label");
      label.className = "edition-filter";
      label.textContent = (input.getAttribute("data-edition") || "Edition") + " ";
      existing = document.createElement("select");
      existing.id = "search-edition";
      [["", input.getAttribute("data-edition-all") || "All"]].concat(names.map(function (n) { return [n, n]; }))
        .forEach(function (pair) {
          var option = document.createElement("option");
          option.value = pair[0];
          option.setAttribute("data-name", pair[1]);
          option.textContent = pair[1];
          existing.appendChild(option);
        });
      existing.addEventListener("change", function () { state.edition = existing.value; update(true); });
      label.appendChild(existing);
      container.appendChild(label);
    }
    existing.value = state.edition;
    Array.prototype.forEach.call(existing.options, function (option) {
      var n = counts && option.value ? counts.edition[option.value] || 0 : null;
      option.textContent = option.getAttribute("data-name") + (n === null ? "" : " (" + n + ")");
    });
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
    var format = input.getAttribute(count === 1 ? "data-result" : "data-results") || input.getAttribute("data-results") || "%d";
    var text = count ? format.replace("%d", count) : input.getAttribute("data-no-results");
    status.textContent = text;
    return text;
  }

  function render() {
    lastRender = performance.now();
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
    var counts = query.trim() && current.facets ? current.facets() : null;
    if (open && !panel.querySelector(".facets")) panel.insertBefore(chips(panel, counts), list);
    else if (open) chips(panel, counts);
    if (onSearchPage && pageContainer) {
      chips(pageContainer, counts);
      editionFilter(pageContainer, counts);
      pageContainer.querySelectorAll(".search-count, .search-results, .more").forEach(function (node) { node.remove(); });
      var count = document.createElement("p");
      count.className = "meta search-count";
      count.textContent = summary;
      pageContainer.appendChild(count);
      var full = document.createElement("ul");
      full.className = "search-results";
      full.setAttribute("role", "list");
      groupedByPage(current.slice(0, pageLimit)).forEach(function (group) {
        full.appendChild(resultGroup(group));
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
    explain(query.trim() ? current.suggestion : "");
    if (chunked) request(wanted());
  }

  // The search page groups results by the page they are on (a chapter with its sections and
  // rules; a glossary term on its own), groups in the order of their best result, the chapter
  // first in its group and the other results in their own order.
  function groupedByPage(results) {
    var groups = [], byPage = Object.create(null);
    results.forEach(function (result, index) {
      var page = result.record.kind === "t" ? result.record.url : result.record.url.split("#")[0];
      var group = byPage[page];
      if (!group) groups.push(group = byPage[page] = { page: page, results: [] });
      group.results.push({ result: result, index: index });
    });
    // A chapter leads the group of its own page.
    groups.forEach(function (group) {
      var at = group.results.findIndex(function (entry) { return entry.result.record.kind === "c"; });
      if (at > 0) group.results.unshift(group.results.splice(at, 1)[0]);
    });
    return groups;
  }
  // A group: its chapter's path ("Bars › Navigation bar") over its results, unless the group is
  // one result, or the chapter itself leads it (its own result says as much). A rule under a
  // section shows the section's path: "Navigation bar › Titles" under the group's path, else
  // "Bars › Navigation bar › Titles".
  function resultGroup(group) {
    var first = group.results[0].result.record;
    var li = document.createElement("li");
    li.className = "result-group";
    li.style.padding = "0";
    if (group.results.length > 1 && first.kind !== "c" && first.context) {
      var heading = document.createElement("p");
      heading.className = "group-title meta";
      heading.style.margin = "0.5rem 0.75rem 0";
      heading.textContent = first.context.split(" · ").join(" › ");
      li.appendChild(heading);
    }
    var inner = document.createElement("ul");
    inner.setAttribute("role", "list");
    inner.style.listStyle = "none";
    inner.style.padding = "0";
    var headed = li.firstChild !== null;
    group.results.forEach(function (entry) {
      var item = resultItem(entry.result, entry.index, "search-result-", true);
      // Under the group's path each result's own "part · chapter" would say it again.
      var record = entry.result.record, context = item.querySelector(".context:not(.snippet)");
      var path = record.context.split(" · ");
      if (context && record.section) context.textContent = (headed ? path.slice(-1) : path).concat(record.section).join(" › ");
      else if (context && headed) context.remove();
      inner.appendChild(item);
    });
    li.appendChild(inner);
    return li;
  }

  function urlFor() {
    var params = new URLSearchParams();
    if (state.query) params.set("q", state.query);
    if (state.scopes.length) params.set("scope", state.scopes.join(","));
    if (state.edition) params.set("edition", state.edition);
    if (state.advice.length) params.set("advice", state.advice.join(","));
    if (state.status) params.set("status", state.status.join(","));
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
    state.edition = params.get("edition") || "";
    state.advice = (params.get("advice") || "").split(",").filter(function (k) { return k in { do: 1, avoid: 1, consider: 1 }; });
    var chosenStatus = (params.get("status") || "").split(",").filter(function (k) { return k in { current: 1, legacy: 1, deprecated: 1 }; });
    state.status = chosenStatus.length ? chosenStatus : null;
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
    // Calls `done` once the chunks `query` needs are loaded (at once for a single index).
    whenLoaded: function (query, done) {
      (function attempt() {
        search(query);
        search(query, 12);
        var names = chunked ? wanted() : [];
        if (!names.length) return done();
        whenIdle.push(attempt);
        request(names);
      })();
    },
    // The chunk scripts the page has loaded (numbers; "titles" for the pinyin titles).
    loadedChunks: function () { return Object.keys(chunkState).filter(function (name) { return chunkState[name] === 2; }); },
    normalize: normalize,
    // The correction "did you mean" offers for `query`, or "".
    suggestion: function (query) { return search(query, 12).suggestion; },
    // Whether `text` matches `query` by the search's rules (used by the sidebar filter).
    matches: function (query, text) {
      var n = normalize(text);
      return alternatives(query).some(function (alt) {
        var queryTokens = tokens(alt[0]);
        return queryTokens.length > 0 && queryTokens.every(function (t) { return find(n, t, isHanCode(t.charCodeAt(0))) >= 0; });
      });
    }
  };
  document.dispatchEvent(new Event("handbook-search-ready"));

  // The sidebar filter narrows the tree as the search matches: prefixes, Chinese substrings,
  // Traditional forms and glossary names.
  var navFilter = document.getElementById("nav-filter");
  function applyNavFilter() {
    var query = navFilter.value.trim();
    var api = window.HandbookSearch;
    navFilter.closest(".sidebar").classList.toggle("filtering", !!query);
    document.querySelectorAll(".nav-parts > li").forEach(function (part) {
      var partMatches = !query || api.matches(query, part.querySelector("a").textContent);
      var any = false;
      part.querySelectorAll("ul li").forEach(function (item) {
        var visible = partMatches || api.matches(query, item.textContent);
        item.hidden = !visible;
        any = any || visible;
      });
      part.hidden = !(partMatches || any);
    });
  }
  if (navFilter) {
    navFilter.addEventListener("input", applyNavFilter);
    applyNavFilter();
  }
})();
