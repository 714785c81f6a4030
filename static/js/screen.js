// The hall's screen: show as many rows (or table cards) as fit, turn to the
// next screenful every data-seconds, and reload after the last one so the
// screen follows the event. Without this script the page is one long list.
(function () {
  const root = document.querySelector("[data-screen]");
  if (!root) return;
  document.documentElement.classList.add("js");
  // ?far=1: type twice as large, for a hall read from 6 m (docs/players-and-hall.md)
  if (new URLSearchParams(window.location.search).get("far") === "1") {
    document.body.classList.add("far");
  }
  const seconds = Number(root.dataset.seconds) || 12;
  const items = Array.from(root.querySelectorAll("tbody tr, .screen-item"));
  const label = root.querySelector("[data-screen-page]");
  const pages = [];

  function fits() {
    return document.documentElement.scrollHeight <= window.innerHeight;
  }

  function paginate() {
    items.forEach((el) => { el.hidden = true; });
    let start = 0;
    while (start < items.length) {
      let end = start;
      items[end].hidden = false;
      end += 1;
      while (end < items.length) {
        items[end].hidden = false;
        if (!fits()) { items[end].hidden = true; break; }
        end += 1;
      }
      pages.push([start, end]);
      for (let i = start; i < end; i += 1) items[i].hidden = true;
      start = end;
    }
  }

  function show(n) {
    items.forEach((el) => { el.hidden = true; });
    const [start, end] = pages[n];
    for (let i = start; i < end; i += 1) items[i].hidden = false;
    if (label && pages.length > 1) label.textContent = (n + 1) + " / " + pages.length;
    const next = n + 1;
    window.setTimeout(() => {
      if (next < pages.length) show(next); else window.location.reload();
    }, seconds * 1000);
  }

  if (!items.length) { window.setTimeout(() => window.location.reload(), seconds * 1000); return; }
  paginate();
  show(0);
})();
