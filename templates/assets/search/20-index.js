// Search index: the records of a search index and the postings that find them (docs/search-index.md:
// shape, chunks). An index in one file holds its records, and its postings are built when it
// loads. A large index is split: its head gives every record's facets, a query loads the term
// shards that hold the postings of what it typed (through the directory), and the records
// shown are loaded by chunk. No DOM: the interface (90-interface.js) adds the shard and chunk
// scripts to the page and hands their contents to receive().
// A module of search.js (the files of assets/search/ are published as one script, in name
// order): HandbookSearchIndex(data, text) gives the index of `data` (window.HANDBOOK_SEARCH_INDEX,
// a single index or a chunked index's head) with `text` = HandbookSearchText(data.variants).
var HandbookSearchIndex = function (data, text) {
  "use strict";
  var chunked = !!data.chunks;
  var total = chunked ? data.total : data.records.length;
  var KIND_ORDER = { c: 0, t: 1, s: 2, r: 3 };
  var normalize = text.normalize, isHanCode = text.isHanCode, isWordCode = text.isWordCode;

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
  // What the facets read of each record ({ kind, advice, status, scope, edition }): the records
  // themselves, or for a chunked index its head's five characters a record (kind code, edition,
  // part, title length in two; docs/search-index.md, Chunks).
  var facetRecords = records;
  var DIGITS = new Int8Array(128).fill(-1), BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (var d = 0; d < 64; d++) DIGITS[BASE64.charCodeAt(d)] = d;
  if (chunked) {
    facetRecords = new Array(total);
    var fields = data.fields, codes = data.codes.map(function (code) {
      var rule = code[0] === "r";
      return { kind: code[0], advice: rule ? code[1] : "", status: (rule ? code[2] : code[1]) || "" };
    });
    for (var f = 0; f < total; f++) {
      var code = codes[DIGITS[fields.charCodeAt(5 * f)]], edition = DIGITS[fields.charCodeAt(5 * f + 1)];
      facetRecords[f] = { kind: code.kind, advice: code.advice, status: code.status, edition: edition ? data.editions[edition - 1] : "",
        scope: DIGITS[fields.charCodeAt(5 * f + 2)] - 1 };
      titleLengths[f] = 64 * DIGITS[fields.charCodeAt(5 * f + 3)] + DIGITS[fields.charCodeAt(5 * f + 4)];
      kindOrders[f] = KIND_ORDER[code.kind];
    }
  }

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
    var size = 16;
    this.characters = new Int32Array(0x10000).fill(-1);  // ids by code
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

  // The records whose title may start with the token: an index in one file does not tell
  // (its ranking reads the titles themselves).
  Postings.prototype.startsTitle = function () { return null; };

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

  // ---- records by chunk ----
  function addChunk(first, rows) {
    rows.forEach(function (r, at) {
      var record = records[first + at] = recordOf(r, first + at);
      titleLengths[first + at] = record.nTitle.length;
      kindOrders[first + at] = KIND_ORDER[record.kind];
    });
  }
  // The chunk holding record `i` (chunks are in record order: [first, count]).
  function chunkOf(i) {
    var low = 0, high = data.chunks.length - 1;
    while (low < high) {
      var mid = (low + high + 1) >> 1;
      if (data.chunks[mid][0] <= i) low = mid; else high = mid - 1;
    }
    return String(low);
  }

  // Everything a record can be found by (title, text, context, rule ID), and the titles alone:
  // of an index in one file, built now.
  var textPostings, titlePostings;
  if (!chunked) {
    addChunk(0, data.records);
    textPostings = new Postings(total, function (i) { return [records[i].nTitle, records[i].nBody]; });
    titlePostings = new Postings(total, function (i) { return [records[i].nTitle]; });
  }

  // Chunks and shards arrive as scripts that the interface adds (so that file:// works); each
  // gives its name and contents to receive(): a record chunk's number and rows, a term shard
  // ("t<n>") and its keys' grams, "words" and its words, "titles" and its titles. chunkState:
  // 1 requested, 2 loaded, 3 failed (the interface notes 1 and 3).
  var chunkState = Object.create(null);
  var titleEntries = null, words = null;
  var shardKeys = Object.create(null);  // directory key → { grams (sorted), text, title, lists }
  function receive(name, contents) {
    if (chunkState[name] === 2 || !chunked) return;
    chunkState[name] = 2;
    if (name === "titles") titleEntries = contents;
    else if (name === "words") words = contents;
    else if (typeof name === "string" && name[0] === "t") {
      Object.keys(contents).forEach(function (key) {
        var entries = contents[key];
        shardKeys[key] = {
          grams: entries.map(function (e) { return e[0]; }),
          encoded: entries, lists: [new Map(), new Map(), new Map()]
        };
      });
    } else addChunk(data.chunks[name][0], contents);
  }
  // What the searches since the last call to wanted() could not read: chunks and shards not
  // loaded yet.
  var needed = [];
  function want(names) {
    names.forEach(function (name) { if (!(chunkState[name] >= 2)) needed.push(name); });
  }
  function wanted() {
    var names = needed.filter(function (name, at) { return needed.indexOf(name) === at && !(chunkState[name] >= 2); });
    needed = [];
    return names;
  }

  // ---- postings by term, from the shards (docs/search-index.md, Chunks) ----
  // The same questions as Postings. A list a shard not loaded yet holds is empty for now, and
  // the shard is wanted.
  function decodeList(text) {
    var out = new Int32Array(text.length), n = 0, value = 0, previous = -1;
    for (var i = 0; i < text.length; i++) {
      var digit = DIGITS[text.charCodeAt(i)];
      value = value * 32 + (digit & 31);
      if (digit < 32) { previous += value + 1; out[n++] = previous; value = 0; }
    }
    return out.subarray(0, n);
  }
  function TermPostings(which) { this.which = which; }  // 1: text, 2: title
  // The key's grams, or null when no record holds one (or its shard is not in yet).
  TermPostings.prototype.key = function (key) {
    if (!Object.prototype.hasOwnProperty.call(data.directory, key)) return null;
    var entries = shardKeys[key];
    if (!entries) want(["t" + data.directory[key]]);
    return entries || null;
  };
  TermPostings.prototype.entryList = function (entries, at, which) {
    which = which || this.which;
    var cache = entries.lists[which - 1], list = cache.get(at);
    if (!list) cache.set(at, (list = decodeList(entries.encoded[at][which] || "")));
    return list;
  };
  TermPostings.prototype.gram = function (key, gram) {
    var entries = this.key(key);
    if (!entries) return NONE;
    var at = lowerBound(entries.grams, gram);
    return entries.grams[at] === gram ? this.entryList(entries, at) : NONE;
  };
  TermPostings.prototype.lookup = function (token) {
    var first = token.charCodeAt(0);
    if (charClass(first) === WORD) return this.wordsStartingWith(token);
    if (charClass(first) === HAN) {
      var length = 1;
      while (length < token.length && isHanCode(token.charCodeAt(length))) length++;
      var exact = length === token.length && length <= 3;
      if (length <= 3) return { records: this.gram(token[0], token.slice(0, length)), exact: exact };
      var lists = [];
      for (var i = 2; i < length; i++) lists.push(this.gram(token[i - 2], token.substr(i - 2, 3)));
      return { records: intersection(lists), exact: exact };
    }
    // Other scripts: the records holding every indexed character of the token.
    var held = [];
    for (var c = 0; c < token.length; c++) {
      var code = token.charCodeAt(c);
      if (code >= 0xd800 && code <= 0xdbff && c + 1 < token.length) { held.push(this.gram(token.substr(c, 2), token.substr(c, 2))); c++; }
      else if (charClass(code) === HAN || charClass(code) === OTHER_LETTER) held.push(this.gram(token[c], token[c]));
    }
    return { records: held.length ? intersection(held) : NONE, exact: false };
  };
  TermPostings.prototype.wordsStartingWith = function (token) {
    var length = 1;
    while (length < token.length && isWordCode(token.charCodeAt(length))) length++;
    var prefix = token.slice(0, length), exact = length === token.length;
    // A letter's key lists the records with a word starting with it as the gram "".
    if (length === 1) return { records: this.gram(prefix, ""), exact: exact };
    var entries = this.key(prefix.slice(0, 2));
    if (!entries) return { records: NONE, exact: exact };
    var lists = [];
    for (var at = lowerBound(entries.grams, prefix); at < entries.grams.length && entries.grams[at].startsWith(prefix); at++) {
      lists.push(this.entryList(entries, at));
    }
    return { records: union(lists), exact: exact };
  };
  // The records whose title may start with `token` (the place its score's TITLE_START needs):
  // a word's, those whose title's first word it begins; a Han run's, those whose title starts
  // with its first three characters or fewer. Null when the shards cannot tell.
  TermPostings.prototype.startsTitle = function (token) {
    var first = token.charCodeAt(0), length = 1;
    if (charClass(first) === WORD) {
      for (var i = 0; i < token.length; i++) if (!isWordCode(token.charCodeAt(i))) return null;
      var entries = this.key(token.slice(0, 2));
      if (!entries || token.length === 1) return token.length === 1 ? null : NONE;
      var lists = [];
      for (var at = lowerBound(entries.grams, token); at < entries.grams.length && entries.grams[at].startsWith(token); at++) {
        lists.push(this.entryList(entries, at, 3));
      }
      return union(lists);
    }
    if (charClass(first) !== HAN) return null;
    while (length < token.length && length < 3 && isHanCode(token.charCodeAt(length))) length++;
    var han = this.key(token[0]), gram = token.slice(0, length);
    if (!han) return NONE;
    var place = lowerBound(han.grams, gram);
    return han.grams[place] === gram ? this.entryList(han, place, 3) : NONE;
  };
  TermPostings.prototype.wholeWord = function (token) {
    for (var i = 0; i < token.length; i++) if (!isWordCode(token.charCodeAt(i))) return null;
    return this.gram(token.slice(0, 2), token);
  };
  // Every Latin-script word of the index, sorted (words.js, loaded on first use).
  Object.defineProperty(TermPostings.prototype, "sortedWords", { get: function () {
    if (!words && data.words) want(["words"]);
    return words || [];
  } });
  if (chunked) {
    textPostings = new TermPostings(1);
    titlePostings = new TermPostings(2);
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

  return {
    chunked: chunked, total: total, KIND_ORDER: KIND_ORDER,
    // Record number → record ({ kind, advice, status, scope, title, text, context, url, ruleID,
    // edition, section, pinyin, order, nTitle, nText, nBody }), filled as chunks load; each
    // record's title length and kind order, side by side. The arrays are filled in place.
    records: records, titleLengths: titleLengths, kindOrders: kindOrders,
    // Record number → { kind, advice, status, scope, edition }, every record from the start.
    facetRecords: facetRecords,
    // { lookup(token) → { records, exact }, wordsStartingWith, wholeWord, sortedWords }: of
    // title, text, context and rule ID, and of titles alone.
    textPostings: textPostings, titlePostings: titlePostings,
    // Lists of record numbers, increasing.
    NONE: NONE, union: union, intersection: intersection, includes: includes,
    countDistinct: countDistinct,
    // Chunks and shards: their contents (receive), the chunk a record is in (chunkOf), what the
    // searches could not read (want, wanted, waiting, forgetWanted), each one's state.
    receive: receive, chunkOf: chunkOf, want: want, wanted: wanted,
    waiting: function () { return needed.length > 0; },
    forgetWanted: function () { needed = []; },
    chunkState: function (name) { return chunkState[name] || 0; },
    setChunkState: function (name, value) { chunkState[name] = value; },
    loadedChunks: function () { return Object.keys(chunkState).filter(function (name) { return chunkState[name] === 2; }); },
    // titles.js's rows ([kind, title, pinyin?]), once loaded; else null.
    titleEntries: function () { return titleEntries; }
  };
};
if (typeof module === "object" && module.exports) module.exports = HandbookSearchIndex;
