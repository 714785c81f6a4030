// Large print and high contrast, remembered on this device (issue 40): run
// in the page's head, before anything is drawn, so a large-print page never
// flashes small first. The switch itself is in site.js.
(function () {
  try {
    if (window.localStorage.getItem("rikscore:large-print") === "1") {
      document.documentElement.classList.add("large-print");
    }
  } catch (e) { /* storage refused: the normal print */ }
})();
