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
  // A contract whose schedule fixes the trump (beter, an iwwa troela) fills
  // the trump of its row; the server stores it the same way without us.
  function fillTrump(input) {
    var value = input.value.trim().toLowerCase(), trump = "";
    document.querySelectorAll("#entry-contracts option").forEach(function (o) {
      var names = (o.dataset.names || "").split("|").concat([o.value.toLowerCase()]);
      if (o.dataset.trump && names.indexOf(value) >= 0) trump = o.dataset.trump;
    });
    var select = document.getElementsByName(input.name.replace("_contract", "_trump"))[0];
    if (trump && select && !select.value) select.value = trump;
  }
  document.addEventListener("input", function (e) {
    if (e.target.matches && e.target.matches("[list=entry-contracts]")) {
      update();
      fillTrump(e.target);
    }
  });
  document.addEventListener("htmx:afterSwap", update);
  document.addEventListener("DOMContentLoaded", update);
})();
