// Deal entry: open the all-pass fields that fit the contract typed, and mark
// the fields whose errors the preview brought (no library).
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
  // Opened for an all-pass contract, closed again only if this script
  // opened it: a section the TD opened stays open while the preview updates.
  function update() {
    var box = document.getElementById("all-pass");
    if (!box) return;
    var found = games(), any = Object.keys(found).length > 0;
    if (any && !box.open) {
      box.open = true;
      box.dataset.auto = "1";
    } else if (!any && box.dataset.auto === "1" && box.dataset.keep !== "1") {
      box.open = false;
      delete box.dataset.auto;
    }
    box.querySelectorAll("[data-game]").forEach(function (row) {
      row.hidden = any && !found[row.dataset.game];
    });
  }
  // The preview's answer replaces each field's error slot (out of band);
  // the red frame of a field follows its slot.
  function markErrors() {
    document.querySelectorAll("#deal-form .field").forEach(function (field) {
      var slot = field.querySelector(".field-errors");
      if (!slot) return;
      var bad = !!slot.querySelector("li"), input = field.querySelector("input, select");
      field.classList.toggle("has-error", bad);
      if (input && !bad) input.removeAttribute("aria-invalid");
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
  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.target && e.target.id === "preview") {
      markErrors();
    } else {
      update();
    }
  });
  document.addEventListener("htmx:oobAfterSwap", markErrors);
  // A preview that answers after the deal was saved (the form already
  // replaced by the next deal's) must not bring its errors into that form.
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (e.target && e.target.id === "preview" && !document.body.contains(e.target)) {
      e.detail.shouldSwap = false;
    }
  });
  document.addEventListener("DOMContentLoaded", update);
})();
