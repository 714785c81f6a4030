// The season's check-in page (seasons/td/evening.html): the pick buttons
// (everyone from last evening, all active members, nobody), the search box
// that filters the list as one types, and the count of who is ticked. The
// server ticks last evening's players itself, so the page works without it.
// Everything is delegated from the document: htmx swaps the form in anew
// after a newcomer is added.
(function () {
  function plain(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function boxes(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[name=players]"));
  }
  function count(form) {
    var out = form.querySelector("[data-count]");
    if (out) out.textContent = boxes(form).filter(function (b) { return b.checked; }).length;
  }
  function pick(form, which) {
    boxes(form).forEach(function (box) {
      box.checked = which === "last" ? box.hasAttribute("data-last")
        : which === "active" ? box.hasAttribute("data-active") : false;
    });
    count(form);
  }
  function filter(form, query) {
    var wanted = plain(query.trim()), found = 0, inFold = 0;
    boxes(form).forEach(function (box) {
      var label = box.closest("[data-row]") || box.closest("label");
      var match = !wanted || plain(label.textContent).indexOf(wanted) !== -1;
      label.hidden = !match;
      if (match) {
        found += 1;
        if (label.closest("[data-fold]")) inFold += 1;
      }
    });
    var fold = form.querySelector("[data-fold]");
    if (fold && wanted && inFold) fold.open = true;
    var none = form.querySelector("[data-nothing-found]");
    if (none) none.hidden = found > 0;
  }
  function setUp() {
    document.querySelectorAll("form[data-check-in]").forEach(function (form) {
      var tools = form.querySelector("[data-tools]");
      if (tools) tools.hidden = false;
      count(form);
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("form[data-check-in] [data-pick]");
    if (button) pick(button.form, button.dataset.pick);
  });
  document.addEventListener("change", function (event) {
    if (event.target.name === "players" && event.target.form) count(event.target.form);
  });
  document.addEventListener("input", function (event) {
    if (event.target.matches("form[data-check-in] [data-search]")) {
      filter(event.target.form, event.target.value);
    }
  });
  // Enter in the newcomer's fields adds them; anywhere else it makes nothing.
  document.addEventListener("keydown", function (event) {
    var form = event.target.form;
    if (event.key !== "Enter" || !form || !form.matches("[data-check-in]")) return;
    if (event.target.tagName !== "INPUT" || event.target.type === "checkbox") return;
    event.preventDefault();
    if (event.target.closest("#newcomer")) form.querySelector("[data-add]").click();
  });
  document.addEventListener("DOMContentLoaded", setUp);
  // After a newcomer was added (htmx swapped the form in): ready for the next.
  document.addEventListener("htmx:afterSettle", function () {
    setUp();
    var name = document.querySelector("form[data-check-in] #id_new-name");
    if (name) name.focus();
  });
})();
