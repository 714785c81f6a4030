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
  // The large-print switch (print_size.js applies it before the page is
  // drawn): shown only where this script runs, remembered on this device.
  var root = document.documentElement;
  function showLarge() {
    document.querySelectorAll("[data-large-print]").forEach(function (b) {
      b.hidden = false;
      b.setAttribute("aria-pressed", root.classList.contains("large-print") ? "true" : "false");
    });
  }
  document.addEventListener("click", function (e) {
    var toggle = e.target.closest && e.target.closest("[data-large-print]");
    if (!toggle) return;
    var on = root.classList.toggle("large-print");
    try { window.localStorage.setItem("rikscore:large-print", on ? "1" : "0"); } catch (err) { /* kept for this page only */ }
    showLarge();
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", showLarge);
  } else {
    showLarge();
  }
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
  // Once per box: a refresh that keeps the box (a morph) keeps where its
  // reader scrolled it (the property lives on the element, not in the HTML).
  function showTotals(root) {
    root.querySelectorAll("table.standings").forEach(function (table) {
      var wrap = table.closest(".table-wrap");
      var total = table.querySelector("thead th.pin-total");
      if (!wrap || wrap.totalsShown) return;
      wrap.totalsShown = true;
      if (!total || wrap.scrollWidth <= wrap.clientWidth + 1) return;
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
  // A box that scrolls sideways can be scrolled with the keyboard too: it
  // takes the focus (the arrow keys then scroll it) and is named after the
  // heading above it for a screen reader (WCAG 2.1.1).
  function focusableBoxes(root) {
    root.querySelectorAll(".table-wrap").forEach(function (wrap) {
      var scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
      if (!scrolls || wrap.hasAttribute("tabindex")) return;
      wrap.setAttribute("tabindex", "0");
      wrap.setAttribute("role", "region");
      var heading = null;
      for (var el = wrap; el && !heading; el = el.parentElement) {
        for (var prev = el.previousElementSibling; prev && !heading; prev = prev.previousElementSibling) {
          if (/^H[1-6]$/.test(prev.tagName)) heading = prev;
        }
      }
      wrap.setAttribute("aria-label", (heading || document.querySelector("h1") || {}).textContent || document.title);
    });
  }
  // after every deferred script (the hall screen's hides rows, which
  // changes the columns' widths)
  function ready(root) { showTotals(root); focusableBoxes(root); }
  if (document.readyState === "complete") {
    ready(document);
  } else {
    document.addEventListener("DOMContentLoaded", function () { ready(document); });
  }
  document.addEventListener("htmx:afterSettle", function (e) {
    if (e.target && e.target.querySelectorAll) ready(e.target);
  });

  // Refreshing parts ([data-refreshes], htmx's morph swap): what did not
  // change stays as it was, so the focus, a box's scroll position and an
  // opened fold-out survive; the server's HTML never closes what the reader
  // opened. When the server stops answering, the page says so above the
  // part (outside it: a refresh would take it away), and clears it when an
  // answer comes again.
  if (window.Idiomorph) {
    window.Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, el) {
      return !(name === "open" && el.tagName === "DETAILS");
    };
  }
  function staleNote(part) {
    var note = part.previousElementSibling;
    if (note && note.classList.contains("stale-note")) return note;
    note = document.createElement("p");
    note.className = "stale-note warning";
    note.setAttribute("role", "status");
    note.hidden = true;
    part.parentNode.insertBefore(note, part);
    return note;
  }
  function refreshed(e, ok) {
    var part = e.detail && e.detail.elt;
    if (!part || !part.matches || !part.matches("[data-refreshes]")) return;
    var note = staleNote(part);
    if (ok) {
      note.hidden = true;
      part.lastAnswer = new Date();
      return;
    }
    if (!note.hidden) return;
    var since = part.lastAnswer || new Date();
    var time = since.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    note.textContent = (part.getAttribute("data-stale") || "").replace("{time}", time);
    note.hidden = false;
  }
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (e) { refreshed(e, false); });
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.successful) refreshed(e, true);
  });
})();
