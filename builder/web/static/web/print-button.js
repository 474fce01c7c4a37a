// Buttons marked data-print open the browser's print dialog; they stay hidden without
// scripts, since the page's own stylesheet prints it as a roster either way.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
