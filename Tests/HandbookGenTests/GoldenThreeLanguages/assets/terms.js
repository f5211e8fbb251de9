(function () {
"use strict";
var body = document.body, root = document.documentElement;
var card = null, cardFor = null, hideTimer = 0, pointer = "";
function hideCard() {
clearTimeout(hideTimer);
if (!card || card.hidden) return;
card.hidden = true;
if (cardFor) { cardFor.removeAttribute("aria-describedby"); cardFor.removeAttribute("data-tapped"); }
}
function laterHide() { clearTimeout(hideTimer); hideTimer = setTimeout(hideCard, 250); }
function showCard(link) {
clearTimeout(hideTimer);
if (!card) {
card = document.createElement("span");
card.className = "term-card";
card.appendChild(document.createElement("strong"));
var text = card.appendChild(document.createElement("span"));
text.id = "term-card-text";
card.appendChild(document.createElement("a")).textContent = body.getAttribute("data-entry");
card.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
card.addEventListener("mouseleave", laterHide);
card.addEventListener("focusout", function (event) {
if (!card.contains(event.relatedTarget) && event.relatedTarget !== cardFor) hideCard();
});
}
if (cardFor !== link) hideCard();
cardFor = link;
card.firstChild.textContent = link.textContent;
card.children[1].textContent = noteOf(link);
card.lastChild.setAttribute("href", link.getAttribute("href"));
link.after(card);  // Tab from the link reaches the card's link.
link.setAttribute("aria-describedby", "term-card-text");
card.hidden = false;
var box = link.getBoundingClientRect();
var left = Math.max(8, Math.min(box.left, root.clientWidth - card.offsetWidth - 8));
card.style.left = left + window.scrollX + "px";
card.style.top = box.bottom + window.scrollY + 6 + "px";
}
function termLink(node) { return node && node.closest ? node.closest('a.xref[href*="glossary.html#term-"]') : null; }
function noteOf(link) {
var first = document.querySelector('a[data-note][href="' + link.getAttribute("href") + '"]');
return first ? first.getAttribute("data-note") : "";
}
document.addEventListener("pointerdown", function (event) {
pointer = event.pointerType;
if (card && !card.hidden && !card.contains(event.target) && termLink(event.target) !== cardFor) hideCard();
}, true);
document.addEventListener("mouseover", function (event) {
var link = termLink(event.target);
var touch = pointer === "touch" || (event.sourceCapabilities && event.sourceCapabilities.firesTouchEvents);
if (link && !touch) showCard(link);
});
document.addEventListener("mouseout", function (event) {
if (termLink(event.target) && cardFor === termLink(event.target)) laterHide();
});
document.addEventListener("focusin", function (event) {
var link = termLink(event.target);
if (link) showCard(link);
});
document.addEventListener("focusout", function (event) {
if (termLink(event.target) && !(card && card.contains(event.relatedTarget))) hideCard();
});
document.addEventListener("click", function (event) {
var link = termLink(event.target);
if (!link || (event.pointerType || pointer) !== "touch" || link.hasAttribute("data-tapped")) return;
event.preventDefault();
showCard(link);
link.setAttribute("data-tapped", "");
});
document.addEventListener("keydown", function (event) {
if (event.key !== "Escape" || !card || card.hidden) return;
var inside = card.contains(document.activeElement);
var link = cardFor;
hideCard();
if (inside && link) link.focus({ preventScroll: true });
if (inside && link) hideCard();
});
window.HandbookTerms = function (link, type) {
if (type === "click") { showCard(link); link.setAttribute("data-tapped", ""); }
else if (type === "focusin" ? document.activeElement === link : pointer !== "touch") showCard(link);
};
})();
