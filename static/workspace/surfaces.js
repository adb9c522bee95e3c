// Inline A2UI surfaces in the conversation, rendered by the trusted catalog renderer.
import { h } from "/static/a2ui/dom.js";
import { createRenderer } from "/static/a2ui/renderer.js";
import { renderChart } from "./chart.js";

async function fetchArtifact(artifactId) {
  const response = await fetch(`/api/artifacts/${encodeURIComponent(artifactId)}/`, { credentials: "same-origin" });
  if (!response.ok) throw new Error("This result could not be loaded.");
  return response.json();
}

export function mountSurface(host, content, { onAction, openArtifact }) {
  try {
    const renderer = createRenderer(host, {
      // The renderer gives an A2UI v0.9 client message; the socket carries its `action` part.
      // A choice made in a dialog (a reading chip) is the dialog's answer: it closes.
      onAction: (message) => {
        onAction(message.action);
        for (const dialog of host.querySelectorAll("dialog[open]")) dialog.close();
      },
      tableSource: async (artifactId) => (await fetchArtifact(artifactId)).payload,
      chartRenderer: async (element, { artifactId }) => {
        const artifact = await fetchArtifact(artifactId);
        const figure = artifact.kind === "chart" ? artifact.payload.figure : artifact.chart && artifact.chart.figure;
        if (!figure) throw new Error("No chart fits this result.");
        await renderChart(element, figure);
      },
      openArtifact,
    });
    renderer.process(content.a2ui_operations || []);
    return renderer;
  } catch (error) {
    host.replaceChildren(h("p", { class: "panel-error", role: "alert" }, `This form could not be shown: ${error.message}`));
    return null;
  }
}
