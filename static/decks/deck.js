// One deck's page: live progress over /ws/decks/<id>/ while the deck is made, then the results
// (slides by round, before/after) without a reload. Text from the server is set as text only.
// The panel's words and states come computed with every state (`state.view`, made on the
// server by apps/decks/progress_view.py): this script only puts them in place.

const LIVE = new Set(["queued", "running"]);

const page = () => document.getElementById("deck-page");

function setField(root, name, text) {
  const node = root.querySelector(`[data-field="${name}"]`);
  if (node && node.textContent !== text) node.textContent = text;
}

function render(state) {
  const root = page();
  const panel = root?.querySelector("[data-progress]");
  const status = document.getElementById("deck-status");
  if (status) {
    status.dataset.status = state.status;
    status.textContent = state.status_label;
  }
  if (!panel) return;
  const view = state.view;
  setField(panel, "label", view.label);
  setField(panel, "percent", `${view.percent}%`);
  setField(panel, "message", view.message);
  setField(panel, "round", view.round_text);
  setField(panel, "slide", view.slide_text);
  const bar = panel.querySelector('[data-field="bar"]');
  bar.value = view.percent;
  bar.textContent = `${view.percent}%`;
  renderReviews(panel.querySelector('[data-field="reviews"]'), view.reviews);
  renderTiles(panel.querySelector('[data-field="tiles"]'), view.tiles);
  panel.querySelectorAll('[data-field="steps"] li').forEach((item, index) => {
    item.dataset.state = view.steps[index]?.state ?? "todo";
  });
}

function renderTiles(list, tiles) {
  if (!list) return;
  while (list.children.length > tiles.length) list.lastElementChild.remove();
  while (list.children.length < tiles.length) list.append(element("li"));
  tiles.forEach((tile, index) => {
    list.children[index].dataset.state = tile;
  });
}

// The issue counts of every review so far, as in templates/decks/_counts.html.
function renderReviews(box, reviews) {
  if (!box) return;
  box.hidden = reviews.length === 0;
  const items = reviews.map((review) => {
    const item = element("li");
    const counts = element("span", "issue-counts");
    ["high", "medium", "low"].forEach((severity, index) => {
      const count = review.issues[severity] ?? 0;
      const part = element("span");
      part.dataset.severity = severity;
      part.dataset.count = String(count);
      part.append(element("span", "num", String(count)), ` ${severity}`);
      counts.append(...(index ? [", ", part] : [part]));
    });
    item.append(element("span", "deck-review-round", `Round ${review.round}`), " ", counts);
    return item;
  });
  box.querySelector("ol").replaceChildren(...items);
}

