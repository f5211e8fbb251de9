// Search text: how the search normalises text and where a query's tokens match in it, the
// same steps as SearchNormalizer.swift and SearchRanking.swift (Tests/shared/search-matching.json
// holds the cases all of them are held to; Tests/js runs them here under node).
// A module of search.js (the files of assets/search/ are published as one script, in name
// order): HandbookSearchText(variantPairs) gives the functions for an index whose variants
// table is `variantPairs` (Traditional then Simplified, a pair of characters each).
var HandbookSearchText = function (variantPairs) {
  "use strict";
  var variants = {};
  for (var v = 0; v + 1 < variantPairs.length; v += 2) variants[variantPairs[v]] = variantPairs[v + 1];
  var folded = Object.create(null);
  function fold(ch) {
    var cached = folded[ch];
    if (cached !== undefined) return cached;
    var simple = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    return (folded[ch] = variants[simple] || simple);
  }
  // fold() by UTF-16 code: the folded code when it is one unit, -1 when it is longer or empty
  // (then in foldedLong), -2 not yet known. The index's text is normalised at load a code at a
  // time: a one-character string per Han character would cost more than the folding.
  var foldedCode = new Int32Array(0x10000).fill(-2);
  var foldedLong = Object.create(null);
  function foldCode(c) {
    var known = foldedCode[c];
    if (known !== -2) return known;
    var f = fold(String.fromCharCode(c));
    if (f.length === 1) return (foldedCode[c] = f.charCodeAt(0));
    foldedLong[c] = f;
    return (foldedCode[c] = -1);
  }
  var codeBuffer = new Uint16Array(1024);
  function reserve(size) {
    if (size <= codeBuffer.length) return;
    var larger = new Uint16Array(2 * size);
    larger.set(codeBuffer);
    codeBuffer = larger;
  }
  function stringOfCodes(length) {
    var out = "";
    for (var at = 0; at < length; at += 4096) {
      out += String.fromCharCode.apply(null, codeBuffer.subarray(at, Math.min(length, at + 4096)));
    }
    return out;
  }
  function normalize(text) {
    var length = text.length, i = 0;
    // Text already in normal form (Simplified Chinese, lowercase) is returned as it is.
    while (i < length && foldCode(text.charCodeAt(i)) === text.charCodeAt(i)) i++;
    if (i === length) return text;
    var n = 0;
    for (i = 0; i < length; i++) {
      var c = text.charCodeAt(i), f = foldCode(c);
      var piece = f >= 0 ? null : foldedLong[c];
      reserve(n + (piece ? piece.length : 1));
      if (!piece) codeBuffer[n++] = f;
      else for (var j = 0; j < piece.length; j++) codeBuffer[n++] = piece.charCodeAt(j);
    }
    return stringOfCodes(n);
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

  // Where `token` occurs in `text` as a match: Han anywhere, Latin at a word start. The best
  // occurrence as 4 × position + WHOLE_WORD if it is one + WORD_START if it starts one, or -1
  // (a number rather than an array: ranking calls this for thousands of records).
  var WHOLE_WORD = 2, WORD_START = 1;
  function find(text, token, han) {
    var from = 0, best = -1, length = token.length;
    while (true) {
      var at = text.indexOf(token, from);
      if (at < 0) return best;
      var before = at === 0 ? 32 : text.charCodeAt(at - 1);
      var startsWord = han ? !isHanCode(before) : !isWordCode(before);
      if (han || startsWord) {
        var after = at + length >= text.length ? 32 : text.charCodeAt(at + length);
        var whole = startsWord && (han || !isWordCode(after));
        if (best < 0 || (whole && !(best & WHOLE_WORD)) || (startsWord && !(best & WORD_START))) {
          best = 4 * at + (whole ? WHOLE_WORD : 0) + (startsWord ? WORD_START : 0);
        }
        if (whole) return best;
      }
      from = at + 1;
    }
  }
  // Whether `token` occurs in `text` as a match (find() without looking for the best occurrence).
  function occurs(text, token, han) {
    if (han) return text.indexOf(token) >= 0;
    for (var at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1)) {
      if (at === 0 || !isWordCode(text.charCodeAt(at - 1))) return true;
    }
    return false;
  }

  return {
    fold: fold, normalize: normalize, normalizeWithMap: normalizeWithMap, tokens: tokens, isHanCode: isHanCode,
    isWordCode: isWordCode, find: find, occurs: occurs, WHOLE_WORD: WHOLE_WORD, WORD_START: WORD_START
  };
};
if (typeof module === "object" && module.exports) module.exports = HandbookSearchText;
