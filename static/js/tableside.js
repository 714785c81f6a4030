// The table's page on a phone (tableside/views.py). Nothing typed is
// lost: every deal saved goes into a queue kept on the phone (localStorage),
// each with its own deal number and idempotency key, and is sent in order;
// only the server's "saved" takes it out. The form then moves to the next
// deal at once, connection or not. A refusal (a rule, a closed table) stays
// on that deal, to change or remove; no answer, a timeout or a busy server is
// tried again with growing pauses. A service worker keeps the page itself for
// a reload without a connection (tableside/views_offline.py). A kept
// deal carries no CSRF token of its own: it goes with the page's current one,
// and when the server refuses that (the phone's cookies went meanwhile) with
// a fresh one fetched from the server, once (rikscore/csrf.py).
(function () {
  "use strict";
  var stateNode = document.getElementById("tableside-state");
  var status = document.getElementById("tableside-status");
  if (!stateNode || !status) return;
  var state = JSON.parse(stateNode.textContent);
  var T = state.texts;
  var queueName = "tableside:" + state.base;
  var SEND_TIMEOUT_MS = 15000, POLL_MS = 3000, MAX_PAUSE_S = 60;

  function words(key, n, s) {
    return T[key].replace("%n", n).replace("%s", s);
  }
  function keptWords() {
    var n = load().length;
    return words(n === 1 ? "kept_one" : "kept_count", "", n);
  }
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
  function store(queue) {
    localStorage.setItem(queueName, JSON.stringify(queue));
    renderQueue();
  }
  function say(message, kind) {
    status.replaceChildren();
    var li = document.createElement("li");
    li.className = kind || "";
    li.textContent = message;
    status.appendChild(li);
  }

  // A copy the phone kept, shown without a connection (the service worker
  // marks it, templates/tableside/worker.js): said with its age above the
  // page until the server answers again, then the page is fetched afresh.
  var keptAt = status.getAttribute("data-kept-at");
  var keptNote = null;
  if (keptAt !== null) {
    var when = new Date(keptAt);
    keptNote = document.createElement("p");
    keptNote.className = "kept-copy stale-note";
    keptNote.setAttribute("role", "status");
    keptNote.textContent = words(
      "kept_copy", "",
      isNaN(when) ? "?" : when.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"}));
    status.parentNode.insertBefore(keptNote, status);
  }
  function answeredAgain() {
    if (!keptNote) return false;
    keptNote.remove();
    keptNote = null;
    status.removeAttribute("data-kept-at");
    return true;
  }

  // -- The CSRF token every post carries: the page's, until the server refuses
  // it ({code: "csrf"}); then a fresh one, which the page's forms, its deal
  // form templates and htmx's header take over too.
  var token = (document.querySelector("[name=csrfmiddlewaretoken]") || {}).value || "";
  function useToken(fresh) {
    if (!fresh) return;
    token = fresh;
    var inputs = Array.prototype.slice.call(document.querySelectorAll("[name=csrfmiddlewaretoken]"));
    document.querySelectorAll("template").forEach(function (t) {
      inputs = inputs.concat(Array.prototype.slice.call(
        t.content.querySelectorAll("[name=csrfmiddlewaretoken]")));
    });
    inputs.forEach(function (el) { el.value = fresh; });
    document.body.setAttribute("data-hx-headers", JSON.stringify({"X-CSRFToken": fresh}));
  }
  function freshToken() {
    return fetch(state.base + "token/", {credentials: "same-origin", cache: "no-store",
                                         headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (data) { useToken(data.token); });
  }
  function tokenRefused(answer) {  // a 403 without JSON: an older server's CSRF page
    return answer.status === 403 && (answer.data ? answer.data.code === "csrf" : true);
  }
  function readAnswer(response) {
    var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
    return (json ? response.json() : Promise.resolve(null)).then(function (data) {
      return {status: response.status, data: data};
    });
  }

  // -- The form: one template per set of players (tables of five change them).
  var entry = document.getElementById("entry");
  function form() { return document.getElementById("deal-form"); }
  function queuedNumbers(except) {
    return load().filter(function (q) { return q.key !== except; })
      .map(function (q) { return q.number; });
  }
  function nextNumber() {
    var taken = state.done.concat(queuedNumbers());
    for (var n = 1; n <= state.deals; n++) {
      if (taken.indexOf(n) < 0) return n;
    }
    return null;
  }
  function showForm(n, item) {
    if (!entry) return;
    if (n === null) {
      var done = document.createElement("p");
      done.className = "muted";
      done.textContent = T.all_done;
      entry.replaceChildren(done);
      return;
    }
    var template = document.querySelector(
      "template.deal-form-variant[data-variant='" + state.variant[n] + "']");
    if (!template) return;
    entry.replaceChildren(template.content.cloneNode(true));
    var f = form();
    f.action = state.base + "deal/" + n + "/";
    f.dataset.number = n;
    entry.querySelector(".deal-title").textContent = words("deal", n);
    var preview = document.getElementById("preview");
    if (preview) preview.setAttribute("data-hx-post", state.base + "deal/" + n + "/preview/");
    if (item) {
      fill(f, item.body);
      f.dataset.editing = item.key;
      var note = document.createElement("p");
      note.className = "note";
      note.textContent = words("changing", n);
      entry.insertBefore(note, entry.firstChild);
    }
    if (window.htmx) window.htmx.process(entry);
    var contract = f.querySelector("[list=entry-contracts]");
    if (contract) contract.dispatchEvent(new Event("input", {bubbles: true}));
  }
  function fill(f, body) {
    Array.prototype.forEach.call(f.elements, function (el) {
      if (!el.name || el.name === "key" || el.name === "csrfmiddlewaretoken") return;
      if (el.type === "checkbox") el.checked = body[el.name] !== undefined;
      else if (body[el.name] !== undefined) el.value = body[el.name];
    });
    f.querySelectorAll("details").forEach(function (d) {
      d.open = Array.prototype.some.call(d.querySelectorAll("input, select"), function (el) {
        return el.type === "checkbox" ? el.checked : el.value;
      });
    });
  }
  function filledIn(body) {
    return Object.keys(body).some(function (name) {
      return /^p\d_contract$/.test(name) && body[name].trim();
    }) || body.thrown_in !== undefined;
  }
  function optionText(f, name) {
    var el = f.elements[name];
    if (!el || !el.value) return "";
    if (el.tagName === "SELECT") {
      return el.selectedOptions[0].text.replace(/^\d+ · /, "");
    }
    var found = document.querySelector("#entry-contracts option[value='" +
      CSS.escape(el.value.trim()) + "']");
    return found ? found.textContent : el.value.trim();
  }
  function summary(f) {
    var parts = [];
    if (f.elements.thrown_in && f.elements.thrown_in.checked) {
      parts.push(f.elements.thrown_in.parentNode.textContent.trim());
    }
    for (var row = 0; row < 3; row++) {
      var contract = optionText(f, "p" + row + "_contract");
      if (!contract) continue;
      var who = [optionText(f, "p" + row + "_declarer"), optionText(f, "p" + row + "_partner")]
        .filter(Boolean).join(" + ");
      var tricks = f.elements["p" + row + "_tricks"].value.trim();
      parts.push(contract + (who ? ": " + who : "") + (tricks ? ", " + tricks : ""));
    }
    for (var s = 0; s < 2; s++) {
      var code = optionText(f, "s" + s + "_code");
      if (code) parts.push(code + " (" + optionText(f, "s" + s + "_player") + ")");
    }
    return parts.join(" · ");
  }

  var lastSave = 0;
  document.addEventListener("input", function (e) {
    var f = form();
    if (f && f.contains(e.target)) f.dataset.dirty = "1";
  });
  document.addEventListener("submit", function (event) {
    var f = event.target;
    if (f.matches("form[data-tableside]")) { event.preventDefault(); save(f); }
    else if (f.matches("form.confirm-entry, form.call-td")) { event.preventDefault(); act(f); }
  });

  function save(f) {
    var body = {};
    new FormData(f).forEach(function (value, name) { body[name] = value; });
    delete body.key;
    delete body.csrfmiddlewaretoken;  // the page's current one goes with it
    // the table's tablet: the next player types a code of their own
    document.querySelectorAll("[name=tablet_code][form]").forEach(function (el) {
      if (filledIn(body)) el.value = "";
    });
    if (!filledIn(body)) {  // a double tap lands on the next, empty form: quiet
      if (Date.now() - lastSave > 1000) say(T.fill_in, "error");
      return;
    }
    lastSave = Date.now();
    var queue = load(), editing = f.dataset.editing;
    var item = {number: Number(f.dataset.number), key: newKey(), body: body,
                summary: summary(f), state: "queued", message: ""};
    var at = queue.findIndex(function (q) { return q.key === editing; });
    if (editing && at >= 0 && queue[at].key === sending) {
      say(words("in_flight", item.number), "error");
      return;
    }
    if (at >= 0) queue[at] = item; else queue.push(item);
    queue.sort(function (a, b) { return a.number - b.number; });
    store(queue);
    state.fixed = false;
    say(navigator.onLine ? T.sending : words("kept"), "queued");
    showForm(nextNumber());
    pause = 0;  // a save is a good moment to try at once
    flush();
  }

  // -- Sending, one deal at a time, in order.
  var sending = null, pause = 0, retryTimer = null, retokened = {};
  function update(key, changes) {
    var queue = load();
    queue.forEach(function (q) { if (q.key === key) Object.assign(q, changes); });
    store(queue);
  }
  function retryLater(key, text) {
    pause = Math.min(MAX_PAUSE_S, pause ? pause * 2 : 2);
    update(key, {state: "queued"});
    say(navigator.onLine ? words(text, "", pause) : keptWords(),
        "queued");
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(flush, pause * 1000);
  }
  function flush() {
    if (sending) return;
    var item = load().find(function (q) { return q.state !== "refused"; });
    if (!item) return;
    sending = item.key;
    update(item.key, {state: "sending"});
    var body = new URLSearchParams(item.body);
    body.set("key", item.key);
    body.set("csrfmiddlewaretoken", token);  // never the one it was typed with
    var control = new AbortController();
    var timer = window.setTimeout(function () { control.abort(); }, SEND_TIMEOUT_MS);
    fetch(state.base + "deal/" + item.number + "/", {
      method: "POST", credentials: "same-origin", body: body, signal: control.signal,
      headers: {"Accept": "application/json"}
    }).then(readAnswer).then(function (answer) {
      window.clearTimeout(timer);
      sending = null;
      answered(item, answer);
    }, function () {
      window.clearTimeout(timer);
      sending = null;
      retryLater(item.key, "retry");
    });
  }
  function answered(item, answer) {
    var data = answer.data;
    if (tokenRefused(answer) && !retokened[item.key]) {
      // The page's token is out of date: a fresh one, then at once again.
      retokened[item.key] = true;
      update(item.key, {state: "queued"});
      freshToken().then(flush, function () { retryLater(item.key, "retry"); });
      return;
    }
    if (answer.status >= 500 || (!data && answer.status !== 403)) {
      retryLater(item.key, "busy");
      return;
    }
    delete retokened[item.key];
    if (data && keptNote && !data.ok) refresh();  // answered again: the page afresh
    if (data && data.ok) {
      pause = 0;
      store(load().filter(function (q) { return q.key !== item.key; }));
      if (state.done.indexOf(item.number) < 0) state.done.push(item.number);
      say(data.message, "success");
      refresh();
      flush();
      return;
    }
    var message = data ? data.message : T.reload;  // 403 without JSON: CSRF
    update(item.key, {state: "refused", message: message, code: (data && data.code) || ""});
    say(words("deal", item.number) + ": " + message, "error");
    flush();
  }

  // -- The queue, as the player sees it.
  function renderQueue() {
    var box = document.getElementById("queue");
    if (!box) return;
    var queue = load();
    box.hidden = queue.length === 0;
    box.replaceChildren();
    if (!queue.length) return;
    var title = document.createElement("h2");
    title.textContent = T.queue_title;
    var list = document.createElement("ul");
    list.className = "pending queued";
    queue.forEach(function (q) {
      var li = document.createElement("li");
      li.dataset.deal = q.number;
      li.dataset.state = q.state;
      var head = document.createElement("b");
      head.textContent = words("deal", q.number);
      li.appendChild(head);
      li.appendChild(document.createTextNode(q.summary ? ": " + q.summary : ""));
      var note = document.createElement("small");
      note.className = "who";
      note.textContent = q.state === "refused" ? T.refused + " " + q.message
        : q.state === "sending" ? T.sending : words("kept");
      if (q.state === "refused") li.className = "refused";
      li.appendChild(note);
      if (q.key !== sending) {
        li.appendChild(button(T.change, function () { showForm(q.number, q); }));
        if (q.state === "refused") {
          li.appendChild(button(T.send_again, function () {
            delete retokened[q.key];
            update(q.key, {state: "queued", message: ""});
            flush();
          }));
        }
        li.appendChild(button(T.remove, function () {
          if (!window.confirm(words("remove_ask", q.number))) return;
          store(load().filter(function (o) { return o.key !== q.key; }));
          showForm(nextNumber());
        }));
      }
      list.appendChild(li);
    });
    box.appendChild(title);
    box.appendChild(list);
  }
  function button(label, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  }

  // -- What the server knows: refreshed without a reload.
  function refresh() {
    return fetch(state.base, {credentials: "same-origin", headers: {"Accept": "text/html"}})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html");
        // The service worker's kept copy (the server did not answer in
        // time) is older than what this page shows: never put it back.
        var told = fresh.getElementById("tableside-status");
        if (told && told.hasAttribute("data-kept-at")) return;
        answeredAgain();
        fresh.querySelectorAll("[data-region]").forEach(function (part) {
          var here = document.querySelector("[data-region='" + part.dataset.region + "']");
          if (!here) return;
          if (window.Idiomorph) {
            // only what changed: the focus, the scroll of the grid, an open
            // fold-out and a code half typed on the tablet stay as they are
            window.Idiomorph.morph(here, document.importNode(part, true), {
              morphStyle: "outerHTML", ignoreActiveValue: true,
              callbacks: {beforeNodeMorphed: keepTyped}
            });
          } else {
            here.replaceWith(document.importNode(part, true));
          }
        });
        var served = fresh.querySelector("[name=csrfmiddlewaretoken]");
        if (served) useToken(served.value);  // the one the server just gave out
        var newState = JSON.parse(document.getElementById("tableside-state").textContent);
        state.done = newState.done;
        state.open = newState.open;
        state.status = newState.status;
        var f = form();
        if (!state.open && entry) { entry.replaceChildren(); return; }
        if (!state.fixed && (!f || (!f.dataset.dirty && !f.dataset.editing))) {
          var n = nextNumber();
          if (!f || Number(f.dataset.number) !== n) showForm(n);
        }
      }).catch(function () {});
  }
  // Every 3 s while the page is in view (the other side's entry shows
  // within 3 s): a small answer the server keeps between changes
  // (tableside/status_cache.py); one question at a time on a slow network.
  var polling = false;
  // A page that can no longer refresh says so, above the status, from the
  // second question in a row without an answer until an answer comes.
  var unanswered = 0, lastAnswer = new Date(), staleNote = null;
  function answeredPoll(ok) {
    if (ok) {
      unanswered = 0;
      lastAnswer = new Date();
      if (staleNote) { staleNote.remove(); staleNote = null; }
      return;
    }
    unanswered += 1;
    if (unanswered < 2 || staleNote || keptNote) return;
    staleNote = document.createElement("p");
    staleNote.className = "stale-note warning";
    staleNote.setAttribute("role", "status");
    staleNote.textContent = words("stale", "", lastAnswer.toLocaleTimeString(
      [], {hour: "2-digit", minute: "2-digit"}));
    status.parentNode.insertBefore(staleNote, status);
  }
  function keepTyped(old) {
    return !(old.matches && old.matches("input, select") && old.value &&
             old.closest(".tablet-who"));
  }
  function poll() {
    if (polling || document.hidden || !navigator.onLine) return;
    polling = true;
    fetch(state.base + "status/", {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (now) {
        answeredPoll(Boolean(now));
        if (now && (keptNote || JSON.stringify(now) !== JSON.stringify(state.status))) {
          return refresh();
        }
      }, function () { answeredPoll(false); })
      .catch(function () {}).then(function () { polling = false; });
  }

  // Confirming and calling the TD: sent from the page, so a dropped
  // connection is said here instead of the browser's error page; a refused
  // token is fetched afresh and the post sent once more.
  function act(f, again) {
    var body = new URLSearchParams(new FormData(f));
    body.set("csrfmiddlewaretoken", token);
    fetch(f.action, {method: "POST", credentials: "same-origin",
                     headers: {"Accept": "application/json"}, body: body})
      .then(readAnswer)
      .then(function (answer) {
        if (tokenRefused(answer) && !again) {
          return freshToken().then(function () { act(f, true); });
        }
        var data = answer.data || {ok: false, message: T.reload};
        say(data.message, data.ok ? "success" : "error");
        refresh();
      }).catch(function () { say(T.offline_action, "error"); });
  }

  window.addEventListener("online", function () {
    pause = 0;
    window.clearTimeout(retryTimer);
    flush();
    poll();
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { flush(); poll(); }
  });
  window.addEventListener("beforeunload", function (event) {
    var controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (load().length && !navigator.onLine && !controlled) {
      event.preventDefault();
      event.returnValue = T.leave;
    }
  });
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(state.worker, {scope: "/k/"}).catch(function () {});
    // A page the worker did not load yet (the first visit) keeps itself
    // once it holds a seat (the page worth having offline); the worker
    // keeps every later one as it passes.
    if ((state.seat || state.tablet) && !navigator.serviceWorker.controller && window.caches) {
      window.caches.open("rikscore-pages").then(function (cache) {
        return cache.add(state.base);
      }).catch(function () {});
    }
  }

  // Start: a refused "no seat" goes again once this phone holds a seat; the
  // form skips the deals already kept here; then send what waits.
  if (state.seat) {
    load().forEach(function (q) {
      if (q.code === "no_seat") update(q.key, {state: "queued", message: "", code: ""});
    });
  }
  load().forEach(function (q) {
    if (q.state === "sending") update(q.key, {state: "queued"});  // cut off mid-way
  });
  renderQueue();
  var f = form();
  if (f && !state.fixed && queuedNumbers().indexOf(Number(f.dataset.number)) >= 0) {
    showForm(nextNumber());
  }
  if (load().length && !navigator.onLine) say(keptWords(), "queued");
  flush();
  window.setInterval(poll, POLL_MS);
  // The page's script is at work (the browser tests wait for it: a tap
  // before it runs is a plain form post, answered by a reload).
  status.setAttribute("data-ready", "");

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
