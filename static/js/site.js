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
})();
