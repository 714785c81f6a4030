// The totals page: what is still to share out at each table as the TD types
// (the server checks the same sum when the table is saved), and the cursor
// where the next number goes: after a table is saved, in the next table's
// first total; after a refusal, in the first field that is wrong.
(function () {
  function parse(value) {
    var text = value.replace(/[\u2212\u2013]/g, "-").replace(/\s+/g, "");
    return /^-?[0-9]+$/.test(text) ? parseInt(text, 10) : null;
  }
  function update(form) {
    var out = form.querySelector("[data-sum]");
    if (!out) return;
    var sum = 0, typed = 0, inputs = form.querySelectorAll("input[data-total]");
    inputs.forEach(function (input) {
      var n = parse(input.value);
      if (n !== null) {
        sum += n;
        typed += 1;
      }
    });
    if (!typed) {
      out.textContent = "";
    } else if (sum === 0) {
      out.textContent = form.getAttribute("data-balanced");
    } else {
      out.textContent = form.getAttribute("data-remaining").replace("{n}", String(-sum));
    }
    out.classList.toggle("neg", sum !== 0 && typed === inputs.length);
  }
  function firstInput(root) {
    return root && root.querySelector(".has-error input, input[data-total]");
  }
  function focus(input) {
    if (!input) return;
    input.focus();
    input.select();
  }
  function afterSwap() {
    document.querySelectorAll(".totals-table[data-focus]").forEach(function (card) {
      var where = card.getAttribute("data-focus");
      card.removeAttribute("data-focus");
      card.querySelectorAll("form.totals-form").forEach(update);
      if (where === "self") {
        focus(firstInput(card));
        return;
      }
      for (var next = card.nextElementSibling; next; next = next.nextElementSibling) {
        var input = firstInput(next);
        if (input) {
          focus(input);
          return;
        }
      }
      var saved = card.querySelector("[role=status]");
      if (saved) saved.scrollIntoView({ block: "nearest" });
    });
  }
  document.addEventListener("input", function (e) {
    if (e.target.matches && e.target.matches("form.totals-form input[data-total]")) {
      update(e.target.form);
    }
  });
  document.addEventListener("htmx:afterSettle", afterSwap);
  function start() {
    document.querySelectorAll("form.totals-form").forEach(update);
    var target = location.hash && document.getElementById(location.hash.slice(1));
    focus(firstInput(target) || firstInput(document.querySelector(".totals-tables")));
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
