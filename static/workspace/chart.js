// Plotly chart from the server-built figure JSON. Colors and fonts come from the page's
// tokens, so charts follow UI customization. plotly.min.js is loaded on first use.
let plotlyReady = null;

function loadPlotly() {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!plotlyReady) {
    plotlyReady = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = document.body.dataset.plotlyUrl;
      script.onload = () => resolve(window.Plotly);
      script.onerror = () => reject(new Error("could not load the chart library"));
      document.head.append(script);
    });
  }
  return plotlyReady;
}

function token(name) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

export async function renderChart(container, figure) {
  const Plotly = await loadPlotly();
  const layout = structuredClone(figure.layout || {});
  layout.paper_bgcolor = "rgba(0,0,0,0)";
  layout.plot_bgcolor = "rgba(0,0,0,0)";
  layout.font = { ...(layout.font || {}), family: token("--font-ui"), color: token("--color-text") };
  layout.autosize = true;
  await Plotly.react(container, figure.data || [], layout, {
    responsive: true,
    displaylogo: false,
    modeBarButtonsToRemove: ["lasso2d", "select2d"],
  });
}
