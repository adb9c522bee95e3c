// The upload form: say at once, next to the field, when the chosen file is too large or not a
// PDF, instead of after the upload. The server checks the same things again (by the bytes).
const form = document.querySelector(".deck-upload-form");
const input = document.getElementById("id_paper");
const message = document.getElementById("paper-error");

function show(text) {
  message.textContent = text;
  message.hidden = !text;
  input.closest(".field").classList.toggle("has-error", Boolean(text));
  if (text) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

function problem(file) {
  if (!file) return "Choose the paper's PDF file to upload.";
  const limitMb = Number(input.dataset.limitMb);
  if (file.size === 0) return `${file.name} is empty (0 bytes). Choose the paper's PDF file.`;
  if (limitMb && file.size > limitMb * 1024 * 1024) {
    const sizeMb = (file.size / 1024 / 1024).toFixed(1);
    return `${file.name} is ${sizeMb} MB; the upload limit is ${limitMb} MB. Compress the PDF or leave out supplementary material, then try again.`;
  }
  const looksPdf = file.type === "application/pdf" || /\.pdf$/i.test(file.name);
  if (!looksPdf) return `${file.name} does not look like a PDF. Export the paper as PDF and try again.`;
  return "";
}

if (form && input && message) {
  input.addEventListener("change", () => show(problem(input.files[0])));
  form.addEventListener("submit", (event) => {
    const text = problem(input.files[0]);
    if (text) {
      event.preventDefault();
      show(text);
      input.focus();
      return;
    }
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    button.textContent = "Uploading…";
  });
}

// Coming back with the browser's back button shows the form as it was left: usable again.
window.addEventListener("pageshow", () => {
  const button = form?.querySelector("button[type=submit]");
  if (button) {
    button.disabled = false;
    button.textContent = "Make the deck";
  }
});
