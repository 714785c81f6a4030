// The table's page on a phone: a deal is kept on the phone until the server
// has it. Each submit gets an idempotency key once; a retry (a dropped Wi-Fi,
// a double tap, a reload) sends the same key, so the server stores it once.
(function () {
  "use strict";
  var status = document.getElementById("tableside-status");
  if (!status) return;
  var queueName = "tableside:" + status.dataset.base;

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function load() {
    try { return JSON.parse(localStorage.getItem(queueName) || "[]"); }
    catch (e) { return []; }
  }
  function store(queue) { localStorage.setItem(queueName, JSON.stringify(queue)); }
  function say(text, kind) {
    status.innerHTML = "";
    var li = document.createElement("li");
    li.className = kind || "";
    li.textContent = text;
    status.appendChild(li);
  }
  function waitingText(n) {
    return (document.documentElement.lang === "nl"
      ? n + " spel(len) bewaard op deze telefoon; ze gaan mee zodra er weer verbinding is."
      : n + " deal(s) kept on this phone; sent as soon as the connection is back.");
  }

  var sending = false, inFlight = null;
  function flush() {
    var queue = load();
    if (!queue.length || sending) return;
    sending = true;
    var item = queue[0];
    inFlight = item.body.key;
    fetch(item.url, {
      method: "POST", credentials: "same-origin",
      headers: {"Accept": "application/json"},
      body: new URLSearchParams(item.body)
    }).then(function (response) {
      if (response.status === 403 &&
          !(response.headers.get("Content-Type") || "").startsWith("application/json")) {
        // An expired session or CSRF cookie: no retry will help.
        return [response, {ok: false, message: document.documentElement.lang === "nl"
          ? "Herlaad deze pagina en sla het spel opnieuw op."
          : "Reload this page and save the deal again."}];
      }
      return response.json().then(function (data) { return [response, data]; });
    }).then(function (pair) {
      var data = pair[1];
      store(load().filter(function (q) { return q.body.key !== item.body.key; }));
      sending = false;
      inFlight = null;
      say(data.message, data.ok ? "success" : "error");
      if (data.ok) {
        window.setTimeout(function () { window.location.reload(); }, 1200);
      } else {
        flush();
      }
    }).catch(function () {
      sending = false;
      inFlight = null;
      say(waitingText(load().length), "queued");
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-tableside]")) return;
    event.preventDefault();
    var data = new FormData(form), body = {};
    data.delete("key");
    data.forEach(function (value, name) { body[name] = value; });
    var typed = JSON.stringify(body), key = form.elements.key.value;
    var queue = load();
    if (key && form.dataset.typed !== typed) {
      // Changed since the last tap: a correction, with a key of its own (the
      // old key would find the old entry); the old one goes unless on its way.
      queue = queue.filter(function (q) {
        return q.body.key !== key || key === inFlight;
      });
      key = "";
    }
    if (!key) key = form.elements.key.value = newKey();
    form.dataset.typed = typed;
    body.key = key;
    if (!queue.some(function (q) { return q.body.key === key; })) {
      queue.push({url: form.action, body: body});
    }
    store(queue);
    say(document.documentElement.lang === "nl" ? "Versturen…" : "Sending…");
    flush();
  });
  window.addEventListener("online", flush);
  flush();

  // The round clock: minutes and seconds left.
  document.querySelectorAll("[data-clock]").forEach(function (el) {
    var end = Date.parse(el.dataset.clock);
    function tick() {
      var left = Math.max(0, Math.round((end - Date.now()) / 1000));
      el.textContent = Math.floor(left / 60) + ":" + ("0" + (left % 60)).slice(-2);
    }
    tick();
    window.setInterval(tick, 1000);
  });
})();
