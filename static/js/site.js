// Small behaviours every page may use, without inline scripts (the Content
// Security Policy allows none): a select that submits its form when changed,
// a button that prints the page, and a form that asks before it is sent.
(function () {
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches("select[data-autosubmit]")) {
      e.target.form.submit();
    }
  });
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("[data-print]");
    if (button) window.print();
  });
  // <form data-confirm="question">: the browser asks; on "OK" the form goes
  // with confirmed=1, so the server does not ask again. Without JavaScript
  // the server answers with its own confirmation page instead.
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.matches || !form.matches("form[data-confirm]")) return;
    if (!window.confirm(form.getAttribute("data-confirm"))) {
      e.preventDefault();
      return;
    }
    if (!form.querySelector("input[name=confirmed]")) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "confirmed";
      input.value = "1";
      form.appendChild(input);
    }
  });
  // Standings wider than their box (a phone): the rounds scroll between the
  // pinned name and the pinned total. Open them scrolled so the total stands
  // in its own place with the last rounds beside it, so no round column
  // starts half hidden under the total; earlier rounds scroll in from the
  // left, the columns after the total from the right.
  function showTotals(root) {
    root.querySelectorAll("table.standings").forEach(function (table) {
      var wrap = table.closest(".table-wrap");
      var total = table.querySelector("thead th.pin-total");
      if (!wrap || !total || wrap.scrollWidth <= wrap.clientWidth + 1) return;
      // where the total's right edge lies unpinned: the cells before it and
      // itself, in fractions of a pixel (offsetWidth rounds)
      var right = total.getBoundingClientRect().width;
      for (var cell = total.previousElementSibling; cell; cell = cell.previousElementSibling) {
        right += cell.getBoundingClientRect().width;
      }
      var end = Math.ceil(right - wrap.clientWidth);
      if (end > 0) wrap.scrollLeft = end;
    });
  }
  // after every deferred script (the hall screen's hides rows, which
  // changes the columns' widths)
  if (document.readyState === "complete") {
    showTotals(document);
  } else {
    document.addEventListener("DOMContentLoaded", function () { showTotals(document); });
  }
  document.addEventListener("htmx:afterSettle", function (e) {
    if (e.target && e.target.querySelectorAll) showTotals(e.target);
  });
})();
