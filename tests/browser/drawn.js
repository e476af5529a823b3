// What a table's page shows, read off the page as plain data for the tests to compare with
// the frame it was sent: every selector the browser tests rely on is here, in one place.
// A card is its code (the title the page gives it), or null when drawn face down.
() => {
  const text = (root, selector) => {
    const found = root.querySelector(selector);
    return found ? found.textContent : "";
  };
  const cards = (root) =>
    [...root.querySelectorAll(".card")].map((c) => (c.classList.contains("back") ? null : c.title));
  const felt = document.getElementById("felt");
  return {
    title: text(document, "#title"),
    said: text(document, "#said"),
    words: text(document, "#words"),
    results: text(document, "#results"),
    clock: text(document, "#clock"),
    closed: felt.querySelector(".closed") !== null,
    counters: [...felt.querySelectorAll(".counter")].map((c) => c.textContent),
    groups: [...felt.querySelectorAll(".group")].map((g) => ({
      label: text(g, ".label"),
      cards: cards(g),
    })),
    seats: [...felt.querySelectorAll(".seat")].map((s) => ({
      name: s.querySelector(".name").firstChild.textContent,
      meta: text(s, ".meta"),
      active: s.classList.contains("active"),
      cards: cards(s),
    })),
  };
}
