// The round page: while the seating is being made (a second or more), the
// button says so and cannot be pressed twice.
(function () {
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (e.defaultPrevented || !form.matches || !form.matches("form[data-busy]")) return;
    var button = form.querySelector("button[type=submit]");
    if (button) {
      button.disabled = true;
      button.textContent = form.getAttribute("data-busy");
    }
    form.setAttribute("aria-busy", "true");
    var note = form.querySelector(".busy-note");
    if (note) note.hidden = false;
  });
  // Back from the browser's page cache: the button works again.
  window.addEventListener("pageshow", function (e) {
    if (!e.persisted) return;
    document.querySelectorAll("form[data-busy] button[type=submit]").forEach(function (b) {
      b.disabled = false;
    });
  });
})();
