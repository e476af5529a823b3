// A signed-in player's own part of the table: their cards and their moves, drawn from the
// private frame their own socket is sent ("hand"), every control a labelled button (or a
// labelled list when the moves are many), all usable from the keyboard. A control sends
// the move with the version the hand was drawn at; the server checks it as Discord does.
"use strict";
(function () {
  const { cardRow } = window.ParlourCards;
  const MOST_BUTTONS = 12;
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };

  function button(text, testid, action, onClick, cls) {
    const b = el("button", "move" + (cls ? " " + cls : ""), text);
    b.type = "button";
    b.dataset.testid = testid;
    if (action !== undefined) b.dataset.action = action;
    b.addEventListener("click", onClick);
    return b;
  }

  // Many moves (a Black Joke buy has some seventy): a labelled list and a Play button.
  function moveList(moves, act) {
    const box = el("div", "move-list");
    const id = "move-select";
    const label = el("label", "", "Your move: ");
    label.htmlFor = id;
    const select = el("select");
    select.id = id;
    select.dataset.testid = "move-select";
    for (const m of moves) {
      const option = el("option", "", m.words);
      option.value = m.action;
      select.append(option);
    }
    const play = button("Play", "move-play", undefined, () => act(select.value));
    box.append(label, select, play);
    return box;
  }

  function movesPart(frame, act) {
    const group = el("div", "moves");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Your moves");
    group.dataset.testid = "moves";
    if (frame.moves.length > MOST_BUTTONS) group.append(moveList(frame.moves, act));
    else for (const m of frame.moves) group.append(button(m.words, "move", m.action, () => act(m.action)));
    if (frame.decline) group.append(button(frame.decline, "decline", undefined, () => act(null), "quiet"));
    return group;
  }

  // A Stops stake: the common spreads as buttons, or one number per board card.
  function stakePart(stake, act) {
    const box = el("div", "stake");
    box.dataset.testid = "stake";
    box.append(el("p", "", stake.words));
    const quick = el("div", "moves");
    quick.setAttribute("role", "group");
    quick.setAttribute("aria-label", "Common spreads");
    for (const s of stake.spreads) {
      const b = button(s.words, "spread", s.action, () => act(s.action));
      b.title = s.detail;
      b.setAttribute("aria-description", s.detail);
      quick.append(b);
    }
    const own = el("fieldset", "spread-own");
    own.append(el("legend", "", "Or spread your own"));
    const inputs = stake.cards.map((card, i) => {
      const label = el("label", "", "Chips on the " + stake.names[i] + " ");
      const input = el("input");
      input.type = "number";
      input.min = "0";
      input.max = String(stake.total);
      input.value = String(stake.even[i]);
      input.dataset.testid = "spread-amount";
      input.dataset.card = card;
      label.append(input);
      own.append(label);
      return input;
    });
    own.append(button("Spread", "spread-own", undefined, () => act("spread " + inputs.map((i) => i.value.trim() || "0").join(" "))));
    box.append(quick, own);
    return box;
  }

  // A patience: pick a pile, then where its card goes; or a one-word action.
  function patiencePart(frame, act) {
    const box = el("div", "patience-moves");
    const piles = el("div", "moves");
    piles.setAttribute("role", "group");
    piles.setAttribute("aria-label", frame.prompt);
    piles.dataset.testid = "piles";
    const where = el("div", "moves destinations");
    where.setAttribute("role", "group");
    where.setAttribute("aria-label", "Move to...");
    where.dataset.testid = "destinations";
    for (const pile of frame.piles) {
      const choose = () => {
        if (pile.moves.length === 1) return act(pile.moves[0].action);
        for (const b of piles.children) b.setAttribute("aria-pressed", String(b === chosen));
        where.replaceChildren(...pile.moves.map((m) => button(m.words, "destination", m.action, () => act(m.action))));
        if (where.firstChild) where.firstChild.focus();
      };
      const chosen = button(pile.label, "pile", pile.source, choose);
      chosen.setAttribute("aria-pressed", "false");
      piles.append(chosen);
    }
    const controls = el("div", "moves");
    controls.setAttribute("role", "group");
    controls.setAttribute("aria-label", "Actions");
    controls.dataset.testid = "controls";
    for (const c of frame.controls) {
      controls.append(button(c.words, "control", c.action, () => act(c.action), c.action === "resign" ? "danger" : ""));
    }
    if (frame.piles.length) box.append(el("div", "label", frame.prompt), piles, where);
    box.append(controls);
    return box;
  }

  // Draw the private frame into `box`; `send(action or null for declining, version)`.
  function drawHand(box, frame, send) {
    box.replaceChildren();
    if (!frame || frame.seat === null || frame.seat === undefined) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const act = (action) => {
      for (const b of box.querySelectorAll("button, select, input")) b.disabled = true;
      send(action, frame.version);
    };
    const title = el("h2", "hand-title", frame.title);
    title.dataset.testid = "hand-title";
    const words = el("p", "hand-words" + (frame.turn ? " your-turn" : ""), frame.words);
    words.dataset.testid = "hand-words";
    box.append(title, words);
    if (frame.cards.length) {
      const cards = cardRow(frame.cards, frame.pack, 0, "row", false);
      cards.dataset.testid = "hand-cards";
      cards.setAttribute("aria-label", "Your cards: " + frame.cards.join(", "));
      box.append(cards);
    }
    if (frame.stake) box.append(stakePart(frame.stake, act));
    else if (frame.piles) box.append(patiencePart(frame, act));
    else if (frame.moves.length || frame.decline) box.append(movesPart(frame, act));
  }

  window.ParlourHand = { drawHand };
})();