// When the render ends, fetch this page again and swap in its content: the results (or the
// error) appear in place, and the progress panel stays until they are ready.
async function showOutcome() {
  const response = await fetch(location.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
  if (!response.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  for (const id of ["deck-page", "deck-actions"]) {
    const next = fresh.getElementById(id);
    const current = document.getElementById(id);
    if (next && current) current.replaceWith(document.importNode(next, true));
  }
  const heading = fresh.querySelector(".deck-heading-title");
  const title = document.querySelector(".deck-heading-title");
  if (heading && title) title.textContent = heading.textContent;
  document.title = fresh.title;
  setupResults();
}

function setConnection(state, label) {
  const node = document.getElementById("deck-connection");
  if (!node) return;
  node.dataset.state = state;
  node.textContent = label;
}

function connect(deckId, attempt = 0) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/decks/${deckId}/`);
  let finished = false;
  socket.addEventListener("open", () => {
    attempt = 0;
    setConnection("live", "Live");
  });
  socket.addEventListener("message", async (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "deck.state") return;
    const state = message.state;
    const root = page();
    if (!root || (root.dataset.updated && state.updated_at && state.updated_at < root.dataset.updated)) return;
    root.dataset.updated = state.updated_at || "";
    render(state);
    if (!LIVE.has(state.status) && !finished) {
      finished = true;
      socket.close(1000);
      await showOutcome();
    }
  });
  socket.addEventListener("close", (event) => {
    if (finished) return;
    if ([4401, 4403, 4404].includes(event.code)) {
      setConnection("offline", "Not available");
      return;
    }
    setConnection("offline", "Offline — reconnecting");
    setTimeout(() => connect(deckId, attempt + 1), Math.min(10000, 500 * 2 ** attempt));
  });
}

// Rounds as tabs (links work without the script: ?round=N).
function selectRound(tab, focus = false) {
  const tabs = [...tab.closest("[role=tablist]").querySelectorAll("[role=tab]")];
  for (const other of tabs) {
    const selected = other === tab;
    other.setAttribute("aria-selected", String(selected));
    other.tabIndex = selected ? 0 : -1;
    document.getElementById(other.getAttribute("aria-controls")).hidden = !selected;
  }
  if (focus) tab.focus();
  const url = new URL(location.href);
  url.searchParams.set("round", tab.dataset.round);
  history.replaceState(null, "", url.pathname + url.search + "#rounds");
}

// Before/after from the rounds' data on the page (the form works without the script).
function compareData() {
  const node = document.getElementById("deck-compare-data");
  return node ? JSON.parse(node.textContent) : null;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function issueItem(issue) {
  const item = element("li", "issue");
  item.dataset.severity = issue.severity;
  const head = element("p", "issue-head");
  head.append(element("span", "issue-severity", issue.severity), " ", element("span", "issue-type", issue.label));
  item.append(head, element("p", "issue-message", issue.message));
  if (issue.suggestion) {
    const fix = element("p", "issue-fix");
    fix.append(element("span", "issue-fix-label", "Fix:"), ` ${issue.suggestion}`);
    item.append(fix);
  }
  return item;
}

function compareSide(which, round, number) {
  const figure = element("figure", "compare-side");
  figure.dataset.side = which;
  const slide = round.slides[number - 1];
  const caption = element("figcaption");
  caption.append(
    element("span", "compare-which", which === "before" ? "Before" : "After"),
    " round ",
    element("span", "num", String(round.number)),
    ", slide ",
    element("span", "num", String(number)),
    slide ? ` — ${slide.title}` : "",
  );
  figure.append(caption);
  if (!slide) {
    figure.append(element("p", "compare-missing", `Round ${round.number} has ${round.slides.length} slides; there is no slide ${number}.`));
    return figure;
  }
  const image = element("img");
  image.src = slide.url;
  image.width = 980;
  image.height = 552;
  image.alt = `Slide ${number} in round ${round.number}: ${slide.title}`;
  figure.append(image);
  if (slide.issues.length) {
    const list = element("ul", "issue-list");
    list.append(...slide.issues.map(issueItem));
    figure.append(list);
  } else {
    figure.append(element("p", "no-issues", "No issues on this slide."));
  }
  return figure;
}

function showComparison(form) {
  const data = compareData();
  const pair = document.querySelector("[data-compare-pair]");
  if (!data || !pair) return;
  const rounds = new Map(data.rounds.map((round) => [round.number, round]));
  const slide = Number(form.elements.slide.value);
  const before = rounds.get(Number(form.elements.before.value));
  const after = rounds.get(Number(form.elements.after.value));
  if (!before || !after) return;
  pair.replaceChildren(compareSide("before", before, slide), compareSide("after", after, slide));
  const url = new URL(location.href);
  for (const name of ["slide", "before", "after"]) url.searchParams.set(name, form.elements[name].value);
  history.replaceState(null, "", url.pathname + url.search + "#compare");
}

function setupResults() {
  const form = document.querySelector("[data-compare-form]");
  if (form) {
    form.querySelector("[data-without-script]").hidden = true;
    form.addEventListener("change", () => showComparison(form));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      showComparison(form);
    });
  }
}

document.addEventListener("click", (event) => {
  const tab = event.target.closest(".round-tabs [role=tab]");
  if (tab) {
    event.preventDefault();
    selectRound(tab);
    return;
  }
  const link = event.target.closest(".compare-link");
  const form = document.querySelector("[data-compare-form]");
  if (link && form) {
    event.preventDefault();
    for (const name of ["slide", "before", "after"]) form.elements[name].value = link.dataset[name];
    showComparison(form);
    document.getElementById("compare").scrollIntoView({ behavior: "smooth", block: "start" });
  }
});

document.addEventListener("keydown", (event) => {
  const tab = event.target.closest?.(".round-tabs [role=tab]");
  if (!tab || !["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
  const tabs = [...tab.closest("[role=tablist]").querySelectorAll("[role=tab]")];
  const index = tabs.indexOf(tab);
  const next = {
    ArrowLeft: tabs[(index - 1 + tabs.length) % tabs.length],
    ArrowRight: tabs[(index + 1) % tabs.length],
    Home: tabs[0],
    End: tabs[tabs.length - 1],
  }[event.key];
  event.preventDefault();
  selectRound(next, true);
});

const root = page();
if (root) {
  setupResults();
  if (LIVE.has(root.dataset.status)) connect(root.dataset.deckId);
}
