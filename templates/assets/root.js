// The root page sends readers to their language (Traditional Chinese for zh-Hant, zh-TW, zh-HK
// and zh-MO where the site has it); its plain links remain as the fallback. The root page's only
// script: what every other page runs is in site.js.
(function () {
  "use strict";
  var zh = (navigator.languages || [navigator.language || ""]).filter(function (tag) {
    return /^zh\b/i.test(tag);
  })[0];
  var target = zh && /^zh-(hant|tw|hk|mo)\b/i.test(zh) && document.querySelector('[data-language="zh-Hant"]')
    || document.querySelector('[data-language="' + (zh ? "zh-Hans" : "en") + '"]');
  if (target) location.replace(target.getAttribute("href"));
})();
