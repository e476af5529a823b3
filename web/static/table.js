// The live table: opens the table's socket, draws each frame it is sent, and comes back
// by itself (waiting longer after each failure) with the version and tag it last had, so
// the server sends the table only if it changed. The browser draws; the server sends words.
// Signed in with Discord (/me says who), a seated player's own socket is also sent their
// hand, and their moves go back over it; each is answered to this page alone.
// Inside Discord, as its Activity, the sign-in script (web/activity) runs first and
// `window.ParlourActivity` says which table to open and the bearer token the socket
// signs in with (its subprotocol: a browser sets no other header on a WebSocket).
"use strict";
(function () {
  const { cardElement, cardRow } = window.ParlourCards;
  const { drawHand } = window.ParlourHand;
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  let last = null, hand = null, socket = null, delay = 1000, deadline = null, gone = false;
  let answeredAt = null;  // the hand's version when a move's answer came (a hint's and a still's stay)
  let sentAction = null;
  let activity = null;  // inside Discord: { key, token, name }

  // A seat's face-down cards: a fan of at most FAN_BACKS (fewer at a crowded table), and
  // their count, so a fan never outgrows its seat.
  const FAN_BACKS = 10, CROWDED_BACKS = 6, CROWDED_SEATS = 5;

  function seatBox(seat, name, index, awaiting, pack, crowded) {
    const box = el("div", "seat" + (seat.active || awaiting.includes(index) ? " active" : ""));
    const head = el("div", "name", name || "Seat " + (index + 1));
    if (seat.badge) head.append(el("span", "badge", seat.badge));
    box.append(head);
    const meta = [];
    if (seat.chips !== undefined) meta.push(seat.chips.toLocaleString() + " chips");
    if (seat.score !== undefined) meta.push("score " + seat.score);
    if (seat.note) meta.push(seat.note);
    if (meta.length) box.append(el("div", "meta", meta.join(" · ")));
    // face-up cards side by side, so each can be read; the backs overlap, only counted
    if (seat.cards && seat.cards.length) box.append(cardRow(seat.cards, pack, 0, "row", true));
    if (seat.backs) box.append(cardRow([], pack, seat.backs, "fan", true, crowded ? CROWDED_BACKS : FAN_BACKS));
    return box;
  }

  function drawScene(felt, frame) {
    const scene = frame.scene, pack = scene.pack;
    const counters = el("div", "counters");
    for (const c of scene.counters || []) counters.append(el("span", "counter", c.label + ": " + c.value));
    const middle = el("div", "middle");
    for (const g of scene.groups || []) {
      const box = el("div", "group");
      box.append(el("div", "label", g.label));
      if (g.kind === "pile") {
        const top = g.cards.length ? [g.cards[g.cards.length - 1]] : [];
        box.append(cardRow(top, pack, top.length ? 0 : Math.min(g.backs || 0, 1)));
        if (g.backs) box.append(el("div", "owner", g.backs + " face down"));
      } else {
        box.append(cardRow(g.cards, pack, g.backs, g.kind));
        if (g.owners && g.owners.length) {
          box.append(el("div", "owner", g.owners.map((o) => frame.seats[o] || "?").join(", ")));
        }
      }
      middle.append(box);
    }
    const crowded = scene.seats.length >= CROWDED_SEATS;
    const seats = el("div", "seats" + (crowded ? " crowded" : ""));
    scene.seats.forEach((s, i) => seats.append(seatBox(s, frame.seats[i], i, frame.awaiting || [], pack, crowded)));
    const lines = el("div", "lines");
    for (const line of scene.lines || []) lines.append(el("div", "", line));
    felt.append(counters, middle, lines, seats);
  }

  function drawPile(pile) {
    const box = el("div", "pile"), stack = el("div", "stack");
    const cards = pile.cards || [];
    if (!cards.length) stack.append(el("span", "empty"));
    for (const code of cards.slice(-8)) stack.append(cardElement(code, "french", false));
    box.append(stack, el("div", "id", pile.id + (cards.length > 8 ? " (" + cards.length + ")" : "")));
    return box;
  }

  function drawPatience(felt, view) {
    const zones = el("div", "zones");
    for (const zone of view.zones || []) {
      const box = el("div", "zone");
      box.append(el("div", "label", zone.label));
      const piles = el("div", "piles");
      for (const pile of zone.piles) piles.append(drawPile(pile));
      box.append(piles);
      zones.append(box);
    }
    const counters = el("div", "counters");
    for (const [k, v] of [["Moves", view.moves], ["Score", view.score], ["Redeals", view.redeals]]) {
      if (v !== undefined) counters.append(el("span", "counter", k + ": " + v));
    }
    felt.append(counters, zones);
  }

  function drawSympathy(felt, frame) {
    const view = frame.view;
    (view.players || []).forEach((player, i) => {
      const box = el("div", "zone" + (view.turn === i ? " active" : ""));
      box.append(el("div", "label", (frame.seats[i] || "Player " + (i + 1)) + (view.turn === i ? " (to play)" : "")));
      const piles = el("div", "piles");
      player.piles.forEach((cards, j) => piles.append(drawPile({ id: String(j + 1), cards })));
      box.append(piles);
      felt.append(box);
    });
    if (view.last) felt.append(el("div", "lines", view.last));
  }

  function draw(frame) {
    last = frame;
    const felt = $("felt");
    felt.replaceChildren();
    $("title").textContent = frame.title || "Parlour";
    document.title = (frame.title || "Parlour") + " - Parlour";
    if (frame.scene) drawScene(felt, frame);
    else if (frame.view && frame.picture === "sympathy") drawSympathy(felt, frame);
    else if (frame.view) drawPatience(felt, frame.view);
    if (frame.status === "closed") felt.append(el("p", "closed", "The table is closed."));
    $("said").textContent = frame.said || "";
    $("words").textContent = frame.words || "";
    $("results").textContent = frame.results || "";
    deadline = frame.deadline ? frame.deadline * 1000 : null;
    tick();
  }

  function tick() {
    if (!deadline) { $("clock").textContent = ""; return; }
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    const mine = hand && hand.turn && last && hand.version === last.version;
    $("clock").textContent = (mine ? "Your clock " : "Clock ") + Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    $("clock").classList.toggle("your-turn", Boolean(mine));
  }

  // A move from the hand (null: passing on optional moves), as of the version it showed.
  function send(action, version) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      told("refused", "The table is reconnecting: try again in a moment.");
      return;
    }
    sentAction = action;
    const message = action === null ? { type: "decline", version } : { type: "act", version, action };
    socket.send(JSON.stringify(message));
  }

  function told(kind, words) {
    const answer = $("answer");
    const stays = sentAction === "hint" || sentAction === "still";  // answers, not moves
    answeredAt = kind === "done" && !stays && hand ? hand.version : null;
    answer.textContent = words;
    answer.className = "answer " + kind;
    if (kind !== "done" && hand) drawHand($("hand"), hand, send);  // the controls again
  }

  function drawMine(frame) {
    hand = frame.seat === null || frame.seat === undefined ? null : frame;
    const answer = $("answer");
    if (hand && hand.turn && answeredAt !== null && hand.version > answeredAt) {
      answeredAt = null;
      answer.textContent = "";  // a later decision: what was played before is on the felt
      answer.className = "answer";
    }
    drawHand($("hand"), hand, send);
    if (hand) $("footer").textContent = "Playing your own seat: only this page of yours is sent your hand.";
    tick();
  }

  async function whoAmI() {
    let me = { sign_in: false, signed_in: false, name: null };
    try {
      const answer = await fetch("/me", { credentials: "same-origin", cache: "no-store" });
      if (answer.ok) me = await answer.json();
    } catch (e) { /* the viewer stays a spectator */ }
    if (me.signed_in) {
      $("signed-in").textContent = "Signed in as " + me.name;
      $("signed-in").hidden = false;
      $("sign-out").hidden = false;
    } else if (me.sign_in) {
      $("sign-in").href = "/login?next=" + encodeURIComponent(location.pathname.replace(/\/$/, ""));
      $("sign-in").hidden = false;
    } else {
      $("sign-in-off").hidden = false;
    }
  }

  $("sign-out").addEventListener("click", async () => {
    await fetch("/logout", { method: "POST", credentials: "same-origin" });
    location.reload();
  });

  function state(text, cls) {
    const c = $("connection");
    c.textContent = text;
    c.className = "connection " + cls;
  }

  // The table's socket: this page's own address and /ws, or, in the Activity, the
  // table's address relative to the page (under Discord's proxy prefix, if any).
  function openSocket() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    if (!activity) {
      return new WebSocket(scheme + "//" + location.host + location.pathname.replace(/\/$/, "") + "/ws");
    }
    const url = new URL("t/" + encodeURIComponent(activity.key) + "/ws", location.href);
    url.protocol = scheme;
    return new WebSocket(url.href, ["bearer." + activity.token]);
  }

  function connect() {
    const ws = openSocket();
    socket = ws;
    ws.onopen = () => {
      state("live", "live");
      delay = 1000;
      ws.send(JSON.stringify({ type: "hello", version: last ? last.version : null, tag: last ? last.tag : null }));
    };
    ws.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === "table") draw(frame);
      else if (frame.type === "hand") drawMine(frame);
      else if (frame.type === "done" || frame.type === "refused" || frame.type === "error") told(frame.type, frame.words);
    };
    ws.onclose = (event) => {
      if (event.code === 4401) {  // this page's session ended (signed out, or ran out)
        gone = true;
        drawMine({ seat: null });
        location.reload();
        return;
      }
      if (event.code === 4404) {
        gone = true;
        drawMine({ seat: null });
        state("link replaced", "lost");
        $("words").textContent = "This link no longer works: ask the table for its new one.";
        return;
      }
      state("reconnecting…", "lost");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  }

  async function start() {
    if (!window.ParlourActivity) {
      whoAmI();
      connect();
      return;
    }
    try {
      activity = await window.ParlourActivity;
    } catch (e) {
      state("not signed in", "lost");
      $("words").textContent = e && e.message ? e.message : String(e);
      return;
    }
    $("signed-in").textContent = "Signed in as " + activity.name;
    $("signed-in").hidden = false;
    connect();
  }

  setInterval(() => { if (!gone) tick(); }, 1000);
  start();
})();
