// The page's requests to its own JSON endpoints: the CSRF token Django expects, and JSON back
// (or a readable error when the answer is not JSON).
export function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

export async function postJson(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const data = await response.json().catch(() => ({ ok: false, error: { message: `HTTP ${response.status}` } }));
  return { status: response.status, data };
}
