// Small behaviours every page may use, without inline scripts (the Content
// Security Policy allows none): a select that submits its form when changed,
// a button that prints the page.
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
})();
