// Applies UI preferences (issue 8) — the page's own code, the only place a preferences message
// touches the page: known CSS custom properties on <html> (CSSOM, allowed by the strict CSP),
// known data-* switches, and the sidebar's shortcuts built as DOM nodes with text only.
// Nothing received becomes CSS text, HTML or script.
//
// A classic script loaded in <head> after the JSON the server embeds (#studio-preferences):
// it runs before the first paint, so a page never flashes the default theme. live.js calls
// window.TesseraStudio.apply() with every message from /ws/studio/.
(function () {
  "use strict";

  var root = document.documentElement;
  var VARIABLE = /^--(?:color-[a-z0-9-]+|font-ui|font-scale|space-unit|radius|radius-sm)$/;
  var CSS_VALUE = /^[#\w\s",.-]+$/;
  var ATTRIBUTES = ["data-mode", "data-density", "data-sidebar", "data-artifact-panel", "data-panels"];
  var ATTRIBUTE_VALUE = /^[a-z ]*$/;
  var LOCAL_PATH = /^\/(?!\/)[A-Za-z0-9_\-./]*$/;
  var HEX = /^#[0-9a-fA-F]{6}$/;

  function applyVariables(variables) {
    Object.keys(variables || {}).forEach(function (name) {
      var value = variables[name];
      if (VARIABLE.test(name) && typeof value === "string" && CSS_VALUE.test(value)) {
        root.style.setProperty(name, value);
      }
    });
  }

  function applyAttributes(attributes) {
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (ATTRIBUTES.indexOf(name) >= 0 && typeof value === "string" && ATTRIBUTE_VALUE.test(value)) {
        root.setAttribute(name, value);
      }
    });
  }

  function csrfToken() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  function shortcutItem(link, token) {
    var item = document.createElement("li");
    item.dataset.shortcutId = String(link.id || "");
    item.dataset.kind = String(link.kind || "");
    if (link.method === "post") {
      var form = document.createElement("form");
      form.method = "post";
      form.action = link.href;
      var hidden = document.createElement("input");
      hidden.type = "hidden";
      hidden.name = "csrfmiddlewaretoken";
      hidden.value = token;
      var button = document.createElement("button");
      button.type = "submit";
      button.className = "nav-button";
      button.title = String(link.title || link.label);
      button.textContent = link.label;
      form.append(hidden, button);
      item.append(form);
    } else {
      var anchor = document.createElement("a");
      anchor.href = link.href;
      anchor.title = String(link.title || link.label);
      anchor.textContent = link.label;
      if (link.href === location.pathname) anchor.setAttribute("aria-current", "page");
      item.append(anchor);
    }
    return item;
  }

  function applyShortcuts(links) {
    var section = document.getElementById("studio-shortcuts");
    var list = section && section.querySelector("[data-studio-shortcuts]");
    if (!list || !Array.isArray(links)) return;
    var token = csrfToken();
    var items = links
      .filter(function (link) {
        return link && typeof link.label === "string" && typeof link.href === "string" && LOCAL_PATH.test(link.href);
      })
      .map(function (link) {
        return shortcutItem(link, token);
      });
    list.replaceChildren.apply(list, items);
    section.hidden = items.length === 0;
  }

  function paintSwatches() {
    document.querySelectorAll("[data-swatch]").forEach(function (swatch) {
      if (HEX.test(swatch.dataset.swatch)) swatch.style.setProperty("background-color", swatch.dataset.swatch);
    });
  }

  function apply(message) {
    if (!message || message.type !== "preferences") return;
    applyVariables(message.variables);
    applyAttributes(message.attributes);
    if (document.readyState !== "loading") applyShortcuts(message.shortcuts);
    if (Number.isInteger(message.version) && Number.isInteger(message.tenantVersion)) {
      root.dataset.studio = message.tenantVersion + "." + message.version;
    }
    document.dispatchEvent(new CustomEvent("studio:applied", { detail: { version: message.version } }));
  }

  window.TesseraStudio = Object.freeze({ apply: apply });

  var embedded = document.getElementById("studio-preferences");
  if (embedded) {
    try {
      var initial = JSON.parse(embedded.textContent);
      applyVariables(initial.variables);
    } catch (error) {
      // The stylesheet's defaults stay; live.js brings the preferences once connected.
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", paintSwatches);
  else paintSwatches();
})();
