// The service worker: shows the server's Web Push notices, and opens (or focuses) the
// match a notice is about when it is clicked. Served at /sw.js so its scope is the site.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let notice = {};
  try { notice = event.data ? event.data.json() : {}; } catch { notice = { body: event.data?.text() }; }
  const title = notice.title || "camelcade";
  event.waitUntil(self.registration.showNotification(title, {
    body: notice.body || "", tag: notice.tag, lang: notice.lang, data: { url: notice.url || "/my" },
    icon: "/static/img/favicon.svg", renotify: true,
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/my", self.location.origin);
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of open) {
      if (new URL(client.url).pathname === url.pathname && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(url.href);
  })());
});
