// The event form: says at once whether the deals per round share sitting out
// evenly at a table of five (the dealer sits out each deal in turn), as the
// server does after saving (tournaments.forms.sit_out_sentence).
(function () {
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, key) {
      return key in values ? values[key] : all;
    });
  }
  function update(note, deals, normalise) {
    var n = parseInt(deals.value, 10);
    if (!(n > 0) || n % 5 === 0) {
      note.hidden = true;
      note.textContent = "";
      return;
    }
    var low = Math.floor(n / 5), high = low + 1, max = parseInt(note.dataset.max, 10);
    var even = [n - (n % 5), n - (n % 5) + 5].filter(function (k) {
      return k >= 5 && k <= max;
    });
    var either = even.length === 2 ? fill(note.dataset.or, { a: even[0], b: even[1] }) : even.join(", ");
    var uneven = fill(high === 1 ? note.dataset.one : note.dataset.many, { deals: n, low: low, high: high });
    var fix = fill(normalise && normalise.checked ? note.dataset.on : note.dataset.off, { even: either });
    note.textContent = uneven + " " + fix;
    note.hidden = false;
  }
  document.addEventListener("DOMContentLoaded", function () {
    var note = document.querySelector("[data-five-note]");
    var deals = document.getElementById("id_deals_per_round");
    if (!note || !deals) return;
    var normalise = document.getElementById("id_normalise_five");
    var run = function () { update(note, deals, normalise); };
    deals.addEventListener("input", run);
    if (normalise) normalise.addEventListener("change", run);
    run();
  });
})();
