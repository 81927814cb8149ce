// splashvid preview's export panel: asks the server to render the scene as render does, in
// the background, and lists the exports with their progress while any is under way.
"use strict";

/**
 * Sets up the panel. `page.overrides()` gives the parameters set on the page, `page.scale()`
 * the scale chosen; both go into each export. Returns `poll`, which the page calls on its
 * clock: it asks for the list only while an export waits or renders.
 */
function ExportPanel(page) {
  const section = document.getElementById("export");
  const format = document.getElementById("exportFormat");
  const loops = document.getElementById("exportLoops");
  const rate = document.getElementById("exportRate");
  const transparent = document.getElementById("exportTransparent");
  const button = document.getElementById("exportButton");
  const folder = document.getElementById("exportFolder");
  const problem = document.getElementById("exportProblem");
  const list = document.getElementById("exportList");
  // The server asks this run's token of every export (a POST), so that only this page, which
  // it served, can write files.
  const token = document.querySelector('meta[name="splashvid-token"]').content;
  let active = false;

  function post(url) { return fetch(url, { method: "POST", headers: { "X-Request-Token": token } }); }

  function say(message) {
    problem.textContent = message;
    problem.hidden = message === "";
  }

  /** Asks for the chosen format, with the page's parameters and scale. */
  async function start() {
    const query = new URLSearchParams({ format: format.value, loops: loops.value, scale: page.scale() });
    if (rate.value !== "") { query.set("fps", rate.value); }
    if (transparent.checked) { query.set("transparent", "1"); }
    // Part of the clip, an end card and a background, as render's options of the same names.
    const clipFields = { start: "exportStart", end: "exportEnd", "hold-end": "exportHoldEnd", background: "exportBackground" };
    for (const [name, id] of Object.entries(clipFields)) {
      const value = document.getElementById(id).value.trim();
      if (value !== "") { query.set(name, value); }
    }
    const overrides = page.overrides();
    for (const name of Object.keys(overrides).sort()) { query.set(`param.${name}`, overrides[name]); }
    const response = await post(`/export?${query}`);
    say(response.ok ? "" : await response.text());
    if (response.ok) {
      active = true;
      await refresh();
    }
  }

  /** The exports, newest first, with the progress of those under way and a cancel button for each. */
  async function refresh() {
    const response = await fetch("/exports.json");
    if (!response.ok) { section.hidden = true; return; }
    const state = await response.json();
    folder.textContent = `Files go to ${state.folder}`;
    active = state.exports.some((item) => item.state === "waiting" || item.state === "rendering");
    list.replaceChildren(...state.exports.slice().reverse().map(row));
  }

  function row(item) {
    const line = document.createElement("li");
    line.dataset.id = String(item.id);
    line.dataset.state = item.state;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = item.name;
    const progress = document.createElement("progress");
    progress.max = Math.max(1, item.frameCount);
    progress.value = item.framesDone;
    const status = document.createElement("span");
    status.textContent = item.frameCount > 0 ? `${item.state}, ${item.framesDone} of ${item.frameCount} frames` : item.state;
    line.append(name, progress, status);
    if (item.state === "waiting" || item.state === "rendering") {
      const cancel = document.createElement("button");
      cancel.type = "button";
      cancel.textContent = "Cancel";
      cancel.addEventListener("click", async () => {
        await post(`/export/cancel?id=${item.id}`);
        await refresh();
      });
      line.append(cancel);
    }
    if (item.message) {
      const message = document.createElement("span");
      message.className = "message";
      message.textContent = item.message;
      line.append(message);
    }
    return line;
  }

  format.addEventListener("change", () => {
    // Only ProRes, VP9, GIF and PNG keep transparency; render refuses it for the others.
    const keepsAlpha = ["prores", "vp9", "gif", "png"].includes(format.value);
    transparent.disabled = !keepsAlpha;
    if (!keepsAlpha) { transparent.checked = false; }
  });
  button.addEventListener("click", () => start().catch((error) => say(String(error))));
  refresh().catch(() => {});

  return { poll() { if (active) { refresh().catch(() => {}); } } };
}
