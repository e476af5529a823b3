// Cards drawn from their codes: French "10H", "QS", "JK"; Yankee Notion "7E" (rank 0-9, then
// F faces, L flags, E eagles, S stars, H shields). Nothing here knows any game.
"use strict";
const FRENCH = { S: ["\u2660", ""], H: ["\u2665", "red"], D: ["\u2666", "red"], C: ["\u2663", ""] };
const YANKEE = { F: ["\u263a", ""], L: ["\u2691", "red"], E: ["\u2726", "blue"], S: ["\u2605", "red"], H: ["\u26e8", "blue"] };
function cardElement(code, pack, small) {
  const el = document.createElement("span");
  el.className = "card" + (small ? " small" : "");
  if (code === null || code === undefined || code === "") {
    el.classList.add("back");
    el.title = "face down";
    return el;
  }
  const text = String(code).toUpperCase();
  let rank = text.slice(0, -1), suit = text.slice(-1), face;
  if (text === "JK") { rank = "Jk"; face = ["\u2605", "red"]; }
  else face = (pack === "yankee" ? YANKEE : FRENCH)[suit] || [suit, ""];
  if (face[1]) el.classList.add(face[1]);
  const r = document.createElement("span"); r.className = "rank"; r.textContent = rank;
  const s = document.createElement("span"); s.className = "suit"; s.textContent = face[0];
  el.append(r, s);
  el.title = text;
  return el;
}
function cardRow(codes, pack, backs, kind, small) {
  const row = document.createElement("div");
  row.className = "cards" + (kind === "fan" ? " fan" : "");
  for (const code of codes || []) row.append(cardElement(code, pack, small));
  for (let i = 0; i < (backs || 0) && i < 13; i++) row.append(cardElement(null, pack, small));
  return row;
}
window.ParlourCards = { cardElement, cardRow };
