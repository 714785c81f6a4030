// Deal entry: open the all-pass fields that fit the contract typed (no library).
(function () {
  function games() {
    var found = {};
    document.querySelectorAll("#deal-form [list=entry-contracts]").forEach(function (input) {
      var value = input.value.trim().toLowerCase();
      document.querySelectorAll("#entry-contracts option").forEach(function (o) {
        var names = (o.dataset.names || "").split("|").concat([o.value.toLowerCase()]);
        if (o.dataset.game && names.indexOf(value) >= 0) {
          found[o.dataset.game] = true;
        }
      });
    });
    return found;
  }
  function update() {
    var box = document.getElementById("all-pass");
    if (!box) return;
    var found = games(), any = Object.keys(found).length > 0;
    box.open = any || box.dataset.keep === "1";
    box.querySelectorAll("[data-game]").forEach(function (row) {
      row.hidden = any && !found[row.dataset.game];
    });
  }
  document.addEventListener("input", function (e) {
    if (e.target.matches && e.target.matches("[list=entry-contracts]")) update();
  });
  document.addEventListener("htmx:afterSwap", update);
  document.addEventListener("DOMContentLoaded", update);
})();
