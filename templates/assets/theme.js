// The reader's theme, applied before the page is first drawn (site.js, which holds the switch,
// runs only after the page is parsed: the other theme flashed first). A script of its own, not
// inline: the pages' Content-Security-Policy allows scripts from the site only.
try {
var theme = localStorage.getItem("handbook-theme");
if (theme === "light" || theme === "dark") document.documentElement.setAttribute("data-theme", theme);
} catch (e) {}
