// Inline A2UI surfaces in the conversation, rendered by the trusted catalog renderer.
import { el } from "./dom.js";

let rendererModule = null;

async function loadRenderer() {
  if (!rendererModule) rendererModule = import("/static/a2ui/renderer.js");
  return rendererModule;
}

export async function mountSurface(host, content, { onAction, openArtifact }) {
  try {
    const { createRenderer } = await loadRenderer();
    const renderer = createRenderer(host, {
      onAction,
      tableSource: async (artifactId) => {
        const response = await fetch(`/api/artifacts/${artifactId}/`, { credentials: "same-origin" });
        if (!response.ok) throw new Error("The table could not be loaded.");
        return (await response.json()).payload;
      },
      openArtifact,
    });
    for (const message of content.messages || []) renderer.process(message);
  } catch (error) {
    host.replaceChildren(el("p", { class: "panel-error", role: "alert" }, `This form could not be shown: ${error.message}`));
  }
}
