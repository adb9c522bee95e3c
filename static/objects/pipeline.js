// Ask before an irreversible step (hired, rejected, withdrawn): the database freezes a
// candidate in a final state, so a mis-click cannot be undone.
for (const button of document.querySelectorAll("button[data-confirm]")) {
  button.addEventListener("click", (event) => {
    if (!window.confirm(button.dataset.confirm)) event.preventDefault();
  });
}
